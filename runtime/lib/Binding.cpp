//===- Binding.cpp - launch argument checking -----------------------------===//
//
// Part of fusec. Implements bindArguments: the checks of docs/abi.md plus
// the evaluation of sizes and launch configurations, without a driver.
//
//===----------------------------------------------------------------------===//

#include "fusec/runtime/Binding.h"

#include <cinttypes>
#include <cstdio>

using namespace fusec::rt;

static std::string argLabel(size_t i, const ArgDesc &arg) {
  return "argument " + std::to_string(i) + " ('" + arg.name + "')";
}

static std::string formatShape(const std::vector<int64_t> &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

/// Bytes of a dense array of `shape`; false when that overflows 64 bits.
static bool byteCount(DType dtype, const std::vector<int64_t> &shape,
                      uint64_t &bytes) {
  bytes = dtypeBytes(dtype);
  for (int64_t dim : shape)
    if (__builtin_mul_overflow(bytes, static_cast<uint64_t>(dim), &bytes))
      return false;
  return true;
}

/// Evaluates `expr` and checks that it lies in [lo, hi].
static Status evaluateIn(const Expr &expr, const SymbolValues &symbols,
                         int64_t lo, int64_t hi, const std::string &path,
                         const char *what, uint32_t &out) {
  Expected<int64_t> value = evaluate(expr, symbols);
  if (!value.ok())
    return value.status().withPrefix(path + ": ");
  if (*value < lo || *value > hi)
    return Status::error(path + ": " + toString(expr) + " = " +
                         std::to_string(*value) + " is out of range (" + what +
                         " must be between " + std::to_string(lo) + " and " +
                         std::to_string(hi) + ")");
  out = static_cast<uint32_t>(*value);
  return Status::success();
}

static Status bindLaunch(const StepDesc &step, const std::string &path,
                         const SymbolValues &symbols, LaunchConfig &config) {
  static const char *const kDims[] = {"x", "y", "z"};
  for (size_t d = 0; d < 3; ++d) {
    std::string gridPath = path + ".grid[" + std::to_string(d) + "]";
    Status status = evaluateIn(
        step.grid[d], symbols, 1, d == 0 ? kMaxGridX : kMaxGridYZ, gridPath,
        d == 0 ? "grid x" : "grid y and z", config.grid[d]);
    if (!status.ok())
      return status;
    std::string blockPath = path + ".block[" + std::to_string(d) + "]";
    std::string what = std::string("block ") + kDims[d];
    status =
        evaluateIn(step.block[d], symbols, 1, d == 2 ? kMaxBlockZ : kMaxBlockXY,
                   blockPath, what.c_str(), config.block[d]);
    if (!status.ok())
      return status;
  }
  uint64_t threads =
      uint64_t(config.block[0]) * config.block[1] * config.block[2];
  if (threads > static_cast<uint64_t>(kMaxThreadsPerBlock))
    return Status::error(
        path + ".block: " + std::to_string(config.block[0]) + " x " +
        std::to_string(config.block[1]) + " x " +
        std::to_string(config.block[2]) + " = " + std::to_string(threads) +
        " threads per block, more than " + std::to_string(kMaxThreadsPerBlock));
  return evaluateIn(step.sharedBytes, symbols, 0, UINT32_MAX,
                    path + ".shared_bytes", "shared_bytes", config.sharedBytes);
}

Expected<Binding> fusec::rt::bindArguments(const LaunchDesc &desc,
                                           const ArgValue *args,
                                           size_t numArgs) {
  const std::string prefix = desc.function + ": ";
  auto error = [&](const std::string &message) {
    return Status::error(prefix + message);
  };

  if (numArgs != desc.args.size()) {
    std::string names;
    for (size_t i = 0; i < desc.args.size(); ++i)
      names += (i ? ", " : "") + desc.args[i].name;
    return error("expected " + std::to_string(desc.args.size()) +
                 " arguments (" + names + "), got " + std::to_string(numArgs));
  }

  Binding binding;
  // Where each symbol got its value, to explain disagreements.
  std::map<std::string, std::string, std::less<>> origins;
  for (size_t i = 0; i < numArgs; ++i) {
    const ArgDesc &expected = desc.args[i];
    const ArgValue &actual = args[i];
    std::string label = argLabel(i, expected);
    if (actual.dtype != expected.dtype)
      return error(label + ": dtype is " + dtypeName(actual.dtype) +
                   ", expected " + dtypeName(expected.dtype));
    if (actual.shape.size() != expected.shape.size())
      return error(label + ": rank is " + std::to_string(actual.shape.size()) +
                   " (shape " + formatShape(actual.shape) + "), expected " +
                   std::to_string(expected.shape.size()));
    for (size_t d = 0; d < actual.shape.size(); ++d) {
      int64_t value = actual.shape[d];
      std::string dimLabel = label + ": dimension " + std::to_string(d) +
                             " is " + std::to_string(value);
      if (value < 0)
        return error(dimLabel + ", must be non-negative");
      const Dim &dim = expected.shape[d];
      if (!dim.isSymbol()) {
        if (value != dim.size)
          return error(dimLabel + ", expected " + std::to_string(dim.size));
        continue;
      }
      // The first occurrence defines the symbol; the others must agree.
      auto [it, inserted] = binding.symbols.emplace(dim.symbol, value);
      if (inserted) {
        origins[dim.symbol] = label + " dimension " + std::to_string(d);
      } else if (it->second != value) {
        return error(dimLabel + ", but size '" + dim.symbol + "' is " +
                     std::to_string(it->second) + " (from " +
                     origins[dim.symbol] + ")");
      }
    }
    uint64_t bytes;
    if (!byteCount(actual.dtype, actual.shape, bytes))
      return error(label + ": byte size of " + dtypeName(actual.dtype) + " " +
                   formatShape(actual.shape) + " overflows 64 bits");
    char ptr[32];
    std::snprintf(ptr, sizeof(ptr), "0x%" PRIx64, actual.ptr);
    if (actual.ptr % 16 != 0)
      return error(label + ": pointer " + ptr + " is not 16-byte aligned");
    if (actual.ptr == 0 && bytes != 0)
      return error(label + ": null pointer for " + std::to_string(bytes) +
                   " bytes");
    binding.argBytes.push_back(bytes);
  }

  for (const SizeDesc &size : desc.sizes) {
    auto it = binding.symbols.find(size.name);
    if (it == binding.symbols.end())
      return error("size '" + size.name + "' is not defined by any argument");
    binding.sizes.push_back(it->second);
  }

  for (const BufferDesc &buffer : desc.buffers) {
    std::vector<int64_t> shape;
    for (const Dim &dim : buffer.shape) {
      if (!dim.isSymbol()) {
        shape.push_back(dim.size);
        continue;
      }
      auto it = binding.symbols.find(dim.symbol);
      if (it == binding.symbols.end())
        return error("buffer '" + buffer.name + "': unknown size symbol '" +
                     dim.symbol + "'");
      shape.push_back(it->second);
    }
    uint64_t bytes;
    if (!byteCount(buffer.dtype, shape, bytes))
      return error("buffer '" + buffer.name + "': byte size of " +
                   dtypeName(buffer.dtype) + " " + formatShape(shape) +
                   " overflows 64 bits");
    if (__builtin_add_overflow(binding.tempBytes, bytes, &binding.tempBytes))
      return error("the temporary buffers' total byte size overflows 64 bits");
    binding.bufferBytes.push_back(bytes);
    binding.bufferShapes.push_back(std::move(shape));
  }

  binding.configs.resize(desc.steps.size());
  for (size_t i = 0; i < desc.steps.size(); ++i) {
    const StepDesc &step = desc.steps[i];
    if (step.kind != StepDesc::Kind::Launch)
      continue;
    Status status = bindLaunch(step, "steps[" + std::to_string(i) + "]",
                               binding.symbols, binding.configs[i]);
    if (!status.ok())
      return status.withPrefix(prefix);
  }
  return binding;
}
