//===- Pipelines.cpp - fusec's pass pipelines -----------------------------===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#include "fusec/Pipeline/Pipelines.h"

#include "fusec/Compiler/CompileOptions.h"
#include "fusec/Conversion/Passes.h"
#include "fusec/Dialect/Fuse/Transforms/Passes.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVM/NVVM/Utils.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace mlir;

/// The options both pipelines take from a compile.
template <typename PipelineOptions>
static void applySharedOptions(const fusec::CompileOptions &options,
                               PipelineOptions &pipeline) {
  pipeline.fuseIndexReductions = options.fuseIndexReductions;
  pipeline.emitRemarks = options.remarks;
  pipeline.allowReassociation = options.allowReassociation;
  pipeline.precision = options.precision;
}

void fusec::applyCompileOptions(const CompileOptions &options,
                                FusionPipelineOptions &fusion) {
  applySharedOptions(options, fusion);
}

void fusec::applyCompileOptions(const CompileOptions &options,
                                GPUPipelineOptions &gpu) {
  applySharedOptions(options, gpu);
  gpu.arch = options.arch;
  gpu.tileM = options.tileM;
  gpu.tileN = options.tileN;
  gpu.tileK = options.tileK;
  gpu.split = options.split;
  gpu.expectedRows = options.expectedRows;
  gpu.minBlocks = options.minBlocks;
  gpu.stages = options.stages;
  gpu.cluster = options.cluster;
  gpu.persistent = options.persistent;
  gpu.clusterSplit = options.clusterSplit;
  gpu.compensatedSums = options.compensatedSums;
  gpu.threadM = options.threadM;
  gpu.threadN = options.threadN;
  gpu.device = options.device;
  gpu.certifyWhereFaster = options.certifyWhereFaster;
}

void fusec::buildFusionPipeline(OpPassManager &pm,
                                const FusionPipelineOptions &options) {
  pm.addPass(createCanonicalizerPass());
  // --precision=3xtf32-certified takes the Gram form without the flag: its
  // labels are the direct form's (fuse-choose-form, TiledRunningMin).
  if (options.allowReassociation || options.precision == "3xtf32-certified") {
    fuse::FuseChooseFormOptions form;
    form.allowReassociation = options.allowReassociation;
    form.emitRemarks = options.emitRemarks;
    form.assumedSize = options.assumedSize;
    form.precision = options.precision;
    pm.addNestedPass<func::FuncOp>(fuse::createFuseChooseForm(form));
    pm.addPass(createCanonicalizerPass());
  }
  fuse::FuseFormKernelsOptions formOptions;
  formOptions.fuseIndexReductions = options.fuseIndexReductions;
  formOptions.emitRemarks = options.emitRemarks;
  formOptions.assumedSize = options.assumedSize;
  pm.addNestedPass<func::FuncOp>(fuse::createFuseFormKernels(formOptions));
  pm.addNestedPass<func::FuncOp>(fuse::createFuseArgminToRunningMin());
  pm.addPass(createCSEPass());
}

void fusec::buildCPUPipeline(OpPassManager &pm,
                             const FusionPipelineOptions &options) {
  buildFusionPipeline(pm, options);
  pm.addPass(fuse::createFuseLowerToLoops());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void fusec::buildGPUKernelPipeline(OpPassManager &pm,
                                   const GPUPipelineOptions &options) {
  FusionPipelineOptions fusion;
  fusion.fuseIndexReductions = options.fuseIndexReductions;
  fusion.emitRemarks = options.emitRemarks;
  fusion.allowReassociation = options.allowReassociation;
  fusion.precision = options.precision;
  // The row count the schedule assumes is the best guess the fusion
  // decisions have too.
  if (options.expectedRows > 0)
    fusion.assumedSize = options.expectedRows;
  buildFusionPipeline(pm, fusion);
  fuse::FuseMapToGPUOptions map;
  map.device = options.device;
  map.emitRemarks = options.emitRemarks;
  map.arch = options.arch;
  map.tileM = options.tileM;
  map.tileN = options.tileN;
  map.tileK = options.tileK;
  map.split = options.split;
  map.precision = options.precision;
  map.certifyWhereFaster = options.certifyWhereFaster;
  map.expectedRows = options.expectedRows;
  map.minBlocks = options.minBlocks;
  map.stages = options.stages;
  map.cluster = options.cluster;
  map.persistent = options.persistent;
  map.clusterSplit = options.clusterSplit;
  map.compensatedSums = options.compensatedSums;
  map.threadM = options.threadM;
  map.threadN = options.threadN;
  pm.addPass(fuse::createFuseMapToGPU(map));
}

void fusec::buildNVVMLoweringPipeline(OpPassManager &pm) {
  OpPassManager &gpu = pm.nest<gpu::GPUModuleOp>();
  gpu.addPass(createCanonicalizerPass());
  gpu.addPass(createCSEPass());
  gpu.addPass(createLoopInvariantCodeMotionPass());
  gpu.addPass(createSCFToControlFlowPass());
  // nvgpu's cp.async and ldmatrix (the tensor-core schedule) first: they
  // lower to NVVM ops on the memrefs' LLVM descriptors.
  gpu.addPass(createConvertNVGPUToNVVMPass());
  ConvertGpuOpsToNVVMOpsOptions nvvm;
  nvvm.indexBitwidth = 64;
  gpu.addPass(createConvertGpuOpsToNVVMOps(nvvm));
  gpu.addPass(fuse::createFuseTensorMapParams());
  gpu.addPass(createConvertVectorToLLVMPass());
  gpu.addPass(createConvertNVVMToLLVMPass());
  gpu.addPass(createArithToLLVMConversionPass());
  gpu.addPass(createCanonicalizerPass());
  gpu.addPass(createCSEPass());
  gpu.addPass(createReconcileUnrealizedCastsPass());
}

/// The CUDA toolkit whose libdevice the kernels' math functions link (fabs,
/// exp and sqrt lower to its __nv_ functions), where MLIR's own search
/// (CUDA_ROOT, CUDA_HOME, CUDA_PATH, the path its build detected) finds
/// none: it then left the calls unresolved in the PTX, which ptxas and the
/// driver reject. The toolkit of the ptxas on PATH, then /usr/local/cuda.
static std::string findCudaToolkit() {
  if (!NVVM::getCUDAToolkitPath().empty())
    return "";
  auto hasLibdevice = [](llvm::StringRef root) {
    return llvm::sys::fs::exists(root + "/nvvm/libdevice/libdevice.10.bc");
  };
  if (llvm::ErrorOr<std::string> ptxas =
          llvm::sys::findProgramByName("ptxas")) {
    llvm::SmallString<256> real;
    if (!llvm::sys::fs::real_path(*ptxas, real)) {
      llvm::StringRef root =
          llvm::sys::path::parent_path(llvm::sys::path::parent_path(real));
      if (hasLibdevice(root))
        return root.str();
    }
  }
  if (hasLibdevice("/usr/local/cuda"))
    return "/usr/local/cuda";
  return "";
}

void fusec::buildPTXSerializationPipeline(OpPassManager &pm) {
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = "isa";
  binary.toolkitPath = findCudaToolkit();
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void fusec::buildPTXPipeline(OpPassManager &pm,
                             const GPUPipelineOptions &options) {
  buildGPUKernelPipeline(pm, options);
  buildNVVMLoweringPipeline(pm);
  buildPTXSerializationPipeline(pm);
}

void fusec::registerFusecPipelines() {
  PassPipelineRegistration<GPUPipelineOptions>(
      "fuse-gpu-kernel-pipeline",
      "Fuse and map kernels onto gpu.module (scf/memref level)",
      buildGPUKernelPipeline);
  PassPipelineRegistration<GPUPipelineOptions>(
      "fuse-ptx-pipeline",
      "Fuse, map to the GPU, lower to NVVM and serialize to PTX",
      buildPTXPipeline);
  PassPipelineRegistration<FusionPipelineOptions>(
      "fuse-fusion-pipeline",
      "From the user's program to fused kernels with running minima",
      buildFusionPipeline);
  PassPipelineRegistration<FusionPipelineOptions>(
      "fuse-cpu-pipeline",
      "Fuse, lower to loops and to the LLVM dialect for the CPU",
      buildCPUPipeline);
}
