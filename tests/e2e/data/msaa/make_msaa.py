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


def draw10(i):
    return f"  - draw: {{topology: triangle_list, vertex_count: 6, start_vertex: {6 * i}}}\n"


def main():
    traces = {"edge_4x": edge("edge_4x", 4), "edge_1x": edge("edge_1x", 0),
              "fill_1x": fill("fill_1x", 0), "fill_4x": fill("fill_4x", 4),
              "sample_mask_4x": sample_mask("sample_mask_4x", 4),
              "sample_mask_1x": sample_mask("sample_mask_1x", 0),
              "a2c_4x": a2c("a2c_4x", 4),
              "d3d9_states_4x": d3d9_states("d3d9_states_4x", 4)}
    for name, text in traces.items():
        (HERE / f"{name}.yaml").write_text(text)


if __name__ == "__main__":
    main()
