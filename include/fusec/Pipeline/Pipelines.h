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

struct CompileOptions;

struct FusionPipelineOptions
    : public mlir::PassPipelineOptions<FusionPipelineOptions> {
  Option<bool> fuseIndexReductions{
      *this, "fuse-index-reductions",
      llvm::cl::desc("Fuse a reduction into the index reduction that "
                     "consumes it"),
      llvm::cl::init(true)};
  Option<bool> emitRemarks{
      *this, "emit-remarks",
      llvm::cl::desc("Report each fusion decision as a remark"),
      llvm::cl::init(false)};
  Option<bool> allowReassociation{
      *this, "allow-reassociation",
      llvm::cl::desc("Let the ledger compute squared distances in the Gram "
                     "form"),
      llvm::cl::init(false)};
  Option<int64_t> assumedSize{
      *this, "assumed-size",
      llvm::cl::desc("Size the ledger's fusion decisions assume for dynamic "
                     "dimensions"),
      llvm::cl::init(4096)};
  Option<std::string> precision{
      *this, "precision",
      llvm::cl::desc("The GPU schedule's precision for f32 Gram-form "
                     "products, which the ledger's form choice costs"),
      llvm::cl::init("ieee")};
};

struct GPUPipelineOptions
    : public mlir::PassPipelineOptions<GPUPipelineOptions> {
  Option<bool> fuseIndexReductions{
      *this, "fuse-index-reductions",
      llvm::cl::desc("Fuse a reduction into the index reduction that "
                     "consumes it"),
      llvm::cl::init(true)};
  Option<std::string> arch{*this, "arch",
                           llvm::cl::desc("GPU architecture (sm_80, sm_86, "
                                          "sm_89, sm_90)"),
                           llvm::cl::init("sm_90")};
  Option<int64_t> tileM{*this, "tile-m", llvm::cl::desc("Rows per block"),
                        llvm::cl::init(0)};
  Option<int64_t> tileN{*this, "tile-n",
                        llvm::cl::desc("Candidates per shared-memory tile"),
                        llvm::cl::init(0)};
  Option<int64_t> tileK{*this, "tile-k",
                        llvm::cl::desc("Features per shared-memory slice"),
                        llvm::cl::init(0)};
  Option<int64_t> split{*this, "split",
                        llvm::cl::desc("Blocks sharing one row tile"),
                        llvm::cl::init(0)};
  Option<std::string> precision{
      *this, "precision",
      llvm::cl::desc("f32 products of the Gram form: ieee, tf32, 3xtf32"),
      llvm::cl::init("ieee")};
  Option<bool> certifyWhereFaster{
      *this, "certify-where-faster",
      llvm::cl::desc("With precision=3xtf32-certified: fail where the byte "
                     "ledger predicts the FMA kernel as fast"),
      llvm::cl::init(false)};
  Option<int64_t> minBlocks{
      *this, "min-blocks",
      llvm::cl::desc("Resident blocks per SM for the tiled kernel"),
      llvm::cl::init(0)};
  Option<int64_t> stages{
      *this, "stages",
      llvm::cl::desc("Shared-memory slices in flight through cp.async "
                     "(0: chosen)"),
      llvm::cl::init(0)};
  Option<int64_t> cluster{
      *this, "cluster",
      llvm::cl::desc("wgmma schedule: -1 chosen, 0 cp.async (3xTF32: "
                     "register staging), 1 TMA (3xTF32: split producer), 2 "
                     "or 4 TMA in clusters"),
      llvm::cl::init(-1)};
  Option<int64_t> persistent{
      *this, "persistent",
      llvm::cl::desc("TMA schedule: -1 chosen, 0 a block per row tile, 1 "
                     "resident blocks caching the candidate norms"),
      llvm::cl::init(-1)};
  Option<int64_t> clusterSplit{
      *this, "cluster-split",
      llvm::cl::desc("Candidate parts of persistent TMA blocks: -1 chosen "
                     "(clusters when all fit at once), 0 atomics, 1 "
                     "clusters whenever possible"),
      llvm::cl::init(-1)};
  Option<bool> compensatedSums{
      *this, "compensated-sums",
      llvm::cl::desc("Sums over the features carry their rounding error "
                     "(TwoSum per slice)"),
      llvm::cl::init(true)};
  Option<int64_t> threadM{*this, "thread-m",
                          llvm::cl::desc("Rows of a thread's register tile"),
                          llvm::cl::init(0)};
  Option<int64_t> threadN{
      *this, "thread-n",
      llvm::cl::desc("Candidates of a thread's register tile"),
      llvm::cl::init(0)};
  Option<int64_t> expectedRows{
      *this, "expected-rows",
      llvm::cl::desc("Rows assumed for a dynamic row axis when choosing the "
                     "split"),
      llvm::cl::init(0)};
  Option<std::string> device{
      *this, "device",
      llvm::cl::desc("Device profile of the schedule model (h200, l4 or a "
                     "JSON file)"),
      llvm::cl::init("h200")};
  Option<bool> emitRemarks{
      *this, "emit-remarks",
      llvm::cl::desc("Report each fusion and schedule decision as a remark"),
      llvm::cl::init(false)};
  Option<bool> allowReassociation{
      *this, "allow-reassociation",
      llvm::cl::desc("Let the ledger compute squared distances in the Gram "
                     "form"),
      llvm::cl::init(false)};
};

/// The pipelines' options that a compile with `options` runs: compileModule
/// (fusec, fuse-run, the JIT) and `fusec --ledger` fill theirs here, so the
/// ledger schedules what a compile with the same flags would.
void applyCompileOptions(const CompileOptions &options,
                         FusionPipelineOptions &fusion);
void applyCompileOptions(const CompileOptions &options,
                         GPUPipelineOptions &gpu);

/// canonicalize, fuse-form-kernels, fuse-argmin-to-running-min, cse: from
/// the user's program to fused kernels.
void buildFusionPipeline(mlir::OpPassManager &pm,
                         const FusionPipelineOptions &options);

/// The fusion pipeline, then fuse-lower-to-loops and the conversions to the
/// LLVM dialect, ready for mlir::ExecutionEngine.
void buildCPUPipeline(mlir::OpPassManager &pm,
                      const FusionPipelineOptions &options);

/// The fusion pipeline, then fuse-map-to-gpu: gpu.module of kernels on
/// scf/memref, plus the launch description on each function.
void buildGPUKernelPipeline(mlir::OpPassManager &pm,
                            const GPUPipelineOptions &options);

/// From gpu.func on scf/memref to the LLVM and NVVM dialects (nested on
/// every gpu.module).
void buildNVVMLoweringPipeline(mlir::OpPassManager &pm);

/// Serializes every gpu.module to PTX (gpu-module-to-binary, format=isa).
void buildPTXSerializationPipeline(mlir::OpPassManager &pm);

/// All of the above: from the user's program to gpu.binary with PTX.
void buildPTXPipeline(mlir::OpPassManager &pm,
                      const GPUPipelineOptions &options);

/// Registers `fuse-fusion-pipeline`, `fuse-cpu-pipeline`,
/// `fuse-gpu-kernel-pipeline` and `fuse-ptx-pipeline`.
void registerFusecPipelines();

} // namespace fusec

#endif // FUSEC_PIPELINE_PIPELINES_H
