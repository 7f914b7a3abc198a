"""Output-merger render states end to end: the traces of data/rop/ (make_rop.py says what
each draws) run through gfxsim in the timing and the functional model; the two frames must
be identical and hold exactly the expected pixels, and the timing ROP must charge no
surface traffic for killed quads.
"""
import pytest

from conftest import DATA_DIR, frame_checks, load_stats, run_tool

ROP = DATA_DIR / "rop"
SIZE = 32

GREEN, BLUE, RED, WHITE, YELLOW, BLACK = ((0, 255, 0), (0, 0, 255), (255, 0, 0),
                                          (255, 255, 255), (255, 255, 0), (0, 0, 0))


def quadrants(top_left, top_right, bottom_left, bottom_right):
    return lambda x, y: ((top_left if x < 16 else top_right) if y < 16 else
                         (bottom_left if x < 16 else bottom_right))


EXPECTED = {
    # alpha_test.yaml: D3D9 pixel centres sit on integer coordinates, so u = x / 32 and
    # column 16 has alpha 127.5 -> fails; failing columns 0..16 kept depth 1.0, so the
    # later blue quad covers them; columns 17..31 passed and wrote depth 0.5
    "alpha_test": lambda x, y: (0, 0, 255) if x < 17 else (0, 255, 0),
    # Stencil 0xDF (ZFAIL REPLACE then PASS INVERT), 0x05 (INCR then FAIL DECRSAT),
    # 0x20 (ZFAIL REPLACE; found through read mask 0xF0), 0x06 (PASS INCR).
    "stencil_ops": quadrants(GREEN, WHITE, BLUE, YELLOW),
    # 0x82 clockwise INCR twice, 0x80 CCW DECR then INCR with two-sided off, 0x81, 0x7F;
    # the culled clockwise quad changed nothing.
    "stencil_two_sided": quadrants(GREEN, RED, BLUE, WHITE),
    "stencil_cull_traffic": lambda x, y: GREEN if x < 16 else BLACK,
    "stencil_pass_traffic": lambda x, y: GREEN,
    # 0.2 and 0.2 - 1e-6 are both 13107 in 16 bits: the green quad fails LESS.
    "depth_d16": lambda x, y: RED,
    # Alpha 32 (BLENDFACTOR alpha 0x40 x 128) | 128 shown as green by DESTALPHA; MAX on top,
    # BOTHINVSRCALPHA (As = 191) at the bottom: 255 * 64/255 + dst * 191/255.
    "blend_separate": quadrants((64, 64, 255), (64, 128, 255), (64, 88, 64), (64, 160, 64)),
    # Targets 0..3 under masks 0xF, red, none, green + blue over 0xFF204060, one column each.
    "write_masks_mrt": lambda x, y: [WHITE, (255, 64, 96), (32, 64, 96), (32, 255, 255)][x // 8],
    # The scissored clear fills (8, 4)-(24, 20) blue, the draw (12, 8)-(20, 16) red.
    "scissor_clear": lambda x, y: (RED if 12 <= x < 20 and 8 <= y < 16 else
                                   BLUE if 8 <= x < 24 and 4 <= y < 20 else (128, 128, 128)),
}


rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    ROP, "rop-", EXPECTED, SIZE)


def timing_stats(run_sim, name):
    out = run_sim(ROP / f"{name}.yaml", f"rop-{name}-traffic", "-c", "small", "-m", "timing")
    return load_stats(out)["stats"]


def dram_bytes(stats, client):
    c = stats["memory"]["dram"]["clients"][client]
    return c["bytes_read"]["value"], c["bytes_written"]["value"]


def test_alpha_killed_quads_make_no_colour_or_depth_access(run_sim):
    rop = timing_stats(run_sim, "alpha_test")["rop"]
    # Measured, not yet derived: quads straddling the diagonal come once per triangle.
    assert rop["alpha_killed_quads"]["value"] == 136


def test_stencil_culled_pass_makes_less_colour_traffic(run_sim):
    culled = timing_stats(run_sim, "stencil_cull_traffic")
    passed = timing_stats(run_sim, "stencil_pass_traffic")
    # 32x32 pixels in 4x4 tiles of 64 bytes: the culled pass writes back only the left
    # half's 32 colour tiles, the passing one all 64; no blend, full masks: no reads.
    assert dram_bytes(culled, "color") == (0, 32 * 64)
    assert dram_bytes(passed, "color") == (0, 64 * 64)
    # Depth and stencil share the D24S8 word: the stencil clear makes all 64 depth tiles
    # dirty, and they are written back once whatever the stencil test did.
    assert dram_bytes(culled, "depth") == dram_bytes(passed, "depth") == (0, 64 * 64)
    # Measured, as for alpha test: the right half's quads, diagonal ones once per triangle.
    assert culled["rop"]["ds_killed_quads"]["value"] == 136
    assert passed["rop"]["ds_killed_quads"]["value"] == 0


def test_d16_depth_surface_has_half_the_depth_traffic(run_sim):
    # 64 tiles of 16 two-byte depths: 32-byte tiles, written back after the clear.
    assert dram_bytes(timing_stats(run_sim, "depth_d16"), "depth") == (0, 64 * 32)


@pytest.mark.parametrize("edit, message", [
    (("height: 32\n", "height: 32\ndepth_format: d16\n"),
     "stencil_enable with a d16 depth surface, which has no stencil bits, is not modelled"),
    (("height: 32\n", "height: 32\ndepth_format: d24x8\n"),
     "clear: the stencil flag with a d24x8 depth surface"),
])
def test_stencil_without_stencil_bits_is_a_located_error(tmp_path, gfxsim_exe, edit, message):
    text = (ROP / "stencil_ops.yaml").read_text()
    if "d16" in edit[1]:  # keep the clear legal so that the draw is what fails
        text = text.replace("flags: [target, zbuffer, stencil]", "flags: [target, zbuffer]")
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(*edit, 1))
    proc = run_tool(gfxsim_exe, path, "-o", tmp_path / "out", "--quiet", "-m", "functional")
    assert proc.returncode == 1
    assert "bad.yaml" in proc.stderr and message in proc.stderr, proc.stderr


def test_depth_format_survives_conversion_and_shows_in_info(tmp_path, gfxsim_trace_exe):
    binary, back = tmp_path / "d16.gfxt", tmp_path / "d16.yaml"
    for src, dst in ((ROP / "depth_d16.yaml", binary), (binary, back)):
        proc = run_tool(gfxsim_trace_exe, "convert", src, dst)
        assert proc.returncode == 0, proc.stderr
    assert "depth_format: d16\n" in back.read_text()
    info = run_tool(gfxsim_trace_exe, "info", binary)
    assert info.returncode == 0 and "depth_format: d16\n" in info.stdout, info.stderr
    plain = run_tool(gfxsim_trace_exe, "info", ROP / "stencil_ops.yaml")
    assert "depth_format" not in plain.stdout  # d24s8, the default, is not spelt out
