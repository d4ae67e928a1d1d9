// The Gram form with the norms passed in (computed once by the caller, as
// KeOps and faiss users do): an [n, 1] row operand and a [k] candidate
// operand read in the tiled schedule's epilogue.
func.func @gram_given_norms(%x: tensor<?x129xf32>, %c: tensor<300x129xf32>, %xx: tensor<?x1xf32>, %cc: tensor<300xf32>) -> tensor<?xi64> {
  %ct = fuse.transpose %c : tensor<300x129xf32> -> tensor<129x300xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x129xf32>, tensor<129x300xf32> -> tensor<?x300xf32>
  %norms = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<300xf32> -> tensor<?x300xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<?x300xf32> -> tensor<?x300xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<?x300xf32>, tensor<?x300xf32> -> tensor<?x300xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x300xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
