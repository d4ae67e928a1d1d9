//===- FuseBase.td - fuse dialect definition ---------------*- tablegen -*-===//
//
// Part of fusec. The `fuse` dialect: tensor expressions of broadcast
// elementwise ops, reductions and index reductions that fusec fuses into
// single GPU kernels.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_DIALECT_FUSE_IR_FUSEBASE_TD
#define FUSEC_DIALECT_FUSE_IR_FUSEBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def Fuse_Dialect : Dialect {
  let name = "fuse";
  let cppNamespace = "::mlir::fuse";
  let summary = "Elementwise-plus-reduction tensor expressions for fusion";
  let description = [{
    The `fuse` dialect describes programs written the way a NumPy or
    PyTorch user writes them: broadcasting elementwise arithmetic,
    reductions over one dimension and index reductions (`argmin`,
    `argmax`). Values are ranked tensors with static or dynamic
    dimensions of `f16`, `bf16`, `f32`, `f64`, `i32`, `i64` or `i1`
    elements. Rank-0 tensors are scalars and broadcast like any other
    operand.

    Broadcasting follows NumPy: shapes are aligned at the trailing
    dimension and a static dimension of size 1 stretches to match the
    other operand. A dynamic dimension never broadcasts: it is assumed to
    equal the matching dimension of the other operand, which the runtime
    checks when a kernel is launched.

    After `fuse-form-kernels`, a function is a sequence of `fuse.kernel`
    regions, each of which becomes one GPU kernel (or one CPU loop nest).

    Every op verifies two more things. Besides its own attributes it may
    carry only namespaced ones (`dialect.name`, like the ledger's
    `fuse.ledger`), so that a misspelled attribute is an error rather than
    silently kept. And the static sizes of each tensor it reads or produces
    span at most INT64_MAX bytes, since fusec counts and indexes elements
    with 64-bit signed integers (dynamic sizes are checked by the ledger and
    by the runtime at launch). docs/errors.md lists fusec's diagnostics for
    bad inputs.
  }];
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def Fuse_Float : AnyTypeOf<[F16, BF16, F32, F64]>;
def Fuse_Int : AnyTypeOf<[I32, I64]>;
def Fuse_Numeric : AnyTypeOf<[F16, BF16, F32, F64, I32, I64]>;
def Fuse_Element : AnyTypeOf<[F16, BF16, F32, F64, I32, I64, I1]>;

def Fuse_Tensor : RankedTensorOf<[F16, BF16, F32, F64, I32, I64, I1]>;
def Fuse_NumericTensor : RankedTensorOf<[F16, BF16, F32, F64, I32, I64]>;
def Fuse_FloatTensor : RankedTensorOf<[F16, BF16, F32, F64]>;
def Fuse_BoolTensor : RankedTensorOf<[I1]>;
def Fuse_IndexTensor : RankedTensorOf<[I64]>;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Fuse_CmpPredicate : I32EnumAttr<"CmpPredicate",
    "comparison predicate of fuse.cmp", [
      I32EnumAttrCase<"lt", 0>, I32EnumAttrCase<"le", 1>,
      I32EnumAttrCase<"gt", 2>, I32EnumAttrCase<"ge", 3>,
      I32EnumAttrCase<"eq", 4>, I32EnumAttrCase<"ne", 5>]> {
  let cppNamespace = "::mlir::fuse";
}

def Fuse_SelectKind : I32EnumAttr<"SelectKind",
    "which extreme fuse.running_min keeps", [
      I32EnumAttrCase<"min", 0>, I32EnumAttrCase<"max", 1>]> {
  let cppNamespace = "::mlir::fuse";
}

def Fuse_NanMode : I32EnumAttr<"NanMode",
    "how fuse.running_min treats NaN candidates", [
      I32EnumAttrCase<"propagate", 0>, I32EnumAttrCase<"ignore", 1>]> {
  let cppNamespace = "::mlir::fuse";
}

#endif // FUSEC_DIALECT_FUSE_IR_FUSEBASE_TD
