// ps_1_1: a normal map transformed by a 3x3 matrix into a specular reflection lookup
// (texm3x3spec with a constant eye vector).
ps_1_1
tex t0
texm3x3pad t1, t0
texm3x3pad t2, t0
texm3x3spec t3, t0, c0
mul r0, t3, c1
