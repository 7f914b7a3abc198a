// ps_3_0: a G-buffer pass: four render targets, face-dependent normals, screen position
// for dithering, a loop over interpolated inputs, and the primitive id extension.
ps_3_0
def c0, 0, 1, 0.5, -1
defi i0, 4, 0, 1, 0
dcl_texcoord v0.xy
dcl_texcoord1 v1.xyz
dcl_texcoord2 v2
dcl_texcoord3 v3
dcl_texcoord4 v4
dcl_texcoord5 v5
dcl_color v6
dcl_normal_centroid v7.xyz
dcl vPos.xy
dcl vFace
dcl vPrimID
dcl_2d s0
dcl_2d s1
texld r0, v0, s0
texkill r0
mul r0, r0, v6
nrm r1.xyz, v7
if_lt vFace, c0.x
  mov r1.w, c0.w
else
  mov r1.w, c0.y
endif
cmp r1.xyz, r1.w, r1, -r1
mov r2, c0.x
loop aL, i0
  add r2, r2, v[aL + 2]
endloop
frc r3.xy, vPos
dp2add r3.z, r3, c1, c0.x
texldl r4, r3.xyzz, s1
dsx r5, v1
dsy r6, v1
add r5, r5_abs, r6_abs
mov r7, vPrimID.x
mov oC0, r0
mad oC1, r1, c0.z, c0.z
mov oC2, r2
mov_pp oC3, r5
add oDepth, r4.x, r7.x
