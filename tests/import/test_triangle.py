"""ogl/triangle imported and rendered by gfxsim: glOrtho(0,1,0,1) in a 250x250 window, the
triangle (0.25,0.25)-(0.75,0.25)-(0.75,0.75), red, green and blue corners, on black.

GL's rule: the triangle covers the pixels whose centres (x + 0.5, y + 0.5), in GL's
lower-left window coordinates, lie inside it. Its edges pass exactly through pixel
centres, so the fill rule decides them: after the importer's y flip and half-pixel shift
the diagonal x = y is a left edge (its centres are covered) and the bottom edge y = 62.5
and the right edge x = 187.5 are bottom and right edges (not covered). Colours are the
barycentric blend of the corners at the pixel centre, within 1 LSB.
"""
from conftest import read_png

SIZE = 250
CORNERS = ((62.5, 62.5), (187.5, 62.5), (187.5, 187.5))  # GL window coordinates


def covered_gl(x, y):
    """GL pixel (x, y), y counted from the bottom row."""
    return 63 <= y and x <= 186 and y <= x


def barycentric_rgb(x, y):
    cx, cy = x + 0.5, y + 0.5
    t = (cy - 62.5) / 125
    s = (cx - 62.5) / 125 - t
    return (255 * (1 - s - t), 255 * s, 255 * t)  # red, green, blue corners


def test_triangle_covers_exactly_the_gl_pixels(import_and_render):
    results = import_and_render("triangle")
    png = read_png(results / "frames" / "frame_0000.png")
    assert (png.width, png.height) == (SIZE, SIZE)
    wrong = []
    for row in range(SIZE):
        y = SIZE - 1 - row  # image rows run top-down, GL's y bottom-up
        for x in range(SIZE):
            lit = png.pixel(x, row) != (0, 0, 0)
            if lit != covered_gl(x, y):
                wrong.append((x, y))
    assert not wrong, f"{len(wrong)} pixels differ from GL's coverage, e.g. {wrong[:10]}"


def test_triangle_colours_interpolate_the_corners(import_and_render):
    results = import_and_render("triangle")
    png = read_png(results / "frames" / "frame_0000.png")
    for x, y in ((63, 63), (186, 63), (186, 186), (100, 70), (150, 100), (180, 170), (120, 120)):
        assert covered_gl(x, y)
        got = png.pixel(x, SIZE - 1 - y)
        want = barycentric_rgb(x, y)
        assert all(abs(g - w) <= 1 for g, w in zip(got, want)), (x, y, got, want)
