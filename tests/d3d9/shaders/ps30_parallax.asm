// ps_3_0: parallax occlusion mapping: nested rep loops with comparisons of every kind,
// explicit-gradient and explicit-lod fetches, predicated refinement.
ps_3_0
def c0, 0, 1, 0.03125, 0.5
defi i0, 32, 0, 1, 0
defi i1, 4, 0, 1, 0
dcl_texcoord v0.xy
dcl_texcoord1 v1.xyz
dcl_2d s0
dcl_2d s1
dsx r10.xy, v0
dsy r11.xy, v0
mov r0.xy, v0
mov r0.zw, c0.x
mov r1.x, c0.y
rep i0
  texldd r2, r0, s0, r10, r11
  break_ge r2.w, r1.x
  rep i1
    mad r0.xy, v1, -c0.z, r0
    break_ne r0.z, c0.x
  endrep
  add r1.x, r1.x, -c0.z
  setp_lt p0.x, r1.x, c0.x
  breakp p0.x
endrep
setp_ne p0.y, r2.w, c0.w
(p0.y) mad r0.xy, v1, c0.z, r0
(!p0.y) mov r0.z, c0.x
texldl r3, r0, s1
texldb r4, r0, s1
texldp r5, r0, s1
if_eq r3.w, c0.x
  mov r3, r4
endif
if_gt r3.w, c0.y
  mov r3, r5
endif
mov_sat oC0, r3
