"""Writes the resolve traces of this folder (run it here: python3 make_resolve.py). Both
are 32x32 D3D9 traces at 4 samples (header sample_count 4).

resolve_4x.yaml  frame 0 is ../msaa/edge_4x.yaml's picture (a red quad whose right edge
  cuts column 8's samples in half, under a full-screen green one at a greater depth),
  then `resolve: {texture: 20}` copies the back buffer's resolved colour into texture 20
  (a8r8g8b8, 32x32). Frame 1: clear black, depth off, one full-screen quad whose
  texture coordinates put every pixel centre on its texel's centre, sampling texture 20
  with the default point filtering: frame 1 repeats frame 0 pixel for pixel (column 8
  (0x80, 0x80, 0)), written to every sample of the multisampled back buffer alike.
resolve_only_4x.yaml  clear white, resolve into texture 20, present: the resolve's
  traffic alone (the back buffer's 32x32x4 samples read, the texture's 32x32 written).
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent

VS = "vs_2_0\\ndcl_position v0\\ndcl_texcoord v1\\nmov oPos, v0\\nmov oT0, v1\\n"
PS_C0 = "ps_2_0\\nmov oC0, c0\\n"
PS_TEX = "ps_2_0\\ndcl t0.xy\\ndcl_2d s0\\ntexld r0, t0, s0\\nmov oC0, r0\\n"
H = 1 / 32  # D3D9's half-pixel offset in clip units of a 32-pixel side


def header(name):
    return (f"# {name}: make_resolve.py\ngfxsim_trace: 1\nname: \"{name}\"\nwidth: 32\n"
            "height: 32\ndepth_format: d24s8\nsample_count: 4\ncommands:\n")


def quad(x0, x1, y0, y1, z, u0=0.0, u1=1.0, v0=0.0, v1=1.0):
    """Two clockwise triangles over clip x0..x1, y0..y1 (y0 the top), with (u, v)."""
    a, b = (x0, y0, u0, v0), (x1, y0, u1, v0)
    c, d = (x0, y1, u0, v1), (x1, y1, u1, v1)
    return [f"        - f32: [{x}, {y}, {z}, {u}, {v}]\n" for x, y, u, v in (a, b, c, c, b, d)]


def shader(sid, stage, text):
    return (f"  - create_shader:\n      id: {sid}\n      stage: {stage}\n      format: d3d9_asm\n"
            f"      data: {{text: \"{text}\"}}\n")


def common(quads):
    out = """  - create_vertex_declaration:
      id: 1
      elements:
        - {stream: 0, offset: 0, type: float3, usage: position, usage_index: 0}
        - {stream: 0, offset: 12, type: float2, usage: texcoord, usage_index: 0}
  - create_vertex_buffer:
      id: 2
      bytes:
"""
    for q in quads:
        out += "".join(q)
    out += shader(10, "vertex", VS) + shader(11, "pixel", PS_C0) + shader(12, "pixel", PS_TEX)
    words = ", ".join(["0xFF0000FF"] * 32 * 32)  # blue: overwritten by the resolve
    out += (f"  - create_texture:\n      id: 20\n      format: a8r8g8b8\n      width: 32\n"
            f"      height: 32\n      levels:\n        - {{u32: [{words}]}}\n")
    out += """  - set_vertex_declaration: {id: 1}
  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 20}
  - set_vertex_shader: {id: 10}
  - set_pixel_shader: {id: 11}
  - set_render_states: {z_enable: true, z_func: less, z_write: true, cull_mode: none}
"""
    return out


def color(r, g, b):
    return ("  - set_shader_constants: {stage: pixel, start_register: 0, "
            f"values: [{r}, {g}, {b}, 1]}}\n")


def draw(i):
    return ("  - draw_primitive: {topology: triangle_list, "
            f"start_vertex: {6 * i}, primitive_count: 2}}\n")


def resolve_4x():
    # Quads 0 and 1 are edge_4x's; quad 2 lies on the pixel edges (shifted by half a
    # pixel) so that pixel centre i + 0.5 samples u = (i + 0.5) / 32, texel i's centre.
    out = header("resolve_4x") + common([quad(-2, -0.5, 1, -1, 0.3), quad(-1, 1, 1, -1, 0.5),
                                         quad(-1 - H, 1 - H, 1 + H, -1 + H, 0.5)])
    out += "  - clear: {flags: [target, zbuffer], color: 0xFF000000, depth: 1, stencil: 0}\n"
    out += color(1, 0, 0) + draw(0) + color(0, 1, 0) + draw(1)
    out += "  - resolve: {texture: 20}\n  - present: {}\n"
    out += "  - clear: {flags: [target, zbuffer], color: 0xFF000000, depth: 1, stencil: 0}\n"
    out += "  - set_render_states: {z_enable: false}\n  - set_pixel_shader: {id: 12}\n"
    out += "  - set_texture: {stage: 0, id: 20}\n" + draw(2)
    return out + "  - present: {}\n"


def resolve_only_4x():
    out = header("resolve_only_4x") + common([quad(-1, 1, 1, -1, 0.5)])
    out += "  - clear: {flags: [target, zbuffer], color: 0xFFFFFFFF, depth: 1, stencil: 0}\n"
    return out + "  - resolve: {texture: 20}\n  - present: {}\n"


def main():
    for name, text in {"resolve_4x": resolve_4x(), "resolve_only_4x": resolve_only_4x()}.items():
        (HERE / f"{name}.yaml").write_text(text)


if __name__ == "__main__":
    main()
