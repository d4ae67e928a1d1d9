//===- InitFusec.cpp - register everything fusec uses ---------------------===//
//
// Part of fusec. The only file that includes every dialect header.
//
//===----------------------------------------------------------------------===//

#include "fusec/InitFusec.h"

#include "fusec/Dialect/Fuse/IR/FuseDialect.h"
#include "fusec/Dialect/Fuse/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void fusec::registerAllFusecDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::fuse::FuseDialect, mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::tensor::TensorDialect>();
}

void fusec::registerAllFusecPasses() {
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::fuse::registerFuseTransformsPasses();
}
