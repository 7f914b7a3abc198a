"""The README's two commands: both are written there exactly, and the main one (the
bootstrap script without --test) leaves a complete results folder. The test command
itself is what CI runs (.ci/run), so it is exercised by every CI run.

The script is run on the build folder that holds the gfxsim under test, with OUT_DIR in a
temporary folder: its package check finds everything installed, CMake and the build have
nothing to redo, and the main job runs exactly as the README says."""
import os
import subprocess
from pathlib import Path

from conftest import GOLDEN_DIR, SOURCE_DIR, read_png

README_COMMANDS = ["scripts/bootstrap.sh", "scripts/bootstrap.sh --test"]


def test_readme_gives_exactly_the_two_commands():
    text = (SOURCE_DIR / "README.md").read_text()
    lines = [line.split("#")[0].strip() for line in text.splitlines()]
    for command in README_COMMANDS:
        assert command in lines, f"README.md does not give `{command}` on a line of its own"
    ci = (SOURCE_DIR / ".ci" / "run").read_text()
    assert "scripts/bootstrap.sh --test" in ci, ".ci/run must call the README's test command"


def test_main_command_leaves_a_results_folder(gfxsim_exe, tmp_path):
    out = tmp_path / "scene640"
    env = dict(os.environ, BUILD_DIR=str(Path(gfxsim_exe).parent), OUT_DIR=str(out), JOBS="2")
    done = subprocess.run(["scripts/bootstrap.sh"], cwd=SOURCE_DIR, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:]
    frames = sorted(p.name for p in (out / "frames").iterdir())
    assert frames == [f"frame_{i:04d}.png" for i in range(4)]
    for name in ("stats.json", "frames.csv", "draws.csv", "config.yaml"):
        assert (out / name).is_file(), name
    golden = read_png(GOLDEN_DIR / "scene640_frame_0003.png")
    frame = read_png(out / "frames" / "frame_0003.png")
    assert (frame.width, frame.height, frame.rgb) == (golden.width, golden.height, golden.rgb)


def test_help_prints_the_usage_and_exits_0():
    done = subprocess.run(["scripts/bootstrap.sh", "--help"], cwd=SOURCE_DIR, text=True,
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("# gfxsim bootstrap:")
    assert "#   scripts/bootstrap.sh          install, build gfxsim only, run  -> results/scene640/" in lines
    assert any(line.startswith("#   scripts/bootstrap.sh --test") for line in lines)
    assert lines[-1].startswith("#              SANITIZE=0"), lines[-1]


def test_an_unknown_argument_is_refused_with_exit_2():
    done = subprocess.run(["scripts/bootstrap.sh", "--tests"], cwd=SOURCE_DIR, text=True,
                          capture_output=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == "bootstrap.sh: unknown argument '--tests' (use --test or nothing)\n"
