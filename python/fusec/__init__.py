"""fusec from Python: compile fuse-dialect programs to one GPU kernel and
launch them on CUDA tensors (PyTorch, CuPy, anything with
``__cuda_array_interface__`` or DLPack), through the C APIs of
libfusec_jit.so and libfusec_runtime.so with ctypes only.

    import fusec, torch
    labels = fusec.nearest_centroid(x, c)           # x (n, d), c (k, d) CUDA

    b = fusec.Builder()
    x = b.arg("x", ("n", 512), "f32")
    c = b.arg("c", (256, 512), "f32")
    b.ret(((x[:, None, :] - c[None, :, :]) ** 2).sum(2).argmin(1))
    kernel = fusec.compile(b.build("assign"))
    labels = kernel(x_tensor, c_tensor)              # on the current stream

Importing needs neither the libraries nor a GPU; using them raises
``FusecError`` with the C library's message. See docs/python.md.
"""

from ._desc import LaunchDescription
from ._errors import FusecError
from ._kernel import (Kernel, compile, compile_to_ptx, device_count, device_info,
                      driver_status, jit_stats, load_ptx, synchronize)
from ._library import search_locations
from .builder import Builder, Value, maximum, minimum, where
from .centroid import nearest_centroid, nearest_centroid_program

__all__ = [
    "Builder", "FusecError", "Kernel", "LaunchDescription", "Value", "compile",
    "compile_to_ptx", "device_count", "device_info", "driver_status", "jit_stats",
    "load_ptx", "maximum", "minimum", "nearest_centroid", "nearest_centroid_program",
    "search_locations", "synchronize", "where",
]
