"""Writes the D3D10 pixel-stage traces of tests/e2e/test_d3d10_ps.py (run it from anywhere;
it writes beside itself). Every trace is 32 x 32, clears to grey and draws with D3D10
`draw` commands and SM4 asm shaders (create_shader format sm4_asm). Vertices carry a clip
position (float4, so w can vary) and one float4 attribute; quads have their edges on pixel
boundaries. The test holds the expected pixels; each function below says what its trace
draws.
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Position and one attribute straight through: o1 links to the pixel shader's v1.
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
dcl_input_ps constant v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""
# Green where the interpolated v1.x is at least 0.5, else red.
PS_STEP = """ps_4_0
dcl_input_ps MODE v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
ge r0.x, v1.x, l(0.500000)
movc o0.xyzw, r0.xxxx, l(0, 1.000000, 0, 1.000000), l(1.000000, 0, 0, 1.000000)
ret
"""
MODES = ["linear", "linear noperspective", "linear centroid", "linear sample",
         "linear noperspective centroid", "linear noperspective sample"]
# SV_Position as colour: (x / 32, y / 32, z) on the top band, (0, w / 4, 0) on the next.
PS_POSITION = """ps_4_0
dcl_input_ps_siv linear noperspective v0.xyzw, position
dcl_output o0.xyzw
mul o0.xy, v0.xyxx, l(0.031250, 0.031250, 0, 0)
mov o0.z, v0.z
mov o0.w, l(1.000000)
ret
"""
PS_W = """ps_4_0
dcl_input_ps_siv linear noperspective v0.xyzw, position
dcl_output o0.xyzw
mul o0.y, v0.w, l(0.250000)
mov o0.xzw, l(0, 0, 0, 1.000000)
ret
"""
# red = SV_PrimitiveID * 16 / 255, blue = 255 when SV_IsFrontFace.
PS_PRIMITIVE = """ps_4_0
dcl_input_ps_sgv constant v1.x, primitive_id
dcl_input_ps_sgv constant v1.y, is_front_face
dcl_output o0.xyzw
dcl_temps 1
utof r0.x, v1.x
mul o0.x, r0.x, l(0.0627451)
movc o0.z, v1.y, l(1.000000), l(0)
mov o0.yw, l(0, 0, 0, 1.000000)
ret
"""
# SV_Target<t> = (t & 1, t >> 1 & 1, t >> 2 & 1, 1) for t = 0..7.
PS_MRT = ("ps_4_0\n" + "".join(f"dcl_output o{t}.xyzw\n" for t in range(8)) +
          "".join(f"mov o{t}.xyzw, l({t & 1}, {t >> 1 & 1}, {t >> 2 & 1}, 1)\n"
                  for t in range(8)).replace("1,", "1.000000,").replace("1)", "1.000000)")
          + "ret\n")
PS_SAMPLE = """ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
sample o0.xyzw, v1.xyxx, t0.xyzw, s0
ret
"""
# oDepth = y / 32 of the pixel centre; green.
PS_DEPTH = """ps_4_0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_output oDepth
mul oDepth, v0.y, l(0.031250)
mov o0.xyzw, l(0, 1.000000, 0, 1.000000)
ret
"""
# White, discarding the pixels right of x = 16.
PS_DISCARD = """ps_4_0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 1
lt r0.x, l(16.000000), v0.x
discard_nz r0.x
mov o0.xyzw, l(1.000000, 1.000000, 1.000000, 1.000000)
ret
"""


def clip(px, py, z=0.5, w=1.0):
    """Clip position of screen point (px, py) with depth z and clip w."""
    return ((px / 16.0 - 1.0) * w, (1.0 - py / 16.0) * w, z * w, w)


class Trace:
    def __init__(self, name, about):
        self.name, self.about = name, about
        self.vertices, self.resources, self.body = [], [], []
        self.shaders = 0

    def shader(self, stage, text):
        """Adds an SM4 asm shader; returns its id."""
        self.shaders += 1
        id_ = 10 + self.shaders
        body = text.replace("\n", "\\n")
        self.resources.append(f"  - create_shader:\n      id: {id_}\n      stage: {stage}\n"
                              f"      format: sm4_asm\n      data: {{text: \"{body}\"}}\n")
        return id_

    def tris(self, corners):
        """Adds vertices (px, py, z, w, attribute); returns the start vertex."""
        start = len(self.vertices)
        self.vertices += [clip(px, py, z, w) + tuple(a) for px, py, z, w, a in corners]
        return start

    def quad(self, x0, y0, x1, y1, attr, z=0.5, w=(1.0, 1.0), ccw=False):
        """Two triangles (a, b, c), (c, d, a) over pixels x0..x1, y0..y1, clockwise unless
        `ccw`; w[0] on the left edge, w[1] on the right; attr(corner) gives the attribute of
        corner 'a' (top left), 'b', 'c' or 'd'."""
        p = {"a": (x0, y0, w[0]), "b": (x1, y0, w[1]), "c": (x1, y1, w[1]), "d": (x0, y1, w[0])}
        order = "acbcad" if ccw else "abccda"
        return self.tris([(p[k][0], p[k][1], z, p[k][2], attr(k)) for k in order])

    def cmd(self, text):
        self.body.append(f"  - {text}\n")

    def draw(self, start, count=6):
        self.cmd(f"draw: {{topology: triangle_list, vertex_count: {count}, start_vertex: {start}}}")

    def write(self, states="z_enable: false, cull_mode: none"):
        rows = "".join(f"        - f32: [{', '.join(repr(float(v)) for v in r)}]\n"
                       for r in self.vertices)
        head = (f"# {self.about} (make_ps.py)\ngfxsim_trace: 1\nname: \"{self.name}\"\n"
                "width: 32\nheight: 32\ncommands:\n"
                "  - create_vertex_declaration:\n      id: 1\n      elements:\n"
                "        - {stream: 0, offset: 0, type: float4, usage: texcoord, usage_index: 0}\n"
                "        - {stream: 0, offset: 16, type: float4, usage: texcoord, "
                "usage_index: 1}\n"
                f"  - create_vertex_buffer:\n      id: 2\n      bytes:\n{rows}" +
                "".join(self.resources) +
                "  - set_vertex_declaration: {id: 1}\n"
                "  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 32}\n"
                f"  - set_render_states: {{{states}}}\n"
                "  - clear: {flags: [target, zbuffer], color: 0xFF808080, depth: 1, stencil: 0}\n")
        (HERE / f"{self.name}.yaml").write_text(head + "".join(self.body) + "  - present: {}\n")


def interpolation():
    """Eight bands of 4 rows. Bands 0..5: a full-width quad whose attribute x runs from 0 on
    the left (clip w 1) to 1 on the right (w 3), read by PS_STEP with MODES[band]: green
    where it is >= 0.5. Perspective-correct it is t / (3 - 2t) at t = x / 32, so green from
    x = 24; noperspective it is t, green from x = 16; centroid and sample evaluate at the
    pixel centre. Band 7: constant interpolation of a quad whose corners a (top left) and c
    (bottom right) lead its triangles (a, b, c) and (c, d, a): red above the diagonal a-c,
    blue below. Band 6 stays grey."""
    t = Trace("interpolation", "D3D10 interpolation modes")
    vs = t.shader("vertex", VS)
    t.cmd(f"set_vertex_shader: {{id: {vs}}}")
    ramp = {"a": (0, 0, 0, 1), "b": (1, 0, 0, 1), "c": (1, 0, 0, 1), "d": (0, 0, 0, 1)}
    for band, mode in enumerate(MODES):
        ps = t.shader("pixel", PS_STEP.replace("MODE", mode))
        start = t.quad(0, 4 * band, 32, 4 * band + 4, lambda k: ramp[k], w=(1.0, 3.0))
        t.cmd(f"set_pixel_shader: {{id: {ps}}}")
        t.draw(start)
    lead = {"a": (1, 0, 0, 1), "b": (0, 1, 0, 1), "c": (0, 0, 1, 1), "d": (0, 1, 0, 1)}
    start = t.quad(0, 28, 32, 32, lambda k: lead[k])
    t.cmd(f"set_pixel_shader: {{id: {t.shader('pixel', PS_COLOR)}}}")
    t.draw(start)
    t.write()


def system_values():
    """Rows 0..7: SV_Position as (x / 32, y / 32, z) of the pixel centre, depth 0.25. Rows
    8..15: (0, w / 4, 0) with clip w 3 everywhere. Rows 16..31: eight quads of 4 x 16 (x =
    4k) drawn as one triangle list, so the triangles' SV_PrimitiveID is 0..15 (quad k: 2k on
    its top-right half, 2k + 1 on its bottom-left half), red = id * 16; quads 2 and 5 are
    counter-clockwise (back-facing: blue 0), the others blue 255."""
    t = Trace("system_values", "D3D10 pixel system values")
    vs = t.shader("vertex", VS)
    none = lambda k: (0, 0, 0, 0)
    top = t.quad(0, 0, 32, 8, none, z=0.25)
    mid = t.quad(0, 8, 32, 16, none, w=(3.0, 3.0))
    strip = len(t.vertices)
    for k in range(8):
        t.quad(4 * k, 16, 4 * k + 4, 32, none, ccw=k in (2, 5))
    t.cmd(f"set_vertex_shader: {{id: {vs}}}")
    for start, ps, count in ((top, PS_POSITION, 6), (mid, PS_W, 6), (strip, PS_PRIMITIVE, 48)):
        t.cmd(f"set_pixel_shader: {{id: {t.shader('pixel', ps)}}}")
        t.draw(start, count)
    t.write()


def targets8():
    """Eight 32 x 32 textures bound as render targets 0..7 and cleared to 0xFF204060 take
    SV_Target0..7 = (t & 1, t >> 1 & 1, t >> 2 & 1, 1) under a blend object with write
    masks 15, 1, 2, 0, 4, 5, 15, 3 and ONE + ONE blending on target 6 only. Then, back on
    the back buffer with the default blend object, target t is sampled into the 8 x 16
    block at x = 8 (t % 4), y = 16 (t // 4)."""
    t = Trace("targets8", "D3D10 eight render targets with their own masks and blending")
    zeros = ", ".join(["0"] * 32 * 32)
    for k in range(8):
        t.resources.append(f"  - create_texture:\n      id: {20 + k}\n      format: a8r8g8b8\n"
                           f"      width: 32\n      height: 32\n      levels:\n"
                           f"        - {{u32: [{zeros}]}}\n")
    vs = t.shader("vertex", VS)
    mrt, sample = t.shader("pixel", PS_MRT), t.shader("pixel", PS_SAMPLE)
    full = t.quad(0, 0, 32, 32, lambda k: (0, 0, 0, 0))
    uv = {"a": (0, 0), "b": (1, 0), "c": (1, 1), "d": (0, 1)}
    blocks = [t.quad(8 * (k % 4), 16 * (k // 4), 8 * (k % 4) + 8, 16 * (k // 4) + 16,
                     lambda c: (*uv[c], 0, 0)) for k in range(8)]
    t.cmd("create_blend_state: {id: 1, blend_enable: [0, 0, 0, 0, 0, 0, 1, 0], src_blend: one, "
          "dest_blend: one, render_target_write_mask: [15, 1, 2, 0, 4, 5, 15, 3]}")
    for k in range(8):
        t.cmd(f"set_render_target: {{index: {k}, id: {20 + k}}}")
    t.cmd("clear: {flags: [target], color: 0xFF204060, depth: 1, stencil: 0}")
    t.cmd(f"set_vertex_shader: {{id: {vs}}}")
    t.cmd(f"set_pixel_shader: {{id: {mrt}}}")
    t.cmd("set_blend_state: {id: 1}")
    t.draw(full)
    for k in range(8):
        t.cmd(f"set_render_target: {{index: {k}, id: 0}}")
    t.cmd("set_blend_state: {id: 0}")
    t.cmd(f"set_pixel_shader: {{id: {sample}}}")
    t.cmd("set_sampler_state: {stage: 0, min_filter: point, mag_filter: point, "
          "mip_filter: none, address_u: clamp, address_v: clamp}")
    for k in range(8):
        t.cmd(f"set_texture: {{stage: 0, id: {20 + k}}}")
        t.draw(blocks[k])
    t.write()


def depth():
    """Depth test less, z write on. 1. Blue at depth 0.5 everywhere. 2. Green at depth 0.9
    with oDepth = (y + 0.5) / 32: passes on rows 0..15. 3. No pixel shader (set_pixel_shader
    0) at depth 0.1 on the right half: depth only. 4. Red at depth 0.2 everywhere: passes
    where the stored depth is above 0.2: the left half from row 6 down. 5. White at depth
    0.05 on rows 28..31 with the pixels right of x = 16 discarded. 6. Black at depth 0.07 on
    rows 28..31: fails on the left (0.05) and passes on the right, whose depth (0.1) the
    discarded pixels did not write."""
    t = Trace("depth", "D3D10 oDepth, a NULL pixel shader and discard against the depth test")
    vs = t.shader("vertex", VS)
    color, odepth, kill = (t.shader("pixel", s) for s in (PS_COLOR, PS_DEPTH, PS_DISCARD))
    rgb = lambda r, g, b: (lambda k: (r, g, b, 1))
    draws = [
        (t.quad(0, 0, 32, 32, rgb(0, 0, 1), z=0.5), color),
        (t.quad(0, 0, 32, 32, rgb(0, 0, 0), z=0.9), odepth),
        (t.quad(16, 0, 32, 32, rgb(0, 0, 0), z=0.1), 0),
        (t.quad(0, 0, 32, 32, rgb(1, 0, 0), z=0.2), color),
        (t.quad(0, 28, 32, 32, rgb(0, 0, 0), z=0.05), kill),
        (t.quad(0, 28, 32, 32, rgb(0, 0, 0), z=0.07), color),
    ]
    t.cmd(f"set_vertex_shader: {{id: {vs}}}")
    for start, ps in draws:
        t.cmd(f"set_pixel_shader: {{id: {ps}}}")
        t.draw(start)
    t.write("z_enable: true, z_write: true, z_func: less, cull_mode: none")


if __name__ == "__main__":
    interpolation()
    system_values()
    targets8()
    depth()
