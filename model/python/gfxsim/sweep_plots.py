"""Sweep plots: for each chosen stat and each parameter, a matplotlib PNG of the stat
against that parameter, one line per trace (and per combination of the other parameters,
when there are several). Repetitions are averaged. Failed points leave gaps, not zeros.
"""
import os
import re


def _number(v):
    if isinstance(v, bool) or v in ("", None):
        return None
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def _safe(name):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


def plot_sweep(spec, rows, folder=None):
    """Writes the plots into <output>/plots/; returns their paths in a fixed order."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder = folder or os.path.join(spec["output"], "plots")
    os.makedirs(folder, exist_ok=True)
    names = list(spec["parameters"])
    written = []
    for stat in spec["plots"]:
        for param in names:
            others = [n for n in names if n != param]
            series = {}  # (trace, other values) -> {x: [y, ...]}
            for r in rows:
                y = _number(r.get(stat)) if r["status"] == "done" else None
                if y is None:
                    continue
                key = (r["trace"],) + tuple(str(r[o]) for o in others)
                series.setdefault(key, {}).setdefault(_key(r[param]), []).append(y)
            if not series:
                continue
            values = spec["parameters"][param]
            numeric = all(_number(v) is not None for v in values)
            fig, ax = plt.subplots(figsize=(6, 4), dpi=80)
            for key in sorted(series):
                pts = series[key]
                xs = [v for v in values if _key(v) in pts]
                ys = [sum(pts[_key(v)]) / len(pts[_key(v)]) for v in xs]
                xpos = [float(v) for v in xs] if numeric else [values.index(v) for v in xs]
                label = os.path.basename(key[0]) + "".join(", %s=%s" % (o, v) for o, v in zip(others, key[1:]))
                ax.plot(xpos, ys, marker="o", label=label)
            if numeric and all(isinstance(v, int) for v in values):
                ax.set_xticks([float(v) for v in values])
            if not numeric:
                ax.set_xticks(range(len(values)))
                ax.set_xticklabels([str(v) for v in values])
            ax.set_xlabel(param)
            ax.set_ylabel(stat)
            ax.set_title("%s vs %s" % (stat, param))
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize="small")
            fig.tight_layout()
            path = os.path.join(folder, "%s_vs_%s.png" % (_safe(stat), _safe(param)))
            fig.savefig(path, metadata={"Software": None})
            plt.close(fig)
            written.append(path)
    return written


def _key(v):
    return str(v)
