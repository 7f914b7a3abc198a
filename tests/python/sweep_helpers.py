"""Helpers of the sweep tests (test_sweep_safety.py, test_sweep_signals.py): a small spec,
the sweep command, its table and point records, and watching its running points."""
import csv
import json
import time

import yaml

from conftest import PYTHON, SCRIPTS, TRACES, TIMEOUT_S
from reaper import children_of

TRIANGLE = str(TRACES / "triangle.yaml")
# About 1.5 s of simulation: a point that is still running when a test stops the sweep.
FILLRATE = str(TRACES / "fillrate.gfxt")


def write_spec(folder, traces, values, name="spec.yaml"):
    spec = {"config": "small", "parameters": {"rop.quads_per_cycle": values}, "traces": traces,
            "output": "out", "stats": ["run.cycles", "run.draws"], "plots": False}
    path = folder / name
    path.write_text(yaml.safe_dump(spec, sort_keys=False))
    return path


def sweep_cmd(spec, *args):
    return [PYTHON, str(SCRIPTS / "sweep.py"), str(spec), "--quiet", *map(str, args)]


def rows(folder):
    with open(folder / "out" / "results.csv", newline="") as f:
        return list(csv.DictReader(f))


def record(point_folder):
    path = point_folder / "point.json"
    return json.loads(path.read_text()) if path.exists() else None


def wait_for(condition, proc, what):
    deadline = time.monotonic() + TIMEOUT_S
    while not condition():
        assert proc.poll() is None, "the sweep ended before %s" % what
        assert time.monotonic() < deadline, "no %s within %d s" % (what, TIMEOUT_S)
        time.sleep(0.01)


def partials(points):
    """The hidden partial results folders of running simulations, point folder by folder."""
    if not points.exists():
        return []
    return sorted("%s/%s" % (p.name, e.name) for p in points.iterdir() for e in p.iterdir()
                  if e.name.startswith("."))


def simulations_of(pid):
    """The gfxsim._child processes among a process's children: {pid: command line}."""
    return {c: cmd for c, cmd in children_of(pid).items() if "gfxsim._child" in cmd}


def alive(pid, cmd):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip() == cmd
    except OSError:
        return False


