// ps_1_4: two phases: bump-mapped coordinates (bem) and a projected coordinate copy in the
// first, dependent reads, texkill, texdepth and the arithmetic in the second; every 1_4
// result shift and source modifier.
ps_1_4
def c0, 0.5, 0.5, 0, 1
texld r0, t0
texcrd r1.rgb, t1_dw.xyw
texld r2, t2.xyz
bem r3.rg, r0, r1
mul_x8 r4, r0_x2, c0.r
add_x4 r2, r2, c0.g
phase
texld r3, r3_dz
texld r5, r4
texkill r1
texdepth r5
mad_d8 r0.rgb, r3, v0, c0.g
+mov r0.a, 1-v1.b
cnd r1, r0, c0, r2
cmp r0.rgb, r1, r0, -r2_bias
sub_d4 r1, r0, r2_bx2
lrp_sat r0, c0.a, r1, r0
dp4_d2 r2, r0, c0
dp3 r0.a, r2, -r0_bx2
nop
