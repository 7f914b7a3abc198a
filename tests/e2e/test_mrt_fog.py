"""Multiple render targets, render to texture, oDepth and the fog unit behind shaders below
ps_3_0 end to end: the traces of data/mrt/
(make_mrt.py says what each draws) run through gfxsim in the timing and the functional
model; the two frames must be identical and hold exactly the expected pixel colours, and
the timing ROP must send every target's colour through its colour cache.
"""
import pytest

from conftest import DATA_DIR, frame_checks, load_draws, load_stats

MRT = DATA_DIR / "mrt"
SIZE = 32
CLEAR = (0x20, 0x40, 0x60)  # pass 1's clear of both target textures

EXPECTED = {
    # left screen half: texture 20 (oC0 = (1, 0.5, 0, 1) on texels x < 8), right half:
    # texture 21 (oC1 = (0, 0.25, 1, 1) on texels x < 8); one texel per pixel
    "mrt_rtt": lambda x, y: (255, 128, 0) if x < 8 else CLEAR if x < 16 else
    (0, 64, 255) if x < 24 else CLEAR,
    # B's oDepth u = x / 32 passes LESS against A's 0.5 for x <= 15; C at 0.4
    # then fails where B wrote u < 0.4 (x <= 12)
    "odepth": lambda x, y: (0, 255, 0) if x <= 12 else (0, 0, 255),
    # vs_2_0/ps_2_0 fogged after the shader (oFog 0.75 towards blue) on the left;
    # vs_3_0/ps_3_0 unfogged white on the right (column 16 is the shared edge)
    "shader_fog": lambda x, y: (191, 191, 255) if x < 16 else
    ((255, 255, 255) if x > 16 else None),
}


rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    MRT, "mrt-", EXPECTED, SIZE)


def test_every_target_goes_through_the_colour_cache(run_sim):
    out = run_sim(MRT / "mrt_rtt.yaml", "mrt-traffic", "-c", "small", "-m", "timing")
    rop = load_stats(out)["stats"]["rop"]
    quads = [int(d["quads"]) for d in load_draws(out)[1]]
    assert len(quads) == 3
    # Clears: the 32x32 back buffer (64 tiles) and both 16x16 targets (16 tiles each).
    assert rop["clear_lines"]["value"] == 64 + 2 * 16
    # The MRT draw writes two targets per quad, the two sampling draws one.
    want = 96 + 2 * quads[0] + quads[1] + quads[2]
    assert rop["color_cache"]["writes"]["value"] == want
    # Every target's lines reach memory once at the end of the frame.
    assert rop["color_cache"]["writebacks"]["value"] == 96
