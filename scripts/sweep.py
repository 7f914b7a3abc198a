#!/usr/bin/python3
"""gfxsim parameter sweeps: a YAML sweep spec -> results.csv, per-point results folders
and plots (see docs/python.md for the spec).

  scripts/sweep.py SPEC.yaml                    # local process pool (default)
  scripts/sweep.py SPEC.yaml -j 4               # at most 4 simulations at once
  scripts/sweep.py SPEC.yaml --dask tcp://host:8786   # a Dask distributed cluster
  scripts/sweep.py SPEC.yaml --slurm            # write a Slurm job array, print how to submit
  scripts/sweep.py SPEC.yaml --collect          # rebuild the table and plots from the folders

A rerun skips the points already done (and retries failed ones). One sweep at a time per
output folder (OUTPUT/sweep.lock; a second one exits with status 2 naming the holder's pid).
Ctrl-C or SIGTERM stops the running simulations without recording them; a rerun resumes.
Exit status: 0 all points done, 1 some point failed or pending (see results.csv), 2 bad
spec, usage or output folder in use, 130 interrupted (SIGINT or SIGTERM).
The gfxsim package is found on PYTHONPATH, else in build/python of this source tree
(set GFXSIM_BUILD to use another build folder).
"""
import argparse
import os
import signal
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def import_gfxsim():
    try:
        import gfxsim
        return gfxsim
    except ImportError:
        sys.path.insert(0, os.path.join(os.environ.get("GFXSIM_BUILD", os.path.join(ROOT, "build")), "python"))
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in [sys.path[0], os.environ.get("PYTHONPATH")] if p)
    import gfxsim
    return gfxsim


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("spec", help="the sweep spec (YAML)")
    p.add_argument("-j", "--jobs", type=int, default=None, help="simulations at once (local pool)")
    p.add_argument("-o", "--output", help="output folder (overrides the spec's)")
    backend = p.add_mutually_exclusive_group()
    backend.add_argument("--dask", metavar="ADDRESS", help="run on a Dask scheduler (tcp://host:port)")
    backend.add_argument("--slurm", action="store_true", help="write a Slurm job-array script")
    backend.add_argument("--collect", action="store_true", help="only rebuild results.csv and plots")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    a = p.parse_args(argv)

    gfxsim = import_gfxsim()
    from gfxsim import sweep, sweep_spec
    try:
        spec = sweep_spec.load_spec(a.spec, output=a.output)
    except gfxsim.Error as e:
        sys.stderr.write("sweep: %s\n" % e)
        return 2
    stop, lock = [], None

    def on_signal(signum, frame):
        # The first SIGINT or SIGTERM unwinds the main thread (run_local then stops the
        # simulations); later ones are ignored, so that clean-up, bounded by SIGKILL after a
        # grace period, is not cut short.
        if not stop:
            stop.append(signal.Signals(signum).name)
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        try:
            lock = sweep.lock_output(spec["output"])  # held until this process ends
        except gfxsim.Error as e:  # another sweep has the folder
            sys.stderr.write("sweep: %s\n" % e)
            return 2
        return run_sweep(a, spec, sweep)
    except KeyboardInterrupt:
        sys.stderr.write("\nsweep: interrupted (%s); rerun the same command to resume\n"
                         % (stop[0] if stop else "SIGINT"))
        if lock:
            sweep.collect(spec, plots=False)  # the table only: be quick about stopping
        return 130
    finally:
        if lock:
            lock.close()


def run_sweep(a, spec, sweep):
    if a.slurm:
        if not sweep.pending_points(spec):
            print("sweep: every point is done; nothing to submit")
            return 0
        script, submit = sweep.write_slurm(spec)
        print("sweep: wrote %s (%d pending points)" % (script, len(sweep.pending_points(spec))))
        print("submit:  %s" % submit)
        print("collect: %s %s %s --collect%s" % (sys.executable, os.path.abspath(__file__),
                                                os.path.abspath(a.spec),
                                                " --output " + spec["output"] if a.output else ""))
        return 0
    if a.dask:
        sweep.run_dask(spec, a.dask, progress=not a.quiet)
    elif not a.collect:
        sweep.run_local(spec, jobs=a.jobs, progress=not a.quiet)
    rows = sweep.collect(spec)
    plots = rows.plots
    failed = [r for r in rows if r["status"] == "failed"]
    pending = [r for r in rows if r["status"] == "pending"]
    if not a.quiet:
        sys.stderr.write("sweep: %d points, %d failed, %d pending; %s, %d plots\n" % (
            len(rows), len(failed), len(pending), os.path.join(spec["output"], "results.csv"), len(plots)))
    return 1 if failed or pending else 0


if __name__ == "__main__":
    sys.exit(main())
