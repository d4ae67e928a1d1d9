//===- fuse-run.cpp - fused code against the reference evaluator ----------===//
//
// Part of fusec. The project's differential test: runs one function of a
// .mlir file through the fused path, on the host (the CPU pipeline and
// mlir::ExecutionEngine) or on a GPU (PTX through the runtime), on seeded
// random inputs and shapes, and compares every result with the float64
// reference evaluator:
//
//   fuse-run file.mlir [--func=f] [--mode=cpu|gpu] [--seed=S] [--trials=N]
//            [--dims=s0=4096,...] [--keep-extent=8,32] [--dup-rows=ARG]
//            [--fill=uniform|nan|inf|equal|large-f16]
//            [--ptx=file.ptx [--launch=file.json]] [--rtol=R] [--atol=A]
//            [--time] [--reps=N]
//
// Every trial draws the dynamic sizes and re-specializes the static extents
// of the arguments (trial 0 keeps the program's own), so that one example
// covers n = 1, k = 1, d = 1 and sizes that are not powers of two. Labels of
// an argmin/argmax or of a user-written where-chain may differ from the
// reference only at a near-tie: where the two candidates' reference values
// differ by at most a stated rounding bound. docs/fuse-run.md has the rules.
//
// Exit codes: 0 when every trial passes, 1 on a mismatch or bad input, 2
// when GPU mode finds no usable driver or device.
//
//===----------------------------------------------------------------------===//

#include "fusec/Analysis/ByteLedger.h"
#include "fusec/Analysis/Shapes.h"
#include "fusec/Compiler/Compiler.h"
#include "fusec/Dialect/Fuse/IR/FuseOps.h"
#include "fusec/Execution/CPUExecutor.h"
#include "fusec/Execution/Specialize.h"
#include "fusec/InitFusec.h"
#include "fusec/Reference/Evaluator.h"
#include "fusec/Tools/ToolSupport.h"
#include "fusec/runtime/Device.h"
#include "fusec/runtime/LaunchDesc.h"
#include "fusec/runtime/Program.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include <unistd.h>

using namespace mlir;
using namespace fusec;
namespace cl = llvm::cl;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

namespace {
enum class Mode { CPU, GPU };
enum class Fill { Uniform, NaN, Inf, Equal, LargeF16 };
} // namespace

static cl::OptionCategory runCategory("fuse-run options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input .mlir file>"),
                                          cl::init("-"), cl::cat(runCategory));

static cl::opt<std::string>
    funcName("func",
             cl::desc("The function to run (default: the only function of "
                      "the module)"),
             cl::init(""), cl::cat(runCategory));

static cl::opt<Mode>
    mode("mode", cl::desc("Where the fused code runs"),
         cl::values(clEnumValN(Mode::CPU, "cpu",
                               "the CPU pipeline and mlir::ExecutionEngine"),
                    clEnumValN(Mode::GPU, "gpu",
                               "PTX through the CUDA runtime (needs a GPU)")),
         cl::init(Mode::CPU), cl::cat(runCategory));

static cl::opt<uint64_t> seed("seed", cl::desc("Seed of shapes and data"),
                              cl::init(1), cl::cat(runCategory));

static cl::opt<unsigned> trials("trials",
                                cl::desc("Number of shape draws (trials)"),
                                cl::init(20), cl::cat(runCategory));

static cl::list<std::string>
    dimsOption("dims",
               cl::desc("Fix dynamic size symbols in every trial, e.g. "
                        "--dims=s0=4096,s1=3"),
               cl::CommaSeparated, cl::cat(runCategory));

static cl::list<std::string> keepExtents(
    "keep-extent",
    cl::desc("Static argument extents to keep in every trial (e.g. 8,32 for "
             "the running loops, which take constant indices), or 'all'"),
    cl::CommaSeparated, cl::cat(runCategory));

static cl::opt<int> dupRows(
    "dup-rows",
    cl::desc("Copy random rows (along dim 0) of argument #ARG onto other "
             "rows, so that exact ties happen"),
    cl::value_desc("ARG"), cl::init(-1), cl::cat(runCategory));

static cl::opt<Fill> fill(
    "fill", cl::desc("Input data"),
    cl::values(
        clEnumValN(Fill::Uniform, "uniform",
                   "floats in [-1, 1), integers in [-100, 100], random i1"),
        clEnumValN(Fill::NaN, "nan",
                   "uniform, with NaN, +inf and -inf "
                   "sprinkled into some rows"),
        clEnumValN(Fill::Inf, "inf",
                   "uniform, with +inf and -inf sprinkled "
                   "into some rows"),
        clEnumValN(Fill::Equal, "equal", "one value everywhere"),
        clEnumValN(Fill::LargeF16, "large-f16",
                   "f16/bf16 arguments near +-60000 (overflow)")),
    cl::init(Fill::Uniform), cl::cat(runCategory));

static cl::opt<std::string>
    ptxFile("ptx",
            cl::desc("GPU mode: run this PTX instead of compiling the "
                     "program (the program's static extents are kept)"),
            cl::value_desc("file.ptx"), cl::init(""), cl::cat(runCategory));

static cl::opt<std::string>
    launchFile("launch",
               cl::desc("With --ptx: the launch description (default: the one "
                        "embedded in the PTX)"),
               cl::value_desc("file.json"), cl::init(""), cl::cat(runCategory));

static cl::opt<std::string> arch("arch",
                                 cl::desc("GPU mode: the GPU architecture"),
                                 cl::init("sm_90"), cl::cat(runCategory));
static cl::opt<int64_t> tileM("tile-m", cl::desc("GPU mode: rows per block"),
                              cl::init(0), cl::cat(runCategory));
static cl::opt<int64_t>
    tileN("tile-n", cl::desc("GPU mode: candidates per shared-memory tile"),
          cl::init(0), cl::cat(runCategory));
static cl::opt<int64_t>
    tileK("tile-k", cl::desc("GPU mode: features per shared-memory slice"),
          cl::init(0), cl::cat(runCategory));
static cl::opt<int64_t>
    minBlocks("min-blocks",
              cl::desc("GPU mode: resident blocks per SM the tiled kernel "
                       "asks ptxas for (0: chosen)"),
              cl::init(0), cl::cat(runCategory));
static cl::opt<int64_t> split("split",
                              cl::desc("GPU mode: blocks sharing a row tile"),
                              cl::init(0), cl::cat(runCategory));
static cl::opt<int64_t>
    stages("stages",
           cl::desc("GPU mode: shared-memory slices in flight through "
                    "cp.async, 2-8 (0: chosen)"),
           cl::init(0), cl::cat(runCategory));
static cl::opt<int64_t>
    cluster("cluster",
            cl::desc("GPU mode, wgmma: -1 chosen, 0 cp.async (3xTF32: "
                     "register staging), 1 TMA (3xTF32: split producer), 2 "
                     "or 4 TMA in clusters that multicast the candidate tile"),
            cl::init(-1), cl::cat(runCategory));
static cl::opt<int64_t>
    persistent("persistent",
               cl::desc("GPU mode, TMA: -1 chosen, 0 a block per row tile, 1 "
                        "resident blocks caching the candidate norms"),
               cl::init(-1), cl::cat(runCategory));
static cl::opt<int64_t> clusterSplit(
    "cluster-split",
    cl::desc("GPU mode, persistent TMA blocks' candidate parts: -1 chosen "
             "(clusters when all fit at once), 0 atomics, 1 clusters "
             "whenever possible"),
    cl::init(-1), cl::cat(runCategory));
static cl::opt<bool> compensatedSums(
    "compensated-sums",
    cl::desc("GPU mode: sums over the features carry their rounding error "
             "(TwoSum per slice; false: plain f32 chains)"),
    cl::init(true), cl::cat(runCategory));
static cl::opt<std::string>
    precision("precision",
              cl::desc("GPU mode: f32 products of the Gram form: auto (the "
                       "default: on sm_90a 3xtf32-certified wherever every "
                       "kernel takes it, else ieee), ieee (FMA units), tf32 "
                       "or 3xtf32 (tensor cores), or 3xtf32-recheck "
                       "(3xtf32's best two candidates of each row decided "
                       "again in IEEE fp32), or 3xtf32-certified (the "
                       "direct form's labels through 3xtf32 and an error "
                       "bound)"),
              cl::init("auto"), cl::cat(runCategory));
static cl::opt<int64_t>
    expectedRows("expected-rows",
                 cl::desc("GPU mode: rows assumed for a dynamic row axis"),
                 cl::init(0), cl::cat(runCategory));

static cl::opt<bool> fuseIndexReductions(
    "fuse-index-reductions",
    cl::desc("Fuse a reduction into the argmin/argmax that consumes it"),
    cl::init(true), cl::cat(runCategory));

static cl::opt<bool> allowReassociation(
    "allow-reassociation",
    cl::desc("Let the byte ledger compute squared distances in the Gram form "
             "(fusec --allow-reassociation)"),
    cl::init(false), cl::cat(runCategory));

static cl::opt<bool> nativeLabels(
    "native-labels",
    cl::desc("Require integer results (labels) to equal the native-precision "
             "reference's exactly, every float op rounded to its type and "
             "sums in index order, near-ties included: what "
             "--precision=3xtf32-certified promises for a Gram form"),
    cl::init(false), cl::cat(runCategory));

static cl::opt<double>
    rtolOption("rtol",
               cl::desc("Relative tolerance of float results (default: 1e-4 "
                        "f32, 1e-2 f16/bf16, 1e-10 f64)"),
               cl::init(-1), cl::cat(runCategory));
static cl::opt<double>
    atolOption("atol",
               cl::desc("Absolute tolerance of float results (default: 1e-5 "
                        "f32, 1e-3 f16, 1e-2 bf16, 1e-12 f64)"),
               cl::init(-1), cl::cat(runCategory));

static cl::opt<bool> timeOption("time",
                                cl::desc("Time the fused code (median)"),
                                cl::init(false), cl::cat(runCategory));
static cl::opt<unsigned> reps("reps", cl::desc("Timed repetitions"),
                              cl::init(20), cl::cat(runCategory));

static cl::opt<int64_t>
    maxDynamic("max-dynamic",
               cl::desc("Dynamic sizes are drawn from [1, this]"),
               cl::init(300), cl::cat(runCategory));
static cl::opt<int64_t> maxStatic(
    "max-static",
    cl::desc("Re-specialized static extents are drawn from [1, this]"),
    cl::init(80), cl::cat(runCategory));
static cl::opt<int64_t> maxVolume(
    "max-volume",
    cl::desc("Drawn dynamic sizes are halved until no value of the program "
             "has more elements than this (the reference materializes "
             "every intermediate)"),
    cl::init(int64_t(1) << 22), cl::cat(runCategory));

static cl::opt<int64_t> refRows(
    "ref-rows",
    cl::desc("Evaluate the reference on this many rows (positions of one "
             "size symbol that no op reduces over) instead of all of them; "
             "by default rows are sampled only when the reference would be "
             "too large (see --max-volume)"),
    cl::init(0), cl::cat(runCategory));

static cl::opt<bool>
    printValues("print",
                cl::desc("Print the inputs, the fused results and the "
                         "reference results of every trial"),
                cl::init(false), cl::cat(runCategory));

static cl::opt<unsigned>
    maxReports("max-reports",
               cl::desc("Mismatches described per output and trial"),
               cl::init(5), cl::cat(runCategory));

static cl::opt<unsigned> optLevel("opt-level",
                                  cl::desc("CPU mode: LLVM JIT optimization "
                                           "level"),
                                  cl::init(2), cl::Hidden,
                                  cl::cat(runCategory));

static cl::opt<bool> gpuDryRun(
    "gpu-dry-run",
    cl::desc("GPU mode without a GPU: compile every trial to PTX and bind "
             "its arguments to the launch description, but launch nothing "
             "and compare nothing"),
    cl::init(false), cl::Hidden, cl::cat(runCategory));

static cl::opt<bool> injectError(
    "inject-error",
    cl::desc("Perturb one element of the fused results of trial 0, to show "
             "that the comparison can fail"),
    cl::init(false), cl::Hidden, cl::cat(runCategory));

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

static int failWith(const llvm::Twine &message) {
  llvm::errs() << "fuse-run: error: " << message << "\n";
  return 1;
}

static std::string formatDouble(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.3g", value);
  return buffer;
}

static const char *fillName() {
  switch (fill) {
  case Fill::Uniform:
    return "uniform";
  case Fill::NaN:
    return "nan";
  case Fill::Inf:
    return "inf";
  case Fill::Equal:
    return "equal";
  case Fill::LargeF16:
    return "large-f16";
  }
  return "?";
}

static std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

static std::string shapeString(ArrayRef<int64_t> shape, Type elementType) {
  std::string text;
  for (int64_t size : shape)
    text += std::to_string(size) + "x";
  return text + typeString(elementType);
}

static bool isPowerOfTwo(int64_t value) {
  return value > 0 && (value & (value - 1)) == 0;
}

namespace {

/// SplitMix64: a small generator whose output is the same on every
/// platform and standard library, so that a seed reproduces a failure on
/// the GPU machine as well as here.
class Random {
public:
  explicit Random(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi] (lo <= hi).
  int64_t range(int64_t lo, int64_t hi) {
    uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
    return lo + static_cast<int64_t>(span == 0 ? next() : next() % span);
  }
  /// Uniform in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
  uint64_t state;
};

//===----------------------------------------------------------------------===//
// Host tensors
//===----------------------------------------------------------------------===//

/// A dense row-major tensor in the element type's memory format (f16 and
/// bf16 as their bit patterns, i1 as one byte), as the fused code reads and
/// writes it.
class HostTensor {
public:
  HostTensor(Type elementType, std::vector<int64_t> shape)
      : elementType(elementType), shape(std::move(shape)) {
    elementBytes = getElementByteSize(elementType);
    count = 1;
    for (int64_t size : this->shape)
      count *= size;
    // 8-byte words keep every element type aligned.
    storage.assign((count * elementBytes + 7) / 8 + 1, 0);
  }

  Type getElementType() const { return elementType; }
  ArrayRef<int64_t> getShape() const { return shape; }
  int64_t numel() const { return count; }
  unsigned getElementBytes() const { return elementBytes; }
  uint64_t bytes() const { return static_cast<uint64_t>(count) * elementBytes; }
  void *data() { return storage.data(); }
  const void *data() const { return storage.data(); }
  bool isFloat() const { return isa<FloatType>(elementType); }

  double getFloat(int64_t i) const {
    const char *p = bytePointer(i);
    if (elementType.isF32()) {
      float value;
      std::memcpy(&value, p, 4);
      return value;
    }
    if (elementType.isF64()) {
      double value;
      std::memcpy(&value, p, 8);
      return value;
    }
    uint16_t bits;
    std::memcpy(&bits, p, 2);
    return elementType.isF16() ? ref::f16BitsToDouble(bits)
                               : ref::bf16BitsToDouble(bits);
  }

  /// Stores `value` rounded to the element type.
  void setFloat(int64_t i, double value) {
    char *p = bytePointer(i);
    if (elementType.isF32()) {
      float narrow = static_cast<float>(value);
      std::memcpy(p, &narrow, 4);
      return;
    }
    if (elementType.isF64()) {
      std::memcpy(p, &value, 8);
      return;
    }
    llvm::APFloat converted(value);
    bool losesInfo = false;
    (void)converted.convert(elementType.isF16() ? llvm::APFloat::IEEEhalf()
                                                : llvm::APFloat::BFloat(),
                            llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    uint16_t bits =
        static_cast<uint16_t>(converted.bitcastToAPInt().getZExtValue());
    std::memcpy(p, &bits, 2);
  }

  int64_t getInt(int64_t i) const {
    const char *p = bytePointer(i);
    if (elementType.isInteger(1))
      return *reinterpret_cast<const uint8_t *>(p) != 0;
    if (elementType.isInteger(32)) {
      int32_t value;
      std::memcpy(&value, p, 4);
      return value;
    }
    int64_t value;
    std::memcpy(&value, p, 8);
    return value;
  }

  void setInt(int64_t i, int64_t value) {
    char *p = bytePointer(i);
    if (elementType.isInteger(1)) {
      uint8_t byte = value != 0;
      std::memcpy(p, &byte, 1);
    } else if (elementType.isInteger(32)) {
      int32_t narrow = static_cast<int32_t>(value);
      std::memcpy(p, &narrow, 4);
    } else {
      std::memcpy(p, &value, 8);
    }
  }

  ref::Tensor toReference() const {
    if (isFloat()) {
      std::vector<double> values(count);
      for (int64_t i = 0; i < count; ++i)
        values[i] = getFloat(i);
      return ref::Tensor::fromFloats(elementType, shape, std::move(values));
    }
    std::vector<int64_t> values(count);
    for (int64_t i = 0; i < count; ++i)
      values[i] = getInt(i);
    return ref::Tensor::fromInts(elementType, shape, std::move(values));
  }

  HostBufferRef ref() { return HostBufferRef{data(), shape}; }

private:
  char *bytePointer(int64_t i) {
    return reinterpret_cast<char *>(storage.data()) + i * elementBytes;
  }
  const char *bytePointer(int64_t i) const {
    return reinterpret_cast<const char *>(storage.data()) + i * elementBytes;
  }

  Type elementType;
  std::vector<int64_t> shape;
  unsigned elementBytes = 0;
  int64_t count = 0;
  std::vector<uint64_t> storage;
};

} // namespace

/// Bytes of a dense host tensor, or nullopt when they exceed INT64_MAX.
static std::optional<int64_t> hostTensorBytes(Type elementType,
                                              ArrayRef<int64_t> shape) {
  int64_t bytes = getElementByteSize(elementType);
  for (int64_t size : shape)
    if (llvm::MulOverflow(bytes, size, bytes))
      return std::nullopt;
  return bytes;
}

/// This machine's physical memory in bytes, 0 when unknown.
static uint64_t physicalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long pageSize = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && pageSize > 0
             ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize)
             : 0;
}

/// The sub-tensor of `tensor` at positions `rows` of every dimension marked
/// in `dims` (all positions of the others).
static HostTensor gather(const HostTensor &tensor,
                         const std::vector<bool> &dims,
                         ArrayRef<int64_t> rows) {
  std::vector<int64_t> shape(tensor.getShape().begin(),
                             tensor.getShape().end());
  for (size_t d = 0; d < shape.size(); ++d)
    if (dims[d])
      shape[d] = static_cast<int64_t>(rows.size());
  HostTensor result(tensor.getElementType(), shape);
  ArrayRef<int64_t> from = tensor.getShape();
  unsigned bytes = tensor.getElementBytes();
  const char *source = static_cast<const char *>(tensor.data());
  char *target = static_cast<char *>(result.data());
  std::vector<int64_t> index(shape.size(), 0);
  for (int64_t i = 0; i < result.numel(); ++i) {
    int64_t linear = 0;
    for (size_t d = 0; d < shape.size(); ++d)
      linear = linear * from[d] + (dims[d] ? rows[index[d]] : index[d]);
    std::memcpy(target + i * bytes, source + linear * bytes, bytes);
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Size symbols and the trial plan
//===----------------------------------------------------------------------===//

namespace {

/// One quantity drawn per trial: a dynamic size symbol, or a static extent
/// of the arguments that is re-specialized.
struct Symbol {
  bool dynamic = false;
  /// Dynamic: the symbol number (s<N>). Static: the program's extent.
  int64_t id = 0;
  /// The number of candidates of an argmin/argmax ("k").
  bool candidates = false;
  /// The extent a sum or matmul reduces ("d").
  bool reduced = false;
  /// A value fixed by --dims.
  std::optional<int64_t> fixed;
  /// Across trials: whether it took the value 1, and a non-power of two.
  bool sawOne = false, sawNonPowerOfTwo = false;

  std::string name() const {
    return dynamic ? "s" + std::to_string(id) : std::to_string(id);
  }
};

/// The sizes of one trial.
struct TrialSizes {
  /// Per Symbol, in the order of the symbol table.
  std::vector<int64_t> values;
  /// What the trial is meant to cover, e.g. "n=1".
  std::string purpose;
};

/// Which symbols a value's dimension is: used to classify the candidate and
/// reduced extents of the original program.
struct SymbolTable {
  std::vector<Symbol> symbols;
  unsigned numDynamic = 0;
  /// Static extent -> index in `symbols`.
  std::map<int64_t, unsigned> staticIndex;

  /// The symbol of dimension `dim` of `value` in `func`, if it has one.
  std::optional<unsigned> lookup(const fuse::SizeSymbols &sizes, Value value,
                                 int64_t dim) const {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.isDynamicDim(dim)) {
      FailureOr<int> symbol = sizes.symbolOf(value, dim);
      if (failed(symbol))
        return std::nullopt;
      return static_cast<unsigned>(*symbol);
    }
    auto it = staticIndex.find(type.getDimSize(dim));
    if (it == staticIndex.end())
      return std::nullopt;
    return it->second;
  }
};

//===----------------------------------------------------------------------===//
// How an integer result is explained
//===----------------------------------------------------------------------===//

/// The values behind the labels of an integer result, so that a label that
/// differs from the reference can be checked for a near-tie.
struct LabelSource {
  enum class Kind { None, IndexReduction, Chain };
  Kind kind = Kind::None;
  bool isMax = false;
  /// IndexReduction: the reduced tensor V, the dimension, keepdim.
  Value input;
  int64_t dim = 0;
  bool keepdim = false;
  /// Chain: (label, candidate value) pairs, the last one the initial state.
  std::vector<std::pair<Value, Value>> pairs;
};

} // namespace

/// Recognizes `argmin`/`argmax`, and the seeds' running form: a chain of
/// `where(cmp(pred, d_t, best), t, previous)` whose candidate d_t is the
/// compared operand that is not the running best.
static LabelSource explainLabels(Value result) {
  LabelSource source;
  Operation *op = result.getDefiningOp();
  if (!op)
    return source;
  if (auto argmin = dyn_cast<fuse::ArgMinOp>(op)) {
    source.kind = LabelSource::Kind::IndexReduction;
    source.input = argmin.getInput();
    source.dim = argmin.getDim();
    source.keepdim = argmin.getKeepdim();
    return source;
  }
  if (auto argmax = dyn_cast<fuse::ArgMaxOp>(op)) {
    source.kind = LabelSource::Kind::IndexReduction;
    source.isMax = true;
    source.input = argmax.getInput();
    source.dim = argmax.getDim();
    source.keepdim = argmax.getKeepdim();
    return source;
  }
  Value labels = result;
  Value best;
  std::optional<bool> isMax;
  while (auto where = labels.getDefiningOp<fuse::WhereOp>()) {
    auto cmp = where.getCond().getDefiningOp<fuse::CmpOp>();
    if (!cmp)
      return LabelSource();
    // The running best is the operand that the previous step's where-chain
    // produced (same condition as the next label select); without one, the
    // seeds' orientation `cmp lt, %d, %best` is assumed.
    auto previous = where.getFalseValue().getDefiningOp<fuse::WhereOp>();
    Value candidate = cmp.getLhs(), running = cmp.getRhs();
    bool flipped = false;
    if (previous) {
      auto lhsWhere = cmp.getLhs().getDefiningOp<fuse::WhereOp>();
      if (lhsWhere && lhsWhere.getCond() == previous.getCond()) {
        std::swap(candidate, running);
        flipped = true;
      }
    }
    bool stepIsMax;
    switch (cmp.getPredicate()) {
    case fuse::CmpPredicate::lt:
    case fuse::CmpPredicate::le:
      stepIsMax = flipped;
      break;
    case fuse::CmpPredicate::gt:
    case fuse::CmpPredicate::ge:
      stepIsMax = !flipped;
      break;
    default:
      return LabelSource();
    }
    if (isMax && *isMax != stepIsMax)
      return LabelSource();
    isMax = stepIsMax;
    source.pairs.push_back({where.getTrueValue(), candidate});
    best = running;
    labels = where.getFalseValue();
  }
  if (source.pairs.empty())
    return LabelSource();
  source.pairs.push_back({labels, best});
  source.kind = LabelSource::Kind::Chain;
  source.isMax = *isMax;
  return source;
}

/// The element of `tensor` that broadcasts to position `index` of a result
/// of rank index.size() (trailing alignment, size-1 dimensions read 0).
static double broadcastElement(const ref::Tensor &tensor,
                               ArrayRef<int64_t> index) {
  int64_t rank = tensor.rank();
  int64_t offset = static_cast<int64_t>(index.size()) - rank;
  int64_t linear = 0;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = tensor.shape[d];
    int64_t i = size == 1 ? 0 : index[offset + d];
    linear = linear * size + i;
  }
  return tensor.isFloat() ? tensor.floats[linear]
                          : static_cast<double>(tensor.ints[linear]);
}

static std::vector<int64_t> unravel(int64_t linear, ArrayRef<int64_t> shape) {
  std::vector<int64_t> index(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    index[d] = shape[d] == 0 ? 0 : linear % shape[d];
    linear = shape[d] == 0 ? 0 : linear / shape[d];
  }
  return index;
}

static std::string indexString(ArrayRef<int64_t> index) {
  std::string text = "[";
  for (auto [i, v] : llvm::enumerate(index))
    text += (i ? ", " : "") + std::to_string(v);
  return text + "]";
}

//===----------------------------------------------------------------------===//
// Tolerances
//===----------------------------------------------------------------------===//

namespace {
struct Tolerance {
  double rtol = 0, atol = 0;
  /// Unit roundoff of the type, for the reduced-extent scaling.
  double unitRoundoff = 0;
  /// Relative near-tie bound per sqrt(reduced extent).
  double tieFactor = 0;
};

} // namespace

static Tolerance toleranceFor(Type elementType) {
  Tolerance tolerance;
  if (elementType.isF64())
    tolerance = {1e-10, 1e-12, 0x1.0p-53, 1e-12};
  else if (elementType.isF16())
    tolerance = {1e-2, 1e-3, 0x1.0p-11, 1e-2};
  else if (elementType.isBF16())
    tolerance = {1e-2, 1e-2, 0x1.0p-8, 8e-2};
  else if (elementType.isF32() && precision == "tf32")
    // One TF32 pass rounds each operand to 11 significant bits: the
    // products carry f16-like error (3xtf32 keeps about fp32 accuracy).
    tolerance = {1e-2, 1e-3, 0x1.0p-11, 1e-2};
  else if (elementType.isF32())
    tolerance = {1e-4, 1e-5, 0x1.0p-24, 1e-5};
  // Integer values: ties must be exact, no tolerance.
  if (rtolOption >= 0)
    tolerance.rtol = rtolOption;
  if (atolOption >= 0)
    tolerance.atol = atolOption;
  return tolerance;
}

static std::string tieBoundText(Type valueType) {
  Tolerance tolerance = toleranceFor(valueType);
  if (tolerance.tieFactor == 0)
    return "exact for " + typeString(valueType);
  return formatDouble(tolerance.tieFactor) + " * max(1, |v|) * sqrt(L) for " +
         typeString(valueType);
}

//===----------------------------------------------------------------------===//
// The runner
//===----------------------------------------------------------------------===//

namespace {

/// Totals over all trials.
struct Totals {
  unsigned trials = 0;
  uint64_t mismatches = 0;
  uint64_t nearTies = 0;
  uint64_t tiedRows = 0;
  uint64_t nanRows = 0;
  double maxTieFactor = 0;
  uint64_t nativeMatches = 0;
  uint64_t elements = 0;
  double maxRelErr = 0;
  double maxAbsErr = 0;
  std::set<std::string> tieBounds;
};

/// Comparison of one trial.
struct TrialResult {
  uint64_t mismatches = 0;
  uint64_t nearTies = 0;
  /// Rows whose reference winner has an exact tie, or is NaN.
  uint64_t tiedRows = 0;
  uint64_t nanRows = 0;
  /// The largest near-tie gap, in units of max(1, |v|) * sqrt(L).
  double maxTieFactor = 0;
  uint64_t nativeMatches = 0;
  double maxRelErr = 0;
  double maxAbsErr = 0;
};

class Runner {
public:
  Runner(ModuleOp module, func::FuncOp func) : module(module), func(func) {}

  /// Sets up the symbol table from the options; prints the plan.
  LogicalResult initialize();
  /// Runs every trial; returns the exit code.
  int run();

private:
  /// Runs one trial; returns 0, or the exit code to stop with.
  int runTrial(unsigned trial);
  /// Chooses the positions of one size symbol the reference evaluates
  /// (sampleSymbol, sampleRows) when the whole trial is too large for it,
  /// or when --ref-rows asks.
  LogicalResult chooseRows(func::FuncOp canonical, const TrialSizes &sizes,
                           Random &random);
  /// `index` into a compared (possibly sampled) result, as a position in
  /// the whole result.
  std::string position(size_t result, ArrayRef<int64_t> index) const;
  TrialSizes drawSizes(unsigned trial);
  /// A clone of the module holding the function specialized to `sizes`.
  FailureOr<OwningOpRef<ModuleOp>> specialize(const TrialSizes &sizes);
  /// The number of elements of the largest value of `f` (canonical form) at
  /// `sizes`.
  double largestVolume(func::FuncOp f, const TrialSizes &sizes);
  /// The largest extent a sum of `f` (canonical form: matmuls are sums)
  /// reduces, at least 1.
  int64_t reducedExtent(func::FuncOp f, const TrialSizes &sizes);
  std::vector<std::vector<int64_t>> argShapes(func::FuncOp f,
                                              const TrialSizes &sizes);
  void fillInputs(std::vector<HostTensor> &inputs, Random &random);

  /// Runs the fused code; fills `outputs`. Returns 0, or an exit code.
  int runFused(ModuleOp trialModule, func::FuncOp f, const TrialSizes &sizes,
               std::vector<HostTensor> &inputs,
               std::vector<HostTensor> &outputs);
  int runCPU(ModuleOp trialModule, func::FuncOp f, const TrialSizes &sizes,
             std::vector<HostTensor> &inputs, std::vector<HostTensor> &outputs);
  int runGPU(ModuleOp trialModule, func::FuncOp f,
             std::vector<HostTensor> &inputs, std::vector<HostTensor> &outputs);
  /// --gpu-dry-run: binds the call to the launch description as the
  /// runtime would, without a device.
  int bindWithoutDevice(StringRef launchJSON, ArrayRef<HostTensor> inputs,
                        ArrayRef<HostTensor> outputs);

  TrialResult compare(unsigned trial, func::FuncOp f,
                      ArrayRef<ref::Tensor> refInputs,
                      ArrayRef<ref::Tensor> expected,
                      const llvm::DenseMap<Value, ref::Tensor> &observed,
                      std::vector<HostTensor> &outputs, int64_t reduced);

  ModuleOp module;
  func::FuncOp func;
  SymbolTable table;
  bool keepAll = false;
  Totals totals;
  /// The last CPU executable and the static extents it was compiled for:
  /// trials that keep every extent reuse it.
  std::vector<int64_t> cpuKey;
  std::unique_ptr<CPUExecutable> cpuExecutable;
  /// GPU mode with --ptx: the loaded program, reused by every trial.
  std::unique_ptr<rt::Program> loadedProgram;
  /// The trial's row sample: a size symbol (or -1 for none), its sampled
  /// positions, and which result dimensions carry it.
  int sampleSymbol = -1;
  std::vector<int64_t> sampleRows;
  std::vector<std::vector<bool>> outputGathered;
};

} // namespace

LogicalResult Runner::initialize() {
  // Shapes are analyzed on the canonical form (matmul as product and sum),
  // whose size symbols are those of the compiler's launch descriptions.
  OwningOpRef<ModuleOp> analysis = cloneForShapeAnalysis(func);
  auto canonical = *analysis->getOps<func::FuncOp>().begin();
  fuse::SizeSymbols sizes = fuse::computeSizeSymbols(canonical);
  table.numDynamic = sizes.size();
  for (unsigned i = 0; i < sizes.size(); ++i) {
    Symbol symbol;
    symbol.dynamic = true;
    symbol.id = i;
    table.symbols.push_back(symbol);
  }

  // --keep-extent; --ptx keeps everything, since the PTX was compiled for
  // the program's extents.
  std::set<int64_t> kept;
  keepAll = !ptxFile.empty();
  for (const std::string &text : keepExtents) {
    if (text == "all") {
      keepAll = true;
      continue;
    }
    int64_t value;
    if (llvm::StringRef(text).getAsInteger(10, value) || value < 0) {
      (void)failWith("--keep-extent: '" + text +
                     "' is not a non-negative integer or 'all'");
      return failure();
    }
    kept.insert(value);
  }
  // Static extents of the arguments, except 0 and 1 (a size-1 dimension
  // broadcasts and must stay 1).
  std::set<int64_t> extents;
  for (Type type : func.getFunctionType().getInputs())
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      for (int64_t size : tensor.getShape())
        if (!ShapedType::isDynamic(size) && size > 1)
          extents.insert(size);
  std::vector<int64_t> keptPresent;
  for (int64_t extent : extents) {
    if (keepAll || kept.count(extent)) {
      keptPresent.push_back(extent);
      continue;
    }
    Symbol symbol;
    symbol.id = extent;
    table.staticIndex[extent] = table.symbols.size();
    table.symbols.push_back(symbol);
  }

  // --dims.
  for (const std::string &text : dimsOption) {
    auto [name, value] = llvm::StringRef(text).split('=');
    unsigned number;
    int64_t size;
    if (!name.consume_front("s") || name.getAsInteger(10, number) ||
        value.getAsInteger(10, size) || size < 0) {
      (void)failWith("--dims: expected sN=SIZE, got '" + text + "'");
      return failure();
    }
    if (number >= table.numDynamic) {
      (void)failWith("--dims: @" + func.getSymName() + " has " +
                     llvm::Twine(table.numDynamic) +
                     " dynamic size symbols; there is no s" +
                     llvm::Twine(number));
      return failure();
    }
    table.symbols[number].fixed = size;
  }

  // Which symbols are the candidates of an index reduction and which the
  // extent of a sum, to aim trials at k = 1 and d = 1.
  canonical.walk([&](Operation *op) {
    auto mark = [&](Value value, int64_t dim, bool candidates) {
      std::optional<unsigned> symbol = table.lookup(sizes, value, dim);
      if (!symbol)
        return;
      (candidates ? table.symbols[*symbol].candidates
                  : table.symbols[*symbol].reduced) = true;
    };
    if (fuse::isIndexReduction(op))
      mark(op->getOperand(0), fuse::getReductionDim(op), true);
    else if (isa<fuse::SumOp>(op))
      mark(op->getOperand(0), fuse::getReductionDim(op), false);
  });

  llvm::outs() << "fuse-run: @" << func.getSymName() << ", "
               << (mode == Mode::CPU ? "cpu" : "gpu") << " mode, seed " << seed
               << ", " << trials << " trials, fill " << fillName() << "\n";
  llvm::outs() << "fuse-run: symbols:";
  if (table.symbols.empty())
    llvm::outs() << " none";
  for (const Symbol &symbol : table.symbols) {
    llvm::outs() << " " << symbol.name();
    SmallVector<std::string> notes;
    if (!symbol.dynamic)
      notes.push_back("static");
    if (symbol.candidates)
      notes.push_back("candidates");
    if (symbol.reduced)
      notes.push_back("reduced");
    if (symbol.fixed)
      notes.push_back("fixed at " + std::to_string(*symbol.fixed));
    if (!notes.empty())
      llvm::outs() << " (" << llvm::join(notes, ", ") << ")";
  }
  if (!keptPresent.empty()) {
    llvm::outs() << "; kept extents:";
    for (int64_t extent : keptPresent)
      llvm::outs() << " " << extent;
  }
  llvm::outs() << "\n";
  return success();
}

TrialSizes Runner::drawSizes(unsigned trial) {
  Random random(seed * 0x100000001b3ull + trial);
  TrialSizes sizes;
  int64_t dynamicMax = std::max<int64_t>(1, maxDynamic);
  int64_t staticMax = std::max<int64_t>(1, maxStatic);
  for (const Symbol &symbol : table.symbols) {
    if (symbol.fixed)
      sizes.values.push_back(*symbol.fixed);
    else if (symbol.dynamic)
      sizes.values.push_back(random.range(1, dynamicMax));
    else if (trial == 0)
      sizes.values.push_back(symbol.id);
    else
      sizes.values.push_back(random.range(1, staticMax));
  }
  if (trial == 0) {
    sizes.purpose = "program extents";
    return sizes;
  }
  // Trials 1-4 aim at the edge cases the issue asks for, where the program
  // has the symbols.
  auto setWhere = [&](auto predicate, int64_t value) {
    bool any = false;
    for (auto [i, symbol] : llvm::enumerate(table.symbols))
      if (!symbol.fixed && predicate(symbol)) {
        sizes.values[i] = value;
        any = true;
      }
    return any;
  };
  switch (trial) {
  case 1:
    if (setWhere([](const Symbol &s) { return s.dynamic; }, 1))
      sizes.purpose = "n=1";
    break;
  case 2:
    // Without an index reduction, the static extents that are not reduced
    // play k's part (the centroids of distance_only).
    if (setWhere([](const Symbol &s) { return s.candidates; }, 1) ||
        setWhere([](const Symbol &s) { return !s.dynamic && !s.reduced; }, 1))
      sizes.purpose = "k=1";
    break;
  case 3:
    if (setWhere([](const Symbol &s) { return s.reduced; }, 1))
      sizes.purpose = "d=1";
    break;
  case 4: {
    bool any = false;
    for (auto [i, symbol] : llvm::enumerate(table.symbols)) {
      if (symbol.fixed)
        continue;
      int64_t hi = symbol.dynamic ? dynamicMax : staticMax;
      if (hi < 3)
        continue;
      // Odd and at least 3: never a power of two.
      sizes.values[i] = 3 + 2 * random.range(0, (hi - 3) / 2);
      any = true;
    }
    if (any)
      sizes.purpose = "not powers of two";
    break;
  }
  default:
    break;
  }
  return sizes;
}

FailureOr<OwningOpRef<ModuleOp>> Runner::specialize(const TrialSizes &sizes) {
  OwningOpRef<ModuleOp> clone = ModuleOp::create(module.getLoc());
  clone->getBody()->push_back(func->clone());
  llvm::DenseMap<int64_t, int64_t> extents;
  for (auto [i, symbol] : llvm::enumerate(table.symbols))
    if (!symbol.dynamic && sizes.values[i] != symbol.id)
      extents[symbol.id] = sizes.values[i];
  if (extents.empty())
    return clone;
  auto f = *clone->getOps<func::FuncOp>().begin();
  if (failed(respecializeStaticExtents(f, extents))) {
    (void)failWith("cannot re-specialize @" + func.getSymName() +
                   " to other static extents; keep the extents it depends "
                   "on with --keep-extent (or --keep-extent=all)");
    return failure();
  }
  return clone;
}

std::vector<std::vector<int64_t>> Runner::argShapes(func::FuncOp f,
                                                    const TrialSizes &sizes) {
  fuse::SizeSymbols symbols = fuse::computeSizeSymbols(f);
  std::vector<std::vector<int64_t>> shapes;
  for (auto [i, type] : llvm::enumerate(f.getFunctionType().getInputs())) {
    auto tensor = cast<RankedTensorType>(type);
    std::vector<int64_t> shape;
    for (int64_t d = 0; d < tensor.getRank(); ++d)
      shape.push_back(tensor.isDynamicDim(d)
                          ? sizes.values[symbols.argDims[i][d]]
                          : tensor.getDimSize(d));
    shapes.push_back(std::move(shape));
  }
  return shapes;
}

double Runner::largestVolume(func::FuncOp f, const TrialSizes &sizes) {
  fuse::SizeSymbols symbols = fuse::computeSizeSymbols(f);
  double largest = 0;
  auto consider = [&](Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return;
    double volume = 1;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (!type.isDynamicDim(d)) {
        volume *= type.getDimSize(d);
        continue;
      }
      FailureOr<int> symbol = symbols.symbolOf(value, d);
      volume *= succeeded(symbol) ? sizes.values[*symbol]
                                  : static_cast<double>(maxDynamic);
    }
    largest = std::max(largest, volume);
  };
  for (BlockArgument arg : f.getArguments())
    consider(arg);
  f.walk([&](Operation *op) {
    for (Value result : op->getResults())
      consider(result);
  });
  return largest;
}

int64_t Runner::reducedExtent(func::FuncOp f, const TrialSizes &sizes) {
  fuse::SizeSymbols symbols = fuse::computeSizeSymbols(f);
  int64_t largest = 1;
  auto extentOf = [&](Value value, int64_t dim) -> int64_t {
    auto type = cast<RankedTensorType>(value.getType());
    if (!type.isDynamicDim(dim))
      return type.getDimSize(dim);
    FailureOr<int> symbol = symbols.symbolOf(value, dim);
    return succeeded(symbol) ? sizes.values[*symbol] : 1;
  };
  f.walk([&](Operation *op) {
    if (isa<fuse::SumOp>(op))
      largest = std::max(
          largest, extentOf(op->getOperand(0), fuse::getReductionDim(op)));
  });
  return largest;
}

/// One random value of `elementType` for --fill=uniform.
static void fillUniform(HostTensor &tensor, int64_t i, Random &random) {
  Type type = tensor.getElementType();
  if (tensor.isFloat())
    tensor.setFloat(i, 2 * random.unit() - 1);
  else if (type.isInteger(1))
    tensor.setInt(i, random.next() & 1);
  else
    tensor.setInt(i, random.range(-100, 100));
}

void Runner::fillInputs(std::vector<HostTensor> &inputs, Random &random) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // --fill=equal uses one value for every argument of a kind, so that
  // distances between arguments are exactly zero.
  double equalFloat = std::round((2 * random.unit() - 1) * 64) / 64;
  int64_t equalInt = random.range(-100, 100);
  for (HostTensor &tensor : inputs) {
    Type type = tensor.getElementType();
    bool isFloat = tensor.isFloat();
    for (int64_t i = 0; i < tensor.numel(); ++i) {
      if (fill == Fill::Equal) {
        if (isFloat)
          tensor.setFloat(i, equalFloat);
        else
          tensor.setInt(i, type.isInteger(1) ? 1 : equalInt);
      } else if (fill == Fill::LargeF16 && (type.isF16() || type.isBF16())) {
        double magnitude = 50000 + random.unit() * 15504;
        tensor.setFloat(i, (random.next() & 1) ? magnitude : -magnitude);
      } else {
        fillUniform(tensor, i, random);
      }
    }
    if (!isFloat || (fill != Fill::NaN && fill != Fill::Inf))
      continue;
    // One special value in about two rows (slices along dim 0) of each
    // argument: one NaN centroid makes NaN win every row, so specials must
    // stay rare for finite rows, NaN rows and infinite rows all to occur.
    ArrayRef<int64_t> shape = tensor.getShape();
    int64_t rows = shape.empty() ? 1 : shape[0];
    if (rows == 0)
      continue;
    int64_t rowSize = tensor.numel() / rows;
    if (rowSize == 0)
      continue;
    double probability = std::min(0.25, 2.0 / static_cast<double>(rows));
    for (int64_t row = 0; row < rows; ++row) {
      if (random.unit() >= probability)
        continue;
      int64_t at = row * rowSize + random.range(0, rowSize - 1);
      uint64_t kind = random.next() % (fill == Fill::NaN ? 3 : 2);
      tensor.setFloat(at, kind == 0 ? inf : kind == 1 ? -inf : nan);
    }
  }
  if (dupRows < 0 || dupRows >= static_cast<int>(inputs.size()))
    return;
  HostTensor &tensor = inputs[dupRows];
  if (tensor.getShape().empty() || tensor.getShape()[0] < 2)
    return;
  int64_t rows = tensor.getShape()[0];
  int64_t rowBytes = static_cast<int64_t>(tensor.bytes()) / rows;
  char *base = static_cast<char *>(tensor.data());
  int64_t copies = 0;
  for (int64_t row = 1; row < rows; ++row) {
    if (random.next() % 3 != 0)
      continue;
    int64_t from = random.range(0, row - 1);
    std::memmove(base + row * rowBytes, base + from * rowBytes, rowBytes);
    ++copies;
  }
  if (copies == 0)
    std::memmove(base + (rows - 1) * rowBytes, base, rowBytes);
}

int Runner::runFused(ModuleOp trialModule, func::FuncOp f,
                     const TrialSizes &sizes, std::vector<HostTensor> &inputs,
                     std::vector<HostTensor> &outputs) {
  if (mode == Mode::CPU)
    return runCPU(trialModule, f, sizes, inputs, outputs);
  return runGPU(trialModule, f, inputs, outputs);
}

static double median(std::vector<double> values) {
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  size_t middle = values.size() / 2;
  return values.size() % 2 ? values[middle]
                           : (values[middle - 1] + values[middle]) / 2;
}

int Runner::runCPU(ModuleOp trialModule, func::FuncOp f,
                   const TrialSizes &sizes, std::vector<HostTensor> &inputs,
                   std::vector<HostTensor> &outputs) {
  std::vector<int64_t> key;
  for (auto [i, symbol] : llvm::enumerate(table.symbols))
    if (!symbol.dynamic)
      key.push_back(sizes.values[i]);
  std::unique_ptr<CPUExecutable> &executable = cpuExecutable;
  if (!executable || key != cpuKey) {
    executable.reset();
    cpuKey = key;
    CPUCompileOptions options;
    options.fuseIndexReductions = fuseIndexReductions;
    options.allowReassociation = allowReassociation;
    options.optLevel = optLevel;
    std::string error;
    FailureOr<std::unique_ptr<CPUExecutable>> compiled =
        CPUExecutable::compile(trialModule, f.getSymName(), options, &error);
    if (failed(compiled))
      return failWith(error);
    executable = std::move(*compiled);
  }
  std::vector<HostBufferRef> in, out;
  for (HostTensor &tensor : inputs)
    in.push_back(tensor.ref());
  for (HostTensor &tensor : outputs)
    out.push_back(tensor.ref());
  std::string error;
  if (failed(executable->run(in, out, &error)))
    return failWith(error);
  if (!timeOption)
    return 0;
  std::vector<double> times;
  for (unsigned r = 0; r < reps; ++r) {
    auto start = std::chrono::steady_clock::now();
    if (failed(executable->run(in, out, &error)))
      return failWith(error);
    auto end = std::chrono::steady_clock::now();
    times.push_back(
        std::chrono::duration<double, std::micro>(end - start).count());
  }
  llvm::outs() << "host time: median " << formatDouble(median(times))
               << " us over " << reps << " reps\n";
  return 0;
}

static std::optional<rt::DType> toDType(Type type) {
  if (type.isF16())
    return rt::DType::F16;
  if (type.isBF16())
    return rt::DType::BF16;
  if (type.isF32())
    return rt::DType::F32;
  if (type.isF64())
    return rt::DType::F64;
  if (type.isInteger(1))
    return rt::DType::I1;
  if (type.isInteger(32))
    return rt::DType::I32;
  if (type.isInteger(64))
    return rt::DType::I64;
  return std::nullopt;
}

static std::optional<std::string> readFile(const std::string &path,
                                           std::string &error) {
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(path, &error);
  if (!file)
    return std::nullopt;
  return file->getBuffer().str();
}

int Runner::bindWithoutDevice(StringRef launchJSON, ArrayRef<HostTensor> inputs,
                              ArrayRef<HostTensor> outputs) {
  rt::Expected<rt::LaunchDesc> desc = rt::parseLaunchDesc(launchJSON);
  if (!desc.ok())
    return failWith(desc.message());
  // Distinct, 16-byte aligned stand-ins for device pointers: binding checks
  // alignment, shapes and dtypes, never dereferences.
  std::vector<rt::ArgValue> args;
  uint64_t outputBytes = 0;
  auto add = [&](const HostTensor &tensor) {
    rt::ArgValue arg;
    arg.ptr = 256 * (args.size() + 1);
    arg.dtype = *toDType(tensor.getElementType());
    arg.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    args.push_back(arg);
  };
  for (const HostTensor &tensor : inputs)
    add(tensor);
  for (const HostTensor &tensor : outputs) {
    add(tensor);
    outputBytes += tensor.bytes();
  }
  rt::Expected<rt::Binding> binding = rt::bindArguments(*desc, args);
  if (!binding.ok())
    return failWith(binding.message());
  unsigned launches = 0;
  for (const rt::StepDesc &step : desc->steps)
    launches += step.kind == rt::StepDesc::Kind::Launch;
  llvm::outs() << "  dry run: " << launches << " kernel launches bound; "
               << "peak above inputs: " << outputBytes + binding->tempBytes
               << " bytes (outputs " << outputBytes << ", temporaries "
               << binding->tempBytes << ")\n";
  return 0;
}

int Runner::runGPU(ModuleOp trialModule, func::FuncOp f,
                   std::vector<HostTensor> &inputs,
                   std::vector<HostTensor> &outputs) {
  const rt::Program *program = loadedProgram.get();
  std::unique_ptr<rt::Program> compiledProgram;
  if (!program) {
    CompileOptions options;
    options.emit = EmitLevel::PTX;
    options.arch = arch;
    options.fuseIndexReductions = fuseIndexReductions;
    options.allowReassociation = allowReassociation;
    options.tileM = tileM;
    options.tileN = tileN;
    options.tileK = tileK;
    options.minBlocks = minBlocks;
    options.split = split;
    options.stages = stages;
    options.cluster = cluster;
    options.persistent = persistent;
    options.clusterSplit = clusterSplit;
    options.compensatedSums = compensatedSums;
    options.precision = precision;
    options.expectedRows = expectedRows;
    // compileModule works in place: give it a copy.
    OwningOpRef<ModuleOp> copy = cast<ModuleOp>(trialModule->clone());
    FailureOr<CompileResult> compiled = compileModule(*copy, options);
    if (failed(compiled))
      return failWith("compiling @" + f.getSymName() + " to PTX failed");
    if (gpuDryRun)
      return bindWithoutDevice(compiled->launchJSON, inputs, outputs);
    rt::Expected<std::unique_ptr<rt::Program>> created =
        rt::Program::create(compiled->text, compiled->launchJSON);
    if (!created.ok()) {
      llvm::errs() << "fuse-run: error: " << created.message() << "\n";
      return created.status().code() == rt::ErrorCode::Unavailable ? 2 : 1;
    }
    compiledProgram = created.take();
    program = compiledProgram.get();
  }

  std::vector<rt::DeviceBuffer> buffers;
  std::vector<rt::ArgValue> args;
  auto upload = [&](HostTensor &tensor, bool copyIn) -> rt::Status {
    rt::Expected<rt::DeviceBuffer> buffer =
        rt::DeviceBuffer::allocate(tensor.bytes());
    if (!buffer.ok())
      return buffer.status();
    if (copyIn && tensor.bytes() != 0) {
      rt::Status status = buffer->copyFromHost(tensor.data(), tensor.bytes());
      if (!status.ok())
        return status;
    }
    rt::ArgValue arg;
    arg.ptr = buffer->ptr();
    arg.dtype = *toDType(tensor.getElementType());
    arg.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    args.push_back(arg);
    buffers.push_back(buffer.take());
    return rt::Status::success();
  };
  auto report = [](const rt::Status &status) {
    llvm::errs() << "fuse-run: error: " << status.message() << "\n";
    return status.code() == rt::ErrorCode::Unavailable ? 2 : 1;
  };
  for (HostTensor &tensor : inputs)
    if (rt::Status status = upload(tensor, true); !status.ok())
      return report(status);
  uint64_t outputBytes = 0;
  for (HostTensor &tensor : outputs) {
    outputBytes += tensor.bytes();
    if (rt::Status status = upload(tensor, false); !status.ok())
      return report(status);
  }

  rt::Expected<rt::LaunchStats> stats = program->launch(args);
  if (!stats.ok())
    return report(stats.status());
  if (rt::Status status = rt::synchronize(); !status.ok())
    return report(status);
  for (auto [i, tensor] : llvm::enumerate(outputs)) {
    if (tensor.bytes() == 0)
      continue;
    rt::Status status =
        buffers[inputs.size() + i].copyToHost(tensor.data(), tensor.bytes());
    if (!status.ok())
      return report(status);
  }
  llvm::outs() << "peak above inputs: " << outputBytes + stats->tempBytes
               << " bytes (outputs " << outputBytes << ", temporaries "
               << stats->tempBytes << ")\n";

  if (!timeOption)
    return 0;
  rt::Expected<rt::Event> start = rt::Event::create();
  if (!start.ok())
    return report(start.status());
  rt::Expected<rt::Event> end = rt::Event::create();
  if (!end.ok())
    return report(end.status());
  // One warm-up launch, then each repetition timed on its own.
  if (rt::Expected<rt::LaunchStats> warm = program->launch(args); !warm.ok())
    return report(warm.status());
  std::vector<double> times;
  for (unsigned r = 0; r < reps; ++r) {
    if (rt::Status status = start->record(); !status.ok())
      return report(status);
    if (rt::Expected<rt::LaunchStats> again = program->launch(args);
        !again.ok())
      return report(again.status());
    if (rt::Status status = end->record(); !status.ok())
      return report(status);
    if (rt::Status status = end->synchronize(); !status.ok())
      return report(status);
    rt::Expected<float> ms = rt::Event::elapsedMs(*start, *end);
    if (!ms.ok())
      return report(ms.status());
    times.push_back(*ms * 1000.0);
  }
  llvm::outs() << "device time: median " << formatDouble(median(times))
               << " us over " << reps << " reps\n";
  return 0;
}

TrialResult Runner::compare(unsigned trial, func::FuncOp f,
                            ArrayRef<ref::Tensor> refInputs,
                            ArrayRef<ref::Tensor> expected,
                            const llvm::DenseMap<Value, ref::Tensor> &observed,
                            std::vector<HostTensor> &outputs, int64_t reduced) {
  TrialResult result;
  auto ret = cast<func::ReturnOp>(f.getBody().front().getTerminator());
  // The native-precision reference, evaluated only when a float result
  // misses the float64 one.
  std::optional<std::vector<ref::Tensor>> native;
  auto getNative = [&]() -> const std::vector<ref::Tensor> * {
    if (!native) {
      std::string error;
      FailureOr<std::vector<ref::Tensor>> values =
          ref::evaluate(f, refInputs, ref::Precision::Native, {}, &error);
      native =
          succeeded(values) ? std::move(*values) : std::vector<ref::Tensor>();
    }
    return native->empty() ? nullptr : &*native;
  };
  auto tensorOf = [&](Value value) -> const ref::Tensor * {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return &refInputs[arg.getArgNumber()];
    auto it = observed.find(value);
    return it == observed.end() ? nullptr : &it->second;
  };

  for (size_t o = 0; o < outputs.size(); ++o) {
    HostTensor &output = outputs[o];
    const ref::Tensor &want = expected[o];
    unsigned reported = 0;
    auto describe = [&](const llvm::Twine &text) {
      if (reported++ < maxReports)
        llvm::outs() << "  mismatch: trial " << trial << ", result #" << o
                     << " at " << text << "\n";
    };
    if (output.isFloat()) {
      Tolerance tolerance = toleranceFor(output.getElementType());
      // A sum of L terms rounds L times: relative to a sum of same-sign
      // terms the error is at most about L * u, and absolute (terms of
      // magnitude <= 1, mixed signs) about L * u * sqrt(L) in practice.
      double extent = static_cast<double>(reduced);
      double rtol =
          std::max(tolerance.rtol, 2.0 * extent * tolerance.unitRoundoff);
      double atol = std::max(tolerance.atol, 2.0 * extent * std::sqrt(extent) *
                                                 tolerance.unitRoundoff);
      auto close = [&](double got, double ref) {
        if (std::isnan(ref))
          return std::isnan(got);
        if (std::isinf(ref))
          return got == ref;
        if (!std::isfinite(got))
          return false;
        return std::fabs(got - ref) <= atol + rtol * std::fabs(ref);
      };
      for (int64_t i = 0; i < output.numel(); ++i) {
        double got = output.getFloat(i), ref = want.floats[i];
        if (std::isfinite(got) && std::isfinite(ref)) {
          double err = std::fabs(got - ref);
          result.maxAbsErr = std::max(result.maxAbsErr, err);
          result.maxRelErr =
              std::max(result.maxRelErr, err / std::max(std::fabs(ref), atol));
        }
        if (close(got, ref))
          continue;
        const std::vector<ref::Tensor> *nativeValues = getNative();
        if (nativeValues && close(got, (*nativeValues)[o].floats[i])) {
          ++result.nativeMatches;
          continue;
        }
        ++result.mismatches;
        describe(position(o, unravel(i, output.getShape())) + ": got " +
                 formatDouble(got) + ", expected " + formatDouble(ref) +
                 " (rtol " + formatDouble(rtol) + ", atol " +
                 formatDouble(atol) + ")");
      }
      continue;
    }

    LabelSource source = explainLabels(ret.getOperand(o));
    const ref::Tensor *reduction = nullptr;
    std::vector<std::pair<const ref::Tensor *, const ref::Tensor *>> pairs;
    if (source.kind == LabelSource::Kind::IndexReduction) {
      reduction = tensorOf(source.input);
      if (!reduction)
        source.kind = LabelSource::Kind::None;
    } else if (source.kind == LabelSource::Kind::Chain) {
      for (auto [label, value] : source.pairs) {
        const ref::Tensor *labels = tensorOf(label);
        const ref::Tensor *values = tensorOf(value);
        if (!labels || !values) {
          source.kind = LabelSource::Kind::None;
          break;
        }
        pairs.push_back({labels, values});
      }
    }
    Type valueType;
    if (source.kind == LabelSource::Kind::IndexReduction)
      valueType = reduction->elementType;
    else if (source.kind == LabelSource::Kind::Chain)
      valueType = pairs.front().second->elementType;
    Tolerance tieTolerance = valueType ? toleranceFor(valueType) : Tolerance();
    if (valueType)
      totals.tieBounds.insert(tieBoundText(valueType));
    double sqrtReduced = std::sqrt(static_cast<double>(reduced));
    bool better = source.isMax;

    // The reference value of candidate `label` in row `index`, if `label`
    // names a candidate.
    auto candidateValue = [&](ArrayRef<int64_t> index,
                              int64_t label) -> std::optional<double> {
      if (source.kind == LabelSource::Kind::IndexReduction) {
        if (label < 0 || label >= reduction->shape[source.dim])
          return std::nullopt;
        std::vector<int64_t> full(index.begin(), index.end());
        if (source.keepdim)
          full[source.dim] = label;
        else
          full.insert(full.begin() + source.dim, label);
        return broadcastElement(*reduction, full);
      }
      // Several pairs may carry one label (the initial state and the first
      // candidate both say 0): the label stands for the best of them.
      std::optional<double> value;
      for (auto [labels, values] : pairs) {
        if (static_cast<int64_t>(broadcastElement(*labels, index)) != label)
          continue;
        double v = broadcastElement(*values, index);
        if (!value || (better ? v > *value : v < *value))
          value = v;
      }
      return value;
    };
    // Whether another candidate of the row has exactly the winner's value.
    auto hasExactTie = [&](ArrayRef<int64_t> index, int64_t label,
                           double value) {
      if (source.kind == LabelSource::Kind::IndexReduction) {
        for (int64_t l = 0; l < reduction->shape[source.dim]; ++l)
          if (l != label && candidateValue(index, l) == value)
            return true;
        return false;
      }
      for (auto [labels, values] : pairs)
        if (static_cast<int64_t>(broadcastElement(*labels, index)) != label &&
            broadcastElement(*values, index) == value)
          return true;
      return false;
    };

    // As for floats: a result that misses the float64 reference passes if
    // it is what the native-precision reference (every op rounded to its
    // type) computes, e.g. the labels of f16 distances that overflow to inf
    // where the float64 oracle stays finite.
    auto matchesNative = [&](int64_t i, int64_t got) {
      const std::vector<ref::Tensor> *nativeValues = getNative();
      if (!nativeValues || (*nativeValues)[o].ints[i] != got)
        return false;
      ++result.nativeMatches;
      return true;
    };

    const std::vector<ref::Tensor> *nativeValues =
        nativeLabels ? getNative() : nullptr;
    if (nativeLabels && !nativeValues) {
      ++result.mismatches;
      describe(position(o, {}) +
               ": the native-precision reference could not be evaluated");
      continue;
    }
    for (int64_t i = 0; i < output.numel(); ++i) {
      int64_t got = output.getInt(i), ref = want.ints[i];
      if (nativeValues) {
        int64_t native = (*nativeValues)[o].ints[i];
        if (got != native) {
          ++result.mismatches;
          describe(position(o, unravel(i, output.getShape())) + ": got " +
                   std::to_string(got) + ", the native reference " +
                   std::to_string(native) + " (--native-labels)");
        } else if (got != ref) {
          ++result.nativeMatches;
        }
        continue;
      }
      if (source.kind == LabelSource::Kind::None) {
        if (got != ref && !matchesNative(i, got)) {
          ++result.mismatches;
          describe(position(o, unravel(i, output.getShape())) + ": got " +
                   std::to_string(got) + ", expected " + std::to_string(ref));
        }
        continue;
      }
      std::vector<int64_t> index = unravel(i, output.getShape());
      std::optional<double> refValue = candidateValue(index, ref);
      if (refValue && std::isnan(*refValue))
        ++result.nanRows;
      else if (refValue && hasExactTie(index, ref, *refValue))
        ++result.tiedRows;
      if (got == ref)
        continue;
      std::string where = position(o, index) + ": got " + std::to_string(got) +
                          ", expected " + std::to_string(ref);
      std::optional<double> gotValue = candidateValue(index, got);
      std::string problem;
      if (!gotValue || !refValue) {
        problem = " (not a label of a candidate)";
      } else if (*gotValue == *refValue) {
        problem = " (an exact tie at value " + formatDouble(*refValue) +
                  ": the lowest index must win)";
      } else {
        // NaN makes both the difference and the comparison below fail: a
        // NaN winner must be matched exactly.
        double diff = std::fabs(*gotValue - *refValue);
        double scale = std::max(1.0, std::fabs(*refValue)) * sqrtReduced;
        double bound = tieTolerance.tieFactor * scale;
        if (diff <= bound) {
          ++result.nearTies;
          result.maxTieFactor = std::max(result.maxTieFactor, diff / scale);
          continue;
        }
        problem = " (values " + formatDouble(*gotValue) + " and " +
                  formatDouble(*refValue) + " differ by " + formatDouble(diff) +
                  ", more than the near-tie bound " + formatDouble(bound) + ")";
      }
      if (matchesNative(i, got))
        continue;
      ++result.mismatches;
      describe(where + problem);
    }
  }
  return result;
}

/// Whether every op of `canonical` treats the positions of size symbol
/// `symbol` independently: none reduces over it or takes one position of it,
/// so the reference may be evaluated on a subset of them.
static bool isRowIndependent(func::FuncOp canonical,
                             const fuse::SizeSymbols &symbols, int symbol) {
  auto carries = [&](Value value, int64_t dim) {
    auto type = cast<RankedTensorType>(value.getType());
    if (!type.isDynamicDim(dim))
      return false;
    FailureOr<int> found = symbols.symbolOf(value, dim);
    // An untraceable size might be this one.
    return failed(found) || *found == symbol;
  };
  bool independent = true;
  canonical.walk([&](Operation *op) {
    if (fuse::isValueReduction(op) || fuse::isIndexReduction(op))
      independent &= !carries(op->getOperand(0), fuse::getReductionDim(op));
    else if (auto take = dyn_cast<fuse::TakeOp>(op))
      independent &= !carries(take.getInput(), take.getDim());
    else if (isa<fuse::KernelOp, fuse::RunningMinOp, fuse::MatmulOp>(op))
      independent = false;
  });
  return independent;
}

LogicalResult Runner::chooseRows(func::FuncOp canonical,
                                 const TrialSizes &sizes, Random &random) {
  sampleSymbol = -1;
  sampleRows.clear();
  // The reference stays within the evaluator's element limit and a few
  // seconds: at most 2^27 elements per intermediate, more than --max-volume
  // only up to 2^25, which drawn sizes never need.
  double cap = std::min<double>(
      std::max<double>(static_cast<double>(maxVolume), double(1 << 25)),
      double(1 << 27));
  double volume = largestVolume(canonical, sizes);
  if (refRows <= 0 && volume <= cap)
    return success();
  fuse::SizeSymbols symbols = fuse::computeSizeSymbols(canonical);
  for (unsigned i = 0; i < table.numDynamic; ++i) {
    if (!isRowIndependent(canonical, symbols, i))
      continue;
    int64_t size = sizes.values[i];
    int64_t rows =
        refRows > 0
            ? refRows
            : static_cast<int64_t>(cap / volume * static_cast<double>(size));
    rows = std::max<int64_t>(rows, 1);
    if (rows >= size)
      return success();
    sampleSymbol = i;
    // The first and the last row (block and tile edges), then random ones.
    std::set<int64_t> chosen = {0, size - 1};
    if (rows * 2 >= size) {
      std::vector<int64_t> all(size);
      for (int64_t r = 0; r < size; ++r)
        all[r] = r;
      for (int64_t r = size - 1; r > 0; --r)
        std::swap(all[r], all[random.range(0, r)]);
      for (int64_t r = 0; static_cast<int64_t>(chosen.size()) < rows; ++r)
        chosen.insert(all[r]);
    }
    while (static_cast<int64_t>(chosen.size()) < rows)
      chosen.insert(random.range(0, size - 1));
    // rows == 1 keeps the first row only.
    while (static_cast<int64_t>(chosen.size()) > rows)
      chosen.erase(std::prev(chosen.end()));
    sampleRows.assign(chosen.begin(), chosen.end());
    return success();
  }
  if (refRows > 0) {
    (void)failWith("--ref-rows: @" + func.getSymName() +
                   " reduces over every dynamic size, so no rows can be "
                   "sampled");
    return failure();
  }
  return success(); // Nothing to sample: the reference gets everything.
}

std::string Runner::position(size_t result, ArrayRef<int64_t> index) const {
  std::vector<int64_t> full(index.begin(), index.end());
  if (sampleSymbol >= 0)
    for (size_t d = 0; d < full.size(); ++d)
      if (outputGathered[result][d])
        full[d] = sampleRows[full[d]];
  return indexString(full);
}

int Runner::runTrial(unsigned trial) {
  TrialSizes sizes = drawSizes(trial);
  FailureOr<OwningOpRef<ModuleOp>> trialModule = specialize(sizes);
  if (failed(trialModule))
    return 1;
  func::FuncOp f = *(*trialModule)->getOps<func::FuncOp>().begin();
  OwningOpRef<ModuleOp> analysis = cloneForShapeAnalysis(f);
  auto canonical = *analysis->getOps<func::FuncOp>().begin();

  // The reference materializes every intermediate: halve the drawn dynamic
  // sizes until the largest one fits.
  while (largestVolume(canonical, sizes) > static_cast<double>(maxVolume)) {
    bool shrunk = false;
    for (auto [i, symbol] : llvm::enumerate(table.symbols))
      if (symbol.dynamic && !symbol.fixed && sizes.values[i] > 1) {
        sizes.values[i] = (sizes.values[i] + 1) / 2;
        shrunk = true;
      }
    if (!shrunk)
      break;
  }
  for (auto [i, symbol] : llvm::enumerate(table.symbols)) {
    symbol.sawOne |= sizes.values[i] == 1;
    symbol.sawNonPowerOfTwo |= !isPowerOfTwo(sizes.values[i]);
  }

  std::string error;
  FailureOr<FunctionShapes> shapes = FunctionShapes::analyze(f, &error);
  if (failed(shapes))
    return failWith(error);
  std::vector<std::vector<int64_t>> inShapes = argShapes(canonical, sizes);
  if (failed(shapes->checkArgShapes(inShapes, &error)))
    return failWith(error);
  std::vector<std::vector<int64_t>> outShapes =
      shapes->getResultShapes(inShapes);

  // Every argument and result lives on the host: sizes (from --dims or the
  // program) too large for that are an error, not a wrapped byte count or
  // an aborted allocation.
  uint64_t hostBytes = 0;
  auto checkHostBytes = [&](ArrayRef<RankedTensorType> types,
                            ArrayRef<std::vector<int64_t>> shapeList,
                            StringRef what) -> LogicalResult {
    for (auto [i, type] : llvm::enumerate(types)) {
      std::optional<int64_t> bytes =
          hostTensorBytes(type.getElementType(), shapeList[i]);
      if (!bytes) {
        (void)failWith("trial " + llvm::Twine(trial) + ": " + what + " #" +
                       llvm::Twine(i) + " (" +
                       shapeString(shapeList[i], type.getElementType()) +
                       ") spans more than INT64_MAX bytes");
        return failure();
      }
      hostBytes = llvm::SaturatingAdd(hostBytes, static_cast<uint64_t>(*bytes));
    }
    return success();
  };
  if (failed(checkHostBytes(shapes->getArgTypes(), inShapes, "argument")) ||
      failed(checkHostBytes(shapes->getResultTypes(), outShapes, "result")))
    return 1;
  if (uint64_t memory = physicalMemoryBytes(); memory && hostBytes > memory)
    return failWith("trial " + llvm::Twine(trial) +
                    ": the arguments and results need " +
                    llvm::Twine(hostBytes) +
                    " bytes of host memory, more than this machine's " +
                    llvm::Twine(memory));

  Random random(seed * 0x9e3779b97f4a7c15ull + trial * 0x100000001b3ull + 1);
  std::vector<HostTensor> inputs, outputs;
  for (auto [i, type] : llvm::enumerate(shapes->getArgTypes()))
    inputs.emplace_back(type.getElementType(), inShapes[i]);
  for (auto [i, type] : llvm::enumerate(shapes->getResultTypes()))
    outputs.emplace_back(type.getElementType(), outShapes[i]);
  fillInputs(inputs, random);

  // Describe the trial before running anything, so that a crash names it.
  std::string sizeText;
  for (auto [i, symbol] : llvm::enumerate(table.symbols)) {
    if (!sizeText.empty())
      sizeText += " ";
    sizeText += symbol.dynamic ? symbol.name() + "=" : symbol.name() + "->";
    sizeText += std::to_string(sizes.values[i]);
  }
  std::string signature = "(";
  for (auto [i, tensor] : llvm::enumerate(inputs))
    signature += (i ? ", " : "") +
                 shapeString(tensor.getShape(), tensor.getElementType());
  signature += ") -> (";
  for (auto [i, tensor] : llvm::enumerate(outputs))
    signature += (i ? ", " : "") +
                 shapeString(tensor.getShape(), tensor.getElementType());
  signature += ")";
  llvm::outs() << "trial " << trial;
  if (!sizes.purpose.empty())
    llvm::outs() << " [" << sizes.purpose << "]";
  llvm::outs() << ": " << (sizeText.empty() ? "no symbols" : sizeText) << "; "
               << signature << "\n";
  llvm::outs().flush();

  // Which dimensions of the arguments and results the sample cuts.
  if (failed(chooseRows(canonical, sizes, random)))
    return 1;
  fuse::SizeSymbols symbols = fuse::computeSizeSymbols(canonical);
  auto ret = cast<func::ReturnOp>(f.getBody().front().getTerminator());
  auto canonicalRet =
      cast<func::ReturnOp>(canonical.getBody().front().getTerminator());
  std::vector<std::vector<bool>> inputGathered;
  outputGathered.clear();
  for (auto [i, tensor] : llvm::enumerate(inputs)) {
    inputGathered.emplace_back(tensor.getShape().size(), false);
    for (size_t d = 0; d < tensor.getShape().size(); ++d)
      inputGathered.back()[d] =
          sampleSymbol >= 0 && symbols.argDims[i][d] == sampleSymbol;
  }
  for (auto [i, value] : llvm::enumerate(canonicalRet.getOperands())) {
    auto type = cast<RankedTensorType>(value.getType());
    outputGathered.emplace_back(type.getRank(), false);
    for (int64_t d = 0; d < type.getRank(); ++d) {
      FailureOr<int> symbol = type.isDynamicDim(d) ? symbols.symbolOf(value, d)
                                                   : FailureOr<int>(failure());
      outputGathered.back()[d] =
          sampleSymbol >= 0 && succeeded(symbol) && *symbol == sampleSymbol;
    }
  }
  if (sampleSymbol >= 0)
    llvm::outs() << "  reference on " << sampleRows.size() << " of "
                 << sizes.values[sampleSymbol] << " positions of s"
                 << sampleSymbol << " (first, last and random ones)\n";

  // The reference, keeping the tensors that explain the labels.
  std::vector<ref::Tensor> refInputs;
  for (auto [i, tensor] : llvm::enumerate(inputs))
    refInputs.push_back(
        sampleSymbol >= 0
            ? gather(tensor, inputGathered[i], sampleRows).toReference()
            : tensor.toReference());
  llvm::DenseSet<Value> wanted;
  for (Value value : ret.getOperands()) {
    LabelSource source = explainLabels(value);
    if (source.input)
      wanted.insert(source.input);
    for (auto [label, candidate] : source.pairs) {
      wanted.insert(label);
      wanted.insert(candidate);
    }
  }
  llvm::DenseMap<Value, ref::Tensor> observed;
  auto observer = [&](Value value, const ref::Tensor &tensor) {
    if (wanted.contains(value))
      observed[value] = tensor;
  };
  FailureOr<std::vector<ref::Tensor>> expected =
      ref::evaluate(f, refInputs, ref::Precision::F64, observer, &error);
  if (failed(expected))
    return failWith("trial " + llvm::Twine(trial) +
                    ": the reference evaluator failed: " + error);

  if (int code = runFused(**trialModule, f, sizes, inputs, outputs))
    return code;
  if (gpuDryRun) {
    ++totals.trials;
    return 0;
  }

  // The fused results at the positions the reference computed.
  std::vector<HostTensor> compared;
  for (auto [i, tensor] : llvm::enumerate(outputs))
    compared.push_back(sampleSymbol >= 0
                           ? gather(tensor, outputGathered[i], sampleRows)
                           : std::move(tensor));

  if (injectError && trial == 0 && !compared.empty() &&
      compared[0].numel() > 0) {
    HostTensor &tensor = compared[0];
    int64_t at = tensor.numel() / 2;
    if (tensor.isFloat()) {
      double value = tensor.getFloat(at);
      tensor.setFloat(at, std::isfinite(value) ? value + 1 + std::fabs(value)
                                               : 0.5);
    } else if (tensor.getElementType().isInteger(1)) {
      tensor.setInt(at, !tensor.getInt(at));
    } else {
      // An index beyond any candidate: never a near-tie.
      tensor.setInt(at, tensor.getInt(at) + 1000003);
    }
    llvm::outs() << "  injected an error into result #0 at "
                 << position(0, unravel(at, tensor.getShape())) << "\n";
  }

  if (printValues) {
    for (auto [i, tensor] : llvm::enumerate(refInputs))
      llvm::outs() << "  input #" << i << ": " << ref::formatTensor(tensor)
                   << "\n";
    for (auto [i, tensor] : llvm::enumerate(compared))
      llvm::outs() << "  fused #" << i << ": "
                   << ref::formatTensor(tensor.toReference()) << "\n";
    for (auto [i, tensor] : llvm::enumerate(*expected))
      llvm::outs() << "  reference #" << i << ": " << ref::formatTensor(tensor)
                   << "\n";
  }

  int64_t reduced = reducedExtent(canonical, sizes);
  TrialResult result =
      compare(trial, f, refInputs, *expected, observed, compared, reduced);
  ++totals.trials;
  totals.mismatches += result.mismatches;
  totals.nearTies += result.nearTies;
  totals.tiedRows += result.tiedRows;
  totals.nanRows += result.nanRows;
  totals.maxTieFactor = std::max(totals.maxTieFactor, result.maxTieFactor);
  totals.nativeMatches += result.nativeMatches;
  totals.maxRelErr = std::max(totals.maxRelErr, result.maxRelErr);
  totals.maxAbsErr = std::max(totals.maxAbsErr, result.maxAbsErr);
  for (const HostTensor &tensor : compared)
    totals.elements += tensor.numel();
  llvm::outs() << "  " << (result.mismatches ? "FAIL" : "ok") << ": "
               << result.mismatches << " mismatches, " << result.nearTies
               << " near-ties, max rel err " << formatDouble(result.maxRelErr)
               << " (L=" << reduced << ")";
  if (result.tiedRows)
    llvm::outs() << ", " << result.tiedRows << " rows with an exact tie";
  if (result.nanRows)
    llvm::outs() << ", " << result.nanRows << " rows won by NaN";
  if (result.nativeMatches)
    llvm::outs() << ", " << result.nativeMatches
                 << " elements matched the native-precision reference only";
  llvm::outs() << "\n";
  return 0;
}

int Runner::run() {
  if (!ptxFile.empty()) {
    std::string error;
    std::optional<std::string> ptx = readFile(ptxFile, error);
    if (!ptx)
      return failWith(error);
    std::string json;
    if (!launchFile.empty()) {
      std::optional<std::string> text = readFile(launchFile, error);
      if (!text)
        return failWith(error);
      json = std::move(*text);
    }
    rt::Expected<std::unique_ptr<rt::Program>> created =
        rt::Program::create(*ptx, json);
    if (!created.ok()) {
      llvm::errs() << "fuse-run: error: " << created.message() << "\n";
      return created.status().code() == rt::ErrorCode::Unavailable ? 2 : 1;
    }
    loadedProgram = created.take();
  }

  for (unsigned trial = 0; trial < trials; ++trial)
    if (int code = runTrial(trial))
      return code;

  if (gpuDryRun) {
    llvm::outs() << "fuse-run: DRY: " << totals.trials
                 << " trials compiled and bound, nothing compared\n";
    return 0;
  }

  llvm::outs() << "fuse-run: coverage:";
  if (table.symbols.empty())
    llvm::outs() << " no size symbols";
  for (const Symbol &symbol : table.symbols)
    llvm::outs() << " " << symbol.name() << "{"
                 << (symbol.sawOne ? "1" : "no 1") << ", "
                 << (symbol.sawNonPowerOfTwo ? "non-pow2" : "no non-pow2")
                 << "}";
  llvm::outs() << "\n";
  llvm::outs() << "fuse-run: checked " << totals.elements << " result elements";
  if (!totals.tieBounds.empty()) {
    llvm::outs() << "; labels: " << totals.tiedRows
                 << " rows with an exact tie, " << totals.nanRows
                 << " rows won by NaN";
    if (totals.nearTies)
      llvm::outs() << ", largest near-tie gap "
                   << formatDouble(totals.maxTieFactor)
                   << " * max(1, |v|) * sqrt(L)";
  }
  llvm::outs() << "\n";

  bool pass = totals.mismatches == 0;
  llvm::outs() << "fuse-run: " << (pass ? "PASS" : "FAIL") << ": "
               << totals.trials << " trials, " << totals.mismatches
               << " mismatches, " << totals.nearTies << " near-ties";
  if (!totals.tieBounds.empty())
    llvm::outs() << " (bound " << llvm::join(totals.tieBounds, "; ") << ")";
  llvm::outs() << ", max rel err " << formatDouble(totals.maxRelErr)
               << ", max abs err " << formatDouble(totals.maxAbsErr);
  if (totals.nativeMatches)
    llvm::outs() << ", " << totals.nativeMatches
                 << " elements matched the native-precision reference only";
  llvm::outs() << "\n";
  return pass ? 0 : 1;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(runCategory);
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "fuse-run " << fusec::getVersionString() << "\n";
  });
  cl::ParseCommandLineOptions(
      argc, argv,
      "fuse-run: fused code against the reference evaluator on random "
      "shapes and inputs\n\n"
      "  fuse-run f.mlir --trials=20            the CPU path\n"
      "  fuse-run f.mlir --mode=gpu             on the GPU\n\n"
      "The report goes to stdout, errors to stderr. Exit codes: 0 every "
      "trial passed, 1 a mismatch or an error, 2 no usable GPU "
      "(--mode=gpu).\n");

  if (trials == 0)
    return failWith("--trials must be at least 1");
  if (timeOption && reps == 0)
    return failWith("--reps must be at least 1");
  if (maxDynamic < 1 || maxStatic < 1 || maxVolume < 1)
    return failWith("--max-dynamic, --max-static and --max-volume must be "
                    "at least 1");
  if (mode != Mode::GPU && !ptxFile.empty())
    return failWith("--ptx needs --mode=gpu");
  if (ptxFile.empty() && !launchFile.empty())
    return failWith("--launch needs --ptx");
  if (mode != Mode::GPU &&
      (tileM || tileN || tileK || minBlocks || split || stages ||
       cluster != -1 || persistent != -1 || clusterSplit != -1 ||
       expectedRows || (precision != "auto" && precision != "ieee")))
    return failWith("--tile-m/--tile-n/--tile-k/--min-blocks/--split/"
                    "--stages/--cluster/"
                    "--persistent/--cluster-split/--expected-rows/--precision "
                    "need --mode=gpu");
  if (!isKnownCompilePrecision(precision))
    return failWith("--precision must be " + knownCompilePrecisions() +
                    ", not '" + precision + "'");
  if (stages != 0 && (stages < 2 || stages > 8))
    return failWith("--stages must be 0 (chosen) or between 2 and 8, not " +
                    std::to_string(stages));

  DialectRegistry registry;
  registerAllFusecDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();

  std::string openError;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &openError);
  if (!file)
    return failWith(openError);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return 1; // The parser or verifier reported why.

  std::string selectError;
  func::FuncOp func = fusec::selectFunction(*module, funcName, selectError);
  if (!func)
    return failWith(selectError);
  std::string error;
  if (failed(FunctionShapes::analyze(func, &error)))
    return failWith(error);
  if (dupRows < -1 || dupRows >= static_cast<int>(func.getNumArguments()))
    return failWith("--dup-rows=" + llvm::Twine(dupRows) + ": @" +
                    func.getSymName() + " has " +
                    llvm::Twine(func.getNumArguments()) +
                    " arguments (numbered from 0)");
  if (dupRows >= 0 &&
      cast<RankedTensorType>(func.getArgumentTypes()[dupRows]).getRank() == 0)
    return failWith("--dup-rows=" + llvm::Twine(dupRows) +
                    ": the argument has no rows (rank 0)");

  if (gpuDryRun && (mode != Mode::GPU || !ptxFile.empty()))
    return failWith("--gpu-dry-run needs --mode=gpu and no --ptx");
  // GPU mode stops early, and distinctly, on a machine that cannot run it.
  if (mode == Mode::GPU && !gpuDryRun) {
    rt::Status status = rt::driverAvailable();
    if (!status.ok()) {
      llvm::errs() << "fuse-run: error: " << status.message() << "\n";
      return status.code() == rt::ErrorCode::Unavailable ? 2 : 1;
    }
  }

  Runner runner(*module, func);
  if (failed(runner.initialize()))
    return 1;
  return runner.run();
}
