//===- Device.cpp - devices, memory, streams, events ----------------------===//
//
// Part of fusec. The public wrappers of Device.h over the driver entry
// points of CudaDriver.h.
//
//===----------------------------------------------------------------------===//

#include "fusec/runtime/Device.h"

#include "CudaDriver.h"

using namespace fusec::rt;

static std::string onDevice(int device) {
  return "device " + std::to_string(device);
}

Status fusec::rt::driverAvailable() {
  Expected<const cu::Api *> api = cu::driver();
  return api.ok() ? Status::success() : api.status();
}

Expected<int> fusec::rt::deviceCount() {
  Expected<const cu::Api *> api = cu::driver();
  if (!api.ok())
    return api.status();
  int count = 0;
  Status status =
      cu::check(**api, (*api)->cuDeviceGetCount(&count), "cuDeviceGetCount");
  if (!status.ok())
    return status;
  return count;
}

/// The CUdevice of an ordinal, with a readable error for a bad ordinal.
static Expected<cu::Device> getDevice(const cu::Api &api, int device) {
  int count = 0;
  Status status =
      cu::check(api, api.cuDeviceGetCount(&count), "cuDeviceGetCount");
  if (!status.ok())
    return status;
  if (device < 0 || device >= count)
    return Status::error("CUDA device " + std::to_string(device) +
                         " does not exist (this machine has " +
                         std::to_string(count) + ")");
  cu::Device handle = 0;
  status = cu::check(api, api.cuDeviceGet(&handle, device), "cuDeviceGet",
                     onDevice(device));
  if (!status.ok())
    return status;
  return handle;
}

Expected<std::string> fusec::rt::deviceName(int device) {
  Expected<const cu::Api *> api = cu::driver();
  if (!api.ok())
    return api.status();
  Expected<cu::Device> handle = getDevice(**api, device);
  if (!handle.ok())
    return handle.status();
  char name[256] = {0};
  Status status =
      cu::check(**api, (*api)->cuDeviceGetName(name, sizeof(name) - 1, *handle),
                "cuDeviceGetName", onDevice(device));
  if (!status.ok())
    return status;
  return std::string(name);
}

Expected<ComputeCapability> fusec::rt::computeCapability(int device) {
  Expected<const cu::Api *> api = cu::driver();
  if (!api.ok())
    return api.status();
  const cu::Api &a = **api;
  Expected<cu::Device> handle = getDevice(a, device);
  if (!handle.ok())
    return handle.status();
  ComputeCapability cc;
  Status status =
      cu::check(a,
                a.cuDeviceGetAttribute(
                    &cc.major, cu::kDeviceAttrComputeCapabilityMajor, *handle),
                "cuDeviceGetAttribute", onDevice(device));
  if (status.ok())
    status = cu::check(
        a,
        a.cuDeviceGetAttribute(&cc.minor, cu::kDeviceAttrComputeCapabilityMinor,
                               *handle),
        "cuDeviceGetAttribute", onDevice(device));
  if (!status.ok())
    return status;
  return cc;
}

Expected<MemoryInfo> fusec::rt::memoryInfo(int device) {
  Expected<const cu::Api *> api = cu::makeCurrent(device);
  if (!api.ok())
    return api.status();
  size_t free = 0, total = 0;
  Status status = cu::check(**api, (*api)->cuMemGetInfo(&free, &total),
                            "cuMemGetInfo_v2", onDevice(device));
  if (!status.ok())
    return status;
  return MemoryInfo{free, total};
}

Status fusec::rt::synchronize(void *stream, int device) {
  Expected<const cu::Api *> api = cu::makeCurrent(device);
  if (!api.ok())
    return api.status();
  return cu::check(**api,
                   (*api)->cuStreamSynchronize(static_cast<cu::Stream>(stream)),
                   "cuStreamSynchronize", onDevice(device));
}

//===----------------------------------------------------------------------===//
// Raw memory
//===----------------------------------------------------------------------===//

Expected<uint64_t> fusec::rt::allocateDevice(uint64_t bytes, int device) {
  // cuMemAlloc refuses 0 bytes; an empty buffer needs no memory.
  if (bytes == 0)
    return uint64_t(0);
  Expected<const cu::Api *> api = cu::makeCurrent(device);
  if (!api.ok())
    return api.status();
  cu::DevicePtr ptr = 0;
  Status status = cu::check(
      **api, (*api)->cuMemAlloc(&ptr, bytes), "cuMemAlloc_v2",
      "allocating " + std::to_string(bytes) + " bytes on " + onDevice(device));
  if (!status.ok())
    return status;
  return uint64_t(ptr);
}

Status fusec::rt::freeDevice(uint64_t ptr, int device) {
  if (ptr == 0)
    return Status::success();
  Expected<const cu::Api *> api = cu::makeCurrent(device);
  if (!api.ok())
    return api.status();
  return cu::check(**api, (*api)->cuMemFree(ptr), "cuMemFree_v2",
                   onDevice(device));
}

Status fusec::rt::copyHostToDevice(uint64_t dst, const void *src,
                                   uint64_t bytes, int device) {
  if (bytes == 0)
    return Status::success();
  Expected<const cu::Api *> api = cu::makeCurrent(device);
  if (!api.ok())
    return api.status();
  return cu::check(**api, (*api)->cuMemcpyHtoD(dst, src, bytes),
                   "cuMemcpyHtoD_v2",
                   "copying " + std::to_string(bytes) + " bytes");
}

Status fusec::rt::copyDeviceToHost(void *dst, uint64_t src, uint64_t bytes,
                                   int device) {
  if (bytes == 0)
    return Status::success();
  Expected<const cu::Api *> api = cu::makeCurrent(device);
  if (!api.ok())
    return api.status();
  return cu::check(**api, (*api)->cuMemcpyDtoH(dst, src, bytes),
                   "cuMemcpyDtoH_v2",
                   "copying " + std::to_string(bytes) + " bytes");
}

Status fusec::rt::memsetDevice(uint64_t dst, uint8_t byte, uint64_t bytes,
                               int device) {
  if (bytes == 0)
    return Status::success();
  Expected<const cu::Api *> api = cu::makeCurrent(device);
  if (!api.ok())
    return api.status();
  return cu::check(**api, (*api)->cuMemsetD8(dst, byte, bytes), "cuMemsetD8_v2",
                   "filling " + std::to_string(bytes) + " bytes");
}

//===----------------------------------------------------------------------===//
// DeviceBuffer
//===----------------------------------------------------------------------===//

Expected<DeviceBuffer> DeviceBuffer::allocate(uint64_t bytes, int device) {
  Expected<uint64_t> ptr = allocateDevice(bytes, device);
  if (!ptr.ok())
    return ptr.status();
  DeviceBuffer buffer;
  buffer.devicePtr = *ptr;
  buffer.byteSize = bytes;
  buffer.ordinal = device;
  return Expected<DeviceBuffer>(std::move(buffer));
}

DeviceBuffer::~DeviceBuffer() { (void)free(); }

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept
    : devicePtr(other.devicePtr), byteSize(other.byteSize),
      ordinal(other.ordinal) {
  other.devicePtr = 0;
  other.byteSize = 0;
}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&other) noexcept {
  if (this != &other) {
    (void)free();
    devicePtr = other.devicePtr;
    byteSize = other.byteSize;
    ordinal = other.ordinal;
    other.devicePtr = 0;
    other.byteSize = 0;
  }
  return *this;
}

Status DeviceBuffer::checkRange(uint64_t bytes, uint64_t offset) const {
  uint64_t end;
  if (__builtin_add_overflow(offset, bytes, &end) || end > byteSize)
    return Status::error("bytes [" + std::to_string(offset) + ", " +
                         std::to_string(offset) + " + " +
                         std::to_string(bytes) + ") are outside the " +
                         std::to_string(byteSize) + "-byte device buffer");
  return Status::success();
}

Status DeviceBuffer::copyFromHost(const void *src, uint64_t bytes,
                                  uint64_t offset) {
  Status status = checkRange(bytes, offset);
  if (!status.ok())
    return status;
  return copyHostToDevice(devicePtr + offset, src, bytes, ordinal);
}

Status DeviceBuffer::copyToHost(void *dst, uint64_t bytes,
                                uint64_t offset) const {
  Status status = checkRange(bytes, offset);
  if (!status.ok())
    return status;
  return copyDeviceToHost(dst, devicePtr + offset, bytes, ordinal);
}

Status DeviceBuffer::memset(uint8_t byte) {
  return memsetDevice(devicePtr, byte, byteSize, ordinal);
}

Status DeviceBuffer::free() {
  uint64_t ptr = devicePtr;
  devicePtr = 0;
  byteSize = 0;
  return freeDevice(ptr, ordinal);
}

//===----------------------------------------------------------------------===//
// Stream
//===----------------------------------------------------------------------===//

Expected<Stream> Stream::create(int device) {
  Expected<const cu::Api *> api = cu::makeCurrent(device);
  if (!api.ok())
    return api.status();
  cu::Stream handle = nullptr;
  Status status =
      cu::check(**api, (*api)->cuStreamCreate(&handle, cu::kStreamNonBlocking),
                "cuStreamCreate", onDevice(device));
  if (!status.ok())
    return status;
  Stream stream;
  stream.raw = handle;
  stream.ordinal = device;
  return Expected<Stream>(std::move(stream));
}

void Stream::reset() {
  if (!raw)
    return;
  Expected<const cu::Api *> api = cu::makeCurrent(ordinal);
  if (api.ok())
    (*api)->cuStreamDestroy(static_cast<cu::Stream>(raw));
  raw = nullptr;
}

Stream::~Stream() { reset(); }

Stream::Stream(Stream &&other) noexcept
    : raw(other.raw), ordinal(other.ordinal) {
  other.raw = nullptr;
}

Stream &Stream::operator=(Stream &&other) noexcept {
  if (this != &other) {
    reset();
    raw = other.raw;
    ordinal = other.ordinal;
    other.raw = nullptr;
  }
  return *this;
}

Status Stream::synchronize() const {
  if (!raw)
    return Status::error("synchronize of an empty Stream");
  return fusec::rt::synchronize(raw, ordinal);
}

//===----------------------------------------------------------------------===//
// Event
//===----------------------------------------------------------------------===//

Expected<Event> Event::create(int device) {
  Expected<const cu::Api *> api = cu::makeCurrent(device);
  if (!api.ok())
    return api.status();
  cu::Event handle = nullptr;
  Status status =
      cu::check(**api, (*api)->cuEventCreate(&handle, cu::kEventDefault),
                "cuEventCreate", onDevice(device));
  if (!status.ok())
    return status;
  Event event;
  event.raw = handle;
  event.ordinal = device;
  return Expected<Event>(std::move(event));
}

void Event::reset() {
  if (!raw)
    return;
  Expected<const cu::Api *> api = cu::makeCurrent(ordinal);
  if (api.ok())
    (*api)->cuEventDestroy(static_cast<cu::Event>(raw));
  raw = nullptr;
}

Event::~Event() { reset(); }

Event::Event(Event &&other) noexcept : raw(other.raw), ordinal(other.ordinal) {
  other.raw = nullptr;
}

Event &Event::operator=(Event &&other) noexcept {
  if (this != &other) {
    reset();
    raw = other.raw;
    ordinal = other.ordinal;
    other.raw = nullptr;
  }
  return *this;
}

Status Event::record(void *stream) {
  if (!raw)
    return Status::error("record of an empty Event");
  Expected<const cu::Api *> api = cu::makeCurrent(ordinal);
  if (!api.ok())
    return api.status();
  return cu::check(**api,
                   (*api)->cuEventRecord(static_cast<cu::Event>(raw),
                                         static_cast<cu::Stream>(stream)),
                   "cuEventRecord");
}

Status Event::synchronize() const {
  if (!raw)
    return Status::error("synchronize of an empty Event");
  Expected<const cu::Api *> api = cu::makeCurrent(ordinal);
  if (!api.ok())
    return api.status();
  return cu::check(**api,
                   (*api)->cuEventSynchronize(static_cast<cu::Event>(raw)),
                   "cuEventSynchronize");
}

Expected<float> Event::elapsedMs(const Event &start, const Event &end) {
  if (!start.raw || !end.raw)
    return Status::error("elapsedMs of an empty Event");
  Expected<const cu::Api *> api = cu::makeCurrent(end.ordinal);
  if (!api.ok())
    return api.status();
  float ms = 0;
  Status status = cu::check(
      **api,
      (*api)->cuEventElapsedTime(&ms, static_cast<cu::Event>(start.raw),
                                 static_cast<cu::Event>(end.raw)),
      "cuEventElapsedTime");
  if (!status.ok())
    return status;
  return ms;
}

Status fusec::rt::warmUpPTXLoading(int device) {
  Expected<const cu::Api *> api = cu::makeCurrent(device);
  if (!api.ok())
    return api.status();
  // The smallest module the driver accepts for every supported GPU: PTX
  // 7.0 for sm_80 runs on sm_80 and later through the driver's JIT.
  static const char kPTX[] = ".version 7.0\n"
                             ".target sm_80\n"
                             ".address_size 64\n"
                             ".visible .entry fusec_warm_up() { ret; }\n";
  cu::Module module = nullptr;
  Status status = cu::check(
      **api, (*api)->cuModuleLoadDataEx(&module, kPTX, 0, nullptr, nullptr),
      "cuModuleLoadDataEx", "warming up the driver's PTX compiler");
  if (!status.ok())
    return status;
  return cu::check(**api, (*api)->cuModuleUnload(module), "cuModuleUnload");
}
