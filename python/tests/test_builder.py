"""The Builder: its text verifies (fuse-opt), means what the examples mean
(identical `fusec --emit=fused`), runs on the CPU path (fuse-run), and its
shape and type rules are the dialect's."""

import math
import tempfile
import unittest
from pathlib import Path

from fusec_test_support import EXAMPLES_DIR, run_tool, tool

import fusec
from fusec import Builder, where

HAVE_TOOLS = all(tool(t) for t in ("fuse-opt", "fusec", "fuse-run"))
TOOLS_REASON = "fuse-opt/fusec/fuse-run not found (build the tree or set FUSEC_LIBRARY_DIR)"


# The examples' programs written with the Builder.
def naive_argmin():
    b = Builder()
    x = b.arg("x", ("n", 512), "f32")
    c = b.arg("c", (256, 512), "f32")
    b.ret(((x[:, None, :] - c[None, :, :]) ** 2).sum(2).argmin(1))
    return b.build("naive_argmin")


def gemm_argmin():
    b = Builder()
    x = b.arg("x", ("n", 512), "f32")
    c = b.arg("c", (256, 512), "f32")
    xx = (x * x).sum(1, keepdim=True)
    cc = (c * c).sum(1)
    xc = x @ c.T
    b.ret((xx + cc - 2.0 * xc).argmin(1))
    return b.build("gemm_argmin")


def distance_only():
    b = Builder()
    x = b.arg("x", ("n", 512), "f32")
    c = b.arg("c", (256, 512), "f32")
    b.ret(((x[:, None, :] - c[None, :, :]) ** 2).sum(-1))
    return b.build("distance_only")


def one_centroid_distance():
    b = Builder()
    x = b.arg("x", ("n", 512), "f32")
    cj = b.arg("cj", (512,), "f32")
    b.ret(((x - cj) ** 2).sum(1))
    return b.build("one_centroid_distance")


def chain():
    b = Builder()
    x = b.arg("x", ("n",), "f16")
    b.ret((x * 2.0 + 1.0).relu() * 0.5)
    return b.build("chain")


def running_step():
    b = Builder()
    x = b.arg("x", ("n", 512), "f32")
    cj = b.arg("cj", (512,), "f32")
    j = b.arg("j", (), "i64")
    best_d = b.arg("best_d", ("n",), "f32")
    best_i = b.arg("best_i", ("n",), "i64")
    d = ((x - cj) ** 2).sum(1)
    better = d < best_d
    b.ret(where(better, d, best_d), where(better, j, best_i))
    return b.build("running_step")


def running_loop(k):
    b = Builder()
    x = b.arg("x", ("n", 512), "f32")
    c = b.arg("c", (k, 512), "f32")
    best_d, best_i = b.constant(math.inf, "f32"), b.constant(0, "i64")
    for j in range(k):
        d = ((x - c[j]) ** 2).sum(1)
        better = d < best_d
        best_d = where(better, d, best_d)
        best_i = where(better, b.constant(j, "i64"), best_i)
    b.ret(best_i)
    return b.build("running_loop_k%d" % k)


EXAMPLES = {
    "naive_argmin.mlir": naive_argmin,
    "gemm_argmin.mlir": gemm_argmin,
    "distance_only.mlir": distance_only,
    "one_centroid_distance.mlir": one_centroid_distance,
    "chain_f16.mlir": chain,
    "running_step.mlir": running_step,
    "running_loop_k8.mlir": lambda: running_loop(8),
}


def kitchen_sink():
    """Every op the Builder writes, in one function with three results."""
    b = Builder()
    x = b.arg("x", ("n", 16), "f32")
    m = b.arg("m", (16, 8), "f32")
    i = b.arg("i", ("n", 1), "i32")
    k = b.arg("k", (1, 3), "i32")
    h = b.arg("h", ("n", 16), "f16")
    y = (x - 0.25) * 2.0 / (abs(x) + 1.0)            # sub, mul, div, abs, add
    y = (-y).maximum(x).minimum(3.0).relu()          # neg, max, min, relu
    y = y.exp().sqrt() + y.square()                  # exp, sqrt, square
    z = y @ m                                        # matmul
    z = z.mT.T + h.cast("f32").sum(1, keepdim=True)  # transpose, cast
    sel = where((z > 1.0).eq(z <= 4.0), z, -z)       # cmp gt/le/eq, where
    sel = where(sel.ne(0.0), sel, 1.5e-3)            # cmp ne, a float constant
    first = sel[..., 0]                              # take
    out_f = (sel.reduce_max(1) - sel.amin(1) + first).expand_dims(1)  # reductions
    bsel = where(x >= 0.0, x, float("-inf"))         # -inf literal
    out_i = (i * 3 - 1).sum(1) + k.broadcast_to((4, 1, 3)).sum(0).sum(1)  # broadcast_to
    labels = sel.argmax(1, keepdim=True) + bsel.argmin(-1, keepdim=True)  # i64 add
    b.ret(out_f, out_i, labels)
    return b.build("sink")


class BuilderTextTest(unittest.TestCase):
    """The text itself, without the tools."""

    def test_naive_argmin_text(self):
        self.assertEqual(naive_argmin(), (
            "func.func @naive_argmin(%x: tensor<?x512xf32>, %c: tensor<256x512xf32>)"
            " -> tensor<?xi64> {\n"
            "  %0 = fuse.expand_dims %x, dim = 1 : tensor<?x512xf32> -> tensor<?x1x512xf32>\n"
            "  %1 = fuse.expand_dims %c, dim = 0 : tensor<256x512xf32> -> tensor<1x256x512xf32>\n"
            "  %2 = fuse.sub %0, %1 : tensor<?x1x512xf32>, tensor<1x256x512xf32> -> "
            "tensor<?x256x512xf32>\n"
            "  %3 = fuse.square %2 : tensor<?x256x512xf32>\n"
            "  %4 = fuse.sum %3, dim = 2 : tensor<?x256x512xf32> -> tensor<?x256xf32>\n"
            "  %5 = fuse.argmin %4, dim = 1 : tensor<?x256xf32> -> tensor<?xi64>\n"
            "  return %5 : tensor<?xi64>\n"
            "}\n"))

    def test_shapes_follow_the_dialect(self):
        b = Builder()
        x = b.arg("x", ("n", 1), "f32")
        y = b.arg("y", (256,), "f32")
        z = b.arg("z", (None, 256), "f32")
        self.assertEqual((x + y).shape, ("n", 256))   # 1 stretches
        self.assertEqual((x + z).shape, ("n", 256))   # names win over '?'
        self.assertEqual((z + y).shape, ("?", 256))
        w = b.arg("w", (7, "n"), "f32")
        # A dynamic dimension meeting a static one takes the static size.
        self.assertEqual((w + b.arg("v", (7, 5), "f32")).shape, (7, 5))
        self.assertEqual(x.sum(0).shape, (1,))
        self.assertEqual(x.sum(-1, keepdim=True).shape, ("n", 1))
        self.assertEqual(x.argmax(0).dtype, "i64")
        self.assertEqual((x < y).dtype, "i1")
        self.assertEqual(x[None].shape, (1, "n", 1))
        self.assertEqual(x[..., None].shape, ("n", 1, 1))
        self.assertEqual(z[:, 3].shape, ("?",))
        self.assertEqual(z[:, -1].shape, ("?",))
        b.ret(z[:, 3])
        text = b.build("f")
        self.assertIn("= arith.constant 3 : index", text)
        self.assertIn("= fuse.take %z[%", text)
        self.assertIn("], dim = 1 : tensor<?x256xf32> -> tensor<?xf32>", text)

    def test_scalar_operand_order_and_constants(self):
        b = Builder()
        x = b.arg("x", (4,), "f32")
        b.ret(2.0 - x, x / 1e-5, x * math.inf, x + math.nan, b.constant(-math.inf, "f32") + x)
        text = b.build("f")
        self.assertIn("fuse.constant dense<2.0> : tensor<f32>", text)
        self.assertIn("fuse.sub %0, %x", text)            # the constant is the lhs
        self.assertIn("dense<1.0e-05>", text)             # MLIR needs the '.'
        self.assertIn("dense<0x7F800000>", text)
        self.assertIn("dense<0x7FC00000>", text)
        self.assertIn("dense<0xFF800000>", text)
        b = Builder()
        h = b.arg("h", (4,), "bf16")
        d = b.arg("d", (4,), "f64")
        k = b.arg("k", (4,), "i32")
        b.ret(h * math.inf, d * -math.inf, k + 7)
        text = b.build("g")
        self.assertIn("dense<0x7F80> : tensor<bf16>", text)
        self.assertIn("dense<0xFFF0000000000000> : tensor<f64>", text)
        self.assertIn("dense<7> : tensor<i32>", text)

    def test_only_live_ops_are_written(self):
        b = Builder()
        x = b.arg("x", (4,), "f32")
        _unused = x.exp()
        b.ret(x + 1.0)
        text = b.build("f")
        self.assertNotIn("fuse.exp", text)
        self.assertIn("fuse.add", text)

    def test_errors(self):
        b = Builder()
        x = b.arg("x", ("n", 512), "f32")
        c = b.arg("c", (256, 500), "f32")
        m = b.arg("m", ("m", 512), "f32")
        i = b.arg("i", (4,), "i32")
        flag = b.arg("flag", (4,), "i1")
        cases = [
            (ValueError, "operand 0 has size 512 and operand 1 has size 500 in dimension 2",
             lambda: x[:, None, :] - c[None, :, :]),
            (ValueError, "'n' in one operand and 'm' in operand 1", lambda: x + m),
            (TypeError, "same element type, got f32 and i32", lambda: c[0, 0] + i),
            (TypeError, "no implicit promotion", lambda: i + 0.5),
            (TypeError, "fuse.exp needs float operands, got i32", lambda: i.exp()),
            (TypeError, "fuse.add needs numeric operands, got i1", lambda: flag + flag),
            (TypeError, "condition must be i1", lambda: where(i, i, i)),
            (ValueError, "only x ** 2", lambda: x ** 3),
            (ValueError, "dim 2 is out of range [-2, 2)", lambda: x.sum(2)),
            (ValueError, "contracted sizes differ: 500 and 256", lambda: c @ c),
            (IndexError, "out of range for dimension 0 of size 256", lambda: c[256]),
            (IndexError, "negative index -1 on dynamic dimension 0", lambda: x[-1]),
            (IndexError, "only full slices", lambda: x[1:2]),
            (IndexError, "too many indices", lambda: i[0, 0]),
            (ValueError, "belongs to another Builder", lambda: x + Builder().arg("y", (1,), "f32")),
            (ValueError, "used twice", lambda: b.arg("x", (1,), "f32")),
            (ValueError, "not an identifier", lambda: b.arg("1x", (1,), "f32")),
            (ValueError, "expected one of", lambda: b.arg("q", (1,), "u8")),
            (ValueError, "target shape must be static", lambda: i.broadcast_to(("n", 4))),
            (TypeError, "no truth value", lambda: bool(x < 1.0)),
            (ValueError, "call ret(...) first", lambda: b.build("f")),
        ]
        for exc, message, fn in cases:
            with self.subTest(message=message):
                with self.assertRaises(exc) as cm:
                    fn()
                self.assertIn(message, str(cm.exception))


@unittest.skipUnless(HAVE_TOOLS, TOOLS_REASON)
class BuilderToolsTest(unittest.TestCase):
    """Against the compiler's tools."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def write(self, name, text):
        path = Path(self.tmp.name) / name
        path.write_text(text)
        return str(path)

    def fused(self, path):
        r = run_tool("fusec", [path, "--emit=fused"])
        self.assertEqual(r.returncode, 0, r.stderr)
        return r.stdout

    def test_examples_rebuilt_fuse_identically(self):
        for name, build in EXAMPLES.items():
            with self.subTest(example=name):
                ours = self.write(name, build())
                verify = run_tool("fuse-opt", [ours])
                self.assertEqual(verify.returncode, 0, verify.stderr)
                self.assertEqual(self.fused(ours), self.fused(str(EXAMPLES_DIR / name)))

    def test_nearest_centroid_program_matches_examples(self):
        for form, name in (("naive", "naive_argmin.mlir"), ("gram", "gemm_argmin.mlir")):
            with self.subTest(form=form):
                ours = self.write(name, fusec.nearest_centroid_program(256, 512, "f32", form))
                self.assertEqual(self.fused(ours), self.fused(str(EXAMPLES_DIR / name)))

    def test_kitchen_sink_verifies_and_runs_on_cpu(self):
        path = self.write("sink.mlir", kitchen_sink())
        verify = run_tool("fuse-opt", [path])
        self.assertEqual(verify.returncode, 0, verify.stderr)
        # The fused CPU path against the reference evaluator, on random
        # shapes and inputs: the text is a program fusec compiles and runs.
        r = run_tool("fuse-run", [path, "--trials=3", "--seed=7"])
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("fuse-run: PASS", r.stdout)

    def test_nearest_centroid_program_dtypes_run_on_cpu(self):
        for dtype in ("f16", "bf16", "f32", "f64"):
            for form in ("naive", "gram"):
                with self.subTest(dtype=dtype, form=form):
                    path = self.write("nc_%s_%s.mlir" % (dtype, form),
                                      fusec.nearest_centroid_program(37, 19, dtype, form))
                    r = run_tool("fuse-run", [path, "--trials=2", "--seed=3",
                                              "--keep-extent=all"])
                    self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
                    self.assertIn("fuse-run: PASS", r.stdout)


if __name__ == "__main__":
    unittest.main()
