//===- Binding.h - launch argument checking ---------------------*- C++ -*-===//
//
// Part of fusec. Binds a call's arguments to a launch description: checks
// them (docs/abi.md, "What the runtime checks at launch"), resolves the size
// symbols, sizes the temporaries and evaluates every launch configuration.
// It needs no driver, so that all of this is testable on a machine without
// a GPU; Program::launch runs it before touching the device.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_RUNTIME_BINDING_H
#define FUSEC_RUNTIME_BINDING_H

#include "fusec/runtime/LaunchDesc.h"

#include <array>
#include <cstdint>
#include <vector>

FUSEC_RT_PUSH_EXPORTS
namespace fusec::rt {

/// One argument of a call, as the caller passes it: a dense, row-major
/// device buffer.
struct ArgValue {
  uint64_t ptr = 0; ///< Device pointer (a CUdeviceptr).
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
};

/// The evaluated configuration of one launch step.
struct LaunchConfig {
  std::array<uint32_t, 3> grid = {1, 1, 1};
  std::array<uint32_t, 3> block = {1, 1, 1};
  uint32_t sharedBytes = 0;
};

/// Limits the binding enforces. Grid x may reach 2^31 - 1 (docs/abi.md);
/// grid y/z and the block limits are those of every NVIDIA GPU since
/// compute capability 3.0, checked here so that the error names the step
/// instead of coming back as CUDA_ERROR_INVALID_VALUE from the driver.
inline constexpr int64_t kMaxGridX = 2147483647;
inline constexpr int64_t kMaxGridYZ = 65535;
inline constexpr int64_t kMaxBlockXY = 1024;
inline constexpr int64_t kMaxBlockZ = 64;
inline constexpr int64_t kMaxThreadsPerBlock = 1024;

/// Everything a launch needs that depends on the arguments' shapes.
struct Binding {
  /// Size symbol values by name, and in the order of LaunchDesc::sizes.
  SymbolValues symbols;
  std::vector<int64_t> sizes;
  /// Byte counts of the arguments and of the temporary buffers.
  std::vector<uint64_t> argBytes;
  std::vector<uint64_t> bufferBytes;
  /// The temporary buffers' shapes with their size symbols evaluated.
  std::vector<std::vector<int64_t>> bufferShapes;
  /// Sum of bufferBytes: what a call allocates on top of its arguments.
  uint64_t tempBytes = 0;
  /// One per step (memset steps keep the default).
  std::vector<LaunchConfig> configs;
};

/// Checks `args` against `desc` and evaluates sizes and configurations.
/// Errors start with the function's name and name the argument and
/// dimension, or the step and field, at fault. Works on descriptions that
/// were not verified too (it reports unknown names instead of misbehaving),
/// although only verified ones get complete checking.
Expected<Binding> bindArguments(const LaunchDesc &desc, const ArgValue *args,
                                size_t numArgs);
inline Expected<Binding> bindArguments(const LaunchDesc &desc,
                                       const std::vector<ArgValue> &args) {
  return bindArguments(desc, args.data(), args.size());
}

} // namespace fusec::rt
FUSEC_RT_POP_EXPORTS

#endif // FUSEC_RUNTIME_BINDING_H
