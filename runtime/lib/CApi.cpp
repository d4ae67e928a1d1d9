//===- CApi.cpp - C API of the fusec runtime ------------------------------===//
//
// Part of fusec. Implements fusec_runtime.h over the C++ API: converts
// arguments, and turns Status into return codes and malloc'ed messages.
//
//===----------------------------------------------------------------------===//

#include "fusec/runtime/fusec_runtime.h"

#include "fusec/runtime/Device.h"
#include "fusec/runtime/Program.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

using namespace fusec::rt;

static_assert(FUSEC_RT_F16 == static_cast<int>(DType::F16) &&
                  FUSEC_RT_BF16 == static_cast<int>(DType::BF16) &&
                  FUSEC_RT_F32 == static_cast<int>(DType::F32) &&
                  FUSEC_RT_F64 == static_cast<int>(DType::F64) &&
                  FUSEC_RT_I1 == static_cast<int>(DType::I1) &&
                  FUSEC_RT_I32 == static_cast<int>(DType::I32) &&
                  FUSEC_RT_I64 == static_cast<int>(DType::I64),
              "C dtype codes must match fusec::rt::DType");
static_assert(FUSEC_RT_ERROR == static_cast<int>(ErrorCode::Failure) &&
                  FUSEC_RT_UNAVAILABLE ==
                      static_cast<int>(ErrorCode::Unavailable),
              "C return codes must match fusec::rt::ErrorCode");

struct fusec_rt_program {
  std::unique_ptr<Program> program;
};

/// Returns the C code of `status`, storing its message in *error.
static int report(const Status &status, char **error) {
  if (status.ok())
    return FUSEC_RT_SUCCESS;
  if (error) {
    const std::string &message = status.message();
    *error = static_cast<char *>(std::malloc(message.size() + 1));
    if (*error)
      std::memcpy(*error, message.c_str(), message.size() + 1);
  }
  return static_cast<int>(status.code());
}

static int invalid(const std::string &message, char **error) {
  return report(Status::error(message), error);
}

extern "C" {

void fusec_rt_free_error(char *error) { std::free(error); }

int fusec_rt_driver_status(char **error) {
  return report(driverAvailable(), error);
}

int fusec_rt_device_count(int *count, char **error) {
  if (!count)
    return invalid("fusec_rt_device_count: count is NULL", error);
  Expected<int> result = deviceCount();
  if (result.ok())
    *count = *result;
  return report(result.status(), error);
}

int fusec_rt_device_info(int device, char *name, size_t name_size,
                         int *cc_major, int *cc_minor, char **error) {
  if (name && name_size) {
    Expected<std::string> result = deviceName(device);
    if (!result.ok())
      return report(result.status(), error);
    size_t n = std::min(result->size(), name_size - 1);
    std::memcpy(name, result->data(), n);
    name[n] = '\0';
  }
  if (cc_major || cc_minor) {
    Expected<ComputeCapability> cc = computeCapability(device);
    if (!cc.ok())
      return report(cc.status(), error);
    if (cc_major)
      *cc_major = cc->major;
    if (cc_minor)
      *cc_minor = cc->minor;
  }
  return FUSEC_RT_SUCCESS;
}

int fusec_rt_program_create(const char *ptx, const char *launch_json,
                            int device, fusec_rt_program **out, char **error) {
  if (!out)
    return invalid("fusec_rt_program_create: out is NULL", error);
  *out = nullptr;
  if (!ptx)
    return invalid("fusec_rt_program_create: ptx must not be NULL", error);
  // A NULL description means: the one embedded in the PTX.
  Expected<std::unique_ptr<Program>> program =
      Program::create(ptx, launch_json ? launch_json : "", device);
  if (!program.ok())
    return report(program.status(), error);
  *out = new fusec_rt_program{program.take()};
  return FUSEC_RT_SUCCESS;
}

void fusec_rt_program_destroy(fusec_rt_program *program) { delete program; }

int fusec_rt_program_launch(fusec_rt_program *program, int nargs,
                            const fusec_rt_arg *args, void *stream,
                            fusec_rt_launch_stats *stats, char **error) {
  if (!program)
    return invalid("fusec_rt_program_launch: program is NULL", error);
  if (nargs < 0)
    return invalid("fusec_rt_program_launch: nargs is " +
                       std::to_string(nargs) + ", must be non-negative",
                   error);
  if (nargs > 0 && !args)
    return invalid("fusec_rt_program_launch: args is NULL with nargs " +
                       std::to_string(nargs),
                   error);
  std::vector<ArgValue> values(nargs);
  for (int i = 0; i < nargs; ++i) {
    const fusec_rt_arg &arg = args[i];
    std::string label =
        "fusec_rt_program_launch: argument " + std::to_string(i) + ": ";
    if (arg.dtype < FUSEC_RT_F16 || arg.dtype > FUSEC_RT_I64)
      return invalid(label + "unknown dtype code " + std::to_string(arg.dtype),
                     error);
    if (arg.rank < 0)
      return invalid(label + "rank is " + std::to_string(arg.rank) +
                         ", must be non-negative",
                     error);
    if (arg.rank > 0 && !arg.shape)
      return invalid(
          label + "shape is NULL with rank " + std::to_string(arg.rank), error);
    values[i].ptr = arg.ptr;
    values[i].dtype = static_cast<DType>(arg.dtype);
    values[i].shape.assign(arg.shape, arg.shape + arg.rank);
  }
  Expected<LaunchStats> result =
      program->program->launch(values.data(), values.size(), stream);
  if (!result.ok())
    return report(result.status(), error);
  if (stats) {
    stats->temp_bytes = result->tempBytes;
    stats->synchronized = result->synchronized;
    stats->kernels = result->kernels;
    stats->memsets = result->memsets;
  }
  return FUSEC_RT_SUCCESS;
}

int fusec_rt_malloc(int device, uint64_t bytes, uint64_t *ptr, char **error) {
  if (!ptr)
    return invalid("fusec_rt_malloc: ptr is NULL", error);
  Expected<uint64_t> result = allocateDevice(bytes, device);
  if (result.ok())
    *ptr = *result;
  return report(result.status(), error);
}

int fusec_rt_free(int device, uint64_t ptr, char **error) {
  return report(freeDevice(ptr, device), error);
}

int fusec_rt_memcpy_htod(int device, uint64_t dst, const void *src,
                         uint64_t bytes, char **error) {
  return report(copyHostToDevice(dst, src, bytes, device), error);
}

int fusec_rt_memcpy_dtoh(int device, void *dst, uint64_t src, uint64_t bytes,
                         char **error) {
  return report(copyDeviceToHost(dst, src, bytes, device), error);
}

int fusec_rt_memset(int device, uint64_t dst, int byte, uint64_t bytes,
                    char **error) {
  if (byte < 0 || byte > 255)
    return invalid("fusec_rt_memset: byte " + std::to_string(byte) +
                       " is not in 0-255",
                   error);
  return report(memsetDevice(dst, static_cast<uint8_t>(byte), bytes, device),
                error);
}

int fusec_rt_synchronize(int device, void *stream, char **error) {
  return report(synchronize(stream, device), error);
}

} // extern "C"
