"""JITs, compiled kernels and launches."""

import ctypes
import threading

from . import _interop
from ._desc import DTYPE_CODES, LaunchDescription
from ._errors import FusecError
from ._library import (Arg, LaunchStats, error_slot, jit_library,
                       runtime_library)


class _JIT:
    """One ``fusec_jit``. It is never destroyed: the programs it loaded live
    as long as it does and may still be running on some stream, and a JIT
    per (device, arch) is all a process needs."""

    def __init__(self, arch, device, compile_only):
        self.lib = jit_library()
        handle = ctypes.c_void_p()
        err = error_slot()
        rc = self.lib.fusec_jit_create(arch.encode() if arch else None, device,
                                       1 if compile_only else 0,
                                       ctypes.byref(handle), ctypes.byref(err))
        self.lib.check(rc, err, "fusec_jit_create")
        self.handle = handle
        self.device = device
        self.compile_only = compile_only

    def compile_to_ptx(self, mlir_text):
        ptx = ctypes.c_void_p()
        err = error_slot()
        rc = self.lib.fusec_jit_compile_to_ptx(self.handle, _text(mlir_text),
                                               ctypes.byref(ptx), ctypes.byref(err))
        self.lib.check(rc, err, "fusec_jit_compile_to_ptx")
        return self.lib.take_string(ptx.value)

    def load(self, mlir_text):
        program = ctypes.c_void_p()
        err = error_slot()
        rc = self.lib.fusec_jit_load(self.handle, _text(mlir_text),
                                     ctypes.byref(program), ctypes.byref(err))
        self.lib.check(rc, err, "fusec_jit_load")
        return program

    def stats(self):
        counters = [ctypes.c_ulonglong() for _ in range(3)]
        self.lib.fusec_jit_stats(self.handle, *(ctypes.byref(c) for c in counters))
        return {"memory_hits": counters[0].value, "disk_hits": counters[1].value,
                "compiles": counters[2].value}


def _text(mlir_text):
    if isinstance(mlir_text, bytes):
        data = mlir_text
    elif isinstance(mlir_text, str):
        data = mlir_text.encode("utf-8")
    else:
        raise TypeError("expected the MLIR program as str, got %s"
                        % type(mlir_text).__name__)
    if b"\0" in data:
        raise ValueError("the MLIR text contains a NUL character")
    return data


# JITs by (device, arch, compile_only) and kernels by (text, device, arch),
# created under one lock so that concurrent first calls share one JIT and
# compile once. Creating a JIT may take a while (driver initialisation);
# holding the lock meanwhile is what makes the creation happen once.
_lock = threading.Lock()
_jits = {}
_kernels = {}


def _get_jit(device, arch, compile_only):
    key = (None if compile_only else device, arch, compile_only)
    with _lock:
        jit = _jits.get(key)
        if jit is None:
            jit = _jits[key] = _JIT(arch, device, compile_only)
        return jit


def _check_device(device):
    if isinstance(device, bool) or not isinstance(device, int) or device < 0:
        raise ValueError("device: expected a CUDA device ordinal (int >= 0), got %r"
                         % (device,))


def compile_to_ptx(mlir_text, arch="sm_90"):
    """Compiles a fuse-dialect program (MLIR text with one function) to PTX.

    Needs no GPU and no CUDA driver. The PTX's first line is the launch
    description (``// fusec-launch: {...}``, docs/abi.md); read it with
    ``LaunchDescription.from_ptx``. Results are cached in memory and on disk
    (``$FUSEC_CACHE_DIR``, else ``$XDG_CACHE_HOME/fusec``, else
    ``~/.cache/fusec``). Raises FusecError with the compiler's diagnostics.
    """
    if not arch:
        raise ValueError("arch: compile_to_ptx needs an architecture such as 'sm_90'")
    return _get_jit(0, arch, compile_only=True).compile_to_ptx(mlir_text)


def compile(mlir_text, arch=None, device=0):
    """Compiles and loads a fuse-dialect program on CUDA device `device`.

    `arch` defaults to the device's (``sm_XY``). Returns a callable Kernel.
    Compiling the same text again returns the same Kernel. Raises FusecError
    without a usable driver/device or when the program does not compile.
    """
    _check_device(device)
    text = mlir_text.decode("utf-8") if isinstance(mlir_text, bytes) else mlir_text
    key = (text, device, arch)
    with _lock:
        kernel = _kernels.get(key)
    if kernel is not None:
        return kernel
    jit = _get_jit(device, arch, compile_only=False)
    # The C API does not hand out a loaded program's description, so it is
    # read from the PTX: compile_to_ptx compiles (or hits the JIT's cache)
    # and load then finds the same compilation in the cache.
    description = LaunchDescription.from_ptx(jit.compile_to_ptx(text))
    program = jit.load(text)
    kernel = Kernel(description, program, jit.lib, device, owned=False)
    with _lock:
        return _kernels.setdefault(key, kernel)


def load_ptx(ptx, launch_json=None, device=0):
    """Loads PTX written by fusec (``fusec prog.mlir -o k.ptx``) through the
    runtime alone (libfusec_runtime.so, no LLVM), with the launch description
    `launch_json` (the ``.ptx.json`` text) or, when None, the one embedded in
    the PTX. Returns a Kernel; call ``close()`` on it to unload the module
    once no launch of it is pending."""
    _check_device(device)
    description = (LaunchDescription.from_json(launch_json) if launch_json is not None
                   else LaunchDescription.from_ptx(ptx))
    lib = runtime_library()
    program = ctypes.c_void_p()
    err = error_slot()
    rc = lib.fusec_rt_program_create(_text(ptx), _text(launch_json) if launch_json
                                     is not None else None, device,
                                     ctypes.byref(program), ctypes.byref(err))
    lib.check(rc, err, "fusec_rt_program_create")
    return Kernel(description, program, lib, device, owned=True)


class Kernel:
    """A loaded fusec program: call it with CUDA tensors.

    ``kernel(*inputs, outputs=None, stream=None)`` checks the inputs against
    the launch description, allocates the outputs when not given (with the
    inputs' framework, torch or CuPy), queues the launch on `stream` and
    returns the outputs (one object, or a tuple when there are several). It
    never synchronizes.
    """

    def __init__(self, description, program, library, device, owned=False):
        self.description = description
        self.device = device
        self._program = program
        self._lib = library
        self._owned = owned  # load_ptx programs are ours to destroy.

    @classmethod
    def _unloaded(cls, description, device=0):
        """A kernel with a description and no program: it checks arguments
        exactly as a loaded one and then refuses to launch (for tests and
        for checking arguments without a GPU)."""
        return cls(description, None, None, device)

    @property
    def name(self):
        return self.description.function

    @property
    def arch(self):
        return self.description.arch

    def __repr__(self):
        ins = ", ".join("%s %s%s" % (a.name, a.dtype, list(a.shape))
                        for a in self.description.inputs)
        outs = ", ".join("%s %s%s" % (a.name, a.dtype, list(a.shape))
                         for a in self.description.outputs)
        return "<fusec.Kernel %s(%s) -> (%s) on device %d, %s>" % (
            self.name, ins, outs, self.device, self.arch)

    def output_shapes(self, *input_shapes):
        """The shapes of the outputs for inputs of the given shapes."""
        return self.description.output_shapes([tuple(s) for s in input_shapes])

    def close(self):
        """Unloads a program from load_ptx (a no-op for compile(): the JIT
        owns those). Only call it when no launch of it is pending."""
        if self._owned and self._program:
            self._lib.fusec_rt_program_destroy(self._program)
        self._program = None

    def __call__(self, *inputs, outputs=None, stream=None):
        desc = self.description
        specs = desc.inputs
        if len(inputs) != len(specs):
            raise TypeError("fusec kernel '%s' takes %d inputs (%s), got %d"
                            % (self.name, len(specs),
                               ", ".join(s.name for s in specs), len(inputs)))
        if outputs is not None and not isinstance(outputs, (list, tuple)):
            outputs = (outputs,)
        frameworks = [_interop.framework_of(x) for x in inputs]
        handle, stream_obj = _interop.resolve_stream(stream, frameworks, self.device)
        buffers = [self._buffer(x, spec, "input %d" % i, handle)
                   for i, (x, spec) in enumerate(zip(inputs, specs))]
        return self._call(buffers, frameworks, outputs, handle, stream_obj)

    def _call(self, in_buffers, frameworks, outputs, handle, stream_obj):
        """The launch once the inputs are buffers (nearest_centroid enters
        here, having checked its inputs itself)."""
        desc = self.description
        out_specs = desc.outputs
        self._check_symbols(in_buffers, [])
        if outputs is None:
            framework = next((f for f in frameworks if f in ("torch", "cupy")), None)
            if framework is None:
                raise ValueError(
                    "fusec kernel '%s': cannot allocate outputs for inputs of type "
                    "%s (only torch and CuPy outputs are allocated); pass outputs="
                    % (self.name, ", ".join(sorted({_interop._type_name(b.obj)
                                                    for b in in_buffers}))))
            shapes = desc.output_shapes([b.shape for b in in_buffers])
            outputs = [_interop.allocate(framework, shape, spec.dtype, self.device,
                                         handle, stream_obj)
                       for shape, spec in zip(shapes, out_specs)]
        elif len(outputs) != len(out_specs):
            raise TypeError("fusec kernel '%s' has %d outputs (%s), got %d"
                            % (self.name, len(out_specs),
                               ", ".join(s.name for s in out_specs), len(outputs)))
        out_buffers = [self._buffer(o, spec, "output %d" % j, handle, writable=True)
                       for j, (o, spec) in enumerate(zip(outputs, out_specs))]
        self._check_symbols(in_buffers, out_buffers)
        self._require_program()
        self._order_after_producers(in_buffers + out_buffers, handle)
        self._launch(in_buffers + out_buffers, handle)
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def _label(self, which, spec):
        return "fusec kernel '%s': %s ('%s')" % (self.name, which, spec.name)

    def _buffer(self, obj, spec, which, handle, writable=False):
        label = self._label(which, spec)
        buf = _interop.as_buffer(obj, label, handle)
        if buf.dtype != spec.dtype:
            raise TypeError("%s: dtype is %s, expected %s" % (label, buf.dtype, spec.dtype))
        if len(buf.shape) != spec.rank:
            raise ValueError("%s: rank is %d (shape %s), expected %d (shape %s)"
                             % (label, len(buf.shape), list(buf.shape), spec.rank,
                                _format_spec_shape(spec.shape)))
        for d, (got, want) in enumerate(zip(buf.shape, spec.shape)):
            if not isinstance(want, str) and got != want:
                raise ValueError("%s: dimension %d is %d, expected %d (shape %s)"
                                 % (label, d, got, want, _format_spec_shape(spec.shape)))
        _interop.check_dense(buf, label, self.device)
        if writable and buf.readonly:
            raise ValueError("%s: the output is read-only" % label)
        return buf

    def _check_symbols(self, in_buffers, out_buffers):
        """Each size symbol must take one value across the arguments; the
        runtime checks this too, but Python can name the arguments."""
        specs = self.description.inputs + self.description.outputs
        labels = ["input %d" % i for i in range(len(in_buffers))] + \
                 ["output %d" % j for j in range(len(out_buffers))]
        seen = {}
        for spec, buf, which in zip(specs, in_buffers + out_buffers, labels):
            for d, (dim, value) in enumerate(zip(spec.shape, buf.shape)):
                if not isinstance(dim, str):
                    continue
                if dim not in seen:
                    seen[dim] = (value, "%s ('%s') dimension %d" % (which, spec.name, d))
                elif seen[dim][0] != value:
                    raise ValueError("%s: dimension %d is %d, but size '%s' is %d "
                                     "(from %s)" % (self._label(which, spec), d, value,
                                                    dim, seen[dim][0], seen[dim][1]))

    def _order_after_producers(self, buffers, handle):
        """__cuda_array_interface__ v3 asks the consumer to order its work
        after the producer's stream. The runtime's C API has no events, so
        when that stream is not the launch stream, fusec waits for it on the
        host (the one case where it synchronizes without being asked)."""
        done = set()
        for buf in buffers:
            s = buf.producer_stream
            if s is None or _interop.same_stream(s, handle) or s in done:
                continue
            done.add(s)
            synchronize(self.device, s)

    def _require_program(self):
        if not self._program:
            raise FusecError("fusec kernel '%s' is not loaded (closed, or built "
                             "from a description only)" % self.name)

    def _launch(self, buffers, handle):
        self._require_program()
        n = len(buffers)
        args = (Arg * n)()
        shapes = []  # Keeps the shape arrays alive during the call.
        for arg, buf in zip(args, buffers):
            shape = (ctypes.c_int64 * max(1, len(buf.shape)))(*buf.shape)
            shapes.append(shape)
            arg.ptr = buf.ptr
            arg.dtype = DTYPE_CODES[buf.dtype]
            arg.rank = len(buf.shape)
            arg.shape = ctypes.cast(shape, ctypes.POINTER(ctypes.c_int64))
        stats = LaunchStats()
        err = error_slot()
        rc = self._lib.fusec_rt_program_launch(self._program, n, args,
                                               ctypes.c_void_p(handle),
                                               ctypes.byref(stats), ctypes.byref(err))
        self._lib.check(rc, err, "fusec_rt_program_launch")


def _format_spec_shape(shape):
    return "[%s]" % ", ".join(str(d) for d in shape)


def driver_status():
    """(ok, message): whether the CUDA driver loads and a device is present.
    Never raises: a missing fusec library is reported as (False, why)."""
    try:
        lib = runtime_library()
    except FusecError as e:
        return False, str(e)
    err = error_slot()
    rc = lib.fusec_rt_driver_status(ctypes.byref(err))
    if rc != 0:
        return False, lib.take_string(err.value) or "CUDA driver unavailable (code %d)" % rc
    try:
        count = device_count()
        name, (major, minor) = device_info(0)
    except FusecError as e:
        return False, str(e)
    return True, "CUDA driver loaded; %d device(s); device 0: %s (sm_%d%d)" % (
        count, name, major, minor)


def device_count():
    """The number of CUDA devices (FusecError without a driver)."""
    lib = runtime_library()
    count = ctypes.c_int()
    err = error_slot()
    lib.check(lib.fusec_rt_device_count(ctypes.byref(count), ctypes.byref(err)),
              err, "fusec_rt_device_count")
    return count.value


def device_info(device=0):
    """(name, (major, minor)) of a CUDA device."""
    lib = runtime_library()
    name = ctypes.create_string_buffer(256)
    major, minor = ctypes.c_int(), ctypes.c_int()
    err = error_slot()
    lib.check(lib.fusec_rt_device_info(device, name, len(name), ctypes.byref(major),
                                       ctypes.byref(minor), ctypes.byref(err)),
              err, "fusec_rt_device_info")
    return name.value.decode("utf-8", errors="replace"), (major.value, minor.value)


def synchronize(device=0, stream=None):
    """Waits on the host for the work queued on `stream` (any form the
    kernels accept; None: the legacy default stream)."""
    handle, _ = _interop.resolve_stream(stream, [], device)
    lib = runtime_library()
    err = error_slot()
    lib.check(lib.fusec_rt_synchronize(device, ctypes.c_void_p(handle),
                                       ctypes.byref(err)), err, "fusec_rt_synchronize")


def jit_stats(device=0, arch=None):
    """Cache counters of the JIT for (device, arch), if it has been created:
    {'memory_hits', 'disk_hits', 'compiles'}; None otherwise."""
    with _lock:
        jit = _jits.get((device, arch, False))
    return jit.stats() if jit else None
