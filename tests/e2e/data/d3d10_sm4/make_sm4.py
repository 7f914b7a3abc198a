"""Writes the SM4 shader traces of tests/e2e/test_d3d10_sm4.py (run it from anywhere; it
writes beside itself). Every trace is 32 x 32, clears to grey, draws with D3D10 `draw`
commands (half-integer pixel centres) and runs shader model 4 vertex and pixel shaders:
Wine's fxc-compiled containers from tests/d3d10/data (format dxbc) or SM4 asm text (format
sm4_asm). Quads have their edges on pixel boundaries, so coverage is whole pixels. The test
holds the expected pixels; each function below says what its trace draws.
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLDEN = HERE.parents[2] / "d3d10" / "data"  # tests/d3d10/data: Wine's arrays

# SM4 asm as fxc listings print it. A vertex shader's inputs are ATTRIB<n> (bound to the
# declaration's texcoord<n>), its other outputs the varyings TEXCOORD<n>.
VS_COLOR = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xyzw, v0.xyzw
mov o1.xyzw, v1.xyzw
ret
"""
# The interpolated colour times cb1[0] (c48).
PS_TINT = """ps_4_0
dcl_constantbuffer cb1[1], immediateIndexed
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mul o0.xyzw, v1.xyzw, cb1[0].xyzw
ret
"""
# Texture t0 with sampler s0 at the interpolated v1.xy.
PS_SAMPLE = """ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
sample o0.xyzw, v1.xyxx, t0.xyzw, s0
ret
"""


def golden(name):
    """The dwords of tests/d3d10/data/NAME.txt (comment lines start with #)."""
    words = []
    for line in (GOLDEN / f"{name}.txt").read_text().splitlines():
        if not line.startswith("#"):
            words += line.split()
    return words


def ndc(px, py):
    return px / 16.0 - 1.0, 1.0 - py / 16.0


def quad(x0, y0, x1, y1, extra):
    """Two clockwise triangles covering pixels x0..x1, y0..y1; `extra(x, y)` gives each
    vertex's attributes after its position."""
    a, b, c, d = (x0, y0), (x1, y0), (x1, y1), (x0, y1)
    return [(*ndc(*p), 0.5, *extra(*p)) for p in (a, b, c, a, c, d)]


def shader(id_, stage, fmt, data):
    if fmt == "dxbc":
        body = "{u32: [" + ", ".join(data) + "]}"
    else:
        body = '{text: "' + data.replace("\n", "\\n") + '"}'
    return (f"  - create_shader:\n      id: {id_}\n      stage: {stage}\n      format: {fmt}\n"
            f"      data: {body}\n")


class Trace:
    def __init__(self, name, about, attributes):
        self.name, self.about, self.attributes = name, about, attributes
        self.vertices, self.resources, self.body = [], [], []

    def quad(self, x0, y0, x1, y1, extra=lambda x, y: ()):
        """Adds a quad's 6 vertices; returns its start vertex."""
        start = len(self.vertices)
        self.vertices += quad(x0, y0, x1, y1, extra)
        return start

    def cmd(self, text):
        self.body.append(f"  - {text}\n")

    def draw(self, start):
        self.cmd(f"draw: {{topology: triangle_list, vertex_count: 6, start_vertex: {start}}}")

    def write(self):
        rows = "".join(f"        - f32: [{', '.join(repr(float(v)) for v in r)}]\n"
                       for r in self.vertices)
        elements = "        - {stream: 0, offset: 0, type: float3, usage: %s, usage_index: 0}\n"
        usage0 = "position" if self.attributes == 0 else "texcoord"
        decl = elements % usage0
        if self.attributes:
            decl += (f"        - {{stream: 0, offset: 12, type: float{self.attributes}, "
                     "usage: texcoord, usage_index: 1}\n")
        stride = 12 + 4 * self.attributes
        head = (f"# {self.about} (make_sm4.py)\ngfxsim_trace: 1\nname: \"{self.name}\"\n"
                "width: 32\nheight: 32\ncommands:\n"
                f"  - create_vertex_declaration:\n      id: 1\n      elements:\n{decl}"
                f"  - create_vertex_buffer:\n      id: 2\n      bytes:\n{rows}" +
                "".join(self.resources) +
                "  - set_vertex_declaration: {id: 1}\n"
                f"  - set_stream_source: {{stream: 0, buffer: 2, offset: 0, stride: {stride}}}\n"
                "  - set_render_states: {z_enable: false}\n"
                "  - clear: {flags: [target], color: 0xFF808080, depth: 1, stencil: 0}\n")
        (HERE / f"{self.name}.yaml").write_text(head + "".join(self.body) + "  - present: {}\n")


def wine_if():
    """Wine's fxc-compiled vs_quad (POSITION in, SV_Position out) with ps_if_nz (green when
    the uint cb0[0].x is non-zero, else red) and ps_if_z (the reverse), as Wine's
    test_sm4_if_instruction expects: cb0[0].x = 0 then 1.0 on the left and the right,
    ps_if_nz on the top half, ps_if_z on the bottom one. Top: red | green; bottom: green | red.
    """
    t = Trace("wine_if", "Wine's fxc-compiled if_nz / if_z pixel shaders", 0)
    t.resources += [shader(10, "vertex", "dxbc", golden("vs_quad")),
                    shader(11, "pixel", "dxbc", golden("ps_if_nz")),
                    shader(12, "pixel", "dxbc", golden("ps_if_z"))]
    t.cmd("set_vertex_shader: {id: 10}")
    for ps, y in ((11, 0), (12, 16)):
        t.cmd(f"set_pixel_shader: {{id: {ps}}}")
        for bits, x in ((0.0, 0), (1.0, 16)):
            t.cmd(f"set_shader_constants: {{stage: pixel, start_register: 0, "
                  f"values: [{bits}, 0.0, 0.0, 0.0]}}")
            t.draw(t.quad(x, y, x + 16, y + 16))
    t.write()


def asm_tint():
    """SM4 asm shaders: VS_COLOR passes a per-vertex colour (texcoord1, float4) to
    PS_TINT, which multiplies it by cb1[0] (c48). Left: colour (1, 0.5, 0.25, 1) tinted by
    (1, 1, 1, 1); right: colour (0, 1, 1, 1) tinted by (1, 0.5, 0.25, 1); both full height.
    Left (255, 128, 64), right (0, 128, 64)."""
    t = Trace("asm_tint", "SM4 asm vertex and pixel shaders with a constant-buffer read", 4)
    t.resources += [shader(10, "vertex", "sm4_asm", VS_COLOR),
                    shader(11, "pixel", "sm4_asm", PS_TINT)]
    left = t.quad(0, 0, 16, 32, lambda x, y: (1.0, 0.5, 0.25, 1.0))
    right = t.quad(16, 0, 32, 32, lambda x, y: (0.0, 1.0, 1.0, 1.0))
    t.cmd("set_vertex_shader: {id: 10}")
    t.cmd("set_pixel_shader: {id: 11}")
    t.cmd("set_shader_constants: {stage: pixel, start_register: 48, values: [1, 1, 1, 1]}")
    t.draw(left)
    t.cmd("set_shader_constants: {stage: pixel, start_register: 48, values: [1, 0.5, 0.25, 1]}")
    t.draw(right)
    t.write()


def asm_sample():
    """An SM4 asm pixel shader sampling t0 with s0 (slot 0: set_texture stage 0, point
    filtering): a 2 x 2 texture of red, green / blue, white stretched over the whole target
    with texture coordinates (x / 32, y / 32): four 16 x 16 quadrants."""
    t = Trace("asm_sample", "an SM4 asm pixel shader sampling a texture", 2)
    t.resources += [shader(10, "vertex", "sm4_asm", VS_COLOR),
                    shader(11, "pixel", "sm4_asm", PS_SAMPLE),
                    "  - create_texture:\n      id: 20\n      format: a8r8g8b8\n      width: 2\n"
                    "      height: 2\n      levels:\n"
                    "        - {u32: [0xFFFF0000, 0xFF00FF00, 0xFF0000FF, 0xFFFFFFFF]}\n"]
    full = t.quad(0, 0, 32, 32, lambda x, y: (x / 32.0, y / 32.0))
    t.cmd("set_vertex_shader: {id: 10}")
    t.cmd("set_pixel_shader: {id: 11}")
    t.cmd("set_texture: {stage: 0, id: 20}")
    t.cmd("set_sampler_state: {stage: 0, min_filter: point, mag_filter: point, "
          "mip_filter: none, address_u: clamp, address_v: clamp}")
    t.draw(full)
    t.write()


# The interpolated colour times cb1[1] (c49).
PS_TINT1 = PS_TINT.replace("cb1[1]", "cb1[2]").replace("cb1[0].xyzw", "cb1[1].xyzw")


def f32_words(*values):
    return "{f32: [" + ", ".join(repr(float(v)) for v in values) + "]}"


def constant_buffers():
    """Constant buffers through create_constant_buffer / update_constant_buffer /
    set_constant_buffers, read by PS_TINT (cb1[0]) and PS_TINT1 (cb1[1]) over a colour of
    (1, 0.5, 0.25, 1); four 8-pixel columns, full height:
      0. buffer 30 = (1, 1, 1, 1) in pixel slot 1: (255, 128, 64);
      1. buffer 30 updated to (0.5, 0.5, 0.5, 1): (128, 64, 32);
      2. PS_TINT1 with buffer 31 (two registers of zeros) in slot 1, its second register
         updated at byte offset 16 to (0, 1, 1, 1): (0, 128, 64);
      3. slot 1 unbound (id 0): c48 is again what set_shader_constants wrote, (1, 0, 0, 1):
         (255, 0, 0)."""
    t = Trace("constant_buffers", "D3D10 constant buffers bound to a pixel shader", 4)
    t.resources += [shader(10, "vertex", "sm4_asm", VS_COLOR),
                    shader(11, "pixel", "sm4_asm", PS_TINT),
                    shader(12, "pixel", "sm4_asm", PS_TINT1),
                    f"  - create_constant_buffer: {{id: 30, bytes: {f32_words(1, 1, 1, 1)}}}\n",
                    f"  - create_constant_buffer: {{id: 31, bytes: {f32_words(*[0] * 8)}}}\n"]
    color = lambda x, y: (1.0, 0.5, 0.25, 1.0)
    cols = [t.quad(8 * i, 0, 8 * i + 8, 32, color) for i in range(4)]
    t.cmd("set_vertex_shader: {id: 10}")
    t.cmd("set_pixel_shader: {id: 11}")
    t.cmd("set_shader_constants: {stage: pixel, start_register: 48, values: [1, 0, 0, 1]}")
    t.cmd("set_constant_buffers: {stage: pixel, start_slot: 1, ids: [30]}")
    t.draw(cols[0])
    t.cmd(f"update_constant_buffer: {{id: 30, bytes: {f32_words(0.5, 0.5, 0.5, 1)}}}")
    t.draw(cols[1])
    t.cmd("set_pixel_shader: {id: 12}")
    t.cmd("set_constant_buffers: {stage: pixel, start_slot: 1, ids: [31]}")
    t.cmd(f"update_constant_buffer: {{id: 31, offset: 16, bytes: {f32_words(0, 1, 1, 1)}}}")
    t.draw(cols[2])
    t.cmd("set_pixel_shader: {id: 11}")
    t.cmd("set_constant_buffers: {stage: pixel, start_slot: 1, ids: [0]}")
    t.draw(cols[3])
    t.write()


def samplers():
    """D3D10 sampler state objects and a shader resource view: PS_SAMPLE reads t0 / s0, the
    texture bound with set_shader_resources and three sampler objects bound in turn with
    set_samplers (all min_mag_mip_point). The 2 x 2 texture's top row is red, green; every
    band samples v = 0.25 and u = x / 16 - 0.5 (-0.5 .. 1.5 across the target), so the four
    8-pixel columns read u < 0, 0..0.5, 0.5..1, > 1:
      rows 0..7, clamp: red, red, green, green;
      rows 8..15, wrap: green, red, green, red;
      rows 16..23, border (0, 0, 1, 1): blue, red, green, blue;
      rows 24..31 stay grey."""
    t = Trace("samplers", "D3D10 sampler state objects and shader resource views", 2)
    def sampler(id_, address, extra=""):
        return (f"  - create_sampler_state: {{id: {id_}, filter: min_mag_mip_point, "
                f"address_u: {address}, address_v: {address}{extra}}}\n")
    t.resources += [shader(10, "vertex", "sm4_asm", VS_COLOR),
                    shader(11, "pixel", "sm4_asm", PS_SAMPLE),
                    "  - create_texture:\n      id: 20\n      format: a8r8g8b8\n      width: 2\n"
                    "      height: 2\n      levels:\n"
                    "        - {u32: [0xFFFF0000, 0xFF00FF00, 0xFF0000FF, 0xFFFFFFFF]}\n",
                    sampler(41, "clamp"), sampler(42, "wrap"),
                    sampler(43, "border", ", border_color: [0, 0, 1, 1]")]
    uv = lambda x, y: (x / 16.0 - 0.5, 0.25)
    bands = [t.quad(0, 8 * i, 32, 8 * i + 8, uv) for i in range(3)]
    t.cmd("set_vertex_shader: {id: 10}")
    t.cmd("set_pixel_shader: {id: 11}")
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [20]}")
    for band, state in zip(bands, (41, 42, 43)):
        t.cmd(f"set_samplers: {{stage: pixel, start_slot: 0, ids: [{state}]}}")
        t.draw(band)
    t.write()


VS_VERTEX_ID = """vs_4_0
dcl_input v0.xyz
dcl_input_sgv v1.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 1
mov o0.xyz, v0.xyzx
mov o0.w, l(1.000000)
utof r0.x, v1.x
mul o1.x, r0.x, l(0.00392156886)
mov o1.yzw, l(0, 0, 1.000000, 1.000000)
ret
"""
VS_INSTANCE_ID = """vs_4_0
dcl_input v0.xyz
dcl_input v1.xy
dcl_input_sgv v2.x, instance_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 1
add o0.xy, v0.xyxx, v1.xyxx
mov o0.z, v0.z
mov o0.w, l(1.000000)
utof r0.x, v2.x
mov o1.xzw, l(0, 0, 0, 1.000000)
mov o1.y, r0.x
ret
"""
PS_COLOR = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""


def system_values():
    """The SM4 form of tests/e2e/data/ia/system_values.yaml's first three draws: vertex
    shaders read SV_VertexID and SV_InstanceID through dcl_input_sgv (uints, converted with
    utof). 1. `draw` of 16 points from start vertex 2, vertex j on pixel (j, 0) with red =
    VertexID / 255: pixel (j, 0) is (j - 2, 0, 255). 2. `draw_indexed` of 4 points, base
    vertex 18, indices 3, 2, 1, 0: vertex 18 + i on pixel (i, 2) with red = i (VertexID is
    the raw index). 3. `draw_instanced` of the square x 0..16, y 8..24, 2 instances, start
    instance 1, stream 1 holding per-instance x offsets (0, 0, 1 NDC = 16 px) read from
    element start_instance + instance; green = SV_InstanceID: black on the left, green on the
    right (InstanceID counts from 0 whatever the start instance)."""
    pts = [(*ndc(j + 0.5, 0.5), 0.5) for j in range(18)]
    pts += [(*ndc(i + 0.5, 2.5), 0.5) for i in range(4)]
    square = [(*ndc(x, y), 0.5) for x, y in [(0, 8), (16, 8), (16, 24), (0, 8), (16, 24),
                                             (0, 24)]]

    def rows(vs):
        return "".join(f"        - f32: [{', '.join(repr(float(v)) for v in r)}]\n" for r in vs)

    def decl(id_, extra=""):
        return (f"  - create_vertex_declaration:\n      id: {id_}\n      elements:\n"
                "        - {stream: 0, offset: 0, type: float3, usage: texcoord, usage_index: 0}\n"
                + extra)

    text = ("# SM4 vertex shaders reading SV_VertexID and SV_InstanceID (make_sm4.py)\n"
            "gfxsim_trace: 1\nname: \"system_values\"\nwidth: 32\nheight: 32\ncommands:\n"
            + decl(1) + decl(2, "        - {stream: 1, offset: 0, type: float2, usage: texcoord, "
                              "usage_index: 1}\n")
            + f"  - create_vertex_buffer:\n      id: 3\n      bytes:\n{rows(pts)}"
            + f"  - create_vertex_buffer:\n      id: 4\n      bytes:\n{rows(square)}"
            + "  - create_vertex_buffer:\n      id: 5\n      bytes:\n"
            + rows([(9, 9), (0, 0), (1.0, 0)])
            + "  - create_index_buffer: {id: 8, format: index16, bytes: {u16: [3, 2, 1, 0]}}\n"
            + shader(10, "vertex", "sm4_asm", VS_VERTEX_ID)
            + shader(11, "pixel", "sm4_asm", PS_COLOR)
            + shader(12, "vertex", "sm4_asm", VS_INSTANCE_ID)
            + "  - set_render_states: {z_enable: false, cull_mode: none}\n"
            "  - clear: {flags: [target], color: 0xFF808080, depth: 1, stencil: 0}\n"
            "  - set_vertex_declaration: {id: 1}\n"
            "  - set_stream_source: {stream: 0, buffer: 3, offset: 0, stride: 12}\n"
            "  - set_vertex_shader: {id: 10}\n  - set_pixel_shader: {id: 11}\n"
            "  - draw: {topology: point_list, vertex_count: 16, start_vertex: 2}\n"
            "  - set_indices: {id: 8}\n"
            "  - draw_indexed: {topology: point_list, index_count: 4, start_index: 0, "
            "base_vertex: 18}\n"
            "  - set_vertex_declaration: {id: 2}\n"
            "  - set_stream_source: {stream: 0, buffer: 4, offset: 0, stride: 12}\n"
            "  - set_stream_source: {stream: 1, buffer: 5, offset: 0, stride: 8}\n"
            "  - set_stream_source_freq: {stream: 1, setting: 0x80000001}\n"
            "  - set_vertex_shader: {id: 12}\n"
            "  - draw_instanced: {topology: triangle_list, vertex_count_per_instance: 6, "
            "instance_count: 2, start_vertex: 0, start_instance: 1}\n"
            "  - present: {}\n")
    (HERE / "system_values.yaml").write_text(text)


# sample_c_lz through s0 at the coordinates cb0[0].zw with the reference cb0[0].x (each
# draw sets them exactly, so the bilinear weights are known), and the same one texel right.
PS_PCF = """ps_4_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_sampler s0, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_output o0.xyzw
sample_c_lz o0.xyzw, cb0[0].zwzz, t0.xxxx, s0, cb0[0].x
ret
"""
PS_PCF_OFFSET = PS_PCF.replace("sample_c_lz ", "sample_c_lz_aoffimmi(1,0,0) ")
# sample_c through s2 at the interpolated v1.xy: the LOD comes from the quad.
PS_LOD = """ps_4_0
dcl_sampler s2, mode_comparison
dcl_resource_texture2d (float,float,float,float) t2
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
sample_c o0.xyzw, v1.xyxx, t2.xxxx, s2, l(0.500000)
ret
"""
# A plain sample through s3 beside them.
PS_PLAIN = PS_SAMPLE.replace("s0", "s3").replace("t0", "t3")


def f32_level(*runs):
    """A texture level as runs of (value, count) floats."""
    return "[" + ", ".join("{f32: [" + ", ".join([repr(float(v))] * n) + "]}" for v, n in runs) + "]"


# Wine's test_sample_c_lz: face f's level 0 holds DEPTHS[f]; per row, the reference and
# the expected result of each face (sample_c_lz with comparison_greater).
WINE_DEPTHS = (1.0, 0.0, 0.5, 0.6, 0.4, 0.1)
WINE_ROWS = ((0.5, (0, 1, 0, 0, 1, 1)), (0.0, (0, 0, 0, 0, 0, 0)), (1.0, (0, 1, 1, 1, 1, 1)))
# The 4 x 4 R32_FLOAT texture of the PCF cells: texel (x, y) holds 0.1 (x + 1) + 0.4 y.
PCF_TEXELS = [round(0.1 * (x + 1) + 0.4 * y, 6) for y in range(4) for x in range(4)]
# PCF cells, 4 pixels wide on rows 12..19: (sampler, shader, reference, u, v).
PCF_CELLS = [(40, 13, 0.65, 0.5625, 0.4375), (40, 13, 1.05, 0.5625, 0.4375),
             (40, 13, 0.95, 0.5625, 0.4375), (40, 13, 0.65, 0.5, 0.5),
             (42, 13, 0.5, 0.0, 0.125), (40, 14, 0.75, 0.5625, 0.4375),
             (40, 13, 0.75, 0.5625, 0.4375), (41, 13, 0.1, 0.125, 0.125)]
# R16_UNORM cells, 4 pixels wide on rows 20..27 (comparison_equal against 0x8000, 0xFFFF):
# (reference, u).
R16_CELLS = [(0.5, 0.25), (0.49999, 0.25), (2.0, 0.75), (0.9999, 0.75)]


def compare():
    """Comparison sampling (sample_c, sample_c_lz) with D3D10 comparison sampler objects.
    Rows 0..11: Wine's test_sample_c_lz with its fxc-compiled pixel shader: an R32_FLOAT cube
    (8 x 8, two levels; level 0 of face f holds WINE_DEPTHS[f], level 1 1.0), sampler 45
    comparison_min_mag_mip_linear with comparison_greater; column f (4 pixels) draws face f,
    row r (4 pixels) with the reference of WINE_ROWS[r]: white where Wine expects 1, black
    where 0. Rows 12..19: PCF_CELLS (PS_PCF / PS_PCF_OFFSET over the 4 x 4 texture 30 with
    sampler 40 comparison_min_mag_mip_linear less clamp, 42 the same with a red border, 41
    comparison_min_mag_mip_point greater_equal). Rows 20..27: x 0..15 R16_CELLS over the
    2 x 1 R16_UNORM texture 31 (0x8000, 0xFFFF) with sampler 41 made comparison_equal
    (sampler 46); x 16..31 PS_LOD's sample_c with texture 32 (8 x 8 R16_UNORM, level 0
    0x4000, level 1 0xC000) and sampler 43 (comparison_min_mag_mip_point, less), 8 texels
    over 8 pixels on the left (LOD 0) and 16 on the right (LOD 1). Rows 28..31: a plain
    sample of texture 31 through sampler 44 (min_mag_mip_point) in slot 3."""
    t = Trace("compare", "D3D10 comparison sampling: sample_c and sample_c_lz", 2)
    cube_level = lambda size, values: f32_level(*[(v, size * size) for v in values])
    t.resources += [
        shader(10, "vertex", "sm4_asm", VS_COLOR),
        shader(11, "pixel", "dxbc", golden("ps_sample_c_lz_cube")),
        shader(13, "pixel", "sm4_asm", PS_PCF), shader(14, "pixel", "sm4_asm", PS_PCF_OFFSET),
        shader(15, "pixel", "sm4_asm", PS_LOD), shader(16, "pixel", "sm4_asm", PS_PLAIN),
        "  - create_texture:\n      id: 33\n      format: r32_float\n      width: 8\n"
        "      height: 8\n      levels:\n"
        f"        - {cube_level(8, WINE_DEPTHS)}\n        - {cube_level(4, [1.0] * 6)}\n"
        "      kind: cube\n",
        "  - create_texture:\n      id: 30\n      format: r32_float\n      width: 4\n"
        f"      height: 4\n      levels:\n        - {{f32: {PCF_TEXELS}}}\n",
        "  - create_texture:\n      id: 31\n      format: r16_unorm\n      width: 2\n"
        "      height: 1\n      levels:\n        - {u16: [0x8000, 0xFFFF]}\n",
        "  - create_texture:\n      id: 32\n      format: r16_unorm\n      width: 8\n"
        "      height: 8\n      levels:\n"
        f"        - {{u16: [{', '.join(['0x4000'] * 64)}]}}\n"
        f"        - {{u16: [{', '.join(['0xC000'] * 16)}]}}\n",
        "  - create_sampler_state: {id: 45, filter: comparison_min_mag_mip_linear, "
        "comparison_func: greater, border_color: [0, 0, 0, 0]}\n",
        "  - create_sampler_state: {id: 40, filter: comparison_min_mag_mip_linear, "
        "comparison_func: less}\n",
        "  - create_sampler_state: {id: 42, filter: comparison_min_mag_mip_linear, "
        "comparison_func: less, address_u: border, address_v: border, "
        "border_color: [1, 0, 0, 1]}\n",
        "  - create_sampler_state: {id: 41, filter: comparison_min_mag_mip_point, "
        "comparison_func: greater_equal}\n",
        "  - create_sampler_state: {id: 46, filter: comparison_min_mag_mip_point, "
        "comparison_func: equal}\n",
        "  - create_sampler_state: {id: 43, filter: comparison_min_mag_mip_point, "
        "comparison_func: less}\n",
        "  - create_sampler_state: {id: 44, filter: min_mag_mip_point}\n",
        f"  - create_constant_buffer: {{id: 50, bytes: {f32_words(0, 0, 0, 0)}}}\n"]
    t.cmd("set_vertex_shader: {id: 10}")
    t.cmd("set_constant_buffers: {stage: pixel, start_slot: 0, ids: [50]}")

    def cell(x, y, w, h, ps, ref, a=0.0, u=0.0, v=0.0):
        t.cmd(f"set_pixel_shader: {{id: {ps}}}")
        t.cmd(f"update_constant_buffer: {{id: 50, bytes: {f32_words(ref, a, u, v)}}}")
        t.draw(t.quad(x, y, x + w, y + h, lambda px, py: (0.0, 0.0)))  # v1 unused

    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [33]}")
    t.cmd("set_samplers: {stage: pixel, start_slot: 0, ids: [45]}")
    for r, (ref, _) in enumerate(WINE_ROWS):
        for face in range(6):
            cell(4 * face, 4 * r, 4, 4, 11, ref, face)
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [30]}")
    for k, (sampler, ps, ref, u, v) in enumerate(PCF_CELLS):
        t.cmd(f"set_samplers: {{stage: pixel, start_slot: 0, ids: [{sampler}]}}")
        cell(4 * k, 12, 4, 8, ps, ref, 0.0, u, v)
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [31]}")
    t.cmd("set_samplers: {stage: pixel, start_slot: 0, ids: [46]}")
    for k, (ref, u) in enumerate(R16_CELLS):
        cell(4 * k, 20, 4, 8, 13, ref, 0.0, u, 0.5)
    t.cmd("set_pixel_shader: {id: 15}")
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 2, ids: [32]}")
    t.cmd("set_samplers: {stage: pixel, start_slot: 2, ids: [43]}")
    for x, scale in ((16, 1.0), (24, 2.0)):
        t.draw(t.quad(x, 20, x + 8, 28, lambda px, py, x=x, k=scale: (k * (px - x) / 8.0,
                                                                      k * (py - 20) / 8.0)))
    t.cmd("set_pixel_shader: {id: 16}")
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 3, ids: [31]}")
    t.cmd("set_samplers: {stage: pixel, start_slot: 3, ids: [44]}")
    for x, u in ((0, 0.25), (16, 0.75)):
        t.draw(t.quad(x, 28, x + 16, 32, lambda px, py, u=u: (u, 0.5)))
    t.write()


if __name__ == "__main__":
    wine_if()
    asm_tint()
    asm_sample()
    system_values()
    constant_buffers()
    samplers()
    compare()
