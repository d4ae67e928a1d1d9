#!/usr/bin/env python3
"""Session 38 experiment (not a compiler feature): let the two consumer
warpgroups of sample-heavy-f16's wgmma kernel run their candidate-tile
epilogues at different times, so that one warpgroup's MMAs keep the
tensor pipe busy while the other scans its accumulators.

The kernel ends every candidate tile with `bar.sync 1, 256` across both
consumer warpgroups, because the two halves of a row's norm (the tile's
first slices) and the first round's candidate norms are exchanged in
shared memory. On the other tiles nothing is exchanged. Patched by hand:
- the barrier only on the tiles that exchange norms: the row tile's
  first candidate tile (%p32 clear) or a tile with the candidate-norm
  duty (%p2 set);
- with SLEEP > 0, after each barrier the second warpgroup (threads
  128-255) sleeps SLEEP ns, so that it runs behind the first by up to
  the stages' depth (4 slices) until the next barrier.

    python3 stagger.py IN.ptx OUT.ptx SLEEP
"""
import sys


def main():
    src, dst, sleep = sys.argv[1], sys.argv[2], int(sys.argv[3])
    ptx = open(src).read()
    old = "\tbar.sync \t1, 256;\n"
    assert ptx.count(old) == 1
    new = """	{
	.reg .pred 	bP;
	.reg .u32 	bT;
	not.pred 	bP, %p32;
	or.pred 	bP, bP, %p2;
	@!bP bra 	B_SKIP;
	bar.sync 	1, 256;
"""
    if sleep:
        new += f"""	mov.u32 	bT, %tid.x;
	setp.lt.u32 	bP, bT, 128;
	@bP bra 	B_SKIP;
	nanosleep.u32 	{sleep};
"""
    new += "B_SKIP:\n\t}\n"
    ptx = ptx.replace(old, new)
    open(dst, "w").write(ptx)


if __name__ == "__main__":
    main()
