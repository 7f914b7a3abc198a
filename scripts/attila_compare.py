#!/usr/bin/python3
"""gfxsim's cycles beside ATTILA's for the captures gfxsim-import reads.

For each capture (ogl/NAME, a GLInterceptor capture imported with `gfxsim-import gli`,
or d3d/NAME, a PIX run file imported with `gfxsim-import pix`; a bare NAME is ogl/NAME):
import it with ATTILA's regression start frame and frame count (regression_list), run
gfxsim in timing mode, and print gfxsim's cycles (stats.json run.cycles) beside ATTILA's
(the last "END Cycle N" of reference/output.txt). A table to look at, not a test: the
two simulators model different machines.

  scripts/attila_compare.py                         # build/, preset attila-like
  scripts/attila_compare.py --build build -c baseline triangle d3d/triangle

The captures are read from $GFXSIM_WORKLOADS/attila (default ../shared/workloads/attila
beside the source tree).
Exit status: 0 table printed, 1 a tool failed, 2 captures or tools not found.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

CAPTURES = ["ogl/triangle", "ogl/simplefog", "ogl/8lights", "ogl/spaceship", "ogl/blendedcubes",
            "ogl/torus",
            "ogl/micropolygon/0_5_size_1lightVS_200x200",
            "d3d/triangle", "d3d/texture_X8R8G8B8_square",
            "d3d/filtering_linear_linear_linear"]
SOURCE_DIR = Path(__file__).resolve().parents[1]


def regression_entry(attila, name):
    """(capture file, start frame, frames) of <api>/<name>."""
    for line in (attila / "regression_list").read_text().splitlines():
        f = [x.strip() for x in line.split(",")]
        if len(f) >= 5 and f[0] == name:
            return attila / f[0] / f[2], int(f[4]), int(f[3])
    raise SystemExit(f"{name} is not in {attila / 'regression_list'}")


def attila_cycles(attila, name):
    text = (attila / name / "reference" / "output.txt").read_text(errors="replace")
    found = re.findall(r"END Cycle (\d+)", text)
    return int(found[-1]) if found else None


def run(args):
    proc = subprocess.run([str(a) for a in args], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(f"{args[0]} failed ({proc.returncode}):\n{proc.stderr}")
        raise SystemExit(1)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("captures", nargs="*", default=CAPTURES)
    p.add_argument("--build", default=str(SOURCE_DIR / "build"), help="gfxsim build folder")
    p.add_argument("-c", "--config", default="attila-like", help="gfxsim preset or YAML file")
    a = p.parse_args()
    default = Path(__file__).resolve().parents[1].parent / "shared" / "workloads"
    attila = Path(os.environ.get("GFXSIM_WORKLOADS", default)) / "attila"
    if not (attila / "regression_list").is_file():
        print(f"ATTILA captures not found in {attila} (set GFXSIM_WORKLOADS)", file=sys.stderr)
        return 2
    importer, gfxsim = Path(a.build) / "gfxsim-import", Path(a.build) / "gfxsim"
    for tool in (importer, gfxsim):
        if not os.access(tool, os.X_OK):
            print(f"{tool} not found: build first or pass --build", file=sys.stderr)
            return 2
    print(f"{'capture':<40}{'frames':>10}{'ATTILA cycles':>15}{'gfxsim cycles':>15}{'ratio':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in a.captures:
            if "/" not in name:
                name = f"ogl/{name}"
            path, start, frames = regression_entry(attila, name)
            stem = name.replace("/", "_")
            trace = Path(tmp) / f"{stem}.gfxt"
            results = Path(tmp) / stem
            fmt = "pix" if name.startswith("d3d/") else "gli"
            run([importer, fmt, path, "-o", trace, "--start-frame", start, "--frames", frames])
            run([gfxsim, trace, "-o", results, "--quiet", "-c", a.config])
            ours = json.loads((results / "stats.json").read_text())["run"]["cycles"]
            theirs = attila_cycles(attila, name)
            ratio = f"{ours / theirs:.2f}" if theirs else "-"
            span = f"{start}+{frames}"
            print(f"{name:<40}{span:>10}{theirs if theirs else '-':>15}{ours:>15}{ratio:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
