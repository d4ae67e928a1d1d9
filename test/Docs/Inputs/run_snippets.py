#!/usr/bin/env python3
"""Runs the shell snippets of fusec's docs, so that a documented command
that breaks fails the test suite (test/Docs/snippets.test).

Every fenced block whose info string is `sh` in README.md and docs/*.md is
a snippet. They run in order, file by file, each with `bash -eu` (any
failing command fails the block; pipes are not `pipefail`), in a scratch
directory that looks like the repository root: a symlink to each top-level
entry of the source tree, and `build` pointing at the build tree under
test, so that `build/bin/fusec`, `examples/...` and `python/` resolve while
whatever a snippet writes (k.ptx, build-host/, ...) stays in the scratch
directory. Blocks of one file share that directory, in order; each file
gets its own. PATH starts with the build's bin/ and LLVM's bin/ (where
FileCheck is); HOME, FUSEC_CACHE_DIR and TMPDIR are fresh directories, so
`$HOME/.local/fusec` is a scratch prefix too; FUSEC_CUDA_DRIVER names a
library that does not exist, so that the blocks see a machine without a
GPU wherever the test runs.

Markers, written as whole comment lines inside the block, where a reader
sees them:

  # needs a GPU ...                      not run (this machine may have none)
  # not run by the doc test: <reason>    not run, for the reason given
  # exit code N ...                      the block must exit with N, not 0

A block's output is compared with the block shown after it when the line
before that block's fence is `<!-- checked output -->`: the shown text must
equal stdout and stderr together, line by line (trailing blanks ignored),
where a line `...` stands for any number of lines. Other output blocks are
illustrations and are not compared.

Prints one line per block and a summary, `doc snippets: ran N blocks, F
failed; skipped S (...)`; exits 1 when a block failed.
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SKIP_GPU = re.compile(r"^#\s*needs a GPU\b(.*)$", re.IGNORECASE)
SKIP_REASON = re.compile(r"^#\s*not run by the doc test:\s*(.+)$")
EXIT_CODE = re.compile(r"^#\s*exit code (\d+)\b")
CHECKED = "<!-- checked output -->"
# Commands that would rebuild the build tree under test (or take minutes):
# a block with one of them must carry a skip marker, and fails otherwise.
REBUILDS = re.compile(r"scripts/(main|test|build|setup)\.sh|scripts/device/|"
                      r"\bninja\b[^\n]*-C\s*build(?![\w.-])|"
                      r"cmake\s+--build\s+build(?![\w.-])|"
                      r"cmake[^\n]*-B\s*build(?![\w.-])")
SHELLS = ("sh",)


class Block:
    def __init__(self, path, line, lang, text):
        self.path, self.line, self.lang, self.text = path, line, lang, text
        self.expected = None  # The checked output, a list of lines.
        self.skip = None  # (kind, reason)
        self.exit_code = 0
        for raw in text.splitlines():
            s = raw.strip()
            m = SKIP_GPU.match(s)
            if m and not self.skip:
                self.skip = ("needs a GPU", s.lstrip("#").strip())
            m = SKIP_REASON.match(s)
            if m and not self.skip:
                self.skip = ("not run", m.group(1).strip())
            m = EXIT_CODE.match(s)
            if m:
                self.exit_code = int(m.group(1))


def parse(path, rel):
    """The fenced blocks of one Markdown file, with checked outputs
    attached to the shell block before them."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    blocks = []
    i = 0
    last_shell = None
    while i < len(lines):
        m = re.match(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)", lines[i])
        if not m:
            i += 1
            continue
        indent, fence, lang = m.group(1), m.group(2), m.group(3)
        start = i
        body = []
        i += 1
        while i < len(lines) and not (
                lines[i].strip().startswith(fence[0] * len(fence)) and
                lines[i].strip().strip(fence[0]) == ""):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent)
                        else lines[i])
            i += 1
        i += 1  # The closing fence.
        prev = lines[start - 1].strip() if start > 0 else ""
        if lang in SHELLS:
            block = Block(rel, start + 1, lang, "\n".join(body) + "\n")
            blocks.append(block)
            last_shell = block
        elif prev == CHECKED:
            if last_shell is None or last_shell.expected is not None:
                raise SystemExit("%s:%d: '%s' with no shell block before it"
                                 % (rel, start + 1, CHECKED))
            last_shell.expected = body
        else:
            last_shell = None
    return blocks


def matches(expected, actual):
    """Line-by-line equality, `...` matching any run of lines."""
    exp = [line.rstrip() for line in expected]
    act = [line.rstrip() for line in actual]
    while exp and not exp[-1]:
        exp.pop()
    while act and not act[-1]:
        act.pop()

    def rec(i, j):
        if i == len(exp):
            return j == len(act)
        if exp[i] == "...":
            return any(rec(i + 1, k) for k in range(j, len(act) + 1))
        return j < len(act) and exp[i] == act[j] and rec(i + 1, j + 1)

    return rec(0, 0)


def first_difference(expected, actual):
    exp = [line.rstrip() for line in expected]
    act = [line.rstrip() for line in actual]
    for n, line in enumerate(exp):
        if line == "...":
            return "    shown (a line '...' stands for any lines):\n" + \
                "\n".join("    | " + e for e in exp)
        if n >= len(act):
            return "    shown line %d: %s\n    printed: nothing more" % (
                n + 1, line)
        if line != act[n]:
            return "    shown line %d: %s\n    printed:      %s" % (
                n + 1, line, act[n])
    return "    printed more lines than shown, from: %s" % (
        act[len(exp)] if len(exp) < len(act) else "")


def scratch_root(src, obj, where):
    """A directory that looks like the repository root."""
    os.makedirs(where)
    for name in sorted(os.listdir(src)):
        if name == ".git" or name == "build" or name.startswith("build-"):
            continue
        os.symlink(os.path.join(src, name), os.path.join(where, name))
    os.symlink(obj, os.path.join(where, "build"))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--src", required=True, help="the source tree")
    p.add_argument("--obj", required=True, help="the build tree")
    p.add_argument("--timeout", type=float, default=120,
                   help="seconds per block")
    p.add_argument("--list", action="store_true",
                   help="list the blocks and what would happen; run nothing")
    p.add_argument("--keep", action="store_true",
                   help="keep the scratch directory")
    p.add_argument("files", nargs="*",
                   help="Markdown files relative to --src (default: "
                   "README.md and docs/*.md)")
    a = p.parse_args()
    src, obj = os.path.abspath(a.src), os.path.abspath(a.obj)

    files = a.files or (["README.md"] + sorted(
        os.path.join("docs", n) for n in os.listdir(os.path.join(src, "docs"))
        if n.endswith(".md")))

    bins = [os.path.join(obj, "bin")]
    filecheck = shutil.which("FileCheck")
    if filecheck:
        bins.append(os.path.dirname(filecheck))
    for d in ("/usr/lib/llvm-22/bin",):
        if os.path.isdir(d) and d not in bins:
            bins.append(d)

    tmp = tempfile.mkdtemp(prefix="fusec-doc-snippets-")
    ran = failed = 0
    skipped = {}
    started = time.monotonic()
    try:
        for n, rel in enumerate(files):
            blocks = parse(os.path.join(src, rel), rel)
            if a.list:
                for b in blocks:
                    print("%s:%d: %s" % (
                        b.path, b.line,
                        "skipped (%s: %s)" % b.skip if b.skip else "runs" +
                        (", exit code %d" % b.exit_code if b.exit_code
                         else "") +
                        (", output checked" if b.expected is not None
                         else "")))
                continue
            if not blocks:
                continue
            base = os.path.join(tmp, "%02d-%s" % (n, os.path.basename(rel)))
            work = os.path.join(base, "repo")
            scratch_root(src, obj, work)
            env = dict(os.environ)
            for var in ("XDG_CACHE_HOME", "FUSEC_LIBRARY_DIR", "PYTHONPATH",
                        "FUSEC_CUDA_DRIVER", "FUSEC_BUILD_DIR"):
                env.pop(var, None)
            for var, sub in (("HOME", "home"), ("FUSEC_CACHE_DIR", "cache"),
                             ("TMPDIR", "tmp")):
                env[var] = os.path.join(base, sub)
                os.makedirs(env[var])
            env["PATH"] = os.pathsep.join(bins + [env.get("PATH", "")])
            env["PYTHONDONTWRITEBYTECODE"] = "1"
            # As on a machine without a GPU, whatever this one has.
            env["FUSEC_CUDA_DRIVER"] = os.path.join(base, "no-driver",
                                                    "libcuda.so.1")
            for b in blocks:
                where = "%s:%d" % (b.path, b.line)
                if b.skip:
                    kind, reason = b.skip
                    skipped.setdefault(kind, []).append((where, reason))
                    print("%s: skipped (%s)" % (
                        where, reason if kind == "needs a GPU"
                        else "not run by the doc test: " + reason))
                    continue
                if REBUILDS.search(b.text):
                    ran += 1
                    failed += 1
                    print("%s: FAILED (it would rebuild the build tree or "
                          "run the GPU scripts; mark it '# not run by the doc "
                          "test: <reason>')" % where)
                    continue
                script = os.path.join(base, "block-%d.sh" % b.line)
                with open(script, "w") as f:
                    f.write(b.text)
                t0 = time.monotonic()
                # Its own process group, so that a timeout ends whatever
                # the block started, not only its shell.
                proc = subprocess.Popen(["bash", "-eu", script], cwd=work,
                                        env=env, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT,
                                        start_new_session=True)
                try:
                    data, _ = proc.communicate(timeout=a.timeout)
                    rc = proc.returncode
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    data, _ = proc.communicate()
                    rc = "timeout after %.0f s" % a.timeout
                out = data.decode("utf-8", "replace")
                seconds = time.monotonic() - t0
                ran += 1
                problem = None
                if rc != b.exit_code:
                    problem = "exit code %s, expected %d" % (rc, b.exit_code)
                elif b.expected is not None and not matches(
                        b.expected, out.splitlines()):
                    problem = "output differs from the shown output\n" + \
                        first_difference(b.expected, out.splitlines())
                if problem:
                    failed += 1
                    print("%s: FAILED (%s)" % (where, problem))
                    print("  block:")
                    for line in b.text.splitlines():
                        print("    | " + line)
                    print("  output (last 40 lines):")
                    for line in out.splitlines()[-40:]:
                        print("    > " + line)
                else:
                    print("%s: ok (%.1f s%s%s)" % (
                        where, seconds,
                        ", exit code %d as shown" % rc if rc else "",
                        ", output as shown" if b.expected is not None
                        else ""))
    finally:
        if a.keep:
            print("scratch directory kept: %s" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    if a.list:
        return 0
    nskipped = sum(len(v) for v in skipped.values())
    parts = ["%d %s" % (len(v), k) for k, v in sorted(skipped.items())]
    print("doc snippets: ran %d blocks, %d failed; skipped %d%s in %.1f s" % (
        ran, failed, nskipped, (" (%s)" % ", ".join(parts)) if parts else "",
        time.monotonic() - started))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
