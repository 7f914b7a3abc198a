"""Sweep plots: for each chosen stat and each parameter, a matplotlib PNG of the stat
against that parameter, one line per trace (and per combination of the other parameters,
when there are several); and for a sweep of two parameters, a heatmap of each stat over
both, one per trace. Repetitions are averaged. Failed points leave gaps, not zeros.

How they read (spec key plot_options, see sweep_spec.py):
- axes are labelled with their units: a parameter's from the config schema, a stat's from
  stats.json;
- both axes start at zero (from_zero: false lets matplotlib choose);
- a parameter whose values are all powers of two (at least three of them) gets a log2 x
  axis (log2_x: auto; true or false forces it);
- legends are sorted by value, numerically where the values are numbers.
"""
import json
import os
import re

# Units of the run section of stats.json, which holds plain values (the stats section's
# objects carry their own unit).
RUN_UNITS = {"cycles": "cycles", "frames": "frames", "draws": "draws", "wall_seconds": "s",
             "sim_cycles_per_second": "cycles/s", "peak_rss_kib": "KiB", "width": "px",
             "height": "px"}


def _number(v):
    if isinstance(v, bool) or v in ("", None):
        return None
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def _safe(name):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


def _sort_key(v):
    """Numbers before text, numbers by value: 2 < 16, not '16' < '2'."""
    n = _number(v)
    return (0, n, "") if n is not None else (1, 0.0, str(v))


def _power_of_two(v):
    n = _number(v)
    return n is not None and n >= 1 and n == int(n) and (int(n) & (int(n) - 1)) == 0


def use_log2(values, option):
    if option in (True, False):
        return option and all(_number(v) is not None and _number(v) > 0 for v in values)
    distinct = {_number(v) for v in values}
    return len(distinct) >= 3 and all(_power_of_two(v) for v in values)


def stat_unit(stats, path):
    """The unit of a stats.json path: a stat object's "unit", its parent's for a path into
    the object (".value", ".mean"), or RUN_UNITS for the run section."""
    parts = path.split(".")
    if parts[0] == "run" and len(parts) == 2:
        return RUN_UNITS.get(parts[1], "")
    node, unit = stats, ""
    for part in parts:
        if not isinstance(node, dict) or part not in node:
            return unit
        node = node[part]
        if isinstance(node, dict) and isinstance(node.get("unit"), str):
            unit = node["unit"]
    return unit


def _label(name, unit):
    return "%s (%s)" % (name, unit) if unit else name


def _units(spec, rows):
    """Units of the plotted stats, read from the first done point's stats.json, and of the
    parameters, from the config schema."""
    stats = {}
    for r in rows:
        if r["status"] == "done":
            path = os.path.join(spec["points"][r["point"]]["folder"], "results", "stats.json")
            try:
                with open(path) as f:
                    stats = json.load(f)
                break
            except (OSError, ValueError):
                continue
    from ._core import config_keys
    keys = config_keys()
    params = {p: keys.get(p, {}).get("unit", "") for p in spec["parameters"]}
    return {s: stat_unit(stats, s) for s in spec["plots"]}, params


def _mean(ys):
    return sum(ys) / len(ys)


def plot_sweep(spec, rows, folder=None):
    """Writes the plots into <output>/plots/; returns their paths in a fixed order."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder = folder or os.path.join(spec["output"], "plots")
    os.makedirs(folder, exist_ok=True)
    options = spec.get("plot_options", {"from_zero": True, "log2_x": "auto", "heatmap": True})
    names = list(spec["parameters"])
    stat_units, param_units = _units(spec, rows) if spec["plots"] else ({}, {})
    written = []
    for stat in spec["plots"]:
        for param in names:
            path = _line_plot(plt, spec, rows, stat, param, names, options, stat_units[stat],
                              param_units[param], folder)
            if path:
                written.append(path)
        if options.get("heatmap", True) and len(names) == 2 and spec.get("product", "cross") == "cross":
            for trace in spec["traces"]:
                path = _heatmap(plt, spec, rows, stat, names, trace, stat_units[stat], param_units, folder)
                if path:
                    written.append(path)
    return written


def _line_plot(plt, spec, rows, stat, param, names, options, unit, param_unit, folder):
    others = [n for n in names if n != param]
    series = {}  # (trace, other values) -> {x: [y, ...]}
    for r in rows:
        y = _number(r.get(stat)) if r["status"] == "done" else None
        if y is None:
            continue
        key = (r["trace"],) + tuple(str(r[o]) for o in others)
        series.setdefault(key, {}).setdefault(str(r[param]), []).append(y)
    if not series:
        return None
    values = spec["parameters"][param]
    numeric = all(_number(v) is not None for v in values)
    if numeric:  # a line through the points in x order, whatever order the spec gave
        values = sorted(values, key=_sort_key)
    log2 = numeric and use_log2(values, options.get("log2_x", "auto"))
    fig, ax = plt.subplots(figsize=(6, 4), dpi=80)
    lowest = 0.0
    for key in sorted(series, key=lambda k: (k[0],) + tuple(_sort_key(v) for v in k[1:])):
        pts = series[key]
        xs = [v for v in values if str(v) in pts]
        ys = [_mean(pts[str(v)]) for v in xs]
        lowest = min([lowest] + ys)
        xpos = [float(v) for v in xs] if numeric else [values.index(v) for v in xs]
        label = os.path.basename(key[0]) + "".join(", %s=%s" % (o, v) for o, v in zip(others, key[1:]))
        ax.plot(xpos, ys, marker="o", label=label)
    if log2:
        ax.set_xscale("log", base=2)
    if numeric and (log2 or all(isinstance(v, int) for v in values)):
        ax.set_xticks([float(v) for v in values])
        ax.set_xticklabels([str(v) for v in values])
    if not numeric:
        ax.set_xticks(range(len(values)))
        ax.set_xticklabels([str(v) for v in values])
    if options.get("from_zero", True):
        if lowest >= 0:
            ax.set_ylim(bottom=0)
        if numeric and not log2 and all(_number(v) >= 0 for v in values):
            ax.set_xlim(left=0)
    ax.set_xlabel(_label(param, param_unit))
    ax.set_ylabel(_label(stat, unit))
    ax.set_title("%s vs %s" % (stat, param))
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    path = os.path.join(folder, "%s_vs_%s.png" % (_safe(stat), _safe(param)))
    fig.savefig(path, metadata={"Software": None})
    plt.close(fig)
    return path


def _heatmap(plt, spec, rows, stat, names, trace, unit, param_units, folder):
    """A stat over two parameters: the first on x, the second on y, each cell annotated."""
    px, py = names
    xs, ys = (sorted(spec["parameters"][p], key=_sort_key) for p in (px, py))
    cells = {}
    for r in rows:
        y = _number(r.get(stat)) if r["status"] == "done" and r["trace"] == trace else None
        if y is not None:
            cells.setdefault((str(r[px]), str(r[py])), []).append(y)
    if not cells:
        return None
    import numpy as np
    grid = np.full((len(ys), len(xs)), np.nan)
    for i, vy in enumerate(ys):
        for j, vx in enumerate(xs):
            if (str(vx), str(vy)) in cells:
                grid[i, j] = _mean(cells[(str(vx), str(vy))])
    fig, ax = plt.subplots(figsize=(6, 4.5), dpi=80)
    image = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis")
    bar = fig.colorbar(image, ax=ax)
    bar.set_label(_label(stat, unit))
    ax.set_xticks(range(len(xs)))
    ax.set_xticklabels([str(v) for v in xs])
    ax.set_yticks(range(len(ys)))
    ax.set_yticklabels([str(v) for v in ys])
    ax.set_xlabel(_label(px, param_units[px]))
    ax.set_ylabel(_label(py, param_units[py]))
    finite = grid[np.isfinite(grid)]
    middle = (finite.min() + finite.max()) / 2 if finite.size else 0
    for i in range(len(ys)):
        for j in range(len(xs)):
            if np.isfinite(grid[i, j]):
                ax.text(j, i, "%.4g" % grid[i, j], ha="center", va="center", fontsize="small",
                        color="black" if grid[i, j] > middle else "white")
    name = os.path.splitext(os.path.basename(trace))[0]
    ax.set_title("%s, %s" % (stat, name))
    fig.tight_layout()
    suffix = "_%s" % _safe(name) if len(spec["traces"]) > 1 else ""
    path = os.path.join(folder, "%s_heatmap_%s_%s%s.png" % (_safe(stat), _safe(px), _safe(py), suffix))
    fig.savefig(path, metadata={"Software": None})
    plt.close(fig)
    return path
