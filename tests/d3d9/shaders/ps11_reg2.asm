// ps_1_1: dependent reads addressed by the alpha/red and green/blue of another texture,
// and a texkill on a coordinate set.
ps_1_1
tex t0
texreg2ar t1, t0
texreg2gb t2, t0
texkill t3
mul r0, t1, t2
