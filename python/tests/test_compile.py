"""compile_to_ptx and the launch description, without a GPU."""

import unittest

from fusec_test_support import example, library_available

import fusec

HAVE_LIBRARY, NO_LIBRARY_REASON = library_available()


@unittest.skipUnless(HAVE_LIBRARY, NO_LIBRARY_REASON)
class CompileToPTXTest(unittest.TestCase):

    def test_example_compiles_without_gpu(self):
        ptx = fusec.compile_to_ptx(example("naive_argmin.mlir"), arch="sm_90")
        self.assertTrue(ptx.startswith("// fusec-launch: {"))
        self.assertIn(".visible .entry naive_argmin_k0(", ptx)
        self.assertIn(".target sm_90", ptx)
        desc = fusec.LaunchDescription.from_ptx(ptx)
        self.assertEqual(desc.function, "naive_argmin")
        self.assertEqual(desc.arch, "sm_90")
        self.assertEqual([(a.role, a.dtype, a.shape) for a in desc.args],
                         [("input", "f32", ("s0", 512)), ("input", "f32", (256, 512)),
                          ("output", "i64", ("s0",))])
        self.assertEqual(desc.sizes, {"s0": (0, 0)})
        self.assertEqual(desc.output_shapes([(1000, 512), (256, 512)]), [(1000,)])

    def test_builder_program_compiles_like_the_example(self):
        # The JIT caches by canonical IR: the same program, however it was
        # written, gives the same PTX.
        ours = fusec.compile_to_ptx(fusec.nearest_centroid_program(256, 512), "sm_90")
        theirs = fusec.compile_to_ptx(example("naive_argmin.mlir"), "sm_90")
        self.assertEqual(ours, theirs)

    def test_nearest_centroid_dtypes_compile_to_ptx(self):
        # The dtypes nearest_centroid accepts are the ones the GPU pipeline
        # compiles, for both forms and shapes that are not tile multiples.
        for dtype in ("f16", "bf16", "f32", "f64"):
            for form in ("naive", "gram"):
                with self.subTest(dtype=dtype, form=form):
                    ptx = fusec.compile_to_ptx(
                        fusec.nearest_centroid_program(37, 19, dtype, form))
                    desc = fusec.LaunchDescription.from_ptx(ptx)
                    self.assertEqual([(a.dtype, a.shape) for a in desc.args],
                                     [(dtype, ("s0", 19)), (dtype, (37, 19)),
                                      ("i64", ("s0",))])
        with self.assertRaises(TypeError):
            fusec.nearest_centroid_program(37, 19, "i32")

    def test_other_arch(self):
        ptx = fusec.compile_to_ptx(example("chain_f16.mlir"), arch="sm_80")
        self.assertIn(".target sm_80", ptx)
        self.assertEqual(fusec.LaunchDescription.from_ptx(ptx).arch, "sm_80")

    def test_multiple_outputs(self):
        desc = fusec.LaunchDescription.from_ptx(
            fusec.compile_to_ptx(example("running_step.mlir")))
        self.assertEqual([a.name for a in desc.outputs], ["result0", "result1"])
        self.assertEqual(desc.output_shapes([(7, 512), (512,), (), (7,), (7,)]),
                         [(7,), (7,)])

    def test_compile_errors_carry_the_compiler_message(self):
        with self.assertRaises(fusec.FusecError) as cm:
            fusec.compile_to_ptx("func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                                 "  return %y : tensor<4xf32>\n}\n")
        self.assertIn("fusec-jit-input:2:10: error: use of undeclared SSA value name",
                      str(cm.exception))
        self.assertIsInstance(cm.exception, RuntimeError)
        self.assertEqual(cm.exception.code, 1)
        with self.assertRaises(fusec.FusecError) as cm:
            fusec.compile_to_ptx(example("naive_argmin.mlir"), arch="sm_1")
        self.assertIn("unsupported GPU architecture 'sm_1'", str(cm.exception))
        with self.assertRaises(TypeError):
            fusec.compile_to_ptx(42)

    def test_description_errors(self):
        with self.assertRaises(fusec.FusecError) as cm:
            fusec.LaunchDescription.from_ptx(".version 8.0\n")
        self.assertIn("fusec-launch", str(cm.exception))
        with self.assertRaises(fusec.FusecError):
            fusec.LaunchDescription.from_json('{"format": "other"}')

    def test_compile_without_driver(self):
        ok, _ = fusec.driver_status()
        if ok:
            self.skipTest("a driver is present (test_library covers a missing one)")
        with self.assertRaises(fusec.FusecError) as cm:
            fusec.compile(example("naive_argmin.mlir"))
        self.assertIn("CUDA driver", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
