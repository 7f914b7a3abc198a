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
    # Per-sample shading (make_msaa.py): red 64 * sample index, green 8 x at the sample.
    "per_sample_4x": lambda x, y: per_sample_pixel(x, OFFSETS_4X),
    "per_sample_1x": lambda x, y: per_sample_pixel(x, [(0, 0)]),
    # Quadrilateral lines (make_msaa.py): 1.4 px rectangles at y 4.5 and y 12, x 2..10.
    "quad_lines_4x": lambda x, y: quad_line_pixel(x, y, OFFSETS_4X),
    "quad_lines_1x": lambda x, y: quad_line_pixel(x, y, [(0, 0)]),
}


def quad_line_pixel(x, y, offsets):
    """Red on the samples inside a rectangle [2, 10] x [c - 0.7, c + 0.7], c = 4.5 or 12
    (no sample of these lies on an edge); black elsewhere."""
    colours = []
    for ox, oy in offsets:
        sx, sy = x + 0.5 + ox / 16, y + 0.5 + oy / 16
        inside = 2 < sx < 10 and any(abs(sy - c) < 0.7 for c in (4.5, 12))
        colours.append((255, 0, 0) if inside else (0, 0, 0))
    return resolve(colours)


def per_sample_pixel(x, offsets):
    """One invocation per sample left of the triangle's right edge at x 8.5 (a sample on
    it is out), writing (64 s, 8 * sample x, 0); the others stay black."""
    colours = []
    for s, (ox, _) in enumerate(offsets):
        sx = x + 0.5 + ox / 16
        colours.append((64 * s, round(8 * sx), 0) if sx < 8.5 else (0, 0, 0))
    return resolve(colours)


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


def test_per_sample_expectations_hold_the_edge_column():
    assert EXPECTED["per_sample_4x"](3, 7) == (96, 28, 0)
    assert EXPECTED["per_sample_4x"](8, 7) == (32, 33, 0)  # samples 0 and 2: (0 + 128) / 4
    assert EXPECTED["per_sample_1x"](3, 7) == (0, 28, 0)
    assert EXPECTED["per_sample_1x"](8, 7) == (0, 0, 0)


@pytest.mark.parametrize("mode", ["timing", "functional"])
def test_per_sample_shading_runs_once_per_covered_sample(run_sim, mode):
    # Columns 0..8 of 32 rows are 80 quads (5 quad columns x 16 rows). At 4x the 64 quads
    # of columns 0..7 are shaded 4 times and the 16 of columns 8..9 twice (samples 0 and
    # 2): 288 per-sample quads, 32 x 8 x 4 + 32 x 2 = 1,088 sample invocations, each
    # written to its own sample. At 1x the shader runs per pixel: 64 quads, 256 pixels.
    rows = {}
    for name in ("per_sample_4x", "per_sample_1x"):
        out = run_sim(MSAA / f"{name}.yaml", f"msaa-ps-{mode}-{name}", "-c", "small", "-m", mode)
        line = (out / "draws.csv").read_text().splitlines()
        head = line[0].split(",")
        rows[name] = dict(zip(head, line[1].split(",")))
        if mode == "timing":
            stats = load_stats(out)["stats"]
            rows[name]["stats"] = (
                stats["raster"]["quads"]["value"], stats["raster"]["sample_quads"]["value"],
                stats["raster"]["pixel_warps"]["value"], stats["shader"]["pixels"]["value"],
                stats["rop"]["quads"]["value"], stats["rop"]["samples_written"]["value"])
    for name, want in (("per_sample_4x", ("80", "1088", "1088")),
                       ("per_sample_1x", ("64", "256", "256"))):
        r = rows[name]
        assert (r["quads"], r["pixels_shaded"], r["pixels_written"]) == want, name
    if mode == "timing":
        # The small preset's warps hold 4 quads: 288 / 4 = 72 warps at 4x, 64 / 4 at 1x.
        assert rows["per_sample_4x"]["stats"] == (80, 288, 72, 1088, 288, 1088)
        assert rows["per_sample_1x"]["stats"] == (64, 0, 16, 256, 64, 256)


def test_quad_line_expectations():
    assert [EXPECTED["quad_lines_4x"](5, y) for y in (3, 4, 5, 6)] == \
        [(64, 0, 0), (255, 0, 0), (64, 0, 0), (0, 0, 0)]
    assert [EXPECTED["quad_lines_4x"](5, y) for y in (10, 11, 12, 13)] == \
        [(0, 0, 0), (191, 0, 0), (191, 0, 0), (0, 0, 0)]
    assert [EXPECTED["quad_lines_1x"](5, y) for y in (3, 4, 11, 12, 13)] == \
        [(0, 0, 0), (255, 0, 0), (255, 0, 0), (255, 0, 0), (0, 0, 0)]
    assert EXPECTED["quad_lines_4x"](10, 4) == EXPECTED["quad_lines_4x"](1, 4) == (0, 0, 0)


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
    assert clients["depth"]["bytes_written"]["value"] == 35190848
    assert clients["color"]["bytes_written"]["value"] == 36147200
    assert stats["rop"]["samples_written"]["value"] == 3713818


@pytest.mark.parametrize("name", ["edge_4x", "a2c_4x", "sample_mask_4x"])
def test_early_z_and_hiz_keep_multisampled_frames(run_sim, name):
    # Multisampled draws take the early paths by the 1x rules (the early test is per
    # sample): with early Z and Hi-Z on, in both modes, the frame is the one without them.
    # edge_4x's two draws test depth before shading; a2c_4x and sample_mask_4x have depth
    # off, so they stay late.
    on = ("-s", "early_z.enable=true", "-s", "hiz.enable=true")
    off = run_sim(MSAA / f"{name}.yaml", f"msaa-ez-off-{name}", "-c", "small")
    timing = run_sim(MSAA / f"{name}.yaml", f"msaa-ez-{name}", "-c", "small", *on)
    functional = run_sim(MSAA / f"{name}.yaml", f"msaa-ez-f-{name}", "-c", "small",
                         "-m", "functional", *on)
    reference = [f.read_bytes() for f in frame_files(off)]
    assert [f.read_bytes() for f in frame_files(timing)] == reference
    assert [f.read_bytes() for f in frame_files(functional)] == reference
    ez = load_stats(timing)["stats"]["early_z"]
    paths = [ez[f"draws_{p}"]["value"] for p in ("late", "early", "early_test_late_write")]
    assert paths == ([0, 2, 0] if name == "edge_4x" else [2, 0, 0])



def draw_rows(out):
    lines = (out / "draws.csv").read_text().splitlines()
    head = lines[0].split(",")
    return [dict(zip(head, line.split(","))) for line in lines[1:]]


def test_per_sample_shading_takes_the_early_test_per_sample(run_sim):
    # per_sample_depth_4x: the hidden 1,088 samples of the second draw fail LESS. Late, they
    # are shaded and then dropped (4,096 invocations, 3,008 written); early, they are culled
    # before shading (3,008 invocations). Same frame either way, in both modes.
    trace = MSAA / "per_sample_depth_4x.yaml"
    on = ("-s", "early_z.enable=true", "-s", "hiz.enable=true")
    off = run_sim(trace, "msaa-psz-off", "-c", "small")
    timing = run_sim(trace, "msaa-psz-on", "-c", "small", *on)
    functional = run_sim(trace, "msaa-psz-f", "-c", "small", "-m", "functional", *on)
    reference = [f.read_bytes() for f in frame_files(off)]
    assert [f.read_bytes() for f in frame_files(timing)] == reference
    assert [f.read_bytes() for f in frame_files(functional)] == reference
    want_off = [("80", "1088", "1088"), ("256", "4096", "3008")]
    want_on = [("80", "1088", "1088"), ("256", "3008", "3008")]
    for out, want in ((off, want_off), (timing, want_on), (functional, want_on)):
        assert [(r["quads"], r["pixels_shaded"], r["pixels_written"])
                for r in draw_rows(out)] == want
    ez = load_stats(timing)["stats"]["early_z"]
    assert ez["draws_early"]["value"] == 2
    assert ez["samples_culled"]["value"] == 1088
    assert load_stats(timing)["stats"]["shader"]["pixels"]["value"] == 4096
    assert load_stats(off)["stats"]["shader"]["pixels"]["value"] == 5184
