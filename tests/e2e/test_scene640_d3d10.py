"""scene640_d3d10.gfxt: the scene of scene640 drawn by a D3D10 application (SM4 shaders as
DXBC containers, a constant buffer rewritten per draw, sampler, rasterizer, depth-stencil
and blend state objects, shader resource views; tracegen_scene640_d3d10.cpp). Its frames are
identical in both run modes, each version of its constant buffer comes from DRAM once, it
retires the same draws and shades the same triangles as the D3D9 trace, and its pixels
agree with the D3D9 trace's except along edges, where D3D10's half-pixel centres move the
coverage by half a pixel.
"""
import numpy as np
import pytest

from conftest import TRACES, frame_files, load_draws, load_stats, read_png, stat_leaves

SCENE9 = TRACES / "scene640.gfxt"
SCENE10 = TRACES / "scene640_d3d10.gfxt"


@pytest.fixture(scope="module")
def runs(run_sim):
    return {
        "d3d10-timing": run_sim(SCENE10, "s10-timing", "-c", "baseline"),
        "d3d10-functional": run_sim(SCENE10, "s10-func", "-m", "functional"),
        "d3d9-functional": run_sim(SCENE9, "s9-func", "-m", "functional"),
    }


def test_modes_give_identical_frames(runs):
    timing = [f.read_bytes() for f in frame_files(runs["d3d10-timing"])]
    functional = [f.read_bytes() for f in frame_files(runs["d3d10-functional"])]
    assert len(timing) == 4 and timing == functional


def test_constant_buffer_versions_are_fetched_once_each_from_dram(runs):
    # The matrix buffer is rewritten before each of the 31 opaque draws of a frame and once
    # for the four glass quads: 128 versions of one 64-byte line in four frames, each read
    # from DRAM exactly once (a second miss on a line in flight merges into its MSHR);
    # the eight cores' constant caches ask the L2 for more.
    s = {k: v["value"] for k, v in stat_leaves(load_stats(runs["d3d10-timing"])["stats"]).items()}
    assert s["memory.dram.clients.constant.bytes_read"] == 128 * 64
    assert s["memory.dram.clients.constant.bytes_written"] == 0
    misses = sum(v for k, v in s.items() if k.startswith("shader.core") and k.endswith("constant_cache.misses"))
    assert s["memory.l2_clients.constant.bytes_read"] == 64 * misses > 128 * 64


def test_same_draws_and_work_as_the_d3d9_scene(runs):
    _, d10 = load_draws(runs["d3d10-timing"])
    _, d9 = load_draws(runs["d3d9-functional"])
    assert len(d10) == len(d9) == 140
    assert all(d["call"] in ("draw_indexed", "draw") for d in d10)
    # The same meshes in the same order: the same indices per draw (the glass quads are
    # non-indexed in both), and in all the same triangles to within the few slivers that
    # snapping at D3D10's half-pixel-shifted positions culls or keeps otherwise.
    assert [d["indices"] for d in d10] == [d["indices"] for d in d9]
    t10, t9 = (sum(int(d["triangles"]) for d in draws) for draws in (d10, d9))
    assert abs(t10 - t9) <= 0.005 * t9, (t10, t9)


def test_pixels_agree_with_the_d3d9_scene_away_from_edges(runs):
    # Half a pixel of shift moves every edge and checker-texel boundary, so single pixels
    # differ in about a quarter of the frame; averaged over 4x4 blocks, the scenes agree
    # but for the blocks that straddle edges. The sky (top rows) is identical.
    for f9, f10 in zip(frame_files(runs["d3d9-functional"]), frame_files(runs["d3d10-functional"])):
        a, b = (np.frombuffer(read_png(f).rgb, np.uint8).astype(int).reshape(480, 640, 3)
                for f in (f9, f10))
        assert (a[:60] == b[:60]).all(), f"{f10.name}: the sky differs"
        blocks = [x.reshape(120, 4, 160, 4, 3).mean(axis=(1, 3)) for x in (a, b)]
        far = (np.abs(blocks[0] - blocks[1]).max(axis=2) > 24).mean()
        assert far < 0.06, f"{f10.name}: {far:.1%} of 4x4 blocks differ by more than 24"
