func.func @dim_out_of_range(%x: tensor<?xf32>) -> tensor<?x4xf32> {
  %c127 = arith.constant 127 : index
  %n = tensor.dim %x, %c127 : tensor<?xf32>
  %b = fuse.constant dense<1.5> : tensor<4xf32>
  %bb = fuse.broadcast_to %b sizes(%n) : tensor<4xf32> -> tensor<?x4xf32>
  return %bb : tensor<?x4xf32>
}
