"""D3D10 draws running shader model 4 vertex and pixel shaders end to end: the traces of
data/d3d10_sm4/ (make_sm4.py says what each draws) carry Wine's fxc-compiled DXBC
containers (create_shader format dxbc) and SM4 asm text (format sm4_asm). Each runs in the
timing and the functional model; the two frames must be identical and hold exactly the
expected pixels. A bad container or the wrong stage is an error naming the trace file, the
create_shader command, the shader and, for the container, the chunk and the dword;
`gfxsim-trace validate` refuses the same traces with the same words.
"""
import pytest

from conftest import DATA_DIR, check_ok, frame_checks, run_tool

SM4 = DATA_DIR / "d3d10_sm4"
SIZE = 32

GREEN, BLUE, RED, WHITE, BLACK = ((0, 255, 0), (0, 0, 255), (255, 0, 0), (255, 255, 255),
                                  (0, 0, 0))
GREY = (128, 128, 128)


def quadrants(top_left, top_right, bottom_left, bottom_right):
    return lambda x, y: ((top_left if x < 16 else top_right) if y < 16 else
                         (bottom_left if x < 16 else bottom_right))


def system_values(x, y):
    """SV_VertexID as red on rows 0 (draw from start vertex 2) and 2 (indexed, base vertex
    18: the raw index); SV_InstanceID as green on the instanced square (start instance 1)."""
    if y == 0:
        return (x - 2, 0, 255) if 2 <= x <= 17 else GREY
    if y == 2:
        return (x, 0, 255) if x <= 3 else GREY
    if 8 <= y < 24:
        return GREEN if x >= 16 else BLACK
    return GREY


def samplers(x, y):
    """Clamp, wrap and border (blue) address modes over u = -0.5 .. 1.5, by 8-pixel column."""
    bands = [[RED, RED, GREEN, GREEN], [GREEN, RED, GREEN, RED], [BLUE, RED, GREEN, BLUE]]
    return bands[y // 8][x // 8] if y < 24 else GREY


EXPECTED = {
    # ps_if_nz on top (bits 0: red, 1.0: green), ps_if_z below (the reverse).
    "wine_if": quadrants(RED, GREEN, GREEN, RED),
    # (1, 0.5, 0.25) * 1 on the left; (0, 1, 1) * (1, 0.5, 0.25) on the right.
    "asm_tint": lambda x, y: (255, 128, 64) if x < 16 else (0, 128, 64),
    # A 2 x 2 texture sampled with point filtering over the whole target.
    "asm_sample": quadrants(RED, GREEN, BLUE, WHITE),
    # d3d-semantics.md §4.2's counters through SM4 system values.
    "system_values": system_values,
    # Constant buffers: bound, updated, updated at an offset, unbound (set_shader_constants).
    "samplers": samplers,
    "constant_buffers": lambda x, y: [(255, 128, 64), (128, 64, 32), (0, 128, 64),
                                      (255, 0, 0)][x // 8],
}

rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    SM4, "sm4-", EXPECTED, SIZE)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_traces_validate(gfxsim_trace, name):
    check_ok(gfxsim_trace("validate", SM4 / f"{name}.yaml"))


def edited(tmp_path, trace, old, new):
    text = (SM4 / f"{trace}.yaml").read_text()
    assert old in text, f"{trace}.yaml no longer holds {old!r}"
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(old, new, 1))
    return path


# (trace, old, new, the error after "bad.yaml:LINE: ").
BAD = [
    # A flipped bit in the shader code: the checksum no longer matches.
    ("checksum", "wine_if", "0x0100003e, 0x01000012", "0x0100003f, 0x01000012",
     "pixel shader 11: DXBC dword 1: checksum mismatch: computed 0x0C0DA6C0 0xC67C57D2 "
     "0x5C13FE56 0x08271B2E, the header has 0x2A94F6F1 0xDBE88943 0x3426A708 0x09CEC990"),
    # The container says 256 bytes but ends early.
    ("truncated", "wine_if", ", 0x0100003e, 0x01000012, 0x08000036", "]}\n#",
     "pixel shader 11: DXBC dword 6: the header says 256 bytes, the container has 204"),
    # An SM4 asm typo names the line and column inside the shader text.
    ("asm-register", "asm_tint", "mul o0.xyzw, v1.xyzw, cb1[0].xyzw",
     "mul o0.xyzw, q1.xyzw, cb1[0].xyzw", "pixel shader 11:5:"),
    # A register past the declared constant buffer.
    ("cb-range", "asm_tint", "mul o0.xyzw, v1.xyzw, cb1[0].xyzw",
     "mul o0.xyzw, v1.xyzw, cb1[3].xyzw", "pixel shader 11: SHDR dword "),
    # A pixel shader created as a vertex shader.
    ("stage", "wine_if", "id: 11\n      stage: pixel", "id: 11\n      stage: vertex",
     "vertex shader 11: its code is ps_4_0, not a vertex shader"),
    # A valid geometry shader (its inputs are v[vertex][register]) in place of the whole
    # vertex shader's text.
    ("geometry", "asm_tint", "vs_4_0\\ndcl_input v0.xyzw\\ndcl_input v1.xyzw\\n"
     "dcl_output_siv o0.xyzw, position\\ndcl_output o1.xyzw\\nmov o0.xyzw, v0.xyzw\\n"
     "mov o1.xyzw, v1.xyzw\\nret\\n",
     "gs_4_0\\ndcl_input v[1][0].xyzw\\ndcl_inputprimitive point\\n"
     "dcl_outputtopology pointlist\\ndcl_output_siv o0.xyzw, position\\ndcl_maxout 1\\n"
     "mov o0.xyzw, v[0][0].xyzw\\nemit\\nret\\n",
     "vertex shader 10: its code is gs_4_0; geometry shaders are not modelled yet"),
]


@pytest.mark.parametrize("case", BAD, ids=[c[0] for c in BAD])
def test_bad_shader_names_file_command_and_shader(gfxsim_exe, gfxsim_trace, tmp_path, case):
    _, trace, old, new, message = case
    path = edited(tmp_path, trace, old, new)
    out = tmp_path / "out"
    run = run_tool(gfxsim_exe, path, "-o", out, "--quiet", "-m", "functional")
    valid = gfxsim_trace("validate", path)
    for proc in (run, valid):
        assert proc.returncode == 1, proc.stderr
        assert f"{path}:" in proc.stderr and message in proc.stderr, proc.stderr
    # Both name the same create_shader line.
    line = run.stderr.split(f"{path}:", 1)[1].split(":", 1)[0]
    assert line.isdigit() and f"{path}:{line}: " in valid.stderr, (run.stderr, valid.stderr)
    assert not out.exists()


# Constant-buffer commands the model or the trace gets wrong: (old, new, the replay's
# error after "bad.yaml:LINE: ", what validate says or None when the trace is valid).
BAD_BUFFERS = [
    # 49 registers: more than the 48 the model maps per slot.
    ("slot-size", "{id: 30, bytes: {f32: [1.0, 1.0, 1.0, 1.0]}}",
     "{id: 30, bytes: {f32: [" + ", ".join(["1.0"] * 196) + "]}}",
     "constant buffer 30 holds 49 registers; the model maps at most 48 per slot "
     "(cbN[i] at c(48N + i))", None),
    # D3D10 has slot 4; the model does not.
    ("slot-4", "{stage: pixel, start_slot: 1, ids: [30]}",
     "{stage: pixel, start_slot: 4, ids: [30]}",
     "constant buffer 30 to slot 4: the model maps constant-buffer slots 0..3 (cbN at c(48N))",
     None),
    # Past D3D10's 14 slots: malformed, refused when read.
    ("slot-14", "{stage: pixel, start_slot: 1, ids: [30]}",
     "{stage: pixel, start_slot: 13, ids: [30, 30]}",
     "field 'ids': 2 buffers from slot 13 run past D3D10's 14 constant-buffer slots (0..13)",
     "field 'ids': 2 buffers from slot 13 run past D3D10's 14 constant-buffer slots (0..13)"),
    ("update-past-end", "{id: 31, offset: 16,", "{id: 31, offset: 32,",
     "bytes 32..48 run past constant buffer 31's 32 bytes",
     "update_constant_buffer: bytes 32..48 run past buffer 31's 32 bytes"),
    ("not-a-buffer", "{stage: pixel, start_slot: 1, ids: [30]}",
     "{stage: pixel, start_slot: 1, ids: [11]}",
     "no constant buffer with id 11 (never created, or released)",
     "set_constant_buffers: buffer 11 is a pixel shader, not a constant buffer"),
]


@pytest.mark.parametrize("case", BAD_BUFFERS, ids=[c[0] for c in BAD_BUFFERS])
def test_bad_constant_buffer_is_located(gfxsim_exe, gfxsim_trace, tmp_path, case):
    _, old, new, message, invalid = case
    path = edited(tmp_path, "constant_buffers", old, new)
    out = tmp_path / "out"
    run = run_tool(gfxsim_exe, path, "-o", out, "--quiet", "-m", "functional")
    assert run.returncode == 1 and f"{path}:" in run.stderr and message in run.stderr, run.stderr
    assert not out.exists()
    valid = gfxsim_trace("validate", path)
    if invalid is None:
        check_ok(valid)
    else:
        assert valid.returncode == 1 and invalid in valid.stderr, valid.stderr


# Sampler and view bindings: (old, new, the replay's error, validate's error or None).
BAD_SAMPLERS = [
    # A comparison sampler under a plain sample (D3D10's debug layer refuses the draw;
    # test_d3d10_compare.py has the other sampler rules).
    ("comparison", "{id: 41, filter: min_mag_mip_point,",
     "{id: 41, filter: comparison_min_mag_mip_point,",
     "draw 0 (draw): pixel shader 11 samples through slot 0 without a comparison, but slot 0 "
     "holds comparison sampler state 41 (D3D10 lets only sample_c and sample_c_lz use a "
     "comparison sampler)", None),
    ("max-lod", "address_v: clamp}", "address_v: clamp, max_lod: 0}",
     "sampler state 41: max_lod 0.000000 clamps the least detailed level, which is not "
     "modelled yet (give 15 or more)", None),
    ("border-8-bit", "border_color: [0, 0, 1, 1]", "border_color: [0, 0, 0.3, 1]",
     "sampler state 43: border_color component 0.300000 is not a whole multiple of 1/255 in "
     "[0, 1] (the sampler keeps an 8-bit colour)", None),
    ("vertex-slot", "set_samplers: {stage: pixel, start_slot: 0, ids: [41]}",
     "set_samplers: {stage: vertex, start_slot: 4, ids: [41]}",
     "sampler state 41 to slot 4: the model has vertex slots 0..3", None),
    ("sampler-slot-16", "set_samplers: {stage: pixel, start_slot: 0, ids: [41]}",
     "set_samplers: {stage: pixel, start_slot: 16, ids: [41]}",
     "field 'ids': 1 samplers from slot 16 run past D3D10's 16 slots (0..15)",
     "field 'ids': 1 samplers from slot 16 run past D3D10's 16 slots (0..15)"),
    ("unknown-sampler", "set_samplers: {stage: pixel, start_slot: 0, ids: [41]}",
     "set_samplers: {stage: pixel, start_slot: 0, ids: [44]}",
     "no sampler state with id 44", "set_samplers: sampler state 44 was never created"),
    ("view-not-texture", "{stage: pixel, start_slot: 0, ids: [20]}",
     "{stage: pixel, start_slot: 0, ids: [11]}",
     "no texture or view with id 11 (never created, or released)",
     "set_shader_resources: texture 11 is a pixel shader, not a texture"),
]


@pytest.mark.parametrize("case", BAD_SAMPLERS, ids=[c[0] for c in BAD_SAMPLERS])
def test_bad_sampler_binding_is_located(gfxsim_exe, gfxsim_trace, tmp_path, case):
    _, old, new, message, invalid = case
    path = edited(tmp_path, "samplers", old, new)
    out = tmp_path / "out"
    run = run_tool(gfxsim_exe, path, "-o", out, "--quiet", "-m", "functional")
    assert run.returncode == 1 and f"{path}:" in run.stderr and message in run.stderr, run.stderr
    assert not out.exists()
    valid = gfxsim_trace("validate", path)
    if invalid is None:
        check_ok(valid)
    else:
        assert valid.returncode == 1 and invalid in valid.stderr, valid.stderr
