"""The command line's own surface: --help, --version, usage errors, and the config
reference in docs/ kept in sync with `gfxsim doc config`."""
import json
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


def test_options_take_their_value_after_an_equals_sign(gfxsim):
    p = check_ok(gfxsim("config", "--config=small", "--set=rop.latency=7", "-s", "rop.quads_per_cycle=2"))
    small = yaml.safe_load(p.stdout)
    assert small["name"] == "small" and small["rop"]["latency"] == 7 and small["rop"]["quads_per_cycle"] == 2


def test_an_unknown_preset_lists_the_presets(gfxsim, tmp_path):
    p = gfxsim(TRACES / "triangle.yaml", "-c", "nosuch", "-o", tmp_path / "out", cwd=tmp_path)
    assert p.returncode == 1
    presets = sorted(f.stem for f in (SOURCE_DIR / "configs").glob("*.yaml"))
    assert "baseline" in presets and "attila-like" in presets
    assert p.stderr == ("gfxsim: --config nosuch: no such preset (presets in %s: %s), and no file "
                        "nosuch.yaml in the working folder; cannot open %s\n"
                        % (SOURCE_DIR / "configs", ", ".join(presets), SOURCE_DIR / "configs" / "nosuch.yaml"))
    assert list(tmp_path.iterdir()) == []


def test_option_abbreviations_and_options_of_other_commands_are_usage_errors(gfxsim, tmp_path):
    for args, message in ((["config", "--con=small"], "unrecognised option '--con=small'"),
                          ([TRACES / "triangle.yaml", "--top", "3"], "--top is an option of 'compare' only"),
                          (["compare", "a", "b", "--force"], "--force is an option of 'run' only"),
                          (["compare", "a"], "'compare' takes two results folders: RUN_A RUN_B"),
                          (["compare", "a", "b", "--top", "0"], "--top must be a positive count, not 0")):
        p = gfxsim(*args, cwd=tmp_path)
        assert p.returncode == 2, (args, p.stderr)
        assert p.stderr.startswith("gfxsim: %s\nusage: gfxsim" % message), p.stderr


def test_stats_json_records_the_provenance(gfxsim, tmp_path):
    import hashlib
    from conftest import load_stats
    trace = TRACES / "triangle.yaml"
    small = yaml.safe_load((SOURCE_DIR / "configs" / "small.yaml").read_text())
    latency = small.get("rop", {}).get("latency")
    if latency is None:
        latency = yaml.safe_load(check_ok(gfxsim("config", "-c", "small")).stdout)["rop"]["latency"]
    check_ok(gfxsim(trace, "-c", "small", "-m", "functional", "-o", tmp_path / "a", "--quiet"))
    check_ok(gfxsim(trace, "-c", "small", "--set", "rop.latency=%d" % latency, "-s", "rop.latency=%d" % latency,
                    "-m", "functional", "-o", tmp_path / "b", "--quiet"))
    a, b = load_stats(tmp_path / "a"), load_stats(tmp_path / "b")
    assert a["gfxsim"]["stats_schema"] == b["gfxsim"]["stats_schema"] == 2
    assert a["run"]["overrides"] == []
    assert b["run"]["overrides"] == ["rop.latency=%d" % latency] * 2
    assert a["run"]["trace_sha256"] == hashlib.sha256(trace.read_bytes()).hexdigest()
    # the same resolved values, whichever way they were reached, hash the same
    assert a["run"]["config_sha256"] == b["run"]["config_sha256"]
    assert len(a["run"]["config_sha256"]) == 64
    config = (tmp_path / "b" / "config.yaml").read_text()
    assert '  overrides: "rop.latency=%d; rop.latency=%d"\n' % (latency, latency) in config
    check_ok(gfxsim(trace, "-c", "small", "-s", "rop.latency=%d" % (latency + 1), "-m", "functional",
                    "-o", tmp_path / "c", "--quiet"))
    assert load_stats(tmp_path / "c")["run"]["config_sha256"] != a["run"]["config_sha256"]


def test_compare_prints_config_and_stat_differences(gfxsim, tmp_path):
    trace = TRACES / "triangle.yaml"
    check_ok(gfxsim(trace, "-c", "small", "-o", tmp_path / "a", "--quiet"))
    check_ok(gfxsim(trace, "-c", "small", "--set=rop.latency=40", "-o", tmp_path / "b", "--quiet"))
    from conftest import load_stats
    ca, cb = (load_stats(tmp_path / r)["run"]["cycles"] for r in "ab")
    assert cb > ca
    p = check_ok(gfxsim("compare", tmp_path / "a", tmp_path / "b"))
    lines = p.stdout.splitlines()
    assert lines[0].startswith("A: %s  (config small, trace %s, timing)" % (tmp_path / "a", trace))
    assert lines[1].endswith(", timing, --set rop.latency=40)")
    assert lines[2].startswith("trace: identical (sha256 ")
    latency = yaml.safe_load(check_ok(gfxsim("config", "-c", "small")).stdout)["rop"]["latency"]
    assert "config: 1 key(s) differ" in lines and "  rop.latency  %d -> 40" % latency in lines
    row = next(l for l in lines if l.startswith("  run.cycles "))
    assert row.split()[1:4] == [str(ca), str(cb), "+%d" % (cb - ca)]
    assert row.split()[4] == "%+.1f%%" % ((cb - ca) * 100.0 / ca)
    assert "wall_seconds" not in p.stdout
    j = json.loads(check_ok(gfxsim("compare", tmp_path / "a", tmp_path / "b", "--json", "--host")).stdout)
    assert j["config"] == [{"key": "rop.latency", "a": str(latency), "b": "40"}]
    rows = {s["path"]: s for s in j["stats"]}
    assert rows["run.cycles"]["delta"] == cb - ca and "run.wall_seconds" in rows
    percents = [abs(s["percent"]) if isinstance(s["percent"], float) else float("inf") for s in j["stats"]]
    assert percents == sorted(percents, reverse=True)
    same = check_ok(gfxsim("compare", tmp_path / "a", tmp_path / "a"))
    assert "config: identical" in same.stdout and "stats: 0 of " in same.stdout
    missing = gfxsim("compare", tmp_path / "a", tmp_path / "nope")
    assert missing.returncode == 1 and missing.stderr == "gfxsim: %s: no such results folder\n" % (tmp_path / "nope")
