#!/usr/bin/env python3
"""Regenerates tools/fusec-fuzz/corpus/ (the seed corpus) from the examples
and the lit tests' MLIR: each `// -----` split of a test file, and each
top-level func.func of a split on its own; comment lines are dropped. The
inputs of fixed crashes (crash-*.mlir) are kept as they are.

    tools/fusec-fuzz/make-corpus.py
"""
import hashlib
import os
import re

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
corpus = os.path.join(root, "tools", "fusec-fuzz", "corpus")
sources = ["examples", "test/Dialect/Fuse", "test/Transforms",
           "test/Conversion", "test/Reference", "test/Execution",
           "test/Execution/Inputs", "test/Errors/Inputs", "test/JIT/Inputs"]


def strip_comments(text):
    lines = [l for l in text.splitlines() if not l.strip().startswith("//")]
    return "\n".join(lines).strip() + "\n"


def functions(chunk):
    """Top-level func.func definitions of a chunk (none if it has a module or
    anything else at top level)."""
    starts = [m.start() for m in re.finditer(r"^func\.func", chunk, re.M)]
    if len(starts) < 2 or re.search(r"^(module|gpu\.module)", chunk, re.M):
        return []
    starts.append(len(chunk))
    return [chunk[a:b].strip() + "\n" for a, b in zip(starts, starts[1:])]


def main():
    os.makedirs(corpus, exist_ok=True)
    for name in os.listdir(corpus):
        if not name.startswith("crash-"):
            os.remove(os.path.join(corpus, name))
    seen = set()
    count = 0
    for source in sources:
        directory = os.path.join(root, source)
        for name in sorted(os.listdir(directory)):
            if not name.endswith(".mlir"):
                continue
            with open(os.path.join(directory, name)) as f:
                text = f.read()
            base = source.replace("test/", "").replace("/", "-") + "-" + name[:-5]
            chunks = [strip_comments(c) for c in text.split("// -----")]
            inputs = []
            for chunk in chunks:
                inputs.append(chunk)
                inputs.extend(functions(chunk))
            for i, item in enumerate(inputs):
                digest = hashlib.sha1(item.encode()).hexdigest()
                if item.strip() == "" or digest in seen:
                    continue
                seen.add(digest)
                out = "%s-%03d.mlir" % (base, i) if len(inputs) > 1 else base + ".mlir"
                with open(os.path.join(corpus, out), "w") as f:
                    f.write(item)
                count += 1
    print("%d seeds in %s" % (count, os.path.relpath(corpus, root)))


if __name__ == "__main__":
    main()
