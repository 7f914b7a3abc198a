"""Writes the traces of this folder (run it here: python3 make_mrt.py).

mrt_rtt.yaml  render to texture with two targets, then sample both textures.
  Pass 1 binds textures 20 and 21 (16x16) as render targets 0 and 1, clears them to
  0xFF204060 and draws the left half (texels x < 8) with a ps_2_0 shader writing
  oC0 = (1, 0.5, 0, 1) and oC1 = (0, 0.25, 1, 1). Pass 2 restores the back buffer and
  draws the screen's left half sampling texture 20 and its right half sampling 21, one
  texel per pixel (point filter; u is shifted by half a texel because D3D9 pixel centres
  lie on integer coordinates, so u * 16 = x + 0.5 never sits on a texel edge).
odepth.yaml   oDepth decides a depth-tested overlap. A: full screen red at z 0.5.
  B: full screen green at z 0.9 whose ps_2_0 writes oDepth = u = x / 32, so only
  x <= 15 passes LESS. C: full screen blue at z 0.4: fails where B wrote depth < 0.4
  (x <= 12), passes elsewhere.
shader_fog.yaml  the fog unit behind programmable shaders (FOGENABLE, fog colour blue).
  Left half: vs_2_0 writing oFog = 0.75 and a white ps_2_0, fogged after the pixel shader:
  0.75 * white + 0.25 * blue = (191, 191, 255). Right half: vs_3_0 / ps_3_0, which do
  their own fog (D3D9), so the white stays white.
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent

VS = "vs_2_0\\ndcl_position v0\\ndcl_texcoord0 v1\\nmov oPos, v0\\nmov oT0, v1\\n"
DECL = """  - create_vertex_declaration:
      id: 1
      elements:
        - {stream: 0, offset: 0, type: float3, usage: position, usage_index: 0}
        - {stream: 0, offset: 12, type: float2, usage: texcoord, usage_index: 0}
"""


def quad(x0, x1, z, u0=0.0, u1=1.0):
    """Two triangles covering clip x0..x1 (full height), texcoord u0..u1 / v 0..1."""
    v = [(x0, 1, u0, 0), (x1, 1, u1, 0), (x0, -1, u0, 1),
         (x0, -1, u0, 1), (x1, 1, u1, 0), (x1, -1, u1, 1)]
    return [f"        - f32: [{x}, {y}, {z}, {u}, {t}]\n" for x, y, u, t in v]


def vertex_buffer(quads):
    lines = ["  - create_vertex_buffer:\n", "      id: 2\n", "      bytes:\n"]
    for q in quads:
        lines += q
    return "".join(lines)


def shader(sid, stage, text):
    return (f"  - create_shader:\n      id: {sid}\n      stage: {stage}\n      format: d3d9_asm\n"
            f"      data: {{text: \"{text}\"}}\n")


def texture(tid, size):
    words = ", ".join(["0"] * (size * size))
    return (f"  - create_texture:\n      id: {tid}\n      format: a8r8g8b8\n      width: {size}\n"
            f"      height: {size}\n      levels:\n        - {{u32: [{words}]}}\n")


def header(name, comment):
    return "".join(f"# {line}\n" for line in comment) + (
        f"gfxsim_trace: 1\nname: \"{name}\"\nwidth: 32\nheight: 32\ncommands:\n")


def mrt_rtt():
    out = header("mrt_rtt", ["Render to two textures at once (MRT), then sample both: make_mrt.py."])
    out += DECL + vertex_buffer([quad(-1, 0, 0.5, 1 / 32, 1 + 1 / 32),
                                 quad(0, 1, 0.5, 1 / 32, 1 + 1 / 32)])
    out += texture(20, 16) + texture(21, 16)
    out += shader(10, "vertex", VS)
    out += shader(11, "pixel", "ps_2_0\\ndef c0, 1, 0.5, 0, 1\\ndef c1, 0, 0.25, 1, 1\\n"
                  "mov oC0, c0\\nmov oC1, c1\\n")
    out += shader(12, "pixel", "ps_2_0\\ndcl t0.xy\\ndcl_2d s0\\ntexld r0, t0, s0\\nmov oC0, r0\\n")
    out += """  - set_render_states: {z_enable: false, cull_mode: none}
  - set_vertex_declaration: {id: 1}
  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 20}
  - set_vertex_shader: {id: 10}
  - clear: {flags: [target], color: 0xFF808080, depth: 1, stencil: 0}
  - set_render_target: {index: 0, id: 20}
  - set_render_target: {index: 1, id: 21}
  - clear: {flags: [target], color: 0xFF204060, depth: 1, stencil: 0}
  - set_pixel_shader: {id: 11}
  - draw_primitive: {topology: triangle_list, start_vertex: 0, primitive_count: 2}
  - set_render_target: {index: 0, id: 0}
  - set_render_target: {index: 1, id: 0}
  - set_pixel_shader: {id: 12}
  - set_texture: {stage: 0, id: 20}
  - draw_primitive: {topology: triangle_list, start_vertex: 0, primitive_count: 2}
  - set_texture: {stage: 0, id: 21}
  - draw_primitive: {topology: triangle_list, start_vertex: 6, primitive_count: 2}
  - present: {}
"""
    return out


def odepth():
    out = header("odepth", ["oDepth replaces the interpolated depth: make_mrt.py."])
    out += DECL + vertex_buffer([quad(-1, 1, 0.5), quad(-1, 1, 0.9), quad(-1, 1, 0.4)])
    out += shader(10, "vertex", VS)
    out += shader(11, "pixel", "ps_2_0\\ndef c0, 1, 0, 0, 1\\nmov oC0, c0\\n")
    out += shader(12, "pixel", "ps_2_0\\ndef c0, 0, 1, 0, 1\\ndcl t0.xy\\nmov oC0, c0\\n"
                  "mov oDepth, t0.x\\n")
    out += shader(13, "pixel", "ps_2_0\\ndef c0, 0, 0, 1, 1\\nmov oC0, c0\\n")
    out += """  - set_render_states: {z_enable: true, z_func: less, z_write: true, cull_mode: none}
  - set_vertex_declaration: {id: 1}
  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 20}
  - set_vertex_shader: {id: 10}
  - clear: {flags: [target, zbuffer], color: 0xFF808080, depth: 1, stencil: 0}
  - set_pixel_shader: {id: 11}
  - draw_primitive: {topology: triangle_list, start_vertex: 0, primitive_count: 2}
  - set_pixel_shader: {id: 12}
  - draw_primitive: {topology: triangle_list, start_vertex: 6, primitive_count: 2}
  - set_pixel_shader: {id: 13}
  - draw_primitive: {topology: triangle_list, start_vertex: 12, primitive_count: 2}
  - present: {}
"""
    return out


def shader_fog():
    out = header("shader_fog", ["The fog unit behind shaders below ps_3_0: make_mrt.py."])
    out += DECL + vertex_buffer([quad(-1, 0, 0.5), quad(0, 1, 0.5)])
    out += shader(10, "vertex", "vs_2_0\\ndef c0, 0.75, 0, 0, 0\\ndcl_position v0\\nmov oPos, v0\\n"
                  "mov oFog, c0.x\\n")
    out += shader(11, "pixel", "ps_2_0\\ndef c0, 1, 1, 1, 1\\nmov oC0, c0\\n")
    out += shader(12, "vertex", "vs_3_0\\ndcl_position v0\\ndcl_position o0\\nmov o0, v0\\n")
    out += shader(13, "pixel", "ps_3_0\\ndef c0, 1, 1, 1, 1\\nmov oC0, c0\\n")
    out += """  - set_render_states:
      {z_enable: false, cull_mode: none, fog_enable: true, fog_color: 0xFF0000FF}
  - set_vertex_declaration: {id: 1}
  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 20}
  - clear: {flags: [target], color: 0xFF808080, depth: 1, stencil: 0}
  - set_vertex_shader: {id: 10}
  - set_pixel_shader: {id: 11}
  - draw_primitive: {topology: triangle_list, start_vertex: 0, primitive_count: 2}
  - set_vertex_shader: {id: 12}
  - set_pixel_shader: {id: 13}
  - draw_primitive: {topology: triangle_list, start_vertex: 6, primitive_count: 2}
  - present: {}
"""
    return out


if __name__ == "__main__":
    (HERE / "mrt_rtt.yaml").write_text(mrt_rtt())
    (HERE / "odepth.yaml").write_text(odepth())
    (HERE / "shader_fog.yaml").write_text(shader_fog())
