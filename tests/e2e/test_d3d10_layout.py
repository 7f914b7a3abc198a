"""D3D10 input layouts end to end: the traces of data/d3d10_layout/ (make_layout.py says what
each draws) create a layout against a vertex shader's input signature, bind it and draw
instanced triangle strips through it. Each runs in the timing and the functional model; the
two frames must be identical and hold exactly the expected pixels: Wine's d3d10core
test_il_append_aligned and test_instance_id colours per column, and our own step-rate scene
(rates 0, 1 and 2, start instances 0 and 2). A layout that breaks D3D10's rules, or that
does not give an input the shader reads, is an error naming the file, the command and the
element; `gfxsim-trace validate` refuses the same traces.
"""
import pytest

from conftest import DATA_DIR, check_ok, frame_checks, run_tool

LAYOUT = DATA_DIR / "d3d10_layout"
SIZE = 64
RED, GREEN, BLUE, MAGENTA, WHITE = ((255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 0, 255),
                                    (255, 255, 255))

# make_layout.py's per-instance data of the step-rate scene.
STEP0 = [0x40, 0x50, 0x60]
STEP1 = [0x10 * (k + 1) for k in range(10)]
STEP2 = [0x11 * (k + 1) for k in range(6)]


def wine_instance_id(x, y):
    """Wine's expected_results: eight 80-pixel columns of the 640-pixel target (8 here) on the
    top half, instances 0..3 from start instance 0 then 0..3 from start instance 4; the
    bottom half keeps the white clear."""
    greys = [0xf0, 0x80, 0x10, 0x40, 0xaa, 0xbb, 0xcc, 0x90]
    return (greys[x // 8],) * 3 if y < 32 else WHITE


def step_rates(x, y):
    """Column i (SV_InstanceID = i): red = the step-rate-0 element (start instance), green
    the step-rate-1 element start + i, blue the step-rate-2 element start + i / 2."""
    i, start = x // 8, 0 if y < 32 else 2
    return (STEP0[start], STEP1[start + i], STEP2[start + i // 2])


EXPECTED = {
    # Wine's test_il_append_aligned: red, green, blue, magenta quarters (x = 80, 240, 400,
    # 560 of 640 there), each the full height.
    "wine_il_append_aligned": lambda x, y: [RED, GREEN, BLUE, MAGENTA][x // 16],
    "wine_instance_id": wine_instance_id,
    "step_rates": step_rates,
}

rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    LAYOUT, "layout-", EXPECTED, SIZE)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_traces_validate(gfxsim_trace, name):
    check_ok(gfxsim_trace("validate", LAYOUT / f"{name}.yaml"))


def edited(tmp_path, trace, old, new):
    text = (LAYOUT / f"{trace}.yaml").read_text()
    assert old in text, f"{trace}.yaml no longer holds {old!r}"
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(old, new, 1))
    return path


# A vertex shader reading ATTRIB0..ATTRIB4; the step-rate layout gives ATTRIB0..3.
VS_FIVE = ('  - create_shader:\n      id: 12\n      stage: vertex\n      format: sm4_asm\n'
           '      data: {text: "vs_4_0\\ndcl_input v0.xyzw\\ndcl_input v4.xyzw\\n'
           'dcl_output_siv o0.xyzw, position\\ndcl_output o1.xyzw\\nmov o0.xyzw, v0.xyzw\\n'
           'mov o1.xyzw, v4.xyzw\\nret\\n"}\n')

# (id, trace, old, new, the error after "bad.yaml:LINE: ", validate's error or None when
# the trace is valid and only the replay refuses it).
BAD = [
    # The shader reads V_Offset; the layout names another semantic.
    ("missing-semantic", "wine_instance_id", '"v_offset"', '"v_offsets"',
     "create_input_layout 1: vertex shader 10 reads V_OFFSET0 (v2), which no element of the "
     "input layout gives", "same"),
    # D3D10's per-vertex rule, checked when the command is read.
    ("per-vertex-step", "step_rates",
     'format: r32g32b32a32_float, input_slot: 0, aligned_byte_offset: 0}',
     'format: r32g32b32a32_float, input_slot: 0, aligned_byte_offset: 0, '
     'instance_data_step_rate: 3}',
     "field 'elements': element 0 (ATTRIB0): per-vertex data needs an instance data step "
     "rate of 0, got 3", "same"),
    ("slot-16", "step_rates", "input_slot: 3,", "input_slot: 16,",
     "field 'elements': element 3 (ATTRIB3): input slot 16 is beyond D3D10's slots 0..15",
     "same"),
    ("twice", "step_rates", '"ATTRIB", semantic_index: 3', '"attrib", semantic_index: 2',
     "field 'elements': element 3 (ATTRIB2): the semantic is given twice (element 2)", "same"),
    ("unaligned", "wine_instance_id", 'format: r32_float, input_slot: 1, '
     'aligned_byte_offset: 0xFFFFFFFF', 'format: r32_float, input_slot: 1, '
     'aligned_byte_offset: 2', "field 'elements': element 2 (V_OFFSET0): offset 2 is not a "
     "multiple of 4 bytes, the alignment of r32_float", "same"),
    ("not-a-format", "step_rates", "r8_unorm", "r8_typeless", "field 'elements[1].format': expected one of",
     "same"),
    ("against-pixel-shader", "step_rates", "shader: 10", "shader: 11",
     "create_input_layout: shader 11 is not a D3D10 vertex shader",
     "create_input_layout: shader 11 is a pixel shader, not a vertex shader"),
    ("unknown-layout", "step_rates", "set_input_layout: {id: 1}", "set_input_layout: {id: 2}",
     "no input layout with id 2", "set_input_layout: input layout 2 was never created"),
    # The layout satisfies the shader it was made with, not the one drawn: the draw fails.
    ("draw-shader", "step_rates", "  - set_vertex_shader: {id: 10}\n",
     VS_FIVE + "  - set_vertex_shader: {id: 12}\n",
     "draw 0 (draw_instanced): vertex shader 12 reads ATTRIB4 (v4), which the input layout "
     "does not give", None),
    # Without the layout the draw goes through a vertex declaration, which has no usage for
    # V_Offset.
    ("declaration", "wine_instance_id", "  - set_input_layout: {id: 1}\n",
     "  - create_vertex_declaration: {id: 9, elements: "
     "[{stream: 0, offset: 0, type: float4, usage: position}]}\n"
     "  - set_vertex_declaration: {id: 9}\n",
     "draw 0 (draw_instanced): vertex shader 10 reads V_OFFSET0 (v2), which has no "
     "vertex-declaration usage", None),
]


@pytest.mark.parametrize("case", BAD, ids=[c[0] for c in BAD])
def test_bad_layout_is_located(gfxsim_exe, gfxsim_trace, tmp_path, case):
    _, trace, old, new, message, invalid = case
    path = edited(tmp_path, trace, old, new)
    out = tmp_path / "out"
    run = run_tool(gfxsim_exe, path, "-o", out, "--quiet", "-m", "functional")
    assert run.returncode == 1 and f"{path}:" in run.stderr and message in run.stderr, run.stderr
    assert run.stderr.count("\n") == 1, run.stderr  # one line
    assert not out.exists()
    valid = gfxsim_trace("validate", path)
    if invalid is None:
        check_ok(valid)
    else:
        want = message if invalid == "same" else invalid
        assert valid.returncode == 1 and f"{path}:" in valid.stderr and want in valid.stderr, \
            valid.stderr
