func.func @running_loop_k32(%x: tensor<?x512xf32>, %c: tensor<32x512xf32>) -> tensor<?xi64> {
  %inf = fuse.constant dense<0x7F800000> : tensor<f32>
  %zero = fuse.constant dense<0> : tensor<i64>
  %j0 = arith.constant 0 : index
  %jv0 = fuse.constant dense<0> : tensor<i64>
  %c0 = fuse.take %c[%j0], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff0 = fuse.sub %x, %c0 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq0 = fuse.square %diff0 : tensor<?x512xf32>
  %d0 = fuse.sum %sq0, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better0 = fuse.cmp lt, %d0, %inf : tensor<?xf32>, tensor<f32> -> tensor<?xi1>
  %bd0 = fuse.where %better0, %d0, %inf : tensor<?xi1>, tensor<?xf32>, tensor<f32> -> tensor<?xf32>
  %bi0 = fuse.where %better0, %jv0, %zero : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  %j1 = arith.constant 1 : index
  %jv1 = fuse.constant dense<1> : tensor<i64>
  %c1 = fuse.take %c[%j1], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff1 = fuse.sub %x, %c1 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq1 = fuse.square %diff1 : tensor<?x512xf32>
  %d1 = fuse.sum %sq1, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better1 = fuse.cmp lt, %d1, %bd0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd1 = fuse.where %better1, %d1, %bd0 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi1 = fuse.where %better1, %jv1, %bi0 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j2 = arith.constant 2 : index
  %jv2 = fuse.constant dense<2> : tensor<i64>
  %c2 = fuse.take %c[%j2], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff2 = fuse.sub %x, %c2 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq2 = fuse.square %diff2 : tensor<?x512xf32>
  %d2 = fuse.sum %sq2, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better2 = fuse.cmp lt, %d2, %bd1 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd2 = fuse.where %better2, %d2, %bd1 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi2 = fuse.where %better2, %jv2, %bi1 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j3 = arith.constant 3 : index
  %jv3 = fuse.constant dense<3> : tensor<i64>
  %c3 = fuse.take %c[%j3], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff3 = fuse.sub %x, %c3 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq3 = fuse.square %diff3 : tensor<?x512xf32>
  %d3 = fuse.sum %sq3, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better3 = fuse.cmp lt, %d3, %bd2 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd3 = fuse.where %better3, %d3, %bd2 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi3 = fuse.where %better3, %jv3, %bi2 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j4 = arith.constant 4 : index
  %jv4 = fuse.constant dense<4> : tensor<i64>
  %c4 = fuse.take %c[%j4], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff4 = fuse.sub %x, %c4 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq4 = fuse.square %diff4 : tensor<?x512xf32>
  %d4 = fuse.sum %sq4, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better4 = fuse.cmp lt, %d4, %bd3 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd4 = fuse.where %better4, %d4, %bd3 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi4 = fuse.where %better4, %jv4, %bi3 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j5 = arith.constant 5 : index
  %jv5 = fuse.constant dense<5> : tensor<i64>
  %c5 = fuse.take %c[%j5], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff5 = fuse.sub %x, %c5 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq5 = fuse.square %diff5 : tensor<?x512xf32>
  %d5 = fuse.sum %sq5, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better5 = fuse.cmp lt, %d5, %bd4 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd5 = fuse.where %better5, %d5, %bd4 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi5 = fuse.where %better5, %jv5, %bi4 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j6 = arith.constant 6 : index
  %jv6 = fuse.constant dense<6> : tensor<i64>
  %c6 = fuse.take %c[%j6], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff6 = fuse.sub %x, %c6 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq6 = fuse.square %diff6 : tensor<?x512xf32>
  %d6 = fuse.sum %sq6, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better6 = fuse.cmp lt, %d6, %bd5 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd6 = fuse.where %better6, %d6, %bd5 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi6 = fuse.where %better6, %jv6, %bi5 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j7 = arith.constant 7 : index
  %jv7 = fuse.constant dense<7> : tensor<i64>
  %c7 = fuse.take %c[%j7], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff7 = fuse.sub %x, %c7 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq7 = fuse.square %diff7 : tensor<?x512xf32>
  %d7 = fuse.sum %sq7, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better7 = fuse.cmp lt, %d7, %bd6 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd7 = fuse.where %better7, %d7, %bd6 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi7 = fuse.where %better7, %jv7, %bi6 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j8 = arith.constant 8 : index
  %jv8 = fuse.constant dense<8> : tensor<i64>
  %c8 = fuse.take %c[%j8], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff8 = fuse.sub %x, %c8 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq8 = fuse.square %diff8 : tensor<?x512xf32>
  %d8 = fuse.sum %sq8, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better8 = fuse.cmp lt, %d8, %bd7 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd8 = fuse.where %better8, %d8, %bd7 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi8 = fuse.where %better8, %jv8, %bi7 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j9 = arith.constant 9 : index
  %jv9 = fuse.constant dense<9> : tensor<i64>
  %c9 = fuse.take %c[%j9], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff9 = fuse.sub %x, %c9 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq9 = fuse.square %diff9 : tensor<?x512xf32>
  %d9 = fuse.sum %sq9, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better9 = fuse.cmp lt, %d9, %bd8 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd9 = fuse.where %better9, %d9, %bd8 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi9 = fuse.where %better9, %jv9, %bi8 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j10 = arith.constant 10 : index
  %jv10 = fuse.constant dense<10> : tensor<i64>
  %c10 = fuse.take %c[%j10], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff10 = fuse.sub %x, %c10 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq10 = fuse.square %diff10 : tensor<?x512xf32>
  %d10 = fuse.sum %sq10, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better10 = fuse.cmp lt, %d10, %bd9 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd10 = fuse.where %better10, %d10, %bd9 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi10 = fuse.where %better10, %jv10, %bi9 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j11 = arith.constant 11 : index
  %jv11 = fuse.constant dense<11> : tensor<i64>
  %c11 = fuse.take %c[%j11], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff11 = fuse.sub %x, %c11 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq11 = fuse.square %diff11 : tensor<?x512xf32>
  %d11 = fuse.sum %sq11, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better11 = fuse.cmp lt, %d11, %bd10 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd11 = fuse.where %better11, %d11, %bd10 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi11 = fuse.where %better11, %jv11, %bi10 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j12 = arith.constant 12 : index
  %jv12 = fuse.constant dense<12> : tensor<i64>
  %c12 = fuse.take %c[%j12], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff12 = fuse.sub %x, %c12 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq12 = fuse.square %diff12 : tensor<?x512xf32>
  %d12 = fuse.sum %sq12, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better12 = fuse.cmp lt, %d12, %bd11 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd12 = fuse.where %better12, %d12, %bd11 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi12 = fuse.where %better12, %jv12, %bi11 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j13 = arith.constant 13 : index
  %jv13 = fuse.constant dense<13> : tensor<i64>
  %c13 = fuse.take %c[%j13], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff13 = fuse.sub %x, %c13 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq13 = fuse.square %diff13 : tensor<?x512xf32>
  %d13 = fuse.sum %sq13, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better13 = fuse.cmp lt, %d13, %bd12 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd13 = fuse.where %better13, %d13, %bd12 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi13 = fuse.where %better13, %jv13, %bi12 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j14 = arith.constant 14 : index
  %jv14 = fuse.constant dense<14> : tensor<i64>
  %c14 = fuse.take %c[%j14], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff14 = fuse.sub %x, %c14 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq14 = fuse.square %diff14 : tensor<?x512xf32>
  %d14 = fuse.sum %sq14, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better14 = fuse.cmp lt, %d14, %bd13 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd14 = fuse.where %better14, %d14, %bd13 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi14 = fuse.where %better14, %jv14, %bi13 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j15 = arith.constant 15 : index
  %jv15 = fuse.constant dense<15> : tensor<i64>
  %c15 = fuse.take %c[%j15], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff15 = fuse.sub %x, %c15 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq15 = fuse.square %diff15 : tensor<?x512xf32>
  %d15 = fuse.sum %sq15, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better15 = fuse.cmp lt, %d15, %bd14 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd15 = fuse.where %better15, %d15, %bd14 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi15 = fuse.where %better15, %jv15, %bi14 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j16 = arith.constant 16 : index
  %jv16 = fuse.constant dense<16> : tensor<i64>
  %c16 = fuse.take %c[%j16], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff16 = fuse.sub %x, %c16 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq16 = fuse.square %diff16 : tensor<?x512xf32>
  %d16 = fuse.sum %sq16, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better16 = fuse.cmp lt, %d16, %bd15 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd16 = fuse.where %better16, %d16, %bd15 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi16 = fuse.where %better16, %jv16, %bi15 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j17 = arith.constant 17 : index
  %jv17 = fuse.constant dense<17> : tensor<i64>
  %c17 = fuse.take %c[%j17], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff17 = fuse.sub %x, %c17 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq17 = fuse.square %diff17 : tensor<?x512xf32>
  %d17 = fuse.sum %sq17, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better17 = fuse.cmp lt, %d17, %bd16 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd17 = fuse.where %better17, %d17, %bd16 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi17 = fuse.where %better17, %jv17, %bi16 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j18 = arith.constant 18 : index
  %jv18 = fuse.constant dense<18> : tensor<i64>
  %c18 = fuse.take %c[%j18], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff18 = fuse.sub %x, %c18 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq18 = fuse.square %diff18 : tensor<?x512xf32>
  %d18 = fuse.sum %sq18, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better18 = fuse.cmp lt, %d18, %bd17 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd18 = fuse.where %better18, %d18, %bd17 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi18 = fuse.where %better18, %jv18, %bi17 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j19 = arith.constant 19 : index
  %jv19 = fuse.constant dense<19> : tensor<i64>
  %c19 = fuse.take %c[%j19], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff19 = fuse.sub %x, %c19 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq19 = fuse.square %diff19 : tensor<?x512xf32>
  %d19 = fuse.sum %sq19, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better19 = fuse.cmp lt, %d19, %bd18 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd19 = fuse.where %better19, %d19, %bd18 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi19 = fuse.where %better19, %jv19, %bi18 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j20 = arith.constant 20 : index
  %jv20 = fuse.constant dense<20> : tensor<i64>
  %c20 = fuse.take %c[%j20], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff20 = fuse.sub %x, %c20 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq20 = fuse.square %diff20 : tensor<?x512xf32>
  %d20 = fuse.sum %sq20, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better20 = fuse.cmp lt, %d20, %bd19 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd20 = fuse.where %better20, %d20, %bd19 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi20 = fuse.where %better20, %jv20, %bi19 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j21 = arith.constant 21 : index
  %jv21 = fuse.constant dense<21> : tensor<i64>
  %c21 = fuse.take %c[%j21], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff21 = fuse.sub %x, %c21 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq21 = fuse.square %diff21 : tensor<?x512xf32>
  %d21 = fuse.sum %sq21, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better21 = fuse.cmp lt, %d21, %bd20 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd21 = fuse.where %better21, %d21, %bd20 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi21 = fuse.where %better21, %jv21, %bi20 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j22 = arith.constant 22 : index
  %jv22 = fuse.constant dense<22> : tensor<i64>
  %c22 = fuse.take %c[%j22], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff22 = fuse.sub %x, %c22 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq22 = fuse.square %diff22 : tensor<?x512xf32>
  %d22 = fuse.sum %sq22, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better22 = fuse.cmp lt, %d22, %bd21 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd22 = fuse.where %better22, %d22, %bd21 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi22 = fuse.where %better22, %jv22, %bi21 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j23 = arith.constant 23 : index
  %jv23 = fuse.constant dense<23> : tensor<i64>
  %c23 = fuse.take %c[%j23], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff23 = fuse.sub %x, %c23 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq23 = fuse.square %diff23 : tensor<?x512xf32>
  %d23 = fuse.sum %sq23, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better23 = fuse.cmp lt, %d23, %bd22 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd23 = fuse.where %better23, %d23, %bd22 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi23 = fuse.where %better23, %jv23, %bi22 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j24 = arith.constant 24 : index
  %jv24 = fuse.constant dense<24> : tensor<i64>
  %c24 = fuse.take %c[%j24], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff24 = fuse.sub %x, %c24 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq24 = fuse.square %diff24 : tensor<?x512xf32>
  %d24 = fuse.sum %sq24, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better24 = fuse.cmp lt, %d24, %bd23 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd24 = fuse.where %better24, %d24, %bd23 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi24 = fuse.where %better24, %jv24, %bi23 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j25 = arith.constant 25 : index
  %jv25 = fuse.constant dense<25> : tensor<i64>
  %c25 = fuse.take %c[%j25], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff25 = fuse.sub %x, %c25 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq25 = fuse.square %diff25 : tensor<?x512xf32>
  %d25 = fuse.sum %sq25, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better25 = fuse.cmp lt, %d25, %bd24 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd25 = fuse.where %better25, %d25, %bd24 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi25 = fuse.where %better25, %jv25, %bi24 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j26 = arith.constant 26 : index
  %jv26 = fuse.constant dense<26> : tensor<i64>
  %c26 = fuse.take %c[%j26], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff26 = fuse.sub %x, %c26 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq26 = fuse.square %diff26 : tensor<?x512xf32>
  %d26 = fuse.sum %sq26, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better26 = fuse.cmp lt, %d26, %bd25 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd26 = fuse.where %better26, %d26, %bd25 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi26 = fuse.where %better26, %jv26, %bi25 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j27 = arith.constant 27 : index
  %jv27 = fuse.constant dense<27> : tensor<i64>
  %c27 = fuse.take %c[%j27], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff27 = fuse.sub %x, %c27 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq27 = fuse.square %diff27 : tensor<?x512xf32>
  %d27 = fuse.sum %sq27, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better27 = fuse.cmp lt, %d27, %bd26 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd27 = fuse.where %better27, %d27, %bd26 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi27 = fuse.where %better27, %jv27, %bi26 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j28 = arith.constant 28 : index
  %jv28 = fuse.constant dense<28> : tensor<i64>
  %c28 = fuse.take %c[%j28], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff28 = fuse.sub %x, %c28 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq28 = fuse.square %diff28 : tensor<?x512xf32>
  %d28 = fuse.sum %sq28, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better28 = fuse.cmp lt, %d28, %bd27 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd28 = fuse.where %better28, %d28, %bd27 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi28 = fuse.where %better28, %jv28, %bi27 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j29 = arith.constant 29 : index
  %jv29 = fuse.constant dense<29> : tensor<i64>
  %c29 = fuse.take %c[%j29], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff29 = fuse.sub %x, %c29 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq29 = fuse.square %diff29 : tensor<?x512xf32>
  %d29 = fuse.sum %sq29, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better29 = fuse.cmp lt, %d29, %bd28 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd29 = fuse.where %better29, %d29, %bd28 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi29 = fuse.where %better29, %jv29, %bi28 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j30 = arith.constant 30 : index
  %jv30 = fuse.constant dense<30> : tensor<i64>
  %c30 = fuse.take %c[%j30], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff30 = fuse.sub %x, %c30 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq30 = fuse.square %diff30 : tensor<?x512xf32>
  %d30 = fuse.sum %sq30, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better30 = fuse.cmp lt, %d30, %bd29 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd30 = fuse.where %better30, %d30, %bd29 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi30 = fuse.where %better30, %jv30, %bi29 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  %j31 = arith.constant 31 : index
  %jv31 = fuse.constant dense<31> : tensor<i64>
  %c31 = fuse.take %c[%j31], dim = 0 : tensor<32x512xf32> -> tensor<512xf32>
  %diff31 = fuse.sub %x, %c31 : tensor<?x512xf32>, tensor<512xf32> -> tensor<?x512xf32>
  %sq31 = fuse.square %diff31 : tensor<?x512xf32>
  %d31 = fuse.sum %sq31, dim = 1 : tensor<?x512xf32> -> tensor<?xf32>
  %better31 = fuse.cmp lt, %d31, %bd30 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd31 = fuse.where %better31, %d31, %bd30 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi31 = fuse.where %better31, %jv31, %bi30 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %bi31 : tensor<?xi64>
}
