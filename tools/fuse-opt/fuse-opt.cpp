//===- fuse-opt.cpp - fusec's optimizer driver ----------------------------===//
//
// Part of fusec. The mlir-opt of the fuse dialect: parses, verifies, runs
// fusec's passes and pipelines, and prints IR. Used by the lit tests.
//
//===----------------------------------------------------------------------===//

#include "fusec/Compiler/Compiler.h"
#include "fusec/InitFusec.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  fusec::registerAllFusecDialects(registry);
  fusec::registerAllFusecPasses();
  // Otherwise as mlir-opt; --version names the tool and fusec's version.
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "fuse-opt " << fusec::getVersionString() << "\n";
  });
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "fusec optimizer driver\n", registry));
}
