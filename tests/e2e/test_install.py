"""`cmake --install`: the build installs into a prefix (tools in bin/, presets and the
bundled traces in share/gfxsim/, docs in share/doc/gfxsim/, the Python package in
lib/python3/dist-packages/), and the installed gfxsim, gfxsim-trace and Python module find
the installed presets, not the source tree's (config/preset_dir.h): the resolved config path
they report lies in the prefix. Runs from a working folder outside the tree, with
GFXSIM_CONFIG_DIR unset, and compares the installed tools' results with the build tree's:
the same stats and the same frames, byte for byte.

The build folder comes from GFXSIM_BUILD (set by the ctest entry), else the folder of the
gfxsim under test."""
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
import yaml

from conftest import RUN_TIMEOUT_S, SOURCE_DIR, check_ok, frames, load_stats

PYTHON_DIR = Path("lib/python3/dist-packages")
PRESETS = sorted(p.name for p in (SOURCE_DIR / "configs").glob("*.yaml"))
# What the host measures, different in every run.
HOST_FIGURES = ("wall_seconds", "sim_cycles_per_second", "peak_rss_kib")


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("GFXSIM_CONFIG_DIR", "PYTHONPATH", "GFXSIM", "GFXSIM_TRACE")}
    env.update(extra)
    return env


def run(args, cwd, **env):
    return subprocess.run([str(a) for a in args], cwd=cwd, env=clean_env(**env),
                          capture_output=True, text=True, timeout=RUN_TIMEOUT_S)


@pytest.fixture(scope="module")
def installed(gfxsim_exe):
    """(prefix, a working folder), both in a system temporary folder: pytest's own lie in the
    build tree, and the point is to run outside the source and build trees."""
    build = Path(os.environ.get("GFXSIM_BUILD") or Path(gfxsim_exe).parent)
    with tempfile.TemporaryDirectory(prefix="gfxsim-install-") as tmp:
        top = Path(tmp).resolve()
        for tree in (SOURCE_DIR, build):
            assert tree.resolve() not in top.parents, f"{top} is inside {tree}"
        prefix, work = top / "prefix", top / "work"
        work.mkdir()
        check_ok(subprocess.run(["cmake", "--install", str(build), "--prefix", str(prefix)],
                                capture_output=True, text=True, timeout=RUN_TIMEOUT_S))
        yield prefix, work


def resolved_from(done):
    """The config file `gfxsim config` says it resolved (its provenance block)."""
    return yaml.safe_load(done.stdout)["gfxsim"]["config"]


def results_config(results):
    """The config file a run resolved, from its results folder's config.yaml."""
    return yaml.safe_load((results / "config.yaml").read_text())["gfxsim"]["config"]


def host_free(stats):
    """stats.json without the host's measures."""
    run_block = {k: v for k, v in stats["run"].items() if k not in HOST_FIGURES}
    return {**stats, "run": run_block}


def test_the_prefix_holds_tools_presets_traces_docs_and_the_package(installed):
    prefix, _ = installed
    for tool in ("gfxsim", "gfxsim-trace", "gfxsim-import"):
        assert os.access(prefix / "bin" / tool, os.X_OK), tool
    assert sorted(p.name for p in (prefix / "share/gfxsim/configs").iterdir()) == PRESETS
    for preset in PRESETS:
        assert ((prefix / "share/gfxsim/configs" / preset).read_bytes()
                == (SOURCE_DIR / "configs" / preset).read_bytes()), preset
    assert ((prefix / "share/gfxsim/traces/scene640.gfxt").read_bytes()
            == (SOURCE_DIR / "traces/scene640.gfxt").read_bytes())
    for doc in ("README.md", "getting-started.md", "units/rop.md"):
        assert (prefix / "share/doc/gfxsim" / doc).is_file(), doc
    package = prefix / PYTHON_DIR / "gfxsim"
    assert sorted(p.name for p in package.glob("*.py")) == sorted(
        p.name for p in (SOURCE_DIR / "model/python/gfxsim").glob("*.py"))
    assert len(list(package.glob("_core*.so"))) == 1


def test_installed_gfxsim_resolves_presets_in_the_prefix(installed):
    prefix, work = installed
    done = check_ok(run([prefix / "bin/gfxsim", "config", "-c", "small"], cwd=work))
    assert resolved_from(done) == str(prefix / "share/gfxsim/configs/small.yaml")
    # Nor is the source tree named anywhere in the resolved configuration.
    assert str(SOURCE_DIR) not in done.stdout


def test_build_tree_gfxsim_keeps_the_source_presets(gfxsim_exe, installed):
    _, work = installed
    done = check_ok(run([gfxsim_exe, "config", "-c", "small"], cwd=work))
    assert resolved_from(done) == str(SOURCE_DIR.resolve() / "configs/small.yaml")


def test_installed_gfxsim_runs_a_bundled_trace_as_the_build_does(gfxsim_exe, installed):
    prefix, work = installed
    trace = prefix / "share/gfxsim/traces/scene640.gfxt"
    check_ok(run([prefix / "bin/gfxsim", trace, "-c", "small", "-o", "mine", "--quiet"], cwd=work))
    check_ok(run([gfxsim_exe, trace, "-c", "small", "-o", "built", "--quiet"], cwd=work))
    mine, built = load_stats(work / "mine"), load_stats(work / "built")
    assert results_config(work / "mine") == str(prefix / "share/gfxsim/configs/small.yaml")
    assert results_config(work / "built") == str(SOURCE_DIR.resolve() / "configs/small.yaml")
    # The same preset bytes (config_sha256) give the same run.
    assert host_free(mine) == host_free(built)
    assert mine["run"]["frames"] == 4 and len(frames(work / "mine")) == 4
    assert frames(work / "mine") == frames(work / "built")


def test_gfxsim_config_dir_overrides_the_installed_presets(installed):
    prefix, work = installed
    mine = work / "my-presets"
    mine.mkdir()
    shutil.copy(prefix / "share/gfxsim/configs/baseline.yaml", mine / "baseline.yaml")
    (mine / "narrow.yaml").write_text("include: baseline\nrop:\n  quads_per_cycle: 1\n")
    done = check_ok(run([prefix / "bin/gfxsim", "config", "-c", "narrow"], cwd=work,
                        GFXSIM_CONFIG_DIR=str(mine)))
    assert resolved_from(done) == str(mine / "narrow.yaml")
    assert yaml.safe_load(done.stdout)["rop"]["quads_per_cycle"] == 1
    # The installed presets are not looked at once the variable is set.
    done = run([prefix / "bin/gfxsim", "config", "-c", "small"], cwd=work,
               GFXSIM_CONFIG_DIR=str(mine))
    assert done.returncode == 1
    assert done.stderr.startswith(f"gfxsim: --config small: no such preset (presets in {mine}: "
                                  "baseline, narrow)"), done.stderr


def test_installed_gfxsim_trace_validates_against_installed_presets(installed):
    prefix, work = installed
    trace = prefix / "share/gfxsim/traces/scene640.gfxt"
    check_ok(run([prefix / "bin/gfxsim-trace", "validate", trace, "-c", "small"], cwd=work))
    # A preset only the override folder has: found there, so the folder is really read.
    mine = work / "trace-presets"
    mine.mkdir()
    (mine / "tiny.yaml").write_text("limits:\n  render_target_width: 320\n")
    done = run([prefix / "bin/gfxsim-trace", "validate", trace, "-c", "tiny"], cwd=work,
               GFXSIM_CONFIG_DIR=str(mine))
    assert done.returncode == 1 and "limits.render_target_width" in done.stderr, done.stderr


def test_installed_python_module_runs_a_trace_with_installed_presets(installed):
    prefix, work = installed
    package = prefix / PYTHON_DIR
    if not list((package / "gfxsim").glob("_core*.so")):
        pytest.skip("the build has no Python module (pybind11-dev missing)")
    trace = prefix / "share/gfxsim/traces/scene640.gfxt"
    script = (
        "import json, sys, gfxsim\n"
        "stats = gfxsim.run(sys.argv[1], config='small', out='py-results')\n"
        "print(json.dumps({'module': gfxsim.__file__,\n"
        "                  'config_dir': gfxsim._core.default_config_dir(),\n"
        "                  'cycles': stats['run']['cycles']}))\n")
    done = check_ok(run(["/usr/bin/python3", "-c", script, trace], cwd=work,
                        PYTHONPATH=str(package), PYTHONDONTWRITEBYTECODE="1"))
    got = json.loads(done.stdout.splitlines()[-1])
    assert got["module"] == str(package / "gfxsim/__init__.py")
    assert got["config_dir"] == str(prefix / "share/gfxsim/configs")
    assert results_config(work / "py-results") == str(prefix / "share/gfxsim/configs/small.yaml")
    check_ok(run([prefix / "bin/gfxsim", trace, "-c", "small", "-o", "cli", "--quiet"], cwd=work))
    assert got["cycles"] == load_stats(work / "cli")["run"]["cycles"]
    assert frames(work / "py-results") == frames(work / "cli")
