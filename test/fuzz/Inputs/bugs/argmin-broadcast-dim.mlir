// fuse-argmin-to-running-min cannot find the trip count of an argmin over
// a dimension that only a fuse.broadcast_to (sized by tensor.dim) creates:
//   error: 'fuse.argmin' op cannot find the dynamic extent of dimension 0
//   for the running minimum
// Found by test/fuzz/diff_programs.py (generator seed 1000154).
// fuse-run test/fuzz/Inputs/bugs/argmin-broadcast-dim.mlir --trials=2
func.func @argmin_broadcast_dim(%x: tensor<?xf32>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %b = fuse.broadcast_to %x sizes(%n, %n) : tensor<?xf32> -> tensor<?x?xf32>
  %l = fuse.argmin %b, dim = 0 : tensor<?x?xf32> -> tensor<?xi64>
  return %l : tensor<?xi64>
}
