"""Writes the copy_rect traces of this folder (run it here: python3 make_copy.py). Both are
32x32 D3D9 traces without MSAA.

copy_chain.yaml  frame 0: a blue clear, a red quad over pixels x 0..15, y 0..15 and a green
  one over x 16..31, y 8..23; then `copy_rect` stretches the back buffer's (8, 4)-(24, 20)
  into the whole of texture 20 (32x32 a8r8g8b8) with point filtering, each pixel becoming
  2x2 texels. Frame 1: a full-screen quad sampling texture 20 at its texel centres, so
  pixel (x, y) is frame 0's (8 + x // 2, 4 + y // 2). Frame 2: `copy_rect` shrinks
  texture 20 into texture 21 (16x16 x8r8g8b8) with linear filtering (every 2x2 block it
  averages is one colour, so the texels are exact), then a quad over pixels 0..15 x 0..15
  samples texture 21: pixel (x, y) is frame 0's (8 + x, 4 + y), the rest black.
copy_resample.yaml  frame 0 samples texture 20 (cyan) over the whole screen and draws
  red over the left half, then copy_rect puts the back buffer into texture 20; frame 1
  samples it again over the whole screen: it repeats frame 0, and the texture cache fetches them afresh (the copy's texture is a new
  object at a new address), as many misses as in frame 0.
copy_only.yaml  clear white, then copy_rect the whole back buffer into texture 20's
  rectangle (2, 2)-(10, 10) (point, 4:1), present: the copy's traffic alone (64 back-buffer
  lines read; 9 texture tiles written, 8 of them in part, so fetched first).
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent

VS = "vs_2_0\\ndcl_position v0\\ndcl_texcoord v1\\nmov oPos, v0\\nmov oT0, v1\\n"
PS_C0 = "ps_2_0\\nmov oC0, c0\\n"
PS_TEX = "ps_2_0\\ndcl t0.xy\\ndcl_2d s0\\ntexld r0, t0, s0\\nmov oC0, r0\\n"
H = 1 / 32  # D3D9's half-pixel offset in clip units of a 32-pixel side


def header(name):
    return (f"# {name}: make_copy.py\ngfxsim_trace: 1\nname: \"{name}\"\nwidth: 32\n"
            "height: 32\ndepth_format: d24s8\ncommands:\n")


def quad(x0, x1, y0, y1, z):
    """Two clockwise triangles over clip x0..x1, y0..y1 (y0 the top), (u, v) 0..1."""
    a, b = (x0, y0, 0.0, 0.0), (x1, y0, 1.0, 0.0)
    c, d = (x0, y1, 0.0, 1.0), (x1, y1, 1.0, 1.0)
    return [f"        - f32: [{x}, {y}, {z}, {u}, {v}]\n" for x, y, u, v in (a, b, c, c, b, d)]


def shader(sid, stage, text):
    return (f"  - create_shader:\n      id: {sid}\n      stage: {stage}\n      format: d3d9_asm\n"
            f"      data: {{text: \"{text}\"}}\n")


def texture(tid, fmt, side):
    words = ", ".join(["0xFF00FFFF"] * side * side)  # cyan: overwritten by the copies
    return (f"  - create_texture:\n      id: {tid}\n      format: {fmt}\n      width: {side}\n"
            f"      height: {side}\n      levels:\n        - {{u32: [{words}]}}\n")


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
    out += texture(20, "a8r8g8b8", 32) + texture(21, "x8r8g8b8", 16)
    out += """  - set_vertex_declaration: {id: 1}
  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 20}
  - set_vertex_shader: {id: 10}
  - set_pixel_shader: {id: 11}
  - set_render_states: {z_enable: false, cull_mode: none}
"""
    return out


def color(r, g, b):
    return ("  - set_shader_constants: {stage: pixel, start_register: 0, "
            f"values: [{r}, {g}, {b}, 1]}}\n")


def draw(i):
    return ("  - draw_primitive: {topology: triangle_list, "
            f"start_vertex: {6 * i}, primitive_count: 2}}\n")


CLEAR_BLACK = "  - clear: {flags: [target, zbuffer], color: 0xFF000000, depth: 1, stencil: 0}\n"


def copy_chain():
    # Quads on half-pixel edges, so each covers whole pixels: red x 0..15, y 0..15; green
    # x 16..31, y 8..23; the full screen; the top-left 16x16 pixels.
    out = header("copy_chain") + common([
        quad(-1 - H, 0 - H, 1 + H, 0 + H, 0.5), quad(0 - H, 1 - H, 0.5 + H, -0.5 + H, 0.5),
        quad(-1 - H, 1 - H, 1 + H, -1 + H, 0.5), quad(-1 - H, 0 - H, 1 + H, 0 + H, 0.5)])
    out += "  - clear: {flags: [target, zbuffer], color: 0xFF0000FF, depth: 1, stencil: 0}\n"
    out += color(1, 0, 0) + draw(0) + color(0, 1, 0) + draw(1)
    out += ("  - copy_rect: {dest: 20, src_left: 8, src_top: 4, src_right: 24, src_bottom: 20}\n"
            "  - present: {}\n")
    out += CLEAR_BLACK + "  - set_pixel_shader: {id: 12}\n  - set_texture: {stage: 0, id: 20}\n"
    out += draw(2) + "  - present: {}\n"
    out += "  - copy_rect: {source: 20, dest: 21, filter: linear}\n"
    out += CLEAR_BLACK + "  - set_texture: {stage: 0, id: 21}\n" + draw(3)
    return out + "  - present: {}\n"


def copy_only():
    out = header("copy_only") + common([quad(-1, 1, 1, -1, 0.5)])
    out += "  - clear: {flags: [target, zbuffer], color: 0xFFFFFFFF, depth: 1, stencil: 0}\n"
    out += "  - copy_rect: {dest: 20, dst_left: 2, dst_top: 2, dst_right: 10, dst_bottom: 10}\n"
    return out + "  - present: {}\n"


def copy_resample():
    out = header("copy_resample") + common([quad(-1 - H, 1 - H, 1 + H, -1 + H, 0.5),
                                            quad(-1 - H, 0 - H, 1 + H, -1 + H, 0.5)])
    out += "  - set_pixel_shader: {id: 12}\n  - set_texture: {stage: 0, id: 20}\n"
    out += CLEAR_BLACK + draw(0) + "  - set_pixel_shader: {id: 11}\n" + color(1, 0, 0) + draw(1)
    out += "  - copy_rect: {dest: 20}\n  - present: {}\n"
    out += CLEAR_BLACK + "  - set_pixel_shader: {id: 12}\n" + draw(0)
    return out + "  - present: {}\n"


def main():
    for name, text in {"copy_chain": copy_chain(), "copy_only": copy_only(),
                       "copy_resample": copy_resample()}.items():
        (HERE / f"{name}.yaml").write_text(text)


if __name__ == "__main__":
    main()
