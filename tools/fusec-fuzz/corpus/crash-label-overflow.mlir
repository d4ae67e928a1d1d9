func.func @running_loop_k8(%x: tensor<1x1xi64>, %c: tensor<8x1xi64>) -> tensor<1xi64> {
  %inf = fuse.constant dense<0x7F800000> : tensor<i64>
  %zero = fuse.constant dense<0> : tensor<i64>
  %j0 = arith.constant 0 : index
  %jv0 = fuse.constant dense<9223372036854775807> : tensor<i64>
  %c0 = fuse.take %c[%j0], dim = 0 : tensor<8x1xi64> -> tensor<1xi64>
  %diff0 = fuse.sub %x, %c0 : tensor<1x1xi64>, tensor<1xi64> -> tensor<1x1xi64>
  %sq0 = fuse.square %diff0 : tensor<1x1xi64>
  %d0 = fuse.sum %sq0, dim = 1 : tensor<1x1xi64> -> tensor<1xi64>
  %better0 = fuse.cmp lt, %d0, %inf : tensor<1xi64>, tensor<i64> -> tensor<1xi1>
  %bd0 = fuse.where %better0, %d0, %inf : tensor<1xi1>, tensor<1xi64>, tensor<i64> -> tensor<1xi64>
  %bi0 = fuse.where %better0, %jv0, %zero : tensor<1xi1>, tensor<i64>, tensor<i64> -> tensor<1xi64>
  %j1 = arith.constant 1 : index
  %jv1 = fuse.constant dense<1> : tensor<i64>
  %c1 = fuse.take %c[%j1], dim = 0 : tensor<8x1xi64> -> tensor<1xi64>
  %diff1 = fuse.sub %x, %c1 : tensor<1x1xi64>, tensor<1xi64> -> tensor<1x1xi64>
  %sq1 = fuse.square %diff1 : tensor<1x1xi64>
  %d1 = fuse.sum %sq1, dim = 1 : tensor<1x1xi64> -> tensor<1xi64>
  %better1 = fuse.cmp lt, %d1, %bd0 : tensor<1xi64>, tensor<1xi64> -> tensor<1xi1>
  %bd1 = fuse.where %better1, %d1, %bd0 : tensor<1xi1>, tensor<1xi64>, tensor<1xi64> -> tensor<1xi64>
  %bi1 = fuse.where %better1, %jv1, %bi0 : tensor<1xi1>, tensor<i64>, tensor<1xi64> -> tensor<1xi64>
  %j2 = arith.constant 2 : index
  %jv2 = fuse.constant dense<2> : tensor<i64>
  %c2 = fuse.take %c[%j2], dim = 0 : tensor<8x1xi64> -> tensor<1xi64>
  %diff2 = fuse.sub %x, %c2 : tensor<1x1xi64>, tensor<1xi64> -> tensor<1x1xi64>
  %sq2 = fuse.square %diff2 : tensor<1x1xi64>
  %d2 = fuse.sum %sq2, dim = 1 : tensor<1x1xi64> -> tensor<1xi64>
  %better2 = fuse.cmp lt, %d2, %bd1 : tensor<1xi64>, tensor<1xi64> -> tensor<1xi1>
  %bd2 = fuse.where %better2, %d2, %bd1 : tensor<1xi1>, tensor<1xi64>, tensor<1xi64> -> tensor<1xi64>
  %bi2 = fuse.where %better2, %jv2, %bi1 : tensor<1xi1>, tensor<i64>, tensor<1xi64> -> tensor<1xi64>
  %j3 = arith.constant 1 : index
  %jv3 = fuse.constant dense<1> : tensor<i64>
  %c3 = fuse.take %c[%j3], dim = 0 : tensor<8x1xi64> -> tensor<1xi64>
  %diff3 = fuse.sub %x, %c3 : tensor<1x1xi64>, tensor<1xi64> -> tensor<1x1xi64>
  %sq3 = fuse.square %diff3 : tensor<1x1xi64>
  %d3 = fuse.sum %sq3, dim = 1 : tensor<1x1xi64> -> tensor<1xi64>
  %better3 = fuse.cmp lt, %d3, %bd2 : tensor<1xi64>, tensor<1xi64> -> tensor<1xi1>
  %bd3 = fuse.where %better3, %d3, %bd2 : tensor<1xi1>, tensor<1xi64>, tensor<1xi64> -> tensor<1xi64>
  %bi3 = fuse.where %better3, %jv3, %bi2 : tensor<1xi1>, tensor<i64>, tensor<1xi64> -> tensor<1xi64>
  %j4 = arith.constant 4 : index
  %jv4 = fuse.constant dense<4> : tensor<i64>
  %c4 = fuse.take %c[%j4], dim = 0 : tensor<8x1xi64> -> tensor<1xi64>
  %diff4 = fuse.sub %x, %c4 : tensor<1x1xi64>, tensor<1xi64> -> tensor<1x1xi64>
  %sq4 = fuse.square %diff4 : tensor<1x1xi64>
  %d4 = fuse.sum %sq4, dim = 1 : tensor<1x1xi64> -> tensor<1xi64>
  %better4 = fuse.cmp lt, %d4, %bd3 : tensor<1xi64>, tensor<1xi64> -> tensor<1xi1>
  %bd4 = fuse.where %better4, %d4, %bd3 : tensor<1xi1>, tensor<1xi64>, tensor<1xi64> -> tensor<1xi64>
  %bi4 = fuse.where %better4, %jv4, %bi3 : tensor<1xi1>, tensor<i64>, tensor<1xi64> -> tensor<1xi64>
  %j5 = arith.constant 5 : index
  %jv5 = fuse.constant dense<5> : tensor<i64>
  %c5 = fuse.take %c[%j5], dim = 0 : tensor<8x1xi64> -> tensor<1xi64>
  %diff5 = fuse.add %x, %c5 : tensor<1x1xi64>, tensor<1xi64> -> tensor<1x1xi64>
  %sq5 = fuse.square %diff5 : tensor<1x1xi64>
  %d5 = fuse.sum %sq5, dim = 1 : tensor<1x1xi64> -> tensor<1xi64>
  %better5 = fuse.cmp lt, %d5, %bd4 : tensor<1xi64>, tensor<1xi64> -> tensor<1xi1>
  %bd5 = fuse.where %better5, %d5, %bd4 : tensor<1xi1>, tensor<1xi64>, tensor<1xi64> -> tensor<1xi64>
  %bi5 = fuse.where %better5, %jv5, %bi4 : tensor<1xi1>, tensor<i64>, tensor<1xi64> -> tensor<1xi64>
  %j6 = arith.constant 6 : index
  %jv6 = fuse.constant dense<6> : tensor<i64>
  %c6 = fuse.take %c[%j6], dim = 0 : tensor<8x1xi64> -> tensor<1xi64>
  %diff6 = fuse.sub %x, %c6 : tensor<1x1xi64>, tensor<1xi64> -> tensor<1x1xi64>
  %sq6 = fuse.square %diff6 : tensor<1x1xi64>
  %d6 = fuse.sum %sq6, dim = 1 : tensor<1x1xi64> -> tensor<1xi64>
  %better6 = fuse.cmp lt, %d6, %bd5 : tensor<1xi64>, tensor<1xi64> -> tensor<1xi1>
  %bd6 = fuse.where %better6, %d6, %bd5 : tensor<1xi1>, tensor<1xi64>, tensor<1xi64> -> tensor<1xi64>
  %bi6 = fuse.where %better6, %jv6, %bi5 : tensor<1xi1>, tensor<i64>, tensor<1xi64> -> tensor<1xi64>
  %j7 = arith.constant 1 : index
  %jv7 = fuse.constant dense<1> : tensor<i64>
  %c7 = fuse.take %c[%j7], dim = 0 : tensor<8x1xi64> -> tensor<1xi64>
  %diff7 = fuse.sub %x, %c7 : tensor<1x1xi64>, tensor<1xi64> -> tensor<1x1xi64>
  %sq7 = fuse.square %diff7 : tensor<1x1xi64>
  %d7 = fuse.sum %sq7, dim = 1 : tensor<1x1xi64> -> tensor<1xi64>
  %better7 = fuse.cmp lt, %d7, %bd6 : tensor<1xi64>, tensor<1xi64> -> tensor<1xi1>
  %bd7 = fuse.where %better7, %d7, %bd6 : tensor<1xi1>, tensor<1xi64>, tensor<1xi64> -> tensor<1xi64>
  %bi7 = fuse.where %better7, %jv7, %bi6 : tensor<1xi1>, tensor<i64>, tensor<1xi64> -> tensor<1xi64>
  return %bi7 : tensor<1xi64>
}
