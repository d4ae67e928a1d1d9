"""Tensors in, device pointers out: PyTorch, __cuda_array_interface__ and
DLPack, streams, and output allocation.

No framework is imported here: a framework is used only when the caller's
objects come from it, and then it is already in ``sys.modules``.

Protocols, in the order they are tried for each object:

1. ``torch.Tensor``: read directly (``data_ptr``, ``stride``, ...). Torch's
   own ``__cuda_array_interface__`` refuses bf16 and tensors that require
   grad, and its ``__dlpack__`` refuses the latter, so neither protocol is
   used for torch.
2. DLPack (``__dlpack__`` and ``__dlpack_device__``): the capsule is parsed
   with ctypes and is not consumed (its name is left as is), so its
   destructor releases the producer's tensor when the last reference goes,
   after the launch. The launch stream is passed to ``__dlpack__`` so that
   the producer orders its pending work before it (the protocol's purpose).
3. ``__cuda_array_interface__`` (version 2 or 3).

Every check raises TypeError (wrong kind of object or dtype) or ValueError
(memory, layout, shape), with a message that names the argument.
"""

import contextlib
import ctypes
import sys

from ._desc import DTYPE_BYTES, DTYPES

# DLPack (dlpack.h): device types and the DLDataType codes used here.
KDL_CPU = 1
KDL_CUDA = 2
_DL_DEVICE_NAMES = {1: "kDLCPU", 2: "kDLCUDA", 3: "kDLCUDAHost", 4: "kDLOpenCL",
                    7: "kDLVulkan", 8: "kDLMetal", 9: "kDLVPI", 10: "kDLROCM",
                    11: "kDLROCMHost", 12: "kDLExtDev", 13: "kDLCUDAManaged",
                    14: "kDLOneAPI", 15: "kDLWebGPU", 16: "kDLHexagon"}
_DL_INT, _DL_UINT, _DL_FLOAT, _DL_BFLOAT, _DL_BOOL = 0, 1, 2, 4, 6
_DL_DTYPES = {(_DL_FLOAT, 16): "f16", (_DL_BFLOAT, 16): "bf16",
              (_DL_FLOAT, 32): "f32", (_DL_FLOAT, 64): "f64",
              (_DL_BOOL, 8): "i1", (_DL_INT, 32): "i32", (_DL_INT, 64): "i64"}
_DL_CODE_NAMES = {0: "int", 1: "uint", 2: "float", 3: "opaque handle",
                  4: "bfloat", 5: "complex", 6: "bool"}
_DLPACK_FLAG_READ_ONLY = 1


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice),
                ("ndim", ctypes.c_int32), ("dtype", DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


DLDeleter = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", DLDeleter)]


class DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


class DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [("version", DLPackVersion), ("manager_ctx", ctypes.c_void_p),
                ("deleter", DLDeleter), ("flags", ctypes.c_uint64),
                ("dl_tensor", DLTensor)]


_capsule_get_name = ctypes.pythonapi.PyCapsule_GetName
_capsule_get_name.restype = ctypes.c_char_p
_capsule_get_name.argtypes = [ctypes.py_object]
_capsule_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_get_pointer.restype = ctypes.c_void_p
_capsule_get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]

# __cuda_array_interface__ typestr (without the byte-order character).
_CAI_DTYPES = {"f2": "f16", "f4": "f32", "f8": "f64", "b1": "i1", "i4": "i32",
               "i8": "i64"}
_TORCH_DTYPES = {"torch.float16": "f16", "torch.bfloat16": "bf16",
                 "torch.float32": "f32", "torch.float64": "f64",
                 "torch.bool": "i1", "torch.int32": "i32", "torch.int64": "i64"}
_NUMPY_NAMES = {"f16": "float16", "f32": "float32", "f64": "float64",
                "i1": "bool", "i32": "int32", "i64": "int64"}

SUPPORTED = ", ".join(DTYPES)


class Buffer:
    """A dense device buffer as the runtime sees it, plus what the checks and
    the stream logic need."""

    __slots__ = ("ptr", "dtype", "shape", "strides", "device", "framework",
                 "obj", "keepalive", "producer_stream", "readonly", "source")

    def __init__(self, ptr, dtype, shape, strides, device, framework, obj,
                 source, keepalive=None, producer_stream=None, readonly=False):
        self.ptr = ptr
        self.dtype = dtype
        self.shape = shape
        # Element strides, or None for a compact row-major layout.
        self.strides = strides
        # CUDA device ordinal, or None when the protocol does not say.
        self.device = device
        self.framework = framework
        self.obj = obj
        # The DLPack capsule, held until the launch has been queued.
        self.keepalive = keepalive
        # __cuda_array_interface__ v3 'stream' of the producer, if any.
        self.producer_stream = producer_stream
        self.readonly = readonly
        # Which protocol described the object, for messages.
        self.source = source

    @property
    def numel(self):
        n = 1
        for s in self.shape:
            n *= s
        return n

    @property
    def nbytes(self):
        return self.numel * DTYPE_BYTES[self.dtype]


def framework_of(obj):
    """'torch' or 'cupy' for tensors of those frameworks (whose allocators
    and current streams fusec uses), else None."""
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(obj, torch.Tensor):
        return "torch"
    cupy = sys.modules.get("cupy")
    if cupy is not None and isinstance(obj, cupy.ndarray):
        return "cupy"
    return None


def _type_name(obj):
    t = type(obj)
    return t.__name__ if t.__module__ == "builtins" else "%s.%s" % (t.__module__, t.__qualname__)


def as_buffer(obj, label, stream_handle):
    """Describes `obj` as a Buffer; `stream_handle` is the launch stream,
    handed to DLPack producers."""
    if framework_of(obj) == "torch":
        return _from_torch(obj, label)
    if hasattr(type(obj), "__dlpack__") and hasattr(type(obj), "__dlpack_device__"):
        return _from_dlpack(obj, label, stream_handle)
    try:
        cai = obj.__cuda_array_interface__
    except AttributeError:
        cai = None
    if cai is not None:
        return _from_cai(obj, cai, label)
    raise TypeError("%s: expected a CUDA tensor (a torch.Tensor or an object "
                    "with __cuda_array_interface__ or __dlpack__), got %s"
                    % (label, _type_name(obj)))


def _from_torch(t, label):
    if t.device.type != "cuda":
        raise ValueError("%s: tensor is on device '%s'; fusec kernels need CUDA "
                         "device memory (move it with .cuda())" % (label, t.device))
    if str(t.layout) != "torch.strided":
        raise TypeError("%s: tensor has layout %s; fusec needs a dense (strided) "
                        "tensor" % (label, t.layout))
    dtype = _TORCH_DTYPES.get(str(t.dtype))
    if dtype is None:
        raise TypeError("%s: dtype %s is not supported (fusec supports %s)"
                        % (label, t.dtype, SUPPORTED))
    return Buffer(ptr=t.data_ptr(), dtype=dtype, shape=tuple(t.shape),
                  strides=tuple(t.stride()), device=t.device.index,
                  framework="torch", obj=t, source="torch")


def _cai_device(obj):
    """The device of a __cuda_array_interface__ object, when it tells (CuPy:
    ``.device.id``); the interface itself does not."""
    device = getattr(obj, "device", None)
    ident = getattr(device, "id", device)
    return ident if isinstance(ident, int) and not isinstance(ident, bool) else None


def _from_cai(obj, cai, label):
    try:
        shape = tuple(int(s) for s in cai["shape"])
        typestr = cai["typestr"]
        ptr, readonly = cai["data"]
    except (KeyError, TypeError, ValueError) as e:
        raise TypeError("%s: malformed __cuda_array_interface__ (%r)" % (label, e)) from None
    if cai.get("mask") is not None:
        raise ValueError("%s: masked arrays (__cuda_array_interface__ 'mask') "
                         "are not supported" % label)
    order, code = typestr[:1], typestr[1:]
    dtype = _CAI_DTYPES.get(code)
    if dtype is None or (order == ">" and code != "b1"):
        hint = ""
        if code == "V2":
            hint = "; bf16 has no __cuda_array_interface__ typestr, pass a torch tensor or use DLPack"
        raise TypeError("%s: __cuda_array_interface__ typestr %r is not a supported "
                        "dtype (fusec supports %s)%s" % (label, typestr, SUPPORTED, hint))
    strides = cai.get("strides")
    if strides is not None:
        item = DTYPE_BYTES[dtype]
        # Strides of size-1 dimensions (and of empty arrays) do not matter.
        empty = 0 in shape
        if any(int(s) % item for s, n in zip(strides, shape) if n != 1 and not empty):
            raise ValueError("%s: byte strides %s are not multiples of the element "
                             "size %d; fusec needs a C-contiguous (row-major dense) "
                             "array" % (label, tuple(strides), item))
        strides = tuple(int(s) // item for s in strides)
    producer = cai.get("stream")
    return Buffer(ptr=int(ptr or 0), dtype=dtype, shape=shape, strides=strides,
                  device=_cai_device(obj), framework=framework_of(obj), obj=obj,
                  source="__cuda_array_interface__",
                  producer_stream=None if producer is None else int(producer),
                  readonly=bool(readonly))


def _from_dlpack(obj, label, stream_handle):
    device_type, device_id = obj.__dlpack_device__()
    if device_type != KDL_CUDA:
        kind = _DL_DEVICE_NAMES.get(device_type, "device type %d" % device_type)
        where = "host memory" if device_type in (1, 3, 11) else "not CUDA device memory"
        raise ValueError("%s: DLPack device is %s (%d), %s; fusec kernels need CUDA "
                         "device memory (kDLCUDA = 2)" % (label, kind, device_type, where))
    # DLPack: the consumer's stream; 0 is disallowed as ambiguous, 1 is the
    # legacy default stream, which a NULL CUstream means to the driver.
    consumer = stream_handle if stream_handle else 1
    try:
        capsule = obj.__dlpack__(stream=consumer)
    except TypeError:
        capsule = obj.__dlpack__()  # A producer from before the stream argument.
    buf = parse_dlpack_capsule(capsule, label)
    buf.obj = obj
    buf.framework = framework_of(obj)
    return buf


def parse_dlpack_capsule(capsule, label="tensor"):
    """Reads a 'dltensor' or 'dltensor_versioned' PyCapsule. The capsule is
    not consumed: it keeps the producer's tensor alive and releases it when
    it is garbage-collected."""
    if type(capsule).__name__ != "PyCapsule":
        raise TypeError("%s: __dlpack__ returned %s, not a PyCapsule"
                        % (label, _type_name(capsule)))
    name = _capsule_get_name(capsule)
    if name == b"dltensor":
        managed = DLManagedTensor.from_address(_capsule_get_pointer(capsule, name))
        tensor, flags = managed.dl_tensor, 0
    elif name == b"dltensor_versioned":
        managed = DLManagedTensorVersioned.from_address(_capsule_get_pointer(capsule, name))
        if managed.version.major != 1:
            raise TypeError("%s: DLPack version %d.%d is not supported (1.x is)"
                            % (label, managed.version.major, managed.version.minor))
        tensor, flags = managed.dl_tensor, managed.flags
    else:
        raise TypeError("%s: not a usable DLPack capsule (name %r; 'used_dltensor' "
                        "means it was already consumed)" % (label, name))
    if tensor.device.device_type != KDL_CUDA:
        kind = _DL_DEVICE_NAMES.get(tensor.device.device_type, "device type %d"
                                    % tensor.device.device_type)
        raise ValueError("%s: DLPack tensor is in %s memory (%d); fusec kernels need "
                         "CUDA device memory (kDLCUDA = 2)"
                         % (label, kind, tensor.device.device_type))
    dt = tensor.dtype
    dtype = _DL_DTYPES.get((dt.code, dt.bits)) if dt.lanes == 1 else None
    if dtype is None:
        raise TypeError("%s: DLPack dtype %s%d (lanes %d) is not supported (fusec "
                        "supports %s)" % (label, _DL_CODE_NAMES.get(dt.code, "code %d"
                                                                     % dt.code),
                                          dt.bits, dt.lanes, SUPPORTED))
    ndim = tensor.ndim
    shape = tuple(tensor.shape[i] for i in range(ndim))
    strides = tuple(tensor.strides[i] for i in range(ndim)) if tensor.strides else None
    ptr = (tensor.data or 0) + tensor.byte_offset
    return Buffer(ptr=ptr, dtype=dtype, shape=shape, strides=strides,
                  device=tensor.device.device_id, framework=None, obj=None,
                  source="DLPack", keepalive=capsule,
                  readonly=bool(flags & _DLPACK_FLAG_READ_ONLY))


def check_dense(buf, label, device):
    """The runtime's layout requirements: CUDA memory on `device`, row-major
    dense, 16-byte aligned, no null pointer for a non-empty buffer."""
    if buf.device is not None and buf.device != device:
        raise ValueError("%s: tensor is on CUDA device %d, the kernel on device %d"
                         % (label, buf.device, device))
    if buf.strides is not None and buf.numel != 0:
        expected = 1
        for size, stride in zip(reversed(buf.shape), reversed(buf.strides)):
            # A dimension of size 1 may carry any stride (as torch allows).
            if size != 1 and stride != expected:
                raise ValueError(
                    "%s: not C-contiguous (shape %s, element strides %s; row-major "
                    "dense needs %s); pass a contiguous copy"
                    % (label, buf.shape, buf.strides, _dense_strides(buf.shape)))
            expected *= size
    if buf.ptr % 16:
        raise ValueError("%s: device pointer 0x%x is not 16-byte aligned; the fusec "
                         "kernel ABI requires 16-byte aligned buffers (a view at an "
                         "offset breaks this; pass a copy)" % (label, buf.ptr))
    if buf.ptr == 0 and buf.nbytes != 0:
        raise ValueError("%s: null device pointer for %d bytes" % (label, buf.nbytes))


def _dense_strides(shape):
    strides, step = [], 1
    for size in reversed(shape):
        strides.append(step)
        step *= size
    return tuple(reversed(strides))


def resolve_stream(stream, frameworks, device):
    """(CUstream handle, stream object or None) for a launch. With `stream`
    None, the current stream of the inputs' framework (torch first, then
    CuPy), else the legacy default stream (0)."""
    if stream is None:
        if "torch" in frameworks:
            current = sys.modules["torch"].cuda.current_stream(device)
            return int(current.cuda_stream), current
        if "cupy" in frameworks:
            cupy = sys.modules["cupy"]
            with cupy.cuda.Device(device):
                current = cupy.cuda.get_current_stream()
            return int(current.ptr), current
        return 0, None
    if isinstance(stream, bool):
        raise TypeError("stream: expected a CUstream handle, got a bool")
    if isinstance(stream, int):
        if stream < 0:
            raise ValueError("stream: handle %d is negative" % stream)
        return stream, None
    if hasattr(stream, "cuda_stream"):  # torch.cuda.Stream / ExternalStream
        torch_device = getattr(stream, "device", None)
        index = getattr(torch_device, "index", None)
        if index is not None and index != device:
            raise ValueError("stream: torch stream of CUDA device %d, the kernel is "
                             "on device %d" % (index, device))
        return int(stream.cuda_stream), stream
    if hasattr(stream, "ptr"):  # cupy.cuda.Stream
        return int(stream.ptr), stream
    if hasattr(stream, "__cuda_stream__"):  # the CUDA stream protocol
        _version, handle = stream.__cuda_stream__()
        return int(handle), stream
    if hasattr(stream, "handle"):  # numba.cuda stream
        handle = getattr(stream.handle, "value", stream.handle)
        return int(handle or 0), stream
    raise TypeError("stream: expected None, an int CUstream handle, a "
                    "torch.cuda.Stream or a cupy stream, got %s" % _type_name(stream))


def same_stream(a, b):
    """Whether two CUstream handles name the same stream: 0 (NULL) and 1
    (CU_STREAM_LEGACY) are both the legacy default stream."""
    return (0 if a == 1 else a) == (0 if b == 1 else b)


def allocate(framework, shape, dtype, device, handle, stream_obj):
    """An uninitialised tensor of `framework` for an output. It is allocated
    on the launch stream so that the framework's stream-ordered caching
    allocator never hands its memory to other work before the kernel has
    written it."""
    if framework == "torch":
        torch = sys.modules["torch"]
        torch_dtype = getattr(torch, {"f16": "float16", "bf16": "bfloat16",
                                      "f32": "float32", "f64": "float64",
                                      "i1": "bool", "i32": "int32",
                                      "i64": "int64"}[dtype])
        dev = torch.device("cuda", device)
        context = contextlib.nullcontext()
        if not same_stream(handle, torch.cuda.current_stream(device).cuda_stream):
            s = stream_obj if isinstance(stream_obj, torch.cuda.Stream) \
                else torch.cuda.ExternalStream(handle, device=dev)
            context = torch.cuda.stream(s)
        with context:
            return torch.empty(shape, dtype=torch_dtype, device=dev)
    if framework == "cupy":
        cupy = sys.modules["cupy"]
        if dtype not in _NUMPY_NAMES:
            raise TypeError("CuPy has no %s dtype to allocate an output; pass "
                            "outputs=" % dtype)
        with cupy.cuda.Device(device):
            context = contextlib.nullcontext()
            if not same_stream(handle, cupy.cuda.get_current_stream().ptr):
                s = stream_obj if isinstance(stream_obj, cupy.cuda.Stream) \
                    else cupy.cuda.ExternalStream(handle)
                context = s
            with context:
                return cupy.empty(shape, dtype=_NUMPY_NAMES[dtype])
    raise ValueError("cannot allocate outputs for inputs that are neither torch nor "
                     "CuPy tensors; pass outputs=")
