"""ARB programs in the ATTILA captures. ogl/torus draws its tori through an ARB vertex
program (modelview and projection rows, a light in program.local[8]): the translated
program must cover exactly the pixels the fixed-function path covers for the same capture
with the program left disabled (same clip space, depth and half-pixel rule), with the same
torus in front at every pixel, and render the same frame in functional and timing mode.
spheremap must translate every program call, even where other calls of its are still
skipped. billboard and bunny lack their MemoryRegions.dat, so their import stops at the
first texture or buffer upload, before their programs (test_textures.py checks the error).
"""
import gzip

import pytest

from conftest import _tool, capture, read_png, run

# Measured on frame 0 of ogl/torus (640x480, clear colour (128, 128, 0)).
TORUS_COVERED = 178172


def render(tmp, name, capture_file, *options, import_options=()):
    trace = tmp / f"{name}.gfxt"
    run(_tool("GFXSIM_IMPORT", "gfxsim-import"), "gli", capture_file, "-o", trace, "--frames", 1,
        *import_options)
    results = tmp / name
    run(_tool("GFXSIM", "gfxsim"), trace, "-o", results, "--quiet", *options)
    return results / "frames" / "frame_0000.png"


def covered(png, clear):
    return {(x, y) for y in range(png.height) for x in range(png.width) if png.pixel(x, y) != clear}


def test_torus_program_covers_what_fixed_function_covers(tmp_path):
    path, _, _ = capture("torus")
    text = gzip.open(path, "rb").read()
    enable = b"glEnable(GL_VERTEX_PROGRAM_ARB)\r\n"
    assert text.count(enable) == 1
    plain = tmp_path / "torus_ff.txt"
    plain.write_bytes(text.replace(enable, b"# program left disabled\r\n"))
    vp = read_png(render(tmp_path, "vp", path, "-m", "functional"))
    ff = read_png(render(tmp_path, "ff", plain, "-m", "functional"))
    clear = (128, 128, 0)
    assert vp.pixel(0, 0) == clear and ff.pixel(0, 0) == clear
    cv, cf = covered(vp, clear), covered(ff, clear)
    assert len(cf) == TORUS_COVERED
    assert cv == cf
    # Unlit, the fixed-function tori are flat red and green; the program shades them by
    # N.L but keeps each pixel's torus (so the depth test kept the same one in front).
    assert {ff.pixel(x, y) for x, y in cf} == {(255, 0, 0), (0, 255, 0)}
    for x, y in cf:
        r, g, b = vp.pixel(x, y)
        red = ff.pixel(x, y)[0] == 255
        assert b == 0 and (g if red else r) == 0, (x, y, vp.pixel(x, y), ff.pixel(x, y))
    assert len({vp.pixel(x, y) for x, y in cv}) > 200  # shaded, not flat


def test_torus_frame_same_in_timing_mode(tmp_path):
    path, _, _ = capture("torus")
    f = render(tmp_path, "func", path, "-m", "functional")
    t = render(tmp_path, "timing", path)
    assert f.read_bytes() == t.read_bytes()


@pytest.mark.parametrize("name", ["spheremap"])
def test_program_calls_all_translate(tmp_path, name):
    path, _, _ = capture(name)
    proc = run(_tool("GFXSIM_IMPORT", "gfxsim-import"), "gli", path, "--skip-unknown", "-o",
               tmp_path / "x.gfxt")
    skipped = proc.stderr
    for call in ("glBindProgramARB", "glProgramStringARB", "glProgramLocalParameter4fARB",
                 "glProgramLocalParameter4fvARB", "glGenProgramsARB"):
        assert call not in skipped, skipped
