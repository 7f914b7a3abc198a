#!/usr/bin/env python3
"""Writes the Stanford bunny trace: the `positions` and `cells` of the npm package `bunny`
(its index.js), with per-vertex normals computed here (area-weighted face normals, summed
and normalised), drawn as N-patches: one indexed triangle list per frame with
set_npatch_mode at several segment counts (default 1 2 3), cubic positions and quadratic
normals, lit by one directional light over a pure blue background.

usage: PYTHONPATH=build/python make_bunny_trace.py --bunny DIR/node_modules/bunny \
           -o bunny.gfxt [--size 256]      (.gfxt binary, .yaml text)
"""
import argparse
import json
import math
import re
import struct
import sys
from pathlib import Path

import gfxsim  # the project's module: PYTHONPATH=<build>/python


def load_bunny(bunny_dir):
    text = (Path(bunny_dir) / "index.js").read_text(encoding="utf-8")
    out = {}
    for name in ("positions", "cells"):
        m = re.search(r"exports\." + name + r"\s*=\s*(\[.*?\]\])", text, re.S)
        if not m:
            sys.exit(f"make_bunny_trace: no exports.{name} in {bunny_dir}/index.js")
        out[name] = json.loads(m.group(1))
    return out["positions"], out["cells"]


def normals(pos, cells):
    acc = [[0.0, 0.0, 0.0] for _ in pos]
    for a, b, c in cells:
        u = [pos[b][k] - pos[a][k] for k in range(3)]
        v = [pos[c][k] - pos[a][k] for k in range(3)]
        n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
        for i in (a, b, c):
            for k in range(3):
                acc[i][k] += n[k]
    out = []
    for n in acc:
        l = math.sqrt(sum(x * x for x in n)) or 1.0
        out.append([x / l for x in n])
    return out


def to_clip(p, lo, hi):
    """Fit the bunny into clip space (y up); the bunny faces +z, so flip z for depth."""
    c = [(lo[k] + hi[k]) / 2 for k in range(3)]
    s = 1.7 / max(hi[k] - lo[k] for k in range(3))
    return [s * (p[0] - c[0]), s * (p[1] - c[1]), 0.5 - 0.4 * s * (p[2] - c[2])]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bunny", required=True, help="the installed npm package folder of bunny")
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--size", type=int, default=256)
    ap.add_argument("--segments", type=float, nargs="*", default=[1, 2, 3])
    a = ap.parse_args()
    pos, cells = load_bunny(a.bunny)
    nrm = normals(pos, cells)
    lo = [min(p[k] for p in pos) for k in range(3)]
    hi = [max(p[k] for p in pos) for k in range(3)]
    t = gfxsim.Trace("bunny", a.size, a.size)
    t.create_vertex_declaration(id=1, elements=[
        {"offset": 0, "type": "float3", "usage": "position"},
        {"offset": 12, "type": "float3", "usage": "normal"}])
    # Depth flips z: flip the normal's z with it, so lighting stays consistent.
    data = [x for p, n in zip(pos, nrm) for x in to_clip(p, lo, hi) + [n[0], n[1], -n[2]]]
    t.create_vertex_buffer(id=2, bytes=struct.pack(f"<{len(data)}f", *data))
    t.create_index_buffer(id=3, format="index32",
                          bytes=struct.pack(f"<{3 * len(cells)}I", *(i for c in cells for i in c)))
    t.set_viewport(x=0, y=0, width=a.size, height=a.size, min_z=0, max_z=1)
    t.set_render_states(z_enable=True, cull_mode="none", lighting=True, normalize_normals=True,
                        ambient=0xFF303030, normal_degree="quadratic")
    t.set_material(diffuse=[0.9, 0.9, 0.9, 1], ambient=[1, 1, 1, 1], specular=[0, 0, 0, 0],
                   emissive=[0, 0, 0, 0], power=0)
    t.set_light(index=0, type="directional", diffuse=[1, 1, 1, 1], direction=[0.3, -0.4, 0.85])
    t.light_enable(index=0, enable=1)
    t.set_vertex_declaration(id=1)
    t.set_stream_source(stream=0, buffer=2, offset=0, stride=24)
    t.set_indices(id=3)
    for n in a.segments:
        t.set_npatch_mode(segments=n)
        t.clear(flags=["target", "zbuffer"], color=0xFF0000FF, depth=1, stencil=0)
        t.draw_indexed_primitive(topology="triangle_list", num_vertices=len(pos),
                                 primitive_count=len(cells))
        t.present()
    t.save(a.out)

if __name__ == "__main__":
    main()
