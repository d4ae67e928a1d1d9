"""Nearest-centroid assignment (the k-means E-step) in one fused kernel."""

import functools

from . import _interop
from ._kernel import compile as _compile
from .builder import Builder

FORMS = ("naive", "gram")
# Element types the compiler accepts for both forms (f32 is the tuned
# case; the others compile through the same pipeline).
DTYPES = ("f16", "bf16", "f32", "f64")


@functools.lru_cache(maxsize=256)  # Called on every nearest_centroid call.
def nearest_centroid_program(k, d, dtype="f32", form="naive"):
    """The MLIR text of the assignment for `k` centroids of dimension `d`
    (static) and a dynamic number of points, as examples/naive_argmin.mlir
    (``form="naive"``) or examples/gemm_argmin.mlir (``form="gram"``)
    write it."""
    if form not in FORMS:
        raise ValueError("form: expected 'naive' or 'gram', got %r" % (form,))
    if dtype not in DTYPES:
        raise TypeError("nearest_centroid supports %s, got %s" % (", ".join(DTYPES), dtype))
    for name, v in (("k", k), ("d", d)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ValueError("%s must be a positive int, got %r" % (name, v))
    b = Builder()
    x = b.arg("x", ("n", d), dtype)
    c = b.arg("c", (k, d), dtype)
    if form == "naive":
        # labels = ((x[:, None, :] - c[None, :, :]) ** 2).sum(-1).argmin(1)
        dist = ((x[:, None, :] - c[None, :, :]) ** 2).sum(2)
    else:
        # |x|^2 + |c|^2 - 2 x.c, in the statement order of the example.
        xx = (x * x).sum(1, keepdim=True)
        cc = (c * c).sum(1)
        xc = x @ c.T
        dist = xx + cc - 2.0 * xc
    b.ret(dist.argmin(1))
    return b.build("%s_argmin" % ("naive" if form == "naive" else "gemm"))


def nearest_centroid(x, c, *, form="naive", stream=None, out=None, arch=None,
                     device=None):
    """Index of the nearest centroid (squared Euclidean distance) of each
    point: ``labels[i] = argmin_j |x[i] - c[j]|^2``, as int64 of shape (n,).

    `x` (n, d) and `c` (k, d) are CUDA tensors of one float dtype (f32; f16,
    bf16 and f64 also compile; distances accumulate in that dtype). The
    labels are allocated with the inputs' framework (torch or CuPy) on the
    launch stream (or pass `out`, an int64 (n,) CUDA tensor, e.g. for
    inputs of other frameworks); `stream` defaults to the framework's
    current stream.
    Ties go to the lowest index, NaN distances win as in ``torch.argmin``.
    `form="gram"` computes |x|^2 + |c|^2 - 2 x.c instead of the direct
    difference; it rounds differently, so near-ties may resolve differently.
    The program is compiled once per (form, dtype, k, d, device, arch).
    """
    if form not in FORMS:
        raise ValueError("form: expected 'naive' or 'gram', got %r" % (form,))
    frameworks = [_interop.framework_of(x), _interop.framework_of(c)]
    if device is None:
        device = _guess_device(x)
    handle, stream_obj = _interop.resolve_stream(stream, frameworks, device)
    bx = _interop.as_buffer(x, "nearest_centroid: x", handle)
    bc = _interop.as_buffer(c, "nearest_centroid: c", handle)
    for name, buf in (("x", bx), ("c", bc)):
        if len(buf.shape) != 2:
            raise ValueError("nearest_centroid: %s must have rank 2, got shape %s"
                             % (name, list(buf.shape)))
        if buf.dtype not in DTYPES:
            raise TypeError("nearest_centroid: %s has dtype %s; supported: %s"
                            % (name, buf.dtype, ", ".join(DTYPES)))
        _interop.check_dense(buf, "nearest_centroid: %s" % name, device)
    if bx.dtype != bc.dtype:
        raise TypeError("nearest_centroid: x is %s and c is %s; they must match"
                        % (bx.dtype, bc.dtype))
    (n, d), (k, dc) = bx.shape, bc.shape
    if d != dc:
        raise ValueError("nearest_centroid: x has d = %d and c has d = %d" % (d, dc))
    if k < 1 or d < 1:
        raise ValueError("nearest_centroid: needs k >= 1 and d >= 1, got c of shape %s"
                         % [k, dc])
    if out is None and not any(f in ("torch", "cupy") for f in frameworks):
        raise ValueError("nearest_centroid: cannot allocate the labels for inputs of "
                         "type %s (only torch and CuPy tensors are allocated); pass "
                         "out=, an int64 CUDA tensor of shape (n,)"
                         % _interop._type_name(x))
    kernel = _compile(nearest_centroid_program(k, d, bx.dtype, form), arch=arch,
                      device=device)
    if n == 0:
        # Nothing to launch (and a zero-row grid need not be launchable).
        if out is not None:
            return out
        framework = next((f for f in frameworks if f), None)
        return _interop.allocate(framework, (0,), "i64", device, handle, stream_obj)
    return kernel._call([bx, bc], frameworks, None if out is None else (out,),
                        handle, stream_obj)


def _guess_device(x):
    """The CUDA device of `x` without converting it, else 0."""
    device = getattr(x, "device", None)
    index = getattr(device, "index", None)  # torch
    if isinstance(index, int):
        return index
    ident = getattr(device, "id", None)  # CuPy
    if isinstance(ident, int):
        return ident
    if hasattr(x, "__dlpack_device__"):
        device_type, device_id = x.__dlpack_device__()
        if device_type == _interop.KDL_CUDA:
            return device_id
    return 0
