"""Running simulations and reading what they wrote.

SystemC elaborates once per process, so run() starts a child Python process
(gfxsim._child) per simulation, passes it the run's options in a JSON file and reads the
results folder it wrote. The child is a plain subprocess rather than multiprocessing, so
run() also works inside daemonic processes such as Dask workers.

The child runs in a session (and process group) of its own, so a Ctrl-C at the terminal,
which goes to the whole foreground process group, reaches only the caller: the caller
decides what becomes of its runs (a sweep stops them with stop_runs() and records none).
The child also dies with the thread that started it (see _child.py), so a caller killed
outright leaves no simulation running.
"""
import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

import yaml

from . import _core
from ._core import Error

_PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# How long a child stopped with SIGTERM (a Ctrl-C of the caller) has to clean up before SIGKILL.
STOP_GRACE_S = 5.0


class Interrupted(BaseException):
    """run() was stopped by stop_runs(): its child was ended before it reported a result, so
    the run has no outcome to record. A BaseException, like KeyboardInterrupt, so that code
    recording every Exception as a failed run lets it through."""


# The running children of this process, for stop_runs() and kill_runs(). A child is added
# under the lock in the same step that starts it, so stop_runs() either sees it or makes
# run() refuse to start it.
_lock = threading.Lock()
_children = set()  # of _Child
_stopping = False


class _Child:
    """A running child: its Popen, a pidfd to signal it by (never another process that got
    its pid after it was waited for, as a plain kill() could from another thread) and
    whether stop_runs() signalled it."""

    def __init__(self, proc):
        self.proc, self.stopped = proc, False
        try:
            self.pidfd = os.pidfd_open(proc.pid)  # not waited for yet: only run() waits
        except (AttributeError, OSError):  # Linux before 5.3, other systems
            self.pidfd = None

    def signal(self, sig):
        try:
            if self.pidfd is not None:
                signal.pidfd_send_signal(self.pidfd, sig)
            elif self.proc.returncode is None:
                os.kill(self.proc.pid, sig)
        except ProcessLookupError:  # exited already
            pass

    def close(self):
        if self.pidfd is not None:
            os.close(self.pidfd)
            self.pidfd = None


def config_path(config):
    """A preset name or file as the command line resolves it ('' = built-in defaults)."""
    if config is None or config == "":
        return ""
    config = os.fspath(config)
    if "/" in config or config.endswith(".yaml"):
        return config
    if os.path.exists(config + ".yaml"):
        return config + ".yaml"
    return os.path.join(_core.default_config_dir(), config + ".yaml")


def _override_text(key, value):
    if isinstance(value, bool):
        value = "true" if value else "false"
    elif isinstance(value, (list, tuple)):
        value = "[" + ", ".join(_override_text("", v)[1:] for v in value) + "]"
    return "%s=%s" % (key, value)


def _overrides(overrides):
    if not overrides:
        return []
    if isinstance(overrides, dict):
        return [_override_text(k, v) for k, v in overrides.items()]
    return [str(o) for o in overrides]


def _materialize_config(config, folder):
    """A config argument as a path: dicts are written to a YAML file in `folder`."""
    if isinstance(config, dict):
        # `include: small` names a preset: the config loader's own rule finds small.yaml.
        path = os.path.join(folder, "config.yaml")
        with open(path, "w") as f:
            yaml.safe_dump(config, f, sort_keys=False)
        return path
    return config_path(config)


def load_config(config="baseline", overrides=None):
    """The resolved configuration (every key with the value a run would use) as a dict."""
    with tempfile.TemporaryDirectory(prefix="gfxsim-config-") as tmp:
        text = _core.resolved_config_yaml(_materialize_config(config, tmp), _overrides(overrides),
                                          [_core.default_config_dir()])
    data = yaml.safe_load(text)
    data.pop("gfxsim", None)  # provenance (version, revision), not configuration
    return data


def read_stats(results_dir):
    """The stats.json of a results folder as a dict."""
    with open(os.path.join(os.fspath(results_dir), "stats.json")) as f:
        return json.load(f)


def read_draws(results_dir):
    """The draws.csv of a results folder as a list of dicts (numbers as int where whole)."""
    rows = []
    with open(os.path.join(os.fspath(results_dir), "draws.csv"), newline="") as f:
        for row in csv.DictReader(f):
            rows.append({k: (int(v) if v.isdigit() else v) for k, v in row.items()})
    return rows


def run(trace, config="baseline", overrides=None, mode="timing", out=None, timeout=None, force=False):
    """Runs `trace` (a path or a Trace) on `config` (a preset name, a path or a dict) with
    `overrides` ({"key.path": value} or ["key.path=value"]) and returns the stats dict,
    the same stats.json the command line writes. With `out`, the results folder (frames,
    stats.json, draws.csv, ...) is kept there: an existing results folder is replaced, any
    other existing path refused unless `force` (the command line's --force: add the results
    into that folder, keeping its other files). Raises gfxsim.Error for bad input or a
    failed run (nothing is written then)."""
    if mode not in ("timing", "functional"):
        raise Error("mode must be 'timing' or 'functional', not '%s'" % mode)
    tmp = tempfile.mkdtemp(prefix="gfxsim-run-")
    try:
        if hasattr(trace, "save") and hasattr(trace, "commands"):
            trace = trace.save(os.path.join(tmp, "trace.gfxt"))
        results = os.fspath(out) if out is not None else os.path.join(tmp, "results")
        request = {"trace": os.fspath(trace), "config": _materialize_config(config, tmp),
                   "overrides": _overrides(overrides), "config_dirs": [_core.default_config_dir()],
                   "out": results, "mode": mode, "force": bool(force)}
        req_path, res_path = os.path.join(tmp, "request.json"), os.path.join(tmp, "result.json")
        with open(req_path, "w") as f:
            json.dump(request, f)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([_PACKAGE_PARENT] + [p for p in [env.get("PYTHONPATH")] if p])
        env["SYSTEMC_DISABLE_COPYRIGHT_MESSAGE"] = "1"
        # The child gets this process's pid to check its parent against (see _child.py).
        argv = [sys.executable, "-m", "gfxsim._child", req_path, res_path, str(os.getpid())]
        with _lock:
            if _stopping:
                raise Interrupted("%s: not started, the runs are being stopped" % request["trace"])
            proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                    text=True, start_new_session=True)
            child = _Child(proc)
            _children.add(child)
        try:
            try:
                _, stderr = proc.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                child.signal(signal.SIGKILL)
                proc.communicate()
                raise Error("%s: the run did not finish within %s s" % (request["trace"], timeout))
        finally:
            if proc.returncode is None:  # left by an exception (a KeyboardInterrupt in this thread)
                child.signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=STOP_GRACE_S)
                except subprocess.TimeoutExpired:
                    child.signal(signal.SIGKILL)
                    proc.wait()
            with _lock:
                _children.discard(child)
                child.close()
            stopped = child.stopped
        result = None
        if os.path.exists(res_path):
            with open(res_path) as f:
                result = json.load(f)
        if stopped and not (result and result["ok"]):
            # Whatever the child said after a SIGTERM (died, or failed with an 'interrupted'
            # error) is not the outcome of the run.
            raise Interrupted("%s: stopped" % request["trace"])
        if result is None:
            raise Error("%s: the simulation process died (exit status %d): %s"
                        % (request["trace"], proc.returncode, stderr.strip()[-2000:]))
        if not result["ok"]:
            raise Error(result["error"])
        return read_stats(results)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def stop_runs():
    """Stops every run() of this process: their children get SIGTERM (kill_runs() is the
    SIGKILL for those that outlive a grace period) and each of those run() calls raises
    Interrupted unless its child had already reported success; a run() started from now on
    raises Interrupted at once, until allow_runs(). Returns how many children were signalled.
    Called from any thread; it only signals, the threads in run() do the waiting."""
    global _stopping
    with _lock:
        _stopping = True
        for child in _children:
            child.stopped = True
            child.signal(signal.SIGTERM)
        return len(_children)


def kill_runs():
    """SIGKILL for every child still running (after stop_runs() and a grace period)."""
    with _lock:
        for child in _children:
            child.stopped = True
            child.signal(signal.SIGKILL)


def allow_runs():
    """Lets run() start children again after stop_runs()."""
    global _stopping
    with _lock:
        _stopping = False
