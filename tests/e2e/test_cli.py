"""The command line's own surface: --help, --version, usage errors, and the config
reference in docs/ kept in sync with `gfxsim doc config`."""
import re

import pytest
import yaml

from conftest import SOURCE_DIR, TRACES, check_ok, frame_files


def test_help_names_the_options(gfxsim):
    p = check_ok(gfxsim("--help"))
    for option in ("--config", "--set", "--out", "--mode", "--quiet"):
        assert option in p.stdout, f"--help does not mention {option}"
    assert p.stdout.startswith("usage: gfxsim")
    assert p.stderr == ""


def test_short_help_is_the_same(gfxsim):
    assert check_ok(gfxsim("-h")).stdout == check_ok(gfxsim("--help")).stdout


def test_version(gfxsim):
    p = check_ok(gfxsim("--version"))
    assert re.fullmatch(r"gfxsim \d+\.\d+\.\d+ \(([0-9a-f]+|unknown)\)\n", p.stdout), p.stdout


@pytest.mark.parametrize("args", [
    ["--no-such-option"],
    ["traces/triangle.yaml", "--frobnicate"],
    [],                                               # no trace
    ["a.yaml", "b.yaml"],                             # two traces
    ["traces/triangle.yaml", "--mode", "fast"],
    ["traces/triangle.yaml", "--out"],                # option without its value
    ["doc", "stats"],
])
def test_usage_errors_exit_2(gfxsim, tmp_path, args):
    p = gfxsim(*args, cwd=tmp_path)
    assert p.returncode == 2, p.stderr
    assert p.stderr.startswith("gfxsim: ")
    assert "usage: gfxsim" in p.stderr
    assert p.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_run_word_default_folder_and_summary(gfxsim, tmp_path):
    # `run` is optional, the default folder is results/<trace stem> under the working
    # folder, and without --quiet one summary line goes to stdout.
    p = check_ok(gfxsim("run", TRACES / "triangle.yaml", "-m", "functional", cwd=tmp_path))
    out = tmp_path / "results" / "triangle"
    assert [f.name for f in frame_files(out)] == ["frame_0000.png"]
    assert p.stdout.startswith("results/triangle: 1 frames, 1 draws") and p.stdout.count("\n") == 1
    q = check_ok(gfxsim(TRACES / "triangle.yaml", "-m", "functional", "-o", tmp_path / "q", "--quiet"))
    assert q.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["q", "results"]


def test_config_command_prints_the_resolved_config(gfxsim):
    small = yaml.safe_load(check_ok(gfxsim("config", "-c", "small", "-s", "rop.latency=7")).stdout)
    assert small["name"] == "small"
    assert small["shader"]["cores"] == 2 and small["rop"]["latency"] == 7
    assert small["memory"]["dram"]["channels"] == 2
    baseline = yaml.safe_load(check_ok(gfxsim("config")).stdout)
    assert baseline["name"] == "baseline"


def test_doc_config_matches_docs_file(gfxsim):
    p = check_ok(gfxsim("doc", "config"))
    assert p.stdout.startswith("#")
    assert "quads_per_cycle" in p.stdout and "channels" in p.stdout
    reference = SOURCE_DIR / "docs" / "config-reference.md"
    assert reference.is_file(), "docs/config-reference.md is missing: gfxsim doc config > docs/config-reference.md"
    assert reference.read_text(encoding="utf-8") == p.stdout, (
        "docs/config-reference.md is out of date: regenerate it with "
        "gfxsim doc config > docs/config-reference.md")
