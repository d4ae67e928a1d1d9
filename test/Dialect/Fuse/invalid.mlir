// RUN: fuse-opt %s -split-input-file -verify-diagnostics
// Every verifier error of the fuse dialect, one per split. docs/errors.md
// lists them with the other bad inputs (test/BadInputs).

func.func @incompatible_broadcast(%a: tensor<4x3xf32>, %b: tensor<5xf32>) {
  // expected-error @+1 {{operands are not broadcast-compatible: operand #0 has size 3 and operand #1 has size 5 in dimension 1 of the broadcast result}}
  %0 = fuse.add %a, %b : tensor<4x3xf32>, tensor<5xf32> -> tensor<4x3xf32>
  return
}

// -----

func.func @dtype_mismatch(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error @+1 {{operands must have the same element type, got 'f32' and 'f16'}}
  %0 = fuse.sub %a, %b : tensor<4xf32>, tensor<4xf16> -> tensor<4xf32>
  return
}

// -----

// f16 + f32 needs an explicit fuse.cast: there is no implicit promotion.
func.func @mixed_f16_f32(%a: tensor<4xf16>, %b: tensor<4xf32>) {
  // expected-error @+1 {{operands must have the same element type, got 'f16' and 'f32'}}
  %0 = fuse.add %a, %b : tensor<4xf16>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @unsupported_dtype(%a: tensor<4xi8>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = fuse.mul %a, %a : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  return
}

// -----

func.func @arith_on_bool(%a: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 32-bit signless integer or 64-bit signless integer values}}
  %0 = fuse.add %a, %a : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  return
}

// -----

func.func @exp_of_int(%a: tensor<4xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
  %0 = fuse.exp %a : tensor<4xi32>
  return
}

// -----

func.func @wrong_result_type(%a: tensor<4x1xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{result type 'tensor<4x4xf32>' does not match the inferred type 'tensor<4x3xf32>'}}
  %0 = fuse.max %a, %b : tensor<4x1xf32>, tensor<3xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @cmp_dtypes(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{compared operands must have the same element type, got 'f32' and 'i32'}}
  %0 = fuse.cmp lt, %a, %b : tensor<4xf32>, tensor<4xi32> -> tensor<4xi1>
  return
}

// -----

func.func @where_cond(%c: tensor<4xf32>, %a: tensor<4xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 1-bit signless integer values}}
  %0 = fuse.where %c, %a, %a : tensor<4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @where_dtypes(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<i64>) {
  // expected-error @+1 {{selected operands must have the same element type, got 'f32' and 'i64'}}
  %0 = fuse.where %c, %a, %b : tensor<4xi1>, tensor<4xf32>, tensor<i64> -> tensor<4xf32>
  return
}

// -----

func.func @where_broadcast(%c: tensor<3xi1>, %a: tensor<4xf32>) {
  // expected-error @+1 {{operands are not broadcast-compatible: operand #0 has size 3 and operand #1 has size 4 in dimension 0 of the broadcast result}}
  %0 = fuse.where %c, %a, %a : tensor<3xi1>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @expand_dims_range(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{dimension 3 is out of range for inserting into a tensor of rank 2}}
  %0 = fuse.expand_dims %a, dim = 3 : tensor<4x3xf32> -> tensor<4x3x1xf32>
  return
}

// -----

func.func @broadcast_to_sizes(%a: tensor<f32>) {
  // expected-error @+1 {{expects 1 dynamic size operands, got 0}}
  %0 = fuse.broadcast_to %a : tensor<f32> -> tensor<?xf32>
  return
}

// -----

func.func @broadcast_to_incompatible(%a: tensor<3xf32>) {
  // expected-error @+1 {{cannot broadcast size 3 of input dimension 0 to size 4}}
  %0 = fuse.broadcast_to %a : tensor<3xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @broadcast_to_rank(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{cannot broadcast a tensor of rank 2 to rank 1}}
  %0 = fuse.broadcast_to %a : tensor<2x3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @broadcast_to_dtype(%a: tensor<3xf32>) {
  // expected-error @+1 {{result element type 'f16' differs from input element type 'f32'}}
  %0 = fuse.broadcast_to %a : tensor<3xf32> -> tensor<3xf16>
  return
}

// -----

func.func @transpose_rank(%a: tensor<3xf32>) {
  // expected-error @+1 {{transpose needs a tensor of rank 2 or more}}
  %0 = fuse.transpose %a : tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @take_dim(%a: tensor<3x4xf32>, %i: index) {
  // expected-error @+1 {{dimension 2 is out of range for a tensor of rank 2}}
  %0 = fuse.take %a[%i], dim = 2 : tensor<3x4xf32> -> tensor<3xf32>
  return
}

// -----

func.func @take_index(%a: tensor<3x4xf32>) {
  %i = arith.constant 3 : index
  // expected-error @+1 {{index 3 is out of range for dimension 0 of size 3}}
  %0 = fuse.take %a[%i], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @constant_type() {
  // expected-error @+1 {{failed to verify that all of {value, result} have same type}}
  %0 = "fuse.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<2xf32>
  return
}

// -----

func.func @sum_dim(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{dimension 2 is out of range for a tensor of rank 2}}
  %0 = fuse.sum %a, dim = 2 : tensor<4x3xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_rank0(%a: tensor<f32>) {
  // expected-error @+1 {{cannot reduce a rank-0 tensor}}
  %0 = fuse.reduce_max %a, dim = 0 : tensor<f32> -> tensor<f32>
  return
}

// -----

func.func @argmin_missing_dim(%d: tensor<?x256xf32>) {
  // expected-error @+1 {{dimension 2 is out of range for a tensor of rank 2}}
  %0 = fuse.argmin %d, dim = 2 : tensor<?x256xf32> -> tensor<?xi64>
  return
}

// -----

func.func @argmin_dim_5(%d: tensor<4x5xf32>) {
  // expected-error @+1 {{dimension 5 is out of range for a tensor of rank 2}}
  %0 = fuse.argmin %d, dim = 5 : tensor<4x5xf32> -> tensor<4xi64>
  return
}

// -----

// Negative dimensions do not count from the back (as in PyTorch): they are
// out of range.
func.func @argmin_negative_dim(%d: tensor<4x5xf32>) {
  // expected-error @+1 {{dimension -1 is out of range for a tensor of rank 2}}
  %0 = fuse.argmin %d, dim = -1 : tensor<4x5xf32> -> tensor<4xi64>
  return
}

// -----

func.func @expand_dims_negative(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{dimension -1 is out of range for inserting into a tensor of rank 2}}
  %0 = fuse.expand_dims %a, dim = -1 : tensor<4x3xf32> -> tensor<4x3x1xf32>
  return
}

// -----

func.func @take_negative_dim(%a: tensor<3x4xf32>, %i: index) {
  // expected-error @+1 {{dimension -2 is out of range for a tensor of rank 2}}
  %0 = fuse.take %a[%i], dim = -2 : tensor<3x4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @take_negative_index(%a: tensor<3x4xf32>) {
  %i = arith.constant -1 : index
  // expected-error @+1 {{index -1 is out of range for dimension 0 of size 3}}
  %0 = fuse.take %a[%i], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @argmin_rank0(%d: tensor<f32>) {
  // expected-error @+1 {{cannot reduce a rank-0 tensor}}
  %0 = fuse.argmin %d, dim = 0 : tensor<f32> -> tensor<i64>
  return
}

// -----

func.func @argmax_bool(%d: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = fuse.argmax %d, dim = 0 : tensor<4xi1> -> tensor<i64>
  return
}

// -----

func.func @argmin_result(%d: tensor<4x5xf32>) {
  // expected-error @+1 {{result #0 must be ranked tensor of 64-bit signless integer values}}
  %0 = "fuse.argmin"(%d) {dim = 1 : i64} : (tensor<4x5xf32>) -> tensor<4xi32>
  return
}

// -----

func.func @matmul_rank(%a: tensor<4xf32>, %b: tensor<4x2xf32>) {
  // expected-error @+1 {{matmul expects two rank-2 tensors}}
  %0 = fuse.matmul %a, %b : tensor<4xf32>, tensor<4x2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @matmul_inner(%a: tensor<3x4xf32>, %b: tensor<5x2xf32>) {
  // expected-error @+1 {{contracted sizes differ: 4 and 5}}
  %0 = fuse.matmul %a, %b : tensor<3x4xf32>, tensor<5x2xf32> -> tensor<3x2xf32>
  return
}

// -----

func.func @kernel_args(%a: tensor<4xf32>) {
  // expected-error @+1 {{expects 1 block arguments, got 0}}
  %0 = fuse.kernel @k ins(%a : tensor<4xf32>) -> tensor<4xf32> {
    %c = fuse.constant dense<1.0> : tensor<4xf32>
    fuse.yield %c : tensor<4xf32>
  }
  return
}

// -----

func.func @kernel_arg_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{block argument type 'tensor<4xf16>' differs from input type 'tensor<4xf32>'}}
  %0 = fuse.kernel @k ins(%a : tensor<4xf32>) -> tensor<4xf16> {
  ^bb0(%b: tensor<4xf16>):
    fuse.yield %b : tensor<4xf16>
  }
  return
}

// -----

func.func @kernel_yield(%a: tensor<4xf32>) {
  %0 = fuse.kernel @k ins(%a : tensor<4xf32>) -> tensor<4xf16> {
  ^bb0(%b: tensor<4xf32>):
    // expected-error @+1 {{yielded types do not match the kernel result types}}
    fuse.yield %b : tensor<4xf32>
  }
  return
}

// -----

func.func @yield_outside(%a: tensor<4xf32>) {
  // expected-error @+1 {{expects parent op to be one of 'fuse.kernel, fuse.running_min'}}
  fuse.yield %a : tensor<4xf32>
}

// -----

func.func @running_min_init(%d: tensor<4xf32>, %v: tensor<4xf32>) {
  %n = arith.constant 2 : index
  // expected-error @+1 {{expects both an initial value and an initial index, or neither}}
  %b, %i = "fuse.running_min"(%n, %v) ({
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xf32>
  }) {kind = 0 : i32, nan = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (index, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi64>)
  return
}

// -----

func.func @running_min_offset(%d: tensor<4xf32>, %o: tensor<4xi64>) {
  %n = arith.constant 2 : index
  // expected-error @+1 {{expects a rank-0 index offset}}
  %b, %i = fuse.running_min min nan = propagate trips(%n) offset(%o : tensor<4xi64>) : tensor<4xf32>, tensor<4xi64> {
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xf32>
  }
  return
}

// -----

func.func @running_min_shapes(%d: tensor<4xf32>) {
  %n = arith.constant 2 : index
  // expected-error @+1 {{value and index results must have the same shape}}
  %b, %i = fuse.running_min min nan = propagate trips(%n) : tensor<4xf32>, tensor<5xi64> {
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xf32>
  }
  return
}

// -----

func.func @running_min_arg(%d: tensor<4xf32>) {
  %n = arith.constant 2 : index
  // expected-error @+1 {{body must take exactly one index argument}}
  %b, %i = fuse.running_min min nan = propagate trips(%n) : tensor<4xf32>, tensor<4xi64> {
  ^bb0(%t: i64):
    fuse.yield %d : tensor<4xf32>
  }
  return
}

// -----

func.func @running_min_yield(%d: tensor<4xf32>) {
  %n = arith.constant 2 : index
  // expected-error @+1 {{body must yield exactly one candidate tensor}}
  %b, %i = fuse.running_min min nan = propagate trips(%n) : tensor<4xf32>, tensor<4xi64> {
  ^bb0(%t: index):
    fuse.yield %d, %d : tensor<4xf32>, tensor<4xf32>
  }
  return
}

// -----

func.func @running_min_bool(%d: tensor<4xi1>) {
  %n = arith.constant 2 : index
  // expected-error @+1 {{candidate must be a numeric tensor}}
  %b, %i = fuse.running_min min nan = propagate trips(%n) : tensor<4xi32>, tensor<4xi64> {
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xi1>
  }
  return
}

// -----

func.func @running_min_elt(%d: tensor<4xf32>) {
  %n = arith.constant 2 : index
  // expected-error @+1 {{value element type 'f16' differs from the candidate element type 'f32'}}
  %b, %i = fuse.running_min min nan = propagate trips(%n) : tensor<4xf16>, tensor<4xi64> {
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xf32>
  }
  return
}

// -----

func.func @running_min_init_elt(%d: tensor<4xf32>, %v: tensor<4xf16>, %vi: tensor<4xi64>) {
  %n = arith.constant 2 : index
  // expected-error @+1 {{initial value element type differs from the candidate element type}}
  %b, %i = fuse.running_min min nan = propagate trips(%n) init(%v, %vi : tensor<4xf16>, tensor<4xi64>) : tensor<4xf32>, tensor<4xi64> {
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xf32>
  }
  return
}

// -----

func.func @running_min_result(%d: tensor<4xf32>) {
  %n = arith.constant 2 : index
  // expected-error @+1 {{result shape does not match the broadcast of the candidate and initial state}}
  %b, %i = fuse.running_min min nan = propagate trips(%n) : tensor<5xf32>, tensor<5xi64> {
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xf32>
  }
  return
}

// -----

func.func @running_min_broadcast(%d: tensor<4xf32>, %v: tensor<3xf32>, %vi: tensor<3xi64>) {
  %n = arith.constant 2 : index
  // expected-error @+1 {{operands are not broadcast-compatible}}
  %b, %i = fuse.running_min min nan = propagate trips(%n) init(%v, %vi : tensor<3xf32>, tensor<3xi64>) : tensor<4xf32>, tensor<4xi64> {
  ^bb0(%t: index):
    fuse.yield %d : tensor<4xf32>
  }
  return
}

// -----

// A misspelled attribute is an error, not silently kept (MLIR would keep it).
func.func @unknown_attribute(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{'fuse.sum' op has unknown attribute 'keep_dim' (known: 'dim', 'keepdim'; other attributes need a dialect prefix, as in 'my.keep_dim')}}
  %0 = fuse.sum %a, dim = 1 {keep_dim} : tensor<4x3xf32> -> tensor<4xf32>
  return
}

// -----

func.func @unknown_attribute_no_own(%a: tensor<4xf32>) {
  // expected-error @+1 {{'fuse.relu' op has unknown attribute 'inplace' (it has no attributes; other attributes need a dialect prefix, as in 'my.inplace')}}
  %0 = fuse.relu %a {inplace = true} : tensor<4xf32>
  return
}

// -----

// The generic form with a misspelled attribute name lacks the real one.
func.func @misspelled_generic(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{'fuse.sum' op requires attribute 'dim'}}
  %0 = "fuse.sum"(%a) {dimension = 1 : i64} : (tensor<4x3xf32>) -> tensor<4xf32>
  return
}

// -----

// Namespaced attributes (of passes, other dialects, users) are kept.
func.func @namespaced_attribute(%a: tensor<4x3xf32>) {
  %0 = fuse.sum %a, dim = 1 {my.keep_dim, fuse.note = "kept"} : tensor<4x3xf32> -> tensor<4xf32>
  return
}

// -----

// Sizes whose byte count overflows int64 cannot be counted or indexed.
func.func @huge_operand(%x: tensor<4611686018427387904x8xf32>) {
  // expected-error @+1 {{'fuse.sum' op operand #0 type 'tensor<4611686018427387904x8xf32>' spans more than INT64_MAX bytes (fusec counts and indexes tensors with 64-bit signed integers)}}
  %0 = fuse.sum %x, dim = 1 : tensor<4611686018427387904x8xf32> -> tensor<4611686018427387904xf32>
  return
}

// -----

// The operands fit (2^62 bytes each) but their broadcast does not.
func.func @huge_broadcast(%a: tensor<1x1152921504606846976xf32>, %b: tensor<2x1xf32>) {
  // expected-error @+1 {{'fuse.add' op result #0 type 'tensor<2x1152921504606846976xf32>' spans more than INT64_MAX bytes}}
  %0 = fuse.add %a, %b : tensor<1x1152921504606846976xf32>, tensor<2x1xf32> -> tensor<2x1152921504606846976xf32>
  return
}

// -----

// Dynamic dimensions count as 1 here; their sizes are checked by the
// ledger (sizes=...) and by the runtime at launch.
func.func @dynamic_is_fine(%x: tensor<?x1152921504606846976xf32>) {
  %0 = fuse.sum %x, dim = 1 : tensor<?x1152921504606846976xf32> -> tensor<?xf32>
  return
}

// -----

// A matmul is the sum of its broadcast product, which must be addressable
// too (found by fusec-fuzz: canonicalization rewrote this one into a
// fuse.mul that failed to verify).
func.func @matmul_product_too_large(%x: tensor<2147483647x2147483647xbf16>, %c: tensor<2147483647x31xbf16>) {
  // expected-error @+1 {{'fuse.matmul' op computes the product 'tensor<2147483647x2147483647x31xbf16>', which spans more than INT64_MAX bytes}}
  %0 = fuse.matmul %x, %c : tensor<2147483647x2147483647xbf16>, tensor<2147483647x31xbf16> -> tensor<2147483647x31xbf16>
  return
}
