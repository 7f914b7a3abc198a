"""Running simulations and reading what they wrote.

SystemC elaborates once per process, so run() starts a child Python process
(gfxsim._child) per simulation, passes it the run's options in a JSON file and reads the
results folder it wrote. The child is a plain subprocess rather than multiprocessing, so
run() also works inside daemonic processes such as Dask workers.
"""
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile

import yaml

from . import _core
from ._core import Error

_PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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


def run(trace, config="baseline", overrides=None, mode="timing", out=None, timeout=None):
    """Runs `trace` (a path or a Trace) on `config` (a preset name, a path or a dict) with
    `overrides` ({"key.path": value} or ["key.path=value"]) and returns the stats dict,
    the same stats.json the command line writes. With `out`, the results folder (frames,
    stats.json, draws.csv, ...) is kept there. Raises gfxsim.Error for bad input or a
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
                   "out": results, "mode": mode}
        req_path, res_path = os.path.join(tmp, "request.json"), os.path.join(tmp, "result.json")
        with open(req_path, "w") as f:
            json.dump(request, f)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([_PACKAGE_PARENT] + [p for p in [env.get("PYTHONPATH")] if p])
        env["SYSTEMC_DISABLE_COPYRIGHT_MESSAGE"] = "1"
        try:
            done = subprocess.run([sys.executable, "-m", "gfxsim._child", req_path, res_path], env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            raise Error("%s: the run did not finish within %s s" % (request["trace"], timeout))
        if not os.path.exists(res_path):
            raise Error("%s: the simulation process died (exit status %d): %s"
                        % (request["trace"], done.returncode, done.stderr.strip()[-2000:]))
        with open(res_path) as f:
            result = json.load(f)
        if not result["ok"]:
            raise Error(result["error"])
        return read_stats(results)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
