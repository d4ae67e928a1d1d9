// argmin/argmax of integer tensors are supported (the dialect's index
// reductions take any numeric tensor): fused CPU code against the
// reference, including ties, all-equal rows and the integer extremes that
// the running minimum starts from. (Rank-0 and i1 inputs are verifier
// errors: invalid.mlir, @argmin_rank0 and @argmax_bool.)

// RUN: fuse-run %s --func=argmin_i32 --trials=20 --seed=101 | FileCheck %s --check-prefix=I32
// I32: fuse-run: symbols: s0 7 (static, candidates)
// I32: trial 2 [k=1]:
// I32-NOT: FAIL
// I32: labels: {{[1-9][0-9]*}} rows with an exact tie
// I32: fuse-run: PASS: 20 trials, 0 mismatches, 0 near-ties (bound exact for i32)
// RUN: fuse-run %s --func=argmin_i32 --trials=5 --seed=102 --fill=equal | FileCheck %s --check-prefix=EQUAL
// EQUAL: fuse-run: PASS: 5 trials, 0 mismatches
// RUN: fuse-run %s --func=argmin_i32 --trials=2 --dims=s0=3 --keep-extent=7 --print | FileCheck %s --check-prefix=PRINT
// PRINT: fused #0: [1, 5, 4]
// PRINT-NEXT: fused #1: [4, 6, 1]
// PRINT-NEXT: reference #0: [1, 5, 4]
// PRINT-NEXT: reference #1: [4, 6, 1]
func.func @argmin_i32(%x: tensor<?x7xi32>) -> (tensor<?xi64>, tensor<?xi64>) {
  %0 = fuse.argmin %x, dim = 1 : tensor<?x7xi32> -> tensor<?xi64>
  %1 = fuse.argmax %x, dim = 1 : tensor<?x7xi32> -> tensor<?xi64>
  return %0, %1 : tensor<?xi64>, tensor<?xi64>
}

// i64 over the leading dimension, with keepdim.
// RUN: fuse-run %s --func=argmin_i64 --trials=20 --seed=103 --dup-rows=0 | FileCheck %s --check-prefix=I64
// I64-NOT: FAIL
// I64: fuse-run: PASS: 20 trials, 0 mismatches, 0 near-ties (bound exact for i64)
func.func @argmin_i64(%x: tensor<5x?xi64>) -> tensor<1x?xi64> {
  %0 = fuse.argmin %x, dim = 0 keepdim : tensor<5x?xi64> -> tensor<1x?xi64>
  return %0 : tensor<1x?xi64>
}

// Rows of INT32_MAX (argmin) and INT64_MIN (argmax): the running minimum
// starts at the type's extreme with index 0 and only a strictly better
// value replaces it, so both labels are 0.
// RUN: fuse-run %s --func=extremes --trials=3 --dims=s0=2 --print | FileCheck %s --check-prefix=EXTREMES
// EXTREMES: fused #0: [0, 0]
// EXTREMES-NEXT: fused #1: [0, 0]
// EXTREMES: fuse-run: PASS: 3 trials, 0 mismatches
func.func @extremes(%x: tensor<?x1xi32>) -> (tensor<?xi64>, tensor<?xi64>) {
  %y = fuse.cast %x : tensor<?x1xi32> to tensor<?x1xi64>
  %max = fuse.constant dense<2147483647> : tensor<6xi32>
  %min = fuse.constant dense<-9223372036854775808> : tensor<6xi64>
  %a = fuse.max %x, %max : tensor<?x1xi32>, tensor<6xi32> -> tensor<?x6xi32>
  %b = fuse.min %y, %min : tensor<?x1xi64>, tensor<6xi64> -> tensor<?x6xi64>
  %amin = fuse.argmin %a, dim = 1 : tensor<?x6xi32> -> tensor<?xi64>
  %amax = fuse.argmax %b, dim = 1 : tensor<?x6xi64> -> tensor<?xi64>
  return %amin, %amax : tensor<?xi64>, tensor<?xi64>
}

// Nearest centroid in integers: exact squared distances, ties from
// duplicated centroids go to the lower index.
// RUN: fuse-run %s --func=nearest_i32 --trials=20 --seed=104 --dup-rows=1 | FileCheck %s --check-prefix=NEAREST
// NEAREST-NOT: FAIL
// NEAREST: labels: {{[1-9][0-9]*}} rows with an exact tie
// NEAREST: fuse-run: PASS: 20 trials, 0 mismatches
func.func @nearest_i32(%x: tensor<?x3xi32>, %c: tensor<6x3xi32>) -> tensor<?xi64> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x3xi32> -> tensor<?x1x3xi32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<6x3xi32> -> tensor<1x6x3xi32>
  %diff = fuse.sub %xe, %ce : tensor<?x1x3xi32>, tensor<1x6x3xi32> -> tensor<?x6x3xi32>
  %sq = fuse.square %diff : tensor<?x6x3xi32>
  %dist = fuse.sum %sq, dim = 2 : tensor<?x6x3xi32> -> tensor<?x6xi32>
  %labels = fuse.argmin %dist, dim = 1 : tensor<?x6xi32> -> tensor<?xi64>
  return %labels : tensor<?xi64>
}
