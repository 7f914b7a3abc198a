#!/usr/bin/python3
"""gfxsim report: a run's results folder, or a sweep's output folder, as one
self-contained HTML page (images inlined as base64 data URIs; no other files needed).

  scripts/report.py results/scene640                 # -> results/scene640/report.html
  scripts/report.py sweep-out -o sweep.html          # a sweep: its table and plots

A run page holds the frames, a table of the main stats and plots of cycles per draw,
the busy/stall/wait/idle share of each unit, DRAM bandwidth per client against the
configured peak, and cache hit rates (plots that need timing stats are left out of a
functional run). A sweep page holds the results table, the sweep plots and a link-free
summary of each failed point. Exit status: 0 written, 2 not a results or sweep folder.
"""
import argparse
import base64
import csv
import html
import io
import json
import os
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

STALL_PREFIX, SUFFIX = "stall_", "_cycles"


def esc(v):
    return html.escape(str(v))


def png_uri(data):
    return "data:image/png;base64," + base64.b64encode(data).decode("ascii")


def fig_uri(fig):
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", dpi=80, metadata={"Software": None})
    plt.close(fig)
    return png_uri(buf.getvalue())


def img(uri, alt, cls):
    return '<figure><img class="%s" alt="%s" src="%s"><figcaption>%s</figcaption></figure>' % (
        cls, esc(alt), uri, esc(alt))


def table(headers, rows, cls, keys=None):
    """A table; with `keys`, each value cell gets data-key so tests and tools find it."""
    out = ['<table class="%s"><tr>%s</tr>' % (cls, "".join("<th>%s</th>" % esc(h) for h in headers))]
    for i, r in enumerate(rows):
        cells = []
        for j, v in enumerate(r):
            key = ' data-key="%s"' % esc(keys[i]) if keys and j == len(r) - 1 else ""
            cells.append("<td%s>%s</td>" % (key, esc(v)))
        out.append("<tr>%s</tr>" % "".join(cells))
    out.append("</table>")
    return "\n".join(out)


def value(node):
    return node.get("value") if isinstance(node, dict) else None


def groups(tree, prefix=""):
    """Every group of the stats tree with its path, depth first in file order."""
    for k, v in tree.items():
        if isinstance(v, dict) and "value" not in v and "bins" not in v:
            path = prefix + k
            yield path, v
            yield from groups(v, path + ".")


# --- one run ---

def unit_shares(stats):
    """{unit: {busy, stall, wait, idle}} in cycles, for every group that counts busy cycles."""
    units = {}
    for path, g in groups(stats):
        if value(g.get("busy_cycles")) is None:
            continue
        stall = sum(value(n) or 0 for k, n in g.items() if k.startswith(STALL_PREFIX) and k.endswith(SUFFIX))
        units[path] = {"busy": value(g["busy_cycles"]) or 0, "stall": stall,
                       "wait": value(g.get("wait_cycles")) or 0, "idle": value(g.get("idle_cycles")) or 0}
    return units


def plot_draw_cycles(draws):
    ys = [int(d["cycles"]) for d in draws if d.get("cycles", "").isdigit()]
    if not ys:
        return None
    fig, ax = plt.subplots(figsize=(7, 3))
    ax.bar(range(len(ys)), ys, width=1.0)
    ax.set_xlabel("draw (in trace order)")
    ax.set_ylabel("cycles")
    ax.set_title("Cycles per draw")
    return fig_uri(fig)


def plot_units(units):
    if not units:
        return None
    names = list(units)
    fig, ax = plt.subplots(figsize=(7, 0.4 * len(names) + 1.2))
    left = [0.0] * len(names)
    for part, colour in (("busy", "tab:green"), ("stall", "tab:red"), ("wait", "tab:orange"), ("idle", "tab:gray")):
        shares = []
        for n in names:
            total = sum(units[n].values()) or 1
            shares.append(units[n][part] / total)
        ax.barh(names, shares, left=left, color=colour, label=part)
        left = [a + b for a, b in zip(left, shares)]
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("share of cycles")
    ax.set_title("Busy / stall / wait / idle per unit")
    ax.legend(ncol=4, fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.25 / max(1, len(names) / 4)))
    return fig_uri(fig)


def bandwidth(stats):
    dram = stats.get("memory", {}).get("dram", {})
    clients = {c: value(n.get("gbps")) or 0.0 for c, n in dram.get("clients", {}).items()}
    return clients, value(dram.get("peak_gbps"))


def plot_bandwidth(clients, peak):
    if not clients:
        return None
    fig, ax = plt.subplots(figsize=(7, 3))
    ax.bar(list(clients), list(clients.values()), color="tab:blue", label="achieved")
    if peak:
        ax.axhline(peak, color="tab:red", linestyle="--", label="peak %.1f GB/s" % peak)
    ax.set_ylabel("GB/s")
    ax.set_title("DRAM bandwidth per client against the configured peak")
    ax.legend(fontsize="small")
    return fig_uri(fig)


def cache_hit_rates(stats):
    return {path: value(g["hit_rate"]) for path, g in groups(stats) if value(g.get("hit_rate")) is not None}


def plot_caches(rates):
    if not rates:
        return None
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(rates) + 1.2))
    ax.barh(list(rates), list(rates.values()), color="tab:purple")
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("hit rate")
    ax.set_title("Cache hit rates")
    return fig_uri(fig)


MAIN_RUN_KEYS = ["trace_name", "trace", "config", "mode", "width", "height", "frames", "draws", "cycles",
                 "sim_cycles_per_second", "wall_seconds", "peak_rss_kib"]


def run_page(folder):
    with open(os.path.join(folder, "stats.json")) as f:
        s = json.load(f)
    run = s["run"]
    parts = ["<h1>gfxsim run: %s</h1>" % esc(run.get("trace_name") or run.get("trace")),
             "<h2>Main stats</h2>",
             table(["stat", "value"], [[k, run[k]] for k in MAIN_RUN_KEYS if k in run], "main-stats",
                   keys=["run." + k for k in MAIN_RUN_KEYS if k in run])]
    stats = s.get("stats", {})
    extra = []
    dram = stats.get("memory", {}).get("dram", {})
    for key in ("bandwidth_gbps", "peak_gbps", "peak_share"):
        if value(dram.get(key)) is not None:
            extra.append(("stats.memory.dram." + key, value(dram[key])))
    if extra:
        parts.append(table(["stat", "value"], [[k, v] for k, v in extra], "memory-stats", keys=[k for k, _ in extra]))
    parts.append("<h2>Frames</h2>")
    rows = [[f["frame"], f["draws"]] + ([f["cycles"]] if "cycles" in f else []) for f in s.get("frames", [])]
    parts.append(table(["frame", "draws"] + (["cycles"] if rows and len(rows[0]) > 2 else []), rows, "frames"))
    for f in s.get("frames", []):
        png = os.path.join(folder, f["png"])
        if os.path.exists(png):
            with open(png, "rb") as fh:
                parts.append(img(png_uri(fh.read()), "frame %d" % f["frame"], "frame"))
    draws = []
    if os.path.exists(os.path.join(folder, "draws.csv")):
        with open(os.path.join(folder, "draws.csv"), newline="") as fh:
            draws = list(csv.DictReader(fh))
    plots = [("Cycles per draw", plot_draw_cycles(draws))]
    units = unit_shares(stats)
    plots.append(("Unit activity", plot_units(units)))
    clients, peak = bandwidth(stats)
    plots.append(("Bandwidth per client", plot_bandwidth(clients, peak)))
    rates = cache_hit_rates(stats)
    plots.append(("Cache hit rates", plot_caches(rates)))
    parts.append("<h2>Plots</h2>")
    for title, uri in plots:
        if uri:
            parts.append(img(uri, title, "plot"))
    if units:
        parts.append("<h2>Units</h2>")
        parts.append(table(["unit", "busy", "stall", "wait", "idle"],
                           [[u, v["busy"], v["stall"], v["wait"], v["idle"]] for u, v in units.items()], "units"))
    if clients:
        parts.append("<h2>Bandwidth</h2>")
        parts.append(table(["client", "GB/s"], [[c, "%.4f" % g] for c, g in clients.items()], "bandwidth"))
    if rates:
        parts.append("<h2>Caches</h2>")
        parts.append(table(["cache", "hit rate"], [[c, "%.4f" % r] for c, r in rates.items()], "caches"))
    return "gfxsim run %s" % run.get("trace_name", ""), parts


# --- a sweep ---

def sweep_page(folder):
    with open(os.path.join(folder, "results.csv"), newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        rows = list(reader)
    parts = ["<h1>gfxsim sweep: %s</h1>" % esc(os.path.basename(os.path.abspath(folder))),
             "<p>%d points, %d failed</p>" % (len(rows), sum(r[header.index("status")] == "failed" for r in rows)),
             "<h2>Results</h2>", table(header, rows, "results")]
    plot_dir = os.path.join(folder, "plots")
    if os.path.isdir(plot_dir):
        parts.append("<h2>Plots</h2>")
        for name in sorted(os.listdir(plot_dir)):
            if name.endswith(".png"):
                with open(os.path.join(plot_dir, name), "rb") as fh:
                    parts.append(img(png_uri(fh.read()), name[:-4].replace("_vs_", " vs "), "plot"))
    return "gfxsim sweep", parts


STYLE = """body{font-family:sans-serif;margin:2em;max-width:1100px}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}
th{background:#eee}figure{display:inline-block;margin:0.5em}img.frame{image-rendering:pixelated;border:1px solid #888}"""


def write_report(folder, out=None):
    if os.path.exists(os.path.join(folder, "results.csv")):
        title, parts = sweep_page(folder)
    elif os.path.exists(os.path.join(folder, "stats.json")):
        title, parts = run_page(folder)
    else:
        raise FileNotFoundError("%s: neither a results folder (stats.json) nor a sweep folder (results.csv)" % folder)
    out = out or os.path.join(folder, "report.html")
    page = ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s</title><style>%s</style></head>\n"
            "<body>\n%s\n</body></html>\n" % (esc(title), STYLE, "\n".join(parts)))
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write(page)
    os.replace(tmp, out)
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("folder", help="a run's results folder or a sweep's output folder")
    p.add_argument("-o", "--out", help="the HTML file (default: FOLDER/report.html)")
    a = p.parse_args(argv)
    try:
        out = write_report(a.folder, a.out)
    except FileNotFoundError as e:
        sys.stderr.write("report: %s\n" % e)
        return 2
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
