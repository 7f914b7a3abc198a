"""Writes the D3D10 state-object traces of tests/e2e/test_d3d10_states.py (run it from
anywhere; it writes beside itself). Every trace is 32 x 32, clears to grey, draws with
D3D10 `draw` commands (half-integer pixel centres) and takes its state from D3D10 state
objects only. Quads have their edges on pixel boundaries, so coverage is whole pixels.
The test holds the expected pixels; each function below says what its trace draws.
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent

VS = "vs_2_0\\ndcl_position v0\\ndcl_texcoord0 v1\\nmov oPos, v0\\nmov oT0, v1\\n"
PS = "ps_2_0\\nmov oC0, c0\\n"  # the colour of c0
PS_MRT = "ps_2_0\\nmov oC0, c0\\nmov oC1, c0\\n"  # c0 to targets 0 and 1
PS_TEX = "ps_2_0\\ndcl t0.xy\\ndcl_2d s0\\ntexld r0, t0, s0\\nmov oC0, r0\\n"
GREEN, RED, BLUE, WHITE = (0, 1, 0, 1), (1, 0, 0, 1), (0, 0, 1, 1), (1, 1, 1, 1)


def ndc(px, py):
    return px / 16.0 - 1.0, 1.0 - py / 16.0


def quad(x0, y0, x1, y1, z=0.5, ccw=False, v_shift=0):
    """Two triangles covering pixels x0..x1, y0..y1, clockwise on screen unless ccw, with
    texture coordinates (x / 32, (y + v_shift) / 32)."""
    a, b, c, d = (x0, y0), (x1, y0), (x1, y1), (x0, y1)
    tris = [a, b, c, a, c, d]  # right then down: clockwise with y down
    if ccw:
        tris = [a, c, b, a, d, c]
    return [(*ndc(*p), z, p[0] / 32.0, (p[1] + v_shift) / 32.0) for p in tris]


class Trace:
    def __init__(self, name, about):
        self.name, self.about = name, about
        self.vertices, self.body, self.extra = [], [], ""

    def quad(self, *args, **kw):
        """Adds a quad's 6 vertices; returns its start vertex."""
        start = len(self.vertices)
        self.vertices += quad(*args, **kw)
        return start

    def cmd(self, text):
        self.body.append(f"  - {text}\n")

    def color(self, rgba):
        self.cmd(f"set_shader_constants: {{stage: pixel, start_register: 0, values: {list(rgba)}}}")

    def draw(self, start, quads=1):
        self.cmd(f"draw: {{topology: triangle_list, vertex_count: {6 * quads}, start_vertex: {start}}}")

    def write(self):
        rows = "".join(f"        - f32: [{', '.join(repr(float(v)) for v in r)}]\n"
                       for r in self.vertices)
        head = (f"# {self.about} (make_d3d10.py)\ngfxsim_trace: 1\nname: \"{self.name}\"\n"
                "width: 32\nheight: 32\ncommands:\n"
                "  - create_vertex_declaration:\n      id: 1\n      elements:\n"
                "        - {stream: 0, offset: 0, type: float3, usage: position, usage_index: 0}\n"
                "        - {stream: 0, offset: 12, type: float2, usage: texcoord, usage_index: 0}\n"
                f"  - create_vertex_buffer:\n      id: 2\n      bytes:\n{rows}"
                f"  - create_shader:\n      id: 10\n      stage: vertex\n      format: d3d9_asm\n"
                f"      data: {{text: \"{VS}\"}}\n"
                f"  - create_shader:\n      id: 11\n      stage: pixel\n      format: d3d9_asm\n"
                f"      data: {{text: \"{PS}\"}}\n" + self.extra +
                "  - set_vertex_declaration: {id: 1}\n"
                "  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 20}\n"
                "  - set_vertex_shader: {id: 10}\n  - set_pixel_shader: {id: 11}\n")
        (HERE / f"{self.name}.yaml").write_text(head + "".join(self.body) + "  - present: {}\n")


def blend_mrt():
    """Per-target blend enable and write masks on two targets: the back buffer (target 0)
    and a 32 x 32 texture (target 1), both cleared to 0xFF204060. Blend object: ONE + ONE,
    blending on target 0 only, write masks 0xF and 0x3 (red, green). A top-half quad writes
    (0.5, 0.5, 0.5, 1) = (128, 128, 128, 255) to both: target 0 blends to (160, 192, 224),
    target 1 takes red and green unblended: (128, 128, 96). With the target unbound and the
    default blend object (id 0: no blending), the bottom half shows the texture's top half."""
    t = Trace("blend_mrt", "D3D10 per-target blend enable and write masks")
    top, bottom = t.quad(0, 0, 32, 16), t.quad(0, 16, 32, 32, v_shift=-16)
    zeros = ", ".join(["0"] * 32 * 32)
    t.extra = (f"  - create_shader:\n      id: 12\n      stage: pixel\n      format: d3d9_asm\n"
               f"      data: {{text: \"{PS_MRT}\"}}\n"
               f"  - create_shader:\n      id: 13\n      stage: pixel\n      format: d3d9_asm\n"
               f"      data: {{text: \"{PS_TEX}\"}}\n"
               "  - create_texture:\n      id: 20\n      format: a8r8g8b8\n      width: 32\n"
               f"      height: 32\n      levels:\n        - {{u32: [{zeros}]}}\n")
    t.cmd("create_depth_stencil_state: {id: 1, depth_enable: 0}")
    t.cmd("set_depth_stencil_state: {id: 1}")
    t.cmd("create_blend_state: {id: 1, blend_enable: [1, 0], src_blend: one, dest_blend: one, "
          "render_target_write_mask: [15, 3]}")
    t.cmd("set_render_target: {index: 1, id: 20}")
    t.cmd("clear: {flags: [target], color: 0xFF204060, depth: 1, stencil: 0}")
    t.cmd("set_blend_state: {id: 1}")
    t.cmd("set_pixel_shader: {id: 12}")
    t.color((0.5, 0.5, 0.5, 1))
    t.draw(top)
    t.cmd("set_render_target: {index: 1, id: 0}")
    t.cmd("set_blend_state: {id: 0}")
    t.cmd("set_pixel_shader: {id: 13}")
    t.cmd("set_texture: {stage: 0, id: 20}")
    t.draw(bottom)
    t.write()


def cull_winding():
    """Top row under cull back with the default winding (clockwise is front): the clockwise
    quad at the top left is drawn green, the counter-clockwise one at the top right culled.
    Bottom row under cull back with front_counter_clockwise 1: the clockwise quad at the
    bottom left is culled, the counter-clockwise one at the bottom right drawn blue. Then
    cull front with the default winding culls a clockwise quad over the whole top row."""
    t = Trace("cull_winding", "D3D10 culling by winding")
    tl, tr = t.quad(0, 0, 16, 16), t.quad(16, 0, 32, 16, ccw=True)
    bl, br = t.quad(0, 16, 16, 32), t.quad(16, 16, 32, 32, ccw=True)
    top = t.quad(0, 0, 32, 16)
    t.cmd("create_rasterizer_state: {id: 1, cull_mode: back}")
    t.cmd("create_rasterizer_state: {id: 2, cull_mode: back, front_counter_clockwise: 1}")
    t.cmd("create_rasterizer_state: {id: 3, cull_mode: front}")
    t.cmd("clear: {flags: [target, zbuffer], color: 0xFF808080, depth: 1}")
    t.cmd("create_depth_stencil_state: {id: 1, depth_enable: 0}")
    t.cmd("set_depth_stencil_state: {id: 1}")
    t.cmd("set_rasterizer_state: {id: 1}")
    t.color(GREEN)
    t.draw(tl)
    t.draw(tr)
    t.cmd("set_rasterizer_state: {id: 2}")
    t.color(BLUE)
    t.draw(bl)
    t.draw(br)
    t.cmd("set_rasterizer_state: {id: 3}")
    t.color(RED)
    t.draw(top)
    t.write()


def depth_func():
    """Depth cleared to 0.5. GREATER with writes (write mask all, the default): a red left
    half at z 0.75 passes and writes 0.75. GREATER without writes (depth_write_mask zero): a
    blue full quad at z 0.625 fails on the left (0.625 < 0.75), passes on the right and
    leaves the depth there at 0.5. EQUAL: a green top half at z 0.5 passes at the top right
    only (it would fail there had the blue quad written 0.625)."""
    t = Trace("depth_func", "D3D10 depth test and write through the depth-stencil state")
    left = t.quad(0, 0, 16, 32, z=0.75)
    full = t.quad(0, 0, 32, 32, z=0.625)
    top = t.quad(0, 0, 32, 16, z=0.5)
    t.cmd("create_depth_stencil_state: {id: 1, depth_func: greater}")
    t.cmd("create_depth_stencil_state: {id: 2, depth_func: greater, depth_write_mask: zero}")
    t.cmd("create_depth_stencil_state: {id: 3, depth_func: equal}")
    t.cmd("clear: {flags: [target, zbuffer], color: 0xFF808080, depth: 0.5}")
    for state, rgba, start in ((1, RED, left), (2, BLUE, full), (3, GREEN, top)):
        t.cmd(f"set_depth_stencil_state: {{id: {state}}}")
        t.color(rgba)
        t.draw(start)
    t.write()


def stencil_two_sided():
    """Stencil cleared to 128, culling off, depth off. Object 1: front faces INCR, back
    faces DECR. Default winding: a clockwise left half (front) goes to 129, a
    counter-clockwise right half (back) to 127. With front_counter_clockwise 1 the faces
    swap: a clockwise top half is now a back face and takes DECR (128 / 126 on top).
    Object 2 (EQUAL on both faces) then paints ref 128 green, 126 red, 129 blue, 127 white."""
    t = Trace("stencil_two_sided", "D3D10 two-sided stencil through the depth-stencil state")
    left, right = t.quad(0, 0, 16, 32), t.quad(16, 0, 32, 32, ccw=True)
    top, full = t.quad(0, 0, 32, 16), t.quad(0, 0, 32, 32)
    t.cmd("create_rasterizer_state: {id: 1, cull_mode: none}")
    t.cmd("create_rasterizer_state: {id: 2, cull_mode: none, front_counter_clockwise: 1}")
    t.cmd("create_depth_stencil_state: {id: 1, depth_enable: 0, stencil_enable: 1, "
          "front_face_pass_op: incr, back_face_pass_op: decr}")
    t.cmd("create_depth_stencil_state: {id: 2, depth_enable: 0, stencil_enable: 1, "
          "front_face_func: equal, back_face_func: equal}")
    t.cmd("clear: {flags: [target, zbuffer, stencil], color: 0xFF808080, depth: 1, stencil: 128}")
    t.cmd("set_rasterizer_state: {id: 1}")
    t.cmd("set_depth_stencil_state: {id: 1}")
    t.color(WHITE)
    t.draw(left)
    t.draw(right)
    t.cmd("set_rasterizer_state: {id: 2}")
    t.draw(top)
    t.cmd("set_rasterizer_state: {id: 1}")
    for ref, rgba in ((128, GREEN), (126, RED), (129, BLUE), (127, WHITE)):
        t.cmd(f"set_depth_stencil_state: {{id: 2, stencil_ref: {ref}}}")
        t.color(rgba)
        t.draw(full)
    t.write()


def depth_bias():
    """Depth cleared to 0.5, LESS with writes, quads at z 0.5 in four 8-pixel columns.
    Column 0: bias 0 fails (0.5 is not less than 0.5): grey. Column 1: bias -2 (2 * 2^-24)
    passes: red. Column 2: red with bias -2, then green with bias -8 passes over it. Column 3:
    red with bias -8, then green with bias -2 fails against it: red. A bias in the wrong units
    (0, or whole depth units that clamp to 0) would fail column 1 or pass column 3."""
    t = Trace("depth_bias", "D3D10 integer depth bias against a depth test")
    cols = [t.quad(8 * i, 0, 8 * i + 8, 32) for i in range(4)]
    for bias in (0, -2, -8):
        t.cmd(f"create_rasterizer_state: {{id: {10 - bias}, depth_bias: {bias}}}")
    t.cmd("create_depth_stencil_state: {id: 1, depth_func: less}")
    t.cmd("clear: {flags: [target, zbuffer], color: 0xFF808080, depth: 0.5}")
    t.cmd("set_depth_stencil_state: {id: 1}")
    for col, first, second in ((0, 0, None), (1, -2, None), (2, -2, -8), (3, -8, -2)):
        for bias, rgba in ((first, RED), (second, GREEN)):
            if bias is None:
                continue
            t.cmd(f"set_rasterizer_state: {{id: {10 - bias}}}")
            t.color(rgba)
            t.draw(cols[col])
    t.write()


if __name__ == "__main__":
    for make in (cull_winding, depth_func, stencil_two_sided, depth_bias, blend_mrt):
        make()
