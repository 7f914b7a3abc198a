#!/usr/bin/python3
"""The ATTILA regression set on gfxsim: every capture of regression_list, imported, replayed
in both modes on the attila-like preset, its frame compared with ATTILA's reference frame,
and gfxsim's cycles printed beside ATTILA's.

  scripts/attila_regression.py                      # all 14 captures, build/
  scripts/attila_regression.py ogl/triangle d3d/triangle --build build
  cmake --build build --target attila_regression    # the same, as a build target

For each line of regression_list (capture folder, ATTILA config, trace file, frames, start
frame, PSNR threshold):
  1. import the capture with `gfxsim-import` (gli or pix), keeping the start frame and the
     frame count, into build/workloads/<api>_<name>.gfxt (imported again only when the
     capture or the importer is newer); a capture whose data files are missing fails here
     with the importer's error naming the file;
  2. replay it on the attila-like preset in timing and in functional mode, whose frames
     must be identical;
  3. compare the last frame with the reference frame `reference/frameNNNN.sim.png` (NNNN
     the last frame simulated): PSNR over RGB and the number of differing pixels;
  4. print gfxsim's cycles beside ATTILA's (the last "END Cycle N" of reference/output.txt).
A capture passes when its PSNR reaches the threshold; a capture without a reference frame,
or with a documented reason (EXCEPTIONS below), is reported as such and does not fail.
Captures are read from $GFXSIM_WORKLOADS/attila (default ../shared/workloads/attila beside
the source tree). Exit status: 0 every capture passed or is a documented exception, 1 a
capture failed, 2 captures or tools not found.
"""
import argparse
import math
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

SOURCE_DIR = Path(__file__).resolve().parents[1]

# Reasons a capture cannot meet its threshold, by capture; printed in its row.
EXCEPTIONS = {
    "ogl/torus": "ATTILA renders it with 4x MSAA (bGPU_MSAA4x.ini); the import renders one sample",
}
# ATTILA's config of a regression line -> gfxsim's preset.
PRESETS = {"bGPU.ini": "attila-like", "bGPU_MSAA4x.ini": "attila-like"}


def regression_list(attila):
    """[(name, config, trace file, frames, start frame, PSNR threshold)] in file order."""
    out = []
    for line in (attila / "regression_list").read_text().splitlines():
        f = [x.strip() for x in line.split(",")]
        if len(f) >= 6 and f[0]:
            out.append((f[0], f[1], attila / f[0] / f[2], int(f[3]), int(f[4]), float(f[5])))
    return out


def attila_cycles(attila, name):
    path = attila / name / "reference" / "output.txt"
    if not path.is_file():
        return None
    ends = [int(x.split()[2]) for x in path.read_text(errors="replace").splitlines()
            if x.startswith("END Cycle ")]
    return ends[-1] if ends else None


# --- PNG reading (8-bit RGB/RGBA, non-interlaced): the reference frames and ours ---

def _unfilter(raw, width, height, bpp):
    stride = width * bpp
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return rows


def read_rgb(path):
    """(width, height, [bytes of RGB per row]) of an 8-bit RGB or RGBA PNG."""
    data = Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s: not a PNG file" % path)
    pos, idat, width, height, kind = 8, b"", 0, 0, 0
    while pos < len(data):
        n, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if tag == b"IHDR":
            width, height, depth, kind, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or kind not in (2, 6) or interlace:
                raise ValueError("%s: only 8-bit RGB/RGBA non-interlaced PNGs are read" % path)
        elif tag == b"IDAT":
            idat += body
        pos += 12 + n
    bpp = 3 if kind == 2 else 4
    rows = _unfilter(zlib.decompress(idat), width, height, bpp)
    if bpp == 4:
        rows = [bytes(b for i, b in enumerate(r) if i % 4 != 3) for r in rows]
    return width, height, [bytes(r) for r in rows]


def compare_frames(ours, reference):
    """(PSNR in dB over RGB, pixels that differ); PSNR is inf for identical frames."""
    w1, h1, a = read_rgb(ours)
    w2, h2, b = read_rgb(reference)
    if (w1, h1) != (w2, h2):
        raise ValueError("frame is %dx%d, the reference %dx%d" % (w1, h1, w2, h2))
    squared, differing = 0, 0
    for ra, rb in zip(a, b):
        for x in range(w1):
            pa, pb = ra[3 * x:3 * x + 3], rb[3 * x:3 * x + 3]
            if pa != pb:
                differing += 1
                squared += sum((p - q) ** 2 for p, q in zip(pa, pb))
    if squared == 0:
        return math.inf, 0
    mse = squared / (w1 * h1 * 3)
    return 10 * math.log10(255 * 255 / mse), differing


# --- running the tools ---

def run(args):
    proc = subprocess.run([str(a) for a in args], capture_output=True, text=True)
    return proc.returncode, proc.stderr.strip()


def import_capture(importer, name, path, start, frames, out):
    """Imports unless `out` is newer than the capture and the importer; None or the error."""
    if out.exists() and out.stat().st_mtime > max(path.stat().st_mtime, importer.stat().st_mtime):
        return None
    fmt = "pix" if name.startswith("d3d/") else "gli"
    code, err = run([importer, fmt, path, "-o", out, "--start-frame", start, "--frames", frames])
    return None if code == 0 else err.splitlines()[-1] if err else "exit %d" % code


def check_capture(tools, attila, entry, work):
    """One row of the table: a dict with the figures and a verdict (pass, fail, exception,
    incomplete)."""
    importer, gfxsim = tools
    name, config, path, frames, start, threshold = entry
    row = {"name": name, "frames": "%d+%d" % (start, frames), "attila": attila_cycles(attila, name),
           "cycles": None, "psnr": None, "differing": None, "threshold": threshold}
    if not path.is_file():
        row.update(verdict="incomplete", note="capture file %s is missing" % path)
        return row
    stem = name.replace("/", "_")
    trace = work / (stem + ".gfxt")
    error = import_capture(importer, name, path, start, frames, trace)
    if error:
        row.update(verdict="incomplete" if "MemoryRegions.dat" in error or "BufferDescriptors.dat" in error
                   else "fail", note=error)
        return row
    preset = PRESETS.get(config, "attila-like")
    timing, functional = work / (stem + ".timing"), work / (stem + ".functional")
    for out, mode in ((timing, "timing"), (functional, "functional")):
        code, err = run([gfxsim, trace, "-o", out, "--quiet", "-c", preset, "-m", mode])
        if code != 0:
            row.update(verdict="fail", note="%s run: %s" % (mode, err.splitlines()[-1] if err else code))
            return row
    import json
    row["cycles"] = json.loads((timing / "stats.json").read_text())["run"]["cycles"]
    ours = sorted((timing / "frames").glob("frame_*.png"))
    if [f.read_bytes() for f in ours] != [f.read_bytes() for f in sorted((functional / "frames").glob("*.png"))]:
        row.update(verdict="fail", note="timing and functional frames differ")
        return row
    if not ours:
        row.update(verdict="fail", note="no frame rendered")
        return row
    reference = attila / name / "reference" / ("frame%04d.sim.png" % (start + frames - 1))
    if not reference.is_file():
        row.update(verdict="exception", note="no reference frame %s in this snapshot" % reference.name)
        return row
    try:
        row["psnr"], row["differing"] = compare_frames(ours[-1], reference)
    except ValueError as e:
        row.update(verdict="fail", note=str(e))
        return row
    if row["psnr"] >= threshold:
        row.update(verdict="pass", note="")
    elif name in EXCEPTIONS:
        row.update(verdict="exception", note=EXCEPTIONS[name])
    else:
        row.update(verdict="fail", note="PSNR %.1f dB under the threshold %g" % (row["psnr"], threshold))
    return row


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("captures", nargs="*", help="capture folders (ogl/NAME, d3d/NAME); default: all")
    p.add_argument("--build", default=str(SOURCE_DIR / "build"), help="gfxsim build folder")
    p.add_argument("--work", help="where imports and results go (default: BUILD/workloads)")
    a = p.parse_args(argv)
    default = SOURCE_DIR.parent / "shared" / "workloads"
    attila = Path(os.environ.get("GFXSIM_WORKLOADS", default)) / "attila"
    if not (attila / "regression_list").is_file():
        print("attila_regression: ATTILA captures not found in %s (set GFXSIM_WORKLOADS)" % attila,
              file=sys.stderr)
        return 2
    tools = (Path(a.build) / "gfxsim-import", Path(a.build) / "gfxsim")
    for tool in tools:
        if not os.access(tool, os.X_OK):
            print("attila_regression: %s not found: build first or pass --build" % tool, file=sys.stderr)
            return 2
    entries = regression_list(attila)
    if a.captures:
        known = {e[0] for e in entries}
        unknown = [c for c in a.captures if c not in known]
        if unknown:
            print("attila_regression: not in %s: %s" % (attila / "regression_list", ", ".join(unknown)),
                  file=sys.stderr)
            return 2
        entries = [e for e in entries if e[0] in a.captures]
    work = Path(a.work or Path(a.build) / "workloads")
    work.mkdir(parents=True, exist_ok=True)
    print("%-44s %7s %12s %12s %6s %9s %9s  %s" % ("capture", "frames", "ATTILA", "gfxsim", "ratio",
                                                 "PSNR dB", "differing", "verdict"))
    failed = 0
    for entry in entries:
        r = check_capture(tools, attila, entry, work)
        failed += r["verdict"] == "fail"
        ratio = "%.2f" % (r["cycles"] / r["attila"]) if r["cycles"] and r["attila"] else "-"
        psnr = "-" if r["psnr"] is None else "inf" if math.isinf(r["psnr"]) else "%.1f" % r["psnr"]
        print("%-44s %7s %12s %12s %6s %9s %9s  %s%s" % (
            r["name"], r["frames"], r["attila"] or "-", r["cycles"] or "-", ratio, psnr,
            "-" if r["differing"] is None else r["differing"], r["verdict"],
            ": " + r["note"] if r["note"] else ""), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
