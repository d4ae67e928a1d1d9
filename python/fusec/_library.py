"""Finding and loading the fusec shared libraries, and calling their C APIs.

Two libraries implement the C APIs (docs/abi.md, fusec_runtime.h,
fusec_jit.h):

- ``libfusec_jit.so``: the JIT (MLIR/LLVM inside) *and* the runtime's C API.
  Programs it loads must be launched through the runtime functions of this
  same library: depending on how it was built it has a private copy of the
  runtime, and a program handle belongs to the copy that created it.
- ``libfusec_runtime.so``: the runtime alone, no LLVM. It is optional; it is
  used, when present, for ``driver_status``, device queries, ``load_ptx`` and
  ``synchronize``, because loading it is cheap (it does not pull in LLVM).

Nothing is loaded at import time: ``import fusec`` works on a machine with no
library and no driver, and the first call that needs a library either loads
it or raises ``FusecError`` saying where it looked.

Search order (the first directory holding the library wins):

1. ``$FUSEC_LIBRARY_DIR``, when set; it is then the only place searched, so
   that an explicit setting is never silently overridden;
2. the build tree: ``<repo>/build/lib`` next to ``<repo>/python/fusec``;
3. an installed layout: ``<libdir>/python/fusec`` (what ``cmake --install``
   writes) or ``<libdir>/pythonX.Y/site-packages/fusec``, with the libraries
   in ``<libdir>``;
4. the dynamic loader's search path, through ``ctypes.util.find_library``.
"""

import ctypes
import ctypes.util
import os
import threading
from pathlib import Path

from ._errors import FusecError

JIT_LIBRARY = "libfusec_jit.so"
RUNTIME_LIBRARY = "libfusec_runtime.so"

_PACKAGE_DIR = Path(__file__).resolve().parent

# Return codes of the C API.
SUCCESS = 0
ERROR = 1
UNAVAILABLE = 2


class Arg(ctypes.Structure):
    """``fusec_rt_arg``: one dense, row-major device buffer."""

    _fields_ = [
        ("ptr", ctypes.c_uint64),
        ("dtype", ctypes.c_int),
        ("rank", ctypes.c_int),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
    ]


class LaunchStats(ctypes.Structure):
    """``fusec_rt_launch_stats``."""

    _fields_ = [
        ("temp_bytes", ctypes.c_uint64),
        ("kernels", ctypes.c_uint32),
        ("memsets", ctypes.c_uint32),
        ("synchronized", ctypes.c_uint32),
    ]


_ERR = ctypes.POINTER(ctypes.c_void_p)  # char **error, kept raw to free it
_OUT = ctypes.POINTER(ctypes.c_void_p)

# (name, restype, argtypes) of the runtime's C API, present in both libraries.
_RUNTIME_FUNCTIONS = [
    ("fusec_rt_free_error", None, [ctypes.c_void_p]),
    ("fusec_rt_driver_status", ctypes.c_int, [_ERR]),
    ("fusec_rt_device_count", ctypes.c_int, [ctypes.POINTER(ctypes.c_int), _ERR]),
    ("fusec_rt_device_info", ctypes.c_int,
     [ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t,
      ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int), _ERR]),
    ("fusec_rt_program_create", ctypes.c_int,
     [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int, _OUT, _ERR]),
    ("fusec_rt_program_destroy", None, [ctypes.c_void_p]),
    ("fusec_rt_program_launch", ctypes.c_int,
     [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(Arg), ctypes.c_void_p,
      ctypes.POINTER(LaunchStats), _ERR]),
    ("fusec_rt_synchronize", ctypes.c_int, [ctypes.c_int, ctypes.c_void_p, _ERR]),
]

_JIT_FUNCTIONS = [
    ("fusec_jit_create", ctypes.c_int,
     [ctypes.c_char_p, ctypes.c_int, ctypes.c_int, _OUT, _ERR]),
    ("fusec_jit_destroy", None, [ctypes.c_void_p]),
    ("fusec_jit_load", ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p, _OUT, _ERR]),
    ("fusec_jit_compile_to_ptx", ctypes.c_int,
     [ctypes.c_void_p, ctypes.c_char_p, _OUT, _ERR]),
    ("fusec_jit_stats", None,
     [ctypes.c_void_p] + [ctypes.POINTER(ctypes.c_ulonglong)] * 3),
]


def search_locations():
    """The places searched for the libraries, in order, as (label, directory)
    pairs; a directory of None stands for the dynamic loader's path."""
    env = os.environ.get("FUSEC_LIBRARY_DIR")
    if env:
        return [("FUSEC_LIBRARY_DIR", Path(env))]
    locations = [("build tree", _PACKAGE_DIR.parent.parent / "build" / "lib")]
    # cmake --install puts the package in <libdir>/python/fusec.
    locations.append(("installed (<libdir>/python/fusec)", _PACKAGE_DIR.parent.parent))
    # A package copied into <libdir>/pythonX.Y/site-packages/fusec.
    parents = _PACKAGE_DIR.parents
    if (len(parents) > 2 and parents[0].name == "site-packages"
            and parents[1].name.startswith("python")):
        locations.append(("installed (site-packages)", parents[2]))
    locations.append(("dynamic loader path", None))
    return locations


class Library:
    """One loaded library with its C functions declared."""

    def __init__(self, path, handle, functions):
        self.path = path
        self._handle = handle
        for name, restype, argtypes in functions:
            fn = getattr(handle, name)
            fn.restype = restype
            fn.argtypes = argtypes
            setattr(self, name, fn)

    def take_string(self, ptr):
        """Copies and frees a malloc'ed C string returned by the API."""
        if not ptr:
            return None
        try:
            return ctypes.string_at(ptr).decode("utf-8", errors="replace")
        finally:
            self.fusec_rt_free_error(ptr)

    def check(self, rc, error, what):
        """Raises FusecError with the C message when `rc` is non-zero."""
        if rc == SUCCESS:
            return
        message = self.take_string(error.value)
        if not message:
            message = "%s failed (code %d, no message)" % (what, rc)
        raise FusecError(message, code=rc)


def _find(filename):
    """Returns (path, tried) for `filename`; path is None when not found."""
    tried = []
    for label, directory in search_locations():
        if directory is None:
            stem = filename[len("lib"):-len(".so")]
            found = ctypes.util.find_library(stem)
            tried.append("%s (ctypes.util.find_library(%r))" % (label, stem))
            if found:
                return found, tried
            continue
        candidate = directory / filename
        tried.append("%s: %s" % (label, candidate))
        if candidate.exists():
            return str(candidate), tried
    return None, tried


_lock = threading.Lock()
_loaded = {}


def _load(filename, functions):
    with _lock:
        if filename in _loaded:
            return _loaded[filename]
        path, tried = _find(filename)
        if path is None:
            raise FusecError(
                "fusec: %s not found; looked in:\n  %s\nSet FUSEC_LIBRARY_DIR "
                "to the directory holding libfusec_jit.so and "
                "libfusec_runtime.so (a build's lib/ directory)."
                % (filename, "\n  ".join(tried)))
        try:
            handle = ctypes.CDLL(path)
        except OSError as e:
            raise FusecError("fusec: cannot load %s: %s" % (path, e)) from None
        try:
            library = Library(path, handle, functions)
        except AttributeError as e:
            raise FusecError("fusec: %s lacks a C API function: %s"
                             % (path, e)) from None
        _loaded[filename] = library
        return library


def jit_library():
    """The loaded libfusec_jit.so (JIT and runtime C APIs)."""
    return _load(JIT_LIBRARY, _RUNTIME_FUNCTIONS + _JIT_FUNCTIONS)


def runtime_library():
    """libfusec_runtime.so when it can be found, else libfusec_jit.so (whose
    runtime C API is the same): the runtime is optional, as on a machine
    that only carries a self-contained libfusec_jit.so."""
    try:
        return _load(RUNTIME_LIBRARY, _RUNTIME_FUNCTIONS)
    except FusecError as runtime_error:
        try:
            return jit_library()
        except FusecError as jit_error:
            raise FusecError("%s\n%s" % (runtime_error, jit_error)) from None


def error_slot():
    """A fresh ``char *error`` slot to pass by reference."""
    return ctypes.c_void_p(None)
