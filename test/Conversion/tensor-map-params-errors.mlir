// RUN: fuse-opt %s -split-input-file -pass-pipeline='builtin.module(gpu.module(fuse-tensor-map-params))' -verify-diagnostics
// fuse-tensor-map-params rejects markers that name no pointer argument.

gpu.module @out_of_range {
  // expected-error @below {{fusec.tensor_map_args names argument 3, which is not a pointer argument}}
  llvm.func @k(%a: !llvm.ptr, %n: i64)
      attributes {fusec.tensor_map_args = array<i64: 0, 3>, nvvm.kernel} {
    llvm.return
  }
}

// -----

gpu.module @not_a_pointer {
  // expected-error @below {{fusec.tensor_map_args names argument 1, which is not a pointer argument}}
  llvm.func @k(%a: !llvm.ptr, %n: i64)
      attributes {fusec.tensor_map_args = array<i64: 1>, nvvm.kernel} {
    llvm.return
  }
}
