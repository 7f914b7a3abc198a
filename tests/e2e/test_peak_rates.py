"""Peak-rate fidelity (issue 14, point 4): each peak_* microbenchmark trace reaches the peak
its config allows within 3%, in exact cycles, and a single quad's unloaded draw takes
exactly the sum of the configured latencies on its path, for several configs. The table,
the measurements and the latency sum are scripts/peak_bench.py's (docs/benchmarks.md); the
figures are timing-mode, the frames are checked in both modes.
"""
import importlib.util
import struct

import pytest

from conftest import SOURCE_DIR, TRACES, check_ok, frame_files, load_stats, read_png, run_tool

_spec = importlib.util.spec_from_file_location("peak_bench", SOURCE_DIR / "scripts" / "peak_bench.py")
peak_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(peak_bench)
BENCH = {b.name: b for b in peak_bench.BENCHES}


def measure(gfxsim_exe, tmp_path_factory, name, preset="baseline", extra=()):
    out = tmp_path_factory.mktemp(name) / "results"
    r = peak_bench.run(gfxsim_exe, BENCH[name], str(out), preset, extra)
    r["stats"] = load_stats(out)["stats"]
    return r


def value(stats, path):
    for k in path.split("."):
        stats = stats[k]
    return stats["value"]


# (bench, preset) -> steady-state cycles. Draw rates: 63 draws of 1,024 quads after the
# first; the ROP-bound ones take 1024 / rop.quads_per_cycle cycles each, the
# rasterizer-bound ones triangle_setup_cycles + 1024 / raster.quads_per_cycle. On `small`
# one of the 63 intervals is 512: there one draw's last warp reaches the ROP 15 cycles after
# the rasterizer's last quad instead of 16, a timing of the two shader cores' issue ports
# whose place moves with shader.issue_policy while the sum does not. Clear: 4 Clears of 2 x 16,384 lines
# at 4 lines a cycle, 32,768 cycles, plus the command fetches, markers and reports: 114
# cycles on baseline, 100 on small. Each command line's fetch crosses the L2's crossbar and
# queues behind the Clears' write-backs on its slice's port, and the presets' DRAMs differ.
EXACT_CYCLES = {
    ("fill_raster", "baseline"): 63 * 257,
    ("fill_rop", "baseline"): 63 * 256,
    ("zonly", "baseline"): 63 * 256,
    ("blend", "baseline"): 63 * 256,
    ("clear", "baseline"): 4 * 8192 + 114,
    ("fill_raster", "small"): 63 * 513 - 1,
    ("fill_rop", "small"): 63 * 512,
    ("zonly", "small"): 63 * 512,
    ("blend", "small"): 63 * 512,
    ("clear", "small"): 4 * 8192 + 100,
}


@pytest.mark.parametrize("name,preset", sorted(EXACT_CYCLES))
def test_rate_reaches_its_configured_peak(gfxsim_exe, tmp_path_factory, name, preset):
    r = measure(gfxsim_exe, tmp_path_factory, name, preset)
    assert r["cycles"] == EXACT_CYCLES[(name, preset)], r
    want_peak = {"fill_raster": 4 * r["config"]["raster"]["quads_per_cycle"],
                 "clear": r["config"]["rop"]["clear_lines_per_cycle"]}.get(
                     name, 4 * r["config"]["rop"]["quads_per_cycle"])
    assert r["peak"] == want_peak
    assert abs(r["figure"] - r["peak"]) <= 0.03 * r["peak"], r
    assert r["ok"]
    # Every pixel (line) of the measured draws (Clears) was written.
    assert r["work"] == (64 * 64 * 63 if name != "clear" else 4 * 2 * 512 * 512 // 16)
    if name == "clear":
        return
    # Memory is not what limits the draws: every lookup of the 64 draws hits (the 256 misses
    # are the Clear's full-line writes, which read nothing), the ROP never waits for a line,
    # and only the surface the benchmark names is touched.
    used, unused = ("z_cache", "color_cache") if name == "zonly" else ("color_cache", "z_cache")
    assert value(r["stats"], f"rop.{used}.hits") == 64 * 1024
    assert value(r["stats"], f"rop.{used}.misses") == 256
    assert value(r["stats"], f"rop.{unused}.writes") + value(r["stats"], f"rop.{unused}.reads") == 0
    assert value(r["stats"], "rop.stall_memory_cycles") == 0


# 4x MSAA fill (peak_fill_4x, 32x32): (bench, preset) -> steady-state cycles. A draw is 256
# quads of 4 samples, 1,024 of the ROP's quad slots at rop.quads_per_cycle a cycle: 256
# cycles on baseline and attila-like (4 slots), 512 on small (2), the same cycles as the 1x
# fill_rop's 1,024 single-sample quads. The colour cache holds the 16 KiB target: the Clear's
# full-line writes are its misses (16 KiB / line_bytes), each quad's lookups hit (a quad's
# two pixel rows of 2 x 16 bytes lie in two 64-byte lines, or one of 256 bytes).
EXACT_4X = {"baseline": 63 * 256, "small": 63 * 512, "attila-like": 63 * 256}
HITS_4X = {"baseline": (64 * 256 * 2, 256), "small": (64 * 256 * 2, 256),
           "attila-like": (64 * 256, 64)}


@pytest.mark.parametrize("name", ["fill_4x_smp", "fill_4x_pix"])
@pytest.mark.parametrize("preset", sorted(EXACT_4X))
def test_4x_fill_reaches_its_configured_peak(gfxsim_exe, tmp_path_factory, name, preset):
    r = measure(gfxsim_exe, tmp_path_factory, name, preset)
    q = r["config"]["rop"]["quads_per_cycle"]
    samples = name == "fill_4x_smp"
    assert r["cycles"] == EXACT_4X[preset], r
    assert r["peak"] == (4 * q if samples else q)
    assert abs(r["figure"] - r["peak"]) <= 0.03 * r["peak"], r
    assert r["ok"]
    # Every sample of the 63 measured draws' 32x32 pixels was written.
    assert r["work"] == 63 * 32 * 32 * (4 if samples else 1)
    assert value(r["stats"], "rop.pixels_written") == 64 * 32 * 32
    assert value(r["stats"], "rop.samples_written") == 4 * 64 * 32 * 32
    # Memory is not what limits it: every lookup of the draws hits, the ROP never waits for
    # a line, depth is never touched.
    hits, misses = HITS_4X[preset]
    assert value(r["stats"], "rop.color_cache.hits") == hits
    assert value(r["stats"], "rop.color_cache.misses") == misses
    assert value(r["stats"], "rop.z_cache.writes") + value(r["stats"], "rop.z_cache.reads") == 0
    assert value(r["stats"], "rop.stall_memory_cycles") == 0


def test_wider_rop_moves_the_4x_peak(gfxsim_exe, tmp_path_factory):
    """At 8 quad slots a cycle the ROP takes two 4x quads a cycle: 32 samples, 8 pixels."""
    # The rasterizer's 4 quads a cycle and the queues' widths keep up with 2 quads a cycle.
    wide = ["rop.quads_per_cycle=8"]
    r = measure(gfxsim_exe, tmp_path_factory, "fill_4x_smp", extra=wide)
    assert (r["peak"], r["cycles"], r["figure"]) == (32, 63 * 128, 32.0)
    r = measure(gfxsim_exe, tmp_path_factory, "fill_4x_pix", extra=wide)
    assert (r["peak"], r["cycles"], r["figure"]) == (8, 63 * 128, 8.0)


def test_wider_rop_moves_the_peak(gfxsim_exe, tmp_path_factory):
    """The ROP-bound figure follows rop.quads_per_cycle: 8 quads a cycle (with the raster
    and the queues into and out of the shader cores widened to keep up) is 32 pixels."""
    wide = ["rop.quads_per_cycle=8", "raster.quads_per_cycle=16",
            "raster.pixel_warp_queue.width=4", "rop.input_queue.width=4"]
    r = measure(gfxsim_exe, tmp_path_factory, "fill_rop", extra=wide)
    assert (r["peak"], r["cycles"], r["figure"]) == (32, 63 * 128, 32.0)


# Hi-Z: the 63 draws behind the occluder, every quad of draws 2..63 rejected. One warp of
# draw 1 (4 quads) is looked up: it reaches the stage while the occluder's quads still wait
# for their test. The rest are rejected at hiz.quads_per_cycle: 1,024 / 16 = 64 cycles a
# draw, one 8x8 tile (16 quads) a cycle. (extra overrides, tiles/cycle, cycles, tiles)
HIZ_CASES = [
    ((), 1.0, 62 * 64, 62 * 64),
    (("hiz.quads_per_cycle=8",), 0.5, 62 * 128, 62 * 64),
    (("hiz.tile_pixels=16",), 0.25, 62 * 64, 62 * 16),  # 64 quads a tile
    # 4-pixel tiles checked one a cycle: 256 cycles a draw. Before early_z's fix one warp
    # a draw escaped Hi-Z through the lookup path, 255 cycles a draw, above the peak.
    (("hiz.tile_pixels=4", "hiz.quads_per_cycle=4"), 1.0, 62 * 256, 62 * 256),
]


@pytest.mark.parametrize("preset", ["baseline", "small"])
@pytest.mark.parametrize("extra,peak,cycles,tiles", HIZ_CASES)
def test_hiz_rejects_at_its_configured_peak(gfxsim_exe, tmp_path_factory, preset, extra, peak,
                                            cycles, tiles):
    r = measure(gfxsim_exe, tmp_path_factory, "hiz", preset, extra)
    c = r["config"]["hiz"]
    assert r["peak"] == peak == c["quads_per_cycle"] / (c["tile_pixels"] // 2) ** 2
    assert (r["cycles"], r["work"], r["figure"]) == (cycles, tiles, peak), r
    assert r["ok"]
    s = r["stats"]
    # Every hidden quad but draw 1's first warp is rejected, with no depth lookup; the Z
    # cache sees the Clear's 256 lines, the occluder's 1,024 quads and those 4.
    assert value(s, "early_z.hiz_quads_rejected") == 63 * 1024 - 4
    assert value(s, "early_z.hiz_checked") == 64 * 1024 - 4
    assert value(s, "rop.z_cache.writes") == 256 + 1024 + 4
    assert value(s, "rop.z_cache.reads") == 0
    if c["tile_pixels"] == 8:  # the rasterizer's walk tile: one run per Hi-Z tile
        assert value(s, "early_z.hiz_tiles_rejected") == 63 * 64


def test_hiz_queue_too_shallow_for_two_tiles_a_cycle(gfxsim_exe, tmp_path_factory):
    """At 32 quads a cycle the rasterizer's 16-warp queue (2 cycles of checks) cannot hide
    its per-triangle setup cycle: 33 cycles a draw, 3.03% off the peak of 2 tiles, and the
    script says so. 64 warps of room hide it until the command processor, which fetches a
    64-byte line of two draw commands about every 71 cycles, limits the draws. Since the
    L2's crossbar (8 cycles each way together) those fetches take longer, and the command
    processor limits the draws already here: 2,296 cycles for 62 draws, 37.0 a draw."""
    fast = ["raster.quads_per_cycle=64", "raster.pixel_warp_queue.width=16", "hiz.quads_per_cycle=32"]
    r = measure(gfxsim_exe, tmp_path_factory, "hiz", extra=fast)
    assert (r["peak"], r["cycles"], r["ok"]) == (2.0, 2296, False)


# The latency draw's sum of latencies for different configs: the presets and one with every
# key on the path changed (so that a term counted wrongly, or missing, cannot match).
EVERY_TERM = ["cp.draw_queue.latency=3", "tessellator.output_queue.latency=2",
              "ia.vertex_cache.hit_latency=3", "ia.vertex_cache.ports=1",
              "shader.vertex_warp_queue.latency=2", "shader.alu_latency=6",
              "shader.dispatch_cycles=3",
              "setup.triangle_queue.latency=7", "raster.triangle_setup_cycles=3",
              "raster.pixel_warp_queue.latency=4", "shader.interpolants_per_cycle=1",
              "rop.input_queue.latency=5", "rop.z_cache.hit_latency=3",
              "rop.color_cache.hit_latency=2", "rop.latency=6"]
LATENCIES = [("baseline", (), 52), ("small", (), 52), ("attila-like", (), 70),
             ("baseline", tuple(EVERY_TERM), 85),
             ("baseline", ("shader.lanes=4", "shader.warp_width=32", "ia.vertex_cache.ports=3"), 93)]


@pytest.mark.parametrize("preset,extra,cycles", LATENCIES)
def test_unloaded_quad_takes_the_sum_of_latencies(gfxsim_exe, tmp_path_factory, preset, extra,
                                                  cycles):
    r = measure(gfxsim_exe, tmp_path_factory, "latency", preset, extra)
    front, back = peak_bench.latency_terms(r["config"])
    assert r["figure"] == cycles == sum(v for _, v in front + back), (front, back)
    assert r["ok"]


def test_latency_terms_of_the_baseline():
    """The baseline's sum, term by term: 28 cycles to the triangle queue, 24 from it."""
    import yaml
    c = yaml.safe_load((SOURCE_DIR / "configs" / "baseline.yaml").read_text())
    front, back = peak_bench.latency_terms(c)
    assert [v for _, v in front] == [2, 1, 2, 1, 1, 20, 1]
    assert [v for _, v in back] == [10, 1, 1, 1, 1, 4, 1, 2, 1, 2]


def test_script_prints_each_figure_next_to_its_peak():
    done = run_tool(str(SOURCE_DIR / "scripts" / "peak_bench.py"), "--benches", "fill_rop", "clear",
                    "latency", "--terms")
    check_ok(done)
    rows = {l.split()[0]: l.split() for l in done.stdout.splitlines()[1:] if not l.startswith(" ")}
    assert rows["fill_rop"][1:5] == ["pixels/cycle", "16.000", "16.000", "100.0%"]
    assert rows["clear"][1:4] == ["lines/cycle", "3.986", "4.000"]
    assert rows["latency"][1:4] == ["cycles", "52", "52"]
    assert "rop.latency" in done.stdout and "OFF PEAK" not in done.stdout


def test_script_fails_off_peak():
    """On attila-like the shader cores (4 cores of 4 lanes) limit the fill rate to about
    12.6 pixels a cycle: the script says so and exits 1."""
    done = run_tool(str(SOURCE_DIR / "scripts" / "peak_bench.py"), "--benches", "fill_rop",
                    "--config", "attila-like")
    assert done.returncode == 1 and "OFF PEAK" in done.stdout, done.stdout


# ---------------------------------------------------------------------------------------
# Pixels: the same frames in both modes, and the ones each trace defines.

def _f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def _blended():
    """The blend trace's pixel after its 64 draws, as the ROP computes it: 8-bit source and
    destination read as float32 (x * (1/255)), src_alpha / inv_src_alpha in float32,
    rounded to nearest 8 bits; colours as tracegen_peak.cpp gives them, alpha 0x40."""
    k = _f32(1.0 / 255.0)
    palette = [0xE04040, 0x40E040, 0x4040E0, 0xE0E040]
    dst = [0, 0, 0]
    a = _f32(0x40 * k)
    inv = _f32(1.0 - a)
    for i in range(64):
        src = palette[i % 4]
        for c, shift in enumerate((16, 8, 0)):
            s = _f32(((src >> shift) & 0xFF) * k)
            d = _f32(dst[c] * k)
            v = _f32(_f32(s * a) + _f32(d * inv))
            dst[c] = 0 if not v > 0 else 255 if v >= 1 else int(_f32(_f32(v * 255.0) + 0.5))
    return tuple(dst)


def _latency_pixel(x, y):
    return (255, 255, 255) if (x, y) in ((0, 0), (1, 0), (0, 1)) else (0, 0, 0)


# trace -> one function per frame giving the pixel at (x, y).
PIXELS = {
    "peak_fill": [lambda x, y: (0xE0, 0xE0, 0x40)],  # the last draw's colour (draw 63)
    "peak_fill_4x": [lambda x, y: (0xE0, 0xE0, 0x40)],  # every sample of it: resolves alike
    "peak_zonly": [lambda x, y: (0, 0, 0)],          # colour never written
    "peak_blend": [lambda x, y: _blended()],
    "peak_hiz": [lambda x, y: (0xE0, 0x40, 0x40)],  # the occluder's colour (draw 0)
    "peak_clear": [lambda x, y: (0x33, 0, 0)] * 2 + [lambda x, y: (0xFF, 0, 0)],
    "peak_latency": [_latency_pixel] * 2,
}


@pytest.mark.parametrize("trace,extra", [(t, ()) for t in sorted(PIXELS)] +
                         [("peak_hiz", tuple(peak_bench.HIZ_BOUND))])
def test_frames_are_exact_and_equal_in_both_modes(run_sim, trace, extra):
    frames = {}
    sets = [a for kv in extra for a in ("--set", kv)]
    for mode in ("functional", "timing"):
        out = run_sim(TRACES / f"{trace}.gfxt", f"{trace}-{mode}-{len(extra)}", "-c", "baseline",
                      "-m", mode, *sets)
        frames[mode] = [f.read_bytes() for f in frame_files(out)]
        pngs = [read_png(f) for f in frame_files(out)]
    assert frames["functional"] == frames["timing"], trace
    assert len(pngs) == len(PIXELS[trace])
    for n, (png, want) in enumerate(zip(pngs, PIXELS[trace])):
        wrong = [(x, y, png.pixel(x, y)) for y in range(png.height) for x in range(png.width)
                 if png.pixel(x, y) != want(x, y)]
        assert not wrong, f"{trace} frame {n}: {len(wrong)} wrong pixels, e.g. {wrong[:4]}"
