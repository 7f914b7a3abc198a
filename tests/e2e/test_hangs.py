"""Runs that used to hang (issue 10, "Hangs"), end to end. Each legal config now drains,
with the functional frames, or is refused by a stated rule with an error naming the key,
exit 1 and nothing written:

- a primitive queue of 1..6 entries on fan.yaml and 1..3 on scene640 (the input
  assembler's livelock: setup waited for a vertex of a batch that closed only when full);
- a register file too small for a program's warp (refused at the draw, naming the
  program) or for one warp of any program (refused when the config is resolved);
- queues of capacity 1 and latency 2, and an L2 of one line (they finish, within ten
  times the baseline's cycles: the L2 case was DRAM serving a long line on one channel,
  and a bypassing request moving the whole line);
- clock.watchdog_cycles: its default and its range.
A run that hangs again fails here through the watchdog (exit 1) or the run timeout.
"""
import os
from pathlib import Path

import pytest
import yaml

from conftest import DATA_DIR, TRACES, check_ok, frame_files, load_stats

FAN = DATA_DIR / "fan.yaml"
TABLE_FOG = DATA_DIR / "ff" / "table_fog.yaml"
SCENE = TRACES / "scene640.gfxt"
QUEUES = ["cp.draw_queue", "tessellator.output_queue", "shader.vertex_warp_queue",
          "ia.primitive_queue", "setup.triangle_queue", "raster.pixel_warp_queue",
          "rop.input_queue"]


def built_trace(name):
    """A trace scripts/bootstrap.sh generates into <build>/traces."""
    path = Path(os.environ.get("GFXSIM", "build/gfxsim")).resolve().parent / "traces" / name
    if not path.is_file():
        pytest.fail(f"no <build>/traces/{name}: scripts/bootstrap.sh generates it")
    return path


def frames(results):
    return [f.read_bytes() for f in frame_files(results)]


def cycles(results):
    return load_stats(results)["run"]["cycles"]


@pytest.fixture(scope="module")
def reference(run_sim):
    """reference(trace) -> (functional frames, baseline timing cycles), once per trace."""
    cache = {}

    def get(trace):
        if trace not in cache:
            name = Path(trace).stem
            functional = frames(run_sim(trace, f"{name}-functional", "-m", "functional"))
            assert functional, f"{name}: no frames"
            cache[trace] = (functional, cycles(run_sim(trace, f"{name}-baseline")))
        return cache[trace]
    return get


def check_drains(run_sim, reference, trace, tag, *sets):
    options = [a for s in sets for a in ("-s", s)]
    out = run_sim(trace, tag, *options)
    want_frames, baseline_cycles = reference(trace)
    assert frames(out) == want_frames, f"{tag}: timing frames differ from the functional ones"
    assert cycles(out) < 10 * baseline_cycles, f"{tag}: {cycles(out)} cycles, baseline {baseline_cycles}"


# ---------------------------------------------------------------------------------------
# The input assembler's livelock

@pytest.mark.parametrize("capacity", range(1, 7))
def test_fan_drains_with_a_primitive_queue_of(run_sim, reference, capacity):
    check_drains(run_sim, reference, FAN, f"fan-{capacity}", f"ia.primitive_queue.capacity={capacity}")


@pytest.mark.parametrize("capacity", range(1, 4))
def test_scene640_drains_with_a_primitive_queue_of(run_sim, reference, capacity):
    check_drains(run_sim, reference, SCENE, f"scene-{capacity}", f"ia.primitive_queue.capacity={capacity}")


# ---------------------------------------------------------------------------------------
# Register files that can never admit a warp

def refused(gfxsim, tmp_path, trace, *sets):
    """Runs into tmp_path/out/results; asserts exit 1 and that nothing was written."""
    out = tmp_path / "out" / "results"
    p = gfxsim(trace, "-o", out, "--quiet", *[a for s in sets for a in ("-s", s)])
    assert p.returncode == 1, f"exit {p.returncode}\n{p.stderr}"
    assert p.stdout == ""
    assert sorted(tmp_path.iterdir()) == [], "a refused run left files behind"
    return p.stderr


def test_register_file_too_small_for_the_fog_pixel_program(gfxsim, tmp_path):
    assert refused(gfxsim, tmp_path, TABLE_FOG, "shader.register_file=32") == (
        f"gfxsim: {TABLE_FOG}:32: draw 0 (draw_primitive): the pixel program "
        "'ff_ps[diffuse,table3,fog]' needs 3 temporary registers x 16 threads (shader.warp_width) "
        "= 48 float4 registers per warp, more than a core's register file holds "
        "(shader.register_file = 32)\n")


def test_register_file_too_small_for_the_teapot_vertex_program(gfxsim, tmp_path):
    teapot = built_trace("teapot.gfxt")
    assert refused(gfxsim, tmp_path, teapot, "shader.register_file=128") == (
        f"gfxsim: {teapot}: command 10: draw 0 (draw_rect_patch): the vertex program "
        "'ff_vs[pos,lit1]' needs 15 temporary registers x 16 threads (shader.warp_width) "
        "= 240 float4 registers per warp, more than a core's register file holds "
        "(shader.register_file = 128)\n")


def test_register_file_that_fits_every_program_of_the_draw_runs(run_sim, reference):
    # 48 registers: the fog program's warp exactly.
    check_drains(run_sim, reference, TABLE_FOG, "fog-48", "shader.register_file=48")


def test_register_file_below_one_warp_is_refused_when_the_config_is_resolved(gfxsim, tmp_path):
    message = ("gfxsim: --set #2: shader: register_file (32) must be at least warp_width (64): "
               "a warp of the smallest program needs one float4 register per thread, so no warp "
               "could ever be admitted\n")
    assert refused(gfxsim, tmp_path, FAN, "shader.warp_width=64", "shader.register_file=32") == message
    p = gfxsim("config", "-s", "shader.warp_width=64", "-s", "shader.register_file=32")
    assert (p.returncode, p.stderr) == (1, message)
    check_ok(gfxsim("config", "-s", "shader.warp_width=64", "-s", "shader.register_file=64"))


# ---------------------------------------------------------------------------------------
# Queues of capacity 1 and latency 2, an L2 of one line

@pytest.mark.parametrize("queue", QUEUES)
def test_teapot_drains_with_a_one_entry_two_cycle(run_sim, reference, queue):
    check_drains(run_sim, reference, built_trace("teapot.gfxt"), f"teapot-{queue}",
                 f"{queue}.capacity=1", f"{queue}.latency=2")


@pytest.mark.parametrize("trace", ["teapot", "scene640"])
def test_drains_with_every_queue_one_entry_two_cycles(run_sim, reference, trace):
    path = built_trace("teapot.gfxt") if trace == "teapot" else SCENE
    sets = [s for q in QUEUES for s in (f"{q}.capacity=1", f"{q}.latency=2")]
    check_drains(run_sim, reference, path, f"{trace}-queues", *sets)


@pytest.mark.parametrize("trace,line", [("teapot", 1024), ("teapot", 4096), ("scene640", 1024)])
def test_drains_with_an_l2_of_one_line(run_sim, reference, trace, line):
    path = built_trace("teapot.gfxt") if trace == "teapot" else SCENE
    check_drains(run_sim, reference, path, f"{trace}-l2-{line}", f"memory.l2.size_kib={line // 1024}",
                 f"memory.l2.line_bytes={line}", "memory.l2.ways=1", "memory.l2_slices=1")


def test_drains_with_one_narrow_l2_slice(run_sim, reference):
    # Tight back pressure: one slice with four MSHRs and one port, behind a crossbar port
    # that carries half a line a cycle; the unit caches keep retrying refused fills.
    check_drains(run_sim, reference, SCENE, "scene640-l2-tight", "memory.l2_slices=1",
                 "memory.l2.mshrs=4", "memory.l2.ports=1", "memory.crossbar.bytes_per_cycle=32")
