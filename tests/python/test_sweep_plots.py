"""Sweep specs and plots as an architect reads them: an unknown stats path is an error
before any point runs; a stat object's path gives its value; plots label their axes with
units, start at zero, use a log2 x axis for power-of-two parameters, sort legends by value,
and a two-parameter sweep gets a heatmap; sweep.collect() from Python writes the plots; the
LocalCluster example of docs/python.md runs as printed."""
import json
import os

import yaml

from conftest import TRACES, run_script

TRIANGLE = str(TRACES / "triangle.yaml")


def write_spec(folder, **changes):
    spec = {"config": "small", "parameters": {"rop.quads_per_cycle": [1, 2]}, "traces": [TRIANGLE],
            "output": "out", "stats": ["run.cycles"], "plots": False}
    spec.update(changes)
    path = folder / "spec.yaml"
    path.write_text(yaml.safe_dump(spec, sort_keys=False))
    return path


def test_unknown_stats_path_is_an_error_before_any_point_runs(tmp_path):
    spec = write_spec(tmp_path, stats=["run.cycles", "stats.rop.busy_cycle", "stats.rop.quads.value"])
    done = run_script("sweep.py", spec, check=False)
    assert done.returncode == 2, done.stderr
    assert "'stats.rop.busy_cycle' (did you mean 'stats.rop.busy_cycles'?)" in done.stderr
    assert "'run.cycles'" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_an_unknown_plot_is_checked_too_and_plots_join_the_table(tmp_path):
    spec = write_spec(tmp_path, plots=["run.cyles"])
    done = run_script("sweep.py", spec, check=False)
    assert done.returncode == 2 and "'run.cyles' (did you mean 'run.cycles'?)" in done.stderr
    from gfxsim import sweep_spec
    spec = sweep_spec.load_spec(write_spec(tmp_path, plots=["stats.rop.busy_cycles"]))
    assert spec["stats"] == ["run.cycles", "stats.rop.busy_cycles"]


def test_bad_plot_options_name_the_key(tmp_path):
    for options, message in (({"log2": True}, "unknown plot_options key(s) log2"),
                             ({"heatmap": "yes"}, "plot_options.heatmap must be true or false"),
                             ({"log2_x": 2}, "plot_options.log2_x must be true, false or auto")):
        done = run_script("sweep.py", write_spec(tmp_path, plot_options=options), check=False)
        assert done.returncode == 2 and message in done.stderr, done.stderr


def test_a_stat_object_path_gives_its_value(tmp_path):
    spec = write_spec(tmp_path, parameters={"rop.quads_per_cycle": [2]},
                      stats=["stats.rop.busy_cycles", "stats.rop.busy_cycles.value", "stats.rop.busy_cycles.unit"])
    run_script("sweep.py", spec, "--quiet")
    with open(tmp_path / "out" / "results.csv") as f:
        header, row = f.read().splitlines()
    cells = dict(zip(header.split(","), row.split(",")))
    stats = json.loads((tmp_path / "out" / "points" / "p0000" / "results" / "stats.json").read_text())
    expected = stats["stats"]["rop"]["busy_cycles"]["value"]
    assert expected > 0
    assert cells["stats.rop.busy_cycles"] == cells["stats.rop.busy_cycles.value"] == str(expected)
    assert cells["stats.rop.busy_cycles.unit"] == "cycles"


def fake_sweep(tmp_path, parameters, traces=("a.gfxt",), value=lambda params, trace: 1.0):
    """A spec and rows of a finished sweep without running anything: each done point has a
    stats.json with a unit on the plotted stat."""
    from gfxsim import sweep_spec
    spec = {"file": str(tmp_path / "spec.yaml"), "parameters": parameters, "product": "cross",
            "traces": list(traces), "trace_paths": {t: t for t in traces}, "repetitions": 1,
            "output": str(tmp_path / "out"), "mode": "timing", "config": "small",
            "stats": ["stats.memory.l2.hit_rate"], "plots": ["stats.memory.l2.hit_rate"],
            "plot_options": dict(sweep_spec.PLOT_OPTIONS)}
    spec["points"] = sweep_spec.expand_points(spec)
    rows = []
    for p in spec["points"]:
        os.makedirs(os.path.join(p["folder"], "results"))
        v = value(p["params"], p["trace"])
        with open(os.path.join(p["folder"], "results", "stats.json"), "w") as f:
            json.dump({"stats": {"memory": {"l2": {"hit_rate": {"value": v, "unit": "ratio"}}}}}, f)
        row = {"point": p["id"], "trace": p["trace"], "status": "done", "stats.memory.l2.hit_rate": v}
        row.update(p["params"])
        rows.append(row)
    return spec, rows


def figures_of(monkeypatch, spec, rows):
    """Runs plot_sweep and keeps its figures (it closes each after saving)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from gfxsim import sweep_plots
    kept = []
    monkeypatch.setattr(plt, "close", lambda fig=None: kept.append(fig) if hasattr(fig, "axes") else None)
    paths = sweep_plots.plot_sweep(spec, rows)
    return [os.path.basename(p) for p in paths], kept


def test_line_plots_have_units_zero_origin_log2_axes_and_numeric_legends(tmp_path, monkeypatch):
    spec, rows = fake_sweep(tmp_path, {"memory.l2.size_kib": [64, 128, 256, 512], "shader.cores": [2, 16, 4]},
                            value=lambda p, t: 0.5 + p["memory.l2.size_kib"] / 2048.0)
    spec["plot_options"]["heatmap"] = False
    names, figs = figures_of(monkeypatch, spec, rows)
    assert names == ["stats.memory.l2.hit_rate_vs_memory.l2.size_kib.png",
                     "stats.memory.l2.hit_rate_vs_shader.cores.png"]
    ax = figs[0].axes[0]
    assert ax.get_xlabel() == "memory.l2.size_kib (KiB)"
    assert ax.get_ylabel() == "stats.memory.l2.hit_rate (ratio)"
    assert ax.get_xscale() == "log"  # 64..512: powers of two
    assert ax.get_ylim()[0] == 0
    assert [t.get_text() for t in ax.get_legend().get_texts()] == \
        ["a.gfxt, shader.cores=2", "a.gfxt, shader.cores=4", "a.gfxt, shader.cores=16"]
    ax = figs[1].axes[0]
    assert ax.get_xscale() == "log"  # 2, 4, 16
    assert ax.get_xlim()[0] < 2 and ax.get_ylim()[0] == 0
    assert ax.get_legend().get_texts()[0].get_text() == "a.gfxt, memory.l2.size_kib=64"


def test_linear_axes_start_at_zero_unless_asked_otherwise(tmp_path, monkeypatch):
    spec, rows = fake_sweep(tmp_path, {"shader.cores": [3, 5, 6]}, value=lambda p, t: 10.0 + p["shader.cores"])
    _, figs = figures_of(monkeypatch, spec, rows)
    ax = figs[0].axes[0]
    assert ax.get_xscale() == "linear" and ax.get_xlim()[0] == 0 and ax.get_ylim()[0] == 0
    spec["plot_options"].update(from_zero=False, log2_x=True)
    _, figs = figures_of(monkeypatch, spec, rows)
    ax = figs[0].axes[0]
    assert ax.get_xscale() == "log" and ax.get_ylim()[0] > 10


def test_two_parameter_sweep_gets_a_heatmap_per_trace(tmp_path, monkeypatch):
    spec, rows = fake_sweep(tmp_path, {"memory.l2.size_kib": [128, 256], "shader.cores": [4, 1, 2]},
                            traces=("a.gfxt", "b.gfxt"),
                            value=lambda p, t: p["shader.cores"] * 10 + p["memory.l2.size_kib"] / 128)
    names, figs = figures_of(monkeypatch, spec, rows)
    assert names[-2:] == ["stats.memory.l2.hit_rate_heatmap_memory.l2.size_kib_shader.cores_a.png",
                          "stats.memory.l2.hit_rate_heatmap_memory.l2.size_kib_shader.cores_b.png"]
    ax = figs[-1].axes[0]
    assert ax.get_xlabel() == "memory.l2.size_kib (KiB)" and ax.get_ylabel() == "shader.cores"
    cells = [t.get_text() for t in ax.texts]
    # rows are cores 1, 2, 4 from the bottom; columns 128, 256 KiB
    assert cells == ["11", "12", "21", "22", "41", "42"]
    assert figs[-1].axes[1].get_ylabel() == "stats.memory.l2.hit_rate (ratio)"


def test_collect_from_python_writes_the_plots(tmp_path):
    spec_path = write_spec(tmp_path, parameters={"rop.quads_per_cycle": [1, 2]}, plots=["run.cycles"])
    run_script("sweep.py", spec_path, "--quiet")
    plots = tmp_path / "out" / "plots"
    for f in plots.iterdir():
        f.unlink()
    from gfxsim import sweep, sweep_spec
    rows = sweep.collect(sweep_spec.load_spec(spec_path))
    assert [r["status"] for r in rows] == ["done", "done"]
    assert [os.path.basename(p) for p in rows.plots] == ["run.cycles_vs_rop.quads_per_cycle.png"]
    assert sorted(os.listdir(plots)) == ["run.cycles_vs_rop.quads_per_cycle.png"]


def test_the_local_cluster_example_in_python_md_runs_as_printed(tmp_path):
    import re
    import subprocess
    from conftest import PYTHON, SOURCE_DIR, TIMEOUT_S
    doc = (SOURCE_DIR / "docs" / "python.md").read_text()
    section = doc.split("### Sweeps from Python, on a Dask LocalCluster", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    script = tmp_path / "cores_sweep.py"
    script.write_text(code)
    spec = write_spec(tmp_path, parameters={"rop.quads_per_cycle": [1, 2]}, plots=["run.cycles"])
    done = subprocess.run([PYTHON, str(script), str(spec)], capture_output=True, text=True,
                          timeout=TIMEOUT_S, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("2 points, 0 not done; plots: ")
    assert (tmp_path / "out" / "results.csv").exists()
    assert (tmp_path / "out" / "plots" / "run.cycles_vs_rop.quads_per_cycle.png").exists()
