"""Geometry and rasterizer states end to end (issue 12): the traces of data/geom/ (written
by data/geom/make_geom.py, which describes each one) run through gfxsim in the timing and
the functional model; the two frames must be identical and hold exactly the pixels D3D9
gives.
"""
from conftest import DATA_DIR, frame_checks, load_stats, run_tool

GEOM = DATA_DIR / "geom"
SIZE = 32
GREY = (128, 128, 128)


def perspective_red(x):
    # rhw 1 at x = 0, 0.25 at x = 32; red 0 -> 1: the perspective-correct weight of the
    # right end at screen t = x / 32, as an 8-bit channel rounded to nearest.
    t = x / 32
    return (round(255 * 0.25 * t / ((1 - t) + 0.25 * t)), 0, 0)


def xyzrhw(x, y):
    if y < 8:
        return (255, 0, 0) if x < 16 else GREY
    if y < 16:
        return perspective_red(x)
    if y < 24:
        return (128, 128, 255)
    return (0, 255, 0) if x < 16 else (0, 0, 255)


EXPECTED = {
    "xyzrhw": xyzrhw,
    "xyzrhw_ps": lambda x, y: (255, 64, 255),
}


rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    GEOM, "geom-", EXPECTED, SIZE)


def test_pretransformed_vertices_skip_the_shader_cores(run_sim):
    out = run_sim(GEOM / "xyzrhw.yaml", "geom-xyzrhw-bypass", "-c", "small", "-m", "timing")
    shader = load_stats(out)["stats"]["shader"]
    # Six pre-transformed vertices per quad, five quads; the clip-space quad's six vertices
    # are the only ones shaded.
    assert shader["pretransformed_vertices"]["value"] == 30
    assert shader["vertices"]["value"] == 6
