"""D3D9 shaders executed end to end: each trace of data/shaders/ (make_shaders.py writes
them and says what they draw) runs through gfxsim in the timing and the functional model;
the two frames must be identical and hold exactly the expected pixel colours. The traces
cover the translator's constructs (sgn, cmp, dp2add_sat, sincos, nrm, aL-indexed and
nested loops, texkill, dsx/dsy, vs_3_0 vertex texture fetch, ps_1_x cnd, co-issue, modifiers,
constant clamping and texbem), the system values vFace and vPos, and draws that mix
fixed-function and programmable stages, and D3D9's special cases: pow(0, 0) and nrm(0),
unwritten oD0 channels, a ps_3_0 without oC0 and table fog behind a vs_1_1. A last test checks the error for a shader bound to
the wrong stage.
"""
import math

import pytest

from conftest import DATA_DIR, frame_checks, load_stats

SHADERS = DATA_DIR / "shaders"
SIZE = 32
GREY = (0x80, 0x80, 0x80)


def unorm(x):
    """A [0, 1] value as the 8-bit target stores it (round to nearest)."""
    return int(math.floor(min(max(x, 0.0), 1.0) * 255 + 0.5))


def uniform(rgb):
    return lambda x, y: rgb


# Expected colour of pixel (x, y), or None where the test does not look (raster edges).
EXPECTED = {
    "sgn": uniform((0x00, 0x80, 0xFF)),
    "vs_constants_unclamped": uniform((0xBF, 0x80, 0x80)),
    "cmp": lambda x, y: (0xFF, 0, 0) if x < SIZE // 2 else (0, 0xFF, 0),
    "dp2add": uniform((0x80, 0xFF, 0x00)),
    "sincos": uniform((unorm(math.cos(1.0)), unorm(math.sin(1.0)), 0)),
    "nrm": uniform((0x99, 0x00, 0xCC)),
    "loop_al": uniform((0x00, 0x80, 0xFF)),
    "nested_loops": uniform((0xBF, 0x78, 0xFF)),
    # Clockwise (front) top-left half green, counter-clockwise bottom-right half red.
    "vface": lambda x, y: (0, 0xFF, 0) if x + y <= 28 else ((0xFF, 0, 0) if x + y >= 36 else None),
    "vpos": lambda x, y: (0, unorm(x / 32), unorm(y / 32)),
    "texkill": lambda x, y: GREY if x < SIZE // 2 else (0xFF, 0xFF, 0xFF),
    "dsy": uniform((0xBF, 0xBF, 0x00)),
    "vertex_texture": uniform((0x20, 0x40, 0xC0)),
    # D3D9 hardware values (visual.c fp_special_test): pow(0, 0) = 1, nrm(0) = 0.
    "pow_nrm_zero": uniform((0xFF, 0x80, 0x40)),
    "vs_pow_nrm_zero": uniform((0xFF, 0x80, 0x40)),
    # Unwritten oD0 channels read 1 (visual.c test_uninitialized_varyings).
    "unwritten_diffuse": uniform((0xFF, 0xFF, 0xFF)),
    "unwritten_diffuse_partial": uniform((0x80, 0xFF, 0xFF)),
    # No oC0: the target keeps its clear colour.
    "no_oc0": uniform(GREY),
    # Table fog by depth (0.5) behind a vs_1_1 without oFog: factor 0.75 towards blue.
    "table_fog_vs11": uniform((0xBF, 0xBF, 0xFF)),
    # ps_1_x (Wine cnd_test's shaders; constants clamped to [-1, 1]; texbem).
    # u = x / 32 at pixel x, so column 16 has u = 0.5, which is not above 0.5.
    "ps14_cnd": lambda x, y: (0xFF if x <= 16 else 0, 0xFF if y <= 16 else 0, 0xFF),
    "ps11_cnd_coissue": uniform((0x00, 0xFF, 0x00)),
    "ps11_modifiers": uniform((0xBF, 0xBF, 0x00)),
    "ps11_texbem": lambda x, y: [(0xFF, 0, 0), (0, 0xFF, 0), (0, 0, 0xFF),
                                 (0xFF, 0xFF, 0xFF)][(x // 8 + 1) % 4],
}


rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    SHADERS, "", EXPECTED, SIZE)


def test_shader_bound_to_the_wrong_stage_is_an_error(gfxsim, tmp_path):
    text = (SHADERS / "nrm.yaml").read_text().replace("set_pixel_shader: {id: 11}",
                                                      "set_pixel_shader: {id: 10}")
    trace = tmp_path / "wrong_stage.yaml"
    trace.write_text(text)
    proc = gfxsim(trace, "-o", tmp_path / "out", "--quiet", "-m", "functional")
    assert proc.returncode != 0
    assert "draw 0" in proc.stderr and "pixel shader 10" in proc.stderr, proc.stderr
    assert "created as a vertex shader" in proc.stderr, proc.stderr


def test_a_pixel_shader_without_oc0_writes_no_colour_lines(run_sim):
    """The timing ROP makes no colour access for a target the program gives no colour:
    no_oc0's only colour writes are the clear's 64 lines (32x32 in 4x4 tiles)."""
    out = run_sim(SHADERS / "no_oc0.yaml", "no-oc0-traffic", "-c", "small", "-m", "timing")
    rop = load_stats(out)["stats"]["rop"]
    assert rop["clear_lines"]["value"] == 64
    assert rop["color_cache"]["writes"]["value"] == 64
    assert rop["pixels_written"]["value"] == 32 * 32  # the quad still covers every pixel


def test_w_based_table_fog_behind_a_vertex_shader_is_an_error(gfxsim, tmp_path):
    """A perspective projection matrix selects w-based table fog, which is not built behind
    a vertex shader: a located error naming it, not a frame fogged by z."""
    text = (SHADERS / "table_fog_vs11.yaml").read_text().replace(
        "  - clear:", "  - set_transform: {kind: projection, matrix: "
        "[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0]}\n  - clear:")
    trace = tmp_path / "wfog.yaml"
    trace.write_text(text)
    proc = gfxsim(trace, "-o", tmp_path / "out", "--quiet", "-m", "functional")
    assert proc.returncode != 0
    assert "draw 0" in proc.stderr and "w-based fog" in proc.stderr, proc.stderr


def test_projected_coordinates_under_ps_1_1_are_an_error(gfxsim, tmp_path):
    # D3DTTFF_PROJECTED (256 | COUNT2) on a stage a ps_1_1 texture instruction reads is not
    # modelled: the draw fails naming the stage instead of drawing unprojected lookups.
    text = (SHADERS / "ps11_texbem.yaml").read_text().replace(
        "bump_env_mat00: 0.5}", "bump_env_mat00: 0.5, texture_transform_flags: 258}")
    trace = tmp_path / "projected.yaml"
    trace.write_text(text)
    proc = gfxsim(trace, "-o", tmp_path / "out", "--quiet", "-m", "functional")
    assert proc.returncode != 0
    assert "texture stage 1 has D3DTTFF_PROJECTED" in proc.stderr, proc.stderr
