//===- Shapes.cpp - where dynamic sizes come from -------------------------===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#include "fusec/Analysis/Shapes.h"

#include "fusec/Dialect/Fuse/IR/FuseOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/EquivalenceClasses.h"

using namespace mlir;
using namespace mlir::fuse;

std::optional<int64_t> mlir::fuse::getConstantDimIndex(Operation *op) {
  auto dim = dyn_cast_or_null<tensor::DimOp>(op);
  if (!dim)
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(dim.getSource().getType());
  std::optional<int64_t> index = dim.getConstantIndex();
  if (!type || !index || *index < 0 || *index >= type.getRank())
    return std::nullopt;
  return index;
}

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
      // The attribute is an unsigned index below the rank.
      auto expandDim = static_cast<int64_t>(expand.getDim());
      if (dim == expandDim)
        return failure();
      dim = dim < expandDim ? dim : dim - 1;
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
      dim = dim < static_cast<int64_t>(take.getDim()) ? dim : dim + 1;
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
      std::optional<int64_t> sizeDim = getConstantDimIndex(sizeOp);
      if (!sizeDim)
        return failure();
      value = sizeOp.getSource();
      dim = *sizeDim;
      continue;
    }
    if (auto loop = dyn_cast<RunningMinOp>(op)) {
      // The state has the broadcast shape of the candidate and the initial
      // state (value and index); take whichever carries the dimension.
      SmallVector<Value> sources = {loop.getCandidate()};
      if (loop.getInitValue()) {
        sources.push_back(loop.getInitValue());
        sources.push_back(loop.getInitIndex());
      }
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

FailureOr<int> SizeSymbols::symbolOf(Value value, int64_t dim) const {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.isDynamicDim(dim))
    return failure();
  FailureOr<DimSource> source = traceDim(value, dim);
  if (failed(source))
    return failure();
  auto arg = dyn_cast<BlockArgument>(source->root);
  if (!arg || arg.getArgNumber() >= argDims.size())
    return failure();
  int symbol = argDims[arg.getArgNumber()][source->dim];
  if (symbol < 0)
    return failure();
  return symbol;
}

SizeSymbols mlir::fuse::computeSizeSymbols(Operation *funcOp) {
  auto func = cast<FunctionOpInterface>(funcOp);
  SizeSymbols symbols;
  Block &entry = func.getFunctionBody().front();
  // Each dynamic argument dimension is a node: argument * 64 + dim.
  auto key = [](unsigned arg, int64_t dim) {
    return static_cast<int64_t>(arg) * 64 + dim;
  };
  llvm::EquivalenceClasses<int64_t> classes;
  for (BlockArgument arg : entry.getArguments())
    if (auto type = dyn_cast<RankedTensorType>(arg.getType()))
      for (int64_t d = 0; d < type.getRank(); ++d)
        if (type.isDynamicDim(d))
          classes.insert(key(arg.getArgNumber(), d));

  auto rootKey = [&](Value value, int64_t dim) -> std::optional<int64_t> {
    FailureOr<DimSource> source = traceDim(value, dim);
    if (failed(source))
      return std::nullopt;
    auto arg = dyn_cast<BlockArgument>(source->root);
    if (!arg || arg.getOwner() != &entry)
      return std::nullopt;
    return key(arg.getArgNumber(), source->dim);
  };
  // Operands that broadcast together have equal dynamic sizes.
  auto unite = [&](Value result, ValueRange operands) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type)
      return;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      std::optional<int64_t> first;
      for (Value operand : operands) {
        auto operandType = dyn_cast<RankedTensorType>(operand.getType());
        if (!operandType)
          continue;
        int64_t od = d - (type.getRank() - operandType.getRank());
        if (od < 0 || !operandType.isDynamicDim(od))
          continue;
        std::optional<int64_t> root = rootKey(operand, od);
        if (!root)
          continue;
        if (first)
          classes.unionSets(*first, *root);
        else
          first = root;
      }
    }
  };
  func->walk([&](Operation *op) {
    if (isElementwise(op))
      unite(op->getResult(0), op->getOperands());
    else if (auto loop = dyn_cast<RunningMinOp>(op)) {
      SmallVector<Value> sources = {loop.getCandidate()};
      if (loop.getInitValue()) {
        sources.push_back(loop.getInitValue());
        sources.push_back(loop.getInitIndex());
      }
      unite(loop.getValue(), sources);
    }
  });

  DenseMap<int64_t, int> leaderSymbol;
  for (BlockArgument arg : entry.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    symbols.argDims.emplace_back();
    if (!type)
      continue;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (!type.isDynamicDim(d)) {
        symbols.argDims.back().push_back(-1);
        continue;
      }
      int64_t leader = classes.getLeaderValue(key(arg.getArgNumber(), d));
      auto [it, inserted] =
          leaderSymbol.try_emplace(leader, symbols.definitions.size());
      if (inserted)
        symbols.definitions.push_back({arg.getArgNumber(), d});
      symbols.argDims.back().push_back(it->second);
    }
  }
  return symbols;
}
