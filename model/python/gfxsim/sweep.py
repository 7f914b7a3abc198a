"""Running a sweep: every point of a spec (sweep_spec.py) on one of three backends, a
results table and plots built only from what the points wrote.

Each point writes <output>/points/pNNNN/results/ (the gfxsim results folder) and then
pNNNN/point.json (its parameters and status, or its error). A point whose point.json says
done with the same trace, repetition and parameters is skipped by a rerun, which makes
sweeps resumable; a failed point is retried. results.csv is rebuilt from these files
after each run, sorted by point id and without times, so it is the same whichever
backend ran the points.

One sweep at a time per output folder: lock_output() takes <output>/sweep.lock. A point
being run has no point.json (run_point removes an earlier one first), so a sweep stopped
in any way, even SIGKILL, leaves its in-flight points pending, and the rerun runs them.

    python3 -m gfxsim.sweep --run-point POINT.json   # one point (what Slurm array tasks run)
"""
import csv
import fcntl
import json
import os
import shutil
import sys
import time

from . import runner
from ._core import Error
from .runner import Interrupted, run

LOCK_NAME = "sweep.lock"

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
    """Runs one point and writes its point.json; a failed run is recorded, not raised.
    Raises runner.Interrupted, recording nothing, when the sweep stops the run."""
    folder = point["folder"]
    record, results = os.path.join(folder, "point.json"), os.path.join(folder, "results")
    os.makedirs(folder, exist_ok=True)
    # What an earlier try left goes first, its record before anything else: from here until
    # the new record the point is pending, however this process ends, and a record never
    # sits beside results of another try (a failed retry leaves no results behind either).
    # The rest is results/ and hidden partial folders of killed simulations.
    _remove(record)
    for name in os.listdir(folder):
        _remove(os.path.join(folder, name))
    rec = dict(_identity(point), id=point["id"])
    try:
        run(point["trace_path"], config=point["config"], overrides=point["params"], mode=point["mode"],
            out=results)
        # run() returns after the simulator has put the complete results folder in place (one
        # rename, stats.json written last); checked anyway, as a done record is never redone.
        if not os.path.isfile(os.path.join(results, "stats.json")):
            raise Error("%s: the run ended without a complete results folder" % results)
        rec.update(status="done", error="")
    except Interrupted:
        raise
    except Exception as e:  # every failure, bad override or crash, is this point's result
        rec.update(status="failed", error=str(e).replace("\n", " "))
    tmp = record + ".tmp"
    with open(tmp, "w") as f:
        json.dump(rec, f, indent=1, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, record)
    return rec


def _remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    else:
        try:
            os.remove(path)
        except FileNotFoundError:
            pass


def lock_output(output):
    """Takes the lock of a sweep's output folder (created if missing) and returns its open
    file: the lock lasts while the file is open, and the kernel drops it when the process
    dies, however it dies, so a stale lock is impossible. Raises gfxsim.Error naming the
    folder and the holder's pid when another sweep has it.

    flock() on <output>/sweep.lock, which holds the holder's pid for that message. The file
    stays when the sweep ends: removing it would let a third sweep lock a new file while a
    second still held the old one. The descriptor is not inherited by the simulation
    children (Python opens files close-on-exec), so a child can never hold the lock."""
    try:
        os.makedirs(output, exist_ok=True)
        f = open(os.path.join(output, LOCK_NAME), "a+")  # not truncated: the holder's pid stays
    except OSError as e:
        raise Error("%s: cannot create the sweep's lock file: %s" % (output, e.strerror or e))
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _lock_holder(f)
        f.close()
        raise Error("%s: another sweep is running on this output folder (pid %s); wait for it to "
                    "end or stop it" % (output, holder or "unknown"))
    except OSError as e:  # a file system without locks
        f.close()
        raise Error("%s: cannot lock %s: %s" % (output, LOCK_NAME, e.strerror or e))
    f.seek(0)
    f.truncate()
    f.write("%d\n" % os.getpid())
    f.flush()
    return f


def _lock_holder(f):
    """The pid the holder wrote, waiting a little for one that has just locked to write it."""
    for _ in range(50):
        f.seek(0)
        text = f.read().strip()
        if text.isdigit():
            return text
        time.sleep(0.02)
    return None


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


def run_local(spec, jobs=None, progress=True, grace=runner.STOP_GRACE_S):
    """The default backend: a pool of threads, each waiting on one simulation process.

    An exception in the calling thread (KeyboardInterrupt from Ctrl-C or, with
    scripts/sweep.py, SIGTERM) stops the sweep: points not started are dropped, running
    simulations get SIGTERM (SIGKILL after `grace` seconds), nothing is recorded for them,
    and the exception is raised again once every simulation has ended."""
    from concurrent.futures import ThreadPoolExecutor, as_completed
    todo = pending_points(spec)
    bar = Progress(len(spec["points"]), len(spec["points"]) - len(todo), progress)
    with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
        futures = []
        try:
            futures = [pool.submit(run_point, p) for p in todo]
            for fut in as_completed(futures):
                bar.update(fut.result())
        except BaseException:
            _stop(futures, grace)
            raise


def _stop(futures, grace):
    from concurrent.futures import wait
    for fut in futures:
        fut.cancel()
    runner.stop_runs()
    try:
        if wait(futures, timeout=grace).not_done:
            runner.kill_runs()
            wait(futures)
    finally:
        runner.allow_runs()


def run_dask(spec, address, progress=True):
    """A Dask distributed cluster: every pending point is one task (workers need gfxsim
    on their PYTHONPATH and the trace and output folders on a shared file system)."""
    from distributed import Client, as_completed
    todo = pending_points(spec)
    bar = Progress(len(spec["points"]), len(spec["points"]) - len(todo), progress)
    with Client(address, timeout=30) as client:
        futures = client.map(run_point, todo, pure=False)
        try:
            for fut in as_completed(futures):
                bar.update(fut.result())
        except BaseException:
            # Drops the tasks not started; Dask cannot stop one running in a worker thread,
            # so those finish and record their points.
            client.cancel(futures)
            raise


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
    if isinstance(node, dict) and "value" in node:  # a stat object stands for its value
        node = node["value"]
    return node if not isinstance(node, (dict, list)) else ""


class Results(list):
    """The rows of results.csv (dicts, in point order), with `plots`: the paths of the plots
    written with them."""
    plots = ()


def collect(spec, plots=True):
    """Builds <output>/results.csv from the point folders and, unless `plots` is false, the
    plots in <output>/plots/ (as `scripts/sweep.py --collect` does); returns the rows."""
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
    rows = Results(rows)
    if plots:
        from .sweep_plots import plot_sweep
        rows.plots = plot_sweep(spec, rows)
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
