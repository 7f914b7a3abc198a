"""Stopped and killed sweeps (issue 10 point 5): a SIGKILLed sweep leaves no simulation
running and resumes with every point done exactly once; Ctrl-C and SIGTERM leave the
running points pending, not failed.

The slow points run traces/fillrate.gfxt (about 1.5 s of simulation); each test stops the
sweep as soon as they run, so only the reruns wait for them."""
import json
import os
import signal
import subprocess

import pytest

from conftest import PYTHON, TIMEOUT_S, run_script
from sweep_helpers import (FILLRATE, TRIANGLE, alive, partials, record, rows, simulations_of, sweep_cmd,
                           wait_for, write_spec)

HERE = os.path.dirname(os.path.abspath(__file__))


# --- 3 and 5. SIGKILL: nothing left running, a rerun finishes every point once ---------------

def kill_part_way(tmp_path, spec, jobs, running):
    """Runs the sweep under reaper.py, SIGKILLed once the `running` points are under way."""
    done = subprocess.run([PYTHON, os.path.join(HERE, "reaper.py"), str(tmp_path / "out" / "points"),
                           ",".join(running), str(TIMEOUT_S), "--", *sweep_cmd(spec, "-j", jobs)],
                          capture_output=True, text=True, timeout=3 * TIMEOUT_S)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_sigkill_of_the_sweep_leaves_no_simulation_running(tmp_path):
    report = kill_part_way(tmp_path, write_spec(tmp_path, [FILLRATE], [1, 2, 3]), 2, ["p0000", "p0001"])
    sims = {int(pid) for pid, cmd in report["children"].items() if "gfxsim._child" in cmd}
    assert len(sims) == 2 and len(report["partials"]) == 2
    assert report["survivors"] == {}
    # Each simulation died with the sweep: SIGKILL from the kernel, or its own exit 1 when
    # it found itself orphaned before it could ask for that. "exit 0" would be one that ran on.
    ends = {int(pid): end for pid, end in report["orphans"].items()}
    assert sims <= set(ends) and all(ends[p] in ("signal 9", "exit 1") for p in sims), ends
    assert report["after"] == report["before"]  # nothing written into a point folder since
    assert not any(k.endswith("point.json") for k in report["after"])  # none recorded


def test_a_sigkilled_sweep_resumes_with_every_point_done_exactly_once(tmp_path):
    # Points 0 and 1 are quick, 2 and 3 slow: -j 2 kills the sweep with 0 and 1 done and
    # 2 and 3 running, leaving the partial folders of two killed simulations.
    spec = write_spec(tmp_path, [TRIANGLE, FILLRATE], [1, 2])
    points = tmp_path / "out" / "points"
    report = kill_part_way(tmp_path, spec, 2, ["p0002", "p0003"])
    assert sorted(p.split("/")[0] for p in report["partials"]) == ["p0002", "p0003"]
    kept = {p: os.stat(points / p / "point.json") for p in ("p0000", "p0001")}
    assert [record(points / p)["status"] for p in kept] == ["done", "done"]
    assert record(points / "p0002") is None and record(points / "p0003") is None

    again = subprocess.run(sweep_cmd(spec, "-j", "2"), capture_output=True, text=True, timeout=TIMEOUT_S)
    assert again.returncode == 0, again.stderr
    r = rows(tmp_path)
    assert [x["point"] for x in r] == ["0", "1", "2", "3"]  # each point once
    assert [x["status"] for x in r] == ["done"] * 4 and all(int(x["run.cycles"]) > 0 for x in r)
    for p, st in kept.items():  # not run again
        now = os.stat(points / p / "point.json")
        assert (now.st_ino, now.st_mtime_ns) == (st.st_ino, st.st_mtime_ns)
    for p in ("p0000", "p0001", "p0002", "p0003"):  # no partial folder left, one results folder
        assert sorted(os.listdir(points / p)) == ["point.json", "results"]
    done = run_script("sweep.py", spec)
    assert "4 of 4 points already done, skipped" in done.stderr


# --- 4. Ctrl-C and SIGTERM ------------------------------------------------------------------

@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_an_interrupted_sweep_leaves_running_points_pending(tmp_path, how):
    spec = write_spec(tmp_path, [FILLRATE], [1, 2, 3])
    points = tmp_path / "out" / "points"
    # A session of its own, like a shell job, so that the Ctrl-C below goes to its process
    # group as a terminal's does: the sweep and any child left in that group.
    proc = subprocess.Popen(sweep_cmd(spec, "-j", "2"), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        wait_for(lambda: len(partials(points)) == 2, proc, "two running points")
        sims = simulations_of(proc.pid)
        assert len(sims) == 2
        # Their own sessions: a Ctrl-C reaches the sweep only, which decides their end.
        assert all(os.getsid(p) == p and os.getpgid(p) == p for p in sims), sims
        if how == "ctrl-c":
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=TIMEOUT_S)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err
    assert err.strip().endswith("sweep: interrupted (%s); rerun the same command to resume"
                                % ("SIGINT" if how == "ctrl-c" else "SIGTERM")), err
    assert not any(alive(pid, cmd) for pid, cmd in sims.items())  # ended, waited for by the sweep
    recs = [record(p) for p in sorted(points.iterdir())]
    assert all(rec is None or rec["status"] == "done" for rec in recs), recs
    statuses = [x["status"] for x in rows(tmp_path)]
    assert "failed" not in statuses and statuses.count("pending") >= 2, statuses

    done = run_script("sweep.py", spec, "-j", "3")
    assert [x["status"] for x in rows(tmp_path)] == ["done"] * 3
    assert "already done" not in done.stderr or statuses.count("pending") < 3
