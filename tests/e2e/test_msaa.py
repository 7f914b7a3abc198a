"""MSAA end to end: the traces of data/msaa/ (make_msaa.py says what each draws) in the
timing and the functional model. The frames must be identical and hold exactly the
resolved pixels that a per-sample model of the two rectangles predicts; 4x must move four
times the Z and colour bytes of 1x for the same full-screen pass.
"""
import pytest

from conftest import DATA_DIR, TRACES, frame_checks, frame_files, load_stats, run_tool

MSAA = DATA_DIR / "msaa"
SIZE = 32
OFFSETS_4X = [(-2, -6), (6, -2), (-6, 2), (2, 6)]  # reference §5.3, 1/16 px from the centre


def inside(rect, x, y):
    """A sample in an axis-aligned rectangle drawn as two triangles: the top and left
    edges include their samples, the bottom and right ones do not (top-left rule)."""
    x0, x1, y0, y1 = rect
    return x0 <= x < x1 and y0 <= y < y1


def resolve(colours):
    """The model's resolve: per channel the mean rounded to nearest, ties up."""
    n = len(colours)
    return tuple((2 * sum(c[k] for c in colours) + n) // (2 * n) for k in range(3))


# In D3D10 pixel units (pixel i spans [i, i + 1]): D3D9 clip x maps to 16 (x + 1) + 0.5.
RED_RECT = (16 * (-2 + 1) + 0.5, 16 * (-0.5 + 1) + 0.5, 0.5, 32.5)
GREEN_RECT = (0.5, 32.5, 0.5, 32.5)


def edge_pixel(offsets):
    def pixel(x, y):
        colours = []
        for ox, oy in offsets:
            sx, sy = x + 0.5 + ox / 16, y + 0.5 + oy / 16
            # Red at z 0.3 first; green at z 0.5 under LESS only where red is not.
            colours.append((255, 0, 0) if inside(RED_RECT, sx, sy) else
                           (0, 255, 0) if inside(GREEN_RECT, sx, sy) else (0, 0, 0))
        return resolve(colours)
    return pixel


EXPECTED = {
    "edge_4x": edge_pixel(OFFSETS_4X),
    "edge_1x": edge_pixel([(0, 0)]),
    # Red on samples 0 and 2 everywhere, green on 1 and 3 on the left half.
    "sample_mask_4x": lambda x, y: (128, 128, 0) if x < 16 else (128, 0, 0),
    # Single-sample: bit 0 of 0x5 lets red through, bit 0 of 0xA stops green.
    "sample_mask_1x": lambda x, y: (255, 0, 0),
    # Alpha 0.25 keeps 1 of 4 samples (255 / 4 -> 64), 0.75 keeps 3 (765 / 4 -> 191).
    "a2c_4x": lambda x, y: (64, 0, 0) if x < 16 else (191, 0, 0),
    # D3D9: red covered at centres (all samples, columns 0..7), then green on samples 0
    # and 1 elsewhere; row 0's samples 0 and 1 lie above the quads.
    "d3d9_states_4x": lambda x, y: (255, 0, 0) if x < 8 else (0, 0, 0) if y == 0 else (0, 128, 0),
}


rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    MSAA, "msaa-", EXPECTED, SIZE)


def test_expected_frames_hold_the_half_covered_column():
    # The model above agrees with make_msaa.py's reading: column 8 is half red, half green
    # at 4x (0x80 each) and green at 1x; row 0 keeps its top samples black at 4x (D3D9's
    # half-pixel offset puts the quads' top edge at y 0.5), the red quad reaching past the
    # left border fills column 0.
    assert EXPECTED["edge_4x"](8, 5) == (128, 128, 0)
    assert EXPECTED["edge_1x"](8, 5) == (0, 255, 0)
    assert EXPECTED["edge_4x"](8, 0) == (64, 64, 0)
    assert EXPECTED["edge_4x"](0, 0) == (128, 0, 0)
    assert EXPECTED["edge_4x"](0, 5) == (255, 0, 0)
    assert EXPECTED["edge_4x"](31, 31) == (0, 255, 0)


def rop_and_traffic(run_sim, name):
    out = run_sim(MSAA / f"{name}.yaml", f"msaa-{name}", "-c", "small", "-m", "timing")
    stats = load_stats(out)["stats"]
    clients = stats["memory"]["dram"]["clients"]
    traffic = {k: (clients[k]["bytes_read"]["value"], clients[k]["bytes_written"]["value"])
               for k in ("depth", "color")}
    rop = {k: stats["rop"][k]["value"]
           for k in ("quads", "pixels_written", "samples_written", "clear_lines")}
    return traffic, rop


def test_four_samples_move_four_times_the_z_and_colour_bytes(run_sim):
    t1, r1 = rop_and_traffic(run_sim, "fill_1x")
    t4, r4 = rop_and_traffic(run_sim, "fill_4x")
    # 32x32 pixels: 4 KiB of D24S8 and of A8R8G8B8 at 1x, written back once at Present
    # (the clear writes whole lines, so nothing is read); 16 KiB of each at 4x.
    assert t1 == {"depth": (0, 4096), "color": (0, 4096)}
    assert t4 == {"depth": (0, 16384), "color": (0, 16384)}
    # The clear writes four times the lines (64 colour and 64 depth lines at 1x).
    assert (r1["clear_lines"], r4["clear_lines"]) == (128, 512)
    # 1x: every pixel once. 4x: every sample but the top samples (0, 1) of row 0 and the
    # left samples (0, 2) of column 0, which the D3D9 half-pixel offset leaves outside the
    # quad: 32 * 2 + 32 * 2 - 1 (the corner's sample 0) = 127.
    assert (r1["pixels_written"], r1["samples_written"]) == (1024, 1024)
    assert r4["samples_written"] == 4096 - 127


def test_a_bad_sample_count_names_the_file_and_field(tmp_path, gfxsim_exe):
    text = (MSAA / "edge_4x.yaml").read_text().replace("sample_count: 4", "sample_count: 3")
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    r = run_tool(gfxsim_exe, path, "-o", tmp_path / "out", "--quiet", "-m", "functional")
    assert r.returncode == 1
    assert "bad.yaml" in r.stderr and "field 'sample_count'" in r.stderr, r.stderr
    assert "must be 0 or 1 (no MSAA), 2, 4, 8 or 16, not 3" in r.stderr, r.stderr


def test_scene640_msaa4x_renders_alike_in_both_modes_with_four_times_the_traffic(run_sim):
    # The benchmark's MSAA variant (traces/scene640_msaa4x.gfxt: scene640 with header
    # sample_count 4) on the baseline: identical frames in both modes, and Z and colour
    # written back about four times scene640's 8,342,464 and 8,641,664 bytes (a bit more:
    # the caches hold a quarter of the pixels they held at 1x, so lines are evicted and
    # written again; how often depends on the order the L2 slices take the Z cache's fills).
    timing = run_sim(TRACES / "scene640_msaa4x.gfxt", "msaa-scene-t", "-c", "baseline")
    functional = run_sim(TRACES / "scene640_msaa4x.gfxt", "msaa-scene-f", "-c", "baseline",
                         "-m", "functional")
    frames_t, frames_f = frame_files(timing), frame_files(functional)
    assert len(frames_t) == 4
    assert [f.read_bytes() for f in frames_t] == [f.read_bytes() for f in frames_f]
    stats = load_stats(timing)["stats"]
    clients = stats["memory"]["dram"]["clients"]
    assert clients["depth"]["bytes_written"]["value"] == 35190976
    assert clients["color"]["bytes_written"]["value"] == 36147584
    assert stats["rop"]["samples_written"]["value"] == 3713818


@pytest.mark.parametrize("name", ["edge_4x", "a2c_4x", "sample_mask_4x"])
def test_early_z_and_hiz_leave_multisampled_draws_late_with_the_same_pixels(run_sim, name):
    # func::depth_path keeps multisampled draws on the late path (the early stage tests
    # one depth per pixel): with early Z and Hi-Z on, every draw goes late, nothing is
    # culled, and the frame is the functional one.
    on = ("-s", "early_z.enable=true", "-s", "hiz.enable=true")
    timing = run_sim(MSAA / f"{name}.yaml", f"msaa-ez-{name}", "-c", "small", *on)
    functional = run_sim(MSAA / f"{name}.yaml", f"msaa-ez-f-{name}", "-c", "small",
                         "-m", "functional", *on)
    assert [f.read_bytes() for f in frame_files(timing)] == \
        [f.read_bytes() for f in frame_files(functional)]
    ez = load_stats(timing)["stats"]["early_z"]
    draws = ez["draws_late"]["value"]
    assert draws > 0
    assert ez["draws_early"]["value"] == ez["draws_early_test_late_write"]["value"] == 0
    assert ez["quads_culled"]["value"] == ez["hiz_quads_rejected"]["value"] == 0


def test_fast_clear_and_compression_refuse_a_multisampled_back_buffer(tmp_path, gfxsim_exe):
    for key in ("rop.fast_clear.enable", "rop.depth_compression.enable",
                "rop.color_compression.enable"):
        out = tmp_path / key
        r = run_tool(gfxsim_exe, MSAA / "fill_4x.yaml", "-o", out, "--quiet",
                     "-s", f"{key}=true")
        assert r.returncode == 1, key
        assert "single-sample back buffer only" in r.stderr, r.stderr
        assert "has 4 samples per pixel: turn them off" in r.stderr, r.stderr
        assert not out.exists()
