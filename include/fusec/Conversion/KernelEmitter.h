//===- KernelEmitter.h - scalar code for fused kernels ----------*- C++ -*-===//
//
// Part of fusec. The KernelEmitter turns the tensor ops of a fuse.kernel
// region into scalar (or short-vector) arith/math/scf code that computes
// one element of any value at given indices. Nothing inside the kernel is
// materialised: a reduction becomes a loop, a running minimum a loop that
// carries (best, index), a broadcast a change of indices.
//
// Code is placed in a tree of loop frames. A value is emitted in the
// innermost frame whose induction variable its indices use, so values that
// do not depend on an inner loop (the sample norms of the Gram form, say)
// are computed once outside it. The CPU lowering and the GPU schedules share
// this emitter; the GPU templates override how leaves and reductions are
// read.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_CONVERSION_KERNELEMITTER_H
#define FUSEC_CONVERSION_KERNELEMITTER_H

#include "fusec/Dialect/Fuse/IR/FuseOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>

namespace mlir {
namespace fuse {

class KernelEmitter {
public:
  /// A place where code goes: the root (the kernel's entry) or the body of a
  /// loop. Frames form a tree.
  struct Frame {
    Frame *parent = nullptr;
    Block *body = nullptr;
    Operation *loop = nullptr;
    Value iv;
    unsigned depth = 0;
    /// Open child loops; new ops of this frame go before the innermost.
    SmallVector<Operation *> anchors;
    /// Where root-frame code goes when the root block already has ops
    /// after the insertion point.
    Operation *rootAnchor = nullptr;
  };

  /// `inputs` are the memrefs holding the kernel's inputs, in order. Code
  /// of the root frame goes before `rootAnchor` (or at the end of `root`).
  KernelEmitter(OpBuilder &builder, KernelOp kernel, ArrayRef<Value> inputs,
                Block *root, Operation *rootAnchor);
  virtual ~KernelEmitter() = default;

  Frame *getRoot() { return &frames.front(); }

  /// The element of tensor `value` (of the kernel region) at `indices`,
  /// computed in `ctx` or one of its ancestors. Fails (with a diagnostic)
  /// on ops it cannot emit.
  FailureOr<Value> emit(Value value, ArrayRef<Value> indices, Frame *ctx);

  /// The extent of dimension `dim` of kernel-region tensor `value`.
  FailureOr<Value> dimSize(Value value, int64_t dim);

  /// Opens `for iv = lb to ub step step iter_args(inits)` in `parent`.
  Frame *openLoop(Frame *parent, Value lb, Value ub, Value step,
                  ValueRange inits);
  /// Terminates `frame`'s loop with `yields` and returns its results.
  ValueRange closeLoop(Frame *frame, ValueRange yields);

  /// Binds the iteration of a fuse.running_min (its body's block argument)
  /// to the index `iv` for the emissions that follow; null unbinds.
  void bindIteration(Value iteration, Value iv) {
    if (iv)
      indexBindings[iteration] = iv;
    else
      indexBindings.erase(iteration);
  }

  /// A frame for a block the caller built (an scf.if branch) inside
  /// `parent`, placed at `op`; close it before the parent goes on.
  Frame *openBlockFrame(Frame *parent, Block *block, Operation *op);
  void closeBlockFrame(Frame *frame);

  /// The index value of an `index`-typed SSA value of the kernel region.
  FailureOr<Value> emitIndexOf(Value regionIndex, Frame *ctx) {
    return emitIndex(regionIndex, ctx);
  }

  /// Registers a value computed by the caller as living in `frame`.
  void define(Value value, Frame *frame) { valueFrame[value] = frame; }

  /// Sets the builder's insertion point to where new code of `frame` goes.
  void setInsertionPoint(Frame *frame);

  /// Writes every output of the kernel with a loop nest (the CPU schedule)
  /// into the given memrefs.
  LogicalResult emitOutputLoops(ArrayRef<Value> outputs);

  /// Stores the elements of `values` at `indices` into `buffers`, in `ctx`.
  LogicalResult emitStores(ArrayRef<Value> values, ArrayRef<Value> buffers,
                           ArrayRef<Value> indices, Frame *ctx);

  OpBuilder &getBuilder() { return builder; }
  KernelOp getKernel() { return kernel; }

  /// A constant of `type` (a scalar or a vector of it) in the root frame.
  Value constant(Type type, double value);
  Value indexConstant(int64_t value);
  /// An integer constant of `type` (a scalar or a vector of it).
  Value intConstant(Type type, int64_t value);

  /// Scalar semantics of one elementwise op on (scalar or vector) operands.
  FailureOr<Value> emitElementwise(Operation *op, ArrayRef<Value> operands);

protected:
  /// Reads an element of the kernel input `leaf`. The default loads from the
  /// input memref.
  virtual FailureOr<Value> loadLeaf(BlockArgument leaf,
                                    ArrayRef<Value> indices, Frame *ctx);
  /// Computes a value reduction; the default emits a loop.
  virtual FailureOr<Value> emitReduction(Operation *op,
                                         ArrayRef<Value> indices, Frame *ctx);

  /// The frame a value computed from `indices` belongs in.
  Frame *targetFrame(ArrayRef<Value> indices, Frame *ctx);
  /// The index value an `index`-typed SSA value of the region stands for.
  FailureOr<Value> emitIndex(Value regionIndex, Frame *ctx);
  /// Indices of operand `operand` of a broadcasting op with result indices
  /// `indices` (trailing alignment; size-1 dims read index 0).
  SmallVector<Value> broadcastIndices(Value operand, ArrayRef<Value> indices,
                                      int64_t resultRank);
  FailureOr<Value> emitRunningMin(RunningMinOp op, ArrayRef<Value> indices,
                                  Frame *ctx, unsigned resultNumber);

  OpBuilder &builder;
  KernelOp kernel;
  SmallVector<Value> inputs;
  Location loc;
  std::deque<Frame> frames;
  DenseMap<Value, Frame *> valueFrame;
  /// Region index values (running-min iterations) bound to loop IVs.
  DenseMap<Value, Value> indexBindings;
  struct MemoEntry {
    SmallVector<Value> indices;
    Value result;
    Frame *frame;
  };
  DenseMap<Value, SmallVector<MemoEntry, 2>> memo;
  DenseMap<std::pair<Type, uint64_t>, Value> constants;
  DenseMap<std::pair<Value, int64_t>, Value> dimSizes;

  /// The running-min iterations (region block arguments) that the
  /// computation of `value` reads, and the loop IVs they are bound to now.
  const SmallVector<Value> &implicitIndices(Value value);
  SmallVector<Value> boundImplicitIndices(Value value);
  DenseMap<Value, SmallVector<Value>> implicitMemo;

  SmallVector<Value> memoKey(Value value, ArrayRef<Value> indices);
  Value lookupMemo(Value value, ArrayRef<Value> indices, Frame *ctx);
  void recordMemo(Value value, ArrayRef<Value> indices, Value result,
                  Frame *frame);
  bool isAncestorOrSelf(Frame *ancestor, Frame *frame);
};

} // namespace fuse
} // namespace mlir

#endif // FUSEC_CONVERSION_KERNELEMITTER_H
