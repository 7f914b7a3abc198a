#!/usr/bin/python3
"""Writes the traces of test_shaders.py beside this script: one small trace per shader
feature, each a 32x32 target cleared to grey (0x808080) with one draw and one present.

Geometry: a full-screen quad (two clockwise triangles) whose TEXCOORD0 is the pixel
position over 32, (u, v) = (x / 32, y / 32) with y down, and whose COLOR0 is white. The
vFace trace instead draws one clockwise (front) triangle over the top-left half and one
counter-clockwise (back) triangle over the bottom-right half. Identity transforms, cull none.

Shaders are d3d9_asm text. Unless a trace says otherwise the vertex shader is PASS_VS
(vs_3_0 pass-through of position and texcoord0); `vs=None` keeps fixed-function vertex
processing and `ps=None` the fixed-function pixel stage, so mixed draws are covered too.
`textures` binds 1-row textures by D3D9 sampler stage (257..260 are the vertex samplers),
`stage_states` sets texture-stage states (the ps_1_x bump matrix), `ps_constants` pixel
shader constants from c<ps_start>.

Run it again after changing a trace: /usr/bin/python3 tests/e2e/data/shaders/make_shaders.py
"""
import json
from pathlib import Path

SIZE = 32

PASS_VS = """vs_3_0
dcl_position v0
dcl_texcoord0 v1
dcl_position o0
dcl_texcoord0 o1
mov o0, v0
mov o1, v1
"""

# vs_1_1 pass-through into two coordinate sets, for ps_1_x stages 0 and 1.
TEX2_VS = """vs_1_1
dcl_position v0
dcl_texcoord0 v1
mov oPos, v0
mov oT0, v1
mov oT1, v1
"""

# Clip-space x, y and texcoord u, v of the quad corners (u, v follow the screen, y down).
QUAD = [(-1, 1, 0, 0), (1, 1, 1, 0), (-1, -1, 0, 1),
        (-1, -1, 0, 1), (1, 1, 1, 0), (1, -1, 1, 1)]
# Clockwise on screen (top-left half), then counter-clockwise (bottom-right half).
FACES = [(-1, 1, 0, 0), (1, 1, 1, 0), (-1, -1, 0, 1),
         (1, 1, 1, 0), (-1, -1, 0, 1), (1, -1, 1, 1)]

TRACES = {
    # vs_2_0 sgn into oD0, fixed-function pixel stage: c0 = (-3, 0, 7) -> (0, 0.5, 1).
    # Vertex shader constants are not clamped (unlike ps_1_x constants): c0 from the trace
    # holds values outside [-1, 1]; clamped, the colour would be (0x80, 0x80, 0x40).
    "vs_constants_unclamped": dict(vs="""vs_2_0
def c1, 0.5, -1, 0.25, 1
dcl_position v0
mul oD0.xyz, c0, c1
mov oD0.w, c1.w
mov oPos, v0
""", ps=None, vs_constants=[1.5, -0.5, 2.0, 0]),
    "sgn": dict(vs="""vs_2_0
def c1, 0.5, 0.5, 0.5, 1
dcl_position v0
sgn r0, c0, r1, r2
mad oD0, r0, c1.x, c1.x
mov oD0.w, c1.w
mov oPos, v0
""", ps=None, vs_constants=[-3, 0, 7, 0]),
    # cmp on u - 0.5: left half (negative) red, right half green.
    "cmp": dict(ps="""ps_2_0
def c0, 0.5, 0, 0, 0
def c1, 0, 1, 0, 1
def c2, 1, 0, 0, 1
dcl t0.xy
sub r0, t0.x, c0.x
cmp r1, r0, c1, c2
mov oC0, r1
"""),
    # dp2add_sat: 0.5 stays, 3.5 saturates to 1, -1.5 to 0.
    "dp2add": dict(ps="""ps_2_0
def c0, 0.25, 0.25, 0, 0
def c1, 1, 1, 0, 0
def c2, 0, 3, -2, 1
dp2add_sat r0.x, c0, c1, c2.x
dp2add_sat r0.y, c0, c1, c2.y
dp2add_sat r0.z, c0, c1, c2.z
mov r0.w, c2.w
mov oC0, r0
"""),
    # ps_2_0 sincos with its two scratch constants, angle 1 rad: (cos, sin) = (0.5403, 0.8415).
    "sincos": dict(ps="""ps_2_0
def c0, 1, 0, 0, 1
def c1, -1.5500992e-006, -2.1701389e-005, 0.0026041667, 0.00026041668
def c2, -0.020833334, -0.125, 1, 0.5
mov r1, c0.y
sincos r1.xy, c0.x, c1, c2
mov r1.w, c0.w
mov oC0, r1
"""),
    # nrm (3, 0, 4) -> (0.6, 0, 0.8).
    "nrm": dict(ps="""ps_2_0
def c0, 3, 0, 4, 0
def c1, 0, 0, 0, 1
nrm r0.xyz, c0
mov r0.w, c1.w
mov oC0, r0
"""),
    # vs_3_0 loop aL from 1, 2 iterations, into COLOR0 for the fixed-function pixel stage:
    # c1 + c2 = (0, 0.5, 1); c0 (white) is skipped.
    "loop_al": dict(vs="""vs_3_0
defi i0, 2, 1, 1, 0
def c0, 1, 1, 1, 0
def c1, 0, 0.5, 0, 0
def c2, 0, 0, 1, 0
def c3, 0, 0, 0, 1
dcl_position v0
dcl_position o0
dcl_color0 o1
mov r0, c3
loop aL, i0
add r0, r0, c0[aL]
endloop
mov o1, r0
mov o0, v0
""", ps=None),
    # rep 3 { loop aL 0..3 { x += 1/16; y += c4[aL].y } } in vs_3_0: x = 12/16,
    # y = 3 * 10/64; read back by ps_3_0 as COLOR0.
    "nested_loops": dict(vs="""vs_3_0
defi i0, 3, 0, 0, 0
defi i1, 4, 0, 1, 0
def c0, 0.0625, 0, 0, 0
def c1, 0, 0, 1, 1
def c4, 0, 0.015625, 0, 0
def c5, 0, 0.03125, 0, 0
def c6, 0, 0.046875, 0, 0
def c7, 0, 0.0625, 0, 0
dcl_position v0
dcl_position o0
dcl_color0 o1
mov r0, c1
rep i0
loop aL, i1
add r0.x, r0.x, c0.x
add r0.y, r0.y, c4[aL].y
endloop
endrep
mov o1, r0
mov o0, v0
""", ps="""ps_3_0
dcl_color0 v0
mov oC0, v0
"""),
    # vFace: front (clockwise) green, back red.
    "vface": dict(ps="""ps_3_0
def c0, 0, 1, 0, 1
def c1, 1, 0, 0, 1
dcl vFace
cmp oC0, vFace, c0, c1
""", geometry=FACES),
    # vPos: integer pixel coordinates, so frc(vPos) = 0; g = x / 32, b = y / 32.
    "vpos": dict(ps="""ps_3_0
def c0, 0.03125, 0, 0, 1
dcl vPos.xy
frc r0.xy, vPos
add r1.x, r0.x, r0.y
mul r1.yz, vPos.xxy, c0.x
mov r1.w, c0.w
mov oC0, r1
"""),
    # texkill u - 0.5 (fixed-function vertex processing): left half keeps the clear colour.
    "texkill": dict(vs=None, ps="""ps_2_0
def c0, 0.5, 0, 0, 0
def c1, 1, 1, 1, 1
dcl t0.xy
sub r0, t0, c0
texkill r0
mov oC0, c1
"""),
    # dsx(u), dsy(v) are +1/32 per pixel (v grows downwards), dsy(u) = 0; scaled by 24.
    "dsy": dict(ps="""ps_3_0
def c0, 24, 0, 0, 1
dcl_texcoord0 v0.xy
dsx r0.x, v0.x
dsy r0.y, v0.y
dsy r0.z, v0.x
mul_sat r1.xyz, r0, c0.x
mov r1.w, c0.w
mov oC0, r1
"""),
    # vs_3_0 vertex texture fetch: texldl through vertex sampler s0 (D3D9 stage 257) reads
    # texel 1 of a 2x1 texture; pixel sampler 0 holds another texture, which must not be read.
    "vertex_texture": dict(vs="""vs_3_0
def c0, 0.75, 0.5, 0, 0
dcl_position v0
dcl_2d s0
dcl_position o0
dcl_color0 o1
mov o0, v0
texldl o1, c0, s0
""", ps="""ps_3_0
dcl_color0 v0
mov oC0, v0
""", textures={257: [0xFFFF0000, 0xFF2040C0], 0: [0xFF00FF00, 0xFF00FF00]}),
    # D3D9 hardware's special values (Wine's visual.c fp_special_test): pow(0, 0) = 1 and
    # nrm of the zero vector = 0, not the NaN their expansions give; here 1 into red and
    # nrm's x and z plus 0.5 and 0.25 into green and blue: (255, 128, 64).
    "pow_nrm_zero": dict(ps="""ps_2_0
def c0, 0, 0, 0, 0
def c1, 0.5, 0.25, 0, 1
pow r0.x, c0.x, c0.x
nrm r1.xyz, c0
add r0.y, r1.x, c1.x
add r0.z, r1.z, c1.y
mov r0.w, c1.w
mov oC0, r0
"""),
    # The same in a vs_2_0 into oD0, for the fixed-function pixel stage.
    "vs_pow_nrm_zero": dict(vs="""vs_2_0
def c0, 0, 0, 0, 0
def c1, 0.5, 0.25, 0, 1
dcl_position v0
pow r0.x, c0.x, c0.x
nrm r1.xyz, c0
add r0.y, r1.x, c1.x
add r0.z, r1.z, c1.y
mov r0.w, c1.w
mov oD0, r0
mov oPos, v0
""", ps=None),
    # visual.c test_uninitialized_varyings: a vs_1_1 that writes only oPos gives white
    # through the fixed-function pixel stage (unwritten oD0 channels read 1)...
    "unwritten_diffuse": dict(vs="""vs_1_1
dcl_position v0
mov oPos, v0
""", ps=None),
    # ... and a vs_2_0 that writes only oD0.x = 0.5 gives (0.5, 1, 1) to a ps_2_0.
    "unwritten_diffuse_partial": dict(vs="""vs_2_0
def c0, 0.5, 0.5, 0.5, 0.5
dcl_position v0
mov oPos, v0
mov oD0.x, c0
""", ps="""ps_2_0
dcl v0
mov oC0, v0
"""),
    # A ps_3_0 that writes only oDepth (z off) leaves the grey clear unchanged.
    "no_oc0": dict(ps="""ps_3_0
def c0, 0.25, 0, 0, 1
mov oDepth, c0.x
""", vs="""vs_3_0
dcl_position v0
dcl_position o0
mov o0, v0
"""),
    # Table fog behind a vs_1_1 that writes no oFog, fixed-function pixel stage: D3D9 fogs
    # by the pixel's depth z = 0.5; LINEAR 0..2 towards blue gives f = 0.75: (191, 191, 255).
    "table_fog_vs11": dict(vs="""vs_1_1
def c0, 1, 1, 1, 1
dcl_position v0
mov oPos, v0
mov oD0, c0
""", ps=None, states="fog_enable: true, fog_table_mode: linear, fog_start: 0, fog_end: 2, "
                     "fog_color: 0xFF0000FF"),
    # ps_1_4 cnd compares each channel with 0.5 (Wine cnd_test): texcrd (u, v, 0) picks c1 = 0
    # where a channel is above 0.5 and c2 = 1 elsewhere (u = 0.5 included); c2 is set to 2
    # and reads clamped to 1.
    "ps14_cnd": dict(ps="""ps_1_4
def c0, 0, 0, 0, 1
texcrd r0.xyz, t0
mov r0.a, c0.a
cnd r0, r0, c1, c2
""", ps_constants=[0, 0, 0, 0, 2, 2, 2, 2], ps_start=1),
    # ps_1_1 co-issued cnd selects its second operand whatever the condition (Wine cnd_test):
    # c1 = (0, 1, 0, 0) everywhere.
    "ps11_cnd_coissue": dict(ps="""ps_1_1
def c0, 1, 0, 0, 0
def c3, 0.5, 0.5, 0.5, 0
texcoord t0
mov r0, t0
sub r0, r0, c3
add r1, c0, c0
dp3 r1, r0, r1
mov r0.a, r1.a
+cnd r0.xyz, r0.a, c1, c2
""", ps_constants=[0, 1, 0, 0, 1, 0, 1, 1], ps_start=1),
    # ps_1_1 modifiers and clamps: c0 = (1.5, 0.75, 0.25) reads as (1, 0.75, 0.25), _bx2 gives
    # (1, 0.5, -0.5); plus 1 - c1 = (0.5, 1, 0.5) and halved: (0.75, 0.75, 0).
    "ps11_modifiers": dict(ps="""ps_1_1
def c1, 0.5, 0, 0.5, 1
add_d2 r0.rgb, c0_bx2, 1-c1
+mov r0.a, c1.a
""", ps_constants=[1.5, 0.75, 0.25, 1]),
    # ps_1_1 texbem: stage 0 holds (du, dv) = (0x80, 0x40) / 255, stage 1's BUMPENVMAT00 = 0.5
    # moves its lookup right by 0.251: texel (x / 8 + 1) mod 4 of a 4x1 texture.
    "ps11_texbem": dict(vs=TEX2_VS, ps="""ps_1_1
tex t0
texbem t1, t0
mov r0, t1
""", textures={0: [0xFF804000], 1: [0xFFFF0000, 0xFF00FF00, 0xFF0000FF, 0xFFFFFFFF]},
        stage_states={1: {"bump_env_mat00": 0.5}}),
}


def vertex_bytes(geometry):
    lines = []
    for x, y, u, v in geometry:
        lines.append(f"        - f32: [{x}, {y}, 0.5, {u}, {v}]\n")
        lines.append("        - u32: [0xFFFFFFFF]\n")
    return "".join(lines)


def shader(cid, stage, text):
    return (f"  - create_shader:\n      id: {cid}\n      stage: {stage}\n"
            f"      format: d3d9_asm\n      data: {{text: {json.dumps(text)}}}\n")


def trace(name, spec):
    vs = spec.get("vs", PASS_VS)
    ps = spec.get("ps")
    geometry = spec.get("geometry", QUAD)
    out = [f'gfxsim_trace: 1\nname: "shaders_{name}"\nwidth: {SIZE}\nheight: {SIZE}\ncommands:\n',
           "  - create_vertex_declaration:\n      id: 1\n      elements:\n",
           "        - {stream: 0, offset: 0, type: float3, usage: position, usage_index: 0}\n",
           "        - {stream: 0, offset: 12, type: float2, usage: texcoord, usage_index: 0}\n",
           "        - {stream: 0, offset: 20, type: d3dcolor, usage: color, usage_index: 0}\n",
           "  - create_vertex_buffer:\n      id: 2\n      bytes:\n", vertex_bytes(geometry)]
    if vs:
        out.append(shader(10, "vertex", vs))
    if ps:
        out.append(shader(11, "pixel", ps))
    out.append(f"  - set_viewport: {{x: 0, y: 0, width: {SIZE}, height: {SIZE}, min_z: 0, max_z: 1}}\n")
    # Without a vertex shader the draw is fixed-function: unlit, so colours arrive as given.
    states = ("" if vs else "lighting: false, ") + "z_enable: false, cull_mode: none"
    if "states" in spec:
        states += ", " + spec["states"]
    out.append(f"  - set_render_states: {{{states}}}\n")
    out.append("  - set_vertex_declaration: {id: 1}\n")
    out.append("  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 24}\n")
    if vs:
        out.append("  - set_vertex_shader: {id: 10}\n")
    if ps:
        out.append("  - set_pixel_shader: {id: 11}\n")
    for n, (stage, texels) in enumerate(sorted(spec.get("textures", {}).items())):
        hexes = ", ".join(f"0x{t:08X}" for t in texels)
        out.append(f"  - create_texture: {{id: {20 + n}, width: {len(texels)}, height: 1, "
                   f"levels: [{{u32: [{hexes}]}}]}}\n")
        out.append(f"  - set_texture: {{stage: {stage}, id: {20 + n}}}\n")
        out.append(f"  - set_sampler_state: {{stage: {stage}, min_filter: point, "
                   "mag_filter: point, mip_filter: none}\n")
    for stage, states in sorted(spec.get("stage_states", {}).items()):
        fields = ", ".join(f"{k}: {v}" for k, v in states.items())
        out.append(f"  - set_texture_stage_state: {{stage: {stage}, {fields}}}\n")
    if "ps_constants" in spec:
        out.append(f"  - set_shader_constants: {{stage: pixel, start_register: "
                   f"{spec.get('ps_start', 0)}, values: {spec['ps_constants']}}}\n")
    if "vs_constants" in spec:
        out.append(f"  - set_shader_constants: {{stage: vertex, start_register: 0, "
                   f"values: {spec['vs_constants']}}}\n")
    out.append("  - clear: {flags: [target], color: 0xFF808080, depth: 1, stencil: 0}\n")
    out.append(f"  - draw_primitive: {{topology: triangle_list, start_vertex: 0, "
               f"primitive_count: {len(geometry) // 3}}}\n")
    out.append("  - present: {}\n")
    return "".join(out)


def main():
    here = Path(__file__).resolve().parent
    for name, spec in TRACES.items():
        (here / f"{name}.yaml").write_text(trace(name, spec))


if __name__ == "__main__":
    main()
