"""Sweeps run twice at once or at different -j (issue 10 point 5): a point is recorded
done only after its results folder is complete; a second sweep on the same output folder
is refused while the first holds its lock; the results do not depend on -j. Stopped and
killed sweeps: test_sweep_signals.py."""
import json
import os
import signal
import subprocess

import pytest
import yaml

from conftest import SOURCE_DIR, TIMEOUT_S, run_script, without_host_fields
from sweep_helpers import FILLRATE, TRIANGLE, partials, record, rows, sweep_cmd, wait_for, write_spec

import gfxsim
import gfxsim.sweep_spec
from gfxsim import sweep


# --- 1. done only after a complete results folder -------------------------------------------

def point_in(tmp_path):
    spec = gfxsim.sweep_spec.load_spec(write_spec(tmp_path, [TRIANGLE], [1]))
    return spec["points"][0]


def test_a_point_is_pending_while_it_runs_and_done_only_with_its_results(tmp_path, monkeypatch):
    point = point_in(tmp_path)
    folder = tmp_path / "out" / "points" / "p0000"
    # What a failed try and a killed simulation leave behind.
    (folder / "results").mkdir(parents=True)
    (folder / "results" / "stats.json").write_text("{}")
    (folder / ".results.partial-99999").mkdir()
    (folder / "point.json").write_text(json.dumps(dict(status="failed", error="old", id=0, trace=point["trace"],
                                                       repetition=0, params=point["params"])))
    seen = []

    def fake_run(trace, config, overrides, mode, out):
        seen.append(sorted(os.listdir(folder)))
        assert sweep.read_point(point) is None and not sweep.is_done(point)
        os.makedirs(out)
        with open(os.path.join(out, "stats.json"), "w") as f:
            f.write('{"run": {"cycles": 7}}')
        return {}

    removed = []

    def remove(path, remove=sweep._remove):
        removed.append(os.path.basename(path))
        remove(path)

    monkeypatch.setattr(sweep, "run", fake_run)
    monkeypatch.setattr(sweep, "_remove", remove)
    rec = sweep.run_point(point)
    assert seen == [[]]  # the old record, results and partial folder went before the run
    assert removed[0] == "point.json"  # first: never a record beside half-removed results
    assert rec["status"] == "done" and record(folder)["status"] == "done" and sweep.is_done(point)
    assert sorted(os.listdir(folder)) == ["point.json", "results"]

    def incomplete_run(trace, config, overrides, mode, out):
        os.makedirs(out)  # a results folder without stats.json
        return {}

    monkeypatch.setattr(sweep, "run", incomplete_run)
    rec = sweep.run_point(point)
    assert rec["status"] == "failed" and "without a complete results folder" in rec["error"]
    assert not sweep.is_done(point)

    def stopped_run(trace, config, overrides, mode, out):
        raise gfxsim.runner.Interrupted("stopped")

    monkeypatch.setattr(sweep, "run", stopped_run)
    with pytest.raises(gfxsim.runner.Interrupted):
        sweep.run_point(point)
    assert record(folder) is None  # pending: neither failed nor done


# --- 2. one sweep per output folder --------------------------------------------------------

def test_a_second_sweep_on_the_same_output_folder_is_refused(tmp_path):
    spec = write_spec(tmp_path, [FILLRATE, TRIANGLE], [1, 2])
    out = tmp_path / "out"
    first = subprocess.Popen(sweep_cmd(spec, "-j", "1"), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True)
    try:
        wait_for(lambda: partials(out / "points"), first, "a running point")
        first.send_signal(signal.SIGSTOP)  # holds the lock, however long the checks take
        assert (out / "sweep.lock").read_text() == "%d\n" % first.pid
        before = sorted(os.listdir(out))
        for extra in ([], ["--collect"], ["--slurm"]):
            second = subprocess.run(sweep_cmd(spec, *extra), capture_output=True, text=True, timeout=TIMEOUT_S)
            assert second.returncode == 2, second.stderr
            assert second.stderr == ("sweep: %s: another sweep is running on this output folder (pid %d); "
                                     "wait for it to end or stop it\n" % (out, first.pid))
            assert sorted(os.listdir(out)) == before  # no results.csv, no slurm folder
    finally:
        first.kill()  # the kernel drops the lock with the process
        first.communicate(timeout=TIMEOUT_S)
    done = subprocess.run(sweep_cmd(spec, "--collect"), capture_output=True, text=True, timeout=TIMEOUT_S)
    assert done.returncode == 1, done.stderr  # points pending, but the folder is free again
    assert len(rows(tmp_path)) == 4 and "failed" not in [r["status"] for r in rows(tmp_path)]


def test_the_lock_is_taken_in_process_and_names_its_holder(tmp_path):
    held = sweep.lock_output(str(tmp_path / "o"))
    try:
        with pytest.raises(gfxsim.Error, match=r"o: another sweep is running .*\(pid %d\)" % os.getpid()):
            sweep.lock_output(str(tmp_path / "o"))
    finally:
        held.close()
    sweep.lock_output(str(tmp_path / "o")).close()  # free once closed


# --- 6. the same results at any -j ----------------------------------------------------------

def test_results_are_identical_run_to_run_and_at_any_jobs(tmp_path):
    spec = tmp_path / "spec.yaml"
    spec.write_text(yaml.safe_dump({
        "config": "small", "traces": [TRIANGLE, str(SOURCE_DIR / "tests" / "e2e" / "data" / "fan.yaml")],
        "parameters": {"rop.quads_per_cycle": [1, 2], "raster.quads_per_cycle": [1, 2]},
        "output": "unused", "plots": False,
        "stats": ["run.cycles", "run.draws", "stats.rop.busy_cycles.value"]}))
    outs = {j: tmp_path / ("j%d" % j) for j in (1, 3)}
    for j, out in outs.items():
        run_script("sweep.py", spec, "-j", j, "--output", out, "--quiet")
    one, three = outs[1], outs[3]
    assert (one / "results.csv").read_text() == (three / "results.csv").read_text()
    assert len((one / "results.csv").read_text().splitlines()) == 1 + 8
    for p in sorted(os.listdir(one / "points")):
        a, b = one / "points" / p / "results", three / "points" / p / "results"
        files = sorted(str(f.relative_to(a)) for f in a.rglob("*") if f.is_file())
        assert files == sorted(str(f.relative_to(b)) for f in b.rglob("*") if f.is_file())
        assert "stats.json" in files and any(f.endswith(".png") for f in files)
        for f in files:
            if f == "stats.json":
                sa, sb = json.loads((a / f).read_text()), json.loads((b / f).read_text())
                assert "wall_seconds" in sa["run"] and "sim_cycles_per_second" in sa["run"]
                assert without_host_fields(sa) == without_host_fields(sb), p
            else:
                assert (a / f).read_bytes() == (b / f).read_bytes(), "%s/%s" % (p, f)
