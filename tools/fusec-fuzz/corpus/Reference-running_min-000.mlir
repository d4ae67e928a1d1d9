func.func @min_propagate(%d: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  %arg = fuse.argmin %d, dim = 0 : tensor<?x?xf32> -> tensor<?xi64>
  return %best, %idx, %arg : tensor<?xf32>, tensor<?xi64>, tensor<?xi64>
}

func.func @min_ignore(%d: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %best, %idx = fuse.running_min min nan = ignore trips(%k) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  return %best, %idx : tensor<?xf32>, tensor<?xi64>
}

func.func @max_propagate(%d: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %best, %idx = fuse.running_min max nan = propagate trips(%k) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  %arg = fuse.argmax %d, dim = 0 : tensor<?x?xf32> -> tensor<?xi64>
  return %best, %idx, %arg : tensor<?xf32>, tensor<?xi64>, tensor<?xi64>
}

func.func @max_ignore(%d: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %best, %idx = fuse.running_min max nan = ignore trips(%k) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  return %best, %idx : tensor<?xf32>, tensor<?xi64>
}

func.func @init_offset(%d: tensor<?x?xf32>, %bv: tensor<?xf32>, %bi: tensor<?xi64>, %off: tensor<i64>)
    -> (tensor<?xf32>, tensor<?xi64>, tensor<?xf32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %b0, %i0 = fuse.running_min min nan = ignore trips(%k) init(%bv, %bi : tensor<?xf32>, tensor<?xi64>) offset(%off : tensor<i64>) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  %b1, %i1 = fuse.running_min min nan = propagate trips(%k) init(%bv, %bi : tensor<?xf32>, tensor<?xi64>) offset(%off : tensor<i64>) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  return %b0, %i0, %b1, %i1 : tensor<?xf32>, tensor<?xi64>, tensor<?xf32>, tensor<?xi64>
}

func.func @scalar_init(%d: tensor<?x?xf32>, %s: tensor<f32>, %si: tensor<i64>) -> (tensor<?xf32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %k = tensor.dim %d, %c0 : tensor<?x?xf32>
  %best, %idx = fuse.running_min min nan = ignore trips(%k) init(%s, %si : tensor<f32>, tensor<i64>) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  return %best, %idx : tensor<?xf32>, tensor<?xi64>
}

func.func @scalar_candidate(%v: tensor<2xf32>, %bv: tensor<3xf32>, %bi: tensor<3xi64>) -> (tensor<3xf32>, tensor<3xi64>) {
  %c2 = arith.constant 2 : index
  %best, %idx = fuse.running_min min nan = ignore trips(%c2) init(%bv, %bi : tensor<3xf32>, tensor<3xi64>) : tensor<3xf32>, tensor<3xi64> {
  ^bb0(%t: index):
    %x = fuse.take %v[%t], dim = 0 : tensor<2xf32> -> tensor<f32>
    fuse.yield %x : tensor<f32>
  }
  return %best, %idx : tensor<3xf32>, tensor<3xi64>
}

func.func @zero_trips(%k: index, %bv: tensor<2xf32>, %bi: tensor<2xi64>)
    -> (tensor<2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>, tensor<2xf32>) {
  %b0, %i0 = fuse.running_min min nan = propagate trips(%k) init(%bv, %bi : tensor<2xf32>, tensor<2xi64>) : tensor<2xf32>, tensor<2xi64> {
  ^bb0(%t: index):
    %big = arith.constant 1000 : index
    %u = arith.addi %t, %big : index
    %row = fuse.take %bv[%u], dim = 0 : tensor<2xf32> -> tensor<f32>
    %b = fuse.broadcast_to %row : tensor<f32> -> tensor<2xf32>
    fuse.yield %b : tensor<2xf32>
  }
  %b1, %i1 = fuse.running_min min nan = propagate trips(%k) : tensor<2xf32>, tensor<2xi64> {
  ^bb0(%t: index):
    fuse.yield %bv : tensor<2xf32>
  }
  %b2, %i2 = fuse.running_min max nan = propagate trips(%k) : tensor<2xf32>, tensor<2xi64> {
  ^bb0(%t: index):
    fuse.yield %bv : tensor<2xf32>
  }
  return %b0, %i0, %b1, %i1, %b2 : tensor<2xf32>, tensor<2xi64>, tensor<2xf32>, tensor<2xi64>, tensor<2xf32>
}

func.func @int_candidates(%d: tensor<2x3xi32>) -> (tensor<3xi32>, tensor<3xi64>, tensor<3xi32>, tensor<3xi64>) {
  %c2 = arith.constant 2 : index
  %b0, %i0 = fuse.running_min min nan = propagate trips(%c2) : tensor<3xi32>, tensor<3xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<2x3xi32> -> tensor<3xi32>
    fuse.yield %row : tensor<3xi32>
  }
  %b1, %i1 = fuse.running_min max nan = propagate trips(%c2) : tensor<3xi32>, tensor<3xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<2x3xi32> -> tensor<3xi32>
    fuse.yield %row : tensor<3xi32>
  }
  return %b0, %i0, %b1, %i1 : tensor<3xi32>, tensor<3xi64>, tensor<3xi32>, tensor<3xi64>
}

func.func @kernel(%x: tensor<?x2xf32>, %c: tensor<3x2xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
  %0:2 = fuse.kernel @k ins(%x, %c : tensor<?x2xf32>, tensor<3x2xf32>) -> tensor<?xf32>, tensor<?xi64> {
  ^bb0(%xa: tensor<?x2xf32>, %ca: tensor<3x2xf32>):
    %k = arith.constant 3 : index
    %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<?xf32>, tensor<?xi64> {
    ^bb0(%t: index):
      %cj = fuse.take %ca[%t], dim = 0 : tensor<3x2xf32> -> tensor<2xf32>
      %d = fuse.sub %xa, %cj : tensor<?x2xf32>, tensor<2xf32> -> tensor<?x2xf32>
      %s = fuse.square %d : tensor<?x2xf32>
      %r = fuse.sum %s, dim = 1 : tensor<?x2xf32> -> tensor<?xf32>
      fuse.yield %r : tensor<?xf32>
    }
    fuse.yield %best, %idx : tensor<?xf32>, tensor<?xi64>
  }
  return %0#0, %0#1 : tensor<?xf32>, tensor<?xi64>
}
