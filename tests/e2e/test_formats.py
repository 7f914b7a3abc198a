"""Texture formats and kinds sampled end to end: each trace of data/formats/
(make_formats.py writes them and says what they draw) runs through gfxsim in the timing and
the functional model; the two frames must be identical and hold exactly the D3D9 values of
the texels: n-bit channels as c / (2^n - 1), missing channels as 0 or 1 by D3D9's rules,
signed bytes as c / 127, floats as stored, DXT blocks decoded bit-exactly, cube faces by the
major axis with D3D9's orientation, and volumes filtered across slices.
"""
from fractions import Fraction
import importlib.util
import math

import numpy as np

from conftest import DATA_DIR, frame_checks

_spec = importlib.util.spec_from_file_location("make_formats",
                                               DATA_DIR / "formats" / "make_formats.py")
make_formats = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_formats)

FORMATS = DATA_DIR / "formats"
SIZE = 32


def unorm(num, den=1):
    """num / den as the 8-bit target stores it (clamped, round to nearest)."""
    x = min(max(Fraction(num, den), 0), 1)
    return int(math.floor(x * 255 + Fraction(1, 2)))


def snorm_shown(c):
    """A signed byte c / 127 (with -128 as -1) shown as 0.5 v + 0.5."""
    return unorm(Fraction(max(c, -127), 127) / 2 + Fraction(1, 2))


def five(c):
    return unorm(c, 31)


# Per trace: width, height and the (r, g, b, a) 8-bit results of texels (0,0), (1,0), ...
# row by row.
TEXELS = {
    "l8": (2, 2, [(v, v, v, 255) for v in (0x00, 0x40, 0x80, 0xFF)]),
    "a8": (2, 2, [(0, 0, 0, v) for v in (0x00, 0x40, 0x80, 0xFF)]),
    "a8l8": (2, 2, [(0x20, 0x20, 0x20, 0x80), (0x40, 0x40, 0x40, 0xFF), (0x80, 0x80, 0x80, 0),
                    (0xFF, 0xFF, 0xFF, 0x40)]),
    "r5g6b5": (2, 2, [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255),
                      (five(1), unorm(2, 63), five(3), 255)]),
    "x1r5g5b5": (2, 2, [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255),
                        (five(1), five(1), five(1), 255)]),
    "a1r5g5b5": (2, 2, [(255, 0, 0, 0), (0, 255, 0, 255), (0, 0, 255, 255),
                        (five(1), five(1), five(1), 0)]),
    "a4r4g4b4": (2, 2, [(255, 0, 0, 8 * 17), (0, 255, 0, 4 * 17), (0, 0, 255, 255),
                        (2 * 17, 3 * 17, 4 * 17, 17)]),
    "x8r8g8b8": (2, 2, [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255),
                        (0x12, 0x34, 0x56, 255)]),
    "a16b16g16r16": (2, 2, [(255, 0, 0, unorm(0x8000, 0xFFFF)), (0, 255, 0, 255),
                            (0, 0, 255, unorm(0x4000, 0xFFFF)),
                            (unorm(0x1234, 0xFFFF), unorm(0x8000, 0xFFFF),
                             unorm(0xC000, 0xFFFF), 0)]),
    "a16b16g16r16f": (2, 2, [(255, 0, 0, 128), (0, 255, 0, 255), (0, 0, 255, 64),
                             (unorm(Fraction(3, 4)), 128, unorm(Fraction(1, 8)), 0)]),
    # D3D9 reads the missing g and b of R16F/R32F as 1 (visual.c: R32F 0.0 -> 0x0000FFFF).
    "r16f": (2, 2, [(unorm(v), 255, 255, 255) for v in (0, Fraction(1, 4), Fraction(1, 2), 1)]),
    "r32f": (2, 2, [(unorm(v), 255, 255, 255) for v in (0, Fraction(1, 4), Fraction(1, 2), 1)]),
    "g16r16": (2, 2, [(0, 0, 255, 255), (255, 0, 255, 255), (0, 255, 255, 255),
                      (unorm(0x8000, 0xFFFF), unorm(0x4000, 0xFFFF), 255, 255)]),
    "a32b32g32r32f": (2, 2, [(255, 0, 0, 128), (0, 255, 0, 255), (0, 0, 255, 64),
                             (unorm(Fraction(3, 4)), 128, unorm(Fraction(1, 8)), 0)]),
    # Signed formats are shown as 0.5 v + 0.5; V8U8's b and a read 1.
    "v8u8": (2, 2, [(snorm_shown(u), snorm_shown(v), 255, 255)
                    for u, v in ((127, -127), (0, 64), (-64, 0), (-128, 127))]),
    "q8w8v8u8": (2, 2, [tuple(snorm_shown(c) for c in t)
                        for t in ((127, 0, -127, 127), (0, 64, -64, -127), (64, 64, 64, 0),
                                  (-128, 127, 0, 64))]),
}

# DXT traces: one 4x4 block, column x uses colour index x; rounding is (2 c0 + c1 + 1) / 3.
RED_BLUE = [(255, 0, 0), (0, 0, 255), (170, 0, 85), (85, 0, 170)]  # c0 red > c1 blue
BLUE_RED = [(0, 0, 255), (255, 0, 0), (85, 0, 170), (170, 0, 85)]  # DXT2-5: always 4 colours
NIBBLE_ALPHA = [51, 119, 187, 255]  # DXT2/3 alpha nibble 4 x + 3, times 17


def dxt(colours, alpha_rows):
    return (4, 4, [(*colours[x], alpha_rows[y][x]) for y in range(4) for x in range(4)])


EIGHT = [255, 0, 219, 182, 146, 109, 73, 36]  # DXT5 a0 = 255 > a1 = 0
SIX = [0, 255, 51, 102, 153, 204, 0, 255]     # DXT5 a0 = 0 <= a1 = 255
TEXELS.update({
    "dxt1": dxt(RED_BLUE, [[255] * 4] * 4),
    # Three-colour mode: c2 = (c0 + c1 + 1) / 2, index 3 transparent black.
    "dxt1_3colour": dxt([(0, 0, 255), (255, 0, 0), (128, 0, 128), (0, 0, 0)], [[255, 255, 255, 0]] * 4),
    "dxt2": dxt(BLUE_RED, [NIBBLE_ALPHA] * 4),  # premultiplied: D3D9 returns what is stored
    "dxt3": dxt(BLUE_RED, [NIBBLE_ALPHA] * 4),
    "dxt4": dxt(RED_BLUE, [EIGHT[:4], EIGHT[4:], EIGHT[:4], EIGHT[4:]]),
    "dxt5": dxt(RED_BLUE, [SIX[:4], SIX[4:], SIX[:4], SIX[4:]]),
})


# Values as the model computes them: float32 products, the back buffer's 8 bits.
f32 = np.float32


def to_unorm(v, bits):
    """Float to an n-bit unorm: clamp, round to nearest (what the ROP stores in a native
    target; it forms the product in double, exact for 16-bit channels)."""
    v, m = f32(v), (1 << bits) - 1
    return 0 if not v > 0 else m if v >= 1 else int(float(v) * m + 0.5)


def shown(v):
    """The 8-bit back buffer's value: that product is formed in float32 (0.9 -> 230)."""
    v = f32(v)
    return 0 if not v > 0 else 255 if v >= 1 else int(v * f32(255) + f32(0.5))


def srgb_read(c):
    """An sRGB byte as the sampler returns it (linear, in float32) and the back buffer
    stores it."""
    v = c / 255
    return shown(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)


def srgb_texel(r, g, b, a):
    return (srgb_read(r), srgb_read(g), srgb_read(b), a)


# DXGI formats: D3D10 reads a missing colour channel as 0 (not D3D9's 1), alpha as 1.
TEXELS.update({
    "r8g8b8a8_unorm": (2, 2, [(255, 0, 0, 0x80), (0, 255, 0, 255), (0, 0, 255, 0x40),
                              (0x12, 0x34, 0x56, 0)]),
    "r8g8b8a8_unorm_srgb": (2, 2, [srgb_texel(0xFF, 0x80, 0x0A, 0x80), srgb_texel(0, 0xBC, 0, 0xFF),
                                   srgb_texel(0x40, 0x20, 0xC0, 0x40),
                                   srgb_texel(0x12, 0x34, 0x56, 0)]),
    "r10g10b10a2_unorm": (2, 2, [(255, 0, 0, 255), (0, 255, 0, unorm(2, 3)), (0, 0, 255, unorm(1, 3)),
                                 (unorm(512, 1023), unorm(256, 1023), unorm(100, 1023), 0)]),
    "r16_unorm": (2, 2, [(unorm(v, 0xFFFF), 0, 0, 255) for v in (0, 0x4000, 0x8000, 0xFFFF)]),
    "r8_unorm": (2, 2, [(v, 0, 0, 255) for v in (0x00, 0x40, 0x80, 0xFF)]),
    "r32_float": (2, 2, [(unorm(v), 0, 0, 255) for v in (0, Fraction(1, 4), Fraction(1, 2), 1)]),
    "bc1_unorm_srgb": dxt([tuple(srgb_read(c) for c in rgb) for rgb in RED_BLUE], [[255] * 4] * 4),
})
for dxgi, d3d9 in (("b8g8r8a8_unorm", "r8g8b8a8_unorm"), ("r16g16b16a16_float", "a16b16g16r16f"),
                   ("r32g32b32a32_float", "a32b32g32r32f"), ("bc1_unorm", "dxt1"),
                   ("bc2_unorm", "dxt3"), ("bc3_unorm", "dxt5")):
    TEXELS[dxgi] = TEXELS[d3d9]


def texture_2d(name):
    width, height, texels = TEXELS[name]
    cell_x, cell_y = 16 // width, SIZE // height

    def expected(x, y):
        # Pixels on a texel boundary (and the colour/alpha split) are left out.
        if (x % cell_x == 0 and x > 0) or (y % cell_y == 0 and y > 0):
            return None
        r, g, b, a = texels[(y // cell_y) * width + (x % 16) // cell_x]
        return (r, g, b) if x < 16 else (a, a, a)
    return expected


# Strip f (rows 5 f .. 5 f + 4) of the cube trace reads face f's texel t (make_formats.py).
CUBE_TEXEL = [1, 2, 2, 1, 3, 2]


def cube(x, y):
    if y >= 30 or y % 5 == 0:
        return None
    f = y // 5
    return (40 * f, 80 * CUBE_TEXEL[f], 0x20)


# Strips of 8 rows of the volume trace: exact slice 0, exact slice 1 texel 1, the average
# of four texels of slices 1 and 2, and a quarter of the way from slice 1 to slice 2.
VOLUME = [0, 60, 70, 50]


def volume(x, y):
    if y % 8 == 0:
        return None
    v = VOLUME[y // 8]
    return (v, v, v)


# Render targets (rt_FORMAT traces): the ROP stores RT_COLOUR (top half) and the clear colour
# (bottom half) with the format's rounding, the sampler reads them back, and the back buffer
# shows them as 8 bits. Floats are emulated in float32 as the model computes them.
RT_COLOUR = (0.3, 0.6, 0.9, 0.7)
RT_CLEAR = [f32(c) * f32(1.0 / 255.0) for c in (0x33, 0x66, 0x99, 0x4C)]  # D3DCOLOR 0x4C336699


def linear_to_srgb(v):
    """The encode of an _SRGB target, in double from the float32 colour, as the ROP does."""
    v = float(f32(v))
    return 0.0 if not v > 0 else 1.0 if v >= 1 else (
        12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def stored_and_read(fmt, rgba):
    """(r, g, b, a) on the back buffer after a texel of format `fmt` holding `rgba` is
    sampled."""
    def via(v, bits):  # stored in `bits`, read back as c / (2^bits - 1) rounded to float
        return shown(f32(to_unorm(v, bits) / ((1 << bits) - 1)))
    r, g, b, a = rgba
    if fmt == "r5g6b5":
        return via(r, 5), via(g, 6), via(b, 5), 255
    if fmt == "x1r5g5b5":
        return via(r, 5), via(g, 5), via(b, 5), 255
    if fmt == "a1r5g5b5":
        return via(r, 5), via(g, 5), via(b, 5), 255 * to_unorm(a, 1)
    if fmt == "a4r4g4b4":
        return via(r, 4), via(g, 4), via(b, 4), via(a, 4)
    if fmt == "g16r16":  # blue and alpha are missing: read as 1
        return via(r, 16), via(g, 16), 255, 255
    if fmt == "a16b16g16r16":  # 0.7 * 65535 is 45874.4992 in float32: 45874, shown as 178
        return via(r, 16), via(g, 16), via(b, 16), via(a, 16)
    if fmt == "r16f":
        return shown(f32(np.float16(f32(r)))), 255, 255, 255
    if fmt == "x8r8g8b8":  # stored as the back buffer stores it
        return shown(r), shown(g), shown(b), 255
    if fmt == "a16b16g16r16f":  # half rounding (to nearest even) shows: 0.9 -> 229, not 230
        return tuple(shown(f32(np.float16(f32(v)))) for v in rgba)
    if fmt == "r32f":
        return shown(r), 255, 255, 255
    if fmt in ("r8g8b8a8_unorm", "b8g8r8a8_unorm"):
        return via(r, 8), via(g, 8), via(b, 8), via(a, 8)
    if fmt == "r8g8b8a8_unorm_srgb":  # encoded on the way in, decoded on the way out
        return (*(srgb_read(to_unorm(f32(linear_to_srgb(v)), 8)) for v in (r, g, b)), via(a, 8))
    if fmt == "r10g10b10a2_unorm":
        return via(r, 10), via(g, 10), via(b, 10), via(a, 2)
    if fmt == "r16_unorm":  # D3D10: the missing g and b read 0
        return via(r, 16), 0, 0, 255
    if fmt == "r8_unorm":
        return via(r, 8), 0, 0, 255
    if fmt == "r32_float":
        return shown(r), 0, 0, 255
    if fmt == "r16g16b16a16_float":
        return tuple(shown(f32(np.float16(f32(v)))) for v in rgba)
    return tuple(shown(v) for v in rgba)  # a32b32g32r32f


def render_target(fmt):
    top, bottom = stored_and_read(fmt, RT_COLOUR), stored_and_read(fmt, RT_CLEAR)

    def expected(x, y):
        if x in (0, 16) or y == 16:
            return None
        r, g, b, a = top if y < 16 else bottom
        return (r, g, b) if x < 16 else (a, a, a)
    return expected


EXPECTED = {name: texture_2d(name) for name in TEXELS}
EXPECTED.update({f"rt_{fmt}": render_target(fmt) for fmt in make_formats.RT_FORMATS})
EXPECTED.update({"cube": cube, "volume": volume})

rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    FORMATS, "formats_", EXPECTED, SIZE)
