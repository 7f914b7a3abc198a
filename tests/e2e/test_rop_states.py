"""Output-merger render states end to end: the traces of data/rop/ run through gfxsim in
the timing and the functional model; the two frames must be identical and hold exactly the
expected pixels, and the timing ROP must charge no surface traffic for killed quads.
"""
import pytest

from conftest import DATA_DIR, frame_checks, load_stats

ROP = DATA_DIR / "rop"
SIZE = 32

EXPECTED = {
    # alpha_test.yaml: D3D9 pixel centres sit on integer coordinates, so u = x / 32 and
    # column 16 has alpha 127.5 -> fails; failing columns 0..16 kept depth 1.0, so the
    # later blue quad covers them; columns 17..31 passed and wrote depth 0.5
    "alpha_test": lambda x, y: (0, 0, 255) if x < 17 else (0, 255, 0),
}


rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    ROP, "rop-", EXPECTED, SIZE)


def test_alpha_killed_quads_make_no_colour_or_depth_access(run_sim):
    out = run_sim(ROP / "alpha_test.yaml", "rop-alpha-traffic", "-c", "small", "-m", "timing")
    rop = load_stats(out)["stats"]["rop"]
    # Measured, not yet derived: quads straddling the diagonal come once per triangle.
    assert rop["alpha_killed_quads"]["value"] == 136
