"""Writes the traces of this folder (run it here: python3 make_geom.py). The expected
pixels are in tests/e2e/test_geometry_states.py.

xyzrhw.yaml  pre-transformed vertices (POSITIONT / D3DFVF_XYZRHW), fixed function, 32x32:
  rows 0..7    a red rectangle with corners on pixel centres (0, 0)..(16, 8): D3D9's
               integer centres and the top-left rule cover columns 0..15 exactly.
  rows 8..15   red rising from 0 at x = 0 (rhw 1) to 1 at x = 32 (rhw 0.25): perspective-
               correct, red = 0.25 t / ((1 - t) + 0.25 t) at t = x / 32.
  rows 16..23  white with specular alpha 0x80 under FOGENABLE, linear vertex fog (which
               pre-transformed vertices do not compute): the fog factor is the specular
               alpha 128/255, fog colour blue -> (128, 128, 255).
  rows 24..31  z as given: green at z 0.5, then a clip-space red quad at z 0.5 that fails
               LESS, then blue pre-transformed at z 0.25 over columns 16..31 that passes.
xyzrhw_ps.yaml  pre-transformed varyings reaching pixel shaders: diffuse red, specular
  blue, texcoord0 u = 0.25. Left half ps_2_0 (v0, v1, t0), right half ps_3_0 (dcl_color0,
  dcl_color1, dcl_texcoord0): both give (255, 64, 255).
"""
from pathlib import Path

from geom_trace import RHW_DECL, RHW_STRIDE, XYZ_DECL, XYZ_STRIDE, Trace, quad, rhw_vertex, \
    xyz_vertex

HERE = Path(__file__).resolve().parent


def xyzrhw():
    t = Trace("geom_xyzrhw", __doc__.split("\n")[3:13])
    t.decl(1, RHW_DECL)
    t.decl(2, XYZ_DECL)
    rows = []
    rows += quad(lambda x, y, i: rhw_vertex(x, y, 0.5, 1.0, 0xFFFF0000), 0, 0, 16, 8)
    rows += quad(lambda x, y, i: rhw_vertex(x, y, 0.5, 1.0 if x == 0 else 0.25,
                                            0xFF000000 if x == 0 else 0xFFFF0000), 0, 8, 32, 16)
    rows += quad(lambda x, y, i: rhw_vertex(x, y, 0.5, 1.0, 0xFFFFFFFF, 0x80000000), 0, 16, 32, 24)
    rows += quad(lambda x, y, i: rhw_vertex(x, y, 0.5, 1.0, 0xFF00FF00), 0, 24, 32, 32)
    rows += quad(lambda x, y, i: rhw_vertex(x, y, 0.25, 1.0, 0xFF0000FF), 16, 24, 32, 32)
    t.buffer(3, rows)
    t.buffer(4, quad(lambda x, y, i: xyz_vertex(x, y, 0.5, 0xFFFF0000), -1, -0.5, 1, -1))
    t.cmd("set_viewport", x=0, y=0, width=32, height=32, min_z=0, max_z=1)
    t.states(z_enable="false", cull_mode="none")
    t.cmd("set_vertex_declaration", id=1)
    t.cmd("set_stream_source", stream=0, buffer=3, offset=0, stride=RHW_STRIDE)
    t.cmd("clear", flags="[target, zbuffer]", color="0xFF808080", depth=1, stencil=0)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=0, primitive_count=4)
    t.states(fog_enable="true", fog_vertex_mode="linear", fog_start=0, fog_end=1,
             fog_color="0xFF0000FF")
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=12, primitive_count=2)
    t.states(fog_enable="false", z_enable="true", z_func="less")
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=18, primitive_count=2)
    t.cmd("set_vertex_declaration", id=2)
    t.cmd("set_stream_source", stream=0, buffer=4, offset=0, stride=XYZ_STRIDE)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=0, primitive_count=2)
    t.cmd("set_vertex_declaration", id=1)
    t.cmd("set_stream_source", stream=0, buffer=3, offset=0, stride=RHW_STRIDE)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=24, primitive_count=2)
    t.cmd("present")
    t.write(HERE / "xyzrhw.yaml")


def xyzrhw_ps():
    t = Trace("geom_xyzrhw_ps", __doc__.split("\n")[13:16])
    t.decl(1, RHW_DECL)
    vert = lambda x, y, i: rhw_vertex(x, y, 0.5, 1.0, 0xFFFF0000, 0xFF0000FF, 0.25, 0.0)
    t.buffer(3, quad(vert, 0, 0, 16, 32) + quad(vert, 16, 0, 32, 32))
    t.shader(11, "pixel", "ps_2_0\ndcl v0\ndcl v1\ndcl t0.xy\nmov r0, v0\nmov r0.y, t0.x\n"
             "mov r0.z, v1.z\nmov oC0, r0\n")
    t.shader(12, "pixel", "ps_3_0\ndcl_color0 v0\ndcl_color1 v1\ndcl_texcoord0 v2.xy\n"
             "mov r0, v0\nmov r0.y, v2.x\nmov r0.z, v1.z\nmov oC0, r0\n")
    t.cmd("set_viewport", x=0, y=0, width=32, height=32, min_z=0, max_z=1)
    t.states(z_enable="false", cull_mode="none")
    t.cmd("set_vertex_declaration", id=1)
    t.cmd("set_stream_source", stream=0, buffer=3, offset=0, stride=RHW_STRIDE)
    t.cmd("clear", flags="[target]", color="0xFF808080", depth=1, stencil=0)
    t.cmd("set_pixel_shader", id=11)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=0, primitive_count=2)
    t.cmd("set_pixel_shader", id=12)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=6, primitive_count=2)
    t.cmd("present")
    t.write(HERE / "xyzrhw_ps.yaml")


if __name__ == "__main__":
    xyzrhw()
    xyzrhw_ps()
