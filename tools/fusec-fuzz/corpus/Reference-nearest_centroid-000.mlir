func.func @naive(%x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> (tensor<?x2xf32>, tensor<?xi64>) {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x2xf32> -> tensor<?x1x2xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<2x2xf32> -> tensor<1x2x2xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x2xf32>, tensor<1x2x2xf32> -> tensor<?x2x2xf32>
  %sq = fuse.square %diff : tensor<?x2x2xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x2x2xf32> -> tensor<?x2xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x2xf32> -> tensor<?xi64>
  return %dist, %labels : tensor<?x2xf32>, tensor<?xi64>
}

func.func @labels_only(%x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x2xf32> -> tensor<?x1x2xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<2x2xf32> -> tensor<1x2x2xf32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x2xf32>, tensor<1x2x2xf32> -> tensor<?x2x2xf32>
  %sq = fuse.square %diff : tensor<?x2x2xf32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x2x2xf32> -> tensor<?x2xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x2xf32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}

func.func @gemm(%x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> (tensor<?x2xf32>, tensor<?xi64>) {
  %xsq = fuse.mul %x, %x : tensor<?x2xf32>, tensor<?x2xf32> -> tensor<?x2xf32>
  %xx = fuse.sum %xsq, dim = 1 keepdim : tensor<?x2xf32> -> tensor<?x1xf32>
  %csq = fuse.mul %c, %c : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
  %cc = fuse.sum %csq, dim = 1 : tensor<2x2xf32> -> tensor<2xf32>
  %ct = fuse.transpose %c : tensor<2x2xf32> -> tensor<2x2xf32>
  %xc = fuse.matmul %x, %ct : tensor<?x2xf32>, tensor<2x2xf32> -> tensor<?x2xf32>
  %norms = fuse.add %xx, %cc : tensor<?x1xf32>, tensor<2xf32> -> tensor<?x2xf32>
  %two = fuse.constant dense<2.0> : tensor<f32>
  %xc2 = fuse.mul %two, %xc : tensor<f32>, tensor<?x2xf32> -> tensor<?x2xf32>
  %dist = fuse.sub %norms, %xc2 : tensor<?x2xf32>, tensor<?x2xf32> -> tensor<?x2xf32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x2xf32> -> tensor<?xi64>
  return %dist, %labels : tensor<?x2xf32>, tensor<?xi64>
}

func.func @running_step(%x: tensor<?x2xf32>, %cj: tensor<2xf32>, %j: tensor<i64>,
                        %best_d: tensor<?xf32>, %best_i: tensor<?xi64>) -> (tensor<?xf32>, tensor<?xi64>) {
  %diff = fuse.sub %x, %cj : tensor<?x2xf32>, tensor<2xf32> -> tensor<?x2xf32>
  %sq = fuse.square %diff : tensor<?x2xf32>
  %d = fuse.sum %sq, dim = 1 : tensor<?x2xf32> -> tensor<?xf32>
  %better = fuse.cmp lt, %d, %best_d : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %new_d = fuse.where %better, %d, %best_d : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %new_i = fuse.where %better, %j, %best_i : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %new_d, %new_i : tensor<?xf32>, tensor<?xi64>
}

func.func @running_loop(%x: tensor<?x2xf32>, %c: tensor<2x2xf32>) -> tensor<?xi64> {
  %inf = fuse.constant dense<0x7F800000> : tensor<f32>
  %zero = fuse.constant dense<0> : tensor<i64>
  %j0 = arith.constant 0 : index
  %jv0 = fuse.constant dense<0> : tensor<i64>
  %c0 = fuse.take %c[%j0], dim = 0 : tensor<2x2xf32> -> tensor<2xf32>
  %diff0 = fuse.sub %x, %c0 : tensor<?x2xf32>, tensor<2xf32> -> tensor<?x2xf32>
  %sq0 = fuse.square %diff0 : tensor<?x2xf32>
  %d0 = fuse.sum %sq0, dim = 1 : tensor<?x2xf32> -> tensor<?xf32>
  %better0 = fuse.cmp lt, %d0, %inf : tensor<?xf32>, tensor<f32> -> tensor<?xi1>
  %bd0 = fuse.where %better0, %d0, %inf : tensor<?xi1>, tensor<?xf32>, tensor<f32> -> tensor<?xf32>
  %bi0 = fuse.where %better0, %jv0, %zero : tensor<?xi1>, tensor<i64>, tensor<i64> -> tensor<?xi64>
  %j1 = arith.constant 1 : index
  %jv1 = fuse.constant dense<1> : tensor<i64>
  %c1 = fuse.take %c[%j1], dim = 0 : tensor<2x2xf32> -> tensor<2xf32>
  %diff1 = fuse.sub %x, %c1 : tensor<?x2xf32>, tensor<2xf32> -> tensor<?x2xf32>
  %sq1 = fuse.square %diff1 : tensor<?x2xf32>
  %d1 = fuse.sum %sq1, dim = 1 : tensor<?x2xf32> -> tensor<?xf32>
  %better1 = fuse.cmp lt, %d1, %bd0 : tensor<?xf32>, tensor<?xf32> -> tensor<?xi1>
  %bd1 = fuse.where %better1, %d1, %bd0 : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %bi1 = fuse.where %better1, %jv1, %bi0 : tensor<?xi1>, tensor<i64>, tensor<?xi64> -> tensor<?xi64>
  return %bi1 : tensor<?xi64>
}
