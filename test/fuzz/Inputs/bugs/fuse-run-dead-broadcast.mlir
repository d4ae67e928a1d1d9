// fuse-run (not the compiler): size symbols come from the canonicalized
// function, where the dead fuse.add is gone, so %x and %y get independent
// sizes; the reference evaluator runs the original function, dead op
// included, and stops:
//   fuse-run: error: trial 2: the reference evaluator failed: ...
//   fuse.add: sizes do not match at run time: ... (a dynamic size never
//   broadcasts)
// The generator avoids it by making every op reach a result.
//   fuse-run test/fuzz/Inputs/bugs/fuse-run-dead-broadcast.mlir --trials=3
func.func @dead_broadcast(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %dead = fuse.add %x, %y : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %r = fuse.neg %x : tensor<?xf32>
  return %r : tensor<?xf32>
}
