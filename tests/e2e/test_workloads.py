"""The study workloads of traces/ (traces/README.md, issue 17 point 7): shader_bound,
texture_bound, geometry_bound and mixed, 320x240, one frame each, ps_3_0 shaders.

Each renders the same frame in functional and timing mode, and each is bound where it was
built to be, as the limiter view (docs/getting-started.md) and the per-core counters say:

- shader_bound: the shader unit, "compute: busy 98%"; its cores issue in 98% of their
  cycles and almost never wait on a texture.
- texture_bound: the shader unit, for memory: its texture units and caches are part of it
  (docs/units/shader-cores.md), and the limiter view judges the unit by what its cores did:
  they wait on texture lookups 76% of their cycles and issue in 8% (the unit itself counts
  as busy in any cycle one of its eight cores issues: 91%). The texture caches hit 19% of
  the lines, the L2 54% of its lookups, and more cores do not help (16 cores take longer
  than 8).
- geometry_bound: the input assembler (index and vertex fetch), with setup, at one
  triangle a cycle, busy nearly as long: 96,256 triangles for 3,104 pixels.
- mixed: each draw has its own limiter in draws.csv: the sky and the ground the shader
  unit, the last spheres the input assembler.

The study: shader_bound at shader.cores = 1 .. 256 and a 16 or 2 KiB texture cache. Each
doubling of cores cuts cycles by at least 1.6x up to 128 cores (1.99x at first, 1.71x from
64 to 128 as the frame's fixed part, the Clear and the pipeline's fill and drain, weighs
more). From 128 to 256 cores only 1.54x: the ROP, at 16 pixels a cycle (4,800 cycles for
the 76,800 pixels, plus the Clear), becomes the limiter. An 8x smaller texture cache
moves no run by more than 0.6% (0.54% at 32 cores, none at 128 and 256): the one fetch a pixel, from a 64x64 texture, is hidden
behind about 200 ALU instructions.
"""
import csv

import pytest

from conftest import TRACES, frame_files, load_stats

WORKLOADS = ("shader_bound", "texture_bound", "geometry_bound", "mixed")


def run_figures(out):
    stats = load_stats(out)
    run, s = stats["run"], stats["stats"]
    cores = [k for k in s["shader"] if k.startswith("core")]

    def total(name):
        return sum(s["shader"][c][name]["value"] for c in cores)

    def cache(name):
        return sum(s["shader"][c]["texture_cache"][name]["value"] for c in cores)

    return {
        "cycles": run["cycles"], "limiter": run["limiter"],
        "reason": run["limiter_reason"], "cores": len(cores),
        "issue": total("issue_cycles"), "stall_texture": total("stall_texture_cycles"),
        "lines": cache("reads"), "hits": cache("hits") + cache("hits_on_fill"),
    }


@pytest.fixture(scope="module")
def baseline(run_sim):
    return {name: run_sim(TRACES / f"{name}.gfxt", f"wl-{name}") for name in WORKLOADS}


@pytest.mark.parametrize("name", WORKLOADS)
def test_functional_and_timing_render_the_same_frame(run_sim, baseline, name):
    functional = run_sim(TRACES / f"{name}.gfxt", f"wl-{name}-f", "-m", "functional")
    timing, func = frame_files(baseline[name]), frame_files(functional)
    assert len(timing) == len(func) == 1
    assert timing[0].read_bytes() == func[0].read_bytes()


def test_shader_bound_is_bound_by_the_shader_alus(baseline):
    f = run_figures(baseline["shader_bound"])
    assert (f["cycles"], f["limiter"], f["reason"]) == (
        151192, "shader", "compute: busy 98% of the cycles")
    assert (f["cores"], f["issue"], f["stall_texture"]) == (8, 1188187, 260)
    assert f["issue"] > 0.98 * f["cores"] * f["cycles"]  # the cores issue nearly every cycle


def test_texture_bound_waits_on_the_texture_path(run_sim, baseline):
    f = run_figures(baseline["texture_bound"])
    assert (f["cycles"], f["limiter"], f["reason"]) == (
        89365, "shader", "memory: its cores waited on shader.texture_cache misses 76% of the "
                         "cycles, served by the L2 (it hit 54% of the lookups)")
    assert (f["issue"], f["stall_texture"], f["lines"], f["hits"]) == (
        57607, 542256, 385557, 71649)
    core_cycles = f["cores"] * f["cycles"]
    assert f["stall_texture"] > 0.75 * core_cycles  # waiting on texture lookups
    assert f["issue"] < 0.1 * core_cycles           # issuing
    assert f["hits"] < 0.2 * f["lines"]              # 18.6% of the lines hit
    # More cores do not help a texture-bound frame: they share the L2 and DRAM.
    cycles = {c: run_figures(run_sim(TRACES / "texture_bound.gfxt", f"wl-tex-{c}",
                                     "--set", f"shader.cores={c}"))["cycles"]
              for c in (4, 16)}
    assert cycles == {4: 99429, 16: 101767}
    assert cycles[16] > f["cycles"]


def test_geometry_bound_is_bound_by_the_input_assembler(baseline):
    stats = load_stats(baseline["geometry_bound"])
    run, s = stats["run"], stats["stats"]
    assert (run["cycles"], run["limiter"], run["limiter_reason"]) == (
        104320, "ia", "compute: busy 94% of the cycles")
    assert s["ia"]["primitives"]["value"] == 16 * 6016
    assert s["setup"]["busy_cycles"]["value"] == 16 * 6016  # one triangle a cycle
    assert s["rop"]["pixels_written"]["value"] == 3104
    assert s["ia"]["busy_cycles"]["value"] == 97630


def test_mixed_frame_has_each_limiter_in_its_draws(baseline):
    with open(baseline["mixed"] / "draws.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 18  # sky, ground, 16 spheres
    assert [(r["limiter"], int(r["pixels_written"])) for r in rows[:2]] == [
        ("shader", 38400), ("shader", 37119)]
    # The first spheres overlap the ground's shading; the last ones are alone.
    assert [r["limiter"] for r in rows[12:]] == ["ia"] * 6
    assert load_stats(baseline["mixed"])["run"]["cycles"] == 226217


# shader_bound cycles by (shader.cores, shader.texture_cache.size_kib).
STUDY = {
    (1, 16): 1190563, (2, 16): 596710, (4, 16): 300252, (8, 16): 151192,
    (16, 16): 77215, (32, 16): 39858, (64, 16): 21547, (128, 16): 12599, (256, 16): 8188,
    (1, 2): 1190581, (2, 2): 596707, (4, 2): 300019, (8, 2): 151691,
    (16, 2): 77219, (32, 2): 40075, (64, 2): 21552, (128, 2): 12599, (256, 2): 8188,
}
CORES = (1, 2, 4, 8, 16, 32, 64, 128, 256)


@pytest.fixture(scope="module")
def study(run_sim):
    return {(c, k): run_figures(run_sim(
        TRACES / "shader_bound.gfxt", f"wl-study-{c}-{k}", "--set", f"shader.cores={c}",
        "--set", f"shader.texture_cache.size_kib={k}")) for c, k in STUDY}


def test_study_cycles(study):
    assert {key: f["cycles"] for key, f in study.items()} == STUDY


@pytest.mark.parametrize("kib", (16, 2))
def test_study_doubling_cores_until_the_rop_limits(study, kib):
    speedup = [study[(c, kib)]["cycles"] / study[(2 * c, kib)]["cycles"] for c in CORES[:-1]]
    assert all(s >= 1.6 for s in speedup[:7]), speedup   # 1 -> 128 cores
    assert speedup[7] < 1.6, speedup                     # 128 -> 256: the ROP
    assert all(study[(c, kib)]["limiter"] == "shader" for c in CORES[:-1])
    assert study[(256, kib)]["limiter"] == "rop"


def test_study_texture_cache_size_does_not_matter(study):
    for c in CORES:
        small, large = study[(c, 2)]["cycles"], study[(c, 16)]["cycles"]
        assert abs(small - large) <= 0.006 * large, (c, small, large)  # 0.54% at 32 cores
