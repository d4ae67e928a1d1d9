//===- Passes.h - fusec lowering passes -------------------------*- C++ -*-===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_CONVERSION_PASSES_H
#define FUSEC_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;
namespace arith {
class ArithDialect;
}
namespace math {
class MathDialect;
}
namespace memref {
class MemRefDialect;
}
namespace scf {
class SCFDialect;
}
namespace func {
class FuncDialect;
}
namespace vector {
class VectorDialect;
}
namespace gpu {
class GPUDialect;
}
namespace NVVM {
class NVVMDialect;
}
namespace LLVM {
class LLVMDialect;
}
namespace nvgpu {
class NVGPUDialect;
}
namespace fuse {

#define GEN_PASS_DECL
#include "fusec/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fusec/Conversion/Passes.h.inc"

} // namespace fuse
} // namespace mlir

#endif // FUSEC_CONVERSION_PASSES_H
