"""The limiter view (issue 17 point 2): per draw (draws.csv), per frame (frames.csv) and
for the run (stats.json), the unit that held progress longest and why. fillrate.gfxt is
bound by the ROP's own work, bandwidth.gfxt by DRAM behind the ROP's caches, and a pixel
queue too shallow for its latency by back pressure; the figures are the run's shares."""
import csv

import pytest

from conftest import TRACES, check_ok, load_stats


def run(gfxsim, tmp_path, trace, *options):
    out = tmp_path / trace.split(".")[0]
    check_ok(gfxsim(TRACES / trace, "-o", out, "--quiet", *options))
    with open(out / "frames.csv", newline="") as f:
        frames = list(csv.DictReader(f))
    with open(out / "draws.csv", newline="") as f:
        draws = list(csv.DictReader(f))
    return load_stats(out), frames, draws


def shares(stats, unit):
    g, cycles = stats["stats"][unit], stats["run"]["cycles"]
    return {a: g[a + "_cycles"]["value"] / cycles for a in ("busy", "stall_memory", "stall_output")}


def test_fillrate_is_bound_by_the_rop(gfxsim, tmp_path):
    stats, frames, draws = run(gfxsim, tmp_path, "fillrate.gfxt")
    r = stats["run"]
    rop = shares(stats, "rop")
    assert r["limiter"] == "rop"
    assert r["limiter_share"] == pytest.approx(rop["busy"] + rop["stall_memory"])
    assert r["limiter_share"] > 0.99
    assert r["limiter_reason"] == "compute: busy 99% of the cycles"
    assert [f["limiter"] for f in frames] == ["rop", "rop"]
    assert all(f["limiter_reason"].startswith("compute: busy ") for f in frames)
    assert {d["limiter"] for d in draws} <= {"rop", "shader"} and all(d["limiter_share"] for d in draws)
    assert sum(d["limiter"] == "rop" for d in draws) == 27


def test_bandwidth_is_bound_by_dram(gfxsim, tmp_path):
    stats, frames, draws = run(gfxsim, tmp_path, "bandwidth.gfxt")
    r = stats["run"]
    assert r["limiter"] == "dram"
    assert r["limiter_share"] == pytest.approx(sum(v for k, v in shares(stats, "rop").items() if k != "stall_output"))
    assert r["limiter_reason"] == ("memory: rop waited on rop.color_cache misses 78% of the cycles, "
                                   "and the L2 hit only 31% of the lookups: DRAM")
    assert stats["stats"]["memory"]["l2"]["hit_rate"]["value"] == pytest.approx(0.314, abs=0.001)
    assert [f["limiter"] for f in frames] == ["dram", "dram"]
    assert {d["limiter"] for d in draws} == {"dram"}
    # Every cache's refusals split by cause add up; the texture caches are refused by the L2
    causes = ("refused_ports", "refused_mshrs", "refused_set_conflicts", "refused_next_level")
    caches = []

    def walk(tree, path):
        for k, v in tree.items():
            if isinstance(v, dict) and "refused_ports" in v and "refused_set_conflicts" in v:
                caches.append(path + k)
                assert sum(v[c]["value"] for c in causes) == v["refused"]["value"], path + k
            elif isinstance(v, dict) and "value" not in v and "bins" not in v:
                walk(v, path + k + ".")
    walk(stats["stats"], "")
    assert "rop.color_cache" in caches and "shader.core0.texture_cache" in caches
    texture = stats["stats"]["shader"]["core0"]["texture_cache"]
    assert texture["refused_next_level"]["value"] > 0


def test_a_shallow_slow_queue_is_back_pressure(gfxsim, tmp_path):
    stats, frames, _ = run(gfxsim, tmp_path, "triangle.yaml", "-s", "raster.pixel_warp_queue.capacity=2",
                           "-s", "raster.pixel_warp_queue.latency=64")
    r = stats["run"]
    raster = shares(stats, "raster")
    assert r["limiter"] == "raster" and r["limiter_share"] == pytest.approx(raster["stall_output"])
    assert r["limiter_reason"].startswith("back pressure: raster stalled on its output queue ")
    assert frames[0]["limiter"] == "raster"


def test_functional_runs_have_no_limiter(gfxsim, tmp_path):
    out = tmp_path / "f"
    check_ok(gfxsim(TRACES / "triangle.yaml", "-o", out, "--quiet", "-m", "functional"))
    with open(out / "draws.csv", newline="") as f:
        draws = list(csv.DictReader(f))
    assert [(d["limiter"], d["limiter_share"], d["limiter_reason"]) for d in draws] == [("", "", "")]
    assert "limiter" not in load_stats(out)["run"]
