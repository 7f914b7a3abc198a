// ps_1_3: a 3x2 transform into the pixel depth (texm3x2depth).
ps_1_3
tex t0
texm3x2pad t1, t0
texm3x2depth t2, t0
texcoord t3
mov r0, t3
