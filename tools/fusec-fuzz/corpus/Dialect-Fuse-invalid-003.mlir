func.func @unsupported_dtype(%a: tensor<4xi8>) {
  %0 = fuse.mul %a, %a : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  return
}
