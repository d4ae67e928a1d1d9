func.func @f(%a: tensor<?xf16>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = fuse.add %a, %b : tensor<?xf16>, tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
