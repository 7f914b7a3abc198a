"""Time-resolved output (issue 17 point 1): --interval writes intervals.csv, whose rows add
up to the run's counters; --timeline writes a Chrome/Perfetto trace-event file of
scene640 whose unit spans add up to each unit's activity counters, whose frames and draws
are the run's, and which stays small. Neither changes the run's cycles or frames."""
import csv
import json

import pytest

from conftest import TRACES, check_ok, frame_files, load_stats

SCENE = TRACES / "scene640.gfxt"
ACTIVITIES = ("busy", "stall_memory", "stall_output", "wait", "idle")
CORE_MHZ = 600.0  # baseline's clock.core_mhz; the timeline's times are cycles / MHz


@pytest.fixture(scope="module")
def scene(gfxsim, tmp_path_factory):
    folder = tmp_path_factory.mktemp("timeline")
    timeline = folder / "scene640.json"
    check_ok(gfxsim(SCENE, "-o", folder / "results", "--quiet", "--interval", "10000",
                    "--timeline", timeline))
    check_ok(gfxsim(SCENE, "-o", folder / "plain", "--quiet"))
    return folder / "results", timeline, folder / "plain"


def groups_with_activity(stats, prefix=""):
    out = {}
    for k, v in stats.items():
        if isinstance(v, dict) and "value" not in v and "bins" not in v:
            if "busy_cycles" in v:
                out[prefix + k] = {a: v[a + "_cycles"]["value"] for a in ACTIVITIES}
            out.update(groups_with_activity(v, prefix + k + "."))
    return out


def test_outputs_change_neither_cycles_nor_frames(scene):
    results, _, plain = scene
    assert load_stats(results)["run"]["cycles"] == load_stats(plain)["run"]["cycles"] == 296815
    assert [f.read_bytes() for f in frame_files(results)] == [f.read_bytes() for f in frame_files(plain)]
    assert load_stats(results)["stats"] == load_stats(plain)["stats"]


def test_intervals_add_up_to_the_run(scene):
    results, _, _ = scene
    stats = load_stats(results)
    cycles = stats["run"]["cycles"]
    with open(results / "intervals.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == (cycles + 9999) // 10000 == 30
    assert [int(r["interval"]) for r in rows] == list(range(30))
    assert all(int(r["end_cycle"]) - int(r["start_cycle"]) == int(r["cycles"]) for r in rows)
    assert [int(r["cycles"]) for r in rows] == [10000] * 29 + [cycles - 290000]
    # every unit's five activity columns add up to the row's cycles
    units = groups_with_activity(stats["stats"])
    for r in rows:
        for u in units:
            assert sum(int(r["%s.%s_cycles" % (u, a)]) for a in ACTIVITIES) == int(r["cycles"]), (u, r["interval"])
    # and every counter column sums to the counter's value in stats.json
    leaves = {}

    def walk(tree, prefix=""):
        for k, v in tree.items():
            if isinstance(v, dict) and "value" in v:
                leaves[prefix + k] = v["value"]
            elif isinstance(v, dict):
                walk(v, prefix + k + ".")
    walk(stats["stats"])
    columns = [c for c in rows[0] if c not in ("interval", "start_cycle", "end_cycle", "cycles")]
    assert len(columns) > 300
    for c in columns:
        assert sum(int(r[c]) for r in rows) == leaves[c], c


def test_timeline_is_small_valid_trace_event_json(scene):
    _, timeline, _ = scene
    assert timeline.stat().st_size < 400_000  # 147 KB at the default resolution of 1000 cycles
    doc = json.loads(timeline.read_text())
    events = doc["traceEvents"]
    for e in events:
        assert e["ph"] in ("M", "X", "C") and e["pid"] == 1
        if e["ph"] == "X":
            assert e["dur"] > 0 and e["ts"] >= 0 and isinstance(e["tid"], int)
        if e["ph"] == "C":
            assert len(e["args"]) == 1 and isinstance(list(e["args"].values())[0], (int, float))
    names = {e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    assert names[1] == "command processor: frames"
    assert any(n.startswith("command processor: draws ") for n in names.values())


def test_unit_spans_add_up_to_the_activity_counters(scene):
    results, timeline, _ = scene
    stats = load_stats(results)
    cycles = stats["run"]["cycles"]
    events = json.loads(timeline.read_text())["traceEvents"]
    names = {e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    units = groups_with_activity(stats["stats"])
    unit_tids = {tid: n for tid, n in names.items() if n in units}
    assert set(unit_tids.values()) == {u for u in units if "." not in u}  # one track per timing unit
    for tid, unit in unit_tids.items():
        spans = sorted((e for e in events if e["ph"] == "X" and e["tid"] == tid), key=lambda e: e["ts"])
        # contiguous from 0 to the end of the run, neighbours different
        assert spans[0]["ts"] == 0
        for a, b in zip(spans, spans[1:]):
            assert b["ts"] == pytest.approx(a["ts"] + a["dur"], abs=1e-6)
            assert a["name"] != b["name"]
        assert spans[-1]["ts"] + spans[-1]["dur"] == pytest.approx(cycles / CORE_MHZ)
        totals = {a: sum(s["args"].get(a + "_cycles", 0) for s in spans) for a in ACTIVITIES}
        assert totals == units[unit], unit
        for s in spans:  # a span is named after the activity with the most cycles in it... per stretch
            assert s["name"] in ACTIVITIES and s["args"].get(s["name"] + "_cycles", 0) > 0


def test_frames_draws_queues_and_dram(scene):
    results, timeline, _ = scene
    stats = load_stats(results)
    events = json.loads(timeline.read_text())["traceEvents"]
    frames = sorted((e for e in events if e["ph"] == "X" and e["tid"] == 1), key=lambda e: e["ts"])
    assert [(f["name"], f["ts"], f["ts"] + f["dur"]) for f in frames] == [
        ("frame %d" % f["frame"], pytest.approx(f["start_cycle"] / CORE_MHZ), pytest.approx(f["end_cycle"] / CORE_MHZ))
        for f in stats["frames"]]
    draws = [e for e in events if e["ph"] == "X" and e["tid"] >= 1000]
    assert len(draws) == stats["run"]["draws"] == 140
    lanes = {}
    for d in sorted(draws, key=lambda e: e["ts"]):  # draws on one lane never overlap
        end = lanes.get(d["tid"], -1.0)
        assert d["ts"] >= end - 1e-9
        lanes[d["tid"]] = d["ts"] + d["dur"]
    counters = {e["name"] for e in events if e["ph"] == "C"}
    assert {"queue " + q for q in stats["stats"]["queues"]} <= counters
    assert "DRAM bandwidth" in counters
    # GB/s over each stretch, integrated over the run, is every byte DRAM moved
    bw = sorted((e for e in events if e["ph"] == "C" and e["name"] == "DRAM bandwidth"), key=lambda e: e["ts"])
    end = stats["run"]["cycles"] / CORE_MHZ
    moved = sum(e["args"]["GB/s"] * ((n["ts"] if n else end) - e["ts"]) * 1000.0
                for e, n in zip(bw, bw[1:] + [None]))
    clients = stats["stats"]["memory"]["dram"]["clients"]
    total = sum(c["bytes_read"]["value"] + c["bytes_written"]["value"] for c in clients.values())
    assert moved == pytest.approx(total, rel=1e-9)


@pytest.mark.parametrize("args, message", [
    (["--interval", "0"], "--interval must be a positive number of cycles, not 0"),
    (["--timeline-resolution", "10"], "--timeline-resolution needs --timeline FILE"),
    (["-m", "functional", "--timeline", "t.json"], "--interval and --timeline need timing mode"),
])
def test_bad_options_are_usage_errors(gfxsim, tmp_path, args, message):
    p = gfxsim(TRACES / "triangle.yaml", "-o", tmp_path / "out", *args, cwd=tmp_path)
    assert p.returncode == 2 and p.stderr.startswith("gfxsim: " + message), p.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_failed_run_writes_no_timeline(gfxsim, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text((TRACES / "triangle.yaml").read_text().replace("draw_primitive", "draw_primitve"))
    p = gfxsim(bad, "-o", tmp_path / "out", "--timeline", tmp_path / "t.json", "--interval", "100")
    assert p.returncode == 1
    assert sorted(f.name for f in tmp_path.iterdir()) == ["bad.yaml"]
