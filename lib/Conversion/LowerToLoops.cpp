//===- LowerToLoops.cpp - fused kernels to CPU loop nests -----------------===//
//
// Part of fusec. Implements fuse-lower-to-loops.
//
//===----------------------------------------------------------------------===//

#include "fusec/Conversion/Passes.h"

#include "fusec/Analysis/Shapes.h"
#include "fusec/Conversion/KernelEmitter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace fuse {
#define GEN_PASS_DEF_FUSELOWERTOLOOPS
#include "fusec/Conversion/Passes.h.inc"
} // namespace fuse
} // namespace mlir

using namespace mlir;
using namespace mlir::fuse;

namespace {

MemRefType toMemRef(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  return MemRefType::get(tensor.getShape(), tensor.getElementType());
}

/// Allocates a buffer for `value` (a kernel result) whose dynamic sizes are
/// read from the function's argument memrefs.
FailureOr<Value> allocateFor(OpBuilder &builder, Value value,
                             func::FuncOp oldFunc, ArrayRef<Value> newArgs) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d))
      continue;
    FailureOr<DimSource> source = traceDim(value, d);
    auto arg = succeeded(source) ? dyn_cast<BlockArgument>(source->root)
                                  : BlockArgument();
    if (!arg || arg.getOwner()->getParentOp() != oldFunc)
      return emitError(value.getLoc(),
                       "cannot find the size of dynamic dimension ")
             << d << " of a kernel result";
    sizes.push_back(memref::DimOp::create(builder, value.getLoc(),
                                          newArgs[arg.getArgNumber()],
                                          source->dim));
  }
  return memref::AllocOp::create(builder, value.getLoc(), toMemRef(type),
                                 sizes)
      .getResult();
}

LogicalResult lowerFunction(func::FuncOp func) {
  if (func.isExternal())
    return success();
  MLIRContext *ctx = func.getContext();
  FunctionType oldType = func.getFunctionType();
  SmallVector<Type> argTypes;
  for (Type type : oldType.getInputs()) {
    if (!isa<RankedTensorType>(type))
      return func.emitOpError("argument type ")
             << type << " is not a ranked tensor";
    argTypes.push_back(toMemRef(type));
  }
  for (Type type : oldType.getResults()) {
    if (!isa<RankedTensorType>(type))
      return func.emitOpError("result type ")
             << type << " is not a ranked tensor";
    argTypes.push_back(toMemRef(type));
  }

  OpBuilder builder(func);
  auto newFunc = func::FuncOp::create(builder, func.getLoc(), func.getName(),
                                      FunctionType::get(ctx, argTypes, {}));
  newFunc->setAttr("llvm.emit_c_interface", UnitAttr::get(ctx));
  Block *entry = newFunc.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  unsigned numInputs = oldType.getNumInputs();
  SmallVector<Value> newArgs(entry->getArguments().begin(),
                             entry->getArguments().end());

  Block &oldBody = func.getBody().front();
  auto ret = cast<func::ReturnOp>(oldBody.getTerminator());

  // Which result slot each returned value fills first.
  DenseMap<Value, unsigned> firstSlot;
  for (auto [i, value] : llvm::enumerate(ret.getOperands()))
    firstSlot.try_emplace(value, numInputs + i);

  DenseMap<Value, Value> buffers;
  for (unsigned i = 0; i < numInputs; ++i)
    buffers[oldBody.getArgument(i)] = newArgs[i];

  // Last use of each temporary, to free it right after.
  DenseMap<Operation *, SmallVector<Value>> freeAfter;
  for (Operation &op : oldBody)
    for (Value result : op.getResults()) {
      if (firstSlot.count(result))
        continue;
      Operation *last = nullptr;
      for (Operation *user : result.getUsers())
        if (!last || last->isBeforeInBlock(user))
          last = user;
      if (last)
        freeAfter[last].push_back(result);
    }

  for (Operation &op : oldBody.without_terminator()) {
    auto kernel = dyn_cast<KernelOp>(op);
    if (!kernel)
      return op.emitOpError("is outside any fuse.kernel; run "
                            "fuse-form-kernels before fuse-lower-to-loops");
    SmallVector<Value> inputs;
    for (Value input : kernel.getInputs())
      inputs.push_back(buffers.lookup(input));
    SmallVector<Value> outputs;
    for (Value result : kernel.getResults()) {
      auto slot = firstSlot.find(result);
      if (slot != firstSlot.end()) {
        buffers[result] = newArgs[slot->second];
      } else {
        FailureOr<Value> buffer = allocateFor(builder, result, func, newArgs);
        if (failed(buffer))
          return failure();
        buffers[result] = *buffer;
      }
      outputs.push_back(buffers[result]);
    }
    auto anchor = scf::ExecuteRegionOp::create(builder, kernel.getLoc(),
                                               TypeRange{});
    Block *region = builder.createBlock(&anchor.getRegion());
    auto yield = scf::YieldOp::create(builder, kernel.getLoc());
    KernelEmitter emitter(builder, kernel, inputs, region, yield);
    if (failed(emitter.emitOutputLoops(outputs)))
      return failure();
    // The kernel's code is straight-line in the function.
    builder.setInsertionPointAfter(anchor);
    for (Operation &inner :
         llvm::make_early_inc_range(region->without_terminator()))
      inner.moveBefore(anchor);
    anchor.erase();
    for (Value dead : freeAfter.lookup(&op))
      memref::DeallocOp::create(builder, kernel.getLoc(), buffers[dead]);
  }

  // Results: a value returned twice, or a returned argument, is copied.
  for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
    Value out = newArgs[numInputs + i];
    Value source = buffers.lookup(value);
    if (!source)
      return ret.emitOpError("returns a value fusec cannot place");
    if (source != out)
      memref::CopyOp::create(builder, ret.getLoc(), source, out);
  }
  func::ReturnOp::create(builder, ret.getLoc());

  StringAttr name = func.getSymNameAttr();
  func.erase();
  newFunc.setSymNameAttr(name);
  return success();
}

struct FuseLowerToLoopsPass
    : public mlir::fuse::impl::FuseLowerToLoopsBase<FuseLowerToLoopsPass> {
  void runOnOperation() override {
    SmallVector<func::FuncOp> funcs(getOperation().getOps<func::FuncOp>());
    for (func::FuncOp func : funcs)
      if (failed(lowerFunction(func)))
        return signalPassFailure();
  }
};

} // namespace
