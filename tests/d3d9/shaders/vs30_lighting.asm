// vs_3_0: per-vertex lighting loop over point lights with attenuation, nested rep for
// a cheap subsurface term, and a skinned normal through a0.w.
vs_3_0
def c0, 0, 1, 2, 0.001
defi i0, 8, 0, 1, 0
defi i1, 2, 0, 0, 0
dcl_position v0
dcl_normal v1
dcl_blendindices v2
dcl_position o0
dcl_color o1
dcl_fog o2.x
dcl_psize o3.x
m4x4 o0, v0, c4
mova a0, v2
m3x3 r0.xyz, v1, c[a0.w + 30]
nrm r1.xyz, r0
mov r2, c0.x
loop aL, i0
  add r3.xyz, c[aL + 100], -v0
  dp3 r3.w, r3, r3
  rsq r4.w, r3.w
  mul r3.xyz, r3, r4.w
  dst r5, r3.w, r4.w
  dp3 r6.x, r5, c[aL + 120]
  rcp r6.x, r6.x
  dp3_sat r6.y, r1, r3
  mul r6.x, r6.x, r6.y
  rep i1
    mad r2, r6.x, c[aL + 140], r2
    break_eq r6.x, c0.x
  endrep
endloop
min o1, r2, c0.y
dp4 r7.x, v0, c6
mul o2.x, r7.x, c1.x
max o3.x, c0.y, c1.y
