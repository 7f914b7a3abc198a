"""Bad input on the command line: each case must fail with one line on stderr that names the
file and the place, exit 1 (bad input) or 2 (usage), write nothing (no results folder, no
hidden partial folder beside it), and leave an existing results folder as it was.
"""
import shutil

import pytest

from conftest import TRACES, check_ok

SCENE = TRACES / "scene640.gfxt"
TRIANGLE = TRACES / "triangle.yaml"


def cut_trace(tmp_path, keep):
    """scene640.gfxt cut to `keep(size)` bytes."""
    data = SCENE.read_bytes()
    path = tmp_path / "cut.gfxt"
    path.write_bytes(data[:keep(len(data))])
    return path


def edited_triangle(tmp_path, old, new, name="bad.yaml"):
    text = TRIANGLE.read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return path


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


# Each case: (id, builder(tmp_path) -> (args before -o, [texts stderr must contain])).
CASES = [
    ("truncated-middle", lambda t: ([cut_trace(t, lambda n: n // 2)],
                                    ["cut.gfxt: command ", " at byte ", "truncated"])),
    # Cut in the gzip trailer: every frame has been rendered when the cut is found.
    ("truncated-trailer", lambda t: ([cut_trace(t, lambda n: n - 4)],
                                     ["cut.gfxt: END record at byte ", "truncated"])),
    ("truncated-trailer-functional", lambda t: ([cut_trace(t, lambda n: n - 4), "-m", "functional"],
                                                ["cut.gfxt: END record at byte ", "truncated"])),
    ("truncated-magic", lambda t: ([cut_trace(t, lambda n: 5)], ["cut.gfxt: truncated at byte 5"])),
    ("yaml-wrong-type", lambda t: ([edited_triangle(t, "width: 320", "width: abc")],
                                   ["bad.yaml:3:8: ", "'width'", "abc"])),
    ("yaml-wrong-field-type", lambda t: (
        [edited_triangle(t, "primitive_count: 1}", "primitive_count: one}")],
        ["bad.yaml:30:81: ", "command 10 (draw_primitive)", "'primitive_count'", "one"])),
    ("draw-without-vertex-buffer", lambda t: (
        [edited_triangle(t, "  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 16}\n", "")],
        ["bad.yaml:", "draw_primitive", "stream 0"])),
    ("config-unknown-key", lambda t: (
        [TRIANGLE, "-c", write(t, "typo.yaml", "include: baseline.yaml\nrop:\n  latency: 2\n  quads_per_cyle: 8\n")],
        ["typo.yaml:4:3: ", "rop.quads_per_cyle", "unknown key"])),
    ("config-bad-value", lambda t: (
        [TRIANGLE, "-c", write(t, "neg.yaml", "include: baseline.yaml\nmemory:\n  dram:\n    channels: -2\n")],
        ["neg.yaml:4:15: ", "memory.dram.channels"])),
    ("set-bad-value", lambda t: ([TRIANGLE, "-s", "rop.quads_per_cycle=zero"],
                                 ["--set #1", "rop.quads_per_cycle", "zero"])),
    ("set-second-bad-value", lambda t: ([TRIANGLE, "-s", "rop.quads_per_cycle=8", "-s", "raster.quads_per_cycle=0"],
                                        ["--set #2", "raster.quads_per_cycle"])),
    ("set-unknown-key", lambda t: ([TRIANGLE, "-s", "rop.quads_per_cyle=8"],
                                   ["--set #1", "rop.quads_per_cyle", "unknown key"])),
    ("missing-trace", lambda t: ([t / "nosuch.gfxt"], ["nosuch.gfxt", "cannot open"])),
    ("missing-config", lambda t: ([TRIANGLE, "-c", t / "nosuch.yaml"], ["nosuch.yaml", "cannot open"])),
    ("missing-preset", lambda t: ([TRIANGLE, "-c", "nosuch-preset"], ["nosuch-preset", "cannot open"])),
]


def only_inputs(folder, inputs_before):
    """Names in `folder` other than the inputs a case wrote there."""
    return sorted(p.name for p in folder.iterdir() if p.name not in inputs_before)


@pytest.mark.parametrize("case", [c[1] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_fails_cleanly(gfxsim, tmp_path, case):
    args, expected = case(tmp_path)
    before = {p.name for p in tmp_path.iterdir()}
    p = gfxsim(*args, "-o", tmp_path / "out")
    assert p.returncode == 1, f"exit {p.returncode}, stderr: {p.stderr}"
    assert p.stderr.startswith("gfxsim: ") and p.stderr.endswith("\n")
    assert p.stderr.count("\n") == 1, f"expected one line on stderr, got:\n{p.stderr}"
    for text in expected:
        assert text in p.stderr, f"{text!r} not in: {p.stderr}"
    assert p.stdout == ""
    assert only_inputs(tmp_path, before) == [], "a failed run left files behind"


@pytest.mark.parametrize("args", [
    ["-s", "rop.quads_per_cycle"],      # no '='
    ["-s", "=8"],                       # no key
    ["-m", "fast"],
], ids=["set-no-equals", "set-no-key", "bad-mode"])
def test_malformed_options_are_usage_errors(gfxsim, tmp_path, args):
    p = gfxsim(TRIANGLE, *args, "-o", tmp_path / "out")
    assert p.returncode == 2, p.stderr
    first = p.stderr.splitlines()[0]
    assert first.startswith("gfxsim: ")
    if args[0] == "-s":
        assert "--set #1" in first
    assert list(tmp_path.iterdir()) == []


def snapshot(folder):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("failure", ["truncated-trailer", "config-unknown-key", "set-bad-value",
                                     "missing-trace"])
def test_failed_run_keeps_existing_results(gfxsim, tmp_path, failure):
    out = tmp_path / "out"
    check_ok(gfxsim(TRIANGLE, "-c", "small", "-o", out, "--quiet"))
    kept = snapshot(out)
    assert {"config.yaml", "draws.csv", "stats.json", "frames/frame_0000.png"} <= set(kept)

    args, _ = dict(CASES)[failure](tmp_path)
    before = {p.name for p in tmp_path.iterdir()}
    p = gfxsim(*args, "-o", out)
    assert p.returncode == 1, p.stderr
    assert snapshot(out) == kept, "the failed run changed the existing results folder"
    assert only_inputs(tmp_path, before) == []


def test_successful_run_replaces_existing_results(gfxsim, tmp_path):
    # The other side of the same mechanism: a good run into an old folder leaves only its own files.
    out = tmp_path / "out"
    check_ok(gfxsim(SCENE, "-m", "functional", "-o", out, "--quiet"))
    assert len(list((out / "frames").iterdir())) == 4
    check_ok(gfxsim(TRIANGLE, "-m", "functional", "-o", out, "--quiet"))
    assert sorted(p.name for p in (out / "frames").iterdir()) == ["frame_0000.png"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    shutil.rmtree(out)
