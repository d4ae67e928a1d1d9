//===- CPUExecutor.cpp - run fused functions on the host ------------------===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#include "fusec/Execution/CPUExecutor.h"

#include "fusec/Analysis/Shapes.h"
#include "fusec/Pipeline/Pipelines.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/Twine.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/ExecutionEngine/Orc/Shared/ExecutorSymbolDef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/TargetSelect.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <mutex>

using namespace mlir;
using namespace fusec;

static LogicalResult fail(std::string *error, const llvm::Twine &message) {
  if (error)
    *error = message.str();
  return failure();
}

unsigned fusec::getElementByteSize(Type elementType) {
  if (elementType.isF16() || elementType.isBF16())
    return 2;
  if (elementType.isF32() || elementType.isInteger(32))
    return 4;
  if (elementType.isF64() || elementType.isInteger(64))
    return 8;
  if (elementType.isInteger(1))
    return 1;
  return 0;
}

//===----------------------------------------------------------------------===//
// FunctionShapes
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> fusec::cloneForShapeAnalysis(func::FuncOp func) {
  OwningOpRef<ModuleOp> clone = ModuleOp::create(func.getLoc());
  clone->getBody()->push_back(func->clone());
  if (func.isExternal())
    return clone;
  // Canonicalization patterns never fail on valid IR; should the pass fail
  // anyway, a plain copy is the best that can be analyzed.
  PassManager pm(func.getContext());
  pm.addPass(createCanonicalizerPass());
  if (failed(pm.run(*clone))) {
    clone = ModuleOp::create(func.getLoc());
    clone->getBody()->push_back(func->clone());
  }
  return clone;
}

FailureOr<FunctionShapes> FunctionShapes::analyze(func::FuncOp original,
                                                  std::string *error) {
  std::string name = "@" + original.getSymName().str();
  if (original.isExternal()) {
    (void)fail(error, name + " has no body");
    return failure();
  }
  OwningOpRef<ModuleOp> analysis = cloneForShapeAnalysis(original);
  auto func = *analysis->getOps<func::FuncOp>().begin();
  FunctionShapes shapes;
  auto checkType = [&](Type type,
                       const llvm::Twine &what) -> FailureOr<RankedTensorType> {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || getElementByteSize(tensor.getElementType()) == 0) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << name << ": " << what << " has type " << type
         << "; only ranked tensors of f16, bf16, f32, f64, i1, i32 or i64 "
            "can be passed";
      (void)fail(error, text);
      return failure();
    }
    return tensor;
  };
  FunctionType type = func.getFunctionType();
  for (auto [i, argType] : llvm::enumerate(type.getInputs())) {
    FailureOr<RankedTensorType> tensor =
        checkType(argType, "argument #" + llvm::Twine(i));
    if (failed(tensor))
      return failure();
    shapes.argTypes.push_back(*tensor);
  }
  for (auto [i, resultType] : llvm::enumerate(type.getResults())) {
    FailureOr<RankedTensorType> tensor =
        checkType(resultType, "result #" + llvm::Twine(i));
    if (failed(tensor))
      return failure();
    shapes.resultTypes.push_back(*tensor);
  }

  fuse::SizeSymbols symbols = fuse::computeSizeSymbols(func);
  shapes.numSymbols = symbols.size();
  for (const SmallVector<int> &dims : symbols.argDims)
    shapes.argSymbols.emplace_back(dims.begin(), dims.end());

  auto ret = dyn_cast<func::ReturnOp>(func.getBody().front().getTerminator());
  if (!ret || ret.getNumOperands() != shapes.resultTypes.size()) {
    (void)fail(error, name + " does not end in a func.return of its results");
    return failure();
  }
  for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
    RankedTensorType resultType = shapes.resultTypes[i];
    std::vector<DimRule> rules;
    for (int64_t d = 0; d < resultType.getRank(); ++d) {
      DimRule rule;
      if (!resultType.isDynamicDim(d)) {
        rule.staticSize = resultType.getDimSize(d);
        rules.push_back(rule);
        continue;
      }
      FailureOr<fuse::DimSource> source = fuse::traceDim(value, d);
      auto arg = succeeded(source) ? dyn_cast<BlockArgument>(source->root)
                                   : BlockArgument();
      if (!arg || arg.getOwner() != &func.getBody().front()) {
        (void)fail(error, name + ": the size of dimension " + llvm::Twine(d) +
                              " of result #" + llvm::Twine(i) +
                              " does not come from an argument dimension");
        return failure();
      }
      rule.arg = arg.getArgNumber();
      rule.dim = source->dim;
      rules.push_back(rule);
    }
    shapes.resultRules.push_back(std::move(rules));
  }
  return shapes;
}

LogicalResult
FunctionShapes::checkArgShapes(ArrayRef<std::vector<int64_t>> argShapes,
                               std::string *error) const {
  if (argShapes.size() != argTypes.size())
    return fail(error, "expected " + llvm::Twine(argTypes.size()) +
                           " arguments, got " + llvm::Twine(argShapes.size()));
  std::vector<int64_t> symbolValues(numSymbols, -1);
  for (auto [i, shape] : llvm::enumerate(argShapes)) {
    RankedTensorType type = argTypes[i];
    if (static_cast<int64_t>(shape.size()) != type.getRank())
      return fail(error, "argument #" + llvm::Twine(i) + " has rank " +
                             llvm::Twine(shape.size()) + ", expected " +
                             llvm::Twine(type.getRank()));
    for (auto [d, size] : llvm::enumerate(shape)) {
      std::string where = "dimension " + std::to_string(d) + " of argument #" +
                          std::to_string(i);
      if (size < 0)
        return fail(error, where + " has negative size " + llvm::Twine(size));
      if (!type.isDynamicDim(d)) {
        if (size != type.getDimSize(d))
          return fail(error, where + " has size " + llvm::Twine(size) +
                                 ", expected " +
                                 llvm::Twine(type.getDimSize(d)));
        continue;
      }
      int symbol = argSymbols[i][d];
      if (symbol < 0 || symbol >= static_cast<int>(numSymbols))
        return fail(error, where + " has no size symbol");
      if (symbolValues[symbol] < 0)
        symbolValues[symbol] = size;
      else if (symbolValues[symbol] != size)
        return fail(error, where + " has size " + llvm::Twine(size) +
                               ", but size symbol s" + llvm::Twine(symbol) +
                               " is " + llvm::Twine(symbolValues[symbol]) +
                               " elsewhere");
    }
  }
  return success();
}

std::vector<std::vector<int64_t>> FunctionShapes::getResultShapes(
    ArrayRef<std::vector<int64_t>> argShapes) const {
  std::vector<std::vector<int64_t>> result;
  for (const std::vector<DimRule> &rules : resultRules) {
    std::vector<int64_t> shape;
    for (const DimRule &rule : rules)
      shape.push_back(rule.arg < 0 ? rule.staticSize
                                   : argShapes[rule.arg][rule.dim]);
    result.push_back(std::move(shape));
  }
  return result;
}

//===----------------------------------------------------------------------===//
// CPUExecutable
//===----------------------------------------------------------------------===//

CPUExecutable::CPUExecutable(std::string funcName, FunctionShapes shapes,
                             std::unique_ptr<ExecutionEngine> engine)
    : funcName(std::move(funcName)), shapes(std::move(shapes)),
      engine(std::move(engine)) {}

CPUExecutable::~CPUExecutable() = default;

/// LLVM rounds bf16 arithmetic (done in f32) through compiler-rt's
/// __truncsfbf2, and f64 -> bf16 casts through __truncdfbf2, on hosts
/// without a native conversion (x86 without AVX512-BF16); neither the JIT's
/// process nor Debian 12's libgcc defines them, so the executor does. bf16
/// travels in a floating-point register, as float does, in the low 16
/// bits: each returns the float whose bit pattern is the bf16's,
/// zero-extended.
static float inFloatRegister(uint16_t bf16Bits) {
  uint32_t widened = bf16Bits;
  float result;
  std::memcpy(&result, &widened, sizeof(result));
  return result;
}

/// __truncsfbf2: round to nearest even, NaN kept a (quiet) NaN. By hand,
/// not through APFloat, because it runs once per bf16 operation.
static float truncFloatToBF16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return inFloatRegister(static_cast<uint16_t>((bits >> 16) | 0x0040u));
  return inFloatRegister(
      static_cast<uint16_t>((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16));
}

/// __truncdfbf2: one rounding to nearest even, as fuse-run's host tensors
/// convert.
static float truncDoubleToBF16(double value) {
  llvm::APFloat converted(value);
  bool losesInfo = false;
  (void)converted.convert(llvm::APFloat::BFloat(),
                          llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return inFloatRegister(
      static_cast<uint16_t>(converted.bitcastToAPInt().getZExtValue()));
}

static void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

FailureOr<std::unique_ptr<CPUExecutable>>
CPUExecutable::compile(ModuleOp module, StringRef funcName,
                       const CPUCompileOptions &options, std::string *error) {
  auto func = module.lookupSymbol<func::FuncOp>(funcName);
  if (!func) {
    (void)fail(error, "no function named @" + funcName);
    return failure();
  }
  if (options.optLevel > 3) {
    (void)fail(error, "optimization level " + llvm::Twine(options.optLevel) +
                          " is not in [0, 3]");
    return failure();
  }
  FailureOr<FunctionShapes> shapes = FunctionShapes::analyze(func, error);
  if (failed(shapes))
    return failure();

  // Compile a module holding only this function: the others may use
  // features the CPU pipeline does not support, and must not be affected.
  OwningOpRef<ModuleOp> clone = ModuleOp::create(module.getLoc());
  clone->getBody()->push_back(func->clone());

  MLIRContext *context = module.getContext();
  registerBuiltinDialectTranslation(*context);
  registerLLVMDialectTranslation(*context);
  PassManager pm(context);
  FusionPipelineOptions fusion;
  fusion.fuseIndexReductions = options.fuseIndexReductions;
  fusion.allowReassociation = options.allowReassociation;
  buildCPUPipeline(pm, fusion);
  if (failed(pm.run(*clone))) {
    (void)fail(error, "the CPU pipeline failed on @" + funcName);
    return failure();
  }

  initializeNativeTarget();
  auto transformer = makeOptimizingTransformer(options.optLevel,
                                               /*sizeLevel=*/0,
                                               /*targetMachine=*/nullptr);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel =
      static_cast<llvm::CodeGenOptLevel>(options.optLevel);
  engineOptions.enableGDBNotificationListener = false;
  engineOptions.enablePerfNotificationListener = false;
  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      ExecutionEngine::create(*clone, engineOptions);
  if (!engine) {
    (void)fail(error, "JIT compilation of @" + funcName +
                          " failed: " + llvm::toString(engine.takeError()));
    return failure();
  }
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    auto flags =
        llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable;
    symbols[interner("__truncsfbf2")] = {
        llvm::orc::ExecutorAddr::fromPtr(&truncFloatToBF16), flags};
    symbols[interner("__truncdfbf2")] = {
        llvm::orc::ExecutorAddr::fromPtr(&truncDoubleToBF16), flags};
    return symbols;
  });
  return std::unique_ptr<CPUExecutable>(new CPUExecutable(
      funcName.str(), std::move(*shapes), std::move(*engine)));
}

/// The number of elements of `shape`, or -1 when it overflows int64_t.
static int64_t countElements(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t size : shape) {
    if (size != 0 && count > std::numeric_limits<int64_t>::max() / size)
      return -1;
    count *= size;
  }
  return count;
}

/// A memref descriptor of rank R laid out as the LLVM lowering expects:
/// {T *allocated, T *aligned, int64 offset, int64 sizes[R], int64
/// strides[R]}. Every field is 8 bytes wide on the 64-bit hosts MLIR's
/// ExecutionEngine supports, so an array of words has the same layout.
static std::vector<int64_t> makeDescriptor(void *data,
                                           ArrayRef<int64_t> shape) {
  static_assert(sizeof(void *) == sizeof(int64_t),
                "memref descriptors are built for 64-bit hosts");
  std::vector<int64_t> words;
  int64_t pointer = static_cast<int64_t>(reinterpret_cast<intptr_t>(data));
  words.push_back(pointer);
  words.push_back(pointer);
  words.push_back(0);
  words.insert(words.end(), shape.begin(), shape.end());
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  words.insert(words.end(), strides.begin(), strides.end());
  return words;
}

LogicalResult CPUExecutable::run(ArrayRef<HostBufferRef> inputs,
                                 ArrayRef<HostBufferRef> outputs,
                                 std::string *error) const {
  std::string name = "@" + funcName;
  std::vector<std::vector<int64_t>> inputShapes;
  for (const HostBufferRef &input : inputs)
    inputShapes.emplace_back(input.shape.begin(), input.shape.end());
  std::string shapeError;
  if (failed(shapes.checkArgShapes(inputShapes, &shapeError)))
    return fail(error, name + ": " + shapeError);
  std::vector<std::vector<int64_t>> resultShapes =
      shapes.getResultShapes(inputShapes);
  if (outputs.size() != resultShapes.size())
    return fail(error, name + ": expected " + llvm::Twine(resultShapes.size()) +
                           " output buffers, got " +
                           llvm::Twine(outputs.size()));
  for (auto [i, output] : llvm::enumerate(outputs))
    if (ArrayRef<int64_t>(resultShapes[i]) != output.shape)
      return fail(error, name + ": output buffer #" + llvm::Twine(i) +
                             " does not have the shape of result #" +
                             llvm::Twine(i));

  std::vector<std::vector<int64_t>> descriptors;
  auto addBuffer = [&](const HostBufferRef &buffer,
                       const llvm::Twine &what) -> LogicalResult {
    int64_t count = countElements(buffer.shape);
    if (count < 0)
      return fail(error, name + ": " + what + " has too many elements");
    if (!buffer.data && count != 0)
      return fail(error, name + ": " + what + " has no data");
    descriptors.push_back(makeDescriptor(buffer.data, buffer.shape));
    return success();
  };
  for (auto [i, input] : llvm::enumerate(inputs))
    if (failed(addBuffer(input, "input #" + llvm::Twine(i))))
      return failure();
  for (auto [i, output] : llvm::enumerate(outputs))
    if (failed(addBuffer(output, "output #" + llvm::Twine(i))))
      return failure();

  // The packed interface takes, for each argument of _mlir_ciface_f, a
  // pointer to a variable holding it; each argument is a descriptor
  // pointer.
  std::vector<void *> descriptorPointers;
  for (std::vector<int64_t> &descriptor : descriptors)
    descriptorPointers.push_back(descriptor.data());
  std::vector<void *> packed;
  for (void *&pointer : descriptorPointers)
    packed.push_back(&pointer);
  if (llvm::Error invokeError =
          engine->invokePacked("_mlir_ciface_" + funcName, packed))
    return fail(error, name + ": " + llvm::toString(std::move(invokeError)));
  return success();
}
