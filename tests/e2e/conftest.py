"""Shared fixtures of the end-to-end tests: where the gfxsim tools and the source tree are,
a way to run the tools, a small PNG decoder, and readers for a results folder.

The ctest entry (CMakeLists.txt here) passes the tool paths in GFXSIM / GFXSIM_TRACE and the
source tree in GFX_SOURCE_DIR. Run by hand, the source tree is found from this file and the
tools in <source>/build; set the variables to point elsewhere. Tests write only into
pytest's temporary folders (tmp_path, tmp_path_factory).
"""
import csv
import json
import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

# No run of the bundled traces takes more than a few seconds; a run that takes this long
# hangs, and the test should say so instead of blocking the suite.
RUN_TIMEOUT_S = 120


def _source_dir():
    env = os.environ.get("GFX_SOURCE_DIR")
    return Path(env) if env else Path(__file__).resolve().parents[2]


SOURCE_DIR = _source_dir()
GOLDEN_DIR = SOURCE_DIR / "tests" / "golden"
DATA_DIR = Path(__file__).resolve().parent / "data"
TRACES = SOURCE_DIR / "traces"


def update_golden():
    """GFX_UPDATE_GOLDEN=1 rewrites the committed golden files instead of comparing."""
    return os.environ.get("GFX_UPDATE_GOLDEN", "") not in ("", "0")


def _tool(env_name, exe):
    env = os.environ.get(env_name)
    candidates = [Path(env)] if env else [SOURCE_DIR / "build" / exe]
    found = shutil.which(exe)
    if not env and found:
        candidates.append(Path(found))
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return str(c)
    pytest.fail(f"{exe} not found (tried {', '.join(map(str, candidates))}); "
                f"set {env_name} to the built executable", pytrace=False)


@pytest.fixture(scope="session")
def gfxsim_exe():
    return _tool("GFXSIM", "gfxsim")


@pytest.fixture(scope="session")
def gfxsim_trace_exe():
    return _tool("GFXSIM_TRACE", "gfxsim-trace")


def run_tool(exe, *args, cwd=None):
    """Runs a tool to completion; returns the CompletedProcess (text stdout/stderr)."""
    return subprocess.run([exe, *map(str, args)], cwd=cwd, capture_output=True, text=True,
                          timeout=RUN_TIMEOUT_S)


@pytest.fixture(scope="session")
def gfxsim(gfxsim_exe):
    """gfxsim(*args, cwd=None) -> CompletedProcess."""
    return lambda *args, cwd=None: run_tool(gfxsim_exe, *args, cwd=cwd)


@pytest.fixture(scope="session")
def gfxsim_trace(gfxsim_trace_exe):
    return lambda *args, cwd=None: run_tool(gfxsim_trace_exe, *args, cwd=cwd)


def check_ok(proc):
    """Asserts a zero exit and returns the process, showing stderr when it failed."""
    assert proc.returncode == 0, f"exit {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    return proc


@pytest.fixture(scope="session")
def run_sim(gfxsim, tmp_path_factory):
    """run_sim(trace, out_name, *options) runs gfxsim into a fresh session folder and returns
    the results folder as a Path (asserting success). Each call makes a new folder."""
    def run(trace, name, *options):
        out = tmp_path_factory.mktemp(name) / "results"
        check_ok(gfxsim(trace, "-o", out, "--quiet", *options))
        return out
    return run


# ---------------------------------------------------------------------------------------
# Results folder readers

def load_stats(results):
    with open(Path(results) / "stats.json", encoding="utf-8") as f:
        return json.load(f)


def load_draws(results):
    """draws.csv as (header, rows), rows as dicts of strings."""
    with open(Path(results) / "draws.csv", newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        return reader.fieldnames, list(reader)


def stat_leaves(tree, prefix=""):
    """Flattens the stats tree to {"a.b.c": {"value", "unit", "desc"}}."""
    out = {}
    for key, node in tree.items():
        path = prefix + key
        if isinstance(node, dict) and "value" in node and "unit" in node:
            out[path] = node
        elif isinstance(node, dict):
            out.update(stat_leaves(node, path + "."))
    return out


def frame_files(results):
    return sorted((Path(results) / "frames").glob("frame_*.png"))


# ---------------------------------------------------------------------------------------
# A minimal PNG decoder: 8-bit RGB or RGBA, non-interlaced, filters 0-4, CRCs checked.

class Png:
    def __init__(self, width, height, rgb):
        self.width, self.height, self.rgb = width, height, rgb  # rgb: bytes, 3 per pixel

    def pixel(self, x, y):
        i = 3 * (y * self.width + x)
        return tuple(self.rgb[i:i + 3])


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _unfilter(raw, width, height, bpp):
    stride = width * bpp
    out = bytearray(stride * height)
    prev = bytearray(stride)
    pos = 0
    for y in range(height):
        ftype = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        if ftype == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif ftype == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 0xFF
        elif ftype == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif ftype == 4:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                upleft = prev[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + _paeth(left, prev[i], upleft)) & 0xFF
        elif ftype != 0:
            raise ValueError(f"row {y}: unknown PNG filter {ftype}")
        out[y * stride:(y + 1) * stride] = line
        prev = line
    return bytes(out)


def read_png(path):
    data = Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG file")
    pos, idat, header = 8, bytearray(), None
    while pos < len(data):
        length, ctype = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(ctype + body) != crc:
            raise ValueError(f"{path}: bad CRC in chunk {ctype!r}")
        if ctype == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif ctype == b"IDAT":
            idat += body
        elif ctype == b"IEND":
            break
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are read here")
    bpp = 3 if colour == 2 else 4
    pixels = _unfilter(zlib.decompress(bytes(idat)), width, height, bpp)
    if bpp == 4:
        pixels = b"".join(pixels[i:i + 3] for i in range(0, len(pixels), 4))
    return Png(width, height, pixels)


def render_both_modes(run_sim, trace, tag):
    """Renders a one-frame trace on the small preset in functional and timing mode;
    returns the two PNG files' bytes (functional, timing)."""
    frames = []
    for mode in ("functional", "timing"):
        out = run_sim(trace, f"{tag}-{mode}", "-c", "small", "-m", mode)
        files = frame_files(out)
        assert len(files) == 1, f"{tag} {mode}: {len(files)} frames"
        frames.append(files[0].read_bytes())
    return frames[0], frames[1]


def wrong_pixels(png_bytes, size, want_of, tmp_path):
    """Pixels of a size x size frame that differ from want_of(x, y) (None: not checked)."""
    path = tmp_path / "frame.png"
    path.write_bytes(png_bytes)
    png = read_png(path)
    assert (png.width, png.height) == (size, size)
    wrong = []
    for y in range(size):
        for x in range(size):
            want = want_of(x, y)
            if want is not None and png.pixel(x, y) != want:
                wrong.append(f"({x},{y}) got {png.pixel(x, y)} want {want}")
    return wrong


def frame_checks(folder, tag_prefix, expected, size):
    """The two checks every folder of one-frame traces gets: for each name of `expected`
    (folder/NAME.yaml, rendered in both modes as tag_prefix + NAME), the functional and timing
    frames are identical, and every pixel is expected[NAME](x, y). A test module takes them as
      rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(...)
    """
    @pytest.fixture(scope="module", params=sorted(expected))
    def rendered(request, run_sim):
        """(name, functional frame, timing frame) of one trace."""
        name = request.param
        return (name, *render_both_modes(run_sim, folder / f"{name}.yaml", tag_prefix + name))

    def test_modes_give_identical_frames(rendered):
        name, functional, timing = rendered
        assert functional == timing, f"{name}: timing and functional frames differ"

    def test_pixels_are_exact(rendered, tmp_path):
        name, functional, _ = rendered
        wrong = wrong_pixels(functional, size, expected[name], tmp_path)
        assert not wrong, f"{name}: {len(wrong)} wrong pixels, e.g. " + "; ".join(wrong[:6])

    return rendered, test_modes_give_identical_frames, test_pixels_are_exact


# Stat readers of the fast-clear and compression tests: a client's DRAM bytes (read,
# written), a ROP counter by dotted name, and a run's frames as bytes.
def dram(stats, client):
    c = stats["stats"]["memory"]["dram"]["clients"][client]
    return c["bytes_read"]["value"], c["bytes_written"]["value"]


def rop(stats, name):
    node = stats["stats"]["rop"]
    for part in name.split("."):
        node = node[part]
    return node["value"]


def frames(out):
    return [f.read_bytes() for f in frame_files(out)]
