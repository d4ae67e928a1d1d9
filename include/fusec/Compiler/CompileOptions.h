//===- CompileOptions.h - options of one fusec compile ----------*- C++ -*-===//
//
// Part of fusec. The options shared by the `fusec` CLI, the JIT and the
// compiler entry point. This header includes no MLIR or LLVM header, so
// that the installed JIT API (fusec/JIT/JIT.h) can be used by host programs
// that never see MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_COMPILER_COMPILEOPTIONS_H
#define FUSEC_COMPILER_COMPILEOPTIONS_H

#include <cstdint>
#include <functional>
#include <string>

namespace mlir {
class PassManager;
} // namespace mlir

namespace fusec {

/// How far a compile goes; each level includes the earlier ones.
enum class EmitLevel { Fused, Loops, GPU, LLVM, PTX };

struct CompileOptions {
  EmitLevel emit = EmitLevel::PTX;
  std::string arch = "sm_90";
  bool fuseIndexReductions = true;
  /// Schedule overrides; 0 lets the compiler choose.
  int64_t tileM = 0, tileN = 0, tileK = 0, split = 0, expectedRows = 0;
  int64_t minBlocks = 0, threadM = 0, threadN = 0;
  /// Shared-memory slices in flight through cp.async (0: chosen).
  int64_t stages = 0;
  /// wgmma schedule: -1 chosen, 0 cp.async, 1 TMA, 2 or 4 TMA in clusters
  /// that multicast the candidate tile.
  int64_t cluster = -1;
  /// TMA schedule without clusters: -1 chosen, 0 a block per row tile, 1
  /// resident blocks that walk the row tiles and cache the candidate norms.
  int64_t persistent = -1;
  /// Candidate parts of TMA's persistent blocks: -1 chosen (in a cluster's
  /// shared memory when every work unit fits the clusters the GPU holds at
  /// once), 0 through the labels' atomics, 1 in clusters whenever possible.
  int64_t clusterSplit = -1;
  /// Sums over the features (norms) add each slice's sum by TwoSum and
  /// carry its rounding error; false: plain f32 chains (faster, about 10
  /// ulp off on sums of thousands of terms).
  bool compensatedSums = true;
  /// How f32 products of the Gram form run: "auto" (the default: on
  /// sm_90a, "3xtf32-certified" wherever every kernel takes it and the
  /// byte ledger predicts it faster than the FMA kernel, else
  /// "ieee"; the labels are ieee's either way), "ieee" (FMA units, exact
  /// fp32), "tf32" or "3xtf32" (tensor cores), or "3xtf32-recheck" (3xTF32
  /// finds each row's best two candidates, IEEE fp32 decides between them:
  /// the ieee kernel's labels), or "3xtf32-certified" (a direct form on
  /// 3xTF32 with error bounds, the direct form where they cannot decide:
  /// the direct form's labels). f16/bf16 products always run on tensor
  /// cores.
  std::string precision = "auto";
  /// Set by "auto"'s trial of "3xtf32-certified": a kernel the byte ledger
  /// predicts no faster than the FMA kernel fails to compile.
  bool certifyWhereFaster = false;
  /// Device profile of the byte ledger's schedule model: h200, l4 or the
  /// path of a JSON profile.
  std::string device = "h200";
  /// Report each fusion and schedule decision as a remark.
  bool remarks = false;
  /// Let the byte ledger compute squared distances in the Gram form
  /// (a reassociation: different rounding, so off by default).
  bool allowReassociation = false;
  /// Called on every pass manager before it runs (CLI pass-manager
  /// options, timing, IR printing); returning false stops the compile.
  std::function<bool(mlir::PassManager &)> configurePassManager;
};

} // namespace fusec

#endif // FUSEC_COMPILER_COMPILEOPTIONS_H
