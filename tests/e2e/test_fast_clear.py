"""Fast clear and compression end to end (docs/units/rop.md, fast clear and compression):
traces of data/rop/ on the small preset with rop.fast_clear and both compressions switched
on, against the same runs with them off. The pixels do not change (timing with them on
gives the functional frames byte for byte, scene640 included); the DRAM bytes per client
and the cycles do, by the amounts the tile states give.
"""
import json

import pytest

from conftest import DATA_DIR, GOLDEN_DIR, TRACES, dram, frames, load_stats, rop

ROP = DATA_DIR / "rop"
ALL_ON = ("--set", "rop.fast_clear.enable=true", "--set", "rop.depth_compression.enable=true",
          "--set", "rop.color_compression.enable=true")
NO_RESOLVE = ("--set", "rop.fast_clear.resolve_at_present=false")


def run(run_sim, trace, tag, *options, mode="timing", preset="small"):
    return run_sim(trace, tag, "-c", preset, "-m", mode, *options)


def stats(out):
    return load_stats(out)


@pytest.mark.parametrize("trace, preset", [(ROP / "scissor_clear.yaml", "small"),
                                           (ROP / "stencil_pass_traffic.yaml", "small"),
                                           (TRACES / "scene640.gfxt", "baseline")])
def test_pixels_do_not_change(run_sim, trace, preset):
    functional = frames(run(run_sim, trace, "fc-func", mode="functional", preset=preset))
    timing_on = frames(run(run_sim, trace, "fc-on", *ALL_ON, preset=preset))
    assert functional and timing_on == functional


def test_fast_clear_removes_the_clears_dram_writes(run_sim):
    # scissor_clear: a full colour clear, a scissored one of 4 x 4 tiles, a red 2 x 2-tile
    # draw, Present; 32 x 32 pixels = 64 tiles of 64 bytes.
    trace = ROP / "scissor_clear.yaml"
    off = stats(run(run_sim, trace, "fc-off"))
    on = stats(run(run_sim, trace, "fc-on", *ALL_ON, *NO_RESOLVE))
    resolved = stats(run(run_sim, trace, "fc-resolved", *ALL_ON))
    # Off: 64 + 16 lines written into the colour cache, 64 tiles written back.
    assert rop(off, "clear_lines") == 80
    assert dram(off, "color") == (0, 64 * 64)
    # On: the clears write nothing; only the draw's 4 one-colour tiles, compressed 4:1.
    assert rop(on, "clear_lines") == 0 and rop(on, "fast_cleared_tiles") == 80
    assert dram(on, "color") == (0, 4 * 16)
    assert rop(on, "compression.compressed_tile_writes") == 4
    # The display needs plain pixels: the resolve writes the 60 cleared tiles and reads and
    # expands the 4 compressed ones.
    assert dram(resolved, "color") == (4 * 16, 4 * 16 + 64 * 64)
    assert rop(resolved, "compression.resolved_tiles") == 64
    for s in (off, on, resolved):
        assert dram(s, "depth") == (0, 0)


def test_fast_stencil_clear_and_depth_compression_save_depth_bytes_and_cycles(run_sim):
    # stencil_pass_traffic: a stencil-only clear (depth stays 1.0 everywhere, so every tile
    # is one value and fast-clears), a stencil pass over the left half, a colour pass.
    trace = ROP / "stencil_pass_traffic.yaml"
    off = stats(run(run_sim, trace, "fs-off"))
    on = stats(run(run_sim, trace, "fs-on", *ALL_ON, *NO_RESOLVE))
    assert dram(off, "depth") == (0, 64 * 64)
    # The 64 depth tiles' first fills are answered on chip; the 32 the stencil pass wrote
    # are written back compressed (one depth, one stencil value each); the other 32 stay
    # cleared and are never written.
    assert rop(on, "fast_cleared_tiles") == 64
    assert rop(on, "compression.cleared_tile_reads") == 64
    assert dram(on, "depth") == (0, 32 * 16)
    assert dram(off, "color") == (0, 64 * 64)
    assert dram(on, "color") == (0, 64 * 16)
    assert off["run"]["cycles"] == 659
    assert on["run"]["cycles"] == 667


def test_fast_clear_on_scene640_removes_the_clears_writes(run_sim):
    # The architect's check on a real frame: scene640 clears colour, depth and stencil of
    # its 640 x 480 back buffer (19,200 tiles a surface) at each of its 4 frames. With fast
    # clear alone (no Present resolve) no clear line is written, the frames' first fills of
    # depth come from the tile states, and the cleared tiles no draw touches are never
    # written back. Off, the figures are the committed golden ones.
    golden = json.loads((GOLDEN_DIR / "scene640_baseline.json").read_text())
    off = golden["counters"]
    on = stats(run(run_sim, TRACES / "scene640.gfxt", "fc-scene",
                   "--set", "rop.fast_clear.enable=true", *NO_RESOLVE, preset="baseline"))
    assert rop(on, "clear_lines") == 0
    assert rop(on, "fast_cleared_tiles") == 4 * 2 * 19200
    assert rop(on, "compression.cleared_tile_reads") == 45757
    # Off (golden): depth 3,499,200 read and 8,342,720 written, colour 73,216 and
    # 8,641,664, 296,815 cycles.
    assert dram(on, "depth") == (820160, 3674368)
    assert dram(on, "color") == (70784, 3753856)
    assert on["run"]["cycles"] == 173073
    for client in ("depth", "color"):
        assert dram(on, client)[1] < off[f"memory.dram.clients.{client}.bytes_written"] / 2
    # The DRAM's write queue takes the clears' write-backs off the frame's critical path,
    # so what fast clear saves is the bytes and the read-backs: 42% of the cycles.
    assert on["run"]["cycles"] < golden["cycles"] * 0.6
