// ps_1_2: dot-product lookups (texdp3tex, texdp3), an rgb-addressed read (texreg2rgb),
// cmp and dp4.
ps_1_2
tex t0
texdp3tex t1, t0
texdp3 t2, t0
texreg2rgb t3, t0
cmp r0, t1, t2, t3
dp4 r1, t0, c0
mov r0.a, r1.a
