"""Shared fixtures of the Python tests: where the source tree, the gfxsim executable and
the built package are, a PNG decoder for checking pixels, and helpers for sweeps.

The ctest entry (CMakeLists.txt here) sets PYTHONPATH to <build>/python, GFXSIM to the
executable and GFX_SOURCE_DIR. Run by hand, <source>/build is assumed; set GFXSIM_BUILD
to use another build folder. Tests write only into pytest's temporary folders.
"""
import json
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

SOURCE_DIR = Path(os.environ.get("GFX_SOURCE_DIR") or Path(__file__).resolve().parents[2])
BUILD_DIR = Path(os.environ.get("GFXSIM_BUILD") or SOURCE_DIR / "build")
if str(BUILD_DIR / "python") not in sys.path and "gfxsim" not in sys.modules:
    sys.path.insert(0, str(BUILD_DIR / "python"))
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in [str(BUILD_DIR / "python"), os.environ.get("PYTHONPATH")] if p)
GFXSIM = os.environ.get("GFXSIM") or str(BUILD_DIR / "gfxsim")
TRACES = SOURCE_DIR / "traces"
SCRIPTS = SOURCE_DIR / "scripts"
PYTHON = sys.executable
TIMEOUT_S = 120

# Fields of stats.json that measure the host, not the simulated GPU.
HOST_FIELDS = ("wall_seconds", "sim_cycles_per_second", "peak_rss_kib")


def without_host_fields(stats):
    out = json.loads(json.dumps(stats))
    for k in HOST_FIELDS:
        out["run"].pop(k, None)
    return out


def run_cli(*args):
    done = subprocess.run([GFXSIM, *map(str, args)], capture_output=True, text=True, timeout=TIMEOUT_S)
    assert done.returncode == 0, done.stderr
    return done


def run_script(name, *args, check=True):
    done = subprocess.run([PYTHON, str(SCRIPTS / name), *map(str, args)], capture_output=True, text=True,
                          timeout=TIMEOUT_S)
    if check:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


def read_png(path):
    """(width, height, rows of (r, g, b, a)) of an 8-bit RGB or RGBA PNG."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), "only 8-bit RGB/RGBA PNGs"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:(x + 1) * channels]) + ((255,) if channels == 3 else ())
                     for x in range(width)])
        prev = line
    return width, height, rows
