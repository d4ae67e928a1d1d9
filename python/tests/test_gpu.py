"""On a GPU: results against torch, streams, the three protocols, CuPy.

Skipped without a CUDA driver and device, or without torch (CuPy tests
also without CuPy). Labels are compared with a float64 reference under the
near-tie rule of docs/fuse-run.md: where the fused label differs from the
reference's, the two candidates' reference distances must satisfy
|v[got] - v[ref]| <= c * max(1, |v[ref]|) * sqrt(d), and for f32 and f64
not be an exact tie (which must go to the lowest index).
"""

import math
import threading
import unittest

from fusec_test_support import example, gpu_available

import fusec

HAVE_GPU, NO_GPU_REASON = gpu_available()
if HAVE_GPU:
    import torch

# The near-tie constant c per dtype (docs/fuse-run.md).
NEAR_TIE = {"f32": 1e-5, "f16": 1e-2, "bf16": 8e-2, "f64": 1e-12}
TORCH_DTYPES = {"f16": "float16", "bf16": "bfloat16", "f32": "float32", "f64": "float64"}
# (n, k, d): not multiples of any tile, plus the degenerate and the seeds' shape.
SHAPES = [(1, 1, 1), (1000, 37, 19), (4097, 300, 129), (333, 256, 512), (20011, 5, 3)]


def reference_distances(x, c):
    """Squared distances in float64, computed directly (no Gram
    cancellation), in row chunks so that no intermediate is large."""
    x64, c64 = x.double(), c.double()
    rows = max(1, (1 << 24) // max(1, c.shape[0] * c.shape[1]))
    return torch.cat([((x64[i:i + rows, None, :] - c64[None, :, :]) ** 2).sum(-1)
                      for i in range(0, x.shape[0], rows)])


def assert_labels(test, labels, x, c, dtype):
    n, d = x.shape
    test.assertEqual(labels.dtype, torch.int64)
    test.assertEqual(tuple(labels.shape), (n,))
    test.assertEqual(labels.device, x.device)
    torch.cuda.synchronize()
    test.assertTrue(bool(((labels >= 0) & (labels < c.shape[0])).all()), "label out of range")
    dist = reference_distances(x, c)
    ref = dist.argmin(1)
    rows = (labels != ref).nonzero().flatten()
    if rows.numel() == 0:
        return
    got_v = dist[rows, labels[rows]]
    ref_v = dist[rows, ref[rows]]
    bound = NEAR_TIE[dtype] * ref_v.abs().clamp(min=1) * math.sqrt(d)
    gap = (got_v - ref_v).abs()
    bad = gap > bound
    if dtype in ("f32", "f64"):
        # An exact tie must go to the lowest index. (Not checked for f16 and
        # bf16: an exact tie of the float64 distances of their coarse inputs
        # need not survive the kernel's rounding in f16/bf16.)
        bad |= got_v == ref_v
    if not bool(bad.any()):
        return  # Every differing row is a near-tie.
    # The message indexes the first bad row, so it is built only when there
    # is one.
    first = int(rows[bad][0])
    test.fail("%d of %d rows differ beyond the near-tie bound (first row %d: got %d "
              "ref %d, gap %g, bound %g)" % (
                  int(bad.sum()), n, first, int(labels[first]), int(ref[first]),
                  float(gap[bad][0]), float(bound[bad][0])))


@unittest.skipUnless(HAVE_GPU, NO_GPU_REASON)
class GPUTest(unittest.TestCase):

    def setUp(self):
        torch.manual_seed(0)

    def randn(self, *shape, dtype="f32"):
        return torch.randn(*shape, device="cuda").to(getattr(torch, TORCH_DTYPES[dtype]))

    def test_compile_and_call_the_example(self):
        kernel = fusec.compile(example("naive_argmin.mlir"))
        self.assertIs(kernel, fusec.compile(example("naive_argmin.mlir")))  # cached
        x, c = self.randn(1000, 512), self.randn(256, 512)
        labels = kernel(x, c)
        assert_labels(self, labels, x, c, "f32")
        out = torch.empty(1000, dtype=torch.int64, device="cuda")
        self.assertIs(kernel(x, c, outputs=out), out)
        assert_labels(self, out, x, c, "f32")

    def test_nearest_centroid_against_torch(self):
        for dtype in ("f32", "f16", "bf16", "f64"):
            for form in ("naive", "gram"):
                for n, k, d in SHAPES:
                    with self.subTest(dtype=dtype, form=form, n=n, k=k, d=d):
                        x, c = self.randn(n, d, dtype=dtype), self.randn(k, d, dtype=dtype)
                        labels = fusec.nearest_centroid(x, c, form=form)
                        assert_labels(self, labels, x, c, dtype)

    def test_exact_ties_go_to_the_lowest_index(self):
        x, c = self.randn(5000, 64), self.randn(40, 64)
        c[31] = c[7]
        c[39] = c[7]
        labels = fusec.nearest_centroid(x, c)
        torch.cuda.synchronize()
        self.assertFalse(bool(((labels == 31) | (labels == 39)).any()))
        assert_labels(self, labels, x, c, "f32")

    def test_empty_rows(self):
        labels = fusec.nearest_centroid(self.randn(0, 16), self.randn(4, 16))
        self.assertEqual(tuple(labels.shape), (0,))
        self.assertEqual(labels.dtype, torch.int64)

    def test_current_stream_is_used_and_not_synchronized(self):
        if not hasattr(torch.cuda, "_sleep"):
            self.skipTest("torch.cuda._sleep is not available")
        n, k, d = 4000, 100, 64
        src, c = self.randn(n, d), self.randn(k, d)
        fusec.nearest_centroid(src, c)  # compile outside the timed window
        torch.cuda.synchronize()
        for how in ("current", "object", "handle"):
            with self.subTest(stream=how):
                x = torch.zeros_like(src)
                torch.cuda.synchronize()  # side streams do not wait for the default one
                s = torch.cuda.Stream()
                with torch.cuda.stream(s):
                    # The copy that fills x waits behind a long sleep on s:
                    # a kernel on any other stream would read zeros.
                    torch.cuda._sleep(500_000_000)
                    x.copy_(src)
                    if how == "current":
                        labels = fusec.nearest_centroid(x, c)
                if how == "object":
                    labels = fusec.nearest_centroid(x, c, stream=s)
                elif how == "handle":
                    labels = fusec.nearest_centroid(x, c, stream=s.cuda_stream)
                self.assertFalse(s.query(), "the call synchronized the stream")
                s.synchronize()
                assert_labels(self, labels, src, c, "f32")

    def test_multiple_outputs(self):
        kernel = fusec.compile(example("running_step.mlir"))
        n = 777
        x, cj = self.randn(n, 512), self.randn(512)
        j = torch.tensor(3, dtype=torch.int64, device="cuda")
        best_d = self.randn(n).abs() * 600
        best_i = torch.randint(0, 3, (n,), device="cuda")
        new_d, new_i = kernel(x, cj, j, best_d, best_i)
        d = ((x - cj) ** 2).sum(1)
        better = d < best_d
        torch.cuda.synchronize()
        self.assertTrue(torch.allclose(new_d, torch.where(better, d, best_d), rtol=1e-4,
                                       atol=1e-3))
        # Rows where d is within rounding of best_d may go either way.
        close = (d - best_d).abs() <= 1e-3 * best_d.abs()
        expected_i = torch.where(better, j, best_i)
        self.assertTrue(bool(((new_i == expected_i) | close).all()))

    def test_protocols(self):
        class DLPackOnly:
            def __init__(self, t):
                self.t = t

            def __dlpack__(self, stream=None):
                return self.t.__dlpack__(stream=stream)

            def __dlpack_device__(self):
                return self.t.__dlpack_device__()

        class CAIOnly:
            def __init__(self, t):
                self.__cuda_array_interface__ = t.__cuda_array_interface__

        x, c = self.randn(3001, 40), self.randn(33, 40)
        for wrap in (DLPackOnly, CAIOnly):
            with self.subTest(protocol=wrap.__name__):
                out = torch.full((3001,), -1, dtype=torch.int64, device="cuda")
                result = fusec.nearest_centroid(wrap(x), wrap(c), out=wrap(out))
                self.assertIsInstance(result, wrap)
                assert_labels(self, out, x, c, "f32")
                with self.assertRaises(ValueError) as cm:
                    fusec.nearest_centroid(wrap(x), wrap(c))
                self.assertIn("pass out=", str(cm.exception))

    def test_argument_errors(self):
        x, c = self.randn(100, 64), self.randn(10, 64)
        with self.assertRaises(ValueError) as cm:
            fusec.nearest_centroid(x.cpu(), c)
        self.assertIn("tensor is on device 'cpu'", str(cm.exception))
        with self.assertRaises(ValueError) as cm:
            fusec.nearest_centroid(self.randn(64, 100).t(), c)
        self.assertIn("not C-contiguous", str(cm.exception))
        chain = fusec.compile(example("chain_f16.mlir"))
        h = self.randn(1001, dtype="f16")
        with self.assertRaises(ValueError) as cm:
            chain(h[1:])
        self.assertIn("is not 16-byte aligned", str(cm.exception))
        with self.assertRaises(TypeError) as cm:
            chain(h.float())
        self.assertIn("input 0 ('arg0'): dtype is f32, expected f16", str(cm.exception))
        y = chain(h)
        torch.cuda.synchronize()
        self.assertTrue(torch.allclose(y.float(), (torch.relu(h * 2 + 1) * 0.5).float(),
                                       rtol=1e-3, atol=1e-3))

    def test_load_ptx_through_the_runtime(self):
        _, (major, minor) = fusec.device_info(0)
        ptx = fusec.compile_to_ptx(example("naive_argmin.mlir"),
                                   arch="sm_%d%d" % (major, minor))
        kernel = fusec.load_ptx(ptx)
        try:
            x, c = self.randn(2049, 512), self.randn(256, 512)
            labels = kernel(x, c)
            assert_labels(self, labels, x, c, "f32")
        finally:
            torch.cuda.synchronize()
            kernel.close()

    def test_threads(self):
        x, c = self.randn(5000, 24), self.randn(17, 24)
        results, errors = [None] * 8, []

        def work(i):
            try:
                results[i] = fusec.nearest_centroid(x, c, form="gram" if i % 2 else "naive")
            except Exception as e:  # reported below
                errors.append(e)

        threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        for labels in results:
            assert_labels(self, labels, x, c, "f32")
        self.assertGreaterEqual(fusec.jit_stats()["memory_hits"], 1)


@unittest.skipUnless(HAVE_GPU, NO_GPU_REASON)
class CuPyTest(unittest.TestCase):

    def setUp(self):
        try:
            import cupy
        except ImportError:
            self.skipTest("CuPy is not installed")
        self.cupy = cupy

    def test_nearest_centroid_with_cupy(self):
        cupy = self.cupy
        rng = cupy.random.default_rng(1)
        x = rng.standard_normal((2500, 70), dtype=cupy.float32)
        c = rng.standard_normal((45, 70), dtype=cupy.float32)
        cupy.cuda.Stream.null.synchronize()  # s below does not wait for the null stream
        s = cupy.cuda.Stream(non_blocking=True)
        with s:
            labels = fusec.nearest_centroid(x, c)  # on CuPy's current stream, s
        self.assertIsInstance(labels, cupy.ndarray)
        s.synchronize()
        assert_labels(self, torch.as_tensor(labels, device="cuda"),
                      torch.as_tensor(x, device="cuda"), torch.as_tensor(c, device="cuda"),
                      "f32")


if __name__ == "__main__":
    unittest.main()
