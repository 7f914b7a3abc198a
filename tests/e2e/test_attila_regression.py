"""The ATTILA regression target (scripts/attila_regression.py, issue 16 point 3): on a
regression set written here, a capture whose reference frame is gfxsim's own passes with
PSNR inf, one whose reference differs in known pixels fails with the PSNR that the
difference gives, one without a reference frame is a documented exception, and one whose
data file is missing is incomplete, naming the file. On the shared captures (skipped when
absent) it runs and reports cycles beside ATTILA's."""
import math
import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from conftest import SOURCE_DIR, check_ok

SCRIPT = SOURCE_DIR / "scripts" / "attila_regression.py"
CAPTURE = """GLI0.t
glViewport(0,0,16,16)
glClearColor(0,0,1,1)
glClear(GL_COLOR_BUFFER_BIT)
glBegin(GL_TRIANGLES)
glColor3f(1,0,0)
glVertex2f(-1,-1)
glVertex2f(1,-1)
glVertex2f(-1,1)
glEnd()
wglSwapBuffers(0)=TRUE
"""
NO_DATA = """GLI0.t
glViewport(0,0,16,16)
glEnableClientState(GL_VERTEX_ARRAY)
glVertexPointer(3,GL_FLOAT,0,*1)
glDrawArrays(GL_TRIANGLES,0,3)
wglSwapBuffers(0)=TRUE
"""


def build_dir(gfxsim_exe):
    return Path(gfxsim_exe).parent


def regression(build, workloads, *captures, work):
    env = dict(os.environ, GFXSIM_WORKLOADS=str(workloads))
    return subprocess.run([sys.executable, str(SCRIPT), "--build", str(build), "--work", str(work), *captures],
                          capture_output=True, text=True, env=env, timeout=600)


def write_png_rgb(path, width, rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(tag, body):
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def test_verdicts_on_a_regression_set_written_here(gfxsim_exe, tmp_path):
    sys.path.insert(0, str(SOURCE_DIR / "scripts"))
    import attila_regression as reg
    attila = tmp_path / "wl" / "attila"
    for name, text in (("same", CAPTURE), ("differs", CAPTURE), ("noref", CAPTURE), ("nodata", NO_DATA)):
        (attila / "ogl" / name / "reference").mkdir(parents=True)
        (attila / "ogl" / name / "cap.txt").write_text(text)
        (attila / "ogl" / name / "reference" / "output.txt").write_text("END Cycle 1000 ---\n")
    (attila / "regression_list").write_text("".join(
        "ogl/%s, bGPU.ini, cap.txt, 1, 0, 90\n" % n for n in ("same", "differs", "noref", "nodata")))
    # gfxsim's own frame as the reference of "same"; the same with 10 pixels' red changed
    # by 255 for "differs"
    work = tmp_path / "work"
    first = regression(build_dir(gfxsim_exe), tmp_path / "wl", "ogl/same", work=work)
    assert first.returncode == 0, first.stdout + first.stderr
    ours = work / "ogl_same.timing" / "frames" / "frame_0000.png"
    shutil.copy(ours, attila / "ogl" / "same" / "reference" / "frame0000.sim.png")
    w, h, rows = reg.read_rgb(ours)
    rows = [bytearray(r) for r in rows]
    for i in range(10):
        rows[i][0] ^= 0xFF
    write_png_rgb(attila / "ogl" / "differs" / "reference" / "frame0000.sim.png", w, rows)
    shutil.rmtree(work)

    p = regression(build_dir(gfxsim_exe), tmp_path / "wl", work=work)
    assert p.returncode == 1, p.stdout + p.stderr  # "differs" fails
    lines = {l.split()[0]: l for l in p.stdout.splitlines()[1:]}
    assert set(lines) == {"ogl/same", "ogl/differs", "ogl/noref", "ogl/nodata"}
    assert lines["ogl/same"].split()[5:8] == ["inf", "0", "pass"]
    expected = 10 * math.log10(255 * 255 / (10 * 255 * 255 / (w * h * 3)))  # PSNR of 10 full-scale bytes
    cells = lines["ogl/differs"].split()
    assert cells[5:8] == ["%.1f" % expected, "10", "fail:"]
    assert "PSNR %.1f dB under the threshold 90" % expected in lines["ogl/differs"]
    assert lines["ogl/noref"].endswith("exception: no reference frame frame0000.sim.png in this snapshot")
    assert "incomplete: " in lines["ogl/nodata"] and "BufferDescriptors.dat" in lines["ogl/nodata"]
    # ATTILA's cycles from output.txt beside ours, with the ratio
    same = lines["ogl/same"].split()
    assert same[2] == "1000" and same[4] == "%.2f" % (int(same[3]) / 1000)
    # the imports are kept and reused
    assert sorted(f.name for f in work.glob("*.gfxt")) == ["ogl_differs.gfxt", "ogl_noref.gfxt", "ogl_same.gfxt"]


def test_unknown_capture_and_missing_workloads_exit_2(gfxsim_exe, tmp_path):
    p = regression(build_dir(gfxsim_exe), tmp_path / "none", work=tmp_path / "w")
    assert p.returncode == 2 and "ATTILA captures not found" in p.stderr
    (tmp_path / "wl" / "attila").mkdir(parents=True)
    (tmp_path / "wl" / "attila" / "regression_list").write_text("ogl/a, bGPU.ini, a.txt, 1, 0, 90\n")
    p = regression(build_dir(gfxsim_exe), tmp_path / "wl", "ogl/b", work=tmp_path / "w")
    assert p.returncode == 2 and "not in " in p.stderr and "ogl/b" in p.stderr


def test_shared_captures(gfxsim_exe, tmp_path):
    folder = Path(os.environ.get("GFXSIM_WORKLOADS", SOURCE_DIR.parent / "shared" / "workloads"))
    if not (folder / "attila" / "regression_list").is_file():
        pytest.skip(f"ATTILA captures not found in {folder / 'attila'} (set GFXSIM_WORKLOADS)")
    p = regression(build_dir(gfxsim_exe), folder, "ogl/triangle", "d3d/triangle", "ogl/bunny", work=tmp_path)
    rows = {l.split()[0]: l.split() for l in p.stdout.splitlines()[1:]}
    assert rows["ogl/triangle"][2] == "3493" and int(rows["ogl/triangle"][3]) > 0
    assert rows["d3d/triangle"][2] == "19525" and int(rows["d3d/triangle"][3]) > 0
    assert "incomplete:" in rows["ogl/bunny"] and p.stdout.count("MemoryRegions.dat") == 1
    assert p.returncode == 0, p.stdout + p.stderr  # no reference frames in the snapshot: exceptions
