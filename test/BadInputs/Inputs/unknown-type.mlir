func.func @f(%x: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  %0 = fuse.neg %x : tensor<4xf8E4M3FN>
  return %0 : tensor<4xf8E4M3FN>
}
