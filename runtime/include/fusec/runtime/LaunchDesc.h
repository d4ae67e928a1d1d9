//===- LaunchDesc.h - kernel launch description -----------------*- C++ -*-===//
//
// Part of fusec. The launch description (`kernel.ptx.json`, see
// docs/abi.md) in memory, with its one JSON parser and serializer. The
// compiler writes descriptions through this header and the runtime reads
// them through it, so the format has exactly one definition; it therefore
// depends on nothing but the C++17 standard library.
//
// Everything here is a plain value type: safe to share between threads
// read-only, no global state.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_RUNTIME_LAUNCHDESC_H
#define FUSEC_RUNTIME_LAUNCHDESC_H

#include "fusec/runtime/Status.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

FUSEC_RT_PUSH_EXPORTS
namespace fusec::rt {

/// The value of the `format` key this version reads and writes.
inline constexpr const char *kLaunchFormat = "fusec-launch-v1";

/// Element types. The numeric values are the C API's dtype codes
/// (fusec_runtime.h); keep them in sync.
enum class DType : int {
  F16 = 0,
  BF16 = 1,
  F32 = 2,
  F64 = 3,
  I1 = 4,
  I32 = 5,
  I64 = 6,
};

/// The JSON spelling: "f16", "bf16", ...
const char *dtypeName(DType dtype);
/// Parses a JSON spelling; std::nullopt if unknown.
std::optional<DType> parseDType(std::string_view name);
/// Bytes per element (`i1` takes one byte).
unsigned dtypeBytes(DType dtype);

/// An integer expression over size symbols: a literal, a symbol, or a
/// binary operation. Written in JSON as `3`, `"s0"` or `["cdiv", a, b]`.
struct Expr {
  enum class Kind { Integer, Symbol, Op };
  enum class OpKind { Add, Sub, Mul, CDiv, Min, Max };

  Kind kind = Kind::Integer;
  int64_t value = 0;          ///< Kind::Integer.
  std::string symbol;         ///< Kind::Symbol.
  OpKind op = OpKind::Add;    ///< Kind::Op.
  std::vector<Expr> operands; ///< Kind::Op: exactly two.

  static Expr integer(int64_t value);
  static Expr sym(std::string name);
  static Expr apply(OpKind op, Expr lhs, Expr rhs);

  bool operator==(const Expr &other) const;
  bool operator!=(const Expr &other) const { return !(*this == other); }
};

/// "add", "sub", "mul", "cdiv", "min", "max".
const char *opName(Expr::OpKind op);
/// The compact JSON form of `expr`, e.g. `["cdiv", "s0", 64]`.
std::string toString(const Expr &expr);

/// One entry of a shape: a static size or a size symbol.
struct Dim {
  std::string symbol; ///< Non-empty for a dynamic dimension.
  int64_t size = 0;   ///< The static size when `symbol` is empty.

  static Dim fixed(int64_t size) { return Dim{std::string(), size}; }
  static Dim symbolic(std::string name) { return Dim{std::move(name), 0}; }
  bool isSymbol() const { return !symbol.empty(); }
  bool operator==(const Dim &other) const {
    return symbol == other.symbol && size == other.size;
  }
};

/// A dynamic size symbol, defined by dimension `dim` of argument `arg`.
struct SizeDesc {
  std::string name;
  int64_t arg = 0;
  int64_t dim = 0;
  bool operator==(const SizeDesc &other) const {
    return name == other.name && arg == other.arg && dim == other.dim;
  }
};

enum class ArgRole { Input, Output };

/// A function argument (a dense, row-major device buffer).
struct ArgDesc {
  std::string name;
  ArgRole role = ArgRole::Input;
  DType dtype = DType::F32;
  std::vector<Dim> shape;
  bool operator==(const ArgDesc &other) const {
    return name == other.name && role == other.role && dtype == other.dtype &&
           shape == other.shape;
  }
};

/// A temporary buffer, allocated by the runtime for the duration of a call.
struct BufferDesc {
  std::string name;
  DType dtype = DType::F32;
  std::vector<Dim> shape;
  bool operator==(const BufferDesc &other) const {
    return name == other.name && dtype == other.dtype && shape == other.shape;
  }
};

/// A kernel parameter: a buffer (passed as a u64 device pointer), a size
/// symbol (passed as an i64), or a tensor map of a rank-2 buffer (a
/// 128-byte CUtensorMap passed by value, for Hopper's TMA loads).
struct ParamDesc {
  enum class Kind { Buffer, Size, TensorMap };
  Kind kind = Kind::Buffer;
  std::string name;
  /// TensorMap: the box one load copies, {features, rows} (innermost
  /// first). The map tiles the buffer with the 128-byte swizzle, so
  /// box[0] * element bytes is 128; elements outside the buffer read as 0.
  std::array<int64_t, 2> box = {0, 0};

  static ParamDesc buffer(std::string name) {
    return ParamDesc{Kind::Buffer, std::move(name), {0, 0}};
  }
  static ParamDesc size(std::string name) {
    return ParamDesc{Kind::Size, std::move(name), {0, 0}};
  }
  static ParamDesc tensorMap(std::string name, int64_t inner, int64_t outer) {
    return ParamDesc{Kind::TensorMap, std::move(name), {inner, outer}};
  }
  bool operator==(const ParamDesc &other) const {
    return kind == other.kind && name == other.name && box == other.box;
  }
};

/// The bytes of a tensor map's box row: the 128-byte swizzle span.
inline constexpr int64_t kTensorMapRowBytes = 128;
/// The most rows (or features) a tensor map's box may have.
inline constexpr int64_t kTensorMapMaxBox = 256;

/// One step of a call. Fields not used by `kind` keep their defaults.
struct StepDesc {
  enum class Kind { Memset, Launch };
  Kind kind = Kind::Launch;

  // Memset.
  std::string buffer; ///< An argument or a temporary buffer.
  int64_t byte = 0;   ///< 0-255.

  // Launch.
  std::string entry;
  std::vector<ParamDesc> params;
  std::array<Expr, 3> grid;
  std::array<Expr, 3> block;
  Expr sharedBytes;

  bool operator==(const StepDesc &other) const;
  bool operator!=(const StepDesc &other) const { return !(*this == other); }
};

/// The whole description, in the order of docs/abi.md.
struct LaunchDesc {
  std::string format = kLaunchFormat;
  std::string function;
  std::string arch; ///< e.g. "sm_90".
  std::vector<SizeDesc> sizes;
  std::vector<ArgDesc> args;
  std::vector<BufferDesc> buffers;
  std::vector<StepDesc> steps;

  bool operator==(const LaunchDesc &other) const;
  bool operator!=(const LaunchDesc &other) const { return !(*this == other); }

  /// Index of the argument named `name`, or -1.
  int findArg(std::string_view name) const;
  /// Index of the temporary buffer named `name`, or -1.
  int findBuffer(std::string_view name) const;
  /// Index of the size symbol named `name`, or -1.
  int findSize(std::string_view name) const;
};

/// Parses and verifies a description. Errors start with
/// "launch description: " followed by a position for syntax errors
/// ("line 3, column 7: ...") or a path for the others
/// ("steps[0].grid[1]: ...").
Expected<LaunchDesc> parseLaunchDesc(std::string_view json);

/// fusec writes the launch description into the PTX it emits, as one
/// comment line starting with this prefix, so that a PTX file is launchable
/// on its own.
inline constexpr const char *kLaunchCommentPrefix = "// fusec-launch: ";

/// Returns `ptx` with `json` (any layout) embedded as one comment line
/// after the PTX header comments.
std::string embedLaunchDesc(std::string_view ptx, std::string_view json);

/// The launch description embedded in `ptx`, or nullopt when there is none.
std::optional<std::string> extractLaunchDesc(std::string_view ptx);

/// Checks what the JSON types cannot: the format, unique names, that every
/// buffer and symbol referenced is declared, that each size symbol is the
/// dimension that defines it, byte values. parseLaunchDesc calls it; the
/// compiler calls it before writing a description.
Status verifyLaunchDesc(const LaunchDesc &desc);

/// Serializes `desc` as pretty JSON with a fixed key order (the order of
/// docs/abi.md), ending in a newline. parseLaunchDesc(toJSON(d)) == d.
std::string toJSON(const LaunchDesc &desc);

/// Parses one expression in its JSON form (`3`, `"s0"`, `["add", a, b]`).
Expected<Expr> parseExpr(std::string_view json);

/// Values of the size symbols.
using SymbolValues = std::map<std::string, int64_t, std::less<>>;

/// Evaluates `expr` in 64-bit signed arithmetic. Overflow, division by zero
/// and unbound symbols are errors, never wrapped or undefined results.
Expected<int64_t> evaluate(const Expr &expr, const SymbolValues &symbols);

} // namespace fusec::rt
FUSEC_RT_POP_EXPORTS

#endif // FUSEC_RUNTIME_LAUNCHDESC_H
