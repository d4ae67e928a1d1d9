//===- LaunchDesc.cpp - launch description JSON I/O -----------------------===//
//
// Part of fusec. A small strict JSON parser (RFC 8259 minus what the format
// never needs: non-integer numbers are parsed but rejected by the schema),
// the schema reader that turns JSON into a LaunchDesc with path-qualified
// errors, the semantic verifier, the serializer and expression evaluation.
//
// Hand-written rather than borrowed because the description is read by the
// LLVM-free runtime and written by the compiler through the same code.
//
//===----------------------------------------------------------------------===//

#include "fusec/runtime/LaunchDesc.h"

#include <climits>
#include <cstdio>
#include <set>

using namespace fusec::rt;

static const char *const kPrefix = "launch description: ";

//===----------------------------------------------------------------------===//
// DType and Expr helpers
//===----------------------------------------------------------------------===//

namespace {
struct DTypeInfo {
  DType dtype;
  const char *name;
  unsigned bytes;
};
} // namespace

static const DTypeInfo kDTypes[] = {
    {DType::F16, "f16", 2}, {DType::BF16, "bf16", 2}, {DType::F32, "f32", 4},
    {DType::F64, "f64", 8}, {DType::I1, "i1", 1},     {DType::I32, "i32", 4},
    {DType::I64, "i64", 8},
};

const char *fusec::rt::dtypeName(DType dtype) {
  for (const DTypeInfo &info : kDTypes)
    if (info.dtype == dtype)
      return info.name;
  return "<invalid dtype>";
}

std::optional<DType> fusec::rt::parseDType(std::string_view name) {
  for (const DTypeInfo &info : kDTypes)
    if (name == info.name)
      return info.dtype;
  return std::nullopt;
}

unsigned fusec::rt::dtypeBytes(DType dtype) {
  for (const DTypeInfo &info : kDTypes)
    if (info.dtype == dtype)
      return info.bytes;
  return 0;
}

static const std::pair<Expr::OpKind, const char *> kOps[] = {
    {Expr::OpKind::Add, "add"}, {Expr::OpKind::Sub, "sub"},
    {Expr::OpKind::Mul, "mul"}, {Expr::OpKind::CDiv, "cdiv"},
    {Expr::OpKind::Min, "min"}, {Expr::OpKind::Max, "max"},
};

const char *fusec::rt::opName(Expr::OpKind op) {
  for (const auto &[kind, name] : kOps)
    if (kind == op)
      return name;
  return "<invalid op>";
}

Expr Expr::integer(int64_t value) {
  Expr e;
  e.kind = Kind::Integer;
  e.value = value;
  return e;
}

Expr Expr::sym(std::string name) {
  Expr e;
  e.kind = Kind::Symbol;
  e.symbol = std::move(name);
  return e;
}

Expr Expr::apply(OpKind op, Expr lhs, Expr rhs) {
  Expr e;
  e.kind = Kind::Op;
  e.op = op;
  e.operands.push_back(std::move(lhs));
  e.operands.push_back(std::move(rhs));
  return e;
}

bool Expr::operator==(const Expr &other) const {
  if (kind != other.kind)
    return false;
  switch (kind) {
  case Kind::Integer:
    return value == other.value;
  case Kind::Symbol:
    return symbol == other.symbol;
  case Kind::Op:
    return op == other.op && operands == other.operands;
  }
  return false;
}

bool StepDesc::operator==(const StepDesc &other) const {
  if (kind != other.kind)
    return false;
  if (kind == Kind::Memset)
    return buffer == other.buffer && byte == other.byte;
  return entry == other.entry && params == other.params && grid == other.grid &&
         block == other.block && sharedBytes == other.sharedBytes;
}

bool LaunchDesc::operator==(const LaunchDesc &other) const {
  return format == other.format && function == other.function &&
         arch == other.arch && sizes == other.sizes && args == other.args &&
         buffers == other.buffers && steps == other.steps;
}

template <typename Range>
static int findByName(const Range &range, std::string_view name) {
  for (size_t i = 0; i < range.size(); ++i)
    if (range[i].name == name)
      return static_cast<int>(i);
  return -1;
}

int LaunchDesc::findArg(std::string_view name) const {
  return findByName(args, name);
}
int LaunchDesc::findBuffer(std::string_view name) const {
  return findByName(buffers, name);
}
int LaunchDesc::findSize(std::string_view name) const {
  return findByName(sizes, name);
}

//===----------------------------------------------------------------------===//
// Serializer
//===----------------------------------------------------------------------===//

static void writeString(std::string &os, std::string_view s) {
  os += '"';
  for (char c : s) {
    switch (c) {
    case '"':
      os += "\\\"";
      break;
    case '\\':
      os += "\\\\";
      break;
    case '\n':
      os += "\\n";
      break;
    case '\t':
      os += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof(buf), "\\u%04x", static_cast<unsigned>(c));
        os += buf;
      } else {
        os += c;
      }
    }
  }
  os += '"';
}

static void writeExpr(std::string &os, const Expr &e) {
  switch (e.kind) {
  case Expr::Kind::Integer:
    os += std::to_string(e.value);
    return;
  case Expr::Kind::Symbol:
    writeString(os, e.symbol);
    return;
  case Expr::Kind::Op:
    os += "[\"";
    os += opName(e.op);
    os += '"';
    for (const Expr &operand : e.operands) {
      os += ", ";
      writeExpr(os, operand);
    }
    os += ']';
    return;
  }
}

std::string fusec::rt::toString(const Expr &expr) {
  std::string os;
  writeExpr(os, expr);
  return os;
}

static void writeShape(std::string &os, const std::vector<Dim> &shape) {
  os += '[';
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      os += ", ";
    if (shape[i].isSymbol())
      writeString(os, shape[i].symbol);
    else
      os += std::to_string(shape[i].size);
  }
  os += ']';
}

static void writeTriple(std::string &os, const std::array<Expr, 3> &exprs) {
  os += '[';
  for (size_t i = 0; i < 3; ++i) {
    if (i)
      os += ", ";
    writeExpr(os, exprs[i]);
  }
  os += ']';
}

/// Writes `"key": [` items `]`, one item per line, each produced by `write`.
template <typename T, typename Fn>
static void writeList(std::string &os, const char *key,
                      const std::vector<T> &items, Fn write) {
  os += "  \"";
  os += key;
  os += "\": [";
  if (items.empty()) {
    os += "]";
    return;
  }
  os += '\n';
  for (size_t i = 0; i < items.size(); ++i) {
    write(items[i]);
    os += i + 1 < items.size() ? ",\n" : "\n";
  }
  os += "  ]";
}

std::string fusec::rt::toJSON(const LaunchDesc &desc) {
  std::string os = "{\n  \"format\": ";
  writeString(os, desc.format);
  os += ",\n  \"function\": ";
  writeString(os, desc.function);
  os += ",\n  \"arch\": ";
  writeString(os, desc.arch);
  os += ",\n";

  writeList(os, "sizes", desc.sizes, [&](const SizeDesc &size) {
    os += "    {\"name\": ";
    writeString(os, size.name);
    os += ", \"arg\": " + std::to_string(size.arg) +
          ", \"dim\": " + std::to_string(size.dim) + "}";
  });
  os += ",\n";

  writeList(os, "args", desc.args, [&](const ArgDesc &arg) {
    os += "    {\"name\": ";
    writeString(os, arg.name);
    os += ", \"role\": ";
    os += arg.role == ArgRole::Input ? "\"input\"" : "\"output\"";
    os += ", \"dtype\": ";
    writeString(os, dtypeName(arg.dtype));
    os += ", \"shape\": ";
    writeShape(os, arg.shape);
    os += '}';
  });
  os += ",\n";

  writeList(os, "buffers", desc.buffers, [&](const BufferDesc &buffer) {
    os += "    {\"name\": ";
    writeString(os, buffer.name);
    os += ", \"dtype\": ";
    writeString(os, dtypeName(buffer.dtype));
    os += ", \"shape\": ";
    writeShape(os, buffer.shape);
    os += '}';
  });
  os += ",\n";

  writeList(os, "steps", desc.steps, [&](const StepDesc &step) {
    if (step.kind == StepDesc::Kind::Memset) {
      os += "    {\"kind\": \"memset\", \"buffer\": ";
      writeString(os, step.buffer);
      os += ", \"byte\": " + std::to_string(step.byte) + "}";
      return;
    }
    os += "    {\n      \"kind\": \"launch\",\n      \"entry\": ";
    writeString(os, step.entry);
    os += ",\n      \"params\": [";
    for (size_t i = 0; i < step.params.size(); ++i) {
      const ParamDesc &param = step.params[i];
      os += i ? ", {" : "{";
      os += param.kind == ParamDesc::Kind::Buffer ? "\"buffer\": "
            : param.kind == ParamDesc::Kind::Size ? "\"size\": "
                                                  : "\"tensor_map\": ";
      writeString(os, param.name);
      if (param.kind == ParamDesc::Kind::TensorMap)
        os += ", \"box\": [" + std::to_string(param.box[0]) + ", " +
              std::to_string(param.box[1]) + "]";
      os += '}';
    }
    os += "],\n      \"grid\": ";
    writeTriple(os, step.grid);
    os += ",\n      \"block\": ";
    writeTriple(os, step.block);
    os += ",\n      \"shared_bytes\": ";
    writeExpr(os, step.sharedBytes);
    os += "\n    }";
  });
  os += "\n}\n";
  return os;
}

//===----------------------------------------------------------------------===//
// JSON syntax
//===----------------------------------------------------------------------===//

namespace {

struct JSONValue {
  enum class Kind { Null, Bool, Integer, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  int64_t integer = 0; ///< Kind::Integer.
  std::string string;
  std::vector<JSONValue> elements;
  std::vector<std::pair<std::string, JSONValue>> members;

  const JSONValue *get(std::string_view key) const {
    for (const auto &[name, value] : members)
      if (name == key)
        return &value;
    return nullptr;
  }
};

/// Recursive descent over the text. Errors carry a 1-based line and column
/// (in bytes); the first error wins.
class JSONParser {
public:
  explicit JSONParser(std::string_view text) : text(text) {}

  Status parse(JSONValue &out) {
    skipSpace();
    if (parseValue(out, 0)) {
      skipSpace();
      if (pos != text.size())
        fail("unexpected text after the JSON value");
    }
    return error.empty() ? Status::success() : Status::error(error);
  }

private:
  // Deep enough for any real expression, shallow enough for the stack.
  static constexpr unsigned kMaxDepth = 256;

  bool failAt(size_t at, const std::string &message) {
    if (!error.empty())
      return false;
    unsigned line = 1, column = 1;
    for (size_t i = 0; i < at && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    error = std::string(kPrefix) + "line " + std::to_string(line) +
            ", column " + std::to_string(column) + ": " + message;
    return false;
  }
  bool fail(const std::string &message) { return failAt(pos, message); }

  bool atEnd() const { return pos >= text.size(); }
  char peek() const { return atEnd() ? '\0' : text[pos]; }

  void skipSpace() {
    while (!atEnd() && (text[pos] == ' ' || text[pos] == '\t' ||
                        text[pos] == '\n' || text[pos] == '\r'))
      ++pos;
  }

  /// Describes the character at `pos` for "unexpected ..." messages.
  std::string describeCurrent() const {
    if (atEnd())
      return "end of input";
    unsigned char c = static_cast<unsigned char>(text[pos]);
    char buf[16];
    if (c < 0x20 || c >= 0x7f)
      std::snprintf(buf, sizeof(buf), "byte 0x%02x", c);
    else
      std::snprintf(buf, sizeof(buf), "'%c'", c);
    return buf;
  }

  bool parseValue(JSONValue &out, unsigned depth) {
    if (depth > kMaxDepth)
      return fail("nesting is too deep");
    char c = peek();
    if (c == '{')
      return parseObject(out, depth);
    if (c == '[')
      return parseArray(out, depth);
    if (c == '"') {
      out.kind = JSONValue::Kind::String;
      return parseString(out.string);
    }
    if (c == '-' || (c >= '0' && c <= '9'))
      return parseNumber(out);
    if (parseKeyword("true")) {
      out.kind = JSONValue::Kind::Bool;
      out.boolean = true;
      return true;
    }
    if (parseKeyword("false")) {
      out.kind = JSONValue::Kind::Bool;
      return true;
    }
    if (parseKeyword("null")) {
      out.kind = JSONValue::Kind::Null;
      return true;
    }
    return fail("expected a value, got " + describeCurrent());
  }

  bool parseKeyword(std::string_view word) {
    if (text.substr(pos, word.size()) != word)
      return false;
    pos += word.size();
    return true;
  }

  bool parseObject(JSONValue &out, unsigned depth) {
    out.kind = JSONValue::Kind::Object;
    ++pos; // '{'
    skipSpace();
    if (peek() == '}') {
      ++pos;
      return true;
    }
    while (true) {
      if (peek() != '"')
        return fail("expected a string key, got " + describeCurrent());
      size_t keyPos = pos;
      std::string key;
      if (!parseString(key))
        return false;
      if (out.get(key))
        return failAt(keyPos, "duplicate key '" + key + "'");
      skipSpace();
      if (peek() != ':')
        return fail("expected ':' after key '" + key + "', got " +
                    describeCurrent());
      ++pos;
      skipSpace();
      JSONValue value;
      if (!parseValue(value, depth + 1))
        return false;
      out.members.emplace_back(std::move(key), std::move(value));
      skipSpace();
      if (peek() == ',') {
        ++pos;
        skipSpace();
        continue;
      }
      if (peek() == '}') {
        ++pos;
        return true;
      }
      return fail("expected ',' or '}' in an object, got " + describeCurrent());
    }
  }

  bool parseArray(JSONValue &out, unsigned depth) {
    out.kind = JSONValue::Kind::Array;
    ++pos; // '['
    skipSpace();
    if (peek() == ']') {
      ++pos;
      return true;
    }
    while (true) {
      JSONValue value;
      if (!parseValue(value, depth + 1))
        return false;
      out.elements.push_back(std::move(value));
      skipSpace();
      if (peek() == ',') {
        ++pos;
        skipSpace();
        continue;
      }
      if (peek() == ']') {
        ++pos;
        return true;
      }
      return fail("expected ',' or ']' in an array, got " + describeCurrent());
    }
  }

  bool parseHex4(unsigned &out) {
    out = 0;
    for (int i = 0; i < 4; ++i, ++pos) {
      char c = peek();
      unsigned digit;
      if (c >= '0' && c <= '9')
        digit = c - '0';
      else if (c >= 'a' && c <= 'f')
        digit = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        digit = c - 'A' + 10;
      else
        return fail("expected 4 hexadecimal digits after \\u");
      out = out * 16 + digit;
    }
    return true;
  }

  static void appendUTF8(std::string &out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xc0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xe0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
      out += static_cast<char>(0xf0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (cp & 0x3f));
    }
  }

  bool parseString(std::string &out) {
    size_t start = pos;
    ++pos; // '"'
    while (true) {
      if (atEnd())
        return failAt(start, "unterminated string");
      char c = text[pos];
      if (c == '"') {
        ++pos;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("control character in a string (escape it)");
      if (c != '\\') {
        out += c;
        ++pos;
        continue;
      }
      ++pos;
      char e = peek();
      ++pos;
      switch (e) {
      case '"':
      case '\\':
      case '/':
        out += e;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        unsigned cp;
        if (!parseHex4(cp))
          return false;
        if (cp >= 0xdc00 && cp <= 0xdfff)
          return fail("unpaired UTF-16 surrogate in \\u escape");
        if (cp >= 0xd800 && cp <= 0xdbff) {
          unsigned low;
          if (text.substr(pos, 2) != "\\u")
            return fail("unpaired UTF-16 surrogate in \\u escape");
          pos += 2;
          if (!parseHex4(low))
            return false;
          if (low < 0xdc00 || low > 0xdfff)
            return fail("unpaired UTF-16 surrogate in \\u escape");
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        }
        appendUTF8(out, cp);
        break;
      }
      default:
        --pos;
        return fail("invalid escape sequence in a string");
      }
    }
  }

  static bool isDigit(char c) { return c >= '0' && c <= '9'; }

  bool parseNumber(JSONValue &out) {
    size_t start = pos;
    bool negative = peek() == '-';
    if (negative)
      ++pos;
    if (peek() == '0') {
      ++pos;
    } else if (isDigit(peek())) {
      while (isDigit(peek()))
        ++pos;
    } else {
      return fail("invalid number");
    }
    size_t intEnd = pos;
    bool isInteger = true;
    if (peek() == '.') {
      ++pos;
      if (!isDigit(peek()))
        return fail("expected a digit after '.'");
      while (isDigit(peek()))
        ++pos;
      isInteger = false;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos;
      if (peek() == '+' || peek() == '-')
        ++pos;
      if (!isDigit(peek()))
        return fail("expected a digit in the exponent");
      while (isDigit(peek()))
        ++pos;
      isInteger = false;
    }
    if (!isInteger) {
      out.kind = JSONValue::Kind::Number;
      return true;
    }
    // Accumulate negatively so that INT64_MIN is representable.
    int64_t value = 0;
    for (size_t i = start + (negative ? 1 : 0); i < intEnd; ++i) {
      if (__builtin_mul_overflow(value, int64_t(10), &value) ||
          __builtin_sub_overflow(value, int64_t(text[i] - '0'), &value))
        return failAt(start, "integer does not fit in 64 bits");
    }
    if (!negative) {
      if (value == INT64_MIN)
        return failAt(start, "integer does not fit in 64 bits");
      value = -value;
    }
    out.kind = JSONValue::Kind::Integer;
    out.integer = value;
    return true;
  }

  std::string_view text;
  size_t pos = 0;
  std::string error;
};

//===----------------------------------------------------------------------===//
// Schema
//===----------------------------------------------------------------------===//

std::string memberPath(const std::string &path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string elementPath(const std::string &path, size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

/// Reads JSON into a LaunchDesc, checking types and keys. Every error names
/// the path of the offending value, e.g. "steps[0].grid[1]".
class DescReader {
public:
  Status status() const {
    return error.empty() ? Status::success() : Status::error(error);
  }

  bool fail(const std::string &path, const std::string &message) {
    if (error.empty())
      error = std::string(kPrefix) + (path.empty() ? "top level" : path) +
              ": " + message;
    return false;
  }

  /// `value` must be an object whose keys are all in `required` or
  /// `optional`, and that has every key of `required`.
  bool checkKeys(const JSONValue &value, const std::string &path,
                 std::initializer_list<std::string_view> required,
                 std::initializer_list<std::string_view> optional = {}) {
    if (value.kind != JSONValue::Kind::Object)
      return fail(path, "expected an object");
    for (const auto &member : value.members) {
      bool known = false;
      for (std::string_view key : required)
        known |= member.first == key;
      for (std::string_view key : optional)
        known |= member.first == key;
      if (!known)
        return fail(path, "unknown key '" + member.first + "'");
    }
    for (std::string_view key : required)
      if (!value.get(key))
        return fail(path, "missing key '" + std::string(key) + "'");
    return true;
  }

  bool readString(const JSONValue &value, const std::string &path,
                  std::string &out) {
    if (value.kind != JSONValue::Kind::String)
      return fail(path, "expected a string");
    out = value.string;
    return true;
  }

  bool readInt(const JSONValue &value, const std::string &path, int64_t &out) {
    if (value.kind != JSONValue::Kind::Integer)
      return fail(path, "expected an integer");
    out = value.integer;
    return true;
  }

  bool readArray(const JSONValue &value, const std::string &path) {
    if (value.kind != JSONValue::Kind::Array)
      return fail(path, "expected an array");
    return true;
  }

  bool readDType(const JSONValue &value, const std::string &path, DType &out) {
    std::string name;
    if (!readString(value, path, name))
      return false;
    std::optional<DType> dtype = parseDType(name);
    if (!dtype)
      return fail(path, "unknown dtype '" + name +
                            "' (expected f16, bf16, f32, f64, i1, i32 or "
                            "i64)");
    out = *dtype;
    return true;
  }

  bool readShape(const JSONValue &value, const std::string &path,
                 std::vector<Dim> &out) {
    if (!readArray(value, path))
      return false;
    for (size_t i = 0; i < value.elements.size(); ++i) {
      const JSONValue &dim = value.elements[i];
      if (dim.kind == JSONValue::Kind::Integer)
        out.push_back(Dim::fixed(dim.integer));
      else if (dim.kind == JSONValue::Kind::String)
        out.push_back(Dim::symbolic(dim.string));
      else
        return fail(elementPath(path, i),
                    "expected an integer or a size symbol");
    }
    return true;
  }

  bool readExpr(const JSONValue &value, const std::string &path, Expr &out) {
    if (value.kind == JSONValue::Kind::Integer) {
      out = Expr::integer(value.integer);
      return true;
    }
    if (value.kind == JSONValue::Kind::String) {
      out = Expr::sym(value.string);
      return true;
    }
    if (value.kind != JSONValue::Kind::Array || value.elements.size() != 3 ||
        value.elements[0].kind != JSONValue::Kind::String)
      return fail(path, "expected an integer, a size symbol or [op, a, b]");
    const std::string &name = value.elements[0].string;
    const std::pair<Expr::OpKind, const char *> *op = nullptr;
    for (const auto &candidate : kOps)
      if (name == candidate.second)
        op = &candidate;
    if (!op)
      return fail(elementPath(path, 0),
                  "unknown operator '" + name +
                      "' (expected add, sub, mul, cdiv, min or max)");
    Expr lhs, rhs;
    if (!readExpr(value.elements[1], elementPath(path, 1), lhs) ||
        !readExpr(value.elements[2], elementPath(path, 2), rhs))
      return false;
    out = Expr::apply(op->first, std::move(lhs), std::move(rhs));
    return true;
  }

  bool readTriple(const JSONValue &value, const std::string &path,
                  std::array<Expr, 3> &out) {
    if (value.kind != JSONValue::Kind::Array || value.elements.size() != 3)
      return fail(path, "expected an array of 3 expressions");
    for (size_t i = 0; i < 3; ++i)
      if (!readExpr(value.elements[i], elementPath(path, i), out[i]))
        return false;
    return true;
  }

  bool readParam(const JSONValue &value, const std::string &path,
                 ParamDesc &out) {
    if (value.kind == JSONValue::Kind::Object && value.get("tensor_map")) {
      out.kind = ParamDesc::Kind::TensorMap;
      if (!checkKeys(value, path, {"tensor_map", "box"}) ||
          !readString(*value.get("tensor_map"), memberPath(path, "tensor_map"),
                      out.name))
        return false;
      const JSONValue &box = *value.get("box");
      std::string boxPath = memberPath(path, "box");
      if (!readArray(box, boxPath))
        return false;
      if (box.elements.size() != 2)
        return fail(boxPath, "expected 2 entries (features, rows), got " +
                                 std::to_string(box.elements.size()));
      for (size_t i = 0; i < 2; ++i)
        if (!readInt(box.elements[i], elementPath(boxPath, i), out.box[i]))
          return false;
      return true;
    }
    if (value.kind != JSONValue::Kind::Object || value.members.size() != 1 ||
        (value.members[0].first != "buffer" &&
         value.members[0].first != "size"))
      return fail(path, "expected {\"buffer\": name}, {\"size\": symbol} "
                        "or {\"tensor_map\": name, \"box\": [features, rows]}");
    const auto &[key, name] = value.members[0];
    out.kind =
        key == "buffer" ? ParamDesc::Kind::Buffer : ParamDesc::Kind::Size;
    return readString(name, memberPath(path, key), out.name);
  }

  bool readStep(const JSONValue &value, const std::string &path,
                StepDesc &out) {
    if (value.kind != JSONValue::Kind::Object)
      return fail(path, "expected an object");
    const JSONValue *kind = value.get("kind");
    if (!kind)
      return fail(path, "missing key 'kind'");
    std::string kindName;
    if (!readString(*kind, memberPath(path, "kind"), kindName))
      return false;
    if (kindName == "memset") {
      out.kind = StepDesc::Kind::Memset;
      return checkKeys(value, path, {"kind", "buffer", "byte"}) &&
             readString(*value.get("buffer"), memberPath(path, "buffer"),
                        out.buffer) &&
             readInt(*value.get("byte"), memberPath(path, "byte"), out.byte);
    }
    if (kindName != "launch")
      return fail(memberPath(path, "kind"),
                  "unknown step kind '" + kindName +
                      "' (expected memset or launch)");
    out.kind = StepDesc::Kind::Launch;
    if (!checkKeys(value, path, {"kind", "entry", "params", "grid", "block"},
                   {"shared_bytes"}) ||
        !readString(*value.get("entry"), memberPath(path, "entry"), out.entry))
      return false;
    const JSONValue &params = *value.get("params");
    std::string paramsPath = memberPath(path, "params");
    if (!readArray(params, paramsPath))
      return false;
    out.params.resize(params.elements.size());
    for (size_t i = 0; i < params.elements.size(); ++i)
      if (!readParam(params.elements[i], elementPath(paramsPath, i),
                     out.params[i]))
        return false;
    if (!readTriple(*value.get("grid"), memberPath(path, "grid"), out.grid) ||
        !readTriple(*value.get("block"), memberPath(path, "block"), out.block))
      return false;
    out.sharedBytes = Expr::integer(0);
    if (const JSONValue *shared = value.get("shared_bytes"))
      return readExpr(*shared, memberPath(path, "shared_bytes"),
                      out.sharedBytes);
    return true;
  }

  bool readSize(const JSONValue &v, const std::string &path, SizeDesc &out) {
    return checkKeys(v, path, {"name", "arg", "dim"}) &&
           readString(*v.get("name"), memberPath(path, "name"), out.name) &&
           readInt(*v.get("arg"), memberPath(path, "arg"), out.arg) &&
           readInt(*v.get("dim"), memberPath(path, "dim"), out.dim);
  }

  bool readArg(const JSONValue &v, const std::string &path, ArgDesc &out) {
    std::string role;
    if (!checkKeys(v, path, {"name", "role", "dtype", "shape"}) ||
        !readString(*v.get("name"), memberPath(path, "name"), out.name) ||
        !readString(*v.get("role"), memberPath(path, "role"), role))
      return false;
    if (role != "input" && role != "output")
      return fail(memberPath(path, "role"),
                  "unknown role '" + role + "' (expected input or output)");
    out.role = role == "input" ? ArgRole::Input : ArgRole::Output;
    return readDType(*v.get("dtype"), memberPath(path, "dtype"), out.dtype) &&
           readShape(*v.get("shape"), memberPath(path, "shape"), out.shape);
  }

  bool readBuffer(const JSONValue &v, const std::string &path,
                  BufferDesc &out) {
    return checkKeys(v, path, {"name", "dtype", "shape"}) &&
           readString(*v.get("name"), memberPath(path, "name"), out.name) &&
           readDType(*v.get("dtype"), memberPath(path, "dtype"), out.dtype) &&
           readShape(*v.get("shape"), memberPath(path, "shape"), out.shape);
  }

  /// Reads the array under `key` (absent means empty) with `read`.
  template <typename T>
  bool readList(const JSONValue &root, const char *key, std::vector<T> &out,
                bool (DescReader::*read)(const JSONValue &, const std::string &,
                                         T &)) {
    const JSONValue *list = root.get(key);
    if (!list)
      return true;
    if (!readArray(*list, key))
      return false;
    out.resize(list->elements.size());
    for (size_t i = 0; i < out.size(); ++i)
      if (!(this->*read)(list->elements[i], elementPath(key, i), out[i]))
        return false;
    return true;
  }

  bool readDesc(const JSONValue &root, LaunchDesc &out) {
    if (!checkKeys(root, "", {"format", "function", "arch", "args", "steps"},
                   {"sizes", "buffers"}) ||
        !readString(*root.get("format"), "format", out.format) ||
        !readString(*root.get("function"), "function", out.function) ||
        !readString(*root.get("arch"), "arch", out.arch))
      return false;
    // Check the format first: a future format may differ anywhere.
    if (out.format != kLaunchFormat)
      return fail("format", "unsupported format '" + out.format +
                                "' (expected " + kLaunchFormat + ")");
    return readList(root, "sizes", out.sizes, &DescReader::readSize) &&
           readList(root, "args", out.args, &DescReader::readArg) &&
           readList(root, "buffers", out.buffers, &DescReader::readBuffer) &&
           readList(root, "steps", out.steps, &DescReader::readStep);
  }

private:
  std::string error;
};

//===----------------------------------------------------------------------===//
// Semantic checks
//===----------------------------------------------------------------------===//

class Verifier {
public:
  explicit Verifier(const LaunchDesc &desc) : desc(desc) {}

  Status run() {
    verify();
    return error.empty() ? Status::success() : Status::error(error);
  }

private:
  bool fail(const std::string &path, const std::string &message) {
    if (error.empty())
      error = std::string(kPrefix) + path + ": " + message;
    return false;
  }

  bool checkName(const std::string &name, const std::string &path) {
    if (name.empty())
      return fail(path, "must not be empty");
    return true;
  }

  bool checkSymbol(const std::string &name, const std::string &path) {
    if (desc.findSize(name) < 0)
      return fail(path, "unknown size symbol '" + name + "'");
    return true;
  }

  bool checkShape(const std::vector<Dim> &shape, const std::string &path) {
    for (size_t i = 0; i < shape.size(); ++i) {
      if (shape[i].isSymbol()) {
        if (!checkSymbol(shape[i].symbol, elementPath(path, i)))
          return false;
      } else if (shape[i].size < 0) {
        return fail(elementPath(path, i),
                    "dimension must be non-negative, got " +
                        std::to_string(shape[i].size));
      }
    }
    return true;
  }

  bool checkExpr(const Expr &expr, const std::string &path) {
    switch (expr.kind) {
    case Expr::Kind::Integer:
      return true;
    case Expr::Kind::Symbol:
      return checkSymbol(expr.symbol, path);
    case Expr::Kind::Op:
      if (expr.operands.size() != 2)
        return fail(path, "an operation takes exactly two operands");
      return checkExpr(expr.operands[0], elementPath(path, 1)) &&
             checkExpr(expr.operands[1], elementPath(path, 2));
    }
    return false;
  }

  bool checkBufferRef(const std::string &name, const std::string &path) {
    if (desc.findArg(name) < 0 && desc.findBuffer(name) < 0)
      return fail(path, "unknown buffer '" + name +
                            "' (not an argument or a temporary buffer)");
    return true;
  }

  /// A tensor map tiles a rank-2 f16, bf16 or f32 buffer with rows of
  /// kTensorMapRowBytes (the 128-byte swizzle).
  bool checkTensorMap(const ParamDesc &param, const std::string &path) {
    std::string namePath = memberPath(path, "tensor_map");
    if (!checkBufferRef(param.name, namePath))
      return false;
    int arg = desc.findArg(param.name);
    const std::vector<Dim> *shapePtr;
    DType dtype;
    if (arg >= 0) {
      shapePtr = &desc.args[arg].shape;
      dtype = desc.args[arg].dtype;
    } else {
      const BufferDesc &buffer = desc.buffers[desc.findBuffer(param.name)];
      shapePtr = &buffer.shape;
      dtype = buffer.dtype;
    }
    const std::vector<Dim> &shape = *shapePtr;
    if (shape.size() != 2)
      return fail(namePath, "a tensor map needs a rank-2 buffer; '" +
                                param.name + "' has rank " +
                                std::to_string(shape.size()));
    if (dtype != DType::F16 && dtype != DType::BF16 && dtype != DType::F32)
      return fail(namePath, std::string("a tensor map needs f16, bf16 or f32 "
                                        "elements; '") +
                                param.name + "' has " + dtypeName(dtype));
    std::string boxPath = memberPath(path, "box");
    if (param.box[0] * dtypeBytes(dtype) != kTensorMapRowBytes)
      return fail(elementPath(boxPath, 0),
                  std::to_string(param.box[0]) + " " + dtypeName(dtype) +
                      " features are not one 128-byte swizzle row");
    if (param.box[1] < 1 || param.box[1] > kTensorMapMaxBox)
      return fail(elementPath(boxPath, 1),
                  std::to_string(param.box[1]) + " rows: a box has 1 to " +
                      std::to_string(kTensorMapMaxBox));
    return true;
  }

  bool verify() {
    if (desc.format != kLaunchFormat)
      return fail("format", "unsupported format '" + desc.format +
                                "' (expected " + kLaunchFormat + ")");
    if (!checkName(desc.function, "function"))
      return false;

    for (size_t i = 0; i < desc.sizes.size(); ++i) {
      const SizeDesc &size = desc.sizes[i];
      std::string path = elementPath("sizes", i);
      if (!checkName(size.name, memberPath(path, "name")))
        return false;
      if (desc.findSize(size.name) != static_cast<int>(i))
        return fail(memberPath(path, "name"),
                    "duplicate size symbol '" + size.name + "'");
      if (size.arg < 0 || size.arg >= static_cast<int64_t>(desc.args.size()))
        return fail(memberPath(path, "arg"),
                    std::to_string(size.arg) +
                        " is out of range (the description has " +
                        std::to_string(desc.args.size()) +
                        (desc.args.size() == 1 ? " argument)" : " arguments)"));
      const ArgDesc &arg = desc.args[size.arg];
      if (size.dim < 0 || size.dim >= static_cast<int64_t>(arg.shape.size()))
        return fail(memberPath(path, "dim"),
                    std::to_string(size.dim) + " is out of range (argument '" +
                        arg.name + "' has rank " +
                        std::to_string(arg.shape.size()) + ")");
      // The defining dimension must name the symbol, otherwise the symbol
      // would be bound to a static size or to another symbol.
      if (arg.shape[size.dim].symbol != size.name)
        return fail(path, "args[" + std::to_string(size.arg) + "].shape[" +
                              std::to_string(size.dim) +
                              "] is not the symbol '" + size.name + "'");
    }

    // Arguments and temporaries share one namespace: steps name either.
    std::set<std::string> names;
    for (size_t i = 0; i < desc.args.size(); ++i) {
      std::string path = elementPath("args", i);
      const ArgDesc &arg = desc.args[i];
      if (!checkName(arg.name, memberPath(path, "name")))
        return false;
      if (!names.insert(arg.name).second)
        return fail(memberPath(path, "name"),
                    "duplicate name '" + arg.name + "'");
      if (!checkShape(arg.shape, memberPath(path, "shape")))
        return false;
    }
    for (size_t i = 0; i < desc.buffers.size(); ++i) {
      std::string path = elementPath("buffers", i);
      const BufferDesc &buffer = desc.buffers[i];
      if (!checkName(buffer.name, memberPath(path, "name")))
        return false;
      if (!names.insert(buffer.name).second)
        return fail(memberPath(path, "name"),
                    "duplicate name '" + buffer.name + "'");
      if (!checkShape(buffer.shape, memberPath(path, "shape")))
        return false;
    }

    for (size_t i = 0; i < desc.steps.size(); ++i) {
      std::string path = elementPath("steps", i);
      const StepDesc &step = desc.steps[i];
      if (step.kind == StepDesc::Kind::Memset) {
        if (!checkBufferRef(step.buffer, memberPath(path, "buffer")))
          return false;
        if (step.byte < 0 || step.byte > 255)
          return fail(memberPath(path, "byte"),
                      std::to_string(step.byte) +
                          " is not a byte value (0-255)");
        continue;
      }
      if (!checkName(step.entry, memberPath(path, "entry")))
        return false;
      for (size_t p = 0; p < step.params.size(); ++p) {
        const ParamDesc &param = step.params[p];
        std::string paramPath = elementPath(memberPath(path, "params"), p);
        bool ok =
            param.kind == ParamDesc::Kind::Buffer
                ? checkBufferRef(param.name, memberPath(paramPath, "buffer"))
            : param.kind == ParamDesc::Kind::Size
                ? checkSymbol(param.name, memberPath(paramPath, "size"))
                : checkTensorMap(param, paramPath);
        if (!ok)
          return false;
      }
      for (size_t d = 0; d < 3; ++d)
        if (!checkExpr(step.grid[d],
                       elementPath(memberPath(path, "grid"), d)) ||
            !checkExpr(step.block[d],
                       elementPath(memberPath(path, "block"), d)))
          return false;
      if (!checkExpr(step.sharedBytes, memberPath(path, "shared_bytes")))
        return false;
    }
    return true;
  }

  const LaunchDesc &desc;
  std::string error;
};

} // namespace

Status fusec::rt::verifyLaunchDesc(const LaunchDesc &desc) {
  return Verifier(desc).run();
}

Expected<LaunchDesc> fusec::rt::parseLaunchDesc(std::string_view json) {
  JSONValue root;
  Status status = JSONParser(json).parse(root);
  if (!status.ok())
    return status;
  LaunchDesc desc;
  DescReader reader;
  reader.readDesc(root, desc);
  if (!reader.status().ok())
    return reader.status();
  status = verifyLaunchDesc(desc);
  if (!status.ok())
    return status;
  return desc;
}

Expected<Expr> fusec::rt::parseExpr(std::string_view json) {
  JSONValue root;
  Status status = JSONParser(json).parse(root);
  if (!status.ok())
    return status;
  Expr expr;
  DescReader reader;
  reader.readExpr(root, "expression", expr);
  if (!reader.status().ok())
    return reader.status();
  return expr;
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

Expected<int64_t> fusec::rt::evaluate(const Expr &expr,
                                      const SymbolValues &symbols) {
  switch (expr.kind) {
  case Expr::Kind::Integer:
    return expr.value;
  case Expr::Kind::Symbol: {
    auto it = symbols.find(expr.symbol);
    if (it == symbols.end())
      return Status::error("unknown size symbol '" + expr.symbol + "'");
    return it->second;
  }
  case Expr::Kind::Op:
    break;
  }
  if (expr.operands.size() != 2)
    return Status::error("malformed expression: an operation takes exactly "
                         "two operands");
  Expected<int64_t> lhs = evaluate(expr.operands[0], symbols);
  if (!lhs.ok())
    return lhs;
  Expected<int64_t> rhs = evaluate(expr.operands[1], symbols);
  if (!rhs.ok())
    return rhs;
  int64_t a = *lhs, b = *rhs, result = 0;
  bool overflow = false;
  const char *symbol = "";
  switch (expr.op) {
  case Expr::OpKind::Add:
    overflow = __builtin_add_overflow(a, b, &result);
    symbol = "+";
    break;
  case Expr::OpKind::Sub:
    overflow = __builtin_sub_overflow(a, b, &result);
    symbol = "-";
    break;
  case Expr::OpKind::Mul:
    overflow = __builtin_mul_overflow(a, b, &result);
    symbol = "*";
    break;
  case Expr::OpKind::CDiv: {
    if (b == 0)
      return Status::error("division by zero in " + toString(expr));
    symbol = "cdiv";
    // INT64_MIN / -1 is the one quotient that does not fit.
    overflow = a == INT64_MIN && b == -1;
    if (overflow)
      break;
    result = a / b;
    int64_t remainder = a % b;
    // C++ truncates towards zero; round up when the exact quotient is
    // positive and inexact.
    if (remainder != 0 && ((remainder < 0) == (b < 0)))
      ++result;
    break;
  }
  case Expr::OpKind::Min:
    result = a < b ? a : b;
    break;
  case Expr::OpKind::Max:
    result = a > b ? a : b;
    break;
  }
  if (overflow)
    return Status::error("64-bit overflow in " + toString(expr) + " (" +
                         std::to_string(a) + " " + symbol + " " +
                         std::to_string(b) + ")");
  return result;
}

std::string fusec::rt::embedLaunchDesc(std::string_view ptx,
                                       std::string_view json) {
  // One line: drop the newlines and indentation of a pretty-printed
  // description (JSON strings never contain raw newlines).
  std::string line = kLaunchCommentPrefix;
  bool atLineStart = false;
  for (char c : json) {
    if (c == '\n' || c == '\r') {
      atLineStart = true;
      continue;
    }
    if (atLineStart && (c == ' ' || c == '\t'))
      continue;
    atLineStart = false;
    line += c;
  }
  line += '\n';
  return line + std::string(ptx);
}

std::optional<std::string> fusec::rt::extractLaunchDesc(std::string_view ptx) {
  std::string_view prefix = kLaunchCommentPrefix;
  size_t pos = 0;
  while (pos < ptx.size()) {
    size_t end = ptx.find('\n', pos);
    if (end == std::string_view::npos)
      end = ptx.size();
    std::string_view line = ptx.substr(pos, end - pos);
    if (line.substr(0, prefix.size()) == prefix)
      return std::string(line.substr(prefix.size()));
    pos = end + 1;
  }
  return std::nullopt;
}
