"""Importing without libraries or a driver, library discovery, errors."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from fusec_test_support import PYTHON_DIR, REPO_DIR, library_available

import fusec
from fusec import _library


def run_python(code, env_update, unset=()):
    """Runs `code` in a fresh interpreter with the package on the path."""
    env = dict(os.environ)
    for name in unset:
        env.pop(name, None)
    env.update(env_update)
    env["PYTHONPATH"] = str(PYTHON_DIR)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=300)


class MissingLibraryTest(unittest.TestCase):
    """With FUSEC_LIBRARY_DIR naming a directory without the libraries."""

    def setUp(self):
        self.empty = tempfile.TemporaryDirectory()
        self.addCleanup(self.empty.cleanup)

    def test_import_and_status_without_libraries(self):
        code = (
            "import fusec\n"
            "ok, message = fusec.driver_status()\n"
            "print('status', ok)\n"
            "print(message)\n"
            "b = fusec.Builder(); x = b.arg('x', ('n',), 'f32'); b.ret(x * 2.0)\n"
            "print('built', len(b.build('f')) > 0)\n"
            "try:\n"
            "    fusec.compile_to_ptx(b.build('f'))\n"
            "except fusec.FusecError as e:\n"
            "    print('error', isinstance(e, RuntimeError), e.code)\n"
            "    print(e)\n")
        r = run_python(code, {"FUSEC_LIBRARY_DIR": self.empty.name})
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("status False", r.stdout)
        self.assertIn("built True", r.stdout)
        self.assertIn("error True None", r.stdout)
        # The message says what is missing and where it looked.
        self.assertIn("libfusec_jit.so not found", r.stdout)
        self.assertIn("FUSEC_LIBRARY_DIR: %s" % os.path.join(self.empty.name,
                                                              "libfusec_jit.so"), r.stdout)

    def test_search_order(self):
        code = "import fusec\nfor label, d in fusec.search_locations(): print(label, '|', d)\n"
        r = run_python(code, {"FUSEC_LIBRARY_DIR": self.empty.name})
        self.assertEqual(r.stdout.splitlines(), ["FUSEC_LIBRARY_DIR | " + self.empty.name])
        r = run_python(code, {}, unset=["FUSEC_LIBRARY_DIR"])
        labels = [line.split(" | ")[0] for line in r.stdout.splitlines()]
        self.assertEqual(labels[0], "build tree")
        self.assertEqual(labels[-1], "dynamic loader path")
        self.assertIn("installed (<libdir>/python/fusec)", labels)
        self.assertEqual(r.stdout.splitlines()[0],
                         "build tree | %s" % (REPO_DIR / "build" / "lib"))


@unittest.skipUnless(*library_available())
class LibraryTest(unittest.TestCase):

    def test_build_tree_found_without_env(self):
        if not (REPO_DIR / "build" / "lib" / "libfusec_jit.so").exists():
            self.skipTest("no build tree at %s" % (REPO_DIR / "build"))
        r = run_python("from fusec import _library\nprint(_library.jit_library().path)\n",
                       {}, unset=["FUSEC_LIBRARY_DIR"])
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.strip(),
                         str(REPO_DIR / "build" / "lib" / "libfusec_jit.so"))

    def test_installed_layouts_found_without_env(self):
        """A copy of the package in <libdir>/python/fusec (what cmake
        --install writes) or <libdir>/pythonX.Y/site-packages/fusec finds the
        libraries in <libdir>."""
        jit = _library.jit_library().path
        for layout in ("python", "python3.11/site-packages"):
            with self.subTest(layout=layout), tempfile.TemporaryDirectory() as prefix:
                libdir = os.path.join(prefix, "lib")
                shutil.copytree(PYTHON_DIR / "fusec", os.path.join(libdir, layout, "fusec"),
                                ignore=shutil.ignore_patterns("__pycache__"))
                os.symlink(jit, os.path.join(libdir, "libfusec_jit.so"))
                env = dict(os.environ)
                env.pop("FUSEC_LIBRARY_DIR", None)
                env["PYTHONPATH"] = os.path.join(libdir, layout)
                r = subprocess.run(
                    [sys.executable, "-c", "import fusec\nfrom fusec import _library\n"
                     "print(fusec.__file__)\nprint(_library.jit_library().path)\n"],
                    env=env, capture_output=True, text=True, timeout=300)
                self.assertEqual(r.returncode, 0, r.stderr)
                self.assertEqual(r.stdout.splitlines(), [
                    os.path.join(libdir, layout, "fusec", "__init__.py"),
                    os.path.join(libdir, "libfusec_jit.so")])

    def test_driver_status_shape(self):
        ok, message = fusec.driver_status()
        self.assertIsInstance(ok, bool)
        self.assertTrue(message)

    def test_no_driver_errors(self):
        # FUSEC_CUDA_DRIVER points the runtime at a driver that does not
        # exist, so this runs the same with or without a GPU.
        code = (
            "import fusec\n"
            "print(fusec.driver_status())\n"
            "try:\n"
            "    fusec.compile(open(%r).read())\n"
            "except fusec.FusecError as e:\n"
            "    print('compile error:', e)\n"
            "try:\n"
            "    fusec.device_count()\n"
            "except fusec.FusecError as e:\n"
            "    print('count error:', e.code, e)\n"
            % str(REPO_DIR / "examples" / "naive_argmin.mlir"))
        r = run_python(code, {"FUSEC_CUDA_DRIVER": "/nonexistent/libcuda.so.1"})
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("(False, 'CUDA driver not found: dlopen(/nonexistent/libcuda.so.1)",
                      r.stdout)
        self.assertIn("compile error: fusec JIT: CUDA driver not found", r.stdout)
        self.assertIn("count error: 2 CUDA driver not found", r.stdout)


if __name__ == "__main__":
    unittest.main()
