func.func @index_overflow(%n: index) -> index {
  %0 = arith.addi %n, %n : index
  return %0 : index
}
