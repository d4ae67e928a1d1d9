//===- Shapes.cpp - where dynamic sizes come from -------------------------===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#include "fusec/Analysis/Shapes.h"

#include "fusec/Dialect/Fuse/IR/FuseOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::fuse;

FailureOr<DimSource> mlir::fuse::traceDim(Value value, int64_t dim,
                                          bool stopAtKernelInputs) {
  while (true) {
    auto type = cast<RankedTensorType>(value.getType());
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      auto kernel = dyn_cast<KernelOp>(arg.getOwner()->getParentOp());
      if (!kernel || stopAtKernelInputs)
        return DimSource{value, dim};
      value = kernel.getInputs()[arg.getArgNumber()];
      continue;
    }
    Operation *op = value.getDefiningOp();
    if (auto kernel = dyn_cast<KernelOp>(op)) {
      value = kernel.getYield().getValues()[cast<OpResult>(value)
                                                .getResultNumber()];
      continue;
    }
    if (isElementwise(op)) {
      int64_t rank = type.getRank();
      Value next;
      for (Value operand : op->getOperands()) {
        auto operandType = cast<RankedTensorType>(operand.getType());
        int64_t operandDim = dim - (rank - operandType.getRank());
        if (operandDim >= 0 && operandType.isDynamicDim(operandDim)) {
          next = operand;
          dim = operandDim;
          break;
        }
      }
      if (!next)
        return failure();
      value = next;
      continue;
    }
    if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
      if (dim == expand.getDim())
        return failure();
      dim = dim < expand.getDim() ? dim : dim - 1;
      value = expand.getInput();
      continue;
    }
    if (auto transpose = dyn_cast<TransposeOp>(op)) {
      int64_t rank = type.getRank();
      dim = dim == rank - 1 ? rank - 2 : dim == rank - 2 ? rank - 1 : dim;
      value = transpose.getInput();
      continue;
    }
    if (auto take = dyn_cast<TakeOp>(op)) {
      dim = dim < take.getDim() ? dim : dim + 1;
      value = take.getInput();
      continue;
    }
    if (isValueReduction(op) || isIndexReduction(op)) {
      int64_t reduced = getReductionDim(op);
      if (!getReductionKeepDim(op) && dim >= reduced)
        ++dim;
      value = op->getOperand(0);
      continue;
    }
    if (auto bcast = dyn_cast<BroadcastToOp>(op)) {
      auto inputType = cast<RankedTensorType>(bcast.getInput().getType());
      int64_t inputDim = dim - (type.getRank() - inputType.getRank());
      if (inputDim >= 0 && inputType.isDynamicDim(inputDim)) {
        value = bcast.getInput();
        dim = inputDim;
        continue;
      }
      unsigned position = 0;
      for (int64_t i = 0; i < dim; ++i)
        position += type.isDynamicDim(i);
      auto sizeOp =
          bcast.getDynamicSizes()[position].getDefiningOp<tensor::DimOp>();
      std::optional<int64_t> sizeDim =
          sizeOp ? sizeOp.getConstantIndex() : std::nullopt;
      if (!sizeDim)
        return failure();
      value = sizeOp.getSource();
      dim = *sizeDim;
      continue;
    }
    if (auto loop = dyn_cast<RunningMinOp>(op)) {
      // The state has the broadcast shape of the candidate and the initial
      // state; take whichever carries the dimension.
      SmallVector<Value> sources = {loop.getCandidate()};
      if (loop.getInitValue())
        sources.push_back(loop.getInitValue());
      Value next;
      for (Value source : sources) {
        auto sourceType = cast<RankedTensorType>(source.getType());
        int64_t sourceDim = dim - (type.getRank() - sourceType.getRank());
        if (sourceDim >= 0 && sourceType.isDynamicDim(sourceDim)) {
          next = source;
          dim = sourceDim;
          break;
        }
      }
      if (!next)
        return failure();
      value = next;
      continue;
    }
    return failure();
  }
}
