"""The gfxsim module runs a bundled trace and returns the same stats as the command line;
configs and stats read back; bad input is a gfxsim.Error naming the problem."""
import json

import pytest

import gfxsim
from conftest import TRACES, run_cli, without_host_fields

TRIANGLE = str(TRACES / "triangle.yaml")


@pytest.mark.parametrize("mode", ["timing", "functional"])
def test_run_returns_the_stats_the_command_line_writes(tmp_path, mode):
    run_cli(TRIANGLE, "-c", "small", "-s", "rop.quads_per_cycle=1", "-m", mode, "-o", tmp_path / "cli", "--quiet")
    with open(tmp_path / "cli" / "stats.json") as f:
        cli = json.load(f)
    py = gfxsim.run(TRIANGLE, config="small", overrides={"rop.quads_per_cycle": 1}, mode=mode,
                    out=tmp_path / "py")
    assert without_host_fields(py) == without_host_fields(cli)
    assert py == gfxsim.read_stats(tmp_path / "py")
    assert (tmp_path / "py" / "frames" / "frame_0000.png").read_bytes() == \
        (tmp_path / "cli" / "frames" / "frame_0000.png").read_bytes()
    if mode == "timing":
        assert py["run"]["cycles"] > 0


def test_config_as_a_dict_and_as_a_path_match_the_preset(tmp_path):
    by_name = gfxsim.run(TRIANGLE, config="small")
    by_dict = gfxsim.run(TRIANGLE, config={"include": "small", "rop": {"quads_per_cycle": 2}})
    by_path = gfxsim.run(TRIANGLE, config=gfxsim.config_path("small"), overrides=["rop.quads_per_cycle=2"],
                         out=tmp_path / "p")
    # The same resolved config reached two ways: the same run and the same config hash; only
    # the recorded overrides differ.
    assert by_path["run"].pop("overrides") == ["rop.quads_per_cycle=2"]
    assert by_dict["run"].pop("overrides") == []
    assert without_host_fields(by_dict) == without_host_fields(by_path)
    assert by_dict["run"]["config_sha256"] == by_path["run"]["config_sha256"]
    assert by_name["run"]["config"] == "small"
    draws = gfxsim.read_draws(tmp_path / "p")
    assert [(d["draw"], d["topology"], d["primitives"]) for d in draws] == [(0, "triangle_list", 1)]
    assert draws[0]["cycles"] == draws[0]["end_cycle"] - draws[0]["start_cycle"] > 0


def test_load_config_resolves_presets_and_overrides():
    small = gfxsim.load_config("small")
    assert small["name"] == "small"
    assert small["rop"]["quads_per_cycle"] == 2
    changed = gfxsim.load_config("small", {"rop.quads_per_cycle": 4})
    assert changed["rop"]["quads_per_cycle"] == 4
    assert "gfxsim" not in changed


def test_a_bad_override_is_an_error_naming_the_key():
    with pytest.raises(gfxsim.Error, match="rop.no_such_key"):
        gfxsim.run(TRIANGLE, config="small", overrides={"rop.no_such_key": 1})
    with pytest.raises(gfxsim.Error, match="no_such_key"):
        gfxsim.load_config("small", {"rop.no_such_key": 1})


def test_a_missing_trace_is_an_error_naming_it(tmp_path):
    with pytest.raises(gfxsim.Error, match="nope.gfxt"):
        gfxsim.run(tmp_path / "nope.gfxt", config="small", out=tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_run_refuses_a_folder_it_did_not_make_unless_forced(tmp_path):
    keep = tmp_path / "keep"
    keep.mkdir()
    (keep / "thesis.txt").write_text("mine")
    with pytest.raises(gfxsim.Error, match="thesis.txt.*--force"):
        gfxsim.run(TRIANGLE, config="small", out=keep)
    assert sorted(p.name for p in keep.iterdir()) == ["thesis.txt"]
    gfxsim.run(TRIANGLE, config="small", out=keep, force=True)
    assert (keep / "thesis.txt").read_text() == "mine" and (keep / "stats.json").is_file()
