//===- Passes.td - fuse dialect passes ---------------------*- tablegen -*-===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_DIALECT_FUSE_TRANSFORMS_PASSES_TD
#define FUSEC_DIALECT_FUSE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def FuseFormKernels : Pass<"fuse-form-kernels", "func::FuncOp"> {
  let summary = "Partition a function's op DAG into fused kernels";
  let description = [{
    Groups the fuse ops of a function into `fuse.kernel` regions by
    producer-consumer fusion, visiting ops from the function's results
    backwards:

    - elementwise ops fuse into elementwise consumers and into reductions;
    - broadcasts (`expand_dims`, `broadcast_to`, `transpose`, `take`) fuse
      into their consumers and become indexing, never data;
    - a reduction fuses into the index reduction (or running minimum) that
      consumes it;
    - constants are cloned into every kernel that uses them.

    A producer joins a consumer kernel only when every use of its result is
    inside that kernel, or when the kernel writes the result anyway as an
    output of the same shape. Kernels that share a producer and have the
    same output shape merge (sibling fusion), so the seeds' running step is
    one kernel that writes both the new distances and the new labels.

    Recomputation is the byte ledger's decision. A value reduction whose
    result a consumer broadcasts (the centroid norms `cc[j]` of the Gram
    form, used at every `(i, j)`; the row maximum of `x - max(x)`) would be
    recomputed wherever it is broadcast. For each such reduction the pass
    costs both partitions of the function with the ledger (`computePlan`,
    tiled FLOPs, dynamic sizes bound to `assumed-size`): it is recomputed
    inside the consumer's kernel only when that plan moves fewer bytes (or
    as many in fewer launches) and executes at most `compute-blowup-limit`
    times the eager plan's FLOPs; otherwise it becomes a kernel of its own
    and its small result is written to memory. So the Gram form's norms
    fuse into the assignment kernel (a running-min schedule computes them
    once per row tile: about 1.6% more FLOPs) and a softmax's row maximum
    does not (its recomputation multiplies the FLOPs by the row length).
    With `emit-remarks` every decision is a remark with its bytes, launches
    and FLOP ratio. When the ledger cannot cost a function (an op it does
    not model, sizes that overflow), or with `use-ledger=false`, the
    fallback rule decides: such a reduction fuses only into kernels that
    end in an index reduction.

    With `fuse-index-reductions=false` an index reduction does not absorb
    the reduction that feeds it, which reproduces torch.compile's plan
    (distance kernel, then argmin kernel) for comparison.
  }];
  let options = [
    Option<"fuseIndexReductions", "fuse-index-reductions", "bool",
           /*default=*/"true",
           "Fuse a reduction into the index reduction that consumes it">,
    Option<"useLedger", "use-ledger", "bool", /*default=*/"true",
           "Decide recomputation with the byte ledger (else the fallback "
           "rule)">,
    Option<"assumedSize", "assumed-size", "int64_t", /*default=*/"4096",
           "Size the ledger assumes for every dynamic dimension">,
    Option<"computeBlowupLimit", "compute-blowup-limit", "double",
           /*default=*/"2.0",
           "Most FLOPs a fused plan may execute, as a multiple of the eager "
           "plan's">,
    Option<"emitRemarks", "emit-remarks", "bool", /*default=*/"false",
           "Report each fusion decision as a remark">,
  ];
  let dependentDialects = ["fuse::FuseDialect", "arith::ArithDialect",
                           "tensor::TensorDialect"];
}

def FuseChooseForm : Pass<"fuse-choose-form", "func::FuncOp"> {
  let summary = "Choose the direct or the Gram form of squared distances";
  let description = [{
    A squared distance written directly, `sum((a - b)^2, r)`, can also be
    computed in the Gram form `sum(a^2, r) + sum(b^2, r) - 2 sum(a b, r)`:
    one FMA per term instead of a subtraction and an FMA, with the norms
    computed once per tile. The two are equal in exact arithmetic only, so
    the rewrite is a reassociation that the user must allow
    (`allow-reassociation`, off by default; the Gram form loses accuracy
    to cancellation when distances are small against the norms).

    When it is allowed, the byte ledger decides: each candidate is costed
    both ways on a clone of the function, fused as `fuse-form-kernels`
    would fuse it, and the form whose fused plan has the lower predicted
    floor time (`device` profile, dynamic sizes at `assumed-size`) is
    kept. With `emit-remarks` the decision and both floors are a remark.

    Candidates: a `fuse.sum` over dimension `r` of `fuse.square` of a
    `fuse.sub` whose operands both span `r` (neither is broadcast along
    it), so that each norm is a plain reduction of one operand.
  }];
  let options = [
    Option<"allowReassociation", "allow-reassociation", "bool",
           /*default=*/"false",
           "Allow rewriting the direct form into the Gram form">,
    Option<"assumedSize", "assumed-size", "int64_t", /*default=*/"4096",
           "Size the ledger assumes for every dynamic dimension">,
    Option<"device", "device", "std::string", /*default=*/"\"h200\"",
           "Device profile of the ledger (h200, l4 or a JSON file)">,
    Option<"emitRemarks", "emit-remarks", "bool", /*default=*/"false",
           "Report each decision as a remark">,
    Option<"precision", "precision", "std::string", /*default=*/"\"ieee\"",
           "The GPU schedule's precision for f32 Gram-form products (ieee, "
           "tf32, 3xtf32): under tf32/3xtf32 the ledger costs the Gram form "
           "at the tensor-core rate">,
  ];
  let dependentDialects = ["fuse::FuseDialect"];
}

def FuseArgminToRunningMin : Pass<"fuse-argmin-to-running-min",
                                  "func::FuncOp"> {
  let summary = "Rewrite index reductions into running-minimum loops";
  let description = [{
    Turns `argmin_j V` (and `argmax`, `reduce_min`, `reduce_max`), where `V`
    is computed by the surrounding ops, into a `fuse.running_min` loop over
    `j` whose body computes the slice `V[..., j, ...]` and which carries the
    best (value, index) pair. The slice is built by pushing the index `j`
    through `V`'s producers down to the tensors that carry the dimension
    (`fuse.take`), so the reduction over the feature axis ends up nested
    inside the loop over candidates and no `(n, k)` value exists. Values
    that do not depend on `j` (the sample norms of the Gram form) are
    hoisted out of the loop.

    The pass also recognises the seeds' user-written running forms: a chain
    of `better = cmp lt(d_t, best)`, `best = where(better, d_t, best)`,
    `idx = where(better, t, idx)` steps over `take(c, t)` becomes one
    `fuse.running_min` with the chain's initial state and `nan = ignore`,
    which keeps the user's strict `<` semantics. A single step with a
    runtime index becomes a one-trip running minimum with an `offset`.

    Ties keep the lowest index; `argmin`/`argmax` use `nan = propagate`
    (the first NaN wins, as in torch).
  }];
  let dependentDialects = ["fuse::FuseDialect", "arith::ArithDialect",
                           "tensor::TensorDialect"];
}

def FuseByteLedger : Pass<"fuse-byte-ledger", "ModuleOp"> {
  let summary = "Count bytes, FLOPs and launches of the eager and fused plans";
  let description = [{
    The byte ledger (DESIGN.md, docs/ledger.md). For every function it
    counts a plan at the sizes given by `sizes`: per kernel the bytes read
    and written (each input once, each output once), FLOPs by element type,
    transcendentals and launches; per plan the peak bytes allocated above
    the inputs, temporaries freed before return included. The `device`
    profile turns the counts into a floor time, max(bytes / bandwidth,
    FLOPs / rate) + launches x launch overhead, and a regime (launch-,
    memory- or compute-bound).

    The eager plan must be counted on the program as written and the fused
    plan after fusion, so with `plan=both` (the default) the pass is run
    twice:

    ```
    fuse-opt f.mlir -fuse-byte-ledger=sizes=n=4096 -fuse-fusion-pipeline \
                    -fuse-byte-ledger=sizes=n=4096
    ```

    A function without `fuse.kernel` gets its eager plan recorded in
    `fuse.ledger.eager`, which survives the fusion pipeline. A function with
    kernels gets the fused plan in `fuse.ledger.fused`, a `fuse.ledger`
    dictionary on each kernel and, when an eager plan was recorded at the
    same sizes, the comparison and decision in `fuse.ledger.decision`.
    `plan=eager` or `plan=fused` forces one reading of the function.

    With `measurements`, every row of that JSON file that names a function
    and the plan being counted is held against the plan's floor at the
    row's sizes: a remark gives its regime and fraction of the roof, a
    warning flags a time faster than its own floor or below 20% of its roof.
  }];
  let options = [
    Option<"device", "device", "std::string", /*default=*/"\"h200\"",
           "Device profile: h200, l4, or the path of a JSON profile">,
    ListOption<"sizes", "sizes", "std::string",
               "Sizes of dynamic dimensions: n=4096 (every dynamic "
               "dimension) or arg0.dim0=4096">,
    Option<"plan", "plan", "std::string", /*default=*/"\"both\"",
           "eager, fused, or both (eager without kernels, fused with)">,
    Option<"print", "print", "std::string", /*default=*/"\"none\"",
           "Print the ledger to stderr: none, text or json">,
    Option<"rowTile", "row-tile", "int64_t", /*default=*/"64",
           "Rows per GPU tile for the recomputation count">,
    Option<"measurements", "measurements", "std::string", /*default=*/"\"\"",
           "JSON file of measured times to hold against the floors">,
  ];
}

#endif // FUSEC_DIALECT_FUSE_TRANSFORMS_PASSES_TD
