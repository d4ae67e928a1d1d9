// RUN: fuse-opt %s -split-input-file -fuse-fusion-pipeline -fuse-map-to-gpu -verify-diagnostics
// fuse-map-to-gpu fails with a diagnostic, never a crash, on programs it
// cannot describe to the runtime (several found by fusec-fuzz).

// A function that returns sizes rather than tensors (found by fusec-fuzz:
// the result's shape was read as a tensor's).
func.func @dims(%x: tensor<?x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  // expected-error @+1 {{'func.return' op result 0 is not a ranked tensor}}
  return %0, %1 : index, index
}
