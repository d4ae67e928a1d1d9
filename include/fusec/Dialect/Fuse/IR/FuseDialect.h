//===- FuseDialect.h - fuse dialect -----------------------------*- C++ -*-===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#ifndef FUSEC_DIALECT_FUSE_IR_FUSEDIALECT_H
#define FUSEC_DIALECT_FUSE_IR_FUSEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dialect.h"

#include "fusec/Dialect/Fuse/IR/FuseOpsDialect.h.inc"

#endif // FUSEC_DIALECT_FUSE_IR_FUSEDIALECT_H
