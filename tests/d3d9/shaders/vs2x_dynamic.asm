// vs_2_x: dynamic flow control and predication: a displacement loop that breaks early,
// per-component predicated writes, predicate-driven calls.
vs_2_x
def c0, 0, 1, 0.25, 16
defi i0, 16, 0, 1, 0
dcl_position v0
dcl_normal v1
mov r0, v0
mov r1, c0.x
rep i0
  add r1.x, r1.x, c0.z
  break_ge r1.x, c1.x
  mad r0.xyz, v1, c0.z, r0
  breakc_lt r0.y, c1.y
  setp_gt p0.x, r0.z, c1.z
  breakp p0.x
endrep
setp_le p0, r0, c2
(p0) mov r2, r0
(!p0.x) add r2.x, r0.x, c0.y
if_ne r2.x, c0.x
  mul r2, r2, c0.w
endif
if p0.y
  sub r2, r2, c0.y
endif
if !p0.z
  mov r2.z, c0.x
endif
callnz l3, p0.w
callnz l4, !p0.y
m4x4 oPos, r2, c4
mov oT0, r1
ret
label l3
  mov oD0, c3
  ret
label l4
  mov oD1, c3
  ret
