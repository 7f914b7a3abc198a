#!/usr/bin/python3
"""Writes the traces of test_formats.py beside this script: one small trace per texture
format (and one per cube / volume case), each a 32x32 target cleared to grey (0x808080)
with its draws and one present.

2D traces: one full-screen quad whose TEXCOORD0 runs u = 0..2 left to right and v = 0..1
top to bottom over a W x H texture sampled with point filtering and wrap addressing, so
each half of the screen shows every texel once: the pixel shader writes the texel's
(r, g, b) on the left half (u < 1) and its alpha replicated on the right half (u >= 1).
Signed formats are shown as 0.5 * value + 0.5. Texel (i, j) covers pixels
x in [16 i / W, 16 (i + 1) / W) (+16 on the right) and y in [32 j / H, 32 (j + 1) / H).

Cube traces draw six horizontal strips of 32x5 pixels (rows 0..29), strip f with a constant
direction into face f; volume traces draw four strips with a constant (u, v, w).

Render-target traces (rt_FORMAT) render into a 32x32 texture of that format first (a clear,
then a constant colour over its top half) and then sample it like the 2D traces.

Level blobs are the formats' D3D9 memory bytes (`u8` lists). Run it again after changing
a trace: /usr/bin/python3 tests/e2e/data/formats/make_formats.py
"""
import json
import struct
from pathlib import Path

SIZE = 32


def w16(*ws):
    return b"".join(struct.pack("<H", w) for w in ws)


def w32(*ws):
    return b"".join(struct.pack("<I", w) for w in ws)


def f32(*fs):
    return b"".join(struct.pack("<f", f) for f in fs)


def half(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


# 2x2 textures: texels (0,0), (1,0), (0,1), (1,1).
TEXTURES_2D = {
    "l8": ("l8", 2, 2, bytes([0x00, 0x40, 0x80, 0xFF])),
    "a8": ("a8", 2, 2, bytes([0x00, 0x40, 0x80, 0xFF])),
    "a8l8": ("a8l8", 2, 2, bytes([0x20, 0x80, 0x40, 0xFF, 0x80, 0x00, 0xFF, 0x40])),
    "r5g6b5": ("r5g6b5", 2, 2, w16(0xF800, 0x07E0, 0x001F, 1 << 11 | 2 << 5 | 3)),
    "x1r5g5b5": ("x1r5g5b5", 2, 2, w16(0x7C00, 0x83E0, 0x001F, 0x0421)),
    "a1r5g5b5": ("a1r5g5b5", 2, 2, w16(0x7C00, 0x83E0, 0x801F, 0x0421)),
    "a4r4g4b4": ("a4r4g4b4", 2, 2, w16(0x8F00, 0x40F0, 0xF00F, 0x1234)),
    "x8r8g8b8": ("x8r8g8b8", 2, 2, w32(0x00FF0000, 0x1200FF00, 0x340000FF, 0x56123456)),
    "a16b16g16r16": ("a16b16g16r16", 2, 2,
                     w16(0xFFFF, 0, 0, 0x8000, 0, 0xFFFF, 0, 0xFFFF,
                         0, 0, 0xFFFF, 0x4000, 0x1234, 0x8000, 0xC000, 0)),
    "a16b16g16r16f": ("a16b16g16r16f", 2, 2,
                      w16(half(1.0), 0, 0, half(0.5), 0, half(1.0), 0, half(1.0),
                          0, 0, half(1.0), half(0.25), half(0.75), half(0.5), half(0.125), 0)),
    "r16f": ("r16f", 2, 2, w16(half(0.0), half(0.25), half(0.5), half(1.0))),
    "r32f": ("r32f", 2, 2, f32(0.0, 0.25, 0.5, 1.0)),
    "g16r16": ("g16r16", 2, 2, w16(0, 0, 0xFFFF, 0, 0, 0xFFFF, 0x8000, 0x4000)),
    "a32b32g32r32f": ("a32b32g32r32f", 2, 2,
                      f32(1.0, 0.0, 0.0, 0.5, 0.0, 1.0, 0.0, 1.0,
                          0.0, 0.0, 1.0, 0.25, 0.75, 0.5, 0.125, 0.0)),
    "v8u8": ("v8u8", 2, 2, bytes([0x7F, 0x81, 0x00, 0x40, 0xC0, 0x00, 0x80, 0x7F])),
    "q8w8v8u8": ("q8w8v8u8", 2, 2, bytes([0x7F, 0x00, 0x81, 0x7F, 0x00, 0x40, 0xC0, 0x81,
                                          0x40, 0x40, 0x40, 0x00, 0x80, 0x7F, 0x00, 0x40])),
}
SIGNED = {"v8u8", "q8w8v8u8"}


def color_block(c0, c1, indices):
    bits = 0
    for i, k in enumerate(indices):
        bits |= k << (2 * i)
    return struct.pack("<HHI", c0, c1, bits)


RAMP = [0, 1, 2, 3] * 4  # column x of the 4x4 block uses index x
# DXT textures: one 4x4 block, so the texel of column x shows index x.
DXT_4COLOUR = color_block(0xF800, 0x001F, RAMP)   # red > blue: four colours
DXT_3COLOUR = color_block(0x001F, 0xF800, RAMP)   # blue <= red: three colours + transparent
DXT3_ALPHA = struct.pack("<Q", sum((4 * (i % 4) + 3) << (4 * i) for i in range(16)))


def dxt5_alpha(a0, a1):
    bits = sum((i % 8) << (3 * i) for i in range(16))  # texel i uses index i mod 8
    return bytes([a0, a1]) + struct.pack("<Q", bits)[:6]


TEXTURES_2D.update({
    "dxt1": ("dxt1", 4, 4, DXT_4COLOUR),
    "dxt1_3colour": ("dxt1", 4, 4, DXT_3COLOUR),
    "dxt2": ("dxt2", 4, 4, DXT3_ALPHA + DXT_3COLOUR),
    "dxt3": ("dxt3", 4, 4, DXT3_ALPHA + DXT_3COLOUR),
    "dxt4": ("dxt4", 4, 4, dxt5_alpha(255, 0) + DXT_4COLOUR),
    "dxt5": ("dxt5", 4, 4, dxt5_alpha(0, 255) + DXT_4COLOUR),
})

# A 2x2 cube: texel t = 2 y + x of face f is 0xFF000000 | (40 f) << 16 | (80 t) << 8 | 0x20;
# strip f points at face f through a direction whose (u, v) on it picks one texel.
# D3D10's DXGI formats, sampled the same way (D3D10's rules for missing channels and sRGB).
TEXTURES_2D.update({
    "r8g8b8a8_unorm": ("r8g8b8a8_unorm", 2, 2, bytes([0xFF, 0, 0, 0x80, 0, 0xFF, 0, 0xFF,
                                                      0, 0, 0xFF, 0x40, 0x12, 0x34, 0x56, 0])),
    "b8g8r8a8_unorm": ("b8g8r8a8_unorm", 2, 2, bytes([0, 0, 0xFF, 0x80, 0, 0xFF, 0, 0xFF,
                                                      0xFF, 0, 0, 0x40, 0x56, 0x34, 0x12, 0])),
    "r8g8b8a8_unorm_srgb": ("r8g8b8a8_unorm_srgb", 2, 2,
                            bytes([0xFF, 0x80, 0x0A, 0x80, 0, 0xBC, 0, 0xFF,
                                   0x40, 0x20, 0xC0, 0x40, 0x12, 0x34, 0x56, 0])),
    "r10g10b10a2_unorm": ("r10g10b10a2_unorm", 2, 2,
                          w32(1023 | 3 << 30, 1023 << 10 | 2 << 30, 1023 << 20 | 1 << 30,
                              512 | 256 << 10 | 100 << 20)),
    "r16_unorm": ("r16_unorm", 2, 2, w16(0, 0x4000, 0x8000, 0xFFFF)),
    "r8_unorm": ("r8_unorm", 2, 2, bytes([0x00, 0x40, 0x80, 0xFF])),
    "r32_float": ("r32_float", 2, 2, f32(0.0, 0.25, 0.5, 1.0)),
    "r16g16b16a16_float": ("r16g16b16a16_float", 2, 2, TEXTURES_2D["a16b16g16r16f"][3]),
    "r32g32b32a32_float": ("r32g32b32a32_float", 2, 2, TEXTURES_2D["a32b32g32r32f"][3]),
    "bc1_unorm": ("bc1_unorm", 4, 4, DXT_4COLOUR),
    "bc1_unorm_srgb": ("bc1_unorm_srgb", 4, 4, DXT_4COLOUR),
    "bc2_unorm": ("bc2_unorm", 4, 4, DXT3_ALPHA + DXT_3COLOUR),
    "bc3_unorm": ("bc3_unorm", 4, 4, dxt5_alpha(0, 255) + DXT_4COLOUR),
})

CUBE_TEXELS = [0xFF000000 | (40 * f) << 16 | (80 * t) << 8 | 0x20 for f in range(6) for t in range(4)]
CUBE_DIRECTIONS = [(1, 0.25, -0.5), (-1, -0.5, -0.25), (-0.5, 1, 0.25),
                   (0.25, -1, 0.5), (0.5, -0.25, 1), (0.5, -0.25, -1)]
# A 2x1x4 L8 volume, slice z = (40 z, 40 z + 20); strips read (u, v, w) with trilinear
# filtering across slices.
VOLUME = bytes([0, 20, 40, 60, 80, 100, 120, 140])
VOLUME_POINTS = [(0.25, 0.5, 0.125), (0.75, 0.5, 0.375), (0.5, 0.5, 0.5), (0.25, 0.5, 0.4375)]

PS_2D = """ps_2_0
def c0, -1, 0.5, 0, 0
dcl t0.xyz
dcl_2d s0
texld r0, t0, s0
{signed}add r1.x, t0.x, c0.x
cmp r2, r1.x, r0.a, r0
mov oC0, r2
"""
PS_3D = """ps_2_0
dcl t0.xyz
dcl_{kind} s0
texld r0, t0, s0
mov oC0, r0
"""
VS = """vs_2_0
dcl_position v0
dcl_texcoord0 v1
mov oPos, v0
mov oT0, v1
"""


def quad(x0, y0, x1, y1, tc):
    """Two clockwise triangles over pixels [x0, x1) x [y0, y1); tc = (tl, tr, bl, br)."""
    def clip(x, y):
        return (2 * x / SIZE - 1, 1 - 2 * y / SIZE)
    tl, tr, bl, br = tc
    corners = [(clip(x0, y0), tl), (clip(x1, y0), tr), (clip(x0, y1), bl),
               (clip(x0, y1), bl), (clip(x1, y0), tr), (clip(x1, y1), br)]
    return [(x, y, *t) for (x, y), t in corners]


def u8_list(data):
    return "[" + ", ".join(str(b) for b in data) + "]"


def trace(name, texture, ps, vertices, filt="point", extra_sampler=""):
    fmt, w, h, kind, depth, level = texture
    out = [f'gfxsim_trace: 1\nname: "formats_{name}"\nwidth: {SIZE}\nheight: {SIZE}\ncommands:\n',
           "  - create_vertex_declaration:\n      id: 1\n      elements:\n",
           "        - {stream: 0, offset: 0, type: float3, usage: position, usage_index: 0}\n",
           "        - {stream: 0, offset: 12, type: float3, usage: texcoord, usage_index: 0}\n",
           "  - create_vertex_buffer:\n      id: 2\n      bytes:\n"]
    for x, y, s, t, r in vertices:
        out.append(f"        - f32: [{x}, {y}, 0.5, {s}, {t}, {r}]\n")
    out.append("  - create_shader:\n      id: 10\n      stage: vertex\n      format: d3d9_asm\n"
               f"      data: {{text: {VS!r}}}\n".replace("'", '"'))
    out.append("  - create_shader:\n      id: 11\n      stage: pixel\n      format: d3d9_asm\n"
               f"      data: {{text: {ps!r}}}\n".replace("'", '"'))
    tail = "" if kind == "texture_2d" else f", kind: {kind}, depth: {depth}"
    out.append(f"  - create_texture: {{id: 20, format: {fmt}, width: {w}, height: {h}, "
               f"levels: [{{u8: {u8_list(level)}}}]{tail}}}\n")
    out.append(f"  - set_viewport: {{x: 0, y: 0, width: {SIZE}, height: {SIZE}, min_z: 0, max_z: 1}}\n")
    out.append("  - set_render_states: {z_enable: false, cull_mode: none}\n")
    out.append("  - set_vertex_declaration: {id: 1}\n")
    out.append("  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 24}\n")
    out.append("  - set_vertex_shader: {id: 10}\n  - set_pixel_shader: {id: 11}\n")
    out.append("  - set_texture: {stage: 0, id: 20}\n")
    out.append(f"  - set_sampler_state: {{stage: 0, min_filter: {filt}, mag_filter: {filt}, "
               f"mip_filter: none, address_u: wrap, address_v: wrap{extra_sampler}}}\n")
    out.append("  - clear: {flags: [target], color: 0xFF808080, depth: 1, stencil: 0}\n")
    out.append(f"  - draw_primitive: {{topology: triangle_list, start_vertex: 0, "
               f"primitive_count: {len(vertices) // 3}}}\n")
    out.append("  - present: {}\n")
    return "".join(out)


# Render-target traces: a 32x32 texture of the format is cleared to RT_CLEAR, its top half
# drawn with RT_COLOUR, then it is sampled onto the back buffer like the 2D traces.
RT_FORMATS = {"r5g6b5": 2, "x1r5g5b5": 2, "a1r5g5b5": 2, "a4r4g4b4": 2, "x8r8g8b8": 4,
              "g16r16": 4, "a16b16g16r16": 8, "r16f": 2, "a16b16g16r16f": 8, "r32f": 4,
              "a32b32g32r32f": 16, "r8g8b8a8_unorm": 4, "r8g8b8a8_unorm_srgb": 4,
              "b8g8r8a8_unorm": 4, "r10g10b10a2_unorm": 4, "r16_unorm": 2, "r8_unorm": 1,
              "r32_float": 4, "r16g16b16a16_float": 8, "r32g32b32a32_float": 16}
RT_COLOUR = (0.3, 0.6, 0.9, 0.7)
RT_CLEAR = 0x4C336699
PS_CONSTANT = "ps_2_0\ndef c0, {}, {}, {}, {}\nmov oC0, c0\n"


def rt_trace(fmt):
    """The render pass is put before the sampling pass of an ordinary 2D trace."""
    full = quad(0, 0, SIZE, SIZE, ((0, 0, 0), (2, 0, 0), (0, 1, 0), (2, 1, 0)))
    top = quad(0, 0, SIZE, SIZE // 2, ((0, 0, 0),) * 4)
    level = bytes(RT_FORMATS[fmt] * SIZE * SIZE)
    text = trace(f"rt_{fmt}", (fmt, SIZE, SIZE, "texture_2d", 1, level),
                 PS_2D.format(signed=""), full + top)
    render = ("  - set_render_target: {index: 0, id: 20}\n"
              f"  - clear: {{flags: [target], color: 0x{RT_CLEAR:08X}, depth: 1, stencil: 0}}\n"
              "  - set_pixel_shader: {id: 12}\n"
              "  - draw_primitive: {topology: triangle_list, start_vertex: 6, primitive_count: 2}\n"
              "  - set_render_target: {index: 0, id: 0}\n"
              "  - set_pixel_shader: {id: 11}\n")
    shader = ("  - create_shader:\n      id: 12\n      stage: pixel\n      format: d3d9_asm\n"
              f"      data: {{text: {json.dumps(PS_CONSTANT.format(*RT_COLOUR))}}}\n")
    text = text.replace("  - set_texture: {stage: 0, id: 20}\n",
                        render + "  - set_texture: {stage: 0, id: 20}\n")
    text = text.replace("  - set_viewport:", shader + "  - set_viewport:", 1)
    return text.replace("primitive_count: 4}", "primitive_count: 2}")


def main():
    here = Path(__file__).resolve().parent
    full = quad(0, 0, SIZE, SIZE, ((0, 0, 0), (2, 0, 0), (0, 1, 0), (2, 1, 0)))
    for name, (fmt, w, h, level) in TEXTURES_2D.items():
        signed = "mad r0, r0, c0.y, c0.y\n" if name in SIGNED else ""
        text = trace(name, (fmt, w, h, "texture_2d", 1, level), PS_2D.format(signed=signed), full)
        (here / f"{name}.yaml").write_text(text)
    for fmt in RT_FORMATS:
        (here / f"rt_{fmt}.yaml").write_text(rt_trace(fmt))
    strips = []
    for f, d in enumerate(CUBE_DIRECTIONS):
        strips += quad(0, 5 * f, SIZE, 5 * f + 5, (d, d, d, d))
    cube = b"".join(w32(c) for c in CUBE_TEXELS)
    (here / "cube.yaml").write_text(
        trace("cube", ("a8r8g8b8", 2, 2, "cube", 1, cube), PS_3D.format(kind="cube"), strips))
    strips = []
    for i, p in enumerate(VOLUME_POINTS):
        strips += quad(0, 8 * i, SIZE, 8 * i + 8, (p, p, p, p))
    (here / "volume.yaml").write_text(
        trace("volume", ("l8", 2, 1, "volume", 4, VOLUME), PS_3D.format(kind="volume"), strips,
              filt="linear", extra_sampler=", address_w: clamp"))


if __name__ == "__main__":
    main()
