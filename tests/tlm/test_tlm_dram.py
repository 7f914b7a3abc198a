"""gfxsim runs whose DRAM is the example TLM-2.0 target (examples/tlm_dram), loaded as a
plugin by path (memory.dram.model: tlm, memory.dram.tlm_plugin): the bundled
traces/peak_latency.gfxt on the baseline preset (600 MHz core). Every request takes exactly
the cycles the formula gives through the socket, the target sees exactly gfxsim's DRAM
requests and bytes, and the frames are those of the built-in controller's run. Bad plugin
settings fail naming the key.

The ctest entry passes GFXSIM (the executable), GFX_TLM_PLUGIN (the example plugin) and
GFX_SOURCE_DIR.
"""
import json
import math
import os
import subprocess
from pathlib import Path

import pytest

SOURCE = Path(os.environ.get("GFX_SOURCE_DIR", Path(__file__).resolve().parents[2]))
TRACE = SOURCE / "traces" / "peak_latency.gfxt"
GFXSIM = os.environ.get("GFXSIM", str(SOURCE / "build" / "gfxsim"))
PLUGIN = os.environ.get("GFX_TLM_PLUGIN",
                        str(SOURCE / "build" / "examples" / "tlm_dram" / "libgfxsim_fixed_dram.so"))
CORE_MHZ = 600.0  # the baseline preset's core clock
CLIENTS = ("command", "index", "vertex", "texture", "depth", "color", "tessellator", "constant")


def gfxsim(*args):
    return subprocess.run([GFXSIM, *map(str, args)], capture_output=True, text=True, timeout=120)


def run_ok(out, *args):
    r = gfxsim(TRACE, "-c", "baseline", "-o", out, *args)
    assert r.returncode == 0, r.stderr
    return json.loads((out / "stats.json").read_text())


def value(stats, path):
    node = stats["stats"]
    for k in path.split("."):
        node = node[k]
    return node["value"]


def tlm_run(tmp_path, name, options):
    report = tmp_path / f"{name}_target.json"
    stats = run_ok(tmp_path / name, "--set", "memory.dram.model=tlm",
                   "--set", f"memory.dram.tlm_plugin={PLUGIN}",
                   "--set", f"memory.dram.tlm_plugin_options={options} report={report}")
    return stats, json.loads(report.read_text())


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("tlm")
    builtin = run_ok(tmp / "builtin")
    # 100 ns on an unlimited bus: 60 cycles of 600 MHz exactly; 100.001 ns: 61.
    exact = tlm_run(tmp, "exact", "latency_ps=100000")
    over = tlm_run(tmp, "over", "latency_ps=100001")
    # A narrow bus: requests queue for it.
    narrow = tlm_run(tmp, "narrow", "latency_ps=20000 bytes_per_ns=4")
    return tmp, builtin, exact, over, narrow


def test_every_request_takes_the_formulas_cycles(runs):
    _, _, (exact, _), (over, _), _ = runs
    assert math.ceil(100000 * CORE_MHZ / 1e6) == 60
    assert value(exact, "memory.dram.avg_read_latency") == 60.0
    assert value(exact, "memory.dram.tlm_avg_target_ns") == 100.0
    assert value(over, "memory.dram.avg_read_latency") == 61.0
    assert value(over, "memory.dram.tlm_avg_target_ns") == pytest.approx(100.001, abs=1e-9)
    # A slower DRAM makes a longer run of the same work.
    assert over["run"]["cycles"] > exact["run"]["cycles"]


def test_the_target_sees_gfxsims_dram_requests_and_bytes(runs):
    _, builtin, *tlm = runs
    for stats, target in tlm:
        read = sum(value(stats, f"memory.dram.clients.{c}.bytes_read") for c in CLIENTS)
        written = sum(value(stats, f"memory.dram.clients.{c}.bytes_written") for c in CLIENTS)
        assert target == {"reads": value(stats, "memory.dram.reads"),
                          "writes": value(stats, "memory.dram.writes"),
                          "bytes_read": read, "bytes_written": written}
        assert value(stats, "memory.dram.tlm_transactions") == target["reads"] + target["writes"]
        assert target["reads"] > 0 and target["writes"] > 0
        # The same requests as the built-in controller gets: the caches above do not
        # depend on the DRAM's timing in this single-draw trace.
        for c in CLIENTS:
            for k in ("bytes_read", "bytes_written"):
                assert value(stats, f"memory.dram.clients.{c}.{k}") == \
                    value(builtin, f"memory.dram.clients.{c}.{k}"), (c, k)
        # The built-in controller's own figures are not there.
        assert "row_hits" not in stats["stats"]["memory"]["dram"]
        assert "peak_gbps" not in stats["stats"]["memory"]["dram"]


def test_frames_equal_the_builtin_runs(runs):
    tmp = runs[0]
    for frame in ("frame_0000.png", "frame_0001.png"):
        expected = (tmp / "builtin" / "frames" / frame).read_bytes()
        for name in ("exact", "over", "narrow"):
            assert (tmp / name / "frames" / frame).read_bytes() == expected, (name, frame)


def test_a_missing_plugin_names_the_key(tmp_path):
    r = gfxsim(TRACE, "-o", tmp_path / "out", "--set", "memory.dram.model=tlm",
               "--set", "memory.dram.tlm_plugin=/nonexistent/libdram.so")
    assert r.returncode != 0
    assert "memory.dram.tlm_plugin: no file '/nonexistent/libdram.so'" in r.stderr
    assert not (tmp_path / "out").exists()


def test_bad_plugin_options_name_the_key(tmp_path):
    r = gfxsim(TRACE, "-o", tmp_path / "out", "--set", "memory.dram.model=tlm",
               "--set", f"memory.dram.tlm_plugin={PLUGIN}",
               "--set", "memory.dram.tlm_plugin_options=latency=5")
    assert r.returncode != 0
    assert ("memory.dram.tlm_plugin_options: gfxsim_make_dram_target of "
            f"'{PLUGIN}' made no target: unknown option 'latency'") in r.stderr


def test_tlm_without_a_target_is_refused(tmp_path):
    r = gfxsim(TRACE, "-o", tmp_path / "out", "--set", "memory.dram.model=tlm")
    assert r.returncode != 0
    assert "memory.dram.model is tlm but no target serves the DRAM requests" in r.stderr


def test_an_unknown_model_is_refused_with_the_choices(tmp_path):
    r = gfxsim(TRACE, "-o", tmp_path / "out", "--set", "memory.dram.model=dramsys")
    assert r.returncode != 0
    assert "memory.dram.model" in r.stderr and "builtin, tlm" in r.stderr
