#!/usr/bin/python3
"""The wiring rule of the timing model: no unit includes another unit's header.

A unit folder of model/ (cp, tess, ia, shader, setup, raster, rop) may include its own
headers and the shared layers (sim, pipe, common, func, config, stats, memory, api, trace),
never a header of another unit folder nor of the driver layer (driver) or the wiring (gpu):
units reach each other only through the queues and the objects the wiring (model/gpu)
hands them. Prints every offending include as file:line and exits 1 if there is one.

  scripts/check_unit_includes.py [model folder]
"""
import os
import re
import sys

UNITS = ["cp", "tess", "ia", "shader", "setup", "raster", "rop"]
FORBIDDEN = set(UNITS) | {"driver", "gpu"}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"/]+)/')


def offences(model):
    found = []
    for unit in UNITS:
        folder = os.path.join(model, unit)
        for root, _, files in os.walk(folder):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as f:
                    for n, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if m and m.group(1) in FORBIDDEN and m.group(1) != unit:
                            found.append(f"{os.path.relpath(path, os.path.dirname(model))}:{n}: "
                                         f"includes {m.group(1)}/ (unit '{unit}' may not)")
    return found


def main():
    model = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "model")
    if not os.path.isdir(model):
        print(f"{model}: no such folder", file=sys.stderr)
        return 2
    bad = offences(model)
    for b in bad:
        print(b)
    if not bad:
        print(f"{len(UNITS)} unit folders include no other unit's header")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
