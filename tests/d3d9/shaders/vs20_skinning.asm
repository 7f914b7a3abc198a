// vs_2_0: matrix-palette skinning through a0, a light loop with aL, static branches
// and a subroutine.
vs_2_0
def c0, 0, 1, 0.5, 3
defi i0, 4, 0, 1, 0
defi i1, 2, 0, 0, 0
defb b0, true
defb b1, false
dcl_position v0
dcl_normal v1
dcl_blendweight v2
dcl_blendindices v3
dcl_texcoord v4
mul r0, v3, c0.w
mova a0, r0
m4x3 r1.xyz, v0, c[a0.x + 10]
mul r1.xyz, r1, v2.x
m4x3 r2.xyz, v0, c[a0.y + 10]
mad r1.xyz, r2, v2.y, r1
mov r1.w, c0.y
m4x4 oPos, r1, c4
m3x3 r3.xyz, v1, c[a0.x + 10]
nrm r4.xyz, r3
mov r5, c0.x
loop aL, i0
  dp3 r6.x, r4, c[aL + 100]
  max r6.x, r6.x, c0.x
  mad r5, r6.x, c[aL + 110], r5
endloop
rep i1
  mul r5, r5, c0.z
endrep
if b0
  call l0
else
  mov oD1, c0.x
endif
callnz l1, !b1
abs r7, r5
pow r8.x, r7.x, c2.x
crs r9.xyz, r4, c3
sgn r10, r9, r2, r3
sincos r11.xy, r8.x, c20, c21
lrp r3, c0.z, r5, r7
mov oD0, r3
mov oT0.xy, v4
mov oT1, r9
mov oT2, r10
mov oT3, r11
ret
label l0
  mov oD1, r5
  ret
label l1
  mov oT4, r5
  ret
