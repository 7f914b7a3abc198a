"""The layout of stats.json that tools and sweeps rely on: the unit groups in pipeline order
(their names are the units' module names, registered by one loop over the wiring's unit
list), then memory and the queues in pipeline order. Markers travelling in the queues add
no statistic."""
from conftest import TRACES, load_stats

UNITS = ["cp", "tess", "ia", "shader", "setup", "raster", "rop"]
QUEUES = ["draw_queue", "tessellator_queue", "vertex_warp_queue", "primitive_queue",
          "triangle_queue", "pixel_warp_queue", "shaded_warp_queue"]
ACTIVITY = ["busy_cycles", "stall_memory_cycles", "stall_output_cycles", "wait_cycles", "idle_cycles"]
QUEUE_STATS = ["pushes", "cycles_full", "cycles_empty", "avg_occupancy", "occupancy"]


def test_groups_and_queues_keep_their_names_and_order(run_sim):
    s = load_stats(run_sim(TRACES / "triangle.yaml", "layout"))["stats"]
    assert list(s) == UNITS + ["memory", "queues"]
    for unit in UNITS:
        assert list(s[unit])[:5] == ACTIVITY, unit
    assert list(s["queues"]) == QUEUES
    for q in QUEUES:
        assert list(s["queues"][q]) == QUEUE_STATS, q
    # One draw: one item in each queue before the vertex work fans out, and nothing for the
    # draw's end-of-draw marker, the Clear or the Present.
    assert s["queues"]["draw_queue"]["pushes"]["value"] == 1
    assert s["queues"]["tessellator_queue"]["pushes"]["value"] == 1
    assert s["queues"]["pixel_warp_queue"]["pushes"]["value"] == s["raster"]["pixel_warps"]["value"]
    assert s["queues"]["shaded_warp_queue"]["pushes"]["value"] == s["raster"]["pixel_warps"]["value"]
