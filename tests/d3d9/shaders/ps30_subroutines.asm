// ps_3_0: a material switch through bool constants and calls, nested if/else, loops
// reading constants by aL, and nop.
ps_3_0
def c0, 0, 1, 0.5, 2
defi i0, 3, 0, 1, 0
defb b0, true
defb b1, false
dcl_texcoord v0
dcl_2d s0
nop
texld r0, v0, s0
if b0
  if b1
    call l1
  else
    call l2
  endif
endif
callnz l1, b1
rep i0
  mad r0, r0, c0.z, c1
endrep
mov oC0, r0
ret
label l1
  mul r0, r0, c2
  ret
label l2
  loop aL, i0
    add r0, r0, c3
  endloop
  ret
