// RUN: fuse-opt %s -split-input-file -pass-pipeline='builtin.module(gpu.module(fuse-tensor-map-params))' | FileCheck %s

// The arguments that fusec.tensor_map_args names become 128-byte by-value
// grid constants, 64-byte aligned; the others keep their attributes and
// the marker goes.
// CHECK-LABEL: gpu.module @maps
// CHECK: llvm.func @k(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant})
// CHECK-NOT: fusec.tensor_map_args
// CHECK-SAME: attributes {gpu.kernel, nvvm.kernel}
gpu.module @maps {
  llvm.func @k(%a: !llvm.ptr, %n: i64, %rows: !llvm.ptr, %cols: !llvm.ptr)
      attributes {fusec.tensor_map_args = array<i64: 2, 3>, gpu.kernel,
                  nvvm.kernel} {
    llvm.return
  }
}

// -----

// Kernels without tensor maps are left alone.
// CHECK-LABEL: gpu.module @plain
// CHECK: llvm.func @k(%{{.*}}: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel}
gpu.module @plain {
  llvm.func @k(%a: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
    llvm.return
  }
}
