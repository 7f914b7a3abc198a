"""The input assembler end to end (data/ia/, written by data/ia/make_ia.py, which says what
each draw puts where): SV_VertexID on points of a non-indexed and an indexed D3D10 draw,
SV_PrimitiveID and SV_InstanceID with a per-instance stream and a start instance, and D3D9
SetStreamSourceFreq instancing, in both modes with identical frames and exact pixels; the
instanced trace validates; bad input names the draw and exits 1; an index past the end of
its buffer reads zeros, is counted in draws.csv and stats.json and warned about once.
"""
import pytest

from conftest import (DATA_DIR, check_ok, load_draws, load_stats, render_both_modes,
                      stat_leaves, wrong_pixels)

IA = DATA_DIR / "ia"
SIZE = 32
GREY = (0x80, 0x80, 0x80)


def expected(x, y):
    if y == 0:
        return (x - 2, 0, 255) if 2 <= x <= 17 else GREY
    if y == 2:
        return (x, 0, 255) if x <= 3 else GREY
    if 8 <= y < 24:
        local, instance = x % 16, x // 16
        if local == y - 8:
            return None  # on the shared diagonal: the top-left rule decides, not the IA
        primitive = 0 if local > y - 8 else 1
        return (128 * primitive, 255 * instance, 0)
    if y == 30:
        return (0, 0, 255) if x in (0, 1, 4, 5, 8, 9) else GREY
    return GREY


@pytest.fixture(scope="module")
def frames(run_sim):
    return render_both_modes(run_sim, IA / "system_values.yaml", "ia_system_values")


def test_modes_give_identical_frames(frames):
    functional, timing = frames
    assert functional == timing


def test_system_value_pixels_are_exact(frames, tmp_path):
    wrong = wrong_pixels(frames[0], SIZE, expected, tmp_path)
    assert not wrong, f"{len(wrong)} wrong pixels: " + "; ".join(wrong[:12])


def test_instanced_trace_validates(gfxsim_trace):
    check_ok(gfxsim_trace("validate", IA / "system_values.yaml"))


def edited(tmp_path, old, new, name="bad.yaml"):
    text = (IA / "system_values.yaml").read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return path


BAD = [
    # The second declaration's stream 1 never gets a buffer.
    ("stream-without-buffer",
     "  - set_stream_source: {stream: 1, buffer: 5, offset: 0, stride: 8}\n", "",
     ["draw 2 (draw_instanced)", "stream 1 has no vertex buffer", "texcoord1"]),
    # Position (float3, 12 bytes) does not fit an 8-byte stride.
    ("declaration-past-stride",
     "  - set_stream_source: {stream: 0, buffer: 3, offset: 0, stride: 12}\n",
     "  - set_stream_source: {stream: 0, buffer: 3, offset: 0, stride: 8}\n",
     ["draw 0 (draw)", "does not fit stream 0's stride of 8 bytes"]),
]


@pytest.mark.parametrize("case", BAD, ids=[c[0] for c in BAD])
def test_bad_input_names_the_draw(gfxsim, tmp_path, case):
    _, old, new, texts = case
    out = tmp_path / "results"
    proc = gfxsim(edited(tmp_path, old, new), "-o", out, "--quiet", "-c", "small")
    assert proc.returncode == 1, proc.stderr
    assert "bad.yaml:" in proc.stderr and "command" not in proc.stdout
    for t in texts:
        assert t in proc.stderr, proc.stderr
    assert not out.exists()


@pytest.mark.parametrize("mode", ["functional", "timing"])
def test_index_past_the_buffer_reads_zero_and_is_counted(gfxsim, tmp_path, mode):
    # The indexed draw reads 6 indices from a 4-index buffer: slots 4 and 5 read index 0,
    # so vertex 18 (pixel (0, 2)) is drawn again with VertexID 0, the same colour.
    trace = edited(tmp_path, "index_count: 4, start_index: 0, base_vertex: 18",
                   "index_count: 6, start_index: 0, base_vertex: 18", "oob.yaml")
    out = tmp_path / "results"
    err = check_ok(gfxsim(trace, "-o", out, "--quiet", "-c", "small", "-m", mode)).stderr
    _, rows = load_draws(out)
    assert [int(r["out_of_bounds_reads"]) for r in rows] == [0, 2, 0, 0]
    assert err.count("warning") == 1 and "draw 1 read 2 index or vertex values" in err, err
    if mode == "timing":
        leaves = stat_leaves(load_stats(out)["stats"])
        oob = [v["value"] for k, v in leaves.items() if k.endswith("ia.index_out_of_bounds_reads")]
        assert oob == [2]
    frame = (out / "frames" / "frame_0000.png").read_bytes()
    assert not wrong_pixels(frame, SIZE, expected, tmp_path)
