"""The timing model answers its config, on the DRAM-bound bandwidth.gfxt
(traces/README.md): twice the DRAM channels must cut the cycles clearly, half of them must
raise them. Raster/ROP rates: test_config_fillrate.py.
"""
import pytest
import yaml

from conftest import TRACES, load_stats, stat_leaves

BANDWIDTH = TRACES / "bandwidth.gfxt"


def cycles(results):
    return load_stats(results)["run"]["cycles"]


def resolved(results):
    return yaml.safe_load((results / "config.yaml").read_text())


@pytest.fixture(scope="module")
def bandwidth_baseline(run_sim):
    return run_sim(BANDWIDTH, "bw-baseline", "-c", "baseline")


def test_baseline_channels_are_the_ones_these_tests_assume(bandwidth_baseline):
    assert resolved(bandwidth_baseline)["memory"]["dram"]["channels"] == 8


def dram(results):
    return {k: v["value"] for k, v in stat_leaves(load_stats(results)["stats"]).items()
            if k.startswith("memory.dram.")}


@pytest.mark.parametrize("channels, peak_gbps", [(16, 281.6), (4, 70.4)])
def test_dram_channels_scale_bandwidth_bound_cycles(run_sim, bandwidth_baseline, channels, peak_gbps):
    other = run_sim(BANDWIDTH, f"bw-{channels}", "-c", "baseline", "-s", f"memory.dram.channels={channels}")
    assert resolved(other)["memory"]["dram"]["channels"] == channels
    base, now = cycles(bandwidth_baseline), cycles(other)
    if channels > 8:
        assert base >= 1.6 * now, f"8 channels {base} cycles, {channels} channels {now}"
    else:
        assert now > base, f"8 channels {base} cycles, {channels} channels {now}"
    # The stats follow the config: the peak, one busy counter per channel; and the same
    # write-backs reach DRAM whatever its width (reads differ a little: L2 replacement
    # follows the order in which requests arrive).
    a, b = dram(bandwidth_baseline), dram(other)
    assert b["memory.dram.peak_gbps"] == pytest.approx(peak_gbps)
    assert len([k for k in b if k.startswith("memory.dram.channels.") and k.endswith("_busy")]) == channels
    assert a["memory.dram.writes"] == b["memory.dram.writes"] > 0


def test_frfcfs_beats_fcfs_on_the_bandwidth_trace(run_sim, bandwidth_baseline):
    """FR-FCFS (the baseline's scheduler: reads pass queued writes, drains serve row hits
    first) finishes bandwidth.gfxt in fewer cycles than FCFS, with fewer row conflicts."""
    assert resolved(bandwidth_baseline)["memory"]["dram"]["scheduler"] == "frfcfs"
    fcfs = run_sim(BANDWIDTH, "bw-fcfs", "-c", "baseline", "-s", "memory.dram.scheduler=fcfs")
    fr, fc = cycles(bandwidth_baseline), cycles(fcfs)
    assert fr < fc, f"FR-FCFS {fr} cycles, FCFS {fc}"
    a, b = dram(bandwidth_baseline), dram(fcfs)
    assert a["memory.dram.row_conflicts"] < b["memory.dram.row_conflicts"]
    assert a["memory.dram.write_drains"] > 0 == b["memory.dram.write_drains"]
