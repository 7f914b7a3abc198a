"""D3D10 state objects end to end: the traces of data/d3d10/ (make_d3d10.py says what each
draws) take their rasterizer and depth-stencil state from create_*_state / set_*_state
objects only. Each runs in the timing and the functional model; the two frames must be
identical and hold exactly the expected pixels. States the model cannot honour, and
malformed objects, are errors naming the trace file and the place.
"""
import pytest

from conftest import DATA_DIR, frame_checks, run_tool

D3D10 = DATA_DIR / "d3d10"
SIZE = 32

GREEN, BLUE, RED, WHITE, GREY = ((0, 255, 0), (0, 0, 255), (255, 0, 0), (255, 255, 255),
                                 (128, 128, 128))


def quadrants(top_left, top_right, bottom_left, bottom_right):
    return lambda x, y: ((top_left if x < 16 else top_right) if y < 16 else
                         (bottom_left if x < 16 else bottom_right))


EXPECTED = {
    # Cull back, clockwise front: green kept, ccw culled; front_counter_clockwise 1: the
    # clockwise quad culled, blue kept; cull front culled the red clockwise top row.
    "cull_winding": quadrants(GREEN, GREY, GREY, BLUE),
    # GREATER + write (red left, 0.75), GREATER 0.625 without write (blue right), EQUAL 0.5
    # (green top right).
    "depth_func": quadrants(RED, GREEN, RED, BLUE),
    # Stencil 128 (green) / 126 (red) on top, 129 (blue) / 127 (white) below.
    "stencil_two_sided": quadrants(GREEN, RED, BLUE, WHITE),
    # Columns: bias 0 fails, -2 passes, -8 passes over -2, -2 fails over -8.
    "depth_bias": lambda x, y: [GREY, RED, GREEN, RED][x // 8],
    # Target 0 blends ONE + ONE over 0x204060 (top); target 1 takes (128, 128, 128) under
    # write mask red | green without blending, shown below from its texture.
    "blend_mrt": lambda x, y: (160, 192, 224) if y < 16 else (128, 128, 96),
}

rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    D3D10, "d3d10-", EXPECTED, SIZE)


def run_edited(tmp_path, gfxsim_exe, trace, old, new):
    text = (D3D10 / f"{trace}.yaml").read_text()
    assert old in text, f"{trace}.yaml no longer holds {old!r}"
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(old, new, 1))
    return run_tool(gfxsim_exe, path, "-o", tmp_path / "out", "--quiet", "-m", "functional")


@pytest.mark.parametrize("old, new, message", [
    # Unmodelled states fail at the draw that uses them.
    ("{id: 1, cull_mode: back}", "{id: 1, cull_mode: back, antialiased_line_enable: 1}",
     "draw 0 (draw): the bound rasterizer state has antialiased_line_enable 1"),
    ("{id: 1, cull_mode: back}",
     "{id: 1, cull_mode: back, depth_bias_clamp: 0.5, slope_scaled_depth_bias: 1}",
     "draw 0 (draw): the bound rasterizer state has a depth_bias_clamp with a "
     "slope_scaled_depth_bias"),
    # Malformed objects fail where the reader meets them, naming the field.
    ("{id: 1, cull_mode: back}", "{id: 1, cull_mode: back, front_counter_clockwise: 2}",
     "field 'front_counter_clockwise': must be 0 or 1"),
    ("{id: 1, cull_mode: back}", "{id: 1, fill_mode: point}",
     "field 'fill_mode': D3D10 fills wireframe or solid"),
    ("{id: 1, cull_mode: back}", "{id: 1, cull_mode: ccw}", "cull_mode"),
    ("set_rasterizer_state: {id: 2}", "set_rasterizer_state: {id: 7}",
     "no rasterizer state with id 7"),
    ("create_depth_stencil_state: {id: 1, depth_enable: 0}",
     "create_depth_stencil_state: {id: 1, depth_enable: 0, depth_write_mask: some}",
     "depth_write_mask"),
    ("set_depth_stencil_state: {id: 1}", "set_depth_stencil_state: {id: 1, stencil_ref: 256}",
     "field 'stencil_ref': the stencil buffer has 8 bits"),
])
def test_bad_state_objects_are_located_errors(tmp_path, gfxsim_exe, old, new, message):
    proc = run_edited(tmp_path, gfxsim_exe, "cull_winding", old, new)
    assert proc.returncode == 1
    assert "bad.yaml" in proc.stderr and message in proc.stderr, proc.stderr


BLEND = "{id: 1, blend_enable: [1, 0], src_blend: one, dest_blend: one, "


@pytest.mark.parametrize("old, new, message", [
    # All eight targets are modelled; a ninth entry is no D3D10 target.
    (BLEND, "{id: 1, blend_enable: [1, 0, 0, 0, 1, 0, 0, 0, 1], src_blend: one, "
     "dest_blend: one, ", "field 'blend_enable': 9 entries; D3D10 has 8 render targets"),
    ("render_target_write_mask: [15, 3]",
     "render_target_write_mask: [15, 3, 15, 15, 1, 15, 15, 15, 15]",
     "field 'render_target_write_mask': 9 entries; D3D10 has 8 render targets"),
    ("set_blend_state: {id: 1}", "set_blend_state: {id: 1, blend_factor: [0.3, 0, 0, 1]}",
     "blend_factor red 0.300000 is not modelled"),
    ("set_blend_state: {id: 1}", "set_blend_state: {id: 1, blend_factor: [1, 1, 1]}",
     "field 'blend_factor': 3 values; expected 4"),
    (BLEND, "{id: 1, blend_enable: [1, 2], src_blend: one, dest_blend: one, ",
     "field 'blend_enable': entry 1 must be a whole number 0..1"),
    ("dest_blend: one, ", "dest_blend: both_src_alpha, ",
     "field 'dest_blend': both_src_alpha is D3D9 only"),
    ("dest_blend: one, ", "dest_blend: one, src_blend_alpha: src_color, ",
     "field 'src_blend_alpha': an alpha blend factor may not be a *_color one"),
])
def test_bad_blend_states_are_located_errors(tmp_path, gfxsim_exe, old, new, message):
    proc = run_edited(tmp_path, gfxsim_exe, "blend_mrt", old, new)
    assert proc.returncode == 1
    assert "bad.yaml" in proc.stderr and message in proc.stderr, proc.stderr


def test_state_objects_survive_binary_conversion(tmp_path, gfxsim_trace_exe):
    binary, back = tmp_path / "s.gfxt", tmp_path / "s.yaml"
    for src, dst in ((D3D10 / "stencil_two_sided.yaml", binary), (binary, back)):
        proc = run_tool(gfxsim_trace_exe, "convert", src, dst)
        assert proc.returncode == 0, proc.stderr
    text = back.read_text()
    assert "front_face_pass_op: incr" in text and "back_face_pass_op: decr" in text
    assert "front_counter_clockwise: 1" in text
    blend = tmp_path / "b.gfxt"
    assert run_tool(gfxsim_trace_exe, "convert", D3D10 / "blend_mrt.yaml", blend).returncode == 0
    dump = run_tool(gfxsim_trace_exe, "convert", blend, tmp_path / "b.yaml")
    assert dump.returncode == 0, dump.stderr
    assert "render_target_write_mask: [15, 3]" in (tmp_path / "b.yaml").read_text()
