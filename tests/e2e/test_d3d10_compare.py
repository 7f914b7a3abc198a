"""Comparison sampling end to end (docs/shader-sm4.md, sample_c): data/d3d10_sm4/compare.yaml
(make_sm4.py's compare() says what it draws) runs Wine's fxc-compiled test_sample_c_lz pixel
shader over a cube and SM4 asm shaders with sample_c and sample_c_lz through D3D10
comparison sampler objects, in the timing and the functional model; the two frames must be
identical and hold exactly the pixels worked out below. A comparison sampler used by a
plain sample, a plain sampler used by sample_c and a texture format D3D10 does not compare
are errors naming the trace file and the draw.
"""
import pytest

from conftest import DATA_DIR, check_ok, frame_checks, run_tool

SM4 = DATA_DIR / "d3d10_sm4"
SIZE = 32
GREY, WHITE, BLACK = (128, 128, 128), (255, 255, 255), (0, 0, 0)

# Wine's test_sample_c_lz expectations (comparison_greater, reference > face depth), one row
# per reference 0.5, 0.0, 1.0, one column per face with depths 1.0, 0.0, 0.5, 0.6, 0.4, 0.1.
WINE = [(0, 1, 0, 0, 1, 1), (0, 0, 0, 0, 0, 0), (0, 1, 1, 1, 1, 1)]


def unorm8(v):
    return int(v * 255 + 0.5)


# The PCF cells by hand. Texture 30 is 4 x 4 with texel (x, y) = 0.1 (x + 1) + 0.4 y:
#   0.1 0.2 0.3 0.4 / 0.5 0.6 0.7 0.8 / 0.9 1.0 1.1 1.2 / 1.3 1.4 1.5 1.6.
# At u = 0.5625, v = 0.4375 the bilinear footprint is x = 4u - 0.5 = 1.75, y = 4v - 0.5 =
# 1.25: texels (1, 1) = 0.6, (2, 1) = 0.7, (1, 2) = 1.0, (2, 2) = 1.1 weighted
# 0.25 * 0.75 = 0.1875, 0.75 * 0.75 = 0.5625, 0.25 * 0.25 = 0.0625, 0.75 * 0.25 = 0.1875.
# comparison_less passes a tap when the reference is below it.
PCF = [
    0.5625 + 0.0625 + 0.1875,  # 0.65 < 0.7, 1.0, 1.1: 0.8125 -> 207
    0.1875,                    # 1.05 < 1.1 alone -> 48
    0.0625 + 0.1875,           # 0.95 < 1.0, 1.1 -> 64
    0.25 * 3,                  # u = v = 0.5: x = y = 1.5, each tap 0.25; 0.65 < three -> 191
    0.5,                       # u = 0: taps x = -1 (the red border, 1.0) and 0 (0.1) at 0.5
                               # each, v = 0.125 on row 0 alone; 0.5 < 1.0 only -> 128
    0.5625 + 0.0625 + 0.1875,  # _aoffimmi(1,0,0): taps 0.7, 0.8, 1.1, 1.2 with the weights
                               # above; 0.75 < 0.8, 1.1, 1.2 -> 207
    0.0625 + 0.1875,           # without the offset 0.75 < 1.0, 1.1 only -> 64
    1.0,                       # point filter, greater_equal: 0.1 >= texel (0, 0) = 0.1 -> 255
]
# Texture 31 is R16_UNORM 0x8000, 0xFFFF with comparison_equal: the reference is clamped to
# [0, 1] and rounded to 16 bits first. 0.5 -> 32767.5 -> 32768 equals 0x8000 (as a float it
# would not: 0x8000 is 0.5000076); 0.49999 -> 32767 does not; 2.0 -> 65535 equals 0xFFFF;
# 0.9999 -> 65528 does not.
R16 = [1.0, 0.0, 1.0, 0.0]


def compare(x, y):
    """compare.yaml's frame, by region (make_sm4.py's compare())."""
    if y < 12:
        if x >= 24:
            return GREY
        return WHITE if WINE[y // 4][x // 4] else BLACK
    if y < 20:
        return (unorm8(PCF[x // 4]),) * 3
    if y < 28:
        if x < 16:
            return (unorm8(R16[x // 4]),) * 3
        # sample_c, reference 0.5 < texel: LOD 0 reads level 0 (0x4000, 0.25): fails;
        # LOD 1 reads level 1 (0xC000, 0.75): passes.
        return BLACK if x < 24 else WHITE
    # A plain sample of texture 31: D3D10 reads R16_UNORM as (r, 0, 0, 1).
    return (unorm8(0x8000 / 65535), 0, 0) if x < 16 else (255, 0, 0)


EXPECTED = {"compare": compare}

rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    SM4, "cmp-", EXPECTED, SIZE)


def test_trace_validates(gfxsim_trace):
    check_ok(gfxsim_trace("validate", SM4 / "compare.yaml"))


def test_pcf_cells_are_what_the_hand_sums_say():
    # The sums above, as the 8-bit values the frame holds.
    assert [unorm8(v) for v in PCF] == [207, 48, 64, 191, 128, 207, 64, 255]


# (name, old, new, the error after "bad.yaml:LINE: ") for a draw D3D10's rules refuse.
BAD = [
    # The PCF cells' sampler without a comparison filter under sample_c_lz.
    ("plain-sampler-compared", "{id: 40, filter: comparison_min_mag_mip_linear,",
     "{id: 40, filter: min_mag_mip_linear,",
     "draw 18 (draw): pixel shader 13 compares through slot 0 (sample_c), but slot 0 holds "
     "sampler state 40 without a comparison filter (D3D10 wants a D3D10_FILTER_COMPARISON_* "
     "sampler there)"),
    # A comparison sampler under the plain sample of the last rows.
    ("comparison-sampler-sampled", "{stage: pixel, start_slot: 3, ids: [44]}",
     "{stage: pixel, start_slot: 3, ids: [46]}",
     "draw 32 (draw): pixel shader 16 samples through slot 3 without a comparison, but "
     "slot 3 holds comparison sampler state 46 (D3D10 lets only sample_c and sample_c_lz use "
     "a comparison sampler)"),
    # A texture format D3D10 does not compare.
    ("format", "id: 30\n      format: r32_float", "id: 30\n      format: r8g8b8a8_unorm",
     "draw 18 (draw): pixel shader 13 compares texture 30 in slot 0, whose format "
     "r8g8b8a8_unorm D3D10 does not compare (it compares r32_float, r16_unorm)"),
]


@pytest.mark.parametrize("case", BAD, ids=[c[0] for c in BAD])
def test_sampler_rules_name_the_draw(gfxsim_exe, tmp_path, case):
    _, old, new, message = case
    text = (SM4 / "compare.yaml").read_text()
    assert old in text, f"compare.yaml no longer holds {old!r}"
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(old, new, 1))
    for mode in ("functional", "timing"):
        out = tmp_path / f"out-{mode}"
        run = run_tool(gfxsim_exe, path, "-o", out, "--quiet", "-m", mode)
        assert run.returncode == 1, run.stderr
        assert f"{path}:" in run.stderr and message in run.stderr, run.stderr
        assert not out.exists()


def test_a_comparison_on_a_default_sampler_is_a_located_shader_error(gfxsim_exe, tmp_path):
    text = (SM4 / "compare.yaml").read_text()
    old = "dcl_sampler s2, mode_comparison"
    assert old in text
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(old, "dcl_sampler s2, mode_default", 1))
    run = run_tool(gfxsim_exe, path, "-o", tmp_path / "out", "--quiet", "-m", "functional")
    assert run.returncode == 1, run.stderr
    assert (f"{path}:" in run.stderr and "pixel shader 15: " in run.stderr and
            "(sample_c): s2 is declared mode_default; a comparison needs a sampler declared "
            "mode_comparison" in run.stderr), run.stderr
