"""The results folder loses nothing: gfxsim never deletes a file it did not write, a failed,
interrupted or killed run leaves no visible partial results, the hidden work folder of a
killed run is removed by the next run in that place, and a full disk or an impossible path
is an error that names the path (model/gpu/results_dir.cpp).
"""
import os
import resource
import signal
import socket
import subprocess
import time

import pytest

from conftest import RUN_TIMEOUT_S, TRACES, check_ok

TRIANGLE = TRACES / "triangle.yaml"
SCENE = TRACES / "scene640.gfxt"
MANIFEST = ".gfxsim-results"


def listing(folder):
    """Every path under `folder`, relative, sorted (hidden ones too)."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def hidden(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def dead_pid():
    """The pid of a process that has ended (pids are not reused at once)."""
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


def test_existing_user_folder_is_refused_and_kept(gfxsim, tmp_path):
    keep = tmp_path / "keep"
    keep.mkdir()
    (keep / "thesis.txt").write_text("four years of work")
    p = gfxsim(TRIANGLE, "-o", keep, "--quiet")
    assert p.returncode == 1, p.stderr
    line = p.stderr.strip()
    assert str(keep) in line and "thesis.txt" in line and "--force" in line
    assert listing(keep) == ["thesis.txt"]
    assert (keep / "thesis.txt").read_text() == "four years of work"
    assert listing(tmp_path) == ["keep", "keep/thesis.txt"]


def test_existing_file_is_refused_even_with_force(gfxsim, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("notes")
    for extra in ([], ["--force"]):
        p = gfxsim(TRIANGLE, "-o", notes, "--quiet", *extra)
        assert p.returncode == 1, p.stderr
        assert "notes.txt: exists and is not a folder" in p.stderr
        assert notes.is_file() and notes.read_text() == "notes"
        assert listing(tmp_path) == ["notes.txt"]


def test_force_adds_results_and_keeps_other_files(gfxsim, tmp_path):
    keep = tmp_path / "keep"
    keep.mkdir()
    (keep / "thesis.txt").write_text("mine")
    check_ok(gfxsim(SCENE, "-m", "functional", "-o", keep, "--quiet", "--force"))
    assert len(list((keep / "frames").iterdir())) == 4
    assert (keep / "thesis.txt").read_text() == "mine"
    # A second forced run replaces what gfxsim wrote there (frames 1-3 of the longer run
    # included) and nothing else.
    check_ok(gfxsim(TRIANGLE, "-m", "functional", "-o", keep, "--quiet", "--force"))
    assert listing(keep) == sorted([MANIFEST, "config.yaml", "draws.csv", "frames",
                                    "frames/frame_0000.png", "stats.json", "thesis.txt"])
    assert (keep / "thesis.txt").read_text() == "mine"
    assert hidden(tmp_path) == []


def test_results_folder_with_a_user_file_added_is_no_longer_replaced(gfxsim, tmp_path):
    out = tmp_path / "out"
    check_ok(gfxsim(TRIANGLE, "-o", out, "--quiet"))
    (out / "analysis.ipynb").write_text("{}")
    p = gfxsim(TRIANGLE, "-o", out, "--quiet")
    assert p.returncode == 1 and "analysis.ipynb" in p.stderr
    assert (out / "analysis.ipynb").read_text() == "{}"
    assert (out / "stats.json").is_file()


def test_empty_existing_folder_becomes_the_results_folder(gfxsim, tmp_path):
    out = tmp_path / "empty"
    out.mkdir()
    check_ok(gfxsim(TRIANGLE, "-o", out, "--quiet"))
    assert (out / "stats.json").is_file() and (out / MANIFEST).is_file()


def test_replace_never_follows_a_manifest_outside_the_folder(gfxsim, tmp_path):
    out = tmp_path / "out"
    check_ok(gfxsim(TRIANGLE, "-o", out, "--quiet"))
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    manifest = out / MANIFEST
    manifest.write_text(manifest.read_text() + "../victim.txt\n")
    check_ok(gfxsim(TRIANGLE, "-o", out, "--quiet"))
    assert victim.read_text() == "precious"


def test_a_failed_run_removes_the_empty_folders_it_created(gfxsim, tmp_path):
    bad = tmp_path / "cut.gfxt"
    bad.write_bytes(SCENE.read_bytes()[:-7])
    p = gfxsim(bad, "-o", tmp_path / "new" / "deep" / "out")
    assert p.returncode == 1, p.stderr
    assert listing(tmp_path) == ["cut.gfxt"]


def test_stale_work_folders_of_dead_runs_are_removed(gfxsim, tmp_path):
    host, pid = socket.gethostname(), dead_pid()
    stale = [".out.partial-%s-%d" % (host, pid), ".out.partial-%s-%d.old" % (host, pid),
             ".out.partial-%d" % pid]  # the last: the name earlier gfxsim versions used
    others = [".out.partial-%s-%d" % (host, os.getpid()),  # a live run of this host
              ".out.partial-otherhost-%d" % pid,            # another host's, on a shared disk
              ".other.partial-%s-%d" % (host, pid)]         # another results folder's
    for name in stale + others:
        (tmp_path / name / "frames").mkdir(parents=True)
        (tmp_path / name / "frames" / "frame_0000.png").write_bytes(b"x")
    check_ok(gfxsim(TRIANGLE, "-o", tmp_path / "out", "--quiet"))
    assert hidden(tmp_path) == sorted(others)


def test_path_too_long_is_a_named_error(gfxsim, tmp_path):
    out = tmp_path / ("x" * 300) / "out"
    p = gfxsim(TRIANGLE, "-o", out, "--quiet")
    assert p.returncode == 1, p.stderr
    assert "internal error" not in p.stderr
    assert "x" * 300 in p.stderr and "File name too long" in p.stderr
    assert listing(tmp_path) == []


def _limit_file_size(limit):
    def apply():
        # A write past RLIMIT_FSIZE fails with EFBIG, as a write to a full disk fails with
        # ENOSPC; the signal that comes with it is ignored, so the write reports the error.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


@pytest.mark.parametrize("limit", [200, 20000])
def test_full_disk_is_an_error_and_keeps_the_previous_results(gfxsim_exe, gfxsim, tmp_path, limit):
    out = tmp_path / "out"
    check_ok(gfxsim(TRIANGLE, "-o", out, "--quiet"))
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    p = subprocess.run([gfxsim_exe, str(SCENE), "-o", str(out), "--quiet"], capture_output=True,
                       text=True, timeout=RUN_TIMEOUT_S, preexec_fn=_limit_file_size(limit))
    assert p.returncode == 1, p.stderr
    assert "internal error" not in p.stderr and str(tmp_path) in p.stderr
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert hidden(tmp_path) == []


# A draw long enough to interrupt: a million one-point instances (timing) or 200 million
# (functional).
def long_trace(tmp_path, points):
    path = tmp_path / "long.yaml"
    path.write_text(
        "gfxsim_trace: 1\nwidth: 64\nheight: 48\ncommands:\n"
        "  - create_vertex_declaration: {id: 1, elements: [{stream: 0, offset: 0, type: float3, usage: position}]}\n"
        "  - create_vertex_buffer: {id: 2, bytes: {f32: [0, 0, 0.5]}}\n"
        "  - set_vertex_declaration: {id: 1}\n"
        "  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 12}\n"
        "  - set_render_states: {lighting: false}\n"
        "  - draw_instanced: {topology: point_list, vertex_count_per_instance: 1, instance_count: %d}\n"
        "  - present: {}\n" % points)
    return path


def start_long_run(gfxsim_exe, tmp_path, mode):
    trace = long_trace(tmp_path, 1000000 if mode == "timing" else 200000000)
    parent = tmp_path / "made" / "by" / "run"
    proc = subprocess.Popen([gfxsim_exe, str(trace), "-o", str(parent / "out"), "-m", mode, "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + RUN_TIMEOUT_S
    while not (parent.is_dir() and hidden(parent)):  # the work folder exists: the run is on
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.02)
    time.sleep(0.3)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    return proc, parent


@pytest.mark.parametrize("mode", ["timing", "functional"])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_interrupted_run_removes_its_work_folder(gfxsim_exe, tmp_path, mode, sig):
    proc, _ = start_long_run(gfxsim_exe, tmp_path, mode)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=RUN_TIMEOUT_S)
    assert proc.returncode == -sig, err  # ends by the signal, as shells expect
    assert "interrupted by %s; nothing was written" % signal.Signals(sig).name in err
    assert listing(tmp_path) == ["long.yaml"]  # no work folder, and no parent it created


def test_killed_run_leaves_only_a_hidden_folder_which_the_next_run_removes(gfxsim_exe, gfxsim, tmp_path):
    proc, parent = start_long_run(gfxsim_exe, tmp_path, "timing")
    proc.kill()
    proc.communicate(timeout=RUN_TIMEOUT_S)
    names = [p.name for p in parent.iterdir()]
    assert len(names) == 1 and names[0].startswith(".out.partial-"), names
    check_ok(gfxsim(TRIANGLE, "-o", parent / "out", "--quiet"))
    assert sorted(p.name for p in parent.iterdir()) == ["out"]


def test_a_failed_run_keeps_what_other_runs_wrote_in_the_folders_it_created(gfxsim_exe, gfxsim, tmp_path):
    # Run B makes made/by/run/ for its results; run A writes made/a meanwhile; B then fails.
    # B must remove only its own work folder and the folders it made that are still empty.
    proc, parent = start_long_run(gfxsim_exe, tmp_path, "timing")
    made = tmp_path / "made"
    check_ok(gfxsim(TRIANGLE, "-o", made / "a", "--quiet"))
    check_ok(gfxsim(TRIANGLE, "-o", made / "by" / "b", "--quiet"))
    proc.terminate()
    proc.communicate(timeout=RUN_TIMEOUT_S)
    assert proc.returncode == -signal.SIGTERM
    assert sorted(p.name for p in made.iterdir()) == ["a", "by"]
    assert sorted(p.name for p in (made / "by").iterdir()) == ["b"]  # run/ was empty: removed
    assert (made / "a" / "stats.json").is_file() and (made / "by" / "b" / "stats.json").is_file()


def test_a_folder_holding_only_an_empty_folder_is_not_empty(gfxsim, tmp_path):
    (tmp_path / "keep" / "drafts").mkdir(parents=True)
    p = gfxsim(TRIANGLE, "-o", tmp_path / "keep", "--quiet")
    assert p.returncode == 1 and "(it holds drafts)" in p.stderr, p.stderr
    assert listing(tmp_path) == ["keep", "keep/drafts"]
