#!/usr/bin/python3
"""Peak-rate microbenchmarks: each bundled peak_* trace on a config where one back-end unit
limits it, the figure measured next to the peak the config's keys allow.

  scripts/peak_bench.py                    # every benchmark of the table
  scripts/peak_bench.py --benches fill_rop clear
  scripts/peak_bench.py --set rop.quads_per_cycle=8   # extra overrides for every benchmark

Rates are steady-state figures: the work of every draw (or Clear) but the first, over the
cycles between the first one's end and the last one's, so the pipeline's fill and drain
latency is left out and what remains is the limiting unit's throughput. The latency
benchmark is a single quad drawn alone; its figure is the draw's cycles in draws.csv and
its "peak" the sum of the configured latencies on its path (latency_terms below; the
derivation is in docs/benchmarks.md). Every figure is timing-mode. Exit status: 0, or 1
when a run failed, a rate is more than 3% from its peak, or the latency differs from the
sum. The tests (tests/e2e/test_peak_rates.py) use the same table and functions.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOLERANCE = 0.03  # a rate must be within 3% of its peak

# Generous DRAM for the Clear: a 512x512 colour+depth Clear does not fit the L2, and at
# 4 lines of 64 bytes a cycle (256 B) it would outrun the baseline's 234.7 B per core
# cycle (8 channels x 16 B x 1100/600 MHz). 32 channels give 938.7 B per cycle.
CLEAR_DRAM = ["memory.dram.channels=32"]
# The rasterizer, at 4 quads a cycle like the ROP, spends triangle_setup_cycles on every
# triangle and so limits a one-triangle draw to 1024 quads in 257 cycles; at 8 quads a
# cycle it is never the bottleneck, and the ROP is.
ROP_BOUND = ["raster.quads_per_cycle=8"]
# Hi-Z on (it needs early Z), and a rasterizer that outruns it: at its baseline 4 quads a
# cycle the rasterizer would limit a hidden draw to 257 cycles; at 32 (8 warps of 4 quads a
# cycle into the early-Z stage) it takes 1 + 32 cycles a draw, half of Hi-Z's 64.
HIZ_BOUND = ["early_z.enable=true", "hiz.enable=true", "raster.quads_per_cycle=32",
             "raster.pixel_warp_queue.width=8"]


def _draw_rate(results):
    """(pixels per cycle, cycles, pixels) over draws 1..N-1, from draws.csv."""
    with open(os.path.join(results, "draws.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    if len(rows) < 2:
        raise RuntimeError("%s: a rate needs at least two draws" % results)
    pixels = sum(int(r["pixels_written"]) for r in rows[1:])
    cycles = int(rows[-1]["end_cycle"]) - int(rows[0]["end_cycle"])
    return pixels / cycles, cycles, pixels


def _sample_rate(results):
    """(samples per cycle, cycles, samples) over draws 1..N-1: _draw_rate's pixels times the
    run's samples per written pixel (rop.samples_written / rop.pixels_written in stats.json;
    the 4x fill trace covers every sample of every pixel of every draw, so the share is
    the same for each draw)."""
    _, cycles, pixels = _draw_rate(results)
    with open(os.path.join(results, "stats.json")) as f:
        rop = json.load(f)["stats"]["rop"]
    per_pixel = rop["samples_written"]["value"] / rop["pixels_written"]["value"]
    samples = round(pixels * per_pixel)
    return samples / cycles, cycles, samples


def _clear_rate(results):
    """(lines per cycle, cycles, lines): frame 2's Clears beyond frame 1's, from frames.csv."""
    with open(os.path.join(results, "frames.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    if len(rows) != 3:
        raise RuntimeError("%s: the clear benchmark has 3 frames, not %d" % (results, len(rows)))
    lines = int(rows[2]["rop.clear_lines"]) - int(rows[1]["rop.clear_lines"])
    cycles = int(rows[2]["cycles"]) - int(rows[1]["cycles"])
    return lines / cycles, cycles, lines


def _tile_quads(config):
    """Quads in a Hi-Z tile: (tile_pixels / 2)^2."""
    return (config["hiz"]["tile_pixels"] // 2) ** 2


def _hiz_rate(results):
    """(tiles per cycle, cycles, tiles): the quads Hi-Z rejected in draws 2..N-1, in tiles of
    (hiz.tile_pixels / 2)^2 quads, over the cycles from draw 1's end to draw N-1's. Draw 0 is
    the occluder; draw 1 is left out like the first draw of a fill rate (its first quads
    reach the stage while the occluder's still wait for their test, and are looked up, not
    judged). A hidden draw's end is the cycle the stage drops its last warp. Raises unless
    Hi-Z rejected at least every quad of draws 2..N-1 and no hidden pixel was shaded.
    (early_z.hiz_tiles_rejected counts runs of a triangle's quads in one tile: the same
    figure when a Hi-Z tile is the rasterizer's 8x8 walk tile, two runs per tile a row
    of raster tiles more for larger ones; so the figure is counted in quads.)"""
    with open(os.path.join(results, "draws.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    with open(os.path.join(results, "frames.csv"), newline="") as f:
        frame = list(csv.DictReader(f))[-1]
    with open(os.path.join(results, "config.yaml")) as f:
        tq = _tile_quads(yaml.safe_load(f))
    if len(rows) < 3:
        raise RuntimeError("%s: the Hi-Z rate needs an occluder and two draws behind it" % results)
    measured = sum(int(r["quads"]) for r in rows[2:])
    rejected = int(frame["early_z.hiz_quads_rejected"])
    shaded = sum(int(r["pixels_shaded"]) for r in rows[1:])
    if rejected < measured or shaded != 0:
        raise RuntimeError("%s: Hi-Z rejected %d quads, fewer than the %d of the measured draws, "
                           "or hidden pixels were shaded (%d)" % (results, rejected, measured, shaded))
    if measured % tq:
        raise RuntimeError("%s: %d quads are no whole number of %d-quad tiles" % (results, measured, tq))
    work = measured // tq
    cycles = int(rows[-1]["end_cycle"]) - int(rows[1]["end_cycle"])
    return work / cycles, cycles, work


def _latency(results):
    """(cycles, cycles, 1): the last draw's issue-to-retire cycles, from draws.csv."""
    with open(os.path.join(results, "draws.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    cycles = int(rows[-1]["cycles"])
    return cycles, cycles, 1


def rop_pixels(c):
    return 4 * c["rop"]["quads_per_cycle"]


def rop_samples(c):
    """An S-sample quad takes S of the ROP's rop.quads_per_cycle slots (docs/units/rop.md,
    MSAA timing): 4 x quads_per_cycle samples a cycle at any sample count."""
    return 4 * c["rop"]["quads_per_cycle"]


def rop_pixels_4x(c):
    return rop_samples(c) / 4


def raster_pixels(c):
    return 4 * c["raster"]["quads_per_cycle"]


def hiz_tiles(c):
    """Hi-Z checks hiz.quads_per_cycle quads a cycle: that many over a tile's quads, tiles."""
    return c["hiz"]["quads_per_cycle"] / _tile_quads(c)


def clear_lines(c):
    return c["rop"]["clear_lines_per_cycle"]


def _ceil(a, b):
    return -(-a // b)


# The programs of the latency trace (fixed-function, unlit, untextured): the vertex
# program is 4 dp4 (position) + mov (colour) + end, the pixel program mov + end, reading
# one input (the colour). The draw has 3 vertices and makes one quad.
LATENCY_DRAW = {"vertices": 3, "vertex_alu": 5, "pixel_alu": 1, "pixel_inputs": 1, "quads": 1}


def latency_terms(c, d=LATENCY_DRAW):
    """The latency benchmark's draw, issue to retire, as (term, cycles) in path order.
    The only terms without a key are the `end` instructions: a flow instruction, after
    which the next could issue the next cycle (shader-cores.md)."""
    s, rop = c["shader"], c["rop"]
    # ALU instructions wait for the one before: each takes passes + alu_latency - 1 cycles
    # to the next issue, passes = ceil(warp_width / lanes).
    alu = _ceil(s["warp_width"], s["lanes"]) + s["alu_latency"] - 1
    front = [
        ("cp.draw_queue.latency", c["cp"]["draw_queue"]["latency"]),
        ("tessellator.output_queue.latency", c["tessellator"]["output_queue"]["latency"]),
        ("ia: ceil(vertices / ia.vertex_cache.ports) - 1 + ia.vertex_cache.hit_latency",
         _ceil(d["vertices"], c["ia"]["vertex_cache"]["ports"]) - 1
         + c["ia"]["vertex_cache"]["hit_latency"]),
        ("shader.vertex_warp_queue.latency", s["vertex_warp_queue"]["latency"]),
        ("shader.dispatch_cycles", s["dispatch_cycles"]),
        ("vertex ALU ops x (passes + shader.alu_latency - 1)", d["vertex_alu"] * alu),
        ("vertex end (flow instruction, 1 cycle)", 1),
    ]
    back = [
        ("setup.triangle_queue.latency", c["setup"]["triangle_queue"]["latency"]),
        ("raster.triangle_setup_cycles", c["raster"]["triangle_setup_cycles"]),
        ("raster.pixel_warp_queue.latency", c["raster"]["pixel_warp_queue"]["latency"]),
        ("shader.dispatch_cycles", s["dispatch_cycles"]),
        ("ceil(pixel inputs x quads / shader.interpolants_per_cycle)",
         _ceil(d["pixel_inputs"] * d["quads"], s["interpolants_per_cycle"])),
        ("pixel ALU ops x (passes + shader.alu_latency - 1)", d["pixel_alu"] * alu),
        ("pixel end (flow instruction, 1 cycle)", 1),
        ("rop.input_queue.latency", rop["input_queue"]["latency"]),
        ("max(rop.z_cache.hit_latency, rop.color_cache.hit_latency)",
         max(rop["z_cache"]["hit_latency"], rop["color_cache"]["hit_latency"])),
        ("rop.latency", rop["latency"]),
    ]
    return front, back


def latency_sum(c):
    front, back = latency_terms(c)
    return sum(v for _, v in front + back)


class Bench:
    def __init__(self, name, trace, what, unit, overrides, measure, peak, formula):
        self.name, self.trace, self.what, self.unit = name, trace, what, unit
        self.overrides, self.measure, self.peak, self.formula = overrides, measure, peak, formula

    @property
    def exact(self):
        """The latency must equal its sum; a rate must be within TOLERANCE of its peak."""
        return self.measure is _latency


# The benchmark table: one line per figure. Each runs its trace on the baseline preset with
# its overrides.
BENCHES = [
    Bench("fill_raster", "peak_fill.gfxt", "fill rate, rasterizer-bound (1x, z off, no blend)",
          "pixels/cycle", [], _draw_rate, raster_pixels, "4 x raster.quads_per_cycle"),
    Bench("fill_rop", "peak_fill.gfxt", "fill rate, ROP-bound (1x, z off, no blend)",
          "pixels/cycle", ROP_BOUND, _draw_rate, rop_pixels, "4 x rop.quads_per_cycle"),
    Bench("zonly", "peak_zonly.gfxt", "Z-only rate (colour writes off, z test+write)",
          "pixels/cycle", ROP_BOUND, _draw_rate, rop_pixels, "4 x rop.quads_per_cycle"),
    Bench("blend", "peak_blend.gfxt", "blend rate (src_alpha / inv_src_alpha)",
          "pixels/cycle", ROP_BOUND, _draw_rate, rop_pixels, "4 x rop.quads_per_cycle"),
    # The 4x target is 32x32 (16 KiB of 4x colour, the colour cache) and a draw 256 quads,
    # which the rasterizer makes in triangle_setup_cycles + 256 / raster.quads_per_cycle
    # (65 cycles on the baseline), the ROP in 256 x 4 / (4 x rop.quads_per_cycle) (256):
    # the ROP limits it with no override.
    Bench("fill_4x_smp", "peak_fill_4x.gfxt", "fill rate at 4x MSAA in samples (32x32, z off)",
          "samples/cycle", [], _sample_rate, rop_samples, "4 x rop.quads_per_cycle"),
    Bench("fill_4x_pix", "peak_fill_4x.gfxt", "fill rate at 4x MSAA in pixels (32x32, z off)",
          "pixels/cycle", [], _draw_rate, rop_pixels_4x, "4 x rop.quads_per_cycle / 4 samples"),
    Bench("hiz", "peak_hiz.gfxt", "Hi-Z tile rejects (draws behind a full-screen occluder)",
          "tiles/cycle", HIZ_BOUND, _hiz_rate, hiz_tiles,
          "hiz.quads_per_cycle / (hiz.tile_pixels / 2)^2"),
    Bench("clear", "peak_clear.gfxt", "clear rate (colour + depth, 512x512)",
          "lines/cycle", CLEAR_DRAM, _clear_rate, clear_lines, "rop.clear_lines_per_cycle"),
    Bench("latency", "peak_latency.gfxt", "unloaded single-quad draw, issue to retire",
          "cycles", [], _latency, latency_sum, "sum of the path's latencies (latency_terms)"),
]


def default_gfxsim():
    env = os.environ.get("GFXSIM")
    if env:
        return env
    return os.path.join(os.environ.get("GFXSIM_BUILD", os.path.join(ROOT, "build")), "gfxsim")


def run(gfxsim, bench, out, preset="baseline", extra=()):
    """Runs one benchmark into `out`; returns a dict of its figures. Raises RuntimeError
    with gfxsim's message when the run fails."""
    cmd = [gfxsim, os.path.join(ROOT, "traces", bench.trace), "--config", preset, "--mode",
           "timing", "--out", out, "--quiet"]
    for kv in list(bench.overrides) + list(extra):
        cmd += ["--set", kv]
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip() or "exit status %d" % done.returncode)
    with open(os.path.join(out, "config.yaml")) as f:
        config = yaml.safe_load(f)
    figure, cycles, work = bench.measure(out)
    peak = bench.peak(config)
    ok = figure == peak if bench.exact else abs(figure - peak) <= TOLERANCE * peak
    return {"name": bench.name, "figure": figure, "peak": peak, "share": figure / peak,
            "cycles": cycles, "work": work, "ok": ok, "config": config}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--gfxsim", default=default_gfxsim(), help="the gfxsim executable (default: build/gfxsim)")
    p.add_argument("--benches", nargs="*", default=[b.name for b in BENCHES],
                   help="names from the table (default: all)")
    p.add_argument("--config", default="baseline", help="the preset every benchmark starts from")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="an override for every benchmark, after the benchmark's own")
    p.add_argument("--terms", action="store_true", help="print the latency's terms")
    a = p.parse_args(argv)
    table = {b.name: b for b in BENCHES}
    for n in a.benches:
        if n not in table:
            p.error("unknown benchmark %r (known: %s)" % (n, ", ".join(table)))

    print("%-12s %-14s %10s %10s %7s %10s  %s" % (
        "bench", "unit", "measured", "peak", "share", "cycles", "peak formula / what"))
    status = 0
    with tempfile.TemporaryDirectory(prefix="gfxsim-peak-") as tmp:
        for n in a.benches:
            b = table[n]
            try:
                r = run(a.gfxsim, b, os.path.join(tmp, n), a.config, a.set)
            except RuntimeError as e:
                print("%-12s failed: %s" % (n, str(e).splitlines()[-1]))
                status = 1
                continue
            fmt = "%10d %10d" if b.exact else "%10.3f %10.3f"
            print(("%-12s %-14s " + fmt + " %6.1f%% %10d  %s; %s%s") % (
                n, b.unit, r["figure"], r["peak"], 100 * r["share"], r["cycles"], b.formula,
                b.what, "" if r["ok"] else "  OFF PEAK"))
            if not r["ok"]:
                status = 1
            if b.exact and a.terms:
                front, back = latency_terms(r["config"])
                for part, terms in (("front end", front), ("back end", back)):
                    for t, v in terms:
                        print("%14s %-8s %4d  %s" % ("", part, v, t))
    return status


if __name__ == "__main__":
    sys.exit(main())
