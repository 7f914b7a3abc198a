"""Writes the input-assembler traces of tests/e2e/test_input_assembler.py (run it from
anywhere; it writes beside itself). Each trace is 32 x 32 and says what it draws; the test
holds the expected pixels.

system_values.yaml, on a grey clear:
  1. D3D10 `draw` of 16 points from start vertex 2: vertex j sits on pixel (j, 0); the vertex
     shader colours it red = SV_VertexID / 255, so pixel (j, 0) is (j - 2, 0, 255).
  2. D3D10 `draw_indexed` of 4 points, base vertex 18, indices 3, 2, 1, 0: vertex 18 + i sits
     on pixel (i, 2) and gets red = i (VertexID is the raw index, without the base vertex).
  3. D3D10 `draw_instanced` of a triangle list (2 triangles = the 16 x 16 square x 0..16,
     y 8..24), 2 instances, start instance 1; stream 1 holds per-instance x offsets (0, 0,
     1 NDC = 16 px) read from element start_instance + instance. The pixel shader colours red
     = SV_PrimitiveID * 128 / 255 and green = SV_InstanceID * 255: the upper-right triangle
     of each square is primitive 0, the lower-left one 1, and the second instance (shifted to
     x 16..32) restarts at 0.
  4. D3D9 `draw_indexed_primitive` of 2 points with SetStreamSourceFreq instancing: stream 0
     INDEXEDDATA | 3, stream 1 INSTANCEDATA | 1 with x offsets of 0, 4 and 8 pixels; points
     at D3D9 pixel centres (0, 30) and (1, 30) in blue: pixels (0|1 + 4k, 30), k = 0..2.
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent


def ndc_x(px):
    return px / 16.0 - 1.0


def ndc_y(py):
    return 1.0 - py / 16.0


def f32_rows(rows):
    return "".join(f"        - f32: [{', '.join(repr(float(v)) for v in r)}]\n" for r in rows)


def shader(id_, stage, text):
    text = text.replace("\\n", "\n")  # the asm below is written with escaped newlines
    return (f"  - create_shader:\n      id: {id_}\n      stage: {stage}\n      format: d3d9_asm\n"
            f"      data: {{text: {text!r}}}\n").replace("'", '"')


def system_values():
    # Points: 18 on row 0 (D3D10 centres), then 4 on row 2.
    pts = [(ndc_x(j + 0.5), ndc_y(0.5), 0.5) for j in range(18)]
    pts += [(ndc_x(i + 0.5), ndc_y(2.5), 0.5) for i in range(4)]
    # The square x 0..16, y 8..24 as two clockwise triangles: (0,8) (16,8) (16,24) is the
    # upper-right half, (0,8) (16,24) (0,24) the lower-left.
    sq = [(0, 8), (16, 8), (16, 24), (0, 8), (16, 24), (0, 24)]
    square = [(ndc_x(x), ndc_y(y), 0.5) for x, y in sq]
    d3d9_pts = [(ndc_x(0), ndc_y(30), 0.5), (ndc_x(1), ndc_y(30), 0.5)]
    vs_id = ("vs_3_0\\ndef c0, 0.0039215689, 0, 1, 1\\ndcl_position v0\\ndcl_vertexid v1\\n"
             "dcl_position o0\\ndcl_color0 o1\\nmov o0, v0\\nmul o1.x, v1.x, c0.x\\nmov o1.yzw, c0\\n")
    ps_color = "ps_3_0\\ndcl_color0 v0\\nmov oC0, v0\\n"
    vs_inst = ("vs_3_0\\ndcl_position v0\\ndcl_texcoord1 v1\\ndcl_instanceid v2\\n"
               "dcl_position o0\\ndcl_texcoord0 o1\\nmov o0, v0\\nadd o0.xy, v0.xy, v1.xy\\n"
               "mov o1, v2.x\\n")
    ps_prim = ("ps_3_0\\ndef c0, 0.50196081, 0, 0, 1\\ndcl_texcoord0 v0\\ndcl vPrimID\\n"
               "mul r0.x, vPrimID.x, c0.x\\nmov r0.y, v0.x\\nmov r0.zw, c0\\nmov oC0, r0\\n")
    vs_d3d9 = ("vs_3_0\\ndef c0, 0, 0, 1, 1\\ndcl_position v0\\ndcl_texcoord1 v1\\n"
               "dcl_position o0\\ndcl_color0 o1\\nmov o0, v0\\nadd o0.xy, v0.xy, v1.xy\\nmov o1, c0\\n")
    text = f"""gfxsim_trace: 1
name: "ia_system_values"
width: 32
height: 32
commands:
  - create_vertex_declaration:
      id: 1
      elements:
        - {{stream: 0, offset: 0, type: float3, usage: position, usage_index: 0}}
  - create_vertex_declaration:
      id: 2
      elements:
        - {{stream: 0, offset: 0, type: float3, usage: position, usage_index: 0}}
        - {{stream: 1, offset: 0, type: float2, usage: texcoord, usage_index: 1}}
  - create_vertex_buffer:
      id: 3
      bytes:
{f32_rows(pts)}  - create_vertex_buffer:
      id: 4
      bytes:
{f32_rows(square)}  - create_vertex_buffer:
      id: 5
      bytes:
{f32_rows([(9, 9), (0, 0), (1.0, 0)])}  - create_vertex_buffer:
      id: 6
      bytes:
{f32_rows(d3d9_pts)}  - create_vertex_buffer:
      id: 7
      bytes:
{f32_rows([(0, 0), (0.25, 0), (0.5, 0)])}  - create_index_buffer:
      id: 8
      format: index16
      bytes:
        - u16: [3, 2, 1, 0]
  - create_index_buffer:
      id: 9
      format: index16
      bytes:
        - u16: [0, 1]
{shader(10, "vertex", vs_id)}{shader(11, "pixel", ps_color)}{shader(12, "vertex", vs_inst)}{shader(13, "pixel", ps_prim)}{shader(14, "vertex", vs_d3d9)}  - set_viewport: {{x: 0, y: 0, width: 32, height: 32, min_z: 0, max_z: 1}}
  - set_render_states: {{z_enable: false, cull_mode: none}}
  - clear: {{flags: [target], color: 0xFF808080, depth: 1, stencil: 0}}
  - set_vertex_declaration: {{id: 1}}
  - set_stream_source: {{stream: 0, buffer: 3, offset: 0, stride: 12}}
  - set_vertex_shader: {{id: 10}}
  - set_pixel_shader: {{id: 11}}
  - draw: {{topology: point_list, vertex_count: 16, start_vertex: 2}}
  - set_indices: {{id: 8}}
  - draw_indexed: {{topology: point_list, index_count: 4, start_index: 0, base_vertex: 18}}
  - set_vertex_declaration: {{id: 2}}
  - set_stream_source: {{stream: 0, buffer: 4, offset: 0, stride: 12}}
  - set_stream_source: {{stream: 1, buffer: 5, offset: 0, stride: 8}}
  - set_stream_source_freq: {{stream: 1, setting: 0x80000001}}
  - set_vertex_shader: {{id: 12}}
  - set_pixel_shader: {{id: 13}}
  - draw_instanced:
      {{topology: triangle_list, vertex_count_per_instance: 6, instance_count: 2,
       start_vertex: 0, start_instance: 1}}
  - set_stream_source: {{stream: 0, buffer: 6, offset: 0, stride: 12}}
  - set_stream_source: {{stream: 1, buffer: 7, offset: 0, stride: 8}}
  - set_stream_source_freq: {{stream: 0, setting: 0x40000003}}
  - set_indices: {{id: 9}}
  - set_vertex_shader: {{id: 14}}
  - set_pixel_shader: {{id: 11}}
  - draw_indexed_primitive:
      {{topology: point_list, base_vertex: 0, min_index: 0, num_vertices: 2, start_index: 0,
       primitive_count: 2}}
  - present: {{}}
"""
    (HERE / "system_values.yaml").write_text(text)


if __name__ == "__main__":
    system_values()
