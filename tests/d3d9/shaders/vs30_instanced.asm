// vs_3_0: instanced particles with gfxsim system values, vertex texture fetch, indexed
// outputs and inputs, saturate and absolute value modifiers.
vs_3_0
def c0, 0, 1, 0.5, 6.2831855
defi i0, 3, 0, 1, 0
dcl_position v0
dcl_texcoord v1
dcl_texcoord1 v2
dcl_texcoord2 v3
dcl_vertexid v4
dcl_instanceid v5
dcl_2d s0
dcl_position o0
dcl_texcoord o1
dcl_texcoord1 o2
dcl_texcoord2 o3
dcl_color o4
mul r0.x, v5.x, c1.x
add r0.x, r0.x, v4.x
mul r0.y, r0.x, c0.w
sincos r1.xy, r0.y
mov r2.xy, v1
mov r2.zw, c0.x
texldl r3, r2, s0
mad r4.xyz, r1.xyyw, c2.x, v0
add r4.xyz, r4, r3
mov r4.w, c0.y
m4x4 o0, r4, c4
sgn r5, r1
abs r6, -r5
mul_sat r7, r6, c3
add r8, r7_abs, -r3_abs
mova a0.x, r0.x
mov r9, c[a0.x + 20]
loop aL, i0
  mov o[aL + 1], v[aL + 1]
endloop
mov o4, r8
