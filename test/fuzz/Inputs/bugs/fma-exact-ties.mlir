// A sum of squares contracts to fused multiply-adds only when the square is
// in the sum's kernel. Here %s1 is also a result, so it gets a kernel of
// its own and %d1 adds the rounded squares, while %d0 (same expression,
// another row of %c) accumulates with FMAs. With duplicated rows of %c
// (--dup-rows=1) the two candidates tie exactly in the reference, but not
// in f16 in the fused code, and the user-written running step (rolled into
// a fuse.running_min) picks index 1 where the reference, as eager PyTorch,
// keeps index 0. fuse-run's rule is that exact ties must go where the
// reference puts them; FuseOps.td allows fused sums to be reassociated.
// So either the compiler should round a sum of products the same way
// whichever kernel computes the product, or fuse-run should accept either
// winner of an exact tie between candidates that are computed separately.
// Found by test/fuzz/diff_programs.py (generator seed 6000769).
//   fuse-run test/fuzz/Inputs/bugs/fma-exact-ties.mlir --keep-extent=3 --dup-rows=1 --trials=6 --seed=1
//     mismatch: trial 5, result #0 at [1]: got 1, expected 0 (an exact tie at value 0.225: the lowest index must win)
//   fusec --emit=fused test/fuzz/Inputs/bugs/fma-exact-ties.mlir
//     shows %d0 = sum(square(..)) in the kernel and %d1 = sum(%in2)
func.func @fma_exact_ties(%x: tensor<?x3xf16>, %c: tensor<3x3xf16>) -> (tensor<?xi64>, tensor<?x3xf16>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %c0 = fuse.take %c[%i0], dim = 0 : tensor<3x3xf16> -> tensor<3xf16>
  %e0 = fuse.sub %x, %c0 : tensor<?x3xf16>, tensor<3xf16> -> tensor<?x3xf16>
  %s0 = fuse.square %e0 : tensor<?x3xf16>
  %d0 = fuse.sum %s0, dim = 1 : tensor<?x3xf16> -> tensor<?xf16>
  %c1 = fuse.take %c[%i1], dim = 0 : tensor<3x3xf16> -> tensor<3xf16>
  %e1 = fuse.sub %x, %c1 : tensor<?x3xf16>, tensor<3xf16> -> tensor<?x3xf16>
  %s1 = fuse.square %e1 : tensor<?x3xf16>
  %d1 = fuse.sum %s1, dim = 1 : tensor<?x3xf16> -> tensor<?xf16>
  %j0 = fuse.constant dense<0> : tensor<i64>
  %j1 = fuse.constant dense<1> : tensor<i64>
  %better = fuse.cmp lt, %d1, %d0 : tensor<?xf16>, tensor<?xf16> -> tensor<?xi1>
  %idx = fuse.where %better, %j1, %j0 : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  return %idx, %s1 : tensor<?xi64>, tensor<?x3xf16>
}
