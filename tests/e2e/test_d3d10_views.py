"""D3D10 views end to end: the traces of data/d3d10_views/ (make_views.py says what each
draws) render into texture views, read them back through shader-resource views, test depth
against D16_UNORM, D24_UNORM_S8_UINT and D32_FLOAT depth-stencil views and clear a float
target exactly. Each runs in the timing and the functional model; the frames must be
identical and hold exactly the expected pixels. Bad views and bindings are errors naming
the file, the command and the field or the draw; the timing stats show each depth format's
bytes."""
import importlib.util

import pytest

from conftest import (DATA_DIR, check_ok, frame_checks, load_stats, read_png, render_both_modes,
                      run_tool, stat_leaves)

VIEWS = DATA_DIR / "d3d10_views"
SIZE = 32
_spec = importlib.util.spec_from_file_location("make_views", VIEWS / "make_views.py")
make_views = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_views)

GREEN, BLUE, RED, WHITE, BLACK = ((0, 255, 0), (0, 0, 255), (255, 0, 0), (255, 255, 255),
                                  (0, 0, 0))


def rtv_srv(x, y):
    """Top: the texture's red left half | blue right half (cleared, then drawn); bottom
    left: nothing bound (the view was unbound, then bound while an output: NULL); bottom
    right: bound again."""
    if y < 16:
        return RED if x < 16 else BLUE
    return BLACK if x < 16 else BLUE


def depth(x, y):
    """Top left: green at z 0.4 passed (the red at 0.4 did not); top right: red at 0.8
    failed against 0.75 (white); bottom: the depth sampled, 0.4 and 0.75 as red."""
    if y < 16:
        return GREEN if x < 16 else WHITE
    return (102, 0, 0) if x < 16 else (191, 0, 0)


def depth_compare(x, y):
    """Top left: green at z 0.4; top right: the blue clear (depth 0.75); bottom: three
    strips comparing 0.4, 0.5 and 0.8 less_equal with the depth 0.4 | 0.75."""
    if y < 16:
        return GREEN if x < 16 else BLUE
    if y < 21:
        return WHITE  # 0.4 <= 0.4 and 0.4 <= 0.75
    if y < 26:
        return BLACK if x < 16 else WHITE  # 0.5 > 0.4, 0.5 <= 0.75
    return BLACK  # 0.8 above both


EXPECTED = {
    "rtv_srv": rtv_srv,
    # Level 1 drawn and read alone (top); the whole texture's untouched level 0 (bottom).
    "mip_views": lambda x, y: (RED if x < 16 else BLUE) if y < 16 else BLACK,
    # Face -Y's drawn red and cleared green columns (top); face +X, never drawn (bottom).
    "cube_face": lambda x, y: (RED if x < 16 else GREEN) if y < 16 else BLACK,
    "depth_d16": depth,
    "depth_d24": depth,
    "depth_d32": depth,
    "depth_compare_d16": depth_compare,
    "depth_compare_d24": depth_compare,
    "depth_compare_d32": depth_compare,
    # The texel equals the cleared floats exactly (green); one float off is red.
    "clear_rgba32f": lambda x, y: GREEN if x < 16 else RED,
}

rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    VIEWS, "views-", EXPECTED, SIZE)


def test_wine_draw_depth_only_reads_back_exactly(run_sim, gfxsim_trace, tmp_path):
    """Wine's test_draw_depth_only (make_views.wine_depth_only): with no render target and
    a d32_float view, the depths each draw leaves (0 from a colour-only shader at z 0; 0.7,
    0.8 failing, then 0.5 from oDepth; a 4 x 4 grid of viewports at (j + 4 i) / 16) are read
    back through r32_float views and compared exactly by the shader: all green, in both
    modes; x 36..39 is never drawn (black)."""
    trace = VIEWS / "wine_depth_only.yaml"
    check_ok(gfxsim_trace("validate", trace))
    functional, timing = render_both_modes(run_sim, trace, "views-wine_depth_only")
    assert functional == timing
    path = tmp_path / "frame.png"
    path.write_bytes(functional)
    png = read_png(path)
    assert (png.width, png.height) == (40, 32)
    wrong = [(x, y, png.pixel(x, y)) for y in range(32) for x in range(40)
             if png.pixel(x, y) != (GREEN if x < 36 else BLACK)]
    assert not wrong, wrong[:6]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_traces_validate(gfxsim_trace, name):
    check_ok(gfxsim_trace("validate", VIEWS / f"{name}.yaml"))


def test_generator_writes_the_committed_traces():
    texts = {"rtv_srv": make_views.rtv_srv().text(), "mip_views": make_views.mip_views().text(),
             "cube_face": make_views.cube_face().text(),
             "clear_rgba32f": make_views.clear_rgba32f().text()}
    texts.update({f"depth_{f}": make_views.depth(f).text() for f in make_views.DEPTH})
    texts.update({f"depth_compare_{f}": make_views.depth_compare(f).text()
                  for f in make_views.DEPTH})
    texts["wine_depth_only"] = make_views.wine_depth_only().text(width=40)
    for name, text in texts.items():
        assert (VIEWS / f"{name}.yaml").read_text() == text, name


def run_both(gfxsim_exe, gfxsim_trace, path, tmp_path):
    out = tmp_path / "out"
    run = run_tool(gfxsim_exe, path, "-o", out, "--quiet", "-m", "functional")
    return run, gfxsim_trace("validate", path), out


def test_view_format_outside_the_family_names_the_field(gfxsim_exe, gfxsim_trace, tmp_path):
    text = make_views.depth("d24").text().replace("format: r24_unorm_x8_typeless",
                                                  "format: r32_float")
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    run, valid, out = run_both(gfxsim_exe, gfxsim_trace, path, tmp_path)
    message = ("create_view: field 'format': r32_float does not fit texture 20 "
               "(r24g8_typeless): a view takes the texture's format or, of a typeless "
               "texture, a format of its family")
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "format: r32_float" in l)
    for proc in (run, valid):
        assert proc.returncode == 1, proc.stderr
        assert f"{path}:{line}: " in proc.stderr and message in proc.stderr, proc.stderr
    assert not out.exists()


def test_views_of_different_sizes_fail_at_the_draw(gfxsim_exe, gfxsim_trace, tmp_path):
    text = make_views.depth("d32", size=16).text()
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    run, valid, out = run_both(gfxsim_exe, gfxsim_trace, path, tmp_path)
    check_ok(valid)  # each command is valid on its own; the draw is not
    assert run.returncode == 1
    assert ("draw 0 (draw): depth-stencil view 21 (16x16) and render target view 32 (32x32) "
            "differ in size; D3D10 draws need every bound view the same size") in run.stderr
    assert f"{path}:" in run.stderr
    assert not out.exists()


def test_a_render_target_view_is_no_shader_resource(gfxsim_exe, gfxsim_trace, tmp_path):
    text = make_views.rtv_srv().text().replace(
        "set_shader_resources: {stage: pixel, start_slot: 0, ids: [31]}",
        "set_shader_resources: {stage: pixel, start_slot: 0, ids: [30]}", 1)
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    run, valid, _ = run_both(gfxsim_exe, gfxsim_trace, path, tmp_path)
    assert run.returncode == 1 and valid.returncode == 1
    assert "render_target view 30 is not a shader_resource view" in run.stderr, run.stderr
    assert ("set_shader_resources: view 30 is a render_target view, not a shader_resource "
            "one") in valid.stderr, valid.stderr


# Depth traffic follows the view's format: a 16 x 16 depth-only pass reads every line of
# the surface once and writes it back once, 2 bytes a pixel for D16_UNORM, 4 for
# D24_UNORM_S8_UINT (depth and stencil in one word) and D32_FLOAT.
DEPTH_BYTES = {"d16": 2, "d24": 4, "d32": 4}


@pytest.mark.parametrize("fmt", sorted(DEPTH_BYTES))
def test_depth_bytes_follow_the_view_format(fmt, run_sim, tmp_path):
    trace = tmp_path / f"depth_traffic_{fmt}.yaml"
    trace.write_text(make_views.depth_traffic(fmt).text())
    stats = stat_leaves(load_stats(run_sim(trace, f"depth_traffic_{fmt}"))["stats"])
    surface = 16 * 16 * DEPTH_BYTES[fmt]
    assert stats["memory.dram.clients.depth.bytes_read"]["value"] == surface
    assert stats["memory.dram.clients.depth.bytes_written"]["value"] == surface
    assert stats["memory.dram.clients.color.bytes_written"]["value"] == 0  # no colour target
    assert stats["rop.pixels_written"]["value"] == 16 * 16
