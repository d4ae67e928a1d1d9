"""Shared helpers of the fusec Python tests.

The tests import the package from the source tree (python/), so that
``python3 -m unittest discover -s python/tests`` needs no PYTHONPATH. The
libraries are found as the package finds them (FUSEC_LIBRARY_DIR, else the
build tree); the command-line tools (fuse-opt, fusec, fuse-run) next to them.
"""

import ctypes
import os
import shutil
import subprocess
import sys
from pathlib import Path

TESTS_DIR = Path(__file__).resolve().parent
PYTHON_DIR = TESTS_DIR.parent
REPO_DIR = PYTHON_DIR.parent
EXAMPLES_DIR = REPO_DIR / "examples"

if str(PYTHON_DIR) not in sys.path:
    sys.path.insert(0, str(PYTHON_DIR))

import fusec  # noqa: E402  (after the path set-up above)
from fusec import _library  # noqa: E402


def tool(name):
    """Path of a fusec command-line tool, or None: the bin/ next to
    $FUSEC_LIBRARY_DIR, then PATH (lit puts the build's bin/ first), then
    the build tree."""
    candidates = []
    if os.environ.get("FUSEC_LIBRARY_DIR"):
        candidates.append(Path(os.environ["FUSEC_LIBRARY_DIR"]).parent / "bin" / name)
    found = shutil.which(name)
    if found:
        candidates.append(Path(found))
    candidates.append(REPO_DIR / "build" / "bin" / name)
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return str(c)
    return None


def run_tool(name, args, stdin=None):
    """Runs a tool; returns CompletedProcess (text)."""
    path = tool(name)
    if path is None:
        raise FileNotFoundError(name)
    return subprocess.run([path] + list(args), input=stdin, capture_output=True,
                          text=True, timeout=300)


def library_available():
    """(ok, reason) for libfusec_jit.so."""
    try:
        _library.jit_library()
        return True, ""
    except fusec.FusecError as e:
        return False, str(e)


def gpu_available():
    """(ok, reason): a driver, a device and torch with CUDA."""
    ok, message = fusec.driver_status()
    if not ok:
        return False, "no usable CUDA driver/device: " + message.splitlines()[0]
    try:
        import torch
    except ImportError:
        return False, "torch is not installed"
    if not torch.cuda.is_available():
        return False, "torch has no CUDA device"
    return True, ""


def example(name):
    return (EXAMPLES_DIR / name).read_text()


class FakeCAI:
    """An object with a __cuda_array_interface__ and nothing behind it:
    checks run on its description only (never launched)."""

    def __init__(self, shape, typestr="<f4", ptr=0x7F0000000000, strides=None,
                 readonly=False, stream=None, mask=None, version=3):
        self.__cuda_array_interface__ = {
            "shape": tuple(shape), "typestr": typestr, "data": (ptr, readonly),
            "strides": strides, "version": version, "mask": mask}
        if stream is not None:
            self.__cuda_array_interface__["stream"] = stream


_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


class FakeDLPack:
    """A DLPack producer built from ctypes structures (no GPU, no numpy):
    `device` is (device_type, device_id), `dtype` (code, bits, lanes),
    `strides` in elements or None. It records the stream the consumer
    passed to __dlpack__."""

    def __init__(self, shape, dtype=(2, 32, 1), device=(2, 0), ptr=0x7F0000000000,
                 strides=None, byte_offset=0, versioned=False):
        from fusec import _interop
        self._device = device
        self.streams = []
        self._shape = (ctypes.c_int64 * max(1, len(shape)))(*shape)
        self._strides = (ctypes.c_int64 * max(1, len(shape)))(*strides) if strides else None
        tensor = _interop.DLTensor()
        tensor.data = ptr
        tensor.device = _interop.DLDevice(*device)
        tensor.ndim = len(shape)
        tensor.dtype = _interop.DLDataType(*dtype)
        tensor.shape = ctypes.cast(self._shape, ctypes.POINTER(ctypes.c_int64))
        if self._strides is not None:
            tensor.strides = ctypes.cast(self._strides, ctypes.POINTER(ctypes.c_int64))
        tensor.byte_offset = byte_offset
        if versioned:
            self._managed = _interop.DLManagedTensorVersioned()
            self._managed.version = _interop.DLPackVersion(1, 0)
            self._managed.flags = 0
            self._name = b"dltensor_versioned"
        else:
            self._managed = _interop.DLManagedTensor()
            self._name = b"dltensor"
        self._managed.dl_tensor = tensor

    def __dlpack_device__(self):
        return self._device

    def __dlpack__(self, stream=None):
        self.streams.append(stream)
        # No destructor: the structures belong to this object.
        return _capsule_new(ctypes.addressof(self._managed), self._name, None)
