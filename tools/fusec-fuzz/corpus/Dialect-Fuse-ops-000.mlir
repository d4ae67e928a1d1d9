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

func.func @unary(%x: tensor<?x4xf16>, %i: tensor<3xi64>, %d: tensor<2xf64>) {
  %0 = fuse.square %x : tensor<?x4xf16>
  %1 = fuse.neg %i : tensor<3xi64>
  %2 = fuse.abs %i : tensor<3xi64>
  %3 = fuse.exp %d : tensor<2xf64>
  %4 = fuse.sqrt %x : tensor<?x4xf16>
  %5 = fuse.relu %x : tensor<?x4xf16>
  %6 = fuse.cast %x : tensor<?x4xf16> to tensor<?x4xf32>
  %7 = fuse.cast %i : tensor<3xi64> to tensor<3xi1>
  return
}

func.func @select_and_shape(%c: tensor<?xi1>, %a: tensor<?xf32>, %s: tensor<f32>, %m: tensor<8x16xf32>, %n: index) {
  %0 = fuse.where %c, %a, %s : tensor<?xi1>, tensor<?xf32>, tensor<f32> -> tensor<?xf32>
  %1 = fuse.expand_dims %m, dim = 0 : tensor<8x16xf32> -> tensor<1x8x16xf32>
  %2 = fuse.expand_dims %m, dim = 2 : tensor<8x16xf32> -> tensor<8x16x1xf32>
  %3 = fuse.broadcast_to %s sizes(%n) : tensor<f32> -> tensor<?x3xf32>
  %4 = fuse.broadcast_to %m : tensor<8x16xf32> -> tensor<2x8x16xf32>
  %5 = fuse.transpose %m : tensor<8x16xf32> -> tensor<16x8xf32>
  %j = arith.constant 3 : index
  %6 = fuse.take %m[%j], dim = 1 : tensor<8x16xf32> -> tensor<8xf32>
  %7 = fuse.constant dense<0.25> : tensor<f32>
  %8 = fuse.matmul %m, %5 : tensor<8x16xf32>, tensor<16x8xf32> -> tensor<8x8xf32>
  return
}

func.func @reductions(%x: tensor<?x256x512xf32>, %i: tensor<5x?xi32>) {
  %0 = fuse.sum %x, dim = 2 : tensor<?x256x512xf32> -> tensor<?x256xf32>
  %1 = fuse.sum %x, dim = 1 keepdim : tensor<?x256x512xf32> -> tensor<?x1x512xf32>
  %2 = fuse.reduce_min %i, dim = 0 : tensor<5x?xi32> -> tensor<?xi32>
  %3 = fuse.reduce_max %i, dim = 1 keepdim : tensor<5x?xi32> -> tensor<5x1xi32>
  %4 = fuse.argmin %0, dim = 1 : tensor<?x256xf32> -> tensor<?xi64>
  %5 = fuse.argmax %i, dim = 0 keepdim : tensor<5x?xi32> -> tensor<1x?xi64>
  return
}

func.func @kernel_and_running_min(%x: tensor<?x4xf32>, %c: tensor<3x4xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
  %0:2 = fuse.kernel @k ins(%x, %c : tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<?xf32>, tensor<?xi64> {
  ^bb0(%xa: tensor<?x4xf32>, %ca: tensor<3x4xf32>):
    %k = arith.constant 3 : index
    %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<?xf32>, tensor<?xi64> {
    ^bb0(%t: index):
      %cj = fuse.take %ca[%t], dim = 0 : tensor<3x4xf32> -> tensor<4xf32>
      %d = fuse.sub %xa, %cj : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
      %s = fuse.square %d : tensor<?x4xf32>
      %r = fuse.sum %s, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
      fuse.yield %r : tensor<?xf32>
    }
    fuse.yield %best, %idx : tensor<?xf32>, tensor<?xi64>
  }
  return %0#0, %0#1 : tensor<?xf32>, tensor<?xi64>
}

func.func @running_min_with_state(%d: tensor<?xf32>, %bd: tensor<?xf32>, %bi: tensor<?xi64>, %j: tensor<i64>) -> tensor<?xi64> {
  %r = fuse.kernel @step ins(%d, %bd, %bi, %j : tensor<?xf32>, tensor<?xf32>, tensor<?xi64>, tensor<i64>) -> tensor<?xi64> {
  ^bb0(%da: tensor<?xf32>, %bda: tensor<?xf32>, %bia: tensor<?xi64>, %ja: tensor<i64>):
    %one = arith.constant 1 : index
    %best, %idx = fuse.running_min max nan = ignore trips(%one) init(%bda, %bia : tensor<?xf32>, tensor<?xi64>) offset(%ja : tensor<i64>) : tensor<?xf32>, tensor<?xi64> {
    ^bb0(%t: index):
      fuse.yield %da : tensor<?xf32>
    }
    fuse.yield %idx : tensor<?xi64>
  }
  return %r : tensor<?xi64>
}
