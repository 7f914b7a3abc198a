"""The main job, `gfxsim traces/scene640.gfxt -c baseline -o DIR`, checked end to end: the
results folder and the invariants that tie its files together (frames, stats.json,
draws.csv, frames.csv, config.yaml), determinism, functional vs timing frames, and the committed
golden image and stats summary.

Goldens live in tests/golden/. After an intended change of the image or of the timing,
regenerate them with GFX_UPDATE_GOLDEN=1 (e.g. `GFX_UPDATE_GOLDEN=1 ctest -R e2e_scene640`)
and commit the new files with a word on why they changed.
"""
import csv
import json

import pytest
import yaml

from conftest import (GOLDEN_DIR, TRACES, check_ok, frame_files, load_draws, load_stats,
                      read_png, stat_leaves, update_golden)

SCENE = TRACES / "scene640.gfxt"
FRAMES = 4
DRAWS = 140
DRAW_COLUMNS = ["frame", "draw", "call", "topology", "instances", "indices", "vertices_shaded",
                "primitives", "triangles", "quads", "pixels_shaded", "pixels_written",
                "out_of_bounds_reads", "start_cycle", "end_cycle", "cycles", "limiter", "limiter_share",
                "limiter_reason", "where"]
ACTIVITY = ["busy_cycles", "stall_memory_cycles", "stall_output_cycles", "wait_cycles", "idle_cycles"]
DRAM_CLIENTS = ["command", "index", "vertex", "texture", "depth", "color", "tessellator"]

GOLDEN_IMAGE = GOLDEN_DIR / "scene640_frame_0003.png"
GOLDEN_STATS = GOLDEN_DIR / "scene640_baseline.json"
# The counters kept in the golden stats summary: one or two per unit, enough that a change
# of the timing or of the work done shows up in review.
GOLDEN_COUNTERS = [
    "cp.commands", "cp.draws", "ia.indices", "ia.vertices_shaded", "ia.primitives",
    "setup.triangles", "setup.culled", "raster.quads", "raster.pixels", "rop.pixels_written",
    "rop.z_cache.misses", "rop.color_cache.misses", "memory.l2.hits", "memory.l2.misses",
    "memory.dram.reads", "memory.dram.writes", "memory.dram.row_hits",
] + [f"memory.dram.clients.{c}.bytes_{d}" for c in DRAM_CLIENTS for d in ("read", "written")]


@pytest.fixture(scope="module")
def baseline(run_sim):
    return run_sim(SCENE, "scene-baseline", "-c", "baseline")


@pytest.fixture(scope="module")
def baseline_stats(baseline):
    return load_stats(baseline)


@pytest.fixture(scope="module")
def leaves(baseline_stats):
    return {k: v["value"] for k, v in stat_leaves(baseline_stats["stats"]).items()}


# ---------------------------------------------------------------------------------------
# The results folder

def test_results_folder_holds_exactly_the_outputs(baseline):
    assert sorted(p.name for p in baseline.iterdir()) == [".gfxsim-results", "config.yaml", "draws.csv",
                                                          "frames", "frames.csv", "stats.json"]
    # The manifest lists what gfxsim wrote: only that is ever deleted when the folder is replaced.
    listed = (baseline / ".gfxsim-results").read_text().splitlines()[1:]
    assert listed == sorted(str(p.relative_to(baseline)) for p in baseline.rglob("*")
                            if p.is_file() and p.name != ".gfxsim-results")
    assert [f.name for f in frame_files(baseline)] == [f"frame_{i:04d}.png" for i in range(FRAMES)]
    assert sorted(p.name for p in (baseline / "frames").iterdir()) == [f"frame_{i:04d}.png" for i in range(FRAMES)]
    # No hidden partial folder is left beside it.
    assert [p.name for p in baseline.parent.iterdir()] == ["results"]


def test_frames_are_640x480_and_differ(baseline):
    images = [read_png(f) for f in frame_files(baseline)]
    assert all((im.width, im.height) == (640, 480) for im in images)
    # The camera moves: consecutive frames must not be copies of each other.
    assert len({im.rgb for im in images}) == FRAMES


def test_stats_run_block(gfxsim, baseline_stats):
    run = baseline_stats["run"]
    assert run["mode"] == "timing"
    assert run["trace_name"] == "scene640"
    assert run["config"] == "baseline"
    assert (run["width"], run["height"]) == (640, 480)
    assert (run["frames"], run["draws"]) == (FRAMES, DRAWS)
    assert isinstance(run["cycles"], int) and run["cycles"] > 0
    version = check_ok(gfxsim("--version")).stdout.split()
    assert version[1] == baseline_stats["gfxsim"]["version"]
    assert version[2] == f"({baseline_stats['gfxsim']['git']})"


def test_frame_records_chain_up(baseline, baseline_stats):
    frames = baseline_stats["frames"]
    run_cycles = baseline_stats["run"]["cycles"]
    assert [f["frame"] for f in frames] == list(range(FRAMES))
    assert sum(f["draws"] for f in frames) == DRAWS
    assert frames[0]["start_cycle"] == 0
    for f in frames:
        assert (baseline / f["png"]).is_file()
        assert f["cycles"] == f["end_cycle"] - f["start_cycle"] > 0
    for a, b in zip(frames, frames[1:]):
        assert b["start_cycle"] == a["end_cycle"]
    # The run also counts the cycle on which the last Present retired; frames split time at
    # those cycles. So the frames add up to the run, give or take that final cycle.
    assert run_cycles - frames[-1]["end_cycle"] in (0, 1)
    assert run_cycles - sum(f["cycles"] for f in frames) in (0, 1)


def test_every_stat_has_value_unit_and_description(baseline_stats):
    entries = stat_leaves(baseline_stats["stats"])
    assert len(entries) > 100
    for path, e in entries.items():
        assert set(e) == {"value", "unit", "desc"}, path
        assert isinstance(e["value"], (int, float)) and not isinstance(e["value"], bool), path
        assert e["unit"] and e["desc"], path


def test_unit_cycle_accounting_covers_the_run(baseline_stats, leaves):
    # Each unit classifies every cycle of the run exactly once.
    units = sorted(k[:-len(".busy_cycles")] for k in leaves if k.endswith(".busy_cycles"))
    assert {"cp", "ia", "shader", "setup", "raster", "rop"} <= set(units)
    for u in units:
        assert sum(leaves[f"{u}.{a}"] for a in ACTIVITY) == baseline_stats["run"]["cycles"], u


def load_frames_csv(results):
    with open(results / "frames.csv", newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader)
        text = ("limiter", "limiter_share", "limiter_reason")  # the limiter view's columns
        return header, [{k: v if k in text else int(v) for k, v in zip(header, row)} for row in reader]


def test_frames_csv_matches_the_frame_records(baseline, baseline_stats):
    header, rows = load_frames_csv(baseline)
    assert header[:5] == ["frame", "start_cycle", "end_cycle", "cycles", "draws"]
    assert [{k: r[k] for k in header[:5]} for r in rows] == \
        [{k: f[k] for k in header[:5]} for f in baseline_stats["frames"]]


def test_per_frame_counters_add_up_to_the_totals(baseline, leaves):
    header, rows = load_frames_csv(baseline)
    assert header[5:8] == ["limiter", "limiter_share", "limiter_reason"]
    assert [r["limiter"] for r in rows] == ["rop", "rop", "dram", "dram"]
    counters = header[8:]
    assert len(counters) > 100 and len(set(counters)) == len(counters)
    assert [r["cp.frames"] for r in rows] == [1] * FRAMES
    assert [r["cp.draws"] for r in rows] == [DRAWS // FRAMES] * FRAMES
    for k in counters:
        assert isinstance(leaves[k], int), k
        total = sum(r[k] for r in rows)
        if k.endswith(("idle_cycles", "cycles_empty")):
            # Idle time is booked lazily, when a unit wakes or at the end of the run.
            assert total <= leaves[k], k
        else:
            assert total == leaves[k], k


def test_draws_csv_rows(baseline, baseline_stats):
    header, rows = load_draws(baseline)
    assert header == DRAW_COLUMNS
    assert len(rows) == DRAWS
    assert [int(r["draw"]) for r in rows] == list(range(DRAWS))
    frames = baseline_stats["frames"]
    for f in frames:
        assert sum(1 for r in rows if int(r["frame"]) == f["frame"]) == f["draws"]
    for r in rows:
        start, end = int(r["start_cycle"]), int(r["end_cycle"])
        f = frames[int(r["frame"])]
        assert int(r["cycles"]) == end - start > 0, r
        assert f["start_cycle"] <= start and end <= f["end_cycle"], r
        assert r["call"] in ("draw_primitive", "draw_indexed_primitive", "draw", "draw_indexed"), r
        assert r["where"].startswith(f"{SCENE}: command "), r
        assert r["instances"] == "1" and r["out_of_bounds_reads"] == "0", r
    # Draws are issued in API order.
    starts = [int(r["start_cycle"]) for r in rows]
    assert starts == sorted(starts) and len(set(starts)) == DRAWS
    assert {r["call"] for r in rows} >= {"draw_indexed_primitive", "draw_indexed", "draw_primitive"}


def test_draws_csv_sums_match_the_stats(baseline, leaves):
    _, rows = load_draws(baseline)
    total = {c: sum(int(r[c]) for r in rows) for c in DRAW_COLUMNS[5:12]}
    assert total["indices"] == leaves["ia.indices"]
    assert total["vertices_shaded"] == leaves["ia.vertices_shaded"] == leaves["shader.vertices"]
    assert total["primitives"] == leaves["ia.primitives"] == leaves["setup.primitives"]
    assert total["triangles"] == leaves["setup.triangles"] == leaves["raster.triangles"]
    assert total["quads"] == leaves["raster.quads"] == leaves["rop.quads"]
    assert total["pixels_shaded"] == leaves["raster.pixels"] == leaves["shader.pixels"]
    assert total["pixels_written"] == leaves["rop.pixels_written"]
    assert 0 < total["pixels_written"] <= total["pixels_shaded"]


def test_cache_counters_balance(leaves):
    caches = sorted(k[:-len(".reads")] for k in leaves
                    if k.endswith(".reads") and f"{k[:-len('.reads')]}.hit_rate" in leaves)
    assert {"memory.l2", "rop.z_cache", "rop.color_cache", "ia.index_cache", "ia.vertex_cache"} <= set(caches)
    for c in caches:
        # reads and writes count accepted lookups (a refused one is retried and counted
        # then); each accepted lookup is exactly one of hit, hit on a fill, miss.
        lookups = leaves[f"{c}.reads"] + leaves[f"{c}.writes"]
        served = leaves[f"{c}.hits"] + leaves[f"{c}.hits_on_fill"]
        assert lookups == served + leaves[f"{c}.misses"], c
        # The constant caches of a D3D9 scene see no lookup: their hit rate reads 0.
        rate = served / lookups if lookups else 0.0
        assert leaves[f"{c}.hit_rate"] == pytest.approx(rate, rel=1e-12), c


def test_dram_traffic_per_client(baseline, baseline_stats, leaves):
    config = yaml.safe_load((baseline / "config.yaml").read_text())
    dram, line = config["memory"]["dram"], config["memory"]["l2"]["line_bytes"]
    seconds = baseline_stats["run"]["cycles"] / (config["clock"]["core_mhz"] * 1e6)
    peak = dram["channels"] * dram["bytes_per_cycle"] * dram["clock_mhz"] * 1e6 / 1e9
    assert leaves["memory.dram.peak_gbps"] == pytest.approx(peak, rel=1e-12)
    assert peak == pytest.approx(140.8)

    entries = stat_leaves(baseline_stats["stats"])
    client = lambda c, k: leaves[f"memory.dram.clients.{c}.{k}"]
    for c in DRAM_CLIENTS:
        for k, unit in (("bytes_read", "bytes"), ("bytes_written", "bytes"), ("gbps", "GB/s"),
                        ("peak_share", "ratio")):
            assert entries[f"memory.dram.clients.{c}.{k}"]["unit"] == unit, (c, k)
        bytes_ = client(c, "bytes_read") + client(c, "bytes_written")
        assert client(c, "gbps") == pytest.approx(bytes_ / seconds / 1e9, rel=1e-9, abs=1e-12), c
        assert client(c, "peak_share") == pytest.approx(client(c, "gbps") / peak, rel=1e-9, abs=1e-12), c
        for d, k in (("read", "bytes_read"), ("write", "bytes_written")):
            assert client(c, f"{d}_gbps") == pytest.approx(client(c, k) / seconds / 1e9, rel=1e-9, abs=1e-12), c
    # What this scene must make each client do.
    for c in ("command", "index", "vertex", "texture", "depth", "color"):
        assert client(c, "bytes_read") > 0, c
    for c in ("depth", "color"):
        assert client(c, "bytes_written") > 0, c
    for c in ("command", "index", "vertex", "texture"):
        assert client(c, "bytes_written") == 0, c
    assert client("tessellator", "bytes_read") == client("tessellator", "bytes_written") == 0
    # A D3D9 scene has no constant buffers: its constants cost nothing at the L2 or DRAM.
    assert client("constant", "bytes_read") == client("constant", "bytes_written") == 0
    assert leaves["memory.l2_clients.constant.bytes_read"] == 0

    read = sum(client(c, "bytes_read") for c in DRAM_CLIENTS)
    written = sum(client(c, "bytes_written") for c in DRAM_CLIENTS)
    assert read == leaves["memory.dram.reads"] * line
    assert written == leaves["memory.dram.writes"] * line
    assert leaves["memory.dram.bandwidth_gbps"] == pytest.approx((read + written) / seconds / 1e9, rel=1e-9)
    assert leaves["memory.dram.bandwidth_gbps"] == pytest.approx(
        sum(client(c, "gbps") for c in DRAM_CLIENTS), rel=1e-9)
    assert leaves["memory.dram.peak_share"] == pytest.approx(leaves["memory.dram.bandwidth_gbps"] / peak, rel=1e-9)
    assert 0 < leaves["memory.dram.peak_share"] < 1
    requests = leaves["memory.dram.reads"] + leaves["memory.dram.writes"]
    # One access per request (a 64-byte line in one 256-byte chunk), every one served: the
    # writes still in the write queues when the run ends are served then, after the run's
    # last cycle (the run does not wait for them).
    assert 0 < leaves["memory.dram.end_of_run_writes"] < 8 * dram["write_high"]
    assert requests == sum(
        leaves[f"memory.dram.{k}"] for k in ("row_hits", "row_empty", "row_conflicts"))
    assert leaves["memory.dram.end_of_run_writes_end"] > baseline_stats["run"]["cycles"]
    channels = [k for k in leaves if k.startswith("memory.dram.channels.") and k.endswith("_busy")]
    assert len(channels) == dram["channels"]


# ---------------------------------------------------------------------------------------
# config.yaml

def without_provenance(text):
    doc = yaml.safe_load(text)
    doc.pop("gfxsim")
    return doc


def test_config_yaml_loads_back_to_the_same_values(gfxsim, baseline):
    written = (baseline / "config.yaml").read_text()
    meta = yaml.safe_load(written)["gfxsim"]
    assert meta["mode"] == "timing" and meta["trace"] == str(SCENE)
    reloaded = check_ok(gfxsim("config", "-c", baseline / "config.yaml")).stdout
    assert without_provenance(reloaded) == without_provenance(written)
    preset = check_ok(gfxsim("config", "-c", "baseline")).stdout
    assert without_provenance(preset) == without_provenance(written)
    # Not only the same values but the same text, key order included.
    body = lambda t: t[t.index("\nname:"):]
    assert body(reloaded) == body(written)


def test_config_yaml_records_overrides(gfxsim, run_sim):
    out = run_sim(TRACES / "triangle.yaml", "triangle-set", "-c", "small",
                  "-s", "rop.quads_per_cycle=3", "-s", "memory.dram.channels=3")
    written = without_provenance((out / "config.yaml").read_text())
    assert written["name"] == "small"
    assert written["rop"]["quads_per_cycle"] == 3
    assert written["memory"]["dram"]["channels"] == 3
    assert written["shader"]["cores"] == 2       # from the small preset
    reloaded = check_ok(gfxsim("config", "-c", out / "config.yaml")).stdout
    assert without_provenance(reloaded) == written


# ---------------------------------------------------------------------------------------
# Determinism, functional vs timing, goldens

def test_two_identical_runs_give_identical_results(run_sim, baseline, baseline_stats):
    again = run_sim(SCENE, "scene-baseline-again", "-c", "baseline")
    second = load_stats(again)
    assert second["run"]["cycles"] == baseline_stats["run"]["cycles"]
    assert second["stats"] == baseline_stats["stats"]
    assert second["frames"] == baseline_stats["frames"]
    for name in ("draws.csv", "frames.csv"):
        assert (again / name).read_bytes() == (baseline / name).read_bytes(), name
    for a, b in zip(frame_files(again), frame_files(baseline)):
        assert a.read_bytes() == b.read_bytes(), a.name


@pytest.fixture(scope="module")
def functional(run_sim):
    return run_sim(SCENE, "scene-functional", "-m", "functional")


def test_functional_results_folder(functional):
    stats = load_stats(functional)
    assert stats["run"]["mode"] == "functional"
    assert (stats["run"]["frames"], stats["run"]["draws"]) == (FRAMES, DRAWS)
    assert "cycles" not in stats["run"] and "stats" not in stats
    assert not (functional / "frames.csv").exists()
    header, rows = load_draws(functional)
    assert header == DRAW_COLUMNS and len(rows) == DRAWS
    assert all(r["start_cycle"] == r["end_cycle"] == r["cycles"] == "" for r in rows)


def check_same_frames(timing, functional):
    t, f = frame_files(timing), frame_files(functional)
    assert [p.name for p in t] == [p.name for p in f] == [f"frame_{i:04d}.png" for i in range(FRAMES)]
    for a, b in zip(t, f):
        assert a.read_bytes() == b.read_bytes(), f"{a.name} differs between timing and functional"


def check_same_work(timing, functional):
    """The per-draw work the image depends on is the same in both models (vertices shaded is
    not: only the timing model has a finite post-transform cache)."""
    _, t = load_draws(timing)
    _, f = load_draws(functional)
    same = ["frame", "draw", "call", "topology", "instances", "indices", "primitives", "triangles",
            "quads", "pixels_shaded", "pixels_written", "where"]
    for a, b in zip(t, f):
        assert {c: a[c] for c in same} == {c: b[c] for c in same}


def test_functional_and_timing_frames_identical_baseline(baseline, functional):
    check_same_frames(baseline, functional)
    check_same_work(baseline, functional)


def test_functional_and_timing_frames_identical_attila_like(run_sim):
    timing = run_sim(SCENE, "scene-attila", "-c", "attila-like")
    functional = run_sim(SCENE, "scene-attila-functional", "-c", "attila-like", "-m", "functional")
    assert load_stats(timing)["run"]["config"] == "attila-like"
    check_same_frames(timing, functional)
    check_same_work(timing, functional)


def test_golden_image(functional):
    frame = frame_files(functional)[3]
    if update_golden():
        GOLDEN_IMAGE.write_bytes(frame.read_bytes())
    assert GOLDEN_IMAGE.is_file(), f"{GOLDEN_IMAGE} is missing; create it with GFX_UPDATE_GOLDEN=1"
    got, want = read_png(frame), read_png(GOLDEN_IMAGE)
    assert (got.width, got.height) == (want.width, want.height)
    if got.rgb != want.rgb:
        diff = [i // 3 for i in range(0, len(got.rgb), 3) if got.rgb[i:i + 3] != want.rgb[i:i + 3]]
        x, y = diff[0] % got.width, diff[0] // got.width
        pytest.fail(f"frame 3 differs from {GOLDEN_IMAGE.name} in {len(diff)} pixels, first at "
                    f"({x},{y}): got {got.pixel(x, y)}, golden {want.pixel(x, y)}; if the change is "
                    f"intended, regenerate with GFX_UPDATE_GOLDEN=1")


def stats_summary(stats, leaves):
    return {
        "trace": "traces/scene640.gfxt",
        "config": stats["run"]["config"],
        "cycles": stats["run"]["cycles"],
        "frame_cycles": [f["cycles"] for f in stats["frames"]],
        "counters": {k: leaves[k] for k in GOLDEN_COUNTERS},
    }


def test_golden_stats(baseline_stats, leaves):
    summary = stats_summary(baseline_stats, leaves)
    if update_golden():
        GOLDEN_STATS.write_text(json.dumps(summary, indent=2) + "\n")
    assert GOLDEN_STATS.is_file(), f"{GOLDEN_STATS} is missing; create it with GFX_UPDATE_GOLDEN=1"
    golden = json.loads(GOLDEN_STATS.read_text())
    changed = [f"{k}: golden {golden.get(k)} now {v}" for k, v in summary.items()
               if k != "counters" and golden.get(k) != v]
    changed += [f"{k}: golden {golden['counters'].get(k)} now {v}"
                for k, v in summary["counters"].items() if golden["counters"].get(k) != v]
    changed += [f"{k}: no longer reported" for k in golden["counters"] if k not in summary["counters"]]
    assert not changed, ("scene640 on baseline changed against " + GOLDEN_STATS.name + " (regenerate "
                         "with GFX_UPDATE_GOLDEN=1 if intended):\n  " + "\n  ".join(changed))
