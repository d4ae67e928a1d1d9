#!/usr/bin/env python3
"""Writes PTX variants of the fp16 chain kernel (examples/chain_f16.mlir as
fusec compiles it) for chain-ab.py: the launch shape (block size, the
grid-stride cap) and a straight-line body without the grid-stride loops.
usage: make-chain-variants.py BASE.ptx OUTDIR"""
import json, os, re, sys

base = open(sys.argv[1]).read()
out = sys.argv[2]
os.makedirs(out, exist_ok=True)
head, body = base.split("\n", 1)
meta = json.loads(head[len("// fusec-launch: "):])


def write(tag, text, block, grid):
    m = json.loads(json.dumps(meta))
    m["steps"][0]["block"] = [block, 1, 1]
    m["steps"][0]["grid"] = [grid, 1, 1]
    text = re.sub(r"\.maxntid \d+, 1, 1", ".maxntid %d, 1, 1" % block, text)
    with open(os.path.join(out, tag + ".ptx"), "w") as f:
        f.write("// fusec-launch: " + json.dumps(m) + "\n" + text)


def capped(per_block):
    return ["max", 1, ["min", 1056, ["cdiv", "s0", per_block]]]


def uncapped(per_block):
    return ["max", 1, ["cdiv", "s0", per_block]]


write("v0", body, 256, capped(2048))
write("b128", body, 128, capped(1024))
write("b64", body, 64, capped(512))
write("nocap", body, 256, uncapped(2048))

# One 16-byte chunk per thread, no loop; the thread just past the last
# whole chunk does the tail element by element.
flat = r"""
.version 8.0
.target sm_90
.address_size 64

.visible .entry chain_k0(
	.param .u64 .ptr .align 1 chain_k0_param_0,
	.param .u64 .ptr .align 1 chain_k0_param_1,
	.param .u64 chain_k0_param_2
)
.maxntid 256, 1, 1
{
	.reg .pred 	%p<4>;
	.reg .b16 	%rs<9>;
	.reg .b32 	%r<28>;
	.reg .b64 	%rd<16>;

	ld.param.b64 	%rd1, [chain_k0_param_2];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	cvt.u64.u32 	%rd2, %r1;
	mad.wide.u32 	%rd3, %r2, %r3, %rd2;
	shr.u64 	%rd4, %rd1, 3;
	ld.param.b64 	%rd5, [chain_k0_param_0];
	ld.param.b64 	%rd6, [chain_k0_param_1];
	setp.ge.u64 	%p1, %rd3, %rd4;
	@%p1 bra 	$L_tail;
	shl.b64 	%rd7, %rd3, 4;
	add.s64 	%rd8, %rd5, %rd7;
	ld.global.v4.b32 	{%r5, %r6, %r7, %r8}, [%rd8];
	add.rn.f16x2 	%r9, %r5, %r5;
	add.rn.f16x2 	%r10, %r6, %r6;
	add.rn.f16x2 	%r11, %r7, %r7;
	add.rn.f16x2 	%r12, %r8, %r8;
	mov.b32 	%r13, 1006648320;
	add.rn.f16x2 	%r14, %r12, %r13;
	add.rn.f16x2 	%r15, %r11, %r13;
	add.rn.f16x2 	%r16, %r10, %r13;
	add.rn.f16x2 	%r17, %r9, %r13;
	mov.b32 	%r18, 0;
	max.NaN.f16x2 	%r19, %r17, %r18;
	max.NaN.f16x2 	%r20, %r16, %r18;
	max.NaN.f16x2 	%r21, %r15, %r18;
	max.NaN.f16x2 	%r22, %r14, %r18;
	mov.b32 	%r23, 939538432;
	mul.rn.f16x2 	%r24, %r22, %r23;
	mul.rn.f16x2 	%r25, %r21, %r23;
	mul.rn.f16x2 	%r26, %r20, %r23;
	mul.rn.f16x2 	%r27, %r19, %r23;
	add.s64 	%rd9, %rd6, %rd7;
	st.global.v4.b32 	[%rd9], {%r27, %r26, %r25, %r24};
	ret;
$L_tail:
	setp.ne.u64 	%p2, %rd3, %rd4;
	@%p2 bra 	$L_done;
	shl.b64 	%rd10, %rd4, 3;
$L_tailloop:
	setp.ge.u64 	%p3, %rd10, %rd1;
	@%p3 bra 	$L_done;
	shl.b64 	%rd11, %rd10, 1;
	add.s64 	%rd12, %rd5, %rd11;
	ld.global.b16 	%rs1, [%rd12];
	add.rn.f16 	%rs2, %rs1, %rs1;
	mov.b16 	%rs3, 0x3C00;
	add.rn.f16 	%rs4, %rs2, %rs3;
	mov.b16 	%rs5, 0x0000;
	max.NaN.f16 	%rs6, %rs4, %rs5;
	mov.b16 	%rs7, 0x3800;
	mul.rn.f16 	%rs8, %rs6, %rs7;
	add.s64 	%rd13, %rd6, %rd11;
	st.global.b16 	[%rd13], %rs8;
	add.s64 	%rd10, %rd10, 1;
	bra.uni 	$L_tailloop;
$L_done:
	ret;
}
"""
write("flat", flat, 256, uncapped(2048))
write("flat128", flat, 128, uncapped(1024))
