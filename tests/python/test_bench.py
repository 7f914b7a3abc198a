"""The benchmark prints its table (trace, config, cycles, wall and CPU seconds, cycles per
second, peak memory) and compares against a saved baseline."""
import json

import gfxsim
from conftest import GFXSIM, TRACES, run_script


def test_bench_table_save_and_compare(tmp_path):
    saved = tmp_path / "bench.json"
    done = run_script("bench.py", "--gfxsim", GFXSIM, "--traces", "triangle", "--configs", "small",
                      "--modes", "timing", "functional", "--save", saved)
    lines = done.stdout.splitlines()
    assert lines[0].split()[:4] == ["trace", "config", "mode", "sim"] and "peak MiB" in lines[0]
    rows = json.loads(saved.read_text())
    expected = gfxsim.run(str(TRACES / "triangle.yaml"), config="small")["run"]["cycles"]
    assert [(r["trace"], r["config"], r["mode"], r["cycles"]) for r in rows] == \
        [("triangle", "small", "timing", expected), ("triangle", "small", "functional", 0)]
    assert lines[1].split()[3] == str(expected)
    assert all(r["wall_seconds"] > 0 and r["peak_rss_mib"] > 0 for r in rows)
    # CPU seconds are the child's own (user + system), measured by the operating system.
    assert all(r["cpu_seconds"] > 0 for r in rows)
    assert "cpu s" in lines[0] and float(lines[1].split()[6]) == round(rows[0]["cpu_seconds"], 3)

    # A saved baseline whose cycles differ is reported and fails the comparison.
    rows[0]["cycles"] += 1
    saved.write_text(json.dumps(rows))
    again = run_script("bench.py", "--gfxsim", GFXSIM, "--traces", "triangle", "--configs", "small",
                       "--modes", "timing", "--compare", saved, check=False)
    assert again.returncode == 1
    assert "vs saved" in again.stdout and "cycles %d -> %d" % (expected + 1, expected) in again.stdout
    # Both ratios are printed: wall and CPU time against the saved figures.
    row = again.stdout.splitlines()[1].split()
    assert row[9].endswith("x") and row[10].endswith("x")


def test_bench_lists_a_missing_trace_and_goes_on(tmp_path):
    done = run_script("bench.py", "--gfxsim", GFXSIM, "--traces", str(tmp_path / "teapot.gfxt"), "triangle",
                      "--configs", "small", "--modes", "functional")
    assert "missing" in done.stdout.splitlines()[1]
    assert done.stdout.splitlines()[2].startswith("triangle")
