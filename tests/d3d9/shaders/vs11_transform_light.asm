// vs_1_1: transform, one directional light with specular, fog and point size,
// a constant picked through a0 (vs_1_1 loads a0 with mov).
vs_1_1
def c90, 0, 0.5, 1, 2
dcl_position v0
dcl_normal v1
dcl_texcoord v2
dcl_blendindices v3
m4x4 oPos, v0, c0                 ; clip-space position
m3x3 r0.xyz, v1, c4               ; normal to view space
dp3 r1.x, r0, r0
rsq r1.x, r1.x
mul r0.xyz, r0, r1.x
dp3 r2.x, r0, -c10                ; n.l
max r2.x, r2.x, c90.x
dp3 r2.y, r0, c11                 ; n.h
mov r2.w, c12.w                   ; shininess
lit r3, r2
mad oD0, r3.y, c13, c14
mul oD1, r3.z, c15
mov a0.x, v3.x
mov oT0, c[a0.x + 20]
mov oT1.xy, v2
m4x3 r4.xyz, v0, c0
m3x4 r5, v1, c4
m3x2 r6.xy, v1, c4
dst r7, r1, r2
slt r8, r4, c90
sge r9, r4, c90.y
add r8, r8, r9
sub r8, r8, c90.z
frc r10, r4
exp r11, r10.x
log r11.y, r11.x
expp r10.z, r4.w
logp r10.w, r4.w
rcp r1.w, r4.z
min oFog, r1.w, c90.z
mov oPts, c90.w
nop
mov oT2, r8
mov oT3, r10
mov oT4, r11
mov oT5, r5
mov oT6, r6
mov oT7, r7
