// ps_2_x: relief steps in a rep loop with dynamic breaks, derivatives for the gradient
// fetch, predicated texture reads, and a subroutine for fog.
ps_2_x
def c0, 0, 1, 0.0625, 0.5
defi i0, 16, 0, 1, 0
defb b0, true
dcl t0.xy
dcl t1
dcl v0
dcl_2d s0
dcl_2d s1
dsx r0.xy, t0
dsy r1.xy, t0
mov r2.xy, t0
mov r3, c0.x
rep i0
  texldd r4, r2, s0, r0, r1
  setp_ge p0.x, r4.w, r3.x
  breakp p0.x
  add r3.x, r3.x, c0.z
  mad r2.xy, t1, -c0.z, r2
  break_gt r3.x, c0.y
  if_lt r4.w, c0.x
    break
  endif
endrep
if b0
  call l2
endif
if_le r3.x, c0.w
  mul r4, r4, c1
else
  mul r4, r4, c2
endif
setp_eq p0, r4, c0.x
(p0) texld r5, r2, s1
(!p0) mov r5, c3
callnz l2, !p0.w
mul oC0, r4, r5
ret
label l2
  mul r4.xyz, r4, v0
  ret
