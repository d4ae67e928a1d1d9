//===- Pipelines.h - fusec's pass pipelines ---------------------*- C++ -*-===//
//
// Part of fusec. Each pipeline is written once here and used by fuse-opt
// (as a registered pipeline), fusec, fuse-run and the JIT.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_PIPELINE_PIPELINES_H
#define FUSEC_PIPELINE_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace fusec {

struct FusionPipelineOptions
    : public mlir::PassPipelineOptions<FusionPipelineOptions> {
  Option<bool> fuseIndexReductions{
      *this, "fuse-index-reductions",
      llvm::cl::desc("Fuse a reduction into the index reduction that "
                     "consumes it"),
      llvm::cl::init(true)};
};

/// canonicalize, fuse-form-kernels, fuse-argmin-to-running-min, cse: from
/// the user's program to fused kernels.
void buildFusionPipeline(mlir::OpPassManager &pm,
                         const FusionPipelineOptions &options);

/// The fusion pipeline, then fuse-lower-to-loops and the conversions to the
/// LLVM dialect, ready for mlir::ExecutionEngine.
void buildCPUPipeline(mlir::OpPassManager &pm,
                      const FusionPipelineOptions &options);

/// Registers `fuse-fusion-pipeline` and `fuse-cpu-pipeline`.
void registerFusecPipelines();

} // namespace fusec

#endif // FUSEC_PIPELINE_PIPELINES_H
