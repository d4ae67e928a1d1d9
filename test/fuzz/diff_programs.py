#!/usr/bin/env python3
"""Differential testing of random fuse programs with fuse-run.

Generates N programs with gen_programs.py (program i of seed S has the
generator seed S * 1000000 + i), runs `fuse-run` on each (the CPU pipeline
against the float64 reference, a few trials of small random shapes), and
prints one summary line:

  diff_programs: 500 programs, 500 passed, 0 failed, 0 compiler errors,
  0 crashes, 0 timeouts, 12 near-ties

(on one line). `failed` counts mismatches (fuse-run's FAIL). Every other way
fuse-run can reject a program is a failure too, since the generator only
produces valid programs: `compiler errors` are non-zero exits without a
comparison (a pass failure, a JIT or reference error; `invalid` in the
details when fuse-opt rejects the program as well, which is a generator
bug), `crashes` are deaths by a signal, `timeouts` runs over --timeout.
With --keep-failures DIR each failing program is written there with the
command and fuse-run's output, ready to reproduce. The exit code is 0 only
when every program passed.

  diff_programs.py --count 500 --seed 1 --jobs 2 --keep-failures /tmp/f
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_programs  # noqa: E402

SEED_STRIDE = 1000000


def find_tool(name, explicit):
    if explicit:
        return explicit
    found = shutil.which(name)
    if found:
        return found
    guess = os.path.join(HERE, "..", "..", "build", "bin", name)
    if os.path.exists(guess):
        return os.path.abspath(guess)
    sys.exit("diff_programs: cannot find %s (use --%s)" % (name, name))


class Outcome:
    def __init__(self, seed, kind, detail, near_ties, text, cmd, output):
        self.seed, self.kind, self.detail = seed, kind, detail
        self.near_ties = near_ties
        self.text, self.cmd, self.output = text, cmd, output


def run_one(seed, args, workdir):
    text, fuse_args, stats = gen_programs.generate(seed, args.avoid)
    path = os.path.join(workdir, "prog-%d.mlir" % seed)
    with open(path, "w") as f:
        f.write(text)
    cmd = [args.fuse_run, path, "--seed=%d" % seed] + fuse_args
    if args.trials:
        cmd = [c for c in cmd if not c.startswith("--trials=")]
        cmd.append("--trials=%d" % args.trials)
    cmd += args.extra
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=args.timeout)
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace")
        return Outcome(seed, "timeout", "over %gs" % args.timeout, 0, text,
                       cmd, out), stats
    out = proc.stdout.decode("utf-8", "replace")
    os.unlink(path)
    rc = proc.returncode
    if rc < 0:
        try:
            import signal
            name = signal.Signals(-rc).name
        except (ValueError, AttributeError):
            name = "signal %d" % -rc
        return Outcome(seed, "crash", name, 0, text, cmd, out), stats
    m = re.search(r"^fuse-run: (PASS|FAIL): .*?(\d+) mismatches, (\d+) "
                  r"near-ties", out, re.M)
    if m and m.group(1) == "PASS" and rc == 0:
        return Outcome(seed, "pass", "", int(m.group(3)), text, cmd,
                       out), stats
    if m and m.group(1) == "FAIL":
        return Outcome(seed, "fail", "%s mismatches" % m.group(2),
                       int(m.group(3)), text, cmd, out), stats
    # A rejection: is the program itself invalid (a generator bug)?
    detail = "exit code %d" % rc
    if args.fuse_opt:
        with tempfile.NamedTemporaryFile("w", suffix=".mlir",
                                         delete=False) as f:
            f.write(text)
        check = subprocess.run([args.fuse_opt, f.name],
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        os.unlink(f.name)
        if check.returncode != 0:
            detail += ", invalid program (fuse-opt rejects it too)"
    return Outcome(seed, "error", detail, 0, text, cmd, out), stats


def keep(outcome, directory):
    os.makedirs(directory, exist_ok=True)
    base = os.path.join(directory, "%s-%d" % (outcome.kind, outcome.seed))
    with open(base + ".mlir", "w") as f:
        f.write(outcome.text)
    cmd = list(outcome.cmd)
    cmd[1] = base + ".mlir"
    with open(base + ".txt", "w") as f:
        f.write("# %s: %s\n" % (outcome.kind, outcome.detail))
        f.write("# regenerate: %s --seed %d\n"
                % (os.path.join(HERE, "gen_programs.py"), outcome.seed))
        f.write(" ".join(shlex.quote(c) for c in cmd) + "\n\n")
        f.write(outcome.output)
    return base + ".mlir"


def main():
    p = argparse.ArgumentParser(
        description="Differential testing of random fuse programs.")
    p.add_argument("--count", type=int, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--keep-failures", metavar="DIR")
    p.add_argument("--trials", type=int, default=0,
                   help="override the generator's trial count")
    p.add_argument("--timeout", type=float, default=120.0,
                   help="seconds per fuse-run before it counts as a hang")
    p.add_argument("--fuse-run-arg", dest="extra", action="append",
                   default=[], metavar="ARG",
                   help="one more fuse-run argument for every program, e.g. "
                   "--fuse-run-arg=--mode=gpu (repeatable)")
    p.add_argument("--fuse-run", dest="fuse_run")
    p.add_argument("--fuse-opt", dest="fuse_opt")
    p.add_argument("--include-known-bugs", nargs="?", const="all",
                   metavar="NAME,...",
                   help="also generate programs that trigger these known, "
                   "unfixed bugs (default: all of gen_programs.KNOWN_BUGS: "
                   "%s)" % ", ".join(sorted(gen_programs.KNOWN_BUGS)))
    p.add_argument("--stats", action="store_true",
                   help="print op, move and dtype counts of the programs")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="one line per program")
    args = p.parse_args()
    included = set()
    if args.include_known_bugs:
        included = (set(gen_programs.KNOWN_BUGS)
                    if args.include_known_bugs == "all"
                    else set(args.include_known_bugs.split(",")))
        unknown = included - set(gen_programs.KNOWN_BUGS)
        if unknown:
            p.error("unknown bug name(s): " + ", ".join(sorted(unknown)))
    args.avoid = tuple(b for b in gen_programs.KNOWN_BUGS
                       if b not in included)
    args.fuse_run = find_tool("fuse-run", args.fuse_run)
    args.fuse_opt = find_tool("fuse-opt", args.fuse_opt)

    start = time.time()
    counts = {"pass": 0, "fail": 0, "error": 0, "crash": 0, "timeout": 0}
    near_ties = 0
    stats = {}
    lock = threading.Lock()
    seeds = [args.seed * SEED_STRIDE + i for i in range(args.count)]
    workdir = tempfile.mkdtemp(prefix="diff_programs.")
    try:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(run_one, s, args, workdir) for s in seeds]
            for fut in concurrent.futures.as_completed(futures):
                outcome, st = fut.result()
                with lock:
                    counts[outcome.kind] += 1
                    near_ties += outcome.near_ties
                    for k, n in st.items():
                        stats[k] = stats.get(k, 0) + n
                if outcome.kind != "pass":
                    where = ""
                    if args.keep_failures:
                        where = " -> " + keep(outcome, args.keep_failures)
                    print("diff_programs: %s seed %d (%s)%s" %
                          (outcome.kind.upper(), outcome.seed,
                           outcome.detail, where), flush=True)
                elif args.verbose:
                    print("diff_programs: pass seed %d, %d near-ties" %
                          (outcome.seed, outcome.near_ties), flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if args.stats:
        for k in sorted(stats):
            print("diff_programs: stats %-22s %d" % (k, stats[k]))
    elapsed = time.time() - start
    print("diff_programs: %d programs, %d passed, %d failed, %d compiler "
          "errors, %d crashes, %d timeouts, %d near-ties"
          % (args.count, counts["pass"], counts["fail"], counts["error"],
             counts["crash"], counts["timeout"], near_ties))
    print("diff_programs: %.1f s with %d jobs" % (elapsed, args.jobs))
    return 0 if counts["pass"] == args.count else 1


if __name__ == "__main__":
    sys.exit(main())
