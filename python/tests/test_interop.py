"""Argument checks, DLPack parsing, streams and outputs, without a GPU.

The kernels here have a launch description and no loaded program
(``Kernel._unloaded``): a call runs every check a real call runs, then
stops with "is not loaded" instead of launching. Nothing here touches
device memory, so the fake pointers are never dereferenced.
"""

import unittest

from fusec_test_support import FakeCAI, FakeDLPack, example, library_available

import fusec
from fusec import _interop, _kernel

HAVE_LIBRARY, NO_LIBRARY_REASON = library_available()
GOOD = 0x7F0000000000  # 16-byte aligned fake device address


def naive_kernel():
    desc = fusec.LaunchDescription.from_ptx(
        fusec.compile_to_ptx(example("naive_argmin.mlir")))
    return fusec.Kernel._unloaded(desc, device=0)


@unittest.skipUnless(HAVE_LIBRARY, NO_LIBRARY_REASON)
class KernelArgumentTest(unittest.TestCase):

    def setUp(self):
        self.kernel = naive_kernel()
        self.x = FakeCAI((100, 512))
        self.c = FakeCAI((256, 512))
        self.labels = FakeCAI((100,), "<i8")

    def assertCallFails(self, exc, message, *inputs, **kwargs):
        with self.assertRaises(exc) as cm:
            self.kernel(*inputs, **kwargs)
        self.assertIn(message, str(cm.exception))
        return str(cm.exception)

    def test_valid_arguments_reach_the_launch(self):
        self.assertCallFails(fusec.FusecError, "fusec kernel 'naive_argmin' is not loaded",
                             self.x, self.c, outputs=self.labels)
        # A single output may be passed bare or in a sequence.
        self.assertCallFails(fusec.FusecError, "is not loaded", self.x, self.c,
                             outputs=[self.labels])
        # Explicit dense strides and size-1 dimensions with any stride are fine.
        x = FakeCAI((100, 512), strides=(2048, 4))
        c1 = FakeCAI((1, 512), strides=(12345, 4))
        kernel = self.kernel
        self.assertEqual(kernel.output_shapes((100, 512), (256, 512)), [(100,)])
        self.assertCallFails(fusec.FusecError, "is not loaded", x, self.c,
                             outputs=self.labels)
        buf = _interop.as_buffer(c1, "c", 0)
        _interop.check_dense(buf, "c", 0)  # no error: the stride of a size-1 dim is free
        self.assertEqual(buf.strides[1], 1)

    def test_argument_count(self):
        self.assertCallFails(TypeError, "takes 2 inputs (arg0, arg1), got 1", self.x)
        self.assertCallFails(TypeError, "has 1 outputs (result0), got 2", self.x, self.c,
                             outputs=(self.labels, self.labels))

    def test_dtype(self):
        msg = self.assertCallFails(TypeError, "input 0 ('arg0'): dtype is f16, expected f32",
                                   FakeCAI((100, 512), "<f2"), self.c, outputs=self.labels)
        self.assertIn("fusec kernel 'naive_argmin'", msg)
        self.assertCallFails(TypeError, "output 0 ('result0'): dtype is i32, expected i64",
                             self.x, self.c, outputs=FakeCAI((100,), "<i4"))
        self.assertCallFails(TypeError, "typestr '<u2' is not a supported dtype",
                             FakeCAI((100, 512), "<u2"), self.c, outputs=self.labels)
        self.assertCallFails(TypeError, "bf16 has no __cuda_array_interface__ typestr",
                             FakeCAI((100, 512), "<V2"), self.c, outputs=self.labels)
        self.assertCallFails(TypeError, "expected a CUDA tensor", [1.0, 2.0], self.c,
                             outputs=self.labels)

    def test_shape(self):
        self.assertCallFails(ValueError, "input 1 ('arg1'): rank is 1 (shape [512]), "
                             "expected 2 (shape [256, 512])", self.x, FakeCAI((512,)),
                             outputs=self.labels)
        self.assertCallFails(ValueError, "input 1 ('arg1'): dimension 1 is 500, expected 512",
                             self.x, FakeCAI((256, 500)), outputs=self.labels)
        self.assertCallFails(ValueError, "output 0 ('result0'): dimension 0 is 99, but size "
                             "'s0' is 100 (from input 0 ('arg0') dimension 0)",
                             self.x, self.c, outputs=FakeCAI((99,), "<i8"))

    def test_layout(self):
        self.assertCallFails(ValueError, "input 0 ('arg0'): not C-contiguous (shape (100, 512), "
                             "element strides (1, 100)", FakeCAI((100, 512), strides=(4, 400)),
                             self.c, outputs=self.labels)
        self.assertCallFails(ValueError, "byte strides (2048, 2) are not multiples",
                             FakeCAI((100, 512), strides=(2048, 2)), self.c,
                             outputs=self.labels)
        self.assertCallFails(ValueError, "device pointer 0x7f0000000004 is not 16-byte "
                             "aligned; the fusec kernel ABI requires 16-byte aligned",
                             FakeCAI((100, 512), ptr=GOOD + 4), self.c, outputs=self.labels)
        self.assertCallFails(ValueError, "null device pointer for 204800 bytes",
                             FakeCAI((100, 512), ptr=0), self.c, outputs=self.labels)
        self.assertCallFails(ValueError, "masked arrays", FakeCAI((100, 512), mask=object()),
                             self.c, outputs=self.labels)
        self.assertCallFails(ValueError, "output 0 ('result0'): the output is read-only",
                             self.x, self.c, outputs=FakeCAI((100,), "<i8", readonly=True))

    def test_memory_kind_and_device(self):
        self.assertCallFails(ValueError, "input 0 ('arg0'): DLPack device is kDLCPU (1), "
                             "host memory; fusec kernels need CUDA device memory (kDLCUDA = 2)",
                             FakeDLPack((100, 512), device=(1, 0)), self.c, outputs=self.labels)
        self.assertCallFails(ValueError, "kDLCUDAManaged (13), not CUDA device memory",
                             FakeDLPack((100, 512), device=(13, 0)), self.c,
                             outputs=self.labels)
        self.assertCallFails(ValueError, "input 0 ('arg0'): tensor is on CUDA device 1, the "
                             "kernel on device 0", FakeDLPack((100, 512), device=(2, 1)),
                             self.c, outputs=self.labels)

    def test_numpy_host_array(self):
        try:
            import numpy
        except ImportError:
            self.skipTest("numpy is not installed")
        self.assertCallFails(ValueError, "host memory", numpy.zeros((100, 512), "float32"),
                             self.c, outputs=self.labels)

    def test_no_framework_to_allocate_outputs(self):
        self.assertCallFails(ValueError, "cannot allocate outputs for inputs of type "
                             "fusec_test_support.FakeCAI", self.x, self.c)

    def test_output_size_not_defined_by_inputs(self):
        desc = fusec.LaunchDescription({
            "format": "fusec-launch-v1", "function": "f",
            "sizes": [{"name": "s0", "arg": 1, "dim": 0}],
            "args": [{"name": "a", "role": "input", "dtype": "f32", "shape": [4]},
                     {"name": "r", "role": "output", "dtype": "f32", "shape": ["s0"]}],
            "steps": []})
        with self.assertRaises(ValueError) as cm:
            desc.output_shapes([(4,)])
        self.assertIn("size 's0' of output 0 ('r') is not defined by any input; pass "
                      "outputs=", str(cm.exception))


@unittest.skipUnless(HAVE_LIBRARY, NO_LIBRARY_REASON)
class DLPackTest(unittest.TestCase):

    def setUp(self):
        self.kernel = naive_kernel()
        self.c = FakeCAI((256, 512))
        self.labels = FakeCAI((100,), "<i8")

    def test_capsule_fields(self):
        for versioned in (False, True):
            with self.subTest(versioned=versioned):
                t = FakeDLPack((3, 5), dtype=(4, 16, 1), device=(2, 3), ptr=GOOD,
                               strides=(5, 1), byte_offset=32, versioned=versioned)
                buf = _interop.as_buffer(t, "t", 0)
                self.assertEqual((buf.ptr, buf.dtype, buf.shape, buf.strides, buf.device),
                                 (GOOD + 32, "bf16", (3, 5), (5, 1), 3))
                self.assertEqual(buf.source, "DLPack")
                self.assertIsNotNone(buf.keepalive)
        dtypes = {(2, 16): "f16", (2, 32): "f32", (2, 64): "f64", (6, 8): "i1",
                  (0, 32): "i32", (0, 64): "i64", (4, 16): "bf16"}
        for (code, bits), name in dtypes.items():
            buf = _interop.as_buffer(FakeDLPack((2,), dtype=(code, bits, 1)), "t", 0)
            self.assertEqual(buf.dtype, name)

    def test_checks(self):
        def call(x):
            with self.assertRaises(Exception) as cm:
                self.kernel(x, self.c, outputs=self.labels)
            return cm.exception
        e = call(FakeDLPack((100, 512)))
        self.assertIsInstance(e, fusec.FusecError)
        self.assertIn("is not loaded", str(e))
        e = call(FakeDLPack((100, 512), dtype=(4, 16, 1)))
        self.assertIn("input 0 ('arg0'): dtype is bf16, expected f32", str(e))
        e = call(FakeDLPack((100, 512), dtype=(1, 8, 1)))
        self.assertIn("DLPack dtype uint8 (lanes 1) is not supported", str(e))
        e = call(FakeDLPack((100, 512), dtype=(2, 32, 4)))
        self.assertIn("DLPack dtype float32 (lanes 4) is not supported", str(e))
        e = call(FakeDLPack((100, 512), strides=(1, 100)))
        self.assertIn("not C-contiguous", str(e))
        e = call(FakeDLPack((100, 512), byte_offset=8))
        self.assertIn("is not 16-byte aligned", str(e))

    def test_consumer_stream_is_handed_to_the_producer(self):
        t = FakeDLPack((100, 512))
        for stream, expected in ((None, 1), (0, 1), (1, 1), (0x1234, 0x1234)):
            with self.assertRaises(fusec.FusecError):
                self.kernel(t, self.c, outputs=self.labels, stream=stream)
            self.assertEqual(t.streams[-1], expected)


class StreamTest(unittest.TestCase):

    def test_resolve(self):
        class TorchLike:
            cuda_stream = 0xABC0
            device = None

        class CupyLike:
            ptr = 0xDEF0

        class NumbaLike:
            class handle:
                value = 0x1110

        class Protocol:
            def __cuda_stream__(self):
                return (0, 0x2220)

        self.assertEqual(_interop.resolve_stream(None, [None], 0), (0, None))
        self.assertEqual(_interop.resolve_stream(7, [], 0), (7, None))
        self.assertEqual(_interop.resolve_stream(TorchLike(), [], 0)[0], 0xABC0)
        self.assertEqual(_interop.resolve_stream(CupyLike(), [], 0)[0], 0xDEF0)
        self.assertEqual(_interop.resolve_stream(NumbaLike(), [], 0)[0], 0x1110)
        self.assertEqual(_interop.resolve_stream(Protocol(), [], 0)[0], 0x2220)
        for bad, exc in ((True, TypeError), ("s", TypeError), (-1, ValueError)):
            with self.assertRaises(exc):
                _interop.resolve_stream(bad, [], 0)

    def test_cai_producer_stream_ordering(self):
        """__cuda_array_interface__ v3: a producer stream other than the
        launch stream is waited for; the same stream (0 and 1 are both the
        legacy default) is not."""
        calls = []
        original = _kernel.synchronize
        _kernel.synchronize = lambda device, stream: calls.append((device, stream))
        try:
            kernel = fusec.Kernel._unloaded(None, device=0)
            bufs = [_interop.as_buffer(FakeCAI((4,), stream=s), "b", 0) for s in (1, 5, 5, None)]
            kernel._order_after_producers(bufs, 0)
            self.assertEqual(calls, [(0, 5)])
            calls.clear()
            kernel._order_after_producers(bufs, 5)
            self.assertEqual(calls, [(0, 1)])
        finally:
            _kernel.synchronize = original


@unittest.skipUnless(HAVE_LIBRARY, NO_LIBRARY_REASON)
class NearestCentroidArgumentTest(unittest.TestCase):
    """Checks that nearest_centroid makes before compiling anything."""

    def check(self, exc, message, x, c, **kwargs):
        with self.assertRaises(exc) as cm:
            fusec.nearest_centroid(x, c, **kwargs)
        self.assertIn(message, str(cm.exception))

    def test_errors(self):
        x, c = FakeCAI((100, 64)), FakeCAI((10, 64))
        self.check(ValueError, "x must have rank 2, got shape [100]", FakeCAI((100,)), c)
        self.check(ValueError, "x has d = 64 and c has d = 32", x, FakeCAI((10, 32)))
        self.check(TypeError, "x has dtype i32; supported: f16, bf16, f32, f64",
                   FakeCAI((100, 64), "<i4"), c)
        self.check(TypeError, "x is f32 and c is f16", x, FakeCAI((10, 64), "<f2"))
        self.check(ValueError, "needs k >= 1", x, FakeCAI((0, 64)))
        self.check(ValueError, "form: expected 'naive' or 'gram'", x, c, form="cdist")
        self.check(ValueError, "nearest_centroid: x: not C-contiguous",
                   FakeCAI((100, 64), strides=(4, 400)), c)
        self.check(ValueError, "host memory", FakeDLPack((100, 64), device=(1, 0)), c)

    def test_labels_need_a_framework_or_out(self):
        self.check(ValueError, "cannot allocate the labels for inputs of type "
                   "fusec_test_support.FakeCAI (only torch and CuPy tensors are allocated); "
                   "pass out=", FakeCAI((100, 64)), FakeCAI((10, 64)))

    def test_valid_fakes_reach_compile(self):
        ok, _ = fusec.driver_status()
        if ok:
            # With a device the fake pointers would really be launched.
            self.skipTest("a CUDA driver is present")
        self.check(fusec.FusecError, "CUDA driver", FakeCAI((100, 64)), FakeCAI((10, 64)),
                   out=FakeCAI((100,), "<i8"))


if __name__ == "__main__":
    unittest.main()
