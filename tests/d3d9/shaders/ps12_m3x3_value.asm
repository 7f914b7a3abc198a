// ps_1_2: ... and once as a value (texm3x3).
ps_1_2
tex t0
texm3x3pad t1, t0
texm3x3pad t2, t0
texm3x3 t3, t0
add r0, t3, c0
