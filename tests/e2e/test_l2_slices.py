"""The sliced L2 on whole runs (docs/units/memory.md): doubling the L2 raises the texture
hit rate of the textured scene640, the per-client and per-slice stats add up to the L2's
totals, and a starved L2 (one MSHR per slice) pushes back into the units as more refused
fills and more stall-memory cycles. Exact timing of one slice: tests/memory/l2_slice_test.cpp.
"""
import pytest

from conftest import TRACES, load_stats, stat_leaves

SCENE = TRACES / "scene640.gfxt"  # three 256x256 mip-mapped textures on most of its draws
CLIENTS = ["command", "index", "vertex", "texture", "depth", "color", "tessellator", "constant"]


def leaves(results):
    return {k: v["value"] for k, v in stat_leaves(load_stats(results)["stats"]).items()}


@pytest.fixture(scope="module")
def base(run_sim):
    return leaves(run_sim(SCENE, "l2-base", "-c", "baseline"))


def test_doubling_the_l2_raises_the_texture_hit_rate(run_sim, base):
    twice = leaves(run_sim(SCENE, "l2-512", "-c", "baseline", "-s", "memory.l2.size_kib=512"))
    rate = "memory.l2.clients.texture.hit_rate"
    # Measured: 0.8478 with 256 KiB, 0.9041 with 512 KiB; DRAM texture bytes 940,480 -> 587,072.
    assert twice[rate] >= base[rate] + 0.05, (base[rate], twice[rate])
    tex = "memory.dram.clients.texture.bytes_read"
    assert twice[tex] < 0.7 * base[tex], (base[tex], twice[tex])


def test_clients_and_slices_add_up_to_the_l2_totals(base):
    slices = sorted({k.split(".")[2] for k in base if k.startswith("memory.l2.slice")})
    assert slices == [f"slice{i}" for i in range(8)]
    for stat in ["hits", "hits_on_fill", "misses"]:
        assert sum(base[f"memory.l2.clients.{c}.{stat}"] for c in CLIENTS) == base[f"memory.l2.{stat}"]
        assert sum(base[f"memory.l2.{s}.{stat}"] for s in slices) == base[f"memory.l2.{stat}"]
    refusals = sum(base[f"memory.l2.{s}.refused_{why}"] for s in slices
                   for why in ["crossbar", "ports", "mshrs"])
    assert refusals == base["memory.l2.refused"] == sum(
        base[f"memory.l2.clients.{c}.refused"] for c in CLIENTS) > 0
    # The hash spreads the lines: every slice sees between 1/10 and 1/6 of the lookups.
    lookups = [base[f"memory.l2.{s}.hits"] + base[f"memory.l2.{s}.hits_on_fill"]
               + base[f"memory.l2.{s}.misses"] for s in slices]
    assert all(sum(lookups) / 10 < n < sum(lookups) / 6 for n in lookups), lookups


def test_a_starved_l2_pushes_back_into_the_units(run_sim, base):
    starved = leaves(run_sim(SCENE, "l2-mshr1", "-c", "baseline", "-s", "memory.l2.mshrs=8"))
    mshrs = lambda s: sum(s[f"memory.l2.slice{i}.refused_mshrs"] for i in range(8))
    assert mshrs(starved) > 5 * mshrs(base), (mshrs(base), mshrs(starved))
    for unit in ["rop", "ia"]:
        key = f"{unit}.stall_memory_cycles"
        assert starved[key] > base[key], (unit, base[key], starved[key])
    assert starved["memory.l2.clients.depth.refused"] > base["memory.l2.clients.depth.refused"]
