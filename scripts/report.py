#!/usr/bin/python3
"""gfxsim report: a run's results folder, or a sweep's output folder, as one
self-contained HTML page (images inlined as base64 data URIs; no other files needed).

  scripts/report.py results/scene640                 # -> results/scene640/report.html
  scripts/report.py sweep-out -o sweep.html          # a sweep: its table and plots
  scripts/report.py results/a --compare results/b    # -> results/a/compare.html

A run page holds the frames, a table of the main stats and plots of cycles per draw,
the busy/stall-memory/stall-output/wait/idle share of each unit, DRAM bandwidth per
client against the configured peak, and cache hit rates (plots that need timing stats are
left out of a functional run). A sweep page holds the results table and the sweep plots.
A compare page holds what `gfxsim compare A B` prints: the config differences and the
stat deltas, largest change first. The pages are Jinja2 templates (scripts/templates/).
Exit status: 0 written, 1 the comparison failed, 2 not a results or sweep folder.
"""
import argparse
import base64
import csv
import io
import json
import os
import subprocess
import sys

import jinja2

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATES = jinja2.Environment(loader=jinja2.FileSystemLoader(os.path.join(ROOT, "scripts", "templates")),
                               autoescape=True, trim_blocks=True, lstrip_blocks=True,
                               undefined=jinja2.StrictUndefined)
# The activity counters every timing unit has, in the order the report shows them.
ACTIVITY = [("busy", "busy_cycles", "tab:green"), ("stall memory", "stall_memory_cycles", "tab:red"),
            ("stall output", "stall_output_cycles", "tab:purple"), ("wait", "wait_cycles", "tab:orange"),
            ("idle", "idle_cycles", "tab:gray")]


def png_uri(data):
    return "data:image/png;base64," + base64.b64encode(data).decode("ascii")


def fig_uri(fig):
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", dpi=80, metadata={"Software": None})
    plt.close(fig)
    return png_uri(buf.getvalue())


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
    """{unit: {busy, stall memory, stall output, wait, idle}} in cycles, for every group that
    counts busy cycles."""
    units = {}
    for path, g in groups(stats):
        if value(g.get("busy_cycles")) is None:
            continue
        units[path] = {part: value(g.get(key)) or 0 for part, key, _ in ACTIVITY}
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
    for part, _, colour in ACTIVITY:
        shares = []
        for n in names:
            total = sum(units[n].values()) or 1
            shares.append(units[n][part] / total)
        ax.barh(names, shares, left=left, color=colour, label=part)
        left = [a + b for a, b in zip(left, shares)]
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("share of cycles")
    ax.set_title("Busy / stall on memory / stall on output / wait / idle per unit")
    ax.legend(ncol=5, fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.25 / max(1, len(names) / 4)))
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


def core_utilization(stats):
    """{shader core: utilization} for the cores that report it."""
    shader = stats.get("shader", {})
    return {k: value(v["utilization"]) for k, v in shader.items()
            if isinstance(v, dict) and value(v.get("utilization")) is not None}


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
    stats = s.get("stats", {})
    keys = [k for k in MAIN_RUN_KEYS if k in run]
    memory = []
    dram = stats.get("memory", {}).get("dram", {})
    for key in ("bandwidth_gbps", "peak_gbps", "peak_share"):
        if value(dram.get(key)) is not None:
            memory.append(("stats.memory.dram." + key, value(dram[key])))
    frame_rows = [[f["frame"], f["draws"]] + ([f["cycles"]] if "cycles" in f else []) for f in s.get("frames", [])]
    limiters = {}
    if os.path.exists(os.path.join(folder, "frames.csv")):
        with open(os.path.join(folder, "frames.csv"), newline="") as fh:
            limiters = {int(r["frame"]): (r["limiter"], r["limiter_reason"])
                        for r in csv.DictReader(fh) if r.get("limiter")}
    if limiters:
        frame_rows = [r + list(limiters.get(r[0], ("", ""))) for r in frame_rows]
    frames = []
    for f in s.get("frames", []):
        png = os.path.join(folder, f["png"])
        if os.path.exists(png):
            with open(png, "rb") as fh:
                frames.append((png_uri(fh.read()), "frame %d" % f["frame"]))
    draws = []
    if os.path.exists(os.path.join(folder, "draws.csv")):
        with open(os.path.join(folder, "draws.csv"), newline="") as fh:
            draws = list(csv.DictReader(fh))
    units = unit_shares(stats)
    clients, peak = bandwidth(stats)
    rates = cache_hit_rates(stats)
    plots = [("Cycles per draw", plot_draw_cycles(draws)), ("Unit activity", plot_units(units)),
             ("Bandwidth per client", plot_bandwidth(clients, peak)), ("Cache hit rates", plot_caches(rates))]
    return TEMPLATES.get_template("run.html.j2").render(
        title="gfxsim run %s" % run.get("trace_name", ""), name=run.get("trace_name") or run.get("trace"),
        main_rows=[[k, run[k]] for k in keys], main_keys=["run." + k for k in keys],
        memory_rows=[[k, v] for k, v in memory], memory_keys=[k for k, _ in memory],
        frame_headers=["frame", "draws"] + (["cycles"] if frame_rows and len(frame_rows[0]) > 2 else [])
        + (["limiter", "why"] if limiters else []),
        limiter=[run[k] for k in ("limiter", "limiter_share", "limiter_reason")] if "limiter" in run else None,
        frame_rows=frame_rows, frames=frames, plots=[(t, u) for t, u in plots if u],
        units=[[u] + [v[part] for part, _, _ in ACTIVITY] for u, v in units.items()],
        bandwidth=[[c, "%.4f" % g] for c, g in clients.items()],
        caches=[[c, "%.4f" % r] for c, r in rates.items()],
        cores=[[c, "%.4f" % u] for c, u in core_utilization(stats).items()])


# --- a sweep ---

def sweep_page(folder):
    with open(os.path.join(folder, "results.csv"), newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        rows = list(reader)
    plots = []
    plot_dir = os.path.join(folder, "plots")
    if os.path.isdir(plot_dir):
        for name in sorted(os.listdir(plot_dir)):
            if name.endswith(".png"):
                with open(os.path.join(plot_dir, name), "rb") as fh:
                    plots.append((png_uri(fh.read()), name[:-4].replace("_vs_", " vs ")))
    return TEMPLATES.get_template("sweep.html.j2").render(
        title="gfxsim sweep", name=os.path.basename(os.path.abspath(folder)), header=header, rows=rows,
        failed=sum(r[header.index("status")] == "failed" for r in rows), plots=plots)


# --- two runs ---

def gfxsim_exe():
    return os.environ.get("GFXSIM") or os.path.join(os.environ.get("GFXSIM_BUILD", os.path.join(ROOT, "build")), "gfxsim")


def number(v):
    if v is None:
        return "-"
    if isinstance(v, float) and v.is_integer() and abs(v) < 9e15:
        v = int(v)
    return ("%d" % v) if isinstance(v, int) else "%.6g" % v


def compare_page(a, b, top=None):
    """The page of `gfxsim compare A B --json` (one implementation of the comparison)."""
    args = [gfxsim_exe(), "compare", a, b, "--json"] + (["--top", str(top)] if top else [])
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip() or "gfxsim compare failed (exit %d)" % done.returncode)
    c = json.loads(done.stdout)
    runs = [[name, r["dir"], r["config"], r["trace"], r["mode"], " ".join(r["overrides"])]
            for name, r in (("A", c["a"]), ("B", c["b"]))]
    ha, hb = c["a"]["trace_sha256"], c["b"]["trace_sha256"]
    trace_note = ("not recorded in both runs" if not ha or not hb else
                  "identical (sha256 %s)" % ha[:12] if ha == hb else
                  "DIFFERENT files (sha256 %s vs %s)" % (ha[:12], hb[:12]))
    stats = []
    for s in c["stats"]:
        p = s["percent"]
        text = ("%+.1f%%" % p if isinstance(p, (int, float)) else "%s%%" % ("+inf" if p == "inf" else p) if p
                else "new" if s["a"] is None and s["b"] is not None else "gone" if s["b"] is None and s["a"] is not None
                else "-")
        stats.append({"path": s["path"], "a": number(s["a"]), "b": number(s["b"]),
                      "delta": "-" if s["delta"] is None else ("+" if s["delta"] > 0 else "") + number(s["delta"]),
                      "percent": text,
                      "direction": "up" if (s["delta"] or 0) > 0 else "down" if (s["delta"] or 0) < 0 else ""})
    return TEMPLATES.get_template("compare.html.j2").render(
        title="gfxsim compare", runs=runs, trace_note=trace_note,
        config=[[d["key"], "(absent)" if d["a"] is None else d["a"], "(absent)" if d["b"] is None else d["b"]]
                for d in c["config"]],
        changed=c["changed"], compared=c["compared"], shown=len(stats), stats=stats)


def write_page(page, out):
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write(page)
    os.replace(tmp, out)
    return out


def write_report(folder, out=None):
    if os.path.exists(os.path.join(folder, "results.csv")):
        page = sweep_page(folder)
    elif os.path.exists(os.path.join(folder, "stats.json")):
        page = run_page(folder)
    else:
        raise FileNotFoundError("%s: neither a results folder (stats.json) nor a sweep folder (results.csv)" % folder)
    return write_page(page, out or os.path.join(folder, "report.html"))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("folder", help="a run's results folder or a sweep's output folder")
    p.add_argument("-o", "--out", help="the HTML file (default: FOLDER/report.html, FOLDER/compare.html)")
    p.add_argument("--compare", metavar="RUN_B", help="a page of what changed from FOLDER to RUN_B")
    p.add_argument("--top", type=int, help="with --compare: only the N largest stat changes")
    a = p.parse_args(argv)
    try:
        if a.compare:
            out = write_page(compare_page(a.folder, a.compare, a.top), a.out or os.path.join(a.folder, "compare.html"))
        else:
            out = write_report(a.folder, a.out)
    except FileNotFoundError as e:
        sys.stderr.write("report: %s\n" % e)
        return 2
    except RuntimeError as e:
        sys.stderr.write("report: %s\n" % e)
        return 1
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
