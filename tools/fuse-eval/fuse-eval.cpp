//===- fuse-eval.cpp - run the reference evaluator on a function ----------===//
//
// Part of fusec. Evaluates one function of a .mlir file with the reference
// evaluator (lib/Reference) on inputs given on the command line and prints
// its results:
//
//   fuse-eval file.mlir [--func=name] [--precision=f64|native]
//             --input='[[1, 2], [3, 4]]' --input=...
//
// Each --input is a nested list whose nesting gives the shape (a bare
// number for rank 0); elements may be `nan`, `inf`, `-inf`, and `true` or
// `false` for i1. The element type comes from the function signature and
// the sizes of dynamic dimensions from the data. Errors go to stderr with
// exit code 1.
//
//===----------------------------------------------------------------------===//

#include "fusec/Compiler/Compiler.h"
#include "fusec/InitFusec.h"
#include "fusec/Reference/Evaluator.h"
#include "fusec/Tools/ToolSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace fusec;

static llvm::cl::OptionCategory evalCategory("fuse-eval options");

static llvm::cl::opt<std::string>
    inputFilename(llvm::cl::Positional,
                  llvm::cl::desc("<input .mlir file | ->"),
                  llvm::cl::init("-"), llvm::cl::cat(evalCategory));

static llvm::cl::opt<std::string>
    funcName("func",
             llvm::cl::desc("The function to evaluate (default: the only "
                            "function of the module)"),
             llvm::cl::init(""), llvm::cl::cat(evalCategory));

static llvm::cl::opt<ref::Precision> precision(
    "precision", llvm::cl::desc("Float arithmetic of the evaluation"),
    llvm::cl::values(
        clEnumValN(ref::Precision::F64, "f64",
                   "all float math in double, no intermediate rounding"),
        clEnumValN(ref::Precision::Native, "native",
                   "round every float op to its element type")),
    llvm::cl::init(ref::Precision::F64), llvm::cl::cat(evalCategory));

static llvm::cl::list<std::string>
    inputs("input", llvm::cl::desc("One function argument as a nested list, in "
                                   "order, e.g. --input='[[1, 2], [3, nan]]'"),
           llvm::cl::cat(evalCategory));

static llvm::cl::opt<int64_t>
    maxElements("max-elements",
                llvm::cl::desc("The largest tensor the evaluator may allocate"),
                llvm::cl::init(int64_t(1) << 28), llvm::cl::cat(evalCategory));

static llvm::cl::opt<bool> printIntermediates(
    "print-intermediates",
    llvm::cl::desc("Print every tensor an op computes, in evaluation order"),
    llvm::cl::init(false), llvm::cl::cat(evalCategory));

static llvm::cl::opt<bool> selfTestRounding(
    "self-test-rounding",
    llvm::cl::desc("Check the f16/bf16/f32 rounding helpers against "
                   "llvm::APFloat and exit"),
    llvm::cl::Hidden, llvm::cl::init(false), llvm::cl::cat(evalCategory));

static int failWith(const llvm::Twine &message) {
  llvm::errs() << "fuse-eval: error: " << message << "\n";
  return 1;
}

//===----------------------------------------------------------------------===//
// Input literals
//===----------------------------------------------------------------------===//

namespace {

/// A parsed --input: the shape its nesting gives and its atoms (number
/// tokens, converted once the element type is known) in row-major order.
struct Literal {
  std::vector<int64_t> shape;
  std::vector<std::string> atoms;
};

/// Parses `[[1, 2], [3, 4]]`-style nested lists. Every list at one depth
/// must have the same length (no ragged data) and hold only lists or only
/// atoms.
class LiteralParser {
public:
  explicit LiteralParser(llvm::StringRef text) : text(text) {}

  bool parse(Literal &literal, std::string &error) {
    std::vector<int64_t> shape;
    if (!parseValue(0, shape, literal.atoms, error))
      return false;
    skipSpace();
    if (pos != text.size())
      return fail(error, "unexpected '" + text.substr(pos, 1).str() + "'");
    literal.shape = std::move(shape);
    return true;
  }

private:
  /// Deep enough for any tensor, shallow enough for the stack.
  static constexpr int kMaxDepth = 64;

  bool fail(std::string &error, const llvm::Twine &message) {
    error = (message + " at offset " + llvm::Twine(pos)).str();
    return false;
  }

  void skipSpace() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }

  /// Parses one value at `depth` and returns its shape in `shape`.
  bool parseValue(int depth, std::vector<int64_t> &shape,
                  std::vector<std::string> &atoms, std::string &error) {
    if (depth > kMaxDepth)
      return fail(error, "lists nested too deeply");
    skipSpace();
    if (pos >= text.size())
      return fail(error, "unexpected end of input");
    if (text[pos] != '[') {
      size_t start = pos;
      while (pos < text.size() &&
             (llvm::isAlnum(text[pos]) || text[pos] == '.' ||
              text[pos] == '+' || text[pos] == '-' || text[pos] == '_'))
        ++pos;
      if (pos == start)
        return fail(error, "expected a number or '['");
      atoms.push_back(text.slice(start, pos).str());
      shape.clear();
      return true;
    }
    ++pos; // '['
    int64_t count = 0;
    std::optional<std::vector<int64_t>> elementShape;
    skipSpace();
    if (pos < text.size() && text[pos] == ']') {
      ++pos;
      shape.assign(1, 0);
      return true;
    }
    while (true) {
      std::vector<int64_t> sub;
      skipSpace();
      size_t at = pos;
      if (!parseValue(depth + 1, sub, atoms, error))
        return false;
      if (!elementShape) {
        elementShape = sub;
      } else if (*elementShape != sub) {
        pos = at;
        return fail(error, "ragged list: elements have different shapes");
      }
      ++count;
      skipSpace();
      if (pos < text.size() && text[pos] == ',') {
        ++pos;
        continue;
      }
      if (pos < text.size() && text[pos] == ']') {
        ++pos;
        break;
      }
      return fail(error, "expected ',' or ']'");
    }
    shape.assign(1, count);
    shape.insert(shape.end(), elementShape->begin(), elementShape->end());
    return true;
  }

  llvm::StringRef text;
  size_t pos = 0;
};

} // namespace

/// Converts a float token to the nearest value of `elementType`, rounding
/// the decimal once (APFloat), not through double first.
static bool parseFloatAtom(llvm::StringRef atom, Type elementType,
                           double &value) {
  llvm::StringRef body = atom;
  bool negative = body.consume_front("-");
  if (!negative)
    body.consume_front("+");
  if (body.equals_insensitive("nan")) {
    value = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  if (body.equals_insensitive("inf") || body.equals_insensitive("infinity")) {
    value = negative ? -std::numeric_limits<double>::infinity()
                     : std::numeric_limits<double>::infinity();
    return true;
  }
  if (body.empty() || !(llvm::isDigit(body[0]) || body[0] == '.'))
    return false;
  llvm::APFloat parsed(cast<FloatType>(elementType).getFloatSemantics());
  auto status =
      parsed.convertFromString(atom, llvm::APFloat::rmNearestTiesToEven);
  if (!status) {
    llvm::consumeError(status.takeError());
    return false;
  }
  bool losesInfo = false;
  (void)parsed.convert(llvm::APFloat::IEEEdouble(),
                       llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  value = parsed.convertToDouble();
  return true;
}

static bool parseIntAtom(llvm::StringRef atom, bool isBool, int64_t &value) {
  if (isBool && (atom == "true" || atom == "false")) {
    value = atom == "true";
    return true;
  }
  // getAsInteger fails on overflow and on trailing characters.
  return !atom.getAsInteger(10, value);
}

/// Builds the tensor for argument #`number` of type `type` from `text`.
static bool buildInput(unsigned number, llvm::StringRef text, Type type,
                       ref::Tensor &tensor, std::string &error) {
  std::string which = "input #" + std::to_string(number);
  Literal literal;
  std::string parseError;
  if (!LiteralParser(text).parse(literal, parseError)) {
    error = which + ": " + parseError;
    return false;
  }
  Type elementType = type;
  if (auto tensorType = dyn_cast<RankedTensorType>(type))
    elementType = tensorType.getElementType();
  else if (!type.isIndex()) {
    error = which + ": unsupported argument type";
    return false;
  }
  if (type.isIndex() && !literal.shape.empty()) {
    error = which + ": the argument is an index, expected one integer";
    return false;
  }
  tensor.elementType = elementType;
  tensor.shape = literal.shape;
  bool isFloat = isa<FloatType>(elementType);
  bool isBool = elementType.isInteger(1);
  for (auto [i, atom] : llvm::enumerate(literal.atoms)) {
    if (isFloat) {
      double value;
      if (!parseFloatAtom(atom, elementType, value)) {
        error = which + ": '" + atom + "' is not a number";
        return false;
      }
      tensor.floats.push_back(value);
      continue;
    }
    int64_t value;
    if (!parseIntAtom(atom, isBool, value)) {
      error = which + ": '" + atom + "' is not " +
              (isBool ? "true, false or an integer" : "an integer") +
              " that fits in int64";
      return false;
    }
    tensor.ints.push_back(value);
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Rounding self-test
//===----------------------------------------------------------------------===//

static std::string formatDouble(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.17g", value);
  return buffer;
}

static uint64_t bitsOf(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

static double apFloatToDouble(llvm::APFloat value) {
  bool losesInfo = false;
  (void)value.convert(llvm::APFloat::IEEEdouble(),
                      llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return value.convertToDouble();
}

/// The reference rounding: llvm::APFloat's conversion, independent of the
/// evaluator's bit-level implementation.
static double roundWithAPFloat(double value,
                               const llvm::fltSemantics &semantics) {
  llvm::APFloat converted(value);
  bool losesInfo = false;
  (void)converted.convert(semantics, llvm::APFloat::rmNearestTiesToEven,
                          &losesInfo);
  return apFloatToDouble(converted);
}

/// Checks roundToF16/BF16/F32 and the bit decoders against APFloat: every
/// f16 and bf16 bit pattern decodes to APFloat's value and rounds to
/// itself; the midpoints between neighbours (ties to even) and the doubles
/// just beside them, the overflow threshold, and pseudo-random doubles over
/// the whole exponent range (normals, subnormals, underflow, overflow)
/// round as APFloat rounds them.
static int runRoundingSelfTest() {
  struct Format {
    const char *name;
    double (*round)(double);
    double (*decode)(uint16_t);
    const llvm::fltSemantics &semantics;
  };
  const Format formats[] = {
      {"f16", ref::roundToF16, ref::f16BitsToDouble, llvm::APFloat::IEEEhalf()},
      {"bf16", ref::roundToBF16, ref::bf16BitsToDouble,
       llvm::APFloat::BFloat()},
      {"f32", ref::roundToF32, nullptr, llvm::APFloat::IEEEsingle()},
  };
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  int64_t cases = 0, mismatches = 0;
  auto report = [&](const llvm::Twine &what) {
    if (++mismatches <= 10)
      llvm::errs() << "mismatch: " << what << "\n";
  };
  auto check = [&](const Format &format, double value) {
    ++cases;
    double got = format.round(value);
    double want = roundWithAPFloat(value, format.semantics);
    if (!(std::isnan(got) && std::isnan(want)) && bitsOf(got) != bitsOf(want))
      report(llvm::Twine(format.name) + " rounding of " + formatDouble(value) +
             " gave " + formatDouble(got) + ", APFloat gives " +
             formatDouble(want));
  };
  for (const Format &format : formats) {
    if (format.decode) {
      for (uint32_t bits = 0; bits < 0x10000; ++bits) {
        ++cases;
        double value = format.decode(static_cast<uint16_t>(bits));
        llvm::APFloat reference(format.semantics, llvm::APInt(16, bits));
        if (reference.isNaN() != std::isnan(value) ||
            (!reference.isNaN() &&
             bitsOf(apFloatToDouble(reference)) != bitsOf(value)))
          report(llvm::Twine(format.name) + " decoding of " +
                 llvm::Twine(bits));
        check(format, value);
        if (std::isnan(value) || std::isinf(value))
          continue;
        // The midpoint to the neighbour of larger magnitude, and the
        // doubles on either side of it.
        double next = format.decode(static_cast<uint16_t>(bits + 1));
        if (std::isnan(next) || std::isinf(next))
          continue;
        double mid = value / 2 + next / 2;
        check(format, mid);
        check(format, std::nextafter(mid, 0.0));
        check(format, std::nextafter(mid, std::copysign(inf, mid)));
      }
    }
    // The overflow threshold max + ulp/2 (a tie that goes to infinity) and
    // its neighbours.
    double maxFinite =
        apFloatToDouble(llvm::APFloat::getLargest(format.semantics));
    int exp;
    (void)std::frexp(maxFinite, &exp);
    int precisionBits =
        static_cast<int>(llvm::APFloat::semanticsPrecision(format.semantics));
    double halfUlp = std::ldexp(1.0, exp - 1 - precisionBits);
    double threshold = maxFinite + halfUlp;
    for (double value : {maxFinite, threshold, std::nextafter(threshold, 0.0),
                         std::nextafter(threshold, inf), -threshold, 1e300,
                         -1e300, 0.0, -0.0, inf, -inf, nan, 5e-324, -5e-324})
      check(format, value);
    // Pseudo-random doubles from a fixed LCG.
    uint64_t state = 0x9e3779b97f4a7c15ull;
    auto nextRandom = [&state] {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      return state;
    };
    for (int i = 0; i < 200000; ++i) {
      uint64_t mantissa = nextRandom() >> 11;
      uint64_t bits = nextRandom();
      int scale = static_cast<int>((bits >> 33) % 360) - 180;
      double value = std::ldexp(static_cast<double>(mantissa), scale - 53);
      check(format, (bits & 1) ? -value : value);
    }
  }
  llvm::outs() << "rounding self-test: " << cases << " cases, " << mismatches
               << " mismatches\n";
  return mismatches == 0 ? 0 : 1;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // --help lists fuse-eval's options, not the LLVM backend options linked
  // in; --version names the tool and fusec's version.
  llvm::cl::HideUnrelatedOptions(evalCategory);
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "fuse-eval " << fusec::getVersionString() << "\n";
  });
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "fuse-eval: the fusec reference evaluator (op by op, float64 by "
      "default)\n\n"
      "  fuse-eval f.mlir --input='[[1, 2], [3, 4]]' --input=...\n\n"
      "Results go to stdout, errors to stderr. Exit codes: 0 success, 1 "
      "error.\n");
  if (selfTestRounding)
    return runRoundingSelfTest();

  DialectRegistry registry;
  registerAllFusecDialects(registry);
  MLIRContext context(registry);

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

  ArrayRef<Type> argumentTypes = func.getFunctionType().getInputs();
  if (inputs.size() != argumentTypes.size())
    return failWith("@" + func.getSymName() + " takes " +
                    llvm::Twine(argumentTypes.size()) + " inputs, got " +
                    llvm::Twine(inputs.size()) + " --input options");
  std::vector<ref::Tensor> tensors(inputs.size());
  for (unsigned i = 0; i < inputs.size(); ++i) {
    std::string error;
    if (!buildInput(i, inputs[i], argumentTypes[i], tensors[i], error))
      return failWith(error);
  }

  ref::EvalOptions options;
  options.precision = precision;
  options.maxElements = maxElements;
  // Intermediates are named by their op and its line:column, since the
  // parser does not keep SSA names.
  auto printIntermediate = [](Value value, const ref::Tensor &tensor) {
    auto result = cast<OpResult>(value);
    Operation *op = result.getOwner();
    llvm::outs() << "intermediate: " << op->getName();
    if (auto loc = LocationAttr(op->getLoc()).findInstanceOf<FileLineColLoc>())
      llvm::outs() << " at " << loc.getLine() << ":" << loc.getColumn();
    llvm::outs() << " #" << result.getResultNumber() << ": "
                 << ref::formatType(tensor) << " = "
                 << ref::formatTensor(tensor) << "\n";
  };
  ref::Observer observer;
  if (printIntermediates)
    observer = printIntermediate;
  std::string error;
  FailureOr<std::vector<ref::Tensor>> results =
      ref::evaluate(func, tensors, options, observer, &error);
  if (failed(results))
    return failWith(error);
  for (auto [i, result] : llvm::enumerate(*results))
    llvm::outs() << "result #" << i << ": " << ref::formatType(result) << " = "
                 << ref::formatTensor(result) << "\n";
  return 0;
}
