// XFAIL: *
// Compiler bug found by fuse-run: fuse-form-kernels moves the tensor.dim
// that sizes a fuse.broadcast_to into the kernel but leaves its constant
// index operand outside, and the kernel (IsolatedFromAbove) no longer
// verifies: "'tensor.dim' op using value defined outside the region". The
// reference evaluator runs the function. Remove the XFAIL when fixed.
// RUN: fuse-run %s --trials=5 | FileCheck %s
// CHECK: fuse-run: PASS: 5 trials, 0 mismatches
func.func @broadcast_to_dim(%x: tensor<?xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %b = fuse.constant dense<1.5> : tensor<4xf32>
  %bb = fuse.broadcast_to %b sizes(%n) : tensor<4xf32> -> tensor<?x4xf32>
  return %bb : tensor<?x4xf32>
}
