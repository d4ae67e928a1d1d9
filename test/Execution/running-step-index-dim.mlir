// Regression test: where(cmp(gt, x, 0), 7, l) is a running step that
// fuse-argmin-to-running-min rolls up into a running_min whose initial
// index %l alone carries result dimension 1; traceDim did not look at the
// initial index, and the CPU lowering failed with "cannot find the size of
// dynamic dimension 1". Found by test/fuzz/diff_programs.py
// (docs/testing.md).
// RUN: fuse-run %s --trials=6 | FileCheck %s
// CHECK: fuse-run: PASS: 6 trials, 0 mismatches
func.func @running_step_index_dim(%x: tensor<?x1xf32>, %l: tensor<?xi64>) -> tensor<?x?xi64> {
  %z = fuse.constant dense<0.0> : tensor<f32>
  %b = fuse.cmp gt, %x, %z : tensor<?x1xf32>, tensor<f32> -> tensor<?x1xi1>
  %k = fuse.constant dense<7> : tensor<i64>
  %w = fuse.where %b, %k, %l : tensor<?x1xi1>, tensor<i64>, tensor<?xi64> -> tensor<?x?xi64>
  return %w : tensor<?x?xi64>
}
