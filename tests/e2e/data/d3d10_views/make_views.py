"""Writes the D3D10 view traces of tests/e2e/test_d3d10_views.py (run it from anywhere; it
writes beside itself). Every trace has a 32 x 32 back buffer, draws with D3D10 `draw`
commands and SM4 asm shaders, binds its outputs with set_render_targets (the back buffer
through a render-target view of resource 0) and reads textures through shader-resource
views. Quads have their edges on pixel boundaries. Each function says what it draws; the
test holds the expected pixels. test_d3d10_views.py also imports the functions to write
variants (other depth formats, bad sizes).
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent

VS = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xyzw, v0.xyzw
mov o1.xyzw, v1.xyzw
ret
"""
PS_COLOR = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""
PS_SAMPLE = """ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
sample o0.xyzw, v1.xyxx, t0.xyzw, s0
ret
"""
# Texel (1, 2) of t0 compared with RGBA exactly (eq on floats): green when all four
# components are equal, else red.
PS_EXACT = """ps_4_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_output o0.xyzw
dcl_temps 2
ld r0.xyzw, l(1, 2, 0, 0), t0.xyzw
eq r1.xyzw, r0.xyzw, l({r}, {g}, {b}, {a})
and r1.xy, r1.xyxx, r1.zwzz
and r1.x, r1.x, r1.y
movc o0.xyzw, r1.xxxx, l(0, 1.000000, 0, 1.000000), l(1.000000, 0, 0, 1.000000)
ret
"""

# The depth formats: a typeless texture, its depth-stencil and its shader-resource view.
DEPTH = {
    "d16": ("r16_typeless", "d16_unorm", "r16_unorm", 2),
    "d24": ("r24g8_typeless", "d24_unorm_s8_uint", "r24_unorm_x8_typeless", 4),
    "d32": ("r32_typeless", "d32_float", "r32_float", 4),
}


def shader(id_, stage, text):
    body = text.replace("\n", "\\n")
    return (f"  - create_shader:\n      id: {id_}\n      stage: {stage}\n      format: sm4_asm\n"
            f'      data: {{text: "{body}"}}\n')


def texture(id_, fmt, size, bytes_per_texel):
    words = size * size * bytes_per_texel // 4 or 1
    zeros = ", ".join(["0"] * words) if bytes_per_texel >= 4 else None
    level = f"{{u32: [{zeros}]}}" if zeros else f"{{u8: [{', '.join(['0'] * size * size * bytes_per_texel)}]}}"
    return (f"  - create_texture: {{id: {id_}, format: {fmt}, width: {size}, height: {size}, "
            f"levels: [{level}]}}\n")


class Trace:
    """A trace whose vertices are (x, y, z) NDC then four attributes (a colour or a uv)."""

    def __init__(self, name, about):
        self.name, self.about = name, about
        self.vertices, self.resources, self.body = [], [], []

    def quad(self, x0, y0, x1, y1, z, attrs, size=32, height=None):
        """Pixels x0..x1, y0..y1 of a size x size target (size x height) at depth z;
        `attrs(x, y)` gives a vertex's four attributes. Returns the start vertex of its 6
        vertices."""
        height = height or size

        def ndc(x, y):
            return 2.0 * x / size - 1.0, 1.0 - 2.0 * y / height
        start = len(self.vertices)
        a, b, c, d = (x0, y0), (x1, y0), (x1, y1), (x0, y1)
        self.vertices += [(*ndc(*p), z, *attrs(*p)) for p in (a, b, c, a, c, d)]
        return start

    def cmd(self, text):
        self.body.append(f"  - {text}\n")

    def draw(self, start):
        self.cmd(f"draw: {{topology: triangle_list, vertex_count: 6, start_vertex: {start}}}")

    def text(self, width=32):
        rows = "".join(f"        - f32: [{', '.join(repr(float(v)) for v in r)}]\n"
                       for r in self.vertices)
        return (f"# {self.about} (make_views.py)\ngfxsim_trace: 1\nname: \"{self.name}\"\n"
                f"width: {width}\nheight: 32\ncommands:\n"
                "  - create_vertex_declaration:\n      id: 1\n      elements:\n"
                "        - {stream: 0, offset: 0, type: float3, usage: texcoord, usage_index: 0}\n"
                "        - {stream: 0, offset: 12, type: float4, usage: texcoord, usage_index: 1}\n"
                f"  - create_vertex_buffer:\n      id: 2\n      bytes:\n{rows}"
                + shader(10, "vertex", VS) + "".join(self.resources) +
                "  - create_view: {id: 32, kind: render_target, resource: 0}\n"
                "  - create_sampler_state: {id: 40, filter: min_mag_mip_point}\n"
                "  - set_vertex_declaration: {id: 1}\n"
                "  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 28}\n"
                "  - set_vertex_shader: {id: 10}\n"
                "  - set_samplers: {stage: pixel, start_slot: 0, ids: [40]}\n"
                + "".join(self.body) + "  - present: {}\n")

    def write(self, width=32):
        (HERE / f"{self.name}.yaml").write_text(self.text(width))


def color(r, g, b, a=1.0):
    return lambda x, y: (r, g, b, a)


def rtv_srv():
    """Render to a 16 x 16 r8g8b8a8_typeless texture through an r8g8b8a8_unorm render-target
    view (cleared blue, its left half drawn red), then sample it through a shader-resource
    view over the back buffer (uv = x / 32, y / 32, point): top half red | blue. Then D3D10's
    binding rules: binding the texture as a render target again unbinds the view from slot
    0, and binding the view while the texture is a render target binds NULL, so the
    bottom-left quadrant samples nothing (black); bound again once the texture is no longer
    an output, the bottom-right quadrant reads it (blue)."""
    t = Trace("rtv_srv", "render into a texture view, then sample it through another view")
    t.resources += [shader(11, "pixel", PS_COLOR), shader(12, "pixel", PS_SAMPLE),
                    texture(20, "r8g8b8a8_typeless", 16, 4),
                    "  - create_view: {id: 30, kind: render_target, resource: 20, "
                    "format: r8g8b8a8_unorm}\n",
                    "  - create_view: {id: 31, kind: shader_resource, resource: 20, "
                    "format: r8g8b8a8_unorm}\n"]
    red_half = t.quad(0, 0, 8, 16, 0.5, color(1, 0, 0), size=16)
    uv = lambda x, y: (x / 32.0, y / 32.0, 0.0, 0.0)
    top = t.quad(0, 0, 32, 16, 0.5, uv)
    bottom_left = t.quad(0, 16, 16, 32, 0.5, uv)
    bottom_right = t.quad(16, 16, 32, 32, 0.5, uv)
    t.cmd("set_render_targets: {render_targets: [30]}")
    t.cmd("set_viewport: {x: 0, y: 0, width: 16, height: 16, min_z: 0, max_z: 1}")
    t.cmd("clear_render_target_view: {view: 30, color: [0, 0, 1, 1]}")
    t.cmd("set_pixel_shader: {id: 11}")
    t.draw(red_half)
    t.cmd("set_render_targets: {render_targets: [32]}")
    t.cmd("set_viewport: {x: 0, y: 0, width: 32, height: 32, min_z: 0, max_z: 1}")
    t.cmd("clear_render_target_view: {view: 32, color: [0.5, 0.5, 0.5, 1]}")
    t.cmd("set_pixel_shader: {id: 12}")
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [31]}")
    t.draw(top)
    t.cmd("set_render_targets: {render_targets: [30]}")  # unbinds view 31 from slot 0
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [31]}")  # binds NULL
    t.cmd("set_render_targets: {render_targets: [32]}")
    t.draw(bottom_left)
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [31]}")
    t.draw(bottom_right)
    return t


def depth(fmt, size=32):
    """Wine's test_initial_depth_stencil_state with a depth-stencil view of `fmt` (d16, d24,
    d32) on a typeless texture: cleared to 0.75 with the back buffer white, then D3D10's
    default depth state (LESS, writes on): a green quad at z 0.4 over the top-left quadrant
    passes and writes 0.4, a red one at 0.4 there fails (equal is not less), a red one at 0.8
    over the top-right quadrant fails. Then a NULL depth-stencil view (depth off: z 0.9
    passes) and the depth read through a shader-resource view at v = 0.25 over the bottom
    half: red = the depth, round(0.4 * 255) = 102 on the left, round(0.75 * 255) = 191 on
    the right. `size` other than 32 makes the view disagree with the back buffer."""
    typeless, dsv, srv, texel = DEPTH[fmt]
    t = Trace(f"depth_{fmt}", f"depth test and depth sampling through {dsv} views")
    t.resources += [shader(11, "pixel", PS_COLOR), shader(12, "pixel", PS_SAMPLE),
                    texture(20, typeless, size, texel),
                    f"  - create_view: {{id: 21, kind: depth_stencil, resource: 20, format: {dsv}}}\n",
                    f"  - create_view: {{id: 22, kind: shader_resource, resource: 20, format: {srv}}}\n"]
    green = t.quad(0, 0, 16, 16, 0.4, color(0, 1, 0))
    red = t.quad(0, 0, 16, 16, 0.4, color(1, 0, 0))
    red_far = t.quad(16, 0, 32, 16, 0.8, color(1, 0, 0))
    bottom = t.quad(0, 16, 32, 32, 0.9, lambda x, y: (x / 32.0, 0.25, 0.0, 0.0))
    t.cmd("set_depth_stencil_state: {id: 0}")
    t.cmd("set_render_targets: {render_targets: [32], depth_stencil: 21}")
    t.cmd("set_viewport: {x: 0, y: 0, width: 32, height: 32, min_z: 0, max_z: 1}")
    t.cmd("clear_render_target_view: {view: 32, color: [1, 1, 1, 1]}")
    t.cmd("clear_depth_stencil_view: {view: 21, flags: [zbuffer], depth: 0.75}")
    t.cmd("set_pixel_shader: {id: 11}")
    for q in (green, red, red_far):
        t.draw(q)
    t.cmd("set_render_targets: {render_targets: [32], depth_stencil: 0}")
    t.cmd("set_pixel_shader: {id: 12}")
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [22]}")
    t.draw(bottom)
    return t


# sample_c_lz of t0 at v1.xy with the reference {ref}: 1 or 0 in every channel.
PS_COMPARE = """ps_4_0
dcl_sampler s0, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 1
sample_c_lz r0.x, v1.xyxx, t0.xxxx, s0, l({ref})
mov o0.xyzw, r0.xxxx
ret
"""


def depth_compare(fmt):
    """The depth pass of depth() (the top half's depth: 0.4 on the left, the cleared 0.75
    on the right), then that depth compared through a shader-resource view of `fmt` with
    sample_c_lz and a less_equal comparison sampler (point), as shadow mapping reads a
    depth map: three strips of the bottom half compare the references 0.4, 0.5 and 0.8
    with row 8's depth. A pass writes white, a fail black. 0.4 equals the stored 0.4 only
    because the reference is rounded to the view's precision first (D3D10's rule for
    UNORM; D32's float is 0.4f itself)."""
    typeless, dsv, srv, texel = DEPTH[fmt]
    t = Trace(f"depth_compare_{fmt}", f"{dsv} depth compared through an {srv} view")
    refs = (0.4, 0.5, 0.8)
    t.resources += [shader(11, "pixel", PS_COLOR), texture(20, typeless, 32, texel),
                    f"  - create_view: {{id: 21, kind: depth_stencil, resource: 20, format: {dsv}}}\n",
                    f"  - create_view: {{id: 22, kind: shader_resource, resource: 20, format: {srv}}}\n",
                    "  - create_sampler_state: {id: 41, filter: comparison_min_mag_mip_point, "
                    "comparison_func: less_equal}\n"]
    t.resources += [shader(13 + i, "pixel", PS_COMPARE.format(ref=r)) for i, r in enumerate(refs)]
    near = t.quad(0, 0, 16, 16, 0.4, color(0, 1, 0))
    strips = [t.quad(0, y0, 32, y1, 0.9, lambda x, y: (x / 32.0, 0.25, 0.0, 0.0))
              for y0, y1 in ((16, 21), (21, 26), (26, 32))]
    t.cmd("set_depth_stencil_state: {id: 0}")
    t.cmd("set_render_targets: {render_targets: [32], depth_stencil: 21}")
    t.cmd("set_viewport: {x: 0, y: 0, width: 32, height: 32, min_z: 0, max_z: 1}")
    t.cmd("clear_render_target_view: {view: 32, color: [0, 0, 1, 1]}")
    t.cmd("clear_depth_stencil_view: {view: 21, flags: [zbuffer], depth: 0.75}")
    t.cmd("set_pixel_shader: {id: 11}")
    t.draw(near)
    t.cmd("set_render_targets: {render_targets: [32], depth_stencil: 0}")
    t.cmd("set_samplers: {stage: pixel, start_slot: 0, ids: [41]}")
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [22]}")
    for i, strip in enumerate(strips):
        t.cmd(f"set_pixel_shader: {{id: {13 + i}}}")
        t.draw(strip)
    return t


def mip_views():
    """Render into level 1 of an 8 x 8 r8g8b8a8_unorm texture with two levels (a
    render-target view with mip_slice 1: a 4 x 4 surface, cleared blue, its left half drawn
    red), then sample over the back buffer (point, uv = x / 32, y / 32) through a
    shader-resource view of level 1 alone (mip_slice 1, mip_levels 1) on the top half: red |
    blue; and through a view of the whole texture on the bottom half, whose level 0, never
    drawn, reads its zeros: black."""
    t = Trace("mip_views", "render into a mip level and sample it through a view of that level")
    t.resources += [shader(11, "pixel", PS_COLOR), shader(12, "pixel", PS_SAMPLE),
                    "  - create_texture: {id: 20, format: r8g8b8a8_unorm, width: 8, height: 8, "
                    f"levels: [{{u32: [{', '.join(['0'] * 64)}]}}, "
                    f"{{u32: [{', '.join(['0'] * 16)}]}}]}}\n",
                    "  - create_view: {id: 30, kind: render_target, resource: 20, mip_slice: 1}\n",
                    "  - create_view: {id: 31, kind: shader_resource, resource: 20, mip_slice: 1, "
                    "mip_levels: 1}\n",
                    "  - create_view: {id: 33, kind: shader_resource, resource: 20}\n"]
    red_half = t.quad(0, 0, 2, 4, 0.5, color(1, 0, 0), size=4)
    uv = lambda x, y: (x / 32.0, y / 32.0, 0.0, 0.0)
    top = t.quad(0, 0, 32, 16, 0.5, uv)
    bottom = t.quad(0, 16, 32, 32, 0.5, uv)
    t.cmd("set_render_targets: {render_targets: [30]}")
    t.cmd("set_viewport: {x: 0, y: 0, width: 4, height: 4, min_z: 0, max_z: 1}")
    t.cmd("clear_render_target_view: {view: 30, color: [0, 0, 1, 1]}")
    t.cmd("set_pixel_shader: {id: 11}")
    t.draw(red_half)
    t.cmd("set_render_targets: {render_targets: [32]}")
    t.cmd("set_viewport: {x: 0, y: 0, width: 32, height: 32, min_z: 0, max_z: 1}")
    t.cmd("set_pixel_shader: {id: 12}")
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [31]}")
    t.draw(top)
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [33]}")
    t.draw(bottom)
    return t


PS_CUBE = """ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texturecube (float,float,float,float) t0
dcl_input_ps linear v1.xyz
dcl_output o0.xyzw
sample o0.xyzw, v1.xyzx, t0.xyzw, s0
ret
"""


def cube_face():
    """A render-target view of face 3 (-Y) of a 4 x 4 r8g8b8a8_unorm cube texture, cleared
    green and its left half drawn red; then the cube sampled (point) through a
    shader-resource view: the top half looks along -Y, at the face's texel column 1 on the
    left (u = 0.375: red) and column 2 on the right (u = 0.625: green); the bottom half
    along +X, a face never drawn (its zeros: black)."""
    t = Trace("cube_face", "render into a cube face through a render-target view")
    faces = ", ".join(["0"] * 16 * 6)
    t.resources += [shader(11, "pixel", PS_COLOR), shader(16, "pixel", PS_CUBE),
                    "  - create_texture: {id: 20, format: r8g8b8a8_unorm, width: 4, height: 4, "
                    f"levels: [{{u32: [{faces}]}}], kind: cube}}\n",
                    "  - create_view: {id: 30, kind: render_target, resource: 20, slice: 3}\n",
                    "  - create_view: {id: 31, kind: shader_resource, resource: 20}\n"]
    red_half = t.quad(0, 0, 2, 4, 0.5, color(1, 0, 0), size=4)
    # Along -Y the face's u is (x / |y| + 1) / 2.
    top_left = t.quad(0, 0, 16, 16, 0.5, lambda x, y: (-0.25, -1.0, 0.0, 0.0))
    top_right = t.quad(16, 0, 32, 16, 0.5, lambda x, y: (0.25, -1.0, 0.0, 0.0))
    bottom = t.quad(0, 16, 32, 32, 0.5, lambda x, y: (1.0, 0.0, 0.0, 0.0))
    t.cmd("set_render_targets: {render_targets: [30]}")
    t.cmd("set_viewport: {x: 0, y: 0, width: 4, height: 4, min_z: 0, max_z: 1}")
    t.cmd("clear_render_target_view: {view: 30, color: [0, 1, 0, 1]}")
    t.cmd("set_pixel_shader: {id: 11}")
    t.draw(red_half)
    t.cmd("set_render_targets: {render_targets: [32]}")
    t.cmd("set_viewport: {x: 0, y: 0, width: 32, height: 32, min_z: 0, max_z: 1}")
    t.cmd("set_pixel_shader: {id: 16}")
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [31]}")
    t.draw(top_left)
    t.draw(top_right)
    t.draw(bottom)
    return t


def clear_rgba32f(rgba=(0.1, -2.5, 1e10, 0.3)):
    """clear_render_target_view of an unbound r32g32b32a32_float texture's view to `rgba`,
    then its texel (1, 2) compared exactly (ld, eq) with the same four floats over the left
    half (green when equal) and with 0.1000001 in place of 0.1 over the right half (red:
    one float off)."""
    t = Trace("clear_rgba32f", "clear_render_target_view of a float target, read back exactly")
    exact = PS_EXACT.format(r=rgba[0], g=rgba[1], b=rgba[2], a=rgba[3])
    near = PS_EXACT.format(r=0.1000001, g=rgba[1], b=rgba[2], a=rgba[3])
    t.resources += [shader(13, "pixel", exact), shader(14, "pixel", near),
                    texture(20, "r32g32b32a32_float", 4, 16),
                    "  - create_view: {id: 21, kind: render_target, resource: 20}\n",
                    "  - create_view: {id: 22, kind: shader_resource, resource: 20}\n"]
    left = t.quad(0, 0, 16, 32, 0.5, color(0, 0, 0))
    right = t.quad(16, 0, 32, 32, 0.5, color(0, 0, 0))
    t.cmd(f"clear_render_target_view: {{view: 21, color: [{', '.join(repr(v) for v in rgba)}]}}")
    t.cmd("set_render_targets: {render_targets: [32]}")
    t.cmd("set_viewport: {x: 0, y: 0, width: 32, height: 32, min_z: 0, max_z: 1}")
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [22]}")
    t.cmd("set_pixel_shader: {id: 13}")
    t.draw(left)
    t.cmd("set_pixel_shader: {id: 14}")
    t.draw(right)
    return t


# oDepth from c0.x (cb0[0].x), Wine's ps_depth_code.
PS_DEPTH = """ps_4_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_output oDepth
mov oDepth, cb0[0].x
ret
"""
# Texel (x, y) of t0's red compared exactly with `value`: green when equal, else red.
PS_TEXEL_IS = """ps_4_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_output o0.xyzw
dcl_temps 1
ld r0.xyzw, l({x}, {y}, 0, 0), t0.xyzw
eq r0.x, r0.x, l({value})
movc o0.xyzw, r0.xxxx, l(0, 1.000000, 0, 1.000000), l(1.000000, 0, 0, 1.000000)
ret
"""


def wine_depth_only():
    """Wine's test_draw_depth_only on an r32_typeless texture (so it can be read back):
    a d32_float depth-stencil view and no render target, D3D10's default depth state.
    Texture 23 (view 24): cleared to 1, a colour-only pixel shader's quad at z 0 writes 0;
    oDepth 0.7 then fails; cleared to 1, oDepth 0.7 writes 0.7, 0.8 fails, 0.5 writes 0.5.
    Texture 20 (view 21): cleared to 1, then a 4 x 4 grid of 8 x 8 viewports, cell (j, i)
    drawn with oDepth (j + 4 i) / 16. Then over the back buffer each cell's 8 x 8 pixels
    read texel (8 j + 4, 8 i + 4) of texture 20 and compare it exactly with (j + 4 i) / 16,
    and a 4-pixel-wide band at x 32..35 compares texel (4, 4) of texture 23 with 0.5: green
    where equal, red otherwise."""
    t = Trace("wine_depth_only", "Wine's test_draw_depth_only, read back exactly")
    t.resources += [shader(11, "pixel", PS_COLOR), shader(15, "pixel", PS_DEPTH),
                    texture(20, "r32_typeless", 32, 4), texture(23, "r32_typeless", 32, 4),
                    "  - create_view: {id: 21, kind: depth_stencil, resource: 20, format: d32_float}\n",
                    "  - create_view: {id: 22, kind: shader_resource, resource: 20, format: r32_float}\n",
                    "  - create_view: {id: 24, kind: depth_stencil, resource: 23, format: d32_float}\n",
                    "  - create_view: {id: 25, kind: shader_resource, resource: 23, format: r32_float}\n"]
    full = t.quad(0, 0, 32, 32, 0.0, color(0, 1, 0))
    checks = []
    for i in range(4):
        for j in range(4):
            sid = 100 + 4 * i + j
            t.resources.append(shader(sid, "pixel", PS_TEXEL_IS.format(
                x=8 * j + 4, y=8 * i + 4, value=repr((j + 4 * i) / 16.0))))
            checks.append((sid, t.quad(8 * j, 8 * i, 8 * j + 8, 8 * i + 8, 0.5, color(0, 0, 0),
                                       size=40, height=32)))
    t.resources.append(shader(99, "pixel", PS_TEXEL_IS.format(x=4, y=4, value="0.5")))
    band = t.quad(32, 0, 36, 32, 0.5, color(0, 0, 0), size=40, height=32)

    def depth_draw(d):
        t.cmd(f"set_shader_constants: {{stage: pixel, start_register: 0, values: [{d}, 0, 0, 0]}}")
        t.draw(full)

    t.cmd("set_depth_stencil_state: {id: 0}")
    t.cmd("set_render_targets: {render_targets: [], depth_stencil: 24}")
    t.cmd("set_viewport: {x: 0, y: 0, width: 32, height: 32, min_z: 0, max_z: 1}")
    t.cmd("clear_depth_stencil_view: {view: 24, flags: [zbuffer], depth: 1}")
    t.cmd("set_pixel_shader: {id: 11}")
    t.draw(full)
    t.cmd("set_pixel_shader: {id: 15}")
    depth_draw(0.7)
    t.cmd("clear_depth_stencil_view: {view: 24, flags: [zbuffer], depth: 1}")
    for d in (0.7, 0.8, 0.5):
        depth_draw(d)
    t.cmd("set_render_targets: {render_targets: [], depth_stencil: 21}")
    t.cmd("clear_depth_stencil_view: {view: 21, flags: [zbuffer], depth: 1}")
    for i in range(4):
        for j in range(4):
            t.cmd(f"set_viewport: {{x: {8 * j}, y: {8 * i}, width: 8, height: 8, min_z: 0, "
                  "max_z: 1}")
            depth_draw(repr((j + 4 * i) / 16.0))
    t.cmd("set_render_targets: {render_targets: [32]}")
    t.cmd("set_viewport: {x: 0, y: 0, width: 40, height: 32, min_z: 0, max_z: 1}")
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [22]}")
    for sid, q in checks:
        t.cmd(f"set_pixel_shader: {{id: {sid}}}")
        t.draw(q)
    t.cmd("set_shader_resources: {stage: pixel, start_slot: 0, ids: [25]}")
    t.cmd("set_pixel_shader: {id: 99}")
    t.draw(band)
    return t


def depth_traffic(fmt, size=16):
    """A depth-only pass for the timing stats: a size x size depth-stencil view of `fmt`, no
    render target, a depth state that always passes and writes, one quad over the whole
    view: every depth line is read once and written back once."""
    typeless, dsv, _, texel = DEPTH[fmt]
    t = Trace(f"depth_traffic_{fmt}", f"a depth-only pass into a {dsv} view")
    t.resources += [shader(11, "pixel", PS_COLOR), texture(20, typeless, size, texel),
                    f"  - create_view: {{id: 21, kind: depth_stencil, resource: 20, format: {dsv}}}\n",
                    "  - create_depth_stencil_state: {id: 50, depth_func: always}\n"]
    full = t.quad(0, 0, size, size, 0.5, color(1, 0, 0), size=size)
    t.cmd("set_depth_stencil_state: {id: 50}")
    t.cmd("set_render_targets: {render_targets: [], depth_stencil: 21}")
    t.cmd(f"set_viewport: {{x: 0, y: 0, width: {size}, height: {size}, min_z: 0, max_z: 1}}")
    t.cmd("set_pixel_shader: {id: 11}")
    t.draw(full)
    return t


if __name__ == "__main__":
    rtv_srv().write()
    mip_views().write()
    cube_face().write()
    for f in DEPTH:
        depth(f).write()
        depth_compare(f).write()
    clear_rgba32f().write()
    wine_depth_only().write(width=40)
