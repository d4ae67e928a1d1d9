//===- FuseOps.td - fuse dialect operations ----------------*- tablegen -*-===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_DIALECT_FUSE_IR_FUSEOPS_TD
#define FUSEC_DIALECT_FUSE_IR_FUSEOPS_TD

include "fusec/Dialect/Fuse/IR/FuseBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

// Marker traits used by the fusion and lowering passes to classify ops.
def Fuse_BroadcastingElementwise
    : NativeOpTrait<"fuse::BroadcastingElementwise">;
def Fuse_Reduction : NativeOpTrait<"fuse::Reduction">;
def Fuse_IndexReduction : NativeOpTrait<"fuse::IndexReduction">;
// Checks that every fuse op gets: no unknown attributes, no tensor type too
// large to index with int64 (see FuseOps.h).
def Fuse_KnownAttributes : NativeOpTrait<"fuse::KnownAttributes">;
def Fuse_AddressableTypes : NativeOpTrait<"fuse::AddressableTypes">;

class Fuse_Op<string mnemonic, list<Trait> traits = []>
    : Op<Fuse_Dialect, mnemonic,
         traits # [Fuse_KnownAttributes, Fuse_AddressableTypes]>;

//===----------------------------------------------------------------------===//
// Binary elementwise ops
//===----------------------------------------------------------------------===//

class Fuse_BinaryOp<string mnemonic, string desc, string example,
                    list<Trait> traits = []>
    : Fuse_Op<mnemonic, traits # [Pure, Fuse_BroadcastingElementwise]> {
  let arguments = (ins Fuse_NumericTensor:$lhs, Fuse_NumericTensor:$rhs);
  let builders = [OpBuilder<(ins "Value":$lhs, "Value":$rhs), [{
    build($_builder, $_state,
          inferResultType(std::nullopt, ValueRange{lhs, rhs}), lhs, rhs);
  }]>];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The broadcast result type, or a null type (with a diagnostic at
    /// `loc` when given) if the operands do not combine.
    static Type inferResultType(std::optional<Location> loc,
                                ValueRange operands);
  }];
  let results = (outs Fuse_NumericTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let description = desc # [{

    Both operands must have the same element type. Shapes broadcast as
    NumPy does (see the dialect description) and the result shape is
    inferred; a mismatch of static sizes is a verifier error naming the
    dimension.

    Example:

    ```mlir
  }] # example # [{
    ```
  }];
  let hasFolder = 1;
}

def Fuse_AddOp : Fuse_BinaryOp<"add", "Broadcasting addition.", [{
    %s = fuse.add %a, %b : tensor<?x1xf32>, tensor<256xf32> -> tensor<?x256xf32>
}], [Commutative]> {
  let summary = "elementwise addition with broadcasting";
}
def Fuse_SubOp : Fuse_BinaryOp<"sub", [{
    Broadcasting subtraction, `lhs - rhs`. The broadcast difference
    `x[:, None, :] - c[None, :, :]` of the nearest-centroid problem is a
    `fuse.sub` of two `fuse.expand_dims`.
  }], [{
    %d = fuse.sub %xe, %ce : tensor<?x1x512xf32>, tensor<1x256x512xf32> -> tensor<?x256x512xf32>
}]> {
  let summary = "elementwise subtraction with broadcasting";
}
def Fuse_MulOp : Fuse_BinaryOp<"mul", [{
    Broadcasting multiplication. `fuse.mul %x, %x` canonicalizes to
    `fuse.square %x`.
  }], [{
    %p = fuse.mul %x, %two : tensor<1024xf16>, tensor<f16> -> tensor<1024xf16>
}], [Commutative]> {
  let summary = "elementwise multiplication with broadcasting";
  let hasCanonicalizer = 1;
}
def Fuse_DivOp : Fuse_BinaryOp<"div", [{
    Broadcasting division. Floats follow IEEE-754; integer division
    truncates toward zero, and division by zero is undefined behaviour as
    in C.
  }], [{
    %q = fuse.div %a, %b : tensor<8x4xf32>, tensor<4xf32> -> tensor<8x4xf32>
}]> {
  let summary = "elementwise division with broadcasting";
}
def Fuse_MaxOp : Fuse_BinaryOp<"max", [{
    Broadcasting maximum. For floats a NaN operand gives NaN, like
    `torch.maximum`.
  }], [{
    %m = fuse.max %a, %b : tensor<16xf32>, tensor<f32> -> tensor<16xf32>
}], [Commutative]> {
  let summary = "elementwise maximum with broadcasting";
}
def Fuse_MinOp : Fuse_BinaryOp<"min", [{
    Broadcasting minimum. For floats a NaN operand gives NaN, like
    `torch.minimum`.
  }], [{
    %m = fuse.min %a, %b : tensor<16xf32>, tensor<16xf32> -> tensor<16xf32>
}], [Commutative]> {
  let summary = "elementwise minimum with broadcasting";
}

def Fuse_CmpOp : Fuse_Op<"cmp", [Pure, Fuse_BroadcastingElementwise]> {
  let summary = "elementwise comparison with broadcasting";
  let description = [{
    Compares two tensors of the same element type (numeric or `i1`) with
    one of `lt`, `le`, `gt`, `ge`, `eq`, `ne` and yields an `i1` tensor
    of the broadcast shape. Float comparisons are ordered, except `ne`,
    which is true when either operand is NaN (as in C and PyTorch).

    Example (the running-minimum test of the seeds):

    ```mlir
    %better = fuse.cmp lt, %d, %best : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
    ```
  }];
  let arguments = (ins Fuse_CmpPredicate:$predicate, Fuse_Tensor:$lhs,
                       Fuse_Tensor:$rhs);
  let results = (outs Fuse_BoolTensor:$result);
  let assemblyFormat = [{
    $predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)
    `->` type($result)
  }];
  let builders = [OpBuilder<(ins "CmpPredicate":$predicate, "Value":$lhs,
                                 "Value":$rhs), [{
    build($_builder, $_state,
          inferResultType(std::nullopt, ValueRange{lhs, rhs}), predicate,
          lhs, rhs);
  }]>];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static Type inferResultType(std::optional<Location> loc,
                                ValueRange operands);
  }];
}

//===----------------------------------------------------------------------===//
// Unary elementwise ops
//===----------------------------------------------------------------------===//

class Fuse_UnaryOp<string mnemonic, string desc, string example,
                   Type operandType = Fuse_NumericTensor>
    : Fuse_Op<mnemonic, [Pure, SameOperandsAndResultType,
                         Fuse_BroadcastingElementwise]> {
  let arguments = (ins operandType:$input);
  let results = (outs operandType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let description = desc # [{

    Example:

    ```mlir
  }] # example # [{
    ```
  }];
}

def Fuse_SquareOp : Fuse_UnaryOp<"square", [{
    `x * x`, the canonical form of a product of a value with itself.
    `square(neg(x))` and `square(abs(x))` canonicalize to `square(x)`.
  }], [{
    %sq = fuse.square %diff : tensor<?x256x512xf32>
}]> {
  let summary = "elementwise square";
  let hasCanonicalizer = 1;
}
def Fuse_NegOp : Fuse_UnaryOp<"neg", "Negation, `-x`.", [{
    %n = fuse.neg %x : tensor<4xf32>
}]> {
  let summary = "elementwise negation";
  let hasFolder = 1;
}
def Fuse_AbsOp : Fuse_UnaryOp<"abs", "Absolute value, `|x|`.", [{
    %a = fuse.abs %x : tensor<4xi32>
}]> {
  let summary = "elementwise absolute value";
  let hasFolder = 1;
}
def Fuse_ExpOp : Fuse_UnaryOp<"exp", [{
    Natural exponential of a float tensor. Counted as a transcendental by
    the byte ledger.
  }], [{
    %e = fuse.exp %x : tensor<8x8xf32>
}], Fuse_FloatTensor> {
  let summary = "elementwise exponential";
}
def Fuse_SqrtOp : Fuse_UnaryOp<"sqrt", [{
    Square root of a float tensor (NaN for negative inputs). Counted as a
    transcendental by the byte ledger.
  }], [{
    %r = fuse.sqrt %d : tensor<?x256xf32>
}], Fuse_FloatTensor> {
  let summary = "elementwise square root";
}
def Fuse_ReluOp : Fuse_UnaryOp<"relu", [{
    `max(x, 0)`. A NaN input gives NaN, like `torch.relu`.
  }], [{
    %r = fuse.relu %y : tensor<?xf16>
}]> {
  let summary = "elementwise rectified linear unit";
  let hasFolder = 1;
}

def Fuse_CastOp : Fuse_Op<"cast", [Pure, SameOperandsAndResultShape,
                                   Fuse_BroadcastingElementwise]> {
  let summary = "elementwise element type conversion";
  let description = [{
    Converts between any two supported element types. Float to float
    rounds to nearest even; float to integer truncates toward zero
    (NaN and out-of-range values are undefined, as in C); integer to
    float rounds to nearest; `i1` converts to 0 or 1, and any non-zero
    value converts to `true`.

    Example:

    ```mlir
    %h = fuse.cast %x : tensor<?x64xf32> to tensor<?x64xf16>
    ```
  }];
  let arguments = (ins Fuse_Tensor:$input);
  let results = (outs Fuse_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Selection
//===----------------------------------------------------------------------===//

def Fuse_WhereOp : Fuse_Op<"where", [Pure, Fuse_BroadcastingElementwise]> {
  let summary = "elementwise selection with broadcasting";
  let description = [{
    `torch.where(cond, a, b)`: picks `a` where `cond` is true and `b`
    elsewhere. All three operands broadcast together; `a` and `b` must
    have the same element type.

    Example (the running-minimum update of the seeds):

    ```mlir
    %best_i2 = fuse.where %better, %j, %best_i : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
    ```
  }];
  let arguments = (ins Fuse_BoolTensor:$cond, Fuse_Tensor:$true_value,
                       Fuse_Tensor:$false_value);
  let results = (outs Fuse_Tensor:$result);
  let assemblyFormat = [{
    $cond `,` $true_value `,` $false_value attr-dict `:` type($cond) `,`
    type($true_value) `,` type($false_value) `->` type($result)
  }];
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "Value":$cond, "Value":$trueValue,
                                 "Value":$falseValue), [{
    build($_builder, $_state,
          inferResultType(std::nullopt, ValueRange{cond, trueValue, falseValue}),
          cond, trueValue, falseValue);
  }]>];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static Type inferResultType(std::optional<Location> loc,
                                ValueRange operands);
  }];
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

def Fuse_ExpandDimsOp : Fuse_Op<"expand_dims", [Pure]> {
  let summary = "insert a dimension of size 1";
  let description = [{
    Inserts a size-1 dimension at position `dim` (0 to rank inclusive):
    `x[:, None, :]` is `fuse.expand_dims %x, dim = 1`. It moves no data;
    fusion folds it into indexing.

    Example:

    ```mlir
    %xe = fuse.expand_dims %x, dim = 1 : tensor<?x512xf32> -> tensor<?x1x512xf32>
    ```
  }];
  let arguments = (ins Fuse_Tensor:$input, I64Attr:$dim);
  let results = (outs Fuse_Tensor:$result);
  let assemblyFormat = [{
    $input `,` `dim` `=` $dim attr-dict `:` type($input) `->` type($result)
  }];
  let builders = [OpBuilder<(ins "Value":$input, "int64_t":$dim), [{
    build($_builder, $_state, inferResultType(std::nullopt, input, dim),
          input, dim);
  }]>];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static Type inferResultType(std::optional<Location> loc, Value input,
                                int64_t dim);
  }];
}

def Fuse_BroadcastToOp : Fuse_Op<"broadcast_to", [Pure]> {
  let summary = "broadcast a tensor to an explicit shape";
  let description = [{
    Broadcasts `input` to the result type, NumPy style. Each dynamic
    dimension of the result takes its size from one `index` operand, in
    order, as `tensor.empty` does. Like `fuse.expand_dims` it moves no
    data inside a kernel.

    Example:

    ```mlir
    %b = fuse.broadcast_to %inf sizes(%n) : tensor<f32> -> tensor<?xf32>
    ```
  }];
  let arguments = (ins Fuse_Tensor:$input, Variadic<Index>:$dynamic_sizes);
  let results = (outs Fuse_Tensor:$result);
  let assemblyFormat = [{
    $input (`sizes` `(` $dynamic_sizes^ `)`)? attr-dict `:` type($input) `->`
    type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Fuse_TransposeOp : Fuse_Op<"transpose", [Pure]> {
  let summary = "swap the two trailing dimensions";
  let description = [{
    `x.mT` (or `c.T` for a matrix): swaps the last two dimensions of a
    tensor of rank 2 or more. It moves no data inside a kernel.

    Example:

    ```mlir
    %ct = fuse.transpose %c : tensor<256x512xf32> -> tensor<512x256xf32>
    ```
  }];
  let arguments = (ins Fuse_Tensor:$input);
  let results = (outs Fuse_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "Value":$input), [{
    build($_builder, $_state, inferResultType(std::nullopt, input), input);
  }]>];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static Type inferResultType(std::optional<Location> loc, Value input);
  }];
}

def Fuse_TakeOp : Fuse_Op<"take", [Pure]> {
  let summary = "select one index along a dimension";
  let description = [{
    `c[j]` for `dim = 0`, `torch.select(x, dim, index)` in general: the
    result drops dimension `dim` of `input`. The index is an `index`
    value; a constant index out of range is a verifier error, and a
    dynamic one must be in range at run time.

    The running forms of the seeds take one centroid at a time with it,
    and `fuse-argmin-to-running-min` produces it when it turns an index
    reduction into a loop.

    Example:

    ```mlir
    %j = arith.constant 3 : index
    %cj = fuse.take %c[%j], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
    ```
  }];
  let arguments = (ins Fuse_Tensor:$input, Index:$index, I64Attr:$dim);
  let results = (outs Fuse_Tensor:$result);
  let assemblyFormat = [{
    $input `[` $index `]` `,` `dim` `=` $dim attr-dict `:` type($input) `->`
    type($result)
  }];
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "Value":$input, "Value":$index,
                                 "int64_t":$dim), [{
    build($_builder, $_state, inferResultType(std::nullopt, input, dim),
          input, index, dim);
  }]>];
  let extraClassDeclaration = [{
    static Type inferResultType(std::optional<Location> loc, Value input,
                                int64_t dim);
  }];
}

def Fuse_ConstantOp : Fuse_Op<"constant", [ConstantLike, Pure,
    AllTypesMatch<["value", "result"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "tensor constant";
  let description = [{
    A constant tensor, usually a rank-0 scalar that broadcasts. Any
    `arith.constant` of a supported tensor type may be used instead.

    Example:

    ```mlir
    %two = fuse.constant dense<2.0> : tensor<f16>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Fuse_Tensor:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

class Fuse_ReduceOp<string mnemonic, string desc, string example,
                    list<Trait> traits = []>
    : Fuse_Op<mnemonic, traits # [Pure]> {
  let arguments = (ins Fuse_NumericTensor:$input, I64Attr:$dim,
                       UnitAttr:$keepdim);
  let builders = [OpBuilder<(ins "Value":$input, "int64_t":$dim,
                                 "bool":$keepdim), [{
    build($_builder, $_state,
          inferResultType(std::nullopt, input, dim, keepdim), input, dim,
          keepdim);
  }]>];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static Type inferResultType(std::optional<Location> loc, Value input,
                                int64_t dim, bool keepdim);
  }];
  let assemblyFormat = [{
    $input `,` `dim` `=` $dim (`keepdim` $keepdim^)? attr-dict `:`
    type($input) `->` type($result)
  }];
  let description = desc # [{

    `dim` must be in `[0, rank)`. With `keepdim` the reduced dimension
    stays with size 1, as in `torch.sum(x, dim, keepdim=True)`.

    Example:

    ```mlir
  }] # example # [{
    ```
  }];
}

def Fuse_SumOp : Fuse_ReduceOp<"sum", [{
    Sum over one dimension. Float sums accumulate in the element type
    (fused kernels may reassociate the sum; the reference evaluator sums
    in order, in float64 on request).
  }], [{
    %dist = fuse.sum %sq, dim = 2 : tensor<?x256x512xf32> -> tensor<?x256xf32>
}], [Fuse_Reduction]> {
  let summary = "sum over one dimension";
  let results = (outs Fuse_NumericTensor:$result);
}
def Fuse_ReduceMinOp : Fuse_ReduceOp<"reduce_min", [{
    Minimum over one dimension. NaN propagates: a row containing NaN
    reduces to NaN, like `torch.amin`.
  }], [{
    %m = fuse.reduce_min %dist, dim = 1 : tensor<?x256xf32> -> tensor<?xf32>
}], [Fuse_Reduction]> {
  let summary = "minimum over one dimension";
  let results = (outs Fuse_NumericTensor:$result);
}
def Fuse_ReduceMaxOp : Fuse_ReduceOp<"reduce_max", [{
    Maximum over one dimension. NaN propagates like `torch.amax`.
  }], [{
    %m = fuse.reduce_max %x, dim = 0 keepdim : tensor<8x4xf32> -> tensor<1x4xf32>
}], [Fuse_Reduction]> {
  let summary = "maximum over one dimension";
  let results = (outs Fuse_NumericTensor:$result);
}
def Fuse_ArgMinOp : Fuse_ReduceOp<"argmin", [{
    Index of the minimum over one dimension, as `i64` (like
    `torch.argmin`). Ties go to the lowest index. NaN follows torch: a NaN
    counts as smaller than every number, so the index of the first NaN
    wins. An all-`+inf` row gives index 0.
  }], [{
    %labels = fuse.argmin %dist, dim = 1 : tensor<?x256xf32> -> tensor<?xi64>
}], [Fuse_IndexReduction]> {
  let summary = "index of the minimum over one dimension";
  let results = (outs Fuse_IndexTensor:$result);
}
def Fuse_ArgMaxOp : Fuse_ReduceOp<"argmax", [{
    Index of the maximum over one dimension, as `i64` (like
    `torch.argmax`). Ties go to the lowest index; a NaN counts as larger
    than every number, so the index of the first NaN wins.
  }], [{
    %best = fuse.argmax %scores, dim = 0 : tensor<10x?xf32> -> tensor<?xi64>
}], [Fuse_IndexReduction]> {
  let summary = "index of the maximum over one dimension";
  let results = (outs Fuse_IndexTensor:$result);
}

def Fuse_MatmulOp : Fuse_Op<"matmul", [Pure]> {
  let summary = "matrix product (sugar for mul and sum)";
  let description = [{
    `lhs @ rhs` for rank-2 operands `(m, k) @ (k, n)` of the same numeric
    element type. It canonicalizes into a broadcast `fuse.mul` and a
    `fuse.sum` over the contracted dimension, so fusion sees the
    contraction as any other reduction.

    Example (the Gram form of the seeds, `x @ c.T`):

    ```mlir
    %ct = fuse.transpose %c : tensor<256x512xf32> -> tensor<512x256xf32>
    %xc = fuse.matmul %x, %ct : tensor<?x512xf32>, tensor<512x256xf32> -> tensor<?x256xf32>
    ```
  }];
  let arguments = (ins Fuse_NumericTensor:$lhs, Fuse_NumericTensor:$rhs);
  let results = (outs Fuse_NumericTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "Value":$lhs, "Value":$rhs), [{
    build($_builder, $_state,
          inferResultType(std::nullopt, ValueRange{lhs, rhs}), lhs, rhs);
  }]>];
  let extraClassDeclaration = [{
    static Type inferResultType(std::optional<Location> loc,
                                ValueRange operands);
  }];
}

//===----------------------------------------------------------------------===//
// Kernels and the running minimum
//===----------------------------------------------------------------------===//

def Fuse_KernelOp : Fuse_Op<"kernel", [IsolatedFromAbove,
    SingleBlockImplicitTerminator<"YieldOp">,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "a fused kernel";
  let description = [{
    A region that fusec compiles to one GPU kernel (or one CPU loop
    nest). Its inputs are read once from memory and its results are
    written once; the values inside are never materialised, so the
    region may describe an `(n, k, d)` broadcast without allocating it.
    The entry block takes one argument per input, of the same type.

    `fuse-form-kernels` creates kernels; the byte ledger attaches its
    per-kernel figures to them.

    Example:

    ```mlir
    %labels = fuse.kernel @assign ins(%x, %c : tensor<?x512xf32>, tensor<256x512xf32>) -> tensor<?xi64> {
    ^bb0(%xa: tensor<?x512xf32>, %ca: tensor<256x512xf32>):
      ...
      fuse.yield %l : tensor<?xi64>
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, Variadic<Fuse_Tensor>:$inputs);
  let results = (outs Variadic<Fuse_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $sym_name (`ins` `(` $inputs^ `:` type($inputs) `)`)? attr-dict-with-keyword
    `->` type($results) $body
  }];
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "StringRef":$name, "TypeRange":$resultTypes,
                                 "ValueRange":$inputs)>];
  let extraClassDeclaration = [{
    Block &getBodyBlock() { return getBody().front(); }
    YieldOp getYield();
  }];
}

def Fuse_RunningMinOp : Fuse_Op<"running_min", [
    AttrSizedOperandSegments, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"YieldOp">,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames",
                                                 "getAsmResultNames"]>]> {
  let summary = "a loop that carries the running (best value, best index)";
  let description = [{
    The form that `fuse-argmin-to-running-min` gives an index reduction:
    a loop over `t` in `[0, trips)` whose body computes one candidate
    tensor (the slice of the reduced tensor at index `t`). The op carries
    the best value and its index across iterations and returns both; the
    reduced tensor is never materialised. The body's block argument is
    `t`; the index recorded for iteration `t` is `offset + t`.

    The carried state starts at `init` when given, otherwise at `+inf`
    (`min`) or `-inf` (`max`) with index 0 (the largest/smallest integer
    for integer candidates). A candidate replaces the state when it is
    strictly better, so ties keep the lowest index. With
    `nan = propagate` (argmin/argmax semantics) a NaN candidate is better
    than any number, so the first NaN wins and stays; with
    `nan = ignore` (a user-written `cmp lt` loop) a NaN never wins.

    Example (nearest centroid after the rewrite):

    ```mlir
    %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<?xf32>, tensor<?xi64> {
    ^bb0(%t: index):
      %cj = fuse.take %c[%t], dim = 0 : tensor<256x512xf32> -> tensor<512xf32>
      ...
      fuse.yield %d : tensor<?xf32>
    }
    ```
  }];
  let arguments = (ins Fuse_SelectKind:$kind, Fuse_NanMode:$nan, Index:$trips,
                       Optional<Fuse_NumericTensor>:$init_value,
                       Optional<Fuse_IndexTensor>:$init_index,
                       Optional<Fuse_IndexTensor>:$offset);
  let results = (outs Fuse_NumericTensor:$value, Fuse_IndexTensor:$index);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $kind `nan` `=` $nan `trips` `(` $trips `)`
    (`init` `(` $init_value^ `,` $init_index `:` type($init_value) `,`
      type($init_index) `)`)?
    (`offset` `(` $offset^ `:` type($offset) `)`)?
    attr-dict-with-keyword `:` type($value) `,` type($index) $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    Block &getBodyBlock() { return getBody().front(); }
    BlockArgument getIteration() { return getBodyBlock().getArgument(0); }
    Value getCandidate();
  }];
}

def Fuse_YieldOp : Fuse_Op<"yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["KernelOp", "RunningMinOp"]>]> {
  let summary = "terminator of fuse.kernel and fuse.running_min";
  let description = [{
    Yields the results of a `fuse.kernel`, or the candidate tensor of one
    `fuse.running_min` iteration.

    Example:

    ```mlir
    fuse.yield %labels : tensor<?xi64>
    ```
  }];
  let arguments = (ins Variadic<Fuse_Tensor>:$values);
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
  let hasVerifier = 1;
}

#endif // FUSEC_DIALECT_FUSE_IR_FUSEOPS_TD
