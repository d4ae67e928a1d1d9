//===- MapToGPU.cpp - fused kernels to GPU kernels ------------------------===//
//
// Part of fusec. Implements fuse-map-to-gpu: one gpu.func per fuse.kernel,
// the kernel ABI (bare pointers, then i64 sizes) and the launch description.
//
//===----------------------------------------------------------------------===//

#include "fusec/Conversion/Passes.h"

#include "GPUSchedules.h"
#include "fusec/Analysis/Shapes.h"
#include "fusec/Conversion/KernelEmitter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace fuse {
#define GEN_PASS_DEF_FUSEMAPTOGPU
#include "fusec/Conversion/Passes.h.inc"
} // namespace fuse
} // namespace mlir

using namespace mlir;
using namespace mlir::fuse;
using fusec::rt::Expr;

namespace {

constexpr int64_t kThreadsPerBlock = 256;
/// Vectorized elementwise kernels take blocks of four warps, as Triton's
/// pointwise kernels do. At 4096 fp16 elements, replayed from a CUDA graph
/// in 9 interleaved rounds, the chain averaged 23 ns over torch.compile's
/// with 256-thread blocks and 14 ns with 128 (the event clock ticks in 32
/// ns); at 1e6 and 134217728 elements the two sizes ran alike
/// (docs/performance-notes.md, version 22).
constexpr int64_t kVectorThreadsPerBlock = 128;
/// Grid-stride kernels launch a block per block's worth of work, so each
/// thread makes one pass of its loop, up to the driver's limit on
/// gridDim.x; the loop covers sizes beyond it. Capping the grid at the
/// blocks the GPU holds at once (1056 on an H200) kept one 16-byte load in
/// flight per thread and ran the 256 MiB fp16 chain at 91.5% of the copy
/// bandwidth; a block per chunk lets retiring blocks overlap new ones'
/// loads: 96.5% (docs/performance-notes.md, version 22).
constexpr int64_t kMaxGridStrideBlocks = 2147483647;

FailureOr<fusec::rt::DType> toDType(Type type, Location loc) {
  using fusec::rt::DType;
  if (type.isF16())
    return DType::F16;
  if (type.isBF16())
    return DType::BF16;
  if (type.isF32())
    return DType::F32;
  if (type.isF64())
    return DType::F64;
  if (type.isInteger(1))
    return DType::I1;
  if (type.isInteger(32))
    return DType::I32;
  if (type.isInteger(64))
    return DType::I64;
  return emitError(loc, "element type ") << type << " has no launch dtype";
}

} // namespace

Value mlir::fuse::wrapPointer(OpBuilder &builder, Location loc, Value pointer,
                              MemRefType type, ArrayRef<Value> dynamicSizes) {
  MLIRContext *ctx = builder.getContext();
  Type i64 = builder.getI64Type();
  Type ptrType = pointer.getType();
  int64_t rank = type.getRank();
  SmallVector<Type> fields = {ptrType, ptrType, i64};
  if (rank > 0) {
    fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
    fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
  }
  auto structType = LLVM::LLVMStructType::getLiteral(ctx, fields);
  Value desc = LLVM::UndefOp::create(builder, loc, structType);
  desc = LLVM::InsertValueOp::create(builder, loc, desc, pointer,
                                     ArrayRef<int64_t>{0});
  desc = LLVM::InsertValueOp::create(builder, loc, desc, pointer,
                                     ArrayRef<int64_t>{1});
  auto constI64 = [&](int64_t v) -> Value {
    return LLVM::ConstantOp::create(builder, loc, i64,
                                    builder.getI64IntegerAttr(v));
  };
  desc = LLVM::InsertValueOp::create(builder, loc, desc, constI64(0),
                                     ArrayRef<int64_t>{2});
  SmallVector<Value> sizes;
  unsigned next = 0;
  for (int64_t d = 0; d < rank; ++d)
    sizes.push_back(type.isDynamicDim(d) ? dynamicSizes[next++]
                                         : constI64(type.getDimSize(d)));
  Value stride = constI64(1);
  SmallVector<Value> strides(rank);
  for (int64_t d = rank - 1; d >= 0; --d) {
    strides[d] = stride;
    if (d > 0)
      stride = LLVM::MulOp::create(builder, loc, stride, sizes[d]);
  }
  for (int64_t d = 0; d < rank; ++d) {
    desc = LLVM::InsertValueOp::create(builder, loc, desc, sizes[d],
                                       ArrayRef<int64_t>{3, d});
    desc = LLVM::InsertValueOp::create(builder, loc, desc, strides[d],
                                       ArrayRef<int64_t>{4, d});
  }
  return UnrealizedConversionCastOp::create(builder, loc, TypeRange{type},
                                            ValueRange{desc})
      .getResult(0);
}

namespace {

/// The emitter of GPU schedules: identical scalar semantics, plus vector
/// loads along the innermost output dimension for elementwise kernels.
class GPUEmitter : public KernelEmitter {
public:
  using KernelEmitter::KernelEmitter;
  Value vectorIndex;
  int64_t width = 1;

protected:
  FailureOr<Value> loadLeaf(BlockArgument leaf, ArrayRef<Value> indices,
                            Frame *ctx) override {
    if (width == 1 || !llvm::is_contained(indices, vectorIndex))
      return KernelEmitter::loadLeaf(leaf, indices, ctx);
    if (indices.back() != vectorIndex)
      return getKernel().emitOpError("internal error: vector load along a "
                                     "non-contiguous dimension");
    Frame *frame = targetFrame(indices, ctx);
    OpBuilder::InsertionGuard guard(builder);
    setInsertionPoint(frame);
    Value memref = inputs[leaf.getArgNumber()];
    Type element = cast<MemRefType>(memref.getType()).getElementType();
    auto vectorType = VectorType::get({width}, element);
    Value loaded = vector::LoadOp::create(
        builder, loc, vectorType, memref, indices, /*nontemporal=*/false,
        llvm::MaybeAlign(width * element.getIntOrFloatBitWidth() / 8));
    define(loaded, frame);
    return loaded;
  }
};

/// Whether an elementwise kernel can use `width`-wide vectors along its
/// innermost dimension: every input is read either along that dimension at
/// the same position as the output, or not along it at all.
bool isVectorizable(KernelOp kernel, int64_t width) {
  if (width <= 1 || kernel.getNumResults() == 0)
    return false;
  auto outType = cast<RankedTensorType>(kernel.getResult(0).getType());
  if (outType.getRank() == 0)
    return false;
  for (Type type : kernel.getResultTypes())
    if (cast<RankedTensorType>(type).getShape() != outType.getShape())
      return false;
  int64_t last = outType.getDimSize(outType.getRank() - 1);
  if (outType.getRank() > 1 && (ShapedType::isDynamic(last) || last % width))
    return false;
  bool ok = true;
  kernel.getBodyBlock().walk([&](Operation *op) {
    if (isa<YieldOp, arith::ConstantOp, ConstantOp>(op))
      return;
    if (!isElementwise(op) && !isa<ExpandDimsOp, BroadcastToOp>(op))
      ok = false;
    // A dimension inserted at the end would move the innermost index.
    if (auto expand = dyn_cast<ExpandDimsOp>(op))
      if (static_cast<int64_t>(expand.getDim()) ==
          expand.getType().getRank() - 1)
        ok = false;
  });
  for (BlockArgument arg : kernel.getBodyBlock().getArguments()) {
    auto type = cast<RankedTensorType>(arg.getType());
    if (type.getRank() == 0)
      continue;
    int64_t argLast = type.getDimSize(type.getRank() - 1);
    if (argLast != 1 && argLast != last)
      ok = false;
  }
  return ok;
}

class GPUMapper {
public:
  GPUMapper(ModuleOp module, func::FuncOp func, gpu::GPUModuleOp gpuModule,
            StringRef arch, TileOptions tiles)
      : module(module), func(func), gpuModule(gpuModule), arch(arch),
        tiles(tiles), symbols(computeSizeSymbols(func)) {}

  LogicalResult run();

private:
  std::string symbolName(int symbol) { return "s" + std::to_string(symbol); }
  FailureOr<std::vector<fusec::rt::Dim>> describeShape(Value value);
  Expr dimExpr(Value value, int64_t dim);
  Expr numelExpr(Value value);
  LogicalResult mapKernel(KernelOp kernel);
  LogicalResult emitGridStride(ScheduleContext &ctx, KernelLaunch &launch);

  ModuleOp module;
  func::FuncOp func;
  gpu::GPUModuleOp gpuModule;
  std::string arch;
  TileOptions tiles;
  SizeSymbols symbols;
  fusec::rt::LaunchDesc desc;
  DenseMap<Value, std::string> bufferNames;
};

FailureOr<std::vector<fusec::rt::Dim>> GPUMapper::describeShape(Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  std::vector<fusec::rt::Dim> shape;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d)) {
      shape.push_back(fusec::rt::Dim::fixed(type.getDimSize(d)));
      continue;
    }
    FailureOr<int> symbol = symbols.symbolOf(value, d);
    if (failed(symbol))
      return emitError(value.getLoc(), "cannot relate dynamic dimension ")
             << d << " to the function's arguments";
    shape.push_back(fusec::rt::Dim::symbolic(symbolName(*symbol)));
  }
  return shape;
}

Expr GPUMapper::dimExpr(Value value, int64_t dim) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.isDynamicDim(dim))
    return Expr::integer(type.getDimSize(dim));
  FailureOr<int> symbol = symbols.symbolOf(value, dim);
  return succeeded(symbol) ? Expr::sym(symbolName(*symbol)) : Expr::integer(1);
}

Expr GPUMapper::numelExpr(Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  Expr total = Expr::integer(1);
  int64_t staticPart = 1;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d)) {
      staticPart *= type.getDimSize(d);
      continue;
    }
    total = total.kind == Expr::Kind::Integer && total.value == 1
                ? dimExpr(value, d)
                : Expr::apply(Expr::OpKind::Mul, total, dimExpr(value, d));
  }
  if (total.kind == Expr::Kind::Integer)
    return Expr::integer(total.value * staticPart);
  if (staticPart == 1)
    return total;
  return Expr::apply(Expr::OpKind::Mul, total, Expr::integer(staticPart));
}

LogicalResult GPUMapper::emitGridStride(ScheduleContext &ctx,
                                        KernelLaunch &launch) {
  KernelOp kernel = ctx.kernel;
  OpBuilder builder(ctx.func.getBody());
  builder.setInsertionPoint(&ctx.func.getBody().front().back());
  Location loc = kernel.getLoc();
  Block *body = &ctx.func.getBody().front();
  GPUEmitter emitter(builder, kernel, ctx.inputs, body, &body->back());
  KernelEmitter::Frame *root = emitter.getRoot();
  ValueRange yielded = kernel.getYield().getValues();

  // Outputs of different shapes would need one loop each; the fusion pass
  // only forms kernels whose outputs share a shape.
  auto outType = cast<RankedTensorType>(yielded.front().getType());
  for (Value v : yielded)
    if (cast<RankedTensorType>(v.getType()).getShape() != outType.getShape())
      return kernel.emitOpError("outputs of different shapes");

  // Elementwise kernels move 16 bytes per access of their widest element
  // type (8 f16 or 4 f32 elements per thread and step).
  int64_t width = 1;
  int64_t maxBytes = 1;
  for (Value v : llvm::concat<Value>(kernel.getInputs(), kernel.getResults()))
    maxBytes = std::max<int64_t>(
        maxBytes,
        cast<RankedTensorType>(v.getType()).getElementTypeBitWidth() / 8);
  if (isVectorizable(kernel, 16 / maxBytes))
    width = 16 / maxBytes;

  int64_t rank = outType.getRank();
  SmallVector<Value> extents;
  for (int64_t d = 0; d < rank; ++d) {
    FailureOr<Value> extent = emitter.dimSize(yielded.front(), d);
    if (failed(extent))
      return failure();
    extents.push_back(*extent);
  }
  emitter.setInsertionPoint(root);
  Value total = emitter.indexConstant(1);
  for (Value extent : extents)
    total = arith::MulIOp::create(builder, loc, total, extent);
  emitter.define(total, root);
  Value tid = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x);
  Value bid = gpu::BlockIdOp::create(builder, loc, gpu::Dimension::x);
  Value bdim = gpu::BlockDimOp::create(builder, loc, gpu::Dimension::x);
  Value gdim = gpu::GridDimOp::create(builder, loc, gpu::Dimension::x);
  Value first = arith::AddIOp::create(
      builder, loc, arith::MulIOp::create(builder, loc, bid, bdim), tid);
  Value stride = arith::MulIOp::create(builder, loc, gdim, bdim);
  for (Value v : {tid, bid, bdim, gdim, first, stride})
    emitter.define(v, root);

  // Decomposes a flat element index into the output's indices.
  auto decompose = [&](Value flat, KernelEmitter::Frame *frame) {
    emitter.setInsertionPoint(frame);
    SmallVector<Value> indices(rank);
    Value rest = flat;
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (d == 0) {
        indices[d] = rest;
        break;
      }
      indices[d] = arith::RemUIOp::create(builder, loc, rest, extents[d]);
      rest = arith::DivUIOp::create(builder, loc, rest, extents[d]);
      emitter.define(indices[d], frame);
      emitter.define(rest, frame);
    }
    if (rank > 0)
      emitter.define(indices[0], frame);
    return indices;
  };

  auto emitLoop = [&](Value lb, Value ub, int64_t vecWidth) -> LogicalResult {
    KernelEmitter::Frame *loop =
        emitter.openLoop(root, lb, ub, stride, ValueRange{});
    emitter.width = vecWidth;
    Value flat = loop->iv;
    if (vecWidth > 1) {
      emitter.setInsertionPoint(loop);
      flat = arith::MulIOp::create(builder, loc, loop->iv,
                                   emitter.indexConstant(vecWidth));
      emitter.define(flat, loop);
    }
    SmallVector<Value> indices =
        rank == 0 ? SmallVector<Value>{} : decompose(flat, loop);
    emitter.vectorIndex = rank > 0 ? indices.back() : Value();
    for (auto [value, buffer] : llvm::zip(yielded, ctx.outputs)) {
      FailureOr<Value> element = emitter.emit(value, indices, loop);
      if (failed(element))
        return failure();
      emitter.setInsertionPoint(loop);
      Value stored = *element;
      Type element0 = cast<MemRefType>(buffer.getType()).getElementType();
      if (vecWidth > 1) {
        auto vectorType = VectorType::get({vecWidth}, element0);
        if (!isa<VectorType>(stored.getType()))
          stored =
              vector::BroadcastOp::create(builder, loc, vectorType, stored);
        vector::StoreOp::create(
            builder, loc, stored, buffer, indices, /*nontemporal=*/false,
            llvm::MaybeAlign(vecWidth * element0.getIntOrFloatBitWidth() / 8));
      } else {
        memref::StoreOp::create(builder, loc, stored, buffer, indices);
      }
    }
    emitter.closeLoop(loop, ValueRange{});
    return success();
  };

  Expr work = numelExpr(yielded.front());
  if (rank == 0) {
    // One element: thread 0 of block 0 writes it.
    emitter.setInsertionPoint(root);
    Value one = emitter.indexConstant(1);
    if (failed(emitLoop(first, one, 1)))
      return failure();
  } else if (width > 1) {
    emitter.setInsertionPoint(root);
    Value chunks = arith::DivUIOp::create(builder, loc, total,
                                          emitter.indexConstant(width));
    emitter.define(chunks, root);
    if (failed(emitLoop(first, chunks, width)))
      return failure();
    // The tail (fewer than `width` elements) element by element.
    emitter.setInsertionPoint(root);
    Value tailStart = arith::AddIOp::create(
        builder, loc,
        arith::MulIOp::create(builder, loc, chunks,
                              emitter.indexConstant(width)),
        first);
    emitter.define(tailStart, root);
    emitter.vectorIndex = Value();
    if (failed(emitLoop(tailStart, total, 1)))
      return failure();
    launch.remark = "elementwise, grid-stride, " + std::to_string(width) +
                    "-wide vector accesses";
  } else {
    if (failed(emitLoop(first, total, 1)))
      return failure();
    launch.remark = "one output element per thread, grid-stride";
  }

  int64_t threads = width > 1 ? kVectorThreadsPerBlock : kThreadsPerBlock;
  Expr blocks = Expr::apply(
      Expr::OpKind::Max, Expr::integer(1),
      Expr::apply(Expr::OpKind::Min, Expr::integer(kMaxGridStrideBlocks),
                  Expr::apply(Expr::OpKind::CDiv, work,
                              Expr::integer(threads * width))));
  launch.grid = {blocks, Expr::integer(1), Expr::integer(1)};
  launch.block = {Expr::integer(threads), Expr::integer(1), Expr::integer(1)};
  return success();
}

LogicalResult GPUMapper::mapKernel(KernelOp kernel) {
  MLIRContext *ctx = module.getContext();
  Location loc = kernel.getLoc();
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  Type i64 = IntegerType::get(ctx, 64);

  // Size symbols the kernel needs: those of its inputs' and outputs' dims.
  SmallVector<int> kernelSymbols;
  for (Value v : llvm::concat<Value>(kernel.getInputs(), kernel.getResults())) {
    auto type = cast<RankedTensorType>(v.getType());
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d)) {
        FailureOr<int> symbol = symbols.symbolOf(v, d);
        if (failed(symbol))
          return kernel.emitOpError("cannot relate dynamic dimension ")
                 << d << " of an operand to the function's arguments";
        if (!llvm::is_contained(kernelSymbols, *symbol))
          kernelSymbols.push_back(*symbol);
      }
  }
  llvm::sort(kernelSymbols);

  // --precision=3xtf32-recheck: the labels of a running minimum get a
  // scratch buffer of the same shape, after the size parameters.
  std::optional<unsigned> scratchLabels;
  if (tiles.precision == "3xtf32-recheck")
    for (auto [i, v] : llvm::enumerate(kernel.getYield().getValues()))
      if (v.getDefiningOp<RunningMinOp>() &&
          getElementTypeOrSelf(v.getType()).isInteger(64)) {
        scratchLabels = i;
        break;
      }
  unsigned numBuffers = kernel.getNumOperands() + kernel.getNumResults();
  SmallVector<Type> params(numBuffers, ptrType);
  params.append(kernelSymbols.size(), i64);
  if (scratchLabels)
    params.push_back(ptrType);
  OpBuilder builder(gpuModule.getBody(), gpuModule.getBody()->end());
  auto gpuFunc = gpu::GPUFuncOp::create(builder, loc, kernel.getSymName(),
                                        builder.getFunctionType(params, {}));
  gpuFunc->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                   builder.getUnitAttr());
  Block &entry = gpuFunc.getBody().front();
  builder.setInsertionPointToStart(&entry);
  auto ret = gpu::ReturnOp::create(builder, loc);
  builder.setInsertionPoint(ret);

  ScheduleContext sctx;
  sctx.kernel = kernel;
  sctx.gpuModule = gpuModule;
  sctx.func = gpuFunc;
  sctx.tiles = tiles;
  sctx.sizeParams.assign(symbols.size(), Value());
  for (auto [i, symbol] : llvm::enumerate(kernelSymbols))
    sctx.sizeParams[symbol] = entry.getArgument(numBuffers + i);
  sctx.dimExpr = [this](Value v, int64_t d) { return dimExpr(v, d); };

  auto wrap = [&](Value v, Value pointer) -> FailureOr<Value> {
    auto type = cast<RankedTensorType>(v.getType());
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        sizes.push_back(sctx.sizeParams[*symbols.symbolOf(v, d)]);
    auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
    return wrapPointer(builder, loc, pointer, memrefType, sizes);
  };
  unsigned next = 0;
  for (Value v : kernel.getInputs()) {
    FailureOr<Value> m = wrap(v, entry.getArgument(next++));
    if (failed(m))
      return failure();
    sctx.inputs.push_back(*m);
  }
  for (Value v : kernel.getResults()) {
    FailureOr<Value> m = wrap(v, entry.getArgument(next++));
    if (failed(m))
      return failure();
    sctx.outputs.push_back(*m);
  }
  if (scratchLabels) {
    FailureOr<Value> m =
        wrap(kernel.getResult(*scratchLabels),
             entry.getArgument(numBuffers + kernelSymbols.size()));
    if (failed(m))
      return failure();
    sctx.rowScratch = *m;
  }

  KernelLaunch launch;
  bool applicable = false;
  FailureOr<KernelLaunch> tiled = emitTiledRunningMin(sctx, applicable);
  if (applicable) {
    if (failed(tiled))
      return failure();
    launch = *tiled;
  } else if (failed(emitGridStride(sctx, launch))) {
    return failure();
  }
  int64_t maxThreads = 1;
  for (const Expr &e : launch.block)
    if (e.kind == Expr::Kind::Integer)
      maxThreads *= e.value;
  gpuFunc->setAttr(
      "nvvm.maxntid",
      builder.getDenseI32ArrayAttr({static_cast<int32_t>(maxThreads), 1, 1}));
  if (!launch.remark.empty())
    gpuFunc->setAttr("fusec.schedule", builder.getStringAttr(launch.remark));

  // The launch description: buffers by name, then sizes.
  std::vector<fusec::rt::ParamDesc> stepParams;
  for (Value v : kernel.getInputs())
    stepParams.push_back(fusec::rt::ParamDesc::buffer(bufferNames.lookup(v)));
  for (Value v : kernel.getResults()) {
    auto it = bufferNames.find(v);
    if (it == bufferNames.end()) {
      std::string name = "tmp" + std::to_string(desc.buffers.size());
      FailureOr<std::vector<fusec::rt::Dim>> shape = describeShape(v);
      FailureOr<fusec::rt::DType> dtype =
          toDType(cast<RankedTensorType>(v.getType()).getElementType(), loc);
      if (failed(shape) || failed(dtype))
        return failure();
      desc.buffers.push_back({name, *dtype, *shape});
      it = bufferNames.try_emplace(v, name).first;
    }
    stepParams.push_back(fusec::rt::ParamDesc::buffer(it->second));
  }
  for (int symbol : kernelSymbols)
    stepParams.push_back(fusec::rt::ParamDesc::size(symbolName(symbol)));
  std::string scratchName;
  if (scratchLabels) {
    Value labels = kernel.getResult(*scratchLabels);
    scratchName = "tmp" + std::to_string(desc.buffers.size());
    FailureOr<std::vector<fusec::rt::Dim>> shape = describeShape(labels);
    if (failed(shape))
      return failure();
    desc.buffers.push_back({scratchName, fusec::rt::DType::I64, *shape});
    stepParams.push_back(fusec::rt::ParamDesc::buffer(scratchName));
  }
  std::string sharedScratchName;
  if (launch.sharedScratchWords) {
    sharedScratchName = "tmp" + std::to_string(desc.buffers.size());
    desc.buffers.push_back(
        {sharedScratchName,
         fusec::rt::DType::I64,
         {fusec::rt::Dim::fixed(launch.sharedScratchWords)}});
    stepParams.push_back(fusec::rt::ParamDesc::buffer(sharedScratchName));
  }
  for (const auto &[input, box] : launch.tensorMaps)
    stepParams.push_back(fusec::rt::ParamDesc::tensorMap(
        bufferNames.lookup(kernel.getInputs()[input]), box[0], box[1]));

  auto fill = [&](std::string buffer, int64_t byte) {
    fusec::rt::StepDesc memset;
    memset.kind = fusec::rt::StepDesc::Kind::Memset;
    memset.buffer = std::move(buffer);
    memset.byte = byte;
    desc.steps.push_back(memset);
  };
  for (unsigned result : launch.memsetOutputs)
    fill(bufferNames.lookup(kernel.getResult(result)), 255);
  if (!scratchName.empty())
    fill(scratchName, 255);
  if (!sharedScratchName.empty())
    fill(sharedScratchName, 0);
  fusec::rt::StepDesc step;
  step.kind = fusec::rt::StepDesc::Kind::Launch;
  step.entry = kernel.getSymName().str();
  step.params = stepParams;
  step.grid = launch.grid;
  step.block = launch.block;
  step.sharedBytes = launch.sharedBytes;
  desc.steps.push_back(step);
  if (!launch.mergeEntry.empty()) {
    fusec::rt::StepDesc merge = step;
    merge.entry = launch.mergeEntry;
    merge.grid = launch.mergeGrid;
    merge.block = launch.mergeBlock;
    merge.sharedBytes = Expr::integer(launch.mergeSharedBytes);
    desc.steps.push_back(merge);
  }
  if (!launch.finishEntry.empty()) {
    fusec::rt::StepDesc finish = step;
    finish.entry = launch.finishEntry;
    finish.grid = launch.finishGrid;
    finish.block = launch.finishBlock;
    finish.sharedBytes = Expr::integer(0);
    desc.steps.push_back(finish);
  }
  return success();
}

LogicalResult GPUMapper::run() {
  desc.function = func.getSymName().str();
  desc.arch = arch;
  for (auto [i, def] : llvm::enumerate(symbols.definitions))
    desc.sizes.push_back({symbolName(i), def.first, def.second});
  Block &body = func.getBody().front();
  for (BlockArgument arg : body.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type)
      return func.emitOpError("argument ")
             << arg.getArgNumber() << " is not a ranked tensor";
    std::string name = "arg" + std::to_string(arg.getArgNumber());
    FailureOr<std::vector<fusec::rt::Dim>> shape = describeShape(arg);
    FailureOr<fusec::rt::DType> dtype =
        toDType(type.getElementType(), func.getLoc());
    if (failed(shape) || failed(dtype))
      return failure();
    desc.args.push_back({name, fusec::rt::ArgRole::Input, *dtype, *shape});
    bufferNames[arg] = name;
  }
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return ret.emitOpError("result ") << i << " is not a ranked tensor";
    std::string name = "result" + std::to_string(i);
    FailureOr<std::vector<fusec::rt::Dim>> shape = describeShape(value);
    FailureOr<fusec::rt::DType> dtype =
        toDType(type.getElementType(), ret.getLoc());
    if (failed(shape) || failed(dtype))
      return failure();
    desc.args.push_back({name, fusec::rt::ArgRole::Output, *dtype, *shape});
    if (isa<BlockArgument>(value) || bufferNames.count(value))
      return ret.emitOpError("returns an argument or a value twice; copy it "
                             "through a kernel instead");
    bufferNames[value] = name;
  }
  for (Operation &op : body.without_terminator()) {
    auto kernel = dyn_cast<KernelOp>(op);
    if (!kernel)
      return op.emitOpError("is outside any fuse.kernel; run "
                            "fuse-form-kernels before fuse-map-to-gpu");
    if (failed(mapKernel(kernel)))
      return failure();
  }
  func->setAttr("fusec.launch",
                StringAttr::get(func.getContext(), fusec::rt::toJSON(desc)));
  return success();
}

struct FuseMapToGPUPass
    : public mlir::fuse::impl::FuseMapToGPUBase<FuseMapToGPUPass> {
  using FuseMapToGPUBase::FuseMapToGPUBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    static const char *kArchs[] = {"sm_80", "sm_86", "sm_89", "sm_90",
                                   "sm_90a"};
    if (!llvm::is_contained(kArchs, StringRef(arch))) {
      module.emitError("unsupported GPU architecture '")
          << arch << "'; expected one of sm_80, sm_86, sm_89, sm_90, sm_90a";
      return signalPassFailure();
    }
    MLIRContext *ctx = &getContext();
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(ctx));
    // Sizes are counts: a negative one would reach the tile arithmetic
    // (a negative slice width made the emitter loop until it ran out of
    // memory). sm_90 keeps at most 32 blocks resident per SM.
    std::pair<StringRef, int64_t> counts[] = {{"tile-m", tileM},
                                              {"tile-n", tileN},
                                              {"tile-k", tileK},
                                              {"split", split},
                                              {"thread-m", threadM},
                                              {"thread-n", threadN},
                                              {"expected-rows", expectedRows}};
    for (auto [name, value] : counts) {
      if (value >= 0)
        continue;
      module.emitError("fuse-map-to-gpu: ")
          << name << " must be 0 (chosen) or positive, not " << value;
      return signalPassFailure();
    }
    if (minBlocks < 0 || minBlocks > 32) {
      module.emitError("fuse-map-to-gpu: min-blocks must be 0 (chosen) or "
                       "between 1 and 32, not ")
          << static_cast<int64_t>(minBlocks);
      return signalPassFailure();
    }
    TileOptions tiles;
    tiles.tileM = tileM;
    tiles.tileN = tileN;
    tiles.tileK = tileK;
    tiles.split = split;
    if (!isKnownPrecision(precision)) {
      module.emitError("fuse-map-to-gpu: unknown precision '")
          << precision << "'; expected " << kKnownPrecisions;
      return signalPassFailure();
    }
    tiles.precision = precision;
    tiles.certifyWhereFaster = certifyWhereFaster;
    tiles.arch = arch;
    llvm::Expected<DeviceProfile> profile = getDeviceProfile(device);
    if (!profile) {
      module.emitError("fuse-map-to-gpu: ")
          << llvm::toString(profile.takeError());
      return signalPassFailure();
    }
    tiles.device = *profile;
    tiles.remarks = emitRemarks;
    tiles.minBlocks = minBlocks;
    if (stages != 0 && (stages < 2 || stages > 8)) {
      module.emitError("fuse-map-to-gpu: stages must be 0 (chosen) or "
                       "between 2 and 8, not ")
          << static_cast<int64_t>(stages);
      return signalPassFailure();
    }
    tiles.stages = stages;
    if (cluster != -1 && cluster != 0 && cluster != 1 && cluster != 2 &&
        cluster != 4) {
      module.emitError("fuse-map-to-gpu: cluster must be -1 (chosen), 0, 1, "
                       "2 or 4, not ")
          << static_cast<int64_t>(cluster);
      return signalPassFailure();
    }
    tiles.cluster = cluster;
    // Options that are -1 (chosen), 0 (off) or 1 (on).
    auto checkChoice = [&](StringRef name, int64_t value) {
      if (value >= -1 && value <= 1)
        return true;
      module.emitError("fuse-map-to-gpu: ")
          << name << " must be -1 (chosen), 0 or 1, not " << value;
      return false;
    };
    if (!checkChoice("persistent", persistent) ||
        !checkChoice("cluster-split", clusterSplit))
      return signalPassFailure();
    tiles.persistent = persistent;
    tiles.clusterSplit = clusterSplit;
    tiles.compensatedSums = compensatedSums;
    tiles.threadM = threadM;
    tiles.threadN = threadN;
    tiles.expectedRows = expectedRows;
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp func : funcs) {
      if (func.isExternal())
        continue;
      OpBuilder builder(module.getBody(), module.getBody()->end());
      auto target = NVVM::NVVMTargetAttr::get(
          ctx, /*optLevel=*/3, "nvptx64-nvidia-cuda", arch, "+ptx80");
      auto gpuModule = gpu::GPUModuleOp::create(
          builder, func.getLoc(), (func.getSymName() + "_kernels").str(),
          builder.getArrayAttr({target}));
      GPUMapper mapper(module, func, gpuModule, arch, tiles);
      if (failed(mapper.run()))
        return signalPassFailure();
    }
  }
};

} // namespace
