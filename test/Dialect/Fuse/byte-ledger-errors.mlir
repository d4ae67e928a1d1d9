// Errors of fuse-byte-ledger: located ones with -verify-diagnostics, option
// and file errors (reported on the module) with FileCheck. None may crash.

// RUN: fuse-opt %s -split-input-file -verify-diagnostics \
// RUN:   -fuse-byte-ledger=sizes=n=17592186044416

// A dynamic size needs a binding: here, two independent ones.
// expected-error@+1 {{'n' would bind 2 independent dynamic sizes of @two_sizes (arg0.dim0, arg1.dim1 do not all meet in a broadcast); bind them with argI.dimJ=<size>}}
func.func @two_sizes(%x: tensor<?x4xf32>, %y: tensor<5x?xi32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %0 = fuse.sum %x, dim = 1 : tensor<?x4xf32> -> tensor<?xf32>
  %1 = fuse.reduce_min %y, dim = 0 : tensor<5x?xi32> -> tensor<?xi32>
  return %0, %1 : tensor<?xf32>, tensor<?xi32>
}

// -----

// A count that does not fit in int64 is an error, not a wrapped number:
// n = 2^44 rows of 2^16 floats are 2^62 bytes, which fits, but the
// (n, 16, 2^16) broadcast has 2^64 elements.
func.func @overflow(%x: tensor<?x65536xf32>, %c: tensor<16x65536xf32>) -> tensor<?x16x65536xf32> {
  %xe = fuse.expand_dims %x, dim = 1 : tensor<?x65536xf32> -> tensor<?x1x65536xf32>
  %ce = fuse.expand_dims %c, dim = 0 : tensor<16x65536xf32> -> tensor<1x16x65536xf32>
  // expected-error@+1 {{byte ledger: the element count of 'tensor<?x16x65536xf32>' overflows int64 at these sizes}}
  %d = fuse.sub %xe, %ce : tensor<?x1x65536xf32>, tensor<1x16x65536xf32> -> tensor<?x16x65536xf32>
  return %d : tensor<?x16x65536xf32>
}

// -----

// A running minimum belongs in a kernel.
func.func @loose_running_min(%d: tensor<4x8xf32>) -> tensor<8xi64> {
  %k = arith.constant 4 : index
  // expected-error@+1 {{byte ledger: a fuse.running_min outside a fuse.kernel has no kernel to count; run fuse-form-kernels first}}
  %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<8xf32>, tensor<8xi64> {
  ^bb0(%t: index):
    %c = fuse.take %d[%t], dim = 0 : tensor<4x8xf32> -> tensor<8xf32>
    fuse.yield %c : tensor<8xf32>
  }
  return %idx : tensor<8xi64>
}

// RUN: not fuse-opt %s -split-input-file -fuse-byte-ledger=sizes=n=4096,arg1.dim1=5,arg1.dim0=3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STATIC
// STATIC: error: byte ledger: sizes bind arg1.dim0=3 but that dimension is static (5)

// RUN: not fuse-opt %s -split-input-file -fuse-byte-ledger=sizes=arg7.dim0=3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOARG
// NOARG: error: byte ledger: sizes bind arg7.dim0 but @two_sizes has 2 arguments

// RUN: not fuse-opt %s -split-input-file -fuse-byte-ledger 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNBOUND
// UNBOUND: error: byte ledger: @two_sizes has dynamic sizes (arg0.dim0, arg1.dim1) and no size for them; bind them with sizes=n=<size> or sizes=argI.dimJ=<size>

// Options and files: errors on the module, before anything is counted.
// RUN: not fuse-opt %s -fuse-byte-ledger="sizes=n=abc" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SIZES
// SIZES: error: fuse-byte-ledger: sizes: 'n=abc' is not NAME=SIZE or argI.dimJ=SIZE with a size >= 0
// RUN: not fuse-opt %s -fuse-byte-ledger="sizes=n=4,m=5" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NAMES
// NAMES: error: fuse-byte-ledger: sizes: 'n' and 'm' both bind every dynamic dimension; name the dimensions with argI.dimJ=SIZE instead
// RUN: not fuse-opt %s -fuse-byte-ledger="plan=lazy" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAN
// PLAN: error: fuse-byte-ledger: plan must be eager, fused or both, not 'lazy'
// RUN: not fuse-opt %s -fuse-byte-ledger="device=%S/Inputs/ledger-bad-key.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=KEY
// KEY: error: fuse-byte-ledger: {{.*}}ledger-bad-key.json: unknown key 'launch_overhead_us' in a device profile
// RUN: not fuse-opt %s -fuse-byte-ledger="device=%S/Inputs/ledger-bad-l2.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=L2
// L2: error: fuse-byte-ledger: {{.*}}ledger-bad-l2.json: 'l2_bytes' must be a positive integer
// RUN: not fuse-opt %s -fuse-byte-ledger="device=%S/Inputs/ledger-bad-rate.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RATE
// RATE: error: fuse-byte-ledger: {{.*}}ledger-bad-rate.json: 'flop_rate' must give "f32.fma"
// RUN: not fuse-opt %s -fuse-byte-ledger="device=%S/Inputs/ledger-bad-bandwidth.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BW
// BW: error: fuse-byte-ledger: {{.*}}ledger-bad-bandwidth.json: 'bandwidth_bytes_per_sec' must be a finite number > 0
// RUN: not fuse-opt %s -fuse-byte-ledger="device=%S/Inputs/ledger-bad-syntax.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: error: fuse-byte-ledger: {{.*}}ledger-bad-syntax.json: invalid JSON
// RUN: not fuse-opt %s -fuse-byte-ledger="device=%S/Inputs/no-such-profile.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// MISSING: error: fuse-byte-ledger: cannot read device profile '{{.*}}no-such-profile.json'
// RUN: not fuse-opt %s -fuse-byte-ledger="sizes=n=4 measurements=%S/Inputs/ledger-bad-measurements.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROWPLAN
// ROWPLAN: error: fuse-byte-ledger: {{.*}}ledger-bad-measurements.json: row 1: 'plan' must be "eager" or "fused"
// RUN: not fuse-opt %s -fuse-byte-ledger="sizes=n=4 measurements=%S/Inputs/ledger-bad-measurement-size.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROWSIZE
// ROWSIZE: error: fuse-byte-ledger: {{.*}}ledger-bad-measurement-size.json: row 1: size 'n' must be an integer >= 0

// A profile must have a rate for every element type the program computes
// in: the 2 TB/s card of seed 003 gives none for f64.
// RUN: not fuse-opt %s -split-input-file -fuse-byte-ledger="device=%S/Inputs/ledger-card-2tbs.json sizes=n=4" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NORATE
// NORATE: error: fuse-byte-ledger: device profile 'card-2tbs' has no rate for f64 ops (kernel fuse.mul); add "f64.fma" to its flop_rate

// -----

// exp on f64: the profile of the NORATE run has no f64 rate.
func.func @f64_chain(%x: tensor<?xf64>) -> tensor<?xf64> {
  %e = fuse.exp %x : tensor<?xf64>
  %y = fuse.mul %e, %x : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>
  return %y : tensor<?xf64>
}
