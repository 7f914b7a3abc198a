// ps_1_3: a 3x2 transform into a lookup (texm3x2tex).
ps_1_3
tex t0
texm3x2pad t1, t0
texm3x2tex t2, t0
mov r0, t2
