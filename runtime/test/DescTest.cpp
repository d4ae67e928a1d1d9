//===- DescTest.cpp - launch description parser and evaluator tests -------===//
//
// Part of fusec. fusec-rt-desc-test:
//
//   fusec-rt-desc-test                  built-in checks (round trips, eval)
//   fusec-rt-desc-test parse FILE       print toJSON(parse(FILE)) or error
//   fusec-rt-desc-test roundtrip FILE   parse, write, parse: must be equal
//   fusec-rt-desc-test split FILE       parse each "// -----" chunk
//   fusec-rt-desc-test eval EXPR [sym=value...]
//
//===----------------------------------------------------------------------===//

#include "fusec/runtime/LaunchDesc.h"

#include "TestUtil.h"

#include <climits>
#include <cstdlib>
#include <cstring>

using namespace fusec::rt;
using namespace fusec::rt::test;

static int usage() {
  std::fprintf(stderr, "usage: fusec-rt-desc-test [parse|roundtrip|split "
                       "FILE | eval EXPR [sym=value...]]\n");
  return 2;
}

/// A description using every feature, including names that need escapes.
static LaunchDesc sampleDesc() {
  LaunchDesc desc;
  desc.function = "f\"quoted\\\n\x01";
  desc.arch = "sm_90";
  desc.sizes = {{"s0", 0, 0}, {"s1", 0, 1}};
  desc.args = {
      {"x",
       ArgRole::Input,
       DType::BF16,
       {Dim::symbolic("s0"), Dim::symbolic("s1")}},
      {"y", ArgRole::Input, DType::I1, {}},
      {"z", ArgRole::Output, DType::F64, {Dim::fixed(3), Dim::symbolic("s0")}},
  };
  desc.buffers = {{"t", DType::I64, {Dim::symbolic("s1"), Dim::fixed(7)}}};
  StepDesc memset;
  memset.kind = StepDesc::Kind::Memset;
  memset.buffer = "t";
  memset.byte = 255;
  StepDesc launch;
  launch.kind = StepDesc::Kind::Launch;
  launch.entry = "k0";
  launch.params = {ParamDesc::buffer("x"), ParamDesc::buffer("t"),
                   ParamDesc::size("s1"), ParamDesc::tensorMap("x", 64, 200)};
  launch.grid = {
      Expr::apply(Expr::OpKind::CDiv, Expr::sym("s0"), Expr::integer(64)),
      Expr::apply(
          Expr::OpKind::Min,
          Expr::apply(Expr::OpKind::Max, Expr::sym("s1"), Expr::integer(-5)),
          Expr::integer(INT64_MIN)),
      Expr::integer(1)};
  launch.block = {Expr::integer(256), Expr::integer(1), Expr::integer(1)};
  launch.sharedBytes =
      Expr::apply(Expr::OpKind::Mul, Expr::sym("s1"), Expr::integer(4));
  StepDesc noParams = launch;
  noParams.params.clear();
  noParams.entry = "k1";
  desc.steps = {memset, launch, noParams};
  return desc;
}

static void testRoundTrip() {
  LaunchDesc desc = sampleDesc();
  EXPECT(verifyLaunchDesc(desc).ok());
  std::string json = toJSON(desc);
  Expected<LaunchDesc> parsed = parseLaunchDesc(json);
  EXPECT(parsed.ok());
  if (!parsed.ok()) {
    std::printf("%s\n%s\n", json.c_str(), parsed.message().c_str());
    return;
  }
  EXPECT(*parsed == desc);
  EXPECT(toJSON(*parsed) == json);

  // Equality sees every field.
  LaunchDesc other = desc;
  other.steps[1].grid[1].operands[1].value = 0;
  EXPECT(other != desc);
  other = desc;
  other.args[2].shape[0] = Dim::fixed(4);
  EXPECT(other != desc);
  other = desc;
  other.steps[1].params[3].box[1] = 64;
  EXPECT(other != desc);

  // An empty description (no sizes, buffers or steps) round-trips too.
  LaunchDesc empty;
  empty.function = "nothing";
  Expected<LaunchDesc> parsedEmpty = parseLaunchDesc(toJSON(empty));
  EXPECT(parsedEmpty.ok() && *parsedEmpty == empty);
}

static void testJSONSyntax() {
  const char *base = R"({"format": "fusec-launch-v1", "function": %s,
    "arch": "sm_90", "args": [], "steps": []})";
  auto withFunction = [&](const char *function) {
    char buffer[512];
    std::snprintf(buffer, sizeof(buffer), base, function);
    return parseLaunchDesc(buffer);
  };
  Expected<LaunchDesc> unicode =
      withFunction(R"("\u00e9\ud83d\ude00\/\b\f\r\t")");
  EXPECT(unicode.ok() &&
         unicode->function == "\xc3\xa9\xf0\x9f\x98\x80/\b\f\r\t");
  EXPECT_ERROR(withFunction(R"("\ud83d")"), "unpaired UTF-16 surrogate");
  EXPECT_ERROR(withFunction(R"("\x")"), "invalid escape sequence");
  EXPECT_ERROR(withFunction("\"a\nb\""), "control character in a string");
  EXPECT_ERROR(parseExpr("\"abc"), "line 1, column 1: unterminated string");
  EXPECT_ERROR(withFunction("nul"), "expected a value, got 'n'");
  EXPECT_ERROR(withFunction("12"), "function: expected a string");
  EXPECT_ERROR(parseLaunchDesc(""), "line 1, column 1: expected a value, got "
                                    "end of input");
  EXPECT_ERROR(parseLaunchDesc("{} {}"),
               "line 1, column 4: unexpected text after the JSON value");
  EXPECT_ERROR(parseLaunchDesc("[1, 2"),
               "expected ',' or ']' in an array, got end of input");
  EXPECT_ERROR(parseLaunchDesc("\xff"), "got byte 0xff");
  EXPECT_ERROR(parseLaunchDesc("[]"), "launch description: top level: "
                                      "expected an object");

  // Deep nesting is an error, not a stack overflow.
  std::string deep(100000, '[');
  EXPECT_ERROR(parseLaunchDesc(deep), "nesting is too deep");
}

static void testExprParse() {
  Expected<Expr> e = parseExpr(R"(["add", ["cdiv", "n", 64], -3])");
  EXPECT(e.ok() && toString(*e) == R"(["add", ["cdiv", "n", 64], -3])");
  e = parseExpr("-9223372036854775808");
  EXPECT(e.ok() && e->value == INT64_MIN);
  EXPECT_ERROR(parseExpr("9223372036854775808"),
               "line 1, column 1: integer does not fit in 64 bits");
  EXPECT_ERROR(parseExpr("-9223372036854775809"),
               "integer does not fit in 64 bits");
  EXPECT_ERROR(parseExpr("1.5"), "launch description: expression: expected "
                                 "an integer, a size symbol or [op, a, b]");
  EXPECT_ERROR(parseExpr("1e3"), "expected an integer, a size symbol");
  EXPECT_ERROR(parseExpr(R"(["add", 1])"), "expression: expected an integer");
  EXPECT_ERROR(parseExpr(R"(["pow", 1, 2])"),
               "expression[0]: unknown operator 'pow' (expected add, sub, "
               "mul, cdiv, min or max)");
  EXPECT_ERROR(parseExpr(R"(["add", 1, ["mul", 2, null]])"),
               "expression[2][2]: expected an integer, a size symbol");
  EXPECT_ERROR(parseExpr("01"), "unexpected text after the JSON value");
}

static Expected<int64_t> eval(const char *json,
                              const SymbolValues &symbols = SymbolValues()) {
  Expected<Expr> e = parseExpr(json);
  if (!e.ok())
    return e.status();
  return evaluate(*e, symbols);
}

static bool evalsTo(const char *json, int64_t expected,
                    const SymbolValues &symbols = SymbolValues()) {
  Expected<int64_t> value = eval(json, symbols);
  if (!value.ok() || *value != expected) {
    std::printf("  %s = %s, expected %lld\n", json,
                value.ok() ? std::to_string(*value).c_str()
                           : value.message().c_str(),
                static_cast<long long>(expected));
    return false;
  }
  return true;
}

static void testEvaluate() {
  SymbolValues symbols = {{"n", 1000}, {"k", 0}, {"big", INT64_MAX}};
  EXPECT(evalsTo("42", 42));
  EXPECT(evalsTo(R"("n")", 1000, symbols));
  EXPECT(evalsTo(R"(["add", "n", 24])", 1024, symbols));
  EXPECT(evalsTo(R"(["sub", 3, "n"])", -997, symbols));
  EXPECT(evalsTo(R"(["mul", "n", -3])", -3000, symbols));
  EXPECT(evalsTo(R"(["cdiv", "n", 64])", 16, symbols));
  EXPECT(evalsTo(R"(["cdiv", 1024, 64])", 16));
  EXPECT(evalsTo(R"(["cdiv", 7, 2])", 4));
  EXPECT(evalsTo(R"(["cdiv", -7, 2])", -3));
  EXPECT(evalsTo(R"(["cdiv", 7, -2])", -3));
  EXPECT(evalsTo(R"(["cdiv", -7, -2])", 4));
  EXPECT(evalsTo(R"(["cdiv", 0, 5])", 0));
  EXPECT(evalsTo(R"(["cdiv", "big", 1])", INT64_MAX, symbols));
  EXPECT(evalsTo(R"(["cdiv", -9223372036854775808, 2])", INT64_MIN / 2));
  EXPECT(evalsTo(R"(["min", "n", 512])", 512, symbols));
  EXPECT(evalsTo(R"(["max", "n", 512])", 1000, symbols));
  EXPECT(evalsTo(R"(["min", ["max", "k", -4], ["cdiv", "n", 3]])", 0, symbols));
  EXPECT(evalsTo(R"(["sub", -9223372036854775807, 1])", INT64_MIN));

  EXPECT_ERROR(eval(R"(["add", "big", 1])", symbols),
               R"(64-bit overflow in ["add", "big", 1] )"
               "(9223372036854775807 + 1)");
  EXPECT_ERROR(eval(R"(["sub", -9223372036854775808, 1])"),
               "64-bit overflow in");
  EXPECT_ERROR(eval(R"(["mul", 4294967296, 4294967296])"),
               "(4294967296 * 4294967296)");
  EXPECT_ERROR(eval(R"(["cdiv", -9223372036854775808, -1])"),
               "64-bit overflow in");
  EXPECT_ERROR(eval(R"(["add", 1, ["cdiv", "n", "k"]])", symbols),
               R"(division by zero in ["cdiv", "n", "k"])");
  EXPECT_ERROR(eval(R"(["add", 1, "m"])", symbols), "unknown size symbol 'm'");
}

static void testDTypes() {
  for (DType dtype : {DType::F16, DType::BF16, DType::F32, DType::F64,
                      DType::I1, DType::I32, DType::I64})
    EXPECT(parseDType(dtypeName(dtype)) == dtype);
  EXPECT(dtypeBytes(DType::I1) == 1 && dtypeBytes(DType::BF16) == 2 &&
         dtypeBytes(DType::F64) == 8);
  EXPECT(!parseDType("f8"));
}

/// Prints `desc` or its error. Returns 0 when it parsed.
static int printParse(const std::string &text) {
  Expected<LaunchDesc> desc = parseLaunchDesc(text);
  if (!desc.ok()) {
    std::printf("error: %s\n", desc.message().c_str());
    return 1;
  }
  std::printf("%s", toJSON(*desc).c_str());
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 1) {
    testRoundTrip();
    testJSONSyntax();
    testExprParse();
    testEvaluate();
    testDTypes();
    return finish("fusec-rt-desc-test");
  }
  std::string mode = argv[1];
  if (mode == "eval" && argc >= 3) {
    SymbolValues symbols;
    for (int i = 3; i < argc; ++i) {
      const char *eq = std::strchr(argv[i], '=');
      if (!eq)
        return usage();
      symbols[std::string(argv[i], eq - argv[i])] =
          std::strtoll(eq + 1, nullptr, 0);
    }
    Expected<int64_t> value = eval(argv[2], symbols);
    if (!value.ok()) {
      std::printf("error: %s\n", value.message().c_str());
      return 1;
    }
    std::printf("%lld\n", static_cast<long long>(*value));
    return 0;
  }
  if (argc != 3)
    return usage();
  std::string text;
  if (!readFile(argv[2], text)) {
    std::fprintf(stderr, "cannot read %s\n", argv[2]);
    return 2;
  }
  if (mode == "parse")
    return printParse(text);
  if (mode == "split") {
    for (const Chunk &chunk : splitInput(text, "ARGS")) {
      Expected<LaunchDesc> desc = parseLaunchDesc(chunk.text);
      std::printf("%s\n", desc.ok() ? "ok" : desc.message().c_str());
    }
    return 0;
  }
  if (mode == "roundtrip") {
    Expected<LaunchDesc> first = parseLaunchDesc(text);
    if (!first.ok()) {
      std::printf("error: %s\n", first.message().c_str());
      return 1;
    }
    std::string json = toJSON(*first);
    Expected<LaunchDesc> second = parseLaunchDesc(json);
    EXPECT(second.ok());
    if (second.ok()) {
      EXPECT(*second == *first);
      EXPECT(toJSON(*second) == json);
    }
    return finish("round trip");
  }
  return usage();
}
