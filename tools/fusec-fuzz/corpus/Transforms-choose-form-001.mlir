func.func @broadcast_operand(%x: tensor<?x64xf32>, %s: tensor<?x1xf32>) -> tensor<?xf32> {
  %diff = fuse.sub %x, %s : tensor<?x64xf32>, tensor<?x1xf32> -> tensor<?x64xf32>
  %sq = fuse.square %diff : tensor<?x64xf32>
  %r = fuse.sum %sq, dim = 1 : tensor<?x64xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
