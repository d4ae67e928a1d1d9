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
