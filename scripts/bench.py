#!/usr/bin/python3
"""Trace-replay benchmark: runs the bundled traces on presets, prints a table.

For every (trace, config, mode) it runs gfxsim once per repetition and reports
simulated cycles, wall seconds (best of the repetitions), simulated cycles per
wall second and peak resident memory, all read back from the run's stats.json.

  scripts/bench.py                       # all bundled traces, baseline + attila-like
  scripts/bench.py --traces scene640 --configs attila-like --reps 3
  scripts/bench.py --save bench.json     # keep the figures
  scripts/bench.py --compare bench.json  # show the change against saved figures
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRACES = ["triangle.yaml", "scene640.gfxt", "fillrate.gfxt", "bandwidth.gfxt"]


def run_once(gfxsim, trace, config, mode, out):
    cmd = [gfxsim, trace, "--config", config, "--mode", mode, "--out", out, "--quiet"]
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        sys.exit("bench: %s failed: %s" % (" ".join(cmd), done.stderr.strip()))
    with open(os.path.join(out, "stats.json")) as f:
        return json.load(f)["run"]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--gfxsim", default=os.path.join(ROOT, "build", "gfxsim"))
    p.add_argument("--traces", nargs="*", default=[t.split(".")[0] for t in TRACES])
    p.add_argument("--configs", nargs="*", default=["baseline", "attila-like"])
    p.add_argument("--modes", nargs="*", default=["timing", "functional"])
    p.add_argument("--reps", type=int, default=1, help="runs per point; the fastest counts")
    p.add_argument("--save", help="write the figures to this JSON file")
    p.add_argument("--compare", help="a JSON file written by --save to compare against")
    a = p.parse_args()

    names = {t.split(".")[0]: t for t in TRACES}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for t in a.traces:
            trace = os.path.join(ROOT, "traces", names.get(t, t))
            for config in a.configs:
                for mode in a.modes:
                    best = None
                    for r in range(a.reps):
                        run = run_once(a.gfxsim, trace, config, mode, os.path.join(tmp, "r%d" % r))
                        if best is None or run["wall_seconds"] < best["wall_seconds"]:
                            best = run
                    cycles = best.get("cycles", 0)
                    rows.append({"trace": t, "config": config, "mode": mode, "cycles": cycles,
                                 "frames": best["frames"], "wall_seconds": best["wall_seconds"],
                                 "cycles_per_second": cycles / best["wall_seconds"] if cycles else 0,
                                 "peak_rss_mib": best["peak_rss_kib"] / 1024.0})

    old = {}
    if a.compare:
        with open(a.compare) as f:
            old = {(r["trace"], r["config"], r["mode"]): r for r in json.load(f)}
    head = "%-10s %-12s %-10s %12s %7s %9s %14s %9s" % (
        "trace", "config", "mode", "sim cycles", "frames", "wall s", "sim cycles/s", "peak MiB")
    if old:
        head += "  %9s" % "vs saved"
    print(head)
    for r in rows:
        line = "%-10s %-12s %-10s %12s %7d %9.3f %14s %9.1f" % (
            r["trace"], r["config"], r["mode"], r["cycles"] or "-", r["frames"], r["wall_seconds"],
            "%.0f" % r["cycles_per_second"] if r["cycles"] else "-", r["peak_rss_mib"])
        o = old.get((r["trace"], r["config"], r["mode"]))
        if o:
            line += "  %8.2fx" % (o["wall_seconds"] / r["wall_seconds"])
            if o["cycles"] != r["cycles"]:
                line += "  cycles %s -> %s" % (o["cycles"], r["cycles"])
        print(line)
    if a.save:
        with open(a.save, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
