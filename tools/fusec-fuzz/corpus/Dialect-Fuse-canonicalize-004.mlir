func.func @idempotent(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = fuse.abs %x : tensor<4xf32>
  %aa = fuse.abs %a : tensor<4xf32>
  %r = fuse.relu %x : tensor<4xf32>
  %rr = fuse.relu %r : tensor<4xf32>
  return %aa, %rr : tensor<4xf32>, tensor<4xf32>
}
