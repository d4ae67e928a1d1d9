#!/usr/bin/env python3
"""Session 37 experiment (not a compiler feature): keep the persistent
blocks that walk one candidate part of sample-heavy-f16's wgmma kernel
within W slices of their group's mean by construction, instead of by
their pace (docs/performance-notes.md, version 41).

Patches the kernel's PTX by hand:
- a module global `fusec_progress[4]`, one u64 a candidate part: the
  slices its blocks' producers have issued;
- the producer's slice-pair loop (its first thread; the block's running
  slice count is %rd228 = %rd369 + %rd371 there) waits, before a pair's
  loads, until its part's sum reaches 33 x (count - W), at most SPIN
  polls (so a grid that is not resident at once cannot hang), then adds 2;
- a producer that leaves its last unit adds 2^40, so that the tail
  round's few blocks never wait for finished ones;
- the merge entry (the call's next kernel) zeroes the counters for the
  next call.
Valid only for this kernel at 132 blocks (4 parts x 33 blocks a part:
the part of block b is b % 4 in every round).

    python3 throttle.py IN.ptx OUT.ptx W
"""
import sys

SPIN = 200000


def main():
    src, dst, window = sys.argv[1], sys.argv[2], int(sys.argv[3])
    ptx = open(src).read()

    def once(old, new):
        nonlocal ptx
        assert ptx.count(old) == 1, old
        ptx = ptx.replace(old, new)

    once(".address_size 64\n",
         ".address_size 64\n\n.global .align 8 .u64 fusec_progress[4];\n")
    part_address = """	mov.u32 	tC, %ctaid.x;
	and.b32 	tC, tC, 3;
	mul.wide.u32 	tA, tC, 8;
	mov.u64 	tV, fusec_progress;
	add.u64 	tA, tA, tV;
"""
    loop_top = "$L__BB0_48:\n\tadd.s64 \t%rd228, %rd369, %rd371;\n"
    once(loop_top, loop_top + """	{
	.reg .u64 	tA, tV, tT, tN;
	.reg .u32 	tC;
	.reg .pred 	tP;
""" + part_address + f"""	setp.lt.u64 	tP, %rd228, {window};
	@tP bra.uni 	THR_GO;
	sub.u64 	tT, %rd228, {window};
	mul.lo.u64 	tT, tT, 33;
	mov.u64 	tN, 0;
THR_SPIN:
	ld.relaxed.gpu.global.u64 	tV, [tA];
	setp.ge.u64 	tP, tV, tT;
	@tP bra.uni 	THR_GO;
	add.u64 	tN, tN, 1;
	setp.ge.u64 	tP, tN, {SPIN};
	@tP bra.uni 	THR_GO;
	nanosleep.u32 	32;
	bra.uni 	THR_SPIN;
THR_GO:
	red.relaxed.gpu.global.add.u64 	[tA], 2;
	}}
""")
    leave = "\t@%p21 bra \t$L__BB0_43;\n\tbra.uni \t$L__BB0_57;\n"
    once(leave, "\t@%p21 bra \t$L__BB0_43;\n\t{\n"
         "\t.reg .u64 \ttA, tV;\n\t.reg .u32 \ttC;\n" + part_address +
         "\tred.relaxed.gpu.global.add.u64 \t[tA], 1099511627776;\n\t}\n"
         "\tbra.uni \t$L__BB0_57;\n")
    merge = "\tmov.u32 \t%r1, %ctaid.x;\n\tmov.u32 \t%r2, %ntid.x;\n"
    once(merge, merge + """	{
	.reg .u32 	mT;
	.reg .u64 	mA;
	.reg .pred 	mP;
	mov.u32 	mT, %tid.x;
	or.b32 	mT, mT, %r1;
	setp.ne.u32 	mP, mT, 0;
	@mP bra.uni 	M_SKIP;
	mov.u64 	mA, fusec_progress;
	st.relaxed.gpu.global.u64 	[mA], 0;
	st.relaxed.gpu.global.u64 	[mA+8], 0;
	st.relaxed.gpu.global.u64 	[mA+16], 0;
	st.relaxed.gpu.global.u64 	[mA+24], 0;
M_SKIP:
	}
""")
    open(dst, "w").write(ptx)


if __name__ == "__main__":
    main()
