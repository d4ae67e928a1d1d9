// fuse.cast from f64 to bf16 does not compile for the CPU: LLVM lowers the
// fptrunc double -> bfloat to a call of __truncdfbf2, which neither the
// JIT's process nor libgcc (12) provides:
//   JIT session error: Symbols not found: [ __truncdfbf2 ]
//   fuse-run: error: @cast_f64_bf16: Failed to materialize symbols: ...
// (f32 -> bf16, f16 -> bf16 and integer -> bf16 work.) Found by
// test/fuzz/diff_programs.py (generator seeds 1000012, 1000051).
//   fuse-run test/fuzz/Inputs/bugs/cast-f64-bf16.mlir --trials=1
func.func @cast_f64_bf16(%x: tensor<?xf64>) -> tensor<?xbf16> {
  %y = fuse.cast %x : tensor<?xf64> to tensor<?xbf16>
  return %y : tensor<?xbf16>
}
