func.func @binary(%a: tensor<?x1xf32>, %b: tensor<8xf32>, %i: tensor<4xi32>, %h: tensor<2x3xbf16>) {
  %0 = fuse.add %a, %b : tensor<?x1xf32>, tensor<8xf32> -> tensor<?x8xf32>
  %1 = fuse.sub %a, %b : tensor<?x1xf32>, tensor<8xf32> -> tensor<?x8xf32>
  %2 = fuse.mul %i, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %3 = fuse.div %h, %h : tensor<2x3xbf16>, tensor<2x3xbf16> -> tensor<2x3xbf16>
  %4 = fuse.max %a, %b : tensor<?x1xf32>, tensor<8xf32> -> tensor<?x8xf32>
  %5 = fuse.min %a, %b : tensor<?x1xf32>, tensor<8xf32> -> tensor<?x8xf32>
  %6 = fuse.cmp le, %a, %b : tensor<?x1xf32>, tensor<8xf32> -> tensor<?x8xi1>
  %7 = fuse.cmp ne, %i, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi1>
  return
}
