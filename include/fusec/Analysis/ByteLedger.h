//===- ByteLedger.h - bytes, FLOPs and launches of a plan -------*- C++ -*-===//
//
// Part of fusec. The byte ledger says what a program costs in bytes moved,
// FLOPs executed and kernels launched, once as PyTorch would run it eagerly
// (one kernel per op, every intermediate materialised) and once as the
// kernels fusec formed. A device profile turns the counts into a floor time
// and a regime, so that a speedup is explained in bytes and a measurement
// that beats its own floor is caught (seeds/003).
//
// Everything here is computed for concrete sizes: dynamic dimensions are
// bound by the caller (SizeBindings). Counts are exact int64 values; a size
// whose byte or FLOP count does not fit is an error, never a wrapped number.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_ANALYSIS_BYTELEDGER_H
#define FUSEC_ANALYSIS_BYTELEDGER_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace func {
class FuncOp;
} // namespace func

namespace fuse {

//===----------------------------------------------------------------------===//
// Device profiles
//===----------------------------------------------------------------------===//

/// What a device can do per second. The ledger's floor for a kernel is
/// max(bytes / bandwidth, FLOPs / rate) + launches * launch overhead.
struct DeviceProfile {
  std::string name;
  /// DRAM bytes per second, reads and writes together (what a
  /// device-to-device copy achieves, counting both directions).
  double bandwidthBytesPerSec = 0;
  /// FLOPs (or integer ops) per second, keyed "<dtype>.<unit>" for floats
  /// ("f32.fma", "f16.fma", "f16.tensor", "bf16.tensor", "tf32.tensor",
  /// "f64.fma", ...) and "<dtype>" for integers ("i32", "i64", "i1"). An FMA
  /// counts as two FLOPs, as in every datasheet.
  std::map<std::string, double> flopRate;
  /// Transcendental ops (exp, sqrt) per second: the special function units.
  double transcendentalRate = 0;
  /// Seconds added per kernel launch.
  double launchOverheadSec = 0;
  /// Streaming multiprocessors: how many blocks run side by side, which
  /// the schedule model needs to predict a grid's utilisation.
  int64_t multiprocessors = 132;
  /// Bytes of L2 cache: how many operand rows the blocks that run side by
  /// side can stream before the first ones are evicted.
  int64_t l2Bytes = 60 << 20;

  /// The rate for ops of `dtype` ("f32", "i64", ...), on tensor cores when
  /// `tensorCores`, and the key it was found under. Fallbacks: a missing
  /// "<t>.tensor" uses "<t>.fma" (the GEMM would run on the FMA units), a
  /// missing "i1" or "i64" uses "i32". Returns std::nullopt when nothing
  /// applies.
  std::optional<std::pair<std::string, double>>
  lookupFlopRate(StringRef dtype, bool tensorCores) const;
};

/// One NVIDIA H200 (the project's GPU machine, TOOLCHAIN.md).
DeviceProfile getH200Profile();
/// One NVIDIA L4 (the seeds' card), from the datasheet.
DeviceProfile getL4Profile();

/// Parses a profile from JSON text (`source` names it in errors):
///
///   {"name": "card", "bandwidth_bytes_per_sec": 2.0e12,
///    "flop_rate": {"f32.fma": 30e12, "f16.fma": 60e12, "i32": 15e12},
///    "transcendental_rate": 1.9e12, "launch_overhead_sec": 3e-6,
///    "multiprocessors": 58, "l2_bytes": 50331648}
///
/// `name`, `bandwidth_bytes_per_sec`, `launch_overhead_sec` and a
/// `flop_rate` with "f32.fma" are required; `transcendental_rate` defaults
/// to the f32.fma rate / 16 (16 special function lanes per 128 FP32 lanes,
/// and an FMA is two FLOPs); `multiprocessors` defaults to 132 and `l2_bytes`
/// to 60 MiB (the H200's). Unknown keys are errors, so that a typo does not
/// silently fall back to a default.
llvm::Expected<DeviceProfile> parseDeviceProfile(StringRef json,
                                                 StringRef source);
/// Reads and parses a profile file.
llvm::Expected<DeviceProfile> loadDeviceProfile(StringRef path);
/// "h200", "l4", or else the path of a JSON profile.
llvm::Expected<DeviceProfile> getDeviceProfile(StringRef nameOrPath);

//===----------------------------------------------------------------------===//
// Size bindings
//===----------------------------------------------------------------------===//

/// Concrete sizes for the dynamic dimensions of a function's arguments.
/// Items are `argI.dimJ=V` (dimension J of argument I) or `NAME=V` for any
/// other identifier, which binds every dynamic dimension not bound by an
/// `argI.dimJ` item. A name is only accepted when those dimensions are one
/// size, that is when they meet in a broadcast (the seeds' programs have
/// one dynamic size, n); otherwise the ledger asks for `argI.dimJ` items.
/// Dynamic sizes of intermediate values follow from the arguments'
/// (traceDim in fusec/Analysis/Shapes.h).
class SizeBindings {
public:
  /// Parses items such as {"n=4096"} or {"arg0.dim0=4096", "arg3.dim0=4096"}.
  /// An item may itself hold several comma-separated bindings.
  static llvm::Expected<SizeBindings> parse(ArrayRef<std::string> items);

  void bindDim(unsigned arg, unsigned dim, int64_t size) {
    dims[{arg, dim}] = size;
  }
  void bindAll(StringRef name, int64_t size) {
    allName = name.str();
    all = size;
  }

  std::optional<int64_t> lookupDim(unsigned arg, unsigned dim) const;
  const std::map<std::pair<unsigned, unsigned>, int64_t> &getDims() const {
    return dims;
  }
  /// The `NAME=V` binding, if any.
  std::optional<std::pair<std::string, int64_t>> getAll() const;
  bool empty() const { return dims.empty() && !all; }
  /// The canonical text: the name binding first, then `argI.dimJ` items in
  /// order, comma-separated ("" when empty).
  std::string str() const;

private:
  std::map<std::pair<unsigned, unsigned>, int64_t> dims;
  std::string allName;
  std::optional<int64_t> all;
};

//===----------------------------------------------------------------------===//
// Plans
//===----------------------------------------------------------------------===//

enum class PlanKind { Eager, Fused };
StringRef stringifyPlanKind(PlanKind kind);

/// What dominates a floor time.
enum class Regime { Launch, Memory, Compute };
StringRef stringifyRegime(Regime regime);

/// The counts of one kernel (or, in PlanCost::total, of a whole plan).
struct KernelCost {
  /// The kernel's symbol (fused) or the op's name (eager).
  std::string name;
  /// The op this was computed from; null when read back from attributes.
  Operation *op = nullptr;
  /// The concrete types of what it writes ("4096x256x512xf32"), so that a
  /// table shows which intermediate each eager kernel materialises.
  std::string outputs;
  /// DRAM traffic: every distinct input read once, every output written
  /// once. A view (expand_dims, transpose, broadcast_to) reads its base; a
  /// take reads its slice; a splat constant is an immediate, 0 bytes.
  int64_t bytesRead = 0;
  int64_t bytesWritten = 0;
  /// FLOPs by element type ("f32", "f16", "i64", "i1", ...) as the CPU loop
  /// nest of fuse-lower-to-loops executes them, recomputation included.
  std::map<std::string, int64_t> flops;
  /// The same as the GPU schedules execute them. A running-min kernel's
  /// tiled schedule computes row-independent values (the centroid norms of
  /// the Gram form) once per tile of LedgerOptions::rowTile rows; any
  /// other kernel runs one output element per thread, so a value it
  /// broadcasts is recomputed for every element. The floor time uses
  /// these. Equal to `flops` for eager kernels.
  std::map<std::string, int64_t> tiledFlops;
  /// exp and sqrt elements (loop-nest count; tiled in tiledTranscendentals).
  int64_t transcendentals = 0;
  int64_t tiledTranscendentals = 0;
  int64_t launches = 0;
  /// A GEMM on 16-bit floats (cuBLAS runs it on tensor cores), or a fused
  /// kernel whose Gram-form products run on them (computePlan's
  /// precision).
  bool tensorCores = false;
  /// MMAs per product on the tensor cores: 3 for 3xTF32 (its FLOPs are
  /// counted once, as the useful work, and take three times as long).
  int64_t tensorPasses = 1;

  /// bytesRead + bytesWritten. computePlan guarantees that it fits.
  int64_t getBytes() const { return bytesRead + bytesWritten; }
  /// Sum of `flops` (or `tiledFlops`) over element types.
  int64_t getTotalFlops(bool tiled = false) const;
};

/// A plan: its kernels in launch order, their sums, and its peak memory.
struct PlanCost {
  PlanKind kind = PlanKind::Eager;
  std::string function;
  /// SizeBindings::str() of the sizes it was computed for.
  std::string sizes;
  std::vector<KernelCost> kernels;
  /// Sums over `kernels` (name "total").
  KernelCost total;
  /// The largest number of bytes allocated above the inputs at any moment
  /// of the call: intermediates freed after their last use and the
  /// results, which live to the end (the seeds' definition). A view keeps
  /// its base alive, as in PyTorch. A fused plan's peak includes
  /// `temporaryBytes`.
  int64_t peakBytes = 0;
  /// Bytes that the GPU schedule's launch descriptions allocate for the
  /// whole call beyond the outputs (a recheck's scratch labels, a certified
  /// kernel's list of deferred rows); 0 when no schedule was consulted
  /// (LedgerOptions::scheduleTemporaries).
  int64_t temporaryBytes = 0;
};

/// The block argument (kernel input) that a factor of a Gram-form product
/// reads through views (expand_dims, broadcast_to, transpose, take) and
/// widening casts to f32 of f16/bf16/f32, and whether a take (a running
/// minimum's candidate) is on the way; a null argument when anything else
/// is. Shared by the ledger's tensor-core costing and the GPU schedule.
/// The casts on the way are appended to `casts` when it is given.
std::pair<BlockArgument, bool>
traceGramFactor(Value value, SmallVectorImpl<Operation *> *casts = nullptr);

/// Computes the plan of `func` as it stands, for the given sizes:
/// - each fuse.kernel is one launch, costed by its loop nest;
/// - each other fuse op is one eager kernel (fuse.matmul is one GEMM:
///   2*m*n*k FLOPs), except views (expand_dims, transpose, take,
///   broadcast_to), which launch nothing, move nothing and alias their
///   input;
/// - constants, tensor.dim and index arithmetic are free.
/// Called on the function as written this is the eager plan; after the
/// fusion pipeline it is the fused plan (`kind` only labels the result).
/// `rowTile` is the row tile of KernelCost::tiledFlops. Emits a located
/// error and fails on unsupported ops, unbound sizes and overflow.
///
/// `precision` is the GPU schedule's for f32 products of the Gram form
/// ("ieee", "tf32", "3xtf32"): a running minimum whose candidate sums the
/// products of a row operand and a candidate operand (each possibly widened
/// to f32) runs those products on tensor cores when the operands are f16
/// or bf16, or f32 under tf32/3xtf32. Their FLOPs are then counted under
/// "f16"/"bf16"/"tf32" (three passes for 3xtf32) and the kernel is marked
/// tensorCores, so that its floor uses the tensor rate.
///
/// `persistentBlocks` > 0: such tensor-core kernels run in that many
/// persistent blocks (sm_90a's TMA schedule), which keep row-independent
/// values (the candidate norms) across their row tiles, so those are
/// counted for at most that many row tiles.
/// The precisions of f32 Gram-form products (--precision):
/// - "ieee": FMA units, one FMA a feature (the default);
/// - "tf32", "3xtf32": tensor cores;
/// - "3xtf32-recheck": 3xTF32 tensor cores find each row's best two
///   candidates, and IEEE fp32 arithmetic (the ieee kernel's: one FMA a
///   feature, feature 0 first) decides between those two;
/// - "3xtf32-certified": for a direct form sum((x - c)^2) that fuse-choose-
///   form rewrote, 3xTF32 tensor cores compute each candidate with a
///   rigorous error bound, and where the bound cannot tell the best from
///   the others the direct form decides in IEEE fp32: the labels are the
///   direct form's.
bool isKnownPrecision(StringRef precision);
/// The tensor-core arithmetic of `precision` ("3xtf32-recheck" and
/// "3xtf32-certified" run 3xtf32's); "ieee" for the FMA units.
StringRef productPrecision(StringRef precision);
/// The list isKnownPrecision accepts, for diagnostics.
inline constexpr const char *kKnownPrecisions =
    "ieee, tf32, 3xtf32, 3xtf32-recheck or 3xtf32-certified";
/// What a certify-where-faster compile's refusal says (the byte ledger
/// predicts the FMA kernel at least as fast): --precision=auto reports it
/// as a remark and compiles "ieee".
inline constexpr const char *kAutoKeepsFmaKernel =
    "--precision=auto keeps the FMA kernel";

FailureOr<PlanCost> computePlan(func::FuncOp func, PlanKind kind,
                                const SizeBindings &sizes, int64_t rowTile = 64,
                                StringRef precision = "ieee",
                                int64_t persistentBlocks = 0);

/// A floor time and its parts.
struct TimeEstimate {
  double memorySec = 0;
  double computeSec = 0;
  double launchSec = 0;
  /// max(memorySec, computeSec) + launchSec (per kernel), or the sum of the
  /// kernels' floors (per plan: kernels run one after another).
  double floorSec = 0;
  /// The largest part. For a plan, the part most of its floor goes to:
  /// launches, or the dominant term of memory-bound or compute-bound
  /// kernels.
  Regime regime = Regime::Memory;
};

struct PlanTime {
  TimeEstimate total;
  std::vector<TimeEstimate> kernels;
};

/// Floor time of one kernel on `device`. Fails when the profile has no rate
/// for one of the kernel's element types.
llvm::Expected<TimeEstimate> estimateKernel(const KernelCost &kernel,
                                            const DeviceProfile &device);
llvm::Expected<PlanTime> estimatePlan(const PlanCost &plan,
                                      const DeviceProfile &device);

//===----------------------------------------------------------------------===//
// Decisions and measurements
//===----------------------------------------------------------------------===//

struct LedgerOptions {
  DeviceProfile device = getH200Profile();
  SizeBindings sizes;
  /// Rows per GPU tile for KernelCost::tiledFlops.
  int64_t rowTile = 64;
  /// Tensor-core kernels run in this many persistent blocks (computePlan);
  /// 0: one block per row tile.
  int64_t persistentBlocks = 0;
  /// A measurement below this fraction of its roof (floor / measured) is
  /// flagged as a likely schedule problem.
  double roofFraction = 0.2;
  /// Fusion is worth it only if the fused plan moves fewer bytes and
  /// executes at most this many times the eager plan's (tiled) FLOPs.
  double computeBlowupLimit = 2.0;
  /// Optional JSON file of measured times (see parseMeasurements).
  std::string measurementsPath;
  /// The GPU schedule's precision for f32 Gram-form products (computePlan).
  std::string precision = "ieee";
  /// The bytes of temporaries that the GPU schedule of a function allocates
  /// for a call at the given sizes, or nullopt when it is not known. The
  /// schedule decides them (MapToGPU's launch descriptions), after the
  /// ledger's plans, so a caller that has scheduled the program passes
  /// them in and the fused plans' peaks count them.
  std::function<std::optional<int64_t>(StringRef function,
                                       const SizeBindings &sizes)>
      scheduleTemporaries;
};

/// Eager against fused, and whether fusing pays.
struct FusionDecision {
  /// eager / fused.
  double bytesRatio = 0;
  double timeRatio = 0;
  /// fused / eager (tiled FLOPs).
  double flopRatio = 0;
  double peakRatio = 0;
  bool fuse = false;
  /// One sentence that says why, in bytes.
  std::string reason;
};

FusionDecision decideFusion(const PlanCost &eager, const PlanTime &eagerTime,
                            const PlanCost &fused, const PlanTime &fusedTime,
                            const LedgerOptions &options);

/// One measured time of one plan of one program.
struct Measurement {
  /// The function's name.
  std::string program;
  PlanKind plan = PlanKind::Eager;
  SizeBindings sizes;
  double timeSec = 0;
  /// 1-based position in the file, for messages.
  unsigned row = 0;
};

struct MeasurementTable {
  /// The device the times were taken on, if the file says.
  std::string device;
  std::vector<Measurement> rows;
};

/// Parses measured times:
///
///   {"device": "card",
///    "rows": [{"program": "chain", "plan": "fused",
///              "sizes": {"n": 134217728}, "time_us": 72}, ...]}
///
/// `sizes` holds SizeBindings items as keys ("n", "arg0.dim0") and integer
/// values (1e6 is accepted: it is an integer). `time_us` is in microseconds.
llvm::Expected<MeasurementTable> parseMeasurements(StringRef json,
                                                   StringRef source);
llvm::Expected<MeasurementTable> loadMeasurements(StringRef path);

/// A measurement held against its plan's floor.
struct MeasurementVerdict {
  double measuredSec = 0;
  double floorSec = 0;
  /// bytes / bandwidth alone: a floor that no launch overlap can hide.
  double trafficSec = 0;
  /// floorSec / measuredSec.
  double roofFraction = 0;
  Regime regime = Regime::Memory;
  /// Measured below the floor: the table or the byte count is wrong.
  bool fasterThanFloor = false;
  /// Below LedgerOptions::roofFraction of the roof.
  bool likelyScheduleProblem = false;
  std::string message;
};

MeasurementVerdict checkMeasurement(const Measurement &measurement,
                                    const PlanCost &plan, const PlanTime &time,
                                    const DeviceProfile &device,
                                    double roofFraction = 0.2);

//===----------------------------------------------------------------------===//
// Schedule choices
//===----------------------------------------------------------------------===//

/// One tile shape a tiled running-minimum schedule can run, with what was
/// measured of it (docs/performance-notes.md).
struct TileShape {
  int64_t rowsPerBlock = 0;
  int64_t candidatesPerBlock = 0;
  /// Resident blocks per SM at which the shape reaches its throughput.
  int64_t blocksToSaturate = 1;
  /// Fraction of the FMA rate a saturated SM reaches with this shape.
  double efficiency = 1;
  /// Persistent blocks (TMA on sm_90a): SMs x blocksToSaturate blocks stay
  /// resident and walk the row tiles, each split into candidate parts
  /// (choosePersistentWalk), instead of one block per row tile in waves.
  bool persistent = false;
  /// Whether the ledger may split the candidates over blocks. Not for a
  /// persistent shape: it fills the GPU with candidate parts instead, and
  /// a split of the ledger's own would launch it without TMA.
  bool splittable = true;
  /// A persistent walk that keeps every row tile's candidates in one part
  /// (--precision=3xtf32-certified decides a row where they all meet).
  bool onePart = false;
  /// Whether a split of this shape meets in clusters (the kernel's
  /// candidate parts as the blocks of one cluster, TMA in persistent
  /// blocks) when all its work units fit the clusters the GPU holds at
  /// once (residentClusters): one launch instead of three.
  bool clusterParts = false;
  /// Time of a launch that no rate covers, added once: TMA kernels' first
  /// stages from DRAM before any MMA, and the last tile's epilogue after
  /// the last (a d sweep of the probe's single-round kernels puts it at the
  /// intercept, docs/performance-notes.md, version 35).
  double fillSec = 0;
  /// Where the rows fill the GPU: the rate of a launch in waves whose
  /// candidate parts (a block's walk) hold at least two candidate tiles and
  /// at most half the L2, as a multiple of `efficiency` (which was measured
  /// on blocks that walk all the candidates of the large shapes). 1: no
  /// such gain.
  double residentPartGain = 1;
  /// Seconds a block slot waits, after each row tile's walk, for the
  /// replays of the rows that the tile's bounds leave open
  /// (--precision=3xtf32-certified: one round of a few candidates each;
  /// 0: none modelled). A property of the shape: the registers its launch
  /// leaves a thread set how many features a replay's step loads.
  double replaySecPerRowTile = 0;
};

/// The FMA schedule's residentPartGain, an empirical fit: on the three
/// large shapes, split kernels whose parts hold two candidate tiles (8-16
/// MiB) ran 0.943-0.958 of the unsplit walk's time, labels equal, part of
/// it the waves' fill that the model counts apart; the bundled direct-form
/// example unsplit at 2^20 rows (a walk of two tiles, 4 MiB) ran within
/// 1.1% of the gain's prediction (docs/performance-notes.md, version 36
/// and its bench). The L2 bytes do not explain it: Nsight Compute read the
/// same DRAM bytes and L2 hit rate split and unsplit; ptxas schedules the
/// split kernel's slice loop with half the waits on shared-memory loads.
constexpr double kResidentPartGain = 1.05;

/// Whether sm_90a's TMA kernels (3xTF32's split producer among them) may
/// run in persistent blocks, given the `persistent` and `cluster` options:
/// unless the user turned them off or asked for clusters, whose blocks
/// would have to walk the same number of row tiles. The schedule decides
/// per kernel (it needs TMA); the ledger's floor counts the candidate norms
/// once per block when this holds (LedgerOptions::persistentBlocks). One
/// rule for both.
inline bool persistentBlocksAllowed(int64_t persistent, int64_t cluster) {
  return persistent != 0 && (cluster == -1 || cluster == 1);
}

/// Persistent blocks: a candidate part accumulates its row tile's norms in
/// its first candidate tile, which doubles the consumers' per-slice work
/// there, so a part needs this many candidate tiles to amortize it
/// (measured on sample-heavy, docs/performance-notes.md, version 14: 4, 8
/// and 32 tiles a part ran f16 in 27.8, 26.5 and 30.4 ms, tf32 in 65.9,
/// 51.4 and 57.3 ms).
constexpr int64_t kMinCandidateTilesPerPart = 8;

/// A candidate tile of a short last round, which accumulates its row
/// tile's norms and its own candidates' (a work item does so on its first
/// tile only), counted as this many plain tiles.
constexpr int64_t kTailTileCost = 2;
/// At most this many candidate parts meet in distributed shared memory, as
/// the blocks of one cluster (the portable cluster size); a split into more
/// merges through the labels' atomics, after a memset, and an unpacking
/// entry follows: two launches more.
constexpr int64_t kMaxClusterParts = 8;
/// GPCs of the H100 and H200 (132 SMs, 66 TPCs of two SMs).
constexpr int64_t kGpcs = 8;

/// Clusters of `parts` one-block-a-SM blocks that a GPU of
/// `multiprocessors` SMs holds at once whichever of its TPCs the chip has
/// disabled. A cluster runs within one GPC, and a GPC of 2t SMs holds
/// floor(2t / parts) clusters: it leaves at most parts - 2 SMs idle for
/// even parts (its SMs come in pairs) and parts - 1 for odd. On the H200,
/// cuOccupancyMaxActiveClusters gave 30 clusters of 4 on one machine and
/// 66 of 2 on another (docs/performance-notes.md, version 27); this gives
/// 29 and 66.
inline int64_t residentClusters(int64_t multiprocessors, int64_t parts) {
  if (parts < 1 || multiprocessors < 1)
    return 0;
  int64_t idle = kGpcs * (parts % 2 ? parts - 1 : parts - 2);
  return std::max<int64_t>(0, (multiprocessors - idle) / parts);
}

/// Whether a split into `parts` can meet in clusters at all: 2 to
/// kMaxClusterParts parts.
inline bool clusterPartsAllowed(int64_t parts) {
  return parts > 1 && parts <= kMaxClusterParts;
}

/// Whether `workUnits` units (row tiles x parts) of a split into `parts`
/// meet in clusters: clusterPartsAllowed, and every unit a block of a
/// cluster that runs at once.
inline bool clusterPartsFit(int64_t workUnits, int64_t parts,
                            int64_t multiprocessors) {
  return clusterPartsAllowed(parts) &&
         workUnits <= residentClusters(multiprocessors, parts) * parts;
}

/// How `blocks` persistent blocks walk the row tiles split into `parts`
/// candidate parts: each round, every block takes one work item (one part
/// of one row tile, `tilesPerPart` candidate tiles). When the items left
/// for a last round would keep few blocks busy, they run as `tailTiles`
/// single candidate tiles spread over all blocks instead, when that path
/// is shorter (tailWorthSplitting): on sample-heavy f16 the 32nd round's 4
/// items took 0.82 ms of 26.8 while 128 blocks waited
/// (docs/performance-notes.md, version 22). TiledRunningMin walks the
/// same units.
struct PersistentWalk {
  int64_t parts = 1;
  int64_t blocks = 1;
  /// Rounds of whole work items (without the split last round).
  int64_t rounds = 1;
  int64_t tilesPerPart = 1;
  /// The candidate tiles of the split last round; 0 when it is not split.
  int64_t tailTiles = 0;
  /// Candidate tiles on the longest block's path: what the launch takes.
  int64_t path() const;
};

/// Whether a last round of `tailTiles` single candidate tiles over
/// `blocks` blocks is shorter than a round of items of `tilesPerPart`
/// tiles.
bool tailWorthSplitting(int64_t tailTiles, int64_t blocks,
                        int64_t tilesPerPart);

/// The walk of `rowTiles` row tiles of `tiles` candidate tiles in `parts`
/// parts by `resident` blocks (rounded down to a multiple of `parts`, so
/// that the parts of a row tile run side by side).
PersistentWalk walkPersistent(int64_t rowTiles, int64_t tiles, int64_t parts,
                              int64_t resident);

/// The candidate parts of a persistent launch. Among the part counts from
/// 1 to tiles / kMinCandidateTilesPerPart (and `resident`) whose path is
/// within 5% of the shortest, the fewest bytes read from memory win, then
/// the fewest parts. The rows cost `rowTileBytes` per row tile and
/// candidate tile of a part, but once per row tile when the row tiles in
/// flight fit half the L2; the candidates cost `candidateBytes` per round,
/// but once when they fit half the L2. With one part, 132 blocks on
/// sample-heavy f16 (2 MiB row tiles) read 64 GiB of rows, and only 16
/// distinct row tiles among the blocks ran 26.9 ms instead of 30.7
/// (docs/performance-notes.md, version 14).
PersistentWalk choosePersistentWalk(int64_t rowTiles, int64_t tiles,
                                    double rowTileBytes, double candidateBytes,
                                    int64_t resident, int64_t l2Bytes);

/// The work of a tiled running minimum: every (row, candidate) pair
/// reduces `features` terms.
struct TiledWork {
  int64_t rows = 0;
  int64_t candidates = 0;
  int64_t features = 0;
  /// FLOPs per term: 2 for the Gram form (one FMA), 3 for the direct form
  /// (a subtraction and an FMA).
  int64_t flopsPerTerm = 2;
  /// Element type of the terms ("f32", ...), for the FLOP rate.
  std::string dtype = "f32";
  int64_t elementBytes = 4;
  /// Bytes of the outputs per row (labels, distances).
  int64_t outputBytesPerRow = 8;
  /// Whether each row tile ends with a round of replays of the rows its
  /// bounds leave open (--precision=3xtf32-certified on a Gram form). The
  /// schedule costs the round per shape (TileShape::replaySecPerRowTile).
  bool replaysOpenRows = false;
  /// Whether the candidate axis may be split over blocks (needs the
  /// labels: the blocks merge through an atomic (value, index) minimum).
  bool splittable = true;
  /// Whether the products run on tensor cores ("<dtype>.tensor" rate).
  bool tensorCores = false;
  /// --precision=3xtf32-recheck: after the kernel, a merge entry reads each
  /// row and its two best candidates once more (3 x features elements a
  /// row) and the scratch's second best; the labels' and scratch's fills
  /// and the atomics make two launches more than a split.
  bool recheck = false;
  /// Seconds a block slot spends on each (row, candidate) pair of its tiles
  /// besides the products: --precision=3xtf32-certified's bounds, its folds
  /// into the running sums and its best-two selection, which one consumer
  /// warpgroup does between its MMAs (0: none modelled).
  double epilogueSecPerPair = 0;
};

/// The predicted cost of one (shape, split) choice.
struct ScheduleEstimate {
  unsigned shape = 0;
  int64_t split = 1;
  int64_t blocks = 0;
  /// Waves of blocks, or a persistent launch's rounds of work items.
  int64_t waves = 0;
  /// A persistent launch's candidate parts; 0 when the blocks run in waves.
  int64_t parts = 0;
  /// A persistent launch's last round as single candidate tiles (0: none).
  int64_t tailTiles = 0;
  /// Busy block slots over all slots of all waves (persistent: the longest
  /// path's candidate tiles of every resident block).
  double utilization = 0;
  int64_t launches = 1;
  double computeSec = 0;
  /// The part of computeSec that is TiledWork::epilogueSecPerPair's.
  double epilogueSec = 0;
  /// The part of computeSec that is TiledWork::replaySecPerRowTile's.
  double replaySec = 0;
  double memorySec = 0;
  /// The recheck's merge entry, after the kernel (memory-bound).
  double recheckSec = 0;
  /// The shape's fill and drain (TileShape::fillSec).
  double fillSec = 0;
  /// Whether the split's candidate parts run at the resident rate
  /// (TileShape::residentPartGain).
  bool residentParts = false;
  /// max(compute, memory) + the recheck + the fill + launches x launch
  /// overhead.
  double predictedSec = 0;
};

/// Predicts one choice. The model: a block runs at rate x efficiency /
/// (SMs x blocksToSaturate) whatever the other slots do, so a grid that
/// leaves slots empty or ends in a partial wave pays for it; a persistent
/// shape (unsplit) takes its walk's path of candidate tiles instead, so a
/// partial round of row tiles costs only the parts it holds; partial
/// candidate tiles are computed in full; the rows are read once per split
/// and the candidates once; a split adds two launches (the output memset
/// and the merge) unless the shape's parts meet in clusters that all fit
/// (clusterParts, clusterPartsFit); the shape's fill and drain (fillSec)
/// come once. Fails on overflow or a missing FLOP rate.
llvm::Expected<ScheduleEstimate>
estimateTiledSchedule(const TiledWork &work, ArrayRef<TileShape> shapes,
                      unsigned shape, int64_t split,
                      const DeviceProfile &device);

/// The cheapest (shape, split) by estimateTiledSchedule, over `shapes` and
/// every split from 1 to the number of candidate tiles (1 when the work is
/// not splittable or the shape is not, `forcedSplit` when non-zero). Ties go to
/// the earlier shape and the smaller split.
llvm::Expected<ScheduleEstimate>
chooseTiledSchedule(const TiledWork &work, ArrayRef<TileShape> shapes,
                    const DeviceProfile &device, int64_t forcedSplit = 0);

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

/// A readable table of a plan: one line per kernel and a total line.
void printPlanTable(raw_ostream &os, const PlanCost &plan, const PlanTime &time,
                    const DeviceProfile &device);
/// One paragraph comparing the plans, with the decision.
void printDecision(raw_ostream &os, const PlanCost &eager,
                   const PlanTime &eagerTime, const PlanCost &fused,
                   const PlanTime &fusedTime, const FusionDecision &decision);

llvm::json::Object profileToJSON(const DeviceProfile &device);
llvm::json::Object planToJSON(const PlanCost &plan, const PlanTime &time);
llvm::json::Object decisionToJSON(const FusionDecision &decision);
llvm::json::Object verdictToJSON(const Measurement &measurement,
                                 const MeasurementVerdict &verdict);

/// The attributes fuse-byte-ledger attaches: a kernel's counts
/// ({bytes_read, bytes_written, flops_<dtype>, launches, floor_ns, regime,
/// ...}) and a plan's (the same totals plus peak_bytes, sizes, device and
/// the kernels' dictionaries).
DictionaryAttr kernelToAttr(MLIRContext *context, const KernelCost &kernel,
                            const TimeEstimate &time, bool withName = false);
DictionaryAttr planToAttr(MLIRContext *context, const PlanCost &plan,
                          const PlanTime &time, StringRef device);
/// Reads back a planToAttr dictionary (the counts; times are recomputed
/// from a profile). Fails on a malformed dictionary.
FailureOr<PlanCost> planFromAttr(DictionaryAttr attr);

/// What `fusec --ledger` prints. For every function of `fusedModule` (or of
/// `eagerModule` when `fusedModule` is null) computes the eager plan from
/// the same-named function of `eagerModule` (the program as written, before
/// any pass) and the fused plan from `fusedModule` (after the fusion
/// pipeline), either may be null; then prints, as text or as one JSON
/// object, both plans, the decision, and the verdict on every row of
/// `options.measurementsPath` that names the function. Errors are emitted
/// as diagnostics on the IR and make it fail.
LogicalResult printLedger(ModuleOp eagerModule, ModuleOp fusedModule,
                          const LedgerOptions &options, raw_ostream &os,
                          bool json);

} // namespace fuse
} // namespace mlir

#endif // FUSEC_ANALYSIS_BYTELEDGER_H
