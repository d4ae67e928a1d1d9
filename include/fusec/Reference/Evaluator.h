//===- Evaluator.h - reference evaluator of the fuse dialect ----*- C++ -*-===//
//
// Part of fusec. The oracle of the differential tests: an eager interpreter
// that evaluates a function op by op and materialises every intermediate
// tensor, as PyTorch eager would. It is written from the op descriptions in
// FuseOps.td and shares no code with the compiler's lowering, so that a bug
// in one is not silently reproduced by the other.
//
// Precision. `Precision::F64` (the oracle) does all float arithmetic in
// double and never rounds an intermediate, not even at a float-to-float
// `fuse.cast`; only the data that enters the program (function inputs and
// constants) is, by definition, a value of its element type.
// `Precision::Native` rounds the result of every float op to its element
// type (f16, bf16 or f32, round to nearest even), like eager PyTorch; a
// `fuse.sum` then accumulates in the element type, rounding after each
// addition in index order, and `fuse.matmul` is its canonical form, a
// rounded product followed by such a sum. f64 tensors are the same in both
// modes.
//
// Undefined behaviour of the dialect (integer division by zero or of the
// minimum by -1, float-to-integer casts of NaN or of out-of-range values)
// and any runtime violation of the IR's assumptions (dynamic sizes that do
// not agree, `fuse.take` out of range) is reported as an error, never
// evaluated. Bad input never crashes the evaluator.
//
// Where FuseOps.td leaves a choice: max/min of -0 and +0 give +0 and -0;
// reduce_min/max and argmin/argmax over an empty dimension are errors (as
// in torch), a sum over one is 0; index arithmetic that overflows int64 is
// an error; a `fuse.running_min` with zero trips, no initial state and a
// dynamic result shape is an error (its shape is unknowable).
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_REFERENCE_EVALUATOR_H
#define FUSEC_REFERENCE_EVALUATOR_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fusec {
namespace ref {

enum class Precision {
  /// All float math in double, no intermediate rounding (the oracle).
  F64,
  /// Every float op's result rounded to its element type (eager PyTorch).
  Native,
};

/// A dense row-major tensor. Float element types (f16, bf16, f32, f64) keep
/// their elements in `floats`; i1 (0 or 1), i32 and i64 (sign-extended) in
/// `ints`. A rank-0 tensor of `index` element type stands for an `index`
/// argument or result of a function.
struct Tensor {
  mlir::Type elementType;
  std::vector<int64_t> shape;
  std::vector<double> floats;
  std::vector<int64_t> ints;

  int64_t rank() const { return static_cast<int64_t>(shape.size()); }
  /// The number of elements, or -1 when a size is negative or the product
  /// does not fit in int64_t.
  int64_t numel() const;
  /// True when the elements live in `floats`.
  bool isFloat() const;

  static Tensor fromFloats(mlir::Type elementType, std::vector<int64_t> shape,
                           std::vector<double> values);
  static Tensor fromInts(mlir::Type elementType, std::vector<int64_t> shape,
                         std::vector<int64_t> values);
};

/// Called for every tensor value an op computes (op results only, not block
/// arguments), right after it is computed; for values inside a
/// `fuse.running_min` body once per iteration. Lets callers look at
/// intermediates such as the distance matrix that feeds an argmin.
using Observer = llvm::function_ref<void(mlir::Value, const Tensor &)>;

struct EvalOptions {
  Precision precision = Precision::F64;
  /// The largest tensor (in elements) the evaluator allocates; a bigger one
  /// is an error rather than an out-of-memory abort.
  int64_t maxElements = int64_t(1) << 28;
};

/// Evaluates `func` on `inputs` (one per argument, in order, with the
/// argument's element type; the sizes of dynamic dimensions come from the
/// data). The function is verified first. Float inputs are rounded to their
/// element type, integer inputs must fit theirs. Returns one tensor per
/// result, or failure with a message in `*error` (when given) that names
/// the op and its location.
llvm::FailureOr<std::vector<Tensor>> evaluate(mlir::func::FuncOp func,
                                              llvm::ArrayRef<Tensor> inputs,
                                              const EvalOptions &options,
                                              Observer observer = {},
                                              std::string *error = nullptr);
llvm::FailureOr<std::vector<Tensor>> evaluate(mlir::func::FuncOp func,
                                              llvm::ArrayRef<Tensor> inputs,
                                              Precision precision,
                                              Observer observer = {},
                                              std::string *error = nullptr);

//===----------------------------------------------------------------------===//
// Rounding helpers
//===----------------------------------------------------------------------===//

/// Round `x` to the nearest value of the format, ties to even, with
/// overflow to infinity, gradual underflow through the subnormals, signed
/// zeros and NaN preserved. The result is returned as the (exact) double.
double roundToF16(double x);
double roundToBF16(double x);
double roundToF32(double x);
/// Rounds to `elementType` (f16, bf16 or f32); the identity otherwise.
double roundToElementType(double x, mlir::Type elementType);

/// Decode raw IEEE binary16 and bfloat16 bit patterns, for tests.
double f16BitsToDouble(uint16_t bits);
double bf16BitsToDouble(uint16_t bits);

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

/// The tensor type with the runtime shape, e.g. `tensor<2x3xf32>`, or
/// `index` for an index scalar.
std::string formatType(const Tensor &tensor);
/// One element: integral floats up to 2^53 in full, other floats as the
/// shortest decimal that reads back to the same value of the element type
/// (of double for an F64-mode value that is not one of the element type),
/// `nan`, `inf`, `-inf`; `true`/`false` for i1.
std::string formatElement(const Tensor &tensor, int64_t linearIndex);
/// Nested lists in row-major order, `[[1, 2], [3, 4]]`; a bare element for
/// rank 0.
std::string formatTensor(const Tensor &tensor);

} // namespace ref
} // namespace fusec

#endif // FUSEC_REFERENCE_EVALUATOR_H
