// ps_2_0: base texture with a projected light cookie, cube reflection, volume noise,
// alpha kill and a depth write.
ps_2_0
def c0, 0, 1, 0.5, 2
def c1, -1.5500992e-06, -2.1701389e-05, 0.0026041667, 0.00026041668
def c2, -0.020833334, -0.125, 1, 0.5
dcl t0.xy
dcl_pp t1
dcl_centroid t2.xyz
dcl t3
dcl v0
dcl v1.xyz
dcl_2d s0
dcl_2d s1
dcl_cube s2
dcl_volume s3
texld r0, t0, s0
texldp_pp r1, t1, s1
texldb r2, t2, s2
texld r3, t3, s3
texkill r0
texkill t3
mul r0, r0, v0
mad_pp r0.xyz, r1, c0.z, r0
lrp r4, c0.z, r2, r3
dp2add r5.x, t0, c3, c0.x
cmp r6, r5.x, r4, r0
nrm_pp r7.xyz, v1
pow r8.x, r7.x, c4.x
abs r9, r7
crs r10.xyz, r7, c5
m3x3 r11.xyz, r10, c6
m4x4 r1, r9, c6
m3x2 r2.xy, r9, c6
m4x3 r3.xyz, r9, c6
m3x4 r4, r9, c6
exp r5.y, r8.x
log r5.z, r8.x
frc r5.w, r8.x
rcp r8.y, r5.y
rsq r8.z, r5.z
min r8.w, r8.y, r8.z
max r8.w, r8.w, c0.x
sincos r5.xy, r8.w, c1, c2
add r6, r6, r11
sub r6, r6, r5
mov_sat r6, r6
mov oC0, r6
mov oC1, r1
mul oDepth, r8.w, c0.y
