"""Pluggable policies chosen by config (docs/architecture.md, "How to add a policy"): every
cache of the model takes every replacement policy by name, shader.issue_policy takes every
issue policy, a wrong name is refused listing the choices, and a policy changes timing only,
never the pictures. Exact outcomes only (names, counts, pixels), never timings.
"""
import json
import sys

import pytest
import yaml

from conftest import (DATA_DIR, GOLDEN_DIR, TRACES, check_ok, frame_files, load_stats, read_png,
                      stat_leaves)

sys.path.insert(0, str(DATA_DIR / "tess"))
from patch_traces import rect_patch_trace  # noqa: E402

REPLACEMENTS = ["lru", "fifo", "random", "srrip"]
ISSUE_POLICIES = ["round_robin", "greedy_then_oldest", "oldest_first"]
# The replacement key of every cache of the model.
CACHE_KEYS = [
    "ia.index_cache.replacement", "ia.vertex_cache.replacement", "ia.post_transform_policy",
    "shader.texture_cache.replacement", "rop.z_cache.replacement", "rop.color_cache.replacement",
    "memory.l2.replacement", "tessellator.patch_cache_replacement",
]
TRIANGLE = TRACES / "triangle.yaml"
SCENE = TRACES / "scene640.gfxt"


def resolved(results, key):
    node = yaml.safe_load((results / "config.yaml").read_text())
    for part in key.split("."):
        node = node[part]
    return node


@pytest.mark.parametrize("key", CACHE_KEYS)
def test_every_cache_runs_with_srrip(run_sim, key):
    out = run_sim(TRIANGLE, "srrip", "-m", "timing", "-s", f"{key}=srrip")
    assert resolved(out, key) == "srrip"
    stats = load_stats(out)
    assert stats["run"]["cycles"] > 0
    assert len(frame_files(out)) == 1


@pytest.mark.parametrize("key", CACHE_KEYS + ["shader.issue_policy"])
def test_a_wrong_policy_name_is_refused_listing_the_choices(gfxsim, key):
    p = gfxsim("config", "-s", f"{key}=lur")
    assert p.returncode != 0 and p.stdout == ""
    choices = ISSUE_POLICIES if key == "shader.issue_policy" else REPLACEMENTS
    assert f"{key}: 'lur' is not one of {', '.join(choices)}" in p.stderr, p.stderr


@pytest.mark.parametrize("policy", REPLACEMENTS)
def test_patch_cache_hits_a_cached_patch_under_every_policy(tmp_path, run_sim, policy):
    capture = {"handle": 7, "segments": "[3, 3, 3, 3]"}
    cached = {"handle": 7, "has_info": 0, "segments": "[]"}
    trace = tmp_path / "cached.yaml"
    trace.write_text(rect_patch_trace([[capture], [cached] * 3]))
    out = run_sim(trace, "patch", "-s", f"tessellator.patch_cache_replacement={policy}")
    leaves = {k: v["value"] for k, v in stat_leaves(load_stats(out)["stats"]).items()}
    assert (leaves["tess.patch_cache_misses"], leaves["tess.patch_cache_hits"]) == (1, 3)


def test_policies_change_timing_not_pictures(run_sim):
    # Every cache on SRRIP and the oldest-first issue: scene640's last frame is still the
    # golden image, and the run's work counts are those of the defaults.
    options = [a for k in CACHE_KEYS for a in ("-s", f"{k}=srrip")]
    out = run_sim(SCENE, "scene-srrip", "-c", "baseline", "-s", "shader.issue_policy=oldest_first",
                  *options)
    for k in CACHE_KEYS:
        assert resolved(out, k) == "srrip"
    assert resolved(out, "shader.issue_policy") == "oldest_first"
    got, want = read_png(frame_files(out)[3]), read_png(GOLDEN_DIR / "scene640_frame_0003.png")
    assert (got.width, got.height, got.rgb) == (want.width, want.height, want.rgb)
    golden = json.loads((GOLDEN_DIR / "scene640_baseline.json").read_text())["counters"]
    leaves = {k: v["value"] for k, v in stat_leaves(load_stats(out)["stats"]).items()}
    for work in ["cp.draws", "ia.indices", "setup.triangles", "raster.pixels", "rop.pixels_written"]:
        assert leaves[work] == golden[work], work
