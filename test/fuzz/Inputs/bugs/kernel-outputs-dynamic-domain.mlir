// fuse-form-kernels puts two results of one static type, tensor<?x?xf32>,
// into one kernel although their dynamic sizes differ (s1 x s0 and
// s0 x s0): it compares iteration domains by static shape, where every `?`
// equals every other `?`. The CPU kernel then writes both results in one
// loop nest sized by the first: the second is partly unwritten (mismatches
// below) or written past its end (heap corruption, SIGABRT in free() in
// fuse-run, e.g. without --dims).
// Found by test/fuzz/diff_programs.py (generator seeds 1000090, 1000129,
// 1000140).
//   fuse-run test/fuzz/Inputs/bugs/kernel-outputs-dynamic-domain.mlir --dims=s0=5,s1=3 --trials=1
//     mismatch: trial 0, result #1 at [3, 0]: got 0, expected ...
//   fusec --emit=fused test/fuzz/Inputs/bugs/kernel-outputs-dynamic-domain.mlir
//     one fuse.kernel yields both results
func.func @two_domains(%x: tensor<?xf32>, %p: tensor<?x1xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %e = fuse.exp %x : tensor<?xf32>
  %o1 = fuse.add %e, %p : tensor<?xf32>, tensor<?x1xf32> -> tensor<?x?xf32>
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?xf32> -> tensor<?x1xf32>
  %o2 = fuse.add %e, %xe : tensor<?xf32>, tensor<?x1xf32> -> tensor<?x?xf32>
  return %o1, %o2 : tensor<?x?xf32>, tensor<?x?xf32>
}
