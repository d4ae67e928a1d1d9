// Runtime errors of the reference evaluator: undefined behaviour of the
// dialect and violated assumptions are reported with the op's location, on
// stderr, with exit code 1; nothing is printed on stdout and nothing
// crashes.

// Dynamic sizes that disagree at run time; a dynamic size of 1 does not
// broadcast either (only a static 1 does).
// RUN: sh -c 'fuse-eval %s --func=dyn_add --input="[1, 2, 3]" --input="[1, 2]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DYN
// DYN: fuse-eval: error: {{.*}}errors.mlir:[[# @LINE + 12]]:8: fuse.add: sizes do not match at run time: operand #0 has size 3 and operand #1 has size 2 in dimension 0 of the broadcast result (a dynamic size never broadcasts)
// DYN-NEXT: exit=1
// RUN: sh -c 'fuse-eval %s --func=dyn_add --input="[1, 2, 3]" --input="[5]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DYN1
// DYN1: fuse.add: sizes do not match at run time: operand #0 has size 3 and operand #1 has size 1 in dimension 0 of the broadcast result (a dynamic size never broadcasts)
// DYN1-NEXT: exit=1
// The number of inputs must match the signature.
// RUN: sh -c 'fuse-eval %s --func=dyn_add --input="[1]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COUNT
// COUNT: fuse-eval: error: @dyn_add takes 2 inputs, got 1 --input options
// COUNT-NEXT: exit=1
func.func @dyn_add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = fuse.add %a, %b : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Integer division by zero, and of the minimum by -1, is undefined in the
// dialect: an error, never a value.
// RUN: sh -c 'fuse-eval %s --func=idiv --input="[1, 2, 3]" --input="[1, 0, 1]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIVZERO
// DIVZERO: fuse-eval: error: {{.*}}errors.mlir:[[# @LINE + 7]]:8: fuse.div: integer division by zero at result index [1]
// DIVZERO-NEXT: exit=1
// RUN: sh -c 'fuse-eval %s --func=idiv --input="[-2147483648, 2, 3]" --input="[-1, 1, 1]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIVOVF
// DIVOVF: fuse.div: integer division overflows (the minimum divided by -1) at result index [0]
// DIVOVF-NEXT: exit=1
func.func @idiv(%a: tensor<3xi32>, %b: tensor<?xi32>) -> tensor<3xi32> {
  %0 = fuse.div %a, %b : tensor<3xi32>, tensor<?xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// take with a runtime index out of range, above and below.
// RUN: sh -c 'fuse-eval %s --func=take_dyn --input="[[1, 2], [3, 4], [5, 6]]" --input=3; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TAKE
// TAKE: fuse-eval: error: {{.*}}errors.mlir:[[# @LINE + 7]]:8: fuse.take: index 3 is out of range for dimension 0 of size 3
// TAKE-NEXT: exit=1
// RUN: sh -c 'fuse-eval %s --func=take_dyn --input="[[1, 2], [3, 4], [5, 6]]" --input=-1; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TAKENEG
// TAKENEG: fuse.take: index -1 is out of range for dimension 0 of size 3
// TAKENEG-NEXT: exit=1
func.func @take_dyn(%c: tensor<?x2xf32>, %j: index) -> tensor<2xf32> {
  %0 = fuse.take %c[%j], dim = 0 : tensor<?x2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Float-to-integer casts of NaN or of values out of range are undefined.
// RUN: sh -c 'fuse-eval %s --func=to_i32 --input="[1, nan]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CASTNAN
// CASTNAN: fuse.cast: cannot convert NaN to i32 at index [1]
// CASTNAN-NEXT: exit=1
// RUN: sh -c 'fuse-eval %s --func=to_i32 --input="[3e9, 1]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CASTBIG
// CASTBIG: fuse.cast: value 3000000000 is out of the range of i32 at index [0]
// CASTBIG-NEXT: exit=1
// -2147483648.5 truncates to -2^31, which fits.
// RUN: sh -c 'fuse-eval %s --func=to_i32 --input="[-2147483648.5, -2147483649]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CASTEDGE
// CASTEDGE: fuse.cast: value -2147483649 is out of the range of i32 at index [1]
// CASTEDGE-NEXT: exit=1
func.func @to_i32(%x: tensor<2xf64>) -> tensor<2xi32> {
  %0 = fuse.cast %x : tensor<2xf64> to tensor<2xi32>
  return %0 : tensor<2xi32>
}

// Inputs that do not match the signature, and malformed literals.
// RUN: sh -c 'fuse-eval %s --func=static3 --input="[1, 2]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SHAPE
// SHAPE: fuse-eval: error: input #0 has size 2 in dimension 0 but the argument is tensor<3xi32>
// SHAPE-NEXT: exit=1
// RUN: sh -c 'fuse-eval %s --func=static3 --input="[[1, 2, 3]]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RANK
// RANK: fuse-eval: error: input #0 has shape [1, 3] but the argument is tensor<3xi32>
// RUN: sh -c 'fuse-eval %s --func=static3 --input="[1, 2, 3000000000]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RANGE
// RANGE: fuse-eval: error: input #0 element [2] = 3000000000 does not fit in i32
// RUN: sh -c 'fuse-eval %s --func=static3 --input="[1, 2, 1.5]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTINT
// NOTINT: fuse-eval: error: input #0: '1.5' is not an integer that fits in int64
// RUN: sh -c 'fuse-eval %s --func=static3 --input="[[1, 2], [3]]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RAGGED
// RAGGED: fuse-eval: error: input #0: ragged list: elements have different shapes at offset 9
// RUN: sh -c 'fuse-eval %s --func=static3 --input="[1, 2"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNCLOSED
// UNCLOSED: fuse-eval: error: input #0: expected ',' or ']' at offset 5
// RUN: sh -c 'fuse-eval %s --func=static3 --input="[1, 2, 3]x"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRAILING
// TRAILING: fuse-eval: error: input #0: unexpected 'x' at offset 9
// RUN: sh -c 'fuse-eval %s --func=half --input="[1, abc]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTNUM
// NOTNUM: fuse-eval: error: input #0: 'abc' is not a number
// NOTNUM-NEXT: exit=1
// RUN: sh -c 'fuse-eval %s --func=take_dyn --input="[[1, 2]]" --input="[0]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INDEXARG
// INDEXARG: fuse-eval: error: input #1: the argument is an index, expected one integer
func.func @static3(%a: tensor<3xi32>) -> tensor<3xi32> {
  return %a : tensor<3xi32>
}
func.func @half(%a: tensor<2xf16>) -> tensor<2xf16> {
  return %a : tensor<2xf16>
}

// Ops the evaluator does not know are reported, not skipped.
// RUN: sh -c 'fuse-eval %s --func=unsupported --input="[1, 2]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWNOP
// UNKNOWNOP: fuse-eval: error: {{.*}}errors.mlir:[[# @LINE + 3]]:8: arith.addf: unsupported operation
// UNKNOWNOP-NEXT: exit=1
func.func @unsupported(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = arith.addf %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Sizes whose product overflows int64, a size beyond --max-elements, a
// negative size, and index arithmetic that overflows.
// RUN: sh -c 'fuse-eval %s --func=huge --input=4611686018427387904 --input=1.0; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: fuse.broadcast_to: result shape [4611686018427387904, 4611686018427387904] has more elements than int64_t can count
// OVERFLOW-NEXT: exit=1
// RUN: sh -c 'fuse-eval %s --func=huge --input=4 --input=1.0 --max-elements=10; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LIMIT
// LIMIT: fuse.broadcast_to: result shape [4, 4] has 16 elements, more than the limit of 10
// LIMIT-NEXT: exit=1
// RUN: sh -c 'fuse-eval %s --func=huge --input=-2 --input=1.0; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEGSIZE
// NEGSIZE: fuse.broadcast_to: size -2 of dynamic dimension 0 is negative
// RUN: sh -c 'fuse-eval %s --func=index_overflow --input=4611686018427387904; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INDEXOVF
// INDEXOVF: arith.addi: index arithmetic on 4611686018427387904 and 4611686018427387904 overflows int64
// INDEXOVF-NEXT: exit=1
func.func @huge(%n: index, %s: tensor<f32>) -> tensor<?x?xf32> {
  %0 = fuse.broadcast_to %s sizes(%n, %n) : tensor<f32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @index_overflow(%n: index) -> index {
  %0 = arith.addi %n, %n : index
  return %0 : index
}

// broadcast_to does not stretch a dynamic size of 1 either.
// RUN: sh -c 'fuse-eval %s --func=bcast_dyn --input="[5]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BCASTDYN
// BCASTDYN: fuse.broadcast_to: operand has size 1 in dimension 0 at run time but the result has size 3 in dimension 0 (a dynamic size never broadcasts)
// BCASTDYN-NEXT: exit=1
func.func @bcast_dyn(%x: tensor<?xf32>) -> tensor<3xf32> {
  %0 = fuse.broadcast_to %x : tensor<?xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// matmul whose dynamic contracted sizes disagree: (2, 3) @ (2, 2).
// RUN: sh -c 'fuse-eval %s --func=matmul_dyn --input="[[1, 2, 3], [4, 5, 6]]" --input="[[1, 2], [3, 4]]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MATMUL
// MATMUL: fuse.matmul: contracted sizes differ at run time: 3 and 2
// MATMUL-NEXT: exit=1
func.func @matmul_dyn(%a: tensor<2x?xf32>, %b: tensor<?x2xf32>) -> tensor<2x2xf32> {
  %0 = fuse.matmul %a, %b : tensor<2x?xf32>, tensor<?x2xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// There is no minimum of an empty dimension (torch raises too); x is (1, 0).
// RUN: sh -c 'fuse-eval %s --func=argmin_empty --input="[[]]"; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EMPTY
// EMPTY: fuse.argmin: cannot reduce dimension 1 of size 0
// EMPTY-NEXT: exit=1
func.func @argmin_empty(%x: tensor<?x?xf32>) -> tensor<?xi64> {
  %0 = fuse.argmin %x, dim = 1 : tensor<?x?xf32> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// Errors inside a running minimum name the iteration; a negative trip
// count and an unknowable dynamic result (no trips, no initial state) are
// errors too.
// RUN: sh -c 'fuse-eval %s --func=running --input="[[1, 2], [3, 4]]" --input=3; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BODY
// BODY: fuse-eval: error: {{.*}}errors.mlir:[[# @LINE + 13]]:12: fuse.take: index 2 is out of range for dimension 0 of size 2 (in iteration t = 2 of a running min)
// BODY-NEXT: exit=1
// RUN: sh -c 'fuse-eval %s --func=running --input="[[1, 2], [3, 4]]" --input=-1; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEGTRIPS
// NEGTRIPS: fuse.running_min: trip count -1 is negative
// NEGTRIPS-NEXT: exit=1
// RUN: sh -c 'fuse-eval %s --func=running --input="[[1, 2], [3, 4]]" --input=0; echo "exit=$?"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTRIPS
// NOTRIPS: fuse.running_min: zero trips and no initial state: the dynamic result shape is unknown
// NOTRIPS-NEXT: exit=1
func.func @running(%d: tensor<?x?xf32>, %k: index) -> tensor<?xi64> {
  %best, %idx = fuse.running_min min nan = propagate trips(%k) : tensor<?xf32>, tensor<?xi64> {
  ^bb0(%t: index):
    %row = fuse.take %d[%t], dim = 0 : tensor<?x?xf32> -> tensor<?xf32>
    fuse.yield %row : tensor<?xf32>
  }
  return %idx : tensor<?xi64>
}

// Driver errors: no such function, no --func with several functions, no
// such file.
// RUN: sh -c 'fuse-eval %s --func=nope; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=NOFUNC
// NOFUNC: fuse-eval: error: no function named @nope
// NOFUNC-NEXT: exit=1
// RUN: sh -c 'fuse-eval %s; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=WHICH
// WHICH: fuse-eval: error: the module has {{[0-9]+}} functions; choose one with --func
// WHICH-NEXT: exit=1
// RUN: sh -c 'fuse-eval %s.missing; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: fuse-eval: error: cannot open input file
// NOFILE-NEXT: exit=1
