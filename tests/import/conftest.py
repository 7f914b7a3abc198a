"""Fixtures of the importer tests: where the ATTILA captures are, and running
gfxsim-import and gfxsim. The PNG decoder is the end-to-end tests' (tests/e2e/conftest.py),
loaded under another module name so the two conftest files do not clash.

The captures are never copied into the repository: they are read from
$GFXSIM_WORKLOADS/attila, or else ../shared/workloads/attila beside the source tree, and
the tests that need them skip when that folder is absent.
"""
import importlib.util
import os
import subprocess
from pathlib import Path

import pytest

_E2E = Path(__file__).resolve().parents[1] / "e2e" / "conftest.py"
_spec = importlib.util.spec_from_file_location("e2e_conftest", _E2E)
e2e = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(e2e)
read_png = e2e.read_png

RUN_TIMEOUT_S = 600


def attila_dir():
    if os.environ.get("GFXSIM_WORKLOADS"):
        return Path(os.environ["GFXSIM_WORKLOADS"]) / "attila"
    return Path(__file__).resolve().parents[2].parent / "shared" / "workloads" / "attila"


def capture(name, api="ogl"):
    """(capture file, start frame, frames) of <api>/<name> from ATTILA's regression_list;
    skips the test when the shared captures are absent."""
    folder = attila_dir()
    if not (folder / "regression_list").is_file():
        pytest.skip(f"ATTILA captures not found in {folder} (set GFXSIM_WORKLOADS)")
    for line in (folder / "regression_list").read_text().splitlines():
        fields = [f.strip() for f in line.split(",")]
        if len(fields) >= 5 and fields[0] == f"{api}/{name}":
            return folder / fields[0] / fields[2], int(fields[4]), int(fields[3])
    pytest.fail(f"{api}/{name} is not in {folder / 'regression_list'}")


def _tool(env_name, exe):
    path = os.environ.get(env_name) or str(e2e.SOURCE_DIR / "build" / exe)
    if not os.access(path, os.X_OK):
        pytest.fail(f"{exe} not found at {path}; set {env_name}", pytrace=False)
    return path


def run(*args):
    proc = subprocess.run([str(a) for a in args], capture_output=True, text=True,
                          timeout=RUN_TIMEOUT_S)
    assert proc.returncode == 0, f"{args[0]} exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.fixture(scope="session")
def import_and_render(tmp_path_factory):
    """import_and_render(name, *gfxsim_options, api="ogl") -> results folder of gfxsim on
    the imported <api>/<name> capture (ATTILA's start frame and frame count); d3d captures
    import with `gfxsim-import pix`, ogl ones with `gfxsim-import gli`."""
    importer = _tool("GFXSIM_IMPORT", "gfxsim-import")
    gfxsim = _tool("GFXSIM", "gfxsim")

    def go(name, *options, api="ogl"):
        path, start, frames = capture(name, api)
        out = tmp_path_factory.mktemp(name)
        trace = out / f"{name}.gfxt"
        fmt = "pix" if api == "d3d" else "gli"
        run(importer, fmt, path, "-o", trace, "--start-frame", start, "--frames", frames)
        results = out / "results"
        run(gfxsim, trace, "-o", results, "--quiet", *options)
        return results
    return go
