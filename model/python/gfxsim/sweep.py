"""Running a sweep: every point of a spec (sweep_spec.py) on one of three backends, a
results table and plots built only from what the points wrote.

Each point writes <output>/points/pNNNN/results/ (the gfxsim results folder) and then
pNNNN/point.json (its parameters and status, or its error). A point whose point.json says
done with the same trace, repetition and parameters is skipped by a rerun, which makes
sweeps resumable; a failed point is retried. results.csv is rebuilt from these files
after each run, sorted by point id and without times, so it is the same whichever
backend ran the points.

    python3 -m gfxsim.sweep --run-point POINT.json   # one point (what Slurm array tasks run)
"""
import csv
import json
import os
import sys
import time

from .runner import run

_PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _identity(point):
    return {"trace": point["trace"], "repetition": point["repetition"], "params": point["params"]}


def read_point(point):
    """The point.json record of a point's folder, or None."""
    try:
        with open(os.path.join(point["folder"], "point.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def is_done(point):
    rec = read_point(point)
    return (rec is not None and rec.get("status") == "done" and
            {k: rec.get(k) for k in ("trace", "repetition", "params")} == _identity(point) and
            os.path.exists(os.path.join(point["folder"], "results", "stats.json")))


def run_point(point):
    """Runs one point and writes its point.json; never raises (a failure is recorded)."""
    rec = dict(_identity(point), id=point["id"])
    try:
        run(point["trace_path"], config=point["config"], overrides=point["params"], mode=point["mode"],
            out=os.path.join(point["folder"], "results"))
        rec.update(status="done", error="")
    except Exception as e:  # every failure, bad override or crash, is this point's result
        rec.update(status="failed", error=str(e).replace("\n", " "))
    os.makedirs(point["folder"], exist_ok=True)
    tmp = os.path.join(point["folder"], "point.json.tmp")
    with open(tmp, "w") as f:
        json.dump(rec, f, indent=1, sort_keys=True)
    os.replace(tmp, os.path.join(point["folder"], "point.json"))
    return rec


class Progress:
    """A progress bar on stderr: points done, failed, time left (estimated from this run)."""

    def __init__(self, total, skipped, enabled=True):
        self.total, self.done, self.failed = total, skipped, 0
        self.ran, self.start, self.enabled = 0, time.monotonic(), enabled
        self.tty = sys.stderr.isatty()
        if enabled and skipped:
            sys.stderr.write("sweep: %d of %d points already done, skipped\n" % (skipped, total))
        self.show()

    def update(self, rec):
        self.done += 1
        self.ran += 1
        self.failed += rec["status"] != "done"
        self.show()

    def show(self):
        if not self.enabled:
            return
        elapsed = time.monotonic() - self.start
        left = self.total - self.done
        eta = "%s left" % _clock(elapsed / self.ran * left) if self.ran else "time left unknown"
        width = 30
        filled = width * self.done // max(1, self.total)
        line = "[%s%s] %d/%d points%s, %s elapsed, %s" % (
            "#" * filled, "." * (width - filled), self.done, self.total,
            " (%d failed)" % self.failed if self.failed else "", _clock(elapsed), eta)
        sys.stderr.write(("\r" + line + "   ") if self.tty else line + "\n")
        if self.tty and self.done == self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def _clock(seconds):
    seconds = int(seconds + 0.5)
    return "%d:%02d:%02d" % (seconds // 3600, seconds // 60 % 60, seconds % 60)


def pending_points(spec):
    return [p for p in spec["points"] if not is_done(p)]


def run_local(spec, jobs=None, progress=True):
    """The default backend: a pool of threads, each waiting on one simulation process."""
    from concurrent.futures import ThreadPoolExecutor, as_completed
    todo = pending_points(spec)
    bar = Progress(len(spec["points"]), len(spec["points"]) - len(todo), progress)
    with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
        futures = [pool.submit(run_point, p) for p in todo]
        try:
            for fut in as_completed(futures):
                bar.update(fut.result())
        except BaseException:
            for fut in futures:
                fut.cancel()
            raise


def run_dask(spec, address, progress=True):
    """A Dask distributed cluster: every pending point is one task (workers need gfxsim
    on their PYTHONPATH and the trace and output folders on a shared file system)."""
    from distributed import Client, as_completed
    todo = pending_points(spec)
    bar = Progress(len(spec["points"]), len(spec["points"]) - len(todo), progress)
    with Client(address, timeout=30) as client:
        futures = client.map(run_point, todo, pure=False)
        for fut in as_completed(futures):
            bar.update(fut.result())


def write_slurm(spec, python=None):
    """Writes a Slurm job-array script running every pending point (and each point's
    spec beside it); returns (script, submit command). Nothing runs here."""
    todo = pending_points(spec)
    root = os.path.join(spec["output"], "slurm")
    os.makedirs(os.path.join(root, "points"), exist_ok=True)
    os.makedirs(os.path.join(root, "logs"), exist_ok=True)
    for p in todo:
        with open(os.path.join(root, "points", "p%04d.json" % p["id"]), "w") as f:
            json.dump(p, f, indent=1, sort_keys=True)
    script = os.path.join(root, "sweep.sbatch")
    ids = " ".join(str(p["id"]) for p in todo)
    with open(script, "w") as f:
        f.write("#!/bin/bash\n"
                "# gfxsim sweep %s: one array task per pending point (%d of %d).\n"
                "#SBATCH --job-name=gfxsim-sweep\n"
                "#SBATCH --array=0-%d\n"
                "#SBATCH --ntasks=1\n"
                "#SBATCH --cpus-per-task=1\n"
                "#SBATCH --output=%s/logs/%%A_%%a.log\n"
                "set -euo pipefail\n"
                "ids=(%s)\n"
                "id=${ids[$SLURM_ARRAY_TASK_ID]}\n"
                "export PYTHONPATH=%s${PYTHONPATH:+:$PYTHONPATH}\n"
                "exec %s -m gfxsim.sweep --run-point \"%s/points/p$(printf %%04d \"$id\").json\"\n"
                % (spec["file"], len(todo), len(spec["points"]), max(0, len(todo) - 1), root, ids,
                   _PACKAGE_PARENT, python or sys.executable, root))
    os.chmod(script, 0o755)
    return script, "sbatch %s" % script


def _stat(stats, path):
    node = stats
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return ""
        node = node[part]
    return node if not isinstance(node, (dict, list)) else ""


def collect(spec):
    """Builds <output>/results.csv from the point folders; returns the rows (dicts)."""
    names = list(spec["parameters"])
    header = ["point", "trace", "repetition"] + names + ["status", "error"] + spec["stats"]
    rows = []
    for p in spec["points"]:
        rec = read_point(p)
        row = {"point": p["id"], "trace": p["trace"], "repetition": p["repetition"]}
        row.update(p["params"])
        if rec is None or {k: rec.get(k) for k in ("trace", "repetition", "params")} != _identity(p):
            row.update(status="pending", error="")
        else:
            row.update(status=rec["status"], error=rec.get("error", ""))
        stats = {}
        if row["status"] == "done":
            try:
                with open(os.path.join(p["folder"], "results", "stats.json")) as f:
                    stats = json.load(f)
            except (OSError, ValueError) as e:
                row.update(status="failed", error="cannot read stats.json: %s" % e)
        for s in spec["stats"]:
            row[s] = _stat(stats, s)
        rows.append(row)
    rows.sort(key=lambda r: r["point"])
    os.makedirs(spec["output"], exist_ok=True)
    tmp = os.path.join(spec["output"], "results.csv.tmp")
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=header, lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({k: _cell(r.get(k, "")) for k in header})
    os.replace(tmp, os.path.join(spec["output"], "results.csv"))
    return rows


def _cell(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, (list, dict)):
        return json.dumps(v)
    return v


def _main(argv):
    if len(argv) != 3 or argv[1] != "--run-point":
        sys.stderr.write("usage: python3 -m gfxsim.sweep --run-point POINT.json\n")
        return 2
    with open(argv[2]) as f:
        rec = run_point(json.load(f))
    if rec["status"] != "done":
        sys.stderr.write("gfxsim sweep: point %d failed: %s\n" % (rec["id"], rec["error"]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv))
