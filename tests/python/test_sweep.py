"""Sweeps: a 2x2 sweep gives identical tables on the local pool and on a Dask
LocalCluster; an interrupted sweep resumes without rerunning finished points; a point
with a bad override is recorded as failed while the others complete; an unknown
parameter is an error naming it before any point runs; Slurm gets a job-array script."""
import csv
import os
import signal
import subprocess
import time

import yaml

from conftest import PYTHON, SCRIPTS, TRACES, TIMEOUT_S, run_script

TRIANGLE = str(TRACES / "triangle.yaml")


def write_spec(folder, **changes):
    spec = {"config": "small",
            "parameters": {"rop.quads_per_cycle": [1, 2], "raster.quads_per_cycle": {"start": 1, "stop": 2}},
            "product": "cross", "traces": [TRIANGLE], "repetitions": 1, "output": "out",
            "stats": ["run.cycles", "run.draws", "stats.rop.busy_cycles.value"],
            "plots": ["run.cycles"]}
    spec.update(changes)
    path = folder / "spec.yaml"
    path.write_text(yaml.safe_dump(spec, sort_keys=False))
    return path


def table(folder):
    return (folder / "out" / "results.csv").read_text()


def rows(folder):
    with open(folder / "out" / "results.csv", newline="") as f:
        return list(csv.DictReader(f))


def test_local_pool_and_dask_give_identical_tables(tmp_path):
    local, dask = tmp_path / "local", tmp_path / "dask"
    local.mkdir()
    dask.mkdir()
    run_script("sweep.py", write_spec(local), "-j", "2", "--quiet")
    from distributed import LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        run_script("sweep.py", write_spec(dask), "--dask", cluster.scheduler_address, "--quiet")
    assert table(local) == table(dask)
    r = rows(local)
    assert [x["point"] for x in r] == ["0", "1", "2", "3"]
    assert [(x["rop.quads_per_cycle"], x["raster.quads_per_cycle"]) for x in r] == \
        [("1", "1"), ("1", "2"), ("2", "1"), ("2", "2")]
    assert all(x["status"] == "done" and int(x["run.cycles"]) > 0 and x["run.draws"] == "1" for x in r)
    for i in range(4):
        assert (local / "out" / "points" / ("p%04d" % i) / "results" / "stats.json").exists()
    plots = sorted(os.listdir(local / "out" / "plots"))
    assert plots == ["run.cycles_heatmap_rop.quads_per_cycle_raster.quads_per_cycle.png",
                     "run.cycles_vs_raster.quads_per_cycle.png", "run.cycles_vs_rop.quads_per_cycle.png"]
    assert (local / "out" / "plots" / plots[0]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_interrupted_sweep_resumes_without_rerunning_finished_points(tmp_path):
    spec = write_spec(tmp_path, parameters={"rop.quads_per_cycle": [1, 2, 3, 4, 5, 6, 7, 8]})
    proc = subprocess.Popen([PYTHON, str(SCRIPTS / "sweep.py"), str(spec), "-j", "1"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    points = tmp_path / "out" / "points"
    deadline = time.monotonic() + TIMEOUT_S
    while not (points / "p0000" / "point.json").exists():
        assert time.monotonic() < deadline and proc.poll() is None, "no point finished"
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=TIMEOUT_S)
    finished = {p: os.stat(points / p / "point.json").st_mtime_ns
                for p in os.listdir(points) if (points / p / "point.json").exists()}
    assert "p0000" in finished and len(finished) < 8  # stopped part way
    assert [x["status"] for x in rows(tmp_path)].count("pending") == 8 - len(finished)

    done = run_script("sweep.py", spec, "-j", "1")
    assert "%d of 8 points already done, skipped" % len(finished) in done.stderr
    for p, mtime in finished.items():  # untouched: not run again
        assert os.stat(points / p / "point.json").st_mtime_ns == mtime
    assert [x["status"] for x in rows(tmp_path)] == ["done"] * 8
    again = run_script("sweep.py", spec)
    assert "8 of 8 points already done" in again.stderr


def test_bad_override_point_fails_and_the_others_complete(tmp_path):
    spec = write_spec(tmp_path, parameters={"rop.quads_per_cycle": [1, "lots", 2]})
    done = run_script("sweep.py", spec, "-j", "2", check=False)
    assert done.returncode == 1
    r = rows(tmp_path)
    assert [x["status"] for x in r] == ["done", "failed", "done"]
    assert "rop.quads_per_cycle" in r[1]["error"] and "lots" in r[1]["error"]
    assert r[1]["run.cycles"] == "" and int(r[0]["run.cycles"]) > 0 and int(r[2]["run.cycles"]) > 0
    assert not (tmp_path / "out" / "points" / "p0001" / "results").exists()


def test_unknown_parameter_is_an_error_before_any_point_runs(tmp_path):
    spec = write_spec(tmp_path, parameters={"rop.quads_per_cycle": [1, 2], "rop.warp_drive": [1],
                                            "shader.cores": [1], "rop": [1]})
    done = run_script("sweep.py", spec, check=False)
    assert done.returncode == 2
    assert "'rop.warp_drive', 'rop'" in done.stderr and "shader.cores'" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_zip_product_and_bad_spec_keys(tmp_path):
    spec = write_spec(tmp_path, product="zip", repetitions=2,
                      parameters={"rop.quads_per_cycle": [1, 2], "raster.quads_per_cycle": [2, 1]})
    run_script("sweep.py", spec, "--quiet")
    r = rows(tmp_path)
    assert [(x["rop.quads_per_cycle"], x["raster.quads_per_cycle"], x["repetition"]) for x in r] == \
        [("1", "2", "0"), ("1", "2", "1"), ("2", "1", "0"), ("2", "1", "1")]
    assert r[0]["run.cycles"] == r[1]["run.cycles"]  # a repetition simulates the same cycles
    bad = write_spec(tmp_path, prodcut="zip")
    done = run_script("sweep.py", bad, check=False)
    assert done.returncode == 2 and "prodcut" in done.stderr


def test_slurm_writes_a_job_array_for_pending_points(tmp_path):
    spec = write_spec(tmp_path)
    done = run_script("sweep.py", spec, "--slurm")
    script = tmp_path / "out" / "slurm" / "sweep.sbatch"
    text = script.read_text()
    assert "#SBATCH --array=0-3" in text and "gfxsim.sweep --run-point" in text
    assert "sbatch %s" % script in done.stdout and "--collect" in done.stdout
    assert sorted(os.listdir(tmp_path / "out" / "slurm" / "points")) == ["p%04d.json" % i for i in range(4)]
    # What an array task runs, by hand for task 2, then the collect step.
    env = dict(os.environ)
    task = subprocess.run([PYTHON, "-m", "gfxsim.sweep", "--run-point",
                           str(tmp_path / "out" / "slurm" / "points" / "p0002.json")],
                          env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
    assert task.returncode == 0, task.stderr
    run_script("sweep.py", spec, "--collect", check=False)
    assert [x["status"] for x in rows(tmp_path)] == ["pending", "pending", "done", "pending"]
