// Regression test: an i1 comparison selecting labels, where(cmp(gt, a, b),
// 3, l), looked like a running step to fuse-argmin-to-running-min, which
// rolled it into a running_min over i1 candidates that does not verify
// ("operand #1 must be ranked tensor of ... values, but got
// 'tensor<?xi1>'"). Found by test/fuzz/diff_programs.py (docs/testing.md).
// RUN: fuse-run %s --trials=6 | FileCheck %s
// CHECK: fuse-run: PASS: 6 trials, 0 mismatches
func.func @running_step_i1(%a: tensor<?xi1>, %b: tensor<?xi1>, %l: tensor<?xi64>) -> tensor<?xi64> {
  %c = fuse.cmp gt, %a, %b : tensor<?xi1>, tensor<?xi1> -> tensor<?xi1>
  %k = fuse.constant dense<3> : tensor<i64>
  %w = fuse.where %c, %k, %l : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %w : tensor<?xi64>
}
