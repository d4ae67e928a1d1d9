#!/usr/bin/env python3
"""Random programs of the fuse dialect for differential testing.

Each program is one `func.func @fuzz` built as a random DAG of fuse ops:
broadcasting elementwise arithmetic (add, sub, mul, div, max, min, cmp,
where, square, neg, abs, exp, sqrt, relu, cast), shape ops (expand_dims,
broadcast_to with static and tensor.dim sizes, transpose, take), reductions
(sum, reduce_min, reduce_max, with and without keepdim), index reductions
(argmin, argmax), matmul and constants, on f16, bf16, f32, f64, i32, i64
and i1 tensors of ranks 0 to 4 with static and dynamic (`?`) dimensions,
and one or more results. Templates add the patterns fusion cares about: a
distance feeding an argmin (the running-minimum rewrite), sibling
reductions of one input, reductions broadcast back onto their input
(x - max(x), softmax-like), Gram-form distances through matmul, and chains
of elementwise ops.

Every program is valid (it verifies) and its comparison by `fuse-run` is
meaningful: the generator carries, for every value, an interval of its
possible values and a bound on the difference between the fused result and
each of fuse-run's two references (the float64 one and the
native-precision one), as a function of L, the largest extent a sum of the
trial reduces (fuse-run scales its tolerances with L). An op is only added
when its result stays within fuse-run's tolerance of its type (with a
safety factor), so exp cannot overflow, sqrt never sees a negative number,
division never comes near zero, f16 stays far from 65504, integers never
overflow, and a float that went through rounding never decides a
comparison, a float-to-integer cast or a label that is used further: only
a label that is a result itself (where fuse-run applies its near-tie rule)
may come from an inexact argmin/argmax. See docs/testing.md.

The first lines of a program are comments; `// fuse-run-args:` holds the
fuse-run options the program needs (trials, sizes, kept extents, fill).

Usage:
  gen_programs.py --seed S [--count N] [--out DIR]   # write N programs
  gen_programs.py --seed S                           # one program to stdout
  gen_programs.py --seed S --count N --stats         # op and dtype counts
"""

import argparse
import math
import os
import random
import sys

FLOATS = ("f16", "bf16", "f32", "f64")
INTS = ("i32", "i64")
NUMERIC = FLOATS + INTS

# Unit roundoff, and half the smallest subnormal (the absolute error of a
# rounding that underflows).
U = {"f16": 2.0 ** -11, "bf16": 2.0 ** -8, "f32": 2.0 ** -24,
     "f64": 2.0 ** -53}
ETA = {"f16": 2.0 ** -25, "bf16": 2.0 ** -134, "f32": 2.0 ** -150,
       "f64": 0.0}
# fuse-run's default tolerances (docs/fuse-run.md) and near-tie factors.
RTOL = {"f32": 1e-4, "f16": 1e-2, "bf16": 1e-2, "f64": 1e-10}
ATOL = {"f32": 1e-5, "f16": 1e-3, "bf16": 1e-2, "f64": 1e-12}
TIE = {"f32": 1e-5, "f16": 1e-2, "bf16": 8e-2, "f64": 1e-12}
# Mantissa bits: integers up to 2^p convert exactly.
MANT = {"f16": 11, "bf16": 8, "f32": 24, "f64": 53}
# Largest magnitude a value may reach (f16 overflows at 65504).
CAP = {"f16": 2.0e4, "bf16": 1e8, "f32": 1e8, "f64": 1e12,
       "i32": 2.0 ** 30, "i64": 2.0 ** 52, "i1": 1.0}
# The model's bounds must stay below tolerance / SAFETY.
SAFETY = 1.5

# Compiler bugs found by this generator and not fixed yet: the generator
# avoids what triggers them unless asked (--include-known-bugs), so that a
# run reports what is new. docs/testing.md lists them with reproducers.
KNOWN_BUGS = {
    "cast-f64-bf16": "fuse.cast f64 -> bf16 fails to JIT on the CPU "
                     "(no __truncdfbf2): test/fuzz/Inputs/bugs/"
                     "cast-f64-bf16.mlir",
    "argmin-broadcast-dim": "an argmin over a dimension that only a "
                            "fuse.broadcast_to sized by tensor.dim creates "
                            "fails to compile: test/fuzz/Inputs/bugs/"
                            "argmin-broadcast-dim.mlir",
    "fma-ties": "a sum of products uses FMAs only when the product is in "
                "its kernel, so running-loop candidates that tie exactly "
                "(duplicated rows) can differ in the last bit: "
                "test/fuzz/Inputs/bugs/fma-exact-ties.mlir",
}

FLOAT_CONSTS = [0.5, 2.0, -1.0, 1.5, 0.25, -0.75, 3.0, 0.125, -2.0, 1.0,
                0.375, -0.5, 1.25, 4.0, 0.1, -0.3, 0.7]
POW2 = {0.5, 2.0, 0.25, 0.125, 1.0, 4.0, -0.5, -1.0, -2.0}


def is_float(dt):
    return dt in FLOATS


def type_str(shape, dt):
    if not shape:
        return "tensor<%s>" % dt
    return "tensor<%sx%s>" % ("x".join("?" if isinstance(d, str) else str(d)
                                       for d in shape), dt)


def bcast(*shapes):
    """NumPy broadcast of shapes whose dims are ints (static) or symbol
    names (dynamic). A dynamic dim only meets itself or a static 1."""
    rank = max(len(s) for s in shapes)
    out = []
    for i in range(rank):
        d = 1
        for s in shapes:
            j = i - (rank - len(s))
            if j < 0:
                continue
            x = s[j]
            if x == 1:
                continue
            if d == 1:
                d = x
            elif d != x:
                return None
        out.append(d)
    return tuple(out)


class Model:
    """Per value: interval [lo, hi] and error bounds, each a list over the
    trial's largest summed extent L = 1..NL. R/E bound the difference to
    the float64 reference (|err| <= R |v| + E); NR/NE the difference to the
    native-precision reference."""
    __slots__ = ("lo", "hi", "R", "E", "NR", "NE", "exact", "nat",
                 "nonneg")

    def __init__(self, lo, hi, R, E, NR, NE, exact, nat, nonneg):
        self.lo, self.hi, self.R, self.E = lo, hi, R, E
        self.NR, self.NE, self.exact, self.nat = NR, NE, exact, nat
        self.nonneg = nonneg

    def mag(self):
        return [max(abs(a), abs(b)) for a, b in zip(self.lo, self.hi)]


class Val:
    __slots__ = ("name", "dt", "shape", "m", "stable", "label", "kind",
                 "op", "uses", "const", "idx", "roots", "bonly")

    def __init__(self, name, dt, shape, m, kind, op, stable=True,
                 label=False, const=None):
        self.name, self.dt, self.shape, self.m = name, dt, tuple(shape), m
        self.kind, self.op = kind, op
        self.stable, self.label = stable, label
        self.uses = 0
        self.const = const
        self.idx = 0
        # Per dimension: for a dynamic one, the argument dimension
        # (argument number, dim) that fuse's traceDim reaches from it;
        # fuse-run draws one size per such root (tied by broadcasting).
        self.roots = (None,) * len(self.shape)
        # Per dimension: a dynamic size that only a fuse.broadcast_to
        # creates (no argument carries it along the way).
        self.bonly = (False,) * len(self.shape)

    @property
    def type(self):
        return type_str(self.shape, self.dt)

    @property
    def rank(self):
        return len(self.shape)


class Reject(Exception):
    """A move that cannot be realized; the generator tries another."""


class Gen:
    def __init__(self, seed, avoid=tuple(KNOWN_BUGS)):
        self.seed = seed
        self.avoid = set(avoid)
        self.rng = random.Random(seed * 7919 + 17)
        r = self.rng
        self.max_dynamic = r.choice([8, 16, 24, 32])
        self.max_static = r.choice([6, 10, 16])
        self.trials = 4
        self.extents = sorted(r.sample(range(2, 9), r.choice([2, 2, 3, 3, 4])))
        self.dyn = ["s%d" % i for i in range(r.choice([0, 1, 1, 1, 2, 2]))]
        self.nl = max(self.max_dynamic, self.max_static, 8)
        self.dmax = self.nl  # largest extent any dim can take
        self.Ls = list(range(1, self.nl + 1))
        ft = r.random()
        self.ft = ("f32" if ft < 0.40 else "f16" if ft < 0.62 else
                   "bf16" if ft < 0.77 else "f64" if ft < 0.92 else None)
        if self.ft is None:  # an integer program
            self.ft = r.choice(INTS)
        self.lines = []
        self.args = []
        self.vals = []
        self.counter = 0
        self.index_consts = {}
        self.dims = {}
        self.keep = set()
        self.has_f2i = False
        # A user-written running loop over inexact candidates: exact ties
        # between its candidates (--dup-rows) hit the fma-ties bug.
        self.inexact_chain = False
        self.stats = {}
        self.header = []

    # ----------------------------------------------------------------- basics
    def fresh(self, prefix="v"):
        self.counter += 1
        return "%%%s%d" % (prefix, self.counter)

    def L(self):
        return self.Ls

    def const_model(self, dt, lo, hi, exact=True):
        n = self.nl
        z = [0.0] * n
        return Model([float(lo)] * n, [float(hi)] * n, z, list(z), list(z),
                     list(z), exact, True, lo >= 0)

    def count(self, key):
        self.stats[key] = self.stats.get(key, 0) + 1

    def add_val(self, v):
        v.idx = len(self.vals)
        self.vals.append(v)
        return v

    def use(self, *vs):
        for v in vs:
            v.uses += 1

    def index_const(self, k):
        if k not in self.index_consts:
            self.index_consts[k] = "%%c%d" % k
        return self.index_consts[k]

    def new_arg(self, dt, shape):
        name = "%%a%d" % len(self.args)
        if dt in FLOATS:
            m = self.const_model(dt, -1.0, 1.0)
            m.nonneg = False
        elif dt == "i1":
            m = self.const_model(dt, 0, 1)
        else:
            m = self.const_model(dt, -100, 100)
            m.nonneg = False
        v = Val(name, dt, shape, m, "arg", "arg")
        v.roots = tuple((len(self.args), d) if isinstance(x, str) else None
                        for d, x in enumerate(shape))
        self.args.append(v)
        self.count("arg:" + dt)
        return self.add_val(v)

    def dim_of(self, root):
        """An index value holding the size of argument dimension `root`
        (argument number, dim), read with tensor.dim."""
        if root not in self.dims:
            a = self.args[root[0]]
            c = self.index_const(root[1])
            name = "%%n%d_%d" % root
            self.dims[root] = (name, "  %s = tensor.dim %s, %s : %s"
                               % (name, a.name, c, a.type))
        return self.dims[root][0]

    def root_of_class(self, sym):
        for a in self.args:
            if sym in a.shape:
                return (self.args.index(a), a.shape.index(sym))
        raise Reject("no argument carries " + sym)

    def rand_dim(self, allow_one=True):
        r = self.rng
        pool = list(self.extents) + list(self.dyn) * 2
        if allow_one and r.random() < 0.15:
            return 1
        return r.choice(pool)

    def rand_shape(self, rank, avoid_dyn=False):
        shape = []
        for _ in range(rank):
            d = self.rand_dim()
            if avoid_dyn and isinstance(d, str):
                d = self.rng.choice(self.extents)
            shape.append(d)
        return tuple(shape)

    def volume_ok(self, shape):
        vol = 1
        for d in shape:
            vol *= (self.max_dynamic if isinstance(d, str)
                    else max(d, self.max_static) if d > 1 else 1)
        return len(shape) <= 4 and vol <= 200000

    # --------------------------------------------------------- model checks
    def tol_ok(self, dt, m):
        """Whether the value stays within fuse-run's tolerance of its type
        (against either reference) for every L, and within range."""
        mag = m.mag()
        if max(mag) > CAP[dt]:
            return False
        if not is_float(dt):
            return True
        u = U[dt]
        f64_ok = nat_ok = True
        for i, L in enumerate(self.Ls):
            rtol = max(RTOL[dt], 2 * L * u) / SAFETY
            atol = max(ATOL[dt], 2 * L * math.sqrt(L) * u) / SAFETY
            if m.R[i] > rtol or m.E[i] > atol:
                f64_ok = False
            if m.NR[i] > rtol or m.NE[i] > atol:
                nat_ok = False
        return f64_ok or nat_ok

    def finish(self, dt, m):
        m.exact = m.exact and all(x == 0 for x in m.R) and \
            all(x == 0 for x in m.E)
        m.nat = all(x == 0 for x in m.NR) and all(x == 0 for x in m.NE)
        if not self.tol_ok(dt, m):
            raise Reject("out of tolerance or range")
        return m

    # ------------------------------------------------------- op emission
    def emit(self, text_fmt, dt, shape, m, op, stable=True, label=False,
             const=None, operands=(), roots=None, bonly=None):
        name = self.fresh()
        self.lines.append("  " + text_fmt.replace("$R", name))
        v = Val(name, dt, shape, m, "op", op, stable, label, const)
        if roots is None:
            # Elementwise: traceDim follows the first operand whose aligned
            # dimension is dynamic.
            roots, bonly = [], []
            rank = len(shape)
            for i in range(rank):
                root = None
                only = isinstance(shape[i], str)
                for o in operands:
                    j = i - (rank - o.rank)
                    if j >= 0 and isinstance(o.shape[j], str):
                        if root is None:
                            root = o.roots[j]
                        only = only and o.bonly[j]
                roots.append(root)
                bonly.append(only)
        v.roots = tuple(roots)
        v.bonly = tuple(bonly)
        assert len(v.roots) == len(shape)
        self.use(*operands)
        self.count("op:" + op)
        if is_float(dt) or dt in INTS:
            self.count("dt:" + dt)
        return self.add_val(v)

    def constant(self, dt, value, shape=()):
        """A splat constant (fuse.constant or arith.constant)."""
        if dt in FLOATS:
            text = repr(float(value))
            if "e" not in text and "." not in text:
                text += ".0"
            lo = hi = float(value)
        elif dt == "i1":
            text = "true" if value else "false"
            lo = hi = 1.0 if value else 0.0
        else:
            text = str(int(value))
            lo = hi = float(value)
        m = self.const_model(dt, lo, hi)
        m.nonneg = lo >= 0
        dialect = "fuse" if self.rng.random() < 0.7 else "arith"
        name = self.fresh("k")
        self.lines.append("  %s = %s.constant dense<%s> : %s"
                          % (name, dialect, text, type_str(shape, dt)))
        v = Val(name, dt, shape, m, "const", "constant", const=lo)
        self.count("op:constant")
        return self.add_val(v)

    def rand_const_value(self, dt):
        r = self.rng
        if dt in FLOATS:
            if r.random() < 0.2:
                return round(r.uniform(-3, 3), 3)
            return r.choice(FLOAT_CONSTS)
        if dt == "i1":
            return r.random() < 0.5
        return r.choice([1, 2, 3, -1, -2, 5, 7, -4, 10])

    # ---- elementwise model helpers (per L lists)
    def _round(self, dt, R, E, active, k=1.0):
        if not active:
            return R, E
        return [x + k * U[dt] for x in R], [x + ETA[dt] for x in E]

    def model_add(self, dt, a, b, sub):
        A, B = a.m, b.m
        blo = [-x for x in B.hi] if sub else B.lo
        bhi = [-x for x in B.lo] if sub else B.hi
        lo = [x + y for x, y in zip(A.lo, blo)]
        hi = [x + y for x, y in zip(A.hi, bhi)]
        Ma, Mb = A.mag(), B.mag()
        same = [(al >= 0 and bl >= 0) or (ah <= 0 and bh <= 0)
                for al, bl, ah, bh in zip(A.lo, blo, A.hi, bhi)]

        def comb(Ra, Ea, Rb, Eb):
            R, E = [], []
            for i in range(self.nl):
                if same[i]:
                    R.append(max(Ra[i], Rb[i]))
                    E.append(Ea[i] + Eb[i])
                else:
                    R.append(0.0)
                    E.append(Ea[i] + Eb[i] + Ra[i] * Ma[i] + Rb[i] * Mb[i])
            return R, E
        R, E = comb(A.R, A.E, B.R, B.E)
        R, E = self._round(dt, R, E, True)
        NR, NE = comb(A.NR, A.NE, B.NR, B.NE)
        NR, NE = self._round(dt, NR, NE, not (A.nat and B.nat), 2.0)
        nonneg = (A.nonneg and B.nonneg and not sub)
        return Model(lo, hi, R, E, NR, NE, False, False, nonneg)

    def model_mul(self, dt, a, b):
        A, B = a.m, b.m
        lo, hi = [], []
        for al, ah, bl, bh in zip(A.lo, A.hi, B.lo, B.hi):
            c = (al * bl, al * bh, ah * bl, ah * bh)
            lo.append(min(c))
            hi.append(max(c))
        Ma, Mb = A.mag(), B.mag()

        def comb(Ra, Ea, Rb, Eb):
            R = [x + y + x * y for x, y in zip(Ra, Rb)]
            E = [eb * ma * (1 + ra) + ea * mb * (1 + rb) + ea * eb
                 for ra, ea, rb, eb, ma, mb in zip(Ra, Ea, Rb, Eb, Ma, Mb)]
            return R, E
        R, E = comb(A.R, A.E, B.R, B.E)
        NR, NE = comb(A.NR, A.NE, B.NR, B.NE)
        # A product with a power of two is exact (no overflow: capped).
        pow2 = ((a.const is not None and abs(a.const) in POW2 and
                 abs(a.const) >= 1) or
                (b.const is not None and abs(b.const) in POW2 and
                 abs(b.const) >= 1))
        R, E = self._round(dt, R, E, not pow2)
        NR, NE = self._round(dt, NR, NE, not (A.nat and B.nat) and not pow2,
                             2.0)
        exact = A.exact and B.exact and pow2
        nonneg = (A.nonneg and B.nonneg)
        return Model(lo, hi, R, E, NR, NE, exact, False, nonneg)

    def model_square(self, dt, a):
        A = a.m
        lo, hi = [], []
        for al, ah in zip(A.lo, A.hi):
            if al >= 0:
                lo.append(al * al)
            elif ah <= 0:
                lo.append(ah * ah)
            else:
                lo.append(0.0)
            hi.append(max(al * al, ah * ah))
        Ma = A.mag()

        def comb(Ra, Ea):
            R = [2 * r + r * r for r in Ra]
            E = [2 * e * m * (1 + r) + e * e for r, e, m in zip(Ra, Ea, Ma)]
            return R, E
        R, E = self._round(dt, *comb(A.R, A.E), True)
        NR, NE = self._round(dt, *comb(A.NR, A.NE), not A.nat, 2.0)
        return Model(lo, hi, R, E, NR, NE, False, False, True)

    def denominator_ok(self, b):
        """A divisor bounded away from zero, also with its errors."""
        B = b.m
        for i in range(self.nl):
            lo, hi = B.lo[i], B.hi[i]
            if lo > 0:
                m = lo
            elif hi < 0:
                m = -hi
            else:
                return None
            if m < 0.2:
                return None
            if B.R[i] > 0.05 or B.E[i] > m / 20 or B.NR[i] > 0.05 or \
                    B.NE[i] > m / 20:
                return None
        return True

    def model_div(self, dt, a, b):
        A, B = a.m, b.m
        lo, hi = [], []
        for al, ah, bl, bh in zip(A.lo, A.hi, B.lo, B.hi):
            c = (al / bl, al / bh, ah / bl, ah / bh)
            lo.append(min(c))
            hi.append(max(c))
        Ma = A.mag()
        mb = [bl if bl > 0 else -bh for bl, bh in zip(B.lo, B.hi)]

        def comb(Ra, Ea, Rb, Eb):
            R, E = [], []
            for i in range(self.nl):
                f = 1.0 / (1 - Rb[i] - Eb[i] / mb[i])
                R.append(f * (Ra[i] + Rb[i]))
                E.append(f * (Ea[i] / mb[i] + Ma[i] * Eb[i] / mb[i] ** 2))
            return R, E
        R, E = self._round(dt, *comb(A.R, A.E, B.R, B.E), True)
        NR, NE = self._round(dt, *comb(A.NR, A.NE, B.NR, B.NE),
                             not (A.nat and B.nat), 2.0)
        nonneg = A.nonneg and all(x > 0 for x in B.lo)
        return Model(lo, hi, R, E, NR, NE, False, False, nonneg)

    def model_select(self, a, b, lo, hi, switch, nonneg):
        """max/min/where: the result is one of the operands. `switch`: the
        choice itself may differ from the reference's near a tie (then the
        other operand is within the errors of the chosen one)."""
        A, B = a.m, b.m
        k = 1.1 if switch else 1.0
        R = [k * max(x, y) for x, y in zip(A.R, B.R)]
        E = [k * max(x, y) for x, y in zip(A.E, B.E)]
        NR = [k * max(x, y) for x, y in zip(A.NR, B.NR)]
        NE = [k * max(x, y) for x, y in zip(A.NE, B.NE)]
        return Model(lo, hi, R, E, NR, NE, A.exact and B.exact,
                     A.nat and B.nat, nonneg)

    def model_unary(self, op, dt, a):
        A = a.m
        if op == "neg":
            return Model([-x for x in A.hi], [-x for x in A.lo], A.R, A.E,
                         A.NR, A.NE, A.exact, A.nat, False)
        if op == "abs":
            lo = [al if al >= 0 else (-ah if ah <= 0 else 0.0)
                  for al, ah in zip(A.lo, A.hi)]
            return Model(lo, A.mag(), A.R, A.E, A.NR, A.NE, A.exact, A.nat,
                         True)
        if op == "relu":
            return Model([max(x, 0.0) for x in A.lo],
                         [max(x, 0.0) for x in A.hi], A.R, A.E, A.NR, A.NE,
                         A.exact, A.nat, True)
        if op == "square":
            return self.model_square(dt, a)
        if op == "exp":
            Ma = A.mag()
            if max(A.hi) > 9.0 or min(A.lo) < -30.0:
                raise Reject("exp range")
            lo = [math.exp(x) for x in A.lo]
            hi = [math.exp(x) for x in A.hi]
            R = [math.expm1(r * m + e) + 2 * U[dt]
                 for r, e, m in zip(A.R, A.E, Ma)]
            E = [ETA[dt]] * self.nl
            if A.nat:
                NR = [2 * U[dt]] * self.nl
            else:
                NR = [math.expm1(r * m + e) + 2 * U[dt]
                      for r, e, m in zip(A.NR, A.NE, Ma)]
            NE = [ETA[dt]] * self.nl
            return Model(lo, hi, R, E, NR, NE, False, False, True)
        if op == "sqrt":
            if not A.nonneg or min(A.lo) < 0:
                raise Reject("sqrt of a possibly negative value")
            lo = [math.sqrt(x) for x in A.lo]
            hi = [math.sqrt(x) for x in A.hi]
            R = [r / 2 + U[dt] for r in A.R]
            E = [math.sqrt(e) + ETA[dt] for e in A.E]
            if A.nat:
                NR, NE = [0.0] * self.nl, [0.0] * self.nl
            else:
                NR = [r / 2 + 2 * U[dt] for r in A.NR]
                NE = [math.sqrt(e) + ETA[dt] for e in A.NE]
            return Model(lo, hi, R, E, NR, NE, False, False, True)
        raise AssertionError(op)

    def model_sum(self, dt, a, fma):
        """A sum over an extent l <= L (any of them, hence the hull)."""
        A = a.m
        lo, hi, R, E, NR, NE = [], [], [], [], [], []
        Ma = A.mag()
        for i, L in enumerate(self.Ls):
            al, ah = A.lo[i], A.hi[i]
            lo.append(min(al, L * al))
            hi.append(max(ah, L * ah))
            if not is_float(dt):
                continue
            u = U[dt]
            same = al >= 0 or ah <= 0
            rr = 0.0 if L == 1 else u * L / 2

            def one(Ra, Ea, k, extra_r):
                Ra = Ra + extra_r
                if same:
                    return Ra + k * rr, L * Ea + L * ETA[dt]
                return (k * rr, L * Ea + Ra * L * Ma[i] +
                        2 * k * u * Ma[i] * (L - 1) + L * ETA[dt])
            r_, e_ = one(A.R[i], A.E[i], 1.0, 0.0)
            R.append(r_)
            E.append(e_)
            if A.nat and not fma:
                NR.append(0.0)
                NE.append(0.0)
            else:
                r_, e_ = one(A.NR[i], A.NE[i], 2.0, u if fma else 0.0)
                NR.append(r_)
                NE.append(e_)
        if not is_float(dt):
            z = [0.0] * self.nl
            return Model(lo, hi, z, list(z), list(z), list(z), True, True,
                         A.nonneg)
        return Model(lo, hi, R, E, NR, NE, False, False, A.nonneg)

    def model_minmax_reduce(self, a):
        A = a.m
        k = 1.1
        return Model(list(A.lo), list(A.hi), [k * x for x in A.R],
                     [k * x for x in A.E], [k * x for x in A.NR],
                     [k * x for x in A.NE], A.exact, A.nat, A.nonneg)

    # ------------------------------------------------------------- ops
    def op_binary(self, op, a, b):
        dt = a.dt
        assert b.dt == dt and dt in NUMERIC
        shape = bcast(a.shape, b.shape)
        if shape is None or not self.volume_ok(shape):
            raise Reject("shapes")
        if a.const is not None and b.const is not None:
            raise Reject("constant folding")
        if is_float(dt):
            if op == "add":
                m = self.model_add(dt, a, b, False)
            elif op == "sub":
                m = self.model_add(dt, a, b, True)
            elif op == "mul":
                m = self.model_mul(dt, a, b)
            elif op == "div":
                if not self.denominator_ok(b):
                    raise Reject("divisor near zero")
                m = self.model_div(dt, a, b)
            else:
                lo = [(max if op == "max" else min)(x, y)
                      for x, y in zip(a.m.lo, b.m.lo)]
                hi = [(max if op == "max" else min)(x, y)
                      for x, y in zip(a.m.hi, b.m.hi)]
                nonneg = (a.m.nonneg or b.m.nonneg) if op == "max" else \
                    (a.m.nonneg and b.m.nonneg)
                m = self.model_select(a, b, lo, hi, True, nonneg)
            m = self.finish(dt, m)
        else:
            m = self.int_binary(op, a, b)
        if op in ("mul",) and a is b:
            raise Reject("mul x x canonicalizes to square")
        text = "$R = fuse.%s %s, %s : %s, %s -> %s" % (
            op, a.name, b.name, a.type, b.type, type_str(shape, dt))
        return self.emit(text, dt, shape, m, op, operands=(a, b))

    def int_binary(self, op, a, b):
        A, B = a.m, b.m
        lo, hi = [], []
        for al, ah, bl, bh in zip(A.lo, A.hi, B.lo, B.hi):
            if op == "add":
                l, h = al + bl, ah + bh
            elif op == "sub":
                l, h = al - bh, ah - bl
            elif op == "mul":
                c = (al * bl, al * bh, ah * bl, ah * bh)
                l, h = min(c), max(c)
            elif op == "div":
                if bl <= 0 <= bh:
                    raise Reject("integer division by zero")
                m = max(abs(al), abs(ah))
                q = m / min(abs(bl), abs(bh))
                l, h = -math.floor(q), math.floor(q)
            elif op == "max":
                l, h = max(al, bl), max(ah, bh)
            else:
                l, h = min(al, bl), min(ah, bh)
            lo.append(l)
            hi.append(h)
        z = [0.0] * self.nl
        nonneg = (A.nonneg and B.nonneg and op in ("add", "mul", "div")) or \
            (op == "max" and (A.nonneg or B.nonneg)) or \
            (op == "min" and A.nonneg and B.nonneg)
        m = Model(lo, hi, z, list(z), list(z), list(z), True, True, nonneg)
        if not self.tol_ok(a.dt, m):
            raise Reject("integer range")
        return m

    def op_unary(self, op, a):
        dt = a.dt
        if op in ("exp", "sqrt") and not is_float(dt):
            raise Reject("float only")
        if dt == "i1":
            raise Reject("numeric only")
        if op == "square" and a.op in ("neg", "abs"):
            raise Reject("square(neg/abs) canonicalizes")
        if op in ("neg", "abs", "relu") and a.op == op:
            raise Reject("folds")
        if is_float(dt):
            m = self.finish(dt, self.model_unary(op, dt, a))
        else:
            A = a.m
            if op == "neg":
                lo, hi = [-x for x in A.hi], [-x for x in A.lo]
            elif op == "abs":
                lo = [al if al >= 0 else (-ah if ah <= 0 else 0.0)
                      for al, ah in zip(A.lo, A.hi)]
                hi = A.mag()
            elif op == "relu":
                lo = [max(x, 0.0) for x in A.lo]
                hi = [max(x, 0.0) for x in A.hi]
            else:  # square
                lo = [0.0 if al <= 0 <= ah else min(al * al, ah * ah)
                      for al, ah in zip(A.lo, A.hi)]
                hi = [x * x for x in A.mag()]
            z = [0.0] * self.nl
            m = Model(lo, hi, z, list(z), list(z), list(z), True, True,
                      op in ("abs", "relu", "square"))
            if not self.tol_ok(dt, m):
                raise Reject("integer range")
        text = "$R = fuse.%s %s : %s" % (op, a.name, a.type)
        return self.emit(text, dt, a.shape, m, op, operands=(a,))

    def op_cast(self, a, to):
        fr = a.dt
        if fr == to:
            raise Reject("same type")
        if fr == "f64" and to == "bf16" and "cast-f64-bf16" in self.avoid:
            raise Reject("known bug")
        A = a.m
        n = self.nl
        z = [0.0] * n
        if is_float(fr) and is_float(to):
            widen = (MANT[to] >= MANT[fr] and CAP[to] >= CAP[fr]) or \
                (fr, to) in (("f16", "f32"), ("bf16", "f32"))
            if widen:
                m = Model(A.lo, A.hi, A.R, A.E, A.NR, A.NE, A.exact, A.nat,
                          A.nonneg)
            else:
                R, E = self._round(to, A.R, A.E, True)
                NR, NE = self._round(to, A.NR, A.NE, not A.nat, 2.0)
                m = Model(A.lo, A.hi, R, E, NR, NE, False, False, A.nonneg)
            m = self.finish(to, m)
        elif is_float(to):  # integer or i1 to float
            if fr == "i1" or max(A.mag()) <= 2.0 ** MANT[to]:
                m = Model(A.lo, A.hi, z, list(z), list(z), list(z), True,
                          True, A.nonneg)
            else:
                m = Model(A.lo, A.hi, [U[to]] * n, list(z), list(z), list(z),
                          False, True, A.nonneg)
            m = self.finish(to, m)
        elif is_float(fr):  # float to integer or i1: needs exact values
            if not A.exact:
                raise Reject("inexact float to integer")
            if to == "i1":
                m = self.const_model(to, 0, 1)
            else:
                lo = [float(math.trunc(x)) for x in A.lo]
                hi = [float(math.trunc(x)) for x in A.hi]
                m = Model(lo, hi, z, list(z), list(z), list(z), True, True,
                          A.nonneg)
                if not self.tol_ok(to, m):
                    raise Reject("range")
                self.has_f2i = True
        else:  # integer/i1 to integer/i1
            if to == "i1":
                m = self.const_model(to, 0, 1)
            else:
                m = Model(A.lo, A.hi, z, list(z), list(z), list(z), True,
                          True, A.nonneg)
                if not self.tol_ok(to, m):
                    raise Reject("range")
        if not a.stable:
            raise Reject("unstable")
        text = "$R = fuse.cast %s : %s to %s" % (a.name, a.type,
                                                  type_str(a.shape, to))
        return self.emit(text, to, a.shape, m, "cast", operands=(a,))

    def op_cmp(self, pred, a, b, allow_unstable=False):
        if a.dt != b.dt:
            raise Reject("types")
        shape = bcast(a.shape, b.shape)
        if shape is None or not self.volume_ok(shape):
            raise Reject("shapes")
        stable = a.stable and b.stable and \
            (not is_float(a.dt) or (a.m.exact and b.m.exact))
        if not stable and not allow_unstable:
            raise Reject("inexact comparison")
        if a.const is not None and b.const is not None:
            raise Reject("constant")
        m = self.const_model("i1", 0, 1)
        text = "$R = fuse.cmp %s, %s, %s : %s, %s -> %s" % (
            pred, a.name, b.name, a.type, b.type, type_str(shape, "i1"))
        return self.emit(text, "i1", shape, m, "cmp", stable=stable,
                         operands=(a, b))

    def op_where(self, c, a, b, switch=False, label=False):
        if a.dt != b.dt or c.dt != "i1":
            raise Reject("types")
        if a is b:
            raise Reject("folds")
        if not (a.stable and b.stable) and not label:
            raise Reject("unstable operand")
        if not c.stable and not switch and not label:
            raise Reject("unstable condition")
        shape = bcast(c.shape, a.shape, b.shape)
        if shape is None or not self.volume_ok(shape):
            raise Reject("shapes")
        dt = a.dt
        lo = [min(x, y) for x, y in zip(a.m.lo, b.m.lo)]
        hi = [max(x, y) for x, y in zip(a.m.hi, b.m.hi)]
        m = self.model_select(a, b, lo, hi, switch,
                              a.m.nonneg and b.m.nonneg)
        if is_float(dt):
            m = self.finish(dt, m)
        text = "$R = fuse.where %s, %s, %s : %s, %s, %s -> %s" % (
            c.name, a.name, b.name, c.type, a.type, b.type,
            type_str(shape, dt))
        if label:
            # The labels of a user-written running minimum: stable only
            # when the comparisons are.
            stable = c.stable and a.stable and b.stable
            return self.emit(text, dt, shape, m, "where", operands=(c, a, b),
                             stable=stable, label=not stable)
        return self.emit(text, dt, shape, m, "where", operands=(c, a, b))

    def op_reduce(self, op, a, dim, keepdim):
        if a.rank == 0 or a.dt not in NUMERIC:
            raise Reject("reduce")
        if not a.stable:
            raise Reject("unstable")
        if op != "sum" and a.bonly[dim] and \
                "argmin-broadcast-dim" in self.avoid:
            raise Reject("known bug: argmin-broadcast-dim")
        shape = list(a.shape)
        if keepdim:
            shape[dim] = 1
        else:
            del shape[dim]
        dt = a.dt
        label = False
        stable = True
        if op == "sum":
            m = self.model_sum(dt, a, a.op in ("mul", "square"))
            if is_float(dt):
                m = self.finish(dt, m)
            elif not self.tol_ok(dt, m):
                raise Reject("integer range")
        elif op in ("reduce_min", "reduce_max"):
            m = self.model_minmax_reduce(a)
        else:  # argmin / argmax
            ext = a.shape[dim]
            top = (self.dmax if not isinstance(ext, int) or ext > 1 else 1)
            m = self.const_model("i64", 0, top - 1)
            if is_float(dt) and not a.m.exact:
                # Labels may differ at a near-tie: only as a result, and
                # only where fuse-run's bound covers the errors.
                for i, L in enumerate(self.Ls):
                    bound = TIE[dt] * math.sqrt(L) / SAFETY
                    if 2 * (a.m.R[i] + a.m.E[i]) * 1.1 > bound:
                        raise Reject("labels of an inexact input")
                label = True
                stable = False
            dt = "i64"
        text = "$R = fuse.%s %s, dim = %d%s : %s -> %s" % (
            op, a.name, dim, " keepdim" if keepdim else "", a.type,
            type_str(shape, dt))
        roots, bonly = list(a.roots), list(a.bonly)
        if keepdim:
            roots[dim], bonly[dim] = None, False
        else:
            del roots[dim], bonly[dim]
        return self.emit(text, dt, shape, m, op, stable=stable, label=label,
                         operands=(a,), roots=roots, bonly=bonly)

    def op_expand(self, a, dim):
        if a.rank >= 4:
            raise Reject("rank")
        shape = list(a.shape)
        shape.insert(dim, 1)
        text = "$R = fuse.expand_dims %s, dim = %d : %s -> %s" % (
            a.name, dim, a.type, type_str(shape, a.dt))
        roots, bonly = list(a.roots), list(a.bonly)
        roots.insert(dim, None)
        bonly.insert(dim, False)
        return self.emit(text, a.dt, shape, a.m, "expand_dims",
                         stable=a.stable, operands=(a,), roots=roots,
                         bonly=bonly)

    def op_transpose(self, a):
        if a.rank < 2:
            raise Reject("rank")
        shape = list(a.shape)
        shape[-1], shape[-2] = shape[-2], shape[-1]
        text = "$R = fuse.transpose %s : %s -> %s" % (
            a.name, a.type, type_str(shape, a.dt))
        roots, bonly = list(a.roots), list(a.bonly)
        roots[-1], roots[-2] = roots[-2], roots[-1]
        bonly[-1], bonly[-2] = bonly[-2], bonly[-1]
        return self.emit(text, a.dt, shape, a.m, "transpose",
                         stable=a.stable, operands=(a,), roots=roots,
                         bonly=bonly)

    def op_take(self, a, dim, index=None):
        if a.rank == 0:
            raise Reject("rank")
        ext = a.shape[dim]
        if index is not None:
            k = index
            if k > 0:
                assert isinstance(ext, int) and ext > k
                self.keep.add(ext)
        elif isinstance(ext, int) and ext > 1 and self.rng.random() < 0.5:
            k = self.rng.randrange(1, ext)
            self.keep.add(ext)
        else:
            k = 0
        c = self.index_const(k)
        shape = list(a.shape)
        del shape[dim]
        text = "$R = fuse.take %s[%s], dim = %d : %s -> %s" % (
            a.name, c, dim, a.type, type_str(shape, a.dt))
        roots, bonly = list(a.roots), list(a.bonly)
        del roots[dim], bonly[dim]
        return self.emit(text, a.dt, shape, a.m, "take", stable=a.stable,
                         operands=(a,), roots=roots, bonly=bonly)

    def op_broadcast_to(self, a, shape):
        if bcast(a.shape, shape) != tuple(shape) or len(shape) > 4:
            raise Reject("not a broadcast")
        # A dynamic result dimension takes its size from the input's root
        # where the input has it (traceDim follows the input there, so the
        # size must be that very dimension), else from any argument
        # dimension of its class.
        sizes, roots, bonly = [], [], []
        rank = len(shape)
        for i, d in enumerate(shape):
            j = i - (rank - a.rank)
            if not isinstance(d, str):
                roots.append(None)
                bonly.append(False)
                continue
            if j >= 0 and isinstance(a.shape[j], str):
                root = a.roots[j]
                bonly.append(a.bonly[j])
            else:
                root = self.root_of_class(d)
                bonly.append(True)
            sizes.append(self.dim_of(root))
            roots.append(root)
        text = "$R = fuse.broadcast_to %s%s : %s -> %s" % (
            a.name, " sizes(%s)" % ", ".join(sizes) if sizes else "",
            a.type, type_str(shape, a.dt))
        return self.emit(text, a.dt, shape, a.m, "broadcast_to",
                         stable=a.stable, operands=(a,), roots=roots,
                         bonly=bonly)

    def op_matmul(self, a, b):
        if a.rank != 2 or b.rank != 2 or a.dt != b.dt or \
                a.shape[1] != b.shape[0] or a.dt not in NUMERIC:
            raise Reject("matmul shapes")
        if not (a.stable and b.stable):
            raise Reject("unstable")
        shape = (a.shape[0], b.shape[1])
        if not self.volume_ok((a.shape[0], a.shape[1], b.shape[1])):
            raise Reject("volume")
        dt = a.dt
        # The canonical form: sum(mul(expand(a, 2), expand(b, 0)), dim 1).
        if is_float(dt):
            prod = Val("", dt, (), self.model_mul(dt, a, b), "op", "mul")
            m = self.finish(dt, self.model_sum(dt, prod, True))
        else:
            prod = Val("", dt, (), self.int_binary("mul", a, b), "op", "mul")
            m = self.model_sum(dt, prod, False)
            if not self.tol_ok(dt, m):
                raise Reject("integer range")
        text = "$R = fuse.matmul %s, %s : %s, %s -> %s" % (
            a.name, b.name, a.type, b.type, type_str(shape, dt))
        return self.emit(text, dt, shape, m, "matmul", operands=(a, b),
                         roots=(a.roots[0], b.roots[1]),
                         bonly=(a.bonly[0], b.bonly[1]))

    # ------------------------------------------------------ value choice
    def pick(self, pred, fresh_arg=None):
        cands = [v for v in self.vals if v.stable and pred(v)]
        if not cands:
            if fresh_arg:
                return fresh_arg()
            raise Reject("no candidate")
        n = len(self.vals)
        weights = []
        for v in cands:
            w = 1.0
            if v.idx >= n - 3:
                w += 3
            if v.uses == 0:
                w += 2
            if v.kind == "const":
                w *= 0.2
            weights.append(w)
        return self.rng.choices(cands, weights)[0]

    def float_dt(self):
        r = self.rng.random()
        if is_float(self.ft) and r < 0.8:
            return self.ft
        return self.rng.choice(FLOATS)

    def main_dt(self):
        return self.ft

    def arg_shape(self):
        r = self.rng.random()
        rank = 0 if r < 0.04 else 1 if r < 0.3 else 2 if r < 0.75 else \
            3 if r < 0.95 else 4
        return self.rand_shape(rank)

    def partner_shape(self, shape):
        """A shape that broadcasts with `shape`: some dims set to 1, maybe
        fewer leading dims, maybe a new leading dim."""
        r = self.rng
        out = [d if r.random() < 0.7 else 1 for d in shape]
        while out and r.random() < 0.25:
            out.pop(0)
        if len(out) < 4 and r.random() < 0.15:
            out.insert(0, self.rand_dim())
        res = bcast(tuple(shape), tuple(out))
        if res is None:
            return tuple(shape)
        return tuple(out)

    def partner(self, a, dt=None, allow_const=True):
        """A value to combine with `a` elementwise."""
        dt = dt or a.dt
        r = self.rng.random()
        if allow_const and r < 0.25:
            if self.rng.random() < 0.8 or a.rank == 0:
                return self.constant(dt, self.rand_const_value(dt))
            last = a.shape[-1]
            if isinstance(last, int):
                return self.constant(dt, self.rand_const_value(dt), (last,))
            return self.constant(dt, self.rand_const_value(dt))
        if r < 0.75:
            cands = [v for v in self.vals if v.stable and v.dt == dt and
                     v is not a and v.kind != "const" and
                     bcast(a.shape, v.shape) is not None and
                     self.volume_ok(bcast(a.shape, v.shape))]
            if cands:
                return self.rng.choice(cands)
        return self.new_arg(dt, self.partner_shape(a.shape))

    # -------------------------------------------------------------- moves
    def mv_unary(self):
        a = self.pick(lambda v: v.dt in NUMERIC)
        ops = ["square", "neg", "abs", "relu"]
        if is_float(a.dt):
            ops += ["exp", "exp", "sqrt", "sqrt"]
        op = self.rng.choice(ops)
        if op == "sqrt" and not a.m.nonneg:
            b = self.op_unary(self.rng.choice(["abs", "square", "relu"]), a)
            return self.op_unary("sqrt", b)
        if op == "exp" and max(a.m.mag()) > 4:
            raise Reject("exp of a large value")
        return self.op_unary(op, a)

    def mv_binary(self):
        a = self.pick(lambda v: v.dt in NUMERIC)
        op = self.rng.choice(["add", "sub", "mul", "div", "max", "min",
                              "add", "sub", "mul"])
        if op == "div":
            b = self.partner(a)
            if not self.denominator_ok(b):
                if b.const is not None:
                    raise Reject("zero constant")
                b = self.make_nonzero(b)
        else:
            b = self.partner(a)
        if self.rng.random() < 0.5 and op not in ("sub", "div"):
            a, b = b, a
        return self.op_binary(op, a, b)

    def make_nonzero(self, b):
        """|b| + c (floats) or max(|b|, 1) + c (ints): bounded away from
        zero."""
        dt = b.dt
        ab = self.op_unary("abs", b) if not b.m.nonneg else b
        if is_float(dt):
            c = self.constant(dt, self.rng.choice([0.5, 1.0, 2.0]))
            return self.op_binary("add", ab, c)
        c = self.constant(dt, self.rng.choice([1, 3]))
        return self.op_binary("add", ab, c)

    def mv_outer(self):
        """x[..., None, :] op c: an outer broadcast along a new axis."""
        a = self.pick(lambda v: v.dt in NUMERIC and 1 <= v.rank <= 2)
        last = a.shape[-1]
        shape_b = (self.rand_dim(allow_one=False), last)
        b = None
        cands = [v for v in self.vals if v.stable and v.dt == a.dt and
                 v.rank == 2 and v.shape[-1] == last and v is not a]
        if cands and self.rng.random() < 0.6:
            b = self.rng.choice(cands)
        else:
            b = self.new_arg(a.dt, shape_b)
        ae = self.op_expand(a, a.rank - 1)
        if self.rng.random() < 0.5:
            be = self.op_expand(b, 0)
        else:
            be = b
        op = self.rng.choice(["sub", "add", "mul", "max", "min", "sub"])
        return self.op_binary(op, ae, be)

    def mv_reduce(self):
        a = self.pick(lambda v: v.dt in NUMERIC and v.rank >= 1)
        dim = self.rng.randrange(a.rank)
        op = self.rng.choice(["sum", "sum", "reduce_min", "reduce_max"])
        return self.op_reduce(op, a, dim, self.rng.random() < 0.3)

    def mv_argreduce(self):
        a = self.pick(lambda v: v.dt in NUMERIC and v.rank >= 1)
        dim = self.rng.randrange(a.rank)
        op = self.rng.choice(["argmin", "argmax"])
        return self.op_reduce(op, a, dim, self.rng.random() < 0.25)

    def mv_distance(self):
        """labels = argmin(sum((x[:, None, :] - c[None, :, :])^2, -1), 1),
        with variants: abs instead of square, argmax of the negation, a
        reduce_min sibling, the distance itself as a result."""
        r = self.rng
        dt = self.float_dt() if r.random() < 0.85 else r.choice(INTS)
        d = self.rand_dim(allow_one=r.random() < 0.2)
        n = r.choice(self.dyn) if self.dyn and r.random() < 0.7 else \
            self.rand_dim(allow_one=False)
        k = self.rand_dim(allow_one=r.random() < 0.1)
        x = self.find_or_arg(dt, (n, d))
        c = self.find_or_arg(dt, (k, d))
        xe = self.op_expand(x, 1)
        ce = self.op_expand(c, 0) if r.random() < 0.6 else c
        diff = self.op_binary("sub", xe, ce)
        sq = self.op_unary(r.choice(["square", "square", "abs"]), diff)
        dist = self.op_reduce("sum", sq, 2, False)
        if r.random() < 0.2 and is_float(dt):
            dist = self.op_unary("sqrt", dist)
        if r.random() < 0.3:
            neg = self.op_unary("neg", dist)
            lab = self.op_reduce("argmax", neg, 1, r.random() < 0.2)
        else:
            lab = self.op_reduce("argmin", dist, 1, r.random() < 0.2)
        if r.random() < 0.4:
            self.op_reduce("reduce_min", dist, 1, False)
        return lab

    def mv_gram(self):
        """Distances in the Gram form: |x|^2 - 2 x c^T + |c|^2, then an
        argmin (matmul canonicalizes to a product and a sum)."""
        r = self.rng
        dt = self.float_dt()
        d = self.rand_dim(allow_one=False)
        n = r.choice(self.dyn) if self.dyn and r.random() < 0.7 else \
            self.rand_dim(allow_one=False)
        k = self.rand_dim(allow_one=False)
        x = self.find_or_arg(dt, (n, d))
        c = self.find_or_arg(dt, (k, d))
        ct = self.op_transpose(c)
        xc = self.op_matmul(x, ct)
        x2 = self.op_reduce("sum", self.op_unary("square", x), 1, True)
        c2 = self.op_reduce("sum", self.op_unary("square", c), 1, False)
        two = self.constant(dt, 2.0)
        t = self.op_binary("mul", xc, two)
        s = self.op_binary("sub", x2, t)
        dist = self.op_binary("add", s, c2)
        return self.op_reduce(r.choice(["argmin", "argmin", "reduce_min"]),
                              dist, 1, False)

    def tie_ok(self, v):
        """Whether labels chosen by comparing `v` (inexact) stay within
        fuse-run's near-tie bound of the reference's labels."""
        if not is_float(v.dt) or v.m.exact:
            return True
        for i, L in enumerate(self.Ls):
            bound = TIE[v.dt] * math.sqrt(L) / SAFETY
            if 2 * (v.m.R[i] + v.m.E[i]) * 1.1 > bound:
                return False
        return True

    def mv_running(self):
        """The seeds' running minimum written out, as torch.compile traces
        a Python loop over k candidates:
          d_t = ((x - c[t]) ** 2).sum(-1); better = d_t < best
          best = where(better, d_t, best); idx = where(better, t, idx)
        which fuse-argmin-to-running-min rolls up into a running_min. The
        labels are a result (fuse-run explains them as a where-chain)."""
        r = self.rng
        dt = self.float_dt() if r.random() < 0.85 else r.choice(INTS)
        steps = r.randint(2, 5)
        ext = r.choice([e for e in self.extents if e >= steps] or [steps])
        d = self.rand_dim(allow_one=r.random() < 0.2)
        n = r.choice(self.dyn) if self.dyn and r.random() < 0.7 else \
            self.rand_dim(allow_one=False)
        x = self.find_or_arg(dt, (n, d))
        c = self.find_or_arg(dt, (ext, d))
        is_max = r.random() < 0.3
        pred = r.choice(["gt", "gt", "ge"] if is_max else ["lt", "lt", "le"])
        square = r.random() < 0.7
        best = idx = None
        for t in range(steps):
            ct = self.op_take(c, 0, index=t)
            diff = self.op_binary("sub", x, ct)
            dist = self.op_reduce("sum", self.op_unary(
                "square" if square else "abs", diff), 1, False)
            if is_max:
                dist = self.op_unary("neg", dist)
            if not self.tie_ok(dist):
                raise Reject("labels of inexact candidates")
            tv = self.constant("i64", t)
            if best is None:
                best, idx = dist, tv
                continue
            better = self.op_cmp(pred, dist, best, allow_unstable=True)
            new_best = self.op_where(better, dist, best, switch=True)
            idx = self.op_where(better, tv, idx, label=True)
            best = new_best
            if idx.label:
                self.inexact_chain = True
            if not self.tie_ok(best):
                raise Reject("labels of inexact candidates")
        return idx

    def find_or_arg(self, dt, shape):
        cands = [v for v in self.vals if v.stable and v.dt == dt and
                 v.shape == tuple(shape)]
        if cands and self.rng.random() < 0.5:
            return self.rng.choice(cands)
        return self.new_arg(dt, tuple(shape))

    def mv_softmax(self):
        """x - max(x, dim) broadcast back, exp, sum, divide: reductions
        whose results are broadcast onto their own input."""
        r = self.rng
        a = self.pick(lambda v: is_float(v.dt) and v.rank >= 1,
                      lambda: self.new_arg(self.float_dt(),
                                           self.rand_shape(r.choice([1, 2, 2,
                                                                     3]))))
        dim = r.randrange(a.rank)
        red = r.choice(["reduce_max", "reduce_max", "sum", "reduce_min"])
        keep = r.random() < 0.5
        m = self.op_reduce(red, a, dim, keep)
        if not keep:
            m = self.op_expand(m, dim)
        if red == "sum":
            return self.op_binary(r.choice(["sub", "div"]) if
                                  self.denominator_ok(m) else "sub", a, m)
        s = self.op_binary("sub", a, m)
        if r.random() < 0.7:
            e = self.op_unary("exp", s)
            tot = self.op_reduce("sum", e, dim, True)
            if r.random() < 0.8 and self.denominator_ok(tot):
                return self.op_binary("div", e, tot)
            return tot
        return s

    def mv_siblings(self):
        """Several reductions of one input (sharing its loads)."""
        r = self.rng
        a = self.pick(lambda v: v.dt in NUMERIC and v.rank >= 1)
        dim = r.randrange(a.rank)
        ops = r.sample(["sum", "reduce_min", "reduce_max", "argmin",
                        "argmax"], r.choice([2, 2, 3]))
        out = None
        for op in ops:
            d = dim if r.random() < 0.75 else r.randrange(a.rank)
            try:
                out = self.op_reduce(op, a, d, r.random() < 0.3)
            except Reject:
                pass
        if out is None:
            raise Reject("no sibling")
        return out

    def mv_chain(self):
        """A chain of elementwise ops with constants: a*c1 + c2, relu..."""
        r = self.rng
        a = self.pick(lambda v: v.dt in NUMERIC)
        v = a
        for _ in range(r.randint(2, 5)):
            try:
                if r.random() < 0.5:
                    ops = ["neg", "abs", "relu", "square"]
                    if is_float(v.dt):
                        ops += ["exp", "sqrt"]
                    op = r.choice(ops)
                    if op == "sqrt" and not v.m.nonneg:
                        op = "abs"
                    if op == "exp" and max(v.m.mag()) > 3:
                        op = "neg"
                    v = self.op_unary(op, v)
                else:
                    op = r.choice(["add", "mul", "sub", "max", "min", "div"])
                    c = self.constant(v.dt, self.rand_const_value(v.dt))
                    if op == "div" and not self.denominator_ok(c):
                        op = "mul"
                    v = self.op_binary(op, v, c) if r.random() < 0.7 or \
                        op == "div" else self.op_binary(op, c, v)
            except Reject:
                continue
        if v is a:
            raise Reject("empty chain")
        return v

    def mv_cast(self):
        a = self.pick(lambda v: True)
        if is_float(a.dt):
            if a.m.exact and self.rng.random() < 0.4:
                if self.rng.random() < 0.6:
                    # Scale by a power of two first: integer values.
                    c = self.constant(a.dt, self.rng.choice([4.0, 16.0,
                                                             64.0]))
                    a = self.op_binary("mul", a, c)
                to = self.rng.choice(INTS + ("i1",))
            else:
                to = self.rng.choice(FLOATS)
        elif a.dt == "i1":
            to = self.rng.choice(NUMERIC)
        else:
            to = self.rng.choice(FLOATS + INTS + ("i1",))
        return self.op_cast(a, to)

    def mv_cmp_where(self):
        r = self.rng
        a = self.pick(lambda v: v.dt in NUMERIC or v.dt == "i1")
        pred = r.choice(["lt", "le", "gt", "ge", "eq", "ne"])
        if a.stable and (not is_float(a.dt) or a.m.exact):
            # An exact comparison; select between any two values.
            b = self.partner(a)
            if is_float(a.dt) and not b.m.exact:
                raise Reject("inexact partner")
            c = self.op_cmp(pred, a, b)
            if r.random() < 0.2:
                return c
            x = self.pick(lambda v: v.dt != "i1" and
                          bcast(v.shape, c.shape) is not None)
            y = self.partner(x) if r.random() < 0.7 else \
                self.constant(x.dt, self.rand_const_value(x.dt))
            return self.op_where(c, x, y)
        # Inexact: only where(cmp(p, x, y), x, y) or (.., y, x), which is
        # continuous (min/max-like) even where the choice flips.
        b = self.partner(a)
        if pred in ("eq", "ne"):
            pred = "lt"
        c = self.op_cmp(pred, a, b, allow_unstable=True)
        if r.random() < 0.5:
            return self.op_where(c, a, b, switch=True)
        return self.op_where(c, b, a, switch=True)

    def mv_shape(self):
        r = self.rng
        a = self.pick(lambda v: True)
        k = r.random()
        if k < 0.3 and a.rank < 4:
            return self.op_expand(a, r.randrange(a.rank + 1))
        if k < 0.5 and a.rank >= 2:
            return self.op_transpose(a)
        if k < 0.7 and a.rank >= 1:
            return self.op_take(a, r.randrange(a.rank))
        # broadcast_to: new leading dims, size-1 dims stretched.
        shape = [d if d != 1 or r.random() < 0.5 else self.rand_dim(False)
                 for d in a.shape]
        while len(shape) < 4 and r.random() < 0.5:
            shape.insert(0, self.rand_dim(False) if r.random() < 0.8 else 1)
        if tuple(shape) == a.shape:
            if len(shape) >= 4:
                raise Reject("nothing to broadcast")
            shape.insert(0, self.rand_dim(False))
        if not self.volume_ok(shape):
            raise Reject("volume")
        return self.op_broadcast_to(a, tuple(shape))

    def mv_matmul(self):
        r = self.rng
        dt = self.float_dt() if r.random() < 0.85 else r.choice(INTS)
        a = self.pick(lambda v: v.dt == dt and v.rank == 2,
                      lambda: self.new_arg(dt, self.rand_shape(2)))
        k = a.shape[1]
        cands = [v for v in self.vals if v.stable and v.dt == dt and
                 v.rank == 2 and v.shape[0] == k]
        if cands and r.random() < 0.5:
            b = r.choice(cands)
        elif r.random() < 0.5:
            c = self.new_arg(dt, (self.rand_dim(), k))
            b = self.op_transpose(c)
        else:
            b = self.new_arg(dt, (k, self.rand_dim()))
        return self.op_matmul(a, b)

    MOVES = [("unary", 10), ("binary", 16), ("outer", 6), ("reduce", 10),
             ("argreduce", 5), ("distance", 6), ("gram", 2), ("softmax", 5),
             ("running", 3),
             ("siblings", 5), ("chain", 6), ("cast", 6), ("cmp_where", 6),
             ("shape", 8), ("matmul", 3)]

    # ------------------------------------------------------------ program
    def generate(self):
        r = self.rng
        # Starting arguments.
        for _ in range(r.choice([1, 1, 2, 2, 3])):
            dt = self.ft if r.random() < 0.8 else r.choice(NUMERIC + ("i1",))
            self.new_arg(dt, self.arg_shape())
        steps = r.randint(2, 9)
        names = [m for m, _ in self.MOVES]
        weights = [w for _, w in self.MOVES]
        done = 0
        attempts = 0
        while done < steps and attempts < steps * 12:
            attempts += 1
            move = r.choices(names, weights)[0]
            snapshot = self.snapshot()
            try:
                getattr(self, "mv_" + move)()
                done += 1
                self.count("move:" + move)
            except Reject as e:
                self.restore(snapshot)
                self.count("reject:%s:%s" % (move, e))
        # Arguments nobody used: use them (an unused argument is legal but
        # uninteresting).
        for a in list(self.args):
            if a.uses == 0:
                snapshot = self.snapshot()
                try:
                    self.use_value(a)
                except Reject:
                    self.restore(snapshot)
        return self.render()

    def use_value(self, a):
        r = self.rng
        if a.dt == "i1":
            x = self.pick(lambda v: v.dt != "i1" and v.kind != "const" and
                          bcast(v.shape, a.shape) is not None and
                          v.stable)
            y = self.constant(x.dt, self.rand_const_value(x.dt))
            return self.op_where(a, x, y)
        if a.rank >= 1 and r.random() < 0.5:
            return self.op_reduce(r.choice(["sum", "reduce_max"]), a,
                                  r.randrange(a.rank), False)
        ops = ["neg", "abs", "relu", "square"]
        if is_float(a.dt):
            ops.append("exp")
        return self.op_unary(r.choice(ops), a)

    def snapshot(self):
        return (len(self.lines), len(self.vals), len(self.args),
                dict(self.index_consts), dict(self.dims), set(self.keep),
                self.has_f2i, [v.uses for v in self.vals], dict(self.stats),
                self.counter, self.inexact_chain)

    def restore(self, s):
        (nl, nv, na, ic, dims, keep, f2i, uses, stats, counter, chain) = s
        self.inexact_chain = chain
        self.lines = self.lines[:nl]
        self.vals = self.vals[:nv]
        self.args = self.args[:na]
        self.index_consts = ic
        self.dims = dims
        self.keep = keep
        self.has_f2i = f2i
        for v, n in zip(self.vals, uses):
            v.uses = n
        self.stats = stats
        self.counter = counter

    def outputs(self):
        r = self.rng
        sinks = [v for v in self.vals if v.uses == 0 and v.kind == "op"]
        # Every sink is a result: a dead op that broadcasts would tie
        # dynamic sizes that fuse-run (which looks at the canonical form,
        # without dead code) draws independently.
        outs = list(sinks)
        if not outs:
            ops = [v for v in self.vals if v.kind == "op" and v.stable]
            if ops:
                outs = [ops[-1]]
            else:
                outs = [self.args[0]]
        # Sometimes an intermediate with other users leaves the kernel too.
        inner = [v for v in self.vals if v.kind == "op" and v.uses > 0 and
                 v.stable and v not in outs]
        if inner and r.random() < 0.3:
            outs.append(r.choice(inner))
        r.shuffle(outs)
        return outs

    def render(self):
        outs = self.outputs()
        r = self.rng
        args = ", ".join("%s: %s" % (a.name, a.type) for a in self.args)
        res = ", ".join(v.type for v in outs)
        fuse_args = ["--trials=%d" % self.trials,
                     "--max-dynamic=%d" % self.max_dynamic,
                     "--max-static=%d" % self.max_static,
                     "--max-volume=%d" % (1 << 15)]
        if self.keep:
            fuse_args.append("--keep-extent=" +
                             ",".join(str(k) for k in sorted(self.keep)))
        fill = "uniform"
        k = r.random()
        if k < 0.05:
            fill = "equal"
        elif k < 0.10 and not self.has_f2i:
            fill = "inf"
        elif k < 0.15 and not self.has_f2i:
            fill = "nan"
        if fill != "uniform":
            fuse_args.append("--fill=" + fill)
        if r.random() < 0.1:
            # The other fusion policy: argmin/argmax do not absorb the
            # reduction that produces their input.
            fuse_args.append("--fuse-index-reductions=false")
        ranked = [i for i, a in enumerate(self.args) if a.rank >= 1]
        if self.inexact_chain and "fma-ties" in self.avoid:
            ranked = []
        if ranked and r.random() < 0.15:
            fuse_args.append("--dup-rows=%d" % r.choice(ranked))
        text = ["// Generated by test/fuzz/gen_programs.py --seed %d"
                % self.seed,
                "// fuse-run-args: " + " ".join(fuse_args),
                "func.func @fuzz(%s) -> (%s) {" % (args, res)]
        text += ["  %s = arith.constant %d : index" % (name, k)
                 for k, name in sorted(self.index_consts.items())]
        text += [line for _, (_, line) in sorted(self.dims.items())]
        text += self.lines
        text.append("  return %s : %s" % (", ".join(v.name for v in outs),
                                          res))
        text.append("}")
        self.fuse_args = fuse_args
        return "\n".join(text) + "\n"


def generate(seed, avoid=tuple(KNOWN_BUGS)):
    """Returns (program text, fuse-run arguments, stats) for `seed`; the
    known bugs named in `avoid` are not triggered."""
    g = Gen(seed, avoid)
    text = g.generate()
    return text, g.fuse_args, g.stats


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, default=1)
    p.add_argument("--out", help="directory for prog-<seed>.mlir files")
    p.add_argument("--stats", action="store_true",
                   help="print op, move and dtype counts over the programs")
    p.add_argument("--include-known-bugs", action="store_true",
                   help="also generate what triggers the known bugs")
    args = p.parse_args()
    avoid = () if args.include_known_bugs else tuple(KNOWN_BUGS)
    total = {}
    for i in range(args.count):
        seed = args.seed + i
        text, _, stats = generate(seed, avoid)
        for k, n in stats.items():
            total[k] = total.get(k, 0) + n
        if args.stats:
            continue
        if args.out:
            os.makedirs(args.out, exist_ok=True)
            with open(os.path.join(args.out, "prog-%d.mlir" % seed), "w") as f:
                f.write(text)
        else:
            sys.stdout.write(text)
    if args.stats:
        for k in sorted(total):
            print("%-24s %d" % (k, total[k]))


if __name__ == "__main__":
    main()
