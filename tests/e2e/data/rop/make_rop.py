"""Writes the generated traces of this folder (run it here: python3 make_rop.py);
alpha_test.yaml is hand-written. All are 32x32 with D3D9's integer pixel centres, so a
quad from clip x -1 to 0 covers columns 0..15 and one from y 1 to 0 rows 0..15.

stencil_ops.yaml  every stencil path on D24S8. Clear stencil 0x05. A: left half red at
  z 0.5 (depth only). B: full screen at z 0.7, colour masked off, stencil ALWAYS with
  ZFAIL REPLACE (ref 0x20) and PASS INCR: left 0x20 (depth failed), right 0x06. C: top
  half, no depth test, LESS ref 0x10, PASS INVERT, FAIL DECRSAT: top-left 0x10 < 0x20
  passes -> 0xDF, top-right 0x10 < 0x06 fails -> 0x05. Painters (EQUAL, KEEP, no depth):
  0xDF green, 0x2F with read mask 0xF0 (matches 0x20) blue, 0x05 white, 0x06 yellow.
stencil_two_sided.yaml  two-sided stencil (after visual.c's stencil_cull_test): cull
  none, clear stencil 0x80, TWOSIDEDSTENCILMODE with PASS INCR and CCW_PASS DECR. Left
  half clockwise -> 0x81, right half counter-clockwise -> 0x7F; with two-sided off, a
  counter-clockwise top half takes the clockwise INCR: 0x82 / 0x80. With cull cw a
  clockwise full-screen quad is culled and touches no stencil. Painters: 0x82 green,
  0x81 blue, 0x80 red, 0x7F white.
stencil_cull_traffic.yaml  a stencil-culled pass: only stencil is cleared (colour keeps
  the model's initial 0), the left half writes stencil 1 with colour masked off, then a
  full-screen green pass with stencil EQUAL 1 draws only there: the right half's quads are
  culled by stencil and make no colour access. stencil_pass_traffic.yaml is the same with
  ALWAYS: the whole screen turns green and every colour tile is written.
depth_d16.yaml  a D16 depth surface (header depth_format): red at z 0.2, then green at
  z 0.2 - 1e-6 under LESS; both quantise to 13107 in 16 bits, so green fails (a D24S8
  surface would pass it).
blend_separate.yaml  separate alpha blend and blend factors. Clear 0x00000000. A: full
  screen (1, 0, 0, 0.5) with ONE/ZERO; on the left SEPARATEALPHABLENDENABLE takes alpha
  BLENDFACTOR/ZERO (factor alpha 0x40): alpha 128 * 64 / 255 = 32; on the right alpha 128.
  B: full screen (0, 1, 0, 1) DESTALPHA/ZERO shows that alpha as green: 32 | 128. C: top
  half (0.25, 0.25, 1, 1) with MAX (factors ignored): (64, 64, 255) | (64, 128, 255).
  D: bottom half (1, 1, 1, 0.75) with BOTHINVSRCALPHA (DESTBLEND overridden by As):
  (64, 88, 64) | (64, 160, 64).
write_masks_mrt.yaml  COLORWRITEENABLE1..3 with four render-target textures cleared to
  0xFF204060 and a ps_2_0 writing white to oC0..oC3 under masks 0xF, 0x1 (red), 0x0 and
  0x6 (green, blue); then each quarter column of the screen samples one texture:
  white | (255, 64, 96) | (32, 64, 96) | (32, 255, 255).
scissor_clear.yaml  SCISSORTESTENABLE: over a grey full clear, a clear with the scissor
  rect (8, 4)-(24, 20) paints only that rect blue (D3D9 clears honour the scissor rect
  while the test is on); a full-screen red draw under the rect (12, 8)-(20, 16) fills
  only that one.
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent

VS = "vs_2_0\\ndcl_position v0\\ndcl_texcoord0 v1\\nmov oPos, v0\\nmov oT0, v1\\n"
PS_C0 = "ps_2_0\\nmov oC0, c0\\n"


def header(name, comment):
    return "".join(f"# {line}\n" for line in comment) + (
        f"gfxsim_trace: 1\nname: \"{name}\"\nwidth: 32\nheight: 32\ncommands:\n")


def quad(x0, x1, y0, y1, z, ccw=False, u0=0.0, u1=1.0):
    """Two triangles over clip x0..x1, y0..y1 (y0 the top), texcoord u0..u1 / v 0..1;
    clockwise on screen unless ccw."""
    a, b, c, d = (x0, y0, u0, 0), (x1, y0, u1, 0), (x0, y1, u0, 1), (x1, y1, u1, 1)
    tris = [a, b, c, c, b, d] if not ccw else [a, c, b, c, d, b]
    return [f"        - f32: [{x}, {y}, {z}, {u}, {v}]\n" for x, y, u, v in tris]


def common(quads, shaders):
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
    out += shader(10, "vertex", VS)
    for sid, text in shaders:
        out += shader(sid, "pixel", text)
    out += """  - set_vertex_declaration: {id: 1}
  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 20}
  - set_vertex_shader: {id: 10}
"""
    return out


def shader(sid, stage, text):
    return (f"  - create_shader:\n      id: {sid}\n      stage: {stage}\n      format: d3d9_asm\n"
            f"      data: {{text: \"{text}\"}}\n")


def states(**kv):
    def val(v):
        return ("true" if v else "false") if isinstance(v, bool) else str(v)
    return "  - set_render_states: {" + ", ".join(f"{k}: {val(v)}" for k, v in kv.items()) + "}\n"


def color(r, g, b, a=1):
    return f"  - set_shader_constants: {{stage: pixel, start_register: 0, values: [{r}, {g}, {b}, {a}]}}\n"


def draw(quad_index):
    return (f"  - draw_primitive: {{topology: triangle_list, start_vertex: {6 * quad_index}, "
            f"primitive_count: 2}}\n")


def painters(cases):
    """Full-screen draws (quad 0) with stencil EQUAL ref under read mask: colour where equal."""
    out = states(z_enable=False, color_write_mask="0xf", stencil_func="equal",
                 stencil_fail="keep", stencil_zfail="keep", stencil_pass="keep")
    for ref, mask, rgb in cases:
        out += states(stencil_ref=ref, stencil_mask=mask) + color(*rgb) + draw(0)
    return out


FULL, LEFT, RIGHT, TOP, BOTTOM = (-1, 1, 1, -1), (-1, 0, 1, -1), (0, 1, 1, -1), (-1, 1, 1, 0), \
    (-1, 1, 0, -1)


def stencil_ops():
    out = header("stencil_ops", ["Every stencil path on D24S8: make_rop.py."])
    out += common([quad(*FULL, 0.7), quad(*LEFT, 0.5), quad(*TOP, 0.5)], [(11, PS_C0)])
    out += "  - set_pixel_shader: {id: 11}\n"
    out += states(z_enable=True, z_func="less", z_write=True, cull_mode="none")
    out += "  - clear: {flags: [target, zbuffer, stencil], color: 0xFF000000, depth: 1, stencil: 5}\n"
    out += color(1, 0, 0) + draw(1)
    out += states(z_write=False, color_write_mask="0x0", stencil_enable=True, stencil_func="always",
                  stencil_ref=0x20, stencil_fail="keep", stencil_zfail="replace",
                  stencil_pass="incr")
    out += draw(0)
    out += states(z_enable=False, stencil_func="less", stencil_ref=0x10, stencil_fail="decr_sat",
                  stencil_pass="invert")
    out += draw(2)
    out += painters([(0xDF, "0xffffffff", (0, 1, 0)), (0x2F, "0x000000f0", (0, 0, 1)),
                     (0x05, "0xffffffff", (1, 1, 1)), (0x06, "0xffffffff", (1, 1, 0))])
    return out + "  - present: {}\n"


def stencil_two_sided():
    out = header("stencil_two_sided", ["Two-sided stencil and culling: make_rop.py."])
    out += common([quad(*FULL, 0.5), quad(*LEFT, 0.5), quad(*RIGHT, 0.5, ccw=True),
                   quad(*TOP, 0.5, ccw=True)], [(11, PS_C0)])
    out += "  - set_pixel_shader: {id: 11}\n"
    out += states(z_enable=False, cull_mode="none", color_write_mask="0x0")
    out += "  - clear: {flags: [target, stencil], color: 0xFF000000, depth: 1, stencil: 128}\n"
    out += states(stencil_enable=True, two_sided_stencil=True, stencil_func="always",
                  stencil_pass="incr", ccw_stencil_func="always", ccw_stencil_pass="decr")
    out += draw(1) + draw(2)
    out += states(two_sided_stencil=False) + draw(3)
    out += states(two_sided_stencil=True, cull_mode="cw") + draw(0)
    out += states(cull_mode="none")
    out += painters([(0x82, "0xffffffff", (0, 1, 0)), (0x81, "0xffffffff", (0, 0, 1)),
                     (0x80, "0xffffffff", (1, 0, 0)), (0x7F, "0xffffffff", (1, 1, 1))])
    return out + "  - present: {}\n"


def stencil_cull_traffic(name="stencil_cull_traffic", func="equal"):
    out = header(name, ["A stencil-culled pass: make_rop.py."])
    out += common([quad(*FULL, 0.5), quad(*LEFT, 0.5)], [(11, PS_C0)])
    out += "  - set_pixel_shader: {id: 11}\n"
    out += states(z_enable=False, cull_mode="none")
    out += "  - clear: {flags: [stencil], color: 0xFF000000, depth: 1, stencil: 0}\n"
    out += states(color_write_mask="0x0", stencil_enable=True, stencil_func="always",
                  stencil_ref=1, stencil_pass="replace")
    out += draw(1)
    out += states(color_write_mask="0xf", stencil_func=func, stencil_pass="keep")
    out += color(0, 1, 0) + draw(0)
    return out + "  - present: {}\n"


def depth_d16():
    out = header("depth_d16", ["A D16 depth surface: make_rop.py."]).replace(
        "height: 32\n", "height: 32\ndepth_format: d16\n")
    out += common([quad(*FULL, 0.2), quad(*FULL, 0.2 - 1e-6)], [(11, PS_C0)])
    out += "  - set_pixel_shader: {id: 11}\n"
    out += states(z_enable=True, z_func="less", z_write=True, cull_mode="none")
    out += "  - clear: {flags: [target, zbuffer], color: 0xFF000000, depth: 1, stencil: 0}\n"
    out += color(1, 0, 0) + draw(0) + color(0, 1, 0) + draw(1)
    return out + "  - present: {}\n"


def blend_separate():
    out = header("blend_separate", ["Separate alpha blend, blend factor, MAX, BOTHINVSRCALPHA: "
                                    "make_rop.py."])
    out += common([quad(*FULL, 0.5), quad(*LEFT, 0.5), quad(*RIGHT, 0.5), quad(*TOP, 0.5),
                   quad(*BOTTOM, 0.5)], [(11, PS_C0)])
    out += "  - set_pixel_shader: {id: 11}\n"
    out += states(z_enable=False, cull_mode="none")
    out += "  - clear: {flags: [target], color: 0x00000000, depth: 1, stencil: 0}\n"
    out += states(blend_enable=True, src_blend="one", dest_blend="zero",
                  separate_alpha_blend=True, src_blend_alpha="blend_factor",
                  dest_blend_alpha="zero", blend_op_alpha="add", blend_factor="0x40FFFFFF")
    out += color(1, 0, 0, 0.5) + draw(1)
    out += states(separate_alpha_blend=False) + draw(2)
    out += states(src_blend="dest_alpha", dest_blend="zero") + color(0, 1, 0, 1) + draw(0)
    out += states(blend_op="max", src_blend="zero", dest_blend="zero")
    out += color(0.25, 0.25, 1, 1) + draw(3)
    out += states(blend_op="add", src_blend="both_inv_src_alpha", dest_blend="zero")
    out += color(1, 1, 1, 0.75) + draw(4)
    return out + "  - present: {}\n"


def texture(tid, size):
    words = ", ".join(["0"] * (size * size))
    return (f"  - create_texture:\n      id: {tid}\n      format: a8r8g8b8\n      width: {size}\n"
            f"      height: {size}\n      levels:\n        - {{u32: [{words}]}}\n")


def write_masks_mrt():
    out = header("write_masks_mrt", ["COLORWRITEENABLE1..3 with four targets: make_rop.py."])
    cols = [(-1, -0.5), (-0.5, 0), (0, 0.5), (0.5, 1)]
    out += common([quad(-1, 1, 1, -1, 0.5)] + [quad(x0, x1, 1, -1, 0.5) for x0, x1 in cols],
                  [(11, "ps_2_0\\ndef c0, 1, 1, 1, 1\\nmov oC0, c0\\nmov oC1, c0\\n"
                        "mov oC2, c0\\nmov oC3, c0\\n"),
                   (12, "ps_2_0\\ndcl t0.xy\\ndcl_2d s0\\ntexld r0, t0, s0\\nmov oC0, r0\\n")])
    for t in range(4):
        out += texture(20 + t, 8)
    out += states(z_enable=False, cull_mode="none")
    for t in range(4):
        out += f"  - set_render_target: {{index: {t}, id: {20 + t}}}\n"
    out += "  - clear: {flags: [target], color: 0xFF204060, depth: 1, stencil: 0}\n"
    out += states(color_write_mask1="0x1", color_write_mask2="0x0", color_write_mask3="0x6")
    out += "  - set_pixel_shader: {id: 11}\n" + draw(0)
    for t in (3, 2, 1):
        out += f"  - set_render_target: {{index: {t}, id: 0}}\n"
    out += "  - set_render_target: {index: 0, id: 0}\n"
    out += "  - set_pixel_shader: {id: 12}\n"
    for t in range(4):
        out += f"  - set_texture: {{stage: 0, id: {20 + t}}}\n" + draw(1 + t)
    return out + "  - present: {}\n"


def scissor_clear():
    out = header("scissor_clear", ["Scissored clears and draws: make_rop.py."])
    out += common([quad(*FULL, 0.5)], [(11, PS_C0)])
    out += "  - set_pixel_shader: {id: 11}\n"
    out += states(z_enable=False, cull_mode="none")
    out += "  - clear: {flags: [target], color: 0xFF808080, depth: 1, stencil: 0}\n"
    out += "  - set_scissor_rect: {left: 8, top: 4, right: 24, bottom: 20}\n"
    out += states(scissor_enable=True)
    out += "  - clear: {flags: [target], color: 0xFF0000FF, depth: 1, stencil: 0}\n"
    out += "  - set_scissor_rect: {left: 12, top: 8, right: 20, bottom: 16}\n"
    out += color(1, 0, 0) + draw(0)
    return out + "  - present: {}\n"


for name, make in [("stencil_ops", stencil_ops), ("stencil_two_sided", stencil_two_sided),
                   ("stencil_cull_traffic", stencil_cull_traffic),
                   ("stencil_pass_traffic", lambda: stencil_cull_traffic("stencil_pass_traffic",
                                                                         "always")),
                   ("depth_d16", depth_d16),
                   ("blend_separate", blend_separate), ("write_masks_mrt", write_masks_mrt),
                   ("scissor_clear", scissor_clear)]:
    (HERE / f"{name}.yaml").write_text(make())
