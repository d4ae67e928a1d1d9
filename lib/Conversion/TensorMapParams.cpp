//===- TensorMapParams.cpp - tensor maps as grid-constant parameters ------===//
//
// Part of fusec. Implements fuse-tensor-map-params.
//
//===----------------------------------------------------------------------===//

#include "fusec/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir {
namespace fuse {
#define GEN_PASS_DEF_FUSETENSORMAPPARAMS
#include "fusec/Conversion/Passes.h.inc"
} // namespace fuse
} // namespace mlir

using namespace mlir;

namespace {

/// Bytes and alignment of a CUtensorMap.
constexpr int64_t kTensorMapBytes = 128;
constexpr int64_t kTensorMapAlign = 64;

struct FuseTensorMapParamsPass
    : fuse::impl::FuseTensorMapParamsBase<FuseTensorMapParamsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    Builder builder(ctx);
    auto mapType =
        LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), kTensorMapBytes);
    WalkResult walk = getOperation().walk([&](LLVM::LLVMFuncOp func) {
      auto marker =
          func->getAttrOfType<DenseI64ArrayAttr>("fusec.tensor_map_args");
      if (!marker)
        return WalkResult::advance();
      for (int64_t index : marker.asArrayRef()) {
        if (index < 0 || index >= func.getNumArguments() ||
            !isa<LLVM::LLVMPointerType>(func.getArgument(index).getType())) {
          func.emitOpError("fusec.tensor_map_args names argument ")
              << index << ", which is not a pointer argument";
          return WalkResult::interrupt();
        }
        func.setArgAttr(index, LLVM::LLVMDialect::getByValAttrName(),
                        TypeAttr::get(mapType));
        func.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                        builder.getI64IntegerAttr(kTensorMapAlign));
        func.setArgAttr(index, NVVM::NVVMDialect::getGridConstantAttrName(),
                        builder.getUnitAttr());
      }
      func->removeAttr("fusec.tensor_map_args");
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
