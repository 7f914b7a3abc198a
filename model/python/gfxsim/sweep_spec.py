"""Sweep specs: the YAML file that describes a parameter sweep, and the points it expands to.

    config: small                  # preset name, path or mapping (alias: base)
    parameters:                    # config key paths -> values
      rop.quads_per_cycle: [1, 2, 4]
      shader.cores: {start: 1, stop: 4, step: 1}   # inclusive range
    product: cross                 # cross (every combination) or zip (element-wise)
    traces: [traces/triangle.yaml] # relative to the spec file's folder, else to the cwd
    repetitions: 1
    output: sweep-out              # relative to the spec file's folder
    mode: timing                   # or functional
    stats: [run.cycles, run.frames]  # stats.json paths -> results.csv columns
    plots: [run.cycles]            # stats plotted against each parameter, per trace
    plot_options: {from_zero: true, log2_x: auto, heatmap: true}

Everything is checked before any point runs; unknown spec keys, bad ranges, parameter
names that are not config keys and stats paths that are not in stats.json are errors that
name them.
"""
import difflib
import itertools
import os
import tempfile

import yaml

from ._core import Error
from .runner import load_config, run

KEYS = {"config", "base", "parameters", "product", "traces", "repetitions", "output", "mode",
        "stats", "plots", "plot_options"}
PLOT_OPTIONS = {"from_zero": True, "log2_x": "auto", "heatmap": True}
DEFAULT_STATS = ["run.cycles", "run.frames", "run.draws"]  # functional runs have no cycles


def _expand_values(name, spec):
    if isinstance(spec, dict):
        unknown = sorted(set(spec) - {"start", "stop", "step"})
        if unknown or "start" not in spec or "stop" not in spec:
            raise Error("parameter '%s': a range needs start and stop (and may have step)%s"
                        % (name, ", not " + ", ".join(unknown) if unknown else ""))
        start, stop, step = spec["start"], spec["stop"], spec.get("step", 1)
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (start, stop, step)) \
                or step == 0 or (stop - start) * step < 0:
            raise Error("parameter '%s': range start %r, stop %r, step %r does not reach stop"
                        % (name, start, stop, step))
        values, i = [], 0
        while True:
            v = start + i * step
            if (step > 0 and v > stop + abs(step) * 1e-9) or (step < 0 and v < stop - abs(step) * 1e-9):
                break
            values.append(round(v, 12) if isinstance(v, float) else v)
            i += 1
        return values
    if isinstance(spec, list):
        if not spec:
            raise Error("parameter '%s': an empty list of values" % name)
        return spec
    return [spec]


def _flat_keys(tree, prefix=""):
    """The leaf key paths of a resolved config (groups are not parameters)."""
    keys = set()
    for k, v in tree.items():
        path = prefix + str(k)
        if isinstance(v, dict):
            keys |= _flat_keys(v, path + ".")
        else:
            keys.add(path)
    return keys


def load_spec(path, output=None):
    """Reads and checks a sweep spec; returns a dict with absolute paths and the points."""
    path = os.path.abspath(path)
    try:
        with open(path) as f:
            raw = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        raise Error("%s: cannot read the sweep spec: %s" % (path, e))
    if not isinstance(raw, dict):
        raise Error("%s: a sweep spec is a mapping of keys" % path)
    unknown = sorted(set(raw) - KEYS)
    if unknown:
        raise Error("%s: unknown key(s) %s (known: %s)" % (path, ", ".join(unknown), ", ".join(sorted(KEYS))))
    here = os.path.dirname(path)
    spec = {"file": path}
    config = raw.get("config", raw.get("base", "baseline"))
    if isinstance(config, str) and ("/" in config or config.endswith(".yaml")) and not os.path.isabs(config):
        config = os.path.join(here, config) if os.path.exists(os.path.join(here, config)) else config
    spec["config"] = config
    params = raw.get("parameters") or {}
    if not isinstance(params, dict):
        raise Error("%s: 'parameters' must map config keys to values" % path)
    spec["parameters"] = {str(k): _expand_values(k, v) for k, v in params.items()}
    spec["product"] = raw.get("product", "cross")
    if spec["product"] not in ("cross", "zip"):
        raise Error("%s: product must be cross or zip, not %r" % (path, spec["product"]))
    traces = raw.get("traces")
    if isinstance(traces, str):
        traces = [traces]
    if not traces:
        raise Error("%s: no traces given" % path)
    spec["traces"] = [str(t) for t in traces]
    spec["trace_paths"] = {}
    for t in spec["traces"]:
        p = t if os.path.isabs(t) else os.path.join(here, t)
        if not os.path.exists(p) and os.path.exists(t):
            p = os.path.abspath(t)
        if not os.path.exists(p):
            raise Error("%s: trace '%s' not found" % (path, t))
        spec["trace_paths"][t] = p
    reps = raw.get("repetitions", 1)
    if not isinstance(reps, int) or isinstance(reps, bool) or reps < 1:
        raise Error("%s: repetitions must be a positive integer, not %r" % (path, reps))
    spec["repetitions"] = reps
    out = output or raw.get("output")
    if not out:
        raise Error("%s: no output folder given" % path)
    spec["output"] = os.path.abspath(out if output else os.path.join(here, out))
    spec["mode"] = raw.get("mode", "timing")
    if spec["mode"] not in ("timing", "functional"):
        raise Error("%s: mode must be timing or functional, not %r" % (path, spec["mode"]))
    stats = raw.get("stats", DEFAULT_STATS if spec["mode"] == "timing" else DEFAULT_STATS[1:])
    spec["stats"] = [stats] if isinstance(stats, str) else list(stats)
    plots = raw.get("plots", spec["stats"][:1])
    spec["plots"] = [] if plots is False else ([plots] if isinstance(plots, str) else list(plots))
    # A plotted stat is a results.csv column too.
    spec["stats"] += [p for p in spec["plots"] if p not in spec["stats"]]
    spec["plot_options"] = _plot_options(path, raw.get("plot_options"))

    # Parameter names must be keys of the config; checked here, before any point runs.
    keys = _flat_keys(load_config(spec["config"]))
    bad = [p for p in spec["parameters"] if p not in keys]
    if bad:
        raise Error("%s: unknown parameter(s) %s: not keys of config %s" % (
            path, ", ".join("'%s'" % b for b in bad), spec["config"] if isinstance(spec["config"], str) else "(mapping)"))
    spec["points"] = expand_points(spec)
    check_stat_paths(spec)
    return spec


def _plot_options(path, raw):
    options = dict(PLOT_OPTIONS)
    if raw is None:
        return options
    if not isinstance(raw, dict):
        raise Error("%s: plot_options must be a mapping (%s)" % (path, ", ".join(sorted(PLOT_OPTIONS))))
    unknown = sorted(set(raw) - set(PLOT_OPTIONS))
    if unknown:
        raise Error("%s: unknown plot_options key(s) %s (known: %s)"
                    % (path, ", ".join(unknown), ", ".join(sorted(PLOT_OPTIONS))))
    for key in ("from_zero", "heatmap"):
        if key in raw and not isinstance(raw[key], bool):
            raise Error("%s: plot_options.%s must be true or false, not %r" % (path, key, raw[key]))
    if "log2_x" in raw and raw["log2_x"] not in (True, False, "auto"):
        raise Error("%s: plot_options.log2_x must be true, false or auto, not %r" % (path, raw["log2_x"]))
    options.update(raw)
    return options


def stat_paths(stats, prefix=""):
    """The paths a sweep's `stats` may name in a stats.json tree: every number or string,
    and every stat object (which stands for its value)."""
    paths = set()
    for k, v in stats.items():
        path = prefix + str(k)
        if isinstance(v, dict):
            if "value" in v:
                paths.add(path)
            paths |= stat_paths(v, path + ".")
        elif not isinstance(v, list):
            paths.add(path)
    return paths


def _probe_stats(config, overrides, mode):
    """stats.json of an empty trace run on `config`: it has every stat a real run has (the
    units register their stats whatever the trace holds), at a cost of a fraction of a second."""
    from .trace import Trace
    with tempfile.TemporaryDirectory(prefix="gfxsim-probe-") as tmp:
        trace = Trace(name="probe", width=8, height=8).save(os.path.join(tmp, "probe.gfxt"))
        return run(trace, config=config, overrides=overrides, mode=mode)


def check_stat_paths(spec):
    """Every `stats` path must be in stats.json. Checked on an empty trace run with the
    spec's config and mode; a path missing there is looked for with each parameter
    combination (some stats exist only for some configs, such as a ninth L2 slice)."""
    wanted = list(spec["stats"])
    if not wanted:
        return
    known = stat_paths(_probe_stats(spec["config"], None, spec["mode"]))
    missing = [p for p in wanted if p not in known]
    combos = []
    for point in spec["points"]:
        if point["params"] and point["params"] not in combos:
            combos.append(point["params"])
    for params in combos:
        if not missing:
            break
        try:
            known |= stat_paths(_probe_stats(spec["config"], params, spec["mode"]))
        except Error:
            continue  # a bad value fails its own points later, not the whole sweep
        missing = [p for p in missing if p not in known]
    if missing:
        hints = []
        for p in missing:
            close = difflib.get_close_matches(p, sorted(known), n=1, cutoff=0.6)
            hints.append("'%s'%s" % (p, " (did you mean '%s'?)" % close[0] if close else ""))
        raise Error("%s: stats path(s) not in stats.json (%s mode, config %s): %s" % (
            spec["file"], spec["mode"], spec["config"] if isinstance(spec["config"], str) else "(mapping)",
            ", ".join(hints)))


def expand_points(spec):
    """Points in id order: trace-major, then parameter combination, then repetition."""
    names = list(spec["parameters"])
    lists = [spec["parameters"][n] for n in names]
    if spec["product"] == "zip":
        if len({len(v) for v in lists}) > 1:
            raise Error("%s: product zip needs value lists of one length, got %s" % (
                spec["file"], ", ".join("%s: %d" % (n, len(v)) for n, v in zip(names, lists))))
        combos = list(zip(*lists))
    else:
        combos = list(itertools.product(*lists))
    points = []
    for trace in spec["traces"]:
        for combo in combos:
            for rep in range(spec["repetitions"]):
                points.append({"id": len(points), "trace": trace, "trace_path": spec["trace_paths"][trace],
                               "repetition": rep, "params": dict(zip(names, combo)),
                               "config": spec["config"], "mode": spec["mode"],
                               "folder": os.path.join(spec["output"], "points", "p%04d" % len(points))})
    return points
