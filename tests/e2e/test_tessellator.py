"""The tessellator through the whole timing pipeline (docs/units/tessellator.md): patch
draws from small YAML traces (data/tess/patch_traces.py) and, when the bootstrap made them,
the teapot and bunny traces in <build>/traces. Exact counts, never timings, except the
direction of a cycle difference that the counts predict.
"""
import os
import sys
from pathlib import Path

import pytest

from conftest import DATA_DIR, check_ok, load_draws, load_stats, read_png, stat_leaves

sys.path.insert(0, str(DATA_DIR / "tess"))
from patch_traces import rect_patch_trace  # noqa: E402

# Room for every generated vertex in the post-transform cache, so each is shaded once.
BIG_CACHE = ("-s", "ia.post_transform_entries=4096", "-s", "ia.vertex_store_entries=8256")


def stats(results):
    return {k: v["value"] for k, v in stat_leaves(load_stats(results)["stats"]).items()}


def write(tmp_path, name, text):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    return path


def full(n):
    return {"handle": 0, "segments": f"[{n}, {n}, {n}, {n}]"}


def test_vertices_shaded_are_the_generated_vertices(tmp_path, run_sim):
    trace = write(tmp_path, "counts", rect_patch_trace([[full(2), full(5)]]))
    s = stats(run_sim(trace, "counts", *BIG_CACHE))
    assert s["tess.vertices_generated"] == 9 + 36
    assert s["tess.triangles_generated"] == 8 + 50
    assert s["ia.vertices_shaded"] == 45
    assert s["ia.primitives"] == 58
    assert s["tess.rect_patches"] == 2
    # The generated vertices are on chip: the input assembler reads no vertex or index data.
    assert s["memory.dram.clients.vertex.bytes_read"] == 0
    assert s["memory.dram.clients.index.bytes_read"] == 0


def test_more_segments_raise_vertex_work_and_cycles(tmp_path, run_sim):
    runs = {}
    for n in (4, 8):
        trace = write(tmp_path, f"seg{n}", rect_patch_trace([[full(n)] * 4]))
        out = run_sim(trace, f"seg{n}", *BIG_CACHE, "-s", "tessellator.vertices_per_cycle=1")
        runs[n] = (stats(out), load_draws(out)[1], out)
    for n, (s, draws, _) in runs.items():
        assert [int(d["vertices_shaded"]) for d in draws] == [(n + 1) ** 2] * 4
        assert s["tess.evaluation_cycles"] == 4 * (n + 1) ** 2  # one vertex per cycle
    assert runs[8][0]["ia.vertices_shaded"] == 4 * 81 and runs[4][0]["ia.vertices_shaded"] == 4 * 25
    # The 4 x 56 extra vertices cost at least one evaluation cycle each on the way.
    assert runs[8][1] and load_stats(runs[8][2])["run"]["cycles"] > \
        load_stats(runs[4][2])["run"]["cycles"] + 4 * (81 - 25)


def test_cached_draws_fetch_no_control_points(tmp_path, run_sim):
    capture = {"handle": 7, "segments": "[3, 3, 3, 3]"}
    cached = {"handle": 7, "has_info": 0, "segments": "[]"}
    one = stats(run_sim(write(tmp_path, "capture", rect_patch_trace([[capture]])), "capture"))
    four = stats(run_sim(write(tmp_path, "cached", rect_patch_trace([[capture], [cached] * 3])),
                         "cached"))
    assert one["tess.bytes_fetched"] > 0
    assert four["tess.bytes_fetched"] == one["tess.bytes_fetched"]
    assert four["tess.setup_cycles"] == one["tess.setup_cycles"] == 16 * 2
    assert (four["tess.patch_cache_misses"], four["tess.patch_cache_hits"]) == (1, 3)
    assert four["tess.vertices_generated"] == 4 * 16


def test_a_cached_frame_costs_fewer_tessellator_cycles_and_bytes(tmp_path, run_sim):
    patches = 4
    dynamic = [[{**full(4), "patch": p} for p in range(patches)]] * 2
    captured = [[{"handle": p + 1, "segments": "[4, 4, 4, 4]", "patch": p} for p in range(patches)],
                [{"handle": p + 1, "has_info": 0, "segments": "[]"} for p in range(patches)]]
    opts = ("-s", "tessellator.rt_patch_handle_zero=false")
    dyn = stats(run_sim(write(tmp_path, "dyn", rect_patch_trace(dynamic, patches)), "dyn", *opts))
    cap = stats(run_sim(write(tmp_path, "cap", rect_patch_trace(captured, patches)), "cap", *opts))
    assert cap["tess.vertices_generated"] == dyn["tess.vertices_generated"]
    assert cap["tess.bytes_fetched"] < dyn["tess.bytes_fetched"]
    assert cap["tess.setup_cycles"] * 2 == dyn["tess.setup_cycles"]
    assert cap["tess.busy_cycles"] + cap["tess.wait_cycles"] + cap["tess.stall_memory_cycles"] < \
        dyn["tess.busy_cycles"] + dyn["tess.wait_cycles"] + dyn["tess.stall_memory_cycles"]


def test_grid_past_its_buffer_fails_naming_the_draw(gfxsim, tmp_path):
    for mode in ("timing", "functional"):
        p = gfxsim(DATA_DIR / "tess" / "grid_past_buffer.yaml", "-o", tmp_path / mode, "-m", mode,
                   "--quiet")
        assert p.returncode == 1, p.stderr
        assert "grid_past_buffer.yaml:20: draw 0 (draw_rect_patch)" in p.stderr, p.stderr
        assert "grid runs past the vertex data" in p.stderr, p.stderr


def test_disabled_capability_fails_naming_draw_and_capability(gfxsim, tmp_path):
    trace = write(tmp_path, "caps", rect_patch_trace([[full(2)]]))
    for mode in ("timing", "functional"):
        p = gfxsim(trace, "-o", tmp_path / mode, "-m", mode, "--quiet",
                   "-s", "tessellator.rt_patches=false")
        assert p.returncode == 1, p.stderr
        assert "draw 0 (draw_rect_patch)" in p.stderr and "tessellator.rt_patches" in p.stderr, p.stderr


# ---------------------------------------------------------------------------------------
# Teapot and bunny (scripts/bootstrap.sh generates them into <build>/traces).

def built_trace(name):
    exe = os.environ.get("GFXSIM")
    if not exe:
        return None
    path = Path(exe).resolve().parent / "traces" / name
    return path if path.is_file() else None


@pytest.fixture(scope="module")
def teapot():
    path = built_trace("teapot.gfxt")
    if path is None:
        pytest.fail("no <build>/traces/teapot.gfxt: scripts/bootstrap.sh generates it from "
                    "the npm package three")
    return path


def crack_pixels(image, background):
    """Background pixels that a crack would leave inside the drawing: enclosed (an
    8-connected flood fill through background pixels from the border does not reach them) and in an enclosed
    region that is thin everywhere (no pixel of it has a 3x3 neighbourhood of background
    only). The teapot handle's loop is enclosed too, but it is wider than a crack."""
    w, h = image.width, image.height
    bg = [[image.pixel(x, y) == background for x in range(w)] for y in range(h)]
    region = [[-1] * w for _ in range(h)]  # 0: reached from the border, k > 0: enclosed region k

    def fill(seeds, label):
        stack, members = list(seeds), []
        while stack:
            x, y = stack.pop()
            if not (0 <= x < w and 0 <= y < h) or region[y][x] != -1 or not bg[y][x]:
                continue
            region[y][x] = label
            members.append((x, y))
            # 8-connected: a background pixel that touches a region only at a corner (the
            # staircase of a rasterized edge) belongs to that region, not to a crack.
            stack += [(x + i, y + j) for i in (-1, 0, 1) for j in (-1, 0, 1) if i or j]
        return members

    fill([(x, y) for x in range(w) for y in (0, h - 1)] +
         [(x, y) for y in range(h) for x in (0, w - 1)], 0)
    cracks, label = 0, 0
    for y in range(h):
        for x in range(w):
            if bg[y][x] and region[y][x] == -1:
                label += 1
                members = fill([(x, y)], label)
                wide = any(all(bg[j][i] for j in range(py - 1, py + 2) for i in range(px - 1, px + 2))
                           for px, py in members)
                if not wide:
                    cracks += len(members)
    return cracks


def frame_rows(results):
    import csv
    with open(results / "frames.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_teapot_is_watertight_and_its_cached_frames_are_cheaper(teapot, run_sim):
    out = run_sim(teapot, "teapot")
    frames = sorted((out / "frames").glob("frame_*.png"))
    assert len(frames) == 6
    for f in frames:  # pure blue background (scripts/make_teapot_trace.py)
        img = read_png(f)
        assert sum(img.pixel(x, y) != (0, 0, 255) for y in range(img.height)
                   for x in range(img.width)) > 1000, f.name
        assert crack_pixels(img, (0, 0, 255)) == 0, f.name
    rows = frame_rows(out)
    # Frame 0: 32 dynamic patches at 4 segments; frame 2: the same, drawn from the cache.
    def cost(r):
        return sum(int(r[f"tess.{k}_cycles"]) for k in ("busy", "wait", "stall_memory"))
    dyn, cached = rows[0], rows[2]
    assert int(dyn["tess.vertices_generated"]) == int(cached["tess.vertices_generated"]) == 32 * 25
    assert int(cached["tess.bytes_fetched"]) == 0 < int(dyn["tess.bytes_fetched"])
    assert int(cached["tess.patch_cache_hits"]) == 32
    assert cost(cached) < cost(dyn)
    # Segment counts 2, 8, 16 in frames 3..5: (n+1)^2 vertices per patch.
    assert [int(r["tess.vertices_generated"]) for r in rows[3:]] == [32 * 9, 32 * 81, 32 * 289]


@pytest.mark.parametrize("mode", ["functional", "timing"])
def test_frame_range_keeps_patch_captures(tmp_path, run_sim, gfxsim_trace, mode):
    """convert --frames 1:1 of a trace whose frame 1 draws a patch captured in frame 0: the
    capture is kept (scissored to nothing), so the selection runs and its one frame is the
    full trace's frame 1, pixel for pixel."""
    capture = {"handle": 7, "segments": "[3, 3, 3, 3]"}
    cached = {"handle": 7, "has_info": 0, "segments": "[]"}
    whole = write(tmp_path, "whole", rect_patch_trace([[capture], [cached]]))
    part = tmp_path / "part.yaml"
    check_ok(gfxsim_trace("convert", whole, part, "--frames", "1:1"))
    frames = []
    for name, trace in (("whole", whole), ("part", part)):
        out = run_sim(trace, f"range-{name}-{mode}", "-c", "small", "-m", mode)
        frames.append(sorted((out / "frames").glob("frame_*.png")))
    assert len(frames[0]) == 2 and len(frames[1]) == 1
    want, got = read_png(frames[0][1]), read_png(frames[1][0])
    assert got.rgb == want.rgb
    assert len(set(want.rgb[i:i + 3] for i in range(0, len(want.rgb), 3))) > 1  # drawn
