"""Writing fuse-dialect programs from Python.

    b = fusec.Builder()
    x = b.arg("x", ("n", 512), "f32")          # "n": a dynamic dimension
    c = b.arg("c", (256, 512), "f32")
    d = ((x[:, None, :] - c[None, :, :]) ** 2).sum(2)
    b.ret(d.argmin(1))
    text = b.build("assign")                   # MLIR text for fusec.compile

Every operation infers its result type with the dialect's own rules (see
include/fusec/Dialect/Fuse/IR/FuseOps.td and FuseOps.cpp), so the text it
writes verifies, and mistakes are reported here, in Python, naming the
operation and the dimension:

- broadcasting is NumPy's, aligned at the trailing dimension; a static 1
  stretches; a dynamic dimension never broadcasts: against a static size it
  is assumed equal to it (the result is static; the runtime checks the size
  at launch), against 1 or another dynamic dimension it stays dynamic;
- dynamic dimensions are written as names ("n") or "?"/None (anonymous).
  Names are a Python-side aid and are written as ``?``: two *different*
  names meeting in one broadcast dimension are an error here (the dialect
  would silently assume them equal), while "?" combines with anything;
- binary operands have one element type (a Python number takes the element
  type of the tensor it meets; there is no implicit promotion: ``cast``);
  arithmetic needs numbers (f16, bf16, f32, f64, i32, i64), ``exp`` and
  ``sqrt`` floats, comparisons give i1, ``where`` takes an i1 condition,
  ``argmin``/``argmax`` give i64;
- ``dim`` arguments may be negative, as in torch.

Values support ``+ - * /``, unary ``-``, ``abs()``, ``** 2`` (fuse.square),
``@`` (fuse.matmul), ``< <= > >=`` (fuse.cmp; use ``.eq``/``.ne`` for
equality, since ``==`` keeps its Python meaning), indexing with ``None``,
``:``, ``...`` and integers (fuse.expand_dims, fuse.take), and the methods
below.
"""

import math
import re

from ._desc import DTYPES

_FLOATS = ("f16", "bf16", "f32", "f64")
_INTS = ("i32", "i64")
_NUMERIC = _FLOATS + _INTS
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_INT_RANGE = {"i32": (-2**31, 2**31 - 1), "i64": (-2**63, 2**63 - 1)}
# Bit patterns of +inf and a quiet NaN: MLIR's float literals have no
# spelling for them, only hexadecimal bit patterns.
_SPECIAL_BITS = {"f16": (0x7C00, 0x7E00, 0x8000, 4),
                 "bf16": (0x7F80, 0x7FC0, 0x8000, 4),
                 "f32": (0x7F800000, 0x7FC00000, 0x80000000, 8),
                 "f64": (0x7FF0000000000000, 0x7FF8000000000000,
                         0x8000000000000000, 16)}


def _check_dtype(dtype, what="dtype"):
    if dtype not in DTYPES:
        raise ValueError("%s: expected one of %s, got %r" % (what, ", ".join(DTYPES), dtype))
    return dtype


def _normalize_dim(dim):
    if dim is None or dim == "?":
        return "?"
    if isinstance(dim, str):
        if not _NAME.match(dim):
            raise ValueError("dimension name %r is not an identifier" % dim)
        return dim
    if isinstance(dim, bool) or not isinstance(dim, int) or dim < 0:
        raise ValueError("a dimension must be an int >= 0, a name or None/'?', got %r"
                         % (dim,))
    return dim


def _type(shape, dtype):
    dims = "".join(("?" if isinstance(d, str) else str(d)) + "x" for d in shape)
    return "tensor<%s%s>" % (dims, dtype)


def _show(shape):
    return "(%s)" % ", ".join(repr(d) if isinstance(d, str) else str(d) for d in shape)


def _broadcast(shapes, what):
    """The dialect's broadcastShapes, with names for dynamic dimensions."""
    rank = max(len(s) for s in shapes)
    result = []
    for from_back in range(rank):
        size, owner, dynamic = 1, None, None
        for i, shape in enumerate(shapes):
            if from_back >= len(shape):
                continue
            d = shape[len(shape) - 1 - from_back]
            if d == 1:
                continue
            if isinstance(d, str):
                if dynamic is None or dynamic == "?":
                    dynamic = d
                elif d != "?" and d != dynamic:
                    raise ValueError(
                        "%s: dimension %d of the broadcast is %r in one operand and "
                        "%r in operand %d; the dialect would assume them equal: use "
                        "one name, or '?'" % (what, rank - 1 - from_back, dynamic, d, i))
                continue
            if size == 1:
                size, owner = d, i
            elif size != d:
                raise ValueError(
                    "%s: operands are not broadcast-compatible: operand %d has size "
                    "%d and operand %d has size %d in dimension %d of the broadcast "
                    "(shapes %s)" % (what, owner, size, i, d, rank - 1 - from_back,
                                     ", ".join(_show(s) for s in shapes)))
        result.append(size if size != 1 else (dynamic if dynamic is not None else 1))
    return tuple(reversed(result))


class _Op:
    """One line of the function body and the ops it depends on."""

    __slots__ = ("name", "line", "deps", "index")

    def __init__(self, name, line, deps, index):
        self.name = name
        self.line = line
        self.deps = deps
        self.index = index


class Value:
    """A tensor value of a Builder's program: ``shape`` (ints, and names or
    '?' for dynamic dimensions) and ``dtype``."""

    __slots__ = ("_builder", "_name", "shape", "dtype", "_op")

    def __init__(self, builder, name, shape, dtype, op):
        self._builder = builder
        self._name = name
        self.shape = shape
        self.dtype = dtype
        self._op = op  # None for function arguments.

    @property
    def rank(self):
        return len(self.shape)

    @property
    def type(self):
        """The MLIR type, e.g. ``tensor<?x512xf32>``."""
        return _type(self.shape, self.dtype)

    def __repr__(self):
        return "<fusec.Value %%%s: %s %s>" % (self._name, self.dtype, _show(self.shape))

    def __bool__(self):
        raise TypeError("a fusec.Value is symbolic and has no truth value; use "
                        "comparisons with where()")

    def __iter__(self):
        raise TypeError("a fusec.Value is not iterable")

    __hash__ = object.__hash__

    # Arithmetic ---------------------------------------------------------
    def __add__(self, other):
        return self._builder._binary("add", self, other)

    def __radd__(self, other):
        return self._builder._binary("add", other, self)

    def __sub__(self, other):
        return self._builder._binary("sub", self, other)

    def __rsub__(self, other):
        return self._builder._binary("sub", other, self)

    def __mul__(self, other):
        return self._builder._binary("mul", self, other)

    def __rmul__(self, other):
        return self._builder._binary("mul", other, self)

    def __truediv__(self, other):
        return self._builder._binary("div", self, other)

    def __rtruediv__(self, other):
        return self._builder._binary("div", other, self)

    def __pow__(self, exponent):
        if isinstance(exponent, int) and not isinstance(exponent, bool):
            if exponent == 2:
                return self.square()
            if exponent == 1:
                return self
        raise ValueError("fuse has no power op: only x ** 2 (fuse.square) is "
                         "supported, got ** %r" % (exponent,))

    def __neg__(self):
        return self._builder._unary("neg", self)

    def __pos__(self):
        return self

    def __abs__(self):
        return self._builder._unary("abs", self)

    def __matmul__(self, other):
        return self._builder._matmul(self, other)

    def __rmatmul__(self, other):
        return self._builder._matmul(other, self)

    def maximum(self, other):
        """Elementwise maximum (fuse.max; NaN propagates)."""
        return self._builder._binary("max", self, other)

    def minimum(self, other):
        """Elementwise minimum (fuse.min; NaN propagates)."""
        return self._builder._binary("min", self, other)

    # Comparisons (fuse.cmp) -----------------------------------------------
    def __lt__(self, other):
        return self._builder._cmp("lt", self, other)

    def __le__(self, other):
        return self._builder._cmp("le", self, other)

    def __gt__(self, other):
        return self._builder._cmp("gt", self, other)

    def __ge__(self, other):
        return self._builder._cmp("ge", self, other)

    def eq(self, other):
        """Elementwise ``==`` as an i1 tensor (``==`` itself is Python's)."""
        return self._builder._cmp("eq", self, other)

    def ne(self, other):
        """Elementwise ``!=`` (true where either operand is NaN)."""
        return self._builder._cmp("ne", self, other)

    # Unary ----------------------------------------------------------------
    def square(self):
        return self._builder._unary("square", self)

    def neg(self):
        return self._builder._unary("neg", self)

    def abs(self):
        return self._builder._unary("abs", self)

    def relu(self):
        return self._builder._unary("relu", self)

    def exp(self):
        return self._builder._unary("exp", self, floats_only=True)

    def sqrt(self):
        return self._builder._unary("sqrt", self, floats_only=True)

    def cast(self, dtype):
        """Element type conversion (fuse.cast)."""
        return self._builder._cast(self, dtype)

    astype = cast

    # Shape ------------------------------------------------------------------
    def expand_dims(self, dim):
        """Inserts a dimension of size 1 at `dim` (``x[:, None]`` is
        ``expand_dims(1)``)."""
        return self._builder._expand_dims(self, dim)

    unsqueeze = expand_dims

    def transpose(self):
        """Swaps the last two dimensions (fuse.transpose)."""
        return self._builder._transpose(self)

    @property
    def mT(self):
        return self.transpose()

    @property
    def T(self):
        if self.rank != 2:
            raise ValueError(".T needs a rank-2 value (got rank %d); use .mT" % self.rank)
        return self.transpose()

    def broadcast_to(self, shape):
        """Broadcasts to a fully static `shape` (fuse.broadcast_to)."""
        return self._builder._broadcast_to(self, shape)

    def __getitem__(self, index):
        return self._builder._index(self, index)

    # Reductions ----------------------------------------------------------------
    def sum(self, dim, keepdim=False):
        return self._builder._reduce("sum", self, dim, keepdim)

    def reduce_min(self, dim, keepdim=False):
        return self._builder._reduce("reduce_min", self, dim, keepdim)

    def reduce_max(self, dim, keepdim=False):
        return self._builder._reduce("reduce_max", self, dim, keepdim)

    amin = reduce_min
    amax = reduce_max

    def argmin(self, dim, keepdim=False):
        """Index (i64) of the minimum; ties go to the lowest index."""
        return self._builder._reduce("argmin", self, dim, keepdim)

    def argmax(self, dim, keepdim=False):
        """Index (i64) of the maximum; ties go to the lowest index."""
        return self._builder._reduce("argmax", self, dim, keepdim)


class Builder:
    """Builds one ``func.func`` of the fuse dialect."""

    def __init__(self):
        self._args = []
        self._ops = []
        self._results = None
        self._names = set()
        self._constants = {}
        self._count = 0

    # Public API -------------------------------------------------------------------
    def arg(self, name, shape, dtype):
        """A function argument: `name` (an identifier), `shape` (a sequence
        of ints and dynamic dimensions: names, '?' or None), `dtype` (one of
        f16 bf16 f32 f64 i1 i32 i64). Arguments are the kernel's inputs, in
        the order they are declared."""
        if not isinstance(name, str) or not _NAME.match(name):
            raise ValueError("argument name %r is not an identifier" % (name,))
        if name in self._names:
            raise ValueError("argument name %r is used twice" % name)
        if isinstance(shape, (int, str)):
            shape = (shape,)
        value = Value(self, name, tuple(_normalize_dim(d) for d in shape),
                      _check_dtype(dtype), None)
        self._names.add(name)
        self._args.append(value)
        return value

    def constant(self, value, dtype):
        """A rank-0 constant (it broadcasts against anything)."""
        return self._scalar(value, _check_dtype(dtype), "constant")

    def where(self, cond, a, b):
        """``torch.where(cond, a, b)``: `cond` an i1 value; `a`, `b` values or
        Python numbers of one element type."""
        return where(cond, a, b)

    def ret(self, *values):
        """Sets the function's results (the kernel's outputs), in order."""
        if not values:
            raise ValueError("ret() needs at least one value")
        for i, v in enumerate(values):
            self._own(v, "result %d" % i)
        self._results = values

    def build(self, name="main"):
        """The MLIR text of the function ``@name``. Only the operations that
        the results depend on are written."""
        if not isinstance(name, str) or not _NAME.match(name):
            raise ValueError("function name %r is not an identifier" % (name,))
        if self._results is None:
            raise ValueError("build(): call ret(...) first")
        live = set()
        stack = [v._op for v in self._results if v._op is not None]
        while stack:
            op = stack.pop()
            if op.index in live:
                continue
            live.add(op.index)
            stack.extend(op.deps)
        args = ", ".join("%%%s: %s" % (a._name, a.type) for a in self._args)
        types = [v.type for v in self._results]
        result = types[0] if len(types) == 1 else "(%s)" % ", ".join(types)
        lines = ["func.func @%s(%s) -> %s {" % (name, args, result)]
        lines += ["  " + op.line for op in self._ops if op.index in live]
        lines.append("  return %s : %s" % (", ".join("%" + v._name for v in self._results),
                                           ", ".join(types)))
        lines.append("}")
        return "\n".join(lines) + "\n"

    # Internals ------------------------------------------------------------------------
    def _own(self, value, what):
        if not isinstance(value, Value):
            raise TypeError("%s: expected a fusec.Value, got %s" % (what, type(value).__name__))
        if value._builder is not self:
            raise ValueError("%s: the value belongs to another Builder" % what)
        return value

    def _emit(self, line_fn, shape, dtype, deps):
        """Adds an op whose result is a new value; `line_fn(name, type)`
        writes its line."""
        name = str(self._count)  # Numbered names never clash with arguments.
        self._count += 1
        op = _Op("%" + name, line_fn("%" + name, _type(shape, dtype)),
                 [d for d in deps if d is not None], len(self._ops))
        self._ops.append(op)
        return Value(self, name, shape, dtype, op)

    def _scalar(self, value, dtype, what):
        """A Python number as a rank-0 constant of `dtype` (one per distinct
        value and type)."""
        if dtype == "i1":
            if not isinstance(value, bool):
                raise TypeError("%s: an i1 operand needs a Python bool, got %r" % (what, value))
            literal = "true" if value else "false"
        elif isinstance(value, bool):
            raise TypeError("%s: a Python bool cannot be a %s operand" % (what, dtype))
        elif dtype in _INTS:
            if not isinstance(value, int):
                raise TypeError("%s: %r is not an integer and the other operand is %s "
                                "(no implicit promotion; cast first)" % (what, value, dtype))
            lo, hi = _INT_RANGE[dtype]
            if not lo <= value <= hi:
                raise ValueError("%s: %d does not fit in %s" % (what, value, dtype))
            literal = str(value)
        else:
            if not isinstance(value, (int, float)):
                raise TypeError("%s: expected a number, got %s" % (what, type(value).__name__))
            literal = _float_literal(float(value), dtype)
        key = (dtype, literal)
        if key not in self._constants:
            self._constants[key] = self._emit(
                lambda r, t: "%s = fuse.constant dense<%s> : %s" % (r, literal, t),
                (), dtype, [])
        return self._constants[key]

    def _operands(self, what, *operands):
        """Turns Python numbers into constants of the element type of the
        Value operand(s); checks that Values belong to this builder."""
        values = [o for o in operands if isinstance(o, Value)]
        if not values:
            raise TypeError("%s: at least one operand must be a fusec.Value" % what)
        for i, v in enumerate(values):
            self._own(v, "%s operand" % what)
        dtype = values[0].dtype
        return [o if isinstance(o, Value) else self._scalar(o, dtype, what)
                for o in operands]

    def _binary(self, op, lhs, rhs):
        what = "fuse.%s" % op
        lhs, rhs = self._operands(what, lhs, rhs)
        _same_dtype(what, lhs, rhs)
        _need(what, lhs, _NUMERIC, "numeric")
        shape = _broadcast([lhs.shape, rhs.shape], what)
        return self._emit(lambda r, t: "%s = fuse.%s %%%s, %%%s : %s, %s -> %s"
                          % (r, op, lhs._name, rhs._name, lhs.type, rhs.type, t),
                          shape, lhs.dtype, [lhs._op, rhs._op])

    def _cmp(self, predicate, lhs, rhs):
        what = "fuse.cmp %s" % predicate
        lhs, rhs = self._operands(what, lhs, rhs)
        _same_dtype(what, lhs, rhs)
        shape = _broadcast([lhs.shape, rhs.shape], what)
        return self._emit(lambda r, t: "%s = fuse.cmp %s, %%%s, %%%s : %s, %s -> %s"
                          % (r, predicate, lhs._name, rhs._name, lhs.type, rhs.type, t),
                          shape, "i1", [lhs._op, rhs._op])

    def _where(self, cond, a, b):
        what = "fuse.where"
        self._own(cond, "fuse.where condition")
        if cond.dtype != "i1":
            raise TypeError("fuse.where: the condition must be i1, got %s" % cond.dtype)
        if not isinstance(a, Value) and not isinstance(b, Value):
            raise TypeError("fuse.where: at least one of the selected operands must be "
                            "a fusec.Value (or make one with Builder.constant)")
        a, b = self._operands(what, a, b)
        _same_dtype(what, a, b)
        shape = _broadcast([cond.shape, a.shape, b.shape], what)
        return self._emit(lambda r, t: "%s = fuse.where %%%s, %%%s, %%%s : %s, %s, %s -> %s"
                          % (r, cond._name, a._name, b._name, cond.type, a.type, b.type, t),
                          shape, a.dtype, [cond._op, a._op, b._op])

    def _unary(self, op, x, floats_only=False):
        what = "fuse.%s" % op
        self._own(x, what)
        if floats_only:
            _need(what, x, _FLOATS, "float")
        else:
            _need(what, x, _NUMERIC, "numeric")
        return self._emit(lambda r, t: "%s = fuse.%s %%%s : %s" % (r, op, x._name, t),
                          x.shape, x.dtype, [x._op])

    def _cast(self, x, dtype):
        self._own(x, "fuse.cast")
        _check_dtype(dtype)
        if dtype == x.dtype:
            return x
        return self._emit(lambda r, t: "%s = fuse.cast %%%s : %s to %s"
                          % (r, x._name, x.type, t), x.shape, dtype, [x._op])

    def _expand_dims(self, x, dim):
        self._own(x, "fuse.expand_dims")
        dim = _dim(dim, x.rank + 1, "fuse.expand_dims")
        shape = x.shape[:dim] + (1,) + x.shape[dim:]
        return self._emit(lambda r, t: "%s = fuse.expand_dims %%%s, dim = %d : %s -> %s"
                          % (r, x._name, dim, x.type, t), shape, x.dtype, [x._op])

    def _transpose(self, x):
        self._own(x, "fuse.transpose")
        if x.rank < 2:
            raise ValueError("fuse.transpose needs a value of rank 2 or more, got rank %d"
                             % x.rank)
        shape = x.shape[:-2] + (x.shape[-1], x.shape[-2])
        return self._emit(lambda r, t: "%s = fuse.transpose %%%s : %s -> %s"
                          % (r, x._name, x.type, t), shape, x.dtype, [x._op])

    def _broadcast_to(self, x, shape):
        self._own(x, "fuse.broadcast_to")
        shape = tuple(_normalize_dim(d) for d in shape)
        if any(isinstance(d, str) for d in shape):
            # Dynamic result sizes would need index operands; not offered.
            raise ValueError("broadcast_to: the target shape must be static, got %s"
                             % _show(shape))
        if len(shape) < x.rank:
            raise ValueError("broadcast_to: cannot broadcast rank %d to rank %d"
                             % (x.rank, len(shape)))
        offset = len(shape) - x.rank
        for i, d in enumerate(x.shape):
            if d != 1 and not isinstance(d, str) and d != shape[i + offset]:
                raise ValueError("broadcast_to: cannot broadcast size %d of dimension %d "
                                 "to size %d" % (d, i, shape[i + offset]))
        if shape == x.shape:
            return x
        return self._emit(lambda r, t: "%s = fuse.broadcast_to %%%s : %s -> %s"
                          % (r, x._name, x.type, t), shape, x.dtype, [x._op])

    def _take(self, x, dim, index):
        self._own(x, "fuse.take")
        size = x.shape[dim]
        if index < 0:
            if isinstance(size, str):
                raise IndexError("fuse.take: negative index %d on dynamic dimension %d"
                                 % (index, dim))
            index += size
        if index < 0 or (not isinstance(size, str) and index >= size):
            raise IndexError("fuse.take: index %d is out of range for dimension %d of "
                             "size %s" % (index, dim, size))
        idx = self._emit_index(index)
        shape = x.shape[:dim] + x.shape[dim + 1:]
        return self._emit(lambda r, t: "%s = fuse.take %%%s[%s], dim = %d : %s -> %s"
                          % (r, x._name, idx.name, dim, x.type, t),
                          shape, x.dtype, [x._op, idx])

    def _emit_index(self, index):
        name = "%%%d" % self._count
        self._count += 1
        op = _Op(name, "%s = arith.constant %d : index" % (name, index), [],
                 len(self._ops))
        self._ops.append(op)
        return op

    def _index(self, x, index):
        """``x[...]`` with None (new axis), ``:`` (keep), ``...`` and ints
        (fuse.take)."""
        self._own(x, "indexing")
        items = index if isinstance(index, tuple) else (index,)
        if sum(1 for i in items if i is Ellipsis) > 1:
            raise IndexError("an index can only have one ellipsis")
        consumed = sum(1 for i in items if i is not None and i is not Ellipsis)
        if consumed > x.rank:
            raise IndexError("too many indices for a value of rank %d" % x.rank)
        expanded = []
        for i in items:
            if i is Ellipsis:
                expanded += [slice(None)] * (x.rank - consumed)
            else:
                expanded.append(i)
        value, pos = x, 0
        for i in expanded:
            if i is None:
                value = self._expand_dims(value, pos)
                pos += 1
            elif isinstance(i, slice):
                if i != slice(None):
                    raise IndexError("only full slices ':' are supported, got %r" % (i,))
                pos += 1
            elif isinstance(i, int) and not isinstance(i, bool):
                value = self._take(value, pos, i)
            else:
                raise IndexError("unsupported index %r (use None, ':', '...' or an int)"
                                 % (i,))
        return value

    def _reduce(self, op, x, dim, keepdim):
        what = "fuse.%s" % op
        self._own(x, what)
        _need(what, x, _NUMERIC, "numeric")
        if x.rank == 0:
            raise ValueError("%s: cannot reduce a rank-0 value" % what)
        dim = _dim(dim, x.rank, what)
        if keepdim:
            shape = x.shape[:dim] + (1,) + x.shape[dim + 1:]
        else:
            shape = x.shape[:dim] + x.shape[dim + 1:]
        dtype = "i64" if op in ("argmin", "argmax") else x.dtype
        keep = " keepdim" if keepdim else ""
        return self._emit(lambda r, t: "%s = fuse.%s %%%s, dim = %d%s : %s -> %s"
                          % (r, op, x._name, dim, keep, x.type, t), shape, dtype, [x._op])

    def _matmul(self, lhs, rhs):
        what = "fuse.matmul"
        lhs, rhs = self._operands(what, lhs, rhs)
        if lhs.rank != 2 or rhs.rank != 2:
            raise ValueError("fuse.matmul expects two rank-2 values, got ranks %d and %d"
                             % (lhs.rank, rhs.rank))
        _same_dtype(what, lhs, rhs)
        _need(what, lhs, _NUMERIC, "numeric")
        inner, rhs_inner = lhs.shape[1], rhs.shape[0]
        if isinstance(inner, str) and isinstance(rhs_inner, str):
            if "?" not in (inner, rhs_inner) and inner != rhs_inner:
                raise ValueError("fuse.matmul: contracted sizes %r and %r differ"
                                 % (inner, rhs_inner))
        elif not isinstance(inner, str) and not isinstance(rhs_inner, str) \
                and inner != rhs_inner:
            raise ValueError("fuse.matmul: contracted sizes differ: %d and %d"
                             % (inner, rhs_inner))
        shape = (lhs.shape[0], rhs.shape[1])
        return self._emit(lambda r, t: "%s = fuse.matmul %%%s, %%%s : %s, %s -> %s"
                          % (r, lhs._name, rhs._name, lhs.type, rhs.type, t),
                          shape, lhs.dtype, [lhs._op, rhs._op])


def _same_dtype(what, a, b):
    if a.dtype != b.dtype:
        raise TypeError("%s: operands must have the same element type, got %s and %s "
                        "(no implicit promotion; cast one)" % (what, a.dtype, b.dtype))


def _need(what, x, dtypes, kind):
    if x.dtype not in dtypes:
        raise TypeError("%s needs %s operands, got %s" % (what, kind, x.dtype))


def _dim(dim, limit, what):
    """A torch-style dimension (negative counts from the end) in [0, limit)."""
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError("%s: dim must be an int, got %r" % (what, dim))
    d = dim + limit if dim < 0 else dim
    if not 0 <= d < limit:
        raise ValueError("%s: dim %d is out of range [%d, %d)" % (what, dim, -limit, limit))
    return d


def _float_literal(value, dtype):
    """An MLIR float literal: finite values in decimal (MLIR needs a '.' in
    the mantissa, so '1e-05' becomes '1.0e-05'), others as bit patterns."""
    if math.isfinite(value):
        text = repr(value)
        mantissa, _, exponent = text.partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        return mantissa + ("e" + exponent if exponent else "")
    inf, nan, sign, digits = _SPECIAL_BITS[dtype]
    bits = nan if math.isnan(value) else inf | (sign if value < 0 else 0)
    return "0x%0*X" % (digits, bits)


def where(cond, a, b):
    """``torch.where(cond, a, b)`` on fusec Values (fuse.where)."""
    if not isinstance(cond, Value):
        raise TypeError("where: the condition must be a fusec.Value (i1), got %s"
                        % type(cond).__name__)
    return cond._builder._where(cond, a, b)


def maximum(a, b):
    """Elementwise maximum of two Values (or a Value and a number)."""
    owner = a if isinstance(a, Value) else b
    if not isinstance(owner, Value):
        raise TypeError("maximum: at least one operand must be a fusec.Value")
    return owner._builder._binary("max", a, b)


def minimum(a, b):
    """Elementwise minimum of two Values (or a Value and a number)."""
    owner = a if isinstance(a, Value) else b
    if not isinstance(owner, Value):
        raise TypeError("minimum: at least one operand must be a fusec.Value")
    return owner._builder._binary("min", a, b)
