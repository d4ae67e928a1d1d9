//===- ToolSupport.h - shared pieces of fusec's command-line tools -*- C++
//-*-===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_TOOLS_TOOLSUPPORT_H
#define FUSEC_TOOLS_TOOLSUPPORT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace fusec {

/// The function a tool runs: the one named `name` (its --func option), or
/// the module's only function. On failure returns null and sets `error` to
/// a message for the user.
inline mlir::func::FuncOp selectFunction(mlir::ModuleOp module,
                                         llvm::StringRef name,
                                         std::string &error) {
  if (!name.empty()) {
    auto func = module.lookupSymbol<mlir::func::FuncOp>(name);
    if (!func)
      error = ("no function named @" + name).str();
    return func;
  }
  auto funcs = llvm::to_vector(module.getOps<mlir::func::FuncOp>());
  if (funcs.empty()) {
    // --func cannot help here.
    error = "the module has no function";
    return {};
  }
  if (funcs.size() != 1) {
    error = ("the module has " + llvm::Twine(funcs.size()) +
             " functions; choose one with --func")
                .str();
    return {};
  }
  return funcs.front();
}

} // namespace fusec

#endif // FUSEC_TOOLS_TOOLSUPPORT_H
