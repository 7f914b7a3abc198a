// vs_2_0: the fixed-function-style output set: position, two colours, fog, point size
// and all eight texture coordinates, and the low-precision expp/logp helpers.
vs_2_0
def c0, 0, 1, 0.5, 1.442695
dcl_position v0
dcl_color v1
dcl_color1 v2
dcl_psize v3
dcl_texcoord v4
m4x4 r0, v0, c4
mov oPos, r0
mul r1.x, r0.z, c0.w
expp r2, -r1.x
logp r3, r2.x
mov oFog, r2.z
max oPts, v3.x, c1.x
mov oD0, v1
mov oD1, v2
mov oT0, v4
mov oT1, r2
mov oT2, r3
mov oT3.xy, v4.yx
mov oT4, c0
mov oT5, c1
mov oT6, c2
mov oT7, c3
