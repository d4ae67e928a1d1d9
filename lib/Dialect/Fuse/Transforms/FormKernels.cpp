//===- FormKernels.cpp - partition a function into fused kernels ----------===//
//
// Part of fusec. Implements fuse-form-kernels: greedy producer-consumer
// fusion of the fuse ops of a function into fuse.kernel regions.
//
//===----------------------------------------------------------------------===//

#include "fusec/Analysis/ByteLedger.h"
#include "fusec/Analysis/Shapes.h"
#include "fusec/Dialect/Fuse/Transforms/Passes.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <functional>
#include <optional>

namespace mlir {
namespace fuse {
#define GEN_PASS_DEF_FUSEFORMKERNELS
#include "fusec/Dialect/Fuse/Transforms/Passes.h.inc"
} // namespace fuse
} // namespace mlir

using namespace mlir;
using namespace mlir::fuse;

namespace {

/// Ops that are cloned into every kernel that uses them instead of being
/// passed in: constants and index computations on shapes.
bool isCloneable(Operation *op) {
  return op->hasTrait<OpTrait::ConstantLike>() || isa<tensor::DimOp>(op);
}

/// Ops that fusion groups into kernels.
bool isFusible(Operation *op) {
  if (!isa<FuseDialect>(op->getDialect()))
    return false;
  return !isa<KernelOp, YieldOp>(op) && !isCloneable(op);
}

/// True when `to` has more elements than `from` after NumPy alignment, that
/// is, when a value of type `from` is broadcast into `to`.
bool expands(Type from, Type to) {
  auto fromType = cast<RankedTensorType>(from);
  auto toType = cast<RankedTensorType>(to);
  int64_t offset = toType.getRank() - fromType.getRank();
  for (int64_t i = 0; i < toType.getRank(); ++i) {
    int64_t toSize = toType.getDimSize(i);
    int64_t fromSize = i >= offset ? fromType.getDimSize(i - offset) : 1;
    if (fromSize == 1 && toSize != 1)
      return true;
  }
  return false;
}

/// A fusion group: a set of ops that becomes one kernel.
struct Group {
  llvm::SetVector<Operation *> ops;
  /// The shape every output of the group has (its iteration domain), as
  /// KernelFormer::domainOf encodes it: dynamic sizes by size symbol.
  SmallVector<int64_t> domain;
  bool hasIndexReduction = false;
  bool dead = false;
};

/// Which producers may be recomputed inside a consumer kernel that
/// broadcasts their result. Without a decision for an op, the former uses
/// the documented fallback rule and records the op as undecided.
struct RecomputePolicy {
  /// Decisions by op (keyed by the op's position in the function, so that
  /// they carry over to clones of it).
  DenseMap<unsigned, bool> decided;
  /// Ops the former met without a decision, in the order it met them.
  SmallVector<unsigned> undecided;
  /// Whether to ask the fallback rule instead of allowing undecided ops.
  bool fallbackRule = true;
};

class KernelFormer {
public:
  KernelFormer(func::FuncOp func, bool fuseIndexReductions,
               RecomputePolicy &policy)
      : func(func), fuseIndexReductions(fuseIndexReductions), policy(policy) {
    unsigned position = 0;
    for (Operation &op : func.getBody().front())
      positions[&op] = position++;
  }

  LogicalResult run();

private:
  int groupOf(Operation *op) const {
    auto it = opGroup.find(op);
    return it == opGroup.end() ? -1 : it->second;
  }
  void addToGroup(Operation *op, int group);
  int newGroup(Operation *op);
  bool canJoin(Operation *op, int group, bool hasExternalUses);
  bool reachesThroughOtherGroups(int from, int to);
  int mergeGroups(ArrayRef<int> ids);
  bool isBroadcastInGroup(Value value, int group, DenseSet<Value> &visited);
  SmallVector<int64_t> domainOf(Value value);
  LogicalResult materialize(int group, int index);

  func::FuncOp func;
  bool fuseIndexReductions;
  RecomputePolicy &policy;
  /// Dynamic sizes are equal only when they have one size symbol: two
  /// `tensor<?xf32>` values of different lengths must not share a domain.
  fuse::SizeSymbols symbols;
  int64_t nextUnknown = 0;
  DenseMap<Operation *, unsigned> positions;
  std::vector<Group> groups;
  DenseMap<Operation *, int> opGroup;
};

void KernelFormer::addToGroup(Operation *op, int group) {
  groups[group].ops.insert(op);
  opGroup[op] = group;
  if (isIndexReduction(op) || isa<RunningMinOp>(op))
    groups[group].hasIndexReduction = true;
}

int KernelFormer::newGroup(Operation *op) {
  groups.emplace_back();
  groups.back().domain = domainOf(op->getResult(0));
  int id = groups.size() - 1;
  addToGroup(op, id);
  return id;
}

/// Whether `value`, once in `group`, is used at more points than it has
/// elements, following elementwise and shape users (which do not iterate
/// on their own) up to the reductions and outputs that do.
bool KernelFormer::isBroadcastInGroup(Value value, int group,
                                      DenseSet<Value> &visited) {
  // Chains of running updates reach a value along many paths; look once.
  if (!visited.insert(value).second)
    return false;
  for (Operation *user : value.getUsers()) {
    if (groupOf(user) != group)
      continue;
    if (isValueReduction(user) || isIndexReduction(user) ||
        isa<RunningMinOp>(user))
      continue;
    Value result = user->getResult(0);
    if (expands(value.getType(), result.getType()))
      return true;
    if (isBroadcastInGroup(result, group, visited))
      return true;
  }
  return false;
}

bool KernelFormer::canJoin(Operation *op, int group, bool hasExternalUses) {
  Group &g = groups[group];
  // An op whose result also leaves the kernel becomes one of its outputs,
  // and all outputs share one iteration domain.
  if (hasExternalUses &&
      domainOf(op->getResult(0)) != g.domain)
    return false;
  if (!isValueReduction(op) && !isIndexReduction(op))
    return true;
  bool feedsIndexReduction = llvm::any_of(op->getUsers(), [&](Operation *u) {
    return groupOf(u) == group && isIndexReduction(u);
  });
  if (feedsIndexReduction && !fuseIndexReductions)
    return false;
  // A reduction whose result the kernel broadcasts is recomputed wherever
  // it is broadcast: the byte ledger decides (see the pass description).
  DenseSet<Value> visited;
  if (!isBroadcastInGroup(op->getResult(0), group, visited))
    return true;
  unsigned position = positions.lookup(op);
  auto decision = policy.decided.find(position);
  if (decision != policy.decided.end())
    return decision->second;
  if (!llvm::is_contained(policy.undecided, position))
    policy.undecided.push_back(position);
  // The fallback rule: only a running-min kernel computes such a value
  // once per tile.
  if (policy.fallbackRule)
    return g.hasIndexReduction && fuseIndexReductions;
  return true;
}

/// Whether a value produced in group `from` flows into group `to` through
/// at least one op of a third group. Merging such groups would create a
/// cycle between kernels.
bool KernelFormer::reachesThroughOtherGroups(int from, int to) {
  SmallVector<Operation *> worklist;
  DenseSet<Operation *> seen;
  for (Operation *op : groups[from].ops)
    for (Operation *user : op->getUsers())
      if (groupOf(user) != from && groupOf(user) != to)
        worklist.push_back(user);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!seen.insert(op).second)
      continue;
    if (groupOf(op) == to)
      return true;
    for (Operation *user : op->getUsers())
      worklist.push_back(user);
  }
  return false;
}

int KernelFormer::mergeGroups(ArrayRef<int> ids) {
  int target = ids.front();
  for (int id : ids.drop_front()) {
    for (Operation *op : groups[id].ops)
      addToGroup(op, target);
    groups[id].ops.clear();
    groups[id].dead = true;
  }
  return target;
}

/// The shape of `value` with each dynamic size replaced by its size symbol
/// (encoded below -1), or by a code no other size has when it cannot be
/// traced to a function argument.
SmallVector<int64_t> KernelFormer::domainOf(Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> domain;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d)) {
      domain.push_back(type.getDimSize(d));
      continue;
    }
    FailureOr<int> symbol = symbols.symbolOf(value, d);
    domain.push_back(succeeded(symbol) ? -2 - *symbol
                                       : ShapedType::kDynamic + ++nextUnknown);
  }
  return domain;
}

LogicalResult KernelFormer::run() {
  Block &body = func.getBody().front();
  // Dead values (say, the final distance of a running loop that returns
  // only labels) must not become kernels of their own.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isa<FuseDialect>(op.getDialect()) && isOpTriviallyDead(&op))
      op.erase();
  symbols = fuse::computeSizeSymbols(func);
  SmallVector<Operation *> ops;
  for (Operation &op : body.without_terminator())
    ops.push_back(&op);

  for (Operation *op : llvm::reverse(ops)) {
    if (isa<KernelOp>(op))
      continue;
    if (!isFusible(op)) {
      if (!isCloneable(op) && isa<FuseDialect>(op->getDialect()))
        return op->emitOpError("cannot be placed in a kernel");
      continue;
    }
    if (op->getNumResults() != 1 && !isa<RunningMinOp>(op))
      return op->emitOpError("expected one result");

    llvm::SetVector<int> consumers;
    bool hasExternalUses = false;
    for (Operation *user : op->getUsers()) {
      int g = groupOf(user);
      if (g < 0)
        hasExternalUses = true;
      else
        consumers.insert(g);
    }

    int target = -1;
    if (consumers.size() == 1 &&
        canJoin(op, consumers.front(), hasExternalUses)) {
      target = consumers.front();
    } else if (consumers.size() > 1) {
      // Sibling fusion: consumer kernels with one iteration domain merge
      // around their shared producer, unless another kernel sits between
      // them.
      ArrayRef<int64_t> domain = groups[consumers.front()].domain;
      bool mergeable = llvm::all_of(consumers, [&](int g) {
        return ArrayRef<int64_t>(groups[g].domain) == domain;
      });
      for (int a : consumers)
        for (int b : consumers)
          if (mergeable && a != b && reachesThroughOtherGroups(a, b))
            mergeable = false;
      if (mergeable) {
        int merged = mergeGroups(consumers.getArrayRef());
        if (canJoin(op, merged, hasExternalUses))
          target = merged;
      }
    }
    if (target >= 0)
      addToGroup(op, target);
    else
      newGroup(op);
  }

  int index = 0;
  for (size_t g = 0; g < groups.size(); ++g)
    if (!groups[g].dead && !groups[g].ops.empty())
      if (failed(materialize(g, index++)))
        return failure();

  // Kernels were placed where their last op was; restore def-before-use.
  sortTopologically(&body);

  // Constants and shape queries that kernels cloned are dead now.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isCloneable(&op) && op.use_empty())
      op.erase();
  return success();
}

LogicalResult KernelFormer::materialize(int group, int index) {
  Group &g = groups[group];
  // Keep the ops in program order.
  SmallVector<Operation *> ops(g.ops.begin(), g.ops.end());
  llvm::sort(ops, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  DenseSet<Operation *> members(ops.begin(), ops.end());

  llvm::SetVector<Value> inputs;
  llvm::SetVector<Value> outputs;
  for (Operation *op : ops) {
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (def && (members.contains(def) || op->isAncestor(def)))
          continue;
        if (def && isCloneable(def)) {
          // tensor.dim reads the shape of its source, which then becomes an
          // input unless it is produced inside the kernel.
          if (auto dim = dyn_cast<tensor::DimOp>(def)) {
            Operation *src = dim.getSource().getDefiningOp();
            if (!src || !members.contains(src))
              inputs.insert(dim.getSource());
          }
          continue;
        }
        inputs.insert(operand);
      }
    });
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers())
        if (!members.contains(user)) {
          outputs.insert(result);
          break;
        }
  }

  // Function arguments first, in their order, then values of other
  // kernels in program order: kernels then read like the function.
  SmallVector<Value> sortedInputs(inputs.begin(), inputs.end());
  llvm::stable_sort(sortedInputs, [](Value a, Value b) {
    auto argA = dyn_cast<BlockArgument>(a), argB = dyn_cast<BlockArgument>(b);
    if (argA && argB)
      return argA.getArgNumber() < argB.getArgNumber();
    if (argA || argB)
      return static_cast<bool>(argA);
    return a.getDefiningOp()->isBeforeInBlock(b.getDefiningOp());
  });
  inputs = llvm::SetVector<Value>(sortedInputs.begin(), sortedInputs.end());
  for (Value input : inputs)
    if (!isa<RankedTensorType>(input.getType()))
      return ops.front()->emitOpError("uses a non-tensor value that is not a "
                                      "constant; it cannot enter a kernel");

  OpBuilder builder(ops.back());
  std::string name =
      (func.getSymName() + "_k" + std::to_string(index)).str();
  auto kernel = KernelOp::create(builder, ops.back()->getLoc(), name,
                                 ValueRange(outputs.getArrayRef()).getTypes(),
                                 inputs.getArrayRef());
  Block &block = kernel.getBodyBlock();
  IRMapping mapping;
  for (auto [input, arg] : llvm::zip(inputs, block.getArguments()))
    mapping.map(input, arg);

  builder.setInsertionPointToStart(&block);
  // Clone the constants and shape queries the ops need (and what those
  // need: a tensor.dim's index constant), then the ops.
  std::function<void(Operation *)> cloneDeps = [&](Operation *op) {
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (!def || !isCloneable(def) || mapping.contains(operand))
          continue;
        cloneDeps(def);
        builder.clone(*def, mapping);
      }
    });
  };
  for (Operation *op : ops) {
    cloneDeps(op);
    builder.clone(*op, mapping);
  }
  SmallVector<Value> yielded;
  for (Value output : outputs)
    yielded.push_back(mapping.lookup(output));
  YieldOp::create(builder, kernel.getLoc(), yielded);

  for (auto [output, result] : llvm::zip(outputs, kernel.getResults()))
    Value(output).replaceAllUsesWith(result);
  for (Operation *op : llvm::reverse(ops))
    op->erase();
  return success();
}

/// The byte ledger's view of one way to partition the function.
struct TrialPlan {
  int64_t bytes = 0;
  int64_t flops = 0;
  int64_t launches = 0;
};

/// Decides, with the byte ledger, which broadcast producers are recomputed
/// inside their consumer's kernel: each candidate is tried both ways on a
/// clone of the function, and the plan that moves fewer bytes wins unless
/// it executes more than `computeBlowupLimit` times the eager plan's FLOPs.
class RecomputeDecider {
public:
  RecomputeDecider(func::FuncOp func, bool fuseIndexReductions,
                   int64_t assumedSize, double computeBlowupLimit,
                   bool remarks)
      : func(func), fuseIndexReductions(fuseIndexReductions),
        computeBlowupLimit(computeBlowupLimit), remarks(remarks) {
    sizes.bindAll("n", assumedSize);
  }

  /// Fills `policy.decided`; ops the ledger cannot cost keep the fallback
  /// rule, with a remark saying so.
  void decide(RecomputePolicy &policy);

private:
  /// Costs the partition `policy` gives; the ops it met undecided are
  /// appended to `policy.undecided`.
  std::optional<TrialPlan> evaluate(RecomputePolicy &policy, std::string &why);
  Operation *opAt(unsigned position) {
    return &*std::next(func.getBody().front().begin(), position);
  }

  func::FuncOp func;
  bool fuseIndexReductions;
  double computeBlowupLimit;
  bool remarks;
  SizeBindings sizes;
};

std::optional<TrialPlan>
RecomputeDecider::evaluate(RecomputePolicy &policy, std::string &why) {
  // The trial works on a clone in a scratch module; its diagnostics are
  // the ledger's business, not the user's.
  OpBuilder builder(func.getContext());
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(func.getLoc());
  builder.setInsertionPointToEnd(scratch->getBody());
  auto clone = cast<func::FuncOp>(builder.clone(*func));
  std::string firstError;
  ScopedDiagnosticHandler silence(func.getContext(), [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error && firstError.empty())
      firstError = diag.str();
    return success();
  });
  bool fallbackRule = policy.fallbackRule;
  policy.fallbackRule = false;
  KernelFormer former(clone, fuseIndexReductions, policy);
  LogicalResult formed = former.run();
  policy.fallbackRule = fallbackRule;
  if (failed(formed)) {
    why = firstError;
    return std::nullopt;
  }
  FailureOr<PlanCost> plan =
      computePlan(clone, PlanKind::Fused, sizes, /*rowTile=*/64);
  if (failed(plan)) {
    why = firstError;
    return std::nullopt;
  }
  return TrialPlan{plan->total.getBytes(), plan->total.getTotalFlops(true),
                   plan->total.launches};
}

void RecomputeDecider::decide(RecomputePolicy &policy) {
  std::string why;
  FailureOr<PlanCost> eager;
  {
    ScopedDiagnosticHandler silence(func.getContext(), [&](Diagnostic &diag) {
      if (why.empty())
        why = diag.str();
      return success();
    });
    eager = computePlan(func, PlanKind::Eager, sizes, /*rowTile=*/64);
  }
  // Discover the candidates: the ops a maximal fusion would recompute.
  RecomputePolicy discovery = policy;
  if (failed(eager) || !evaluate(discovery, why)) {
    if (remarks && !discovery.undecided.empty())
      func.emitRemark() << "fuse-form-kernels: the byte ledger cannot cost "
                           "this function ("
                        << why << "); broadcast reductions follow the "
                                  "fallback rule";
    return;
  }
  int64_t eagerFlops = eager->total.getTotalFlops(true);
  // Decide one candidate at a time, in the order fusion meets them; a
  // decision can reveal new candidates, which join the queue.
  for (size_t i = 0; i < discovery.undecided.size(); ++i) {
    unsigned position = discovery.undecided[i];
    if (policy.decided.count(position))
      continue;
    RecomputePolicy allow = policy, deny = policy;
    allow.decided[position] = true;
    deny.decided[position] = false;
    std::string allowWhy, denyWhy;
    std::optional<TrialPlan> allowed = evaluate(allow, allowWhy);
    std::optional<TrialPlan> denied = evaluate(deny, denyWhy);
    Operation *op = opAt(position);
    if (!allowed || !denied) {
      if (remarks)
        op->emitRemark() << "fuse-form-kernels: the byte ledger cannot cost "
                            "this choice ("
                         << (allowed ? denyWhy : allowWhy)
                         << "); the fallback rule decides";
      continue;
    }
    double flopRatio =
        eagerFlops > 0 ? double(allowed->flops) / double(eagerFlops) : 1.0;
    bool fewerBytes = allowed->bytes < denied->bytes ||
                      (allowed->bytes == denied->bytes &&
                       allowed->launches < denied->launches);
    bool recompute = fewerBytes && flopRatio <= computeBlowupLimit;
    policy.decided[position] = recompute;
    for (unsigned extra : allow.undecided)
      if (!llvm::is_contained(discovery.undecided, extra))
        discovery.undecided.push_back(extra);
    if (remarks) {
      InFlightDiagnostic remark = op->emitRemark();
      remark << "fuse-form-kernels: "
             << (recompute ? "recomputed in its consumer's kernel"
                           : "kept as a kernel of its own")
             << ": recomputing moves " << allowed->bytes << " bytes against "
             << denied->bytes << " (" << allowed->launches << " against "
             << denied->launches << " launches) and executes "
             << llvm::formatv("{0:g}", flopRatio).str()
             << "x the eager FLOPs (limit "
             << llvm::formatv("{0:g}", computeBlowupLimit).str() << ") at "
             << sizes.str();
    }
  }
}

struct FuseFormKernelsPass
    : public mlir::fuse::impl::FuseFormKernelsBase<FuseFormKernelsPass> {
  using FuseFormKernelsBase::FuseFormKernelsBase;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (!func.getBody().hasOneBlock()) {
      func.emitOpError("fuse-form-kernels expects a single-block function");
      return signalPassFailure();
    }
    if (assumedSize <= 0 || computeBlowupLimit <= 0) {
      func.emitOpError("fuse-form-kernels: assumed-size and "
                       "compute-blowup-limit must be positive");
      return signalPassFailure();
    }
    RecomputePolicy policy;
    if (useLedger)
      RecomputeDecider(func, fuseIndexReductions, assumedSize,
                       computeBlowupLimit, emitRemarks)
          .decide(policy);
    KernelFormer former(func, fuseIndexReductions, policy);
    if (failed(former.run()))
      signalPassFailure();
  }
};

} // namespace

LogicalResult mlir::fuse::formKernels(func::FuncOp func,
                                      bool fuseIndexReductions,
                                      int64_t assumedSize,
                                      double computeBlowupLimit) {
  RecomputePolicy policy;
  RecomputeDecider(func, fuseIndexReductions, assumedSize, computeBlowupLimit,
                   /*remarks=*/false)
      .decide(policy);
  KernelFormer former(func, fuseIndexReductions, policy);
  return former.run();
}
