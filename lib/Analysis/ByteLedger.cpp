//===- ByteLedger.cpp - bytes, FLOPs and launches of a plan ---------------===//
//
// Part of fusec. Counts the eager and the fused plan of a function, turns
// the counts into floor times with a device profile, and holds measured
// times against those floors.
//
//===----------------------------------------------------------------------===//

#include "fusec/Analysis/ByteLedger.h"

#include "fusec/Analysis/Shapes.h"
#include "fusec/Dialect/Fuse/IR/FuseOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>
#include <deque>
#include <limits>

using namespace mlir;
using namespace mlir::fuse;

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

static llvm::Error makeError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// `acc += value`, false (and `acc` unchanged) on int64 overflow.
static bool addChecked(int64_t &acc, int64_t value) {
  std::optional<int64_t> sum = llvm::checkedAdd(acc, value);
  if (!sum)
    return false;
  acc = *sum;
  return true;
}

/// The ledger's name of an element type: "f32", "bf16", "i64", ...
static std::string getDTypeName(Type type) {
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "f32";
  if (type.isF64())
    return "f64";
  if (auto integer = dyn_cast<IntegerType>(type))
    return "i" + std::to_string(integer.getWidth());
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// Bytes per element in memory. i1 takes a byte, as torch.bool does.
static std::optional<int64_t> getElementBytes(Type type) {
  if (!type.isIntOrFloat())
    return std::nullopt;
  return (type.getIntOrFloatBitWidth() + 7) / 8;
}

/// Ops that PyTorch runs as views: no kernel, no traffic, and the result
/// aliases (and keeps alive) its input.
static bool isView(Operation *op) {
  return isa<ExpandDimsOp, TransposeOp, TakeOp, BroadcastToOp>(op);
}

/// 0.0134 s -> "13.40 ms"; the unit follows the magnitude.
static std::string formatTime(double seconds) {
  if (seconds < 1e-6)
    return llvm::formatv("{0:F1} ns", seconds * 1e9).str();
  if (seconds < 1e-3)
    return llvm::formatv("{0:F1} µs", seconds * 1e6).str();
  if (seconds < 1)
    return llvm::formatv("{0:F2} ms", seconds * 1e3).str();
  return llvm::formatv("{0:F3} s", seconds).str();
}

/// 4227072 -> "4.031 MiB".
static std::string formatBytes(int64_t bytes) {
  static const char *const units[] = {"B",   "KiB", "MiB", "GiB",
                                      "TiB", "PiB", "EiB"};
  double value = static_cast<double>(bytes);
  unsigned unit = 0;
  while (value >= 1024 && unit + 1 < std::size(units)) {
    value /= 1024;
    ++unit;
  }
  return llvm::formatv("{0} {1}", llvm::format("%.4g", value), units[unit])
      .str();
}

/// 2e12 -> "2 TB/s" (decimal units, as bandwidths are quoted).
static std::string formatRate(double perSecond, StringRef unit) {
  static const char *const prefixes[] = {"", "k", "M", "G", "T", "P"};
  unsigned prefix = 0;
  while (perSecond >= 1000 && prefix + 1 < std::size(prefixes)) {
    perSecond /= 1000;
    ++prefix;
  }
  return llvm::formatv("{0} {1}{2}", llvm::format("%.3g", perSecond),
                       prefixes[prefix], unit)
      .str();
}

/// "1 launch", "4 launches".
static std::string countOf(int64_t count, StringRef singular,
                           StringRef plural) {
  return std::to_string(count) + " " + (count == 1 ? singular : plural).str();
}

/// A ratio that survives a zero denominator.
static double ratio(double numerator, double denominator) {
  if (denominator == 0)
    return numerator == 0 ? 1.0 : std::numeric_limits<double>::infinity();
  return numerator / denominator;
}

//===----------------------------------------------------------------------===//
// Device profiles
//===----------------------------------------------------------------------===//

std::optional<std::pair<std::string, double>>
DeviceProfile::lookupFlopRate(StringRef dtype, bool tensorCores) const {
  auto find = [&](const std::string &key)
      -> std::optional<std::pair<std::string, double>> {
    auto it = flopRate.find(key);
    if (it == flopRate.end())
      return std::nullopt;
    return std::make_pair(key, it->second);
  };
  bool isInteger = dtype.starts_with("i");
  if (isInteger) {
    if (auto rate = find(dtype.str()))
      return rate;
    if (dtype == "i1" || dtype == "i64")
      return find("i32");
    return std::nullopt;
  }
  if (tensorCores)
    if (auto rate = find((dtype + ".tensor").str()))
      return rate;
  return find((dtype + ".fma").str());
}

DeviceProfile mlir::fuse::getH200Profile() {
  DeviceProfile profile;
  profile.name = "h200";
  profile.multiprocessors = 132;
  // L2: 60 MiB, as the device reports it (docs/performance.md header).
  profile.l2Bytes = 60 << 20;
  // Device-to-device copy measured on the project's H200, bytes read plus
  // written (TOOLCHAIN.md, 2026-11-29).
  profile.bandwidthBytesPerSec = 4.28e12;
  // fp32 on FMA units: cuBLAS SGEMM without TF32 reached 51 TFLOP/s at
  // 8192^3 on that machine. The datasheet's 67 TFLOP/s (132 SMs x 128 lanes
  // x 2 x 1.98 GHz) is not reachable, so a floor built on it would be too
  // optimistic by a third.
  profile.flopRate["f32.fma"] = 51e12;
  // Non-tensor fp16/bf16 run two lanes per FP32 lane (datasheet, 134 TF).
  profile.flopRate["f16.fma"] = 134e12;
  profile.flopRate["bf16.fma"] = 134e12;
  // Tensor cores: fp16 GEMM measured at 770 TFLOP/s; bf16 is assumed to
  // match it (same datapath, dense datasheet figure 989 for both).
  profile.flopRate["f16.tensor"] = 770e12;
  profile.flopRate["bf16.tensor"] = 770e12;
  // TF32 dense, datasheet (495 TF) scaled by the 770/989 that fp16 reaches.
  profile.flopRate["tf32.tensor"] = 385e12;
  // fp64 on FMA units and on tensor cores, datasheet.
  profile.flopRate["f64.fma"] = 34e12;
  profile.flopRate["f64.tensor"] = 67e12;
  // 64 INT32 lanes per SM per clock: 132 x 64 x 1.98 GHz. A 64-bit integer
  // op (the running minimum's index select) takes two.
  profile.flopRate["i32"] = 16.7e12;
  profile.flopRate["i64"] = 8.4e12;
  // 16 special function lanes per SM per clock.
  profile.transcendentalRate = 4.2e12;
  // Launch-to-launch cost of a stream of small kernels queued from the host
  // as PyTorch eager does it (2-5 us is typical on Hopper; a CUDA graph
  // replay is lower). 4 us reproduces the measured eager chain of
  // BENCHMARKS.md: 4 x (512 MiB / 4.28 TB/s) + 4 x 4 us = 0.52 ms.
  profile.launchOverheadSec = 4e-6;
  return profile;
}

DeviceProfile mlir::fuse::getL4Profile() {
  DeviceProfile profile;
  profile.name = "l4";
  profile.multiprocessors = 58;
  profile.l2Bytes = 48 << 20;
  // NVIDIA L4 datasheet: 300 GB/s GDDR6, 30.3 TFLOP/s fp32 (58 SMs x 128
  // lanes x 2 x 2.04 GHz); Ada runs non-tensor fp16 at the fp32 rate.
  profile.bandwidthBytesPerSec = 300e9;
  profile.flopRate["f32.fma"] = 30.3e12;
  profile.flopRate["f16.fma"] = 30.3e12;
  profile.flopRate["bf16.fma"] = 30.3e12;
  // Dense tensor-core rates (the datasheet doubles them for sparsity).
  profile.flopRate["f16.tensor"] = 121e12;
  profile.flopRate["bf16.tensor"] = 121e12;
  profile.flopRate["tf32.tensor"] = 60e12;
  // fp64 runs at 1/64 of fp32 on Ada.
  profile.flopRate["f64.fma"] = 0.47e12;
  // 64 INT32 lanes per SM per clock; 64-bit integer ops take two.
  profile.flopRate["i32"] = 7.6e12;
  profile.flopRate["i64"] = 3.8e12;
  profile.transcendentalRate = 1.9e12;
  profile.launchOverheadSec = 5e-6;
  return profile;
}

/// The flop_rate keys a profile may give.
static bool isKnownRateKey(StringRef key) {
  return llvm::is_contained({"f16.fma", "bf16.fma", "f32.fma", "f64.fma",
                             "f16.tensor", "bf16.tensor", "tf32.tensor",
                             "f64.tensor", "i1", "i32", "i64"},
                            key);
}

/// Sorted keys of a JSON object, for deterministic messages.
static SmallVector<std::string> getSortedKeys(const llvm::json::Object &obj) {
  SmallVector<std::string> keys;
  for (const auto &entry : obj)
    keys.push_back(entry.first.str());
  llvm::sort(keys);
  return keys;
}

/// A positive (or, with `allowZero`, non-negative) finite number.
static llvm::Expected<double> getRate(const llvm::json::Value &value,
                                      StringRef source, StringRef key,
                                      bool allowZero = false) {
  std::optional<double> number = value.getAsNumber();
  if (!number)
    return makeError(source + ": '" + key + "' must be a number");
  if (!std::isfinite(*number) || *number < 0 || (!allowZero && *number == 0))
    return makeError(
        source + ": '" + key + "' must be " +
        (allowZero ? "a finite number >= 0" : "a finite number > 0") +
        ", not " + llvm::formatv("{0}", *number).str());
  return *number;
}

llvm::Expected<DeviceProfile> mlir::fuse::parseDeviceProfile(StringRef json,
                                                             StringRef source) {
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json);
  if (!parsed)
    return makeError(source +
                     ": invalid JSON: " + llvm::toString(parsed.takeError()));
  const llvm::json::Object *obj = parsed->getAsObject();
  if (!obj)
    return makeError(source + ": a device profile must be a JSON object");
  for (const std::string &key : getSortedKeys(*obj))
    if (!llvm::is_contained({"name", "bandwidth_bytes_per_sec", "flop_rate",
                             "transcendental_rate", "launch_overhead_sec",
                             "multiprocessors", "l2_bytes"},
                            key))
      return makeError(source + ": unknown key '" + key +
                       "' in a device profile (expected name, "
                       "bandwidth_bytes_per_sec, flop_rate, "
                       "transcendental_rate, launch_overhead_sec, "
                       "multiprocessors, l2_bytes)");

  DeviceProfile profile;
  std::optional<StringRef> name = obj->getString("name");
  if (!name || name->empty())
    return makeError(source + ": 'name' must be a non-empty string");
  profile.name = name->str();

  const llvm::json::Value *bandwidth = obj->get("bandwidth_bytes_per_sec");
  if (!bandwidth)
    return makeError(source + ": 'bandwidth_bytes_per_sec' is required");
  llvm::Expected<double> bw =
      getRate(*bandwidth, source, "bandwidth_bytes_per_sec");
  if (!bw)
    return bw.takeError();
  profile.bandwidthBytesPerSec = *bw;

  const llvm::json::Value *launch = obj->get("launch_overhead_sec");
  if (!launch)
    return makeError(source + ": 'launch_overhead_sec' is required");
  llvm::Expected<double> overhead =
      getRate(*launch, source, "launch_overhead_sec", /*allowZero=*/true);
  if (!overhead)
    return overhead.takeError();
  profile.launchOverheadSec = *overhead;

  const llvm::json::Object *rates = obj->getObject("flop_rate");
  if (!rates)
    return makeError(source + ": 'flop_rate' must be an object such as "
                              "{\"f32.fma\": 30e12}");
  for (const std::string &key : getSortedKeys(*rates)) {
    if (!isKnownRateKey(key))
      return makeError(source + ": unknown flop_rate key '" + key +
                       "' (expected f16.fma, bf16.fma, f32.fma, f64.fma, "
                       "f16.tensor, bf16.tensor, tf32.tensor, f64.tensor, "
                       "i1, i32 or i64)");
    llvm::Expected<double> rate =
        getRate(*rates->get(key), source, "flop_rate." + key);
    if (!rate)
      return rate.takeError();
    profile.flopRate[key] = *rate;
  }
  if (!profile.flopRate.count("f32.fma"))
    return makeError(source + ": 'flop_rate' must give \"f32.fma\"");

  if (const llvm::json::Value *trans = obj->get("transcendental_rate")) {
    llvm::Expected<double> rate =
        getRate(*trans, source, "transcendental_rate");
    if (!rate)
      return rate.takeError();
    profile.transcendentalRate = *rate;
  } else {
    // 16 special function lanes per 128 FP32 lanes, an FMA being 2 FLOPs.
    profile.transcendentalRate = profile.flopRate["f32.fma"] / 16;
  }
  if (const llvm::json::Value *sms = obj->get("multiprocessors")) {
    std::optional<int64_t> count = sms->getAsInteger();
    if (!count || *count < 1 || *count > 65536)
      return makeError(source + ": 'multiprocessors' must be an integer "
                                "from 1 to 65536");
    profile.multiprocessors = *count;
  }
  if (const llvm::json::Value *l2 = obj->get("l2_bytes")) {
    std::optional<int64_t> bytes = l2->getAsInteger();
    if (!bytes || *bytes < 1)
      return makeError(source + ": 'l2_bytes' must be a positive integer");
    profile.l2Bytes = *bytes;
  }
  return profile;
}

llvm::Expected<DeviceProfile> mlir::fuse::loadDeviceProfile(StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return makeError("cannot read device profile '" + path +
                     "': " + buffer.getError().message());
  return parseDeviceProfile((*buffer)->getBuffer(), path);
}

llvm::Expected<DeviceProfile>
mlir::fuse::getDeviceProfile(StringRef nameOrPath) {
  if (nameOrPath == "h200")
    return getH200Profile();
  if (nameOrPath == "l4")
    return getL4Profile();
  if (nameOrPath.empty())
    return makeError("no device given (h200, l4 or a JSON profile)");
  return loadDeviceProfile(nameOrPath);
}

//===----------------------------------------------------------------------===//
// Size bindings
//===----------------------------------------------------------------------===//

/// Parses "arg3.dim0" into (3, 0).
static std::optional<std::pair<unsigned, unsigned>> parseArgDim(StringRef key) {
  if (!key.consume_front("arg"))
    return std::nullopt;
  auto [argText, dimText] = key.split('.');
  unsigned arg, dim;
  if (argText.getAsInteger(10, arg) || !dimText.consume_front("dim") ||
      dimText.getAsInteger(10, dim))
    return std::nullopt;
  return std::make_pair(arg, dim);
}

static bool isIdentifier(StringRef name) {
  if (name.empty() || !(llvm::isAlpha(name.front()) || name.front() == '_'))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

llvm::Expected<SizeBindings> SizeBindings::parse(ArrayRef<std::string> items) {
  SizeBindings bindings;
  for (StringRef item : items) {
    SmallVector<StringRef> parts;
    item.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (StringRef part : parts) {
      part = part.trim();
      auto [key, valueText] = part.split('=');
      key = key.trim();
      valueText = valueText.trim();
      int64_t value;
      if (!part.contains('=') || valueText.getAsInteger(10, value) || value < 0)
        return makeError("sizes: '" + part +
                         "' is not NAME=SIZE or argI.dimJ=SIZE with a "
                         "size >= 0");
      if (std::optional<std::pair<unsigned, unsigned>> argDim =
              parseArgDim(key)) {
        std::optional<int64_t> old =
            bindings.lookupDim(argDim->first, argDim->second);
        if (old && *old != value)
          return makeError("sizes: " + key + " is bound twice (" + Twine(*old) +
                           " and " + Twine(value) + ")");
        bindings.bindDim(argDim->first, argDim->second, value);
        continue;
      }
      if (!isIdentifier(key) || key.starts_with("arg"))
        return makeError("sizes: '" + key +
                         "' is neither a name nor argI.dimJ");
      if (bindings.all && (bindings.allName != key || *bindings.all != value))
        return makeError("sizes: '" + bindings.allName + "' and '" + key +
                         "' both bind every dynamic dimension; name the "
                         "dimensions with argI.dimJ=SIZE instead");
      bindings.bindAll(key, value);
    }
  }
  return bindings;
}

std::optional<int64_t> SizeBindings::lookupDim(unsigned arg,
                                               unsigned dim) const {
  auto it = dims.find({arg, dim});
  if (it == dims.end())
    return std::nullopt;
  return it->second;
}

std::optional<std::pair<std::string, int64_t>> SizeBindings::getAll() const {
  if (!all)
    return std::nullopt;
  return std::make_pair(allName, *all);
}

std::string SizeBindings::str() const {
  SmallVector<std::string> items;
  if (all)
    items.push_back(allName + "=" + std::to_string(*all));
  for (const auto &[key, value] : dims)
    items.push_back(
        llvm::formatv("arg{0}.dim{1}={2}", key.first, key.second, value).str());
  return llvm::join(items, ",");
}

//===----------------------------------------------------------------------===//
// Sizes of values
//===----------------------------------------------------------------------===//

namespace {

/// Concrete sizes of the values of one function, from its arguments'
/// bound dynamic dimensions.
class SizeResolver {
public:
  explicit SizeResolver(func::FuncOp func) : func(func) {}

  /// Checks `bindings` against the function and binds every dynamic
  /// dimension of its arguments.
  LogicalResult bind(const SizeBindings &bindings);

  FailureOr<int64_t> getDim(Value value, int64_t dim, Operation *user);
  FailureOr<int64_t> getNumElements(Value value, Operation *user);
  FailureOr<int64_t> getBytes(Value value, Operation *user);
  /// "4096x512xf32".
  FailureOr<std::string> describe(Value value, Operation *user);

private:
  /// The (argument, dimension) that gives `value` its size along `dim`.
  std::optional<std::pair<unsigned, unsigned>> getArgDim(Value value,
                                                         int64_t dim);

  func::FuncOp func;
  std::map<std::pair<unsigned, unsigned>, int64_t> argDims;
};

} // namespace

std::optional<std::pair<unsigned, unsigned>>
SizeResolver::getArgDim(Value value, int64_t dim) {
  FailureOr<DimSource> source = traceDim(value, dim);
  if (succeeded(source)) {
    auto arg = dyn_cast<BlockArgument>(source->root);
    if (!arg || arg.getOwner() != &func.getBody().front())
      return std::nullopt;
    return std::make_pair(arg.getArgNumber(),
                          static_cast<unsigned>(source->dim));
  }
  // traceDim does not follow fuse.matmul, which canonicalization removes
  // before anything else needs sizes; the eager plan sees the program as
  // written, so take one step here and let traceDim do the rest.
  Operation *op = value.getDefiningOp();
  if (!op)
    return std::nullopt;
  if (auto matmul = dyn_cast<MatmulOp>(op))
    return dim == 0 ? getArgDim(matmul.getLhs(), 0)
                    : getArgDim(matmul.getRhs(), 1);
  auto type = cast<RankedTensorType>(value.getType());
  if (isElementwise(op) || isa<BroadcastToOp>(op)) {
    for (Value operand : op->getOperands()) {
      auto operandType = dyn_cast<RankedTensorType>(operand.getType());
      if (!operandType)
        continue;
      int64_t operandDim = dim - (type.getRank() - operandType.getRank());
      if (operandDim >= 0 && operandType.isDynamicDim(operandDim))
        if (auto found = getArgDim(operand, operandDim))
          return found;
    }
    return std::nullopt;
  }
  if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    int64_t inserted = expand.getDim();
    if (dim == inserted)
      return std::nullopt;
    return getArgDim(expand.getInput(), dim < inserted ? dim : dim - 1);
  }
  if (auto transpose = dyn_cast<TransposeOp>(op)) {
    int64_t rank = type.getRank();
    return getArgDim(transpose.getInput(), dim == rank - 1   ? rank - 2
                                           : dim == rank - 2 ? rank - 1
                                                             : dim);
  }
  if (auto take = dyn_cast<TakeOp>(op)) {
    int64_t taken = take.getDim();
    return getArgDim(take.getInput(), dim < taken ? dim : dim + 1);
  }
  if (isValueReduction(op) || isIndexReduction(op)) {
    int64_t reduced = getReductionDim(op);
    if (!getReductionKeepDim(op) && dim >= reduced)
      ++dim;
    return getArgDim(op->getOperand(0), dim);
  }
  return std::nullopt;
}

LogicalResult SizeResolver::bind(const SizeBindings &bindings) {
  Block &entry = func.getBody().front();
  auto describeDims = [](ArrayRef<std::pair<unsigned, unsigned>> dims) {
    SmallVector<std::string> names;
    for (auto [arg, dim] : dims)
      names.push_back(llvm::formatv("arg{0}.dim{1}", arg, dim).str());
    return llvm::join(names, ", ");
  };

  for (const auto &[key, value] : bindings.getDims()) {
    auto [arg, dim] = key;
    if (arg >= entry.getNumArguments())
      return mlir::emitError(func.getLoc())
             << "byte ledger: sizes bind arg" << arg << ".dim" << dim
             << " but @" << func.getSymName() << " has "
             << countOf(entry.getNumArguments(), "argument", "arguments");
    auto type = dyn_cast<RankedTensorType>(entry.getArgument(arg).getType());
    if (!type || dim >= type.getRank())
      return mlir::emitError(func.getLoc())
             << "byte ledger: sizes bind arg" << arg << ".dim" << dim
             << " but argument " << arg << " has type "
             << entry.getArgument(arg).getType();
    if (!type.isDynamicDim(dim) && type.getDimSize(dim) != value)
      return mlir::emitError(func.getLoc())
             << "byte ledger: sizes bind arg" << arg << ".dim" << dim << "="
             << value << " but that dimension is static ("
             << type.getDimSize(dim) << ")";
    argDims[key] = value;
  }

  SmallVector<std::pair<unsigned, unsigned>> unbound;
  for (BlockArgument arg : entry.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type)
      continue;
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      std::pair<unsigned, unsigned> key(arg.getArgNumber(), dim);
      if (type.isDynamicDim(dim) && !argDims.count(key))
        unbound.push_back(key);
    }
  }
  if (unbound.empty())
    return success();

  std::optional<std::pair<std::string, int64_t>> all = bindings.getAll();
  if (!all)
    return mlir::emitError(func.getLoc())
           << "byte ledger: @" << func.getSymName() << " has dynamic sizes ("
           << describeDims(unbound)
           << ") and no size for them; bind them with sizes=n=<size> or "
              "sizes=argI.dimJ=<size>";

  // A name binds the unbound dimensions only when they are one size: they
  // meet, directly or through other dimensions, in a broadcast.
  llvm::EquivalenceClasses<std::pair<unsigned, unsigned>> classes;
  for (auto key : unbound)
    classes.insert(key);
  auto unite = [&](Value a, int64_t da, Value b, int64_t db) {
    std::optional<std::pair<unsigned, unsigned>> ka = getArgDim(a, da);
    std::optional<std::pair<unsigned, unsigned>> kb = getArgDim(b, db);
    if (ka && kb)
      classes.unionSets(*ka, *kb);
  };
  auto uniteAligned = [&](Value result, ValueRange sources) {
    auto resultType = dyn_cast<RankedTensorType>(result.getType());
    if (!resultType)
      return;
    for (int64_t dim = 0; dim < resultType.getRank(); ++dim) {
      if (!resultType.isDynamicDim(dim))
        continue;
      for (Value source : sources) {
        auto sourceType = dyn_cast<RankedTensorType>(source.getType());
        if (!sourceType)
          continue;
        int64_t sourceDim = dim - (resultType.getRank() - sourceType.getRank());
        if (sourceDim >= 0 && sourceType.isDynamicDim(sourceDim))
          unite(result, dim, source, sourceDim);
      }
    }
  };
  func.walk([&](Operation *op) {
    if (isElementwise(op)) {
      uniteAligned(op->getResult(0), op->getOperands());
    } else if (auto bcast = dyn_cast<BroadcastToOp>(op)) {
      uniteAligned(bcast.getResult(), bcast.getInput());
    } else if (auto loop = dyn_cast<RunningMinOp>(op)) {
      SmallVector<Value> sources = {loop.getCandidate()};
      if (loop.getInitValue())
        sources.push_back(loop.getInitValue());
      uniteAligned(loop.getValue(), sources);
      SmallVector<Value> indexSources = {loop.getCandidate()};
      if (loop.getInitIndex())
        indexSources.push_back(loop.getInitIndex());
      uniteAligned(loop.getIndex(), indexSources);
      uniteAligned(loop.getIndex(), loop.getValue());
    } else if (auto matmul = dyn_cast<MatmulOp>(op)) {
      auto lhs = cast<RankedTensorType>(matmul.getLhs().getType());
      auto rhs = cast<RankedTensorType>(matmul.getRhs().getType());
      if (lhs.getRank() == 2 && rhs.getRank() == 2 && lhs.isDynamicDim(1) &&
          rhs.isDynamicDim(0))
        unite(matmul.getLhs(), 1, matmul.getRhs(), 0);
    }
  });
  SmallVector<std::pair<unsigned, unsigned>> leaders;
  for (auto key : unbound) {
    auto leader = classes.getLeaderValue(key);
    if (!llvm::is_contained(leaders, leader))
      leaders.push_back(leader);
  }
  if (leaders.size() > 1)
    return mlir::emitError(func.getLoc())
           << "byte ledger: '" << all->first << "' would bind "
           << leaders.size() << " independent dynamic sizes of @"
           << func.getSymName() << " (" << describeDims(unbound)
           << " do not all meet in a broadcast); bind them with "
              "argI.dimJ=<size>";
  for (auto key : unbound)
    argDims[key] = all->second;
  return success();
}

FailureOr<int64_t> SizeResolver::getDim(Value value, int64_t dim,
                                        Operation *user) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.isDynamicDim(dim))
    return type.getDimSize(dim);
  std::optional<std::pair<unsigned, unsigned>> key = getArgDim(value, dim);
  if (!key || !argDims.count(*key))
    return user->emitError()
           << "byte ledger: cannot relate dynamic "
              "dimension "
           << dim << " of " << type << " to a dimension of a function argument";
  return argDims[*key];
}

FailureOr<int64_t> SizeResolver::getNumElements(Value value, Operation *user) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return user->emitError()
           << "byte ledger: expected a ranked tensor, not " << value.getType();
  int64_t count = 1;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    FailureOr<int64_t> size = getDim(value, dim, user);
    if (failed(size))
      return failure();
    std::optional<int64_t> product = llvm::checkedMul(count, *size);
    if (!product)
      return user->emitError() << "byte ledger: the element count of " << type
                               << " overflows int64 at these sizes";
    count = *product;
  }
  return count;
}

FailureOr<int64_t> SizeResolver::getBytes(Value value, Operation *user) {
  FailureOr<int64_t> count = getNumElements(value, user);
  if (failed(count))
    return failure();
  Type element = getElementTypeOrSelf(value.getType());
  std::optional<int64_t> width = getElementBytes(element);
  if (!width)
    return user->emitError()
           << "byte ledger: unsupported element type " << element;
  std::optional<int64_t> bytes = llvm::checkedMul(*count, *width);
  if (!bytes)
    return user->emitError()
           << "byte ledger: the byte count of " << value.getType()
           << " overflows int64 at these sizes";
  return *bytes;
}

FailureOr<std::string> SizeResolver::describe(Value value, Operation *user) {
  auto type = cast<RankedTensorType>(value.getType());
  std::string text;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    FailureOr<int64_t> size = getDim(value, dim, user);
    if (failed(size))
      return failure();
    text += std::to_string(*size) + "x";
  }
  return text + getDTypeName(type.getElementType());
}

//===----------------------------------------------------------------------===//
// What one element costs
//===----------------------------------------------------------------------===//

namespace {
/// Work per element of an op, in the ledger's units.
struct ElementCost {
  std::string dtype;
  int64_t flops = 0;
  int64_t transcendentals = 0;
};
} // namespace

/// One element of an elementwise op: one op of its operands' type
/// (`square` is one multiply, `cmp` one compare, `where` one select), or
/// one transcendental for exp and sqrt.
static ElementCost getElementwiseCost(Operation *op) {
  Value typed = isa<WhereOp>(op) ? op->getOperand(1) : op->getOperand(0);
  ElementCost cost{getDTypeName(getElementTypeOrSelf(typed.getType()))};
  if (isa<ExpOp, SqrtOp>(op))
    cost.transcendentals = 1;
  else if (isa<CastOp>(op))
    cost.flops = getElementTypeOrSelf(op->getOperand(0).getType()) ==
                         getElementTypeOrSelf(op->getResult(0).getType())
                     ? 0
                     : 1;
  else
    cost.flops = 1;
  return cost;
}

/// One candidate of a running minimum, or one element of an eager argmin:
/// compare and select the value, select the index (i64). NaN propagation
/// adds two compares (is the candidate NaN, is the best a number) and an
/// and/or on i1, as KernelEmitter emits them; an offset adds an i64 add.
static SmallVector<std::pair<std::string, int64_t>>
getRunningStepCost(Type valueElement, bool nanPropagate, bool hasOffset) {
  std::string dtype = getDTypeName(valueElement);
  bool fp = isa<FloatType>(valueElement);
  int64_t valueOps = 2, logicOps = 0, indexOps = 1;
  if (fp && nanPropagate) {
    valueOps += 2;
    logicOps += 2;
  }
  if (hasOffset)
    ++indexOps;
  SmallVector<std::pair<std::string, int64_t>> cost = {{dtype, valueOps},
                                                       {"i64", indexOps}};
  if (logicOps)
    cost.push_back({"i1", logicOps});
  return cost;
}

//===----------------------------------------------------------------------===//
// Fused kernels: the loop nest's counts
//===----------------------------------------------------------------------===//

namespace {

/// Counts what the loop nest of a fuse.kernel executes, by replaying the
/// decisions of KernelEmitter (fusec/Conversion/KernelEmitter.h) on frames
/// that carry trip counts instead of IR: an element is computed in the
/// innermost loop whose index it uses, once per iteration of that loop and
/// of every loop around it. So a value that does not depend on an outer
/// loop is recomputed for each of its iterations, which is the
/// recomputation the ledger must report (the Gram form's centroid norms,
/// recomputed for every row by the CPU nest, for every row tile by a GPU
/// schedule).
///
/// The replay must follow KernelEmitter; a change of its placement rules
/// shows up in the byte-ledger tests' FLOP counts.
class LoopNestCounter {
public:
  /// With `perElement`, the output loops are one flat loop whose index
  /// every output dimension is computed from: nothing hoists out of it, as
  /// in the GPU's one-thread-per-output-element schedule.
  /// With `persistentBlocks`, a kernel whose products run on tensor cores
  /// recomputes row-independent values in at most that many row tiles.
  LoopNestCounter(KernelOp kernel, SizeResolver &sizes, int64_t rowTile,
                  KernelCost &cost, bool perElement = false,
                  StringRef precision = "ieee", int64_t persistentBlocks = 0)
      : kernel(kernel), sizes(sizes), rowTile(rowTile), cost(cost),
        perElement(perElement) {
    frames.emplace_back();
    frames.front().id = 0;
    findTensorCoreOps(precision);
    if (!tensorCoreOps.empty())
      rowTileCap = persistentBlocks;
  }

  LogicalResult run();

private:
  struct Frame {
    const Frame *parent = nullptr;
    unsigned id = 0;
    unsigned depth = 0;
    /// Body iterations over the whole kernel: the product of the extents of
    /// this loop and of the loops around it.
    std::optional<int64_t> count = 1;
    /// The same with the row loop's extent divided, rounded up, by the row
    /// tile.
    std::optional<int64_t> tiledCount = 1;
  };
  enum class IndexKind { Constant, Loop, Computed };
  /// An index of an element: a constant, a loop's induction variable, or
  /// something computed from them.
  struct Index {
    const Frame *frame;
    IndexKind kind;
    int64_t value;
    /// Depends on the row loop.
    bool row;
  };
  /// Where an element is computed, and whether it depends on the row loop.
  struct Scalar {
    const Frame *frame;
    bool row;
  };
  using MemoKey =
      std::pair<const void *, std::vector<std::tuple<unsigned, int, int64_t>>>;
  struct MemoEntry {
    Scalar result;
  };

  const Frame *getRoot() const { return &frames.front(); }
  const Frame *openLoop(const Frame *parent, int64_t extent, bool isRow);
  bool isAncestorOrSelf(const Frame *ancestor, const Frame *frame) const;
  const Frame *targetFrame(ArrayRef<const Frame *> placement,
                           const Frame *ctx) const;
  static SmallVector<const Frame *> framesOf(ArrayRef<Index> indices);
  static bool anyRow(ArrayRef<Index> indices);
  SmallVector<Index> broadcastIndices(Value operand, ArrayRef<Index> indices,
                                      int64_t resultRank) const;
  Index ivOf(const Frame *loop, bool row) const {
    return Index{loop, IndexKind::Loop, static_cast<int64_t>(loop->id), row};
  }

  MemoKey makeKey(Value value, ArrayRef<Index> indices) const;
  std::optional<Scalar> lookupMemo(Value value, ArrayRef<Index> indices,
                                   const Frame *ctx) const;
  Scalar remember(Value value, ArrayRef<Index> indices, Scalar result);

  SmallVector<Value> implicitIndices(Value value);
  SmallVector<const Frame *> boundImplicitFrames(Value value);

  LogicalResult charge(Operation *op, const Frame *at, bool row,
                       StringRef dtype, int64_t flops,
                       int64_t transcendentals = 0);

  FailureOr<Index> emitIndex(Value index, const Frame *ctx);
  FailureOr<Scalar> emit(Value value, ArrayRef<Index> indices,
                         const Frame *ctx);
  FailureOr<Scalar> emitReduction(Operation *op, ArrayRef<Index> indices,
                                  const Frame *ctx);
  FailureOr<Scalar> emitRunningMin(RunningMinOp op, ArrayRef<Index> indices,
                                   const Frame *ctx);

  /// The product and the sum of a Gram-form pairwise term that the GPU
  /// schedule computes with MMAs: the dtype their FLOPs count under and the
  /// passes per product (computePlan's precision).
  DenseMap<Operation *, std::pair<std::string, int64_t>> tensorCoreOps;
  /// Widening casts between a leaf and such a product: the MMA takes the
  /// narrow operand itself, so they cost nothing per product. (Their other
  /// uses, the norms' conversions, are once per element and row tile, and
  /// are not counted either.)
  llvm::SmallPtrSet<Operation *, 4> absorbedCasts;
  void findTensorCoreOps(StringRef precision);

  KernelOp kernel;
  SizeResolver &sizes;
  int64_t rowTile;
  /// The most row tiles that recompute row-independent values (0: all).
  int64_t rowTileCap = 0;
  KernelCost &cost;
  bool perElement;
  std::deque<Frame> frames;
  DenseMap<Value, Index> indexBindings;
  std::map<MemoKey, SmallVector<MemoEntry, 2>> memo;
  DenseMap<Value, SmallVector<Value>> implicitMemo;
  int64_t nextComputedIndex = 0;
};

} // namespace

const LoopNestCounter::Frame *
LoopNestCounter::openLoop(const Frame *parent, int64_t extent, bool isRow) {
  frames.emplace_back();
  Frame &frame = frames.back();
  frame.parent = parent;
  frame.id = frames.size() - 1;
  frame.depth = parent->depth + 1;
  int64_t tiledExtent =
      isRow ? (extent == 0 ? 0 : (extent - 1) / rowTile + 1) : extent;
  if (isRow && rowTileCap > 0)
    tiledExtent = std::min(tiledExtent, rowTileCap);
  frame.count =
      parent->count ? llvm::checkedMul(*parent->count, extent) : std::nullopt;
  frame.tiledCount = parent->tiledCount
                         ? llvm::checkedMul(*parent->tiledCount, tiledExtent)
                         : std::nullopt;
  return &frame;
}

bool LoopNestCounter::isAncestorOrSelf(const Frame *ancestor,
                                       const Frame *frame) const {
  for (const Frame *f = frame; f; f = f->parent)
    if (f == ancestor)
      return true;
  return false;
}

const LoopNestCounter::Frame *
LoopNestCounter::targetFrame(ArrayRef<const Frame *> placement,
                             const Frame *ctx) const {
  const Frame *target = getRoot();
  for (const Frame *frame : placement)
    if (frame && frame->depth > target->depth)
      target = frame;
  // As in KernelEmitter: anything not on ctx's chain would break dominance
  // there, so the element goes into the context.
  if (!isAncestorOrSelf(target, ctx))
    return ctx;
  return target;
}

SmallVector<const LoopNestCounter::Frame *>
LoopNestCounter::framesOf(ArrayRef<Index> indices) {
  SmallVector<const Frame *> result;
  for (const Index &index : indices)
    result.push_back(index.frame);
  return result;
}

bool LoopNestCounter::anyRow(ArrayRef<Index> indices) {
  return llvm::any_of(indices, [](const Index &index) { return index.row; });
}

SmallVector<LoopNestCounter::Index>
LoopNestCounter::broadcastIndices(Value operand, ArrayRef<Index> indices,
                                  int64_t resultRank) const {
  auto type = cast<RankedTensorType>(operand.getType());
  int64_t offset = resultRank - type.getRank();
  SmallVector<Index> result;
  for (int64_t i = 0; i < type.getRank(); ++i)
    result.push_back(type.getDimSize(i) == 1
                         ? Index{getRoot(), IndexKind::Constant, 0, false}
                         : indices[i + offset]);
  return result;
}

LoopNestCounter::MemoKey
LoopNestCounter::makeKey(Value value, ArrayRef<Index> indices) const {
  MemoKey key;
  key.first = value.getAsOpaquePointer();
  for (const Index &index : indices)
    key.second.emplace_back(index.frame->id, static_cast<int>(index.kind),
                            index.value);
  return key;
}

std::optional<LoopNestCounter::Scalar>
LoopNestCounter::lookupMemo(Value value, ArrayRef<Index> indices,
                            const Frame *ctx) const {
  auto it = memo.find(makeKey(value, indices));
  if (it == memo.end())
    return std::nullopt;
  for (const MemoEntry &entry : it->second)
    if (isAncestorOrSelf(entry.result.frame, ctx))
      return entry.result;
  return std::nullopt;
}

LoopNestCounter::Scalar
LoopNestCounter::remember(Value value, ArrayRef<Index> indices, Scalar result) {
  memo[makeKey(value, indices)].push_back(MemoEntry{result});
  return result;
}

SmallVector<Value> LoopNestCounter::implicitIndices(Value value) {
  auto it = implicitMemo.find(value);
  if (it != implicitMemo.end())
    return it->second;
  llvm::SetVector<Value> deps;
  if (isa<IndexType>(value.getType())) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (isa<RunningMinOp>(arg.getOwner()->getParentOp()))
        deps.insert(value);
    } else if (Operation *op = value.getDefiningOp()) {
      for (Value operand : op->getOperands())
        deps.insert_range(implicitIndices(operand));
    }
  } else if (Operation *op = value.getDefiningOp()) {
    for (Value operand : op->getOperands())
      deps.insert_range(implicitIndices(operand));
    if (auto loop = dyn_cast<RunningMinOp>(op)) {
      for (Value dep : implicitIndices(loop.getCandidate()))
        if (dep != loop.getIteration())
          deps.insert(dep);
    }
  }
  SmallVector<Value> result(deps.begin(), deps.end());
  implicitMemo[value] = result;
  return result;
}

SmallVector<const LoopNestCounter::Frame *>
LoopNestCounter::boundImplicitFrames(Value value) {
  SmallVector<const Frame *> bound;
  for (Value dep : implicitIndices(value)) {
    auto it = indexBindings.find(dep);
    if (it != indexBindings.end())
      bound.push_back(it->second.frame);
  }
  return bound;
}

std::pair<BlockArgument, bool>
mlir::fuse::traceGramFactor(Value value, SmallVectorImpl<Operation *> *casts) {
  bool taken = false;
  while (Operation *op = value.getDefiningOp()) {
    if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
      value = expand.getInput();
    } else if (auto bcast = dyn_cast<BroadcastToOp>(op)) {
      value = bcast.getInput();
    } else if (auto take = dyn_cast<TakeOp>(op)) {
      taken = true;
      value = take.getInput();
    } else if (auto transpose = dyn_cast<TransposeOp>(op)) {
      value = transpose.getInput();
    } else if (auto cast = dyn_cast<CastOp>(op)) {
      Type from = getElementTypeOrSelf(cast.getInput().getType());
      if (!getElementTypeOrSelf(cast.getType()).isF32() ||
          !(from.isF16() || from.isBF16() || from.isF32()))
        return {};
      if (casts)
        casts->push_back(op);
      value = cast.getInput();
    } else {
      return {};
    }
  }
  return {dyn_cast<BlockArgument>(value), taken};
}

bool mlir::fuse::isKnownPrecision(StringRef precision) {
  return precision == "ieee" || precision == "tf32" || precision == "3xtf32" ||
         precision == "3xtf32-recheck" || precision == "3xtf32-certified";
}

StringRef mlir::fuse::productPrecision(StringRef precision) {
  return precision == "3xtf32-recheck" || precision == "3xtf32-certified"
             ? StringRef("3xtf32")
             : precision;
}

/// Where the Gram form's products of leaves `a` and `b` run, and how many
/// MMAs each takes, under `precision`; "" when on the FMA units.
static std::pair<std::string, int64_t>
tensorCoreBucket(BlockArgument a, BlockArgument b, StringRef precision) {
  Type element = getElementTypeOrSelf(a.getType());
  if (element != getElementTypeOrSelf(b.getType()))
    return {};
  if (element.isF16())
    return {"f16", 1};
  if (element.isBF16())
    return {"bf16", 1};
  if (element.isF32() && productPrecision(precision) == "tf32")
    return {"tf32", 1};
  if (element.isF32() && productPrecision(precision) == "3xtf32")
    return {"tf32", 3};
  return {};
}

void LoopNestCounter::findTensorCoreOps(StringRef precision) {
  // The dtype and passes for products of `lhs` and `rhs`, when one factor
  // is a row operand and the other a candidate operand (a take marks the
  // candidate inside a running minimum; before fuse-argmin-to-running-min,
  // which fuse-choose-form costs, the pairs are a rank-3 broadcast or a
  // matmul).
  // A product on tensor cores also absorbs the widening casts on its
  // factors' way to their leaves.
  auto bucketOf =
      [&](Value lhs, Value rhs,
          bool needTake) -> std::optional<std::pair<std::string, int64_t>> {
    SmallVector<Operation *> casts;
    auto [lhsLeaf, lhsTaken] = traceGramFactor(lhs, &casts);
    auto [rhsLeaf, rhsTaken] = traceGramFactor(rhs, &casts);
    if (!lhsLeaf || !rhsLeaf || lhsLeaf == rhsLeaf ||
        (needTake && lhsTaken == rhsTaken))
      return std::nullopt;
    std::pair<std::string, int64_t> bucket =
        tensorCoreBucket(lhsLeaf, rhsLeaf, precision);
    if (bucket.first.empty())
      return std::nullopt;
    absorbedCasts.insert(casts.begin(), casts.end());
    return bucket;
  };
  kernel.walk([&](SumOp sum) {
    auto mul = sum.getInput().getDefiningOp<MulOp>();
    if (!mul)
      return;
    bool inRunningMin = sum->getParentOfType<RunningMinOp>() != nullptr;
    if (!inRunningMin && mul.getType().getRank() != 3)
      return;
    if (auto bucket = bucketOf(mul.getLhs(), mul.getRhs(), inRunningMin)) {
      tensorCoreOps[mul] = *bucket;
      tensorCoreOps[sum] = *bucket;
    }
  });
  kernel.walk([&](MatmulOp matmul) {
    if (auto bucket = bucketOf(matmul.getLhs(), matmul.getRhs(), false))
      tensorCoreOps[matmul] = *bucket;
  });
}

LogicalResult LoopNestCounter::charge(Operation *op, const Frame *at, bool row,
                                      StringRef dtype, int64_t flops,
                                      int64_t transcendentals) {
  if (absorbedCasts.contains(op))
    return success();
  std::string tensorDType;
  auto tensorOp = tensorCoreOps.find(op);
  if (tensorOp != tensorCoreOps.end() && flops) {
    // One FMA of the MMA per product and pass: its multiply here, its add
    // under the sum.
    tensorDType = tensorOp->second.first;
    dtype = tensorDType;
    cost.tensorCores = true;
    cost.tensorPasses = std::max(cost.tensorPasses, tensorOp->second.second);
  }
  std::optional<int64_t> count = at->count;
  std::optional<int64_t> tiled = row ? at->count : at->tiledCount;
  auto overflow = [&]() {
    return op->emitError() << "byte ledger: the loop nest's operation count "
                              "overflows int64 at these sizes";
  };
  if (!count || !tiled)
    return overflow();
  std::optional<int64_t> nestFlops = llvm::checkedMul(*count, flops);
  std::optional<int64_t> tiledFlops = llvm::checkedMul(*tiled, flops);
  std::optional<int64_t> nestTrans = llvm::checkedMul(*count, transcendentals);
  std::optional<int64_t> tiledTrans = llvm::checkedMul(*tiled, transcendentals);
  if (!nestFlops || !tiledFlops || !nestTrans || !tiledTrans)
    return overflow();
  if (flops) {
    if (!addChecked(cost.flops[dtype.str()], *nestFlops) ||
        !addChecked(cost.tiledFlops[dtype.str()], *tiledFlops))
      return overflow();
  }
  if (!addChecked(cost.transcendentals, *nestTrans) ||
      !addChecked(cost.tiledTranscendentals, *tiledTrans))
    return overflow();
  return success();
}

FailureOr<LoopNestCounter::Index> LoopNestCounter::emitIndex(Value index,
                                                             const Frame *ctx) {
  auto bound = indexBindings.find(index);
  if (bound != indexBindings.end())
    return bound->second;
  APInt constant;
  if (matchPattern(index, m_ConstantInt(&constant)))
    return Index{getRoot(), IndexKind::Constant, constant.getSExtValue(),
                 false};
  Operation *op = index.getDefiningOp();
  if (auto dim = dyn_cast_or_null<tensor::DimOp>(op)) {
    if (std::optional<int64_t> which = getConstantDimIndex(dim)) {
      FailureOr<int64_t> size = sizes.getDim(dim.getSource(), *which, op);
      if (failed(size))
        return failure();
      return Index{getRoot(), IndexKind::Constant, *size, false};
    }
  }
  if (op && isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op)) {
    SmallVector<Index> operands;
    for (Value operand : op->getOperands()) {
      FailureOr<Index> emitted = emitIndex(operand, ctx);
      if (failed(emitted))
        return failure();
      operands.push_back(*emitted);
    }
    if (llvm::all_of(operands, [](const Index &i) {
          return i.kind == IndexKind::Constant;
        })) {
      int64_t a = operands[0].value, b = operands[1].value;
      std::optional<int64_t> folded =
          isa<arith::AddIOp>(op)   ? llvm::checkedAdd(a, b)
          : isa<arith::SubIOp>(op) ? llvm::checkedSub(a, b)
                                   : llvm::checkedMul(a, b);
      if (!folded)
        return op->emitError() << "byte ledger: index arithmetic overflows";
      return Index{getRoot(), IndexKind::Constant, *folded, false};
    }
    return Index{targetFrame(framesOf(operands), ctx), IndexKind::Computed,
                 nextComputedIndex++, anyRow(operands)};
  }
  if (op)
    return op->emitError() << "byte ledger: cannot follow an index computed "
                              "by "
                           << op->getName();
  return kernel.emitError() << "byte ledger: cannot follow an index argument";
}

FailureOr<LoopNestCounter::Scalar>
LoopNestCounter::emit(Value value, ArrayRef<Index> indices, const Frame *ctx) {
  if (std::optional<Scalar> cached = lookupMemo(value, indices, ctx))
    return *cached;
  auto type = cast<RankedTensorType>(value.getType());
  if (static_cast<int64_t>(indices.size()) != type.getRank())
    return kernel.emitError() << "byte ledger: internal error: rank mismatch";

  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() != &kernel.getBodyBlock())
      return kernel.emitError() << "byte ledger: unexpected block argument";
    // A load: memory traffic is counted per kernel input, not per load.
    return remember(
        value, indices,
        Scalar{targetFrame(framesOf(indices), ctx), anyRow(indices)});
  }

  Operation *op = value.getDefiningOp();
  DenseElementsAttr dense;
  if (matchPattern(value, m_Constant(&dense))) {
    if (!dense.isSplat())
      return op->emitError() << "byte ledger: non-splat constants inside a "
                                "kernel are not supported";
    return remember(value, indices, Scalar{getRoot(), false});
  }

  if (isElementwise(op)) {
    SmallVector<const Frame *> placement;
    bool row = false;
    for (Value operand : op->getOperands()) {
      FailureOr<Scalar> emitted = emit(
          operand, broadcastIndices(operand, indices, type.getRank()), ctx);
      if (failed(emitted))
        return failure();
      placement.push_back(emitted->frame);
      row |= emitted->row;
    }
    const Frame *at = targetFrame(placement, ctx);
    ElementCost work = getElementwiseCost(op);
    if (failed(
            charge(op, at, row, work.dtype, work.flops, work.transcendentals)))
      return failure();
    return remember(value, indices, Scalar{at, row});
  }

  if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    SmallVector<Index> inner(indices.begin(), indices.end());
    inner.erase(inner.begin() + expand.getDim());
    FailureOr<Scalar> result = emit(expand.getInput(), inner, ctx);
    if (failed(result))
      return failure();
    return remember(value, indices, *result);
  }
  if (auto bcast = dyn_cast<BroadcastToOp>(op)) {
    FailureOr<Scalar> result =
        emit(bcast.getInput(),
             broadcastIndices(bcast.getInput(), indices, type.getRank()), ctx);
    if (failed(result))
      return failure();
    return remember(value, indices, *result);
  }
  if (auto transpose = dyn_cast<TransposeOp>(op)) {
    SmallVector<Index> inner(indices.begin(), indices.end());
    std::swap(inner[inner.size() - 1], inner[inner.size() - 2]);
    FailureOr<Scalar> result = emit(transpose.getInput(), inner, ctx);
    if (failed(result))
      return failure();
    return remember(value, indices, *result);
  }
  if (auto take = dyn_cast<TakeOp>(op)) {
    FailureOr<Index> index = emitIndex(take.getIndex(), ctx);
    if (failed(index))
      return failure();
    SmallVector<Index> inner(indices.begin(), indices.end());
    inner.insert(inner.begin() + take.getDim(), *index);
    FailureOr<Scalar> result = emit(take.getInput(), inner, ctx);
    if (failed(result))
      return failure();
    return remember(value, indices, *result);
  }
  if (isValueReduction(op) || isIndexReduction(op)) {
    FailureOr<Scalar> result = emitReduction(op, indices, ctx);
    if (failed(result))
      return failure();
    return remember(value, indices, *result);
  }
  if (auto loop = dyn_cast<RunningMinOp>(op))
    return emitRunningMin(loop, indices, ctx);
  return op->emitError() << "byte ledger: cannot count this op inside a "
                            "kernel";
}

FailureOr<LoopNestCounter::Scalar>
LoopNestCounter::emitReduction(Operation *op, ArrayRef<Index> indices,
                               const Frame *ctx) {
  Value input = op->getOperand(0);
  auto inputType = cast<RankedTensorType>(input.getType());
  Type element = inputType.getElementType();
  int64_t dim = getReductionDim(op);
  bool keepdim = getReductionKeepDim(op);
  bool fp = isa<FloatType>(element);
  FailureOr<int64_t> extent = sizes.getDim(input, dim, op);
  if (failed(extent))
    return failure();

  // The loop sits inside every running-min loop its body reads the
  // iteration of, not only inside the loops of `indices`.
  SmallVector<const Frame *> placement = framesOf(indices);
  placement.append(boundImplicitFrames(input));
  const Frame *parent = targetFrame(placement, ctx);
  const Frame *loop = openLoop(parent, *extent, /*isRow=*/false);
  SmallVector<Index> inner(indices.begin(), indices.end());
  if (keepdim)
    inner[dim] = ivOf(loop, false);
  else
    inner.insert(inner.begin() + dim, ivOf(loop, false));

  std::string dtype = getDTypeName(element);
  bool row = false;
  Operation *producer = input.getDefiningOp();
  if (fp && isa<SumOp>(op) && isa_and_nonnull<MulOp, SquareOp>(producer)) {
    // KernelEmitter accumulates a sum of products with one FMA: two FLOPs,
    // and the product is never computed on its own.
    for (Value operand : producer->getOperands()) {
      FailureOr<Scalar> factor = emit(
          operand, broadcastIndices(operand, inner, inputType.getRank()), loop);
      if (failed(factor))
        return failure();
      row |= factor->row;
    }
    if (failed(charge(op, loop, row, dtype, 2)))
      return failure();
    return Scalar{parent, row};
  }

  FailureOr<Scalar> term = emit(input, inner, loop);
  if (failed(term))
    return failure();
  row = term->row;
  if (isIndexReduction(op)) {
    // An index reduction fuse-argmin-to-running-min has not rewritten:
    // KernelEmitter refuses it, but its count is that of a running minimum.
    for (auto [stepType, ops] :
         getRunningStepCost(element, /*nanPropagate=*/true, false))
      if (failed(charge(op, loop, row, stepType, ops)))
        return failure();
    return Scalar{parent, row};
  }
  if (failed(charge(op, loop, row, dtype, 1)))
    return failure();
  return Scalar{parent, row};
}

FailureOr<LoopNestCounter::Scalar>
LoopNestCounter::emitRunningMin(RunningMinOp op, ArrayRef<Index> indices,
                                const Frame *ctx) {
  int64_t rank = op.getValue().getType().getRank();
  Type element = op.getValue().getType().getElementType();

  FailureOr<Index> trips = emitIndex(op.getTrips(), ctx);
  if (failed(trips))
    return failure();
  if (trips->kind != IndexKind::Constant)
    return op.emitError() << "byte ledger: the trip count must not depend "
                             "on a loop";
  SmallVector<const Frame *> placement = framesOf(indices);
  bool row = false;
  if (op.getInitValue()) {
    SmallVector<Value, 2> inits = {op.getInitValue(), op.getInitIndex()};
    for (Value init : inits) {
      FailureOr<Scalar> emitted =
          emit(init, broadcastIndices(init, indices, rank), ctx);
      if (failed(emitted))
        return failure();
      placement.push_back(emitted->frame);
      row |= emitted->row;
    }
  }
  placement.push_back(trips->frame);
  placement.append(boundImplicitFrames(op.getValue()));
  if (op.getOffset()) {
    FailureOr<Scalar> offset = emit(op.getOffset(), {}, ctx);
    if (failed(offset))
      return failure();
    placement.push_back(offset->frame);
    row |= offset->row;
  }
  const Frame *parent = targetFrame(placement, ctx);
  const Frame *loop = openLoop(parent, trips->value, /*isRow=*/false);
  indexBindings[op.getIteration()] = ivOf(loop, false);

  FailureOr<Scalar> candidate =
      emit(op.getCandidate(),
           broadcastIndices(op.getCandidate(), indices, rank), loop);
  if (failed(candidate))
    return failure();
  row |= candidate->row;
  for (auto [dtype, ops] :
       getRunningStepCost(element, op.getNan() == NanMode::propagate,
                          static_cast<bool>(op.getOffset())))
    if (failed(charge(op, loop, row, dtype, ops)))
      return failure();
  indexBindings.erase(op.getIteration());
  Scalar result{parent, row};
  remember(op.getValue(), indices, result);
  remember(op.getIndex(), indices, result);
  return result;
}

LogicalResult LoopNestCounter::run() {
  ValueRange yielded = kernel.getYield().getValues();
  // Outputs of one shape share one loop nest (and its common values), as in
  // KernelEmitter::emitOutputLoops.
  SmallVector<bool> done(yielded.size(), false);
  for (size_t first = 0; first < yielded.size(); ++first) {
    if (done[first])
      continue;
    auto shape = cast<RankedTensorType>(yielded[first].getType()).getShape();
    SmallVector<Value> values;
    for (size_t i = first; i < yielded.size(); ++i) {
      if (!done[i] &&
          cast<RankedTensorType>(yielded[i].getType()).getShape() == shape) {
        done[i] = true;
        values.push_back(yielded[i]);
      }
    }
    const Frame *frame = getRoot();
    SmallVector<Index> ivs;
    SmallVector<int64_t> extents;
    for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
      FailureOr<int64_t> extent = sizes.getDim(values.front(), d, kernel);
      if (failed(extent))
        return failure();
      extents.push_back(*extent);
    }
    if (perElement) {
      std::optional<int64_t> elements = 1;
      for (int64_t extent : extents)
        elements =
            elements ? llvm::checkedMul(*elements, extent) : std::nullopt;
      if (!elements)
        return kernel.emitError() << "byte ledger: the kernel's output "
                                     "element count overflows int64";
      if (!extents.empty())
        frame = openLoop(frame, *elements, /*isRow=*/false);
      for (size_t d = 0; d < extents.size(); ++d)
        ivs.push_back(Index{frame, IndexKind::Computed, nextComputedIndex++,
                            /*row=*/true});
    } else {
      for (auto [d, extent] : llvm::enumerate(extents)) {
        // The outermost output loop runs over rows: the loop a GPU schedule
        // tiles, so values that do not depend on it are recomputed per tile.
        frame = openLoop(frame, extent, /*isRow=*/d == 0);
        ivs.push_back(ivOf(frame, d == 0));
      }
    }
    for (Value value : values)
      if (failed(emit(value, ivs, frame)))
        return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Plans
//===----------------------------------------------------------------------===//

StringRef mlir::fuse::stringifyPlanKind(PlanKind kind) {
  return kind == PlanKind::Eager ? "eager" : "fused";
}

StringRef mlir::fuse::stringifyRegime(Regime regime) {
  switch (regime) {
  case Regime::Launch:
    return "launch";
  case Regime::Memory:
    return "memory";
  case Regime::Compute:
    return "compute";
  }
  llvm_unreachable("unknown regime");
}

int64_t KernelCost::getTotalFlops(bool tiled) const {
  int64_t sum = 0;
  for (const auto &entry : tiled ? tiledFlops : flops)
    sum += entry.second;
  return sum;
}

/// Bytes a kernel reads for `value`: views read their base (a broadcast
/// reads each element once, however often it is used), a take reads its
/// slice, a splat constant is an immediate.
static FailureOr<int64_t> getStorageBytes(Value value, SizeResolver &sizes,
                                          Operation *user) {
  while (Operation *def = value.getDefiningOp()) {
    if (isa<ExpandDimsOp, TransposeOp, BroadcastToOp>(def)) {
      value = def->getOperand(0);
      continue;
    }
    Attribute constant;
    if (matchPattern(value, m_Constant(&constant))) {
      auto dense = dyn_cast<DenseElementsAttr>(constant);
      if (dense && dense.isSplat())
        return 0;
    }
    break;
  }
  return sizes.getBytes(value, user);
}

/// Adds `from`'s counts to `into`; false on overflow.
static bool accumulate(KernelCost &into, const KernelCost &from) {
  bool ok = addChecked(into.bytesRead, from.bytesRead) &&
            addChecked(into.bytesWritten, from.bytesWritten) &&
            addChecked(into.transcendentals, from.transcendentals) &&
            addChecked(into.tiledTranscendentals, from.tiledTranscendentals) &&
            addChecked(into.launches, from.launches);
  for (const auto &[dtype, count] : from.flops)
    ok = ok && addChecked(into.flops[dtype], count);
  for (const auto &[dtype, count] : from.tiledFlops)
    ok = ok && addChecked(into.tiledFlops[dtype], count);
  return ok;
}

/// Checks that the derived sums (bytes, total FLOPs) of a kernel fit.
static bool sumsFit(const KernelCost &kernel) {
  int64_t sum = kernel.bytesRead;
  if (!addChecked(sum, kernel.bytesWritten))
    return false;
  for (bool tiled : {false, true}) {
    int64_t total = 0;
    for (const auto &entry : tiled ? kernel.tiledFlops : kernel.flops)
      if (entry.second < 0 || !addChecked(total, entry.second))
        return false;
  }
  return kernel.bytesRead >= 0 && kernel.bytesWritten >= 0;
}

/// Reads and writes of one kernel-like op: distinct operands once, results
/// once.
static LogicalResult countTraffic(Operation *op, ValueRange inputs,
                                  SizeResolver &sizes, KernelCost &cost) {
  llvm::SmallSetVector<Value, 4> distinct;
  for (Value input : inputs)
    if (isa<RankedTensorType>(input.getType()))
      distinct.insert(input);
  for (Value input : distinct) {
    FailureOr<int64_t> bytes = getStorageBytes(input, sizes, op);
    if (failed(bytes))
      return failure();
    if (!addChecked(cost.bytesRead, *bytes))
      return op->emitError() << "byte ledger: bytes read overflow int64";
  }
  SmallVector<std::string> outputs;
  for (Value result : op->getResults()) {
    FailureOr<int64_t> bytes = sizes.getBytes(result, op);
    FailureOr<std::string> text = sizes.describe(result, op);
    if (failed(bytes) || failed(text))
      return failure();
    if (!addChecked(cost.bytesWritten, *bytes))
      return op->emitError() << "byte ledger: bytes written overflow int64";
    outputs.push_back(*text);
  }
  cost.outputs = llvm::join(outputs, ", ");
  return success();
}

/// The eager kernel of one fuse op.
static FailureOr<KernelCost> getEagerOpCost(Operation *op,
                                            SizeResolver &sizes) {
  KernelCost cost;
  cost.name = op->getName().getStringRef().str();
  cost.op = op;
  cost.launches = 1;
  if (failed(countTraffic(op, op->getOperands(), sizes, cost)))
    return failure();
  auto overflow = [&]() {
    return op->emitError() << "byte ledger: the FLOP count overflows int64 "
                              "at these sizes";
  };
  auto add = [&](StringRef dtype, int64_t elements,
                 int64_t perElement) -> LogicalResult {
    std::optional<int64_t> flops = llvm::checkedMul(elements, perElement);
    if (!flops || !addChecked(cost.flops[dtype.str()], *flops))
      return overflow();
    return success();
  };

  if (isElementwise(op)) {
    FailureOr<int64_t> elements = sizes.getNumElements(op->getResult(0), op);
    if (failed(elements))
      return failure();
    ElementCost work = getElementwiseCost(op);
    if (work.flops && failed(add(work.dtype, *elements, work.flops)))
      return failure();
    std::optional<int64_t> trans =
        llvm::checkedMul(*elements, work.transcendentals);
    if (!trans)
      return overflow();
    cost.transcendentals = *trans;
  } else if (isValueReduction(op) || isIndexReduction(op)) {
    Value input = op->getOperand(0);
    FailureOr<int64_t> elements = sizes.getNumElements(input, op);
    if (failed(elements))
      return failure();
    Type element = getElementTypeOrSelf(input.getType());
    if (isValueReduction(op)) {
      if (failed(add(getDTypeName(element), *elements, 1)))
        return failure();
    } else {
      for (auto [dtype, ops] :
           getRunningStepCost(element, /*nanPropagate=*/true, false))
        if (failed(add(dtype, *elements, ops)))
          return failure();
    }
  } else if (auto matmul = dyn_cast<MatmulOp>(op)) {
    FailureOr<int64_t> m = sizes.getDim(matmul.getLhs(), 0, op);
    FailureOr<int64_t> k = sizes.getDim(matmul.getLhs(), 1, op);
    FailureOr<int64_t> n = sizes.getDim(matmul.getRhs(), 1, op);
    if (failed(m) || failed(k) || failed(n))
      return failure();
    Type element = getElementTypeOrSelf(matmul.getLhs().getType());
    std::optional<int64_t> mn = llvm::checkedMul(*m, *n);
    std::optional<int64_t> mnk = mn ? llvm::checkedMul(*mn, *k) : std::nullopt;
    if (!mnk || failed(add(getDTypeName(element), *mnk, 2)))
      return overflow();
    // cuBLAS runs 16-bit GEMMs on tensor cores; fp32 stays on the FMA
    // units because the protocol turns TF32 off.
    cost.tensorCores = element.isF16() || element.isBF16();
  } else {
    return op->emitError() << "byte ledger: no eager kernel for this op";
  }
  cost.tiledFlops = cost.flops;
  cost.tiledTranscendentals = cost.transcendentals;
  return cost;
}

/// Ops that run on the host or not at all: constants, shape queries and
/// index arithmetic.
static bool isFree(Operation *op) {
  if (op->hasTrait<OpTrait::ConstantLike>() || isa<tensor::DimOp>(op))
    return true;
  return isa<arith::ArithDialect>(op->getDialect()) &&
         op->getNumRegions() == 0 &&
         llvm::none_of(op->getResultTypes(),
                       [](Type type) { return isa<ShapedType>(type); });
}

FailureOr<PlanCost> mlir::fuse::computePlan(func::FuncOp func, PlanKind kind,
                                            const SizeBindings &bindings,
                                            int64_t rowTile,
                                            StringRef precision,
                                            int64_t persistentBlocks) {
  if (func.isExternal())
    return mlir::emitError(func.getLoc())
           << "byte ledger: @" << func.getSymName() << " has no body";
  if (!llvm::hasSingleElement(func.getBody()))
    return mlir::emitError(func.getLoc())
           << "byte ledger: @" << func.getSymName()
           << " must have a single block";
  if (rowTile < 1)
    return mlir::emitError(func.getLoc())
           << "byte ledger: the row tile must be >= 1";
  SizeResolver sizes(func);
  if (failed(sizes.bind(bindings)))
    return failure();

  PlanCost plan;
  plan.kind = kind;
  plan.function = func.getSymName().str();
  plan.sizes = bindings.str();
  plan.total.name = "total";

  // Liveness of the buffers the plan allocates. A view maps to its base's
  // buffer, so that its uses keep the base alive (PyTorch semantics);
  // arguments and constants have no buffer: they exist before the call.
  struct Buffer {
    int64_t bytes;
    unsigned alloc;
    unsigned lastUse;
  };
  std::vector<Buffer> buffers;
  DenseMap<Value, unsigned> bufferOf;

  unsigned time = 0;
  for (Operation &op : func.getBody().front()) {
    unsigned now = time++;
    for (Value operand : op.getOperands()) {
      auto it = bufferOf.find(operand);
      if (it != bufferOf.end())
        buffers[it->second].lastUse = now;
    }
    if (isa<func::ReturnOp>(op) || isFree(&op))
      continue;
    if (isView(&op)) {
      auto it = bufferOf.find(op.getOperand(0));
      if (it != bufferOf.end())
        bufferOf[op.getResult(0)] = it->second;
      continue;
    }

    KernelCost cost;
    if (auto kernel = dyn_cast<KernelOp>(op)) {
      cost.name = kernel.getSymName().str();
      cost.op = kernel;
      cost.launches = 1;
      if (failed(countTraffic(kernel, kernel.getInputs(), sizes, cost)))
        return failure();
      LoopNestCounter counter(kernel, sizes, rowTile, cost,
                              /*perElement=*/false, precision,
                              persistentBlocks);
      if (failed(counter.run()))
        return failure();
      // Only running-min kernels get the tiled GPU schedule; the others
      // run one output element per thread and recompute whatever they
      // broadcast for every element.
      bool tiled = false;
      kernel.walk([&](Operation *inner) {
        tiled |= isa<RunningMinOp>(inner) || isIndexReduction(inner);
      });
      if (!tiled) {
        KernelCost perElement;
        LoopNestCounter flat(kernel, sizes, rowTile, perElement,
                             /*perElement=*/true);
        if (failed(flat.run()))
          return failure();
        cost.tiledFlops = perElement.flops;
        cost.tiledTranscendentals = perElement.transcendentals;
      }
    } else if (isa<RunningMinOp>(op)) {
      return op.emitError() << "byte ledger: a fuse.running_min outside a "
                               "fuse.kernel has no kernel to count; run "
                               "fuse-form-kernels first";
    } else if (isa<FuseDialect>(op.getDialect())) {
      FailureOr<KernelCost> eager = getEagerOpCost(&op, sizes);
      if (failed(eager))
        return failure();
      cost = std::move(*eager);
    } else {
      return op.emitError() << "byte ledger: cannot count this op";
    }
    if (!sumsFit(cost) || !accumulate(plan.total, cost) || !sumsFit(plan.total))
      return op.emitError()
             << "byte ledger: the plan's counts overflow int64 at these sizes";
    for (Value result : op.getResults()) {
      FailureOr<int64_t> bytes = sizes.getBytes(result, &op);
      if (failed(bytes))
        return failure();
      bufferOf[result] = buffers.size();
      buffers.push_back(Buffer{*bytes, now, now});
    }
    plan.kernels.push_back(std::move(cost));
  }

  // Peak: the largest sum of the buffers alive during one op. A buffer is
  // alive from the op that writes it to its last use, inclusive; if all of
  // them fit in int64 together, every partial sum does too.
  int64_t everything = 0;
  for (const Buffer &buffer : buffers)
    if (!addChecked(everything, buffer.bytes))
      return mlir::emitError(func.getLoc())
             << "byte ledger: the allocated bytes overflow "
                "int64 at these sizes";
  std::vector<int64_t> delta(time + 1, 0);
  for (const Buffer &buffer : buffers) {
    delta[buffer.alloc] += buffer.bytes;
    delta[buffer.lastUse + 1] -= buffer.bytes;
  }
  int64_t live = 0;
  for (unsigned t = 0; t < time; ++t) {
    live += delta[t];
    plan.peakBytes = std::max(plan.peakBytes, live);
  }
  return plan;
}

//===----------------------------------------------------------------------===//
// Time
//===----------------------------------------------------------------------===//

llvm::Expected<TimeEstimate>
mlir::fuse::estimateKernel(const KernelCost &kernel,
                           const DeviceProfile &device) {
  TimeEstimate estimate;
  estimate.memorySec =
      static_cast<double>(kernel.getBytes()) / device.bandwidthBytesPerSec;
  for (const auto &[dtype, flops] : kernel.tiledFlops) {
    if (flops == 0)
      continue;
    auto rate = device.lookupFlopRate(dtype, kernel.tensorCores);
    if (!rate)
      return makeError(
          "device profile '" + device.name + "' has no rate for " + dtype +
          " ops (kernel " + kernel.name + "); add \"" +
          (StringRef(dtype).starts_with("i") ? dtype : dtype + ".fma") +
          "\" to its flop_rate");
    double passes = StringRef(rate->first).ends_with(".tensor")
                        ? static_cast<double>(kernel.tensorPasses)
                        : 1.0;
    estimate.computeSec += static_cast<double>(flops) * passes / rate->second;
  }
  if (kernel.tiledTranscendentals)
    estimate.computeSec += static_cast<double>(kernel.tiledTranscendentals) /
                           device.transcendentalRate;
  estimate.launchSec =
      static_cast<double>(kernel.launches) * device.launchOverheadSec;
  double work = std::max(estimate.memorySec, estimate.computeSec);
  estimate.floorSec = work + estimate.launchSec;
  if (kernel.launches > 0 && estimate.launchSec >= work)
    estimate.regime = Regime::Launch;
  else if (estimate.memorySec >= estimate.computeSec)
    estimate.regime = Regime::Memory;
  else
    estimate.regime = Regime::Compute;
  return estimate;
}

llvm::Expected<PlanTime> mlir::fuse::estimatePlan(const PlanCost &plan,
                                                  const DeviceProfile &device) {
  PlanTime time;
  double memoryBound = 0, computeBound = 0;
  for (const KernelCost &kernel : plan.kernels) {
    llvm::Expected<TimeEstimate> estimate = estimateKernel(kernel, device);
    if (!estimate)
      return estimate.takeError();
    time.total.memorySec += estimate->memorySec;
    time.total.computeSec += estimate->computeSec;
    time.total.launchSec += estimate->launchSec;
    time.total.floorSec += estimate->floorSec;
    if (estimate->memorySec >= estimate->computeSec)
      memoryBound += estimate->memorySec;
    else
      computeBound += estimate->computeSec;
    time.kernels.push_back(*estimate);
  }
  // The plan's regime is where most of its floor goes.
  if (!plan.kernels.empty() &&
      time.total.launchSec >= std::max(memoryBound, computeBound))
    time.total.regime = Regime::Launch;
  else if (memoryBound >= computeBound)
    time.total.regime = Regime::Memory;
  else
    time.total.regime = Regime::Compute;
  return time;
}

//===----------------------------------------------------------------------===//
// Decisions and measurements
//===----------------------------------------------------------------------===//

FusionDecision mlir::fuse::decideFusion(const PlanCost &eager,
                                        const PlanTime &eagerTime,
                                        const PlanCost &fused,
                                        const PlanTime &fusedTime,
                                        const LedgerOptions &options) {
  FusionDecision decision;
  int64_t eagerBytes = eager.total.getBytes();
  int64_t fusedBytes = fused.total.getBytes();
  decision.bytesRatio = ratio(eagerBytes, fusedBytes);
  decision.timeRatio =
      ratio(eagerTime.total.floorSec, fusedTime.total.floorSec);
  decision.flopRatio = ratio(fused.total.getTotalFlops(/*tiled=*/true),
                             eager.total.getTotalFlops(/*tiled=*/true));
  decision.peakRatio = ratio(eager.peakBytes, fused.peakBytes);
  bool fewerBytes =
      fusedBytes < eagerBytes ||
      (fusedBytes == eagerBytes && fused.total.launches < eager.total.launches);
  bool blowup = decision.flopRatio > options.computeBlowupLimit;
  decision.fuse = fewerBytes && !blowup;

  std::string text;
  llvm::raw_string_ostream os(text);
  if (blowup && !std::isfinite(decision.flopRatio)) {
    os << "keep eager: the fused plan executes "
       << fused.total.getTotalFlops(/*tiled=*/true)
       << " FLOPs where the eager plan executes none";
  } else if (blowup) {
    os << "keep eager: the fused plan executes "
       << llvm::format("%.2f", decision.flopRatio)
       << "x the FLOPs (recomputation), above the limit of "
       << llvm::format("%.2f", options.computeBlowupLimit) << "x";
  } else if (!fewerBytes) {
    os << "keep eager: the fused plan moves " << fusedBytes
       << " bytes, no fewer than the eager plan's " << eagerBytes;
  } else {
    os << "fuse: " << fusedBytes << " bytes instead of " << eagerBytes << " ("
       << llvm::format("%.2f", decision.bytesRatio) << "x fewer), "
       << countOf(fused.total.launches, "launch", "launches") << " instead of "
       << eager.total.launches << ", "
       << llvm::format("%.2f", decision.flopRatio) << "x the FLOPs; peak "
       << fused.peakBytes << " bytes instead of " << eager.peakBytes;
    if (eagerTime.total.regime == Regime::Launch &&
        fusedTime.total.regime == Regime::Launch)
      os << "; both plans are launch-bound at these sizes, so the traffic "
            "ratio does not show in time";
    else if (eagerTime.total.regime == Regime::Launch)
      os << "; the eager plan is launch-bound at these sizes, so launches, "
            "not bytes, make most of the time saved";
  }
  decision.reason = text;
  return decision;
}

/// A measurement's row: "chain, fused, n=134217728".
static std::string describeRow(const Measurement &measurement) {
  std::string sizes = measurement.sizes.str();
  return measurement.program + ", " +
         stringifyPlanKind(measurement.plan).str() +
         (sizes.empty() ? "" : ", " + sizes);
}

static llvm::Expected<SizeBindings>
parseRowSizes(const llvm::json::Object &sizes, const Twine &where) {
  std::vector<std::string> items;
  for (const std::string &key : getSortedKeys(sizes)) {
    std::optional<int64_t> value = sizes.get(key)->getAsInteger();
    if (!value || *value < 0)
      return makeError(where + ": size '" + key + "' must be an integer >= 0");
    items.push_back(key + "=" + std::to_string(*value));
  }
  llvm::Expected<SizeBindings> bindings = SizeBindings::parse(items);
  if (!bindings)
    return makeError(where + ": " + llvm::toString(bindings.takeError()));
  return bindings;
}

llvm::Expected<MeasurementTable>
mlir::fuse::parseMeasurements(StringRef json, StringRef source) {
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json);
  if (!parsed)
    return makeError(source +
                     ": invalid JSON: " + llvm::toString(parsed.takeError()));
  const llvm::json::Object *obj = parsed->getAsObject();
  if (!obj)
    return makeError(source + ": measurements must be a JSON object with "
                              "\"rows\"");
  for (const std::string &key : getSortedKeys(*obj))
    if (key != "device" && key != "rows")
      return makeError(source + ": unknown key '" + key +
                       "' (expected device, rows)");
  MeasurementTable table;
  if (const llvm::json::Value *device = obj->get("device")) {
    std::optional<StringRef> name = device->getAsString();
    if (!name)
      return makeError(source + ": 'device' must be a string");
    table.device = name->str();
  }
  const llvm::json::Array *rows = obj->getArray("rows");
  if (!rows)
    return makeError(source + ": 'rows' must be an array");
  unsigned number = 0;
  for (const llvm::json::Value &rowValue : *rows) {
    ++number;
    std::string where = (source + ": row " + Twine(number)).str();
    const llvm::json::Object *row = rowValue.getAsObject();
    if (!row)
      return makeError(where + " must be an object");
    for (const std::string &key : getSortedKeys(*row))
      if (!llvm::is_contained({"program", "plan", "sizes", "time_us"}, key))
        return makeError(where + ": unknown key '" + key +
                         "' (expected program, plan, sizes, time_us)");
    Measurement measurement;
    measurement.row = number;
    std::optional<StringRef> program = row->getString("program");
    if (!program || program->empty())
      return makeError(where + ": 'program' must be a function name");
    measurement.program = program->str();
    std::optional<StringRef> plan = row->getString("plan");
    if (!plan || (*plan != "eager" && *plan != "fused"))
      return makeError(where + ": 'plan' must be \"eager\" or \"fused\"");
    measurement.plan = *plan == "eager" ? PlanKind::Eager : PlanKind::Fused;
    if (const llvm::json::Value *sizes = row->get("sizes")) {
      const llvm::json::Object *sizesObj = sizes->getAsObject();
      if (!sizesObj)
        return makeError(where + ": 'sizes' must be an object such as "
                                 "{\"n\": 4096}");
      llvm::Expected<SizeBindings> bindings = parseRowSizes(*sizesObj, where);
      if (!bindings)
        return bindings.takeError();
      measurement.sizes = std::move(*bindings);
    }
    const llvm::json::Value *timeValue = row->get("time_us");
    if (!timeValue)
      return makeError(where + ": 'time_us' is required");
    llvm::Expected<double> time = getRate(*timeValue, where, "time_us");
    if (!time)
      return time.takeError();
    measurement.timeSec = *time * 1e-6;
    table.rows.push_back(std::move(measurement));
  }
  return table;
}

llvm::Expected<MeasurementTable> mlir::fuse::loadMeasurements(StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return makeError("cannot read measurements '" + path +
                     "': " + buffer.getError().message());
  return parseMeasurements((*buffer)->getBuffer(), path);
}

MeasurementVerdict mlir::fuse::checkMeasurement(const Measurement &measurement,
                                                const PlanCost &plan,
                                                const PlanTime &time,
                                                const DeviceProfile &device,
                                                double roofFraction) {
  MeasurementVerdict verdict;
  verdict.measuredSec = measurement.timeSec;
  verdict.floorSec = time.total.floorSec;
  verdict.trafficSec = time.total.memorySec;
  verdict.regime = time.total.regime;
  verdict.roofFraction = ratio(verdict.floorSec, verdict.measuredSec);
  verdict.fasterThanFloor = verdict.measuredSec < verdict.floorSec;
  verdict.likelyScheduleProblem =
      !verdict.fasterThanFloor && verdict.roofFraction < roofFraction;

  std::string text;
  llvm::raw_string_ostream os(text);
  os << stringifyRegime(verdict.regime) << "-bound; ";
  int64_t bytes = plan.total.getBytes();
  if (verdict.fasterThanFloor) {
    os << "faster than its own floor: measured "
       << formatTime(verdict.measuredSec) << " < floor "
       << formatTime(verdict.floorSec) << "; ";
    if (verdict.measuredSec < verdict.trafficSec)
      os << "its traffic alone, " << bytes << " bytes at "
         << formatRate(device.bandwidthBytesPerSec, "B/s") << ", takes "
         << formatTime(verdict.trafficSec)
         << ": the byte count or the measurement is wrong (elements taken "
            "for bytes, cache hits, a missing sync?)";
    else
      os << "its traffic (" << bytes << " bytes) takes "
         << formatTime(verdict.trafficSec) << ", so its "
         << countOf(plan.total.launches, "launch", "launches")
         << " must have overlapped more than the profile assumes";
  } else {
    os << "measured " << formatTime(verdict.measuredSec) << ", floor "
       << formatTime(verdict.floorSec) << ", "
       << llvm::format("%.1f", verdict.roofFraction * 100) << "% of its roof";
    if (verdict.likelyScheduleProblem)
      os << ": below " << llvm::format("%.0f", roofFraction * 100)
         << "%, likely schedule problem";
  }
  verdict.message = text;
  return verdict;
}

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

void mlir::fuse::printPlanTable(raw_ostream &os, const PlanCost &plan,
                                const PlanTime &time,
                                const DeviceProfile &device) {
  os << stringifyPlanKind(plan.kind) << " plan of @" << plan.function;
  if (!plan.sizes.empty())
    os << " at " << plan.sizes;
  os << " on " << device.name << ": "
     << countOf(plan.kernels.size(), "kernel", "kernels") << ", "
     << countOf(plan.total.launches, "launch", "launches") << ", peak "
     << plan.peakBytes << " bytes (" << formatBytes(plan.peakBytes)
     << ") above the inputs";
  if (plan.temporaryBytes)
    os << ", " << plan.temporaryBytes << " of them ("
       << formatBytes(plan.temporaryBytes)
       << ") the GPU schedule's temporaries";
  os << "\n";
  auto row = [&](StringRef index, StringRef name, int64_t read, int64_t written,
                 int64_t flops, const TimeEstimate &estimate,
                 StringRef outputs) {
    os << llvm::formatv("  {0,3}  {1,-22} {2,14} {3,14} {4,16}  {5,10}  ",
                        index, name, read, written, flops,
                        formatTime(estimate.floorSec));
    if (outputs.empty())
      os << stringifyRegime(estimate.regime) << "\n";
    else
      os << llvm::formatv("{0,-8}  {1}\n", stringifyRegime(estimate.regime),
                          outputs);
  };
  os << llvm::formatv("  {0,3}  {1,-22} {2,14} {3,14} {4,16}  {5,10}  {6,-8}"
                      "  {7}\n",
                      "#", "kernel", "bytes read", "bytes written", "FLOPs",
                      "floor", "regime", "writes");
  for (auto [i, kernel] : llvm::enumerate(plan.kernels))
    row(std::to_string(i), kernel.name, kernel.bytesRead, kernel.bytesWritten,
        kernel.getTotalFlops(/*tiled=*/true), time.kernels[i], kernel.outputs);
  row("", "total", plan.total.bytesRead, plan.total.bytesWritten,
      plan.total.getTotalFlops(/*tiled=*/true), time.total, "");
  os << "  floor " << formatTime(time.total.floorSec) << " = traffic "
     << formatTime(time.total.memorySec) << " at "
     << formatRate(device.bandwidthBytesPerSec, "B/s") << ", compute "
     << formatTime(time.total.computeSec) << ", launches "
     << formatTime(time.total.launchSec) << " (per kernel: max(traffic, "
     << "compute) + launches)\n";
  if (plan.total.getTotalFlops(false) != plan.total.getTotalFlops(true))
    os << "  FLOPs recompute row-independent values once per row tile, as a "
          "GPU schedule does (tensor-core kernels in persistent blocks: in "
          "at most as many row tiles as blocks); the CPU loop nest, once per "
          "row, executes "
       << plan.total.getTotalFlops(false) << "\n";
}

void mlir::fuse::printDecision(raw_ostream &os, const PlanCost &eager,
                               const PlanTime &eagerTime, const PlanCost &fused,
                               const PlanTime &fusedTime,
                               const FusionDecision &decision) {
  os << "eager/fused: bytes " << llvm::format("%.2f", decision.bytesRatio)
     << "x (" << eager.total.getBytes() << " / " << fused.total.getBytes()
     << "), floor " << llvm::format("%.2f", decision.timeRatio) << "x ("
     << formatTime(eagerTime.total.floorSec) << " / "
     << formatTime(fusedTime.total.floorSec) << "), peak "
     << llvm::format("%.2f", decision.peakRatio) << "x (" << eager.peakBytes
     << " / " << fused.peakBytes << ")\n";
  os << "decision: " << decision.reason << "\n";
}

static llvm::json::Object flopsToJSON(const std::map<std::string, int64_t> &m) {
  llvm::json::Object obj;
  for (const auto &[dtype, count] : m)
    obj[dtype] = count;
  return obj;
}

llvm::json::Object mlir::fuse::profileToJSON(const DeviceProfile &device) {
  llvm::json::Object rates;
  for (const auto &[key, rate] : device.flopRate)
    rates[key] = rate;
  return llvm::json::Object{
      {"name", device.name},
      {"bandwidth_bytes_per_sec", device.bandwidthBytesPerSec},
      {"flop_rate", std::move(rates)},
      {"transcendental_rate", device.transcendentalRate},
      {"launch_overhead_sec", device.launchOverheadSec}};
}

static llvm::json::Object kernelToJSON(const KernelCost &kernel,
                                       const TimeEstimate &time) {
  return llvm::json::Object{
      {"name", kernel.name},
      {"writes", kernel.outputs},
      {"bytes_read", kernel.bytesRead},
      {"bytes_written", kernel.bytesWritten},
      {"flops", flopsToJSON(kernel.flops)},
      {"tiled_flops", flopsToJSON(kernel.tiledFlops)},
      {"transcendentals", kernel.transcendentals},
      {"tiled_transcendentals", kernel.tiledTranscendentals},
      {"launches", kernel.launches},
      {"tensor_cores", kernel.tensorCores},
      {"tensor_passes", kernel.tensorPasses},
      {"memory_s", time.memorySec},
      {"compute_s", time.computeSec},
      {"launch_s", time.launchSec},
      {"floor_s", time.floorSec},
      {"regime", stringifyRegime(time.regime)}};
}

llvm::json::Object mlir::fuse::planToJSON(const PlanCost &plan,
                                          const PlanTime &time) {
  llvm::json::Array kernels;
  for (auto [kernel, estimate] : llvm::zip(plan.kernels, time.kernels))
    kernels.push_back(kernelToJSON(kernel, estimate));
  llvm::json::Object obj = kernelToJSON(plan.total, time.total);
  obj["plan"] = stringifyPlanKind(plan.kind);
  obj["function"] = plan.function;
  obj["sizes"] = plan.sizes;
  obj["peak_bytes"] = plan.peakBytes;
  obj["temporary_bytes"] = plan.temporaryBytes;
  obj["kernels"] = std::move(kernels);
  obj.erase("name");
  obj.erase("writes");
  return obj;
}

llvm::json::Object mlir::fuse::decisionToJSON(const FusionDecision &decision) {
  auto finite = [](double value) -> llvm::json::Value {
    if (std::isfinite(value))
      return value;
    return nullptr;
  };
  return llvm::json::Object{{"bytes_ratio", finite(decision.bytesRatio)},
                            {"time_ratio", finite(decision.timeRatio)},
                            {"flop_ratio", finite(decision.flopRatio)},
                            {"peak_ratio", finite(decision.peakRatio)},
                            {"fuse", decision.fuse},
                            {"reason", decision.reason}};
}

llvm::json::Object
mlir::fuse::verdictToJSON(const Measurement &measurement,
                          const MeasurementVerdict &verdict) {
  return llvm::json::Object{
      {"row", static_cast<int64_t>(measurement.row)},
      {"program", measurement.program},
      {"plan", stringifyPlanKind(measurement.plan)},
      {"sizes", measurement.sizes.str()},
      {"measured_s", verdict.measuredSec},
      {"floor_s", verdict.floorSec},
      {"traffic_s", verdict.trafficSec},
      {"roof_fraction", verdict.roofFraction},
      {"regime", stringifyRegime(verdict.regime)},
      {"faster_than_floor", verdict.fasterThanFloor},
      {"likely_schedule_problem", verdict.likelyScheduleProblem},
      {"message", verdict.message}};
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

static void appendCounts(Builder &b, SmallVectorImpl<NamedAttribute> &attrs,
                         const KernelCost &kernel) {
  attrs.push_back(
      b.getNamedAttr("bytes_read", b.getI64IntegerAttr(kernel.bytesRead)));
  attrs.push_back(b.getNamedAttr("bytes_written",
                                 b.getI64IntegerAttr(kernel.bytesWritten)));
  for (const auto &[dtype, count] : kernel.flops)
    attrs.push_back(
        b.getNamedAttr("flops_" + dtype, b.getI64IntegerAttr(count)));
  // Only where a GPU tile would differ from the loop nest, to keep the
  // common case short.
  for (const auto &[dtype, count] : kernel.tiledFlops) {
    auto it = kernel.flops.find(dtype);
    if (it == kernel.flops.end() || it->second != count)
      attrs.push_back(
          b.getNamedAttr("tiled_flops_" + dtype, b.getI64IntegerAttr(count)));
  }
  if (kernel.transcendentals)
    attrs.push_back(b.getNamedAttr(
        "transcendentals", b.getI64IntegerAttr(kernel.transcendentals)));
  if (kernel.tiledTranscendentals != kernel.transcendentals)
    attrs.push_back(
        b.getNamedAttr("tiled_transcendentals",
                       b.getI64IntegerAttr(kernel.tiledTranscendentals)));
  attrs.push_back(
      b.getNamedAttr("launches", b.getI64IntegerAttr(kernel.launches)));
  if (kernel.tensorCores)
    attrs.push_back(b.getNamedAttr("tensor_cores", b.getUnitAttr()));
  if (kernel.tensorPasses != 1)
    attrs.push_back(b.getNamedAttr("tensor_passes",
                                   b.getI64IntegerAttr(kernel.tensorPasses)));
}

static void appendTime(Builder &b, SmallVectorImpl<NamedAttribute> &attrs,
                       const TimeEstimate &time) {
  // Nanoseconds as integers: exact to compare in tests, unlike printed
  // doubles.
  attrs.push_back(b.getNamedAttr(
      "floor_ns", b.getI64IntegerAttr(std::llround(time.floorSec * 1e9))));
  attrs.push_back(
      b.getNamedAttr("regime", b.getStringAttr(stringifyRegime(time.regime))));
}

DictionaryAttr mlir::fuse::kernelToAttr(MLIRContext *context,
                                        const KernelCost &kernel,
                                        const TimeEstimate &time,
                                        bool withName) {
  Builder b(context);
  SmallVector<NamedAttribute> attrs;
  if (withName) {
    attrs.push_back(b.getNamedAttr("name", b.getStringAttr(kernel.name)));
    if (!kernel.outputs.empty())
      attrs.push_back(
          b.getNamedAttr("writes", b.getStringAttr(kernel.outputs)));
  }
  appendCounts(b, attrs, kernel);
  appendTime(b, attrs, time);
  return b.getDictionaryAttr(attrs);
}

DictionaryAttr mlir::fuse::planToAttr(MLIRContext *context,
                                      const PlanCost &plan,
                                      const PlanTime &time, StringRef device) {
  Builder b(context);
  SmallVector<NamedAttribute> attrs;
  attrs.push_back(
      b.getNamedAttr("plan", b.getStringAttr(stringifyPlanKind(plan.kind))));
  attrs.push_back(b.getNamedAttr("sizes", b.getStringAttr(plan.sizes)));
  attrs.push_back(b.getNamedAttr("device", b.getStringAttr(device)));
  attrs.push_back(
      b.getNamedAttr("peak_bytes", b.getI64IntegerAttr(plan.peakBytes)));
  appendCounts(b, attrs, plan.total);
  appendTime(b, attrs, time.total);
  SmallVector<Attribute> kernels;
  for (auto [kernel, estimate] : llvm::zip(plan.kernels, time.kernels))
    kernels.push_back(
        kernelToAttr(context, kernel, estimate, /*withName=*/true));
  attrs.push_back(b.getNamedAttr("kernels", b.getArrayAttr(kernels)));
  return b.getDictionaryAttr(attrs);
}

/// Reads the counts of a kernelToAttr dictionary.
static FailureOr<KernelCost> kernelFromAttr(DictionaryAttr attr) {
  KernelCost kernel;
  auto getInt = [&](StringRef name, int64_t &into, bool required) {
    auto value = attr.getAs<IntegerAttr>(name);
    if (!value)
      return !required;
    into = value.getInt();
    return into >= 0;
  };
  if (auto name = attr.getAs<StringAttr>("name"))
    kernel.name = name.str();
  if (auto writes = attr.getAs<StringAttr>("writes"))
    kernel.outputs = writes.str();
  if (!getInt("bytes_read", kernel.bytesRead, true) ||
      !getInt("bytes_written", kernel.bytesWritten, true) ||
      !getInt("launches", kernel.launches, true) ||
      !getInt("transcendentals", kernel.transcendentals, false))
    return failure();
  kernel.tiledTranscendentals = kernel.transcendentals;
  if (!getInt("tiled_transcendentals", kernel.tiledTranscendentals, false))
    return failure();
  kernel.tensorCores = attr.contains("tensor_cores");
  if (auto passes = attr.getAs<IntegerAttr>("tensor_passes"))
    kernel.tensorPasses = passes.getInt();
  for (NamedAttribute entry : attr) {
    StringRef key = entry.getName().getValue();
    auto value = dyn_cast<IntegerAttr>(entry.getValue());
    if (key.consume_front("flops_")) {
      if (!value || value.getInt() < 0)
        return failure();
      kernel.flops[key.str()] = value.getInt();
    }
  }
  kernel.tiledFlops = kernel.flops;
  for (NamedAttribute entry : attr) {
    StringRef key = entry.getName().getValue();
    auto value = dyn_cast<IntegerAttr>(entry.getValue());
    if (key.consume_front("tiled_flops_")) {
      if (!value || value.getInt() < 0)
        return failure();
      kernel.tiledFlops[key.str()] = value.getInt();
    }
  }
  if (!sumsFit(kernel))
    return failure();
  return kernel;
}

FailureOr<PlanCost> mlir::fuse::planFromAttr(DictionaryAttr attr) {
  if (!attr)
    return failure();
  PlanCost plan;
  auto kind = attr.getAs<StringAttr>("plan");
  auto sizes = attr.getAs<StringAttr>("sizes");
  auto peak = attr.getAs<IntegerAttr>("peak_bytes");
  auto kernels = attr.getAs<ArrayAttr>("kernels");
  if (!kind || (kind.getValue() != "eager" && kind.getValue() != "fused") ||
      !sizes || !peak || peak.getInt() < 0 || !kernels)
    return failure();
  plan.kind = kind.getValue() == "eager" ? PlanKind::Eager : PlanKind::Fused;
  plan.sizes = sizes.str();
  plan.peakBytes = peak.getInt();
  plan.total.name = "total";
  for (Attribute entry : kernels) {
    auto dict = dyn_cast<DictionaryAttr>(entry);
    if (!dict)
      return failure();
    FailureOr<KernelCost> kernel = kernelFromAttr(dict);
    if (failed(kernel) || !accumulate(plan.total, *kernel) ||
        !sumsFit(plan.total))
      return failure();
    plan.kernels.push_back(std::move(*kernel));
  }
  return plan;
}

//===----------------------------------------------------------------------===//
// printLedger
//===----------------------------------------------------------------------===//

namespace {
struct CostedPlan {
  PlanCost cost;
  PlanTime time;
};
} // namespace

static FailureOr<CostedPlan> costPlan(func::FuncOp func, PlanKind kind,
                                      const SizeBindings &sizes,
                                      const LedgerOptions &options) {
  FailureOr<PlanCost> cost =
      computePlan(func, kind, sizes, options.rowTile, options.precision,
                  options.persistentBlocks);
  if (failed(cost))
    return failure();
  if (kind == PlanKind::Fused && options.scheduleTemporaries) {
    if (std::optional<int64_t> bytes =
            options.scheduleTemporaries(func.getSymName(), sizes)) {
      cost->temporaryBytes = *bytes;
      if (!addChecked(cost->peakBytes, *bytes))
        return mlir::emitError(func.getLoc())
               << "byte ledger: the allocated bytes overflow int64 at these "
                  "sizes";
    }
  }
  llvm::Expected<PlanTime> time = estimatePlan(*cost, options.device);
  if (!time)
    return mlir::emitError(func.getLoc())
           << "byte ledger: " << llvm::toString(time.takeError());
  return CostedPlan{std::move(*cost), std::move(*time)};
}

LogicalResult mlir::fuse::printLedger(ModuleOp eagerModule,
                                      ModuleOp fusedModule,
                                      const LedgerOptions &options,
                                      raw_ostream &os, bool json) {
  ModuleOp primary = fusedModule ? fusedModule : eagerModule;
  if (!primary)
    return failure();
  std::optional<MeasurementTable> measurements;
  if (!options.measurementsPath.empty()) {
    llvm::Expected<MeasurementTable> table =
        loadMeasurements(options.measurementsPath);
    if (!table)
      return mlir::emitError(primary.getLoc())
             << "byte ledger: " << llvm::toString(table.takeError());
    measurements = std::move(*table);
    if (!measurements->device.empty() &&
        measurements->device != options.device.name)
      mlir::emitWarning(primary.getLoc())
          << "byte ledger: the measurements were taken on '"
          << measurements->device << "' but the ledger uses the profile '"
          << options.device.name << "'";
  }

  llvm::json::Array functions;
  bool first = true;
  for (func::FuncOp func : primary.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    func::FuncOp eagerFunc =
        eagerModule ? eagerModule.lookupSymbol<func::FuncOp>(func.getSymName())
                    : func::FuncOp();
    func::FuncOp fusedFunc = fusedModule ? func : func::FuncOp();
    std::optional<CostedPlan> eager, fused;
    if (eagerFunc) {
      FailureOr<CostedPlan> plan =
          costPlan(eagerFunc, PlanKind::Eager, options.sizes, options);
      if (failed(plan))
        return failure();
      eager = std::move(*plan);
    }
    if (fusedFunc) {
      FailureOr<CostedPlan> plan =
          costPlan(fusedFunc, PlanKind::Fused, options.sizes, options);
      if (failed(plan))
        return failure();
      fused = std::move(*plan);
    }
    std::optional<FusionDecision> decision;
    if (eager && fused)
      decision = decideFusion(eager->cost, eager->time, fused->cost,
                              fused->time, options);

    // Each measured row is held against the plan of its kind, computed at
    // the row's own sizes.
    llvm::json::Array verdicts;
    std::string verdictText;
    llvm::raw_string_ostream verdictOs(verdictText);
    if (measurements) {
      for (const Measurement &row : measurements->rows) {
        if (row.program != func.getSymName())
          continue;
        func::FuncOp target =
            row.plan == PlanKind::Eager ? eagerFunc : fusedFunc;
        if (!target) {
          verdictOs << "measurement " << row.row << " (" << describeRow(row)
                    << "): no " << stringifyPlanKind(row.plan)
                    << " program to hold it against\n";
          continue;
        }
        FailureOr<CostedPlan> plan =
            costPlan(target, row.plan, row.sizes, options);
        if (failed(plan))
          return failure();
        MeasurementVerdict verdict = checkMeasurement(
            row, plan->cost, plan->time, options.device, options.roofFraction);
        verdictOs << "measurement " << row.row << " (" << describeRow(row)
                  << "): " << verdict.message << "\n";
        verdicts.push_back(verdictToJSON(row, verdict));
      }
    }

    if (json) {
      llvm::json::Object entry{{"function", func.getSymName()},
                               {"sizes", options.sizes.str()}};
      if (eager)
        entry["eager"] = planToJSON(eager->cost, eager->time);
      if (fused)
        entry["fused"] = planToJSON(fused->cost, fused->time);
      if (decision)
        entry["decision"] = decisionToJSON(*decision);
      if (measurements)
        entry["measurements"] = std::move(verdicts);
      functions.push_back(std::move(entry));
      continue;
    }
    if (!first)
      os << "\n";
    first = false;
    os << "byte ledger of @" << func.getSymName() << " on "
       << options.device.name << " ("
       << formatRate(options.device.bandwidthBytesPerSec, "B/s") << ", launch "
       << formatTime(options.device.launchOverheadSec) << ")\n";
    if (eager)
      printPlanTable(os, eager->cost, eager->time, options.device);
    if (fused)
      printPlanTable(os, fused->cost, fused->time, options.device);
    if (decision)
      printDecision(os, eager->cost, eager->time, fused->cost, fused->time,
                    *decision);
    os << verdictText;
  }
  if (json)
    os << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                     {"device", profileToJSON(options.device)},
                                     {"functions", std::move(functions)}}))
       << "\n";
  return success();
}

//===----------------------------------------------------------------------===//
// Schedule choices
//===----------------------------------------------------------------------===//

/// a x b for counts that are not negative, saturating at INT64_MAX.
static int64_t saturatingMul(int64_t a, int64_t b) {
  std::optional<int64_t> product = llvm::checkedMul(a, b);
  return product ? *product : std::numeric_limits<int64_t>::max();
}

int64_t PersistentWalk::path() const {
  int64_t tail =
      static_cast<int64_t>(llvm::divideCeil(tailTiles, blocks)) * kTailTileCost;
  int64_t items = saturatingMul(rounds, tilesPerPart);
  return items > std::numeric_limits<int64_t>::max() - tail ? items
                                                            : items + tail;
}

bool mlir::fuse::tailWorthSplitting(int64_t tailTiles, int64_t blocks,
                                    int64_t tilesPerPart) {
  return tailTiles > 0 && blocks > 0 &&
         static_cast<int64_t>(llvm::divideCeil(tailTiles, blocks)) *
                 kTailTileCost <
             tilesPerPart;
}

PersistentWalk mlir::fuse::walkPersistent(int64_t rowTiles, int64_t tiles,
                                          int64_t parts, int64_t resident) {
  PersistentWalk walk;
  walk.parts = std::max<int64_t>(1, parts);
  walk.blocks =
      std::max<int64_t>(walk.parts, resident / walk.parts * walk.parts);
  tiles = std::max<int64_t>(1, tiles);
  walk.tilesPerPart = llvm::divideCeil(tiles, walk.parts);
  // Saturates rather than wraps for the fuzzer's huge static row counts.
  int64_t items = saturatingMul(std::max<int64_t>(1, rowTiles), walk.parts);
  // The launch takes min(items, blocks) blocks: with fewer items than
  // blocks, one round and no tail.
  int64_t grid = std::min(items, walk.blocks);
  walk.rounds = llvm::divideCeil(items, grid);
  if (walk.parts > 1) {
    // The items left for a last round: whole row tiles' parts from part 0
    // on (the full rounds take a multiple of the grid, which is a
    // multiple of the parts), as single candidate tiles.
    int64_t full = items / grid;
    int64_t left = items - full * grid;
    int64_t tailTiles =
        saturatingMul(left / walk.parts, tiles) +
        std::min(saturatingMul(left % walk.parts, walk.tilesPerPart), tiles);
    if (left > 0 && tailWorthSplitting(tailTiles, grid, walk.tilesPerPart)) {
      walk.rounds = full;
      walk.tailTiles = tailTiles;
    }
  }
  return walk;
}

PersistentWalk mlir::fuse::choosePersistentWalk(int64_t rowTiles, int64_t tiles,
                                                double rowTileBytes,
                                                double candidateBytes,
                                                int64_t resident,
                                                int64_t l2Bytes) {
  int64_t maxParts = std::max<int64_t>(
      1, std::min(tiles / kMinCandidateTilesPerPart, resident));
  SmallVector<std::pair<PersistentWalk, double>> options;
  for (int64_t parts = 1; parts <= maxParts; ++parts) {
    PersistentWalk walk = walkPersistent(rowTiles, tiles, parts, resident);
    int64_t inFlight = std::min(rowTiles, walk.blocks / parts);
    double rowReads = double(inFlight) * rowTileBytes <= l2Bytes / 2
                          ? 1.0
                          : double(walk.tilesPerPart);
    double candidateReads =
        candidateBytes <= l2Bytes / 2 ? 1.0 : double(walk.rounds);
    options.push_back({walk, double(rowTiles) * rowTileBytes * rowReads +
                                 candidateBytes * candidateReads});
  }
  double shortest = std::numeric_limits<double>::infinity();
  for (const auto &[walk, bytes] : options)
    shortest = std::min(shortest, double(walk.path()));
  PersistentWalk chosen = options.front().first;
  double fewest = std::numeric_limits<double>::infinity();
  for (const auto &[walk, bytes] : options)
    if (double(walk.path()) <= 1.05 * shortest && bytes < fewest) {
      fewest = bytes;
      chosen = walk;
    }
  return chosen;
}

llvm::Expected<ScheduleEstimate>
mlir::fuse::estimateTiledSchedule(const TiledWork &work,
                                  ArrayRef<TileShape> shapes, unsigned shape,
                                  int64_t split, const DeviceProfile &device) {
  if (shape >= shapes.size())
    return makeError("schedule model: no tile shape #" + Twine(shape));
  const TileShape &tile = shapes[shape];
  if (work.rows < 0 || work.candidates < 0 || work.features < 0 ||
      tile.rowsPerBlock <= 0 || tile.candidatesPerBlock <= 0 ||
      tile.blocksToSaturate <= 0 || tile.efficiency <= 0 ||
      !(tile.fillSec >= 0) || !(work.epilogueSecPerPair >= 0) ||
      !(tile.replaySecPerRowTile >= 0) || split < 1 ||
      device.multiprocessors < 1)
    return makeError("schedule model: sizes, tiles and splits must be "
                     "positive");
  auto rate = device.lookupFlopRate(work.dtype, work.tensorCores);
  if (!rate)
    return makeError("schedule model: device '" + device.name +
                     "' has no FLOP rate for " + work.dtype);

  // Counts in doubles: they only rank choices, and a double does not
  // overflow where the int64 products of a huge shape would.
  auto cdiv = [](int64_t a, int64_t b) { return a == 0 ? 0 : (a - 1) / b + 1; };
  int64_t rowBlocks = std::max<int64_t>(1, cdiv(work.rows, tile.rowsPerBlock));
  int64_t tiles =
      std::max<int64_t>(1, cdiv(work.candidates, tile.candidatesPerBlock));
  ScheduleEstimate estimate;
  estimate.shape = shape;
  estimate.split = std::min(split, tiles);
  std::optional<int64_t> blocks = llvm::checkedMul(rowBlocks, estimate.split);
  std::optional<int64_t> slots =
      llvm::checkedMul(device.multiprocessors, tile.blocksToSaturate);
  if (!blocks || !slots)
    return makeError("schedule model: the grid size overflows int64");
  double tileFlops = double(tile.rowsPerBlock) *
                     double(tile.candidatesPerBlock) * double(work.features) *
                     double(work.flopsPerTerm);
  double slotRate = rate->second * tile.efficiency / double(*slots);
  // A slot's share of its SM's time: blocks that share an SM share its
  // issue slots.
  double tileEpilogueSec =
      double(tile.rowsPerBlock) * double(tile.candidatesPerBlock) *
      work.epilogueSecPerPair * double(tile.blocksToSaturate);
  if (tile.persistent && estimate.split == 1) {
    // The walk the kernel will take (TiledRunningMin asks the same
    // question with the same sizes).
    PersistentWalk walk =
        tile.onePart ? walkPersistent(rowBlocks, tiles, 1, *slots)
                     : choosePersistentWalk(
                           rowBlocks, tiles,
                           double(tile.rowsPerBlock) * double(work.features) *
                               double(work.elementBytes),
                           double(work.candidates) * double(work.features) *
                               double(work.elementBytes),
                           *slots, device.l2Bytes);
    estimate.blocks =
        std::min(walk.blocks, saturatingMul(rowBlocks, walk.parts));
    estimate.waves = walk.rounds;
    estimate.parts = walk.parts;
    estimate.tailTiles = walk.tailTiles;
    estimate.utilization = double(rowBlocks) * double(tiles) /
                           (double(walk.path()) * double(*slots));
    estimate.epilogueSec = double(walk.path()) * tileEpilogueSec;
    // A slot finishes a row tile (or its part) each round.
    estimate.replaySec = double(walk.rounds + (walk.tailTiles ? 1 : 0)) *
                         tile.replaySecPerRowTile;
    estimate.computeSec = double(walk.path()) * tileFlops / slotRate +
                          estimate.epilogueSec + estimate.replaySec;
  } else {
    int64_t tilesPerPart = cdiv(tiles, estimate.split);
    double partBytes = double(tilesPerPart) * double(tile.candidatesPerBlock) *
                       double(work.features) * double(work.elementBytes);
    if (tile.residentPartGain != 1 && tilesPerPart >= 2 &&
        partBytes <= double(device.l2Bytes) / 2) {
      estimate.residentParts = true;
      slotRate *= tile.residentPartGain;
    }
    estimate.blocks = *blocks;
    estimate.waves = cdiv(*blocks, *slots);
    estimate.utilization =
        double(*blocks) / (double(estimate.waves) * double(*slots));
    double slotTiles =
        double(estimate.waves) * double(cdiv(tiles, estimate.split));
    estimate.epilogueSec = slotTiles * tileEpilogueSec;
    estimate.replaySec = double(estimate.waves) * tile.replaySecPerRowTile;
    estimate.computeSec = slotTiles * tileFlops / slotRate +
                          estimate.epilogueSec + estimate.replaySec;
  }
  double bytes = double(work.rows) * double(work.features) *
                     double(work.elementBytes) * double(estimate.split) +
                 double(work.candidates) * double(work.features) *
                     double(work.elementBytes) +
                 double(work.rows) * double(work.outputBytesPerRow);
  estimate.memorySec = bytes / device.bandwidthBytesPerSec;
  // Parts that fit the GPU's clusters at once meet in shared memory: one
  // launch. Others go through the labels' atomics: a memset and an
  // unpacking entry besides the kernel.
  estimate.launches = 1;
  if (estimate.split > 1 &&
      !(tile.clusterParts &&
        clusterPartsFit(saturatingMul(rowBlocks, estimate.split),
                        estimate.split, device.multiprocessors)))
    estimate.launches = 3;
  if (work.recheck) {
    estimate.launches = 4;
    estimate.recheckSec = (3.0 * double(work.rows) * double(work.features) *
                               double(work.elementBytes) +
                           16.0 * double(work.rows)) /
                          device.bandwidthBytesPerSec;
  }
  estimate.fillSec = tile.fillSec;
  estimate.predictedSec = std::max(estimate.computeSec, estimate.memorySec) +
                          estimate.recheckSec + estimate.fillSec +
                          double(estimate.launches) * device.launchOverheadSec;
  return estimate;
}

llvm::Expected<ScheduleEstimate> mlir::fuse::chooseTiledSchedule(
    const TiledWork &work, ArrayRef<TileShape> shapes,
    const DeviceProfile &device, int64_t forcedSplit) {
  std::optional<ScheduleEstimate> best;
  for (unsigned shape = 0; shape < shapes.size(); ++shape) {
    int64_t tiles = std::max<int64_t>(
        1, work.candidates == 0
               ? 1
               : (work.candidates - 1) / shapes[shape].candidatesPerBlock + 1);
    // The split is the launch's grid y, at most 65535; the walk below also
    // needs the bound: with ~2^57 candidate tiles its O(sqrt(tiles)) steps
    // hung (found by fusec-fuzz, crash-huge-split-walk.mlir).
    constexpr int64_t kMaxSplit = 65535;
    int64_t first = forcedSplit ? forcedSplit : 1;
    int64_t last = forcedSplit ? forcedSplit
                   : work.splittable && shapes[shape].splittable
                       ? std::min(tiles, kMaxSplit)
                       : 1;
    for (int64_t split = first; split <= last;) {
      llvm::Expected<ScheduleEstimate> estimate =
          estimateTiledSchedule(work, shapes, shape, split, device);
      if (!estimate)
        return estimate.takeError();
      if (!best || estimate->predictedSec < best->predictedSec)
        best = *estimate;
      // Splits that leave each block the same number of tiles,
      // ceil(tiles / split), only add blocks and re-read rows: the smallest
      // of them is the best, so go on with the next smaller tile count.
      // This visits O(sqrt(tiles)) splits instead of `tiles` (a huge static
      // candidate count hung here; found by fusec-fuzz).
      int64_t perBlock = (tiles - 1) / split + 1;
      if (perBlock <= 1)
        break;
      split = std::max(split + 1, (tiles - 1) / (perBlock - 1) + 1);
    }
  }
  if (!best)
    return makeError("schedule model: no tile shape to choose from");
  return *best;
}
