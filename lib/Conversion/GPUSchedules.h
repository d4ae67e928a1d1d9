//===- GPUSchedules.h - GPU schedules of fused kernels ----------*- C++ -*-===//
//
// Part of fusec. Internal interface between fuse-map-to-gpu and the
// schedules that fill a gpu.func with the code of one fused kernel.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_LIB_CONVERSION_GPUSCHEDULES_H
#define FUSEC_LIB_CONVERSION_GPUSCHEDULES_H

#include "fusec/Analysis/ByteLedger.h"
#include "fusec/Dialect/Fuse/IR/FuseOps.h"
#include "fusec/runtime/LaunchDesc.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <functional>

namespace mlir {
namespace fuse {

/// Tile sizes of the tiled running-min schedule; 0 means "choose".
struct TileOptions {
  int64_t tileM = 0, tileN = 0, tileK = 0, split = 0;
  /// The byte ledger's device profile, for the schedule model.
  DeviceProfile device = getH200Profile();
  /// Emit each schedule decision as a remark on the kernel.
  bool remarks = false;
  /// Resident blocks per SM the launch bounds ask ptxas for (0: chosen).
  int64_t minBlocks = 0;
  /// Register tile per thread (rows and candidates); 0: chosen.
  int64_t threadM = 0, threadN = 0;
  int64_t expectedRows = 0;
  /// Tensor-core schedule: slices in flight through cp.async (0: chosen).
  int64_t stages = 0;
  /// wgmma: -1 chosen, 0 cp.async copies, 1 TMA loads, 2 or 4 TMA loads in
  /// clusters of that many blocks that multicast the candidate tile.
  int64_t cluster = -1;
  /// TMA without clusters: -1 chosen, 0 one block per row tile, 1 blocks
  /// that stay resident and walk the row tiles, caching candidate norms.
  int64_t persistent = -1;
  /// Candidate parts of TMA's persistent blocks: -1 chosen (in clusters
  /// when every work unit fits the clusters the GPU holds at once), 0
  /// through the labels' atomics, 1 in clusters whenever the schedule can.
  int64_t clusterSplit = -1;
  /// How f32 products of the Gram form run: "ieee" (FMA units), "tf32" or
  /// "3xtf32" (tensor cores). f16 and bf16 products always use tensor
  /// cores, which compute them exactly.
  std::string precision = "ieee";
  /// --precision=auto's trial of "3xtf32-certified": a kernel the byte
  /// ledger predicts no faster than the FMA kernel fails to compile, so
  /// that the compile falls back to "ieee".
  bool certifyWhereFaster = false;
  /// Sums over the features (the norms of the Gram form) add each slice's
  /// sum to the running value by TwoSum and carry the rounding error, so
  /// that they come out within a fraction of an ulp of the exact sum.
  bool compensatedSums = true;
  /// The target architecture: sm_90a enables Hopper's warpgroup MMAs.
  std::string arch = "sm_90";
};

/// What the host must do to run one kernel, in launch-description terms.
struct KernelLaunch {
  std::array<fusec::rt::Expr, 3> grid;
  std::array<fusec::rt::Expr, 3> block;
  fusec::rt::Expr sharedBytes = fusec::rt::Expr::integer(0);
  /// Outputs (by kernel result number) to fill with 0xFF bytes first.
  SmallVector<unsigned> memsetOutputs;
  /// A second entry that runs after the main one with the same parameters.
  std::string mergeEntry;
  std::array<fusec::rt::Expr, 3> mergeGrid;
  std::array<fusec::rt::Expr, 3> mergeBlock;
  /// Dynamic shared memory of the merge entry (the staged recheck's
  /// buffers).
  int64_t mergeSharedBytes = 0;
  /// A third entry that runs after the merge entry with the same
  /// parameters (mergeEntry is then set).
  std::string finishEntry;
  std::array<fusec::rt::Expr, 3> finishGrid;
  std::array<fusec::rt::Expr, 3> finishBlock;
  /// i64 words of a temporary the entries share, filled with zero bytes
  /// before the main entry and passed after the size parameters (and the
  /// recheck's scratch), before the tensor maps; 0: none.
  int64_t sharedScratchWords = 0;
  /// Inputs (by kernel input number) passed as tensor maps after the size
  /// parameters, with their boxes {features, rows}.
  SmallVector<std::pair<unsigned, std::array<int64_t, 2>>> tensorMaps;
  /// Human-readable schedule decisions (printed as remarks).
  std::string remark;
};

/// Everything a schedule needs about the kernel being built.
struct ScheduleContext {
  KernelOp kernel;
  gpu::GPUModuleOp gpuModule;
  gpu::GPUFuncOp func;
  /// Memrefs of the kernel's inputs and outputs inside `func`.
  SmallVector<Value> inputs;
  SmallVector<Value> outputs;
  /// Under --precision=3xtf32-recheck, a kernel that returns labels gets
  /// one more buffer, the last parameter of its entries: one i64 per label,
  /// filled with 0xFF bytes before the main entry, where the candidate
  /// parts meet in each row's second best (key << 32 | index). Null
  /// otherwise.
  Value rowScratch;
  /// The i64 size parameters of `func`, by size-symbol number (null when
  /// the kernel does not take that symbol).
  SmallVector<Value> sizeParams;
  /// Expression of dimension `dim` of kernel result/input `value` in
  /// launch-description terms.
  std::function<fusec::rt::Expr(Value, int64_t)> dimExpr;
  TileOptions tiles;
};

/// Wraps a bare pointer into an identity-layout memref of `type` by
/// building its LLVM descriptor (`dynamicSizes` for its dynamic
/// dimensions, in order); the memref-to-LLVM conversion folds the casts
/// away.
Value wrapPointer(OpBuilder &builder, Location loc, Value pointer,
                  MemRefType type, ArrayRef<Value> dynamicSizes);

/// Fills `ctx.func` with the tiled running-min schedule when the kernel has
/// that shape. Returns failure() with no diagnostic when it does not apply,
/// and emits a diagnostic (and fails) on real errors via `error`.
FailureOr<KernelLaunch> emitTiledRunningMin(ScheduleContext &ctx,
                                            bool &applicable);

} // namespace fuse
} // namespace mlir

#endif // FUSEC_LIB_CONVERSION_GPUSCHEDULES_H
