"""The command line's own surface: --help, --version, usage errors, and the config
reference in docs/ kept in sync with `gfxsim doc config`."""
import re

import pytest

from conftest import SOURCE_DIR, check_ok


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


def test_doc_config_matches_docs_file(gfxsim):
    p = check_ok(gfxsim("doc", "config"))
    assert p.stdout.startswith("#")
    assert "quads_per_cycle" in p.stdout and "channels" in p.stdout
    reference = SOURCE_DIR / "docs" / "config-reference.md"
    assert reference.is_file(), "docs/config-reference.md is missing: gfxsim doc config > docs/config-reference.md"
    assert reference.read_text(encoding="utf-8") == p.stdout, (
        "docs/config-reference.md is out of date: regenerate it with "
        "gfxsim doc config > docs/config-reference.md")
