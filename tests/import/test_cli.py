"""gfxsim-import from the command line, on small captures written here (no shared data):
a bad line is one stderr line naming the file, the line and the problem, exit 1;
--skip-unknown lists what it skipped, with counts, on stderr; usage errors exit 2."""
import subprocess

from conftest import _tool

CAPTURE = """GLI0.t
glViewport(0,0,16,16)
glCallList(1)
glBegin(GL_TRIANGLES)
glVertex2f(0,0)
glVertex2f(1,0)
glVertex2f(1,1)
glEnd()
wglSwapBuffers(0)=TRUE
"""


def importer(*args):
    return subprocess.run([_tool("GFXSIM_IMPORT", "gfxsim-import"), *map(str, args)],
                          capture_output=True, text=True, timeout=60)


def test_untranslatable_call_stops_with_file_line_and_call(tmp_path):
    cap = tmp_path / "cap.txt"
    cap.write_text(CAPTURE)
    proc = importer("gli", cap, "-o", tmp_path / "out.gfxt")
    assert proc.returncode == 1
    assert proc.stderr == (f"gfxsim-import: {cap}:3: glCallList: call not supported by the "
                           "importer (--skip-unknown skips it)\n")
    assert not (tmp_path / "out.gfxt").exists()


def test_skip_unknown_lists_the_skipped_calls(tmp_path):
    cap = tmp_path / "cap.txt"
    cap.write_text(CAPTURE)
    out = tmp_path / "out.yaml"
    proc = importer("gli", cap, "-o", out, "--skip-unknown")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"{out}: 16x16, 1 frames, 1 draws from 8 calls\n"
    assert proc.stderr == ("gfxsim-import: skipped 1 calls it cannot translate:\n"
                           "  glCallList x1\n")
    assert "draw_primitive" in out.read_text()


def test_syntax_error_names_the_column(tmp_path):
    cap = tmp_path / "cap.txt"
    cap.write_text("GLI0.t\nglViewport(0,0,16,16\n")
    proc = importer("gli", cap, "-o", tmp_path / "out.gfxt")
    assert proc.returncode == 1
    assert proc.stderr == f"gfxsim-import: {cap}:2:21: expected ')'\n"


def test_usage_errors_exit_2(tmp_path):
    assert importer().returncode == 2
    assert importer("d3d", "x", "-o", "y").returncode == 2
    assert importer("gli", "x").returncode == 2
    assert importer("gli", "x", "-o", "y", "--frames", "0").returncode == 2
