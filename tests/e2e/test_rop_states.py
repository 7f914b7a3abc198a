"""Output-merger render states end to end: the traces of data/rop/ run through gfxsim in
the timing and the functional model; the two frames must be identical and hold exactly the
expected pixels, and the timing ROP must charge no surface traffic for killed quads.
"""
import pytest

from conftest import DATA_DIR, load_stats, render_both_modes, wrong_pixels

ROP = DATA_DIR / "rop"
SIZE = 32

EXPECTED = {
    # alpha_test.yaml: failing columns 0..15 kept depth 1.0, so the later blue quad
    # covers them; the green of columns 16..31 passed and wrote depth 0.5
    "alpha_test": lambda x, y: (0, 0, 255) if x < 16 else (0, 255, 0),
}


@pytest.fixture(scope="module", params=sorted(EXPECTED))
def rendered(request, run_sim):
    """(name, functional frame, timing frame) of one trace."""
    name = request.param
    return (name, *render_both_modes(run_sim, ROP / f"{name}.yaml", f"rop-{name}"))


def test_modes_give_identical_frames(rendered):
    name, functional, timing = rendered
    assert functional == timing, f"{name}: timing and functional frames differ"


def test_pixels_are_exact(rendered, tmp_path):
    name, functional, _ = rendered
    wrong = wrong_pixels(functional, SIZE, EXPECTED[name], tmp_path)
    assert not wrong, f"{name}: {len(wrong)} wrong pixels, e.g. " + "; ".join(wrong[:6])


def test_alpha_killed_quads_make_no_colour_or_depth_access(run_sim):
    out = run_sim(ROP / "alpha_test.yaml", "rop-alpha-traffic", "-c", "small", "-m", "timing")
    rop = load_stats(out)["stats"]["rop"]
    # 32x32 pixels are 256 quads a draw; the 8 x 16 quads of columns 0..15 fail alpha test.
    assert rop["alpha_killed_quads"]["value"] == 128
    # Colour-cache writes: the clear's 64 lines, then 128 quads of the first draw and
    # 256 of the second; the Z cache sees the clear's 64 lines and the same quads.
    assert rop["color_cache"]["writes"]["value"] == 64 + 128 + 256
    assert rop["z_cache"]["writes"]["value"] == 64 + 128 + 256
