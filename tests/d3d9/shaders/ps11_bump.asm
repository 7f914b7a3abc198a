// ps_1_1: environment-mapped bump mapping (texbem, texbeml) over a diffuse colour, with
// co-issued colour/alpha pairs, result shifts and every ps_1_1 source modifier.
ps_1_1
def c0, 0.5, 0.25, 1, -1
tex t0
texbem t1, t0
texbeml t2, t0
texcoord t3
mul r0.rgb, t1, v0
+mov r0.a, t2.a
mad_x2 r1, t3_bx2, c0, -v1
add_d2 r0, r0, r1
sub_sat r0.rgb, r0, 1-t2
+lrp r0.a, c0.a, r0.b, t3_bias.a
cnd r0, r0.a, c0, r1
dp3_x4 r1.rgb, r0, c0
nop
