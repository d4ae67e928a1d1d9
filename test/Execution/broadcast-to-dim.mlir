// Regression test: fuse-form-kernels once moved the tensor.dim that sizes
// a fuse.broadcast_to into the kernel but left its constant index operand
// outside, and the isolated kernel no longer verified.
// RUN: fuse-run %s --trials=5 | FileCheck %s
// CHECK: fuse-run: PASS: 5 trials, 0 mismatches
func.func @broadcast_to_dim(%x: tensor<?xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %b = fuse.constant dense<1.5> : tensor<4xf32>
  %bb = fuse.broadcast_to %b sizes(%n) : tensor<4xf32> -> tensor<?x4xf32>
  return %bb : tensor<?x4xf32>
}
