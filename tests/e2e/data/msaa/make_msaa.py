"""Writes the MSAA traces of this folder (run it here: python3 make_msaa.py). All are
32x32 D3D9 traces (integer pixel centres: a vertex at clip x maps to screen
16 * (x + 1) + 0.5 in D3D10's terms, where pixel i spans [i, i + 1]).

edge_4x.yaml  header sample_count 4. Clear black, depth 1. A red quad from clip x -2 to
  -0.5 (screen 0.5 - 24 .. 8.5) at z 0.3, then a full-screen green quad at z 0.5 under
  LESS. Column 8's samples lie at 8.5 + (-2, 6, -6, 2) / 16: samples 0 and 2 are left
  of the red quad's right edge (red, and their depth 0.3 keeps green out), samples 1
  and 3 right of it (green). Resolve: (2 * 255 + 2) / 8 = 0x80 red and green.
  Columns 0..7 red, 9..31 green.
edge_1x.yaml  the same with sample_count 1: column 8's centre lies on the red quad's right
  edge, which the top-left rule leaves out, so it is green.
fill_1x.yaml / fill_4x.yaml  clear colour and depth, then one full-screen quad with the
  depth test and write on, at 1 and 4 samples: the Z and colour traffic of the pass.
sample_mask_4x.yaml  D3D10 draws (half-integer centres: quads on pixel edges cover every
  sample) at 4x with a rasterizer state whose multisample_enable is 1 (it only picks the
  line algorithm). Clear black; a full-screen red quad under sample_mask 0x5 (samples 0
  and 2), then a left-half green quad under 0xA (samples 1 and 3): left (0x80, 0x80, 0),
  right (0x80, 0, 0).
sample_mask_1x.yaml  the same draws without MSAA: bit 0 alone gates a pixel ("a sample
  mask is always applied"), so the red quad under 0x5 fills the screen and the green one
  under 0xA writes nothing: red everywhere.
d3d9_states_4x.yaml  D3D9's multisample render states at 4x. Clear black, depth 1. With
  multisample_antialias false the red quad of edge_4x (z 0.3) is covered at pixel
  centres: columns 0..7 take all four samples (row 0 too: its centres lie on the top
  edge), column 8 none. Then, antialiasing on with multisample_mask 0x3, the full-screen
  green quad (z 0.5, LESS) writes samples 0 and 1 only where red is not: columns 8..31
  (0, 0x80, 0), except row 0, whose samples 0 and 1 lie above the quad: black.
per_sample_4x.yaml  D3D10 per-sample shading at 4x: an SM4 pixel shader reading
  SV_SampleIndex and an input declared linear noperspective sample writes red = 64 *
  sample index and green = the input, 8 x / 255 of the screen x (so 8 x in 8-bit units,
  an integer at every 1/16-px sample position). One triangle, (8.5, -40), (8.5, 72),
  (-60, 16) in screen pixels, covers columns 0..7 and, through its right edge at 8.5,
  samples 0 and 2 of column 8 (x offsets -2 and -6 /16). Clear black, no depth test.
  Columns 0..7 resolve to red (0 + 64 + 128 + 192) / 4 = 96 and green 8 x + 4 (the
  offsets sum to 0); column 8 to red 128 / 4 = 32 and green (67 + 65) / 4 = 33.
per_sample_1x.yaml  the same without MSAA: the shader runs once per pixel with sample
  index 0 and the input at the centre: red 0, green 8 x + 4 on columns 0..7; column 8's
  centre lies on the right edge and stays black.
per_sample_depth_4x.yaml  per-sample shading behind the depth test: per_sample_4x's
  triangle at z 0.25 under LESS, then a full-screen triangle at z 0.5 with the same
  shader. The second draw's samples behind the first (its 1,088) fail; the other
  32 x 32 x 4 - 1,088 = 3,008 are shaded, each once. With early Z on, those 1,088 are
  culled before shading and the frame is the same.
quad_lines_4x.yaml  D3D10 quadrilateral lines (rasterizer state multisample_enable 1): 1.4 px
  rectangles centred on the segment, covered per sample. Clear black, two red lines from
  x 2 to 10 (screen pixels): at y 4.5 ([3.8, 5.2]) row 4 takes all samples, row 3 sample
  3 (y offset 6/16) and row 5 sample 0 (-6/16): 255 and 255 / 4 -> 64; at y 12 ([11.3,
  12.7]) rows 11 and 12 take three samples each: 765 / 4 -> 191. Columns 2..9.
quad_lines_1x.yaml  the same at 1x: the centres of row 4, and of rows 11 and 12 (an aliased
  1-pixel line at y 12 would light row 11 alone).
a2c_4x.yaml  D3D10 alpha to coverage at 4x (blend state alpha_to_coverage_enable 1):
  clear black, a red quad with alpha 0.25 on the left half (a8 64 keeps round(64 * 4 /
  255) = 1 sample: 255 / 4 -> 64) and alpha 0.75 on the right (a8 191 keeps 3: 191.25 ->
  191).
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent

VS = "vs_2_0\\ndcl_position v0\\nmov oPos, v0\\n"
PS_C0 = "ps_2_0\\nmov oC0, c0\\n"


def header(name, samples):
    tail = f"depth_format: d24s8\nsample_count: {samples}\n" if samples else ""
    return (f"# {name}: make_msaa.py\ngfxsim_trace: 1\nname: \"{name}\"\nwidth: 32\n"
            f"height: 32\n{tail}commands:\n")


def quad(x0, x1, y0, y1, z):
    """Two clockwise triangles over clip x0..x1, y0..y1 (y0 the top)."""
    a, b, c, d = (x0, y0), (x1, y0), (x0, y1), (x1, y1)
    return [f"        - f32: [{x}, {y}, {z}]\n" for x, y in (a, b, c, c, b, d)]


def common(quads):
    out = """  - create_vertex_declaration:
      id: 1
      elements:
        - {stream: 0, offset: 0, type: float3, usage: position, usage_index: 0}
  - create_vertex_buffer:
      id: 2
      bytes:
"""
    for q in quads:
        out += "".join(q)
    out += f"""  - create_shader:
      id: 10
      stage: vertex
      format: d3d9_asm
      data: {{text: "{VS}"}}
  - create_shader:
      id: 11
      stage: pixel
      format: d3d9_asm
      data: {{text: "{PS_C0}"}}
  - set_vertex_declaration: {{id: 1}}
  - set_stream_source: {{stream: 0, buffer: 2, offset: 0, stride: 12}}
  - set_vertex_shader: {{id: 10}}
  - set_pixel_shader: {{id: 11}}
  - set_render_states: {{z_enable: true, z_func: less, z_write: true, cull_mode: none}}
  - clear: {{flags: [target, zbuffer], color: 0xFF000000, depth: 1, stencil: 0}}
"""
    return out


def color(r, g, b, a=1):
    return ("  - set_shader_constants: {stage: pixel, start_register: 0, "
            f"values: [{r}, {g}, {b}, {a}]}}\n")


def draw(i):
    return ("  - draw_primitive: {topology: triangle_list, "
            f"start_vertex: {6 * i}, primitive_count: 2}}\n")


def edge(name, samples):
    out = header(name, samples) + common([quad(-2, -0.5, 1, -1, 0.3), quad(-1, 1, 1, -1, 0.5)])
    out += color(1, 0, 0) + draw(0) + color(0, 1, 0) + draw(1)
    return out + "  - present: {}\n"


def fill(name, samples):
    out = header(name, samples) + common([quad(-1, 1, 1, -1, 0.5)])
    out += color(0, 0, 1) + draw(0)
    return out + "  - present: {}\n"


def sample_mask(name, samples):
    out = header(name, samples) + common(
        [quad(-1, 1, 1, -1, 0.5), quad(-1, 0, 1, -1, 0.5)])
    out += ("  - create_rasterizer_state: {id: 1, cull_mode: none, multisample_enable: 1}\n"
            "  - set_rasterizer_state: {id: 1}\n"
            "  - create_depth_stencil_state: {id: 1, depth_enable: 0}\n"
            "  - set_depth_stencil_state: {id: 1}\n"
            "  - create_blend_state: {id: 1}\n")
    out += "  - set_blend_state: {id: 1, sample_mask: 0x5}\n" + color(1, 0, 0) + draw10(0)
    out += "  - set_blend_state: {id: 1, sample_mask: 0xA}\n" + color(0, 1, 0) + draw10(1)
    return out + "  - present: {}\n"


def a2c(name, samples):
    out = header(name, samples) + common([quad(-1, 0, 1, -1, 0.5), quad(0, 1, 1, -1, 0.5)])
    out += ("  - create_depth_stencil_state: {id: 1, depth_enable: 0}\n"
            "  - set_depth_stencil_state: {id: 1}\n"
            "  - create_blend_state: {id: 1, alpha_to_coverage_enable: 1}\n"
            "  - set_blend_state: {id: 1}\n")
    out += color(1, 0, 0, 0.25) + draw10(0) + color(1, 0, 0, 0.75) + draw10(1)
    return out + "  - present: {}\n"


def d3d9_states(name, samples):
    out = header(name, samples) + common([quad(-2, -0.5, 1, -1, 0.3), quad(-1, 1, 1, -1, 0.5)])
    out += "  - set_render_states: {multisample_antialias: false}\n" + color(1, 0, 0) + draw(0)
    out += "  - set_render_states: {multisample_antialias: true, multisample_mask: 0x3}\n"
    out += color(0, 1, 0) + draw(1)
    return out + "  - present: {}\n"


PER_SAMPLE_VS = ("vs_4_0\\ndcl_input v0.xyzw\\ndcl_input v1.xyzw\\n"
                 "dcl_output_siv o0.xyzw, position\\ndcl_output o1.xyzw\\n"
                 "mov o0.xyzw, v0.xyzw\\nmov o1.xyzw, v1.xyzw\\nret\\n")
PER_SAMPLE_PS = ("ps_4_0\\ndcl_input_ps linear noperspective sample v1.x\\n"
                 "dcl_input_ps_sgv constant v2.x, sampleIndex\\ndcl_output o0.xyzw\\n"
                 "dcl_temps 1\\nutof r0.x, v2.x\\nmul o0.x, r0.x, l(0.250980)\\n"
                 "mov o0.y, v1.x\\nmov o0.z, l(0)\\nmov o0.w, l(1.000000)\\nret\\n")


def per_sample(name, samples, depth=False):
    z = 0.25 if depth else 0.5
    out = header(name, samples)
    out += """  - create_vertex_declaration:
      id: 1
      elements:
        - {stream: 0, offset: 0, type: float4, usage: texcoord, usage_index: 0}
        - {stream: 0, offset: 16, type: float4, usage: texcoord, usage_index: 1}
  - create_vertex_buffer:
      id: 2
      bytes:
"""
    for sx, sy in ((8.5, -40), (8.5, 72), (-60, 16)):  # clockwise on screen
        out += f"        - f32: [{sx / 16 - 1}, {1 - sy / 16}, {z}, 1, {8 * sx / 255}, 0, 0, 0]\n"
    if depth:  # a full-screen triangle behind the first; its input is a constant 0.5
        for x, y in ((-3, -3), (-3, 3), (3, 0)):
            out += f"        - f32: [{x}, {y}, 0.5, 1, 0.5, 0, 0, 0]\n"
    depth_state = "depth_enable: 1, depth_func: less" if depth else "depth_enable: 0"
    draws = "  - draw: {topology: triangle_list, vertex_count: 3, start_vertex: 0}\n"
    if depth:
        draws += "  - draw: {topology: triangle_list, vertex_count: 3, start_vertex: 3}\n"
    out += f"""  - create_shader:
      id: 10
      stage: vertex
      format: sm4_asm
      data: {{text: "{PER_SAMPLE_VS}"}}
  - create_shader:
      id: 11
      stage: pixel
      format: sm4_asm
      data: {{text: "{PER_SAMPLE_PS}"}}
  - set_vertex_declaration: {{id: 1}}
  - set_stream_source: {{stream: 0, buffer: 2, offset: 0, stride: 32}}
  - set_vertex_shader: {{id: 10}}
  - set_pixel_shader: {{id: 11}}
  - create_rasterizer_state: {{id: 1, cull_mode: none}}
  - set_rasterizer_state: {{id: 1}}
  - create_depth_stencil_state: {{id: 1, {depth_state}}}
  - set_depth_stencil_state: {{id: 1}}
  - clear: {{flags: [target, zbuffer], color: 0xFF000000, depth: 1, stencil: 0}}
{draws}  - present: {{}}
"""
    return out


LINE_PS = "ps_4_0\\ndcl_output o0.xyzw\\nmov o0.xyzw, l(1.000000, 0, 0, 1.000000)\\nret\\n"


def quad_lines(name, samples):
    out = header(name, samples)
    out += """  - create_vertex_declaration:
      id: 1
      elements:
        - {stream: 0, offset: 0, type: float4, usage: texcoord, usage_index: 0}
        - {stream: 0, offset: 16, type: float4, usage: texcoord, usage_index: 1}
  - create_vertex_buffer:
      id: 2
      bytes:
"""
    for sx, sy in ((2, 4.5), (10, 4.5), (2, 12), (10, 12)):
        out += f"        - f32: [{sx / 16 - 1}, {1 - sy / 16}, 0.5, 1, 0, 0, 0, 0]\n"
    out += f"""  - create_shader:
      id: 10
      stage: vertex
      format: sm4_asm
      data: {{text: "{PER_SAMPLE_VS}"}}
  - create_shader:
      id: 11
      stage: pixel
      format: sm4_asm
      data: {{text: "{LINE_PS}"}}
  - set_vertex_declaration: {{id: 1}}
  - set_stream_source: {{stream: 0, buffer: 2, offset: 0, stride: 32}}
  - set_vertex_shader: {{id: 10}}
  - set_pixel_shader: {{id: 11}}
  - create_rasterizer_state: {{id: 1, cull_mode: none, multisample_enable: 1}}
  - set_rasterizer_state: {{id: 1}}
  - create_depth_stencil_state: {{id: 1, depth_enable: 0}}
  - set_depth_stencil_state: {{id: 1}}
  - clear: {{flags: [target, zbuffer], color: 0xFF000000, depth: 1, stencil: 0}}
  - draw: {{topology: line_list, vertex_count: 4, start_vertex: 0}}
  - present: {{}}
"""
    return out


def draw10(i):
    return f"  - draw: {{topology: triangle_list, vertex_count: 6, start_vertex: {6 * i}}}\n"


def main():
    traces = {"edge_4x": edge("edge_4x", 4), "edge_1x": edge("edge_1x", 0),
              "fill_1x": fill("fill_1x", 0), "fill_4x": fill("fill_4x", 4),
              "sample_mask_4x": sample_mask("sample_mask_4x", 4),
              "sample_mask_1x": sample_mask("sample_mask_1x", 0),
              "a2c_4x": a2c("a2c_4x", 4),
              "per_sample_4x": per_sample("per_sample_4x", 4),
              "per_sample_1x": per_sample("per_sample_1x", 0),
              "per_sample_depth_4x": per_sample("per_sample_depth_4x", 4, depth=True),
              "quad_lines_4x": quad_lines("quad_lines_4x", 4),
              "quad_lines_1x": quad_lines("quad_lines_1x", 0),
              "d3d9_states_4x": d3d9_states("d3d9_states_4x", 4)}
    for name, text in traces.items():
        (HERE / f"{name}.yaml").write_text(text)


if __name__ == "__main__":
    main()
