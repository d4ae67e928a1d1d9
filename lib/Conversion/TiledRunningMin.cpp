//===- TiledRunningMin.cpp - the tiled nearest-candidate schedule ---------===//
//
// Part of fusec.
//
//===----------------------------------------------------------------------===//

#include "GPUSchedules.h"

using namespace mlir;
using namespace mlir::fuse;

FailureOr<KernelLaunch> mlir::fuse::emitTiledRunningMin(ScheduleContext &ctx,
                                                        bool &applicable) {
  applicable = false;
  return failure();
}
