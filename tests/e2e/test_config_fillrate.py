"""The timing model answers its config, on the raster/ROP-bound fillrate.gfxt
(traces/README.md): widening the raster and ROP rates must cut the cycles, narrowing them
must raise them. The ratios are loose on purpose (the units around the widened one limit
the gain); the direction and a clear effect are what must hold. DRAM: test_config_bandwidth.py.
"""
import pytest
import yaml

from conftest import TRACES, load_stats

FILLRATE = TRACES / "fillrate.gfxt"


def cycles(results):
    return load_stats(results)["run"]["cycles"]


def resolved(results):
    return yaml.safe_load((results / "config.yaml").read_text())


@pytest.fixture(scope="module")
def fillrate_baseline(run_sim):
    return run_sim(FILLRATE, "fill-baseline", "-c", "baseline")


def test_baseline_rates_are_the_ones_these_tests_assume(fillrate_baseline):
    c = resolved(fillrate_baseline)
    assert c["rop"]["quads_per_cycle"] == 4 and c["raster"]["quads_per_cycle"] == 4


def test_double_raster_and_rop_rate_cuts_fillrate_cycles(run_sim, fillrate_baseline):
    wide = run_sim(FILLRATE, "fill-wide", "-c", "baseline",
                   "-s", "rop.quads_per_cycle=8", "-s", "raster.quads_per_cycle=8")
    c = resolved(wide)
    assert c["rop"]["quads_per_cycle"] == 8 and c["raster"]["quads_per_cycle"] == 8
    base, fast = cycles(fillrate_baseline), cycles(wide)
    assert base >= 1.6 * fast, f"baseline {base} cycles, 8 quads/cycle {fast}"


def test_halving_raster_and_rop_rate_raises_fillrate_cycles(run_sim, fillrate_baseline):
    narrow = run_sim(FILLRATE, "fill-narrow", "-c", "baseline",
                     "-s", "rop.quads_per_cycle=2", "-s", "raster.quads_per_cycle=2")
    base, slow = cycles(fillrate_baseline), cycles(narrow)
    assert slow >= 1.6 * base, f"baseline {base} cycles, 2 quads/cycle {slow}"
