#!/usr/bin/env bash
# Session 39: the CPU executor's __truncsfbf2 / __truncdfbf2
# (lib/Execution/CPUExecutor.cpp) against the reference evaluator's
# roundToFormat (lib/Reference/Evaluator.cpp) on 16 M random floats and
# doubles, halfway and near-halfway cases, and specials (0, -0, inf, NaN,
# the largest finite values, subnormals). Both functions are static, so
# they are cut out of the sources. From the repository root:
#   bash docs/results/2026-12-06/session39/bf16-rounding-check.sh
# Prints "0 of 16000030 differ" (session 39).
set -euo pipefail
work=$(mktemp -d)
{ echo '#include "llvm/ADT/APFloat.h"'
  sed -n '/^static float inFloatRegister/,/^}/p;/^static float truncFloatToBF16/,/^}/p;/^static float truncDoubleToBF16/,/^}/p' \
    lib/Execution/CPUExecutor.cpp
} > "$work/builtins.inc"
{ echo '#include <algorithm>'; echo '#include <cmath>'; echo '#include <limits>'
  sed -n '/^static double roundToFormat/,/^}/p' lib/Reference/Evaluator.cpp
} > "$work/reference.inc"
cat > "$work/check.cpp" <<'CPP'
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include "reference.inc"
#include "builtins.inc"
static double bf16Value(float packed) {
  uint32_t bits;
  std::memcpy(&bits, &packed, 4);
  uint32_t widened = (bits & 0xffffu) << 16;
  float value;
  std::memcpy(&value, &widened, 4);
  return value;
}
int main() {
  std::mt19937_64 rng(1);
  long bad = 0, n = 0;
  auto check = [&](double d, bool fromFloat) {
    double want = roundToFormat(fromFloat ? (double)(float)d : d, 8, -126, 127);
    double got = bf16Value(fromFloat ? truncFloatToBF16((float)d)
                                     : truncDoubleToBF16(d));
    ++n;
    bool same = std::isnan(want) ? std::isnan(got)
                                 : got == want && std::signbit(got) == std::signbit(want);
    if (!same && bad++ < 10)
      printf("%s %.17g: want %.17g got %.17g\n", fromFloat ? "float" : "double", d, want, got);
  };
  for (int i = 0; i < 2000000; ++i) {
    uint32_t fb = (uint32_t)rng();
    float f;
    std::memcpy(&f, &fb, 4);
    check(f, true);
    uint64_t db = rng();
    double d;
    std::memcpy(&d, &db, 8);
    check(d, false);
    uint32_t half = (fb & 0xffff0000u) | 0x8000u;
    std::memcpy(&f, &half, 4);
    check(f, true);
    check(f, false);
    check(std::nextafter((double)f, 0.0), false);
    check(std::nextafter((double)f, INFINITY), false);
    double r = std::ldexp((double)(rng() >> 11) / 9007199254740992.0,
                          (int)(rng() % 300) - 150);
    check(r, false);
    check(-r, false);
  }
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN,
                             3.4028234663852886e38, 3.39e38, 3.3961e38, 1e-45,
                             1e-40, 9.18e-41, 4.6e-41, 1e-300, -1e-300, 1e300};
  for (double s : specials) {
    check(s, false);
    check(s, true);
  }
  printf("%ld of %ld differ\n", bad, n);
  return bad != 0;
}
CPP
clang++ -O1 -std=c++17 -I/usr/lib/llvm-22/include "$work/check.cpp" -o "$work/check" \
  -L/usr/lib/llvm-22/lib -lLLVM -Wl,-rpath,/usr/lib/llvm-22/lib
"$work/check"
rm -rf "$work"
