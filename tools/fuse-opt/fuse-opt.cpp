//===- fuse-opt.cpp - fusec's optimizer driver ----------------------------===//
//
// Part of fusec. The mlir-opt of the fuse dialect: parses, verifies, runs
// fusec's passes and pipelines, and prints IR. Used by the lit tests.
//
//===----------------------------------------------------------------------===//

#include "fusec/InitFusec.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  fusec::registerAllFusecDialects(registry);
  fusec::registerAllFusecPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "fusec optimizer driver\n", registry));
}
