# -*- Python -*-
# lit configuration of the fusec regression suite.

import ctypes
import os
import shutil
import subprocess

import lit.formats

config.name = "FUSEC"
config.test_format = lit.formats.ShTest(not lit_config.isWindows)
config.suffixes = [".mlir", ".test", ".c", ".py"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py",
                   "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.fusec_obj_root, "test")

# Our tools first, then LLVM's FileCheck/not/count.
path = os.pathsep.join([config.fusec_tools_dir, config.llvm_tools_dir,
                        config.environment.get("PATH", os.environ["PATH"])])
config.environment["PATH"] = path
for var in ["HOME", "TMPDIR", "FUSEC_CACHE_DIR", "XDG_CACHE_HOME",
            "CUDA_VISIBLE_DEVICES", "ASAN_OPTIONS", "UBSAN_OPTIONS",
            "LSAN_OPTIONS", "TSAN_OPTIONS", "ASAN_SYMBOLIZER_PATH"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]

config.substitutions.append(("%fusec_src", config.fusec_src_root))
config.substitutions.append(("%examples",
                             os.path.join(config.fusec_src_root, "examples")))

# Feature `ptxas`: the CUDA assembler is available to validate PTX.
ptxas = shutil.which("ptxas", path=path + os.pathsep +
                     os.path.join(config.cuda_root or "/usr/local/cuda", "bin"))
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))


def cuda_device_present():
    """Feature `cuda`: libcuda.so.1 loads, cuInit(0) succeeds and a device
    is counted. Checked in-process with ctypes so that a machine without a
    driver (CI) simply lacks the feature."""
    try:
        lib = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False
    if lib.cuInit(0) != 0:
        return False
    count = ctypes.c_int(0)
    if lib.cuDeviceGetCount(ctypes.byref(count)) != 0:
        return False
    return count.value > 0


if cuda_device_present():
    config.available_features.add("cuda")

cc = shutil.which("clang") or shutil.which("cc")
sanitize_flags = getattr(config, "sanitize_flags", "")
if sanitize_flags:
    # Sanitizer builds (scripts/sanitizers.sh): a C program that links
    # libfusec_jit.so provides the sanitizer runtime, so it is linked with
    # the same -fsanitize flags.
    config.available_features.add("sanitizers")
if cc:
    config.substitutions.append(("%cc", (cc + " " + sanitize_flags).strip()))
config.substitutions.append(("%fusec_obj", config.fusec_obj_root))
