#!/usr/bin/env python3
"""fusec against its peers, side by side, in one process (issue 7).

Runs on the GPU machine (one H200, Python 3.12, PyTorch, Triton, CuPy, JAX,
numpy, matplotlib; no network) and follows the protocol of
shared/BENCHMARKS.md:

  * every implementation works on the same seeded, uniform input tensors;
  * device time from CUDA events, warm-up first (torch.compile's first call
    and fusec's module load are never timed), reps queued behind a GPU spin
    so that host dispatch is not timed, L2 flushed (a 256 MiB write) before
    each rep for memory-sized shapes, median reported; launch-bound shapes
    are also timed as CUDA-graph replays (torch.compile and fusec);
  * peak memory = bytes allocated above the inputs during one call,
    temporaries and results included;
  * labels are compared with a float64 reference (on a subset of rows for
    the large shapes), and every mismatch is classified as a near-tie or not;
  * the copy-bandwidth, SGEMM and HGEMM ceilings are measured in the same run;
  * issue 8: fp16/bf16 shapes (the f32 draws rounded) with fusec's
    tensor-core kernels beside cuBLAS fp16 X @ C.T and torch's half Gram,
    checked against float32 and float64 of the upcast data; fusec's
    3xTF32/TF32 kernels on the f32 shapes; the issue-8 targets.

Outputs (under --out): performance.md, results.json, roofline.png,
eager_peaks.md.  `--self-check` tests the pure-Python parts (formatting,
manifest and launch-description parsing, budget, predictions, targets)
without any GPU library.

Only the standard library is imported at module level; torch, cupy, jax,
triton, numpy and matplotlib are imported when they are needed.
"""

import os

# Must be set before torch, cupy or jax is imported (IEEE fp32 everywhere;
# JAX must not grab 75% of the device, so that the peers coexist).
os.environ["NVIDIA_TF32_OVERRIDE"] = "0"
os.environ.setdefault("CUPY_TF32", "0")
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import argparse  # noqa: E402
import ctypes  # noqa: E402
import datetime  # noqa: E402
import gc  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import platform  # noqa: E402
import re  # noqa: E402
import shlex  # noqa: E402
import signal  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402

KiB = 1024
MiB = 1024 ** 2
GiB = 1024 ** 3

FLUSH_BYTES = 256 * MiB          # L2 flush buffer (the H200's L2 is 60 MB)
CEIL_COPY_BYTES = GiB            # copy-bandwidth ceiling: one 1 GiB buffer
CEIL_GEMM_M = 8192               # SGEMM / HGEMM ceilings: m = n = k
MEM_MARGIN = 2 * GiB             # headroom kept free when checking memory
NEAR_TIE_REL = 1e-5              # |d(got) - d(ref)| <= 1e-5 * max(1, |d(ref)|)
DIRECT_REF_LIMIT = 2 ** 30       # rows*k*d elements up to which the f64
                                 # reference uses the direct form
DIRECT_REF_CHUNK = 2 ** 27       # elements per (rows, k, d) f64 chunk
DIRECT_REF32_LIMIT = 2 ** 38     # rows*k*d elements up to which the f32
                                 # reference of the half shapes is direct
                                 # (4096 rows of sample-heavy-f16: ~2 s)

# Figures of shared/TOOLCHAIN.md, used only when a ceiling could not be
# measured in this run (and then flagged as assumed).
ASSUMED_CEILINGS = {"copy_Bps": 4.28e12, "sgemm_flops": 51e12,
                    "hgemm_flops": 770e12}

# --------------------------------------------------------------------------
# Shapes
# --------------------------------------------------------------------------

SHAPES = {
    "probe": dict(kind="assign", n=4096, k=256, d=512, dtype="f32",
                  large=False, flush=True, graph=True),
    "sample-heavy": dict(kind="assign", n=131072, k=8192, d=8192,
                         dtype="f32", large=True, flush=True, graph=False),
    "centroid-heavy": dict(kind="assign", n=65536, k=16384, d=8192,
                           dtype="f32", large=True, flush=True, graph=False),
    "feature-heavy": dict(kind="assign", n=65536, k=4096, d=16384,
                          dtype="f32", large=True, flush=True, graph=False),
    # Half-precision inputs (issue 8, the tensor-core kernels): the same
    # seeded f32 draws as the base shape, rounded to fp16/bf16.
    "probe-f16": dict(kind="assign", n=4096, k=256, d=512, dtype="f16",
                      base="probe", large=False, flush=True, graph=True),
    "probe-bf16": dict(kind="assign", n=4096, k=256, d=512, dtype="bf16",
                       base="probe", large=False, flush=True, graph=True),
    "sample-heavy-f16": dict(kind="assign", n=131072, k=8192, d=8192,
                             dtype="f16", base="sample-heavy", large=True,
                             flush=True, graph=False),
    # The chain: launch-bound, launch-bound/L2-sized, memory-bound.
    "chain-4096": dict(kind="chain", numel=4096, large=False, flush=False,
                       graph=True),
    "chain-1e6": dict(kind="chain", numel=1000000, large=False, flush=True,
                      graph=True),
    "chain-134217728": dict(kind="chain", numel=134217728, large=False,
                            flush=True, graph=True),
}

HALF_DTYPES = ("f16", "bf16")
DTYPE_TITLE = {"f32": "f32", "f16": "fp16", "bf16": "bf16"}

# Run order: the cheap, most informative shapes first, so that a budget cut
# loses the least. sample-heavy-f16 has no naive, running-loop, tiles, CuPy
# or JAX rows (about half a minute in all), so it goes before the f32 large
# shapes, whose peers take minutes.
SHAPE_ORDER = ["probe", "probe-f16", "probe-bf16", "chain-4096", "chain-1e6",
               "chain-134217728", "sample-heavy-f16", "sample-heavy",
               "centroid-heavy", "feature-heavy"]

# The data seed of a shape is seed + this index (the order before the
# half-precision shapes existed, so the f32 shapes keep their data); a
# half-precision shape takes its base shape's seed, hence the same draws.
_SEED_ORDER = ["probe", "chain-4096", "chain-1e6", "chain-134217728",
               "sample-heavy", "centroid-heavy", "feature-heavy"]

SHAPE_GROUPS = {
    "all": list(SHAPE_ORDER),
    "quick": ["probe", "probe-f16", "chain-4096", "chain-1e6",
              "chain-134217728"],
    "assign": ["probe", "probe-f16", "probe-bf16", "sample-heavy-f16",
               "sample-heavy", "centroid-heavy", "feature-heavy"],
    "large": ["sample-heavy", "centroid-heavy", "feature-heavy"],
    "chain": ["chain-4096", "chain-1e6", "chain-134217728"],
    "half": ["probe-f16", "probe-bf16", "sample-heavy-f16"],
    # Every shape with a target of issue 8 (the tensor-core kernels).
    "issue8": ["probe", "probe-f16", "sample-heavy-f16", "sample-heavy",
               "centroid-heavy", "feature-heavy"],
}


def shape_dtype(shape):
    """Input dtype of an assignment shape ('f32', 'f16', 'bf16')."""
    return SHAPES.get(shape, {}).get("dtype", "f32")


def shape_seed_offset(shape):
    cfg = SHAPES[shape]
    return _SEED_ORDER.index(cfg.get("base", shape))


def canonical_shape(name):
    """'chain-1000000' -> 'chain-1e6', 'Probe' -> 'probe'; unknown names are
    returned lower-cased and stripped."""
    s = str(name or "").strip().lower().replace("_", "-")
    s = s.replace("-fp16", "-f16").replace("-half", "-f16")
    if s in SHAPES:
        return s
    if s.startswith("chain"):
        tail = s[len("chain"):].lstrip("-: ")
        try:
            value = int(float(tail))
        except ValueError:
            return s
        for key, cfg in SHAPES.items():
            if cfg["kind"] == "chain" and cfg["numel"] == value:
                return key
    return s


def select_shapes(spec, quick):
    """The shapes to run, in SHAPE_ORDER, from --shapes and --quick."""
    if not spec:
        wanted = set(SHAPE_GROUPS["quick"] if quick else SHAPE_GROUPS["all"])
    else:
        wanted = set()
        for part in str(spec).split(","):
            part = part.strip()
            if not part:
                continue
            if part.lower() in SHAPE_GROUPS:
                wanted.update(SHAPE_GROUPS[part.lower()])
                continue
            name = canonical_shape(part)
            if name not in SHAPES:
                raise ValueError("unknown shape %r (known: %s; groups: %s)" % (
                    part, ", ".join(SHAPE_ORDER), ", ".join(SHAPE_GROUPS)))
            wanted.add(name)
        if quick:
            wanted &= set(SHAPE_GROUPS["quick"])
    return [s for s in SHAPE_ORDER if s in wanted]


# --------------------------------------------------------------------------
# Programs (the examples) and forms
# --------------------------------------------------------------------------

# Canonical example names, most specific first (substring match).
KNOWN_PROGRAMS = ["running_loop_k32", "running_loop_k8", "running_step",
                  "one_centroid_distance", "distance_only", "gemm_argmin",
                  "naive_argmin", "chain"]

PROGRAM_FORM = {
    "naive_argmin": "naive", "gemm_argmin": "gram",
    "running_loop_k32": "running32", "running_loop_k8": "running8",
    "running_step": "step", "one_centroid_distance": "onedist",
    "distance_only": "distance", "chain": "chain",
}

# Inputs of each form, in the order of the function's arguments.
FORM_INPUTS = {
    "naive": ["X", "C"], "gram": ["X", "C"], "distance": ["X", "C"],
    "running32": ["X", "C32"], "running8": ["X", "C8"],
    "onedist": ["X", "C0"],
    "step": ["X", "C0", "J0", "BEST_D", "BEST_I"],
    "chain": ["XH"],
}

FORM_TITLE = {
    "naive": "naive", "gram": "Gram", "running32": "running loop over 32 "
    "centroids only", "running8": "running loop over 8 centroids only",
    "tiles": "running tiles of 32 over all k", "step": "running step",
    "onedist": "one-centroid distance", "distance": "distance only",
    "chain": "chain", "mm": "X @ C.T alone", "copy": "copy",
}


def canonical_program(name):
    """'examples/gemm_argmin.mlir', '@gemm_argmin', 'gemm_argmin_t128' ->
    'gemm_argmin'; 'chain_f16' -> 'chain'. Unknown names: basename without
    extension."""
    s = str(name or "").strip()
    s = s.replace("\\", "/").rsplit("/", 1)[-1]
    for ext in (".mlir", ".ptx", ".json"):
        if s.endswith(ext):
            s = s[: -len(ext)]
    s = s.lstrip("@").lower().replace("-", "_")
    for known in KNOWN_PROGRAMS:
        if known in s:
            return known
    if "gram" in s or "gemm" in s:
        return "gemm_argmin"
    if "naive" in s:
        return "naive_argmin"
    return s


def program_form(program):
    return PROGRAM_FORM.get(canonical_program(program))


# How a fusec kernel forms its products: "ieee" (f32 FMA, the default),
# "3xtf32" or "tf32" (f32 inputs on tensor cores, fusec --precision), "f16"
# or "bf16" (half inputs, exact products on tensor cores, f32 accumulation).
PRECISIONS = ("ieee", "3xtf32", "3xtf32-recheck", "3xtf32-certified", "tf32",
              "f16", "bf16")
PRECISION_TITLE = {
    "ieee": "f32 IEEE (FMA)", "3xtf32": "3xTF32 tensor cores",
    "3xtf32-recheck": "3xTF32 tensor cores, each row's best two decided "
                      "again in IEEE fp32",
    "3xtf32-certified": "3xTF32 tensor cores with error bounds, the IEEE "
                        "value where they cannot decide (the direct form's "
                        "labels, or the Gram form's native IEEE labels)",
    "tf32": "TF32 tensor cores, one pass",
    "f16": "fp16 inputs, tensor cores, f32 accumulation",
    "bf16": "bf16 inputs, tensor cores, f32 accumulation"}
_PRECISION_ALIASES = {"ieee": "ieee", "fp32": "ieee", "f32": "ieee",
                      "highest": "ieee", "fma": "ieee", "3xtf32": "3xtf32",
                      "tf32x3": "3xtf32", "3xtf32recheck": "3xtf32-recheck",
                      "3xtf32certified": "3xtf32-certified",
                      "tf32": "tf32", "f16": "f16",
                      "fp16": "f16", "half": "f16", "bf16": "bf16",
                      "bfloat16": "bf16"}


def canonical_precision(value):
    """'3xTF32', 'fp16', None -> '3xtf32', 'f16', 'ieee'. Unknown spellings
    are returned lower-cased (and never match a known precision)."""
    if value is None or str(value).strip() == "":
        return "ieee"
    v = str(value).strip().lower().replace("-", "").replace("_", "")
    return _PRECISION_ALIASES.get(v, v)


def infer_precision(*names):
    """The precision a kernel or ledger row name implies: '3xtf32' and
    'tf32' in the name, then 'bf16' and 'f16' (assignment programs only:
    chain_f16 is the chain as written), else 'ieee'."""
    text = " ".join(str(n or "") for n in names).lower()
    if "3xtf32-recheck" in text:
        return "3xtf32-recheck"
    if "3xtf32-certified" in text:
        return "3xtf32-certified"
    if "3xtf32" in text:
        return "3xtf32"
    if "tf32" in text:
        return "tf32"
    if any(canonical_program(n) == "chain" for n in names if n):
        return "ieee"
    if "bf16" in text:
        return "bf16"
    if "f16" in text:
        return "f16"
    return "ieee"


def precision_inputs(precision):
    """The input dtype a kernel of this precision takes."""
    return precision if precision in HALF_DTYPES else "f32"


# --------------------------------------------------------------------------
# Formatting
# --------------------------------------------------------------------------

def fmt_bytes(b):
    if b is None:
        return ""
    b = int(b)
    if abs(b) < KiB:
        return "%d B" % b
    if abs(b) < MiB:
        return "%.4g KiB" % (b / KiB)
    if abs(b) < GiB:
        return "%.4g MiB" % (b / MiB)
    return "%.4g GiB" % (b / GiB)


def fmt_time_ms(ms):
    if ms is None:
        return ""
    if ms < 1.0:
        us = ms * 1e3
        return ("%.1f µs" % us) if us >= 10 else ("%.2f µs" % us)
    if ms < 1000.0:
        return "%.4g ms" % ms
    return "%.4g s" % (ms / 1e3)


def fmt_us(us):
    if us is None:
        return ""
    return fmt_time_ms(us / 1e3)


def fmt_rate(flops_per_s=None, bytes_per_s=None, kind=None):
    if kind == "copy BW" and bytes_per_s:
        return "%.3g TB/s" % (bytes_per_s / 1e12)
    if flops_per_s:
        return "%.3g TFLOP/s" % (flops_per_s / 1e12)
    if bytes_per_s:
        return "%.3g TB/s" % (bytes_per_s / 1e12)
    return ""


def fmt_pct(x):
    if x is None:
        return ""
    return "%.1f%%" % (100.0 * x)


def fmt_ratio(x):
    if x is None:
        return ""
    return "%.3g×" % x


def md_escape(s):
    s = "" if s is None else str(s)
    return s.replace("\r", " ").replace("\n", " ").replace("|", "\\|")


def md_table(headers, rows):
    out = ["| " + " | ".join(md_escape(h) for h in headers) + " |",
           "|" + "|".join("---" for _ in headers) + "|"]
    for r in rows:
        if len(r) != len(headers):
            raise ValueError("row has %d cells, table has %d columns" %
                             (len(r), len(headers)))
        out.append("| " + " | ".join(md_escape(c) for c in r) + " |")
    return "\n".join(out) + "\n"


def shorten(s, n=240):
    s = "" if s is None else " ".join(str(s).split())
    return s if len(s) <= n else s[: n - 1] + "…"


def log(msg, t0=[None]):  # noqa: B006 (a start time shared by all calls)
    if t0[0] is None:
        t0[0] = time.monotonic()
    print("[%7.1fs] %s" % (time.monotonic() - t0[0], msg), file=sys.stderr,
          flush=True)


# --------------------------------------------------------------------------
# Budget
# --------------------------------------------------------------------------

class Budget:
    """A global wall-clock budget; rows that do not fit are skipped."""

    def __init__(self, seconds, clock=time.monotonic):
        self.seconds = float(seconds)
        self.clock = clock
        self.t0 = clock()
        self.skipped = 0

    def elapsed(self):
        return self.clock() - self.t0

    def remaining(self):
        return self.seconds - self.elapsed()

    def skip_reason(self, est_seconds=0.0):
        rem = self.remaining()
        if rem <= 0:
            return "time budget exceeded (%.0f s of %.0f s used)" % (
                self.elapsed(), self.seconds)
        if est_seconds and est_seconds > rem:
            return ("time budget: this row needs ~%.0f s, %.0f s of %.0f s "
                    "left" % (est_seconds, rem, self.seconds))
        return None

    def timing_cap(self):
        """Seconds one row's timed reps may take."""
        return max(0.5, min(30.0, 0.25 * self.remaining()))


# --------------------------------------------------------------------------
# Manifest, launch descriptions, input plans
# --------------------------------------------------------------------------

DTYPE_CODES = {"f16": 0, "bf16": 1, "f32": 2, "f64": 3, "i1": 4, "i32": 5,
               "i64": 6}
DTYPE_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1, "i32": 4,
               "i64": 8}
LAUNCH_PREFIX = "// fusec-launch: "


def select_entries(entries, pattern):
    """The manifest entries whose names match the regular expression
    `pattern` (re.search; all of them when it is None). Raises ValueError
    for a malformed pattern."""
    if pattern is None:
        return list(entries)
    try:
        regex = re.compile(pattern)
    except re.error as e:
        raise ValueError("--only-kernels %r: %s" % (pattern, e))
    return [e for e in entries if regex.search(e["name"])]


def load_manifest(kdir):
    """Returns (entries, problems). Each entry: name, example, program, form,
    shape, ptx_path, notes, index, error (None or a message)."""
    path = os.path.join(kdir, "manifest.json")
    with open(path, "r", encoding="utf-8") as f:
        data = json.load(f)
    if isinstance(data, dict):
        raw = None
        for key in ("kernels", "entries", "rows"):
            if isinstance(data.get(key), list):
                raw = data[key]
                break
        if raw is None:
            raise ValueError("%s: expected a list of entries, or an object "
                             "with a 'kernels' list" % path)
    elif isinstance(data, list):
        raw = data
    else:
        raise ValueError("%s: expected a list of entries" % path)
    entries, problems = [], []
    for i, e in enumerate(raw):
        if not isinstance(e, dict):
            problems.append("entry %d is not an object" % i)
            continue
        name = str(e.get("name") or "entry%d" % i)
        example = str(e.get("example") or "")
        shape = canonical_shape(e.get("shape", ""))
        ptx = e.get("ptx") or e.get("ptx_file") or e.get("file") or ""
        notes = e.get("notes", "")
        if not isinstance(notes, str):
            notes = json.dumps(notes)
        program = canonical_program(example or name)
        form = PROGRAM_FORM.get(program)
        if e.get("precision"):
            precision = canonical_precision(e.get("precision"))
        else:
            precision = infer_precision(example, name)
        error = None
        if not ptx:
            error = "manifest entry has no 'ptx' file"
        elif form is None:
            error = "unknown example %r (known: %s)" % (
                example, ", ".join(KNOWN_PROGRAMS))
        elif precision not in PRECISIONS:
            error = "unknown precision %r (known: %s)" % (
                e.get("precision"), ", ".join(PRECISIONS))
        if shape not in SHAPES:
            problems.append("entry %d (%s): unknown shape %r" % (
                i, name, e.get("shape")))
        elif form is not None and form != "chain" and \
                SHAPES[shape]["kind"] == "chain":
            error = error or "example %s on chain shape %s" % (program, shape)
        elif form == "chain" and SHAPES[shape]["kind"] != "chain":
            error = error or "chain example on assignment shape %s" % shape
        elif form is not None and precision in PRECISIONS and \
                SHAPES[shape]["kind"] == "assign" and \
                precision_inputs(precision) != shape_dtype(shape):
            error = error or "kernel of precision %s (%s inputs) on "\
                "shape %s, whose inputs are %s" % (
                    precision, precision_inputs(precision), shape,
                    shape_dtype(shape))
        entries.append(dict(name=name, example=example, program=program,
                            form=form, shape=shape, precision=precision,
                            ptx_path=os.path.join(kdir, str(ptx)) if ptx
                            else "", notes=notes, index=i, error=error,
                            baseline=bool(e.get("baseline"))))
    return entries, problems


def extract_launch_desc(ptx_text):
    """The launch description embedded in a PTX file (a dict), or None."""
    for line in ptx_text.splitlines():
        if line.startswith(LAUNCH_PREFIX):
            return json.loads(line[len(LAUNCH_PREFIX):])
    return None


def desc_args(desc, role):
    return [a for a in desc.get("args", []) if a.get("role") == role]


def _static_match(spec_shape, actual_shape):
    if len(spec_shape) != len(actual_shape):
        return False
    for s, a in zip(spec_shape, actual_shape):
        if isinstance(s, int) and s != a:
            return False
    return True


def plan_inputs(form, desc, available):
    """Which named tensors to pass as the kernel's inputs.

    available: key -> (shape tuple, dtype string) of the tensors this shape
    can provide. Returns (keys, errors)."""
    inputs = desc_args(desc, "input")
    keys = list(FORM_INPUTS.get(form) or [])
    errors = []
    if len(keys) != len(inputs) or any(k not in available for k in keys):
        # Fall back on matching dtype, rank and static dimensions.
        keys, used = [], set()
        for a in inputs:
            found = None
            for key, (shape, dtype) in available.items():
                if key in used or dtype != a.get("dtype"):
                    continue
                if _static_match(list(a.get("shape", [])), list(shape)):
                    found = key
                    break
            if found is None:
                errors.append("no tensor for input %r (%s %s)" % (
                    a.get("name"), a.get("dtype"), a.get("shape")))
            else:
                used.add(found)
                keys.append(found)
        if errors:
            return keys, errors
    symbols = {}
    for a, key in zip(inputs, keys):
        shape, dtype = available[key]
        if dtype != a.get("dtype"):
            errors.append("input %r: kernel wants %s, %s is %s" % (
                a.get("name"), a.get("dtype"), key, dtype))
        spec = list(a.get("shape", []))
        if len(spec) != len(shape):
            errors.append("input %r: kernel wants rank %d, %s has shape %s" %
                          (a.get("name"), len(spec), key, list(shape)))
            continue
        for dim, (s, v) in enumerate(zip(spec, shape)):
            if isinstance(s, int):
                if s != v:
                    errors.append(
                        "input %r dim %d: kernel compiled for %d, %s has %d" %
                        (a.get("name"), dim, s, key, v))
            else:
                if s in symbols and symbols[s] != v:
                    errors.append("input %r dim %d: size %s is %d here, %d "
                                  "earlier" % (a.get("name"), dim, s, v,
                                               symbols[s]))
                symbols.setdefault(s, v)
    return keys, errors


def resolve_symbols(desc, input_shapes):
    args = desc.get("args", [])
    symbols = {}
    inputs = [i for i, a in enumerate(args) if a.get("role") == "input"]
    for s in desc.get("sizes", []) or []:
        a, dim = s.get("arg"), s.get("dim")
        if isinstance(a, int) and a in inputs:
            pos = inputs.index(a)
            if pos < len(input_shapes) and isinstance(dim, int) and \
                    dim < len(input_shapes[pos]):
                symbols[s.get("name")] = int(input_shapes[pos][dim])
    for pos, i in enumerate(inputs):
        if pos >= len(input_shapes):
            break
        for dim, s in enumerate(args[i].get("shape", [])):
            if isinstance(s, str) and dim < len(input_shapes[pos]):
                symbols.setdefault(s, int(input_shapes[pos][dim]))
    return symbols


def _resolve_shape(spec, symbols, what):
    shape = []
    for s in spec:
        if isinstance(s, int):
            shape.append(s)
        elif s in symbols:
            shape.append(symbols[s])
        else:
            raise ValueError("%s: size %r is not defined by any input" %
                             (what, s))
    return shape


def resolve_outputs(desc, input_shapes):
    """[(name, dtype, shape)] of the outputs, and the bytes of the runtime's
    temporaries (buffers), from the input shapes."""
    symbols = resolve_symbols(desc, input_shapes)
    outs = []
    for a in desc_args(desc, "output"):
        dtype = a.get("dtype")
        if dtype not in DTYPE_CODES:
            raise ValueError("output %r: unknown dtype %r" % (a.get("name"),
                                                             dtype))
        outs.append((a.get("name"), dtype,
                     _resolve_shape(a.get("shape", []), symbols,
                                    "output %r" % a.get("name"))))
    temp = 0
    for b in desc.get("buffers", []) or []:
        shape = _resolve_shape(b.get("shape", []), symbols,
                               "buffer %r" % b.get("name"))
        temp += DTYPE_BYTES.get(b.get("dtype"), 0) * math.prod(shape)
    return outs, temp


def array_bytes(dtype, shape):
    return DTYPE_BYTES[dtype] * math.prod(shape)


# --------------------------------------------------------------------------
# Predictions (the byte ledger's JSON)
# --------------------------------------------------------------------------

def load_predictions(path):
    with open(path, "r", encoding="utf-8") as f:
        data = json.load(f)
    rows = data.get("rows") if isinstance(data, dict) else data
    if not isinstance(rows, list):
        raise ValueError("%s: expected {rows: [...]}" % path)
    index = {}
    for r in rows:
        if not isinstance(r, dict):
            continue
        prog = r.get("program", "")
        prec = canonical_precision(r["precision"]) if r.get("precision") \
            else infer_precision(prog)
        key = (canonical_program(prog),
               canonical_shape(r.get("shape", "")),
               str(r.get("plan", "")).strip().lower(), prec)
        index[key] = r
    return index


def lookup_prediction(index, program, shape, plan, precision=None):
    """The ledger's row for (program, shape, plan, precision), or None. A
    half-precision row on a half-precision shape also looks under the base
    shape (the ledger knows the seeds' shapes). Rows the ledger lacks (the
    tensor-core precisions, as of now) give None: their cells stay
    blank."""
    if not index or not program or not plan:
        return None
    prog = canonical_program(program)
    prec = canonical_precision(precision)
    shape = canonical_shape(shape)
    shapes = [shape]
    if prec in HALF_DTYPES and SHAPES.get(shape, {}).get("base"):
        shapes.append(SHAPES[shape]["base"])
    for s in shapes:
        if s:
            r = index.get((prog, s, str(plan).lower(), prec))
            if r is not None:
                return r
    return None


def _number(v):
    """A finite float, or None (a ledger field may be missing or null)."""
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None


# --------------------------------------------------------------------------
# Work, roofline, per-row derived figures
# --------------------------------------------------------------------------

def row_work(shape, form):
    """(flops, minimum bytes) of one call. Every assignment form is counted
    at 2nkd FLOPs, the Gram GEMM's count (the direct form executes 3nkd)."""
    cfg = SHAPES[shape]
    if cfg["kind"] == "chain":
        m = cfg["numel"]
        if form == "copy":
            return 0, 4 * m
        return 4 * m, 4 * m
    n, k, d = cfg["n"], cfg["k"], cfg["d"]
    e = DTYPE_BYTES[shape_dtype(shape)]     # input (and mm output) element
    if form in ("naive", "gram", "tiles"):
        return 2 * n * k * d, e * n * d + e * k * d + 8 * n
    if form in ("running32", "running8"):
        kk = 32 if form == "running32" else 8
        return 2 * n * kk * d, e * n * d + e * kk * d + 8 * n
    if form == "mm":
        return 2 * n * k * d, e * n * d + e * k * d + e * n * k
    if form == "distance":
        return 2 * n * k * d, e * n * d + e * k * d + 4 * n * k
    if form == "onedist":
        return 2 * n * d, e * n * d + e * d + 4 * n
    if form == "step":
        return 2 * n * d, e * n * d + e * d + 8 + 24 * n
    return None, None


def compute_ceiling(shape):
    """(key in the ceilings, title) of the compute roof of a shape: SGEMM
    for f32 inputs, HGEMM for fp16/bf16 inputs."""
    if SHAPES.get(shape, {}).get("kind") == "assign" and \
            shape_dtype(shape) in HALF_DTYPES:
        return "hgemm_flops", "HGEMM"
    return "sgemm_flops", "SGEMM"


def roof_metrics(flops, bytes_min, t_s, ceilings, compute="sgemm_flops"):
    """Fraction of the relevant ceiling: the roofline time max(bytes/BW,
    flops/GEMM rate) over the measured time; the rate is SGEMM, or HGEMM
    for half-precision inputs (compute="hgemm_flops")."""
    if not t_s or t_s <= 0:
        return {}
    bw = ceilings.get("copy_Bps")
    rate = ceilings.get(compute)
    t_mem = bytes_min / bw if (bw and bytes_min) else None
    t_cmp = flops / rate if (rate and flops) else None
    out = {}
    if flops:
        out["achieved_flops"] = flops / t_s
    if bytes_min:
        out["achieved_Bps"] = bytes_min / t_s
    if flops and bytes_min:
        out["intensity"] = flops / bytes_min
    if t_mem is None and t_cmp is None:
        return out
    if t_cmp is None or (t_mem is not None and t_mem >= t_cmp):
        out["ceiling"] = "copy BW"
        out["fraction"] = t_mem / t_s
    else:
        out["ceiling"] = "HGEMM" if compute == "hgemm_flops" else "SGEMM"
        out["fraction"] = t_cmp / t_s
    return out


def mark_best(rows):
    """Marks the fastest fusec kernel of each (shape, program, precision)
    among plain launches (graph replays are marked separately)."""
    groups = {}
    for r in rows:
        if r.get("family") != "fusec" or r.get("status") != "ok" or \
                r.get("time_ms") is None or r.get("baseline"):
            continue
        key = (r["shape"], r.get("program"), bool(r.get("graph")),
               canonical_precision(r.get("precision")))
        groups.setdefault(key, []).append(r)
    for r in rows:
        r["best"] = False
    for group in groups.values():
        best = min(group, key=lambda r: r["time_ms"])
        best["best"] = True


# --------------------------------------------------------------------------
# Targets (issues 7 and 8)
# --------------------------------------------------------------------------

FULL_FORMS = ("naive", "gram", "tiles")

# Issue 8's first milestone on sample-heavy-f16: the best Triton fused
# assignment kernel measured on 2026-11-29 took 40 ms.
TRITON_FUSED_F16_MS = 40.0


def _ok(r):
    return r.get("status") == "ok" and r.get("time_ms") is not None


def _best(rows, pred):
    # A/B baselines (manifest "baseline": an earlier version's kernel timed
    # beside the current one) are never what a target is judged on.
    cands = [r for r in rows if _ok(r) and not r.get("baseline") and pred(r)]
    return min(cands, key=lambda r: r["time_ms"]) if cands else None


# Samples a row's clock needs before the reports quote it.
MIN_CLOCK_SAMPLES = 5


def sampled_clock(row):
    """The row's clock (ClockSampler.finish) when its reps were sampled often
    enough to quote, else None."""
    clock = (row.get("timing") or {}).get("clock")
    if clock and clock.get("samples", 0) >= MIN_CLOCK_SAMPLES:
        return clock
    return None


def row_megacycles(row, clock):
    """The row's median time in millions of SM cycles at its mean clock."""
    return row["time_ms"] * clock["sm_mhz_mean"] / 1e3


def clock_comparison(a, b):
    """"; at A / B MHz, A / B M cycles" when both rows' reps were sampled
    (ClockSampler): under the power cap a ratio of times can be a ratio of
    clocks."""
    ca, cb = sampled_clock(a), sampled_clock(b)
    if not ca or not cb:
        return ""
    return "; at %.0f / %.0f MHz, %.1f / %.1f M cycles" % (
        ca["sm_mhz_mean"], cb["sm_mhz_mean"], row_megacycles(a, ca),
        row_megacycles(b, cb))


# The targets' name for the naive example compiled with
# --allow-reassociation --precision=3xtf32 (issue 8), reported beside the
# direct form's.
REASSOCIATED_NAIVE = "naive, 3xtf32 with --allow-reassociation"


def evaluate_targets(rows, ceilings):
    """The targets of issues 7 and 8, from the measured rows. Each target:
    issue, shape, target, value, limit, met (True, False or None: not
    measurable in this run), detail, fmt."""
    targets = []
    issue = [7]

    def add(shape, name, value, limit, met, detail, fmt="ratio"):
        targets.append(dict(issue=issue[0], shape=shape, target=name,
                            value=value, limit=limit, met=met, detail=detail,
                            fmt=fmt))

    def fusec_best(shape, form, graph=False, precision="ieee"):
        return _best(rows, lambda r: r["shape"] == shape and
                     r.get("family") == "fusec" and r.get("form") == form and
                     bool(r.get("graph")) == graph and
                     canonical_precision(r.get("precision")) == precision)

    def peer_best(shape):
        return _best(rows, lambda r: r["shape"] == shape and
                     r.get("family") not in ("fusec", "ceiling") and
                     r.get("form") in FULL_FORMS)

    def cublas(shape):
        return _best(rows, lambda r: r["shape"] == shape and
                     r.get("form") == "mm")

    def ratio_target(shape, name, a, b, limit, inverse=False):
        if a is None or b is None:
            missing = "fusec row" if a is None else "reference row"
            add(shape, name, None, limit, None, "not measured (%s)" % missing)
            return
        v = (b["time_ms"] / a["time_ms"]) if inverse else \
            (a["time_ms"] / b["time_ms"])
        met = (v >= limit) if inverse else (v <= limit)
        add(shape, name, v, limit, met, "%s %s vs %s %s%s" % (
            a["impl"], fmt_time_ms(a["time_ms"]), b["impl"],
            fmt_time_ms(b["time_ms"]), clock_comparison(a, b)))

    def time_target(shape, name, r, limit_ms):
        if r is None:
            add(shape, name, None, limit_ms, None, "not measured (fusec row)",
                fmt="ms")
            return
        add(shape, name, r["time_ms"], limit_ms, r["time_ms"] < limit_ms,
            r["impl"], fmt="ms")

    def peak_target(shape, name, r, limit):
        if r is None or r.get("peak_bytes") is None:
            add(shape, name, None, limit, None, "not measured", fmt="bytes")
            return
        add(shape, name, r["peak_bytes"], limit, r["peak_bytes"] <= limit,
            r["impl"], fmt="bytes")

    def mismatch_target(shape, name, r):
        if r is None or r.get("mismatches") is None:
            add(shape, name, None, 0, None, "not measured", fmt="count")
            return
        add(shape, name, r["mismatches"], 0, r["mismatches"] == 0,
            "%s, %s rows checked" % (r["impl"], r.get("checked")),
            fmt="count")

    def agreement_target(shape, name, r):
        ag = (r or {}).get("agreement")
        if r is None or not ag or ag.get("percent") is None:
            add(shape, name, None, 99.99, None, "not measured", fmt="pct")
            return
        met = ag["percent"] >= 99.99 and \
            ag.get("near_ties") == ag.get("disagree")
        add(shape, name, ag["percent"], 99.99, met,
            "%d disagreements, %s near-ties (vs %s)" % (
                ag.get("disagree", 0), ag.get("near_ties"), ag.get("vs")),
            fmt="pct")

    def ieee_labels_target(shape, name, r):
        """Rows whose label differs from the IEEE Gram kernel's, over all
        rows (the IEEE kernel's labels are what 3xtf32-recheck promises)."""
        ag = (r or {}).get("agreement_ieee")
        if r is None or not ag or ag.get("disagree") is None:
            add(shape, name, None, 0, None, "not measured", fmt="count")
            return
        add(shape, name, ag["disagree"], 0, ag["disagree"] == 0,
            "%s: %d of %d rows differ from %s" % (
                r["impl"], ag["disagree"], ag.get("rows"), ag.get("vs")),
            fmt="count")

    def f32_ref_target(shape, name, r):
        """Every label that differs from the float32 reference of the
        upcast half data is a near-tie in float64 (or closer in float64
        than the reference's own label: then the reference was off)."""
        if r is None or r.get("mismatches_f32") is None:
            add(shape, name, None, 0, None, "not measured", fmt="count")
            return
        c = r.get("check_f32") or {}
        beyond = c.get("beyond_near_tie")
        if beyond is None:
            beyond = r["mismatches_f32"] - (r.get("near_ties_f32") or 0)
        bad = beyond + (c.get("out_of_range") or 0)
        add(shape, name, bad, 0, bad == 0,
            "%s: %d mismatches vs f32 (%s near-ties, %s closer than the f32 "
            "reference in f64) and %s vs f64 (%s near-ties), %s rows" % (
                r["impl"], r["mismatches_f32"], r.get("near_ties_f32"),
                c.get("closer_than_ref", 0), r.get("mismatches"),
                r.get("near_ties"), r.get("checked")), fmt="count")

    shapes_present = []
    for r in rows:
        if r["shape"] not in shapes_present:
            shapes_present.append(r["shape"])

    # ---- issue 7: fusec's f32 (IEEE) kernels ----
    if "probe" in shapes_present:
        n = SHAPES["probe"]["n"]
        best_peer = peer_best("probe")
        naive = fusec_best("probe", "naive")
        gram = fusec_best("probe", "gram")
        ratio_target("probe", "naive ≤ 0.8 × best peer", naive, best_peer,
                     0.8)
        peak_target("probe", "naive peak = labels (n × 8 B)", naive, n * 8)
        mismatch_target("probe", "naive 0 mismatches vs f64", naive)
        ratio_target("probe", "Gram ≤ 0.45 × best peer", gram, best_peer,
                     0.45)
        ratio_target("probe", "Gram ≤ 1.0 × cuBLAS X@Cᵀ alone", gram,
                     cublas("probe"), 1.0)
        peak_target("probe", "Gram peak = labels (n × 8 B)", gram, n * 8)
        mismatch_target("probe", "Gram 0 mismatches vs f64", gram)
        # The tensor-core precisions that keep fp32 accuracy get the probe's
        # Gram targets too (their mismatches against float64 are counted);
        # the recheck also promises the IEEE kernel's labels.
        for precision in ("3xtf32", "3xtf32-recheck", "3xtf32-certified"):
            row = fusec_best("probe", "gram", precision=precision)
            if row is None:
                continue
            name = "Gram, " + precision
            ratio_target("probe", name + " ≤ 0.45 × best peer", row,
                         best_peer, 0.45)
            ratio_target("probe", name + " ≤ 1.0 × cuBLAS X@Cᵀ alone", row,
                         cublas("probe"), 1.0)
            peak_target("probe", name + " peak = labels (n × 8 B)", row,
                        n * 8)
            mismatch_target("probe", name + " 0 mismatches vs f64", row)
            if precision == "3xtf32-recheck":
                ieee_labels_target("probe", name + " labels = the IEEE Gram "
                                   "kernel's", row)
        # The naive example under --precision=3xtf32-certified: 3xTF32
        # tensor cores with error bounds, the direct form wherever the
        # bounds cannot decide, so its labels are the direct form's (no
        # reassociation flag). The naive target's row for it.
        certified = fusec_best("probe", "naive", precision="3xtf32-certified")
        if certified is not None:
            name = "naive, 3xtf32-certified"
            ratio_target("probe", name + " ≤ 0.8 × best peer", certified,
                         best_peer, 0.8)
            peak_target("probe", name + " peak = labels (n × 8 B)",
                        certified, n * 8)
            mismatch_target("probe", name + " 0 mismatches vs f64", certified)
            ieee_labels_target("probe", name + " labels = the direct form "
                               "kernel's", certified)
        # The naive example compiled with --allow-reassociation (issue 8):
        # the byte ledger rewrites it to the Gram form on tensor cores. It
        # is not the direct form that the naive target above asks for, so
        # it is reported beside it, under the naive target's limit.
        reassociated = fusec_best("probe", "naive", precision="3xtf32")
        if reassociated is not None:
            name = REASSOCIATED_NAIVE
            ratio_target("probe", name + " ≤ 0.8 × best peer", reassociated,
                         best_peer, 0.8)
            peak_target("probe", name + " peak = labels (n × 8 B)",
                        reassociated, n * 8)
            mismatch_target("probe", name + " 0 mismatches vs f64",
                            reassociated)

    for shape in SHAPE_GROUPS["large"]:
        if shape not in shapes_present:
            continue
        n = SHAPES[shape]["n"]
        gram = fusec_best(shape, "gram")
        naive = fusec_best(shape, "naive")
        ratio_target(shape, "Gram ≤ 1.0 × cuBLAS X@Cᵀ alone", gram,
                     cublas(shape), 1.0)
        peak_target(shape, "Gram peak ≤ labels + 1 MiB", gram, n * 8 + MiB)
        agreement_target(shape, "Gram agreement with torch eager Gram ≥ "
                         "99.99%, every disagreement a near-tie", gram)
        # 3xTF32 with error bounds, the Gram form's native IEEE labels
        # (past 1024 features with the norms summed natively): only where
        # a manifest has the kernel.
        cert = fusec_best(shape, "gram", precision="3xtf32-certified")
        if cert is not None:
            name = "Gram, 3xtf32-certified"
            ratio_target(shape, name + " ≤ 1.0 × cuBLAS X@Cᵀ alone", cert,
                         cublas(shape), 1.0)
            peak_target(shape, name + " peak ≤ labels + 1 MiB", cert,
                        n * 8 + MiB)
            agreement_target(shape, name + " agreement with torch eager "
                             "Gram ≥ 99.99%, every disagreement a near-tie",
                             cert)
        rc = fusec_best(shape, "gram", precision="3xtf32-recheck")
        if rc is not None:
            ratio_target(shape, "Gram, 3xtf32-recheck ≤ 1.0 × cuBLAS X@Cᵀ "
                         "alone", rc, cublas(shape), 1.0)
            peak_target(shape, "Gram, 3xtf32-recheck peak ≤ labels + 1 MiB",
                        rc, n * 8 + MiB)
            agreement_target(shape, "Gram, 3xtf32-recheck agreement with "
                             "torch eager Gram ≥ 99.99%, every disagreement "
                             "a near-tie", rc)
            ieee_labels_target(shape, "Gram, 3xtf32-recheck labels = the "
                               "IEEE Gram kernel's", rc)
        ratio_target(shape, "naive ≤ 2.0 × cuBLAS X@Cᵀ alone", naive,
                     cublas(shape), 2.0)
        tiles = _best(rows, lambda r, s=shape: r["shape"] == s and
                      r.get("form") == "tiles")
        ratio_target(shape, "naive ≥ 7× faster than torch.compile running "
                     "tiles", naive, tiles, 7.0, inverse=True)
        peak_target(shape, "naive peak ≤ labels + 1 MiB", naive, n * 8 + MiB)
        # The naive example under --precision=3xtf32-certified: the direct
        # form's labels (no reassociation flag) from 3xTF32 and error
        # bounds, under the naive targets.
        certified = fusec_best(shape, "naive", precision="3xtf32-certified")
        if certified is not None:
            name = "naive, 3xtf32-certified"
            ratio_target(shape, name + " ≤ 2.0 × cuBLAS X@Cᵀ alone",
                         certified, cublas(shape), 2.0)
            ratio_target(shape, name + " ≥ 7× faster than torch.compile "
                         "running tiles", certified, tiles, 7.0, inverse=True)
            peak_target(shape, name + " peak ≤ labels + 1 MiB", certified,
                        n * 8 + MiB)
            ieee_labels_target(shape, name + " labels = the direct form "
                               "kernel's", certified)
        # The naive example with --allow-reassociation (issue 8), beside
        # the direct form's targets: the ledger's Gram form on tensor cores.
        reassociated = fusec_best(shape, "naive", precision="3xtf32")
        if reassociated is not None:
            name = REASSOCIATED_NAIVE
            ratio_target(shape, name + " ≤ 2.0 × cuBLAS X@Cᵀ alone",
                         reassociated, cublas(shape), 2.0)
            ratio_target(shape, name + " ≥ 7× faster than torch.compile "
                         "running tiles", reassociated, tiles, 7.0,
                         inverse=True)
            peak_target(shape, name + " peak ≤ labels + 1 MiB", reassociated,
                        n * 8 + MiB)

    big = "chain-134217728"
    if big in shapes_present:
        r = fusec_best(big, "chain")
        bw = ceilings.get("copy_Bps")
        if r is None or not bw:
            add(big, "chain ≥ 90% of copy BW at 2|x|", None, 90.0, None,
                "not measured", fmt="pct")
        else:
            achieved = 4 * SHAPES[big]["numel"] / (r["time_ms"] / 1e3)
            add(big, "chain ≥ 90% of copy BW at 2|x|", 100.0 * achieved / bw,
                90.0, achieved / bw >= 0.9, "%s: %.3g TB/s vs copy %.3g TB/s" % (
                    r["impl"], achieved / 1e12, bw / 1e12), fmt="pct")
    small = "chain-4096"
    if small in shapes_present:
        f = fusec_best(small, "chain", graph=True) or \
            fusec_best(small, "chain")
        c = _best(rows, lambda r: r["shape"] == small and
                  r.get("family") == "torch.compile" and bool(r.get("graph")))
        ratio_target(small, "chain ≤ 1.0 × torch.compile (graph replay)", f,
                     c, 1.0)

    # ---- issue 8: the tensor-core kernels ----
    issue[0] = 8
    probe16 = "probe-f16"
    if probe16 in shapes_present:
        n = SHAPES[probe16]["n"]
        g = fusec_best(probe16, "gram", precision="f16")
        ratio_target(probe16, "fp16 Gram ≤ 2.5 × cuBLAS fp16 X@Cᵀ alone", g,
                     cublas(probe16), 2.5)
        peak_target(probe16, "fp16 Gram peak = labels (n × 8 B)", g, n * 8)
        f32_ref_target(probe16, "fp16 Gram labels = f32 reference of the "
                       "fp16 data, except near-ties", g)
    big16 = "sample-heavy-f16"
    if big16 in shapes_present:
        n = SHAPES[big16]["n"]
        g = fusec_best(big16, "gram", precision="f16")
        time_target(big16, "fp16 Gram faster than the best Triton fused "
                    "assign of 2026-11-29 (first milestone)", g,
                    TRITON_FUSED_F16_MS)
        ratio_target(big16, "fp16 Gram ≤ 1.0 × cuBLAS fp16 X@Cᵀ alone "
                     "(goal)", g, cublas(big16), 1.0)
        peak_target(big16, "fp16 Gram peak = labels (n × 8 B)", g, n * 8)
        f32_ref_target(big16, "fp16 Gram labels = f32 reference of the "
                       "fp16 data, except near-ties", g)
    for shape in SHAPE_GROUPS["large"]:
        if shape not in shapes_present:
            continue
        n = SHAPES[shape]["n"]
        tc = fusec_best(shape, "gram", precision="3xtf32")
        ieee = fusec_best(shape, "gram")
        ratio_target(shape, "3xTF32 Gram ≤ 0.5 × SGEMM-only (cuBLAS fp32 "
                     "X@Cᵀ alone, TF32 off)", tc, cublas(shape), 0.5)
        name = "3xTF32 mismatches vs f64 ≤ the IEEE Gram kernel's (same rows)"
        if tc is None or ieee is None or tc.get("mismatches") is None or \
                ieee.get("mismatches") is None:
            add(shape, name, (tc or {}).get("mismatches"),
                (ieee or {}).get("mismatches"), None,
                "not measured (%s)" % ("3xTF32 row" if tc is None or
                                       tc.get("mismatches") is None
                                       else "IEEE Gram row"), fmt="count")
        elif tc.get("checked") != ieee.get("checked"):
            add(shape, name, tc["mismatches"], ieee["mismatches"], None,
                "checked rows differ: %s vs %s" % (tc.get("checked"),
                                                   ieee.get("checked")),
                fmt="count")
        else:
            add(shape, name, tc["mismatches"], ieee["mismatches"],
                tc["mismatches"] <= ieee["mismatches"],
                "%s: %d (%s near-ties) vs %s: %d (%s near-ties), %s rows" % (
                    tc["impl"], tc["mismatches"], tc.get("near_ties"),
                    ieee["impl"], ieee["mismatches"], ieee.get("near_ties"),
                    tc.get("checked")), fmt="count")
        peak_target(shape, "3xTF32 Gram peak = labels (n × 8 B)", tc, n * 8)
    return targets


def fmt_target_value(t, key="value"):
    v = t.get(key)
    if v is None:
        return ""
    if t["fmt"] == "bytes":
        return fmt_bytes(v)
    if t["fmt"] == "count":
        return str(v)
    if t["fmt"] == "ms":
        return fmt_time_ms(v)
    if t["fmt"] == "pct":
        return "%.4f%%" % v if v > 99 else "%.1f%%" % v
    return fmt_ratio(v)


# --------------------------------------------------------------------------
# Reports
# --------------------------------------------------------------------------

TABLE_HEADERS = ["shape", "implementation", "median", "reps",
                 "peak above inputs", "mismatches (near-ties) / checked",
                 "achieved", "fraction of ceiling", "predicted floor",
                 "measured/floor", "note"]


def row_cells(r):
    impl = r["impl"]
    if r.get("best"):
        impl += " ★best"
    if r.get("status") == "skipped":
        median = "skipped"
    elif r.get("status") == "failed":
        median = "FAILED"
    else:
        median = fmt_time_ms(r.get("time_ms"))
    reps = ""
    if r.get("reps"):
        reps = str(r["reps"])
    if r.get("mismatches") is not None:
        mm = "%d (%s) / %s" % (r["mismatches"],
                               "" if r.get("near_ties") is None
                               else r["near_ties"], r.get("checked", ""))
        if r.get("mismatches_f32") is not None:
            mm = "f64: %s; f32: %d (%s)" % (
                mm, r["mismatches_f32"], "" if r.get("near_ties_f32") is None
                else r["near_ties_f32"])
    else:
        mm = r.get("check_summary", "")
    achieved = fmt_rate(r.get("achieved_flops"), r.get("achieved_Bps"),
                        r.get("ceiling"))
    frac = ""
    if r.get("fraction") is not None:
        frac = "%s of %s" % (fmt_pct(r["fraction"]), r.get("ceiling"))
    notes = []
    if r.get("error"):
        notes.append("error: " + shorten(r["error"], 300))
    if r.get("skip_reason"):
        notes.append(r["skip_reason"])
    notes.extend(r.get("notes", []))
    return [r["shape"], impl, median, reps, fmt_bytes(r.get("peak_bytes")),
            mm, achieved, frac, fmt_us(r.get("pred_floor_us")),
            fmt_ratio(r.get("measured_over_floor")), "; ".join(notes)]


def render_performance_md(res):
    meta = res.get("meta", {})
    lines = ["# fusec benchmark: fusec and its peers, side by side", ""]
    lines.append("- date: %s" % meta.get("date", ""))
    lines.append("- device: %s" % meta.get("device", "unknown"))
    lines.append("- driver: %s; CUDA (torch build): %s" % (
        meta.get("driver", "unknown"), meta.get("cuda_torch", "unknown")))
    vers = meta.get("versions", {})
    if vers:
        lines.append("- software: " + ", ".join(
            "%s %s" % (k, v) for k, v in sorted(vers.items())))
    lines.append("- command: `%s`" % meta.get("command", ""))
    rt = meta.get("fusec_runtime")
    if rt:
        lines.append("- fusec runtime: %s (%s; %s)" % (
            rt.get("path", ""), rt.get("device", ""),
            rt.get("driver_status", "")))
    if res.get("manifest") is not None:
        lines.append("- fusec kernels: %d manifest entries from %s" % (
            len(res["manifest"]), res.get("args", {}).get("kernels")))
    if res.get("predictions_path"):
        lines.append("- ledger predictions: %s" % res["predictions_path"])
    lines.append("- precision: fp32 IEEE (allow_tf32=False, "
                 "NVIDIA_TF32_OVERRIDE=0, JAX matmul precision 'highest'); "
                 "the fp16/bf16 shapes' peers use torch's half matmul "
                 "(fp32 accumulation; allow_fp16_reduced_precision_reduction"
                 " = %s); fusec's tensor-core rows say their precision in "
                 "the kernel name" % meta.get("tf32", {}).get(
                     "fp16_reduced_precision_reduction", "torch's default"))
    b = res.get("budget", {})
    if b:
        lines.append("- time budget: %.0f s; used %.0f s; rows skipped for "
                     "the budget: %d" % (b.get("seconds", 0),
                                         b.get("elapsed", 0),
                                         b.get("skipped", 0)))
    if res.get("fatal"):
        lines.append("- **run ended early**: %s" % shorten(res["fatal"], 400))
    lines.append("")

    lines.append("## Ceilings (measured in this run)")
    lines.append("")
    c = res.get("ceilings", {})
    crow = []
    for key, title, unit in (
            ("copy", "device-to-device copy, %s (read + write)" %
             fmt_bytes(CEIL_COPY_BYTES), "Bps"),
            ("sgemm", "cuBLAS SGEMM fp32 IEEE, %d³" % CEIL_GEMM_M, "flops"),
            ("hgemm", "cuBLAS HGEMM fp16, %d³" % CEIL_GEMM_M, "flops")):
        e = c.get(key) or {}
        if not e:
            crow.append([title, "not measured", "", ""])
            continue
        if e.get("error"):
            crow.append([title, "FAILED", "", shorten(e["error"], 200)])
            continue
        if unit == "Bps":
            val = "%.4g TB/s" % (e["Bps"] / 1e12) if e.get("Bps") else ""
        else:
            val = "%.4g TFLOP/s" % (e["flops"] / 1e12) \
                if e.get("flops") else ""
        crow.append([title, val, fmt_time_ms(e.get("median_ms")),
                     "median of %s reps" % e.get("reps", "?")])
    lines.append(md_table(["ceiling", "value", "median time", "how"], crow))
    used = res.get("ceilings_used", {})
    if used.get("assumed"):
        lines.append("Ceilings not measured in this run and assumed from "
                     "TOOLCHAIN.md: %s." % ", ".join(used["assumed"]))
        lines.append("")

    lines.append("## Results")
    lines.append("")
    lines.append("One row per (shape, implementation). Times are medians of "
                 "CUDA-event-timed reps unless the note says otherwise; "
                 "\"peak above inputs\" counts every byte allocated during "
                 "one call, results included; mismatches are labels that "
                 "differ from the float64 reference (near-ties in "
                 "parentheses) over the checked rows. FLOPs are 2nkd for "
                 "every assignment form (the direct form executes 3nkd); "
                 "the fraction of ceiling is the roofline time "
                 "max(bytes/copy BW, FLOPs/SGEMM) over the measured time, "
                 "with bytes = inputs read once + outputs written once "
                 "(HGEMM instead of SGEMM on the fp16/bf16 shapes; fusec's "
                 "3xTF32/TF32 rows are measured against SGEMM too, so they "
                 "may pass 100%). On the fp16/bf16 shapes the mismatch cell "
                 "reads `f64: m (near-ties) / checked; f32: m (near-ties)`: "
                 "against float64 and against float32, both computed from "
                 "the upcast half data, near-ties judged in float64. "
                 "★best marks the fastest fusec kernel of a (shape, "
                 "example, precision).")
    lines.append("")
    rows = res.get("rows", [])
    for shape in SHAPE_ORDER:
        srows = [r for r in rows if r["shape"] == shape]
        if not srows:
            continue
        cfg = SHAPES[shape]
        if cfg["kind"] == "assign":
            title = "%s (n=%d, k=%d, d=%d, %s)" % (
                shape, cfg["n"], cfg["k"], cfg["d"],
                DTYPE_TITLE[shape_dtype(shape)])
            if cfg.get("base"):
                title += ": %s's f32 draws rounded to %s" % (
                    cfg["base"], DTYPE_TITLE[shape_dtype(shape)])
        else:
            title = "%s (%d fp16 elements, |x| = %s)" % (
                shape, cfg["numel"], fmt_bytes(2 * cfg["numel"]))
        lines.append("### " + title)
        lines.append("")
        lines.append(md_table(TABLE_HEADERS, [row_cells(r) for r in srows]))

    ags = [r for r in rows if r.get("agreement")]
    if ags:
        lines.append("## Label agreement of fusec with torch eager Gram")
        lines.append("")
        trs = []
        for r in ags:
            a = r["agreement"]
            trs.append([r["shape"], r["impl"], a.get("vs", ""),
                        "%.4f%%" % a["percent"]
                        if a.get("percent") is not None else "",
                        a.get("disagree", ""), a.get("near_ties", ""),
                        a.get("checked_near_ties", ""),
                        shorten(a.get("error", ""), 200)])
        lines.append(md_table(["shape", "kernel", "against", "agree",
                               "disagreements", "near-ties",
                               "disagreements checked", "note"], trs))

    targets = res.get("targets", [])
    titles = {7: "## Targets of issue 7 (from this run)",
              8: "## Targets of issue 8: the tensor-core kernels (from this "
                 "run)"}
    intros = {8: "fp16 rows: fusec gemm_argmin_f16 against cuBLAS fp16 "
                 "X@Cᵀ alone; 3xTF32 rows: fusec gemm_argmin "
                 "--precision=3xtf32 against the SGEMM-only time (cuBLAS fp32 "
                 "X@Cᵀ alone, TF32 off) and against the mismatches of "
                 "fusec's IEEE Gram kernel on the same float64-checked "
                 "rows. The fastest kernel of each precision is taken. A "
                 "label that differs from the f32 reference is excused when "
                 "it is a near-tie in float64, or closer in float64 than "
                 "the reference's own label."}
    for issue in sorted({t.get("issue", 7) for t in targets}):
        lines.append(titles.get(issue, "## Targets of issue %s" % issue))
        lines.append("")
        if issue in intros:
            lines.append(intros[issue])
            lines.append("")
        trs = []
        for t in targets:
            if t.get("issue", 7) != issue:
                continue
            met = {True: "met", False: "MISSED", None: "n/a"}[t["met"]]
            trs.append([t["shape"], t["target"], fmt_target_value(t),
                        fmt_target_value(t, "limit"), met, t["detail"]])
        lines.append(md_table(["shape", "target", "measured", "limit",
                               "status", "rows"], trs))

    lines.extend(render_clock_section(rows))
    notes = res.get("method_notes", [])
    if notes:
        lines.append("## Method")
        lines.append("")
        for n in notes:
            lines.append("- " + n)
        lines.append("")
    probs = res.get("problems", [])
    if probs:
        lines.append("## Problems")
        lines.append("")
        for p in probs:
            lines.append("- " + shorten(p, 600))
        lines.append("")
    return "\n".join(lines)


def render_clock_section(rows):
    """The SM clock that each long row's reps ran at (NVML, every 5 ms),
    and its time in clock cycles: where the power cap lowers the clock,
    equal cycles can take unequal times."""
    trs = []
    for r in rows:
        clock = sampled_clock(r)
        if r.get("status") != "ok" or not clock:
            continue
        capped = clock.get("power_capped_fraction")
        trs.append([r["shape"], r["impl"], fmt_time_ms(r.get("time_ms")),
                    "%.0f (%d-%d)" % (clock["sm_mhz_mean"],
                                      clock["sm_mhz_min"],
                                      clock["sm_mhz_max"]),
                    "%.0f" % clock["power_w_mean"]
                    if clock.get("power_w_mean") is not None else "",
                    "%.0f%%" % (100 * capped) if capped is not None else "",
                    "%.1f" % row_megacycles(r, clock),
                    clock["samples"]])
    if not trs:
        return []
    return ["## SM clock during the timed reps (NVML)", "",
            "Rows whose reps lasted long enough for %d samples of NVML's "
            "SM clock and board power (every 5 ms). \"power-capped\" is "
            "the share of samples whose clock event reasons include the "
            "software power cap or the hardware power brake; cycles are "
            "the median time times the mean clock." % MIN_CLOCK_SAMPLES,
            "",
            md_table(["shape", "implementation", "median",
                      "SM clock, MHz (min-max)", "power, W", "power-capped",
                      "M cycles", "samples"], trs)]


def render_eager_peaks_md(res):
    lines = ["# Eager peaks (issue 6): PyTorch eager, op by op in the "
             ".mlir order, against the byte ledger", ""]
    lines.append("Each program is written in PyTorch in the same order as "
                 "its examples/*.mlir file, every intermediate deleted right "
                 "after its last use, views (expand_dims = `[:, None, :]`, "
                 "transpose = `.T`) kept as views. Peak = "
                 "max_memory_allocated - memory_allocated before the call, "
                 "after a warm-up call, results included.")
    lines.append("")
    meta = res.get("meta", {})
    lines.append("- date: %s; device: %s" % (meta.get("date", ""),
                                             meta.get("device", "")))
    lines.append("- command: `%s`" % meta.get("command", ""))
    lines.append("")
    rows = []
    for e in res.get("eager_peaks", []):
        meas = e.get("measured_bytes")
        pred = e.get("predicted_bytes")
        if meas is not None and pred is not None:
            diff = meas - pred
            status = "equal" if diff == 0 else "differs by %s%s" % (
                "+" if diff > 0 else "-", fmt_bytes(abs(diff)))
        else:
            status = ""
        rows.append([e.get("program", ""), e.get("shape", ""),
                     "" if meas is None else "%d (%s)" % (meas,
                                                         fmt_bytes(meas)),
                     "" if pred is None else "%d (%s)" % (pred,
                                                         fmt_bytes(pred)),
                     status, e.get("source", ""),
                     shorten(e.get("error") or e.get("note") or "", 300)])
    lines.append(md_table(["program", "shape", "measured eager peak",
                           "ledger eager peak", "comparison", "measured by",
                           "note"], rows))
    if not res.get("predictions_path"):
        lines.append("No --predictions file was given: the ledger column is "
                     "empty.")
    return "\n".join(lines) + "\n"


def plot_roofline(res, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    used = res.get("ceilings_used", {})
    bw = used.get("copy_Bps") or ASSUMED_CEILINGS["copy_Bps"]
    sgemm = used.get("sgemm_flops") or ASSUMED_CEILINGS["sgemm_flops"]
    hgemm = used.get("hgemm_flops")
    pts = [r for r in res.get("rows", []) if r.get("status") == "ok" and
           r.get("intensity") and r.get("achieved_flops")]
    fig, ax = plt.subplots(figsize=(11, 7.5))
    xs = [r["intensity"] for r in pts] or [1.0]
    lo = min(min(xs) / 4, 0.1)
    hi = max(max(xs) * 4, 4 * sgemm / bw, 1e4)
    grid = [lo * (hi / lo) ** (i / 400.0) for i in range(401)]
    ax.plot(grid, [min(x * bw, sgemm) for x in grid], "k-", lw=1.5,
            label="roof: copy %.3g TB/s, SGEMM %.3g TFLOP/s (measured)" %
            (bw / 1e12, sgemm / 1e12))
    if hgemm:
        ax.plot(grid, [min(x * bw, hgemm) for x in grid], "k:", lw=1,
                label="fp16 roof: HGEMM %.3g TFLOP/s" % (hgemm / 1e12))
    styles = {"fusec": ("o", "tab:red"), "torch": ("s", "tab:blue"),
              "torch.compile": ("^", "tab:green"), "cupy": ("D", "tab:purple"),
              "cupy.fuse": ("d", "tab:pink"), "jax": ("v", "tab:orange"),
              "ceiling": ("x", "tab:gray")}
    seen = set()
    for r in pts:
        marker, color = styles.get(r.get("family"), ("o", "tab:brown"))
        label = r.get("family") if r.get("family") not in seen else None
        seen.add(r.get("family"))
        kw = {}
        if marker != "x":
            kw["edgecolors"] = "black" if r.get("best") else "none"
        ax.scatter([r["intensity"]], [r["achieved_flops"]], marker=marker,
                   color=color, s=46 if r.get("family") == "fusec" else 26,
                   label=label, zorder=3, **kw)
        ax.annotate("%s: %s" % (r["shape"], r["impl"]),
                    (r["intensity"], r["achieved_flops"]), fontsize=5,
                    xytext=(3, 2), textcoords="offset points")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("arithmetic intensity (FLOP / minimum byte)")
    ax.set_ylabel("achieved FLOP/s (2nkd per assignment; 4 per chain "
                  "element)")
    ax.set_title("fusec and peers on %s — %s" % (
        res.get("meta", {}).get("device", "GPU"),
        res.get("meta", {}).get("date", "")))
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=150)
    plt.close(fig)


def write_outputs(res, out_dir, plot=True):
    """Writes the reports; each part on its own, so one failure does not
    lose the others."""
    os.makedirs(out_dir, exist_ok=True)
    try:
        mark_best(res.get("rows", []))
        res["targets"] = evaluate_targets(res.get("rows", []),
                                          res.get("ceilings_used", {}))
    except Exception:
        res.setdefault("problems", []).append(
            "evaluating targets: " + traceback.format_exc(limit=3))
    parts = [("results.json", lambda: json.dumps(res, indent=1, default=str,
                                                 allow_nan=True)),
             ("performance.md", lambda: render_performance_md(res)),
             ("eager_peaks.md", lambda: render_eager_peaks_md(res))]
    for name, make in parts:
        try:
            text = make()
            tmp = os.path.join(out_dir, "." + name + ".tmp")
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, os.path.join(out_dir, name))
        except Exception:
            print("bench: writing %s failed:\n%s" % (
                name, traceback.format_exc()), file=sys.stderr)
    if plot:
        try:
            plot_roofline(res, os.path.join(out_dir, "roofline.png"))
        except Exception:
            msg = "roofline.png: " + traceback.format_exc(limit=2)
            print("bench: " + msg, file=sys.stderr)
            if msg not in res.setdefault("problems", []):
                res["problems"].append(msg)


def new_row(shape, impl, family, form, program=None, plan=None, graph=False,
            precision=None):
    row = dict(shape=shape, impl=impl, family=family, form=form,
               program=program, plan=plan, graph=graph, status="pending",
               time_ms=None, notes=[])
    if precision is not None:
        row["precision"] = canonical_precision(precision)
    return row


def finish_row(row, ceilings, predictions):
    """Adds work, roofline and prediction figures to a measured row. A row
    the ledger has no prediction for keeps its prediction cells blank."""
    flops, nbytes = row_work(row["shape"], row["form"])
    row["flops"], row["bytes_min"] = flops, nbytes
    if row.get("status") == "ok" and row.get("time_ms"):
        row.update(roof_metrics(flops, nbytes, row["time_ms"] / 1e3,
                                ceilings, compute_ceiling(row["shape"])[0]))
    pred = lookup_prediction(predictions, row.get("program"), row["shape"],
                             row.get("plan"), row.get("precision"))
    if pred:
        floor = _number(pred.get("floor_us"))
        row["pred_floor_us"] = floor
        row["pred_peak_bytes"] = pred.get("peak_bytes")
        if row.get("time_ms") and floor:
            row["measured_over_floor"] = row["time_ms"] * 1e3 / floor
    return row


# --------------------------------------------------------------------------
# The fusec runtime through ctypes
# --------------------------------------------------------------------------

class FusecError(RuntimeError):
    pass


class SkipRow(Exception):
    pass


class _Arg(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_uint64), ("dtype", ctypes.c_int),
                ("rank", ctypes.c_int),
                ("shape", ctypes.POINTER(ctypes.c_int64))]


class _Stats(ctypes.Structure):
    _fields_ = [("temp_bytes", ctypes.c_uint64), ("kernels", ctypes.c_uint32),
                ("memsets", ctypes.c_uint32), ("synchronized", ctypes.c_uint32)]


class FusecRuntime:
    def __init__(self, path):
        if not os.path.exists(path):
            # CMake puts the library in <build>/lib.
            alt = os.path.join(os.path.dirname(path) or ".", "lib",
                               os.path.basename(path))
            if os.path.exists(alt):
                path = alt
        self.path = os.path.abspath(path)
        lib = ctypes.CDLL(self.path)
        P = ctypes.POINTER
        vp = ctypes.c_void_p
        lib.fusec_rt_free_error.argtypes = [vp]
        lib.fusec_rt_free_error.restype = None
        lib.fusec_rt_driver_status.argtypes = [P(vp)]
        lib.fusec_rt_driver_status.restype = ctypes.c_int
        lib.fusec_rt_device_info.argtypes = [
            ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t, P(ctypes.c_int),
            P(ctypes.c_int), P(vp)]
        lib.fusec_rt_device_info.restype = ctypes.c_int
        lib.fusec_rt_program_create.argtypes = [
            ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int, P(vp), P(vp)]
        lib.fusec_rt_program_create.restype = ctypes.c_int
        lib.fusec_rt_program_destroy.argtypes = [vp]
        lib.fusec_rt_program_destroy.restype = None
        lib.fusec_rt_program_launch.argtypes = [
            vp, ctypes.c_int, P(_Arg), vp, P(_Stats), P(vp)]
        lib.fusec_rt_program_launch.restype = ctypes.c_int
        self.lib = lib

    def take_error(self, err):
        if not err.value:
            return "(no message)"
        msg = ctypes.string_at(err.value).decode("utf-8", "replace")
        self.lib.fusec_rt_free_error(err.value)
        err.value = None
        return msg

    def driver_status(self):
        err = ctypes.c_void_p()
        rc = self.lib.fusec_rt_driver_status(ctypes.byref(err))
        return rc, (self.take_error(err) if rc else "ok")

    def device_info(self, device):
        err = ctypes.c_void_p()
        name = ctypes.create_string_buffer(256)
        major, minor = ctypes.c_int(), ctypes.c_int()
        rc = self.lib.fusec_rt_device_info(device, name, 256,
                                           ctypes.byref(major),
                                           ctypes.byref(minor),
                                           ctypes.byref(err))
        if rc:
            return "error %d: %s" % (rc, self.take_error(err))
        return "%s (sm_%d%d)" % (name.value.decode("utf-8", "replace"),
                                 major.value, minor.value)

    def create(self, ptx_bytes, device):
        err = ctypes.c_void_p()
        prog = ctypes.c_void_p()
        rc = self.lib.fusec_rt_program_create(ptx_bytes, None, device,
                                              ctypes.byref(prog),
                                              ctypes.byref(err))
        if rc != 0 or not prog.value:
            raise FusecError("fusec_rt_program_create returned %d: %s" % (
                rc, self.take_error(err)))
        return prog


class FusecLauncher:
    """One program bound to fixed torch tensors (inputs, then outputs)."""

    def __init__(self, rt, prog, torch, tensors, dtypes):
        self.rt, self.prog, self.torch = rt, prog, torch
        self.tensors = tensors
        n = len(tensors)
        self.args = (_Arg * n)()
        self._shapes = []
        for i, (t, dt) in enumerate(zip(tensors, dtypes)):
            shape = (ctypes.c_int64 * max(1, t.dim()))(*list(t.shape))
            self._shapes.append(shape)
            self.args[i].ptr = t.data_ptr()
            self.args[i].dtype = DTYPE_CODES[dt]
            self.args[i].rank = t.dim()
            self.args[i].shape = ctypes.cast(shape, ctypes.POINTER(
                ctypes.c_int64))
        self.nargs = n
        self.stats = _Stats()
        self.err = ctypes.c_void_p()
        self.calls = 0

    def launch(self):
        stream = self.torch.cuda.current_stream().cuda_stream
        rc = self.rt.lib.fusec_rt_program_launch(
            self.prog, self.nargs, self.args, stream or None,
            ctypes.byref(self.stats), ctypes.byref(self.err))
        self.calls += 1
        if rc != 0:
            msg = "fusec_rt_program_launch returned %d: %s" % (
                rc, self.rt.take_error(self.err))
            print("bench: fusec C API error: " + msg, file=sys.stderr,
                  flush=True)
            raise FusecError(msg)

    def destroy(self):
        if self.prog is not None and self.prog.value:
            self.rt.lib.fusec_rt_program_destroy(self.prog)
        self.prog = None
        self.tensors = None


# --------------------------------------------------------------------------
# The GPU side
# --------------------------------------------------------------------------

class Bound:
    """A prepared implementation: call() runs it once and returns its
    output; to_torch(out) gives a torch tensor (or a tuple) for checking."""

    def __init__(self, call, *, to_torch=None, peak_mode="torch",
                 static_peak=None, graphable=False, timing="events",
                 close=None, pre_check=None, notes=None, sync_call=None):
        self.call = call
        self.to_torch = to_torch or (lambda out: out)
        self.peak_mode = peak_mode        # torch | cupy | static | none
        self.static_peak = static_peak    # callable(out) -> bytes or None
        self.graphable = graphable
        self.timing = timing              # events | host
        self.close = close
        self.pre_check = pre_check
        self.notes = list(notes or [])
        self.sync_call = sync_call        # for host timing
        self.extra = {}                   # more figures for the row
        self.capture_mode = None          # torch.cuda.graph capture mode
        self.peak_method = None
        self.not_graphable_reason = "not capturable"


class CupyPeakTracker:
    """Wraps CuPy's memory pool: the used-bytes high-water mark is reached
    right after some malloc, so tracking it at each malloc is exact."""

    def __init__(self, cupy):
        self.cupy = cupy
        self.pool = cupy.get_default_memory_pool()
        self.peak = 0

    def malloc(self, size):
        mem = self.pool.malloc(size)
        used = self.pool.used_bytes()
        if used > self.peak:
            self.peak = used
        return mem

    def reset(self):
        self.peak = self.pool.used_bytes()
        return self.peak


class ClockSampler:
    """The SM clock and the board power while reps run, from NVML (through
    ctypes, no extra package). The H200 caps its power in software: long
    tensor-core kernels run at 1400-1600 MHz of 1980 once warm, and two
    kernels that take the same cycles can differ in time by their power
    draw (docs/performance-notes.md, version 23). Each timed row therefore
    reports the clock it ran at. Without NVML the sampler stays off."""

    NVML_CLOCK_SM = 1
    # nvmlClocksEventReasonSwPowerCap / HwPowerBrakeSlowdown.
    POWER_REASONS = 0x4 | 0x80
    INTERVAL_S = 0.005

    def __init__(self, device_index=0):
        self.dev = None
        self.error = None
        try:
            self.nvml = ctypes.CDLL("libnvidia-ml.so.1")
            if self.nvml.nvmlInit_v2() != 0:
                raise OSError("nvmlInit_v2 failed")
            dev = ctypes.c_void_p()
            if self.nvml.nvmlDeviceGetHandleByIndex_v2(
                    device_index, ctypes.byref(dev)) != 0:
                raise OSError("no NVML handle for device %d" % device_index)
            self.dev = dev
            # The reasons call took its new name in CUDA 12.x's NVML.
            self.reasons = (
                getattr(self.nvml, "nvmlDeviceGetCurrentClocksEventReasons",
                        None) or
                getattr(self.nvml,
                        "nvmlDeviceGetCurrentClocksThrottleReasons", None))
        except (OSError, AttributeError) as e:
            self.error = str(e)

    def _sample(self, out, stop):
        clk, mw, reasons = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_ulonglong()
        while not stop.is_set():
            sample = {}
            if self.nvml.nvmlDeviceGetClockInfo(
                    self.dev, self.NVML_CLOCK_SM, ctypes.byref(clk)) == 0:
                sample["mhz"] = clk.value
            if self.nvml.nvmlDeviceGetPowerUsage(self.dev,
                                                 ctypes.byref(mw)) == 0:
                sample["w"] = mw.value / 1000.0
            if self.reasons and self.reasons(
                    self.dev, ctypes.byref(reasons)) == 0:
                sample["capped"] = bool(reasons.value & self.POWER_REASONS)
            out.append(sample)
            stop.wait(self.INTERVAL_S)

    def start(self):
        if self.dev is None:
            return None
        samples, stop = [], threading.Event()
        thread = threading.Thread(target=self._sample, args=(samples, stop),
                                  daemon=True)
        thread.start()
        return (samples, stop, thread)

    @staticmethod
    def finish(handle):
        """Stop a sampling started by start(); the clock and power over the
        samples (None without any)."""
        if handle is None:
            return None
        samples, stop, thread = handle
        stop.set()
        thread.join()
        mhz = [x["mhz"] for x in samples if "mhz" in x]
        if not mhz:
            return None
        watts = [x["w"] for x in samples if "w" in x]
        capped = [x["capped"] for x in samples if "capped" in x]
        return dict(samples=len(mhz), sm_mhz_mean=statistics.fmean(mhz),
                    sm_mhz_min=min(mhz), sm_mhz_max=max(mhz),
                    power_w_mean=statistics.fmean(watts) if watts else None,
                    power_capped_fraction=(sum(capped) / len(capped)
                                           if capped else None))


class Timer:
    def __init__(self, torch, target_s, sampler=None):
        self.torch = torch
        self.target_s = target_s
        self.sampler = sampler
        self.flush_buf = torch.empty(FLUSH_BYTES // 4, dtype=torch.int32,
                                     device="cuda")
        self.cycles_per_ms = self._calibrate()

    def _calibrate(self):
        t = self.torch
        try:
            t.cuda._sleep(1000)
            t.cuda.synchronize()
            best = None
            for _ in range(2):
                s = t.cuda.Event(enable_timing=True)
                e = t.cuda.Event(enable_timing=True)
                s.record()
                t.cuda._sleep(2000000)
                e.record()
                t.cuda.synchronize()
                ms = s.elapsed_time(e)
                if ms > 0:
                    best = 2000000 / ms
            return best
        except Exception:
            return None

    def flush(self):
        self.flush_buf.zero_()

    def _lead(self, reps, host_ms):
        """Queue a GPU spin so the host enqueues the reps before the GPU
        reaches them: host dispatch is then not in the event window."""
        if not self.cycles_per_ms or host_ms is None:
            return 0.0
        # Generous: the calibration may have run at other clocks.
        lead_ms = min(250.0, reps * (host_ms + 0.03) * 2.0 + 0.5)
        try:
            self.torch.cuda._sleep(int(lead_ms * self.cycles_per_ms))
        except Exception:
            return 0.0
        return lead_ms

    def time_events(self, fn, flush, warmup=2, min_reps=None, max_reps=200,
                    max_seconds=None):
        t = self.torch
        E = t.cuda.Event
        warm, host_ms = [], None
        for _ in range(max(1, warmup)):
            if flush:
                self.flush()
            s, e = E(enable_timing=True), E(enable_timing=True)
            t.cuda.synchronize()
            s.record()
            h0 = time.perf_counter()
            fn()
            h1 = time.perf_counter()
            e.record()
            t.cuda.synchronize()
            warm.append(s.elapsed_time(e))
            host_ms = (h1 - h0) * 1e3
            if warm[-1] > 200:
                break
        est = max(warm[-1], 1e-3)
        if min_reps is None:
            min_reps = 5 if est < 1000 else 3
        reps = max(min_reps, min(max_reps, int(self.target_s * 1e3 / est)))
        if max_seconds:
            reps = max(1, min(reps, int(max_seconds * 1e3 / est)))
        starts = [E(enable_timing=True) for _ in range(reps)]
        ends = [E(enable_timing=True) for _ in range(reps)]
        t.cuda.synchronize()
        lead = self._lead(reps, host_ms)
        sampling = self.sampler.start() if self.sampler else None
        for i in range(reps):
            if flush:
                self.flush()
            starts[i].record()
            fn()
            ends[i].record()
        t.cuda.synchronize()
        clock = ClockSampler.finish(sampling)
        times = [s.elapsed_time(e) for s, e in zip(starts, ends)]
        return dict(median_ms=statistics.median(times), min_ms=min(times),
                    max_ms=max(times), mean_ms=statistics.fmean(times),
                    reps=reps, warmup=len(warm), flush=flush,
                    method="cuda-events", host_dispatch_ms=host_ms,
                    lead_ms=lead, times_ms=times, clock=clock)

    def time_host(self, fn_sync, flush, warmup=2, min_reps=None,
                  max_reps=100, max_seconds=None):
        """For work on streams the torch events cannot bracket (JAX): host
        clock around a call that blocks until the result is ready."""
        t = self.torch
        for _ in range(max(1, warmup)):
            fn_sync()
        if flush:
            self.flush()
        t.cuda.synchronize()
        h0 = time.perf_counter()
        fn_sync()
        est = max((time.perf_counter() - h0) * 1e3, 1e-3)
        if min_reps is None:
            min_reps = 5 if est < 1000 else 3
        reps = max(min_reps, min(max_reps, int(self.target_s * 1e3 / est)))
        if max_seconds:
            reps = max(1, min(reps, int(max_seconds * 1e3 / est)))
        times = []
        for _ in range(reps):
            if flush:
                self.flush()
            t.cuda.synchronize()
            h0 = time.perf_counter()
            fn_sync()
            times.append((time.perf_counter() - h0) * 1e3)
        return dict(median_ms=statistics.median(times), min_ms=min(times),
                    max_ms=max(times), mean_ms=statistics.fmean(times),
                    reps=reps, warmup=warmup + 1, flush=flush,
                    method="host clock around a blocking call",
                    times_ms=times)


# The programs, in PyTorch, in the order of examples/*.mlir; every
# intermediate deleted right after its last use; views stay views. `torch`
# is a module global set by Bench.import_libs (no import inside functions
# that torch.compile traces).
torch = None

def torch_naive(x, c):
    xe = x[:, None, :]
    ce = c[None, :, :]
    diff = xe - ce
    del xe, ce
    sq = diff.square()
    del diff
    dist = sq.sum(2)
    del sq
    labels = dist.argmin(1)
    del dist
    return labels


def torch_gram(x, c):
    xsq = x * x
    xx = xsq.sum(1, keepdim=True)
    del xsq
    csq = c * c
    cc = csq.sum(1)
    del csq
    ct = c.T
    xc = x @ ct
    del ct
    norms = xx + cc
    del xx, cc
    xc2 = 2.0 * xc
    del xc
    dist = norms - xc2
    del norms, xc2
    labels = dist.argmin(1)
    del dist
    return labels


def torch_running_step(x, cj, j, best_d, best_i):
    diff = x - cj
    sq = diff.square()
    del diff
    d = sq.sum(1)
    del sq
    better = d < best_d
    new_d = torch.where(better, d, best_d)
    del d
    new_i = torch.where(better, j, best_i)
    del better
    return new_d, new_i


def torch_running_loop(x, c):
    """The seeds' running loop (the unrolled running_loop_k32.mlir): one
    centroid at a time, strict < so the first minimum wins."""
    n = x.shape[0]
    best_d = torch.full((n,), float("inf"), dtype=x.dtype, device=x.device)
    best_i = torch.zeros((n,), dtype=torch.int64, device=x.device)
    for j in range(c.shape[0]):
        d = ((x - c[j]) ** 2).sum(1)
        better = d < best_d
        best_d = torch.where(better, d, best_d)
        best_i = torch.where(better, j, best_i)
    return best_i


def torch_running_tile(x, c):
    n = x.shape[0]
    best_d = torch.full((n,), float("inf"), dtype=x.dtype, device=x.device)
    best_i = torch.zeros((n,), dtype=torch.int64, device=x.device)
    for j in range(c.shape[0]):
        d = ((x - c[j]) ** 2).sum(1)
        better = d < best_d
        best_d = torch.where(better, d, best_d)
        best_i = torch.where(better, j, best_i)
    return best_d, best_i


def torch_chain(x):
    return torch.relu(x * 2.0 + 1.0) * 0.5


class RefContext:
    """float64 reference labels on a subset of rows, and exact direct-form
    float64 distances for classifying mismatches."""

    def __init__(self, torch, X, C, subset_rows, seed, f32_ref=False):
        self.torch, self.X, self.C = torch, X, C
        # On the half-precision shapes, also a float32 reference of the
        # upcast data (issue 8: the labels must agree with it except for
        # near-ties).
        self.f32_ref = f32_ref
        self.refs32 = {}
        self.methods32 = {}
        n = X.shape[0]
        self.k = C.shape[0]
        if n <= subset_rows:
            self.idx = torch.arange(n, device=X.device)
        else:
            g = torch.Generator(device="cpu")
            g.manual_seed(seed + 7)
            self.idx = torch.randperm(n, generator=g)[:subset_rows].sort() \
                .values.to(X.device)
        self.refs = {}
        self.methods = {}
        self.ref(None)
        if f32_ref:
            self.ref32(None)

    def ref32(self, kk):
        key = kk or self.k
        if key not in self.refs32:
            self.refs32[key], self.methods32[key] = self._ref_labels32(
                self.X[self.idx], self.C[:key])
        return self.refs32[key]

    def _ref_labels32(self, xs, cs):
        """float32 labels of the upcast rows: the direct form, chunked, when
        it is affordable (both half shapes), else the Gram form (IEEE, TF32
        off)."""
        return self._labels_in(
            xs, cs, self.torch.float32, 4, DIRECT_REF32_LIMIT,
            "direct form in float32 of the upcast data",
            "Gram form in float32 (TF32 off) of the upcast data")

    def ref(self, kk):
        key = kk or self.k
        if key not in self.refs:
            self.refs[key], self.methods[key] = self._ref_labels(
                self.X[self.idx], self.C[:key])
        return self.refs[key]

    def _ref_labels(self, xs, cs):
        return self._labels_in(
            xs, cs, self.torch.float64, 8, DIRECT_REF_LIMIT,
            "direct form in float64",
            "Gram form in float64 (mismatches re-checked directly)")

    def _labels_in(self, xs, cs, dtype, elem_bytes, direct_limit,
                   direct_method, gram_method):
        """Nearest-centroid labels of xs computed in `dtype`: the direct
        form in chunks while rows * k * d <= direct_limit, else the Gram
        form in row blocks of at most 256 MiB of distances."""
        torch = self.torch
        rows, d = xs.shape
        k = cs.shape[0]
        out = []
        c = cs.to(dtype)
        if rows * k * d <= direct_limit:
            step = max(1, DIRECT_REF_CHUNK // (k * d))
            for r0 in range(0, rows, step):
                diff = xs[r0:r0 + step, None, :].to(dtype) - c[None, :, :]
                dist = (diff * diff).sum(2)
                del diff
                out.append(dist.argmin(1))
                del dist
            method = direct_method
        else:
            cc = (c * c).sum(1)
            step = max(1, min(rows, (256 * MiB) // (elem_bytes * k)))
            for r0 in range(0, rows, step):
                x = xs[r0:r0 + step].to(dtype)
                dist = (x * x).sum(1, keepdim=True) + cc - 2.0 * (x @ c.T)
                out.append(dist.argmin(1))
                del dist, x
            method = gram_method
        del c
        return torch.cat(out), method

    def d64(self, rows, cols):
        """Exact direct float64 squared distances of X[rows[i]] to
        C[cols[i]]."""
        torch = self.torch
        out = []
        for r0 in range(0, rows.numel(), 4096):
            r = rows[r0:r0 + 4096]
            c = cols[r0:r0 + 4096]
            diff = self.X[r].double() - self.C[c].double()
            out.append((diff * diff).sum(1))
            del diff
        return torch.cat(out) if out else torch.zeros(0, dtype=torch.float64,
                                                      device=self.X.device)

    def classify(self, rows, got, ref, k_eff):
        """Among disagreeing rows (ref is the reference): (near-ties,
        out of range, closer than the reference, beyond a near-tie and not
        closer: the real errors), all judged on exact float64 distances."""
        invalid = (got < 0) | (got >= k_eff)
        g = got.clamp(0, k_eff - 1)
        dg = self.d64(rows, g)
        dr = self.d64(rows, ref)
        near = ((dg - dr).abs() <= NEAR_TIE_REL * dr.abs().clamp(min=1.0)) \
            & ~invalid
        better = (dg < dr) & ~invalid
        worse = ~near & ~better & ~invalid
        return int(near.sum().item()), int(invalid.sum().item()), \
            int(better.sum().item()), int(worse.sum().item())

    def check_labels(self, labels, kk=None):
        torch = self.torch
        k_eff = kk or self.k
        labels = labels.reshape(-1)
        if labels.numel() != self.X.shape[0]:
            raise ValueError("labels have %d elements, expected %d" % (
                labels.numel(), self.X.shape[0]))
        got = labels[self.idx].to(torch.int64)
        ref = self.ref(kk)
        mism = (got != ref).nonzero().flatten()
        m = int(mism.numel())
        res = dict(checked=int(self.idx.numel()), mismatches=m, near_ties=0,
                   reference=self.methods[k_eff])
        if m:
            near, invalid, better, worse = self.classify(
                self.idx[mism], got[mism], ref[mism], k_eff)
            res.update(near_ties=near, out_of_range=invalid,
                       closer_than_ref=better, beyond_near_tie=worse)
        if self.f32_ref:
            ref32 = self.ref32(kk)
            mism = (got != ref32).nonzero().flatten()
            m = int(mism.numel())
            r32 = dict(mismatches=m, near_ties=0, out_of_range=0,
                       closer_than_ref=0, beyond_near_tie=0,
                       reference=self.methods32[k_eff])
            if m:
                near, invalid, better, worse = self.classify(
                    self.idx[mism], got[mism], ref32[mism], k_eff)
                r32.update(near_ties=near, out_of_range=invalid,
                           closer_than_ref=better, beyond_near_tie=worse)
            # How the f32 reference itself fares against float64.
            m64 = int((ref32 != ref).sum().item())
            r32["reference_vs_f64"] = m64
            res["f32"] = r32
        return res

    def agreement(self, a, b, vs, cap=262144):
        """Label agreement of a with b over all rows (b as the reference)."""
        torch = self.torch
        a = a.reshape(-1).to(torch.int64)
        b = b.reshape(-1).to(torch.int64)
        diff = (a != b).nonzero().flatten()
        n = a.numel()
        dcount = int(diff.numel())
        res = dict(vs=vs, rows=n, disagree=dcount,
                   percent=100.0 * (n - dcount) / n, near_ties=0,
                   checked_near_ties=min(dcount, cap))
        if dcount:
            sel = diff[:cap]
            near, invalid, better, _ = self.classify(sel, a[sel], b[sel],
                                                     self.k)
            res.update(near_ties=near, out_of_range=invalid,
                       closer_than_reference=better)
            if dcount > cap:
                res["note"] = "near-ties counted over the first %d" % cap
        return res


class Shape:
    """One shape's inputs (torch tensors), reference and scratch state."""

    def __init__(self, name):
        self.name = name
        self.cfg = SHAPES[name]
        self.t = {}
        self.ref = None
        self.ref_error = None
        self.chain_ref = None
        self.labels_for_agreement = []   # (row, labels)
        self.eager_gram_labels = None
        self.eager_gram_vs = "torch eager Gram"
        self.compile_gram_labels = None

    @property
    def flush(self):
        return self.cfg["flush"]

    def available(self):
        return {k: (tuple(v.shape), TORCH_TO_DT.get(str(v.dtype), "?"))
                for k, v in self.t.items()}


TORCH_TO_DT = {"torch.float16": "f16", "torch.bfloat16": "bf16",
               "torch.float32": "f32", "torch.float64": "f64",
               "torch.bool": "i1", "torch.int32": "i32",
               "torch.int64": "i64"}


class Bench:
    def __init__(self, args, res, budget):
        self.args = args
        self.res = res
        self.budget = budget
        self.torch = None
        self.cupy = None
        self.cupy_tracker = None
        self.jax = None
        self.jnp = None
        self.rt = None
        self.rt_error = None
        self.entries = []
        self.predictions = {}
        self.broken = None
        self.compiled = {}
        self.ceil = {}

    # ---- setup ---------------------------------------------------------
    def problem(self, msg):
        log("problem: " + shorten(msg, 400))
        self.res.setdefault("problems", []).append(msg)

    def import_libs(self):
        global torch
        import torch as _torch
        torch = _torch
        self.torch = _torch
        vers = self.res["meta"].setdefault("versions", {})
        vers["python"] = platform.python_version()
        vers["torch"] = torch.__version__
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        try:
            torch.set_float32_matmul_precision("highest")
        except Exception:
            pass
        self.res["meta"]["tf32"] = dict(
            NVIDIA_TF32_OVERRIDE=os.environ.get("NVIDIA_TF32_OVERRIDE"),
            matmul_allow_tf32=bool(torch.backends.cuda.matmul.allow_tf32),
            cudnn_allow_tf32=bool(torch.backends.cudnn.allow_tf32),
            float32_matmul_precision=str(
                torch.get_float32_matmul_precision()),
            XLA_PYTHON_CLIENT_PREALLOCATE=os.environ.get(
                "XLA_PYTHON_CLIENT_PREALLOCATE"),
            fp16_reduced_precision_reduction=getattr(
                torch.backends.cuda.matmul,
                "allow_fp16_reduced_precision_reduction", None))
        if not torch.cuda.is_available():
            raise RuntimeError("torch sees no CUDA device")
        torch.cuda.set_device(self.args.device)
        torch.cuda.init()
        try:
            import torch._dynamo as dynamo
            for name, value in (("cache_size_limit", 64),
                                ("recompile_limit", 64),
                                ("accumulated_cache_size_limit", 1024),
                                ("accumulated_recompile_limit", 1024)):
                if hasattr(dynamo.config, name):
                    setattr(dynamo.config, name, value)
        except Exception as e:
            self.problem("torch._dynamo config: %s" % e)
        for mod in ("triton", "numpy"):
            try:
                m = __import__(mod)
                vers[mod] = getattr(m, "__version__", "?")
            except Exception as e:
                vers[mod] = "unavailable (%s)" % shorten(e, 80)
        try:
            import matplotlib
            vers["matplotlib"] = matplotlib.__version__
        except Exception as e:
            vers["matplotlib"] = "unavailable (%s)" % shorten(e, 80)
        if not self.args.no_cupy:
            try:
                import cupy
                cupy.cuda.Device(self.args.device).use()
                self.cupy_tracker = CupyPeakTracker(cupy)
                cupy.cuda.set_allocator(self.cupy_tracker.malloc)
                ptr = torch.cuda.current_stream().cuda_stream
                if ptr:
                    self._cupy_stream = cupy.cuda.ExternalStream(ptr)
                    self._cupy_stream.use()
                self.cupy = cupy
                vers["cupy"] = cupy.__version__
            except Exception as e:
                vers["cupy"] = "unavailable (%s)" % shorten(e, 120)
                self.problem("CuPy: %s" % e)
        if not self.args.no_jax:
            try:
                import jax
                import jax.numpy as jnp
                jax.config.update("jax_default_matmul_precision", "highest")
                devs = [d for d in jax.devices()
                        if d.platform in ("gpu", "cuda")]
                if not devs:
                    raise RuntimeError("JAX sees no GPU (devices: %s)" %
                                       jax.devices())
                self.jax, self.jnp, self.jdev = jax, jnp, devs[0]
                vers["jax"] = jax.__version__
            except Exception as e:
                vers["jax"] = "unavailable (%s)" % shorten(e, 120)
                self.problem("JAX: %s" % e)

    def device_meta(self):
        torch = self.torch
        meta = self.res["meta"]
        p = torch.cuda.get_device_properties(self.args.device)
        l2 = getattr(p, "L2_cache_size", None)
        meta["device"] = "%s (%d SMs, %.1f GiB, cc %d.%d%s)" % (
            p.name, p.multi_processor_count, p.total_memory / GiB, p.major,
            p.minor, (", L2 %s" % fmt_bytes(l2)) if l2 else "")
        meta["cuda_torch"] = torch.version.cuda
        drv = []
        try:
            lib = ctypes.CDLL("libcuda.so.1")
            v = ctypes.c_int()
            if lib.cuDriverGetVersion(ctypes.byref(v)) == 0:
                drv.append("CUDA driver API %d.%d" % (v.value // 1000,
                                                      (v.value % 1000) // 10))
        except Exception:
            pass
        try:
            out = subprocess.run(
                ["nvidia-smi", "--query-gpu=driver_version",
                 "--format=csv,noheader"], capture_output=True, text=True,
                timeout=30)
            if out.returncode == 0 and out.stdout.strip():
                drv.insert(0, "driver " + out.stdout.strip().splitlines()[0])
        except Exception:
            pass
        meta["driver"] = ", ".join(drv) or "unknown"

    def load_fusec(self):
        a = self.args
        if a.runtime:
            try:
                self.rt = FusecRuntime(a.runtime)
                rc, msg = self.rt.driver_status()
                self.res["meta"]["fusec_runtime"] = dict(
                    path=self.rt.path, driver_status=msg,
                    device=self.rt.device_info(a.device))
                if rc:
                    raise FusecError("fusec_rt_driver_status: %s" % msg)
            except Exception as e:
                self.rt = None
                self.rt_error = "loading %s: %s" % (a.runtime, e)
                self.problem(self.rt_error)
        else:
            self.rt_error = "no --runtime given"
        if a.kernels:
            try:
                self.entries, probs = load_manifest(a.kernels)
                for p in probs:
                    self.problem("manifest: " + p)
                self.entries = select_entries(self.entries, a.only_kernels)
                self.res["manifest"] = [dict(e) for e in self.entries]
            except Exception as e:
                self.problem("manifest %s: %s" % (a.kernels, e))
        else:
            self.res["method_notes"].append(
                "No --kernels directory was given: no fusec rows.")
        if a.predictions:
            try:
                self.predictions = load_predictions(a.predictions)
                self.res["predictions_path"] = a.predictions
            except Exception as e:
                self.problem("predictions %s: %s" % (a.predictions, e))

    # ---- memory ----------------------------------------------------------
    def cleanup(self):
        gc.collect()
        torch = self.torch
        try:
            torch.cuda.synchronize()
        except Exception as e:
            self.context_check(e)
        try:
            torch.cuda.empty_cache()
        except Exception:
            pass
        if self.cupy is not None:
            try:
                self.cupy.get_default_memory_pool().free_all_blocks()
                self.cupy.get_default_pinned_memory_pool().free_all_blocks()
            except Exception:
                pass

    def context_check(self, exc=None):
        """After an error: is the CUDA context still usable?"""
        if self.broken:
            return
        try:
            t = self.torch.ones(4, device="cuda")
            t.add_(1)
            self.torch.cuda.synchronize()
            if float(t.sum().item()) != 8.0:
                raise RuntimeError("a trivial kernel gave a wrong result")
        except Exception as e:
            self.broken = "CUDA context unusable after an error (%s; then "\
                "%s)" % (shorten(exc, 200), shorten(e, 200))
            self.problem(self.broken)

    def free_bytes(self):
        torch = self.torch
        free, _ = torch.cuda.mem_get_info()
        cached = torch.cuda.memory_reserved() - torch.cuda.memory_allocated()
        return free + max(0, cached)

    def mem_reason(self, need):
        if not need:
            return None
        free = self.free_bytes()
        if need + MEM_MARGIN > free:
            return "not enough free device memory: needs ~%s (+%s margin), "\
                "%s free" % (fmt_bytes(need), fmt_bytes(MEM_MARGIN),
                             fmt_bytes(free))
        return None

    def torch_peak(self, fn):
        torch = self.torch
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
        base = torch.cuda.memory_allocated()
        out = fn()
        torch.cuda.synchronize()
        return out, torch.cuda.max_memory_allocated() - base

    # ---- the row driver ----------------------------------------------------
    def add_row(self, row):
        finish_row(row, self.ceil, self.predictions)
        self.res["rows"].append(row)
        if row["status"] == "ok":
            extra = ""
            if row.get("mismatches") is not None:
                extra = ", %d mismatches (%s near-ties) / %s" % (
                    row["mismatches"], row.get("near_ties"),
                    row.get("checked"))
            log("%s | %s: %s, peak %s%s" % (
                row["shape"], row["impl"], fmt_time_ms(row["time_ms"]),
                fmt_bytes(row.get("peak_bytes")), extra))
        elif row["status"] == "skipped":
            log("%s | %s: skipped (%s)" % (row["shape"], row["impl"],
                                          row.get("skip_reason")))
        else:
            log("%s | %s: FAILED: %s" % (row["shape"], row["impl"],
                                         shorten(row.get("error"), 300)))
        return row

    def skip(self, row, reason, budget=False):
        row["status"] = "skipped"
        row["skip_reason"] = reason
        if budget:
            self.budget.skipped += 1
        return self.add_row(row)

    def pre_skip(self, row, need_bytes=0, est_seconds=0):
        if self.broken:
            return self.skip(row, self.broken)
        reason = self.budget.skip_reason(est_seconds)
        if reason:
            return self.skip(row, reason, budget=True)
        reason = self.mem_reason(need_bytes)
        if reason:
            return self.skip(row, reason)
        return None

    def run_peer(self, S, impl, family, form, setup, *, program=None,
                 plan=None, need_bytes=0, est_seconds=0, check="labels",
                 kk=None, once=False, graph=False, keep_labels=None,
                 warm_extra=True, precision=None):
        row = new_row(S.name, impl, family, form, program, plan,
                      precision=precision)
        if self.pre_skip(row, need_bytes, est_seconds):
            return row
        log("%s | %s ..." % (S.name, impl))
        bound = None
        out = None
        try:
            t0 = time.perf_counter()
            bound = setup()
            row["setup_s"] = time.perf_counter() - t0
            row["notes"].extend(bound.notes)
            if once:
                # One call: peak, correctness and time together (e.g. the
                # running tiles on the large shapes, ~5 s a call).
                torch = self.torch
                s = torch.cuda.Event(enable_timing=True)
                e = torch.cuda.Event(enable_timing=True)
                if S.flush:
                    self.timer.flush()

                def timed():
                    s.record()
                    o = bound.call()
                    e.record()
                    return o
                out, peak = self.torch_peak(timed)
                row["peak_bytes"] = peak
                row["peak_method"] = "torch max_memory_allocated"
                ms = s.elapsed_time(e)
                row.update(time_ms=ms, reps=1, timing=dict(
                    median_ms=ms, reps=1, method="cuda-events, one call",
                    flush=S.flush))
                row["notes"].append("one timed call (no median)")
            else:
                if warm_extra:
                    bound.call()
                if bound.pre_check:
                    bound.pre_check()
                if bound.peak_mode == "torch":
                    out, peak = self.torch_peak(bound.call)
                    row["peak_method"] = "torch max_memory_allocated"
                elif bound.peak_mode == "cupy":
                    self.torch.cuda.synchronize()
                    base = self.cupy_tracker.reset()
                    out = bound.call()
                    self.cupy.cuda.get_current_stream().synchronize()
                    self.torch.cuda.synchronize()
                    peak = self.cupy_tracker.peak - base
                    row["peak_method"] = "CuPy memory pool high-water"
                elif bound.peak_mode == "static":
                    out = bound.call()
                    self.torch.cuda.synchronize()
                    peak = bound.static_peak(out)
                    row["peak_method"] = bound.peak_method or "static"
                    row.update(bound.extra)
                else:
                    out = bound.call()
                    self.torch.cuda.synchronize()
                    peak = None
                row["peak_bytes"] = peak
            # Correctness.
            try:
                self.check(S, row, bound.to_torch(out), check, kk,
                           keep_labels)
            except Exception as e:
                row["check_error"] = "%s: %s" % (type(e).__name__, e)
                row["notes"].append("check failed: %s" % shorten(e, 160))
            del out
            out = None
            if not once:
                cap = self.budget.timing_cap()
                if bound.timing == "host":
                    tm = self.timer.time_host(bound.sync_call, S.flush,
                                              max_seconds=cap)
                    row["notes"].append("host-timed (block_until_ready)")
                else:
                    tm = self.timer.time_events(bound.call, S.flush,
                                                max_seconds=cap)
                row.update(time_ms=tm["median_ms"], reps=tm["reps"],
                           timing=tm)
            row["status"] = "ok"
        except SkipRow as e:
            row["status"] = "skipped"
            row["skip_reason"] = str(e)
        except Exception as e:
            row["status"] = "failed"
            row["error"] = "%s: %s" % (type(e).__name__, e)
            row["traceback"] = traceback.format_exc(limit=6)
            self.context_check(e)
        graph_bound = bound if (graph and row["status"] == "ok" and
                                bound.graphable) else None
        if graph and row["status"] == "ok" and not bound.graphable:
            row["notes"].append("no graph replay: %s" %
                                bound.not_graphable_reason)
        del out
        self.add_row(row)
        if graph_bound is not None:
            self.run_graph(S, row, graph_bound, check, kk)
        if bound is not None and bound.close:
            try:
                bound.close()
            except Exception as e:
                self.problem("closing %s: %s" % (impl, e))
        bound = graph_bound = None
        self.cleanup()
        return row

    def run_graph(self, S, base, bound, check, kk):
        """The same call replayed from a CUDA graph."""
        torch = self.torch
        row = new_row(S.name, base["impl"] + " (CUDA graph replay)",
                      base["family"], base["form"], base.get("program"),
                      base.get("plan"), graph=True,
                      precision=base.get("precision"))
        if self.pre_skip(row):
            return
        g = None
        out = None
        try:
            side = torch.cuda.Stream()
            side.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(side):
                for _ in range(2):
                    bound.call()
            torch.cuda.current_stream().wait_stream(side)
            torch.cuda.synchronize()
            g = torch.cuda.CUDAGraph()
            kw = {}
            if bound.capture_mode:
                kw["capture_error_mode"] = bound.capture_mode
                row["notes"].append("captured with capture_error_mode=%s" %
                                    bound.capture_mode)
            with torch.cuda.graph(g, **kw):
                out = bound.call()
            torch.cuda.synchronize()
            if bound.pre_check:
                bound.pre_check()
            g.replay()
            torch.cuda.synchronize()
            try:
                self.check(S, row, bound.to_torch(out), check, kk, None)
            except Exception as e:
                row["notes"].append("check failed: %s" % shorten(e, 160))
            tm = self.timer.time_events(g.replay, S.flush,
                                        max_seconds=self.budget.timing_cap())
            row.update(time_ms=tm["median_ms"], reps=tm["reps"], timing=tm,
                       status="ok")
            row["peak_bytes"] = base.get("peak_bytes")
            row["notes"].append("peak as in the plain row")
        except Exception as e:
            row["status"] = "failed"
            row["error"] = "%s: %s" % (type(e).__name__, e)
            row["traceback"] = traceback.format_exc(limit=6)
            self.context_check(e)
        del g, out
        self.add_row(row)

    # ---- correctness ---------------------------------------------------
    def check(self, S, row, out, check, kk, keep_labels):
        torch = self.torch
        if check == "labels":
            if S.ref is None:
                row["notes"].append("no reference: %s" % S.ref_error)
                return
            labels = out if not isinstance(out, (tuple, list)) else out[-1]
            r = S.ref.check_labels(labels, kk)
            row["mismatches"] = r["mismatches"]
            row["near_ties"] = r["near_ties"]
            row["checked"] = r["checked"]
            row["check"] = r
            if r.get("f32") is not None:
                row["mismatches_f32"] = r["f32"]["mismatches"]
                row["near_ties_f32"] = r["f32"]["near_ties"]
                row["check_f32"] = r["f32"]
            if keep_labels:
                lab = labels.reshape(-1).to(torch.int64).clone()
                if keep_labels == "fusec":
                    S.labels_for_agreement.append((row, lab))
                elif keep_labels == "eager":
                    S.eager_gram_labels = lab
                elif keep_labels == "compile":
                    S.compile_gram_labels = lab
        elif check == "chain":
            ref16, ref64 = S.chain_ref
            y = out.reshape(-1)
            if y.numel() != ref16.numel():
                raise ValueError("output has %d elements, expected %d" % (
                    y.numel(), ref16.numel()))
            if y.dtype != torch.float16:
                row["notes"].append("output dtype %s" % y.dtype)
            diff = int((y.to(torch.float16) != ref16).sum().item())
            err = float((y.double() - ref64).abs().max().item())
            row["mismatches_elems"] = diff
            row["max_abs_err"] = err
            row["check_summary"] = "%d elems ≠ f64→f16 (max abs err %.3g)" % (
                diff, err)
        elif check == "distance":
            # (n, k) or (n,) distances against f64 on the reference rows.
            ref = S.ref
            if out.dim() == 2:
                k, d = S.t["C"].shape
                rows = ref.idx[:max(1, min(256, DIRECT_REF_CHUNK // (k * d)))]
                xs = S.t["X"][rows].double()
                want = ((xs[:, None, :] - S.t["C"].double()[None]) ** 2) \
                    .sum(2)
                got = out[rows].double()
            else:
                xs = S.t["X"][ref.idx].double()
                want = ((xs - S.t["C0"].double()) ** 2).sum(1)
                got = out[ref.idx].double()
            rel = float(((got - want).abs() / want.abs().clamp(min=1.0))
                        .max().item())
            row["max_rel_err"] = rel
            row["check_summary"] = "max rel err %.3g vs f64" % rel
        elif check == "step":
            new_d, new_i = out
            want_d, want_i = torch_running_step(
                S.t["X"], S.t["C0"], S.t["J0"], S.t["BEST_D"], S.t["BEST_I"])
            mism = int((new_i.reshape(-1) != want_i).sum().item())
            err = float((new_d.reshape(-1).double() - want_d.double()).abs()
                        .max().item())
            row["check_summary"] = "%d labels ≠ torch eager step (max abs "\
                "err of d %.3g)" % (mism, err)
        elif check is None:
            return

    # ---- ceilings --------------------------------------------------------
    def measure_ceilings(self):
        torch = self.torch
        res = self.res["ceilings"] = {}
        log("ceilings ...")
        try:
            src = torch.empty(CEIL_COPY_BYTES // 4, dtype=torch.float32,
                              device="cuda")
            src.uniform_()
            dst = torch.empty_like(src)
            tm = self.timer.time_events(lambda: dst.copy_(src), flush=False,
                                        min_reps=10)
            res["copy"] = dict(bytes=2 * CEIL_COPY_BYTES,
                               median_ms=tm["median_ms"], reps=tm["reps"],
                               Bps=2 * CEIL_COPY_BYTES /
                               (tm["median_ms"] / 1e3))
            src = dst = None
        except Exception as e:
            res["copy"] = dict(error="%s: %s" % (type(e).__name__, e))
        self.cleanup()
        for key, dtype in (("sgemm", torch.float32), ("hgemm", torch.float16)):
            try:
                m = CEIL_GEMM_M
                a = torch.rand((m, m), device="cuda").to(dtype)
                b = torch.rand((m, m), device="cuda").to(dtype)
                o = torch.empty((m, m), device="cuda", dtype=dtype)
                tm = self.timer.time_events(lambda: torch.mm(a, b, out=o),
                                            flush=False, min_reps=5,
                                            max_reps=50)
                res[key] = dict(m=m, median_ms=tm["median_ms"],
                                reps=tm["reps"],
                                flops=2 * m ** 3 / (tm["median_ms"] / 1e3))
                a = b = o = None
            except Exception as e:
                res[key] = dict(error="%s: %s" % (type(e).__name__, e))
            self.cleanup()
        used, assumed = {}, []
        for key, field, akey in (("copy", "Bps", "copy_Bps"),
                                 ("sgemm", "flops", "sgemm_flops"),
                                 ("hgemm", "flops", "hgemm_flops")):
            v = (res.get(key) or {}).get(field)
            if v:
                used[akey] = v
            else:
                used[akey] = ASSUMED_CEILINGS[akey]
                assumed.append(akey)
        used["assumed"] = assumed
        self.res["ceilings_used"] = used
        self.ceil = used
        log("ceilings: copy %.3g TB/s, SGEMM %.3g TFLOP/s, HGEMM %.3g "
            "TFLOP/s%s" % (used["copy_Bps"] / 1e12, used["sgemm_flops"] / 1e12,
                           used["hgemm_flops"] / 1e12,
                           (" (assumed: %s)" % assumed) if assumed else ""))

    # ---- implementations -----------------------------------------------
    def compile(self, name, fn, fullgraph=False):
        if name not in self.compiled:
            self.compiled[name] = self.torch.compile(fn, dynamic=False,
                                                     fullgraph=fullgraph)
        return self.compiled[name]

    def torch_bound(self, fn, *, compiled=False, notes=None):
        def call():
            return fn()
        if compiled:
            fn()          # first call: trace and compile, not timed
            self.torch.cuda.synchronize()
        return Bound(call, graphable=True, notes=notes)

    def fusec_setup(self, S, entry):
        torch = self.torch

        def setup():
            if entry.get("error"):
                raise FusecError(entry["error"])
            if self.rt is None:
                raise FusecError(self.rt_error or "fusec runtime not loaded")
            with open(entry["ptx_path"], "rb") as f:
                ptx = f.read()
            desc = extract_launch_desc(ptx.decode("utf-8", "replace"))
            if desc is None:
                raise FusecError("%s has no '%s' line" % (entry["ptx_path"],
                                                          LAUNCH_PREFIX.strip()))
            self.ensure_inputs(S, entry["form"])
            keys, errs = plan_inputs(entry["form"], desc, S.available())
            if errs:
                raise FusecError("arguments do not match this shape: " +
                                 "; ".join(errs))
            inputs = [S.t[k] for k in keys]
            in_dts = [a["dtype"] for a in desc_args(desc, "input")]
            out_specs, temp_pred = resolve_outputs(
                desc, [tuple(t.shape) for t in inputs])
            out_bytes = sum(array_bytes(dt, sh) for _, dt, sh in out_specs)
            reason = self.mem_reason(out_bytes + temp_pred)
            if reason:
                raise SkipRow(reason)
            tdt = {"f16": torch.float16, "bf16": torch.bfloat16,
                   "f32": torch.float32, "f64": torch.float64,
                   "i1": torch.bool, "i32": torch.int32, "i64": torch.int64}
            outs = [torch.empty(sh, dtype=tdt[dt], device="cuda")
                    for _, dt, sh in out_specs]

            def poison():
                for o in outs:
                    if o.dtype.is_floating_point:
                        o.fill_(float("nan"))
                    elif o.dtype == torch.bool:
                        o.fill_(True)
                    else:
                        o.fill_(-1)
            poison()
            prog = self.rt.create(ptx, self.args.device)
            launcher = FusecLauncher(self.rt, prog, torch, inputs + outs,
                                     in_dts + [dt for _, dt, _ in out_specs])
            try:
                launcher.launch()       # module load and first launch
                torch.cuda.synchronize()
            except Exception:
                launcher.destroy()
                raise

            def call():
                launcher.launch()
                return outs

            def static_peak(_):
                return out_bytes + int(launcher.stats.temp_bytes)

            def to_torch(o):
                if entry["form"] == "step":
                    return (o[0], o[1])
                if entry["form"] in ("naive", "gram", "running32",
                                     "running8"):
                    ints = [t for t in o if t.dtype in (torch.int64,
                                                        torch.int32)]
                    return ints[0] if ints else o[0]
                return o[0]
            temps = bool(desc.get("buffers")) or launcher.stats.temp_bytes
            synced = bool(launcher.stats.synchronized)
            notes = ["%d kernel(s), %d memset(s) per call" % (
                launcher.stats.kernels, launcher.stats.memsets)]
            prec = entry.get("precision") or "ieee"
            if prec != "ieee":
                notes.append(PRECISION_TITLE.get(prec, prec))
            if entry.get("notes"):
                notes.append(entry["notes"])
            if temps:
                notes.append("runtime allocates %s of temporaries %s" % (
                    fmt_bytes(launcher.stats.temp_bytes),
                    "and syncs each call" if synced else
                    "in stream order (a memory pool)"))
            b = Bound(call, to_torch=to_torch, peak_mode="static",
                      static_peak=static_peak, graphable=not synced,
                      close=launcher.destroy, pre_check=poison, notes=notes)
            b.peak_method = "outputs + LaunchStats.temp_bytes"
            # The runtime makes the primary context current on every launch;
            # relaxed capture tolerates that (launches, memsets and
            # stream-ordered allocations are captured; a call that
            # synchronizes is not).
            b.capture_mode = "relaxed"
            b.not_graphable_reason = "the launch allocates temporaries and "\
                "synchronizes"
            return b
        return setup

    def ensure_inputs(self, S, form):
        torch = self.torch
        t = S.t
        if form in ("running32",) and "C32" not in t:
            t["C32"] = t["C"][:32]
        if form in ("running8",) and "C8" not in t:
            t["C8"] = t["C"][:8]
        if form in ("onedist", "step") and "C0" not in t:
            t["C0"] = t["C"][0]
        if form == "step" and "J0" not in t:
            n = t["X"].shape[0]
            t["J0"] = torch.tensor(0, dtype=torch.int64, device="cuda")
            # A state after the centroid 1, so that the step both keeps and
            # replaces.
            t["BEST_D"] = ((t["X"] - t["C"][1]) ** 2).sum(1)
            t["BEST_I"] = torch.ones(n, dtype=torch.int64, device="cuda")

    def cupy_in(self, tensor):
        cp = self.cupy
        try:
            return cp.from_dlpack(tensor)
        except Exception:
            return cp.fromDlpack(self.torch.utils.dlpack.to_dlpack(tensor))

    def jax_in(self, tensor):
        jax = self.jax
        try:
            return jax.dlpack.from_dlpack(tensor)
        except Exception:
            try:
                return self.jnp.from_dlpack(tensor)
            except Exception:
                if tensor.numel() * tensor.element_size() > GiB:
                    raise
                return jax.device_put(tensor.cpu().numpy(), self.jdev)

    def torch_from(self, arr):
        torch = self.torch
        try:
            return torch.from_dlpack(arr)
        except Exception:
            import numpy as np
            return torch.as_tensor(np.asarray(arr), device="cuda")

    def cupy_bound(self, fn, notes=None):
        cp = self.cupy
        fn()                          # first call (kernel compilation)
        cp.cuda.get_current_stream().synchronize()
        return Bound(fn, to_torch=self.torch_from, peak_mode="cupy",
                     notes=notes)

    def jax_bound(self, jfn, args, notes=None):
        jax = self.jax
        lowered = jax.jit(jfn).lower(*args)
        compiled = lowered.compile()
        peak = None
        pm = "n/a"
        try:
            ma = compiled.memory_analysis()
            if ma is not None:
                temp = int(getattr(ma, "temp_size_in_bytes", 0) or 0)
                outb = int(getattr(ma, "output_size_in_bytes", 0) or 0)
                alias = int(getattr(ma, "alias_size_in_bytes", 0) or 0)
                peak = temp + outb - alias
                pm = "XLA memory_analysis: temp + output"
        except Exception:
            peak = None

        def call():
            return compiled(*args)

        def sync_call():
            call().block_until_ready()
        sync_call()
        sync_call()
        state = {}

        def stats():
            try:
                return self.jdev.memory_stats() or {}
            except Exception:
                return {}

        def pre():
            st = stats()
            state["before"] = st.get("bytes_in_use")
            state["peak_before"] = st.get("peak_bytes_in_use")

        def static_peak(out):
            # Also the allocator's view: JAX cannot reset its high-water
            # mark, so it says something only when this call raised it.
            pk = stats().get("peak_bytes_in_use")
            if pk is not None and state.get("before") is not None:
                b.extra["jax_memory_stats"] = dict(
                    bytes_in_use_before=state["before"],
                    peak_before=state.get("peak_before"), peak_after=pk,
                    peak_above_inputs=(pk - state["before"])
                    if pk > (state.get("peak_before") or 0) else None)
            return peak
        b = Bound(call, to_torch=lambda o: self.torch_from(
                      o.block_until_ready()), peak_mode="static",
                  static_peak=static_peak, timing="host",
                  sync_call=sync_call, notes=notes, pre_check=pre)
        b.peak_method = pm
        if peak is None:
            b.notes.append("peak: no memory_analysis")
        return b

    # ---- shapes --------------------------------------------------------
    def run_shape(self, name):
        S = Shape(name)
        cfg = S.cfg
        torch = self.torch
        log("=== shape %s ===" % name)
        reason = self.budget.skip_reason() or self.broken
        half = cfg["kind"] == "assign" and shape_dtype(name) in HALF_DTYPES
        if not reason:
            need = (4 * cfg["n"] * cfg["d"] + 4 * cfg["k"] * cfg["d"]) \
                if cfg["kind"] == "assign" else 6 * cfg["numel"]
            if half:        # the f32 draw and its rounded copy, briefly
                need += 2 * cfg["n"] * cfg["d"]
            reason = self.mem_reason(need)
        if reason:
            row = new_row(name, "all rows of this shape", "none", None)
            self.skip(row, reason, budget="budget" in reason)
            return
        g = torch.Generator(device="cuda")
        g.manual_seed(self.args.seed + shape_seed_offset(name))
        try:
            if cfg["kind"] == "assign":
                tdt = {"f16": torch.float16, "bf16": torch.bfloat16}
                for key, rows in (("X", cfg["n"]), ("C", cfg["k"])):
                    v = torch.rand((rows, cfg["d"]), generator=g,
                                   device="cuda", dtype=torch.float32)
                    S.t[key] = v.to(tdt[shape_dtype(name)]) if half else v
                    del v
                if half:
                    self.run_assign_half(S)
                else:
                    self.run_assign(S)
            else:
                x = torch.rand((cfg["numel"],), generator=g, device="cuda",
                               dtype=torch.float32) * 2.0 - 1.0
                S.t["XH"] = x.to(torch.float16)
                del x
                self.run_chain(S)
        except Exception as e:
            self.problem("shape %s aborted: %s\n%s" % (
                name, e, traceback.format_exc(limit=6)))
            self.context_check(e)
        finally:
            S.t.clear()
            S.ref = None
            S.chain_ref = None
            S.labels_for_agreement = []
            S.eager_gram_labels = S.compile_gram_labels = None
            self.cleanup()

    def run_assign(self, S):
        torch = self.torch
        cfg = S.cfg
        n, k, d = cfg["n"], cfg["k"], cfg["d"]
        X, C = S.t["X"], S.t["C"]
        large = cfg["large"]
        nk4 = 4 * n * k
        try:
            t0 = time.perf_counter()
            S.ref = RefContext(torch, X, C, self.args.subset_rows,
                               self.args.seed)
            log("%s | float64 reference on %d rows (%s) in %.1f s" % (
                S.name, S.ref.idx.numel(), S.ref.methods[k],
                time.perf_counter() - t0))
        except Exception as e:
            S.ref_error = "%s: %s" % (type(e).__name__, e)
            self.problem("%s reference: %s" % (S.name, S.ref_error))
            self.context_check(e)
        self.cleanup()
        G = cfg["graph"]

        # fusec first.
        self.run_fusec_assign(S)

        self.run_peer(S, "cuBLAS X@Cᵀ alone (torch.mm)", "ceiling", "mm",
                      lambda: self.torch_bound(lambda: torch.mm(X, C.T)),
                      need_bytes=nk4, check=None)

        if not large:
            self.run_peer(S, "torch eager, naive", "torch", "naive",
                          lambda: self.torch_bound(lambda: torch_naive(X, C)),
                          program="naive_argmin", plan="eager",
                          need_bytes=2 * n * k * d * 4 + nk4)
            f = self.compile("naive", torch_naive)
            self.run_peer(S, "torch.compile, naive", "torch.compile", "naive",
                          lambda: self.torch_bound(lambda: f(X, C),
                                                   compiled=True),
                          need_bytes=2 * nk4, graph=G)
        else:
            for impl, fam in (("torch eager, naive", "torch"),
                              ("torch.compile, naive", "torch.compile")):
                self.skip(new_row(S.name, impl, fam, "naive"),
                          "not run: the (n,k,d) broadcast is %s" %
                          fmt_bytes(4 * n * k * d))

        self.run_peer(S, "torch eager, Gram", "torch", "gram",
                      lambda: self.torch_bound(lambda: torch_gram(X, C)),
                      program="gemm_argmin", plan="eager",
                      need_bytes=max(4 * n * d, 3 * nk4) + nk4,
                      keep_labels="eager")
        fg = self.compile("gram", torch_gram)
        self.run_peer(S, "torch.compile, Gram", "torch.compile", "gram",
                      lambda: self.torch_bound(lambda: fg(X, C),
                                               compiled=True),
                      need_bytes=2 * nk4, graph=G, keep_labels="compile")

        # The running forms.
        C32 = C[:32]
        self.run_peer(S, "torch eager, running loop over 32 centroids only",
                      "torch", "running32",
                      lambda: self.torch_bound(
                          lambda: torch_running_loop(X, C32)),
                      need_bytes=3 * 4 * n * d, kk=32)
        fr = self.compile("running_loop", torch_running_loop, fullgraph=True)
        self.run_peer(S, "torch.compile, running loop over 32 centroids only",
                      "torch.compile", "running32",
                      lambda: self.torch_bound(lambda: fr(X, C32),
                                               compiled=True),
                      need_bytes=64 * n, kk=32, graph=G)
        self.run_tiles(S)

        # CuPy.
        if self.cupy is not None:
            self.run_cupy_assign(S)
        else:
            self.skip(new_row(S.name, "CuPy", "cupy", "gram"),
                      "CuPy unavailable or disabled")
        # JAX.
        if self.jax is not None:
            self.run_peer(S, "JAX jit, Gram", "jax", "gram",
                          lambda: self.jax_gram(X, C),
                          need_bytes=3 * nk4)
        else:
            self.skip(new_row(S.name, "JAX jit, Gram", "jax", "gram"),
                      "JAX unavailable or disabled")

        self.eager_peaks(S)
        self.agreements(S)

    def run_fusec_assign(self, S):
        """The fusec rows of an assignment shape, in manifest order."""
        for entry in [e for e in self.entries if e["shape"] == S.name]:
            form = entry["form"] or "?"
            kk = {"running32": 32, "running8": 8}.get(form)
            check = {"step": "step", "distance": "distance",
                     "onedist": "distance"}.get(form, "labels")
            prec = entry.get("precision") or "ieee"
            impl = "fusec %s (%s" % (entry["name"], entry["program"])
            if prec != "ieee" and prec not in entry["name"].lower():
                impl += ", " + prec
            row = self.run_peer(
                S, impl + ")", "fusec", form, self.fusec_setup(S, entry),
                program=entry["program"], plan="fused", check=check, kk=kk,
                graph=S.cfg["graph"], precision=prec,
                keep_labels="fusec" if form in ("naive", "gram") else None)
            if entry.get("baseline"):
                row["baseline"] = True
                row["notes"].append("A/B baseline, not a target candidate")

    def run_assign_half(self, S):
        """An fp16/bf16 shape (issue 8): fusec's tensor-core kernels; cuBLAS
        X @ C.T alone in the half dtype (the ceiling row); torch eager and
        torch.compile Gram written on the half tensors, as users would;
        and torch eager Gram on the f32 upcast, whose labels the fusec rows'
        agreement is measured against."""
        torch = self.torch
        cfg = S.cfg
        n, k, d = cfg["n"], cfg["k"], cfg["d"]
        X, C = S.t["X"], S.t["C"]
        dt = shape_dtype(S.name)
        title = DTYPE_TITLE[dt]
        nk2 = 2 * n * k
        nk4 = 4 * n * k
        try:
            t0 = time.perf_counter()
            S.ref = RefContext(torch, X, C, self.args.subset_rows,
                               self.args.seed, f32_ref=True)
            log("%s | references on %d rows: %s; %s; in %.1f s" % (
                S.name, S.ref.idx.numel(), S.ref.methods[k],
                S.ref.methods32[k], time.perf_counter() - t0))
        except Exception as e:
            S.ref_error = "%s: %s" % (type(e).__name__, e)
            self.problem("%s reference: %s" % (S.name, S.ref_error))
            self.context_check(e)
        self.cleanup()
        G = cfg["graph"]

        self.run_fusec_assign(S)

        self.run_peer(S, "cuBLAS %s X@Cᵀ alone (torch.mm)" % title,
                      "ceiling", "mm",
                      lambda: self.torch_bound(lambda: torch.mm(X, C.T)),
                      need_bytes=nk2, check=None)
        self.run_peer(S, "torch eager, Gram (%s inputs)" % title, "torch",
                      "gram",
                      lambda: self.torch_bound(lambda: torch_gram(X, C)),
                      need_bytes=max(2 * n * d, 3 * nk2) + nk2)
        fg = self.compile("gram", torch_gram)
        self.run_peer(S, "torch.compile, Gram (%s inputs)" % title,
                      "torch.compile", "gram",
                      lambda: self.torch_bound(lambda: fg(X, C),
                                               compiled=True),
                      need_bytes=2 * nk2, graph=G)
        # gemm_argmin_f16's own program: upcast, then the f32 Gram form.
        S.eager_gram_vs = "torch eager Gram on the f32 upcast"
        self.run_peer(S, "torch eager, Gram on the f32 upcast (x.float(), "
                      "c.float())", "torch", "gram",
                      lambda: self.torch_bound(
                          lambda: torch_gram(X.float(), C.float())),
                      program="gemm_argmin_" + dt, plan="eager",
                      precision=dt, keep_labels="eager",
                      need_bytes=4 * n * d + 4 * k * d +
                      max(4 * n * d, 3 * nk4) + nk4)
        self.agreements(S)

    def run_tiles(self, S):
        torch = self.torch
        X, C = S.t["X"], S.t["C"]
        n, k = S.cfg["n"], S.cfg["k"]
        impl = "torch.compile, running tiles of 32 over all k"
        tile = self.compile("running_tile", torch_running_tile,
                            fullgraph=True)
        tiles = list(range(0, k, 32))

        def run_all():
            best_d = best_i = None
            for t0 in tiles:
                d_t, i_t = tile(X, C[t0:t0 + 32])
                if best_d is None:
                    best_d, best_i = d_t, i_t + t0
                else:
                    better = d_t < best_d
                    best_d = torch.where(better, d_t, best_d)
                    best_i = torch.where(better, i_t + t0, best_i)
                    del better
                del d_t, i_t
            return best_i

        large = S.cfg["large"]
        if large and self.args.tiles_large == "skip":
            self.skip(new_row(S.name, impl, "torch.compile", "tiles"),
                      "skipped on large shapes (--tiles-large skip)")
            return

        def setup():
            tile(X, C[:32])          # compile, not timed
            torch.cuda.synchronize()
            s = torch.cuda.Event(enable_timing=True)
            e = torch.cuda.Event(enable_timing=True)
            s.record()
            tile(X, C[:32])
            e.record()
            torch.cuda.synchronize()
            est = s.elapsed_time(e) * len(tiles) / 1e3
            runs = 1 if large else 12
            if est * runs + 5 > self.budget.remaining():
                raise SkipRow("time budget: a full pass is ~%.1f s, %.0f s "
                              "left" % (est, self.budget.remaining()))
            return Bound(run_all, graphable=False,
                         notes=["%d tiles; ~%.3g s a pass (estimated from "
                                "one tile)" % (len(tiles), est)])
        self.run_peer(S, impl, "torch.compile", "tiles", setup,
                      need_bytes=64 * n, once=large, warm_extra=not large)

    def run_cupy_assign(self, S):
        cp = self.cupy
        cfg = S.cfg
        n, k, d = cfg["n"], cfg["k"], cfg["d"]
        X, C = S.t["X"], S.t["C"]
        nk4 = 4 * n * k

        def cp_gram(x, c):
            xsq = x * x
            xx = xsq.sum(1, keepdims=True)
            del xsq
            csq = c * c
            cc = csq.sum(1)
            del csq
            ct = c.T
            xc = x @ ct
            del ct
            norms = xx + cc
            del xx, cc
            xc2 = 2.0 * xc
            del xc
            dist = norms - xc2
            del norms, xc2
            labels = dist.argmin(1)
            del dist
            return labels

        def cp_naive(x, c):
            diff = x[:, None, :] - c[None, :, :]
            sq = diff * diff
            del diff
            dist = sq.sum(2)
            del sq
            return dist.argmin(1)

        def setup_gram():
            x, c = self.cupy_in(X), self.cupy_in(C)
            return self.cupy_bound(lambda: cp_gram(x, c))
        self.run_peer(S, "CuPy eager, Gram", "cupy", "gram", setup_gram,
                      need_bytes=max(4 * n * d, 3 * nk4) + nk4)
        if not cfg["large"]:
            def setup_naive():
                x, c = self.cupy_in(X), self.cupy_in(C)
                return self.cupy_bound(lambda: cp_naive(x, c))
            self.run_peer(S, "CuPy eager, naive", "cupy", "naive",
                          setup_naive, need_bytes=2 * 4 * n * k * d + nk4)

            def setup_fuse_naive():
                x, c = self.cupy_in(X), self.cupy_in(C)
                # As the seed did: the broadcast views go in, and the fused
                # function reduces and takes argmin.
                def fused_naive_argmin(xe, ce):
                    return ((xe - ce) ** 2).sum(-1).argmin(1)
                f = cp.fuse(fused_naive_argmin)
                xe, ce = x[:, None, :], c[None, :, :]
                return self.cupy_bound(lambda: f(xe, ce))
            self.run_peer(S, "cupy.fuse, naive", "cupy.fuse", "naive",
                          setup_fuse_naive, need_bytes=4 * n * k * d)

        def setup_fuse_gram():
            x, c = self.cupy_in(X), self.cupy_in(C)

            def fused_gram_argmin(x, c):
                return ((x * x).sum(1, keepdims=True) + (c * c).sum(1) -
                        2.0 * (x @ c.T)).argmin(1)
            f = cp.fuse(fused_gram_argmin)
            return self.cupy_bound(lambda: f(x, c))
        self.run_peer(S, "cupy.fuse, Gram", "cupy.fuse", "gram",
                      setup_fuse_gram, need_bytes=3 * nk4)

    def jax_gram(self, X, C):
        jnp = self.jnp

        def gram(x, c):
            xx = jnp.sum(x * x, axis=1, keepdims=True)
            cc = jnp.sum(c * c, axis=1)
            xc = jnp.matmul(x, c.T)
            norms = xx + cc
            xc2 = 2.0 * xc
            dist = norms - xc2
            return jnp.argmin(dist, axis=1)
        x, c = self.jax_in(X), self.jax_in(C)
        return self.jax_bound(gram, (x, c),
                              notes=["inputs shared with torch via DLPack"])

    def run_chain(self, S):
        torch = self.torch
        x = S.t["XH"]
        m = S.cfg["numel"]
        G = S.cfg["graph"]
        try:
            x64 = x.double()
            ref64 = torch.relu(x64 * 2.0 + 1.0) * 0.5
            S.chain_ref = (ref64.to(torch.float16), ref64)
            del x64
        except Exception as e:
            self.problem("%s reference: %s" % (S.name, e))
        for entry in [e for e in self.entries if e["shape"] == S.name]:
            self.run_peer(S, "fusec %s (%s)" % (entry["name"],
                                                entry["program"]),
                          "fusec", "chain", self.fusec_setup(S, entry),
                          program="chain", plan="fused", check="chain",
                          graph=G)
        y = torch.empty_like(x)
        self.run_peer(S, "torch copy_ x→y (2|x|, the copy ceiling)",
                      "ceiling", "copy",
                      lambda: self.torch_bound(lambda: y.copy_(x)),
                      check=None)
        y = None
        self.run_peer(S, "torch eager, chain", "torch", "chain",
                      lambda: self.torch_bound(lambda: torch_chain(x)),
                      program="chain", plan="eager", check="chain",
                      need_bytes=8 * m, graph=False)
        fc = self.compile("chain", torch_chain)
        self.run_peer(S, "torch.compile, chain", "torch.compile", "chain",
                      lambda: self.torch_bound(lambda: fc(x), compiled=True),
                      check="chain", need_bytes=4 * m, graph=G)
        if self.cupy is not None:
            cp = self.cupy

            def cp_chain(v):
                return cp.maximum(v * 2.0 + 1.0, 0) * 0.5

            def setup_cp():
                xc = self.cupy_in(x)
                return self.cupy_bound(lambda: cp_chain(xc))
            self.run_peer(S, "CuPy eager, chain", "cupy", "chain", setup_cp,
                          check="chain", need_bytes=8 * m)

            def setup_fuse():
                xc = self.cupy_in(x)
                f = cp.fuse(cp_chain)
                return self.cupy_bound(lambda: f(xc))
            self.run_peer(S, "cupy.fuse, chain", "cupy.fuse", "chain",
                          setup_fuse, check="chain", need_bytes=4 * m)
        else:
            self.skip(new_row(S.name, "CuPy", "cupy", "chain"),
                      "CuPy unavailable or disabled")
        if self.jax is not None:
            jnp = self.jnp

            def jax_chain(v):
                return jnp.maximum(v * 2.0 + 1.0, 0.0) * 0.5

            def setup_jax():
                xj = self.jax_in(x)
                return self.jax_bound(
                    jax_chain, (xj,),
                    notes=["input shared with torch via DLPack"])
            self.run_peer(S, "JAX jit, chain", "jax", "chain", setup_jax,
                          check="chain", need_bytes=4 * m)
        else:
            self.skip(new_row(S.name, "JAX jit, chain", "jax", "chain"),
                      "JAX unavailable or disabled")

    # ---- issue 6: eager peaks ----------------------------------------------
    def eager_peaks(self, S):
        """Peaks of the .mlir-order eager programs. Naive and Gram come from
        the torch eager rows (the same functions, measured the same way);
        the running step is measured here."""
        n, d = S.cfg["n"], S.cfg["d"]
        pairs = [("gemm_argmin", "torch eager, Gram")]
        if not S.cfg["large"]:
            pairs.insert(0, ("naive_argmin", "torch eager, naive"))
        for program, impl in pairs:
            rows = [r for r in self.res["rows"]
                    if r["shape"] == S.name and r["impl"] == impl]
            if not rows:
                continue
            r = rows[-1]
            e = dict(program=program, shape=S.name,
                     measured_bytes=r.get("peak_bytes"),
                     source="row '%s'" % impl)
            if r["status"] != "ok":
                e["error"] = r.get("error") or r.get("skip_reason")
            self.add_eager_peak(e)
        e = dict(program="running_step", shape=S.name,
                 source="eager_peaks: torch_running_step")
        reason = self.broken or self.budget.skip_reason() or \
            self.mem_reason(3 * 4 * n * d)
        if reason:
            e["error"] = "not measured: " + reason
        else:
            try:
                self.ensure_inputs(S, "step")
                t = S.t
                args = (t["X"], t["C0"], t["J0"], t["BEST_D"], t["BEST_I"])
                torch_running_step(*args)      # warm-up
                out, peak = self.torch_peak(lambda: torch_running_step(*args))
                del out
                e["measured_bytes"] = peak
            except Exception as ex:
                e["error"] = "%s: %s" % (type(ex).__name__, ex)
                self.context_check(ex)
            for key in ("J0", "BEST_D", "BEST_I"):
                S.t.pop(key, None)
            self.cleanup()
        self.add_eager_peak(e)

    def add_eager_peak(self, e):
        pred = lookup_prediction(self.predictions, e["program"], e["shape"],
                                 "eager")
        if pred:
            e["predicted_bytes"] = pred.get("peak_bytes")
        self.res["eager_peaks"].append(e)
        log("eager peak %s %s: measured %s, ledger %s" % (
            e["program"], e["shape"], fmt_bytes(e.get("measured_bytes")),
            fmt_bytes(e.get("predicted_bytes"))))

    def agreements(self, S):
        # The tensor-core Gram rows against fusec's IEEE Gram kernel (the
        # first one timed), whose labels 3xtf32-recheck promises, and the
        # certified naive rows against the IEEE direct form's, whose labels
        # 3xtf32-certified promises.
        def first_ieee(form):
            return next(((row, lab) for row, lab in S.labels_for_agreement
                         if row.get("form") == form and
                         canonical_precision(row.get("precision")) == "ieee"),
                        None)
        ieee_of = {"gram": first_ieee("gram"), "naive": first_ieee("naive")}
        checked = {"gram": ("3xtf32", "3xtf32-recheck", "3xtf32-certified",
                            "tf32"),
                   "naive": ("3xtf32-certified",)}
        for row, lab in S.labels_for_agreement:
            form = row.get("form")
            ieee = ieee_of.get(form)
            if ieee is None or canonical_precision(row.get("precision")) \
                    not in checked[form]:
                continue
            try:
                row["agreement_ieee"] = S.ref.agreement(
                    lab, ieee[1], ieee[0]["impl"])
            except Exception as e:
                row["agreement_ieee"] = dict(vs=ieee[0]["impl"],
                                             error="%s: %s" % (
                                                 type(e).__name__, e))
        ref_labels = S.eager_gram_labels
        vs = S.eager_gram_vs
        if ref_labels is None and S.compile_gram_labels is not None:
            ref_labels, vs = S.compile_gram_labels, "torch.compile Gram"
        for row, lab in S.labels_for_agreement:
            if ref_labels is None:
                row["agreement"] = dict(vs=vs, error="no torch Gram labels")
                continue
            try:
                row["agreement"] = S.ref.agreement(lab, ref_labels, vs)
                a = row["agreement"]
                log("%s | %s agrees with %s on %.4f%% (%d disagreements, %d "
                    "near-ties)" % (S.name, row["impl"], vs, a["percent"],
                                    a["disagree"], a["near_ties"]))
            except Exception as e:
                row["agreement"] = dict(vs=vs, error="%s: %s" % (
                    type(e).__name__, e))
        S.labels_for_agreement = []

    # ---- main ----------------------------------------------------------
    def run(self, shapes):
        self.import_libs()
        self.device_meta()
        sampler = ClockSampler(self.torch.cuda.current_device())
        if sampler.error:
            self.problem("no SM clock in the rows (NVML: %s)" % sampler.error)
        self.timer = Timer(self.torch, 0.1 if self.args.quick else 0.3,
                           sampler)
        self.res["meta"]["sleep_cycles_per_ms"] = self.timer.cycles_per_ms
        self.load_fusec()
        self.measure_ceilings()
        # Calibrate the spin again now that the clocks are up.
        self.timer.cycles_per_ms = self.timer._calibrate() or \
            self.timer.cycles_per_ms
        self.res["meta"]["sleep_cycles_per_ms"] = self.timer.cycles_per_ms
        write_outputs(self.res, self.args.out, plot=False)
        for name in shapes:
            self.run_shape(name)
            self.res["budget"]["elapsed"] = self.budget.elapsed()
            self.res["budget"]["skipped"] = self.budget.skipped
            write_outputs(self.res, self.args.out, plot=False)
        unmatched = [e for e in self.entries if e["shape"] not in shapes]
        if unmatched:
            self.res["method_notes"].append(
                "manifest entries for shapes not run: %s" % ", ".join(
                    "%s (%s)" % (e["name"], e["shape"]) for e in unmatched))


METHOD_NOTES = [
    "Inputs: seeded uniform [0, 1) float32 X (n, d) and C (k, d); the chain "
    "x is uniform [-1, 1) in fp16. Every implementation gets the same "
    "tensors (CuPy and JAX through DLPack, without copies).",
    "Timing: warm-up calls first (torch.compile's compilation, fusec's "
    "module load and CuPy's kernel build happen before); then reps, each "
    "bracketed by CUDA events on torch's current stream, queued behind a "
    "GPU spin (torch.cuda._sleep) so that host dispatch is not in the "
    "window; a 256 MiB write flushes the L2 before every rep where the "
    "shape says so (all but chain-4096). The median is reported.",
    "CUDA-graph rows replay one captured call (torch.cuda.CUDAGraph); "
    "they are given for the launch-bound shapes (probe, the chains) for "
    "torch.compile and for fusec kernels without temporaries.",
    "JAX runs on XLA's own streams, which torch's events do not bracket: "
    "its rows are host-timed around a call that blocks until the result "
    "is ready (block_until_ready), so they include dispatch (~10-20 µs).",
    "Peak above inputs: torch max_memory_allocated - memory_allocated "
    "around one call after warm-up; CuPy: the memory pool's used-bytes "
    "high-water mark (a malloc hook); JAX: XLA's memory_analysis (temp + "
    "output) of the compiled call; fusec: output bytes + the runtime's "
    "LaunchStats.temp_bytes.",
    "Mismatches: labels that differ from a float64 reference (direct "
    "form on the probe; Gram form in float64 on a seeded subset of rows "
    "for the large shapes). A mismatch is a near-tie when the exact "
    "float64 distances of the two labels satisfy |d(got) - d(ref)| <= "
    "1e-5 * max(1, |d(ref)|). The running-loop rows are checked against "
    "the argmin over their 32 centroids.",
    "Large shapes: torch eager and torch.compile naive are not run (the "
    "(n, k, d) tensor is 16-32 TiB); the running tiles over all k are "
    "one timed call there (--tiles-large).",
    "fp16/bf16 shapes (issue 8): X and C are the base shape's seeded f32 "
    "draws rounded to the half dtype. Rows: fusec gemm_argmin_f16/bf16 "
    "(tensor cores, f32 accumulation, norms and argmin in the kernel); "
    "cuBLAS X @ C.T alone in the half dtype (the ceiling); torch eager and "
    "torch.compile Gram written on the half tensors; torch eager Gram on "
    "the f32 upcast (the fusec rows' agreement is measured against it). "
    "Labels are checked against float64 and against float32, both of the "
    "upcast data (the f32 reference is the direct form); near-ties are "
    "judged on exact float64 distances. The roofline's compute roof there "
    "is the measured HGEMM rate.",
    "fusec tensor-core rows on the f32 shapes: gemm_argmin compiled with "
    "--precision=3xtf32 (three TF32 MMAs per product, about fp32 accuracy) "
    "or --precision=tf32 (one pass); the kernel name ends in the "
    "precision. Their fraction of ceiling is still taken against SGEMM, so "
    "it may pass 100%.",
]


def new_results(args, argv):
    cmd = shlex.join(["python3"] + list(argv))
    return dict(
        meta=dict(date=datetime.datetime.now(datetime.timezone.utc)
                  .strftime("%Y-%m-%d %H:%M:%S UTC"),
                  command=cmd, argv=list(argv), executable=sys.executable,
                  host=platform.node(), versions={}),
        args={k: v for k, v in vars(args).items()},
        budget=dict(seconds=args.budget_seconds, elapsed=0.0, skipped=0),
        ceilings={}, ceilings_used={}, rows=[], eager_peaks=[],
        targets=[], problems=[], method_notes=list(METHOD_NOTES))


# --------------------------------------------------------------------------
# Self-check (pure Python, no GPU library)
# --------------------------------------------------------------------------

def _self_check_issue8(ok):
    """The half-precision shapes, the tensor-core precisions, predictions
    the ledger lacks, and the targets of issue 8 (synthetic rows)."""
    # Shapes, groups and seeds.
    ok(canonical_shape("probe_fp16") == "probe-f16", "fp16 alias")
    ok(canonical_shape("Sample_Heavy_F16") == "sample-heavy-f16",
       "half shape case")
    ok(set(SHAPE_ORDER) == set(SHAPES) and len(SHAPE_ORDER) == len(SHAPES),
       "SHAPE_ORDER covers SHAPES")
    ok(all(s in SHAPES for g in SHAPE_GROUPS.values() for s in g),
       "groups name known shapes")
    ok(select_shapes("half", False) ==
       ["probe-f16", "probe-bf16", "sample-heavy-f16"], "half group")
    ok(select_shapes("feature-heavy,sample-heavy-f16,probe-f16", False) ==
       ["probe-f16", "sample-heavy-f16", "feature-heavy"],
       "order of half shapes: %s" % select_shapes(
           "feature-heavy,sample-heavy-f16,probe-f16", False))
    ok(select_shapes("issue8", False) ==
       ["probe", "probe-f16", "sample-heavy-f16", "sample-heavy",
        "centroid-heavy", "feature-heavy"], "issue8 group")
    quick = select_shapes(None, True)
    ok("probe-f16" in quick and "sample-heavy-f16" not in quick,
       "quick has the fp16 probe only: %s" % quick)
    ok(select_shapes("sample-heavy-f16", True) == [], "quick restricts half")
    ok([shape_seed_offset(s) for s in
        ("probe", "chain-4096", "chain-1e6", "chain-134217728",
         "sample-heavy", "centroid-heavy", "feature-heavy")] ==
       list(range(7)), "f32 shapes keep their data seeds")
    ok(shape_seed_offset("probe-f16") == shape_seed_offset("probe") ==
       shape_seed_offset("probe-bf16") and
       shape_seed_offset("sample-heavy-f16") ==
       shape_seed_offset("sample-heavy"), "half shapes share base draws")
    ok(shape_dtype("probe-bf16") == "bf16" and shape_dtype("probe") == "f32"
       and shape_dtype("sample-heavy-f16") == "f16", "shape dtypes")
    for s, cfg in SHAPES.items():
        if cfg.get("base"):
            b = SHAPES[cfg["base"]]
            ok((cfg["n"], cfg["k"], cfg["d"]) == (b["n"], b["k"], b["d"]),
               "%s has its base's extents" % s)

    # Precisions.
    ok(canonical_precision(None) == "ieee" and
       canonical_precision("3xTF32") == "3xtf32" and
       canonical_precision("fp16") == "f16" and
       canonical_precision("BF16") == "bf16", "canonical_precision")
    ok(canonical_precision("fp64x2") not in PRECISIONS, "unknown precision")
    ok(infer_precision("gemm_argmin", "gemm_argmin.sample-heavy.3xtf32") ==
       "3xtf32", "infer 3xtf32")
    ok(infer_precision("gemm_argmin", "gemm_argmin.probe.tf32") == "tf32",
       "infer tf32")
    ok(infer_precision("gemm_argmin_bf16") == "bf16", "infer bf16")
    ok(infer_precision("gemm_argmin_f16", "x.probe-f16.auto") == "f16",
       "infer f16")
    ok(infer_precision("chain_f16") == "ieee", "chain_f16 is no precision")
    ok(infer_precision("gemm_argmin", "gemm_argmin.probe.64x64-t8-split4")
       == "ieee", "infer ieee")

    # The manifest of the tensor-core kernels.
    def desc_of(dtype, k, d):
        return {"format": "fusec-launch-v1", "function": "g",
                "arch": "sm_90", "sizes": [{"name": "s0", "arg": 0,
                                            "dim": 0}],
                "args": [{"name": "arg0", "role": "input", "dtype": dtype,
                          "shape": ["s0", d]},
                         {"name": "arg1", "role": "input", "dtype": dtype,
                          "shape": [k, d]},
                         {"name": "result0", "role": "output",
                          "dtype": "i64", "shape": ["s0"]}],
                "buffers": [], "steps": []}
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "h.ptx"), "w") as f:
            f.write(LAUNCH_PREFIX + json.dumps(desc_of("f16", 256, 512)) +
                    "\n.version 8.0\nmma.sync.aligned.m16n8k16\n")
        man = [
            {"name": "gemm_argmin_f16.probe-f16.auto",
             "example": "gemm_argmin_f16", "shape": "probe-f16",
             "ptx": "h.ptx", "precision": "f16", "dtype": "f16"},
            {"name": "gemm_argmin.sample-heavy.3xtf32",
             "example": "gemm_argmin", "shape": "sample-heavy",
             "ptx": "t.ptx"},
            {"name": "gemm_argmin_bf16.probe-bf16.auto",
             "example": "gemm_argmin_bf16", "shape": "probe_bf16",
             "ptx": "b.ptx", "precision": "bf16"},
            {"name": "wrong-dtype", "example": "gemm_argmin_f16",
             "shape": "probe", "ptx": "h.ptx"},
            {"name": "ieee-on-half", "example": "gemm_argmin",
             "shape": "sample-heavy-f16", "ptx": "g.ptx"},
            {"name": "odd-precision", "example": "gemm_argmin",
             "shape": "probe", "ptx": "g.ptx", "precision": "fp64x2"},
            {"name": "chain_f16.chain-4096", "example": "chain_f16",
             "shape": "chain-4096", "ptx": "c.ptx"}]
        with open(os.path.join(tmp, "manifest.json"), "w") as f:
            json.dump({"entries": man}, f)
        entries, probs = load_manifest(tmp)
        by = {e["name"]: e for e in entries}
        ok(not probs and len(entries) == 7, "tc manifest: %s" % probs)
        e = by["gemm_argmin_f16.probe-f16.auto"]
        ok(e["form"] == "gram" and e["precision"] == "f16" and
           e["program"] == "gemm_argmin" and e["error"] is None,
           "f16 entry: %s" % e)
        e = by["gemm_argmin.sample-heavy.3xtf32"]
        ok(e["precision"] == "3xtf32" and e["error"] is None,
           "3xtf32 entry (precision from the name)")
        e = by["gemm_argmin_bf16.probe-bf16.auto"]
        ok(e["shape"] == "probe-bf16" and e["precision"] == "bf16" and
           e["error"] is None, "bf16 entry")
        ok("f16 inputs" in (by["wrong-dtype"]["error"] or ""),
           "f16 kernel on an f32 shape: %s" % by["wrong-dtype"]["error"])
        ok("whose inputs are f16" in (by["ieee-on-half"]["error"] or ""),
           "f32 kernel on a half shape")
        ok("unknown precision" in (by["odd-precision"]["error"] or ""),
           "unknown precision in the manifest")
        ok(by["chain_f16.chain-4096"]["error"] is None and
           by["chain_f16.chain-4096"]["precision"] == "ieee", "chain entry")
        with open(os.path.join(tmp, "h.ptx")) as f:
            hdesc = extract_launch_desc(f.read())
    half_avail = {"X": ((4096, 512), "f16"), "C": ((256, 512), "f16")}
    keys, errs = plan_inputs("gram", hdesc, half_avail)
    ok(keys == ["X", "C"] and not errs, "f16 plan_inputs: %s" % errs)
    keys, errs = plan_inputs("gram", hdesc, {"X": ((4096, 512), "f32"),
                                             "C": ((256, 512), "f32")})
    ok(errs and "wants f16" in errs[0], "f16 kernel given f32: %s" % errs)
    keys, errs = plan_inputs("gram", desc_of("bf16", 256, 512), half_avail)
    ok(errs and "wants bf16" in errs[0], "bf16 kernel given f16")

    # The kernels build-kernels.py makes are shapes and precisions here.
    try:
        import importlib.util
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "build-kernels.py")
        spec = importlib.util.spec_from_file_location("build_kernels", path)
        bk = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bk)
    except Exception as e:
        bk = None
        ok(False, "importing build-kernels.py: %s" % e)
    if bk is not None:
        for s, (n, k, d) in bk.SHAPES.items():
            ok(s in SHAPES and shape_dtype(s) == "f32" and
               (SHAPES[s]["n"], SHAPES[s]["k"], SHAPES[s]["d"]) == (n, k, d),
               "build-kernels shape %s" % s)
        for s, (dt, n, k, d) in bk.HALF_SHAPES.items():
            ok(s in SHAPES and shape_dtype(s) == dt and
               (SHAPES[s]["n"], SHAPES[s]["k"], SHAPES[s]["d"]) == (n, k, d),
               "build-kernels half shape %s" % s)
        for s, precs in bk.F32_TC_PRECISIONS.items():
            ok(s in SHAPES and all(p in PRECISIONS for p in precs),
               "build-kernels precisions on %s" % s)
        ok(set(SHAPE_GROUPS["large"]) <= set(bk.F32_TC_PRECISIONS) and
           all("3xtf32" in bk.F32_TC_PRECISIONS[s]
               for s in SHAPE_GROUPS["large"]),
           "a 3xtf32 kernel on every large shape")

    # Predictions the ledger lacks stay blank; half rows find their base.
    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, "pred.json")
        with open(p, "w") as f:
            json.dump({"rows": [
                {"program": "gemm_argmin", "shape": "probe", "plan": "fused",
                 "floor_us": 21.0, "peak_bytes": 32768},
                {"program": "gemm_argmin", "shape": "sample-heavy",
                 "plan": "fused", "floor_us": 339000.0},
                {"program": "gemm_argmin_f16", "shape": "probe",
                 "plan": "fused", "floor_us": 5.0, "peak_bytes": 32768},
                {"program": "gemm_argmin", "shape": "centroid-heavy",
                 "plan": "fused", "precision": "3xtf32", "floor_us": None},
                {"program": "chain_f16", "shape": "chain-4096",
                 "plan": "fused", "floor_us": 2.0}]}, f)
        pidx = load_predictions(p)
    ok(lookup_prediction(pidx, "gemm_argmin", "probe", "fused")["floor_us"]
       == 21.0, "ieee lookup unchanged")
    ok(lookup_prediction(pidx, "gemm_argmin", "probe-f16", "fused",
                         "f16")["floor_us"] == 5.0, "f16 via base shape")
    ok(lookup_prediction(pidx, "gemm_argmin", "probe-f16", "fused") is None,
       "no ieee prediction on a half shape")
    ok(lookup_prediction(pidx, "gemm_argmin", "sample-heavy", "fused",
                         "3xtf32") is None, "3xtf32 is not the ieee floor")
    ok(lookup_prediction(pidx, "chain", "chain-4096", "fused") is not None,
       "chain_f16 still found")
    ceil = {"copy_Bps": 4.28e12, "sgemm_flops": 51e12,
            "hgemm_flops": 770e12}

    def mk(shape, impl, family, form, ms, peak=None, mism=None, near=None,
           precision=None, program=None, plan=None, f32=None):
        r = new_row(shape, impl, family, form, program, plan,
                    precision=precision)
        r.update(status="ok", time_ms=ms, peak_bytes=peak)
        if mism is not None:
            r.update(mismatches=mism, checked=4096,
                     near_ties=mism if near is None else near)
        if f32 is not None:
            m, nt, closer, beyond = f32
            r.update(mismatches_f32=m, near_ties_f32=nt, check_f32=dict(
                mismatches=m, near_ties=nt, closer_than_ref=closer,
                beyond_near_tie=beyond, out_of_range=0))
        return finish_row(r, ceil, pidx)

    # Work and roofline on a half shape: 2-byte inputs, the HGEMM roof.
    fl, by = row_work("probe-f16", "gram")
    ok(fl == 2 * 4096 * 256 * 512 and
       by == 2 * 4096 * 512 + 2 * 256 * 512 + 8 * 4096, "half work: %s" % by)
    fl, by = row_work("probe-f16", "mm")
    ok(by == 2 * (4096 * 512 + 256 * 512 + 4096 * 256), "half mm bytes")
    ok(compute_ceiling("sample-heavy-f16") == ("hgemm_flops", "HGEMM") and
       compute_ceiling("sample-heavy")[1] == "SGEMM" and
       compute_ceiling("chain-4096")[1] == "SGEMM", "compute roofs")
    F16 = "fusec gemm_argmin_f16.%s.auto (gemm_argmin)"
    rows = [
        mk("probe-f16", F16 % "probe-f16", "fusec", "gram", 0.040, 32768, 0,
           precision="f16", program="gemm_argmin", plan="fused",
           f32=(2, 1, 1, 0)),
        mk("probe-f16", "cuBLAS fp16 X@Cᵀ alone (torch.mm)", "ceiling", "mm",
           0.020),
        mk("probe-f16", "torch eager, Gram (fp16 inputs)", "torch", "gram",
           0.090, 2 * MiB, 700, 0, f32=(700, 0, 0, 700)),
        mk("sample-heavy-f16", F16 % "sample-heavy-f16", "fusec", "gram",
           35.0, 131072 * 8, 1, precision="f16", program="gemm_argmin",
           plan="fused", f32=(1, 0, 0, 1)),
        mk("sample-heavy-f16", "cuBLAS fp16 X@Cᵀ alone (torch.mm)",
           "ceiling", "mm", 30.0),
        mk("sample-heavy", "fusec gemm_argmin.sample-heavy.auto "
           "(gemm_argmin)", "fusec", "gram", 340.0, 131072 * 8, 3,
           precision="ieee", program="gemm_argmin", plan="fused"),
        mk("sample-heavy", "fusec gemm_argmin.sample-heavy.3xtf32 "
           "(gemm_argmin)", "fusec", "gram", 160.0, 131072 * 8, 2,
           precision="3xtf32", program="gemm_argmin", plan="fused"),
        mk("sample-heavy", "fusec gemm_argmin.sample-heavy.tf32 "
           "(gemm_argmin)", "fusec", "gram", 60.0, 131072 * 8, 90, 10,
           precision="tf32", program="gemm_argmin", plan="fused"),
        mk("sample-heavy", "cuBLAS X@Cᵀ alone (torch.mm)", "ceiling", "mm",
           345.0),
        mk("centroid-heavy", "fusec gemm_argmin.centroid-heavy.auto "
           "(gemm_argmin)", "fusec", "gram", 330.0, 65536 * 8, 0,
           precision="ieee", program="gemm_argmin", plan="fused"),
        mk("centroid-heavy", "fusec gemm_argmin.centroid-heavy.3xtf32 "
           "(gemm_argmin)", "fusec", "gram", 150.0, 65536 * 8 + 64, 1,
           precision="3xtf32", program="gemm_argmin", plan="fused"),
        mk("feature-heavy", "fusec gemm_argmin.feature-heavy.auto "
           "(gemm_argmin)", "fusec", "gram", 170.0, 65536 * 8, 0,
           precision="ieee", program="gemm_argmin", plan="fused"),
    ]
    ok(rows[0]["pred_floor_us"] == 5.0 and
       abs(rows[0]["measured_over_floor"] - 8.0) < 1e-9,
       "f16 prediction found through the base shape")
    ok(rows[0].get("ceiling") == "HGEMM", "f16 row against HGEMM: %s" %
       rows[0].get("ceiling"))
    ok(rows[6].get("pred_floor_us") is None and
       rows[6].get("measured_over_floor") is None and
       rows[5].get("pred_floor_us") == 339000.0,
       "3xtf32 row has no prediction, the ieee row has")
    ok(rows[10].get("pred_floor_us") is None and
       "measured_over_floor" not in rows[10],
       "a null floor in the ledger stays blank")
    cells = row_cells(rows[6])
    ok(cells[8] == "" and cells[9] == "", "blank prediction cells: %s" %
       cells[8:10])
    cells = row_cells(rows[0])
    ok(cells[5] == "f64: 0 (0) / 4096; f32: 2 (1)", "f16 mismatch cell: %s"
       % cells[5])
    # An A/B baseline, faster and with more mismatches: neither marked best
    # nor judged by a target.
    baseline = mk("sample-heavy", "fusec gemm_argmin.sample-heavy.3xtf32-old "
                  "(gemm_argmin)", "fusec", "gram", 150.0, 131072 * 8, 9,
                  precision="3xtf32", program="gemm_argmin", plan="fused")
    baseline["baseline"] = True
    rows.append(baseline)
    mark_best(rows)
    ok(rows[5]["best"] and rows[6]["best"] and rows[7]["best"] and
       not baseline["best"], "★best per precision, not the baseline")
    targets = evaluate_targets(rows, ceil)
    t8 = {(t["shape"], t["target"]): t for t in targets if t["issue"] == 8}
    ok(all(t["issue"] in (7, 8) for t in targets), "issue numbers")

    def find(shape, words):
        hits = [t for (s, name), t in t8.items()
                if s == shape and all(w in name for w in words)]
        ok(len(hits) == 1, "one issue-8 target %s %s: %d" % (shape, words,
                                                            len(hits)))
        return hits[0]
    t = find("probe-f16", ["2.5"])
    ok(t["met"] is True and abs(t["value"] - 2.0) < 1e-9, "probe f16 ratio")
    t = find("probe-f16", ["peak"])
    ok(t["met"] is True and t["limit"] == 4096 * 8, "probe f16 peak")
    t = find("probe-f16", ["f32 reference"])
    ok(t["met"] is True and t["value"] == 0,
       "f32 reference: a near-tie and a closer label are excused: %s" % t)
    t = find("sample-heavy-f16", ["Triton"])
    ok(t["met"] is True and t["value"] == 35.0 and t["limit"] == 40.0 and
       fmt_target_value(t) == "35 ms", "40 ms milestone: %s" % t)
    t = find("sample-heavy-f16", ["1.0 × cuBLAS fp16"])
    ok(t["met"] is False and abs(t["value"] - 35.0 / 30.0) < 1e-9,
       "sample-heavy f16 vs cuBLAS fp16")
    t = find("sample-heavy-f16", ["f32 reference"])
    ok(t["met"] is False and t["value"] == 1, "a real f32 mismatch")
    t = find("sample-heavy", ["0.5 × SGEMM"])
    ok(t["met"] is True and abs(t["value"] - 160.0 / 345.0) < 1e-9 and
       "3xtf32" in t["detail"], "3xtf32 vs SGEMM-only: %s" % t)
    t = find("sample-heavy", ["mismatches"])
    ok(t["met"] is True and t["value"] == 2 and t["limit"] == 3 and
       ".auto" in t["detail"], "3xtf32 mismatches vs the ieee kernel")
    t = find("centroid-heavy", ["0.5 × SGEMM"])
    ok(t["met"] is None, "no SGEMM row: n/a")
    t = find("centroid-heavy", ["mismatches"])
    ok(t["met"] is False, "3xtf32 with more mismatches than ieee")
    t = find("centroid-heavy", ["peak"])
    ok(t["met"] is False, "3xtf32 peak above the labels")
    t = find("feature-heavy", ["0.5 × SGEMM"])
    ok(t["met"] is None and "fusec row" in t["detail"],
       "no 3xtf32 row: n/a (%s)" % t["detail"])
    t = find("feature-heavy", ["mismatches"])
    ok(t["met"] is None, "no 3xtf32 row: mismatches n/a")
    t7 = {(t["shape"], t["target"]): t for t in targets if t["issue"] == 7}
    t = t7[("sample-heavy", "Gram ≤ 1.0 × cuBLAS X@Cᵀ alone")]
    ok(".auto" in t["detail"] and abs(t["value"] - 340.0 / 345.0) < 1e-9,
       "issue 7 keeps the ieee kernel though 3xtf32/tf32 are faster")
    # 3xtf32-recheck rows get their own issue-7 targets, the IEEE kernel's
    # labels among them; without such a row there are none.
    ok(canonical_precision("3xTF32-recheck") == "3xtf32-recheck" and
       infer_precision("gemm_argmin.probe.3xtf32-recheck-wgmma") ==
       "3xtf32-recheck", "recheck precision spellings")
    ok(not any("recheck" in t["target"] for t in targets),
       "no recheck row, no recheck targets")
    rc = mk("sample-heavy", "fusec gemm_argmin.sample-heavy.3xtf32-recheck-"
            "wgmma (gemm_argmin)", "fusec", "gram", 170.0, 131072 * 16, 2,
            precision="3xtf32-recheck", program="gemm_argmin", plan="fused")
    rc["agreement"] = dict(vs="torch eager Gram", rows=131072, disagree=3,
                           near_ties=3, percent=100.0 * (131072 - 3) / 131072)
    rc["agreement_ieee"] = dict(vs="fusec auto", rows=131072, disagree=0)
    rc2 = dict(rc, shape="centroid-heavy",
               agreement_ieee=dict(vs="fusec auto", rows=65536, disagree=2))
    rt = {(t["shape"], t["target"]): t
          for t in evaluate_targets(rows + [rc, rc2], ceil)
          if "recheck" in t["target"]}
    t = rt[("sample-heavy", "Gram, 3xtf32-recheck ≤ 1.0 × cuBLAS X@Cᵀ alone")]
    ok(t["met"] is True and abs(t["value"] - 170.0 / 345.0) < 1e-9,
       "recheck vs cuBLAS: %s" % t)
    t = rt[("sample-heavy", "Gram, 3xtf32-recheck peak ≤ labels + 1 MiB")]
    ok(t["met"] is True, "recheck peak: the labels and the scratch")
    t = rt[("sample-heavy", "Gram, 3xtf32-recheck labels = the IEEE Gram "
            "kernel's")]
    ok(t["met"] is True and t["value"] == 0, "recheck = ieee labels")
    t = rt[("centroid-heavy", "Gram, 3xtf32-recheck labels = the IEEE Gram "
            "kernel's")]
    ok(t["met"] is False and t["value"] == 2, "recheck != ieee labels")
    ok(not any(t["shape"] in ("probe-f16", "sample-heavy-f16")
               for t in targets if t["issue"] == 7),
       "no issue-7 targets on half shapes")

    args = argparse.Namespace(budget_seconds=480, quick=False)
    res = new_results(args, ["bench/bench.py", "--shapes", "issue8"])
    res["rows"] = rows
    res["ceilings_used"] = dict(ceil, assumed=[])
    res["targets"] = targets
    md = render_performance_md(res)
    ok("## Targets of issue 8" in md and "## Targets of issue 7" in md,
       "issue 8 section")
    ok("### probe-f16 (n=4096, k=256, d=512, fp16): probe's f32 draws "
       "rounded to fp16" in md, "half shape title")
    part = md.split("## Results", 1)[1].split("## Targets", 1)[0]
    lines = [ln for ln in part.splitlines()
             if ln.startswith("| probe-f16 |") or
             ln.startswith("| sample-heavy |")]
    ok(len(lines) == 8 and all(ln.count(" | ") == len(TABLE_HEADERS) - 1
                               for ln in lines),
       "half and tensor-core rows: %d" % len(lines))
    ok(any("3xtf32-old" in ln and "★best" not in ln for ln in lines),
       "the baseline row is listed, unmarked")
    ok(md.index("### probe-f16") < md.index("### sample-heavy-f16") <
       md.index("### sample-heavy ("), "tables in run order")
    with tempfile.TemporaryDirectory() as tmp:
        have_mpl = True
        try:
            import matplotlib  # noqa: F401
        except Exception:
            have_mpl = False
        write_outputs(res, tmp, plot=have_mpl)
        with open(os.path.join(tmp, "results.json")) as f:
            back = json.load(f)
        ok(any(t.get("issue") == 8 for t in back["targets"]),
           "issue-8 targets in results.json")
        ok(not res.get("problems"), "no problems writing: %s" %
           res.get("problems"))


def self_check():
    checks = [0]

    def ok(cond, what):
        checks[0] += 1
        if not cond:
            raise AssertionError("self-check failed: " + what)

    # Shapes and names.
    ok(canonical_shape("chain-1000000") == "chain-1e6", "chain alias")
    ok(canonical_shape("chain-1.34217728e8") == "chain-134217728",
       "chain float alias")
    ok(canonical_shape("Sample_Heavy") == "sample-heavy", "shape case")
    ok(select_shapes(None, True) == SHAPE_GROUPS["quick"], "quick shapes")
    ok(select_shapes("feature-heavy,probe", False) ==
       ["probe", "feature-heavy"], "order of --shapes")
    ok(select_shapes("large,chain-4096", False) ==
       ["chain-4096", "sample-heavy", "centroid-heavy", "feature-heavy"],
       "groups")
    ok(select_shapes("probe,sample-heavy", True) == ["probe"],
       "quick restricts")
    try:
        select_shapes("bogus", False)
        ok(False, "unknown shape must raise")
    except ValueError:
        ok(True, "unknown shape raises")
    ok(canonical_program("examples/gemm_argmin.mlir") == "gemm_argmin",
       "program path")
    ok(canonical_program("@naive_argmin") == "naive_argmin", "program @")
    ok(canonical_program("chain_f16") == "chain", "chain program")
    ok(canonical_program("gram_t128x64") == "gemm_argmin", "gram alias")
    ok(program_form("running_loop_k32.mlir") == "running32", "form")

    # Formatting.
    ok(fmt_bytes(32768) == "32 KiB", "fmt_bytes KiB: %s" % fmt_bytes(32768))
    ok(fmt_bytes(12 * MiB) == "12 MiB", "fmt_bytes MiB")
    ok(fmt_bytes(4 * GiB) == "4 GiB", "fmt_bytes GiB")
    ok(fmt_bytes(100) == "100 B", "fmt_bytes B")
    ok(fmt_time_ms(0.0731) == "73.1 µs", fmt_time_ms(0.0731))
    ok(fmt_time_ms(0.00512) == "5.12 µs", fmt_time_ms(0.00512))
    ok(fmt_time_ms(349.23) == "349.2 ms", fmt_time_ms(349.23))
    ok(fmt_time_ms(4897.0) == "4.897 s", fmt_time_ms(4897.0))
    t = md_table(["a", "b"], [["x|y", "line\nbreak"]])
    ok("x\\|y" in t and "line break" in t and t.count("\n") == 3,
       "md_table escapes: %r" % t)
    try:
        md_table(["a"], [["1", "2"]])
        ok(False, "md_table must check widths")
    except ValueError:
        ok(True, "md_table widths")

    # Budget with a fake clock.
    now = [100.0]
    b = Budget(10, clock=lambda: now[0])
    ok(b.skip_reason() is None, "budget fresh")
    ok(b.skip_reason(est_seconds=20) is not None, "budget estimate")
    now[0] = 105.0
    ok(abs(b.remaining() - 5.0) < 1e-9, "budget remaining")
    ok(b.skip_reason(est_seconds=4) is None, "budget fits")
    now[0] = 111.0
    ok("exceeded" in (b.skip_reason() or ""), "budget exceeded")
    ok(b.timing_cap() == 0.5, "timing cap floor")

    # Manifest and launch descriptions.
    desc = {
        "format": "fusec-launch-v1", "function": "gemm_argmin",
        "arch": "sm_90", "sizes": [{"name": "s0", "arg": 0, "dim": 0}],
        "args": [
            {"name": "x", "role": "input", "dtype": "f32",
             "shape": ["s0", 512]},
            {"name": "c", "role": "input", "dtype": "f32",
             "shape": [256, 512]},
            {"name": "labels", "role": "output", "dtype": "i64",
             "shape": ["s0"]}],
        "buffers": [{"name": "tmp", "dtype": "f32", "shape": ["s0", 2]}],
        "steps": []}
    with tempfile.TemporaryDirectory() as tmp:
        ptx = "//\n// Generated\n" + LAUNCH_PREFIX + json.dumps(desc) + \
            "\n.version 8.0\n.target sm_90\n"
        with open(os.path.join(tmp, "g.ptx"), "w") as f:
            f.write(ptx)
        manifest = {"kernels": [
            {"name": "gram_t64", "example": "examples/gemm_argmin.mlir",
             "shape": "probe", "ptx": "g.ptx", "notes": "tile 64"},
            {"name": "chain", "example": "chain_f16", "shape": "chain-1e6",
             "ptx": "c.ptx"},
            {"name": "bad", "example": "nothing", "shape": "probe",
             "ptx": "x.ptx"},
            {"name": "nowhere", "example": "naive_argmin", "shape": "huge",
             "ptx": "n.ptx"},
            {"name": "mixed", "example": "chain", "shape": "probe",
             "ptx": "m.ptx"},
            "not an object"]}
        with open(os.path.join(tmp, "manifest.json"), "w") as f:
            json.dump(manifest, f)
        entries, probs = load_manifest(tmp)
        ok(len(entries) == 5, "manifest entries: %d" % len(entries))
        ok([e["name"] for e in select_entries(entries, r"^(mixed|nowhere)$")]
           == ["nowhere", "mixed"], "--only-kernels keeps the matches")
        ok(len(select_entries(entries, None)) == 5, "no --only-kernels")
        try:
            select_entries(entries, "(")
            ok(False, "a malformed --only-kernels must raise")
        except ValueError:
            ok(True, "malformed --only-kernels raises")
        ok(len(probs) == 2, "manifest problems: %s" % probs)
        e0 = entries[0]
        ok(e0["program"] == "gemm_argmin" and e0["form"] == "gram" and
           e0["error"] is None and e0["ptx_path"].endswith("g.ptx"),
           "manifest entry 0: %s" % e0)
        ok(entries[1]["shape"] == "chain-1e6" and entries[1]["form"] ==
           "chain", "manifest chain entry")
        ok(entries[2]["error"] and "unknown example" in entries[2]["error"],
           "unknown example")
        ok(entries[4]["error"] is not None, "chain on probe rejected")
        with open(e0["ptx_path"]) as f:
            d2 = extract_launch_desc(f.read())
        ok(d2 == desc, "launch description round trip")
        ok(extract_launch_desc(".version 8.0\n") is None, "no description")
    # A list-form manifest.
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "manifest.json"), "w") as f:
            json.dump([{"name": "a", "example": "naive_argmin",
                        "shape": "sample-heavy", "ptx": "a.ptx"}], f)
        entries, probs = load_manifest(tmp)
        ok(len(entries) == 1 and not probs and entries[0]["form"] == "naive",
           "list manifest")

    avail = {"X": ((4096, 512), "f32"), "C": ((256, 512), "f32"),
             "C32": ((32, 512), "f32")}
    keys, errs = plan_inputs("gram", desc, avail)
    ok(keys == ["X", "C"] and not errs, "plan_inputs: %s %s" % (keys, errs))
    bad = dict(avail, C=((8192, 8192), "f32"))
    keys, errs = plan_inputs("gram", desc, bad)
    ok(errs and "compiled for 256" in errs[0], "plan_inputs static mismatch: "
       "%s" % errs)
    keys, errs = plan_inputs(None, desc, avail)
    ok(keys == ["X", "C"] and not errs, "plan_inputs fallback: %s %s" % (
        keys, errs))
    outs, temp = resolve_outputs(desc, [(4096, 512), (256, 512)])
    ok(outs == [("labels", "i64", [4096])], "resolve_outputs: %s" % outs)
    ok(temp == 4096 * 2 * 4, "temp bytes: %d" % temp)
    ok(array_bytes("i64", [4096]) == 32768, "array_bytes")
    desc_chain = {"args": [
        {"name": "x", "role": "input", "dtype": "f16", "shape": ["s0"]},
        {"name": "y", "role": "output", "dtype": "f16", "shape": ["s0"]}]}
    outs, temp = resolve_outputs(desc_chain, [(1000000,)])
    ok(outs == [("y", "f16", [1000000])] and temp == 0,
       "chain outputs without 'sizes'")
    try:
        resolve_outputs({"args": [{"name": "y", "role": "output",
                                   "dtype": "f32", "shape": ["s9"]}]}, [])
        ok(False, "undefined size must raise")
    except ValueError:
        ok(True, "undefined size raises")

    # Predictions.
    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, "pred.json")
        with open(p, "w") as f:
            json.dump({"rows": [
                {"program": "gemm_argmin", "shape": "probe", "plan": "fused",
                 "floor_us": 21.0, "peak_bytes": 32768},
                {"program": "examples/gemm_argmin.mlir", "shape": "probe",
                 "plan": "eager", "floor_us": 90.0, "peak_bytes": 12582912},
                {"program": "chain", "shape": "chain-134217728",
                 "plan": "Fused", "floor_us": 129.4,
                 "peak_bytes": 268435456}]}, f)
        idx = load_predictions(p)
    ok(lookup_prediction(idx, "gemm_argmin", "probe", "fused")["floor_us"] ==
       21.0, "prediction fused")
    ok(lookup_prediction(idx, "@gemm_argmin", "probe", "eager")["peak_bytes"]
       == 12582912, "prediction eager")
    ok(lookup_prediction(idx, "chain_f16", "chain-134217728", "fused")
       is not None, "prediction chain")
    ok(lookup_prediction(idx, "naive_argmin", "probe", "fused") is None,
       "prediction missing")
    ok(lookup_prediction(idx, "gemm_argmin", "probe", None) is None,
       "prediction without plan")

    # Work and roofline.
    ceil = {"copy_Bps": 4.28e12, "sgemm_flops": 51e12, "hgemm_flops": 770e12}
    fl, by = row_work("probe", "gram")
    ok(fl == 2 * 4096 * 256 * 512, "probe flops")
    m = roof_metrics(fl, by, 21.06e-6, ceil)
    ok(m["ceiling"] == "SGEMM" and abs(m["fraction"] - 1.0) < 0.01,
       "roofline compute: %s" % m)
    fl, by = row_work("chain-134217728", "chain")
    m = roof_metrics(fl, by, 125.4e-6, ceil)
    ok(m["ceiling"] == "copy BW" and abs(m["fraction"] - 1.0) < 0.01,
       "roofline memory: %s" % m)
    ok(roof_metrics(fl, by, 0, ceil) == {}, "roofline zero time")

    # Rows, best marking, targets, reports.
    def mk(shape, impl, family, form, ms, peak=None, mism=None, graph=False,
           program=None, plan=None):
        r = new_row(shape, impl, family, form, program, plan, graph)
        r.update(status="ok", time_ms=ms, peak_bytes=peak)
        if mism is not None:
            r.update(mismatches=mism, near_ties=mism, checked=4096)
        return finish_row(r, ceil, idx)
    rows = [
        mk("probe", "fusec g64 (gemm_argmin)", "fusec", "gram", 0.030, 32768,
           0, program="gemm_argmin", plan="fused"),
        mk("probe", "fusec g128 (gemm_argmin)", "fusec", "gram", 0.025, 32768,
           0, program="gemm_argmin", plan="fused"),
        mk("probe", "fusec n (naive_argmin)", "fusec", "naive", 0.060, 32768,
           0, program="naive_argmin", plan="fused"),
        mk("probe", "torch eager, Gram", "torch", "gram", 0.080, 12 * MiB, 0,
           program="gemm_argmin", plan="eager"),
        mk("probe", "torch.compile, Gram (CUDA graph replay)",
           "torch.compile", "gram", 0.070, None, 0, graph=True),
        mk("probe", "cuBLAS X@Cᵀ alone (torch.mm)", "ceiling", "mm", 0.036,
           4 * MiB),
        mk("chain-134217728", "fusec chain (chain)", "fusec", "chain", 0.135,
           256 * MiB, program="chain", plan="fused"),
        mk("chain-4096", "fusec chain (chain) (CUDA graph replay)", "fusec",
           "chain", 0.004, graph=True),
        mk("chain-4096", "torch.compile, chain (CUDA graph replay)",
           "torch.compile", "chain", 0.005, graph=True),
        mk("sample-heavy", "fusec g (gemm_argmin)", "fusec", "gram", 340.0,
           131072 * 8, program="gemm_argmin", plan="fused"),
        mk("sample-heavy", "cuBLAS X@Cᵀ alone (torch.mm)", "ceiling", "mm",
           345.0),
    ]
    rows[9]["agreement"] = dict(vs="torch eager Gram", percent=99.995,
                                disagree=6, near_ties=6, checked_near_ties=6)
    failed = new_row("probe", "cupy.fuse, naive", "cupy.fuse", "naive")
    failed.update(status="failed", error="AttributeError: '_ArrayProxy' "
                  "object has no attribute 'argmin'")
    rows.append(finish_row(failed, ceil, idx))
    skipped = new_row("sample-heavy", "torch eager, naive", "torch", "naive")
    skipped.update(status="skipped", skip_reason="not run: 32 TiB")
    rows.append(finish_row(skipped, ceil, idx))
    ok(abs(rows[0]["measured_over_floor"] - 30.0 / 21.0) < 1e-9,
       "measured/floor")
    mark_best(rows)
    ok(rows[1]["best"] and not rows[0]["best"], "best marking")
    ok(rows[7]["best"], "best among graph rows")
    targets = evaluate_targets(rows, ceil)
    tmap = {(t["shape"], t["target"]): t for t in targets}
    t = tmap[("probe", "Gram ≤ 0.45 × best peer")]
    ok(t["met"] is True and abs(t["value"] - 0.025 / 0.070) < 1e-9,
       "gram vs best peer: %s" % t)
    t = tmap[("probe", "naive ≤ 0.8 × best peer")]
    ok(t["met"] is False and abs(t["value"] - 0.060 / 0.070) < 1e-9,
       "naive vs best peer: %s" % t)
    t = tmap[("probe", "Gram ≤ 1.0 × cuBLAS X@Cᵀ alone")]
    ok(t["met"] is True, "gram vs cuBLAS")
    t = tmap[("probe", "naive peak = labels (n × 8 B)")]
    ok(t["met"] is True, "naive peak")
    # --precision=3xtf32 rows get the probe's Gram targets of their own.
    ok(not any(t["target"].startswith("Gram, 3xtf32 ") for t in targets),
       "no 3xtf32 row, no 3xtf32 targets")
    tx = mk("probe", "fusec gemm_argmin.probe.3xtf32-wgmma (gemm_argmin)",
            "fusec", "gram", 0.026, 32768, 0, program="gemm_argmin",
            plan="fused")
    tx["precision"] = "3xtf32"
    tt = {t["target"]: t for t in evaluate_targets(rows + [tx], ceil)
          if t["shape"] == "probe"}
    t = tt["Gram, 3xtf32 ≤ 0.45 × best peer"]
    ok(t["met"] is True and abs(t["value"] - 0.026 / 0.070) < 1e-9,
       "3xtf32 vs best peer: %s" % t)
    t = tt["Gram, 3xtf32 ≤ 1.0 × cuBLAS X@Cᵀ alone"]
    ok(t["met"] is True and abs(t["value"] - 0.026 / 0.036) < 1e-9,
       "3xtf32 vs cuBLAS: %s" % t)
    ok(tt["Gram, 3xtf32 peak = labels (n × 8 B)"]["met"] is True and
       tt["Gram, 3xtf32 0 mismatches vs f64"]["met"] is True,
       "3xtf32 peak and mismatches")
    # The naive example under --allow-reassociation: its own rows beside
    # the direct form's, on the probe and on the large shapes.
    ok(not any("--allow-reassociation" in t["target"] for t in targets),
       "no reassociated row, no reassociated targets")
    rn = mk("probe", "fusec naive_argmin.probe.reassoc-3xtf32-wgmma "
            "(naive_argmin)", "fusec", "naive", 0.0265, 32768, 0,
            program="naive_argmin", plan="fused")
    rn["precision"] = "3xtf32"
    rl = mk("sample-heavy", "fusec naive_argmin.sample-heavy.reassoc-"
            "3xtf32-wgmma (naive_argmin)", "fusec", "naive", 150.0,
            131072 * 8, program="naive_argmin", plan="fused")
    rl["precision"] = "3xtf32"
    tiles_row = mk("sample-heavy", "torch.compile, running tiles of 32 over "
                   "all k", "torch.compile", "tiles", 2300.0)
    tr = {(t["shape"], t["target"]): t
          for t in evaluate_targets(rows + [rn, rl, tiles_row], ceil)}
    name = REASSOCIATED_NAIVE
    t = tr[("probe", name + " ≤ 0.8 × best peer")]
    ok(t["met"] is True and abs(t["value"] - 0.0265 / 0.070) < 1e-9,
       "reassociated naive vs best peer: %s" % t)
    ok(tr[("probe", "naive ≤ 0.8 × best peer")]["value"] ==
       tmap[("probe", "naive ≤ 0.8 × best peer")]["value"],
       "the direct form's target ignores the reassociated row")
    t = tr[("sample-heavy", name + " ≤ 2.0 × cuBLAS X@Cᵀ alone")]
    ok(t["met"] is True and abs(t["value"] - 150.0 / 345.0) < 1e-9,
       "reassociated naive vs cuBLAS: %s" % t)
    t = tr[("sample-heavy", name + " ≥ 7× faster than torch.compile running "
            "tiles")]
    ok(t["met"] is True and abs(t["value"] - 2300.0 / 150.0) < 1e-9,
       "reassociated naive vs running tiles: %s" % t)
    ok(tr[("sample-heavy", name + " peak ≤ labels + 1 MiB")]["met"] is True,
       "reassociated naive peak")
    t = tmap[("chain-134217728", "chain ≥ 90% of copy BW at 2|x|")]
    ok(t["met"] is True, "chain BW: %s" % t)
    t = tmap[("chain-4096", "chain ≤ 1.0 × torch.compile (graph replay)")]
    ok(t["met"] is True, "chain 4096")
    t = tmap[("sample-heavy", "Gram ≤ 1.0 × cuBLAS X@Cᵀ alone")]
    ok(t["met"] is True, "large gram")
    t = [t for t in targets if t["shape"] == "sample-heavy" and
         "agreement" in t["target"]][0]
    ok(t["met"] is True, "agreement target")
    t = [t for t in targets if t["shape"] == "sample-heavy" and
         "7×" in t["target"]][0]
    ok(t["met"] is None, "missing rows are n/a")

    _self_check_issue8(ok)

    args = argparse.Namespace(budget_seconds=480, quick=False)
    res = new_results(args, ["bench/bench.py", "--out", "/tmp/x y"])
    ok(res["meta"]["command"] == "python3 bench/bench.py --out '/tmp/x y'",
       "command line: %s" % res["meta"]["command"])
    res["rows"] = rows
    res["ceilings"] = {"copy": dict(Bps=4.28e12, median_ms=0.5, reps=100),
                       "sgemm": dict(flops=51e12, median_ms=21.5, reps=10),
                       "hgemm": dict(error="RuntimeError: x")}
    res["ceilings_used"] = dict(ceil, assumed=["hgemm_flops"])
    res["eager_peaks"] = [
        dict(program="gemm_argmin", shape="probe", measured_bytes=12582912,
             predicted_bytes=12582912, source="row"),
        dict(program="running_step", shape="probe", measured_bytes=16777216,
             predicted_bytes=16760832, source="here"),
        dict(program="naive_argmin", shape="probe", error="OOM")]
    res["predictions_path"] = "pred.json"
    res["targets"] = targets
    md = render_performance_md(res)
    ok("★best" in md and "FAILED" in md and "skipped" in md,
       "performance.md markers")
    ok("Targets of issue 7" in md and "MISSED" in md, "targets section")
    ok("99.99" in md, "agreement rendered")
    results_part = md.split("## Results", 1)[1].split("## Label", 1)[0]
    table_lines = [ln for ln in results_part.splitlines()
                   if ln.startswith("| probe |")]
    ok(len(table_lines) == 7, "probe rows: %d" % len(table_lines))
    ok(all(ln.count(" | ") == len(TABLE_HEADERS) - 1 for ln in table_lines),
       "column count of result rows")
    # The SM clock: samples summarized, long rows listed with their cycles,
    # short ones (too few samples) and rows without a clock left out.
    ok(ClockSampler.finish(None) is None, "no sampler, no clock")

    class _Stop:
        def set(self):
            pass

    class _Thread:
        def join(self):
            pass

    samples = [dict(mhz=1980, w=600.0, capped=False)] + [
        dict(mhz=1440, w=690.0, capped=True) for _ in range(9)]
    clock = ClockSampler.finish((samples, _Stop(), _Thread()))
    ok(clock["samples"] == 10 and clock["sm_mhz_min"] == 1440 and
       clock["sm_mhz_max"] == 1980 and
       abs(clock["sm_mhz_mean"] - 1494.0) < 1e-9 and
       abs(clock["power_capped_fraction"] - 0.9) < 1e-9 and
       abs(clock["power_w_mean"] - 681.0) < 1e-9, "clock summary: %s" % clock)
    ok(ClockSampler.finish(([dict(w=5.0)], _Stop(), _Thread())) is None,
       "no clock without clock samples")
    clock_rows = [
        dict(status="ok", shape="sample-heavy-f16", impl="long", time_ms=26.0,
             timing=dict(clock=clock)),
        dict(status="ok", shape="probe", impl="short", time_ms=0.05,
             timing=dict(clock=dict(clock, samples=2))),
        dict(status="ok", shape="probe", impl="unsampled", time_ms=0.05,
             timing=dict(clock=None)),
        dict(status="skipped", shape="probe", impl="skipped", timing=None)]
    section = "\n".join(render_clock_section(clock_rows))
    ok("| sample-heavy-f16 | long | 26 ms | 1494 (1440-1980) | 681 | 90% | "
       "38.8 | 10 |" in section and "short" not in section and
       "unsampled" not in section, "clock section: %s" % section)
    ok(render_clock_section(clock_rows[1:]) == [], "no clock section")
    ok(clock_comparison(clock_rows[0], dict(clock_rows[0], time_ms=24.0)) ==
       "; at 1494 / 1494 MHz, 38.8 / 35.9 M cycles", "clock comparison")
    ok(clock_comparison(clock_rows[0], clock_rows[1]) == "" and
       clock_comparison(clock_rows[2], clock_rows[0]) == "",
       "no clock comparison without both clocks")
    em = render_eager_peaks_md(res)
    ok("equal" in em and "differs by +16 KiB" in em and "OOM" in em,
       "eager_peaks.md: %s" % em)
    with tempfile.TemporaryDirectory() as tmp:
        have_mpl = True
        try:
            import matplotlib
            have_mpl = bool(matplotlib.__version__)
        except Exception:
            have_mpl = False
        write_outputs(res, tmp, plot=have_mpl)
        names = set(os.listdir(tmp))
        ok({"performance.md", "results.json", "eager_peaks.md"} <= names,
           "outputs written: %s" % names)
        with open(os.path.join(tmp, "results.json")) as f:
            back = json.load(f)
        ok(len(back["rows"]) == len(rows) and back["targets"],
           "results.json round trip")
        if have_mpl:
            ok("roofline.png" in names, "roofline written")
    print("self-check: %d checks passed (matplotlib %s)" % (
        checks[0], "present" if have_mpl else "absent: roofline not drawn"))
    return 0


# --------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------

def parse_args(argv):
    p = argparse.ArgumentParser(
        description="fusec against its peers on the H200, side by side, in "
        "one process (shared/BENCHMARKS.md's protocol).")
    p.add_argument("--runtime", default="build-rt/libfusec_runtime.so",
                   help="path of libfusec_runtime.so (when it does not "
                   "exist, <dir>/lib/<name> is tried: CMake's output place)")
    p.add_argument("--kernels", default=None,
                   help="directory with manifest.json and the PTX files")
    p.add_argument("--out", default="bench-out",
                   help="output directory (performance.md, results.json, "
                   "roofline.png, eager_peaks.md)")
    p.add_argument("--shapes", default=None,
                   help="comma-separated shapes or groups (%s; groups: %s)" %
                   (", ".join(SHAPE_ORDER), ", ".join(SHAPE_GROUPS)))
    p.add_argument("--quick", action="store_true",
                   help="smoke run: probe, probe-f16 and the chains only, "
                   "shorter reps")
    p.add_argument("--budget-seconds", type=float, default=480.0,
                   help="global time budget; rows past it are skipped")
    p.add_argument("--only-kernels", default=None, metavar="REGEX",
                   help="only the manifest's kernels whose names match "
                   "REGEX (re.search), e.g. 'naive_argmin\\.' for the naive "
                   "example's rows")
    p.add_argument("--predictions", default=None,
                   help="the byte ledger's JSON: {rows: [{program, shape, "
                   "plan, floor_us, peak_bytes}]}")
    p.add_argument("--subset-rows", type=int, default=4096,
                   help="rows checked against float64 on the large shapes")
    p.add_argument("--tiles-large", choices=("once", "skip"), default="once",
                   help="torch.compile running tiles on the large shapes: "
                   "one timed call, or skip")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--device", type=int, default=0)
    p.add_argument("--no-cupy", action="store_true")
    p.add_argument("--no-jax", action="store_true")
    p.add_argument("--self-check", action="store_true",
                   help="test the pure-Python parts (no GPU libraries) and "
                   "exit")
    return p.parse_args(argv)


def _on_term(signum, frame):
    raise SystemExit(128 + signum)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(argv)
    if args.self_check:
        return self_check()
    try:
        shapes = select_shapes(args.shapes, args.quick)
        select_entries([], args.only_kernels)
    except ValueError as e:
        print("bench: %s" % e, file=sys.stderr)
        return 2
    budget = Budget(args.budget_seconds)
    log("bench: shapes %s, budget %.0f s, out %s" % (
        ", ".join(shapes), args.budget_seconds, args.out))
    res = new_results(args, [sys.argv[0]] + argv)
    res["shapes"] = shapes
    os.makedirs(args.out, exist_ok=True)
    try:
        signal.signal(signal.SIGTERM, _on_term)
    except Exception:
        pass
    bench = Bench(args, res, budget)
    rc = 0
    try:
        bench.run(shapes)
    except BaseException as e:  # noqa: B902 (write what we have, always)
        res["fatal"] = "%s: %s\n%s" % (type(e).__name__, e,
                                       traceback.format_exc(limit=8))
        log("fatal: %s" % shorten(res["fatal"], 600))
        rc = 1
    finally:
        res["budget"]["elapsed"] = budget.elapsed()
        res["budget"]["skipped"] = budget.skipped
        write_outputs(res, args.out, plot=True)
        log("wrote %s" % ", ".join(sorted(os.listdir(args.out))))
    # The short summary last (the device tool returns the output's tail).
    try:
        for r in res["rows"]:
            if r["status"] == "ok":
                print("%-16s %-62s %12s  peak %s" % (
                    r["shape"], shorten(r["impl"], 62),
                    fmt_time_ms(r["time_ms"]),
                    fmt_bytes(r.get("peak_bytes"))))
            else:
                print("%-16s %-62s %12s  %s" % (
                    r["shape"], shorten(r["impl"], 62), r["status"],
                    shorten(r.get("error") or r.get("skip_reason"), 80)))
        for e in res.get("eager_peaks", []):
            print("eager peak %-14s %-16s measured %-12s ledger %s%s" % (
                e.get("program"), e.get("shape"),
                fmt_bytes(e.get("measured_bytes")) or "-",
                fmt_bytes(e.get("predicted_bytes")) or "-",
                ("  (%s)" % shorten(e["error"], 60)) if e.get("error")
                else ""))
        for t in res.get("targets", []):
            print("target #%s %-16s %-55s %s %s" % (
                t.get("issue", 7), t["shape"], shorten(t["target"], 55),
                {True: "met", False: "MISSED", None: "n/a"}[t["met"]],
                fmt_target_value(t)))
    except Exception:
        pass
    return rc


if __name__ == "__main__":
    sys.exit(main())
