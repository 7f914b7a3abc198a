"""The three ATTILA D3D9 PIX captures imported with `gfxsim-import pix` and rendered by
gfxsim (ATTILA's regression: frame 0 of each, a 632x446 X8R8G8B8 back buffer cleared to
blue, 0xFF0000FF). No reference frame ships with them, so the checks are derived from
the captures' own data:

- d3d/triangle: one indexed triangle; its vertex shader multiplies by c0..c3, which the
  capture sets to the identity, so the clip positions are the vertex buffer's
  (0.8, 0.8) red, (-0.8, -0.8) green, (-0.8, 0.8) blue. D3D9 maps clip x, y to
  ((x + 1) 316, (1 - y) 223), snapped to 1/256 pixel, samples at integer pixel centres
  and fills by the top-left rule: the frame must cover exactly those pixels, in
  colours that blend the corners (within 1 LSB).
- d3d/texture_X8R8G8B8_square: the same corners plus (0.8, -0.8), two triangles with
  texture coordinates (0, 0) at the top left to (1, 1) at the bottom right, a 256x256
  X8R8G8B8 texture sampled with D3D9's default point filter: the rectangle's pixels
  must show the texels its coordinates select, read here from the capture's own
  UnlockRect bytes.
- d3d/filtering_linear_linear_linear: a checkered plane to the horizon, trilinear
  filtered: the sky stays the clear colour, the ground is grey (a black and white
  texture filtered), dark and light.

Each frame must also come out the same in the functional and the timing mode.
"""
import struct
from fractions import Fraction

import pytest

from conftest import capture, read_png

W, H = 632, 446
CLEAR = (0, 0, 255)


def screen(x, y):
    """D3D9's viewport mapping of a clip position, snapped to 1/256 pixel."""
    return (Fraction(round((x + 1) * W / 2 * 256), 256),
            Fraction(round((1 - y) * H / 2 * 256), 256))


def edge(a, b, p):
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def covers(tri, p):
    """D3D9's rule: inside every edge, or on an edge that is a top edge (horizontal,
    the triangle below it) or a left edge (the triangle to its right)."""
    for i in range(3):
        a, b, c = tri[i], tri[(i + 1) % 3], tri[(i + 2) % 3]
        e, side = edge(a, b, p), edge(a, b, c)
        if e * side < 0:
            return False
        if e == 0:
            inward = (-(b[1] - a[1]) * side, (b[0] - a[0]) * side)  # towards c
            if not (inward[0] > 0 or (inward[0] == 0 and inward[1] > 0)):
                return False
    return True


def both_modes(import_and_render, name):
    """The frame rendered in the functional and the timing mode, which must agree."""
    func = read_png(import_and_render(name, "-m", "functional", api="d3d") /
                    "frames" / "frame_0000.png")
    timing = read_png(import_and_render(name, api="d3d") / "frames" / "frame_0000.png")
    assert (func.width, func.height) == (W, H)
    assert all(func.pixel(x, y) == timing.pixel(x, y) for y in range(H) for x in range(W)), \
        "the functional and the timing frames differ"
    return func


def test_triangle_covers_the_d3d9_pixels_in_blended_colours(import_and_render):
    png = both_modes(import_and_render, "triangle")
    tri = [screen(0.8, 0.8), screen(-0.8, -0.8), screen(-0.8, 0.8)]
    wrong, covered = [], 0
    for y in range(H):
        for x in range(W):
            inside = covers(tri, (x, y))
            covered += inside
            if inside != (png.pixel(x, y) != CLEAR):
                wrong.append((x, y))
    assert covered == 90142
    assert not wrong, f"{len(wrong)} pixels differ from D3D9's coverage, e.g. {wrong[:10]}"
    area = edge(*tri)
    for x, y in ((64, 45), (567, 45), (64, 400), (300, 100), (100, 300), (200, 150)):
        assert covers(tri, (x, y))
        red = float(edge(tri[1], tri[2], (x, y)) / area)
        green = float(edge(tri[2], tri[0], (x, y)) / area)
        blue = 1 - red - green
        want = (255 * red, 255 * green, 255 * blue)
        got = png.pixel(x, y)
        assert all(abs(g - w) <= 1 for g, w in zip(got, want)), (x, y, got, want)


def level0_texels(path):
    """The bytes of the capture's first 256x256 X8R8G8B8 UnlockRect (IDirect3DSurface9,
    call id 473), level 0 of its texture: B, G, R, X per texel, rows 1024 bytes apart."""
    data = path.read_bytes()
    at = 0
    while at < len(data):
        size, kind = struct.unpack_from("<II", data, at)
        if kind == 0x3EC:
            _, attribute, n = struct.unpack_from("<III", data, at + 8)
            record = data[at + 20:at + 20 + n]
            if attribute == 19 and struct.unpack_from("<I", record)[0] == 473:
                if struct.unpack_from("<I", record, 20)[0] == 256 * 256 * 4:
                    return record[32:32 + 256 * 256 * 4]
        at += 4 + size
    pytest.fail(f"no 256x256 UnlockRect in {path}")


def test_square_shows_the_texels_its_coordinates_select(import_and_render):
    png = both_modes(import_and_render, "texture_X8R8G8B8_square")
    (x0, y0), (x1, y1) = screen(-0.8, 0.8), screen(0.8, -0.8)
    inside = [(x, y) for y in range(H) for x in range(W) if x0 <= x < x1 and y0 <= y < y1]
    assert len(inside) == 505 * 357  # x 64..568, y 45..401
    assert all(png.pixel(x, y) != CLEAR for x, y in inside)
    assert sum(png.pixel(x, y) != CLEAR for y in range(H) for x in range(W)) == len(inside)
    texels = level0_texels(capture("texture_X8R8G8B8_square", "d3d")[0])
    checked = 0
    for y in range(46, 401, 23):
        for x in range(65, 568, 29):
            u, v = (x - x0) / (x1 - x0) * 256, (y - y0) / (y1 - y0) * 256
            if not (0.1 < u % 1 < 0.9 and 0.1 < v % 1 < 0.9):
                continue  # too near a texel boundary for float interpolation to be sure
            at = (int(v) * 256 + int(u)) * 4
            b, g, r = texels[at], texels[at + 1], texels[at + 2]
            assert png.pixel(x, y) == (r, g, b), (x, y)
            checked += 1
    assert checked > 100


def test_filtered_plane_is_grey_under_the_clear_sky(import_and_render):
    png = both_modes(import_and_render, "filtering_linear_linear_linear")
    assert all(png.pixel(x, y) == CLEAR for y in range(200) for x in range(W))
    bottom = [png.pixel(x, H - 1) for x in range(W)]
    assert all(r == g == b for r, g, b in bottom)
    assert min(r for r, _, _ in bottom) < 32 and max(r for r, _, _ in bottom) > 223
