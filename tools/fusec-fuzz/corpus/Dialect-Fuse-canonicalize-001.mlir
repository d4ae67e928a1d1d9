func.func @square_drops_sign_change(%x: tensor<8xf32>, %y: tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %n = fuse.neg %x : tensor<8xf32>
  %s = fuse.square %n : tensor<8xf32>
  %a = fuse.abs %y : tensor<8xi32>
  %t = fuse.square %a : tensor<8xi32>
  return %s, %t : tensor<8xf32>, tensor<8xi32>
}
