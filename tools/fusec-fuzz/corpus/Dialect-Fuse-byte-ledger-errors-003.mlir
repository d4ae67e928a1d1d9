func.func @f64_chain(%x: tensor<?xf64>) -> tensor<?xf64> {
  %e = fuse.exp %x : tensor<?xf64>
  %y = fuse.mul %e, %x : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>
  return %y : tensor<?xf64>
}
