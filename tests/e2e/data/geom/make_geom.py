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
clip_planes.yaml  user clip planes (SetClipPlane, CLIPPLANEENABLE = 1) and CLIPPING:
  rows 0..9    fixed function, green; the view matrix moves world x = 0 to screen x 24
               and plane 0 = (1, 0, 0, 1/64) is in world space: columns 24..31.
  rows 10..20  vs_2_0, red; plane 0 = (-1, 0, 0, 0.515625) in clip space: columns 0..24.
  rows 21..31  vs_2_0, blue, at z 1.5 with CLIPPING FALSE: neither the far plane nor the
               user plane clips, and depth clamps to 1.0, which passes LESSEQUAL.
depth_bias.yaml  DEPTHBIAS and SLOPESCALEDEPTHBIAS against a green full-screen quad at
  z 0.5 under LESS (pre-transformed vertices, so z is exact):
  rows 0..15   red at z 0.4: with DEPTHBIAS 0.2 on the left (0.6: fails, green stays),
               DEPTHBIAS 0.05 on the right (0.45: passes, red).
  rows 16..31  red over columns 16..31 with z rising 1/64 per pixel (0.25 at x = 16),
               SLOPESCALEDEPTHBIAS 7.5: z' = 0.3671875 + (x - 16) / 64 < 0.5 for x <= 24.
fill_modes.yaml  FILLMODE and SHADEMODE (pre-transformed vertices on pixel centres):
  green   WIREFRAME rectangle (2, 2)..(13, 13) as two triangles: its five edges (the
          diagonal twice) drawn with the line rule (half-open along the major axis).
  blue    POINT rectangle (18, 2)..(29, 13): its four corner pixels.
  red     a counter-clockwise WIREFRAME triangle under CULL_CCW: culled, nothing drawn.
  rows 16..31, columns 16..31: PHONG shading, drawn as Gouraud: red = 4 (x - 16).
points.yaml  point size (squares of size s centred on the vertex, D3D9 integer centres):
  green  fixed function, POINTSCALEENABLE with A = B = 0, C = 1, POINTSIZE 0.5, the point
         at eye distance 2 on the screen centre: 32 * 0.5 * sqrt(1 / 4) = 8 px, 12..19.
  red    vs_2_0 writing oPts = 5 at (8, 8): pixels 6..10.
  blue   pre-transformed with PSIZE 40 under POINTSIZE_MAX 4 at (24, 6): 22..25 x 4..7.
  sprite POINTSPRITEENABLE, POINTSIZE 8 at (8, 24), ps_2_0 colour = t0 / 2: texture
         coordinates (0, 0) at the top-left corner (4, 20) to (1, 1) at the bottom-right.
range_fog.yaml  fixed-function vertex fog, LINEAR from 0 to 2 towards blue, white quads:
  all    a full-screen quad at eye z 0.5 without RANGEFOGENABLE: f = 0.75, (191, 191, 255).
  8..23  a square with corners (+-0.5, +-0.5, 0.5) under RANGEFOGENABLE: every corner is
         sqrt(0.75) from the eye, f = (2 - 0.866) / 2 = 0.567, (145, 145, 255).
  rows 28..31  FOGVERTEXMODE and FOGTABLEMODE NONE: the fog factor is the specular alpha
         0x40, (64, 64, 255).
set_lod.yaml  IDirect3DBaseTexture9::SetLOD on a 4x4 texture with levels red, green (2x2)
  and blue (1x1), point filters and point mip filter, magnified (LOD < 0: level 0):
  top left   LOD 0: red.   top right  after set_lod 1: green (level 1 is the largest).
  bottom     set_lod 5, past the chain: the smallest level, blue.
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
    t.states(lighting="false", z_enable="false", cull_mode="none")
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


def band(color, y0, y1, x0=-1.0, x1=1.0, z=0.5):
    return quad(lambda x, y, i: xyz_vertex(x, y, z, color), x0, y0, x1, y1)


def clip_planes():
    t = Trace("geom_clip_planes", __doc__.split("\n")[16:22])
    t.decl(2, XYZ_DECL)
    t.buffer(4, band(0xFF00FF00, 1.0, 0.375, -2.0, 2.0) + band(0xFFFF0000, 0.375, -0.3125) +
             band(0xFF0000FF, -0.3125, -1.0, z=1.5))
    t.shader(10, "vertex", "vs_2_0\ndcl_position v0\ndcl_color v1\nmov oPos, v0\nmov oD0, v1\n")
    t.cmd("set_viewport", x=0, y=0, width=32, height=32, min_z=0, max_z=1)
    t.states(lighting="false", z_enable="true", z_func="less_equal", cull_mode="none", clip_plane_enable="0x1")
    t.cmd("set_vertex_declaration", id=2)
    t.cmd("set_stream_source", stream=0, buffer=4, offset=0, stride=XYZ_STRIDE)
    t.cmd("clear", flags="[target, zbuffer]", color="0xFF808080", depth=1, stencil=0)
    t.cmd("set_transform", kind="view",
          matrix="[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5, 0, 0, 1]")
    t.cmd("set_clip_plane", index=0, plane="[1, 0, 0, 0.015625]")
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=0, primitive_count=2)
    t.cmd("set_vertex_shader", id=10)
    t.cmd("set_clip_plane", index=0, plane="[-1, 0, 0, 0.515625]")
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=6, primitive_count=2)
    t.states(clipping="false")
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=12, primitive_count=2)
    t.cmd("present")
    t.write(HERE / "clip_planes.yaml")


def depth_bias():
    t = Trace("geom_depth_bias", __doc__.split("\n")[22:28])
    t.decl(1, RHW_DECL)
    flat = lambda color, z: lambda x, y, i: rhw_vertex(x, y, z, 1.0, color)
    t.buffer(3, quad(flat(0xFF00FF00, 0.5), 0, 0, 32, 32) +
             quad(flat(0xFFFF0000, 0.4), 0, 0, 16, 16) +
             quad(flat(0xFFFF0000, 0.4), 16, 0, 32, 16) +
             quad(lambda x, y, i: rhw_vertex(x, y, 0.25 if x == 16 else 0.5, 1.0, 0xFFFF0000),
                  16, 16, 32, 32))
    t.cmd("set_viewport", x=0, y=0, width=32, height=32, min_z=0, max_z=1)
    t.states(z_enable="true", z_func="less", cull_mode="none")
    t.cmd("set_vertex_declaration", id=1)
    t.cmd("set_stream_source", stream=0, buffer=3, offset=0, stride=RHW_STRIDE)
    t.cmd("clear", flags="[target, zbuffer]", color="0xFF808080", depth=1, stencil=0)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=0, primitive_count=2)
    t.states(depth_bias=0.2)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=6, primitive_count=2)
    t.states(depth_bias=0.05)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=12, primitive_count=2)
    t.states(depth_bias=0, slope_scale_depth_bias=7.5)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=18, primitive_count=2)
    t.cmd("present")
    t.write(HERE / "depth_bias.yaml")


def fill_modes():
    t = Trace("geom_fill_modes", __doc__.split("\n")[28:34])
    t.decl(1, RHW_DECL)
    flat = lambda color: lambda x, y, i: rhw_vertex(x, y, 0.5, 1.0, color)
    rows = quad(flat(0xFF00FF00), 2, 2, 13, 13) + quad(flat(0xFF0000FF), 18, 2, 29, 13)
    rows += [rhw_vertex(2, 18, 0.5, 1.0, 0xFFFF0000), rhw_vertex(2, 29, 0.5, 1.0, 0xFFFF0000),
             rhw_vertex(13, 18, 0.5, 1.0, 0xFFFF0000)]
    rows += quad(lambda x, y, i: rhw_vertex(x, y, 0.5, 1.0, 0xFF000000 if x == 16 else 0xFF400000),
                 16, 16, 32, 32)
    t.buffer(3, rows)
    t.cmd("set_viewport", x=0, y=0, width=32, height=32, min_z=0, max_z=1)
    t.states(z_enable="false", cull_mode="none", fill_mode="wireframe")
    t.cmd("set_vertex_declaration", id=1)
    t.cmd("set_stream_source", stream=0, buffer=3, offset=0, stride=RHW_STRIDE)
    t.cmd("clear", flags="[target]", color="0xFF808080", depth=1, stencil=0)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=0, primitive_count=2)
    t.states(fill_mode="point")
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=6, primitive_count=2)
    t.states(fill_mode="wireframe", cull_mode="ccw")
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=12, primitive_count=1)
    t.states(fill_mode="solid", cull_mode="none", shade_mode="phong")
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=15, primitive_count=2)
    t.cmd("present")
    t.write(HERE / "fill_modes.yaml")


def points():
    t = Trace("geom_points", __doc__.split("\n")[34:41])
    t.decl(1, RHW_DECL)
    t.decl(2, XYZ_DECL)
    t.decl(5, [("positiont", 0, "float4", 0), ("color", 0, "d3dcolor", 16),
               ("psize", 0, "float1", 20)])
    t.buffer(3, [rhw_vertex(8, 24, 0.5, 1.0)])
    t.buffer(4, [xyz_vertex(0, 0, 0, 0xFF00FF00), xyz_vertex(-0.5, 0.5, 0.5, 0xFFFF0000)])
    t.buffer(6, [[("f32", [24, 6, 0.5, 1]), ("u32", [0xFF0000FF]), ("f32", [40])]])
    t.shader(10, "vertex", "vs_2_0\ndef c0, 5, 0, 0, 0\ndcl_position v0\ndcl_color v1\n"
             "mov oPos, v0\nmov oD0, v1\nmov oPts.x, c0.x\n")
    t.shader(11, "pixel", "ps_2_0\ndef c0, 0.5, 0, 0, 1\ndcl t0.xy\nmul r0.xy, t0, c0.x\n"
             "mov r0.zw, c0.yyyw\nmov oC0, r0\n")
    t.cmd("set_viewport", x=0, y=0, width=32, height=32, min_z=0, max_z=1)
    t.states(lighting="false", z_enable="false", cull_mode="none")
    t.cmd("clear", flags="[target]", color="0xFF808080", depth=1, stencil=0)
    t.cmd("set_transform", kind="view",
          matrix="[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 2, 1]")
    t.cmd("set_transform", kind="projection",
          matrix="[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0.25, 0, 0, 0, 0, 1]")
    t.states(point_scale_enable="true", point_size=0.5, point_scale_a=0, point_scale_b=0,
             point_scale_c=1)
    t.cmd("set_vertex_declaration", id=2)
    t.cmd("set_stream_source", stream=0, buffer=4, offset=0, stride=XYZ_STRIDE)
    t.cmd("draw_primitive", topology="point_list", start_vertex=0, primitive_count=1)
    t.states(point_scale_enable="false")
    t.cmd("set_vertex_shader", id=10)
    t.cmd("draw_primitive", topology="point_list", start_vertex=1, primitive_count=1)
    t.cmd("set_vertex_shader", id=0)
    t.states(point_size_max=4)
    t.cmd("set_vertex_declaration", id=5)
    t.cmd("set_stream_source", stream=0, buffer=6, offset=0, stride=24)
    t.cmd("draw_primitive", topology="point_list", start_vertex=0, primitive_count=1)
    t.states(point_size_max=64, point_size=8, point_sprite_enable="true")
    t.cmd("set_pixel_shader", id=11)
    t.cmd("set_vertex_declaration", id=1)
    t.cmd("set_stream_source", stream=0, buffer=3, offset=0, stride=RHW_STRIDE)
    t.cmd("draw_primitive", topology="point_list", start_vertex=0, primitive_count=1)
    t.cmd("present")
    t.write(HERE / "points.yaml")


def range_fog():
    t = Trace("geom_range_fog", __doc__.split("\n")[41:47])
    t.decl(7, [("position", 0, "float3", 0), ("color", 0, "d3dcolor", 12),
               ("color", 1, "d3dcolor", 16)])
    vert = lambda z, spec: lambda x, y, i: [("f32", [x, y, z]), ("u32", [0xFFFFFFFF, spec])]
    t.buffer(8, quad(vert(0.5, 0), -1, 1, 1, -1) + quad(vert(0.5, 0), -0.5, 0.5, 0.5, -0.5) +
             quad(vert(0.5, 0x40000000), -1, -0.75, 1, -1))
    t.cmd("set_viewport", x=0, y=0, width=32, height=32, min_z=0, max_z=1)
    t.states(lighting="false", z_enable="false", cull_mode="none", fog_enable="true", fog_vertex_mode="linear",
             fog_start=0, fog_end=2, fog_color="0xFF0000FF")
    t.cmd("set_vertex_declaration", id=7)
    t.cmd("set_stream_source", stream=0, buffer=8, offset=0, stride=20)
    t.cmd("clear", flags="[target]", color="0xFF808080", depth=1, stencil=0)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=0, primitive_count=2)
    t.states(range_fog_enable="true")
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=6, primitive_count=2)
    t.states(range_fog_enable="false", fog_vertex_mode="none")
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=12, primitive_count=2)
    t.cmd("present")
    t.write(HERE / "range_fog.yaml")


def set_lod():
    t = Trace("geom_set_lod", __doc__.split("\n")[47:51])
    t.decl(9, [("position", 0, "float3", 0), ("color", 0, "d3dcolor", 12),
               ("texcoord", 0, "float2", 16)])
    vert = lambda x, y, i: [("f32", [x, y, 0.5]), ("u32", [0xFFFFFFFF]),
                            ("f32", [(x + 1) / 2, (1 - y) / 2])]
    t.buffer(8, quad(vert, -1, 1, 0, 0) + quad(vert, 0, 1, 1, 0) + quad(vert, -1, 0, 1, -1))
    levels = [(4, 0xFFFF0000), (2, 0xFF00FF00), (1, 0xFF0000FF)]
    t.raw("- create_texture:\n    id: 20\n    format: a8r8g8b8\n    width: 4\n    height: 4\n"
          "    levels:\n" + "\n".join(
              f"      - {{u32: [{', '.join([hex(c)] * (n * n))}]}}" for n, c in levels))
    t.cmd("set_viewport", x=0, y=0, width=32, height=32, min_z=0, max_z=1)
    t.states(lighting="false", z_enable="false", cull_mode="none")
    t.cmd("set_vertex_declaration", id=9)
    t.cmd("set_stream_source", stream=0, buffer=8, offset=0, stride=24)
    t.cmd("set_texture", stage=0, id=20)
    t.cmd("set_sampler_state", stage=0, min_filter="point", mag_filter="point", mip_filter="point")
    t.cmd("clear", flags="[target]", color="0xFF808080", depth=1, stencil=0)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=0, primitive_count=2)
    t.cmd("set_lod", id=20, lod=1)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=6, primitive_count=2)
    t.cmd("set_lod", id=20, lod=5)
    t.cmd("draw_primitive", topology="triangle_list", start_vertex=12, primitive_count=2)
    t.cmd("present")
    t.write(HERE / "set_lod.yaml")


if __name__ == "__main__":
    set_lod()
    range_fog()
    points()
    fill_modes()
    depth_bias()
    clip_planes()
    xyzrhw()
    xyzrhw_ps()
