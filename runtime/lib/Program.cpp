//===- Program.cpp - a loaded kernel module and its launches --------------===//
//
// Part of fusec. Loads PTX with the driver's JIT, resolves the entries a
// launch description names, and executes the description's steps.
//
//===----------------------------------------------------------------------===//

#include "fusec/runtime/Program.h"

#include "fusec/runtime/Device.h"

#include "CudaDriver.h"

#include <atomic>
#include <climits>
#include <cstring>
#include <mutex>

using namespace fusec::rt;

namespace {

/// A resolved kernel entry.
struct Entry {
  std::string name;
  cu::Function function = nullptr;
  /// Dynamic shared memory the function has been opted in to. Kernels with
  /// static shared memory may take less than 48 KiB of dynamic shared
  /// memory without opting in, so rather than guess that threshold, the
  /// first launch that needs more than this opts in to exactly what it
  /// needs. Only grows, so a concurrent smaller launch is never hurt.
  std::atomic<uint32_t> sharedOptIn{0};
  std::mutex mutex;
};

/// Where a step's buffer or size comes from at launch. A tensor map is
/// encoded at launch from its buffer (Arg or Temp).
struct Ref {
  enum class Kind { Arg, Temp, Size };
  Kind kind = Kind::Arg;
  size_t index = 0;
  bool tensorMap = false;
  std::array<int64_t, 2> box = {0, 0};
};

/// A step with its names resolved once, at load time.
struct ResolvedStep {
  StepDesc::Kind kind = StepDesc::Kind::Launch;
  Ref target; ///< Memset.
  Entry *entry = nullptr;
  std::vector<Ref> params;
};

std::string stepPath(size_t i) { return "steps[" + std::to_string(i) + "]"; }

std::string formatTriple(const std::array<uint32_t, 3> &v) {
  return "[" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " +
         std::to_string(v[2]) + "]";
}

/// The compute capability an arch such as "sm_90", "sm_90a" or
/// "compute_100" needs, as major * 10 + minor; 0 when not recognized.
int archVersion(const std::string &arch) {
  size_t pos;
  if (arch.rfind("sm_", 0) == 0)
    pos = 3;
  else if (arch.rfind("compute_", 0) == 0)
    pos = 8;
  else
    return 0;
  int version = 0;
  size_t digits = 0;
  for (;
       pos < arch.size() && arch[pos] >= '0' && arch[pos] <= '9' && digits < 4;
       ++pos, ++digits)
    version = version * 10 + (arch[pos] - '0');
  return digits >= 2 ? version : 0;
}

/// The text of a NUL-terminated JIT log buffer, without trailing newlines.
std::string logText(const std::vector<char> &buffer) {
  std::string text(buffer.data(), strnlen(buffer.data(), buffer.size()));
  while (!text.empty() &&
         (text.back() == '\n' || text.back() == ' ' || text.back() == '\r'))
    text.pop_back();
  return text;
}

/// Encodes the tensor map of a rank-2 row-major buffer: boxes of
/// box[0] features x box[1] rows, stored with the 128-byte swizzle, zeros
/// outside the buffer (docs/abi.md).
Status makeTensorMap(const cu::Api &api, const std::string &name,
                     uint64_t pointer, const std::vector<int64_t> &shape,
                     DType dtype, const std::array<int64_t, 2> &box,
                     cu::TensorMap &map) {
  std::string what = "tensor map of '" + name + "'";
  if (!api.cuTensorMapEncodeTiled)
    return Status::error(
        what + ": the CUDA driver has no cuTensorMapEncodeTiled (a driver "
               "for CUDA 12 or later is needed for TMA kernels)",
        ErrorCode::Unavailable);
  int type = dtype == DType::F16    ? cu::kTensorMapFloat16
             : dtype == DType::BF16 ? cu::kTensorMapBFloat16
                                    : cu::kTensorMapFloat32;
  uint64_t bytes = dtypeBytes(dtype);
  // TMA coordinates are signed 32-bit.
  if (shape.size() != 2 || shape[0] < 1 || shape[1] < 1 ||
      shape[0] > INT32_MAX || shape[1] > INT32_MAX)
    return Status::error(what + ": TMA kernels take 1 to 2^31 - 1 rows and "
                                "features (compile with --cluster=0 for "
                                "cp.async copies)");
  uint64_t rowBytes = static_cast<uint64_t>(shape[1]) * bytes;
  if (rowBytes % 16 != 0 || pointer % 16 != 0)
    return Status::error(what + ": TMA needs 16-byte aligned rows (" +
                         std::to_string(rowBytes) + " bytes per row)");
  uint64_t dims[2] = {static_cast<uint64_t>(shape[1]),
                      static_cast<uint64_t>(shape[0])};
  uint64_t strides[1] = {rowBytes};
  uint32_t boxDims[2] = {static_cast<uint32_t>(box[0]),
                         static_cast<uint32_t>(box[1])};
  uint32_t elementStrides[2] = {1, 1};
  return cu::check(
      api,
      api.cuTensorMapEncodeTiled(
          &map, type, 2, reinterpret_cast<void *>(pointer), dims, strides,
          boxDims, elementStrides, cu::kTensorMapInterleaveNone,
          cu::kTensorMapSwizzle128B, cu::kTensorMapL2Promotion256B,
          cu::kTensorMapOOBFillZero),
      "cuTensorMapEncodeTiled",
      what + ", " + std::to_string(shape[0]) + " x " +
          std::to_string(shape[1]) + " " + dtypeName(dtype) + ", box " +
          std::to_string(box[0]) + " x " + std::to_string(box[1]));
}

} // namespace

struct Program::Impl {
  LaunchDesc desc;
  int device = 0;
  cu::Module module = nullptr;
  std::string jitLog;
  int64_t maxSharedOptIn = cu::kDefaultMaxDynamicShared;
  /// Where the calls' temporaries come from in stream order; nullptr:
  /// cuMemAlloc, and the call waits for its steps before freeing them.
  cu::MemPool temporaryPool = nullptr;
  std::vector<std::unique_ptr<Entry>> entries;
  std::vector<ResolvedStep> steps;

  ~Impl() {
    if (!module)
      return;
    Expected<const cu::Api *> api = cu::makeCurrent(device);
    if (api.ok())
      (*api)->cuModuleUnload(module);
  }

  Status load(const cu::Api &api, std::string_view ptx);
  Status resolve(const cu::Api &api);
  Status ensureShared(const cu::Api &api, Entry &entry, uint32_t bytes) const;
};

Status Program::Impl::load(const cu::Api &api, std::string_view ptx) {
  // The JIT needs a NUL-terminated image.
  std::string image(ptx);
  std::vector<char> infoLog(16 * 1024, '\0'), errorLog(16 * 1024, '\0');
  cu::JitOption options[] = {
      cu::kJitInfoLogBuffer, cu::kJitInfoLogBufferSizeBytes,
      cu::kJitErrorLogBuffer, cu::kJitErrorLogBufferSizeBytes};
  // Option values are passed as pointers; sizes are cast into them. The
  // buffers keep a final NUL the JIT cannot overwrite.
  void *values[] = {
      infoLog.data(),
      reinterpret_cast<void *>(static_cast<uintptr_t>(infoLog.size() - 1)),
      errorLog.data(),
      reinterpret_cast<void *>(static_cast<uintptr_t>(errorLog.size() - 1))};
  cu::Result result = api.cuModuleLoadDataEx(
      &module, image.c_str(), sizeof(options) / sizeof(options[0]), options,
      values);
  jitLog = logText(infoLog);
  if (result == cu::kSuccess)
    return Status::success();
  module = nullptr;
  std::string log = logText(errorLog);
  return cu::callError(api, result, "cuModuleLoadDataEx",
                       "loading the PTX of '" + desc.function + "' (" +
                           desc.arch + ") on device " + std::to_string(device) +
                           "; JIT log: " + (log.empty() ? "(empty)" : log));
}

Status Program::Impl::resolve(const cu::Api &api) {
  auto refTo = [&](const std::string &name) {
    Ref ref;
    int arg = desc.findArg(name);
    if (arg >= 0) {
      ref.kind = Ref::Kind::Arg;
      ref.index = arg;
    } else {
      // Verified: a name that is not an argument is a temporary.
      ref.kind = Ref::Kind::Temp;
      ref.index = desc.findBuffer(name);
    }
    return ref;
  };

  for (size_t i = 0; i < desc.steps.size(); ++i) {
    const StepDesc &step = desc.steps[i];
    ResolvedStep resolved;
    resolved.kind = step.kind;
    if (step.kind == StepDesc::Kind::Memset) {
      resolved.target = refTo(step.buffer);
      steps.push_back(std::move(resolved));
      continue;
    }
    for (const std::unique_ptr<Entry> &entry : entries)
      if (entry->name == step.entry)
        resolved.entry = entry.get();
    if (!resolved.entry) {
      auto entry = std::make_unique<Entry>();
      entry->name = step.entry;
      Status status = cu::check(
          api,
          api.cuModuleGetFunction(&entry->function, module, step.entry.c_str()),
          "cuModuleGetFunction",
          stepPath(i) + ".entry: looking up '" + step.entry +
              "' in the PTX of '" + desc.function + "'");
      if (!status.ok())
        return status;
      resolved.entry = entry.get();
      entries.push_back(std::move(entry));
    }
    for (const ParamDesc &param : step.params) {
      if (param.kind == ParamDesc::Kind::TensorMap) {
        Ref ref = refTo(param.name);
        ref.tensorMap = true;
        ref.box = param.box;
        resolved.params.push_back(ref);
      } else if (param.kind == ParamDesc::Kind::Buffer) {
        resolved.params.push_back(refTo(param.name));
      } else {
        Ref ref;
        ref.kind = Ref::Kind::Size;
        ref.index = desc.findSize(param.name);
        resolved.params.push_back(ref);
      }
    }
    steps.push_back(std::move(resolved));
  }
  return Status::success();
}

Status Program::Impl::ensureShared(const cu::Api &api, Entry &entry,
                                   uint32_t bytes) const {
  if (bytes <= entry.sharedOptIn.load(std::memory_order_acquire))
    return Status::success();
  std::lock_guard<std::mutex> lock(entry.mutex);
  if (bytes <= entry.sharedOptIn.load(std::memory_order_relaxed))
    return Status::success();
  Status status =
      cu::check(api,
                api.cuFuncSetAttribute(entry.function,
                                       cu::kFuncAttrMaxDynamicSharedSizeBytes,
                                       static_cast<int>(bytes)),
                "cuFuncSetAttribute",
                "allowing " + std::to_string(bytes) +
                    " bytes of dynamic shared memory for '" + entry.name + "'");
  if (status.ok())
    entry.sharedOptIn.store(bytes, std::memory_order_release);
  return status;
}

Program::Program(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
Program::~Program() = default;

const LaunchDesc &Program::desc() const { return impl->desc; }
int Program::device() const { return impl->device; }
const std::string &Program::jitLog() const { return impl->jitLog; }

Expected<std::unique_ptr<Program>>
Program::create(std::string_view ptx, std::string_view launchJSON, int device) {
  // Without a separate description, use the one fusec embedded in the PTX.
  std::optional<std::string> embedded;
  if (launchJSON.empty()) {
    embedded = extractLaunchDesc(ptx);
    if (!embedded)
      return Status::error("no launch description given, and the PTX has "
                           "no '// fusec-launch:' line");
    launchJSON = *embedded;
  }
  Expected<LaunchDesc> desc = parseLaunchDesc(launchJSON);
  if (!desc.ok())
    return desc.status();
  return create(ptx, desc.take(), device);
}

Expected<std::unique_ptr<Program>>
Program::create(std::string_view ptx, LaunchDesc desc, int device) {
  Status status = verifyLaunchDesc(desc);
  if (!status.ok())
    return status;
  if (ptx.empty())
    return Status::error("no PTX to load for '" + desc.function + "'");
  Expected<const cu::Api *> loaded = cu::makeCurrent(device);
  if (!loaded.ok())
    return loaded.status();
  const cu::Api &api = **loaded;

  // A clearer message than the JIT's for the most likely mismatch.
  Expected<ComputeCapability> cc = computeCapability(device);
  if (!cc.ok())
    return cc.status();
  int needed = archVersion(desc.arch);
  if (needed > cc->major * 10 + cc->minor) {
    Expected<std::string> name = deviceName(device);
    return Status::error("'" + desc.function + "' was compiled for " +
                         desc.arch + ", but device " + std::to_string(device) +
                         " (" + (name.ok() ? *name : std::string("unknown")) +
                         ") has compute capability " +
                         std::to_string(cc->major) + "." +
                         std::to_string(cc->minor));
  }

  auto impl = std::make_unique<Impl>();
  impl->desc = std::move(desc);
  impl->device = device;

  cu::Device handle = 0;
  int optIn = 0;
  status = cu::check(api, api.cuDeviceGet(&handle, device), "cuDeviceGet");
  if (status.ok())
    status = cu::check(
        api,
        api.cuDeviceGetAttribute(
            &optIn, cu::kDeviceAttrMaxSharedMemoryPerBlockOptin, handle),
        "cuDeviceGetAttribute");
  if (!status.ok())
    return status;
  impl->maxSharedOptIn = optIn;
  // Only a program with temporaries needs the pool. A driver or device
  // without pools, or a pool that cannot be made, leaves the synchronous
  // path, which is correct, only slower.
  if (!impl->desc.buffers.empty()) {
    Expected<cu::MemPool> pool = cu::temporaryPool(api, device);
    if (pool.ok())
      impl->temporaryPool = *pool;
  }

  status = impl->load(api, ptx);
  if (status.ok())
    status = impl->resolve(api);
  if (!status.ok())
    return status;
  return std::unique_ptr<Program>(new Program(std::move(impl)));
}

Expected<LaunchStats> Program::launch(const ArgValue *args, size_t numArgs,
                                      void *stream) const {
  const LaunchDesc &desc = impl->desc;
  Expected<Binding> bound = bindArguments(desc, args, numArgs);
  if (!bound.ok())
    return bound.status();
  const Binding &binding = *bound;
  const std::string prefix = desc.function + ": ";

  // Finish every check before queueing anything.
  for (size_t i = 0; i < desc.steps.size(); ++i)
    if (desc.steps[i].kind == StepDesc::Kind::Launch &&
        binding.configs[i].sharedBytes > impl->maxSharedOptIn)
      return Status::error(
          prefix + stepPath(i) +
          ".shared_bytes: " + std::to_string(binding.configs[i].sharedBytes) +
          " bytes of dynamic shared memory, more than device " +
          std::to_string(impl->device) + "'s maximum of " +
          std::to_string(impl->maxSharedOptIn));

  Expected<const cu::Api *> loaded = cu::makeCurrent(impl->device);
  if (!loaded.ok())
    return loaded.status();
  const cu::Api &api = **loaded;
  cu::Stream cuStream = static_cast<cu::Stream>(stream);

  for (size_t i = 0; i < impl->steps.size(); ++i) {
    const ResolvedStep &step = impl->steps[i];
    if (step.kind != StepDesc::Kind::Launch)
      continue;
    Status status =
        impl->ensureShared(api, *step.entry, binding.configs[i].sharedBytes);
    if (!status.ok())
      return status.withPrefix(prefix + stepPath(i) + ": ");
  }

  // Temporaries. From the pool they are allocated and freed in stream
  // order: nothing waits, and a CUDA graph capture records them. Otherwise
  // nothing is queued yet, so a failure frees without waiting.
  cu::MemPool pool = impl->temporaryPool;
  std::vector<cu::DevicePtr> temps(desc.buffers.size(), 0);
  auto freeTemps = [&]() {
    Status first;
    for (cu::DevicePtr &ptr : temps) {
      if (ptr) {
        Status status =
            pool ? cu::check(api, api.cuMemFreeAsync(ptr, cuStream),
                             "cuMemFreeAsync")
                 : cu::check(api, api.cuMemFree(ptr), "cuMemFree_v2");
        if (first.ok())
          first = status;
      }
      ptr = 0;
    }
    return first;
  };
  bool anyTemps = false;
  for (size_t i = 0; i < temps.size(); ++i) {
    uint64_t bytes = binding.bufferBytes[i];
    if (bytes == 0)
      continue;
    std::string what = "allocating " + std::to_string(bytes) +
                       " bytes for buffer '" + desc.buffers[i].name + "'";
    Status status = pool ? cu::check(api,
                                     api.cuMemAllocFromPoolAsync(
                                         &temps[i], bytes, pool, cuStream),
                                     "cuMemAllocFromPoolAsync", what)
                         : cu::check(api, api.cuMemAlloc(&temps[i], bytes),
                                     "cuMemAlloc_v2", what);
    if (!status.ok()) {
      temps[i] = 0;
      (void)freeTemps();
      return status.withPrefix(prefix);
    }
    anyTemps = true;
  }

  auto pointerOf = [&](const Ref &ref) -> uint64_t {
    return ref.kind == Ref::Kind::Arg ? args[ref.index].ptr : temps[ref.index];
  };
  auto bytesOf = [&](const Ref &ref) -> uint64_t {
    return ref.kind == Ref::Kind::Arg ? binding.argBytes[ref.index]
                                      : binding.bufferBytes[ref.index];
  };

  LaunchStats stats;
  stats.tempBytes = binding.tempBytes;
  Status failure;
  std::vector<uint64_t> values;
  std::vector<void *> params;
  std::vector<cu::TensorMap> maps;
  // The shape and dtype of a tensor map's buffer, as bound for this call.
  auto tensorMapShape = [&](const Ref &ref) -> const std::vector<int64_t> & {
    return ref.kind == Ref::Kind::Arg ? args[ref.index].shape
                                      : binding.bufferShapes[ref.index];
  };
  auto encodeTensorMap = [&](const cu::Api &api, const Ref &ref,
                             uint64_t pointer, cu::TensorMap &map) -> Status {
    bool isArg = ref.kind == Ref::Kind::Arg;
    DType dtype = isArg ? args[ref.index].dtype : desc.buffers[ref.index].dtype;
    const std::string &name =
        isArg ? desc.args[ref.index].name : desc.buffers[ref.index].name;
    return makeTensorMap(api, name, pointer, tensorMapShape(ref), dtype,
                         ref.box, map);
  };
  // A step whose tensor-mapped operand is empty has no work: fusec gives
  // tensor maps only to kernels whose outputs are empty then (docs/abi.md),
  // and a map of an empty buffer cannot be encoded.
  auto hasEmptyTensorMap = [&](const ResolvedStep &step) {
    for (const Ref &ref : step.params)
      if (ref.tensorMap)
        for (int64_t extent : tensorMapShape(ref))
          if (extent == 0)
            return true;
    return false;
  };
  for (size_t i = 0; i < impl->steps.size(); ++i) {
    const ResolvedStep &step = impl->steps[i];
    const StepDesc &stepDesc = desc.steps[i];
    if (step.kind == StepDesc::Kind::Memset) {
      uint64_t bytes = bytesOf(step.target);
      if (bytes)
        failure = cu::check(
            api,
            api.cuMemsetD8Async(pointerOf(step.target),
                                static_cast<unsigned char>(stepDesc.byte),
                                bytes, cuStream),
            "cuMemsetD8Async",
            "filling " + std::to_string(bytes) + " bytes of '" +
                stepDesc.buffer + "'");
      if (!failure.ok()) {
        failure = failure.withPrefix(prefix + stepPath(i) + ": ");
        break;
      }
      ++stats.memsets;
      continue;
    }
    if (hasEmptyTensorMap(step))
      continue;
    // Each parameter is 8 bytes (a u64 pointer or an i64 size) or a
    // 128-byte tensor map, which the launch copies by value.
    values.resize(step.params.size());
    params.resize(step.params.size());
    maps.resize(step.params.size());
    for (size_t p = 0; p < step.params.size() && failure.ok(); ++p) {
      const Ref &ref = step.params[p];
      if (ref.tensorMap) {
        failure = encodeTensorMap(api, ref, pointerOf(ref), maps[p]);
        if (!failure.ok())
          failure = failure.withPrefix(prefix + stepPath(i) + ".params[" +
                                       std::to_string(p) + "]: ");
        params[p] = &maps[p];
        continue;
      }
      values[p] = ref.kind == Ref::Kind::Size
                      ? static_cast<uint64_t>(binding.sizes[ref.index])
                      : pointerOf(ref);
      params[p] = &values[p];
    }
    if (!failure.ok())
      break;
    const LaunchConfig &config = binding.configs[i];
    failure = cu::check(
        api,
        api.cuLaunchKernel(step.entry->function, config.grid[0], config.grid[1],
                           config.grid[2], config.block[0], config.block[1],
                           config.block[2], config.sharedBytes, cuStream,
                           params.empty() ? nullptr : params.data(), nullptr),
        "cuLaunchKernel",
        "entry '" + step.entry->name + "', grid " + formatTriple(config.grid) +
            ", block " + formatTriple(config.block) + ", shared_bytes " +
            std::to_string(config.sharedBytes));
    if (!failure.ok()) {
      failure = failure.withPrefix(prefix + stepPath(i) + ": ");
      break;
    }
    ++stats.kernels;
  }

  if (anyTemps && pool) {
    // Freed in stream order: the memory returns to the pool once the steps
    // queued before are done.
    Status status = freeTemps();
    if (failure.ok())
      failure = status.withPrefix(prefix);
  } else if (anyTemps) {
    // The temporaries must outlive the kernels that use them. This also
    // surfaces asynchronous kernel faults in this call.
    stats.synchronized = true;
    Status status =
        cu::check(api, api.cuStreamSynchronize(cuStream), "cuStreamSynchronize",
                  "waiting for the steps to finish");
    if (failure.ok())
      failure = status.withPrefix(prefix);
    status = freeTemps();
    if (failure.ok())
      failure = status.withPrefix(prefix);
  }
  if (!failure.ok())
    return failure;
  return stats;
}
