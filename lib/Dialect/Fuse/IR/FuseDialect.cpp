//===- FuseDialect.cpp - fuse dialect registration ------------------------===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#include "fusec/Dialect/Fuse/IR/FuseDialect.h"
#include "fusec/Dialect/Fuse/IR/FuseOps.h"

using namespace mlir;
using namespace mlir::fuse;

#include "fusec/Dialect/Fuse/IR/FuseOpsDialect.cpp.inc"

void FuseDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "fusec/Dialect/Fuse/IR/FuseOps.cpp.inc"
      >();
}

Operation *FuseDialect::materializeConstant(OpBuilder &builder,
                                            Attribute value, Type type,
                                            Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, elements);
}
