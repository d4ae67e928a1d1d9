// Two results of one static type, tensor<?x?xf32>, whose dynamic sizes
// differ (s1 x s0 and s0 x s0) must not share a kernel: fuse-form-kernels
// compares iteration domains by size symbol, not by static shape (found by
// test/fuzz/diff_programs.py; before the fix the second result was partly
// unwritten or written past its end).
// RUN: fuse-run %s --dims=s0=5,s1=3 --trials=1 | FileCheck %s
// RUN: fuse-run %s --trials=20 --seed=7 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: fuse-run: PASS
// RUN: fuse-opt %s -fuse-form-kernels | FileCheck %s --check-prefix=PLAN
// PLAN-COUNT-2: fuse.kernel @two_domains_k
func.func @two_domains(%x: tensor<?xf32>, %p: tensor<?x1xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %e = fuse.exp %x : tensor<?xf32>
  %o1 = fuse.add %e, %p : tensor<?xf32>, tensor<?x1xf32> -> tensor<?x?xf32>
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?xf32> -> tensor<?x1xf32>
  %o2 = fuse.add %e, %xe : tensor<?xf32>, tensor<?x1xf32> -> tensor<?x?xf32>
  return %o1, %o2 : tensor<?x?xf32>, tensor<?x?xf32>
}
