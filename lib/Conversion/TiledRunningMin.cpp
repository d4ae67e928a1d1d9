//===- TiledRunningMin.cpp - the tiled nearest-candidate schedule ---------===//
//
// Part of fusec. The GPU schedule of a running minimum over a pairwise
// reduction: argmin_j f(sum_l g(A[i, l], B[j, l]), rows(i), cols(j)). This is
// a GEMM-shaped tile computation with a different inner operation and an
// argmin epilogue:
//
//  - a block owns BM rows; it streams candidate tiles of BN rows of B and,
//    for each, slices of BK features of A and B through shared memory
//    (double buffered; the next slice is loaded into registers while the
//    current one is used, so there is one barrier per slice);
//  - each thread accumulates a TM x TN register tile of g-sums, then runs
//    the epilogue f and updates a running (best, index) per row;
//  - reductions over l of A alone (row norms) or B alone (candidate norms)
//    are accumulated from the staged slices by otherwise idle lanes;
//  - after the last tile the threads that share a row merge their pairs
//    with warp shuffles, lowest index first on ties;
//  - when the rows alone cannot fill the GPU, `split` blocks share one row
//    tile's candidates and merge their pairs with a 64-bit atomic minimum
//    on (orderable value bits << 32 | index), after a memset of the labels
//    to all ones; a second entry unpacks the labels (and values). Persistent
//    TMA blocks whose parts all fit the GPU's clusters at once run each row
//    tile's parts as one cluster instead: the pairs meet in the first
//    block's shared memory, and the kernel is the only launch.
//
// The scalar code of g and f comes from the KernelEmitter, with A and B
// served from registers, so any elementwise g and f work.
//
//===----------------------------------------------------------------------===//

#include "GPUSchedules.h"

#include "fusec/Conversion/KernelEmitter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>

using namespace mlir;
using namespace mlir::fuse;
using fusec::rt::Expr;

namespace {

//===----------------------------------------------------------------------===//
// Matching
//===----------------------------------------------------------------------===//

/// What one index of a tensor value stands for in the candidate's
/// computation.
struct Axis {
  enum Kind { Row, Iter, Red, Zero, Other } kind;
  Operation *reduction = nullptr;
  bool operator==(const Axis &o) const {
    return kind == o.kind && reduction == o.reduction;
  }
};

struct LeafAccess {
  BlockArgument leaf;
  SmallVector<Axis> axes;
  Operation *enclosingReduction;
};

/// The structure of a candidate: which reductions and leaves it reads, and
/// along which axes.
struct CandidateShape {
  RunningMinOp loop;
  SmallVector<LeafAccess> accesses;
  llvm::SetVector<Operation *> reductions;
  bool ok = true;
  std::string reason;

  void fail(const Twine &why) {
    if (ok)
      reason = why.str();
    ok = false;
  }

  void visit(Value value, ArrayRef<Axis> axes, Operation *reduction) {
    if (!ok)
      return;
    auto type = cast<RankedTensorType>(value.getType());
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (!isa<KernelOp>(arg.getOwner()->getParentOp()))
        return fail("reads a block argument that is not a kernel input");
      accesses.push_back(
          {arg, SmallVector<Axis>(axes.begin(), axes.end()), reduction});
      return;
    }
    Operation *op = value.getDefiningOp();
    if (matchPattern(value, m_Constant()))
      return;
    auto broadcastAxes = [&](Value operand) {
      auto operandType = cast<RankedTensorType>(operand.getType());
      int64_t offset = type.getRank() - operandType.getRank();
      SmallVector<Axis> result;
      for (int64_t i = 0; i < operandType.getRank(); ++i)
        result.push_back(operandType.getDimSize(i) == 1 ? Axis{Axis::Zero}
                                                        : axes[i + offset]);
      return result;
    };
    if (isElementwise(op)) {
      for (Value operand : op->getOperands())
        visit(operand, broadcastAxes(operand), reduction);
      return;
    }
    if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
      SmallVector<Axis> inner(axes.begin(), axes.end());
      inner.erase(inner.begin() + expand.getDim());
      return visit(expand.getInput(), inner, reduction);
    }
    if (auto transpose = dyn_cast<TransposeOp>(op)) {
      SmallVector<Axis> inner(axes.begin(), axes.end());
      std::swap(inner[inner.size() - 1], inner[inner.size() - 2]);
      return visit(transpose.getInput(), inner, reduction);
    }
    if (auto bcast = dyn_cast<BroadcastToOp>(op))
      return visit(bcast.getInput(), broadcastAxes(bcast.getInput()),
                   reduction);
    if (auto take = dyn_cast<TakeOp>(op)) {
      SmallVector<Axis> inner(axes.begin(), axes.end());
      Axis taken = take.getIndex() == loop.getIteration() ? Axis{Axis::Iter}
                                                          : Axis{Axis::Other};
      if (matchPattern(take.getIndex(), m_Zero()))
        taken = Axis{Axis::Zero};
      inner.insert(inner.begin() + take.getDim(), taken);
      return visit(take.getInput(), inner, reduction);
    }
    if (isValueReduction(op)) {
      if (reduction)
        return fail("nested reductions");
      reductions.insert(op);
      SmallVector<Axis> inner(axes.begin(), axes.end());
      Axis red{Axis::Red, op};
      if (getReductionKeepDim(op))
        inner[getReductionDim(op)] = red;
      else
        inner.insert(inner.begin() + getReductionDim(op), red);
      return visit(op->getOperand(0), inner, op);
    }
    return fail(Twine("unsupported op ") + op->getName().getStringRef());
  }
};

/// A matched kernel: the pairwise reduction, its operands, the norms.
struct TiledPlan {
  RunningMinOp loop;
  Operation *pairwise = nullptr;
  BlockArgument rowLeaf, colLeaf;
  SmallVector<Operation *> rowReductions, colReductions;
  std::optional<unsigned> valueOutput, indexOutput;
  double initValue = 0;
  bool hasInit = false;
  /// Whether the pairwise term is A[row, l] * B[col, l], each factor
  /// possibly widened to f32: the shape tensor-core MMAs compute.
  bool plainProduct = false;
  /// Whether fuse-choose-form wrote this Gram form for a direct form
  /// sum((x - c)^2) under --precision=3xtf32-certified (kCertifiedDirectAttr
  /// on the pairwise sum), and which row and candidate reductions are the
  /// norms sum(x^2) and sum(c^2).
  bool certifiedDirect = false;
  std::optional<unsigned> certifiedRowNorm, certifiedColNorm;
  /// Whether the candidate is a Gram form the user wrote, exactly
  /// (sum(x^2) + sum(c^2)) - 2 sum(x c) of f32 leaves with no other
  /// reduction: --precision=3xtf32-certified then gives the labels of its
  /// native IEEE evaluation (every product and add rounded, each sum in
  /// feature order, as the reference evaluator's native mode computes it).
  bool certifiedGram = false;
};

/// Whether the i-th norm of a norm duty over `reds` is a sum: the
/// reduction reds[i], or past them the origin's mu . c (translatesRows;
/// with the producers' duty, the candidate's feature sum that the
/// epilogue multiplies by mu).
bool isSumNorm(ArrayRef<Operation *> reds, size_t i) {
  return i >= reds.size() || isa<SumOp>(reds[i]);
}

/// Whether sum i of a norm duty over `reds` is one of the kernel's norms
/// summed natively (TiledBuilder::nativeNorms), rather than an extra sum
/// (sum((x - mu)^2), mu . c) or a minimum.
bool isNativeNorm(bool nativeNorms, ArrayRef<Operation *> reds, size_t i) {
  return nativeNorms && i < reds.size() && isa<SumOp>(reds[i]);
}

/// Whether `value` reads `leaf` through views and widening casts only
/// (the axes were checked by CandidateShape).
bool readsLeafDirectly(Value value, BlockArgument leaf) {
  return traceGramFactor(value).first == leaf;
}

bool isRowAccess(const LeafAccess &a, Operation *red) {
  return a.axes.size() == 2 && a.axes[0].kind == Axis::Row &&
         a.axes[1] == Axis{Axis::Red, red};
}
bool isColAccess(const LeafAccess &a, Operation *red) {
  return a.axes.size() == 2 && a.axes[0].kind == Axis::Iter &&
         a.axes[1] == Axis{Axis::Red, red};
}

/// `value` without the views (expand_dims, transpose, broadcast_to, take)
/// that only place its elements.
Value stripViews(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    if (isa<ExpandDimsOp, TransposeOp, BroadcastToOp, TakeOp>(op))
      value = op->getOperand(0);
    else
      break;
  }
  return value;
}

/// Whether `value` is a splat constant equal to `expected`.
bool isSplatFloat(Value value, double expected) {
  DenseElementsAttr attr;
  return matchPattern(stripViews(value), m_Constant(&attr)) &&
         attr.isSplat() && isa<FloatType>(attr.getElementType()) &&
         attr.getSplatValue<APFloat>().convertToDouble() == expected;
}

/// TiledPlan::certifiedGram: the candidate is (nx + nc) - 2 g (either
/// order of the add and the product) with nx and nc the plan's squared
/// norms, g its plain pairwise product, f32 leaves and nothing else. The
/// certification's bound is that expression's, and the rows it cannot
/// decide replay exactly that arithmetic.
bool isNativeGram(const TiledPlan &plan) {
  if (!plan.plainProduct || !plan.certifiedRowNorm || !plan.certifiedColNorm ||
      plan.rowReductions.size() != 1 || plan.colReductions.size() != 1)
    return false;
  auto isF32Leaf = [](BlockArgument leaf) {
    return cast<RankedTensorType>(leaf.getType()).getElementType().isF32();
  };
  if (!isF32Leaf(plan.rowLeaf) || !isF32Leaf(plan.colLeaf))
    return false;
  // The pairwise product reads the leaves themselves, not casts of them.
  auto mul = plan.pairwise->getOperand(0).getDefiningOp<MulOp>();
  if (!mul || !isF32Leaf(plan.rowLeaf) ||
      !getElementTypeOrSelf(mul.getType()).isF32() ||
      !getElementTypeOrSelf(plan.pairwise->getResult(0).getType()).isF32())
    return false;
  RunningMinOp loop = plan.loop;
  auto sub = stripViews(loop.getCandidate()).getDefiningOp<SubOp>();
  if (!sub)
    return false;
  auto norms = stripViews(sub.getLhs()).getDefiningOp<AddOp>();
  auto twice = stripViews(sub.getRhs()).getDefiningOp<MulOp>();
  if (!norms || !twice)
    return false;
  auto isResultOf = [](Value value, Operation *op) {
    return stripViews(value).getDefiningOp() == op;
  };
  Operation *rowNorm = plan.rowReductions[*plan.certifiedRowNorm];
  Operation *colNorm = plan.colReductions[*plan.certifiedColNorm];
  bool normsMatch = (isResultOf(norms.getLhs(), rowNorm) &&
                     isResultOf(norms.getRhs(), colNorm)) ||
                    (isResultOf(norms.getLhs(), colNorm) &&
                     isResultOf(norms.getRhs(), rowNorm));
  bool twiceMatches = (isSplatFloat(twice.getLhs(), 2.0) &&
                       isResultOf(twice.getRhs(), plan.pairwise)) ||
                      (isSplatFloat(twice.getRhs(), 2.0) &&
                       isResultOf(twice.getLhs(), plan.pairwise));
  auto allF32 = [](Operation *op) {
    return getElementTypeOrSelf(op->getResult(0).getType()).isF32();
  };
  return normsMatch && twiceMatches && allF32(sub) && allF32(norms) &&
         allF32(twice) && allF32(rowNorm) && allF32(colNorm);
}

FailureOr<TiledPlan> matchTiled(KernelOp kernel, std::string &why) {
  TiledPlan plan;
  ValueRange yielded = kernel.getYield().getValues();
  for (auto [i, value] : llvm::enumerate(yielded)) {
    auto loop = value.getDefiningOp<RunningMinOp>();
    if (!loop || (plan.loop && loop != plan.loop)) {
      why = "outputs are not the results of one running minimum";
      return failure();
    }
    plan.loop = loop;
    if (value == loop.getValue() && !plan.valueOutput)
      plan.valueOutput = i;
    else if (value == loop.getIndex() && !plan.indexOutput)
      plan.indexOutput = i;
    else {
      why = "a running-minimum result is returned twice";
      return failure();
    }
  }
  RunningMinOp loop = plan.loop;
  if (!loop || loop.getValue().getType().getRank() != 1 ||
      !loop.getValue().getType().getElementType().isF32() ||
      cast<RankedTensorType>(loop.getCandidate().getType()).getRank() != 1) {
    why = "not a rank-1 f32 running minimum";
    return failure();
  }
  if (loop.getOffset()) {
    why = "running minimum with an index offset";
    return failure();
  }
  if (loop.getInitValue()) {
    DenseElementsAttr value, index;
    if (!matchPattern(loop.getInitValue(), m_Constant(&value)) ||
        !matchPattern(loop.getInitIndex(), m_Constant(&index)) ||
        !value.isSplat() || !index.isSplat() ||
        !index.getSplatValue<APInt>().isZero()) {
      why = "running minimum with a non-constant initial state";
      return failure();
    }
    plan.hasInit = true;
    plan.initValue = value.getSplatValue<APFloat>().convertToDouble();
  }

  CandidateShape shape;
  shape.loop = loop;
  shape.visit(loop.getCandidate(), {Axis{Axis::Row}}, nullptr);
  if (!shape.ok) {
    why = shape.reason;
    return failure();
  }
  // Classify the reductions by the leaves they read.
  for (Operation *red : shape.reductions) {
    bool readsRow = false, readsCol = false, other = false;
    for (const LeafAccess &a : shape.accesses) {
      if (a.enclosingReduction != red)
        continue;
      if (isRowAccess(a, red))
        readsRow = true;
      else if (isColAccess(a, red))
        readsCol = true;
      else if (!llvm::all_of(a.axes,
                             [](Axis x) { return x.kind == Axis::Zero; }))
        other = true;
    }
    if (other) {
      why = "a reduction reads its operands along unsupported axes";
      return failure();
    }
    if (readsRow && readsCol) {
      if (plan.pairwise || !isa<SumOp>(red)) {
        why = "more than one pairwise reduction, or not a sum";
        return failure();
      }
      plan.pairwise = red;
    } else if (readsRow) {
      plan.rowReductions.push_back(red);
    } else if (readsCol) {
      plan.colReductions.push_back(red);
    } else {
      why = "a reduction of constants";
      return failure();
    }
  }
  if (!plan.pairwise) {
    why = "no pairwise reduction";
    return failure();
  }
  for (const LeafAccess &a : shape.accesses) {
    if (!a.enclosingReduction)
      continue;
    BlockArgument &slot =
        isRowAccess(a, a.enclosingReduction) ? plan.rowLeaf : plan.colLeaf;
    if (slot && slot != a.leaf) {
      why = "reductions read more than one row or candidate tensor";
      return failure();
    }
    slot = a.leaf;
  }
  for (const LeafAccess &a : shape.accesses) {
    if (a.enclosingReduction)
      continue;
    // One row- or candidate-indexed axis at most; the others are unit
    // dimensions (a [n, 1] operand broadcast along the candidates).
    if (!llvm::all_of(a.axes,
                      [](Axis x) {
                        return x.kind == Axis::Row || x.kind == Axis::Iter ||
                               x.kind == Axis::Zero;
                      }) ||
        llvm::count_if(a.axes, [](Axis x) { return x.kind != Axis::Zero; }) >
            1) {
      why = "the epilogue reads an input along unsupported axes";
      return failure();
    }
  }
  if (auto mul = plan.pairwise->getOperand(0).getDefiningOp<MulOp>())
    plan.plainProduct = (readsLeafDirectly(mul.getLhs(), plan.rowLeaf) &&
                         readsLeafDirectly(mul.getRhs(), plan.colLeaf)) ||
                        (readsLeafDirectly(mul.getLhs(), plan.colLeaf) &&
                         readsLeafDirectly(mul.getRhs(), plan.rowLeaf));
  plan.certifiedDirect = plan.pairwise->hasAttr(kCertifiedDirectAttr);
  // The certification bounds the Gram form's error from the norms of both
  // operands: sum(square(leaf)) of each.
  auto squaredNorm = [](ArrayRef<Operation *> reds,
                        BlockArgument leaf) -> std::optional<unsigned> {
    for (auto [i, red] : llvm::enumerate(reds)) {
      auto sum = dyn_cast<SumOp>(red);
      auto square = sum ? sum.getInput().getDefiningOp<SquareOp>() : SquareOp();
      if (square && readsLeafDirectly(square.getInput(), leaf))
        return static_cast<unsigned>(i);
    }
    return std::nullopt;
  };
  plan.certifiedRowNorm = squaredNorm(plan.rowReductions, plan.rowLeaf);
  plan.certifiedColNorm = squaredNorm(plan.colReductions, plan.colLeaf);
  plan.certifiedGram = !plan.certifiedDirect && isNativeGram(plan);
  Type rowElement =
      cast<RankedTensorType>(plan.rowLeaf.getType()).getElementType();
  Type colElement =
      cast<RankedTensorType>(plan.colLeaf.getType()).getElementType();
  // f32 runs on the FMA units or, by --precision, on tensor cores; f16 and
  // bf16 products of the Gram form run on tensor cores.
  bool halves =
      rowElement == colElement && (rowElement.isF16() || rowElement.isBF16());
  if (!(rowElement.isF32() && colElement.isF32()) &&
      !(halves && plan.plainProduct)) {
    why = halves ? "f16/bf16 operands whose pairwise term is not a product"
                 : "operands are not f32";
    return failure();
  }
  return plan;
}

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

/// The emitter of the tiled schedule: A and B come from registers, the
/// pairwise sum and the norms from accumulators, all keyed by the index
/// values that name an element.
class TiledEmitter : public KernelEmitter {
public:
  using KernelEmitter::KernelEmitter;
  BlockArgument rowLeaf, colLeaf;
  DenseMap<std::pair<Value, Value>, Value> rowRegs, colRegs;
  /// Reduction results by (reduction, row index, candidate index).
  DenseMap<std::tuple<Operation *, Value, Value>, Value> reductionValues;
  Value currentRow, currentCol;

protected:
  FailureOr<Value> loadLeaf(BlockArgument leaf, ArrayRef<Value> indices,
                            Frame *ctx) override {
    if (indices.size() == 2 && (leaf == rowLeaf || leaf == colLeaf)) {
      auto &regs = leaf == rowLeaf ? rowRegs : colRegs;
      auto it = regs.find({indices[0], indices[1]});
      if (it != regs.end())
        return it->second;
    }
    return KernelEmitter::loadLeaf(leaf, indices, ctx);
  }
  FailureOr<Value> emitReduction(Operation *op, ArrayRef<Value> indices,
                                 Frame *ctx) override {
    auto it = reductionValues.find({op, currentRow, currentCol});
    if (it == reductionValues.end())
      it = reductionValues.find({op, currentRow, Value()});
    if (it == reductionValues.end())
      it = reductionValues.find({op, Value(), currentCol});
    if (it != reductionValues.end())
      return it->second;
    return op->emitOpError("internal error: the tiled schedule has no "
                           "accumulator for this reduction");
  }
};

/// How the pairwise products are computed: FMA units (SIMT), or warp-level
/// tensor-core MMAs (mma.sync) on f16/bf16 inputs, TF32 (one pass) or
/// 3xTF32 (big and small parts, about fp32 accuracy) on f32 inputs. All
/// accumulate in f32.
enum class MmaKind { None, F16, BF16, TF32, TF32x3 };

struct TileConfig {
  int64_t bm, bn, bk, tm, tn, split;
  MmaKind mma = MmaKind::None;
  /// MMA on rows whose 16-byte chunks are aligned (d a static multiple of
  /// 16 bytes): slices in flight, copied by cp.async straight into dynamic
  /// shared memory. The FMA schedule's stages copy 4-byte elements,
  /// transposed (fmaCopyGroup). 0: the slices go through registers, two
  /// buffers.
  int64_t stages = 0;
  /// Hopper's warpgroup MMA (wgmma.mma_async, sm_90a, 16-byte-aligned
  /// rows): each warpgroup of 4 warps owns 64 rows of the block tile and
  /// all bn candidates, and the tensor cores read both operands from the
  /// staged slices through matrix descriptors, with no fragment loads.
  /// The slices come by cp.async stages, or for 3xTF32 through registers,
  /// split into TF32 parts.
  bool wgmma = false;
  /// wgmma with TMA loads (cp.async.bulk.tensor from 128-byte-swizzled
  /// tensor maps) into the stages, tracked by mbarriers: a "full" barrier
  /// per stage that the loads complete, an "empty" one that every consumer
  /// warp of the cluster arrives on when it is done with the stage. A
  /// producer warpgroup after the consumers issues the loads
  /// (specializeWarps). In clusters of `cluster` blocks (consecutive row
  /// tiles, the same candidate tiles), each block loads 1 / cluster of the
  /// candidate slice and multicasts it to all of them: the candidate
  /// tile, which every row tile re-reads, costs the L2 1 / cluster.
  bool tma = false;
  int64_t cluster = 1;
  /// TMA without clusters: a block per resident slot walks row tiles
  /// blockIdx.x, + gridDim.x, ... and keeps the candidate norms of its
  /// first row tile in shared memory for the others (as many candidate
  /// tiles' as fit beside the stages). Every row tile recomputed all k
  /// candidate norms from the staged slices: on sample-heavy f16 that was
  /// 4.3 ms of 35.9 (docs/performance-notes.md, version 12).
  bool persistent = false;
  /// The ledger split the candidates of too few row tiles for the SMs
  /// (3xTF32's split producer, or the other wgmma kinds' producer
  /// warpgroup): the split runs with TMA in persistent blocks, as a split
  /// the user asks for does, rather than with register staging or cp.async.
  bool fewRowsSplit = false;
  /// The candidate parts of a row tile (split, at most kMaxClusterParts)
  /// of TMA's persistent blocks, when every work unit fits the clusters the
  /// GPU holds at once (clusterPartsFit), run as the blocks of one cluster
  /// and meet in the first block's shared memory rather than in the labels:
  /// each block stores its rows' packed (key, index) pairs there, and after a
  /// cluster barrier the first block keeps the least of each row and stores the
  /// label. The launch is then the kernel alone, without the labels' memset and
  /// the unpacking entry (on the probe those took 3.3 us of a 28.5 us call;
  /// session 21's timeline, docs/performance-notes.md, version 27).
  bool clusterSplit = false;
  /// MMA: each warp owns kMmaWarpRows rows of the block tile and all its
  /// bn candidates; tm = kMmaWarpRows / 8 rows and tn = bn / 4 candidates
  /// per thread (the mma.sync accumulator layout). wgmma: each warp owns
  /// 16 rows, tm = 2 and tn = bn / 4 (the same layout per warp).
  int64_t threads() const {
    if (mma == MmaKind::None)
      return (bm / tm) * (bn / tn);
    return wgmma ? 2 * bm : bm;
  }
  /// The block's threads: with TMA, the producer warpgroup after the
  /// others (a whole warpgroup: registers are reallocated per warpgroup).
  int64_t launchThreads() const;
  /// The producer's threads: one warpgroup, whose first thread issues the
  /// TMA loads, or for the split producer two beside two consumer
  /// warpgroups, which load, split and store every candidate element of a
  /// slice (sample-heavy 3xTF32 on the H200, version 15's producer that
  /// split the rows too: 261.7 ms with one warpgroup, 213.5 with two,
  /// 220.8 with three; with the rows by TMA, 199.1 with one and 179.7-184.6
  /// with two; docs/performance-notes.md, versions 15 and 16).
  int64_t producerThreads() const { return tma ? tmaProducerThreads() : 0; }
  /// The producer's threads once the schedule has one (tma).
  int64_t tmaProducerThreads() const;
  /// 3xTF32 on wgmma: the slices go through registers and are split once
  /// per staged element into big, small and cross tiles.
  bool splitStaged() const { return wgmma && mma == MmaKind::TF32x3; }
  /// 3xTF32 with the mbarrier stages of the TMA schedule: the producer
  /// warpgroups' threads load each candidate slice into registers, split
  /// it and store the parts; the producer's first thread loads the row
  /// slice unsplit, with TMA (a row tensor map). Each consumer thread loads
  /// its A fragments from the row tile, splits them in registers and feeds
  /// wgmma its A operand from registers. A stage is then the rows once and
  /// the candidates' parts (three in version 16: 64 KiB at 128x128, so
  /// three stages fit, and shared memory moved 176 KiB a slice instead of
  /// 240 KiB, below the MMAs' time; docs/performance-notes.md, version 16;
  /// two since the rows are measured from an origin, translatesRows).
  bool splitProducer() const { return tma && splitStaged(); }
  /// 3xTF32 with the split producer measures the rows from an origin, the
  /// vector (mu, ..., mu) with mu the mean of the first candidate's first
  /// 32 features (0 if not finite): the MMAs add (x - mu) . c, and the
  /// candidate duty adds mu . c for each candidate (exactly the pairwise
  /// sum, x . c, once added). The tensor cores truncate every add to the
  /// accumulator's ulp, and x . c grows to d / 4 on data in [0, 1) (2048
  /// at d = 8192), where the small x big corrections are about one ulp and
  /// are mostly lost: that made more labels wrong than the IEEE kernel's
  /// (docs/performance-notes.md, version 17). From the origin the
  /// accumulator stays near 0 on data away from it, and mu . c is summed
  /// by the duty in f32 at round to nearest, one slice at a time. A
  /// non-finite pairwise sum is recomputed directly (recomputeSpecialDots),
  /// so neither split guards its parts against inf and NaN.
  bool translatesRows() const { return splitProducer(); }
  /// The FMA schedule's cp.async stages copy 4-byte elements, transposed
  /// into [feature][row]: a warp's 32 copies are 32 / g rows x g features
  /// of a group of g consecutive features (8, or 4 when the slice is not
  /// a multiple of 8), so that each row's part is one 32-byte sector of
  /// the operand. Rows padded by 32 / g elements put those 32 stores in 32
  /// different banks (feature f, row r: bank f * 32 / g + r) and keep every
  /// group of 4 rows 16-byte aligned for the register tile's vector loads.
  int64_t fmaCopyGroup() const { return bk % 8 == 0 ? 8 : 4; }
  int64_t fmaRowPadding() const {
    return mma == MmaKind::None && stages ? 32 / fmaCopyGroup() : 0;
  }
  /// Features per MMA (the k of m16n8k).
  int64_t mmaK() const {
    return mma == MmaKind::F16 || mma == MmaKind::BF16 ? 16 : 8;
  }
};

/// Rows of the block tile per warp in the MMA schedule: two m16 tiles.
constexpr int64_t kMmaWarpRows = 32;

/// Shared memory per SM that blocks may use on sm_90 (228 KiB less the
/// 1 KiB the driver reserves per block, for two blocks).
constexpr int64_t kSharedBytesPerSM = 226 * 1024;
/// The most shared memory one block may opt in to on sm_90.
constexpr int64_t kSharedBytesPerBlock = 227 * 1024;
/// 32-bit registers per SM on sm_90.
constexpr int64_t kRegistersPerSM = 64 * 1024;
/// 16-byte chunks of each operand that a certified replay loads before
/// a step of its chains (directDistances): one L2 round trip a step of 32
/// features, which the ledger charges (certifiedReplaySec).
constexpr int64_t kReplayChunksAStep = 8;
/// Registers a thread has where the launch is roomy (roomyRegisters): the
/// 64x128 tiles' count, against 128 in the 64x64 tiles.
constexpr int64_t kRoomyRegisters = 168;
/// translatesRows: mu is the mean of this many of the first candidate's
/// first features (fewer when d is smaller).
constexpr int64_t kOriginFeatures = 32;
/// Threads of the TMA schedule's producer: one warpgroup.
constexpr int64_t kProducerThreads = 128;
/// Stages of the split producer that loads each slice's candidate chunks
/// during the previous slice (TiledBuilder::prefetchesChunks): a fourth
/// lets the producers run a slice further ahead.
constexpr int64_t kPrefetchStages = 4;

int64_t TileConfig::tmaProducerThreads() const {
  // Beside three consumer warpgroups (192-row tiles) one producer
  // warpgroup leaves the consumers 144 registers where two left 104:
  // sample-heavy 3xTF32 ran in 173.7 ms against 181.6 ms with two
  // (docs/performance-notes.md, version 16).
  return splitStaged() && threads() <= 256 ? 2 * kProducerThreads
                                           : kProducerThreads;
}

int64_t TileConfig::launchThreads() const {
  return threads() + producerThreads();
}

/// --precision=3xtf32-certified: the bound on |v - direct| for one
/// candidate, where v is the 3xTF32 kernel's Gram-form value
/// nx + nc - 2 g (g = (x - mu) . c by the MMAs plus mu . c by the duty) and
/// direct the direct form's IEEE value. With u = 2^-24, S =
/// sqrt(ny nc) >= sum |x_i - mu| |c_i| (ny = sum (x_i - mu)^2, Cauchy-
/// Schwarz) and B = |mu| sqrt(d nc) >= |mu| sum |c_i|:
/// - the MMAs: the tensor cores add each k8 step's 8 exact TF32 products
///   to the accumulator aligned to the largest term and truncated, so each
///   MMA loses less than 12 units in the last place of the largest of its
///   terms (kCertifiedUlpsPerMma: 8 products and the normalization need
///   9). Each slice of f = min(bk, d) features is a chain of its own from
///   zero, 3 f / 8 MMAs whose terms are at most S_s, the S of the slice's
///   features: 9 f u S_s. The slices' sums are added in f32 to a running
///   sum at most sum_s S_s, each add within u of it, and sum_s S_s <= S
///   (Cauchy-Schwarz over the slices): (9 f + slices - 1) u S, twice in v
///   (one chain over all d features would be 9 d u S);
/// - the TF32 split (the small parts truncated, small x small dropped) and
///   x - mu rounded: 24 u S, twice;
/// - mu . c summed in f32: r u B, twice, and the norms' sums r u (nx +
///   nc), where r is compensatedSumUlps(d, f) for compensated sums
///   (TileOptions::compensatedSums, the default) and d otherwise; and the
///   few roundings that combine them: 10 u (S + B) + 4 u (nx + nc);
/// - the direct form's own error, (d + 2) u (|v| + E) by the FMA chain's
///   standard bound;
/// - subnormal operands, d 2^-100 (1 + sqrt(ny) + sqrt(nc));
/// all scaled by 1 + 2^-10 for the f32 arithmetic of the bound itself,
/// plus 2 u |v| for the rounding of v - E and v + E.
///
/// A Gram form the user wrote (nativeGram) is decided by its native IEEE
/// value G = (XX + CC) - 2 XC, where XX, CC and XC are sums in feature
/// order of rounded products. In place of the direct form's own error:
/// - XX, CC and XC, by the dot product's standard bound: gamma_d (nx + nc
///   + 2 sqrt(nx nc)), gamma_d = d u / (1 - d u), with sum |x_i c_i| <=
///   sqrt(nx nc) (Cauchy-Schwarz);
/// - XX + CC rounded, u (1 + gamma_d) (nx + nc); 2 XC is exact;
/// - the subtraction rounded, u |G| <= u (|v| + E).
/// No sum can overflow while nx + nc stays below 2^126 (|XC|'s partial
/// sums are at most sqrt(nx nc) too): a row or candidate whose norm
/// passes gramNormLimit has an infinite bound and is replayed.
///
/// With native norms (TiledBuilder::nativeNorms) the kernel's nx and nc
/// are G's XX and CC, bit for bit, so v = (XX + CC) - 2 g and G share
/// their first rounding and differ only by 2 (g - XC) and the last one:
/// - XX and CC's errors and the rounding of XX + CC drop out; the norms'
///   sums term keeps 4 u (nx + nc) for v's own roundings;
/// - XC's chain: product i (from 0) is rounded once and then by d - i
///   adds (d - 1 for the first), so |XC - x . c| <= u / (1 - (d + 1) u)
///   sum (d - i + 1) |x_i c_i| <= u / (1 - (d + 1) u) sqrt(Wx Wc), W =
///   sum (d - i + 1) x_i^2 (Cauchy-Schwarz with the weights split
///   evenly), twice. On uniform data this is about half of gamma_d
///   sqrt(nx nc), since the weights fall from d to 1;
/// - S and B take the native norms within gamma_d of the exact ones.
struct CertifiedBoundTerms {
  double perS, perB, perNorms, absolute, perValue;
  /// nativeGram: the coefficient of sqrt(nx) sqrt(nc), or with native
  /// norms of sqrt(Wx) sqrt(Wc); 0 otherwise.
  double perRootNorms = 0;
  /// Relative slack on the f32 norms that enter S and B: at least their
  /// sums' worst error, (r + 2) u, twice.
  double normSlack;
};
constexpr double kCertifiedUlpsPerMma = 12;
/// The error of a compensated sum over slices of f features, in units of
/// u (2^-24) of the sum of its terms' magnitudes. Whatever the order
/// within a slice (chains, a tree, a duty split over threads or lanes),
/// its partial takes at most f + 3 roundings (an FMA a term, the adds that
/// join chains and halves), each within u of a partial that is at most
/// the sum of magnitudes; TwoSum adds the partial to the running sum
/// exactly, its errors go to the compensation (within slices^2 u^2 of the
/// magnitudes), the sum and the compensation round once when joined, and
/// the producers' mu . c once more when multiplied by mu; one more is
/// spare (the halved row duty's join of two halves). With d in the
/// bound (every feature's add rounding), sample-heavy's E was 7.6x larger
/// and left 82% of its rows open among 4 candidates or more
/// (docs/performance-notes.md, version 39).
double compensatedSumUlps(int64_t d, int64_t sliceFeatures) {
  double slices = static_cast<double>(llvm::divideCeil(d, sliceFeatures));
  return static_cast<double>(std::min(d, sliceFeatures)) + 6 +
         slices * slices * std::ldexp(1.0, -24) * 1.01;
}
/// nativeGram: the norm above which a row's or candidate's bound is
/// infinite (CertifiedBoundTerms).
constexpr double kGramNormLimit = 0x1.0p125;
/// The most features a certified Gram form may have. Its bound grows as
/// d u (|x| + |c|)^2 where a direct form's grows as d u |x - c|^2: on
/// uniform [0, 1) data 8 times larger, d^2 u 4 / 3 in all. At d = 8192 it
/// is 5.4 against a gap of about 4.2 between a row's best two, and most
/// rows would replay every candidate (a pass over the candidate matrix a
/// row). At d = 2048 (0.36 against 1.7-1.9) 1.4-1.6% of the rows replay
/// every candidate in the model (docs/results/2026-12-07/session42/
/// open_rows_gram.py), and 16384 x 1024 x 2048 ran 2.08x the FMA kernel's
/// time on an H100; at d = 1024 none of the model's sampled rows does, and
/// 10-12% replay a few candidates (docs/performance-notes.md, version 46).
/// Past it the norms are G's own (TiledBuilder::nativeNorms), which takes
/// their error out of the bound.
constexpr int64_t kCertifiedGramCompensatedFeatures = 1024;
/// The most features a certified Gram form takes. With native norms the
/// bound's largest term is XC's own chain, about d u |x| |c| / 2: on
/// uniform data the CPU model (docs/results/2026-12-08/session48) leaves
/// 1.9 candidates open a row at sample-heavy (d = 8192) and no sampled
/// row of 200 with 8 or more, but at feature-heavy (d = 16384) 5.1, and
/// 24% of the rows with 8 or more, each a replay over every candidate:
/// about 100 ms on the H200 beside cuBLAS's 168 ms for the whole product.
constexpr int64_t kCertifiedGramMaxFeatures = 8192;
/// nativeNorms: the factor on f T + (d + 1 - slices f) N that makes it at
/// least W = sum (d - i + 1) x_i^2. Each running value the duty sums into
/// T is within gamma_d of its exact prefix (positive terms), and T's adds
/// and the f32 evaluation of W round a few hundred times at most.
double nativeNormWeightScale(int64_t d) {
  double u = std::ldexp(1.0, -24);
  double gamma = static_cast<double>(d) * u / (1 - static_cast<double>(d) * u);
  return 1 + 2 * gamma + 1.0 / 1024;
}
CertifiedBoundTerms certifiedBoundTerms(int64_t d, int64_t sliceFeatures,
                                        int64_t mmaK, bool compensatedSums,
                                        bool nativeGram,
                                        bool nativeNorms = false) {
  double u = std::ldexp(1.0, -24);
  double features = static_cast<double>(d);
  double sumUlps =
      compensatedSums ? compensatedSumUlps(d, sliceFeatures) : features;
  // A slice's 3 f / 8 MMAs, each within kCertifiedUlpsPerMma ulps (2u) of
  // its S_s, then one rounding (u) an add of a slice after the first.
  int64_t mmasPerSlice = 3 * llvm::divideCeil(std::min(d, sliceFeatures), mmaK);
  int64_t slices = llvm::divideCeil(d, sliceFeatures);
  double mma = static_cast<double>(mmasPerSlice) * kCertifiedUlpsPerMma * 2 +
               static_cast<double>(slices - 1);
  // The decided value's own rounding, relative to |v| + E: the direct
  // form's chain, or the Gram form's last subtraction.
  double own = nativeGram ? u * 1.001 : (features + 2) * u * 1.001;
  double scale = (1 + own) * (1 + 1.0 / 1024);
  CertifiedBoundTerms terms;
  terms.normSlack = std::max(1.0 / 4096, 2 * (sumUlps + 2) * u);
  terms.perS = (2 * (mma + 24) + 10) * u * scale;
  terms.perB = (2 * sumUlps + 10) * u * scale;
  terms.perNorms = (sumUlps + 4) * u * scale;
  if (nativeGram && nativeNorms) {
    double gamma = features * u / (1 - features * u);
    terms.normSlack = std::max(terms.normSlack, 2 * gamma);
    terms.perNorms = 4 * u * scale;
    // W comes with its own slack (nativeNormWeightScale).
    terms.perRootNorms = 2 * u / (1 - (features + 1) * u) * scale;
  } else if (nativeGram) {
    // The norms in the bound are the kernel's, within normSlack of the
    // exact ones.
    double gamma = features * u / (1 - features * u);
    double slack = 1 + terms.normSlack;
    terms.perNorms += (gamma + u * (1 + gamma)) * slack * scale;
    terms.perRootNorms = 2 * gamma * slack * scale;
  }
  terms.absolute = features * std::ldexp(1.0, -100) * scale;
  terms.perValue = own * (1 + 1.0 / 1024) + 2 * u;
  return terms;
}
/// The refinement's bound relative to the value (refineRows): a lane sums
/// 4 ceil(d / 128) terms, the butterfly joins the lanes, and the direct
/// form's own error is d u of the value, so (4 ceil(d / 128) + d + 10) u,
/// with 1% for the f32 arithmetic of the bound.
double refinedRelativeBound(int64_t d) {
  double laneTerms = 4.0 * static_cast<double>(llvm::divideCeil(d, 128));
  return (laneTerms + static_cast<double>(d) + 10) * std::ldexp(1.0, -24) *
         1.01;
}

/// Whether `cfg`'s launch leaves a thread kRoomyRegisters registers.
bool roomyRegisters(const TileConfig &cfg) {
  return kRegistersPerSM / cfg.launchThreads() >= kRoomyRegisters;
}

/// The lower bounds a row of the certified kernel keeps (CertifiedTop):
/// a row whose open candidates are more than all but the last of them is
/// refined and decided over all k candidates, a pass over the whole
/// candidate matrix for that row (256 MiB at sample-heavy, more than the
/// L2 holds). The bound's largest term is the direct form's own error,
/// (d + 2) u of the distance, which at large d nears the gaps between a
/// row's best candidates: on uniform data (docs/performance-notes.md,
/// version 39, open_rows.py) 4 levels left 2.5-3.1% of the rows of d =
/// 8192 and 19% of d = 16384 to that pass, 8 levels none of 1024 sampled
/// and 1.8%; up to d = 2048 4 left none. More levels are 6 registers a
/// level for a thread's two rows, live through the slice loop: ptxas
/// spilled 116 bytes a thread at 8 in the 64x128 tiles at d = 8192 (168
/// registers), and 992 bytes where the launch leaves 128 registers (92 at
/// 4 levels), so those keep 4.
int64_t certifiedLevelsFor(int64_t d, const TileConfig &cfg) {
  return d > 2048 && roomyRegisters(cfg) ? 8 : 4;
}

/// The 16-byte chunks of each operand that a single pair's replay
/// (directDistance) loads a step under `cfg`'s launch: twice as many where
/// it is roomy, whose 16 chunks (64 registers) fit beside the chains
/// without a spill, so that half the steps are half the L2 round trips.
/// With 128 registers a thread (the 64x64 tiles past 512 features) the
/// loads of a 64-feature step would spill.
int64_t pairReplayChunksAStep(const TileConfig &cfg) {
  return roomyRegisters(cfg) ? 2 * kReplayChunksAStep : kReplayChunksAStep;
}

/// The least f32 at or above `v` (v positive and finite), so that a
/// coefficient of the bound never rounds down.
double roundUpToFloat(double v) {
  float f = static_cast<float>(v);
  if (static_cast<double>(f) < v)
    f = std::nextafter(f, std::numeric_limits<float>::infinity());
  return f;
}

/// Registers a thread needs at the launch's count for one wgmma: its
/// accumulators and about 26 more (descriptors, addresses). ptxas checks
/// every instruction against the launch's count, not the count setmaxnreg
/// gives later (an m64n256 wgmma at 128 did not assemble).
int64_t wgmmaRegisters(const TileConfig &cfg) { return cfg.tm * cfg.tn + 32; }

/// The two factors of `product` (a fuse.mul, or a fuse.square's operand
/// twice) at element `at` of the product, each read with the product's
/// broadcast.
FailureOr<std::array<Value, 2>>
emitProductFactors(KernelEmitter &emitter, Value product, ArrayRef<Value> at,
                   KernelEmitter::Frame *frame) {
  Operation *producer = product.getDefiningOp();
  auto productType = cast<RankedTensorType>(product.getType());
  SmallVector<Value, 2> factors;
  for (Value operand : producer->getOperands()) {
    auto operandType = cast<RankedTensorType>(operand.getType());
    int64_t offset = productType.getRank() - operandType.getRank();
    SmallVector<Value> indices;
    for (int64_t d = 0; d < operandType.getRank(); ++d)
      indices.push_back(operandType.getDimSize(d) == 1
                            ? emitter.indexConstant(0)
                            : at[d + offset]);
    FailureOr<Value> factor = emitter.emit(operand, indices, frame);
    if (failed(factor))
      return failure();
    factors.push_back(*factor);
  }
  return std::array<Value, 2>{factors.front(), factors.back()};
}

/// Orderable bits of an f32: unsigned comparison of the keys orders the
/// values (min kind); NaN takes the key that `nan` mode gives it.
Value orderableKey(OpBuilder &b, Location loc, Value value, bool isMin,
                   bool nanIsBest) {
  Type i32 = b.getI32Type();
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(i32, v));
  };
  Value bits = arith::BitcastOp::create(b, loc, i32, value);
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, bits, c(0));
  Value flipped = arith::XOrIOp::create(b, loc, bits, c(-1));
  Value withSign = arith::OrIOp::create(b, loc, bits, c(INT32_MIN));
  Value key = arith::SelectOp::create(b, loc, negative, flipped, withSign);
  if (!isMin)
    key = arith::XOrIOp::create(b, loc, key, c(-1));
  Value isNan =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, value, value);
  return arith::SelectOp::create(b, loc, isNan, nanIsBest ? c(0) : c(-1), key);
}

/// Inverse of orderableKey for non-NaN keys.
Value keyToValue(OpBuilder &b, Location loc, Value key, bool isMin) {
  Type i32 = b.getI32Type();
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(i32, v));
  };
  if (!isMin)
    key = arith::XOrIOp::create(b, loc, key, c(-1));
  Value wasPositive =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, key, c(0));
  Value positive = arith::XOrIOp::create(b, loc, key, c(INT32_MIN));
  Value negative = arith::XOrIOp::create(b, loc, key, c(-1));
  Value bits = arith::SelectOp::create(b, loc, wasPositive, positive, negative);
  return arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
}

int64_t defaultMinBlocks(const TileConfig &cfg, int64_t sharedBytes);

class TiledBuilder {
public:
  TiledBuilder(ScheduleContext &ctx, TiledPlan plan, TileConfig cfg)
      : ctx(ctx), plan(plan), cfg(cfg), loc(ctx.kernel.getLoc()),
        builder(ctx.func.getContext()) {}

  LogicalResult build();
  LogicalResult buildMerge(StringRef name);
  /// A packed (key << 32 | index) pair's label (the low half, as i64) and,
  /// when `withValue`, its value (NaN for the NaN key).
  std::pair<Value, Value> unpackPair(Value packed, bool withValue);
  /// The merge entry's recheck of row `row`, whose best is `packedBest`:
  /// the label and value it keeps (`label`, `value` when no second
  /// candidate exists).
  FailureOr<std::pair<Value, Value>> emitRecheck(IRMapping &mapping, Value row,
                                                 Value packedBest, Value label,
                                                 Value value);
  /// --precision=3xtf32-recheck: each thread keeps its rows' best two
  /// candidates; the parts meet in the labels (the best) and
  /// ctx.rowScratch (the second), and the merge entry decides between the
  /// two in IEEE fp32 (emitRecheck).
  bool recheck = false;
  /// --precision=3xtf32-certified, on a direct form that fuse-choose-form
  /// rewrote (TiledPlan::certifiedDirect): each candidate's 3xTF32 value v
  /// comes with a bound E on |v - direct| (certifiedBound), where direct is
  /// the direct form's IEEE value, and each row keeps its certifiedLevels
  /// least lower bounds v - E (CertifiedTop). The block that stores the
  /// labels decides every row from those (emitCertifiedLabels): the first
  /// candidate when the second's lower bound is above its upper bound,
  /// else (after a refinement where it pays) the best direct value of the
  /// first m when the next lower bound is above their least upper bound,
  /// else the direct form over every candidate. So the labels are the
  /// direct form's, as the FMA schedule gives them.
  bool certify = false;
  /// certify on a Gram form the user wrote (TiledPlan::certifiedGram): the
  /// bound is on |v - G|, G the Gram form's native IEEE value, and the
  /// rows it cannot decide replay G (replayRowStep) where a direct form
  /// replays the direct chain.
  bool certifiedGram = false;
  /// certifiedGram past kCertifiedGramCompensatedFeatures: the norms XX
  /// and CC are summed as G sums them (a rounded product, then a rounded
  /// add, in feature order, one chain a row or candidate), so that v and
  /// G share XX + CC exactly and the bound keeps only XC's error. Beside
  /// each norm N the duty sums its running values after every slice, T,
  /// whence W = f T + (d + 1 - slices f) N >= sum (d - i + 1) x_i^2, the
  /// products' rounding counts in XC's chain as weights
  /// (certifiedBoundTerms).
  bool nativeNorms = false;
  /// A row's certifiedLevels least lower bounds, all but the last with
  /// their upper bounds and candidates (certifiedLevelsFor). A candidate
  /// whose bound is not finite has (-inf, +inf): it is never excluded.
  int64_t certifiedLevels = 4;
  /// The rows that need the direct form over all k candidates wait in a
  /// list of the block's (CertifiedBuffers::deferredRows) until a tile's
  /// would overflow it or the block's last tile; then they move to the
  /// call's list (deferredList) for the deferred pass entry, and only
  /// those past its room take the block's own pass over the candidates,
  /// kDeferredGroup at a time (flushDeferredRows). Each such row read the
  /// whole candidate matrix by itself, 256 MiB at feature-heavy, where a
  /// block meets about 9 of them (docs/performance-notes.md, versions 39
  /// and 40). Persistent blocks without clusterSplit whose rows keep 8
  /// levels, with a static multiple of 4 features (emitTiledRunningMin).
  bool certifiedDefers = false;
  /// certifiedDefers: the call's list of rows for the deferred pass
  /// (buildDeferredPass), [1 + kDeferredListRows] i64 in global memory,
  /// zeroed before the main entry: how many rows the blocks reserved (it
  /// may pass the capacity), then the rows.
  Value deferredList;
  /// certifiedDefers: whether this is the block's last row tile.
  Value lastRowTile;
  int64_t certifiedFieldCount() const { return 3 * certifiedLevels - 2; }
  struct CertifiedTop {
    SmallVector<Value> lo, hi, j;
  };
  /// The fields in order: lo, then hi, then j (i32).
  bool isCandidateField(int64_t field) const {
    return field >= 2 * certifiedLevels - 1;
  }
  SmallVector<Value> certifiedFields(const CertifiedTop &top) const {
    SmallVector<Value> fields(top.lo);
    fields.append(top.hi);
    fields.append(top.j);
    return fields;
  }
  CertifiedTop certifiedFromFields(ArrayRef<Value> f) const {
    int64_t l = certifiedLevels;
    return {SmallVector<Value>(f.take_front(l)),
            SmallVector<Value>(f.slice(l, l - 1)),
            SmallVector<Value>(f.slice(2 * l - 1, l - 1))};
  }
  /// A field as the i32 bits that shared memory holds, and back.
  Value certifiedFieldBits(Value field) {
    return field.getType().isF32()
               ? arith::BitcastOp::create(builder, loc, builder.getI32Type(),
                                          field)
                     .getResult()
               : field;
  }
  Value certifiedFieldFromBits(int64_t field, Value bits) {
    return isCandidateField(field)
               ? bits
               : arith::BitcastOp::create(builder, loc, builder.getF32Type(),
                                          bits)
                     .getResult();
  }
  /// A row before any candidate: every bound +inf, every candidate 0.
  CertifiedTop certifiedEmpty() {
    Value inf = f32(std::numeric_limits<double>::infinity());
    return {SmallVector<Value>(certifiedLevels, inf),
            SmallVector<Value>(certifiedLevels - 1, inf),
            SmallVector<Value>(certifiedLevels - 1, i32(0))};
  }
  /// How many of the first candidates can still hold the least direct
  /// value: the least m whose next lower bound is above the least upper
  /// bound of the first m, or certifiedLevels when none is (index).
  Value certifiedOpen(const CertifiedTop &top);
  /// `top` with the candidate (lo, hi, j) taken in; a tie keeps the
  /// earlier one first.
  CertifiedTop certifiedInsert(const CertifiedTop &top, Value lo, Value hi,
                               Value j);
  /// `a` merged with `b` (b's third enters last, so it can only be third).
  CertifiedTop certifiedMerge(const CertifiedTop &a, const CertifiedTop &b);
  /// The direct form's IEEE value of (row, col): t = x - c, then
  /// acc = fma(t, t, acc) for features 0 to d - 1, from 0, the order and
  /// rounding of the FMA schedule's direct form. d is a static multiple of
  /// 4 (16-byte rows, as wgmma needs).
  Value directDistance(Value rowMem, Value colMem, Value row, Value col,
                       int64_t dStatic);
  /// directDistance of each of `rows` to col, the candidate's chunks
  /// loaded once for all of them; each row's value is the same chain.
  /// certifiedGram: the Gram form's native value instead (replayRowStep).
  /// Each step loads `chunksAStep` 16-byte chunks of every operand before
  /// its chains.
  SmallVector<Value> directDistances(Value rowMem, Value colMem,
                                     ArrayRef<Value> rows, Value col,
                                     int64_t dStatic,
                                     int64_t chunksAStep = kReplayChunksAStep);
  /// The replay of the IEEE value that decides a certified row, one
  /// feature at a time, for `rows` rows against one candidate: the chains
  /// of each row, then the candidate's. The direct form has one chain a
  /// row, t = x - c then fma(t, t, acc). certifiedGram has two a row, XX
  /// and XC, and the candidate's CC, each adding its rounded product
  /// (x x, x c, c c) in a separately rounded add, as the reference
  /// evaluator's native mode sums; replayValue then gives
  /// (XX + CC) - 2 XC.
  SmallVector<Value> replayStart(size_t rows) {
    size_t chains = certifiedGram ? 2 * rows + 1 : rows;
    return SmallVector<Value>(chains, f32(0));
  }
  /// Row `row`'s chains take feature value x (and the candidate's c).
  void replayRowStep(MutableArrayRef<Value> chains, size_t row, Value x,
                     Value c) {
    if (!certifiedGram) {
      Value t = arith::SubFOp::create(builder, loc, x, c);
      chains[row] = LLVM::FMAOp::create(builder, loc, t, t, chains[row]);
      return;
    }
    addRoundedProduct(chains[2 * row], x, x);
    addRoundedProduct(chains[2 * row + 1], x, c);
  }
  /// certifiedGram: the candidate's chain, CC, takes feature value c.
  void replayCandidateStep(MutableArrayRef<Value> chains, Value c) {
    addRoundedProduct(chains.back(), c, c);
  }
  void addRoundedProduct(Value &acc, Value a, Value b) {
    acc = arith::AddFOp::create(builder, loc, acc,
                                arith::MulFOp::create(builder, loc, a, b));
  }
  Value replayValue(ArrayRef<Value> chains, size_t row) {
    if (!certifiedGram)
      return chains[row];
    return gramValue(chains[2 * row], chains.back(), chains[2 * row + 1]);
  }
  /// certifiedGram: G = (XX + CC) - 2 XC, each operation rounded.
  Value gramValue(Value xx, Value cc, Value xc) {
    Value norms = arith::AddFOp::create(builder, loc, xx, cc);
    Value twice = arith::MulFOp::create(builder, loc, f32(2), xc);
    return arith::SubFOp::create(builder, loc, norms, twice);
  }
  /// Shared memory of the certified decision.
  struct CertifiedBuffers {
    /// [certifiedLevels - 1][bm] i32: each row's first candidates.
    Value pairs;
    /// [bm] i32: how many of them are open (certifiedOpen).
    Value modes;
    /// [kCertifiedLists][bm] i32: the rows that need the direct form for
    /// their first two (kFewList), for every candidate (kFullList), and
    /// those the tensor cores' bounds did not decide, between their first
    /// two (kRefineFewList) or among all (kRefineFullList).
    Value lists;
    /// [kCertifiedLists] i32: how many of each.
    Value counts;
    /// [bm] i64: the packed (key << 32 | index) minimum of a listed row.
    Value best;
    /// [warps][certifiedFieldCount()] i32: each warp's CertifiedTop of a
    /// refined row.
    Value warpTops;
    /// certifiedDefers: [bm] i64 the rows (global) deferred to the block's
    /// pass over all candidates, [bm] i64 their packed minimum, [1] i32
    /// how many.
    Value deferredRows, deferredBest, deferredCount;
    /// certifiedDefers: [1] i64, where the block's rows start in the
    /// call's list (deferredList).
    Value deferredListBase;
  };
  static constexpr int64_t kFewList = 0, kFullList = 1, kRefineFewList = 2,
                           kRefineFullList = 3, kCertifiedLists = 4;
  /// Stores `top`'s first candidate as the label of `row` when it alone is
  /// open (certifiedOpen == `open` == 1); the builder is left in the branch
  /// where it is not.
  void storeLabelIfDecided(const CertifiedTop &top, Value open, Value labels,
                           Value row);
  /// Whether a row's `open` count (certifiedOpen) names its open
  /// candidates, rather than all of them.
  Value opensFew(Value open) {
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, open,
                                 idx(certifiedLevels));
  }
  /// certifiedDefers: the direct form of every deferred row over all k
  /// candidates, in groups of kDeferredGroup rows that share each
  /// candidate's loads, and their labels; the list is then empty. Every
  /// consumer thread runs it (it has barriers).
  void flushDeferredRows(Value rowMem, Value colMem, Value labels,
                         const CertifiedBuffers &buffers, int64_t dStatic);
  /// Lists a row that `top` leaves open (open > 1) for the direct form:
  /// its open candidates (kFewList), or every candidate (kFullList).
  void listForDirectForm(const CertifiedBuffers &buffers,
                         const CertifiedTop &top, Value open, Value local);
  /// The direct form's `value` of candidate `col` as the packed (key << 32
  /// | index) pair whose unsigned minimum is the label's (ties: the lower
  /// index).
  Value packDirectValue(Value value, Value col);
  /// certifiedDefers: the second entry, the direct form of the rows in
  /// the call's list (deferredList) over all k candidates, a work item a
  /// block: kDeferredPassRows rows and kDeferredPassThreads candidates,
  /// their features staged in shared memory by coalesced loads, a chain a
  /// (row, candidate) in the direct form's order. Each item's minima meet
  /// in the labels through 64-bit atomics on (key << 32 | index).
  LogicalResult buildDeferredPass(StringRef name);
  /// certifiedDefers: the third entry, the labels of the listed rows from
  /// their packed minima.
  LogicalResult buildDeferredUnpack(StringRef name);
  /// The rows in the call's list (deferredList, mapped into the entry
  /// being built as `list`): the blocks' reservations, at most its room.
  Value listedRows(Value list);
  /// Creates an entry `name` after the main one, with its parameters (and
  /// tensor-map marks) and `threads` a block, maps the main entry's
  /// memrefs of them into it (`mapping`), and leaves the builder before
  /// its return.
  gpu::GPUFuncOp createSiblingEntry(StringRef name, int64_t threads,
                                    IRMapping &mapping);
  /// Emits `body` for thread 0 alone, at the insertion point.
  void inFirstThread(llvm::function_ref<void()> body);
  /// Thread 0 sets every list's count to 0 (and with `withDeferred` the
  /// deferred rows' count).
  void resetCertifiedCounts(const CertifiedBuffers &buffers,
                            bool withDeferred = false);
  /// Appends row `local` to list `list` (a shared-memory atomic on its
  /// count).
  void appendCertifiedRow(const CertifiedBuffers &buffers, int64_t list,
                          Value local);
  /// emitCertifiedLabels' step 1b, for the rows to refine over their first
  /// two candidates (a warp a row) or over all (the block's warps a row).
  void refineRows(Value rowMem, Value colMem, Value rowBase, Value labels,
                  const CertifiedBuffers &buffers, int64_t dStatic,
                  bool allCandidates);
  /// Decides the labels of the row tile at `rowBase` from topOf(localRow)
  /// (emitted in a loop over the tile's rows) with the block's consumer
  /// threads, and stores them.
  void emitCertifiedLabels(Value rowMem, Value colMem, Value rowBase,
                           Value labels, const CertifiedBuffers &buffers,
                           int64_t dStatic,
                           llvm::function_ref<CertifiedTop(Value)> topOf);
  /// The merge entry's rows a block: a thread each, or staged, the lanes
  /// of each of its mergeWarps() warps.
  int64_t mergeThreads = 256;
  /// The recheck's warps stage each step's features of the block's 32 rows
  /// and their candidates in shared memory by coalesced loads, and each
  /// thread reads its own row's from there: 32 rows a block, d a static
  /// multiple of 32. A thread's own 16-byte loads of its row touch 32
  /// rows' lines per warp instruction.
  bool recheckStaged() const;
  /// The staged recheck's shared-memory buffers, a step of features each:
  /// as many as the row has steps, at least 3 and at most
  /// kMaxStagedBuffers.
  int64_t recheckStagedBuffers() const;
  /// Warps of a merge block: staged, kMergeWarps on the same 32 rows (one
  /// warp runs the pairwise chains, the others the norms), so that the
  /// chains of a row group run on every scheduler of its SM; else one.
  int64_t mergeWarps() const;
  /// A staged merge thread's lane (its row in the group) and warp (its
  /// chains), from its thread index.
  Value mergeLane(Value tid) {
    return arith::RemUIOp::create(builder, loc, tid, idx(32));
  }
  Value mergeWarp(Value tid) {
    return arith::DivUIOp::create(builder, loc, tid, idx(32));
  }
  /// Dynamic shared memory of the merge entry (emitRecheck or
  /// buildDeferredPass sets it).
  int64_t mergeSharedBytes = 0;
  /// The merge entry buildMerge is building.
  gpu::GPUFuncOp mergeFunc;
  /// TMA: sets the consumers' setmaxnreg count once the launch bounds
  /// (`minBlocks` resident blocks) are known, or drops it when they would
  /// gain nothing.
  void splitRegisters(int64_t minBlocks);
  int32_t producerRegisters() const;
  /// TMA: puts the consumers' code (everything after `setupEnd` up to
  /// `ret`) under `tid < threads()` and gives the producer warpgroup the
  /// loads of every stage, through `loadStage(slice, iteration, j0,
  /// rowBase)`.
  void specializeWarps(
      Operation *setupEnd, Operation *ret,
      llvm::function_ref<void(Value, Value, Value, Value)> loadStage,
      llvm::function_ref<SmallVector<Value>(Value, Value)> loadChunks = {});
  /// Dynamic shared memory the launch must give (the cp.async schedule).
  int64_t dynamicSharedBytes() const { return dynamicBytes + dynamicSlack; }
  /// Whether the producers sum the candidate norms (producerDuty).
  bool producerSumsNorms() const { return producerDuty; }

private:
  Value idx(int64_t v) {
    return arith::ConstantIndexOp::create(builder, loc, v);
  }
  /// a + b rounded, and its rounding error exactly (Knuth's TwoSum: no
  /// assumption on which is larger; with an infinity the error is NaN).
  std::pair<Value, Value> twoSum(Value a, Value b) {
    Value sum = arith::AddFOp::create(builder, loc, a, b);
    Value bPart = arith::SubFOp::create(builder, loc, sum, a);
    Value aPart = arith::SubFOp::create(builder, loc, sum, bPart);
    Value aError = arith::SubFOp::create(builder, loc, a, aPart);
    Value bError = arith::SubFOp::create(builder, loc, b, bPart);
    Value error = arith::AddFOp::create(builder, loc, aError, bError);
    return {sum, error};
  }
  Value f32(double v) {
    return arith::ConstantOp::create(builder, loc, builder.getF32FloatAttr(v));
  }
  /// The i-th row (or candidate) of the FMA schedule's register tile of
  /// the thread at `coord` along an axis that `threadsAlong` threads share,
  /// relative to the block tile: groups of 4 consecutive ones (a vector
  /// load each), group g at g * 4 * threadsAlong + coord * 4. The lanes of
  /// a warp then read consecutive 16-byte chunks: with each thread's 8
  /// candidates consecutive, 16 lanes' loads spanned 512 bytes, half of
  /// each 32 used, 4 shared-memory wavefronts per load instead of 2.
  Value threadOffset(Value coord, int64_t threadsAlong, int64_t i) {
    return arith::AddIOp::create(
        builder, loc, arith::MulIOp::create(builder, loc, coord, idx(4)),
        idx(i / 4 * 4 * threadsAlong + i % 4));
  }
  Value i32(int64_t v) {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getI32IntegerAttr(v));
  }
  /// Copies rows [base, base + rows) x features [l0, l0 + bk) of `src`
  /// (extent `rowsTotal` x `d`) into registers, zero outside: one vector
  /// of 16 bytes (chunkElems() elements) per chunk the thread stages.
  SmallVector<Value> loadTile(Value src, Value base, Value rowsTotal, Value l0,
                              int64_t rows, bool rowsInBounds = false);
  /// `src[indices]` where `inBounds` holds, else 0 of `src`'s element type.
  Value loadOrZero(Value inBounds, Value src, ValueRange indices);
  /// Stores loadTile's chunks into `smem`'s slice `buffer`: transposed,
  /// [feature][row], for the FMA schedule; row-major, [row][feature], for
  /// the MMA schedule.
  void storeTile(ArrayRef<Value> regs, Value smem, Value buffer, int64_t rows);
  /// 3xTF32 on wgmma: stores the TF32 split of loadTile's chunks, big,
  /// small and cross parts (splitTf32) as f32 bits, into the staging tiles
  /// `parts` of slice `buffer` (the first two, or all three), once per
  /// staged element.
  void storeSplitTile(ArrayRef<Value> regs, ArrayRef<Value> parts, Value buffer,
                      int64_t rows, bool guardNonFinite = true);
  /// translatesRows: the thread's pairwise sums from the origin (`values`,
  /// row-major over `rows` x `cols`), except that a sum that is not finite
  /// (an infinite or NaN input, or an overflow) of a pair that exists is
  /// recomputed from the operands in global memory with f32 FMAs. From the
  /// origin an infinite feature's sign is that of x - mu and of mu, not of x:
  /// x . c = -inf could come out NaN, and a NaN distance wins. The
  /// recomputation goes through thread-private memory, off the registers
  /// that the accumulators hold (a loop per pair made ptxas spill them).
  SmallVector<Value> recomputeSpecialDots(ArrayRef<Value> values,
                                          ArrayRef<Value> rows,
                                          ArrayRef<Value> cols, Value rowSrc,
                                          Value colSrc);
  /// translatesRows: mu, the mean of candidate 0's first min(d, 32)
  /// features in `colSrc`, or 0 when it is not finite or there is no
  /// candidate. Every thread computes it from the same loads (L1 hits
  /// after the first warp's), once per block.
  Value emitOrigin(Value colSrc);
  /// The split of an f32 operand for the MMAs: the TF32 part
  /// (cvt.rna.tf32, which keeps NaN a NaN and inf an inf), the f32
  /// remainder (which the tensor core truncates to TF32, and which is
  /// exact: x - big fits in 12 bits of x's significand) and the TF32 part
  /// again for the cross terms, all as i32 bits. A non-finite TF32 part
  /// has no remainder (inf - inf would turn an infinite product into NaN)
  /// and counts as 0 in the cross terms (an infinite operand times the
  /// other's exact remainder, 0, would make NaN too); the big x big product
  /// carries the inf or NaN. Found by gpu-edge.sh's tc-3xtf32 NaN and inf
  /// cases. Without guardNonFinite (the split producer, whose non-finite
  /// pairwise sums are recomputed) the TF32 part is cvt.rna's rounding
  /// done by an add and a mask, without the guard that keeps a NaN a NaN.
  struct Tf32Parts {
    Value big, small, cross;
  };
  Tf32Parts splitTf32(Value x, bool guardNonFinite = true);
  /// Issues cp.async copies of the same chunks as loadTile straight into
  /// `smem`'s slice `buffer` (zero-filled outside the operand).
  void copyTileAsync(Value src, Value base, Value rowsTotal, Value l0,
                     int64_t rows, Value smem, Value buffer);
  /// copyTileAsync for the FMA schedule (see TileConfig::fmaCopyGroup).
  void copyTileTransposedAsync(Value src, Value base, Value rowsTotal, Value l0,
                               int64_t rows, Value smem, Value buffer);
  /// Source indices and size of a copy of `elems` elements at (row,
  /// feature) of an operand of `rowsTotal` x d: past the operand it copies
  /// 0 bytes (cp.async zero-fills the rest) from the operand's first
  /// element, an address the kernel may name.
  struct CopySource {
    Value row, feature, elems;
  };
  CopySource clampedSource(Value row, Value feature, Value rowsTotal,
                           int64_t elems);
  /// The types of loadTile's registers.
  SmallVector<Type> tileRegTypes(int64_t rows) const;
  /// Where the p-th chunk the thread stages lies: chunk q = tid + p *
  /// threads covers row q / (bk / e) of the tile and its features
  /// e * (q % (bk / e)) .. + e - 1; `row` and `feature` are the same in the
  /// operand, for a tile at row `base` and a slice at feature `l0`.
  struct Chunk {
    Value rowInTile, col, row, feature;
  };
  Chunk chunkAt(int64_t p, Value base = Value(), Value l0 = Value());
  /// Indices of (row, feature) of slice `buffer` in an MMA staging tile:
  /// [buffer][row][feature] (rows padded by 16 bytes), or for wgmma the
  /// 128-byte swizzle of its matrix descriptors: rows of 128 bytes whose
  /// 16-byte chunks are permuted by the row's index mod 8,
  /// [buffer][row][feature / e xor row % 8][feature % e]. A warp's copies
  /// read 4 whole lines of the operand and write 512 bytes without bank
  /// conflicts. (The no-swizzle layout, core matrices of 8 rows x 16
  /// bytes, had each copy instruction touch 8 lines of the operand: twice
  /// the L2 requests, and the L2 was the limit, 125 ms against mma.sync's
  /// 66 on sample-heavy f16.)
  SmallVector<Value> stagedIndex(Value buffer, Value row, Value feature);
  /// acc += A x B^T over one slice with wgmma, acc the accumulator struct:
  /// the descriptors' start addresses step through the slice's k-chunks.
  /// With the split producer, A comes from registers, loaded from `rowSmem`'s
  /// slice `buffer`. Returns the new struct, valid after wgmma.wait_group.
  Value emitWgmmaSlice(Value acc, Value rowSmem = Value(),
                       Value buffer = Value());
  /// The split producer: the thread's TF32 A fragment of k-step `step` (rows g
  /// and g + 8 of its warp's 16, features q and q + 4 of the step, the
  /// mma.sync m16n8k8 order), measured from the origin (translatesRows)
  /// and split: big, small and cross, 4 registers each.
  std::array<SmallVector<Value>, 3> loadRowFragment(Value rowSmem, Value buffer,
                                                    int64_t step);
  /// loadRowFragment's two halves: the ldmatrix.x4 of k-step `step`, and
  /// the origin's subtraction and split of its four registers.
  Value loadRowMatrices(Value rowSmem, Value buffer, int64_t step);
  std::array<SmallVector<Value>, 3> splitRowMatrices(Value matrices);
  /// One m64nNk8 TF32 wgmma with A in registers (4 x i32) and B from the
  /// descriptor: inline PTX, since nvvm.wgmma.mma_async takes A only from
  /// shared memory.
  Value emitWgmmaRegisterA(Value acc, ArrayRef<Value> a, Value descB);
  /// The wgmma accumulator struct of the thread's tm x tn tile.
  Value packWgmmaAccumulators(ArrayRef<Value> acc);
  /// The (value, index) slots of the wgmma accumulator struct's element
  /// i in the thread's tm x tn tile: n8 chunk i / 4, row i / 2 % 2,
  /// candidate i % 2 of the chunk's pair.
  unsigned wgmmaSlot(unsigned i) const {
    unsigned chunk = i / 4, e = i % 4;
    return (e / 2) * cfg.tn + 2 * chunk + e % 2;
  }
  /// acc += A-tile x B-tile^T for the k-step at feature offset kOff of the
  /// current buffer; acc is the thread's tm x tn accumulator tile.
  void emitMmaStep(Value aSmem, Value bSmem, Value current, int64_t kOff,
                   SmallVector<Value> &acc);
  /// Offset of a thread's m-th row (c-th candidate) in the block tile.
  Value rowLocal(int64_t m) {
    if (cfg.mma == MmaKind::None)
      return threadOffset(trow, cfg.bm / cfg.tm, m);
    // wgmma: rows warp * 16 + 8 * m + lane / 4.
    if (cfg.wgmma)
      return arith::AddIOp::create(builder, loc, warpRow, idx(8 * m));
    // Rows warp * 32 + 16 * (m / 2) + 8 * (m % 2) + lane / 4.
    return arith::AddIOp::create(builder, loc, warpRow,
                                 idx(16 * (m / 2) + 8 * (m % 2)));
  }
  Value colLocal(int64_t c) {
    if (cfg.mma == MmaKind::None)
      return threadOffset(tcol, cfg.bn / cfg.tn, c);
    // Candidates 8 * (c / 2) + 2 * (lane % 4) + c % 2.
    return arith::AddIOp::create(builder, loc, quadCol,
                                 idx(8 * (c / 2) + c % 2));
  }
  /// A shared-memory buffer: a workgroup attribution, or with cp.async
  /// stages the next 16-byte-aligned part of the dynamic shared memory.
  /// All buffers are then dynamic: a static one would share offsets with
  /// the dynamic base, which LLVM declares as a static variable of size 0.
  Value sharedBuffer(MemRefType type) {
    if (!dynamicBase)
      return ctx.func.addWorkgroupAttribution(type, loc);
    dynamicBytes = llvm::alignTo(dynamicBytes, 16);
    lastSharedOffset = dynamicBytes;
    Value offset = idx(dynamicBytes);
    if (dynamicPad)
      offset = arith::AddIOp::create(builder, loc, offset, dynamicPad);
    Value view = memref::ViewOp::create(builder, loc, type, dynamicBase, offset,
                                        ValueRange{});
    dynamicBytes += type.getNumElements() *
                    type.getElementType().getIntOrFloatBitWidth() / 8;
    return view;
  }
  int64_t chunkElems() const { return 16 / elemBytes; }
  int64_t chunksPerThread(int64_t rows) const {
    return llvm::divideCeil(rows * (cfg.bk / chunkElems()), stagingThreads());
  }
  /// Whether a thread's chunk `p` is guarded against falling past the
  /// tile's `rows` rows. It cannot when the staging threads divide the
  /// tile's chunks; then the guard costs a branch a chunk, which keeps
  /// ptxas from interleaving the chunks' splits and stores. Without it the
  /// probe's 3xTF32 call ran 2-3% faster, but sample-heavy's 4% slower (3
  /// pairs of calls), so only the kernels that prefetch the
  /// chunks (few rows) drop it (docs/performance-notes.md, version 31).
  bool chunkMayLeaveTile(int64_t rows) const {
    return !prefetchesChunks() ||
           rows * (cfg.bk / chunkElems()) % stagingThreads() != 0;
  }
  /// Whether the setup's cluster barrier is a relaxed arrival, whose wait
  /// comes just before the first exchange store: the candidate parts meet
  /// in the first block's shared memory, and no block arrives on another's
  /// stage barriers (no multicast).
  bool relaxedClusterSetup() const {
    return cfg.tma && cfg.clusterSplit && cfg.cluster == 1;
  }
  /// Whether the split producer loads each slice's candidate chunks during
  /// the previous slice (specializeWarps). With the producers' duty (few
  /// rows) it paces the kernel by its loads' latency, which then overlaps
  /// the wait for a free stage: with four stages the probe's 3xTF32 call
  /// ran 5.5% faster (docs/performance-notes.md, version 31). Without the
  /// duty (a row tile for every SM) sample-heavy ran 7% slower, and a
  /// thread of one producer warpgroup holds 32 elements a slice. Four
  /// stages come with it (emitTiledRunningMin).
  bool prefetchesChunks() const {
    return producerDuty && cfg.stages >= kPrefetchStages &&
           cfg.bn * (cfg.bk / chunkElems()) <= 4 * cfg.producerThreads();
  }
  /// The threads that stage a slice: the producer's while the split
  /// producer is emitted, else the consumers'.
  int64_t stagingThreads() const {
    return stagingTid ? cfg.producerThreads() : cfg.threads();
  }
  /// Row stride of the MMA staging tiles in elements: 16 bytes of padding
  /// put the 8 rows that one fragment load reads in distinct banks.
  int64_t paddedK() const { return cfg.bk + chunkElems(); }
  Value better(Value candidate, Value best);
  /// Two partial results of norm reduction `red` (a sum, a minimum or a
  /// maximum) combined.
  Value combineNorms(Operation *red, Value x, Value y);
  /// Persistent blocks' work units, walkPersistent's walk: unit w below
  /// `fullItems` is work item w, part w % split of row tile w / split.
  /// When `tail` (a short last round that tailWorthSplitting would split),
  /// the units from `fullItems` on are the last round's items as single
  /// candidate tiles: unit fullItems + v is candidate tile v % tiles of
  /// row tile fullItems / split + v / tiles.
  struct WorkUnits {
    Value gridX, total, fullItems, fullRounds, tail;
  };
  /// `gridX`: gridDim.x, or null to read it here, after the item count
  /// (the producer reads it first: each keeps the order of its ops, and a
  /// launch with one part the PTX it had).
  WorkUnits planWorkUnits(Value gridX = Value());
  /// Unit `unit` of the block that starts at `bx` and strides by `gridX`:
  /// its row tile, the global iteration of its first slice (the stages run
  /// on across units), its candidates [begin, end), their tile count, and
  /// whether it is a tail unit (null with one part, which has no tail).
  struct WorkUnit {
    Value rowTile, iterationBase, begin, end, tiles, isTail;
  };
  WorkUnit decodeWorkUnit(Value unit, Value bx, const WorkUnits &units);

  ScheduleContext &ctx;
  TiledPlan plan;
  TileConfig cfg;
  Location loc;
  OpBuilder builder;
  bool isMin = true, nanIsBest = true;
  Value d, n, k;
  Value tid, trow, tcol;
  /// The split producer: this thread's index within the producer
  /// warpgroups while their staging is emitted (chunkAt), else null.
  Value stagingTid;
  // MMA: lane / 4 plus the warp's first row, and 2 * (lane % 4).
  Value warpRow, quadCol, groupRow;
  // MMA: the row and feature offset of the 8x16-byte matrix row whose
  // address this lane gives ldmatrix, for A (16 rows x 2 feature halves of
  // an m16 tile, the warp's first row included) and B (8 candidates x 2
  // feature halves of two n8 tiles).
  Value ldmRowA, ldmColA, ldmRowB, ldmColB;
  Type elemType;
  int64_t elemBytes = 4;
  /// Whether d is a static multiple of chunkElems() (16-byte vector loads).
  bool vectorLoads = false;
  bool fullSlices = false;
  Value dynamicBase;
  int64_t dynamicBytes = 0;
  /// Byte offset of the latest sharedBuffer in the dynamic shared memory
  /// (from the aligned base, with wgmma).
  int64_t lastSharedOffset = 0;
  /// wgmma: bytes from the dynamic base to the first 1024-byte boundary,
  /// that boundary, and the bytes the launch adds for it.
  Value dynamicPad, alignedDynamicBase;
  int64_t dynamicSlack = 0;
  /// TMA: the tensor-map parameters of the row and candidate operands.
  Value rowTensorMap, colTensorMap;
  /// The block's first candidate and its number of candidate tiles
  /// (computed before the TMA setup, for the consumers and the producer),
  /// the end of its part, and the candidate tiles of all parts and of one.
  Value partBegin, partTiles, partEnd, candidateTiles, tilesPerPart;
  /// TMA: the consumers' register increase (splitRegisters sets its count)
  /// and the producer's decrease.
  NVVM::SetMaxRegisterOp consumersGrow, producerShrinks;
  /// wgmma: the operands of one MMA of a k-step: the A and B descriptors
  /// of the current slice's first k-step for this warpgroup's 64 rows and
  /// the block's candidates, or with the split producer no A descriptor
  /// and the part of the A register fragment instead (0 big, 1 small,
  /// 2 cross).
  struct WgmmaOperands {
    Value descA, descB;
    unsigned rowPart = 0;
  };
  /// One per MMA of a k-step (3xTF32: small x cross, cross x small, big x
  /// big).
  SmallVector<WgmmaOperands> wgmmaOperands;
  /// translatesRows: mu, every feature of the origin (f32), else null.
  Value origin;

  /// The split producer sums the candidate norms and mu . c from the
  /// chunks it holds in registers, and hands them to the consumers in
  /// colNormSmem (producerDutyApplies). The consumers then have no
  /// candidate duty: on the probe's 3xTF32 kernel it was 216 of a consumer
  /// thread's 424 instructions a slice (docs/performance-notes.md, version
  /// 27), and the call went from 25.4 to 23.8 us (version 28).
  bool producerDuty = false;
  bool producerDutyApplies(int64_t dStatic) const;
  /// The candidate sums of the producer's duty: the norms, then the plain
  /// sum of the features (mu . c is mu times it).
  size_t producerDutySums() const { return plan.colReductions.size() + 1; }
  /// The chunks of a candidate slice that each producer thread stages.
  int64_t producerChunks() const {
    return llvm::divideCeil(cfg.bn * (cfg.bk / chunkElems()),
                            cfg.producerThreads());
  }
  /// producerDuty, while the producer's slice loop is emitted: the
  /// thread's running sums, a (value, compensation) pair for each chunk
  /// and sum, and whether this candidate tile's norms are summed.
  SmallVector<Value> producerSums;
  // The split producer's chunks of the current slice, loaded during the
  // previous one (specializeWarps); empty when the stage loads its own.
  SmallVector<Value> prefetchedChunks;
  Value producerNeedsNorms;
  /// Adds the slice's `chunks` (the thread's candidate chunks) to
  /// producerSums.
  void accumulateProducerDuty(ArrayRef<Value> chunks);
  /// Reduces the running sums `sums` over the threads of each candidate
  /// row, stores the norms of candidate tile `tile` into its slot of
  /// colNormSmem and arrives on kProducerDutyBarrier.
  void publishProducerDuty(ValueRange sums, Value tile);
  /// The candidate norms in shared memory, a buffer for each sum (mu . c
  /// last); persistent blocks keep those of their first `cachedTiles`
  /// candidate tiles (of every one when `cachesAll`) for later row tiles.
  SmallVector<Value> colNormSmem;
  /// Their offsets in the dynamic shared memory: the views are made in
  /// the consumers' code, which the producer's does not see.
  SmallVector<int64_t> colNormOffsets;
  int64_t cachedTiles = 0;
  bool cachesAll = false;
  /// Persistent blocks: the first index of candidate tile `tileOrdinal`'s
  /// slot of colNormSmem.
  Value normSlotBase(Value tileOrdinal);
  /// Persistent blocks: whether the norms of candidate tile `tileOrdinal`
  /// are summed in this row tile. The consumers' duty and the producers'
  /// (producerDuty) follow this one rule, so that both sides meet on
  /// kProducerDutyBarrier for the same tiles.
  Value tileSumsNorms(Value firstRowTile, Value tailUnit, Value tileOrdinal);
};

Value TiledBuilder::normSlotBase(Value tileOrdinal) {
  Value slot = cachesAll ? tileOrdinal
                         : arith::MinUIOp::create(builder, loc, tileOrdinal,
                                                  idx(cachedTiles))
                               .getResult();
  return arith::MulIOp::create(builder, loc, slot, idx(cfg.bn));
}

Value TiledBuilder::tileSumsNorms(Value firstRowTile, Value tailUnit,
                                  Value tileOrdinal) {
  // The block's first row tile, a tail unit or a tile past the cached
  // ones. A tail unit's tile may be any part's: it accumulates its norms
  // into slot 0, which no later unit of the block reads from the cache.
  Value sums = tailUnit
                   ? arith::OrIOp::create(builder, loc, firstRowTile, tailUnit)
                         .getResult()
                   : firstRowTile;
  if (cachesAll)
    return sums;
  return arith::OrIOp::create(
      builder, loc, sums,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::uge,
                            tileOrdinal, idx(cachedTiles)));
}

/// The named barrier (after 0, the block's, and 1, the consumers') on
/// which the producer warpgroups hand a candidate tile's norms to the
/// consumers (producerDuty): the producers arrive, the consumers wait.
constexpr unsigned kProducerDutyBarrier = 2;

bool TiledBuilder::producerDutyApplies(int64_t dStatic) const {
  // Few rows only (the ledger's split of the candidates): with a row tile
  // for every SM the producer paces the kernel, and sample-heavy's 3xTF32
  // kernel ran 163.2 ms with the producers' duty against 160.6 without
  // (docs/performance-notes.md, version 28).
  if (!cfg.splitProducer() || !cfg.fewRowsSplit || !cfg.translatesRows() ||
      !cfg.persistent || ShapedType::isDynamic(dStatic))
    return false;
  // A producer thread's chunks then lie at the same features of distinct
  // candidate rows, and a row's chunks are those of `perRow` consecutive
  // lanes of one warp, which shuffles reduce.
  int64_t perRow = cfg.bk / chunkElems();
  if (!llvm::isPowerOf2_64(perRow) || perRow > 32 ||
      cfg.producerThreads() % perRow != 0)
    return false;
  // The producer stores a tile's norms after its last slice's loads, which
  // wait for the consumers to release a stage of that tile; with more
  // slices than stages the consumers have then read the previous tile's
  // norms (in the same slot, for a tile that is not cached).
  if (static_cast<int64_t>(llvm::divideCeil(dStatic, cfg.bk)) <= cfg.stages)
    return false;
  // Only sums of the candidate element's square: the producer has the
  // elements, not the emitter's expressions of them.
  return llvm::all_of(plan.colReductions, [&](Operation *red) {
    if (!isa<SumOp>(red))
      return false;
    Operation *term = red->getOperand(0).getDefiningOp();
    if (!isa_and_nonnull<MulOp, SquareOp>(term))
      return false;
    return llvm::all_of(term->getOperands(), [&](Value factor) {
      return readsLeafDirectly(factor, plan.colLeaf);
    });
  });
}

void TiledBuilder::accumulateProducerDuty(ArrayRef<Value> chunks) {
  // Cached tiles keep their norms: their sums stay as they are.
  SmallVector<Type> types(ValueRange(producerSums).getTypes());
  auto ifOp = scf::IfOp::create(builder, loc, TypeRange(types),
                                producerNeedsNorms, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(builder, loc, producerSums);
  builder.setInsertionPointToStart(ifOp.thenBlock());
  bool compensate = ctx.tiles.compensatedSums;
  size_t sums = producerDutySums();
  SmallVector<Value> updated(producerSums);
  for (auto [p, chunk] : llvm::enumerate(chunks)) {
    SmallVector<Value> elems;
    for (int64_t e = 0; e < chunkElems(); ++e)
      elems.push_back(vector::ExtractOp::create(builder, loc, chunk, e));
    for (size_t i = 0; i < sums; ++i) {
      // The chunk's sum, then added to the running value once (by TwoSum
      // when compensated), as the consumers' duty adds a slice's. Padding
      // (features past d, rows past k) is zeros and adds nothing.
      // The last sum is the candidate's plain sum: mu . c is mu times it
      // (mu is one value), which the consumers form in the epilogue, so
      // that the producers need no origin.
      bool isNorm = i + 1 < sums;
      Value part;
      for (Value v : elems) {
        if (!isNorm) {
          part = part ? arith::AddFOp::create(builder, loc, part, v).getResult()
                      : v;
          continue;
        }
        part = part ? LLVM::FMAOp::create(builder, loc, v, v, part).getResult()
                    : arith::MulFOp::create(builder, loc, v, v).getResult();
      }
      size_t slot = 2 * (p * sums + i);
      if (compensate) {
        auto [sum, error] = twoSum(updated[slot], part);
        updated[slot] = sum;
        updated[slot + 1] =
            arith::AddFOp::create(builder, loc, updated[slot + 1], error);
      } else {
        updated[slot] =
            arith::AddFOp::create(builder, loc, updated[slot], part);
      }
    }
  }
  scf::YieldOp::create(builder, loc, updated);
  producerSums.assign(ifOp.getResults().begin(), ifOp.getResults().end());
}

void TiledBuilder::publishProducerDuty(ValueRange sums, Value tile) {
  auto ifOp = scf::IfOp::create(builder, loc, producerNeedsNorms, false);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(ifOp.thenBlock());
  bool compensate = ctx.tiles.compensatedSums;
  int64_t perRow = cfg.bk / chunkElems();
  Value producerTid =
      arith::SubIOp::create(builder, loc, tid, idx(cfg.threads()));
  Value rowLeader = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(builder, loc, producerTid, idx(perRow)), idx(0));
  Value slotBase = normSlotBase(tile);
  size_t count = producerDutySums();
  stagingTid = producerTid;
  for (int64_t p = 0; p < chunksPerThread(cfg.bn); ++p) {
    Value rowInTile = chunkAt(p).rowInTile;
    SmallVector<Value> norms;
    for (size_t i = 0; i < count; ++i) {
      size_t at = 2 * (p * count + i);
      Value value = sums[at], comp = sums[at + 1];
      // The row's lanes are consecutive: a butterfly leaves every lane
      // with the row's sum (and the compensations' and roundings' sum).
      for (int64_t offset = perRow / 2; offset >= 1; offset /= 2) {
        auto shuffle = [&](Value v) {
          return gpu::ShuffleOp::create(builder, loc, v, offset, 32,
                                        gpu::ShuffleMode::XOR)
              .getShuffleResult();
        };
        Value otherValue = shuffle(value);
        if (!compensate) {
          value = arith::AddFOp::create(builder, loc, value, otherValue);
          continue;
        }
        Value otherComp = shuffle(comp);
        auto [sum, error] = twoSum(value, otherValue);
        value = sum;
        comp = arith::AddFOp::create(
            builder, loc, comp,
            arith::AddFOp::create(builder, loc, otherComp, error));
      }
      // As the consumers publish theirs: a sum that overflowed or met an
      // infinity or NaN made the compensation NaN and is itself the norm.
      if (compensate) {
        Value rounded = arith::AddFOp::create(builder, loc, value, comp);
        Value unordered = arith::CmpFOp::create(
            builder, loc, arith::CmpFPredicate::UNO, comp, comp);
        value =
            arith::SelectOp::create(builder, loc, unordered, value, rounded);
      }
      norms.push_back(value);
    }
    Value stores = arith::AndIOp::create(
        builder, loc, rowLeader,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                              rowInTile, idx(cfg.bn)));
    auto store = scf::IfOp::create(builder, loc, stores, false);
    OpBuilder::InsertionGuard storeGuard(builder);
    builder.setInsertionPointToStart(store.thenBlock());
    Value local = arith::AddIOp::create(builder, loc, slotBase, rowInTile);
    for (auto [i, norm] : llvm::enumerate(norms)) {
      Value offset = idx(colNormOffsets[i]);
      if (dynamicPad)
        offset = arith::AddIOp::create(builder, loc, offset, dynamicPad);
      Value smem = memref::ViewOp::create(
          builder, loc, cast<MemRefType>(colNormSmem[i].getType()), dynamicBase,
          offset, ValueRange{});
      memref::StoreOp::create(builder, loc, norm, smem, ValueRange{local});
    }
  }
  stagingTid = Value();
  // bar.arrive orders the stores before the consumers' reads after their
  // bar.sync on the same barrier.
  NVVM::BarrierArriveOp::create(builder, loc, i32(kProducerDutyBarrier),
                                i32(cfg.launchThreads()));
}

TiledBuilder::Chunk TiledBuilder::chunkAt(int64_t p, Value base, Value l0) {
  int64_t e = chunkElems();
  int64_t perRow = cfg.bk / e;
  Chunk c;
  Value q = arith::AddIOp::create(builder, loc, stagingTid ? stagingTid : tid,
                                  idx(p * stagingThreads()));
  c.rowInTile = arith::DivUIOp::create(builder, loc, q, idx(perRow));
  c.col = arith::MulIOp::create(
      builder, loc, arith::RemUIOp::create(builder, loc, q, idx(perRow)),
      idx(e));
  if (base)
    c.row = arith::AddIOp::create(builder, loc, base, c.rowInTile);
  if (l0)
    c.feature = arith::AddIOp::create(builder, loc, l0, c.col);
  return c;
}

SmallVector<Value> TiledBuilder::stagedIndex(Value buffer, Value row,
                                             Value feature) {
  if (!cfg.wgmma)
    return {buffer, row, feature};
  int64_t e = chunkElems();
  Value chunk = arith::DivUIOp::create(builder, loc, feature, idx(e));
  Value swizzled = arith::XOrIOp::create(
      builder, loc, chunk, arith::RemUIOp::create(builder, loc, row, idx(8)));
  return {buffer, row, swizzled,
          arith::RemUIOp::create(builder, loc, feature, idx(e))};
}

SmallVector<Type> TiledBuilder::tileRegTypes(int64_t rows) const {
  return SmallVector<Type>(chunksPerThread(rows),
                           VectorType::get({chunkElems()}, elemType));
}

SmallVector<Value> TiledBuilder::loadTile(Value src, Value base,
                                          Value rowsTotal, Value l0,
                                          int64_t rows, bool rowsInBounds) {
  // Rows past the operand and features past d are zeros (an MMA product
  // adds exactly nothing for them; the FMA schedule guards partial slices).
  SmallVector<Value> regs;
  int64_t e = chunkElems();
  auto vecType = VectorType::get({e}, elemType);
  for (int64_t p = 0; p < chunksPerThread(rows); ++p) {
    Chunk chunk = chunkAt(p, base, l0);
    Value rowInTile = chunk.rowInTile, row = chunk.row, feature = chunk.feature;
    Value rowOk;
    if (rowsInBounds) {
      rowOk =
          arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
    } else {
      rowOk = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                    row, rowsTotal);
      if (chunkMayLeaveTile(rows))
        rowOk = arith::AndIOp::create(
            builder, loc, rowOk,
            arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                  rowInTile, idx(rows)));
    }
    Value zeroVec = arith::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(vecType, builder.getZeroAttr(elemType)));
    if (vectorLoads) {
      Value ok = arith::AndIOp::create(
          builder, loc, rowOk,
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                feature, d));
      auto ifOp = scf::IfOp::create(
          builder, loc, ok,
          [&](OpBuilder &b, Location l) {
            Value v = vector::LoadOp::create(
                b, l, vecType, src, ValueRange{row, feature},
                /*nontemporal=*/false, llvm::MaybeAlign(16));
            scf::YieldOp::create(b, l, v);
          },
          [&](OpBuilder &b, Location l) {
            scf::YieldOp::create(b, l, zeroVec);
          });
      regs.push_back(ifOp.getResult(0));
      continue;
    }
    Value vec = zeroVec;
    for (int64_t i = 0; i < e; ++i) {
      Value fe = arith::AddIOp::create(builder, loc, feature, idx(i));
      Value ok = arith::AndIOp::create(
          builder, loc, rowOk,
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, fe,
                                d));
      vec = vector::InsertOp::create(
          builder, loc, loadOrZero(ok, src, ValueRange{row, fe}), vec, i);
    }
    regs.push_back(vec);
  }
  return regs;
}

Value TiledBuilder::loadOrZero(Value inBounds, Value src, ValueRange indices) {
  Type type = cast<MemRefType>(src.getType()).getElementType();
  auto ifOp = scf::IfOp::create(
      builder, loc, inBounds,
      [&](OpBuilder &b, Location l) {
        Value v = memref::LoadOp::create(b, l, src, indices);
        scf::YieldOp::create(b, l, v);
      },
      [&](OpBuilder &b, Location l) {
        Value zero = arith::ConstantOp::create(b, l, type, b.getZeroAttr(type));
        scf::YieldOp::create(b, l, zero);
      });
  return ifOp.getResult(0);
}

void TiledBuilder::copyTileTransposedAsync(Value src, Value base,
                                           Value rowsTotal, Value l0,
                                           int64_t rows, Value smem,
                                           Value buffer) {
  int64_t group = cfg.fmaCopyGroup();
  int64_t elems = rows * cfg.bk;
  int64_t threads = cfg.threads();
  int64_t copies = llvm::divideCeil(elems, threads);
  // The thread's place in a pass of the block over a group: feature
  // `lane` of the group at row `tr` of the pass's threads / group rows.
  int64_t rowsPerPass = threads / group;
  bool regular = threads % group == 0 && rows % rowsPerPass == 0;
  int64_t passesPerGroup = regular ? rows / rowsPerPass : 0;
  Value lane, tr;
  if (regular) {
    lane = arith::RemUIOp::create(builder, loc, tid, idx(group));
    tr = arith::DivUIOp::create(builder, loc, tid, idx(group));
  }
  // Copy p of the thread: element q = tid + p * threads, feature q % group
  // of group (q / group) / rows, at row (q / group) % rows. In a regular
  // tile that is row tr + (p % passes) * rowsPerPass of group p / passes:
  // offsets from the thread's first element that are constants, so that
  // one address a slice serves every copy.
  auto place = [&](int64_t p) -> std::pair<Value, Value> {
    if (regular)
      return {arith::AddIOp::create(builder, loc, tr,
                                    idx(p % passesPerGroup * rowsPerPass)),
              arith::AddIOp::create(builder, loc, lane,
                                    idx(p / passesPerGroup * group))};
    Value q = arith::AddIOp::create(builder, loc, tid, idx(p * threads));
    Value rest = arith::DivUIOp::create(builder, loc, q, idx(group));
    return {arith::RemUIOp::create(builder, loc, rest, idx(rows)),
            arith::AddIOp::create(
                builder, loc,
                arith::MulIOp::create(
                    builder, loc,
                    arith::DivUIOp::create(builder, loc, rest, idx(rows)),
                    idx(group)),
                arith::RemUIOp::create(builder, loc, q, idx(group)))};
  };
  // A whole tile of a whole slice (the block's branch is uniform) copies
  // without checks; the tiles at the operand's end check each element.
  Value whole = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ule,
      arith::AddIOp::create(builder, loc, base, idx(rows)), rowsTotal);
  if (!fullSlices)
    whole = arith::AndIOp::create(
        builder, loc, whole,
        arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::ule,
            arith::AddIOp::create(builder, loc, l0, idx(cfg.bk)), d));
  auto ifOp = scf::IfOp::create(builder, loc, whole, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(builder);
  for (bool checked : {false, true}) {
    builder.setInsertionPointToStart(checked ? ifOp.elseBlock()
                                             : ifOp.thenBlock());
    for (int64_t p = 0; p < copies; ++p) {
      OpBuilder::InsertionGuard copyGuard(builder);
      auto [rowInTile, col] = place(p);
      if ((p + 1) * threads > elems) {
        Value inTile = arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::ult,
            arith::AddIOp::create(builder, loc, tid, idx(p * threads)),
            idx(elems));
        auto inTileIf = scf::IfOp::create(builder, loc, inTile, false);
        builder.setInsertionPointToStart(inTileIf.thenBlock());
      }
      Value row = arith::AddIOp::create(builder, loc, base, rowInTile);
      Value feature = arith::AddIOp::create(builder, loc, l0, col);
      CopySource source{row, feature, Value()};
      if (checked)
        source = clampedSource(row, feature, rowsTotal, 1);
      nvgpu::DeviceAsyncCopyOp::create(
          builder, loc, smem, ValueRange{buffer, col, rowInTile}, src,
          ValueRange{source.row, source.feature}, builder.getIndexAttr(1),
          source.elems, UnitAttr());
    }
  }
}

TiledBuilder::CopySource TiledBuilder::clampedSource(Value row, Value feature,
                                                     Value rowsTotal,
                                                     int64_t elems) {
  Value ok = arith::AndIOp::create(
      builder, loc,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, row,
                            rowsTotal),
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, feature,
                            d));
  Value zero = idx(0);
  return {arith::SelectOp::create(builder, loc, ok, row, zero),
          arith::SelectOp::create(builder, loc, ok, feature, zero),
          arith::SelectOp::create(builder, loc, ok, idx(elems), zero)};
}

void TiledBuilder::copyTileAsync(Value src, Value base, Value rowsTotal,
                                 Value l0, int64_t rows, Value smem,
                                 Value buffer) {
  if (cfg.mma == MmaKind::None)
    return copyTileTransposedAsync(src, base, rowsTotal, l0, rows, smem,
                                   buffer);
  int64_t e = chunkElems();
  bool exact = rows * (cfg.bk / e) % cfg.threads() == 0;
  for (int64_t p = 0; p < chunksPerThread(rows); ++p) {
    Chunk chunk = chunkAt(p, base, l0);
    Value rowInTile = chunk.rowInTile, row = chunk.row, feature = chunk.feature;
    OpBuilder::InsertionGuard guard(builder);
    if (!exact) {
      Value inTile = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ult, rowInTile, idx(rows));
      auto ifOp = scf::IfOp::create(builder, loc, inTile, false);
      builder.setInsertionPointToStart(ifOp.thenBlock());
    }
    CopySource source = clampedSource(row, feature, rowsTotal, e);
    nvgpu::DeviceAsyncCopyOp::create(
        builder, loc, smem, stagedIndex(buffer, rowInTile, chunk.col), src,
        ValueRange{source.row, source.feature}, builder.getIndexAttr(e),
        source.elems, builder.getUnitAttr());
  }
}

void TiledBuilder::storeTile(ArrayRef<Value> regs, Value smem, Value buffer,
                             int64_t rows) {
  for (int64_t p = 0; p < chunksPerThread(rows); ++p) {
    Chunk chunk = chunkAt(p);
    Value rowInTile = chunk.rowInTile;
    Value inTile = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ult, rowInTile, idx(rows));
    auto ifOp = scf::IfOp::create(builder, loc, inTile, false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.thenBlock());
    if (cfg.mma != MmaKind::None) {
      vector::StoreOp::create(builder, loc, regs[p], smem,
                              stagedIndex(buffer, rowInTile, chunk.col),
                              /*nontemporal=*/false, llvm::MaybeAlign(16));
      continue;
    }
    // Transposed: smem[buffer][feature][row], so that a thread's register
    // tile reads consecutive rows with one vector load.
    for (int64_t e = 0; e < chunkElems(); ++e) {
      Value feature = arith::AddIOp::create(builder, loc, chunk.col, idx(e));
      Value v = vector::ExtractOp::create(builder, loc, regs[p], e);
      memref::StoreOp::create(builder, loc, v, smem,
                              ValueRange{buffer, feature, rowInTile});
    }
  }
}

void TiledBuilder::storeSplitTile(ArrayRef<Value> regs, ArrayRef<Value> parts,
                                  Value buffer, int64_t rows,
                                  bool guardNonFinite) {
  Type f32 = builder.getF32Type();
  int64_t e = chunkElems();
  auto vecType = VectorType::get({e}, f32);
  for (int64_t p = 0; p < chunksPerThread(rows); ++p) {
    Chunk chunk = chunkAt(p);
    OpBuilder::InsertionGuard guard(builder);
    if (chunkMayLeaveTile(rows)) {
      Value inTile = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ult, chunk.rowInTile, idx(rows));
      auto ifOp = scf::IfOp::create(builder, loc, inTile, false);
      builder.setInsertionPointToStart(ifOp.thenBlock());
    }
    Value zero = arith::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(vecType, builder.getF32FloatAttr(0)));
    SmallVector<Value> vectors(3, zero);
    for (int64_t i = 0; i < e; ++i) {
      Tf32Parts split = splitTf32(
          vector::ExtractOp::create(builder, loc, regs[p], i), guardNonFinite);
      // A named array: an initializer list in the range expression would
      // die before the loop reads it (ASan: stack-use-after-scope).
      Value splitParts[] = {split.big, split.small, split.cross};
      for (auto [k, bits] : llvm::enumerate(splitParts))
        vectors[k] = vector::InsertOp::create(
            builder, loc, arith::BitcastOp::create(builder, loc, f32, bits),
            vectors[k], i);
    }
    SmallVector<Value> where = stagedIndex(buffer, chunk.rowInTile, chunk.col);
    for (auto [k, smem] : llvm::enumerate(parts))
      vector::StoreOp::create(builder, loc, vectors[k], smem, where,
                              /*nontemporal=*/false, llvm::MaybeAlign(16));
  }
}

void TiledBuilder::emitMmaStep(Value aSmem, Value bSmem, Value current,
                               int64_t kOff, SmallVector<Value> &acc) {
  Type i32 = builder.getI32Type();
  Type f32 = builder.getF32Type();
  bool halves = cfg.mma == MmaKind::F16 || cfg.mma == MmaKind::BF16;
  // `tiles` 8x16-byte matrices with one ldmatrix, at the lane's row and
  // feature offset: each gives one 32-bit fragment register per lane, two
  // halves (f16 as vector<2xf16>, bf16 packed in an i32) or one f32. One
  // instruction where 32-bit shared loads took `tiles`.
  auto loadMatrices = [&](Value smem, Value row, Value col,
                          int64_t tiles) -> SmallVector<Value> {
    int64_t perReg = halves ? 2 : 1;
    auto resultType = VectorType::get({tiles, perReg}, elemType);
    Value m = nvgpu::LdMatrixOp::create(builder, loc, resultType, smem,
                                        ValueRange{current, row, col},
                                        /*transpose=*/false, tiles);
    SmallVector<Value> regs;
    for (int64_t t = 0; t < tiles; ++t) {
      if (!halves) {
        regs.push_back(vector::ExtractOp::create(builder, loc, m,
                                                 ArrayRef<int64_t>{t, 0}));
        continue;
      }
      Value pair = vector::ExtractOp::create(builder, loc, m, t);
      regs.push_back(
          cfg.mma == MmaKind::F16
              ? pair
              : LLVM::BitcastOp::create(builder, loc, i32, pair).getResult());
    }
    return regs;
  };
  // Halves: A regs (g, 2q), (g+8, 2q), (g, 2q+8), (g+8, 2q+8), B regs
  // (n=g, k=2q), (g, 2q+8); TF32: A (g, q), (g+8, q), (g, q+4), (g+8, q+4),
  // B (g, q), (g, q+4), with q = lane % 4: what ldmatrix gives lane
  // 4g + q of the matrices the lanes address (ldmRowA and the others).
  int64_t mTiles = kMmaWarpRows / 16, nTiles = cfg.bn / 8;
  Value colA = arith::AddIOp::create(builder, loc, ldmColA, idx(kOff));
  Value colB = arith::AddIOp::create(builder, loc, ldmColB, idx(kOff));
  SmallVector<SmallVector<Value>> aBig(mTiles), aSmall(mTiles), aCross(mTiles);
  for (int64_t i = 0; i < mTiles; ++i) {
    Value row = arith::AddIOp::create(builder, loc, ldmRowA, idx(16 * i));
    for (Value v : loadMatrices(aSmem, row, colA, 4)) {
      if (!halves) {
        Tf32Parts parts = splitTf32(v);
        aBig[i].push_back(parts.big);
        aSmall[i].push_back(parts.small);
        aCross[i].push_back(parts.cross);
      } else {
        aBig[i].push_back(v);
      }
    }
  }
  Type accType = LLVM::LLVMStructType::getLiteral(builder.getContext(),
                                                  SmallVector<Type>(4, f32));
  std::optional<std::array<NVVM::MMATypes, 2>> ptxTypes;
  if (cfg.mma == MmaKind::BF16)
    ptxTypes = {NVVM::MMATypes::bf16, NVVM::MMATypes::bf16};
  else if (!halves)
    ptxTypes = {NVVM::MMATypes::tf32, NVVM::MMATypes::tf32};
  std::array<NVVM::MMALayout, 2> layouts = {NVVM::MMALayout::row,
                                            NVVM::MMALayout::col};
  SmallVector<Value> bRegs;
  for (int64_t j = 0; j < nTiles; ++j) {
    // Two n8 tiles' B fragments per ldmatrix.x4 (the last, odd one .x2).
    if (j % 2 == 0) {
      Value row = arith::AddIOp::create(builder, loc, ldmRowB, idx(8 * j));
      bRegs = loadMatrices(bSmem, row, colB, j + 1 < nTiles ? 4 : 2);
    }
    SmallVector<Value> bBig, bSmall, bCross;
    for (Value v : ArrayRef(bRegs).slice(2 * (j % 2), 2)) {
      if (!halves) {
        Tf32Parts parts = splitTf32(v);
        bBig.push_back(parts.big);
        bSmall.push_back(parts.small);
        bCross.push_back(parts.cross);
      } else {
        bBig.push_back(v);
      }
    }
    for (int64_t i = 0; i < mTiles; ++i) {
      // Accumulators (g, 2q), (g, 2q+1), (g+8, 2q), (g+8, 2q+1) of m-tile
      // i and n-tile j: rows 2i, 2i+1 and candidates 2j, 2j+1 of the
      // thread's tile.
      unsigned slots[4] = {unsigned((2 * i) * cfg.tn + 2 * j),
                           unsigned((2 * i) * cfg.tn + 2 * j + 1),
                           unsigned((2 * i + 1) * cfg.tn + 2 * j),
                           unsigned((2 * i + 1) * cfg.tn + 2 * j + 1)};
      SmallVector<Value> c;
      for (unsigned slot : slots)
        c.push_back(acc[slot]);
      auto mma = [&](ArrayRef<Value> a, ArrayRef<Value> b) {
        Value d = NVVM::MmaOp::create(builder, loc, accType, a, b, c,
                                      {16, 8, cfg.mmaK()}, std::nullopt,
                                      std::nullopt, ptxTypes, layouts);
        for (unsigned e = 0; e < 4; ++e)
          c[e] = LLVM::ExtractValueOp::create(builder, loc, d, e);
      };
      if (cfg.mma == MmaKind::TF32x3) {
        // Small cross terms first, then the big product. The cross terms
        // see a non-finite big part as 0: inf x 0 (an exact operand's
        // remainder) would make NaN where the product is inf; the big
        // product carries the inf or NaN.
        mma(aSmall[i], bCross);
        mma(aCross[i], bSmall);
      }
      mma(aBig[i], bBig);
      for (unsigned e = 0; e < 4; ++e)
        acc[slots[e]] = c[e];
    }
  }
}

Value TiledBuilder::packWgmmaAccumulators(ArrayRef<Value> acc) {
  int64_t count = cfg.bn / 2;
  Type structType = LLVM::LLVMStructType::getLiteral(
      builder.getContext(), SmallVector<Type>(count, builder.getF32Type()));
  Value d = LLVM::PoisonOp::create(builder, loc, structType);
  for (int64_t i = 0; i < count; ++i)
    d = LLVM::InsertValueOp::create(builder, loc, d, acc[wgmmaSlot(i)], i);
  return d;
}

std::array<SmallVector<Value>, 3>
TiledBuilder::loadRowFragment(Value rowSmem, Value buffer, int64_t step) {
  // Registers (g, q), (g + 8, q), (g, q + 4), (g + 8, q + 4): the four
  // 8-row x 16-byte matrices (rows 0-7 and 8-15 of the warp, chunks
  // 2 * step and 2 * step + 1) of one ldmatrix.x4, in which lane 4g + q
  // receives word q of row g of each. Its lanes address whole 16-byte
  // chunks, which the swizzle keeps contiguous and puts in 8 distinct
  // positions for 8 rows: no bank conflicts. One instruction where four
  // 32-bit loads, each with its own swizzled address, stood on the
  // consumers' path from a full stage to the MMAs (the probe's 3xTF32
  // call 4% faster with the rounding below; docs/performance-notes.md,
  // version 30).
  return splitRowMatrices(loadRowMatrices(rowSmem, buffer, step));
}

Value TiledBuilder::loadRowMatrices(Value rowSmem, Value buffer,
                                    int64_t step) {
  Value feature = arith::AddIOp::create(builder, loc, ldmColA, idx(8 * step));
  return nvgpu::LdMatrixOp::create(
      builder, loc, VectorType::get({4, 1}, builder.getF32Type()), rowSmem,
      stagedIndex(buffer, ldmRowA, feature), /*transpose=*/false, 4);
}

std::array<SmallVector<Value>, 3>
TiledBuilder::splitRowMatrices(Value matrices) {
  std::array<SmallVector<Value>, 3> parts;
  for (int64_t reg = 0; reg < 4; ++reg) {
    Value v = vector::ExtractOp::create(builder, loc, matrices,
                                        ArrayRef<int64_t>{reg, 0});
    if (origin)
      v = arith::SubFOp::create(builder, loc, v, origin);
    Tf32Parts split = splitTf32(v, /*guardNonFinite=*/!origin);
    parts[0].push_back(split.big);
    parts[1].push_back(split.small);
    parts[2].push_back(split.cross);
  }
  return parts;
}

Value TiledBuilder::emitWgmmaRegisterA(Value d, ArrayRef<Value> a,
                                       Value descB) {
  auto structType = cast<LLVM::LLVMStructType>(d.getType());
  unsigned count = structType.getBody().size();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
     << "wgmma.mma_async.sync.aligned.m64n" << cfg.bn << "k8.f32.tf32.tf32 {";
  for (unsigned i = 0; i < count; ++i)
    os << (i ? ", " : "") << "$" << i;
  os << "}, {$" << count << ", $" << count + 1 << ", $" << count + 2 << ", $"
     << count + 3 << "}, $" << count + 4 << ", p, 1, 1;\n}";
  // The accumulators are outputs tied to inputs: "=f" each, then A's
  // registers, B's descriptor and the accumulators' inputs "0" .. .
  std::string constraints;
  for (unsigned i = 0; i < count; ++i)
    constraints += "=f,";
  constraints += "r,r,r,r,l";
  SmallVector<Value> operands(a.begin(), a.end());
  operands.push_back(descB);
  for (unsigned i = 0; i < count; ++i) {
    constraints += "," + std::to_string(i);
    operands.push_back(LLVM::ExtractValueOp::create(builder, loc, d, i));
  }
  return LLVM::InlineAsmOp::create(
             builder, loc, TypeRange{structType}, operands,
             builder.getStringAttr(text), builder.getStringAttr(constraints),
             /*has_side_effects=*/builder.getUnitAttr(), UnitAttr(),
             LLVM::TailCallKindAttr(), LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

Value TiledBuilder::emitWgmmaSlice(Value d, Value rowSmem, Value buffer) {
  MLIRContext *context = builder.getContext();
  Type structType = d.getType();
  // Orders the MMAs after any ordinary write of their accumulator
  // registers (the initial zeros, or the values packed after a wait).
  if (!rowSmem)
    NVVM::WgmmaFenceAlignedOp::create(builder, loc);
  NVVM::WGMMATypes type = cfg.mma == MmaKind::F16    ? NVVM::WGMMATypes::f16
                          : cfg.mma == MmaKind::BF16 ? NVVM::WGMMATypes::bf16
                                                     : NVVM::WGMMATypes::tf32;
  auto shape = NVVM::MMAShapeAttr::get(context, 64, cfg.bn, cfg.mmaK());
  Type i64 = builder.getI64Type();
  int64_t steps = cfg.bk / cfg.mmaK();
  // Few rows (the producers prefetch their chunks): the slice's row
  // matrices are loaded together, right after the full stage's wait, so
  // that each k-step's split waits on no ldmatrix. Only the split parts
  // are the MMAs' operands, so these registers are free of the previous
  // slice's MMAs. The probe's 3xTF32 call ran 2.7% faster
  // (docs/performance-notes.md, version 33).
  SmallVector<Value> rawRows;
  if (rowSmem && prefetchesChunks())
    for (int64_t step = 0; step < steps; ++step)
      rawRows.push_back(loadRowMatrices(rowSmem, buffer, step));
  for (int64_t step = 0; step < steps; ++step) {
    // Split producer: k-step `step` writes the same PTX registers in every
    // slice, and the previous slice's MMAs of this step may still read
    // them, which PTX leaves undefined (all at once, with one wait per
    // slice, about 14% of the sample-heavy labels came out wrong). Each
    // k-step is a group of its own: wait until the previous slice's group
    // of this step is done, with `steps - 1` groups still in flight, then
    // load and split the fragment and fence the writes before the MMAs.
    std::array<SmallVector<Value>, 3> rowParts;
    if (rowSmem) {
      NVVM::WgmmaWaitGroupSyncOp::create(builder, loc,
                                         builder.getI64IntegerAttr(steps - 1));
      rowParts = rawRows.empty() ? loadRowFragment(rowSmem, buffer, step)
                                 : splitRowMatrices(rawRows[step]);
      NVVM::WgmmaFenceAlignedOp::create(builder, loc);
    }
    // One k-step is 32 bytes of each 128-byte row: 2 in the descriptors'
    // address field (16-byte units); the hardware applies the swizzle to
    // the address it forms.
    Value offset = arith::ConstantOp::create(
        builder, loc, builder.getIntegerAttr(i64, 2 * step));
    // 3xTF32: the small cross terms first, then big x big, per k-step (the
    // order of the mma.sync schedule).
    for (const WgmmaOperands &operands : wgmmaOperands) {
      Value b = arith::AddIOp::create(builder, loc, operands.descB, offset);
      if (!operands.descA) {
        d = emitWgmmaRegisterA(d, rowParts[operands.rowPart], b);
        continue;
      }
      Value a = arith::AddIOp::create(builder, loc, operands.descA, offset);
      d = NVVM::WgmmaMmaAsyncOp::create(
          builder, loc, structType, d, a, b, shape, type, type,
          NVVM::WGMMATypes::f32, NVVM::WGMMAScaleOut::one,
          NVVM::WGMMAScaleIn::one, NVVM::WGMMAScaleIn::one,
          NVVM::MMALayout::row, NVVM::MMALayout::col,
          NVVM::MMAIntOverflowAttr());
    }
    if (rowSmem)
      NVVM::WgmmaGroupSyncAlignedOp::create(builder, loc);
  }
  if (!rowSmem)
    NVVM::WgmmaGroupSyncAlignedOp::create(builder, loc);
  return d;
}

Value TiledBuilder::emitOrigin(Value colSrc) {
  Value features =
      arith::MinUIOp::create(builder, loc, d, idx(kOriginFeatures));
  Value any =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ugt, k, idx(0));
  auto loop = scf::ForOp::create(builder, loc, idx(0), idx(kOriginFeatures),
                                 idx(1), ValueRange{f32(0)});
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(loop.getBody());
    Value l = loop.getInductionVar();
    Value ok = arith::AndIOp::create(
        builder, loc, any,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, l,
                              features));
    Value feature = loadOrZero(ok, colSrc, ValueRange{idx(0), l});
    scf::YieldOp::create(
        builder, loc,
        ValueRange{arith::AddFOp::create(builder, loc,
                                         loop.getRegionIterArgs()[0], feature)
                       .getResult()});
  }
  Value count = arith::UIToFPOp::create(
      builder, loc, builder.getF32Type(),
      arith::IndexCastUIOp::create(
          builder, loc, builder.getI32Type(),
          arith::MaxUIOp::create(builder, loc, features, idx(1))));
  Value mean = arith::DivFOp::create(builder, loc, loop.getResult(0), count);
  Value finite =
      arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OLT,
                            math::AbsFOp::create(builder, loc, mean),
                            f32(std::numeric_limits<float>::infinity()));
  return arith::SelectOp::create(builder, loc, finite, mean, f32(0));
}

SmallVector<Value> TiledBuilder::recomputeSpecialDots(ArrayRef<Value> values,
                                                      ArrayRef<Value> rows,
                                                      ArrayRef<Value> cols,
                                                      Value rowSrc,
                                                      Value colSrc) {
  Type f32Type = builder.getF32Type();
  int64_t tn = static_cast<int64_t>(cols.size());
  int64_t count = static_cast<int64_t>(values.size());
  Value inf = arith::ConstantOp::create(
      builder, loc,
      builder.getF32FloatAttr(std::numeric_limits<float>::infinity()));
  // |value| >= inf is also true for NaN (unordered).
  auto needsRecompute = [&](Value value, Value row, Value col) -> Value {
    Value special =
        arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UGE,
                              math::AbsFOp::create(builder, loc, value), inf);
    Value exists = arith::AndIOp::create(
        builder, loc,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, row, n),
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, col, k));
    return arith::AndIOp::create(builder, loc, special, exists);
  };
  // Whether any sum is special: the largest magnitude (NaN if a sum is NaN)
  // is not below inf. Which pairs exist is asked only then.
  Value largest = math::AbsFOp::create(builder, loc, values[0]);
  for (int64_t p = 1; p < count; ++p)
    largest = arith::MaximumFOp::create(
        builder, loc, largest, math::AbsFOp::create(builder, loc, values[p]));
  Value any = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UGE,
                                    largest, inf);
  auto ifOp =
      scf::IfOp::create(builder, loc, SmallVector<Type>(count, f32Type), any,
                        /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(builder, loc, values);
  builder.setInsertionPointToStart(ifOp.thenBlock());
  auto privateBuffer = [&](int64_t size, Type type) -> Value {
    auto memrefType =
        MemRefType::get({size}, type, MemRefLayoutAttrInterface(),
                        gpu::AddressSpaceAttr::get(builder.getContext(),
                                                   gpu::AddressSpace::Private));
    return ctx.func.addPrivateAttribution(memrefType, loc);
  };
  Value valueMem = privateBuffer(count, f32Type);
  Value rowIdx =
      privateBuffer(static_cast<int64_t>(rows.size()), builder.getIndexType());
  Value colIdx = privateBuffer(tn, builder.getIndexType());
  for (int64_t p = 0; p < count; ++p)
    memref::StoreOp::create(builder, loc, values[p], valueMem,
                            ValueRange{idx(p)});
  for (auto [i, row] : llvm::enumerate(rows))
    memref::StoreOp::create(builder, loc, row, rowIdx,
                            ValueRange{idx(static_cast<int64_t>(i))});
  for (auto [i, col] : llvm::enumerate(cols))
    memref::StoreOp::create(builder, loc, col, colIdx,
                            ValueRange{idx(static_cast<int64_t>(i))});
  {
    OpBuilder::InsertionGuard loopGuard(builder);
    auto pairs = scf::ForOp::create(builder, loc, idx(0), idx(count), idx(1));
    builder.setInsertionPointToStart(pairs.getBody());
    Value p = pairs.getInductionVar();
    Value value = memref::LoadOp::create(builder, loc, valueMem, ValueRange{p});
    Value row = memref::LoadOp::create(
        builder, loc, rowIdx,
        ValueRange{arith::DivUIOp::create(builder, loc, p, idx(tn))});
    Value col = memref::LoadOp::create(
        builder, loc, colIdx,
        ValueRange{arith::RemUIOp::create(builder, loc, p, idx(tn))});
    auto again =
        scf::IfOp::create(builder, loc, needsRecompute(value, row, col), false);
    builder.setInsertionPointToStart(again.thenBlock());
    auto features =
        scf::ForOp::create(builder, loc, idx(0), d, idx(1), ValueRange{f32(0)});
    builder.setInsertionPointToStart(features.getBody());
    Value l = features.getInductionVar();
    Value x = memref::LoadOp::create(builder, loc, rowSrc, ValueRange{row, l});
    Value c = memref::LoadOp::create(builder, loc, colSrc, ValueRange{col, l});
    scf::YieldOp::create(
        builder, loc,
        ValueRange{LLVM::FMAOp::create(builder, loc, x, c,
                                       features.getRegionIterArgs()[0])
                       .getResult()});
    builder.setInsertionPointAfter(features);
    memref::StoreOp::create(builder, loc, features.getResult(0), valueMem,
                            ValueRange{p});
  }
  SmallVector<Value> recomputed;
  for (int64_t p = 0; p < count; ++p)
    recomputed.push_back(
        memref::LoadOp::create(builder, loc, valueMem, ValueRange{idx(p)}));
  scf::YieldOp::create(builder, loc, recomputed);
  return SmallVector<Value>(ifOp.getResults());
}

TiledBuilder::Tf32Parts TiledBuilder::splitTf32(Value x, bool guardNonFinite) {
  Type i32 = builder.getI32Type();
  Type f32 = builder.getF32Type();
  Value big;
  if (guardNonFinite) {
    big = NVVM::ConvertFloatToTF32Op::create(builder, loc, i32, x,
                                             NVVM::FPRoundingMode::RNA);
  } else {
    // Round to nearest, ties away, as cvt.rna.tf32 does, by adding half of
    // the TF32 ulp (13 mantissa bits dropped) to the bits and clearing
    // them. ptxas expands cvt.rna into the same add and mask plus a guard
    // that keeps inf and NaN (an FSETP and a SEL a value). Without it a
    // finite value splits bit for bit as before; inf keeps its bits, a NaN
    // may turn into a zero or inf big part, but its small part, x - big, is
    // NaN either way, so the pairwise sum is not finite and is recomputed
    // (recomputeSpecialDots), as before. Each operand is named before its
    // use, so that the ops' order (which the lit checks follow) does not
    // depend on the C++ compiler's order of evaluating arguments.
    Value bits = arith::BitcastOp::create(builder, loc, i32, x);
    Value halfUlp = arith::ConstantIntOp::create(builder, loc, i32, 0x1000);
    Value rounded = arith::AddIOp::create(builder, loc, bits, halfUlp);
    Value keptBits = arith::ConstantIntOp::create(builder, loc, i32,
                                                  int64_t(int32_t(0xffffe000)));
    big = arith::AndIOp::create(builder, loc, rounded, keptBits);
  }
  Value bigF = arith::BitcastOp::create(builder, loc, f32, big);
  if (!guardNonFinite)
    return {
        big,
        arith::BitcastOp::create(builder, loc, i32,
                                 arith::SubFOp::create(builder, loc, x, bigF)),
        big};
  Value inf = arith::ConstantOp::create(
      builder, loc,
      builder.getF32FloatAttr(std::numeric_limits<float>::infinity()));
  // |big| == inf, or big is NaN: not finite.
  Value nonFinite =
      arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UGE,
                            math::AbsFOp::create(builder, loc, bigF), inf);
  Value zeroF =
      arith::ConstantOp::create(builder, loc, builder.getF32FloatAttr(0));
  Value small =
      arith::SelectOp::create(builder, loc, nonFinite, zeroF,
                              arith::SubFOp::create(builder, loc, x, bigF));
  Value cross = arith::SelectOp::create(
      builder, loc, nonFinite,
      arith::ConstantIntOp::create(builder, loc, i32, 0), big);
  return {big, arith::BitcastOp::create(builder, loc, i32, small), cross};
}

Value TiledBuilder::combineNorms(Operation *red, Value x, Value y) {
  if (isa<SumOp>(red))
    return arith::AddFOp::create(builder, loc, x, y);
  if (isa<ReduceMinOp>(red))
    return arith::MinimumFOp::create(builder, loc, x, y);
  return arith::MaximumFOp::create(builder, loc, x, y);
}

TiledBuilder::WorkUnits TiledBuilder::planWorkUnits(Value gridX) {
  WorkUnits units;
  Value rowTiles = arith::CeilDivUIOp::create(builder, loc, n, idx(cfg.bm));
  Value items = arith::MulIOp::create(builder, loc, rowTiles, idx(cfg.split));
  if (!gridX)
    gridX = gpu::GridDimOp::create(builder, loc, gpu::Dimension::x);
  units.gridX = gridX;
  units.total = units.fullItems = items;
  if (cfg.split == 1)
    return units;
  // The launch takes min(items, blocks) blocks, a multiple of the parts:
  // the full rounds end at a row tile's part 0.
  Value rounds = arith::DivUIOp::create(builder, loc, items, gridX);
  Value full = arith::MulIOp::create(builder, loc, rounds, gridX);
  Value left = arith::SubIOp::create(builder, loc, items, full);
  Value split = idx(cfg.split);
  Value tailTiles = arith::AddIOp::create(
      builder, loc,
      arith::MulIOp::create(builder, loc,
                            arith::DivUIOp::create(builder, loc, left, split),
                            candidateTiles),
      arith::MinUIOp::create(
          builder, loc,
          arith::MulIOp::create(
              builder, loc, arith::RemUIOp::create(builder, loc, left, split),
              tilesPerPart),
          candidateTiles));
  // tailWorthSplitting, at run time. A cluster's blocks walk the same row
  // tiles, one part each, to the end: no tail.
  Value tailCost = arith::MulIOp::create(
      builder, loc, arith::CeilDivUIOp::create(builder, loc, tailTiles, gridX),
      idx(kTailTileCost));
  units.tail =
      cfg.clusterSplit
          ? arith::ConstantOp::create(builder, loc, builder.getBoolAttr(false))
                .getResult()
          : arith::AndIOp::create(
                builder, loc,
                arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ugt,
                                      tailTiles, idx(0)),
                arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                      tailCost, tilesPerPart))
                .getResult();
  units.fullItems =
      arith::SelectOp::create(builder, loc, units.tail, full, items);
  units.fullRounds = rounds;
  units.total = arith::SelectOp::create(
      builder, loc, units.tail,
      arith::AddIOp::create(builder, loc, full, tailTiles), items);
  return units;
}

TiledBuilder::WorkUnit TiledBuilder::decodeWorkUnit(Value unit, Value bx,
                                                    const WorkUnits &units) {
  WorkUnit w;
  Value gridX = units.gridX;
  Value ordinal = arith::DivUIOp::create(
      builder, loc, arith::SubIOp::create(builder, loc, unit, bx), gridX);
  Value slices = arith::CeilDivUIOp::create(builder, loc, d, idx(cfg.bk));
  w.rowTile = unit;
  if (cfg.split > 1)
    w.rowTile = arith::DivUIOp::create(builder, loc, unit, idx(cfg.split));
  w.iterationBase = arith::MulIOp::create(
      builder, loc, ordinal,
      arith::MulIOp::create(builder, loc, partTiles, slices));
  w.begin = partBegin;
  w.end = partEnd;
  w.tiles = partTiles;
  if (cfg.split == 1)
    return w;
  w.isTail = arith::AndIOp::create(
      builder, loc, units.tail,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::uge, unit,
                            units.fullItems));
  // Below fullItems these wrap; the selects below discard them.
  Value v = arith::SubIOp::create(builder, loc, unit, units.fullItems);
  Value tiles = arith::MaxUIOp::create(builder, loc, candidateTiles, idx(1));
  Value tailRow = arith::AddIOp::create(
      builder, loc,
      arith::DivUIOp::create(builder, loc, units.fullItems, idx(cfg.split)),
      arith::DivUIOp::create(builder, loc, v, tiles));
  Value tailBegin = arith::MulIOp::create(
      builder, loc, arith::RemUIOp::create(builder, loc, v, tiles),
      idx(cfg.bn));
  Value tailEnd = arith::MinUIOp::create(
      builder, loc, k,
      arith::AddIOp::create(builder, loc, tailBegin, idx(cfg.bn)));
  // The block's full items took partTiles tiles each, its tail units one.
  Value tailBase = arith::MulIOp::create(
      builder, loc,
      arith::AddIOp::create(
          builder, loc,
          arith::MulIOp::create(builder, loc, units.fullRounds, partTiles),
          arith::SubIOp::create(builder, loc, ordinal, units.fullRounds)),
      slices);
  auto pick = [&](Value tail, Value item) -> Value {
    return arith::SelectOp::create(builder, loc, w.isTail, tail, item);
  };
  w.rowTile = pick(tailRow, w.rowTile);
  w.iterationBase = pick(tailBase, w.iterationBase);
  w.begin = pick(tailBegin, w.begin);
  w.end = pick(tailEnd, w.end);
  w.tiles = pick(idx(1), w.tiles);
  return w;
}

Value TiledBuilder::better(Value candidate, Value best) {
  Value strictly = arith::CmpFOp::create(builder, loc,
                                         isMin ? arith::CmpFPredicate::OLT
                                               : arith::CmpFPredicate::OGT,
                                         candidate, best);
  if (!nanIsBest)
    return strictly;
  Value candNan = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO,
                                        candidate, candidate);
  Value bestNum = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::ORD,
                                        best, best);
  return arith::OrIOp::create(
      builder, loc, strictly,
      arith::AndIOp::create(builder, loc, candNan, bestNum));
}

TiledBuilder::CertifiedTop
TiledBuilder::certifiedInsert(const CertifiedTop &top, Value lo, Value hi,
                              Value j) {
  auto pick = [&](Value cond, Value a, Value b) -> Value {
    return arith::SelectOp::create(builder, loc, cond, a, b);
  };
  int64_t levels = certifiedLevels;
  SmallVector<Value> before;
  for (int64_t l = 0; l < levels; ++l)
    before.push_back(arith::CmpFOp::create(
        builder, loc, arith::CmpFPredicate::OLT, lo, top.lo[l]));
  // Level l takes the one above when the new value went above it, the
  // new value when it went to l, and keeps its own otherwise.
  auto shifted = [&](ArrayRef<Value> old, Value value, int64_t l) -> Value {
    Value here = pick(before[l], value, old[l]);
    return l ? pick(before[l - 1], old[l - 1], here) : here;
  };
  CertifiedTop next;
  for (int64_t l = 0; l < levels; ++l)
    next.lo.push_back(shifted(top.lo, lo, l));
  for (int64_t l = 0; l + 1 < levels; ++l) {
    next.hi.push_back(shifted(top.hi, hi, l));
    next.j.push_back(shifted(top.j, j, l));
  }
  return next;
}

TiledBuilder::CertifiedTop TiledBuilder::certifiedMerge(const CertifiedTop &a,
                                                        const CertifiedTop &b) {
  CertifiedTop top = a;
  for (int64_t l = 0; l + 1 < certifiedLevels; ++l)
    top = certifiedInsert(top, b.lo[l], b.hi[l], b.j[l]);
  // b's last lower bound is at least its others and ties keep the earlier:
  // it lands last or nowhere, so the upper bound and index it carries here
  // are never read.
  return certifiedInsert(top, b.lo.back(), b.hi.back(), b.j.back());
}

Value TiledBuilder::certifiedOpen(const CertifiedTop &top) {
  SmallVector<Value> leastHi = {top.hi[0]};
  for (int64_t l = 1; l + 1 < certifiedLevels; ++l)
    leastHi.push_back(
        arith::MinimumFOp::create(builder, loc, leastHi.back(), top.hi[l]));
  Value open = idx(certifiedLevels);
  for (int64_t m = certifiedLevels - 1; m >= 1; --m) {
    Value closed = arith::CmpFOp::create(
        builder, loc, arith::CmpFPredicate::OGT, top.lo[m], leastHi[m - 1]);
    open = arith::SelectOp::create(builder, loc, closed, idx(m), open);
  }
  return open;
}

Value TiledBuilder::directDistance(Value rowMem, Value colMem, Value row,
                                   Value col, int64_t dStatic) {
  return directDistances(rowMem, colMem, ArrayRef<Value>{row}, col, dStatic,
                         pairReplayChunksAStep(cfg))[0];
}

SmallVector<Value> TiledBuilder::directDistances(Value rowMem, Value colMem,
                                                 ArrayRef<Value> rows,
                                                 Value col, int64_t dStatic,
                                                 int64_t chunksAStep) {
  auto vectorType = VectorType::get({4}, builder.getF32Type());
  size_t count = rows.size();
  // A step's loads are issued before its chains, so that they are in
  // flight together: one L2 latency a step rather than one a chunk.
  auto step = [&](Value l0, int64_t chunks, SmallVector<Value> accs) {
    SmallVector<SmallVector<Value>> xs(count);
    SmallVector<Value> cs;
    auto load = [&](Value mem, Value at, Value l) -> Value {
      return vector::LoadOp::create(
          builder, loc, vectorType, mem, ValueRange{at, l},
          /*nontemporal=*/false, llvm::MaybeAlign(16));
    };
    for (int64_t i = 0; i < chunks; ++i) {
      Value l = arith::AddIOp::create(builder, loc, l0, idx(4 * i));
      for (size_t r = 0; r < count; ++r)
        xs[r].push_back(load(rowMem, rows[r], l));
      cs.push_back(load(colMem, col, l));
    }
    // Feature by feature, every chain's add of that feature next to the
    // others': each chain is a run of dependent adds, and emitted one
    // after another (the rows' chains, then the candidate's CC) the runs
    // needed ptxas to interleave them. The probe's certified Gram kernel
    // ran 0.977-0.987 of its time with the order below (H100, labels
    // equal). Each chain in a thread of its own, joined after a barrier,
    // ran 1.058 with ties (docs/performance-notes.md, version 50).
    for (int64_t i = 0; i < chunks; ++i)
      for (int64_t e = 0; e < 4; ++e) {
        Value c = vector::ExtractOp::create(builder, loc, cs[i], e);
        for (size_t r = 0; r < count; ++r)
          replayRowStep(
              accs, r, vector::ExtractOp::create(builder, loc, xs[r][i], e), c);
        if (certifiedGram)
          replayCandidateStep(accs, c);
      }
    return accs;
  };
  int64_t chunks = dStatic / 4;
  int64_t steps = chunks / chunksAStep;
  SmallVector<Value> accs = replayStart(count);
  if (steps > 0) {
    auto loop =
        scf::ForOp::create(builder, loc, idx(0), idx(steps), idx(1), accs);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(loop.getBody());
    Value l0 = arith::MulIOp::create(builder, loc, loop.getInductionVar(),
                                     idx(4 * chunksAStep));
    scf::YieldOp::create(
        builder, loc,
        step(l0, chunksAStep, SmallVector<Value>(loop.getRegionIterArgs())));
    accs.assign(loop.getResults().begin(), loop.getResults().end());
  }
  if (chunks % chunksAStep)
    accs = step(idx(4 * chunksAStep * steps), chunks % chunksAStep, accs);
  SmallVector<Value> values;
  for (size_t r = 0; r < count; ++r)
    values.push_back(replayValue(accs, r));
  return values;
}

void TiledBuilder::storeLabelIfDecided(const CertifiedTop &top, Value open,
                                       Value labels, Value row) {
  auto decided = scf::IfOp::create(
      builder, loc,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, open,
                            idx(1)),
      true);
  builder.setInsertionPointToStart(decided.thenBlock());
  memref::StoreOp::create(
      builder, loc,
      arith::ExtUIOp::create(builder, loc, builder.getI64Type(), top.j[0]),
      labels, ValueRange{row});
  builder.setInsertionPointToStart(decided.elseBlock());
}

void TiledBuilder::listForDirectForm(const CertifiedBuffers &buffers,
                                     const CertifiedTop &top, Value open,
                                     Value local) {
  OpBuilder::InsertionGuard guard(builder);
  auto pairOrAll = scf::IfOp::create(builder, loc, opensFew(open), true);
  builder.setInsertionPointToStart(pairOrAll.thenBlock());
  // The open candidates, the last repeated: the direct form's minimum
  // over them is the same.
  Value lastOpen = arith::SubIOp::create(builder, loc, open, idx(1));
  for (int64_t q = 0; q + 1 < certifiedLevels; ++q) {
    Value j = top.j[0];
    for (int64_t r = 1; r <= q; ++r)
      j = arith::SelectOp::create(
          builder, loc,
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule, idx(r),
                                lastOpen),
          top.j[r], j);
    memref::StoreOp::create(builder, loc, j, buffers.pairs,
                            ValueRange{idx(q), local});
  }
  appendCertifiedRow(buffers, kFewList, local);
  builder.setInsertionPointToStart(pairOrAll.elseBlock());
  appendCertifiedRow(buffers, kFullList, local);
}

Value TiledBuilder::packDirectValue(Value value, Value col) {
  Type i64 = builder.getI64Type();
  Value key = orderableKey(builder, loc, value, /*isMin=*/true, nanIsBest);
  return arith::OrIOp::create(
      builder, loc,
      arith::ShLIOp::create(builder, loc,
                            arith::ExtUIOp::create(builder, loc, i64, key),
                            arith::ConstantOp::create(
                                builder, loc, builder.getI64IntegerAttr(32))),
      arith::IndexCastUIOp::create(builder, loc, i64, col));
}

void TiledBuilder::inFirstThread(llvm::function_ref<void()> body) {
  auto first = scf::IfOp::create(builder, loc,
                                 arith::CmpIOp::create(builder, loc,
                                                       arith::CmpIPredicate::eq,
                                                       tid, idx(0)),
                                 false);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(first.thenBlock());
  body();
}

void TiledBuilder::resetCertifiedCounts(const CertifiedBuffers &buffers,
                                        bool withDeferred) {
  inFirstThread([&] {
    for (int64_t list = 0; list < kCertifiedLists; ++list)
      memref::StoreOp::create(builder, loc, i32(0), buffers.counts,
                              ValueRange{idx(list)});
    if (withDeferred)
      memref::StoreOp::create(builder, loc, i32(0), buffers.deferredCount,
                              ValueRange{idx(0)});
  });
}

void TiledBuilder::appendCertifiedRow(const CertifiedBuffers &buffers,
                                      int64_t list, Value local) {
  Value slot = memref::AtomicRMWOp::create(
      builder, loc, arith::AtomicRMWKind::addi, i32(1), buffers.counts,
      ValueRange{idx(list)});
  memref::StoreOp::create(
      builder, loc,
      arith::IndexCastUIOp::create(builder, loc, builder.getI32Type(), local),
      buffers.lists,
      ValueRange{idx(list), arith::IndexCastUIOp::create(
                                builder, loc, builder.getIndexType(), slot)});
}

/// A listed row's packed minimum before any candidate, (key(+inf) << 32 |
/// 0): a row whose candidates are all +inf keeps index 0, as the FMA
/// schedule's running minimum does.
constexpr int64_t kCertifiedUnset = int64_t(uint64_t(0xff800000u) << 32);
/// Deferred rows that one pass over the candidates serves
/// (flushDeferredRows): each thread keeps a chain for each.
constexpr int64_t kDeferredGroup = 8;
/// Rows the call's list for the deferred pass holds (TiledBuilder::
/// deferredList); a block's rows past them take its own pass. 128 KiB of
/// i64: feature-heavy defers about 1240 of its 65536 rows on uniform data,
/// and an input of equal rows defers every row.
constexpr int64_t kDeferredListRows = 16384;
/// A work item of the deferred pass: its rows (a chain each in every
/// thread), its candidates (one a thread) and the features of a staged
/// slice.
constexpr int64_t kDeferredPassRows = 32, kDeferredPassThreads = 256,
                  kDeferredPassSlice = 32;
/// Floats between two staged candidates: a quarter warp's 16-byte loads of
/// eight candidates' same features then fall in distinct banks.
constexpr int64_t kDeferredPassStride = kDeferredPassSlice + 4;

void TiledBuilder::flushDeferredRows(Value rowMem, Value colMem, Value labels,
                                     const CertifiedBuffers &buffers,
                                     int64_t dStatic) {
  Type index = builder.getIndexType();
  Value threads = idx(cfg.threads());
  auto i64c = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getI64IntegerAttr(v));
  };
  auto load = [&](Value mem, ValueRange at) -> Value {
    return memref::LoadOp::create(builder, loc, mem, at);
  };
  auto store = [&](Value v, Value mem, ValueRange at) {
    memref::StoreOp::create(builder, loc, v, mem, at);
  };
  auto rowAt = [&](Value i) -> Value {
    return arith::IndexCastUIOp::create(
        builder, loc, index, load(buffers.deferredRows, ValueRange{i}));
  };
  // The block's threads over [begin, end), begin 0 when null.
  auto forThreads = [&](Value end, llvm::function_ref<void(Value)> body,
                        Value begin = Value()) {
    Value first =
        begin ? arith::AddIOp::create(builder, loc, begin, tid).getResult()
              : tid;
    auto loop = scf::ForOp::create(builder, loc, first, end, threads);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(loop.getBody());
    body(loop.getInductionVar());
  };
  Value count = arith::IndexCastUIOp::create(
      builder, loc, index, load(buffers.deferredCount, ValueRange{idx(0)}));
  // The rows go to the call's list, for the deferred pass, as far as it
  // has room; that pass spreads them over the whole GPU, where this one
  // keeps a SM for each of its block's passes over the candidates (78 of
  // feature-heavy's 211 ms for its 1237 rows on the H100,
  // docs/performance-notes.md, version 40). What does not fit stays here.
  Type i64 = builder.getI64Type();
  inFirstThread([&] {
    Value base = memref::AtomicRMWOp::create(
        builder, loc, arith::AtomicRMWKind::addi,
        arith::IndexCastUIOp::create(builder, loc, i64, count), deferredList,
        ValueRange{idx(0)});
    store(base, buffers.deferredListBase, ValueRange{idx(0)});
  });
  gpu::BarrierOp::create(builder, loc);
  Value base = arith::IndexCastUIOp::create(
      builder, loc, index, load(buffers.deferredListBase, ValueRange{idx(0)}));
  Value room = arith::SubIOp::create(
      builder, loc, idx(kDeferredListRows),
      arith::MinUIOp::create(builder, loc, base, idx(kDeferredListRows)));
  Value listed = arith::MinUIOp::create(builder, loc, count, room);
  forThreads(listed, [&](Value i) {
    Value row = load(buffers.deferredRows, ValueRange{i});
    store(row, deferredList,
          ValueRange{arith::AddIOp::create(
              builder, loc, arith::AddIOp::create(builder, loc, base, i),
              idx(1))});
    store(i64c(kCertifiedUnset), labels,
          ValueRange{arith::IndexCastUIOp::create(builder, loc, index, row)});
  });
  // The rows past the list's room: [listed, count).
  forThreads(
      count,
      [&](Value i) {
        store(i64c(kCertifiedUnset), buffers.deferredBest, ValueRange{i});
      },
      listed);
  gpu::BarrierOp::create(builder, loc);
  {
    auto groups =
        scf::ForOp::create(builder, loc, listed, count, idx(kDeferredGroup));
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(groups.getBody());
    Value first = groups.getInductionVar();
    Value last = arith::SubIOp::create(builder, loc, count, idx(1));
    forThreads(k, [&](Value col) {
      // A group's missing rows repeat its last; their values are dropped.
      SmallVector<Value> slots, rows;
      for (int64_t r = 0; r < kDeferredGroup; ++r) {
        slots.push_back(arith::AddIOp::create(builder, loc, first, idx(r)));
        rows.push_back(
            rowAt(arith::MinUIOp::create(builder, loc, slots.back(), last)));
      }
      SmallVector<Value> values =
          directDistances(rowMem, colMem, rows, col, dStatic);
      for (int64_t r = 0; r < kDeferredGroup; ++r) {
        auto inList = scf::IfOp::create(
            builder, loc,
            arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                  slots[r], count),
            false);
        OpBuilder::InsertionGuard branch(builder);
        builder.setInsertionPointToStart(inList.thenBlock());
        memref::AtomicRMWOp::create(builder, loc, arith::AtomicRMWKind::minu,
                                    packDirectValue(values[r], col),
                                    buffers.deferredBest, ValueRange{slots[r]});
      }
    });
  }
  gpu::BarrierOp::create(builder, loc);
  forThreads(
      count,
      [&](Value i) {
        Value label = arith::AndIOp::create(
            builder, loc, load(buffers.deferredBest, ValueRange{i}),
            i64c(0xFFFFFFFFll));
        store(label, labels, ValueRange{rowAt(i)});
      },
      listed);
  // The list is empty for the next rows; its slots may be rewritten.
  gpu::BarrierOp::create(builder, loc);
  inFirstThread(
      [&] { store(i32(0), buffers.deferredCount, ValueRange{idx(0)}); });
}

void TiledBuilder::emitCertifiedLabels(
    Value rowMem, Value colMem, Value rowBase, Value labels,
    const CertifiedBuffers &buffers, int64_t dStatic,
    llvm::function_ref<CertifiedTop(Value)> topOf) {
  Type i32Type = builder.getI32Type();
  Type i64 = builder.getI64Type();
  Type index = builder.getIndexType();
  int64_t threads = cfg.threads();
  auto i64c = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getI64IntegerAttr(v));
  };
  auto toIndex = [&](Value v) -> Value {
    return arith::IndexCastUIOp::create(builder, loc, index, v);
  };
  auto store = [&](Value v, Value mem, ValueRange at) {
    memref::StoreOp::create(builder, loc, v, mem, at);
  };
  auto load = [&](Value mem, ValueRange at) -> Value {
    return memref::LoadOp::create(builder, loc, mem, at);
  };
  Value unset = i64c(kCertifiedUnset);
  auto append = [&](int64_t list, Value local) {
    appendCertifiedRow(buffers, list, local);
  };

  // 1. A thread a row: decide, or list the row for the direct form.
  {
    auto rowsLoop =
        scf::ForOp::create(builder, loc, tid, idx(cfg.bm), idx(threads));
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(rowsLoop.getBody());
    Value local = rowsLoop.getInductionVar();
    Value row = arith::AddIOp::create(builder, loc, rowBase, local);
    auto inRows = scf::IfOp::create(
        builder, loc,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, row, n),
        false);
    builder.setInsertionPointToStart(inRows.thenBlock());
    CertifiedTop top = topOf(local);
    Value open = certifiedOpen(top);
    for (int64_t q = 0; q + 1 < certifiedLevels; ++q)
      store(top.j[q], buffers.pairs, ValueRange{idx(q), local});
    storeLabelIfDecided(top, open, labels, row);
    store(unset, buffers.best, ValueRange{local});
    store(arith::IndexCastUIOp::create(builder, loc, i32Type, open),
          buffers.modes, ValueRange{local});
    // The refinement's bound includes the direct form's own error, d u of
    // the value, as E does: it is tighter only by E's other terms. Where it
    // would not halve the first candidate's E (its R hi >= (hi - lo) / 4;
    // also where the bounds are not finite), the row goes straight to the
    // direct form: at d = 8192 a refinement of all candidates reads the
    // whole candidate matrix for a row and would leave it open
    // (docs/performance-notes.md, version 39).
    // certifiedGram: no refinement. Its bound is the Gram form's own error
    // at least, relative to nx + nc rather than to the value, which a
    // tighter sum cannot reduce.
    if (certifiedGram) {
      listForDirectForm(buffers, top, open, local);
    } else {
      Value refines = arith::CmpFOp::create(
          builder, loc, arith::CmpFPredicate::OLT,
          arith::MulFOp::create(
              builder, loc, top.hi[0],
              f32(roundUpToFloat(4 * refinedRelativeBound(dStatic)))),
          arith::SubFOp::create(builder, loc, top.hi[0], top.lo[0]));
      auto refineOrDirect = scf::IfOp::create(builder, loc, refines, true);
      builder.setInsertionPointToStart(refineOrDirect.elseBlock());
      listForDirectForm(buffers, top, open, local);
      builder.setInsertionPointToStart(refineOrDirect.thenBlock());
      auto refineFew = scf::IfOp::create(builder, loc, opensFew(open), true);
      builder.setInsertionPointToStart(refineFew.thenBlock());
      append(kRefineFewList, local);
      builder.setInsertionPointToStart(refineFew.elseBlock());
      append(kRefineFullList, local);
    }
  }
  gpu::BarrierOp::create(builder, loc);

  // 1b. The listed rows again, a row at a time, with tighter bounds: the
  // warps split the row's candidates (its first two, or all), and the
  // lanes of a warp split each candidate's features and sum them as a
  // tree, within (m + d + 10) u of the direct form's value (m terms a
  // lane). The rows these bounds decide take their label; the others go
  // to the direct form, for their new first two or for every candidate.
  if (!certifiedGram) {
    refineRows(rowMem, colMem, rowBase, labels, buffers, dStatic,
               /*allCandidates=*/false);
    refineRows(rowMem, colMem, rowBase, labels, buffers, dStatic,
               /*allCandidates=*/true);
    gpu::BarrierOp::create(builder, loc);
  }

  // 2. The listed rows' direct values, a (row, candidate) pair a thread:
  // two pairs a row of the first list, k a row of the second.
  Value pairRows = toIndex(load(buffers.counts, ValueRange{idx(kFewList)}));
  Value fullRows = toIndex(load(buffers.counts, ValueRange{idx(kFullList)}));
  // certifiedDefers: the second list's rows join the block's deferred
  // rows instead (after a pass over those when they would not fit).
  Value deferredBase;
  if (certifiedDefers) {
    Value pending = toIndex(load(buffers.deferredCount, ValueRange{idx(0)}));
    Value overflows = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ugt,
        arith::AddIOp::create(builder, loc, pending, fullRows), idx(cfg.bm));
    {
      auto flush = scf::IfOp::create(builder, loc, overflows, false);
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(flush.thenBlock());
      flushDeferredRows(rowMem, colMem, labels, buffers, dStatic);
    }
    deferredBase =
        arith::SelectOp::create(builder, loc, overflows, idx(0), pending);
    auto deferLoop =
        scf::ForOp::create(builder, loc, tid, fullRows, idx(threads));
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(deferLoop.getBody());
    Value i = deferLoop.getInductionVar();
    Value local = toIndex(load(buffers.lists, ValueRange{idx(kFullList), i}));
    store(arith::IndexCastUIOp::create(
              builder, loc, i64,
              arith::AddIOp::create(builder, loc, rowBase, local)),
          buffers.deferredRows,
          ValueRange{arith::AddIOp::create(builder, loc, deferredBase, i)});
  }
  // A few-candidate row: certifiedLevels - 1 tasks (its open candidates,
  // the last repeated).
  int64_t fewTasks = certifiedLevels - 1;
  Value pairTasks =
      arith::MulIOp::create(builder, loc, pairRows, idx(fewTasks));
  Value tasks = certifiedDefers
                    ? pairTasks
                    : arith::AddIOp::create(
                          builder, loc, pairTasks,
                          arith::MulIOp::create(builder, loc, fullRows, k))
                          .getResult();
  {
    auto taskLoop = scf::ForOp::create(builder, loc, tid, tasks, idx(threads));
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(taskLoop.getBody());
    Value p = taskLoop.getInductionVar();
    Value isPair = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ult, p, pairTasks);
    auto which = scf::IfOp::create(builder, loc, TypeRange{index, index},
                                   isPair, /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard branch(builder);
      builder.setInsertionPointToStart(which.thenBlock());
      Value local = toIndex(
          load(buffers.lists,
               ValueRange{idx(0), arith::DivUIOp::create(builder, loc, p,
                                                         idx(fewTasks))}));
      Value j = toIndex(load(
          buffers.pairs,
          ValueRange{arith::RemUIOp::create(builder, loc, p, idx(fewTasks)),
                     local}));
      scf::YieldOp::create(builder, loc, ValueRange{local, j});
      builder.setInsertionPointToStart(which.elseBlock());
      Value q = arith::SubIOp::create(builder, loc, p, pairTasks);
      Value fullLocal = toIndex(
          load(buffers.lists,
               ValueRange{idx(1), arith::DivUIOp::create(builder, loc, q, k)}));
      scf::YieldOp::create(
          builder, loc,
          ValueRange{fullLocal, arith::RemUIOp::create(builder, loc, q, k)});
    }
    Value local = which.getResult(0);
    Value col = which.getResult(1);
    Value row = arith::AddIOp::create(builder, loc, rowBase, local);
    Value value = directDistance(rowMem, colMem, row, col, dStatic);
    memref::AtomicRMWOp::create(builder, loc, arith::AtomicRMWKind::minu,
                                packDirectValue(value, col), buffers.best,
                                ValueRange{local});
  }
  gpu::BarrierOp::create(builder, loc);

  // 3. The listed rows' labels. Every thread read the counts before the
  // barrier, so the first may reset them for the next row tile.
  resetCertifiedCounts(buffers);
  if (certifiedDefers)
    inFirstThread([&] {
      store(arith::IndexCastUIOp::create(
                builder, loc, i32Type,
                arith::AddIOp::create(builder, loc, deferredBase, fullRows)),
            buffers.deferredCount, ValueRange{idx(0)});
    });
  {
    Value listed = certifiedDefers
                       ? pairRows
                       : arith::AddIOp::create(builder, loc, pairRows, fullRows)
                             .getResult();
    auto listLoop = scf::ForOp::create(builder, loc, tid, listed, idx(threads));
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(listLoop.getBody());
    Value i = listLoop.getInductionVar();
    Value inPairs = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ult, i, pairRows);
    Value list = arith::SelectOp::create(builder, loc, inPairs, idx(0), idx(1));
    Value at = arith::SelectOp::create(
        builder, loc, inPairs, i,
        arith::SubIOp::create(builder, loc, i, pairRows));
    Value local = toIndex(load(buffers.lists, ValueRange{list, at}));
    Value packed = load(buffers.best, ValueRange{local});
    Value label =
        arith::AndIOp::create(builder, loc, packed, i64c(0xFFFFFFFFll));
    store(label, labels,
          ValueRange{arith::AddIOp::create(builder, loc, rowBase, local)});
  }
  // The next row tile's decisions reuse the buffers.
  gpu::BarrierOp::create(builder, loc);
  if (certifiedDefers) {
    auto last = scf::IfOp::create(builder, loc, lastRowTile, false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(last.thenBlock());
    flushDeferredRows(rowMem, colMem, labels, buffers, dStatic);
  }
}

/// Chunks of 16 bytes a lane loads at once for each candidate it refines.
constexpr int64_t kRefineChunksABlock = 4;

void TiledBuilder::refineRows(Value rowMem, Value colMem, Value rowBase,
                              Value labels, const CertifiedBuffers &buffers,
                              int64_t dStatic, bool allCandidates) {
  // Candidates a warp sums at once, so that their loads are in flight
  // together: a row's first two, or 8 of all.
  int64_t group = allCandidates ? 8 : certifiedLevels - 1;
  Type f32Type = builder.getF32Type();
  Type i32Type = builder.getI32Type();
  Type index = builder.getIndexType();
  int64_t warps = cfg.threads() / 32;
  double inf = std::numeric_limits<double>::infinity();
  auto vectorType = VectorType::get({4}, f32Type);
  auto toIndex = [&](Value v) -> Value {
    return arith::IndexCastUIOp::create(builder, loc, index, v);
  };
  auto load = [&](Value mem, ValueRange at) -> Value {
    return memref::LoadOp::create(builder, loc, mem, at);
  };
  auto store = [&](Value v, Value mem, ValueRange at) {
    memref::StoreOp::create(builder, loc, v, mem, at);
  };
  // Lane `lane` sums features 4 lane + 128 i, i < chunks.
  int64_t chunks = llvm::divideCeil(dStatic, 128);
  double relative = roundUpToFloat(refinedRelativeBound(dStatic));
  double absolute =
      roundUpToFloat((double(dStatic) + 40) * std::ldexp(1.0, -148));
  Value warp = arith::DivUIOp::create(builder, loc, tid, idx(32));
  Value lane = arith::RemUIOp::create(builder, loc, tid, idx(32));
  int64_t list = allCandidates ? kRefineFullList : kRefineFewList;
  Value refined = toIndex(load(buffers.counts, ValueRange{idx(list)}));
  // All candidates: the block's warps share each row. The first two: each
  // warp takes its own rows.
  auto rowLoop =
      allCandidates
          ? scf::ForOp::create(builder, loc, idx(0), refined, idx(1))
          : scf::ForOp::create(builder, loc, warp, refined, idx(warps));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(rowLoop.getBody());
  Value local = toIndex(
      load(buffers.lists, ValueRange{idx(list), rowLoop.getInductionVar()}));
  Value row = arith::AddIOp::create(builder, loc, rowBase, local);
  Value count =
      allCandidates ? k : toIndex(load(buffers.modes, ValueRange{local}));
  // The lane's features: whole 16-byte chunks inside d, or none (d is a
  // multiple of 4), loaded from a clamped address and zeroed outside.
  // Chunk i of feature block `block` is the lane's chunk
  // block * kRefineChunksABlock + i. With more chunks than a block the
  // blocks are a loop: unrolled over all of d = 8192 the row's and 8
  // candidates' chunks took 2300 registers, and ptxas spilled 27 KiB a
  // thread.
  int64_t blockChunks = std::min(chunks, kRefineChunksABlock);
  int64_t blocks = llvm::divideCeil(chunks, blockChunks);
  Value zeros = arith::ConstantOp::create(
      builder, loc, cast<TypedAttr>(builder.getZeroAttr(vectorType)));
  auto loadChunks = [&](Value mem, Value at, Value block) {
    SmallVector<Value> loaded;
    for (int64_t i = 0; i < blockChunks; ++i) {
      Value chunk = arith::AddIOp::create(
          builder, loc,
          arith::MulIOp::create(builder, loc, block, idx(blockChunks)), idx(i));
      Value l = arith::AddIOp::create(
          builder, loc, arith::MulIOp::create(builder, loc, lane, idx(4)),
          arith::MulIOp::create(builder, loc, chunk, idx(128)));
      Value inside =
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, l, d);
      Value feature = arith::MinUIOp::create(builder, loc, l, idx(dStatic - 4));
      Value v = vector::LoadOp::create(
          builder, loc, vectorType, mem, ValueRange{at, feature},
          /*nontemporal=*/false, llvm::MaybeAlign(16));
      loaded.push_back(arith::SelectOp::create(builder, loc, inside, v, zeros));
    }
    return loaded;
  };
  // One block: the row's chunks once, before the candidates.
  SmallVector<Value> rowChunks;
  if (blocks == 1)
    rowChunks = loadChunks(rowMem, row, idx(0));
  CertifiedTop init = certifiedEmpty();
  auto candidateLoop =
      allCandidates ? scf::ForOp::create(
                          builder, loc,
                          arith::MulIOp::create(builder, loc, warp, idx(group)),
                          count, idx(warps * group), certifiedFields(init))
                    : scf::ForOp::create(builder, loc, idx(0), count,
                                         idx(group), certifiedFields(init));
  {
    OpBuilder::InsertionGuard loopGuard(builder);
    builder.setInsertionPointToStart(candidateLoop.getBody());
    Value q0 = candidateLoop.getInductionVar();
    CertifiedTop top = certifiedFromFields(
        SmallVector<Value>(candidateLoop.getRegionIterArgs()));
    SmallVector<Value> cols, valid;
    Value last = arith::SubIOp::create(builder, loc, count, idx(1));
    for (int64_t g = 0; g < group; ++g) {
      Value q = arith::AddIOp::create(builder, loc, q0, idx(g));
      valid.push_back(arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ult, q, count));
      Value clamped = arith::MinUIOp::create(builder, loc, q, last);
      Value col =
          allCandidates
              ? clamped
              : toIndex(load(buffers.pairs, ValueRange{clamped, local}));
      cols.push_back(col);
    }
    // Each candidate's lane sum, one chain over the lane's chunks in order.
    auto sumBlock = [&](Value block, ArrayRef<Value> xChunks,
                        SmallVector<Value> partials) {
      SmallVector<SmallVector<Value>> cChunks;
      for (int64_t g = 0; g < group; ++g)
        cChunks.push_back(loadChunks(colMem, cols[g], block));
      for (int64_t g = 0; g < group; ++g)
        for (int64_t i = 0; i < blockChunks; ++i)
          for (int64_t e = 0; e < 4; ++e) {
            Value t = arith::SubFOp::create(
                builder, loc,
                vector::ExtractOp::create(builder, loc, xChunks[i], e),
                vector::ExtractOp::create(builder, loc, cChunks[g][i], e));
            partials[g] = LLVM::FMAOp::create(builder, loc, t, t, partials[g]);
          }
      return partials;
    };
    SmallVector<Value> partials(group, f32(0));
    if (blocks == 1) {
      partials = sumBlock(idx(0), rowChunks, partials);
    } else {
      auto blockLoop = scf::ForOp::create(builder, loc, idx(0), idx(blocks),
                                          idx(1), partials);
      OpBuilder::InsertionGuard blockGuard(builder);
      builder.setInsertionPointToStart(blockLoop.getBody());
      Value block = blockLoop.getInductionVar();
      scf::YieldOp::create(
          builder, loc,
          sumBlock(block, loadChunks(rowMem, row, block),
                   SmallVector<Value>(blockLoop.getRegionIterArgs())));
      builder.setInsertionPointAfter(blockLoop);
      partials.assign(blockLoop.getResults().begin(),
                      blockLoop.getResults().end());
    }
    for (int64_t g = 0; g < group; ++g) {
      Value partial = partials[g];
      // A butterfly: every lane ends with the same sum (adds commute).
      for (int64_t offset = 16; offset >= 1; offset /= 2)
        partial = arith::AddFOp::create(
            builder, loc, partial,
            gpu::ShuffleOp::create(builder, loc, partial, offset, 32,
                                   gpu::ShuffleMode::XOR)
                .getShuffleResult());
      Value bound = LLVM::FMAOp::create(
          builder, loc, f32(relative),
          math::AbsFOp::create(builder, loc, partial), f32(absolute));
      Value lo = arith::SubFOp::create(builder, loc, partial, bound);
      Value hi = arith::AddFOp::create(builder, loc, partial, bound);
      Value finite = arith::CmpFOp::create(
          builder, loc, arith::CmpFPredicate::OLT,
          arith::SubFOp::create(builder, loc, hi, lo), f32(inf));
      lo = arith::SelectOp::create(builder, loc, finite, lo, f32(-inf));
      hi = arith::SelectOp::create(builder, loc, finite, hi, f32(inf));
      lo = arith::SelectOp::create(builder, loc, valid[g], lo, f32(inf));
      top = certifiedInsert(
          top, lo, hi,
          arith::IndexCastUIOp::create(builder, loc, i32Type, cols[g]));
    }
    scf::YieldOp::create(builder, loc, certifiedFields(top));
  }
  auto isZero = [&](Value v) -> Value {
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, v,
                                 idx(0));
  };
  // Decides the row from its refined top, in one thread.
  auto decide = [&](const CertifiedTop &top) {
    Value open = certifiedOpen(top);
    storeLabelIfDecided(top, open, labels, row);
    listForDirectForm(buffers, top, open, local);
  };
  // The first two: every lane has the warp's top (the butterfly); the
  // first lane decides.
  if (!allCandidates) {
    // The lanes read the row's candidates above; the first lane may
    // rewrite them (decide): the warp's reads come first.
    NVVM::SyncWarpOp::create(builder, loc, i32(-1));
    auto laneZero = scf::IfOp::create(builder, loc, isZero(lane), false);
    builder.setInsertionPointToStart(laneZero.thenBlock());
    decide(certifiedFromFields(SmallVector<Value>(candidateLoop.getResults())));
    return;
  }
  // All: the warps' tops meet in shared memory; the first thread decides.
  {
    auto laneZero = scf::IfOp::create(builder, loc, isZero(lane), false);
    OpBuilder::InsertionGuard branch(builder);
    builder.setInsertionPointToStart(laneZero.thenBlock());
    for (auto [w, field] : llvm::enumerate(candidateLoop.getResults()))
      store(certifiedFieldBits(field), buffers.warpTops,
            ValueRange{warp, idx(int64_t(w))});
  }
  gpu::BarrierOp::create(builder, loc);
  {
    auto first = scf::IfOp::create(builder, loc, isZero(tid), false);
    OpBuilder::InsertionGuard branch(builder);
    builder.setInsertionPointToStart(first.thenBlock());
    CertifiedTop top;
    for (int64_t w = 0; w < warps; ++w) {
      SmallVector<Value> fields;
      for (int64_t f = 0; f < certifiedFieldCount(); ++f)
        fields.push_back(certifiedFieldFromBits(
            f, load(buffers.warpTops, ValueRange{idx(w), idx(f)})));
      CertifiedTop warpTop = certifiedFromFields(fields);
      top = w ? certifiedMerge(top, warpTop) : warpTop;
    }
    decide(top);
  }
  // The next row's warp tops reuse the buffer.
  gpu::BarrierOp::create(builder, loc);
}

LogicalResult TiledBuilder::build() {
  KernelOp kernel = ctx.kernel;
  RunningMinOp loop = plan.loop;
  isMin = loop.getKind() == SelectKind::min;
  nanIsBest = loop.getNan() == NanMode::propagate;
  gpu::GPUFuncOp func = ctx.func;
  Block *body = &func.getBody().front();
  Operation *ret = body->getTerminator();
  builder.setInsertionPoint(ret);

  TiledEmitter emitter(builder, kernel, ctx.inputs, body, ret);
  emitter.rowLeaf = plan.rowLeaf;
  emitter.colLeaf = plan.colLeaf;
  KernelEmitter::Frame *root = emitter.getRoot();

  Value rowMem = ctx.inputs[plan.rowLeaf.getArgNumber()];
  Value colMem = ctx.inputs[plan.colLeaf.getArgNumber()];
  FailureOr<Value> nV = emitter.dimSize(plan.rowLeaf, 0);
  FailureOr<Value> dV = emitter.dimSize(plan.rowLeaf, 1);
  if (failed(nV) || failed(dV))
    return failure();
  n = *nV;
  d = *dV;
  auto rowType = cast<RankedTensorType>(plan.rowLeaf.getType());
  int64_t dStatic = rowType.getDimSize(1);
  bool mma = cfg.mma != MmaKind::None;
  elemType = rowType.getElementType();
  elemBytes = elemType.getIntOrFloatBitWidth() / 8;
  vectorLoads = !ShapedType::isDynamic(dStatic) && dStatic % chunkElems() == 0;
  fullSlices = !ShapedType::isDynamic(dStatic) && dStatic % cfg.bk == 0;
  // nativeNorms: a candidate's chain runs in feature order, which the
  // producers' chunks (a candidate's features over several lanes) cannot.
  producerDuty = !nativeNorms && producerDutyApplies(dStatic);

  // Shared memory: slices of A and B (two buffers, transposed for the FMA
  // schedule; row-major for the MMA one, `stages` of them in dynamic shared
  // memory with cp.async), plus the norms.
  bool async = cfg.stages > 0;
  int64_t buffers = async ? cfg.stages : 2;
  bool splitStaged = cfg.splitStaged();
  auto workgroup = gpu::AddressSpaceAttr::get(builder.getContext(),
                                              gpu::AddressSpace::Workgroup);
  Type f32Type = builder.getF32Type();
  auto stagingType = [&](int64_t rows) {
    if (cfg.wgmma)
      return MemRefType::get(
          {buffers, rows, cfg.bk / chunkElems(), chunkElems()}, elemType,
          MemRefLayoutAttrInterface(), workgroup);
    if (mma)
      return MemRefType::get({buffers, rows, paddedK()}, elemType,
                             MemRefLayoutAttrInterface(), workgroup);
    return MemRefType::get({buffers, cfg.bk, rows + cfg.fmaRowPadding()},
                           f32Type, MemRefLayoutAttrInterface(), workgroup);
  };
  auto aType = stagingType(cfg.bm);
  auto bType = stagingType(cfg.bn);
  if (async || cfg.wgmma) {
    // Above 48 KiB shared memory must be dynamic; the runtime raises the
    // entry's limit to the launch's shared_bytes.
    dynamicBase = gpu::DynamicSharedMemoryOp::create(
        builder, loc,
        MemRefType::get({ShapedType::kDynamic}, builder.getI8Type(),
                        MemRefLayoutAttrInterface(), workgroup));
    if (cfg.wgmma) {
      // The 128-byte swizzle repeats every 1024 bytes from a 1024-byte
      // boundary: the buffers start at the first one past the base, and
      // the launch asks for 1024 bytes more.
      Value base = memref::ExtractAlignedPointerAsIndexOp::create(builder, loc,
                                                                  dynamicBase);
      dynamicPad = arith::RemUIOp::create(
          builder, loc,
          arith::SubIOp::create(
              builder, loc, idx(1024),
              arith::RemUIOp::create(builder, loc, base, idx(1024))),
          idx(1024));
      alignedDynamicBase =
          arith::AddIOp::create(builder, loc, base, dynamicPad);
      dynamicSlack = 1024;
    }
  }
  Value aSmem = sharedBuffer(aType);
  int64_t aOffset = lastSharedOffset;
  Value bSmem = sharedBuffer(bType);
  int64_t bOffset = lastSharedOffset;
  // 3xTF32 on wgmma: aSmem and bSmem hold the big parts; the small and
  // cross parts have tiles of their own. With the split producer aSmem holds
  // the rows unsplit, and only the candidates have parts.
  Value aSmallSmem, aCrossSmem, bSmallSmem, bCrossSmem;
  int64_t aSmallOffset = 0, aCrossOffset = 0, bSmallOffset = 0,
          bCrossOffset = 0;
  if (splitStaged) {
    if (!cfg.splitProducer()) {
      aSmallSmem = sharedBuffer(aType);
      aSmallOffset = lastSharedOffset;
      aCrossSmem = sharedBuffer(aType);
      aCrossOffset = lastSharedOffset;
    }
    bSmallSmem = sharedBuffer(bType);
    bSmallOffset = lastSharedOffset;
    // From the origin the split producer's cross tile is its big one.
    if (cfg.translatesRows()) {
      bCrossSmem = bSmem;
      bCrossOffset = bOffset;
    } else {
      bCrossSmem = sharedBuffer(bType);
      bCrossOffset = lastSharedOffset;
    }
  }
  // wgmma reads shared memory through the async proxy: this thread's
  // writes (cp.async or stores) become visible to it before a barrier
  // publishes them.
  auto fenceForWgmma = [&] {
    NVVM::FenceProxyOp::create(
        builder, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(builder.getContext(),
                                   NVVM::SharedSpace::shared_cta));
  };
  // Register staging: stores the chunks of a slice into buffer `buffer`
  // (split into TF32 parts for 3xTF32 on wgmma).
  auto storeStaged = [&](ArrayRef<Value> aRegs, ArrayRef<Value> bRegs,
                         Value buffer) {
    if (splitStaged) {
      storeSplitTile(aRegs, {aSmem, aSmallSmem, aCrossSmem}, buffer, cfg.bm);
      storeSplitTile(bRegs, {bSmem, bSmallSmem, bCrossSmem}, buffer, cfg.bn);
      return;
    }
    storeTile(aRegs, aSmem, buffer, cfg.bm);
    storeTile(bRegs, bSmem, buffer, cfg.bn);
  };
  // TMA: every consumer thread takes half a row's features of each slice
  // for the row norms (thread t: row t % bm, half t / bm), so that both
  // warpgroups share the duty. With it on the first warpgroup alone, the
  // candidate parts' extra row tiles cost (16 parts: 31.9 ms against 29.1
  // for 8 on sample-heavy f16; docs/performance-notes.md, version 14).
  // nativeNorms: a row's chain runs in feature order, one thread a row.
  bool halfRowDuty = !nativeNorms && cfg.tma && cfg.threads() == 2 * cfg.bm &&
                     (cfg.bk / 2) % chunkElems() == 0;
  SmallVector<Value> rowNormSmem;
  // certify: the rows' sum((x - mu)^2) after their norms (the row duty's
  // last sum), for the bound.
  size_t rowSums = plan.rowReductions.size() + (certify ? 1 : 0);
  for (size_t i = 0; i < rowSums; ++i)
    rowNormSmem.push_back(sharedBuffer(
        MemRefType::get({(halfRowDuty ? 2 : 1) * cfg.bm}, f32Type,
                        MemRefLayoutAttrInterface(), workgroup)));
  // nativeNorms: each row's and candidate's W (the weighted norm of XC's
  // bound), beside the norms.
  Value rowWeightSmem, colWeightSmem;
  if (nativeNorms)
    rowWeightSmem = sharedBuffer(MemRefType::get(
        {cfg.bm}, f32Type, MemRefLayoutAttrInterface(), workgroup));
  // clusterSplit: the packed (key, index) pairs of the cluster's parts,
  // [round parity][part][row of the tile]; the first block's are read.
  // The persistent blocks alternate two rounds' buffers, so a block's
  // stores of the next round cannot meet the first block's reads of this
  // one.
  Value exchangeSmem;
  int64_t exchangeOffset = 0;
  if (cfg.clusterSplit) {
    // certify: the CertifiedTop fields as i32 bits, [field][round][part][row].
    exchangeSmem = sharedBuffer(
        certify
            ? MemRefType::get({certifiedFieldCount() * 2 * cfg.split * cfg.bm},
                              builder.getI32Type(), MemRefLayoutAttrInterface(),
                              workgroup)
            : MemRefType::get({2 * cfg.split * cfg.bm}, builder.getI64Type(),
                              MemRefLayoutAttrInterface(), workgroup));
    exchangeOffset = lastSharedOffset;
  }
  // certify: the decision's buffers (emitCertifiedLabels) and, without
  // clusterSplit, the rows' CertifiedTop fields [field][row].
  CertifiedBuffers certBuffers;
  Value certTopSmem;
  if (certify) {
    auto buffer = [&](ArrayRef<int64_t> shape, Type type) {
      return sharedBuffer(
          MemRefType::get(shape, type, MemRefLayoutAttrInterface(), workgroup));
    };
    Type i32Type = builder.getI32Type();
    certBuffers.pairs = buffer({certifiedLevels - 1, cfg.bm}, i32Type);
    certBuffers.modes = buffer({cfg.bm}, i32Type);
    certBuffers.lists = buffer({kCertifiedLists, cfg.bm}, i32Type);
    certBuffers.counts = buffer({kCertifiedLists}, i32Type);
    certBuffers.best = buffer({cfg.bm}, builder.getI64Type());
    certBuffers.warpTops =
        buffer({cfg.threads() / 32, certifiedFieldCount()}, i32Type);
    if (!cfg.clusterSplit)
      certTopSmem = buffer({certifiedFieldCount(), cfg.bm}, i32Type);
    if (certifiedDefers) {
      certBuffers.deferredRows = buffer({cfg.bm}, builder.getI64Type());
      certBuffers.deferredBest = buffer({cfg.bm}, builder.getI64Type());
      certBuffers.deferredCount = buffer({1}, i32Type);
      certBuffers.deferredListBase = buffer({1}, builder.getI64Type());
      // The call's list comes after the size parameters, before the
      // tensor maps (KernelLaunch::sharedScratchWords).
      unsigned index = func.getNumArguments();
      if (failed(func.insertArgument(
              index, LLVM::LLVMPointerType::get(builder.getContext()),
              DictionaryAttr(), loc)))
        return failure();
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(&func.getBody().front());
      deferredList = wrapPointer(
          builder, loc, func.getArgument(index),
          MemRefType::get({1 + kDeferredListRows}, builder.getI64Type()), {});
    }
  }
  // Persistent blocks allocate the candidate norms last, sized by what
  // the rest leaves (allocateColumnNorms).
  // translatesRows: mu . c is one more candidate sum, the last.
  size_t columnSums =
      plan.colReductions.size() + (cfg.translatesRows() ? 1 : 0);
  auto allocateColumnNorms = [&](int64_t slots) {
    for (size_t i = 0; i < columnSums; ++i) {
      colNormSmem.push_back(sharedBuffer(MemRefType::get(
          {slots * cfg.bn}, f32Type, MemRefLayoutAttrInterface(), workgroup)));
      colNormOffsets.push_back(lastSharedOffset);
    }
    if (nativeNorms)
      colWeightSmem = sharedBuffer(MemRefType::get(
          {slots * cfg.bn}, f32Type, MemRefLayoutAttrInterface(), workgroup));
  };
  if (!cfg.persistent)
    allocateColumnNorms(1);
  // TMA: the stages' full and empty mbarriers, and the tensor maps, which
  // come after the kernel's other parameters (only the rows' for the split
  // producer, whose threads load the candidates through registers).
  int64_t barrierOffset = 0;
  if (cfg.tma) {
    sharedBuffer(MemRefType::get({2 * cfg.stages}, builder.getI64Type(),
                                 MemRefLayoutAttrInterface(), workgroup));
    barrierOffset = lastSharedOffset;
    Type ptrType = LLVM::LLVMPointerType::get(builder.getContext());
    SmallVector<int64_t> mapArgs;
    SmallVector<Value *> maps = {&rowTensorMap};
    if (!cfg.splitProducer())
      maps.push_back(&colTensorMap);
    for (Value *map : maps) {
      unsigned index = func.getNumArguments();
      if (failed(func.insertArgument(index, ptrType, DictionaryAttr(), loc)))
        return failure();
      *map = func.getArgument(index);
      mapArgs.push_back(index);
    }
    func->setAttr("fusec.tensor_map_args",
                  builder.getDenseI64ArrayAttr(mapArgs));
  }

  emitter.setInsertionPoint(root);
  FailureOr<Value> kV = emitter.emitIndexOf(loop.getTrips(), root);
  if (failed(kV))
    return failure();
  k = *kV;
  if (cfg.translatesRows() && !producerDuty)
    origin = emitOrigin(colMem);
  tid = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x);
  // certify: the decision's counts start at 0 (each decision leaves them
  // at 0 again); the setup's barriers order this before the first.
  if (certify)
    resetCertifiedCounts(certBuffers, certifiedDefers);
  Value bx = gpu::BlockIdOp::create(builder, loc, gpu::Dimension::x);
  Value by = gpu::BlockIdOp::create(builder, loc, gpu::Dimension::y);
  // This block's candidates [jBegin, jEnd): part `by` of `split`, or for
  // persistent blocks part bx % split (the grid is a multiple of split, so
  // a block keeps its part across row tiles). Computed before the TMA
  // setup: the producer walks the same range.
  Value part = by;
  if (cfg.persistent && cfg.split > 1)
    part = arith::RemUIOp::create(builder, loc, bx, idx(cfg.split));
  Value tilesTotal = arith::CeilDivUIOp::create(builder, loc, k, idx(cfg.bn));
  Value tilesPerSplit =
      arith::CeilDivUIOp::create(builder, loc, tilesTotal, idx(cfg.split));
  Value jBegin = arith::MulIOp::create(
      builder, loc, arith::MulIOp::create(builder, loc, part, tilesPerSplit),
      idx(cfg.bn));
  Value jEnd = arith::MinUIOp::create(
      builder, loc, k,
      arith::AddIOp::create(
          builder, loc, jBegin,
          arith::MulIOp::create(builder, loc, tilesPerSplit, idx(cfg.bn))));
  jBegin = arith::MinUIOp::create(builder, loc, jBegin, jEnd);
  partBegin = jBegin;
  partEnd = jEnd;
  candidateTiles = tilesTotal;
  tilesPerPart = tilesPerSplit;
  partTiles = arith::CeilDivUIOp::create(
      builder, loc, arith::SubIOp::create(builder, loc, jEnd, jBegin),
      idx(cfg.bn));
  for (Value v : {part, tilesTotal, tilesPerSplit, jBegin, jEnd, partTiles})
    emitter.define(v, root);
  // Lanes that share a row: tx consecutive ones (the low log2(tx) bits).
  int64_t tx = mma ? 4 : cfg.bn / cfg.tn;
  tcol = arith::RemUIOp::create(builder, loc, tid, idx(tx));
  trow = arith::DivUIOp::create(builder, loc, tid, idx(tx));
  if (mma) {
    Value lane = arith::RemUIOp::create(builder, loc, tid, idx(32));
    groupRow = arith::DivUIOp::create(builder, loc, lane, idx(4));
    Value warpFirstRow = arith::MulIOp::create(
        builder, loc, arith::DivUIOp::create(builder, loc, tid, idx(32)),
        idx(cfg.wgmma ? 16 : kMmaWarpRows));
    warpRow = arith::AddIOp::create(builder, loc, warpFirstRow, groupRow);
    quadCol = arith::MulIOp::create(builder, loc, tcol, idx(2));
    // ldmatrix.x4: lanes 8i..8i+7 address the rows of matrix i. A: matrices
    // (rows 0-7, k low), (rows 8-15, k low), (0-7, k high), (8-15, k high),
    // which is the m16 A fragment's register order; B: (candidates 0-7, k
    // low), (0-7, k high), (8-15, k low), (8-15, k high), two n8 fragments.
    Value kHalf = idx(cfg.mmaK() / 2);
    Value lane16 = arith::RemUIOp::create(builder, loc, lane, idx(16));
    Value laneHigh = arith::DivUIOp::create(builder, loc, lane, idx(16));
    ldmRowA = arith::AddIOp::create(builder, loc, warpFirstRow, lane16);
    ldmColA = arith::MulIOp::create(builder, loc, laneHigh, kHalf);
    ldmRowB = arith::AddIOp::create(
        builder, loc, arith::RemUIOp::create(builder, loc, lane, idx(8)),
        arith::MulIOp::create(builder, loc, laneHigh, idx(8)));
    ldmColB = arith::MulIOp::create(
        builder, loc,
        arith::RemUIOp::create(
            builder, loc, arith::DivUIOp::create(builder, loc, lane, idx(8)),
            idx(2)),
        kHalf);
    for (Value v :
         {lane, groupRow, warpRow, quadCol, ldmRowA, ldmColA, ldmRowB, ldmColB})
      emitter.define(v, root);
  }
  // wgmma: the shared-memory address of the dynamic base and this
  // warpgroup's first row group in A, for the matrix descriptors.
  Value sharedBase64, warpgroupRowsA;
  Type i64Type = builder.getI64Type();
  auto i64c = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getIntegerAttr(i64Type, v));
  };
  // Bytes between consecutive 8-row groups (the descriptors' stride
  // dimension); the leading one is unused by swizzled K-major layouts.
  int64_t strideBytes = 1024, leadingBytes = 16;
  if (cfg.wgmma) {
    sharedBase64 =
        arith::IndexCastOp::create(builder, loc, i64Type, alignedDynamicBase);
    Value warpgroup = arith::IndexCastOp::create(
        builder, loc, i64Type,
        arith::DivUIOp::create(builder, loc, tid, idx(128)));
    warpgroupRowsA =
        arith::MulIOp::create(builder, loc, warpgroup, i64c(8 * strideBytes));
  }
  // TMA: shared-memory pointers into the aligned dynamic base, the stage
  // of global iteration g (candidate tile ordinal x slices + slice) and
  // the parity of its use count.
  Type i32Type = builder.getI32Type();
  Type sharedPtrType = LLVM::LLVMPointerType::get(builder.getContext(), 3);
  Type clusterPtrType = LLVM::LLVMPointerType::get(builder.getContext(), 7);
  auto sharedPtr = [&](Value byteOffset) -> Value {
    Value address =
        arith::AddIOp::create(builder, loc, sharedBase64, byteOffset);
    return LLVM::IntToPtrOp::create(builder, loc, sharedPtrType, address,
                                    LLVM::DereferenceableAttr());
  };
  auto toI32 = [&](Value index) -> Value {
    return arith::IndexCastUIOp::create(builder, loc, i32Type, index);
  };
  auto roundOf = [&](Value g) -> Value {
    return arith::DivUIOp::create(builder, loc, g, idx(cfg.stages));
  };
  auto stageOf = [&](Value g) -> Value {
    return arith::IndexCastUIOp::create(
        builder, loc, i64Type,
        arith::RemUIOp::create(builder, loc, g, idx(cfg.stages)));
  };
  // Parity of the phase that use `round` (g / stages) of a stage completes.
  auto parityOf = [&](Value round) -> Value {
    return toI32(arith::AndIOp::create(builder, loc, round, idx(1)));
  };
  auto fullBarrier = [&](Value stage) -> Value {
    return sharedPtr(arith::AddIOp::create(
        builder, loc, i64c(barrierOffset),
        arith::MulIOp::create(builder, loc, stage, i64c(8))));
  };
  auto emptyBarrier = [&](Value stage) -> Value {
    return sharedPtr(arith::AddIOp::create(
        builder, loc, i64c(barrierOffset + 8 * cfg.stages),
        arith::MulIOp::create(builder, loc, stage, i64c(8))));
  };
  // try_wait's suspend-time hint, in nanoseconds.
  Value waitHint = i32(1000000);
  Value clusterRank;
  // TMA: the last operation that every warp runs; the consumers' and the
  // producer's code part after it.
  Operation *tmaSetupEnd = nullptr;
  if (cfg.tma) {
    // Thread 0 initializes the barriers; the cluster (or block) barrier
    // publishes them before any block's loads or arrivals can reach them.
    // An empty barrier counts one arrival per consumer warp of the cluster.
    Value leader = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                         tid, idx(0));
    {
      auto ifOp = scf::IfOp::create(builder, loc, leader, false);
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(ifOp.thenBlock());
      for (int64_t stage = 0; stage < cfg.stages; ++stage) {
        // The split producer's threads each arrive once their parts are
        // stored, and its first thread once more when it expects the rows'
        // TMA bytes; TMA's one arrival expects the bytes.
        NVVM::MBarrierInitOp::create(
            builder, loc, fullBarrier(i64c(stage)),
            i32(cfg.splitProducer() ? cfg.producerThreads() + 1 : 1), Value());
        NVVM::MBarrierInitOp::create(
            builder, loc, emptyBarrier(i64c(stage)),
            i32(cfg.splitProducer() ? cfg.threads()
                                    : cfg.cluster * cfg.threads() / 32),
            Value());
      }
      NVVM::FenceMbarrierInitOp::create(builder, loc);
    }
    // clusterSplit: the cluster barrier also makes sure that every block
    // of the cluster runs before any stores into the first one's shared
    // memory.
    if (relaxedClusterSetup()) {
      // No block touches another's barriers, so a block barrier publishes
      // the inits; the cluster's arrival only has to precede the first
      // exchange store, before which every thread waits for it (the
      // consumers at their first unit's exchange, the producers at their
      // first unit's arrival). The probe's 3xTF32 call ran 0.9-1.4%
      // faster (docs/performance-notes.md, version 33).
      NVVM::ClusterArriveRelaxedOp::create(builder, loc, UnitAttr());
      gpu::BarrierOp::create(builder, loc);
    } else if (cfg.cluster > 1 || cfg.clusterSplit) {
      NVVM::ClusterArriveOp::create(builder, loc, UnitAttr());
      NVVM::ClusterWaitOp::create(builder, loc, UnitAttr());
    } else {
      gpu::BarrierOp::create(builder, loc);
    }
    clusterRank = cfg.cluster > 1
                      ? arith::IndexCastUIOp::create(
                            builder, loc, builder.getIndexType(),
                            NVVM::ClusterId::create(builder, loc, i32Type))
                            .getResult()
                      : idx(0);
    tmaSetupEnd = &*std::prev(builder.getInsertionPoint());
  }
  // producerDuty: the origin after the TMA setup, so that only the
  // consumers compute it (the producers sum the candidates' features
  // instead of mu . c). Before it, every thread loaded it and waited for
  // those loads at the setup's cluster barrier, and the producers' first
  // loads came after.
  if (cfg.translatesRows() && producerDuty)
    origin = emitOrigin(colMem);
  // The frame of one row tile: the root, or with persistent blocks the
  // loop over row tiles bx, bx + gridDim.x, ...; rowIterationBase is the
  // global iteration of the tile's first slice (the stages run on across
  // row tiles), and firstRowTile whether it is the block's first.
  for (Value v : {k, tid, bx, by, tcol, trow})
    emitter.define(v, root);
  KernelEmitter::Frame *tileFrame = root;
  KernelEmitter::Frame *rowTileLoop = nullptr;
  Value rowTile = bx, rowIterationBase, firstRowTile, tailUnit;
  // clusterSplit: the parity of the block's round (persistent blocks).
  Value exchangeRound;
  // This row tile's candidates: the block's part, or a tail unit's tile.
  Value unitBegin = jBegin, unitEnd = jEnd;
  if (cfg.persistent) {
    // Work item w is part w % split of row tile w / split: the blocks that
    // run side by side share row tiles, whose slices the L2 then serves
    // to all but the first (emitTiledRunningMin chooses split). A short
    // last round runs as single candidate tiles (planWorkUnits).
    emitter.setInsertionPoint(root);
    WorkUnits units = planWorkUnits();
    for (Value v : {units.gridX, units.total, units.fullItems, units.fullRounds,
                    units.tail})
      if (v)
        emitter.define(v, root);
    rowTileLoop =
        emitter.openLoop(root, bx, units.total, units.gridX, ValueRange{});
    tileFrame = rowTileLoop;
    emitter.setInsertionPoint(tileFrame);
    Value item = rowTileLoop->iv;
    WorkUnit unit = decodeWorkUnit(item, bx, units);
    rowTile = unit.rowTile;
    rowIterationBase = unit.iterationBase;
    unitBegin = unit.begin;
    unitEnd = unit.end;
    tailUnit = unit.isTail;
    firstRowTile =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, item, bx);
    // certifiedDefers: the block's last tile passes over the rows still
    // deferred. After the walk, the values that pass needs would be live
    // through the slice loop: ptxas spilled 292 bytes a thread where it
    // spills 116 without.
    if (certifiedDefers)
      lastRowTile = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::uge,
          arith::AddIOp::create(builder, loc, item, units.gridX), units.total);
    if (cfg.clusterSplit)
      exchangeRound = arith::AndIOp::create(
          builder, loc,
          arith::DivUIOp::create(builder, loc,
                                 arith::SubIOp::create(builder, loc, item, bx),
                                 units.gridX),
          idx(1));
    for (Value v : {rowTile, rowIterationBase, firstRowTile, unitBegin, unitEnd,
                    tailUnit, exchangeRound, lastRowTile})
      if (v)
        emitter.define(v, tileFrame);
  }
  Value rowBase = arith::MulIOp::create(builder, loc, rowTile, idx(cfg.bm));
  emitter.define(rowBase, tileFrame);

  // The rows this thread owns and, for norm duty, the row or column it
  // accumulates (threads [0, bm) for rows, [threads - bn, threads) for
  // columns).
  SmallVector<Value> rows;
  for (int64_t m = 0; m < cfg.tm; ++m) {
    Value r = arith::AddIOp::create(builder, loc, rowBase, rowLocal(m));
    emitter.define(r, tileFrame);
    rows.push_back(r);
  }
  Value normRowLocal = tid, rowHalfBase;
  if (halfRowDuty) {
    normRowLocal = arith::RemUIOp::create(builder, loc, tid, idx(cfg.bm));
    rowHalfBase = arith::MulIOp::create(
        builder, loc, arith::DivUIOp::create(builder, loc, tid, idx(cfg.bm)),
        idx(cfg.bk / 2));
    emitter.define(normRowLocal, tileFrame);
    emitter.define(rowHalfBase, tileFrame);
  }
  Value normRow = arith::AddIOp::create(builder, loc, rowBase, normRowLocal);
  Value normColLocal =
      arith::SubIOp::create(builder, loc, tid, idx(cfg.threads() - cfg.bn));
  emitter.define(normRow, tileFrame);

  double inf = std::numeric_limits<double>::infinity();
  Value initBest = f32(plan.hasInit ? plan.initValue : (isMin ? inf : -inf));
  Value initIdx = i32(0);
  // The running (best, index) of the big register tile lives in shared
  // memory between candidate tiles (each thread its own slots, so no
  // barrier): 16 registers fewer across the feature loop, which lets two
  // blocks share an SM without spilling. Not with TMA: its consumers hold
  // the producer's registers and have 2 rows a thread (4 registers of
  // state), and persistent blocks give the shared memory to the candidate
  // norms.
  int64_t stagingBytes = async ? 0
                         : mma ? 2 * (cfg.bm + cfg.bn) * paddedK() * elemBytes
                               : 2 * cfg.bk * (cfg.bm + cfg.bn) * 4;
  bool stateInShared =
      !recheck && !certify && !cfg.tma && cfg.tm * cfg.tn >= 64 &&
      stagingBytes + 2 * cfg.tm * cfg.threads() * 4 <= 40 * 1024;
  Value bestSmem, idxSmem;
  SmallVector<Value> jInits;
  if (stateInShared) {
    bestSmem =
        sharedBuffer(MemRefType::get({cfg.tm, cfg.threads()}, f32Type,
                                     MemRefLayoutAttrInterface(), workgroup));
    idxSmem = sharedBuffer(
        MemRefType::get({cfg.tm, cfg.threads()}, builder.getI32Type(),
                        MemRefLayoutAttrInterface(), workgroup));
    for (int64_t m = 0; m < cfg.tm; ++m) {
      memref::StoreOp::create(builder, loc, initBest, bestSmem,
                              ValueRange{idx(m), tid});
      memref::StoreOp::create(builder, loc, initIdx, idxSmem,
                              ValueRange{idx(m), tid});
    }
  } else {
    for (int64_t m = 0; m < cfg.tm; ++m)
      jInits.push_back(initBest);
    for (int64_t m = 0; m < cfg.tm; ++m)
      jInits.push_back(initIdx);
    // The second best of each row (recheck), after the best.
    for (int64_t m = 0; recheck && m < cfg.tm; ++m)
      jInits.push_back(initBest);
    for (int64_t m = 0; recheck && m < cfg.tm; ++m)
      jInits.push_back(initIdx);
    // certify: the CertifiedTop fields instead, field-major.
    if (certify) {
      jInits.clear();
      SmallVector<Value> empty = certifiedFields(certifiedEmpty());
      for (Value field : empty)
        jInits.append(cfg.tm, field);
    }
  }
  // Persistent blocks: the candidate norms of candidate tile t (its
  // ordinal in the block's range) stay in slot t for the block's later
  // row tiles, for the first `cachedTiles` tiles; the others share one
  // more slot and are recomputed for every row tile. The slots take the
  // shared memory that the stages and the rest leave to each of the
  // resident blocks (one at 128x256: 31 slots of 1 KiB beside 4 stages).
  if (cfg.persistent) {
    int64_t slotBytes =
        cfg.bn * 4 * static_cast<int64_t>(columnSums + (nativeNorms ? 1 : 0));
    int64_t slots = 1;
    if (slotBytes) {
      int64_t withOneSlot =
          llvm::alignTo(dynamicBytes, 16) + dynamicSlack + slotBytes;
      int64_t blocks = ctx.tiles.minBlocks ? ctx.tiles.minBlocks
                                           : defaultMinBlocks(cfg, withOneSlot);
      int64_t limit =
          std::min(kSharedBytesPerBlock,
                   kSharedBytesPerSM / std::max<int64_t>(blocks, 1));
      slots += std::max<int64_t>(0, (limit - withOneSlot) / slotBytes);
      APInt trips;
      if (matchPattern(plan.loop.getTrips(), m_ConstantInt(&trips))) {
        int64_t tiles = llvm::divideCeil(
            llvm::divideCeil(trips.getSExtValue(), cfg.bn), cfg.split);
        cachesAll = slots >= tiles;
        if (cachesAll)
          slots = std::max<int64_t>(tiles, 1);
      }
      cachedTiles = cachesAll ? slots : slots - 1;
    }
    allocateColumnNorms(slots);
  }

  // Candidate tiles.
  KernelEmitter::Frame *jLoop =
      emitter.openLoop(tileFrame, unitBegin, unitEnd, idx(cfg.bn), jInits);
  Value j0 = jLoop->iv;
  builder.setInsertionPointToEnd(jLoop->body);
  SmallVector<Value> cols;
  for (int64_t c = 0; c < cfg.tn; ++c) {
    Value j = arith::AddIOp::create(builder, loc, j0, colLocal(c));
    emitter.define(j, jLoop);
    cols.push_back(j);
  }
  Value normCol = arith::AddIOp::create(builder, loc, j0, normColLocal);
  emitter.define(normCol, jLoop);
  // Row norms are the same for every candidate tile: only the block's
  // first tile accumulates and publishes them (the FMA and MMA schedules
  // alike), which halves the duty of a square block tile.
  Value firstTile = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq, j0, unitBegin);
  emitter.define(firstTile, jLoop);

  Value zeroIdx = idx(0);
  Value numSlices = arith::CeilDivUIOp::create(builder, loc, d, idx(cfg.bk));
  emitter.define(numSlices, jLoop);
  Value tileOrdinal = arith::DivUIOp::create(
      builder, loc, arith::SubIOp::create(builder, loc, j0, unitBegin),
      idx(cfg.bn));
  emitter.define(tileOrdinal, jLoop);
  // Persistent blocks: this tile's slot of the candidate norms, and
  // whether its norms must be accumulated (the block's first row tile, or
  // a tile past the cached ones).
  Value colSlotBase = zeroIdx, needsColumnNorms;
  if (cfg.persistent) {
    colSlotBase = normSlotBase(tileOrdinal);
    needsColumnNorms = tileSumsNorms(firstRowTile, tailUnit, tileOrdinal);
    emitter.define(colSlotBase, jLoop);
    emitter.define(needsColumnNorms, jLoop);
  }
  // Copies slice `s` of this candidate tile into buffer `buffer` with
  // cp.async, when there is such a slice, and commits them as one group
  // (an empty one past the last slice, which keeps the group count that
  // cp.async.wait_group counts on).
  auto copySliceAsync = [&](Value s, Value buffer) {
    {
      Value exists = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ult, s, numSlices);
      auto ifOp = scf::IfOp::create(builder, loc, exists, false);
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(ifOp.thenBlock());
      Value first = arith::MulIOp::create(builder, loc, s, idx(cfg.bk));
      copyTileAsync(rowMem, rowBase, n, first, cfg.bm, aSmem, buffer);
      copyTileAsync(colMem, j0, unitEnd, first, cfg.bn, bSmem, buffer);
    }
    NVVM::CpAsyncCommitGroupOp::create(builder, loc);
  };
  // wgmma with three stages or more keeps one slice's MMAs in flight
  // while the next slice's are issued (wgmma.wait_group 1), so a buffer is
  // free two slices after its own: the copies run `prefetch` = stages - 2
  // slices ahead instead of stages - 1.
  // (The split staging of 3xTF32 goes through registers into two buffers:
  // the next slice is stored after this slice's MMAs are issued and the
  // previous slice's are done, so one slice stays in flight too.)
  bool inflight = cfg.wgmma && (cfg.stages >= 3 || splitStaged);
  int64_t prefetch = inflight ? cfg.stages - 2 : cfg.stages - 1;
  // TMA: the producer warpgroup's first thread loads slice `s` of
  // candidate tile `j0`, global iteration `g`, into stage g % stages once
  // every consumer warp of the cluster has released the stage's previous
  // use, and expects its bytes on the stage's full barrier: the row slice,
  // and the candidate slice, whose part [rank * bn / cluster, + bn /
  // cluster) this block loads for the whole cluster. Elements past the
  // operands read as 0.
  int64_t stageRowBytes = cfg.bk * elemBytes;
  // The producer: wait until every consumer warp of the cluster has
  // released the previous use of global iteration g's stage.
  auto waitStageFree = [&](Value g) {
    Value round = roundOf(g);
    Value reused = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ugt, round, idx(0));
    auto waitIf = scf::IfOp::create(builder, loc, reused, false);
    OpBuilder::InsertionGuard waitGuard(builder);
    builder.setInsertionPointToStart(waitIf.thenBlock());
    NVVM::MBarrierTryWaitParityOp::create(
        builder, loc, emptyBarrier(stageOf(g)),
        parityOf(arith::SubIOp::create(builder, loc, round, idx(1))), waitHint);
  };
  // TMA: expects `bytes` on the full barrier of `stage` (one arrival).
  auto expectBytes = [&](Value stage, int64_t bytes) {
    NVVM::MBarrierArriveExpectTxOp::create(
        builder, loc, Type(), fullBarrier(stage), i32(bytes),
        NVVM::MemScopeKindAttr::get(builder.getContext(),
                                    NVVM::MemScopeKind::CTA),
        builder.getBoolAttr(false), Value());
  };
  // TMA: loads rows [firstRow, + rows) of slice `s` from tensor map `map`
  // into the stage's tile at `offset` (plus `part` bytes), completing on
  // the stage's full barrier, multicast to the cluster's blocks in `mask`.
  auto tmaLoad = [&](Value s, Value stage, Value map, int64_t offset,
                     int64_t rows, Value part, Value firstRow, Value mask) {
    Value feature = toI32(arith::MulIOp::create(builder, loc, s, idx(cfg.bk)));
    Value dst = sharedPtr(arith::AddIOp::create(
        builder, loc,
        arith::AddIOp::create(
            builder, loc, i64c(offset),
            arith::MulIOp::create(builder, loc, stage,
                                  i64c(rows * stageRowBytes))),
        part));
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        builder, loc,
        LLVM::AddrSpaceCastOp::create(builder, loc, clusterPtrType, dst), map,
        ValueRange{feature, toI32(firstRow)}, fullBarrier(stage), ValueRange{},
        mask, Value(),
        NVVM::TMALoadModeAttr::get(builder.getContext(),
                                   NVVM::TMALoadMode::TILE),
        builder.getBoolAttr(false), NVVM::CTAGroupKindAttr(), Value());
  };
  auto loadStageTma = [&](Value s, Value g, Value j0, Value rowBase) {
    Value stage = stageOf(g);
    waitStageFree(g);
    expectBytes(stage, (cfg.bm + cfg.bn) * stageRowBytes);
    Value multicastMask;
    if (cfg.cluster > 1)
      multicastMask = arith::ConstantOp::create(
          builder, loc, builder.getI16IntegerAttr((1 << cfg.cluster) - 1));
    auto load = [&](Value map, int64_t offset, int64_t rows, Value part,
                    Value firstRow, Value mask) {
      tmaLoad(s, stage, map, offset, rows, part, firstRow, mask);
    };
    load(rowTensorMap, aOffset, cfg.bm, i64c(0), rowBase, Value());
    int64_t part = cfg.bn / cfg.cluster;
    Value partRow = arith::MulIOp::create(builder, loc, clusterRank, idx(part));
    load(colTensorMap, bOffset, cfg.bn,
         arith::MulIOp::create(
             builder, loc,
             arith::IndexCastUIOp::create(builder, loc, i64Type, partRow),
             i64c(stageRowBytes)),
         arith::AddIOp::create(builder, loc, j0, partRow), multicastMask);
  };
  // The split producer: every thread of the producer warpgroups loads its
  // chunks of the candidate slice `s` into registers, before it waits for
  // the stage, so that the loads' latency overlaps the wait; then it
  // stores their TF32 parts, fences them for wgmma's async proxy and
  // arrives on the stage's full barrier, which counts the producer's
  // threads and the first thread's TMA load of the rows.
  // The split producer thread's index, opaque to LLVM in every slice:
  // otherwise LICM hoists the 64-bit addresses of all the thread's chunks
  // out of the loops, and with the slice's registers held across the
  // stage's wait the producer spilled even at 168 registers.
  auto opaqueProducerTid = [&]() -> Value {
    Type i32 = builder.getI32Type();
    Value producerTid = arith::IndexCastUIOp::create(
        builder, loc, i32,
        arith::SubIOp::create(builder, loc, tid, idx(cfg.threads())));
    auto opaque = LLVM::InlineAsmOp::create(
        builder, loc, TypeRange{i32}, ValueRange{producerTid},
        builder.getStringAttr("mov.u32 $0, $1;"), builder.getStringAttr("=r,r"),
        builder.getUnitAttr(), UnitAttr(), LLVM::TailCallKindAttr(),
        LLVM::AsmDialectAttr(), ArrayAttr());
    return arith::IndexCastUIOp::create(builder, loc, builder.getIndexType(),
                                        opaque.getResult(0));
  };
  // Candidate tiles start at multiples of bn below k, and every unit's
  // range (parts, tail tiles) ends at a multiple of bn or at k. So with a
  // static k that bn divides, every row of a tile lies inside C and inside
  // its unit: the chunks need no guard (its 64-bit compares and branches
  // were a quarter of the probe's producer slice) and the scan no bound
  // (a 64-bit compare a column and an AND an element, 192 of the 1792 PTX
  // instructions of sample-heavy-f16's scan a tile).
  std::optional<int64_t> kStatic = getConstantIntValue(k);
  bool tilesInsideK = kStatic && *kStatic % cfg.bn == 0;
  bool chunksInBounds = tilesInsideK && !chunkMayLeaveTile(cfg.bn);
  // Unguarded chunks (they are prefetched, for few rows) take the plain
  // index: LLVM then hoists their load and store addresses out of the slice
  // loop, the producer stays within its registers (ptxas: no spills) and
  // the probe's 3xTF32 call ran 3.3% faster with both
  // (docs/performance-notes.md, version 33).
  auto stagingProducerTid = [&]() -> Value {
    if (chunksInBounds)
      return arith::SubIOp::create(builder, loc, tid, idx(cfg.threads()));
    return opaqueProducerTid();
  };
  // The chunks of candidate slice `s` of tile `j0` of the producer thread
  // at stagingTid.
  auto loadSliceChunks = [&](Value s, Value j0) {
    Value l0 = arith::MulIOp::create(builder, loc, s, idx(cfg.bk));
    return loadTile(colMem, j0, k, l0, cfg.bn, chunksInBounds);
  };
  // The same, loaded ahead of the slice's stage (specializeWarps).
  auto prefetchSliceChunks = [&](Value s, Value j0) {
    stagingTid = stagingProducerTid();
    SmallVector<Value> chunks = loadSliceChunks(s, j0);
    stagingTid = Value();
    return chunks;
  };
  auto loadStageSplit = [&](Value s, Value g, Value j0, Value rowBase) {
    stagingTid = stagingProducerTid();
    SmallVector<Value> bRegs = prefetchedChunks;
    bool prefetched = !bRegs.empty();
    if (!prefetched)
      bRegs = loadSliceChunks(s, j0);
    // Chunks loaded during the previous slice are in registers before the
    // wait for a free stage: their norm duty runs before it, where the
    // producers would otherwise wait, rather than between this stage's
    // arrival and the next one's stores (the probe's 3xTF32 call 3.9%
    // faster, labels equal; docs/performance-notes.md, version 32).
    if (producerDuty && prefetched)
      accumulateProducerDuty(bRegs);
    waitStageFree(g);
    // The rows go unsplit, by TMA from the first thread.
    {
      Value first = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::eq, stagingTid, idx(0));
      auto ifOp = scf::IfOp::create(builder, loc, first, false);
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(ifOp.thenBlock());
      expectBytes(stageOf(g), cfg.bm * stageRowBytes);
      tmaLoad(s, stageOf(g), rowTensorMap, aOffset, cfg.bm, i64c(0), rowBase,
              Value());
    }
    // From the origin the cross part is the big one (no guard): two tiles.
    SmallVector<Value> parts = {bSmem, bSmallSmem};
    if (!cfg.translatesRows())
      parts.push_back(bCrossSmem);
    storeSplitTile(bRegs, parts,
                   arith::RemUIOp::create(builder, loc, g, idx(cfg.stages)),
                   cfg.bn, /*guardNonFinite=*/!cfg.translatesRows());
    fenceForWgmma();
    NVVM::MBarrierArriveOp::create(
        builder, loc, builder.getI64Type(), fullBarrier(stageOf(g)), Value(),
        NVVM::MemScopeKindAttr::get(builder.getContext(),
                                    NVVM::MemScopeKind::CTA));
    stagingTid = Value();
    // Chunks loaded in this slice: after the arrival, so that the
    // consumers have the stage first and the loads' latency overlaps the
    // wait. (The previous slice's sums while this slice's loads were in
    // flight, and each slice's loads issued with the previous slice, took
    // the same time on the probe: docs/performance-notes.md, version 28.)
    if (producerDuty && !prefetched)
      accumulateProducerDuty(bRegs);
  };
  // TMA: wait until stage g % stages holds iteration g.
  auto waitFullTma = [&](Value g) {
    NVVM::MBarrierTryWaitParityOp::create(builder, loc, fullBarrier(stageOf(g)),
                                          parityOf(roundOf(g)), waitHint);
  };
  // TMA: this warp is done with iteration g's stage (its MMAs have
  // completed and its norm-duty reads are ordered by the warp barrier):
  // one arrival on the stage's empty barrier in every block of the
  // cluster, whose loads into this block's stage wait for it. Lane r
  // arrives in block r, so the arrivals go out in parallel, with the
  // default release.cta semantics: with one lane making every arrival at
  // cluster scope, clusters of 2 and 4 ran 1.3x and 2x slower than
  // without clusters (docs/performance-notes.md, version 12).
  auto releaseStageTma = [&](Value g) {
    auto ctaScope = NVVM::MemScopeKindAttr::get(builder.getContext(),
                                                NVVM::MemScopeKind::CTA);
    // The split producer's stores are generic-proxy writes that the norm
    // duty's reads must precede: every consumer thread releases its own
    // reads (with one arrival a warp, after its reads and a warp barrier,
    // racecheck reported the duty's reads against the producer's stores).
    if (cfg.splitProducer()) {
      NVVM::MBarrierArriveOp::create(builder, loc, builder.getI64Type(),
                                     emptyBarrier(stageOf(g)), Value(),
                                     ctaScope);
      return;
    }
    NVVM::SyncWarpOp::create(builder, loc, i32(-1));
    Value lane = arith::RemUIOp::create(builder, loc, tid, idx(32));
    Value arrives = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ult, lane, idx(cfg.cluster));
    auto ifOp = scf::IfOp::create(builder, loc, arrives, false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.thenBlock());
    Value barrier = emptyBarrier(stageOf(g));
    if (cfg.cluster == 1) {
      NVVM::MBarrierArriveOp::create(builder, loc, builder.getI64Type(),
                                     barrier, Value(), ctaScope);
      return;
    }
    NVVM::MBarrierArriveOp::create(builder, loc, Type(),
                                   NVVM::MapaOp::create(builder, loc,
                                                        clusterPtrType, barrier,
                                                        toI32(lane)),
                                   Value(), ctaScope);
  };
  // The FMA schedule's register tiles at feature kk of slice `buffer`:
  // the thread's rows of A and columns of B, a vector load per 4.
  auto loadFragmentValues =
      [&](Value buffer,
          int64_t kk) -> std::pair<SmallVector<Value>, SmallVector<Value>> {
    auto vec4 = VectorType::get({4}, f32Type);
    Value kkIdx = idx(kk);
    // `count` values along an axis of `threadsAlong` threads, at `coord`.
    auto load = [&](Value smem, Value coord, int64_t threadsAlong,
                    int64_t count) {
      SmallVector<Value> regs;
      for (int64_t i = 0; i < count; i += 4) {
        Value v = vector::LoadOp::create(
            builder, loc, vec4, smem,
            ValueRange{buffer, kkIdx, threadOffset(coord, threadsAlong, i)},
            false, llvm::MaybeAlign(16));
        for (int64_t e = 0; e < 4; ++e)
          regs.push_back(vector::ExtractOp::create(builder, loc, v, e));
      }
      return regs;
    };
    SmallVector<Value> aRegs = load(aSmem, trow, cfg.bm / cfg.tm, cfg.tm);
    return {aRegs, load(bSmem, tcol, cfg.bn / cfg.tn, cfg.tn)};
  };
  // Register staging of whole slices (FMA): the first feature's register
  // tiles of each slice load right after the barrier that publishes it,
  // and the previous slice's last feature's terms run behind that load,
  // so that no warp waits on shared memory after a barrier. The tiles are
  // carried into the slice loop's next iteration. (With each slice's first
  // tiles loaded after its barrier, every warp of the block waited on
  // them at once: 9% of the Gram kernel's warp samples, Nsight Compute,
  // docs/performance-notes.md, version 20.)
  // Only for tiles of 128 accumulators a thread, which get one block and
  // 255 registers (defaultMinBlocks): at two blocks' 128 the carried tiles
  // made 8x8 tiles spill 8-24 bytes on 7 of 32 shapes tried.
  bool pipelineFragments =
      !mma && !async && fullSlices && cfg.bk >= 2 && cfg.tm * cfg.tn >= 128;
  SmallVector<Value> firstFragments;
  // TMA: the global iteration of this candidate tile's first slice.
  Value firstIteration;
  if (cfg.tma) {
    firstIteration =
        arith::MulIOp::create(builder, loc, tileOrdinal, numSlices);
    if (rowIterationBase)
      firstIteration =
          arith::AddIOp::create(builder, loc, rowIterationBase, firstIteration);
  } else if (async) {
    // Prologue: slices 0 .. prefetch - 1 in flight. The barrier keeps them
    // off buffers that slow warps may still read for the previous tile.
    gpu::BarrierOp::create(builder, loc);
    for (int64_t s = 0; s < prefetch; ++s)
      copySliceAsync(idx(s), idx(s));
  } else {
    // Prologue: the first slice into buffer 0. With wgmma, the other
    // warpgroup's MMAs of the previous tile may still read it until the
    // barrier (each waits for its own before it).
    SmallVector<Value> aRegs = loadTile(rowMem, rowBase, n, zeroIdx, cfg.bm);
    SmallVector<Value> bRegs = loadTile(colMem, j0, unitEnd, zeroIdx, cfg.bn);
    if (cfg.wgmma)
      gpu::BarrierOp::create(builder, loc);
    storeStaged(aRegs, bRegs, zeroIdx);
    if (cfg.wgmma)
      fenceForWgmma();
    gpu::BarrierOp::create(builder, loc);
    if (pipelineFragments) {
      auto [a, b] = loadFragmentValues(zeroIdx, 0);
      firstFragments.append(a);
      firstFragments.append(b);
    }
  }

  // Feature slices: accumulators, then the norm accumulators. wgmma in
  // flight carries its accumulators as the one struct that the MMAs
  // update, which no other instruction touches until the loop's end.
  unsigned numAcc = cfg.tm * cfg.tn;
  unsigned accSlots = inflight ? 1 : numAcc;
  SmallVector<Value> lInits;
  if (inflight)
    lInits.push_back(packWgmmaAccumulators(SmallVector<Value>(numAcc, f32(0))));
  else
    lInits.assign(numAcc, f32(0));
  auto normInit = [&](Operation *red) -> Value {
    if (isa<SumOp>(red))
      return f32(0);
    return f32(isa<ReduceMinOp>(red) ? inf : -inf);
  };
  for (Operation *red : plan.rowReductions)
    lInits.push_back(normInit(red));
  if (certify)
    lInits.push_back(f32(0));
  for (Operation *red : plan.colReductions)
    lInits.push_back(normInit(red));
  if (origin)
    lInits.push_back(f32(0));
  // Compensated sums (TileOptions::compensatedSums): each norm's running
  // rounding error, in the norms' order (0 for a norm that is not a sum).
  bool compensate = ctx.tiles.compensatedSums;
  size_t compensationSlot = lInits.size();
  if (compensate)
    lInits.append(compensationSlot - accSlots, f32(0));
  // pipelineFragments: the slice's first register tiles, after the rest.
  size_t fragmentSlot = lInits.size();
  lInits.append(firstFragments);
  // certify: each slice's MMAs start from zero and their sum is added to
  // running f32 sums once the slice is done. A chain of MMAs errs by up to
  // 12 ulps of its largest partial sum an MMA, and one chain over all d
  // features made that bound 9 d u S, which at d = 2048 left a quarter of
  // the rows undecided (docs/performance-notes.md, version 37). Per slice
  // it is 9 bk u S_slice, and the slices' S sum to at most S
  // (certifiedBoundTerms).
  bool foldsSlices = certify && inflight && cfg.splitProducer();
  size_t runningSlot = lInits.size();
  if (foldsSlices)
    lInits.append(numAcc, f32(0));
  KernelEmitter::Frame *lLoop =
      emitter.openLoop(jLoop, zeroIdx, numSlices, idx(1), lInits);
  builder.setInsertionPointToEnd(lLoop->body);
  Value slice = lLoop->iv;
  Value l0 = arith::MulIOp::create(builder, loc, slice, idx(cfg.bk));
  // TMA: the global iteration of this slice. The stages run on across
  // candidate tiles, so the slice is in stage iteration mod stages: a tile
  // whose slice count is not a multiple of the stages starts mid-ring.
  Value iteration;
  if (cfg.tma)
    iteration = arith::AddIOp::create(builder, loc, firstIteration, slice);
  Value current = arith::RemUIOp::create(
      builder, loc, cfg.tma ? iteration : slice, idx(buffers));
  Value next = arith::SubIOp::create(builder, loc, idx(1), current);
  Value nextL0 = arith::AddIOp::create(builder, loc, l0, idx(cfg.bk));
  Value hasNext =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, nextL0, d);
  for (Value v : {l0, current, next, nextL0, hasNext})
    emitter.define(v, lLoop);
  if (cfg.wgmma) {
    // Matrix descriptor: start address / 16 in bits 0-13, leading byte
    // offset / 16 in 16-29, stride byte offset / 16 in 32-45, 128-byte
    // swizzle (1 in bits 62-63), base offset 0 (the tiles start 1024-byte
    // aligned). Shared addresses are below 2^18, so the address field
    // takes the sum without a carry out of it.
    Value current64 =
        arith::IndexCastOp::create(builder, loc, i64Type, current);
    int64_t swizzle128 = int64_t(1) << 62;
    auto descriptor = [&](int64_t offset, int64_t rows, Value extra) {
      Value addr = arith::AddIOp::create(
          builder, loc, sharedBase64,
          arith::AddIOp::create(
              builder, loc, i64c(offset),
              arith::MulIOp::create(builder, loc, current64,
                                    i64c(rows * cfg.bk * elemBytes))));
      if (extra)
        addr = arith::AddIOp::create(builder, loc, addr, extra);
      Value field = arith::ShRUIOp::create(builder, loc, addr, i64c(4));
      return arith::OrIOp::create(builder, loc, field,
                                  i64c(((leadingBytes >> 4) << 16) |
                                       ((strideBytes >> 4) << 32) | swizzle128))
          .getResult();
    };
    auto pair = [&](int64_t a, int64_t b) -> WgmmaOperands {
      return {descriptor(a, cfg.bm, warpgroupRowsA),
              descriptor(b, cfg.bn, Value())};
    };
    wgmmaOperands.clear();
    if (cfg.splitProducer()) {
      // A's small x B's cross, A's cross x B's small, big x big.
      for (auto [part, offset] : {std::pair<unsigned, int64_t>{1, bCrossOffset},
                                  {2, bSmallOffset},
                                  {0, bOffset}})
        wgmmaOperands.push_back(
            {Value(), descriptor(offset, cfg.bn, Value()), part});
    } else {
      if (splitStaged) {
        wgmmaOperands.push_back(pair(aSmallOffset, bCrossOffset));
        wgmmaOperands.push_back(pair(aCrossOffset, bSmallOffset));
      }
      wgmmaOperands.push_back(pair(aOffset, bOffset));
    }
  }
  auto iterArgs = cast<scf::ForOp>(lLoop->loop).getRegionIterArgs();

  // cp.async: wait for this slice (the newest stages - 2 groups may stay
  // in flight), make it visible to every warp, then put slice + stages - 1
  // in flight into the buffer that the previous slice used, which every
  // warp has finished reading at the barrier.
  // Registers: prefetch the next slice while this one is used.
  SmallVector<Value> nextA, nextB;
  // TMA: wait for this slice's stage; the producer warpgroup fills them.
  if (cfg.tma) {
    waitFullTma(iteration);
  } else if (async) {
    NVVM::CpAsyncWaitGroupOp::create(builder, loc, prefetch - 1);
    if (cfg.wgmma)
      fenceForWgmma();
    gpu::BarrierOp::create(builder, loc);
    Value ahead = arith::AddIOp::create(builder, loc, slice, idx(prefetch));
    copySliceAsync(
        ahead, arith::RemUIOp::create(builder, loc, ahead, idx(cfg.stages)));
  } else {
    SmallVector<Type> types = tileRegTypes(cfg.bm);
    size_t aCount = types.size();
    types.append(tileRegTypes(cfg.bn));
    auto prefetch = scf::IfOp::create(builder, loc, types, hasNext,
                                      /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(prefetch.thenBlock());
    SmallVector<Value> regs = loadTile(rowMem, rowBase, n, nextL0, cfg.bm);
    regs.append(loadTile(colMem, j0, unitEnd, nextL0, cfg.bn));
    scf::YieldOp::create(builder, loc, regs);
    builder.setInsertionPointToStart(prefetch.elseBlock());
    SmallVector<Value> zeros;
    for (Type t : types)
      zeros.push_back(
          arith::ConstantOp::create(builder, loc, t, builder.getZeroAttr(t)));
    scf::YieldOp::create(builder, loc, zeros);
    for (Value r : prefetch.getResults().take_front(aCount))
      nextA.push_back(r);
    for (Value r : prefetch.getResults().drop_front(aCount))
      nextB.push_back(r);
  }

  // Norm duty, once per slice after its features: threads [0, bm)
  // accumulate their row's reductions over the slice, threads
  // [threads - bn, threads) their column's, in feature order. The duty is
  // a branch rather than predicated code, so warps without a row or column
  // (whole warps when bm and bn are multiples of 32) skip it: with the duty
  // inside the feature loop every thread paid a shared load, the term, the
  // update and a select per feature, which on the 64x64 probe tile was 4 of
  // 26 instructions and 2 of 5 shared-memory wavefronts per feature (Nsight
  // Compute, docs/performance-notes.md, version 4).
  SmallVector<Value> sliceFeatures, sliceInD;
  Value pendingWgmma;
  // acc + value, where `value` is a product (fuse.mul or fuse.square) at
  // `at`: one fused multiply-add of its factors (each broadcast like the
  // product) instead of a multiply and an add. Otherwise value is emitted
  // and added.
  auto accumulateTerm = [&](Value value, ArrayRef<Value> at, Value acc,
                            KernelEmitter::Frame *frame) -> FailureOr<Value> {
    Operation *producer = value.getDefiningOp();
    if (!isa_and_nonnull<MulOp, SquareOp>(producer)) {
      FailureOr<Value> t = emitter.emit(value, at, frame);
      if (failed(t))
        return failure();
      emitter.setInsertionPoint(frame);
      return arith::AddFOp::create(builder, loc, acc, *t).getResult();
    }
    FailureOr<std::array<Value, 2>> factors =
        emitProductFactors(emitter, value, at, frame);
    if (failed(factors))
      return failure();
    emitter.setInsertionPoint(frame);
    return LLVM::FMAOp::create(builder, loc, (*factors)[0], (*factors)[1], acc)
        .getResult();
  };
  // Whether this thread has a row's (a column's) norm duty for this tile.
  auto dutyOwner = [&](bool isRow) -> Value {
    if (!isRow) {
      Value owner =
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::uge, tid,
                                idx(cfg.threads() - cfg.bn));
      if (!needsColumnNorms)
        return owner;
      return arith::AndIOp::create(builder, loc, needsColumnNorms, owner);
    }
    if (halfRowDuty)
      return firstTile;
    return arith::AndIOp::create(
        builder, loc, firstTile,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, tid,
                              idx(cfg.bm)));
  };
  auto accumulateNorms = [&](ArrayRef<Operation *> reds, bool isRow,
                             unsigned accBase, bool guarded,
                             SmallVector<Value> &acc,
                             KernelEmitter::Frame *frame) -> LogicalResult {
    // translatesRows: the candidates' duty also sums mu . c, after `reds`.
    // producerDuty: the producers sum the candidates'.
    if (!isRow && producerDuty)
      return success();
    bool withOrigin = !isRow && origin;
    // certify: the rows' sum((x - mu)^2), after `reds`.
    bool withTranslated = isRow && certify;
    size_t sums = reds.size() + (withOrigin || withTranslated ? 1 : 0);
    if (sums == 0)
      return success();
    emitter.setInsertionPoint(frame);
    Value local = isRow ? normRowLocal : normColLocal;
    // Compensated sums add each slice's sum to the running value once, by
    // TwoSum, and carry its rounding error. A norm grows to thousands,
    // where the adds of a feature at a time each round: with 4 plain
    // chains, the Gram kernel's labels disagreed with torch eager Gram's on
    // 37 of sample-heavy's 131072 rows; fed float64-exact norms, on 2, and
    // fed torch's own norms, on none (its x . c rounds like cuBLAS's;
    // docs/performance-notes.md, version 21).
    // nativeNorms: a norm is G's own chain (a rounded product, then a
    // rounded add, feature by feature from the running value), and its
    // compensation slot sums the running values after each slice (T).
    auto native = [&](size_t i) { return isNativeNorm(nativeNorms, reds, i); };
    auto compensated = [&](size_t i) {
      return compensate && isSumNorm(reds, i) && !native(i);
    };
    Value inRange = dutyOwner(isRow);
    size_t compBase = compensationSlot + (accBase - accSlots);
    SmallVector<Value> old(acc.begin() + accBase, acc.begin() + accBase + sums);
    SmallVector<Value> comp;
    if (compensate)
      comp.assign(acc.begin() + compBase, acc.begin() + compBase + sums);
    // The branch carries the norms, then their compensations.
    SmallVector<Value> carried(old);
    carried.append(comp);
    SmallVector<Type> types(ValueRange(carried).getTypes());
    auto ifOp = scf::IfOp::create(builder, loc, TypeRange(types), inRange,
                                  /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(builder, loc, carried);
    }
    KernelEmitter::Frame *duty =
        emitter.openBlockFrame(frame, ifOp.thenBlock(), ifOp);
    // Independent chains within a slice: feature kk updates chain
    // kk % chains, which starts from the identity (chain 0 from the running
    // value), and the chains are combined at the end of the slice. One
    // chain made the duty a dependency chain of bk FMAs (4 cycles each),
    // which Nsight Compute showed as the leading stall of the tensor-core
    // kernel ("wait", docs/performance-notes.md, version 9). Slices of 8
    // features take 4 chains of 2 too: the Gram kernel on sample-heavy ran
    // in the same time (374.9 ms against 373.3 with one chain) and its
    // labels disagreed with torch eager Gram's on 41 rows instead of 75
    // (version 20): the norms round less.
    // translatesRows sums each slice on its own and adds it to the running
    // value once: mu . c, like x . c, grows to thousands, where the adds of
    // a feature at a time would each round.
    // Compensated, the FMA schedule's slices sum in one chain: with 4 the
    // Gram kernel took 394.0-394.7 ms on sample-heavy in three runs, with
    // one 387.8 (uncompensated: 374.8-375.8 beside each), and a slice's few
    // terms round little.
    int64_t chains = sliceFeatures.size() >= 8 ? 4 : 1;
    if ((compensate && !mma) || nativeNorms)
      chains = 1;
    bool slicePartials = compensate || origin;
    SmallVector<SmallVector<Value>> partial(sums);
    for (size_t i = 0; i < sums; ++i) {
      emitter.setInsertionPoint(duty);
      Value identity = i < reds.size() ? normInit(reds[i]) : f32(0);
      partial[i].push_back(slicePartials && !native(i) ? identity : old[i]);
      for (int64_t c = 1; c < chains; ++c)
        partial[i].push_back(identity);
    }
    Value named = isRow ? normRow : normCol;
    // MMA staging keeps a row's features contiguous in 16-byte chunks: one
    // vector load per chunk. Per feature, the scalar loads of the wgmma
    // layout's rows (8 rows per 128 bytes, row groups a power of two apart)
    // cost 4 wavefronts each and made the duty the kernel's bottleneck.
    // The features this thread accumulates: the slice's, or for halved
    // row duty its half (kk counts within it), each with its offset in
    // the slice and, in a partial slice, whether it is inside d.
    struct DutyFeature {
      Value l, offset, inD;
    };
    SmallVector<DutyFeature> features;
    emitter.setInsertionPoint(duty);
    if (isRow && halfRowDuty) {
      for (int64_t kk = 0; kk < cfg.bk / 2; ++kk) {
        Value offset = arith::AddIOp::create(builder, loc, rowHalfBase,
                                             idx(kk));
        Value l = arith::AddIOp::create(builder, loc, sliceFeatures[0],
                                        offset);
        Value inD;
        if (guarded)
          inD = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                      l, d);
        for (Value v : {offset, l, inD})
          if (v)
            emitter.define(v, duty);
        features.push_back({l, offset, inD});
      }
    } else {
      for (auto [kk, l] : llvm::enumerate(sliceFeatures))
        features.push_back(
            {l, idx(static_cast<int64_t>(kk)), sliceInD[kk]});
    }
    Value chunk;
    for (auto [kk, feature] : llvm::enumerate(features)) {
      Value l = feature.l;
      emitter.setInsertionPoint(duty);
      Value v;
      int64_t e = chunkElems();
      if (mma) {
        if (kk % e == 0) {
          SmallVector<Value> where = stagedIndex(current, local, feature.offset);
          auto load = [&](Value smem) -> Value {
            return vector::LoadOp::create(
                builder, loc, VectorType::get({e}, elemType), smem, where,
                /*nontemporal=*/false, llvm::MaybeAlign(16));
          };
          chunk = load(isRow ? aSmem : bSmem);
          // Split staging: the element is big + small, exactly (the split
          // producer leaves the rows unsplit).
          if (splitStaged && !(isRow && cfg.splitProducer())) {
            Value big = chunk;
            chunk = arith::AddFOp::create(
                builder, loc, big, load(isRow ? aSmallSmem : bSmallSmem));
            // Unguarded (translatesRows), an infinite element's small part
            // is inf - inf = NaN: the element is its big part.
            if (cfg.translatesRows())
              chunk = arith::SelectOp::create(
                  builder, loc,
                  arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO,
                                        chunk, chunk),
                  big, chunk);
          }
          emitter.define(chunk, duty);
        }
        v = vector::ExtractOp::create(builder, loc, chunk,
                                      static_cast<int64_t>(kk % e));
      } else {
        Value kkIdx = idx(static_cast<int64_t>(kk));
        v = memref::LoadOp::create(builder, loc, isRow ? aSmem : bSmem,
                                   ValueRange{current, kkIdx, local});
      }
      emitter.define(v, duty);
      if (isRow)
        emitter.rowRegs[{named, l}] = v;
      else
        emitter.colRegs[{named, l}] = v;
      for (auto [i, red] : llvm::enumerate(reds)) {
        if (!isRow)
          emitter.bindIteration(plan.loop.getIteration(), named);
        Value input = red->getOperand(0);
        auto inputType = cast<RankedTensorType>(input.getType());
        // Row norms read [row, l]; column norms [l] after slicing at j.
        SmallVector<Value> at;
        if (inputType.getRank() == 2)
          at = {named, l};
        else
          at = {l};
        Value &a = partial[i][kk % chains];
        Value next;
        if (native(i)) {
          // The term rounded, then the add: no contraction into an FMA.
          FailureOr<Value> t = emitter.emit(input, at, duty);
          if (failed(t))
            return failure();
          emitter.setInsertionPoint(duty);
          next = arith::AddFOp::create(builder, loc, a, *t);
        } else if (isa<SumOp>(red)) {
          FailureOr<Value> sum = accumulateTerm(input, at, a, duty);
          if (failed(sum))
            return failure();
          next = *sum;
        } else {
          FailureOr<Value> t = emitter.emit(input, at, duty);
          if (failed(t))
            return failure();
          emitter.setInsertionPoint(duty);
          if (isa<ReduceMinOp>(red))
            next = arith::MinimumFOp::create(builder, loc, a, *t);
          else
            next = arith::MaximumFOp::create(builder, loc, a, *t);
        }
        emitter.setInsertionPoint(duty);
        // In the last, partial slice the features past d do not count.
        a = guarded
                ? arith::SelectOp::create(builder, loc, feature.inD, next, a)
                : next;
      }
      if (withOrigin) {
        emitter.setInsertionPoint(duty);
        Value &a = partial[reds.size()][kk % chains];
        // Features past d are 0 in the candidates.
        a = LLVM::FMAOp::create(builder, loc, origin, v, a);
      }
      if (withTranslated) {
        // The MMAs' row element, x - mu, rounded as the A path rounds it.
        emitter.setInsertionPoint(duty);
        Value &a = partial[reds.size()][kk % chains];
        Value y = arith::SubFOp::create(builder, loc, v, origin);
        Value next = LLVM::FMAOp::create(builder, loc, y, y, a);
        a = guarded
                ? arith::SelectOp::create(builder, loc, feature.inD, next, a)
                : next;
      }
    }
    emitter.setInsertionPoint(duty);
    auto combine = [&](size_t i, Value x, Value y) -> Value {
      if (i < reds.size())
        return combineNorms(reds[i], x, y);
      return arith::AddFOp::create(builder, loc, x, y);
    };
    SmallVector<Value> updated;
    for (size_t i = 0; i < sums; ++i) {
      SmallVector<Value> level(partial[i]);
      while (level.size() > 1) {
        SmallVector<Value> nextLevel;
        for (size_t c = 0; c + 1 < level.size(); c += 2)
          nextLevel.push_back(combine(i, level[c], level[c + 1]));
        if (level.size() % 2)
          nextLevel.push_back(level.back());
        level = nextLevel;
      }
      Value v = level.front();
      if (native(i)) {
        comp[i] = arith::AddFOp::create(builder, loc, comp[i], v);
      } else if (compensated(i)) {
        auto [sum, error] = twoSum(old[i], v);
        v = sum;
        comp[i] = arith::AddFOp::create(builder, loc, comp[i], error);
      } else if (slicePartials) {
        v = combine(i, old[i], v);
      }
      updated.push_back(v);
    }
    updated.append(comp);
    builder.setInsertionPointToEnd(ifOp.thenBlock());
    scf::YieldOp::create(builder, loc, updated);
    emitter.closeBlockFrame(duty);
    for (size_t i = 0; i < sums; ++i) {
      acc[accBase + i] = ifOp.getResult(i);
      if (compensate)
        acc[compBase + i] = ifOp.getResult(sums + i);
    }
    return success();
  };

  // acc[m][c] += g(A[row m, l], B[col c, l]) for the thread's tile at
  // feature l, whose register tiles are in the emitter's maps.
  auto emitTerms = [&](Value l, SmallVector<Value> &acc,
                       KernelEmitter::Frame *frame) -> LogicalResult {
    Value termValue = plan.pairwise->getOperand(0);
    for (int64_t m = 0; m < cfg.tm; ++m) {
      for (int64_t c = 0; c < cfg.tn; ++c) {
        emitter.bindIteration(plan.loop.getIteration(), cols[c]);
        SmallVector<Value> at = {rows[m], l};
        Value &a = acc[m * cfg.tn + c];
        FailureOr<Value> sum = accumulateTerm(termValue, at, a, frame);
        if (failed(sum))
          return failure();
        a = *sum;
      }
    }
    return success();
  };
  // The compute of one slice: kk in [0, count) with count = bk for full
  // slices; the last partial slice runs only its features so that any
  // term works (padding would add g(0, 0)).
  auto computeSlice =
      [&](bool guarded, ValueRange accIn,
          KernelEmitter::Frame *frame) -> FailureOr<SmallVector<Value>> {
    SmallVector<Value> acc(accIn.begin(), accIn.end());
    sliceFeatures.clear();
    sliceInD.clear();
    if (mma) {
      // The features of the slice name elements for the norm duty; the
      // products need no guard (the staging padded them with zeros).
      emitter.setInsertionPoint(frame);
      for (int64_t kk = 0; kk < cfg.bk; ++kk) {
        Value l = arith::AddIOp::create(builder, loc, l0, idx(kk));
        emitter.define(l, frame);
        Value inD;
        if (guarded) {
          inD = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                      l, d);
          emitter.define(inD, frame);
        }
        sliceFeatures.push_back(l);
        sliceInD.push_back(inD);
      }
      emitter.setInsertionPoint(frame);
      if (inflight) {
        acc[0] = cfg.splitProducer() ? emitWgmmaSlice(acc[0], aSmem, current)
                                    : emitWgmmaSlice(acc[0]);
      } else if (cfg.wgmma) {
        // The MMAs run while the norm duty below runs; the wait is after it.
        pendingWgmma = emitWgmmaSlice(
            packWgmmaAccumulators(ArrayRef(acc).take_front(numAcc)));
      } else {
        for (int64_t kOff = 0; kOff < cfg.bk; kOff += cfg.mmaK())
          emitMmaStep(aSmem, bSmem, current, kOff, acc);
        for (int64_t i = 0; i < numAcc; ++i)
          emitter.define(acc[i], frame);
      }
    }
    // The features of the slice, each with whether it is inside d in the
    // last, partial slice (padding would add g(0, 0), which is not 0 for
    // every g).
    for (int64_t kk = 0; !mma && kk < cfg.bk; ++kk) {
      emitter.setInsertionPoint(frame);
      Value l = arith::AddIOp::create(builder, loc, l0, idx(kk));
      emitter.define(l, frame);
      Value inD;
      if (guarded) {
        inD = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, l,
                                    d);
        emitter.define(inD, frame);
      }
      sliceFeatures.push_back(l);
      sliceInD.push_back(inD);
    }
    // Register tiles: rows of A and columns of B at feature kk, loaded or
    // (the first, pipelineFragments) carried in `acc`.
    auto loadFragments = [&](int64_t kk) {
      emitter.setInsertionPoint(frame);
      Value l = sliceFeatures[kk];
      SmallVector<Value> aRegs, bRegs;
      if (kk == 0 && pipelineFragments) {
        auto carried = ArrayRef(acc).drop_front(fragmentSlot);
        aRegs.assign(carried.begin(), carried.begin() + cfg.tm);
        bRegs.assign(carried.begin() + cfg.tm, carried.end());
      } else {
        std::tie(aRegs, bRegs) = loadFragmentValues(current, kk);
        for (Value r : llvm::concat<Value>(aRegs, bRegs))
          emitter.define(r, frame);
      }
      for (int64_t m = 0; m < cfg.tm; ++m)
        emitter.rowRegs[{rows[m], l}] = aRegs[m];
      for (int64_t c = 0; c < cfg.tn; ++c)
        emitter.colRegs[{cols[c], l}] = bRegs[c];
    };
    // pipelineFragments: the last feature's terms run after the barrier.
    // (Loading feature kk + 1's tiles before feature kk's terms left ptxas's
    // schedule of the Gram kernel unchanged, and made the direct form's
    // spill 44-96 bytes at 128 registers.)
    int64_t termFeatures = pipelineFragments ? cfg.bk - 1 : cfg.bk;
    for (int64_t kk = 0; !mma && kk < cfg.bk; ++kk) {
      Value l = sliceFeatures[kk], inD = sliceInD[kk];
      SmallVector<Value> before(acc.begin(), acc.begin() + numAcc);
      loadFragments(kk);
      if (kk >= termFeatures)
        continue;

      if (failed(emitTerms(l, acc, frame)))
        return failure();

      if (guarded) {
        emitter.setInsertionPoint(frame);
        for (unsigned i = 0; i < numAcc; ++i)
          acc[i] =
              arith::SelectOp::create(builder, loc, inD, acc[i], before[i]);
      }
      // A compiler-only fence between features that uses this feature's
      // accumulators: without it LLVM's scheduler hoists the shared-memory
      // loads of the whole unrolled slice above all the FMAs, and the live
      // registers then spill. It emits no instruction.
      emitter.setInsertionPoint(frame);
      std::string constraints;
      for (size_t i = 0; i < numAcc; ++i)
        constraints += "f,";
      constraints += "~{memory}";
      LLVM::InlineAsmOp::create(
          builder, loc, TypeRange{}, ArrayRef(acc).take_front(numAcc),
          builder.getStringAttr(""), builder.getStringAttr(constraints),
          builder.getUnitAttr(), UnitAttr(), LLVM::TailCallKindAttr(),
          LLVM::AsmDialectAttr(), ArrayAttr());
    }
    if (failed(accumulateNorms(plan.rowReductions, /*isRow=*/true, accSlots,
                               guarded, acc, frame)) ||
        failed(accumulateNorms(plan.colReductions, /*isRow=*/false,
                               accSlots + rowSums, guarded, acc, frame)))
      return failure();
    if (inflight) {
      // This slice's MMAs may stay in flight; the previous slice's are
      // done, so its buffer is free at the next barrier. (Split producer:
      // the wait before the slice's last k-step completed them.)
      emitter.setInsertionPoint(frame);
      if (!cfg.splitProducer())
        NVVM::WgmmaWaitGroupSyncOp::create(builder, loc,
                                           builder.getI64IntegerAttr(1));
      // TMA: the previous slice's MMAs are done: release its stage.
      if (cfg.tma) {
        Value hasPrevious = arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::ugt, slice, idx(0));
        auto ifOp = scf::IfOp::create(builder, loc, hasPrevious, false);
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPointToStart(ifOp.thenBlock());
        releaseStageTma(arith::SubIOp::create(builder, loc, iteration, idx(1)));
      }
      // The last, partial slice (guarded) stays in the accumulators, which
      // the loop's end adds to the running sums.
      if (foldsSlices && !guarded) {
        emitter.setInsertionPoint(frame);
        NVVM::WgmmaWaitGroupSyncOp::create(builder, loc,
                                           builder.getI64IntegerAttr(0));
        for (unsigned i = 0; i < numAcc; ++i)
          acc[runningSlot + i] = arith::AddFOp::create(
              builder, loc, acc[runningSlot + i],
              LLVM::ExtractValueOp::create(builder, loc, acc[0], i));
        acc[0] = packWgmmaAccumulators(SmallVector<Value>(numAcc, f32(0)));
      }
    } else if (cfg.wgmma) {
      emitter.setInsertionPoint(frame);
      NVVM::WgmmaWaitGroupSyncOp::create(builder, loc,
                                         builder.getI64IntegerAttr(0));
      for (int64_t i = 0; i < cfg.bn / 2; ++i)
        acc[wgmmaSlot(i)] =
            LLVM::ExtractValueOp::create(builder, loc, pendingWgmma, i);
      for (int64_t i = 0; i < numAcc; ++i)
        emitter.define(acc[i], frame);
    }
    return acc;
  };

  SmallVector<Value> accOut;
  if (fullSlices) {
    FailureOr<SmallVector<Value>> r = computeSlice(false, iterArgs, lLoop);
    if (failed(r))
      return failure();
    accOut = *r;
  } else {
    // Full slices without guards; the last, partial slice with them.
    emitter.setInsertionPoint(lLoop);
    Value full = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule,
                                       nextL0, d);
    SmallVector<Type> types(ValueRange(iterArgs).getTypes());
    auto ifOp = scf::IfOp::create(builder, loc, types, full, true);
    for (int branch = 0; branch < 2; ++branch) {
      Block *block = branch == 0 ? ifOp.thenBlock() : ifOp.elseBlock();
      KernelEmitter::Frame *frame = emitter.openBlockFrame(lLoop, block, ifOp);
      FailureOr<SmallVector<Value>> r =
          computeSlice(/*guarded=*/branch == 1, iterArgs, frame);
      if (failed(r))
        return failure();
      builder.setInsertionPointToEnd(block);
      scf::YieldOp::create(builder, loc, *r);
      emitter.closeBlockFrame(frame);
    }
    accOut.assign(ifOp.getResults().begin(), ifOp.getResults().end());
  }

  // Registers: stage the next slice and wait for everyone.
  emitter.setInsertionPoint(lLoop);
  if (!async) {
    {
      auto ifOp = scf::IfOp::create(builder, loc, hasNext, false);
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(ifOp.thenBlock());
      storeStaged(nextA, nextB, next);
    }
    if (cfg.wgmma)
      fenceForWgmma();
    gpu::BarrierOp::create(builder, loc);
  }
  if (pipelineFragments) {
    // The next slice's first register tiles, then this slice's last
    // feature's terms (its tiles were loaded before the barrier). Past the
    // last slice the next tile's prologue may already write buffer 0.
    SmallVector<Type> types(firstFragments.size(), f32Type);
    auto ifOp = scf::IfOp::create(builder, loc, types, hasNext,
                                  /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(ifOp.thenBlock());
      auto [a, b] = loadFragmentValues(next, 0);
      a.append(b);
      scf::YieldOp::create(builder, loc, a);
      builder.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(builder, loc,
                           SmallVector<Value>(types.size(), f32(0)));
    }
    if (failed(emitTerms(sliceFeatures.back(), accOut, lLoop)))
      return failure();
    for (auto [i, v] : llvm::enumerate(ifOp.getResults()))
      accOut[fragmentSlot + i] = v;
  }
  ValueRange lResults = emitter.closeLoop(lLoop, accOut);
  // The pairwise accumulators of the thread's tm x tn tile.
  SmallVector<Value> pairwiseAcc(lResults.take_front(accSlots));
  if (inflight) {
    emitter.setInsertionPoint(jLoop);
    NVVM::WgmmaWaitGroupSyncOp::create(builder, loc,
                                       builder.getI64IntegerAttr(0));
    if (cfg.tma)
      releaseStageTma(arith::AddIOp::create(
          builder, loc, firstIteration,
          arith::SubIOp::create(builder, loc, numSlices, idx(1))));
    pairwiseAcc.assign(numAcc, Value());
    for (int64_t i = 0; i < cfg.bn / 2; ++i)
      pairwiseAcc[wgmmaSlot(i)] =
          LLVM::ExtractValueOp::create(builder, loc, lResults[0], i);
    if (foldsSlices)
      for (int64_t i = 0; i < cfg.bn / 2; ++i)
        pairwiseAcc[wgmmaSlot(i)] = arith::AddFOp::create(
            builder, loc, lResults[runningSlot + i], pairwiseAcc[wgmmaSlot(i)]);
    for (Value v : pairwiseAcc)
      emitter.define(v, jLoop);
  }
  // The candidate indices name elements during the slice loop but are only
  // computed for the epilogue: move them below the loop when nothing in it
  // reads them, so that they are not live across it.
  for (Value j : cols) {
    Operation *def = j.getDefiningOp();
    bool usedInLoop = llvm::any_of(j.getUsers(), [&](Operation *user) {
      return lLoop->loop->isAncestor(user);
    });
    if (!usedInLoop)
      def->moveAfter(lLoop->loop);
  }

  // Publish the norms of this tile.
  emitter.setInsertionPoint(jLoop);
  bool hasNorms = !plan.rowReductions.empty() || columnSums;
  // TMA: a fast warp may publish this tile's norms while a slow one still
  // reads the previous tile's (or row tile's) in its epilogue when a tile
  // has no more slices than there are stages: the producer can then fill
  // all of them before the slow warp is done. With more slices, the fast
  // warp's last slice waits for a stage that the slow warp releases only
  // in this tile (d is static with TMA).
  if (hasNorms && cfg.tma &&
      static_cast<int64_t>(llvm::divideCeil(dStatic, cfg.bk)) <= cfg.stages)
    gpu::BarrierOp::create(builder, loc);
  auto publish = [&](ArrayRef<Value> smems, ArrayRef<Operation *> reds,
                     bool isRow, unsigned accBase) {
    for (auto [i, smem] : llvm::enumerate(smems)) {
      // A sum with its compensation (the origin's mu . c, after `reds`, is
      // one too); a sum that overflowed or met an infinity or NaN made the
      // compensation NaN (inf - inf) and is itself the norm.
      Value norm = lResults[accBase + i];
      Value weight;
      if (isNativeNorm(nativeNorms, reds, i)) {
        // W = f T + (d + 1 - slices f) N (TiledBuilder::nativeNorms): T
        // holds N after each slice, and the weights' upper bound in slice
        // s, d + 1 - s f, falls by f a slice.
        Value runningSum =
            lResults[compensationSlot + (accBase - accSlots) + i];
        int64_t slices = llvm::divideCeil(dStatic, cfg.bk);
        double scale = nativeNormWeightScale(dStatic);
        weight = arith::MulFOp::create(
            builder, loc,
            LLVM::FMAOp::create(
                builder, loc, f32(static_cast<double>(cfg.bk)), runningSum,
                arith::MulFOp::create(
                    builder, loc,
                    f32(static_cast<double>(dStatic + 1 - slices * cfg.bk)),
                    norm)),
            f32(roundUpToFloat(scale)));
      } else if (compensate && isSumNorm(reds, i)) {
        Value comp = lResults[compensationSlot + (accBase - accSlots) + i];
        Value rounded = arith::AddFOp::create(builder, loc, norm, comp);
        Value unordered = arith::CmpFOp::create(
            builder, loc, arith::CmpFPredicate::UNO, comp, comp);
        norm = arith::SelectOp::create(builder, loc, unordered, norm, rounded);
      }
      auto ifOp = scf::IfOp::create(builder, loc, dutyOwner(isRow), false);
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(ifOp.thenBlock());
      // Halved row duty: half h of row r is slot h * bm + r, the thread.
      Value local = isRow ? (halfRowDuty ? tid : normRowLocal) : normColLocal;
      if (!isRow && cfg.persistent)
        local = arith::AddIOp::create(builder, loc, colSlotBase, local);
      memref::StoreOp::create(builder, loc, norm, smem, ValueRange{local});
      if (weight)
        memref::StoreOp::create(builder, loc, weight,
                                isRow ? rowWeightSmem : colWeightSmem,
                                ValueRange{local});
    }
  };
  publish(rowNormSmem, plan.rowReductions, true, accSlots);
  if (!producerDuty)
    publish(colNormSmem, plan.colReductions, false, accSlots + rowSums);
  if (hasNorms)
    gpu::BarrierOp::create(builder, loc);
  // producerDuty: wait for the producers' norms of a tile they summed (a
  // cached tile's were published with an earlier row tile).
  if (producerDuty) {
    emitter.setInsertionPoint(jLoop);
    auto ifOp = scf::IfOp::create(builder, loc, needsColumnNorms, false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.thenBlock());
    NVVM::BarrierOp::create(builder, loc, Type(), i32(kProducerDutyBarrier),
                            i32(cfg.launchThreads()),
                            NVVM::BarrierReductionAttr(), Value());
  }

  // Epilogue: candidate values and the running (best, index) per row.
  for (int64_t m = 0; m < cfg.tm; ++m)
    for (auto [i, red] : llvm::enumerate(plan.rowReductions)) {
      emitter.setInsertionPoint(jLoop);
      Value local = rowLocal(m);
      Value v = memref::LoadOp::create(builder, loc, rowNormSmem[i],
                                       ValueRange{local});
      if (halfRowDuty) {
        Value other = memref::LoadOp::create(
            builder, loc, rowNormSmem[i],
            ValueRange{arith::AddIOp::create(builder, loc, local,
                                             idx(cfg.bm))});
        v = combineNorms(red, v, other);
      }
      emitter.define(v, jLoop);
      emitter.reductionValues[{red, rows[m], Value()}] = v;
    }
  for (int64_t c = 0; c < cfg.tn; ++c)
    for (auto [i, red] : llvm::enumerate(plan.colReductions)) {
      emitter.setInsertionPoint(jLoop);
      Value local = colLocal(c);
      if (cfg.persistent)
        local = arith::AddIOp::create(builder, loc, colSlotBase, local);
      Value v = memref::LoadOp::create(builder, loc, colNormSmem[i],
                                       ValueRange{local});
      emitter.define(v, jLoop);
      emitter.reductionValues[{red, Value(), cols[c]}] = v;
    }
  // translatesRows: x . c is the MMAs' (x - mu) . c plus the duty's mu . c.
  for (int64_t c = 0; origin && c < cfg.tn; ++c) {
    emitter.setInsertionPoint(jLoop);
    Value local = colLocal(c);
    if (cfg.persistent)
      local = arith::AddIOp::create(builder, loc, colSlotBase, local);
    Value originDot = memref::LoadOp::create(builder, loc, colNormSmem.back(),
                                             ValueRange{local});
    // producerDuty: the producers summed the candidate's features.
    if (producerDuty)
      originDot = arith::MulFOp::create(builder, loc, origin, originDot);
    for (int64_t m = 0; m < cfg.tm; ++m) {
      Value &value = pairwiseAcc[m * cfg.tn + c];
      value = arith::AddFOp::create(builder, loc, value, originDot);
      emitter.define(value, jLoop);
    }
  }
  if (origin) {
    emitter.setInsertionPoint(jLoop);
    pairwiseAcc = recomputeSpecialDots(pairwiseAcc, rows, cols, rowMem, colMem);
    for (Value v : pairwiseAcc)
      emitter.define(v, jLoop);
  }
  for (int64_t m = 0; m < cfg.tm; ++m)
    for (int64_t c = 0; c < cfg.tn; ++c)
      emitter.reductionValues[{plan.pairwise, rows[m], cols[c]}] =
          pairwiseAcc[m * cfg.tn + c];

  // certify: each pair's bound E = rowCoef * sqrt(nc) + rowConst + colConst
  // + perValue * |v| (certifiedBoundTerms), from the norms and the rows'
  // sum((x - mu)^2).
  SmallVector<Value> certRowCoef, certRowConst, certColSqrt, certColConst;
  // nativeNorms: perRootNorms sqrt(Wx) for each row, sqrt(Wc) for each
  // candidate.
  SmallVector<Value> certRowWeight, certColWeight;
  SmallVector<CertifiedTop> certTops;
  Value certPerValue;
  if (certify) {
    emitter.setInsertionPoint(jLoop);
    CertifiedBoundTerms terms = certifiedBoundTerms(
        dStatic, cfg.bk, cfg.mmaK(), compensate, certifiedGram, nativeNorms);
    auto constant = [&](double v) { return f32(roundUpToFloat(v)); };
    auto sqrtUp = [&](Value norm) -> Value {
      return math::SqrtOp::create(
          builder, loc,
          arith::MulFOp::create(builder, loc, norm,
                                constant(1 + terms.normSlack)));
    };
    // certifiedGram: a norm at or past kGramNormLimit (or NaN) makes its
    // row's or candidate's bounds infinite, where the native sums might
    // overflow.
    auto gramNormGuard = [&](Value norm, Value term) -> Value {
      if (!certifiedGram)
        return term;
      Value below = arith::CmpFOp::create(builder, loc,
                                          arith::CmpFPredicate::OLT, norm,
                                          f32(kGramNormLimit));
      return arith::SelectOp::create(builder, loc, below, term, f32(inf));
    };
    Value originTerm = arith::MulFOp::create(
        builder, loc, math::AbsFOp::create(builder, loc, origin),
        constant(terms.perB * std::sqrt(double(dStatic))));
    for (int64_t m = 0; m < cfg.tm; ++m) {
      Value local = rowLocal(m);
      Value ny = memref::LoadOp::create(builder, loc, rowNormSmem.back(),
                                        ValueRange{local});
      if (halfRowDuty)
        ny = arith::AddFOp::create(
            builder, loc, ny,
            memref::LoadOp::create(builder, loc, rowNormSmem.back(),
                                   ValueRange{arith::AddIOp::create(
                                       builder, loc, local, idx(cfg.bm))}));
      Value rootNy = sqrtUp(ny);
      Value nx = emitter.reductionValues[{
          plan.rowReductions[*plan.certifiedRowNorm], rows[m], Value()}];
      Value rowCoef = LLVM::FMAOp::create(builder, loc, constant(terms.perS),
                                          rootNy, originTerm);
      if (nativeNorms)
        certRowWeight.push_back(arith::MulFOp::create(
            builder, loc, constant(terms.perRootNorms),
            math::SqrtOp::create(builder, loc,
                                 memref::LoadOp::create(builder, loc,
                                                        rowWeightSmem,
                                                        ValueRange{local}))));
      else if (certifiedGram)
        rowCoef = LLVM::FMAOp::create(builder, loc,
                                      constant(terms.perRootNorms),
                                      sqrtUp(nx), rowCoef);
      certRowCoef.push_back(rowCoef);
      certRowConst.push_back(gramNormGuard(
          nx, LLVM::FMAOp::create(
                  builder, loc, constant(terms.perNorms), nx,
                  arith::MulFOp::create(
                      builder, loc, constant(terms.absolute),
                      arith::AddFOp::create(builder, loc, rootNy, f32(1))))));
    }
    for (int64_t c = 0; c < cfg.tn; ++c) {
      Value nc = emitter.reductionValues[{
          plan.colReductions[*plan.certifiedColNorm], Value(), cols[c]}];
      Value rootNc = sqrtUp(nc);
      certColSqrt.push_back(rootNc);
      if (nativeNorms) {
        Value local = colLocal(c);
        if (cfg.persistent)
          local = arith::AddIOp::create(builder, loc, colSlotBase, local);
        certColWeight.push_back(math::SqrtOp::create(
            builder, loc,
            memref::LoadOp::create(builder, loc, colWeightSmem,
                                   ValueRange{local})));
      }
      certColConst.push_back(gramNormGuard(
          nc, LLVM::FMAOp::create(
                  builder, loc, constant(terms.perNorms), nc,
                  arith::MulFOp::create(builder, loc, constant(terms.absolute),
                                        rootNc))));
    }
    certPerValue = constant(terms.perValue);
    auto jArgs = cast<scf::ForOp>(jLoop->loop).getRegionIterArgs();
    for (int64_t m = 0; m < cfg.tm; ++m) {
      SmallVector<Value> fields;
      for (int64_t w = 0; w < certifiedFieldCount(); ++w)
        fields.push_back(jArgs[w * cfg.tm + m]);
      certTops.push_back(certifiedFromFields(fields));
    }
  }
  SmallVector<Value> best, bestIdx, second, secondIdx;
  if (certify) {
    // The CertifiedTop fields stand in for the running state.
  } else if (stateInShared) {
    emitter.setInsertionPoint(jLoop);
    for (int64_t m = 0; m < cfg.tm; ++m) {
      best.push_back(memref::LoadOp::create(builder, loc, bestSmem,
                                            ValueRange{idx(m), tid}));
      bestIdx.push_back(memref::LoadOp::create(builder, loc, idxSmem,
                                               ValueRange{idx(m), tid}));
    }
  } else {
    auto jArgs = cast<scf::ForOp>(jLoop->loop).getRegionIterArgs();
    best.assign(jArgs.begin(), jArgs.begin() + cfg.tm);
    bestIdx.assign(jArgs.begin() + cfg.tm, jArgs.begin() + 2 * cfg.tm);
    if (recheck) {
      second.assign(jArgs.begin() + 2 * cfg.tm, jArgs.begin() + 3 * cfg.tm);
      secondIdx.assign(jArgs.begin() + 3 * cfg.tm, jArgs.end());
    }
  }
  for (int64_t m = 0; m < cfg.tm; ++m) {
    for (int64_t c = 0; c < cfg.tn; ++c) {
      emitter.bindIteration(plan.loop.getIteration(), cols[c]);
      emitter.currentRow = rows[m];
      emitter.currentCol = cols[c];
      FailureOr<Value> v =
          emitter.emit(plan.loop.getCandidate(), {rows[m]}, jLoop);
      if (failed(v))
        return failure();
      emitter.setInsertionPoint(jLoop);
      Value valid;
      if (tilesInsideK)
        valid =
            arith::ConstantIntOp::create(builder, loc, builder.getI1Type(), 1);
      else
        valid = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                      cols[c], unitEnd);
      if (certify) {
        Value bound = LLVM::FMAOp::create(
            builder, loc, certRowCoef[m], certColSqrt[c],
            arith::AddFOp::create(builder, loc, certRowConst[m],
                                  certColConst[c]));
        if (nativeNorms)
          bound = LLVM::FMAOp::create(builder, loc, certRowWeight[m],
                                      certColWeight[c], bound);
        bound =
            LLVM::FMAOp::create(builder, loc, certPerValue,
                                math::AbsFOp::create(builder, loc, *v), bound);
        Value lo = arith::SubFOp::create(builder, loc, *v, bound);
        Value hi = arith::AddFOp::create(builder, loc, *v, bound);
        // Not finite (NaN, inf, or a bound that overflowed): never excluded.
        Value finite = arith::CmpFOp::create(
            builder, loc, arith::CmpFPredicate::OLT,
            arith::SubFOp::create(builder, loc, hi, lo), f32(inf));
        lo = arith::SelectOp::create(builder, loc, finite, lo, f32(-inf));
        hi = arith::SelectOp::create(builder, loc, finite, hi, f32(inf));
        lo = arith::SelectOp::create(builder, loc, valid, lo, f32(inf));
        Value j32 = arith::IndexCastOp::create(builder, loc,
                                               builder.getI32Type(), cols[c]);
        certTops[m] = certifiedInsert(certTops[m], lo, hi, j32);
        continue;
      }
      Value take =
          arith::AndIOp::create(builder, loc, valid, better(*v, best[m]));
      auto candidateIndex = [&] {
        return arith::IndexCastOp::create(builder, loc, builder.getI32Type(),
                                          cols[c])
            .getResult();
      };
      Value j32;
      if (recheck) {
        j32 = candidateIndex();
        // The old best moves down to second, or the value takes second's
        // place when it beats only that.
        Value takeSecond =
            arith::AndIOp::create(builder, loc, valid, better(*v, second[m]));
        Value s =
            arith::SelectOp::create(builder, loc, takeSecond, *v, second[m]);
        Value si = arith::SelectOp::create(builder, loc, takeSecond, j32,
                                           secondIdx[m]);
        second[m] = arith::SelectOp::create(builder, loc, take, best[m], s);
        secondIdx[m] =
            arith::SelectOp::create(builder, loc, take, bestIdx[m], si);
      }
      best[m] = arith::SelectOp::create(builder, loc, take, *v, best[m]);
      if (!j32)
        j32 = candidateIndex();
      bestIdx[m] = arith::SelectOp::create(builder, loc, take, j32, bestIdx[m]);
    }
  }
  emitter.bindIteration(plan.loop.getIteration(), Value());
  SmallVector<Value> jResults;
  if (stateInShared) {
    emitter.setInsertionPoint(jLoop);
    for (int64_t m = 0; m < cfg.tm; ++m) {
      memref::StoreOp::create(builder, loc, best[m], bestSmem,
                              ValueRange{idx(m), tid});
      memref::StoreOp::create(builder, loc, bestIdx[m], idxSmem,
                              ValueRange{idx(m), tid});
    }
    emitter.closeLoop(jLoop, ValueRange{});
    emitter.setInsertionPoint(tileFrame);
    for (int64_t m = 0; m < cfg.tm; ++m)
      jResults.push_back(memref::LoadOp::create(builder, loc, bestSmem,
                                                ValueRange{idx(m), tid}));
    for (int64_t m = 0; m < cfg.tm; ++m)
      jResults.push_back(memref::LoadOp::create(builder, loc, idxSmem,
                                                ValueRange{idx(m), tid}));
  } else {
    SmallVector<Value> jYield(best);
    jYield.append(bestIdx);
    jYield.append(second);
    jYield.append(secondIdx);
    if (certify) {
      jYield.clear();
      for (int64_t w = 0; w < certifiedFieldCount(); ++w)
        for (int64_t m = 0; m < cfg.tm; ++m)
          jYield.push_back(certifiedFields(certTops[m])[w]);
    }
    ValueRange results = emitter.closeLoop(jLoop, jYield);
    jResults.assign(results.begin(), results.end());
  }

  // Merge the pairs of the threads that share a row (lanes differing in
  // the low log2(tx) bits), then write.
  emitter.setInsertionPoint(tileFrame);
  // clusterSplit: this block's part (its rank in the cluster) and its
  // round's first part slot in the exchange; exchangeSlot(part, row) is
  // the element of [round][part][row].
  Value exchangeRank, exchangeRoundBase;
  auto exchangeSlot = [&](Value part, Value localRow) -> Value {
    return arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(
            builder, loc,
            arith::AddIOp::create(builder, loc, exchangeRoundBase, part),
            idx(cfg.bm)),
        localRow);
  };
  if (cfg.clusterSplit) {
    exchangeRank = arith::IndexCastUIOp::create(
        builder, loc, builder.getIndexType(),
        NVVM::ClusterId::create(builder, loc, builder.getI32Type()));
    exchangeRoundBase =
        arith::MulIOp::create(builder, loc, exchangeRound, idx(cfg.split));
    if (relaxedClusterSetup()) {
      auto first = scf::IfOp::create(builder, loc, firstRowTile, false);
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(first.thenBlock());
      NVVM::ClusterWaitOp::create(builder, loc, UnitAttr());
    }
  }
  // certify: the lanes that share a row merge their CertifiedTops, and the
  // first stores the row's into the first block's exchange (clusterSplit)
  // or this block's certTopSmem, as i32 bits.
  int64_t exchangeElems = 2 * cfg.split * cfg.bm;
  for (int64_t m = 0; certify && m < cfg.tm; ++m) {
    SmallVector<Value> fields;
    for (int64_t w = 0; w < certifiedFieldCount(); ++w)
      fields.push_back(jResults[w * cfg.tm + m]);
    CertifiedTop top = certifiedFromFields(fields);
    for (int64_t offset = tx / 2; offset >= 1; offset /= 2) {
      SmallVector<Value> other;
      for (Value f : certifiedFields(top))
        other.push_back(gpu::ShuffleOp::create(builder, loc, f, offset, 32,
                                               gpu::ShuffleMode::XOR)
                            .getShuffleResult());
      top = certifiedMerge(top, certifiedFromFields(other));
    }
    Value row = arith::AddIOp::create(builder, loc, rowBase, rowLocal(m));
    Value leader = arith::AndIOp::create(
        builder, loc,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, tcol,
                              idx(0)),
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, row, n));
    auto ifOp = scf::IfOp::create(builder, loc, leader, false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.thenBlock());
    for (auto [w, field] : llvm::enumerate(certifiedFields(top))) {
      Value bits = certifiedFieldBits(field);
      if (cfg.clusterSplit) {
        Value element =
            arith::AddIOp::create(builder, loc, idx(int64_t(w) * exchangeElems),
                                  exchangeSlot(exchangeRank, rowLocal(m)));
        Value local = sharedPtr(arith::AddIOp::create(
            builder, loc, i64c(exchangeOffset),
            arith::MulIOp::create(
                builder, loc,
                arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                           element),
                i64c(4))));
        Value remote =
            NVVM::MapaOp::create(builder, loc, clusterPtrType, local, i32(0));
        LLVM::StoreOp::create(builder, loc, bits, remote, /*alignment=*/4);
      } else {
        memref::StoreOp::create(builder, loc, bits, certTopSmem,
                                ValueRange{idx(int64_t(w)), rowLocal(m)});
      }
    }
  }
  // Reads a CertifiedTop's fields from `mem` at `at(w)`.
  auto loadTop =
      [&](Value mem,
          llvm::function_ref<SmallVector<Value>(int64_t)> at) -> CertifiedTop {
    SmallVector<Value> fields;
    for (int64_t w = 0; w < certifiedFieldCount(); ++w)
      fields.push_back(certifiedFieldFromBits(
          w, memref::LoadOp::create(builder, loc, mem, at(w))));
    return certifiedFromFields(fields);
  };
  if (certify && !cfg.clusterSplit) {
    emitter.setInsertionPoint(tileFrame);
    gpu::BarrierOp::create(builder, loc);
    emitCertifiedLabels(rowMem, colMem, rowBase, ctx.outputs[*plan.indexOutput],
                        certBuffers, dStatic, [&](Value localRow) {
                          return loadTop(certTopSmem, [&](int64_t w) {
                            return SmallVector<Value>{idx(w), localRow};
                          });
                        });
  }
  for (int64_t m = 0; !certify && m < cfg.tm; ++m) {
    Value value = jResults[m];
    Value index = jResults[cfg.tm + m];
    Value key = orderableKey(builder, loc, value, isMin, nanIsBest);
    Value secondKey, secondIndex;
    if (recheck) {
      secondKey = orderableKey(builder, loc, jResults[2 * cfg.tm + m], isMin,
                               nanIsBest);
      secondIndex = jResults[3 * cfg.tm + m];
    }
    // (key, index) pairs order by key, then by the lower index.
    auto pairLess = [&](Value keyA, Value idxA, Value keyB, Value idxB) {
      Value keyLess = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ult, keyA, keyB);
      Value keyEq = arith::CmpIOp::create(builder, loc,
                                          arith::CmpIPredicate::eq, keyA, keyB);
      Value idxLess = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::slt, idxA, idxB);
      return arith::OrIOp::create(
                 builder, loc, keyLess,
                 arith::AndIOp::create(builder, loc, keyEq, idxLess))
          .getResult();
    };
    auto shuffle = [&](Value v, int64_t offset) {
      return gpu::ShuffleOp::create(builder, loc, v, offset, 32,
                                    gpu::ShuffleMode::XOR)
          .getShuffleResult();
    };
    for (int64_t offset = tx / 2; recheck && offset >= 1; offset /= 2) {
      // The best two of two lanes' best twos: the better best, and the
      // better of the other best and the better best's second.
      Value otherKey = shuffle(key, offset);
      Value otherIdx = shuffle(index, offset);
      Value otherSecondKey = shuffle(secondKey, offset);
      Value otherSecondIdx = shuffle(secondIndex, offset);
      Value takeOther = pairLess(otherKey, otherIdx, key, index);
      auto pick = [&](Value cond, Value a, Value b) {
        return arith::SelectOp::create(builder, loc, cond, a, b).getResult();
      };
      Value loserKey = pick(takeOther, key, otherKey);
      Value loserIdx = pick(takeOther, index, otherIdx);
      Value keptKey = pick(takeOther, otherSecondKey, secondKey);
      Value keptIdx = pick(takeOther, otherSecondIdx, secondIndex);
      Value loserWins = pairLess(loserKey, loserIdx, keptKey, keptIdx);
      secondKey = pick(loserWins, loserKey, keptKey);
      secondIndex = pick(loserWins, loserIdx, keptIdx);
      key = pick(takeOther, otherKey, key);
      index = pick(takeOther, otherIdx, index);
    }
    for (int64_t offset = tx / 2; !recheck && offset >= 1; offset /= 2) {
      Value otherKey = shuffle(key, offset);
      Value otherIdx = shuffle(index, offset);
      Value otherVal = shuffle(value, offset);
      Value takeOther = pairLess(otherKey, otherIdx, key, index);
      key = arith::SelectOp::create(builder, loc, takeOther, otherKey, key);
      index = arith::SelectOp::create(builder, loc, takeOther, otherIdx, index);
      value = arith::SelectOp::create(builder, loc, takeOther, otherVal, value);
    }
    // The row index again, computed here: keeping rows[m] live across the
    // candidate loop costs registers that the accumulators need.
    Value row = arith::AddIOp::create(builder, loc, rowBase, rowLocal(m));
    Value leader = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                         tcol, idx(0));
    Value inRows =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, row, n);
    auto ifOp = scf::IfOp::create(
        builder, loc, arith::AndIOp::create(builder, loc, leader, inRows),
        false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.thenBlock());
    Type i64 = builder.getI64Type();
    auto pack = [&](Value k, Value i) {
      return arith::OrIOp::create(
                 builder, loc,
                 arith::ShLIOp::create(
                     builder, loc, arith::ExtUIOp::create(builder, loc, i64, k),
                     arith::ConstantOp::create(builder, loc,
                                               builder.getI64IntegerAttr(32))),
                 arith::ExtUIOp::create(builder, loc, i64, i))
          .getResult();
    };
    if (recheck) {
      // The labels keep the least packed pair. Whatever a minimum there
      // displaces or rejects goes to the scratch's minimum, with this
      // block's second: once every part is in, the scratch holds the
      // second best of all.
      Value packed = pack(key, index);
      Value old = memref::AtomicRMWOp::create(
          builder, loc, arith::AtomicRMWKind::minu, packed,
          ctx.outputs[*plan.indexOutput], ValueRange{row});
      Value loser = arith::MaxUIOp::create(builder, loc, old, packed);
      memref::AtomicRMWOp::create(builder, loc, arith::AtomicRMWKind::minu,
                                  loser, ctx.rowScratch, ValueRange{row});
      memref::AtomicRMWOp::create(builder, loc, arith::AtomicRMWKind::minu,
                                  pack(secondKey, secondIndex), ctx.rowScratch,
                                  ValueRange{row});
    } else if (cfg.clusterSplit) {
      // The pair goes to the first block's slot for this part and row,
      // through distributed shared memory (mapa).
      Value slot = arith::IndexCastOp::create(
          builder, loc, i64, exchangeSlot(exchangeRank, rowLocal(m)));
      Value local = sharedPtr(arith::AddIOp::create(
          builder, loc, i64c(exchangeOffset),
          arith::MulIOp::create(builder, loc, slot, i64c(8))));
      Value remote =
          NVVM::MapaOp::create(builder, loc, clusterPtrType, local, i32(0));
      LLVM::StoreOp::create(builder, loc, pack(key, index), remote,
                            /*alignment=*/8);
    } else if (cfg.split > 1) {
      // (key << 32 | index): the minimum keeps the best value, then the
      // lowest index. The labels buffer (or the value buffer, as 32-bit
      // keys) holds the packed pairs until the merge entry unpacks them.
      if (plan.indexOutput)
        memref::AtomicRMWOp::create(
            builder, loc, arith::AtomicRMWKind::minu, pack(key, index),
            ctx.outputs[*plan.indexOutput], ValueRange{row});
    } else {
      if (plan.indexOutput)
        memref::StoreOp::create(
            builder, loc, arith::ExtSIOp::create(builder, loc, i64, index),
            ctx.outputs[*plan.indexOutput], ValueRange{row});
      if (plan.valueOutput)
        memref::StoreOp::create(builder, loc, value,
                                ctx.outputs[*plan.valueOutput],
                                ValueRange{row});
    }
  }
  if (cfg.clusterSplit) {
    // Every thread of the cluster arrives once its stores are out
    // (release) and waits for the others (acquire); the producers keep the
    // same count in their walk (specializeWarps). Then the first block
    // keeps each row's least pair: the atomics' result, as the parts'
    // index ranges are disjoint.
    emitter.setInsertionPoint(tileFrame);
    NVVM::ClusterArriveOp::create(builder, loc, UnitAttr());
    NVVM::ClusterWaitOp::create(builder, loc, UnitAttr());
    auto firstBlock = scf::IfOp::create(
        builder, loc,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                              exchangeRank, idx(0)),
        false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(firstBlock.thenBlock());
    if (certify) {
      // Every consumer thread of the first block takes this branch, so the
      // decision's barriers see them all.
      emitCertifiedLabels(
          rowMem, colMem, rowBase, ctx.outputs[*plan.indexOutput], certBuffers,
          dStatic, [&](Value localRow) {
            CertifiedTop top;
            for (int64_t part = 0; part < cfg.split; ++part) {
              CertifiedTop partTop = loadTop(exchangeSmem, [&](int64_t w) {
                return SmallVector<Value>{
                    arith::AddIOp::create(builder, loc, idx(w * exchangeElems),
                                          exchangeSlot(idx(part), localRow))};
              });
              top = part ? certifiedMerge(top, partTop) : partTop;
            }
            return top;
          });
    }
    if (!certify) {
      auto rowLoop = scf::ForOp::create(builder, loc, tid, idx(cfg.bm),
                                        idx(cfg.threads()));
      builder.setInsertionPointToStart(rowLoop.getBody());
      Value localRow = rowLoop.getInductionVar();
      Value row = arith::AddIOp::create(builder, loc, rowBase, localRow);
      auto inRows = scf::IfOp::create(
          builder, loc,
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, row,
                                n),
          false);
      builder.setInsertionPointToStart(inRows.thenBlock());
      Value best;
      for (int64_t part = 0; part < cfg.split; ++part) {
        Value pair = memref::LoadOp::create(
            builder, loc, exchangeSmem,
            ValueRange{exchangeSlot(idx(part), localRow)});
        best =
            best ? arith::MinUIOp::create(builder, loc, best, pair).getResult()
                 : pair;
      }
      auto [label, value] = unpackPair(best, plan.valueOutput.has_value());
      memref::StoreOp::create(builder, loc, label,
                              ctx.outputs[*plan.indexOutput], ValueRange{row});
      if (plan.valueOutput)
        memref::StoreOp::create(builder, loc, value,
                                ctx.outputs[*plan.valueOutput],
                                ValueRange{row});
    }
  }
  if (rowTileLoop)
    emitter.closeLoop(rowTileLoop, ValueRange{});
  if (cfg.splitProducer())
    specializeWarps(tmaSetupEnd, ret, loadStageSplit,
                    prefetchesChunks()
                        ? llvm::function_ref<SmallVector<Value>(Value, Value)>(
                              prefetchSliceChunks)
                        : nullptr);
  else if (cfg.tma)
    specializeWarps(tmaSetupEnd, ret, loadStageTma);
  // A block of a cluster stays until every block is done: the others
  // multicast into its shared memory and arrive on its barriers until
  // their last slice.
  if (cfg.tma && cfg.cluster > 1) {
    builder.setInsertionPoint(ret);
    NVVM::ClusterArriveOp::create(builder, loc, UnitAttr());
    NVVM::ClusterWaitOp::create(builder, loc, UnitAttr());
  }
  return success();
}

/// Registers of a producer thread: a loop, the barrier and tensor-map
/// addresses. With four consumer warpgroups (256x128 tiles, about 108
/// registers each without a producer) it keeps setmaxnreg's smallest
/// count, 24, so that they get 112.
int32_t TiledBuilder::producerRegisters() const {
  // The split producer holds its chunks of a slice across the wait for
  // its stage, and splits them: 16 elements a thread in two warpgroups
  // (128x128), 32 in one (192x128). With one, 80 registers spilled 16
  // bytes; 104 leave the consumers 136, at which ptxas serializes their
  // wgmma (C7512), and sample-heavy ran 171.5 ms against 175.0-176.6 at
  // 80: the producer paces the kernel (docs/performance-notes.md,
  // version 17).
  if (cfg.splitProducer())
    return cfg.tmaProducerThreads() > 128 ? 80 : 104;
  return cfg.threads() > 256 ? 24 : 40;
}

void TiledBuilder::splitRegisters(int64_t minBlocks) {
  if (!consumersGrow)
    return;
  // ptxas gives every thread of a kernel that moves registers the most
  // that `minBlocks` resident blocks allow, and setmaxnreg moves them only
  // within the block's own allocation: consumers asking for more than the
  // producer gives up wait forever (a 2-block kernel did, on the H200).
  int64_t launchRegisters = std::min<int64_t>(
      248, kRegistersPerSM / (cfg.launchThreads() * minBlocks) / 8 * 8);
  int64_t share = (launchRegisters * cfg.launchThreads() -
                   cfg.producerThreads() * producerRegisters()) /
                  cfg.threads() / 8 * 8;
  share = std::min<int64_t>(share, 248);
  if (share <= launchRegisters) {
    // Nothing to gain (launch bounds the user asked for leave the producer
    // no more than it keeps): every warpgroup keeps the launch's count.
    consumersGrow->erase();
    producerShrinks->erase();
    consumersGrow = nullptr;
    producerShrinks = nullptr;
    return;
  }
  consumersGrow.setRegCount(static_cast<int32_t>(share));
}

/// Warp specialization of the TMA schedule. With thread 0 of the first
/// consumer warp issuing the loads between its own MMAs and norm duty, a
/// stage was refilled only when that warp came round to it, two slices
/// ahead at most; every tile shape measured the same (36.7-39.0 ms on
/// sample-heavy f16 at 128x256, 256x128 and 192x256, 2 to 4 warps per
/// scheduler; docs/performance-notes.md, version 13), so the loads, not
/// the MMAs or the norm duty, paced the block. One more warpgroup, the
/// producer (one thread of it), runs ahead of the consumers by up to `stages`
/// slices, waiting only for each stage's empty barrier. Consumer-only barriers
/// become named barrier 1 over the consumer threads, since the producer never
/// reaches them.
void TiledBuilder::specializeWarps(
    Operation *setupEnd, Operation *ret,
    llvm::function_ref<void(Value, Value, Value, Value)> loadStage,
    llvm::function_ref<SmallVector<Value>(Value, Value)> loadChunks) {
  Block *body = ret->getBlock();
  builder.setInsertionPointAfter(setupEnd);
  Value isConsumer = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ult, tid, idx(cfg.threads()));
  auto roles = scf::IfOp::create(builder, loc, isConsumer,
                                 /*withElseRegion=*/true);
  Block *consumers = roles.thenBlock();
  consumers->getOperations().splice(
      consumers->getTerminator()->getIterator(), body->getOperations(),
      std::next(roles->getIterator()), ret->getIterator());
  // Registers: the producer needs few, so it hands its share to the
  // consumers (setmaxnreg moves them per warpgroup). The launch gives every
  // thread an equal share, which alone would cap the consumers below the
  // 211 that the 128x256 tile uses.
  builder.setInsertionPointToStart(consumers);
  consumersGrow = NVVM::SetMaxRegisterOp::create(
      builder, loc, 248, NVVM::SetMaxRegisterAction::increase);
  builder.setInsertionPointToStart(roles.elseBlock());
  producerShrinks = NVVM::SetMaxRegisterOp::create(
      builder, loc, producerRegisters(), NVVM::SetMaxRegisterAction::decrease);
  SmallVector<gpu::BarrierOp> barriers;
  consumers->walk([&](gpu::BarrierOp barrier) { barriers.push_back(barrier); });
  for (gpu::BarrierOp barrier : barriers) {
    builder.setInsertionPoint(barrier);
    NVVM::BarrierOp::create(builder, loc, Type(), i32(1), i32(cfg.threads()),
                            NVVM::BarrierReductionAttr(), Value());
    barrier.erase();
  }

  // The producer: its first lane (the split producer: all its threads)
  // walks the block's iterations, work item by work item, candidate tile
  // by tile and slice by slice.
  // clusterSplit: every producer thread walks the work units too, to
  // arrive on the cluster barrier of each unit as the consumers do (the
  // barrier counts every thread of the cluster); only the first issues
  // TMA loads.
  builder.setInsertionPoint(roles.elseBlock()->getTerminator());
  auto lead = [&]() {
    if (cfg.splitProducer())
      return;
    Value leader = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                         tid, idx(cfg.threads()));
    auto leads = scf::IfOp::create(builder, loc, leader, false);
    builder.setInsertionPoint(leads.thenBlock()->getTerminator());
  };
  if (!cfg.clusterSplit)
    lead();
  Value bx = gpu::BlockIdOp::create(builder, loc, gpu::Dimension::x);
  Value slices = arith::CeilDivUIOp::create(builder, loc, d, idx(cfg.bk));
  // Persistent blocks: the same work units as the consumers', in order.
  Value rowTile = bx, unitIterationBase = idx(0), unitBegin = partBegin,
        unitTiles = partTiles, firstRowTile, tailUnit, firstUnit;
  if (cfg.persistent) {
    WorkUnits units =
        planWorkUnits(gpu::GridDimOp::create(builder, loc, gpu::Dimension::x));
    auto rowLoop =
        scf::ForOp::create(builder, loc, bx, units.total, units.gridX);
    builder.setInsertionPoint(rowLoop.getBody()->getTerminator());
    WorkUnit unit = decodeWorkUnit(rowLoop.getInductionVar(), bx, units);
    rowTile = unit.rowTile;
    unitIterationBase = unit.iterationBase;
    unitBegin = unit.begin;
    unitTiles = unit.tiles;
    tailUnit = unit.isTail;
    firstUnit = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                      rowLoop.getInductionVar(), bx);
    if (producerDuty)
      firstRowTile = firstUnit;
  }
  Value rowBase = arith::MulIOp::create(builder, loc, rowTile, idx(cfg.bm));
  if (cfg.clusterSplit) {
    // The unit's cluster barrier, after its loads are issued: the
    // consumers arrive once their pairs are stored. The producers then
    // wait for them before the next unit's loads, which the stages would
    // hold back until then anyway. With the setup's relaxed arrival, the
    // first unit completes that phase first, after its loads: the
    // producers never touch another block's shared memory.
    Operation *unitEnd = nullptr;
    if (relaxedClusterSetup()) {
      auto first = scf::IfOp::create(builder, loc, firstUnit, false);
      unitEnd = first;
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(first.thenBlock());
      NVVM::ClusterWaitOp::create(builder, loc, UnitAttr());
    }
    auto arrive = NVVM::ClusterArriveOp::create(builder, loc, UnitAttr());
    NVVM::ClusterWaitOp::create(builder, loc, UnitAttr());
    builder.setInsertionPoint(unitEnd ? unitEnd : arrive.getOperation());
    lead();
  }
  auto tileLoop = scf::ForOp::create(builder, loc, idx(0), unitTiles, idx(1));
  builder.setInsertionPoint(tileLoop.getBody()->getTerminator());
  Value tile = tileLoop.getInductionVar();
  Value j0 = arith::AddIOp::create(
      builder, loc, unitBegin,
      arith::MulIOp::create(builder, loc, tile, idx(cfg.bn)));
  Value first =
      arith::AddIOp::create(builder, loc, unitIterationBase,
                            arith::MulIOp::create(builder, loc, tile, slices));
  // producerDuty: the slice loop carries the running sums, and the tile's
  // norms are summed where the consumers would sum them (their
  // needsColumnNorms): the block's first row tile, a tail unit, or a tile
  // past the cached ones.
  SmallVector<Value> carriedInits;
  if (producerDuty) {
    producerNeedsNorms = tileSumsNorms(firstRowTile, tailUnit, tile);
    carriedInits.assign(2 * producerDutySums() * producerChunks(), f32(0));
  }
  size_t dutySlots = carriedInits.size();
  if (loadChunks) {
    SmallVector<Value> firstChunks = loadChunks(idx(0), j0);
    carriedInits.append(firstChunks.begin(), firstChunks.end());
  }
  auto sliceLoop =
      scf::ForOp::create(builder, loc, idx(0), slices, idx(1), carriedInits);
  Value slice = sliceLoop.getInductionVar();
  SmallVector<Value> nextChunks;
  if (!carriedInits.empty()) {
    builder.setInsertionPointToEnd(sliceLoop.getBody());
    auto carried = sliceLoop.getRegionIterArgs();
    producerSums.assign(carried.begin(), carried.begin() + dutySlots);
    if (loadChunks) {
      prefetchedChunks.assign(carried.begin() + dutySlots, carried.end());
      // The next slice's chunks (the last slice loads its own again, which
      // the L2 holds), so that their latency overlaps this slice's wait,
      // split, stores and duty instead of preceding them.
      Value next = arith::MinUIOp::create(
          builder, loc, arith::AddIOp::create(builder, loc, slice, idx(1)),
          arith::SubIOp::create(builder, loc, slices, idx(1)));
      nextChunks = loadChunks(next, j0);
    }
  } else {
    builder.setInsertionPoint(sliceLoop.getBody()->getTerminator());
  }
  loadStage(slice, arith::AddIOp::create(builder, loc, first, slice), j0,
            rowBase);
  prefetchedChunks.clear();
  if (!carriedInits.empty()) {
    SmallVector<Value> yielded(producerSums);
    yielded.append(nextChunks.begin(), nextChunks.end());
    scf::YieldOp::create(builder, loc, yielded);
  }
  if (producerDuty) {
    builder.setInsertionPointAfter(sliceLoop);
    publishProducerDuty(sliceLoop.getResults().take_front(dutySlots), tile);
    producerSums.clear();
    producerNeedsNorms = Value();
  }
  builder.setInsertionPoint(ret);
}

/// The staged recheck's step: 32 features of 32 rows and of their two
/// candidates, each row padded to 36 floats so that a lane's 16-byte reads
/// of its own row fall in distinct banks across each quarter warp.
constexpr int64_t kStagedStep = 32;
constexpr int64_t kStagedRowFloats = kStagedStep + 4;
constexpr int64_t kStagedBufferBytes = 3 * 32 * kStagedRowFloats * 4;
/// At most seven steps ahead. With all of the probe's 16 steps issued
/// before the first was read, the warps spent 37% of the merge's stall
/// samples issuing copies (throttled by the queue of global memory
/// instructions) before any chain ran (docs/performance-notes.md, version
/// 26); fewer ahead leave the rest to overlap with the chains.
constexpr int64_t kMaxStagedBuffers = 8;

int64_t TiledBuilder::recheckStagedBuffers() const {
  auto rowType =
      cast<MemRefType>(ctx.inputs[plan.rowLeaf.getArgNumber()].getType());
  int64_t steps = rowType.getDimSize(1) / kStagedStep;
  return std::clamp<int64_t>(steps, 3, kMaxStagedBuffers);
}

/// Warps of a staged merge block. On the probe one warp a SM took 20.4 us
/// (Nsight Compute, 1.35 GHz) with its copies two steps ahead and 20.8 us
/// with all of them in flight: its five chains, 96 f32-to-f64 conversions,
/// 96 f64 and 64 f32 FMAs a step, ran on one of the SM's four schedulers.
/// Four warps took 14.9 us (docs/performance-notes.md, version 26).
constexpr int64_t kMergeWarps = 4;

int64_t TiledBuilder::mergeWarps() const {
  return recheckStaged() ? kMergeWarps : 1;
}

bool TiledBuilder::recheckStaged() const {
  if (!recheck || mergeThreads != 32)
    return false;
  auto rowType =
      cast<MemRefType>(ctx.inputs[plan.rowLeaf.getArgNumber()].getType());
  return !rowType.isDynamicDim(1) && rowType.getDimSize(1) % 32 == 0;
}

std::pair<Value, Value> TiledBuilder::unpackPair(Value packed, bool withValue) {
  Value low = arith::AndIOp::create(
      builder, loc, packed,
      arith::ConstantOp::create(builder, loc,
                                builder.getI64IntegerAttr(0xFFFFFFFFll)));
  if (!withValue)
    return {low, Value()};
  Value key = arith::TruncIOp::create(
      builder, loc, builder.getI32Type(),
      arith::ShRUIOp::create(builder, loc, packed,
                             arith::ConstantOp::create(
                                 builder, loc, builder.getI64IntegerAttr(32))));
  Value nanKey = i32(nanIsBest ? 0 : -1);
  Value isNan = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                      key, nanKey);
  Value decoded = keyToValue(builder, loc, key, isMin);
  Value nan = f32(std::numeric_limits<double>::quiet_NaN());
  return {low, arith::SelectOp::create(builder, loc, isNan, nan, decoded)};
}

Value TiledBuilder::listedRows(Value list) {
  Value reserved = arith::IndexCastUIOp::create(
      builder, loc, builder.getIndexType(),
      memref::LoadOp::create(builder, loc, list, ValueRange{idx(0)}));
  return arith::MinUIOp::create(builder, loc, reserved, idx(kDeferredListRows));
}

LogicalResult TiledBuilder::buildDeferredPass(StringRef name) {
  IRMapping mapping;
  gpu::GPUFuncOp pass = createSiblingEntry(name, kDeferredPassThreads, mapping);
  // Two blocks a SM: one stages its next slice while the other computes.
  pass->setAttr("nvvm.minctasm", builder.getI32IntegerAttr(2));
  Type i64 = builder.getI64Type();
  Type index = builder.getIndexType();
  Type f32Type = builder.getF32Type();
  Value rowMem = mapping.lookup(ctx.inputs[plan.rowLeaf.getArgNumber()]);
  Value colMem = mapping.lookup(ctx.inputs[plan.colLeaf.getArgNumber()]);
  Value labels = mapping.lookup(ctx.outputs[*plan.indexOutput]);
  Value list = mapping.lookup(deferredList);
  // certifiedDefers: a static multiple of 4.
  int64_t dStatic = cast<MemRefType>(rowMem.getType()).getDimSize(1);
  auto toIndex = [&](Value v) -> Value {
    return arith::IndexCastUIOp::create(builder, loc, index, v);
  };
  // (a + b - 1) / b, where CeilDivUIOp's expansion guards a = 0: these
  // counts stay far below overflow, and the benched PTX kept this form.
  auto cdiv = [&](Value a, int64_t b) -> Value {
    return arith::DivUIOp::create(
        builder, loc, arith::AddIOp::create(builder, loc, a, idx(b - 1)),
        idx(b));
  };
  auto lessThan = [&](Value a, Value b) -> Value {
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, a, b);
  };
  auto barrier = [&] { gpu::BarrierOp::create(builder, loc); };

  // Shared memory: the candidates' slice [thread][feature], padded; the
  // rows' slice [row][feature], which every lane reads at one address; the
  // item's rows and their packed minima.
  auto workgroup = gpu::AddressSpaceAttr::get(builder.getContext(),
                                              gpu::AddressSpace::Workgroup);
  auto smem = [&](ArrayRef<int64_t> shape, Type type) {
    return MemRefType::get(shape, type, MemRefLayoutAttrInterface(), workgroup);
  };
  // certifiedGram: each thread also sums XX of row tid % rows, whose
  // loads a warp spreads over the banks with the candidates' padding; the
  // item's XX then wait in shared memory for every thread.
  int64_t rowsStride = certifiedGram ? kDeferredPassStride : kDeferredPassSlice;
  MemRefType colsType =
      smem({kDeferredPassThreads, kDeferredPassStride}, f32Type);
  MemRefType rowsType = smem({kDeferredPassRows, rowsStride}, f32Type);
  MemRefType slotsType = smem({kDeferredPassRows}, i64);
  MemRefType normsType = smem({kDeferredPassRows}, f32Type);
  int64_t colsBytes = kDeferredPassThreads * kDeferredPassStride * 4;
  int64_t rowsBytes = kDeferredPassRows * rowsStride * 4;
  int64_t slotsBytes = kDeferredPassRows * 8;
  int64_t normsBytes = certifiedGram ? kDeferredPassRows * 4 : 0;
  mergeSharedBytes = colsBytes + rowsBytes + 2 * slotsBytes + normsBytes;
  Value base = gpu::DynamicSharedMemoryOp::create(
      builder, loc,
      MemRefType::get({ShapedType::kDynamic}, builder.getI8Type(),
                      MemRefLayoutAttrInterface(), workgroup));
  auto view = [&](MemRefType type, int64_t offset) -> Value {
    return memref::ViewOp::create(builder, loc, type, base, idx(offset),
                                  ValueRange{});
  };
  Value colsSmem = view(colsType, 0);
  Value rowsSmem = view(rowsType, colsBytes);
  Value rowIds = view(slotsType, colsBytes + rowsBytes);
  Value minima = view(slotsType, colsBytes + rowsBytes + slotsBytes);
  Value rowNorms;
  if (certifiedGram)
    rowNorms = view(normsType, colsBytes + rowsBytes + 2 * slotsBytes);

  Value tid = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x);
  Value bx = gpu::BlockIdOp::create(builder, loc, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(builder, loc, gpu::Dimension::x);
  Value candidates = memref::DimOp::create(builder, loc, colMem, 0);
  Value features = idx(dStatic);
  Value count = listedRows(list);
  Value groups = cdiv(count, kDeferredPassRows);
  Value items = arith::MulIOp::create(builder, loc, groups,
                                      cdiv(candidates, kDeferredPassThreads));
  auto itemLoop = scf::ForOp::create(builder, loc, bx, items, gridDim);
  builder.setInsertionPointToStart(itemLoop.getBody());
  Value item = itemLoop.getInductionVar();
  // Consecutive items share a candidate part: the blocks that run at once
  // read the same candidates, from the L2.
  Value part = arith::DivUIOp::create(builder, loc, item, groups);
  Value rowFirst = arith::MulIOp::create(
      builder, loc, arith::RemUIOp::create(builder, loc, item, groups),
      idx(kDeferredPassRows));
  Value colFirst =
      arith::MulIOp::create(builder, loc, part, idx(kDeferredPassThreads));
  Value col = arith::AddIOp::create(builder, loc, colFirst, tid);
  Value lastRow = arith::SubIOp::create(builder, loc, count, idx(1));
  {
    // The item's rows (past the list, its last again) and their minima.
    auto first = scf::IfOp::create(
        builder, loc, lessThan(tid, idx(kDeferredPassRows)), false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(first.thenBlock());
    Value slot = arith::MinUIOp::create(
        builder, loc, arith::AddIOp::create(builder, loc, rowFirst, tid),
        lastRow);
    Value row = memref::LoadOp::create(
        builder, loc, list,
        ValueRange{arith::AddIOp::create(builder, loc, slot, idx(1))});
    memref::StoreOp::create(builder, loc, row, rowIds, ValueRange{tid});
    memref::StoreOp::create(
        builder, loc,
        arith::ConstantOp::create(builder, loc,
                                  builder.getI64IntegerAttr(kCertifiedUnset)),
        minima, ValueRange{tid});
  }
  barrier();

  auto vectorType = VectorType::get({4}, f32Type);
  Value zeros = arith::ConstantOp::create(
      builder, loc, cast<TypedAttr>(builder.getZeroAttr(vectorType)));
  // A staged chunk: 16 bytes of row or candidate `at` from feature `l`,
  // zeros where `inside` is false (the padding adds exact zeros: t = 0
  // leaves a chain as it was).
  auto loadChunk = [&](Value mem, Value at, Value l, Value inside) -> Value {
    Value clamped = arith::MinUIOp::create(builder, loc, l, idx(dStatic - 4));
    Value v = vector::LoadOp::create(
        builder, loc, vectorType, mem, ValueRange{at, clamped},
        /*nontemporal=*/false, llvm::MaybeAlign(16));
    return arith::SelectOp::create(builder, loc, inside, v, zeros);
  };
  auto storeChunk = [&](Value v, Value mem, Value at, Value l) {
    vector::StoreOp::create(builder, loc, v, mem, ValueRange{at, l});
  };
  constexpr int64_t kChunksASlice = kDeferredPassSlice / 4;
  static_assert(kDeferredPassRows * kChunksASlice == kDeferredPassThreads,
                "a thread stages one chunk of the rows' slice");
  Value chunk = arith::RemUIOp::create(builder, loc, tid, idx(kChunksASlice));
  Value chunkFeature = arith::MulIOp::create(builder, loc, chunk, idx(4));
  Value chunkOwner =
      arith::DivUIOp::create(builder, loc, tid, idx(kChunksASlice));
  Value myRow = toIndex(
      memref::LoadOp::create(builder, loc, rowIds, ValueRange{chunkOwner}));
  Value lastCandidate = arith::SubIOp::create(builder, loc, candidates, idx(1));

  // certifiedGram: XC of each row, the candidate's CC, then XX of row
  // tid % rows (valueOfRow below). Summing every row's XX in every
  // thread, as replayStart's chains do, doubled the pass's instructions
  // and spilled (65 chains and the row's loads in 128 registers).
  SmallVector<Value> chains =
      certifiedGram ? SmallVector<Value>(kDeferredPassRows + 2, f32(0))
                    : replayStart(kDeferredPassRows);
  Value ownRow =
      arith::RemUIOp::create(builder, loc, tid, idx(kDeferredPassRows));
  auto sliceLoop = scf::ForOp::create(
      builder, loc, idx(0), cdiv(features, kDeferredPassSlice), idx(1), chains);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(sliceLoop.getBody());
    Value l = arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(builder, loc, sliceLoop.getInductionVar(),
                              idx(kDeferredPassSlice)),
        chunkFeature);
    Value featureInside = lessThan(l, features);
    // Eight threads a row or candidate: 128 contiguous bytes of it.
    storeChunk(loadChunk(rowMem, myRow, l, featureInside), rowsSmem, chunkOwner,
               chunkFeature);
    for (int64_t i = 0; i < kDeferredPassThreads / kDeferredPassRows; ++i) {
      Value local = arith::AddIOp::create(builder, loc, chunkOwner,
                                          idx(i * kDeferredPassRows));
      Value j = arith::AddIOp::create(builder, loc, colFirst, local);
      Value inside = arith::AndIOp::create(builder, loc, featureInside,
                                           lessThan(j, candidates));
      storeChunk(
          loadChunk(colMem,
                    arith::MinUIOp::create(builder, loc, j, lastCandidate), l,
                    inside),
          colsSmem, local, chunkFeature);
    }
    barrier();
    // Each chain in the replayed value's order (replayRowStep): feature by
    // feature.
    auto chunkLoop =
        scf::ForOp::create(builder, loc, idx(0), idx(kChunksASlice), idx(1),
                           sliceLoop.getRegionIterArgs());
    {
      OpBuilder::InsertionGuard inner(builder);
      builder.setInsertionPointToStart(chunkLoop.getBody());
      Value at = arith::MulIOp::create(builder, loc,
                                       chunkLoop.getInductionVar(), idx(4));
      Value c4 = vector::LoadOp::create(builder, loc, vectorType, colsSmem,
                                        ValueRange{tid, at});
      SmallVector<Value> next(chunkLoop.getRegionIterArgs());
      auto element = [&](Value v4, int64_t e) -> Value {
        return vector::ExtractOp::create(builder, loc, v4, e);
      };
      for (int64_t r = 0; r < kDeferredPassRows; ++r) {
        Value x4 = vector::LoadOp::create(builder, loc, vectorType, rowsSmem,
                                          ValueRange{idx(r), at});
        for (int64_t e = 0; e < 4; ++e) {
          if (certifiedGram)
            addRoundedProduct(next[r], element(x4, e), element(c4, e));
          else
            replayRowStep(next, r, element(x4, e), element(c4, e));
        }
      }
      if (certifiedGram) {
        Value own4 = vector::LoadOp::create(builder, loc, vectorType, rowsSmem,
                                            ValueRange{ownRow, at});
        for (int64_t e = 0; e < 4; ++e) {
          addRoundedProduct(next[kDeferredPassRows], element(c4, e),
                            element(c4, e));
          addRoundedProduct(next[kDeferredPassRows + 1], element(own4, e),
                            element(own4, e));
        }
      }
      scf::YieldOp::create(builder, loc, next);
    }
    barrier();
    scf::YieldOp::create(builder, loc, chunkLoop.getResults());
  }
  // The item's minima: the block's in shared memory, then the labels'.
  SmallVector<Value> sliceResults(sliceLoop.getResults());
  // certifiedGram: (XX + CC) - 2 XC, as replayValue, with row r's XX from
  // the thread that summed it.
  auto valueOfRow = [&](int64_t r) -> Value {
    if (!certifiedGram)
      return replayValue(sliceResults, r);
    Value xx =
        memref::LoadOp::create(builder, loc, rowNorms, ValueRange{idx(r)});
    return gramValue(xx, sliceResults[kDeferredPassRows], sliceResults[r]);
  };
  if (certifiedGram) {
    auto first = scf::IfOp::create(
        builder, loc, lessThan(tid, idx(kDeferredPassRows)), false);
    {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(first.thenBlock());
      memref::StoreOp::create(builder, loc, sliceResults[kDeferredPassRows + 1],
                              rowNorms, ValueRange{tid});
    }
    barrier();
  }
  Value colInside = lessThan(col, candidates);
  for (int64_t r = 0; r < kDeferredPassRows; ++r) {
    Value listed =
        lessThan(arith::AddIOp::create(builder, loc, rowFirst, idx(r)), count);
    auto keep = scf::IfOp::create(
        builder, loc, arith::AndIOp::create(builder, loc, colInside, listed),
        false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(keep.thenBlock());
    memref::AtomicRMWOp::create(builder, loc, arith::AtomicRMWKind::minu,
                                packDirectValue(valueOfRow(r), col), minima,
                                ValueRange{idx(r)});
  }
  barrier();
  {
    Value listed = arith::AndIOp::create(
        builder, loc, lessThan(tid, idx(kDeferredPassRows)),
        lessThan(arith::AddIOp::create(builder, loc, rowFirst, tid), count));
    auto publish = scf::IfOp::create(builder, loc, listed, false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(publish.thenBlock());
    Value row =
        toIndex(memref::LoadOp::create(builder, loc, rowIds, ValueRange{tid}));
    memref::AtomicRMWOp::create(
        builder, loc, arith::AtomicRMWKind::minu,
        memref::LoadOp::create(builder, loc, minima, ValueRange{tid}), labels,
        ValueRange{row});
  }
  // The next item rewrites the rows and minima.
  barrier();
  return success();
}

LogicalResult TiledBuilder::buildDeferredUnpack(StringRef name) {
  IRMapping mapping;
  createSiblingEntry(name, kDeferredPassThreads, mapping);
  Type index = builder.getIndexType();
  Value labels = mapping.lookup(ctx.outputs[*plan.indexOutput]);
  Value list = mapping.lookup(deferredList);
  Value count = listedRows(list);
  Value threads = idx(kDeferredPassThreads);
  Value first = arith::AddIOp::create(
      builder, loc,
      arith::MulIOp::create(
          builder, loc, gpu::BlockIdOp::create(builder, loc, gpu::Dimension::x),
          threads),
      gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x));
  Value stride = arith::MulIOp::create(
      builder, loc, gpu::GridDimOp::create(builder, loc, gpu::Dimension::x),
      threads);
  auto loop = scf::ForOp::create(builder, loc, first, count, stride);
  builder.setInsertionPointToStart(loop.getBody());
  Value row = arith::IndexCastUIOp::create(
      builder, loc, index,
      memref::LoadOp::create(
          builder, loc, list,
          ValueRange{arith::AddIOp::create(builder, loc, loop.getInductionVar(),
                                           idx(1))}));
  Value packed = memref::LoadOp::create(builder, loc, labels, ValueRange{row});
  memref::StoreOp::create(
      builder, loc,
      arith::AndIOp::create(
          builder, loc, packed,
          arith::ConstantOp::create(builder, loc,
                                    builder.getI64IntegerAttr(0xFFFFFFFFll))),
      labels, ValueRange{row});
  return success();
}

gpu::GPUFuncOp TiledBuilder::createSiblingEntry(StringRef name, int64_t threads,
                                                IRMapping &mapping) {
  gpu::GPUFuncOp main = ctx.func;
  OpBuilder moduleBuilder(main);
  moduleBuilder.setInsertionPointAfter(main);
  auto entryFunc =
      gpu::GPUFuncOp::create(moduleBuilder, loc, name, main.getFunctionType());
  entryFunc->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                     moduleBuilder.getUnitAttr());
  entryFunc->setAttr("nvvm.maxntid", moduleBuilder.getDenseI32ArrayAttr(
                                         {int32_t(threads), 1, 1}));
  if (Attribute maps = main->getAttr("fusec.tensor_map_args"))
    entryFunc->setAttr("fusec.tensor_map_args", maps);
  Block &entry = entryFunc.getBody().front();
  builder.setInsertionPointToStart(&entry);
  Operation *ret = gpu::ReturnOp::create(builder, loc);
  builder.setInsertionPoint(ret);
  // Rebuild the memrefs of the main entry's parameters in this function.
  for (auto [a, b] : llvm::zip(main.getArguments(), entryFunc.getArguments()))
    mapping.map(a, b);
  for (Operation &op : main.getBody().front()) {
    if (isa<LLVM::UndefOp, LLVM::InsertValueOp, LLVM::ConstantOp, LLVM::MulOp,
            UnrealizedConversionCastOp>(op))
      builder.clone(op, mapping);
  }
  return entryFunc;
}

/// The second entry of a split launch: unpacks (key << 32 | index) into
/// labels and, when the kernel returns them, values.
LogicalResult TiledBuilder::buildMerge(StringRef name) {
  IRMapping mapping;
  gpu::GPUFuncOp merge =
      createSiblingEntry(name, mergeThreads * mergeWarps(), mapping);
  mergeFunc = merge;
  // Smaller blocks carry the recheck for few rows, a warp or two a SM: one
  // block a SM frees ptxas to keep a step's loads in flight together (it
  // kept about half of them in flight under 256 threads' bound: 54
  // registers, and 238 under this one).
  if (mergeThreads < 256)
    merge->setAttr("nvvm.minctasm", builder.getI32IntegerAttr(1));
  Value labels = mapping.lookup(ctx.outputs[*plan.indexOutput]);
  Value values = plan.valueOutput
                     ? mapping.lookup(ctx.outputs[*plan.valueOutput])
                     : Value();
  Value rowsTotal = memref::DimOp::create(builder, loc, labels, 0);
  // A block's rows: a thread each, or staged, the warps' lanes (every warp
  // of the block on the same 32 rows).
  bool staged = recheckStaged();
  auto rowsPerBlock = [&]() -> Value {
    if (staged)
      return idx(mergeThreads);
    return gpu::BlockDimOp::create(builder, loc, gpu::Dimension::x);
  };
  Value blockId = gpu::BlockIdOp::create(builder, loc, gpu::Dimension::x);
  Value first = arith::AddIOp::create(
      builder, loc,
      arith::MulIOp::create(builder, loc, blockId, rowsPerBlock()),
      gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x));
  Value gridDim = gpu::GridDimOp::create(builder, loc, gpu::Dimension::x);
  Value stride = arith::MulIOp::create(builder, loc, gridDim, rowsPerBlock());
  Value tid, lane;
  if (staged) {
    tid = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x);
    lane = mergeLane(tid);
    // Every warp of the block on the block's 32 rows.
    first = arith::SubIOp::create(
        builder, loc, first, arith::SubIOp::create(builder, loc, tid, lane));
  }
  // The staged recheck needs every lane of the warp in each step: the warp
  // walks whole groups of 32 rows, a lane past the rows works on the last
  // row and stores nothing.
  Value lower =
      staged ? arith::SubIOp::create(builder, loc, first, lane).getResult()
             : first;
  auto loopOp = scf::ForOp::create(builder, loc, lower, rowsTotal, stride);
  builder.setInsertionPointToStart(loopOp.getBody());
  Value i = loopOp.getInductionVar();
  Value inRows;
  if (staged) {
    Value unclamped = arith::AddIOp::create(builder, loc, i, lane);
    inRows = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                   unclamped, rowsTotal);
    i = arith::MinUIOp::create(
        builder, loc, unclamped,
        arith::SubIOp::create(builder, loc, rowsTotal, idx(1)));
  }
  Value packed = memref::LoadOp::create(builder, loc, labels, ValueRange{i});
  Value low, v;
  std::tie(low, v) = unpackPair(packed, static_cast<bool>(values));
  if (recheck) {
    FailureOr<std::pair<Value, Value>> decided =
        emitRecheck(mapping, i, packed, low, v);
    if (failed(decided))
      return failure();
    std::tie(low, v) = *decided;
  }
  // Staged, warp 0 stores what every warp decided alike.
  if (staged)
    inRows = arith::AndIOp::create(
        builder, loc, inRows,
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                              mergeWarp(tid), idx(0)));
  if (inRows) {
    auto store = scf::IfOp::create(builder, loc, inRows);
    builder.setInsertionPointToStart(&store.getThenRegion().front());
  }
  memref::StoreOp::create(builder, loc, low, labels, ValueRange{i});
  if (values)
    memref::StoreOp::create(builder, loc, v, values, ValueRange{i});
  return success();
}

FailureOr<std::pair<Value, Value>>
TiledBuilder::emitRecheck(IRMapping &mapping, Value row, Value packedBest,
                          Value label, Value value) {
  Type i64 = builder.getI64Type();
  Type f32Type = builder.getF32Type();
  Type f64Type = builder.getF64Type();
  Value allOnes =
      arith::ConstantOp::create(builder, loc, builder.getI64IntegerAttr(-1));
  Value scratch = mapping.lookup(ctx.rowScratch);
  Value packedSecond =
      memref::LoadOp::create(builder, loc, scratch, ValueRange{row});
  // Rows whose candidates never met a second (k = 1) keep their label.
  Value hasTwo = arith::AndIOp::create(
      builder, loc,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, packedBest,
                            allOnes),
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne,
                            packedSecond, allOnes));
  Value valueIn = value ? value : f32(0);
  // Staged, every lane runs the steps (their barriers), on candidate 0
  // where its row has no two, and the labels keep what they had there.
  bool staged = recheckStaged();
  Value enter = staged ? arith::ConstantOp::create(builder, loc,
                                                   builder.getBoolAttr(true))
                             .getResult()
                       : hasTwo;
  auto ifOp = scf::IfOp::create(builder, loc, TypeRange{i64, f32Type}, enter,
                                /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&ifOp.getElseRegion().front());
    scf::YieldOp::create(builder, loc, ValueRange{label, valueIn});
  }
  OpBuilder::InsertionGuard guard(builder);
  Block *then = &ifOp.getThenRegion().front();
  builder.setInsertionPointToStart(then);
  auto yield = scf::YieldOp::create(builder, loc, ValueRange{label, valueIn});

  SmallVector<Value> inputs;
  for (Value input : ctx.inputs)
    inputs.push_back(mapping.lookup(input));
  TiledEmitter emitter(builder, ctx.kernel, inputs, then, yield);
  emitter.rowLeaf = plan.rowLeaf;
  emitter.colLeaf = plan.colLeaf;
  KernelEmitter::Frame *root = emitter.getRoot();
  emitter.setInsertionPoint(root);
  Value mask = arith::ConstantOp::create(
      builder, loc, builder.getI64IntegerAttr(0xFFFFFFFFll));
  auto candidateOf = [&](Value packed) {
    return arith::IndexCastOp::create(
               builder, loc, builder.getIndexType(),
               arith::AndIOp::create(builder, loc, packed, mask))
        .getResult();
  };
  std::array<Value, 2> cands = {candidateOf(packedBest),
                                candidateOf(packedSecond)};
  if (staged)
    for (Value &cand : cands)
      cand = arith::SelectOp::create(builder, loc, hasTwo, cand, idx(0));
  Value rowMem = inputs[plan.rowLeaf.getArgNumber()];
  Value colMem = inputs[plan.colLeaf.getArgNumber()];
  Value features = memref::DimOp::create(builder, loc, rowMem, 1);
  for (Value v : {cands[0], cands[1], row, features})
    emitter.define(v, root);
  // The thread reads its row and both candidates in 16-byte loads, four of
  // them in flight a step, where the rows are 16-byte aligned (d a static
  // multiple of 4; of 16 for four), else one element a step. A warp per row,
  // every lane running both chains, issued 32 times the instructions: 17.6
  // ms on sample-heavy (docs/performance-notes.md, version 24).
  auto rowType = cast<MemRefType>(rowMem.getType());
  int64_t dStatic = rowType.isDynamicDim(1) ? 0 : rowType.getDimSize(1);
  int64_t width = dStatic && dStatic % 4 == 0 ? 4 : 1;
  // 16-byte loads of each operand in flight a step: eight in smaller
  // blocks (a warp or two a SM, where nothing else hides the thread's wait
  // on them), where d is a static multiple of 4 x that.
  int64_t unroll = 1;
  for (int64_t u : {mergeThreads < 256 ? int64_t(8) : int64_t(4), int64_t(4)})
    if (unroll == 1 && width == 4 && dStatic % (4 * u) == 0)
      unroll = u;
  // Staged: a step of 32 features, 8 x 16 bytes of each operand a row.
  // B buffers, B - 1 steps ahead: cp.async copies keep them in flight while
  // the lanes run the chains over the oldest (recheckStagedBuffers).
  int64_t stagedBuffers = staged ? recheckStagedBuffers() : 0;
  if (staged && (width != 4 || unroll * 4 != kStagedStep))
    return ctx.kernel.emitOpError(
        "internal: the staged recheck needs d a static multiple of 32");
  // The warp's rows and candidates, for the coalesced loads: lane l loads
  // piece l % 8 of row 4 g + l / 8 in group g.
  Value lane, warp, smem, finals;
  std::array<SmallVector<Value>, 3> groupRows;
  std::array<Value, 3> ownMems = {rowMem, colMem, colMem};
  std::array<Value, 3> ownRows = {row, cands[0], cands[1]};
  std::function<void(Value, Value)> issueStagedStep;
  // The chains' results, one f32 a row each (the two pairwise sums, then
  // the norms), that their warps pass to the others.
  int64_t chainCount = 2 + int64_t(plan.rowReductions.size()) +
                       2 * int64_t(plan.colReductions.size());
  if (staged) {
    Value tid = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x);
    lane = mergeLane(tid);
    warp = mergeWarp(tid);
    // Dynamic shared memory: more than three buffers pass the 48 KiB of
    // static shared memory. The buffers, then the chains' results.
    auto workgroup = gpu::AddressSpaceAttr::get(builder.getContext(),
                                                gpu::AddressSpace::Workgroup);
    auto smemType = MemRefType::get({stagedBuffers, 3, 32, kStagedRowFloats},
                                    f32Type, AffineMap(), workgroup);
    auto finalsType =
        MemRefType::get({chainCount, 32}, f32Type, AffineMap(), workgroup);
    int64_t buffersBytes = stagedBuffers * kStagedBufferBytes;
    mergeSharedBytes = buffersBytes + chainCount * 32 * 4;
    {
      OpBuilder::InsertionGuard entryGuard(builder);
      builder.setInsertionPointToStart(&mergeFunc.getBody().front());
      Value base = gpu::DynamicSharedMemoryOp::create(
          builder, loc,
          MemRefType::get({ShapedType::kDynamic}, builder.getI8Type(),
                          MemRefLayoutAttrInterface(), workgroup));
      smem = memref::ViewOp::create(builder, loc, smemType, base, idx(0),
                                    ValueRange{});
      finals = memref::ViewOp::create(builder, loc, finalsType, base,
                                      idx(buffersBytes), ValueRange{});
    }
    auto shuffleIdx = [&](Value v, Value from) {
      return gpu::ShuffleOp::create(builder, loc, v, from, i32(32),
                                    gpu::ShuffleMode::IDX)
          .getShuffleResult();
    };
    Value quarter = arith::DivUIOp::create(builder, loc, lane, idx(8));
    Value halfBits =
        arith::ConstantOp::create(builder, loc, builder.getI64IntegerAttr(32));
    // The warp's groups: warp + kMergeWarps j. Each warp shuffles and
    // addresses only its own: every warp computing all eight groups'
    // addresses a step was as many stall samples as a norm's chain
    // (docs/performance-notes.md, version 26).
    SmallVector<Value> groupSlots;
    for (int64_t j = 0; j < 32 / 4 / kMergeWarps; ++j) {
      Value slot = arith::AddIOp::create(
          builder, loc, quarter,
          arith::MulIOp::create(
              builder, loc,
              arith::AddIOp::create(builder, loc, warp, idx(kMergeWarps * j)),
              idx(4)));
      groupSlots.push_back(slot);
      Value from =
          arith::IndexCastOp::create(builder, loc, builder.getI32Type(), slot);
      for (int o = 0; o < 3; ++o) {
        // 64-bit indices cross the shuffle as two halves.
        Value wide = arith::IndexCastOp::create(builder, loc, i64, ownRows[o]);
        Value lowHalf =
            arith::TruncIOp::create(builder, loc, builder.getI32Type(), wide);
        Value highHalf = arith::TruncIOp::create(
            builder, loc, builder.getI32Type(),
            arith::ShRUIOp::create(builder, loc, wide, halfBits));
        Value joined = arith::OrIOp::create(
            builder, loc,
            arith::ShLIOp::create(
                builder, loc,
                arith::ExtUIOp::create(builder, loc, i64,
                                       shuffleIdx(highHalf, from)),
                halfBits),
            arith::ExtUIOp::create(builder, loc, i64,
                                   shuffleIdx(lowHalf, from)));
        groupRows[o].push_back(arith::IndexCastOp::create(
            builder, loc, builder.getIndexType(), joined));
      }
    }
    for (Value v : {lane, warp, smem, finals, quarter})
      emitter.define(v, root);
    for (Value v : groupSlots)
      emitter.define(v, root);
    issueStagedStep = [&, groupSlots](Value step, Value features) {
      // Step `step` (its first feature step * 32) into buffer step % B,
      // then a commit, also when the step is past the features, so that
      // the wait counts groups alike in every step.
      Value first = arith::MulIOp::create(builder, loc, step, idx(kStagedStep));
      Value inFeatures = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ult, first, features);
      auto ifOp = scf::IfOp::create(builder, loc, inFeatures, false);
      {
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPointToStart(ifOp.thenBlock());
        Value buffer =
            arith::RemUIOp::create(builder, loc, step, idx(stagedBuffers));
        Value piece = arith::MulIOp::create(
            builder, loc, arith::RemUIOp::create(builder, loc, lane, idx(8)),
            idx(4));
        Value feature = arith::AddIOp::create(builder, loc, first, piece);
        for (auto [j, slot] : llvm::enumerate(groupSlots))
          for (int o = 0; o < 3; ++o)
            nvgpu::DeviceAsyncCopyOp::create(
                builder, loc, smem, ValueRange{buffer, idx(o), slot, piece},
                ownMems[o], ValueRange{groupRows[o][j], feature},
                builder.getIndexAttr(4), Value(), builder.getUnitAttr());
      }
      NVVM::CpAsyncCommitGroupOp::create(builder, loc);
    };
    // Every lane is done with the previous rows' last buffers.
    gpu::BarrierOp::create(builder, loc);
    for (int64_t ahead = 0; ahead + 1 < stagedBuffers; ++ahead)
      issueStagedStep(idx(ahead), features);
    for (auto &rows : groupRows)
      for (Value v : rows)
        emitter.define(v, root);
  }

  // Accumulators: the two pairwise sums (f32), then the row norms and
  // both candidates' norms (f64 for sums, f32 for a minimum or maximum).
  auto isSum = [](Operation *red) { return isa<SumOp>(red); };
  auto initOf = [&](Operation *red) -> Value {
    if (isSum(red))
      return arith::ConstantOp::create(builder, loc,
                                       builder.getF64FloatAttr(0.0));
    double inf = std::numeric_limits<double>::infinity();
    return f32(isa<ReduceMinOp>(red) ? inf : -inf);
  };
  SmallVector<Operation *> norms(plan.rowReductions.begin(),
                                 plan.rowReductions.end());
  for (int c = 0; c < 2; ++c)
    norms.append(plan.colReductions.begin(), plan.colReductions.end());
  SmallVector<Value> inits = {f32(0), f32(0)};
  for (Operation *red : norms)
    inits.push_back(initOf(red));
  for (Value init : inits)
    emitter.define(init, root);
  KernelEmitter::Frame *loop =
      emitter.openLoop(root, emitter.indexConstant(0), features,
                       emitter.indexConstant(width * unroll), inits);
  auto args = cast<scf::ForOp>(loop->loop).getRegionIterArgs();
  SmallVector<Value> acc(args.begin(), args.end());
  emitter.setInsertionPoint(loop);
  auto quad = VectorType::get({4}, f32Type);
  Value stagedBuffer;
  if (staged) {
    // Step s: each thread waits for its copies (6 of 16 bytes, two groups
    // of the three operands; each warp instruction 4 rows x 128 contiguous
    // bytes), and after the
    // barrier, which also frees the buffer of step s - 1, issue step
    // s + B - 1 into it; then each lane reads its own row back, 8 x 16
    // bytes of each operand.
    NVVM::CpAsyncWaitGroupOp::create(builder, loc, stagedBuffers - 2);
    gpu::BarrierOp::create(builder, loc);
    Value step =
        arith::DivUIOp::create(builder, loc, loop->iv, idx(kStagedStep));
    issueStagedStep(
        arith::AddIOp::create(builder, loc, step, idx(stagedBuffers - 1)),
        features);
    stagedBuffer =
        arith::RemUIOp::create(builder, loc, step, idx(stagedBuffers));
  }
  // The step's features of operands `need` (the row, candidate 0,
  // candidate 1), loaded and registered in `frame`: the loads first, then
  // the terms in order. Returns the features' indices.
  auto loadStep = [&](KernelEmitter::Frame *frame,
                      std::array<bool, 3> need) -> SmallVector<Value> {
    emitter.setInsertionPoint(frame);
    SmallVector<Value> fs;
    std::array<SmallVector<Value>, 3> elems;
    for (int64_t u = 0; u < unroll; ++u) {
      Value fu = arith::AddIOp::create(builder, loc, loop->iv, idx(width * u));
      if (width == 1) {
        fs.push_back(fu);
        elems[0].push_back(
            memref::LoadOp::create(builder, loc, rowMem, ValueRange{row, fu}));
        for (int c = 0; c < 2; ++c)
          elems[1 + c].push_back(memref::LoadOp::create(
              builder, loc, colMem, ValueRange{cands[c], fu}));
        continue;
      }
      auto load = [&](int o) -> Value {
        if (!need[o])
          return Value();
        if (staged)
          return vector::LoadOp::create(
                     builder, loc, quad, smem,
                     ValueRange{stagedBuffer, idx(o), lane, idx(4 * u)})
              .getResult();
        return vector::LoadOp::create(
                   builder, loc, quad, ownMems[o], ValueRange{ownRows[o], fu},
                   /*nontemporal=*/false, llvm::MaybeAlign(16))
            .getResult();
      };
      std::array<Value, 3> q = {load(0), load(1), load(2)};
      for (int64_t e = 0; e < 4; ++e) {
        fs.push_back(arith::AddIOp::create(builder, loc, fu, idx(e)));
        for (int o = 0; o < 3; ++o)
          elems[o].push_back(
              q[o]
                  ? vector::ExtractOp::create(builder, loc, q[o], e).getResult()
                  : Value());
      }
    }
    for (auto [e, f] : llvm::enumerate(fs)) {
      emitter.define(f, frame);
      for (int o = 0; o < 3; ++o)
        if (elems[o][e])
          emitter.define(elems[o][e], frame);
      if (elems[0][e])
        emitter.rowRegs[{row, f}] = elems[0][e];
      for (int c = 0; c < 2; ++c)
        if (elems[1 + c][e])
          emitter.colRegs[{cands[c], f}] = elems[1 + c][e];
    }
    return fs;
  };

  // sum + term at a feature, in `frame`: products as one FMA of their
  // factors; the norms in f64 (the f32 factors multiply exactly).
  auto accumulate = [&](KernelEmitter::Frame *frame, Operation *red,
                        ArrayRef<Value> at, Value sum,
                        bool wide) -> FailureOr<Value> {
    Value input = red->getOperand(0);
    Operation *producer = input.getDefiningOp();
    if (isSum(red) && isa_and_nonnull<MulOp, SquareOp>(producer)) {
      FailureOr<std::array<Value, 2>> factors =
          emitProductFactors(emitter, input, at, frame);
      if (failed(factors))
        return failure();
      emitter.setInsertionPoint(frame);
      if (wide)
        for (Value &factor : *factors)
          factor = arith::ExtFOp::create(builder, loc, f64Type, factor);
      return math::FmaOp::create(builder, loc, (*factors)[0], (*factors)[1],
                                 sum)
          .getResult();
    }
    FailureOr<Value> t = emitter.emit(input, at, frame);
    if (failed(t))
      return failure();
    emitter.setInsertionPoint(frame);
    if (!isSum(red))
      return isa<ReduceMinOp>(red)
                 ? arith::MinimumFOp::create(builder, loc, sum, *t).getResult()
                 : arith::MaximumFOp::create(builder, loc, sum, *t).getResult();
    Value term = wide ? arith::ExtFOp::create(builder, loc, f64Type, *t) : *t;
    return arith::AddFOp::create(builder, loc, sum, term).getResult();
  };
  auto normAt = [&](Operation *red, Value named, Value f) {
    auto inputType = cast<RankedTensorType>(red->getOperand(0).getType());
    return inputType.getRank() == 2 ? SmallVector<Value>{named, f}
                                    : SmallVector<Value>{f};
  };
  size_t rowNorms = plan.rowReductions.size();
  auto candidateOfNorm = [&](size_t i) {
    return cands[(i - rowNorms) / plan.colReductions.size()];
  };
  // Chain `a` (0 and 1 the pairwise sums, 2 + i norm i) at feature f onto
  // `sum`, in `frame`.
  auto term = [&](KernelEmitter::Frame *frame, unsigned a, Value f,
                  Value sum) -> FailureOr<Value> {
    if (a < 2) {
      // The pairwise sums as the ieee kernel forms them: one f32 FMA a
      // feature, feature 0 first.
      emitter.bindIteration(plan.loop.getIteration(), cands[a]);
      return accumulate(frame, plan.pairwise, {row, f}, sum, /*wide=*/false);
    }
    size_t i = a - 2;
    Operation *red = norms[i];
    Value named = row;
    if (i >= rowNorms) {
      named = candidateOfNorm(i);
      emitter.bindIteration(plan.loop.getIteration(), named);
    }
    return accumulate(frame, red, normAt(red, named, f), sum, /*wide=*/true);
  };
  // Chains `chains` over the step's features `fs`, in `frame`.
  auto advance = [&](KernelEmitter::Frame *frame, ArrayRef<Value> fs,
                     ArrayRef<unsigned> chains) -> LogicalResult {
    // Staged, a norm's warp sums each step in four interleaved f64 chains
    // and adds their sum to the row's: one f64 FMA after another over all
    // d features left its warp waiting on each (Nsight Compute, stall
    // "wait"; docs/performance-notes.md, version 26). The f64 sum of the
    // exact f32 squares changes by f64 roundings only, far below the f32
    // rounding that follows.
    constexpr unsigned kNormChains = 4;
    auto interleaved = [&](unsigned a) {
      return staged && a >= 2 && isSum(norms[a - 2]) &&
             fs.size() % kNormChains == 0;
    };
    for (unsigned a : chains) {
      if (!interleaved(a))
        continue;
      emitter.setInsertionPoint(frame);
      Value zero =
          arith::ConstantOp::create(builder, loc, builder.getF64FloatAttr(0.0));
      emitter.define(zero, frame);
      SmallVector<Value> partial(kNormChains, zero);
      for (auto [e, f] : llvm::enumerate(fs)) {
        FailureOr<Value> next = term(frame, a, f, partial[e % kNormChains]);
        if (failed(next))
          return failure();
        partial[e % kNormChains] = *next;
      }
      emitter.setInsertionPoint(frame);
      Value stepSum = arith::AddFOp::create(
          builder, loc,
          arith::AddFOp::create(builder, loc, partial[0], partial[1]),
          arith::AddFOp::create(builder, loc, partial[2], partial[3]));
      acc[a] = arith::AddFOp::create(builder, loc, acc[a], stepSum);
    }
    for (Value f : fs) {
      for (unsigned a : chains) {
        if (interleaved(a))
          continue;
        FailureOr<Value> next = term(frame, a, f, acc[a]);
        if (failed(next))
          return failure();
        acc[a] = *next;
      }
    }
    return success();
  };
  // The staged merge's warp that runs chain `a`: warp 0 the pairwise
  // chains, warp 1 + i % (kMergeWarps - 1) norm i.
  auto ownerOf = [](unsigned a) -> int64_t {
    return a < 2 ? 0 : 1 + int64_t(a - 2) % (kMergeWarps - 1);
  };
  // Which of the row and the two candidates chain `a` reads.
  auto operandsOf = [&](unsigned a) -> std::array<bool, 3> {
    if (a < 2)
      return {true, true, true};
    size_t i = a - 2;
    if (i < rowNorms)
      return {true, false, false};
    Value cand = candidateOfNorm(i);
    return {false, cand == cands[0], cand == cands[1]};
  };

  if (!staged) {
    SmallVector<Value> fs = loadStep(loop, {true, true, true});
    SmallVector<unsigned> all;
    for (unsigned a = 0; a < acc.size(); ++a)
      all.push_back(a);
    if (failed(advance(loop, fs, all)))
      return failure();
  } else {
    // Each warp runs its chains (ownerOf), reading only their operands
    // from the step's buffer; the other warps carry the chains through
    // unchanged.
    SmallVector<SmallVector<unsigned>> roles(kMergeWarps);
    for (unsigned a = 0; a < acc.size(); ++a)
      roles[ownerOf(a)].push_back(a);
    for (auto [w, chains] : llvm::enumerate(roles)) {
      if (chains.empty())
        continue;
      std::array<bool, 3> need = {false, false, false};
      SmallVector<Value> carried;
      SmallVector<Type> types;
      for (unsigned a : chains) {
        for (int o = 0; o < 3; ++o)
          need[o] = need[o] || operandsOf(a)[o];
        carried.push_back(acc[a]);
        types.push_back(acc[a].getType());
      }
      emitter.setInsertionPoint(loop);
      auto roleIf = scf::IfOp::create(
          builder, loc, types,
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, warp,
                                idx(w)),
          /*withElseRegion=*/true);
      {
        OpBuilder::InsertionGuard roleGuard(builder);
        builder.setInsertionPointToStart(&roleIf.getElseRegion().front());
        scf::YieldOp::create(builder, loc, carried);
        builder.setInsertionPointToStart(roleIf.thenBlock());
        scf::YieldOp::create(builder, loc, carried);
      }
      KernelEmitter::Frame *frame =
          emitter.openBlockFrame(loop, roleIf.thenBlock(), roleIf);
      SmallVector<Value> fs = loadStep(frame, need);
      if (failed(advance(frame, fs, chains)))
        return failure();
      SmallVector<Value> advanced;
      for (unsigned a : chains)
        advanced.push_back(acc[a]);
      roleIf.thenBlock()->getTerminator()->setOperands(advanced);
      emitter.closeBlockFrame(frame);
      for (auto [k, a] : llvm::enumerate(chains))
        acc[a] = roleIf.getResult(k);
    }
  }
  emitter.bindIteration(plan.loop.getIteration(), Value());
  ValueRange sums = emitter.closeLoop(loop, acc);
  emitter.setInsertionPoint(root);
  SmallVector<Value> results(sums.begin(), sums.end());
  for (auto [i, red] : llvm::enumerate(norms))
    if (isSum(red))
      results[2 + i] =
          arith::TruncFOp::create(builder, loc, f32Type, results[2 + i]);
  if (staged) {
    // Each chain's warp hands its result to the others through shared
    // memory; every warp then decides alike (warp 0 stores).
    for (auto [a, result] : llvm::enumerate(results)) {
      OpBuilder::InsertionGuard ownerGuard(builder);
      auto mine = scf::IfOp::create(
          builder, loc,
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, warp,
                                idx(ownerOf(unsigned(a)))),
          false);
      builder.setInsertionPointToStart(mine.thenBlock());
      memref::StoreOp::create(builder, loc, result, finals,
                              ValueRange{idx(a), lane});
    }
    gpu::BarrierOp::create(builder, loc);
    for (auto [a, result] : llvm::enumerate(results))
      result = memref::LoadOp::create(builder, loc, finals,
                                      ValueRange{idx(a), lane});
  }
  for (auto [i, red] : llvm::enumerate(norms)) {
    Value v = results[2 + i];
    emitter.define(v, root);
    if (i < rowNorms)
      emitter.reductionValues[{red, row, Value()}] = v;
    else
      emitter.reductionValues[{red, Value(), candidateOfNorm(i)}] = v;
  }
  // The candidates' values in f32, as the ieee kernel's epilogue computes
  // them from the same sums.
  std::array<Value, 2> dist;
  for (auto [c, cand] : llvm::enumerate(cands)) {
    emitter.define(results[c], root);
    emitter.reductionValues[{plan.pairwise, row, cand}] = results[c];
    emitter.currentRow = row;
    emitter.currentCol = cand;
    emitter.bindIteration(plan.loop.getIteration(), cand);
    FailureOr<Value> d = emitter.emit(plan.loop.getCandidate(), {row}, root);
    if (failed(d))
      return failure();
    dist[c] = *d;
  }
  emitter.bindIteration(plan.loop.getIteration(), Value());
  emitter.setInsertionPoint(root);
  // The second wins when better, or equal with the lower index.
  Value takeSecond = arith::OrIOp::create(
      builder, loc, better(dist[1], dist[0]),
      arith::AndIOp::create(
          builder, loc,
          arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OEQ,
                                dist[1], dist[0]),
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                cands[1], cands[0])));
  Value secondLabel = arith::IndexCastOp::create(builder, loc, i64, cands[1]);
  Value firstLabel = arith::IndexCastOp::create(builder, loc, i64, cands[0]);
  yield->setOperands(ValueRange{
      arith::SelectOp::create(builder, loc, takeSecond, secondLabel,
                              firstLabel),
      arith::SelectOp::create(builder, loc, takeSecond, dist[1], dist[0])});
  if (!staged)
    return std::make_pair(ifOp.getResult(0), ifOp.getResult(1));
  builder.setInsertionPointAfter(ifOp);
  return std::make_pair(
      arith::SelectOp::create(builder, loc, hasTwo, ifOp.getResult(0), label)
          .getResult(),
      arith::SelectOp::create(builder, loc, hasTwo, ifOp.getResult(1), valueIn)
          .getResult());
}

/// Resident blocks per SM for the launch bounds: 256 threads per SM with
/// 128 or more accumulators per thread (the 8x16 tile takes 245 registers;
/// at two blocks it spilled 2352 bytes), 512 with 32 or more (128
/// registers; the running state of the 8x8 tile is in shared memory so
/// nothing spills), 1024 with 16. Both forms are faster under the two-block
/// bound on the H200: the Gram form took 147 registers when left free (one
/// block) and ran 454 ms on sample-heavy against 413 ms with two; the
/// direct form needs 138 free and is 20% faster under the bound
/// (docs/performance-notes.md, versions 2 and 19).
int64_t defaultMinBlocks(const TileConfig &cfg, int64_t sharedBytes) {
  int64_t accumulators = cfg.tm * cfg.tn;
  // wgmma: 256 threads of 64 accumulators; two blocks fit at 128 registers
  // (3xTF32's split staging leaves shared memory for one). Asking for more
  // blocks than the registers (at least 128 a thread: the accumulators, the
  // descriptors and the epilogue) or the shared memory allow makes ptxas
  // reject the kernel (512 threads, two blocks: 64 registers).
  if (cfg.wgmma) {
    int64_t blocks = accumulators <= 64 && !cfg.splitStaged() ? 2 : 1;
    blocks = std::min(blocks, kRegistersPerSM / (cfg.launchThreads() * 128));
    blocks =
        std::min(blocks, kSharedBytesPerSM / std::max<int64_t>(sharedBytes, 1));
    return std::max<int64_t>(blocks, 1);
  }
  // mma.sync with 64 accumulators a thread or more: one block, as measured
  // (versions 5 and 8). Under the FMA schedule's bound (512 threads a SM)
  // sample-heavy 3xTF32 took 608 ms instead of 340 (version 19).
  if (cfg.mma != MmaKind::None && accumulators >= 64)
    return 1;
  int64_t threadsPerSM = accumulators >= 128  ? 256
                         : accumulators >= 32 ? 512
                                              : 1024;
  int64_t blocks = threadsPerSM / cfg.threads();
  // cp.async stages may take more shared memory than two blocks have.
  blocks =
      std::min(blocks, kSharedBytesPerSM / std::max<int64_t>(sharedBytes, 1));
  return std::max<int64_t>(1, blocks);
}

/// The tile shapes the schedule offers the byte ledger, with the
/// configuration that runs each and what was measured of it on the H200
/// (docs/performance-notes.md, versions 1, 2 and 19):
/// - 128 x 128 blocks, 8 x 8 per thread (two groups of 4 rows and of 4
///   candidates): 4 LDS.128 per 64 FMAs, FMA-bound on paper. At two
///   resident blocks per SM the Gram form reached 0.86 of the modelled
///   rate (42.6 TFLOP/s, 413 ms on sample-heavy) with 8 features per slice
///   (16: 447 ms). The direct form's two instructions per term reached
///   0.73 with 8 features per slice (726 ms), 0.78 with 16 through
///   registers (680 ms) and 0.79 with 16 in two cp.async stages (667 ms;
///   version 20);
/// - 128 x 256 blocks, 8 x 16 per thread, one block per SM (245
///   registers), for products only: 6 LDS.128 per 128 FMAs; the Gram form
///   reached 0.91 (389 ms on sample-heavy against 408 for 128 x 128 in the
///   same run), and 0.95 (373-375 ms) with each slice's first register
///   tiles loaded behind the previous slice's last terms (version 20);
///   with compensated norm sums 0.92 (387.8 ms against 375.8 plain in the
///   same process, version 21). The direct form needs 246 registers that way
///   and ran 737 ms against 679;
/// - 64 x 64 blocks, 4 x 4 per thread: 2 LDS.128 per 16 FMAs, bound by
///   shared memory at about half the FMA rate, reached with two blocks per
///   SM. The Gram form's 0.5 predicts the probe at 55.4 us (53.7-56.7
///   measured). The direct form issues two instructions a term over the
///   same shared-memory traffic, so it keeps a larger fraction of its
///   (halved) rate: 0.57 predicts the probe's split-4 call at 69.1 us,
///   against 68.9-69.7 us in the benches of 2026-12-02 and 12-03 (0.5 had
///   predicted 77.1 us; docs/performance-notes.md, version 34).
struct ShapeOffer {
  TileConfig config;
  TileShape measured;
  /// Terms other than a plain product (the direct form's squared
  /// difference): the measured fraction of the rate at the offer's slice,
  /// and a wider slice with its fraction and its cp.async stages (0:
  /// through registers), where they differ from the product's (0: the
  /// same).
  double otherTermEfficiency = 0;
  int64_t otherTermWideSlice = 0;
  double otherTermWideEfficiency = 0;
  int64_t otherTermWideStages = 0;
  /// Offered for product terms only (measured on the Gram form alone).
  bool productsOnly = false;
  /// The fraction with compensated norm sums, where it was measured apart
  /// (0: the same).
  double compensatedEfficiency = 0;
};
const ShapeOffer kShapeOffers[] = {
    {{128, 128, 8, 8, 8, 1},
     {128, 128, /*blocksToSaturate=*/2, 0.86},
     /*otherTermEfficiency=*/0.73,
     /*otherTermWideSlice=*/16,
     /*otherTermWideEfficiency=*/0.79,
     /*otherTermWideStages=*/2},
    {{128, 256, 8, 8, 16, 1},
     {128, 256, /*blocksToSaturate=*/1, 0.95},
     /*otherTermEfficiency=*/0,
     /*otherTermWideSlice=*/0,
     /*otherTermWideEfficiency=*/0,
     /*otherTermWideStages=*/0,
     /*productsOnly=*/true,
     /*compensatedEfficiency=*/0.92},
    {{64, 64, 16, 4, 4, 1},
     {64, 64, /*blocksToSaturate=*/2, 0.5},
     /*otherTermEfficiency=*/0.57},
};

/// The MMA schedule's shapes (bk is set per kind, in halves or f32
/// features per slice): warps of 32 rows x all bn candidates. Measured on
/// the H200 (sample-heavy, docs/performance-notes.md, versions 5 and 8),
/// as a fraction of the tensor-core rate. 128x128 with cp.async and
/// ldmatrix (version 8): 64 halves per slice in 2 stages, f16 255
/// TFLOP/s, 0.33 of 770 (32 halves in 4 stages: 243; 64 in 3 stages,
/// which leaves one block per SM: 219); 32 f32 per slice, 3xtf32 52.7
/// TFLOP/s of useful work, 158 of MMA work, 0.41 of 385. Narrower tiles
/// lose (version 8: 128x64 143 TFLOP/s f16, 64x64 127): a warp then
/// issues fewer MMAs per fragment load, barrier and norm duty. TF32
/// kinds reach a larger fraction of their (halved) rate.
/// The 64x64 shape stages 64 halves (32 f32) per slice, which its smaller
/// tiles leave room for: half the barriers and serial global loads per
/// candidate tile, which is what limits the probe (4096 x 256 x 512): f16
/// 24.4 us against 28.9 us with 32 halves; 3xtf32 28.6 against 30.0 us,
/// and 31.4 us with 128x64 tiles (bench/tensor_core_check.py, same run).
struct MmaShapeOffer {
  TileConfig config;
  TileShape measured;
  double tf32Efficiency;
  int64_t halvesPerSlice, f32PerSlice;
};
const MmaShapeOffer kMmaShapeOffers[] = {
    {{128, 128, 0, 4, 32, 1},
     {128, 128, /*blocksToSaturate=*/2, 0.33},
     0.41,
     64,
     32},
    {{128, 64, 0, 4, 16, 1},
     {128, 64, /*blocksToSaturate=*/2, 0.16},
     0.30,
     32,
     16},
    {{64, 64, 0, 4, 16, 1},
     {64, 64, /*blocksToSaturate=*/4, 0.17},
     0.33,
     64,
     32},
};

/// Hopper's warpgroup MMAs (sm_90a): 128x256 tiles, two warpgroups of
/// m64n256 (128 accumulators per thread, one block per SM, 4 stages), or
/// 128x128 (64 per thread, two blocks, 3 stages), or one warpgroup of
/// m64n64. A slice is one 128-byte swizzle row: 64 halves or 32 f32.
/// Measured on the H200 (sample-heavy), as a fraction of the ledger's
/// tensor rates (770 f16, 385 tf32) over the 97% of block slots that 1024
/// row tiles keep busy: 128x256 with the producer warpgroup, persistent
/// blocks and 4 candidate parts (version 14) f16 663 TFLOP/s (0.89), tf32
/// 342 (0.92); 128x128 with cp.async stages
/// (version 10) f16 373 (0.48), tf32 195 (0.51). 64x64 is not measured
/// yet; it is offered at mma.sync's figures for small row counts.
const MmaShapeOffer kWgmmaShapeOffers[] = {
    {{128, 256, 0, 2, 64, 1},
     {128, 256, /*blocksToSaturate=*/1, 0.89},
     0.92,
     64,
     32},
    {{128, 128, 0, 2, 32, 1},
     {128, 128, /*blocksToSaturate=*/2, 0.48},
     0.51,
     64,
     32},
    {{64, 64, 0, 2, 16, 1},
     {64, 64, /*blocksToSaturate=*/4, 0.17},
     0.33,
     64,
     32},
};

/// 3xTF32 on wgmma: the split producer (one block per SM; the consumers
/// split the rows in registers, the producer warpgroup(s) the candidates
/// into shared memory). Measured on the H200 in persistent blocks beside
/// SGEMM (docs/performance-notes.md, version 17), as a fraction of the
/// tf32 rate over each walk's path: 128x128 (two consumer warpgroups)
/// 0.79, 0.77 and 0.78 on sample-, centroid- and feature-heavy; 192x128
/// (three, beside one producer warpgroup) 0.83, 0.84 and 0.84: the
/// candidates' split, which the producer does once per candidate tile and
/// row tile, is spread over 1.5 times the rows. 64x64 (one consumer
/// warpgroup beside two producer ones, for few candidates) is not
/// measured: it is offered at mma.sync's 64x64 fraction, one block per SM
/// as the split producer launches it. These offers are 3xTF32's only, so
/// their tf32 fraction is the one the ledger uses. Versions 18-30 took the
/// large shapes' 192x128 calls from about 160 ms to 144.0 / 141.3 / 75.03
/// ms in the bench of 2026-12-03 (version 34), which 0.83 predicted at
/// 171.7 / 171.7 / 85.8 ms: refitted to 0.98 (145.4 / 145.4 / 72.7 ms).
/// The 128x128 kernel (bench/build-kernels.py's 3xtf32-wgmma-m128) ran
/// 158.2 / 161.3 / 80.58 ms there, which 0.78 predicted at 181.2 / 183.0 /
/// 90.6: refitted to 0.89 (158.8 / 160.4 / 79.4 ms).
const MmaShapeOffer kWgmmaSplitShapeOffers[] = {
    {{192, 128, 0, 2, 32, 1},
     {192, 128, /*blocksToSaturate=*/1, 0.98},
     0.98,
     64,
     32},
    {{128, 128, 0, 2, 32, 1},
     {128, 128, /*blocksToSaturate=*/1, 0.89},
     0.89,
     64,
     32},
    {{64, 64, 0, 2, 16, 1},
     {64, 64, /*blocksToSaturate=*/1, 0.17},
     0.33,
     64,
     32},
};

/// --precision=3xtf32-certified on rows that fill the GPU: the split
/// producer on 64x128 tiles, one consumer warpgroup and two producer
/// warpgroups (168 registers a thread). The certified consumers hold a
/// second set of accumulators, the running sums of the slices' MMAs: the
/// 192x128 and 128x128 tiles' 512 threads have 128 registers, and ptxas
/// spilled 1700 / 356 bytes a thread at sample-heavy's d = 8192, this tile
/// none. Its fraction was the probe's 64x128 slope (0.70, version 35),
/// which predicted 202.0 ms for sample-heavy's walk and 101.0 ms for
/// feature-heavy's; measured on an H100 with every row decided by the
/// bounds (bench/ab.py SEPARATED=1, docs/performance-notes.md, version
/// 40), they took 255.1 and 129.5 ms: 0.554 and 0.546 of the rate,
/// refitted to 0.55. (3xTF32's own kernels ran within 4% of their H200
/// predictions on that card, as the two share SMs and clocks.) Since
/// version 46 the model adds the epilogue's time per pair
/// (kCertifiedEpilogueSecPerPair), 5.5 and 1.4 ms of those walks: refitted
/// to 0.56. The rows the bounds leave open are not modelled: 2 / 15 ms
/// more there on uniform data.
const MmaShapeOffer kWgmmaCertifiedShapeOffers[] = {
    {{64, 128, 0, 2, 32, 1},
     {64, 128, /*blocksToSaturate=*/1, 0.56},
     0.56,
     64,
     32},
};

/// --precision=3xtf32-certified: what a block slot spends on a (row,
/// candidate) pair besides its MMAs. The one consumer warpgroup computes
/// the pair's bound, folds the slice into the running sums and keeps the
/// row's best two between its MMAs, so the time adds to theirs. At
/// sample-heavy's d = 8192 it is 2% of the walk; at d = 200 it is about
/// half: 40000 x 1000 x 200 ran 466.4 us (Gram form) and 453.9 us (direct
/// form) on an H100 where the MMA walk alone predicted 252.3 us, 40 tiles
/// of 8192 pairs a slot (docs/performance-notes.md, versions 45 and 46).
constexpr double kCertifiedEpilogueSecPerPair = 0.65e-9;

/// --precision=3xtf32-certified: what a block slot waits after each row
/// tile for the replays of the rows its bounds leave open, when they are a
/// few candidates of a few rows (emitCertifiedLabels' step 2): one round
/// of the block's threads, a pair each, whose steps (directDistances) each
/// wait an L2 round trip and then chain their chunks. At the probe (d =
/// 512) the round took 5.9 us in 16 steps of 8 chunks on uniform data
/// against data whose bounds decide every row, and a second round 6.4 us
/// more (rows with exact ties); on an H100 (docs/performance-notes.md,
/// version 47). In 8 steps of 16 chunks it took 1.3 us less (0.958x and
/// 0.957x of the kernel on an H100 and an H200, version 49): 0.575 us a
/// step against 0.37, so a step costs about 0.165 us and 0.0256 us a
/// chunk. Rows open over every candidate, which depend on the data, take
/// more rounds and are not modelled. The Gram form's rows only: a direct
/// form's go to the refinement first.
constexpr double kCertifiedReplaySecPerStep = 0.165e-6;
constexpr double kCertifiedReplaySecPerChunk = 0.0256e-6;
double certifiedReplaySec(int64_t d, const TileConfig &cfg) {
  int64_t chunks = pairReplayChunksAStep(cfg);
  return static_cast<double>(llvm::divideCeil(d, 4 * chunks)) *
         (kCertifiedReplaySecPerStep +
          static_cast<double>(chunks) * kCertifiedReplaySecPerChunk);
}

/// 3xTF32 on wgmma when the row tiles are too few for the SMs: the split
/// producer on 128x64 tiles, the candidates split over persistent blocks
/// (a work unit per row tile and part). On the probe (4096 x 256 x 512) it
/// ran 26.7 us back to back, against 33.0 us for the register staging's
/// 64x64 tiles split 4 ways (the previous choice), 33.9 us for 64x64 and
/// 32.8 us for 128x128 tiles with the split producer (bench/
/// tensor_core_check.py, docs/performance-notes.md, version 25). The
/// fraction puts the model's prediction at that measurement. 64x128 tiles
/// split 2 ways (one consumer warpgroup of m64n128, half the A fragments'
/// splits per MMA) meet in clusters of two: 26.5 us a call against 31.4
/// for 128x64 split 4 ways through the atomics, whose 128 units in
/// clusters of 4 would not all fit the H200 at once (version 27). Versions
/// 28-32 took the 64x128 call to about 21 us; its fraction (0.39 until
/// then, a 26.1 us prediction) put the prediction at 21.3 us (version 32).
/// Version 33's producer measured 20.5 us in the bench: 0.52, 20.6 us.
/// Version 34's consumers (their row fragments loaded together) measured
/// 20.2 and 19.5 us in two benches: 0.54, 20.0 us.
/// Since version 35 the model adds kTmaFillSec to every TMA call, and the
/// fractions are the slope's: the 64x128 call over d = 128 to 2048 gives
/// 0.70 (19.5 us predicted at d = 512, 19.4-19.5 measured beside it). The
/// 128x64 offer was not measured again: 0.74 keeps its prediction at 26.9
/// us with the fill.
const MmaShapeOffer kWgmmaSplitFewRowsOffers[] = {
    {{128, 64, 0, 2, 16, 1},
     {128, 64, /*blocksToSaturate=*/1, 0.74},
     0.74,
     64,
     32},
    {{64, 128, 0, 2, 32, 1},
     {64, 128, /*blocksToSaturate=*/1, 0.70},
     0.70,
     64,
     32},
};

/// The other wgmma kinds (tf32, f16, bf16) when the row tiles are too few
/// for the SMs: 128x256 tiles (two consumer warpgroups of m64n256), or
/// 128x128 tiles (two of m64n128) whose candidate parts meet in clusters of
/// the persistent blocks; both beside the producer warpgroup, one block per
/// SM. Measured on the probe's 4096 rows and 256 candidates with d from 128
/// to 2048 (docs/performance-notes.md, version 35): the slope of each
/// call's time in d, as a fraction of the tensor rate over the blocks'
/// path, gave 128x256 tf32 0.86, f16 0.77 and bf16 0.72 (0.74 for both
/// halves), and 128x128 split 2 ways tf32 0.44, f16 and bf16 0.42 with 3
/// stages; with the 4 that one block a SM leaves room for, tf32 0.65 and
/// f16 0.57 (d = 512 and 2048: 16.1 / 42.7 us, 12.6 / 27.7 us). A
/// single round of 32 row tiles keeps a 128x256 block to 8 slices of 64
/// halves at d = 512, well under the 0.89 of sample-heavy's 32 rounds
/// (kWgmmaShapeOffers). The intercepts, 6.2-8.0 us, are the launch and
/// kTmaFillSec. At d = 512 the split ran 19.2 / 14.0 / 13.6 us with 3
/// stages against 20.9 / 15.7 / 15.6 us for the unsplit 128x256 tiles
/// (tf32 / f16 / bf16).
const MmaShapeOffer kWgmmaFewRowsOffers[] = {
    {{128, 256, 0, 2, 64, 1},
     {128, 256, /*blocksToSaturate=*/1, 0.74},
     0.86,
     64,
     32},
    {{128, 128, 0, 2, 32, 1},
     {128, 128, /*blocksToSaturate=*/1, 0.57},
     0.65,
     64,
     32},
};

/// What a TMA kernel's call takes beyond its blocks' path at the offer's
/// rate and the device's launch overhead (4.0 us on the H200's profile):
/// the producer's setup and first stages before any MMA, and the last
/// tile's epilogue and label stores after the last. The probe's d sweeps
/// (version 35) put the intercept of the call's time at 6.2-8.0 us, 7.2 on
/// average, for 3xTF32's split producer as for the other kinds.
constexpr double kTmaFillSec = 3.2e-6;

/// A row count for a dynamic row axis without --expected-rows: large, so
/// that the model neither shrinks the tiles nor splits the candidates.
constexpr int64_t kAssumedLargeRows = int64_t(1) << 20;

/// Tile shape and split from the byte ledger's schedule model
/// (chooseTiledSchedule); options the user gave win over it. Splits are
/// offered when the rows alone leave block slots of the GPU empty, and to
/// the FMA schedule also where they fill it (TileShape::residentPartGain).
FailureOr<TileConfig> chooseConfig(KernelOp kernel, const TileOptions &opts,
                                   TiledWork work, MmaKind mma, bool wgmma,
                                   bool staticFeatures, bool compensatedNorms,
                                   std::string &decision,
                                   double *predictedSec = nullptr) {
  SmallVector<TileShape> shapes;
  SmallVector<TileConfig> configs;
  SmallVector<ShapeOffer> offers(std::begin(kShapeOffers),
                                 std::end(kShapeOffers));
  if (mma != MmaKind::None) {
    offers.clear();
    bool tf32 = mma == MmaKind::TF32 || mma == MmaKind::TF32x3;
    // wgmma's TMA stages (3xTF32: the split producer) need blocks without
    // clusters; they run persistent unless the user asked for none.
    bool tma = wgmma && (opts.cluster == -1 || opts.cluster == 1);
    bool persistent =
        wgmma && persistentBlocksAllowed(opts.persistent, opts.cluster);
    // 3xTF32's split producer (one block per SM) needs a row tile for every
    // SM: on the probe's 32 row tiles it ran 56.2 us where the register
    // staging, split 4 ways, ran 40.5 (docs/performance-notes.md, version
    // 17). With fewer rows the ledger weighs the register staging's splits
    // (unsplit, the kernel still takes the producer), unless the user's
    // tiles need the producer's stages.
    bool rowsFill = llvm::divideCeil(work.rows, 128) >=
                        uint64_t(opts.device.multiprocessors) ||
                    opts.tileM > 128;
    bool splitProducer = tma && mma == MmaKind::TF32x3 && rowsFill;
    bool certified =
        mma == MmaKind::TF32x3 && opts.precision == "3xtf32-certified";
    // Fewer row tiles than SMs: the split producer still pays when the
    // ledger splits the candidates (kWgmmaSplitFewRowsOffers), as long as
    // persistent blocks may carry the split.
    // The other kinds split the candidates of few rows the same way
    // (kWgmmaFewRowsOffers): TMA in persistent blocks, the parts in
    // clusters.
    bool fewRowsSplit = tma && persistent && !rowsFill && !opts.tileM &&
                        !opts.tileN && !opts.tileK;
    bool producerSplit = fewRowsSplit && mma == MmaKind::TF32x3;
    ArrayRef<MmaShapeOffer> mmaOffers =
        !wgmma                       ? ArrayRef(kMmaShapeOffers)
        : splitProducer && certified ? ArrayRef(kWgmmaCertifiedShapeOffers)
        : splitProducer              ? ArrayRef(kWgmmaSplitShapeOffers)
        : producerSplit              ? ArrayRef(kWgmmaSplitFewRowsOffers)
        : fewRowsSplit               ? ArrayRef(kWgmmaFewRowsOffers)
                                     : ArrayRef(kWgmmaShapeOffers);
    for (const MmaShapeOffer &offer : mmaOffers) {
      // The register staging of 3xTF32's split tiles (three per operand,
      // two buffers) leaves shared memory for 128 candidates at most.
      if (wgmma && mma == MmaKind::TF32x3 && offer.config.bn > 128)
        continue;
      ShapeOffer o{offer.config, offer.measured};
      // The few rows' split is the ledger's (its launches in waves with
      // a split), though the kernel's blocks are persistent.
      o.measured.persistent = persistent && !fewRowsSplit &&
                              (mma != MmaKind::TF32x3 || splitProducer);
      // A split of the ledger's own launches without TMA: the split
      // producer's 192-row stages would not fit the register staging.
      o.measured.splittable = !o.measured.persistent && !splitProducer;
      // certified decides a row where all its candidates meet.
      o.measured.onePart = certified;
      // TMA's persistent blocks (the few rows' split producer among them)
      // may carry a split through clusters.
      o.measured.clusterParts = tma && persistent && opts.clusterSplit != 0;
      o.config.mma = mma;
      o.config.wgmma = wgmma;
      o.config.fewRowsSplit = fewRowsSplit;
      // TMA's loads with or without clusters (--cluster=0 asks for
      // cp.async).
      if (wgmma && opts.cluster != 0)
        o.measured.fillSec = kTmaFillSec;
      o.config.bk =
          o.config.mmaK() == 16 ? offer.halvesPerSlice : offer.f32PerSlice;
      if (tf32)
        o.measured.efficiency = offer.tf32Efficiency;
      offers.push_back(o);
    }
  }
  bool productTerm = work.flopsPerTerm == 2;
  // The wider slice takes cp.async stages, which hold no staged chunks in
  // registers; still, at the two-block bound ptxas spills 60-180 bytes
  // wherever the slice or candidate loops take guards (d not a multiple
  // of the slice: d = 100; k not one of the tile: k = 200, 1000), and
  // none at k = 256 to 8192 with d = 16, 512 or 8192. (Through
  // registers, 2 candidate tiles spilled too.)
  auto wideSliceFits = [&](const ShapeOffer &offer) {
    return offer.otherTermWideSlice && staticFeatures &&
           work.features % offer.otherTermWideSlice == 0 &&
           work.candidates % offer.config.bn == 0;
  };
  // The fraction of the rate measured for an offer on this work's terms.
  auto offerEfficiency = [&](const ShapeOffer &offer) {
    double efficiency = offer.measured.efficiency;
    if (!productTerm && offer.otherTermEfficiency)
      efficiency = offer.otherTermEfficiency;
    if (compensatedNorms && offer.compensatedEfficiency)
      efficiency = offer.compensatedEfficiency;
    if (!productTerm && wideSliceFits(offer))
      efficiency = offer.otherTermWideEfficiency;
    return efficiency;
  };
  auto offeredForTerms = [&](const ShapeOffer &offer) {
    return !(offer.productsOnly && !productTerm);
  };
  // Tiles the user fixes are costed at the fraction of the offer that has
  // them, if one does (3xTF32's --tile-m=128 --tile-n=128 at 128x128's, not
  // at the first offer's 192 rows).
  std::optional<double> userTilesEfficiency;
  if (opts.tileM || opts.tileN) {
    auto sameTiles = llvm::find_if(offers, [&](const ShapeOffer &offer) {
      return offeredForTerms(offer) &&
             (!opts.tileM || offer.config.bm == opts.tileM) &&
             (!opts.tileN || offer.config.bn == opts.tileN);
    });
    if (sameTiles != offers.end())
      userTilesEfficiency = offerEfficiency(*sameTiles);
  }
  for (const ShapeOffer &offer : offers) {
    if (!offeredForTerms(offer))
      continue;
    TileConfig cfg = offer.config;
    TileShape shape = offer.measured;
    shape.efficiency = offerEfficiency(offer);
    if (!productTerm && wideSliceFits(offer)) {
      cfg.bk = offer.otherTermWideSlice;
      cfg.stages = offer.otherTermWideStages;
    }
    if (opts.tileM || opts.tileN || opts.threadM || opts.threadN ||
        opts.tileK) {
      // A shape the user fixed: the ledger still picks the split. The
      // kernel keeps the first offer's configuration for what the user left
      // open.
      if (userTilesEfficiency)
        shape.efficiency = *userTilesEfficiency;
      if (opts.tileM)
        cfg.bm = shape.rowsPerBlock = opts.tileM;
      if (opts.tileN)
        cfg.bn = shape.candidatesPerBlock = opts.tileN;
      // A slice the user fixed goes through registers unless --stages
      // asks for cp.async.
      if (opts.tileK) {
        cfg.bk = opts.tileK;
        cfg.stages = 0;
      }
      if (mma != MmaKind::None) {
        cfg.tn = cfg.bn / 4;
        cfg.tm = wgmma ? 2 : kMmaWarpRows / 8;
      } else {
        if (opts.tileM || opts.tileN) {
          cfg.tm = std::max<int64_t>(4, cfg.bm / 16);
          cfg.tn = std::max<int64_t>(4, cfg.bn / 16);
        }
        if (opts.threadM)
          cfg.tm = opts.threadM;
        if (opts.threadN)
          cfg.tn = opts.threadN;
      }
      shapes.push_back(shape);
      configs.push_back(cfg);
      break;
    }
    shapes.push_back(shape);
    configs.push_back(cfg);
  }
  // The certified kernels run with TMA's producer warpgroup, whose threads
  // the launch counts against the registers (set once a shape is chosen,
  // below).
  if (work.replaysOpenRows)
    for (auto [shape, cfg] : llvm::zip(shapes, configs)) {
      TileConfig launched = cfg;
      launched.tma = true;
      shape.replaySecPerRowTile = certifiedReplaySec(work.features, launched);
    }
  // Whether the rows alone fill the GPU's block slots.
  bool fills = true;
  for (const TileShape &shape : shapes) {
    // divideCeil: rows + rowsPerBlock - 1 overflowed at INT64_MAX rows
    // (map-to-gpu.mlir, WG3XHUGE, under UBSan).
    int64_t rowBlocks = llvm::divideCeil(work.rows, shape.rowsPerBlock);
    fills &= rowBlocks >= opts.device.multiprocessors * shape.blocksToSaturate;
  }
  // Rows that fill the GPU: the FMA schedule's blocks still split the
  // candidates, whose kernel runs faster (TileShape::residentPartGain); the
  // MMA schedules keep one part.
  if (fills) {
    if (mma == MmaKind::None) {
      for (TileShape &shape : shapes)
        shape.residentPartGain = kResidentPartGain;
    } else {
      work.splittable = false;
    }
  }
  llvm::Expected<ScheduleEstimate> choice =
      chooseTiledSchedule(work, shapes, opts.device, opts.split);
  if (!choice)
    return kernel.emitOpError("byte ledger: ")
           << llvm::toString(choice.takeError());
  TileConfig cfg = configs[choice->shape];
  cfg.split = choice->split;
  if (predictedSec)
    *predictedSec = choice->predictedSec;
  llvm::raw_string_ostream os(decision);
  os << "ledger on " << opts.device.name << ": " << cfg.bm << "x" << cfg.bn
     << " tiles";
  if (work.tensorCores)
    os << " on tensor cores (" << work.dtype << ".tensor, "
       << work.flopsPerTerm / 2 << " MMA pass(es))";
  os << ", split " << cfg.split << ": " << choice->blocks;
  if (choice->parts) {
    os << " persistent blocks, " << choice->waves << " round(s) of "
       << choice->parts << " candidate part(s), ";
    if (choice->tailTiles)
      os << "then " << choice->tailTiles << " single candidate tiles, ";
  } else {
    os << " blocks in " << choice->waves << " wave(s), ";
  }
  os << llvm::formatv("{0:f0}", choice->utilization * 100)
     << "% of block slots busy, "
     << (choice->residentParts ? "parts in the L2, " : "") << "predicted "
     << llvm::formatv("{0:f1}", choice->predictedSec * 1e6) << " us ("
     << choice->launches << " launch(es)";
  if (work.recheck)
    os << ", the recheck's merge entry "
       << llvm::formatv("{0:f1}", choice->recheckSec * 1e6) << " us";
  if (choice->epilogueSec > 0)
    os << ", " << llvm::formatv("{0:f1}", choice->epilogueSec * 1e6)
       << " us of it the bounds' epilogue";
  if (choice->replaySec > 0)
    os << ", " << llvm::formatv("{0:f1}", choice->replaySec * 1e6)
       << " us the open rows' replays";
  if (choice->fillSec > 0)
    os << ", " << llvm::formatv("{0:f1}", choice->fillSec * 1e6)
       << " us of TMA fill";
  os << ") at " << work.rows << " rows";
  if (shapes.size() > 1 || cfg.split > 1 || !fills) {
    // Say what the runner-up would have cost.
    for (unsigned shape = 0; shape < shapes.size(); ++shape) {
      if (shape == choice->shape)
        continue;
      llvm::Expected<ScheduleEstimate> other =
          chooseTiledSchedule(work, ArrayRef<TileShape>(shapes).slice(shape, 1),
                              opts.device, opts.split);
      if (other)
        os << "; " << shapes[shape].rowsPerBlock << "x"
           << shapes[shape].candidatesPerBlock << " tiles: best split "
           << other->split << ", "
           << llvm::formatv("{0:f1}", other->predictedSec * 1e6) << " us";
      else
        llvm::consumeError(other.takeError());
    }
  }
  return cfg;
}

} // namespace

FailureOr<KernelLaunch> mlir::fuse::emitTiledRunningMin(ScheduleContext &ctx,
                                                        bool &applicable) {
  std::string why;
  FailureOr<TiledPlan> plan = matchTiled(ctx.kernel, why);
  applicable = succeeded(plan);
  if (!applicable)
    return failure();

  auto rowType = cast<RankedTensorType>(plan->rowLeaf.getType());
  int64_t rows = rowType.getDimSize(0);
  if (ShapedType::isDynamic(rows))
    rows = ctx.tiles.expectedRows;
  int64_t candidates = 0;
  APInt trips;
  if (matchPattern(plan->loop.getTrips(), m_ConstantInt(&trips)))
    candidates = trips.getSExtValue();
  TiledWork work;
  work.rows = rows > 0 ? rows : kAssumedLargeRows;
  work.candidates = candidates;
  Type element = rowType.getElementType();
  work.features = ShapedType::isDynamic(rowType.getDimSize(1))
                      ? 512
                      : rowType.getDimSize(1);
  // The Gram form's term is a product (one FMA); the direct form's is a
  // difference, squared (a subtraction and an FMA).
  work.flopsPerTerm =
      isa_and_nonnull<MulOp>(plan->pairwise->getOperand(0).getDefiningOp()) ? 2
                                                                            : 3;
  work.dtype = element.isF64() ? "f64" : "f32";
  work.elementBytes = element.getIntOrFloatBitWidth() / 8;
  // Tensor cores: f16/bf16 operands always (their products are exact in
  // f32), f32 ones when --precision asks for TF32 or 3xTF32.
  MmaKind mma = MmaKind::None;
  if (element.isF16())
    mma = MmaKind::F16;
  else if (element.isBF16())
    mma = MmaKind::BF16;
  else if (plan->plainProduct &&
           productPrecision(ctx.tiles.precision) == "tf32")
    mma = MmaKind::TF32;
  else if (plan->plainProduct &&
           productPrecision(ctx.tiles.precision) == "3xtf32")
    mma = MmaKind::TF32x3;
  // The recheck needs the labels (the scratch comes with them) and a plain
  // running minimum: with an initial value, a row may keep it.
  bool recheck = mma == MmaKind::TF32x3 && ctx.rowScratch &&
                 plan->indexOutput && !plan->hasInit;
  work.recheck = recheck;
  // --precision=3xtf32-certified: labels of a direct form's argmin, which
  // fuse-choose-form marked when it wrote the Gram form.
  bool certify =
      mma == MmaKind::TF32x3 && ctx.tiles.precision == "3xtf32-certified";
  if (certify) {
    std::string unsupported;
    if (!plan->certifiedDirect && !plan->certifiedGram)
      unsupported = "its candidate is neither a direct form sum((x - c)^2) "
                    "nor exactly the Gram form (sum(x^2) + sum(c^2)) - 2 "
                    "sum(x c) of f32 inputs";
    else if (!plan->indexOutput || plan->valueOutput || plan->hasInit)
      unsupported = "it must return the labels alone, of a running minimum "
                    "without an initial value";
    else if (plan->loop.getKind() != SelectKind::min)
      unsupported = "it is an argmax";
    else if (!plan->certifiedRowNorm || !plan->certifiedColNorm)
      unsupported = "its norms are not sum(x^2) and sum(c^2)";
    else if (int64_t features =
                 cast<RankedTensorType>(plan->rowLeaf.getType()).getDimSize(1);
             plan->certifiedGram && ShapedType::isDynamic(features))
      unsupported = "a Gram form's bound follows its sums' rounding, which "
                    "needs a static feature count, and this one has a "
                    "dynamic count";
    else if (plan->certifiedGram && features > kCertifiedGramMaxFeatures)
      unsupported = "a Gram form's own rounding of x . c (d u |x| |c| / 2 "
                    "on uniform data) would leave about a quarter of the "
                    "rows to a replay over every candidate beyond " +
                    std::to_string(kCertifiedGramMaxFeatures) +
                    " features, and this one has " + std::to_string(features);
    else if (plan->certifiedGram &&
             features > kCertifiedGramCompensatedFeatures &&
             !ctx.tiles.compensatedSums)
      unsupported = "past " +
                    std::to_string(kCertifiedGramCompensatedFeatures) +
                    " features a Gram form's norms are summed as the Gram "
                    "form sums them, beside their running values in the "
                    "slots of the compensations, which "
                    "--compensated-sums=false removes";
    if (!unsupported.empty())
      return ctx.kernel.emitOpError(
                 "--precision=3xtf32-certified gives the IEEE labels of a "
                 "distance through 3xTF32 tensor cores and an error bound, but ")
             << unsupported << "; use --precision=3xtf32 or ieee";
  }
  if (mma == MmaKind::TF32x3 && !recheck &&
      ctx.tiles.precision == "3xtf32-recheck")
    return ctx.kernel.emitOpError(
               "--precision=3xtf32-recheck decides each row's label again in "
               "IEEE fp32, which needs the labels (argmin/argmax) of a running "
               "minimum without an initial value; this kernel ")
           << (plan->indexOutput ? "starts from an initial value"
                                 : "returns no labels")
           << ": use --precision=3xtf32 or ieee";
  if (mma != MmaKind::None) {
    work.tensorCores = true;
    work.dtype = mma == MmaKind::F16    ? "f16"
                 : mma == MmaKind::BF16 ? "bf16"
                                        : "tf32";
    work.flopsPerTerm = mma == MmaKind::TF32x3 ? 6 : 2;
  }
  if (certify) {
    work.epilogueSecPerPair = kCertifiedEpilogueSecPerPair;
    // A direct form's open rows first take the refinement (a warp's
    // tree sums), which decides most: the probe's naive example ran 26.1
    // us against 24.9 predicted without a replay (version 46).
    work.replaysOpenRows =
        plan->certifiedGram && !ShapedType::isDynamic(rowType.getDimSize(1));
  }
  work.outputBytesPerRow =
      (plan->indexOutput ? 8 : 0) + (plan->valueOutput ? 4 : 0);
  // Packed atomics need the labels; a value-only result does not split.
  work.splittable = static_cast<bool>(plan->indexOutput);
  TileOptions options = ctx.tiles;
  if (!plan->indexOutput)
    options.split = 1;
  int64_t mmaElemBytes = element.getIntOrFloatBitWidth() / 8;
  int64_t dStatic = rowType.getDimSize(1);
  bool aligned =
      !ShapedType::isDynamic(dStatic) && dStatic * mmaElemBytes % 16 == 0;
  // Hopper's warpgroup MMAs need sm_90a, 16-byte-aligned rows and slices
  // of 128 bytes (the swizzle's row). 3xTF32 splits each staged element
  // once, in registers, into big, small and cross tiles.
  bool wgmma = ctx.tiles.arch == "sm_90a" && aligned &&
               (!ctx.tiles.tileK || ctx.tiles.tileK * mmaElemBytes == 128) &&
               mma != MmaKind::None;
  if (certify && !wgmma)
    return ctx.kernel.emitOpError(
        "--precision=3xtf32-certified gives the IEEE labels of a distance "
        "through 3xTF32 tensor cores and an error bound, but it needs "
        "sm_90a's warpgroup MMAs (--arch=sm_90a) and rows of a static "
        "multiple of 4 features; use --precision=3xtf32 or ieee");
  std::string decision;
  bool compensatedNorms =
      ctx.tiles.compensatedSums &&
      llvm::any_of(llvm::concat<Operation *const>(plan->rowReductions,
                                                  plan->colReductions),
                   [](Operation *red) { return isa<SumOp>(red); });
  double predictedSec = 0;
  FailureOr<TileConfig> chosen = chooseConfig(
      ctx.kernel, options, work, mma, wgmma, !ShapedType::isDynamic(dStatic),
      compensatedNorms, decision, &predictedSec);
  if (failed(chosen))
    return failure();
  // --precision=auto takes the certified kernel where the ledger predicts
  // it faster than the FMA kernel with the same labels. A Gram form of d =
  // 200 ran 1.19x the FMA kernel's time (docs/performance-notes.md,
  // version 46): its FMAs are few a pair, and the bounds cost the same.
  // The native norms' kernels (past 1024 features) are compiled only when
  // asked for until gpu-tests.sh's native cases and the bench have run
  // them: session 48, which wrote them, got no GPU.
  if (certify && ctx.tiles.certifyWhereFaster && plan->certifiedGram &&
      dStatic > kCertifiedGramCompensatedFeatures)
    return ctx.kernel.emitOpError(kAutoKeepsFmaKernel)
           << ": it takes the certified Gram form up to "
           << kCertifiedGramCompensatedFeatures
           << " features; past that (the norms summed natively) it is "
              "compiled only with --precision=3xtf32-certified";
  if (certify && ctx.tiles.certifyWhereFaster) {
    // The FMA units' work on the same pairs, what --precision=ieee would
    // compile: a subtraction and an FMA a term for the direct form the
    // certified kernel stands for, one FMA for a Gram form.
    TiledWork fmaWork = work;
    fmaWork.tensorCores = false;
    fmaWork.dtype = "f32";
    fmaWork.flopsPerTerm = plan->certifiedDirect ? 3 : 2;
    fmaWork.recheck = false;
    fmaWork.epilogueSecPerPair = 0;
    fmaWork.replaysOpenRows = false;
    TileOptions fmaOptions = options;
    fmaOptions.precision = "ieee";
    std::string fmaDecision;
    double fmaSec = 0;
    if (failed(chooseConfig(ctx.kernel, fmaOptions, fmaWork, MmaKind::None,
                            /*wgmma=*/false, !ShapedType::isDynamic(dStatic),
                            compensatedNorms, fmaDecision, &fmaSec)))
      return failure();
    if (fmaSec <= predictedSec)
      return ctx.kernel.emitOpError(kAutoKeepsFmaKernel)
             << ": the byte ledger predicts "
             << llvm::formatv("{0:f1}", fmaSec * 1e6) << " us for it against "
             << llvm::formatv("{0:f1}", predictedSec * 1e6)
             << " us for 3xtf32-certified at " << work.rows << " rows";
    decision += llvm::formatv("; --precision=auto: the FMA kernel predicted "
                              "{0:f1} us",
                              fmaSec * 1e6);
  }
  TileConfig cfg = *chosen;
  auto bytesPerStage = [&](int64_t bk) {
    int64_t padding = cfg.wgmma ? 0 : 16 / mmaElemBytes;
    return (cfg.bm + cfg.bn) * (bk + padding) * mmaElemBytes;
  };
  // Register staging has two static buffers (46 KiB with the norms): the
  // offers' slices are sized for cp.async stages, so halve them until two
  // fit, unless the user fixed them.
  if (cfg.mma != MmaKind::None && !aligned && !ctx.tiles.tileK)
    while (2 * bytesPerStage(cfg.bk) > 46 * 1024 && cfg.bk % 2 == 0 &&
           (cfg.bk / 2) % cfg.mmaK() == 0 &&
           (cfg.bk / 2) % (16 / mmaElemBytes) == 0)
      cfg.bk /= 2;
  int64_t stageBytes = bytesPerStage(cfg.bk);
  bool splitStaged = cfg.splitStaged();
  // cp.async copies 16-byte chunks, so rows must start 16-byte aligned.
  // Stages: as many as leave shared memory for the resident blocks that
  // the registers allow (255 per thread), at most 4. wgmma's 64
  // accumulators per thread leave room for two blocks of 256 threads at 128
  // registers; a TMA producer warpgroup's threads count too, once the
  // schedule takes TMA.
  auto stagesForResidentBlocks = [&]() -> int64_t {
    if (ctx.tiles.stages)
      return ctx.tiles.stages;
    int64_t registersPerThread = cfg.wgmma && cfg.tm * cfg.tn <= 64 ? 128 : 256;
    int64_t residentBlocks =
        std::max<int64_t>(1, 65536 / ((cfg.threads() + cfg.producerThreads()) *
                                      registersPerThread));
    int64_t budget = std::min(kSharedBytesPerSM / residentBlocks,
                              kSharedBytesPerSM - 16 * 1024) -
                     8 * 1024;
    return std::clamp<int64_t>(budget / stageBytes, 2, 4);
  };
  bool mmaStages = cfg.mma != MmaKind::None && aligned && !splitStaged;
  if (mmaStages)
    cfg.stages = stagesForResidentBlocks();
  // The FMA schedule: cp.async stages of 4-byte copies where the ledger's
  // offer takes them or --stages asks; otherwise the slices go through
  // registers into two buffers.
  if (cfg.mma == MmaKind::None && ctx.tiles.stages)
    cfg.stages = ctx.tiles.stages;
  // TMA loads (wgmma's stages with a slice in flight, not the split
  // staging; one block per row tile's candidates). By default without
  // clusters: on the H200, sample-heavy f16 at 128x256 ran in 36.7 ms with
  // TMA, 39.5 ms with cp.async, and 36.8 / 38.7 ms in clusters of 2 / 4
  // that multicast the candidate slices (docs/performance-notes.md,
  // version 12). The boxes must fit TMA (at most 256 rows) and the
  // multicast parts the swizzle's 8-row period. TMA coordinates are
  // signed 32-bit: static extents past that keep cp.async (the runtime
  // rejects dynamic ones). The candidates and the features must be static
  // and present: a launch with an empty tensor-mapped operand is skipped,
  // which is right only when the output is empty too, i.e. when the rows
  // are. With the producer warpgroup, every thread of the launch must
  // still have the registers of one wgmma (a 192x256 tile, 512 threads at
  // 128 registers, did not assemble).
  auto isCoordinate = [](int64_t extent) {
    return extent > 0 && extent <= INT32_MAX;
  };
  int64_t rowsStatic = rowType.getDimSize(0);
  // A split the user asked for runs with TMA in persistent blocks (below);
  // the ledger's own splits, for rows too few to fill the GPU, keep
  // cp.async.
  bool persistentAllowed =
      persistentBlocksAllowed(ctx.tiles.persistent, ctx.tiles.cluster);
  // 3xTF32's split staging takes the TMA schedule's producer and
  // mbarriers (splitProducer) without clusters: three stages of the rows
  // (by TMA) and the candidates' big and small parts fill 144 KiB at 128
  // rows and 168 KiB at 192.
  bool tmaPossible =
      cfg.wgmma && (splitStaged || cfg.stages >= 3) &&
      (cfg.split == 1 ||
       (persistentAllowed && (ctx.tiles.split > 1 || cfg.fewRowsSplit))) &&
      cfg.bm <= 256 &&
      kRegistersPerSM / (cfg.threads() + cfg.tmaProducerThreads()) >=
          wgmmaRegisters(cfg) &&
      (ShapedType::isDynamic(rowsStatic) || rowsStatic <= INT32_MAX) &&
      isCoordinate(dStatic) && isCoordinate(work.candidates);
  // Like `stages`, the cluster option applies to the kernels that can take
  // it; the schedule remark says which did.
  int64_t cluster = ctx.tiles.cluster == -1 ? 1 : ctx.tiles.cluster;
  if (cluster > 0 && tmaPossible && cfg.bn % (8 * cluster) == 0 &&
      (!splitStaged || cluster == 1)) {
    cfg.tma = true;
    cfg.cluster = cluster;
    // The producer warpgroup's threads count against the registers too: a
    // 128x128 tile's 256 consumers and 128 producers leave one block a SM,
    // not the two that the stages above left shared memory for. On the
    // probe (f16 and tf32 split 2 ways) 4 stages ran 0.91x / 0.83x the
    // time of 3 at d = 512 and 0.80x / 0.73x at d = 2048, and 6 stages
    // less well than 4 (docs/performance-notes.md, version 35).
    if (mmaStages)
      cfg.stages = stagesForResidentBlocks();
    // Few rows with more slices than kPrefetchStages (the producers' duty
    // keeps to tiles of more slices than stages, and prefetches their
    // candidate chunks: TiledBuilder::prefetchesChunks): the probe's 3xTF32
    // call ran 5.5% faster with both, and neither alone paid
    // (docs/performance-notes.md, version 31).
    bool prefetchSlices = !ShapedType::isDynamic(dStatic) &&
                          llvm::divideCeil(dStatic, cfg.bk) > kPrefetchStages;
    if (splitStaged)
      cfg.stages = ctx.tiles.stages                     ? ctx.tiles.stages
                   : cfg.fewRowsSplit && prefetchSlices ? kPrefetchStages
                                                        : 3;
  }
  // Persistent blocks: the blocks of a cluster would have to walk the same
  // number of row tiles, which a remainder breaks.
  cfg.persistent = cfg.tma && cfg.cluster == 1 && persistentAllowed;
  int64_t rowTilesEstimate = llvm::divideCeil(work.rows, cfg.bm);
  // certify decides a row where all its candidates meet, so its walk keeps
  // them in one part.
  if (cfg.persistent && !ctx.tiles.split && !cfg.fewRowsSplit && !certify &&
      plan->indexOutput && work.candidates > 0) {
    int64_t resident =
        ctx.tiles.device.multiprocessors *
        (ctx.tiles.minBlocks ? ctx.tiles.minBlocks
                             : defaultMinBlocks(cfg, cfg.stages * stageBytes));
    cfg.split = choosePersistentWalk(
                    rowTilesEstimate, llvm::divideCeil(work.candidates, cfg.bn),
                    double(cfg.bm) * work.features * mmaElemBytes,
                    double(work.candidates) * work.features * mmaElemBytes,
                    resident, ctx.tiles.device.l2Bytes)
                    .parts;
  }
  // Parts that fit a cluster meet in shared memory (clusterSplit); the
  // recheck keeps the atomics, whose second minimum finds each row's
  // second best, and so do multicast clusters.
  // Clusters need sm_90 or later.
  StringRef arch = ctx.tiles.arch;
  unsigned smVersion = 0;
  bool clusters = arch.consume_front("sm_") &&
                  !arch.take_while(llvm::isDigit).getAsInteger(10, smVersion) &&
                  smVersion >= 90;
  // Persistent TMA blocks only, one a SM, and only when every work unit
  // is a block of a cluster that runs at once: a cluster that waits for
  // another's walk doubles the time (the probe's 128 units in clusters of
  // 4 ran 45.5 us against 26.1 us at 120, where the H200 held 30
  // clusters; docs/performance-notes.md, version 27). Blocks that share
  // an SM fared worse in clusters too (the FMA schedule on the probe).
  // --cluster-split=0 keeps the atomics; =1 takes clusters whether or not
  // they all fit at once.
  cfg.clusterSplit = clusters && cfg.tma && cfg.persistent && !recheck &&
                     cfg.cluster == 1 && plan->indexOutput &&
                     clusterPartsAllowed(cfg.split) &&
                     ctx.tiles.clusterSplit != 0 &&
                     (ctx.tiles.clusterSplit == 1 ||
                      clusterPartsFit(rowTilesEstimate * cfg.split, cfg.split,
                                      ctx.tiles.device.multiprocessors));
  if (ctx.tiles.remarks)
    ctx.kernel.emitRemark() << "fuse-map-to-gpu: " << decision;
  // Staged slices: two static buffers (48 KiB at most), or the cp.async
  // stages in dynamic shared memory.
  // 3xTF32 on wgmma: two buffers of big, small and cross tiles, dynamic,
  // or with the split producer the stages of the rows and the candidates'
  // three parts.
  int64_t stagedBytes =
      cfg.mma == MmaKind::None
          ? (cfg.stages ? cfg.stages : 2) * cfg.bk *
                (cfg.bm + cfg.bn + 2 * cfg.fmaRowPadding()) * 4
      : cfg.splitProducer()
          ? cfg.stages * (cfg.bm + (cfg.translatesRows() ? 2 : 3) * cfg.bn) *
                cfg.bk * 4
      : splitStaged ? 2 * 3 * stageBytes
                    : (cfg.stages ? cfg.stages : 2) * stageBytes;
  // The split producer: one block per SM; 192-row tiles' three stages take
  // 168 KiB.
  int64_t stagedLimit = cfg.splitProducer() ? kSharedBytesPerBlock - 8 * 1024
                        : cfg.stages || splitStaged
                            ? kSharedBytesPerSM - 16 * 1024
                            : (cfg.mma == MmaKind::None ? 48 : 46) * 1024;
  bool invalid =
      stagedBytes > stagedLimit ||
      (cfg.mma == MmaKind::None
           ? cfg.bm % cfg.tm || cfg.bn % cfg.tn || cfg.tm % 4 || cfg.tn % 4 ||
                 cfg.bk % 4 || cfg.bk <= 0 || cfg.threads() > 1024 ||
                 cfg.threads() < cfg.bm || cfg.threads() < cfg.bn ||
                 32 % (cfg.bn / cfg.tn)
           : cfg.bm % (cfg.wgmma ? 64 : kMmaWarpRows) || cfg.bn % 8 ||
                 cfg.bn > (cfg.wgmma ? std::min<int64_t>(256, cfg.threads())
                                     : cfg.bm) ||
                 cfg.bk % cfg.mmaK() || cfg.bk % (16 / mmaElemBytes) ||
                 cfg.threads() > 1024 || cfg.bn / 4 > 64);
  // 3xTF32's split producer splits each row fragment in its consumers'
  // registers: at 192 rows three consumer warpgroups take 136 registers a
  // thread beside the producer's 104, and a fourth (256 rows) would leave
  // them 112, below the 64 accumulators and the split's working set.
  if (!invalid && cfg.splitProducer() && cfg.bm > 192)
    return ctx.kernel.emitOpError("invalid tile configuration: ")
           << cfg.bm << "x" << cfg.bn << "x" << cfg.bk
           << " (3xtf32's split producer takes at most 192 rows a tile: "
              "its consumer warpgroups split the rows in registers)";
  if (invalid)
    return ctx.kernel.emitOpError("invalid tile configuration: ")
           << cfg.bm << "x" << cfg.bn << "x" << cfg.bk << " with " << cfg.tm
           << "x" << cfg.tn << " per thread"
           << (cfg.mma != MmaKind::None
                   ? (cfg.wgmma ? " (wgmma: rows a multiple of 64, "
                                  "candidates a multiple of 8 and at most "
                                  "256 and the threads, features a "
                                  "multiple of the MMA's k; "
                                : " (tensor cores: rows a multiple of 32, "
                                  "candidates a multiple of 8 and at most "
                                  "the rows, features a multiple of the "
                                  "MMA's k; ")
                   : " (")
           << "staged slices " << stagedBytes
           << " bytes of shared memory, at most " << stagedLimit << ")";

  // certify: the labels are decided where a row's candidates all meet, in
  // one block (the candidates unsplit, or their parts in a cluster).
  if (certify && (!cfg.splitProducer() || (cfg.split > 1 && !cfg.clusterSplit)))
    return ctx.kernel.emitOpError(
               "--precision=3xtf32-certified decides each row where all its "
               "candidates meet, but the schedule ")
           << (cfg.splitProducer()
                   ? "splits them " + std::to_string(cfg.split) +
                         " ways across blocks outside a cluster"
                   : std::string("is not 3xtf32's split producer"))
           << "; use --split=1 or --cluster-split=1";
  if (certify && ctx.tiles.remarks)
    ctx.kernel.emitRemark()
        << "fuse-map-to-gpu: certified: each candidate's 3xTF32 value carries "
           "a bound on its distance from the "
        << (plan->certifiedGram ? "Gram form's native" : "direct form's")
        << " IEEE value; rows the bounds cannot decide are decided by that "
           "value, for their best "
        << certifiedLevelsFor(dStatic, cfg) - 1
        << " candidates or for all of them";
  TiledBuilder tb(ctx, *plan, cfg);
  tb.recheck = recheck;
  tb.certify = certify;
  tb.certifiedGram = certify && plan->certifiedGram;
  tb.nativeNorms =
      tb.certifiedGram && dStatic > kCertifiedGramCompensatedFeatures;
  if (certify) {
    tb.certifiedLevels = certifiedLevelsFor(dStatic, cfg);
    tb.certifiedDefers = tb.certifiedLevels > 4 && cfg.persistent &&
                         !cfg.clusterSplit && !ShapedType::isDynamic(dStatic) &&
                         dStatic % 4 == 0;
  }
  if (failed(tb.build()))
    return failure();
  // The staged slices fit (checked above); with the norms and the running
  // state beside them the block may still ask for more than it can have,
  // which the launch would only find on the device.
  if (tb.dynamicSharedBytes() > kSharedBytesPerBlock)
    return ctx.kernel.emitOpError("invalid tile configuration: ")
           << cfg.bm << "x" << cfg.bn << "x" << cfg.bk << " with " << cfg.stages
           << " stages needs " << tb.dynamicSharedBytes()
           << " bytes of dynamic shared memory (slices, norms and running "
              "state), at most "
           << kSharedBytesPerBlock << " per block";
  // Launch bounds (see defaultMinBlocks): enough resident warps to hide
  // the shared-memory and global latencies, without spilling.
  int64_t minBlocks = ctx.tiles.minBlocks
                          ? ctx.tiles.minBlocks
                          : defaultMinBlocks(cfg, tb.dynamicSharedBytes());
  // Launch bounds the user asked for must leave a wgmma its registers
  // (wgmmaRegisters); otherwise the kernel fails only when the module
  // loads.
  int64_t launchRegisters =
      kRegistersPerSM / (cfg.launchThreads() * std::max<int64_t>(minBlocks, 1));
  if (cfg.wgmma && launchRegisters < wgmmaRegisters(cfg))
    return ctx.kernel.emitOpError("--min-blocks=")
           << minBlocks << " leaves " << launchRegisters
           << " registers a thread to blocks of " << cfg.launchThreads()
           << " threads; the " << cfg.bm << "x" << cfg.bn
           << " wgmma tile needs " << wgmmaRegisters(cfg)
           << " (its accumulators and addresses)";
  ctx.func->setAttr(
      "nvvm.minctasm",
      IntegerAttr::get(IntegerType::get(ctx.func.getContext(), 32), minBlocks));
  tb.splitRegisters(minBlocks);

  KernelLaunch launch;
  Value rowLeafInput = ctx.kernel.getInputs()[plan->rowLeaf.getArgNumber()];
  Expr n = ctx.dimExpr(rowLeafInput, 0);
  Expr rowTiles =
      Expr::apply(Expr::OpKind::Max, Expr::integer(1),
                  Expr::apply(Expr::OpKind::CDiv, n, Expr::integer(cfg.bm)));
  if (cfg.tma) {
    // The grid is whole clusters: a block past the rows still loads its
    // part of the candidate slices for the others.
    if (cfg.cluster > 1) {
      rowTiles = Expr::apply(
          Expr::OpKind::Mul,
          Expr::apply(Expr::OpKind::CDiv, rowTiles, Expr::integer(cfg.cluster)),
          Expr::integer(cfg.cluster));
      ctx.func->setAttr(
          "nvvm.cluster_dim",
          DenseI32ArrayAttr::get(ctx.func.getContext(),
                                 {static_cast<int32_t>(cfg.cluster), 1, 1}));
    }
    // The split producer's threads load the candidates themselves.
    launch.tensorMaps.push_back(
        {plan->rowLeaf.getArgNumber(), {cfg.bk, cfg.bm}});
    if (!cfg.splitProducer())
      launch.tensorMaps.push_back(
          {plan->colLeaf.getArgNumber(), {cfg.bk, cfg.bn / cfg.cluster}});
  }
  // Persistent blocks: as many as can be resident, a multiple of the
  // candidate parts (each block keeps its part), or one per work item.
  // Clusters of parts: as many as the GPCs hold at once, whatever TPCs
  // the chip lacks (residentClusters); a block past them would wait for a
  // whole cluster's walk.
  if (cfg.persistent) {
    int64_t resident = ctx.tiles.device.multiprocessors * minBlocks;
    if (cfg.clusterSplit)
      resident = residentClusters(ctx.tiles.device.multiprocessors *
                                      std::max<int64_t>(minBlocks, 1),
                                  cfg.split) *
                 cfg.split;
    int64_t blocks =
        std::max<int64_t>(cfg.split, resident / cfg.split * cfg.split);
    rowTiles = Expr::apply(
        Expr::OpKind::Min,
        Expr::apply(Expr::OpKind::Mul, rowTiles, Expr::integer(cfg.split)),
        Expr::integer(blocks));
  }
  launch.grid = {rowTiles,
                 Expr::integer(cfg.persistent ? 1 : cfg.split),
                 Expr::integer(1)};
  // A row tile's parts are one cluster: consecutive blocks of the
  // persistent launch (work unit w is part w % split).
  if (cfg.clusterSplit)
    ctx.func->setAttr(
        "nvvm.cluster_dim",
        DenseI32ArrayAttr::get(ctx.func.getContext(),
                               {static_cast<int32_t>(cfg.split), 1, 1}));
  launch.block = {Expr::integer(cfg.launchThreads()), Expr::integer(1),
                  Expr::integer(1)};
  launch.sharedBytes = Expr::integer(tb.dynamicSharedBytes());
  std::string remark;
  llvm::raw_string_ostream os(remark);
  os << "tiled running minimum: " << cfg.bm << "x" << cfg.bn << " block tile, "
     << cfg.bk << " features per slice, " << cfg.tm << "x" << cfg.tn
     << " per thread, " << cfg.threads() << " threads";
  if (cfg.mma != MmaKind::None) {
    if (cfg.wgmma)
      os << ", tensor-core wgmma m64n" << cfg.bn << "k" << cfg.mmaK()
         << " from shared memory (";
    else
      os << ", tensor-core mma.sync m16n8k" << cfg.mmaK() << " (";
    os << (cfg.mma == MmaKind::F16    ? "f16"
           : cfg.mma == MmaKind::BF16 ? "bf16"
           : cfg.mma == MmaKind::TF32 ? "tf32"
                                      : "3xtf32")
       << ", f32 accumulation)"
       << (cfg.wgmma ? ", matrix descriptors" : ", ldmatrix fragments");
    if (cfg.splitProducer())
      os << ", candidate slices split once into TF32 big, small and cross "
            "tiles by "
         << (cfg.producerThreads() > kProducerThreads
                 ? "two producer warpgroups"
                 : "one producer warpgroup")
         << ", rows by TMA and split in registers (A from registers), "
         << cfg.stages << " stages with mbarriers (" << tb.dynamicSharedBytes()
         << " bytes of dynamic shared memory)"
         << (cfg.persistent
                 ? ", persistent blocks that cache the candidate norms"
                 : "")
         << (cfg.translatesRows()
                 ? ", rows measured from the mean of the first candidate's "
                   "first " +
                       std::to_string(kOriginFeatures) + " features (" +
                       (tb.producerSumsNorms()
                            ? "computed by the consumers; mu times the "
                              "candidates' feature sums, which the producers "
                              "sum"
                            : "its dot products summed by the candidate "
                              "duty") +
                       "; non-finite sums recomputed)"
                 : std::string())
         << (tb.producerSumsNorms()
                 ? ", candidate norms summed by the producers from their "
                   "registers (handed over behind a named barrier)"
                 : "");
    else if (splitStaged)
      os << ", slices split once into TF32 big, small and cross tiles "
            "through registers, 2 buffers ("
         << tb.dynamicSharedBytes() << " bytes of dynamic shared memory)";
    else if (cfg.tma)
      os << ", " << cfg.stages << " TMA stages with mbarriers ("
         << tb.dynamicSharedBytes()
         << " bytes of dynamic shared memory) filled by a producer warpgroup"
         << (cfg.persistent
                 ? ", persistent blocks that cache the candidate norms"
                 : "")
         << (cfg.cluster > 1 ? ", clusters of " + std::to_string(cfg.cluster) +
                                   " blocks multicasting the candidate slices"
                             : std::string());
    else if (cfg.stages)
      os << ", " << cfg.stages << " cp.async stages ("
         << tb.dynamicSharedBytes() << " bytes of dynamic shared memory)";
    else
      os << ", slices staged through registers (rows not 16-byte aligned)";
  } else if (cfg.stages) {
    os << ", " << cfg.stages
       << " cp.async stages of 4-byte copies, transposed ("
       << tb.dynamicSharedBytes() << " bytes of dynamic shared memory)";
  }
  if (plan->rowReductions.size() + plan->colReductions.size())
    os << ", " << plan->rowReductions.size() << " row and "
       << plan->colReductions.size() << " candidate norms from the slices";
  if (cfg.clusterSplit)
    os << ", candidates split over " << cfg.split
       << " blocks of a cluster (their (value, index) pairs meet in the first "
          "block's shared memory)";
  else if (cfg.split > 1)
    os << ", candidates split over " << cfg.split
       << " blocks (atomic (value, index) minimum)";
  if (recheck)
    os << ", each row's best two candidates (atomic minima in the labels "
          "and a scratch buffer), decided again in IEEE fp32 by the merge "
          "entry (one FMA a feature for the pairwise sums, the norms summed "
          "in f64)";
  if ((cfg.split > 1 && !cfg.clusterSplit) || recheck) {
    launch.memsetOutputs.push_back(*plan->indexOutput);
    // A thread per row, 256 a block. The recheck's thread runs two FMA
    // chains over the row and loads it and both candidates: latency- and
    // load-bound, so rows too few for a block of 256 per SM go in smaller
    // blocks that reach more SMs. On the probe (4096 rows, 16 blocks of 256
    // on 16 SMs) the merge took about 50 us (runs 2 and 3,
    // docs/performance-notes.md, version 25).
    int64_t mergeThreads = 256;
    if (recheck)
      while (mergeThreads > 32 && work.rows / mergeThreads <
                                      int64_t(ctx.tiles.device.multiprocessors))
        mergeThreads /= 2;
    tb.mergeThreads = mergeThreads;
    launch.mergeEntry = (ctx.kernel.getSymName() + "_merge").str();
    if (failed(tb.buildMerge(launch.mergeEntry)))
      return failure();
    launch.mergeSharedBytes = tb.mergeSharedBytes;
    launch.mergeGrid = {
        Expr::apply(Expr::OpKind::Max, Expr::integer(1),
                    Expr::apply(Expr::OpKind::Min,
                                Expr::integer(1056 * 256 / mergeThreads),
                                Expr::apply(Expr::OpKind::CDiv, n,
                                            Expr::integer(mergeThreads)))),
        Expr::integer(1), Expr::integer(1)};
    launch.mergeBlock = {Expr::integer(mergeThreads * tb.mergeWarps()),
                         Expr::integer(1), Expr::integer(1)};
  }
  if (tb.certifiedDefers) {
    os << ", rows the bounds leave open among all candidates listed for a "
          "deferred pass over the whole GPU ("
       << kDeferredListRows << " at most; the rest in their block)";
    launch.sharedScratchWords = 1 + kDeferredListRows;
    launch.mergeEntry = (ctx.kernel.getSymName() + "_deferred").str();
    if (failed(tb.buildDeferredPass(launch.mergeEntry)))
      return failure();
    launch.mergeSharedBytes = tb.mergeSharedBytes;
    launch.mergeGrid = {
        Expr::integer(2 * int64_t(ctx.tiles.device.multiprocessors)),
        Expr::integer(1), Expr::integer(1)};
    launch.mergeBlock = {Expr::integer(kDeferredPassThreads), Expr::integer(1),
                         Expr::integer(1)};
    launch.finishEntry = (ctx.kernel.getSymName() + "_deferred_labels").str();
    if (failed(tb.buildDeferredUnpack(launch.finishEntry)))
      return failure();
    launch.finishGrid = {
        Expr::integer(kDeferredListRows / kDeferredPassThreads),
        Expr::integer(1), Expr::integer(1)};
    launch.finishBlock = {Expr::integer(kDeferredPassThreads), Expr::integer(1),
                          Expr::integer(1)};
  }
  os << "; " << decision;
  launch.remark = remark;
  return launch;
}
