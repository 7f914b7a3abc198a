"""Writes the traces of this folder (run it here: python3 make_early_z.py), the scenes of
the early-Z checks (test_early_z.py). All are 32x32 with D3D9's integer pixel centres and
draw four full-screen layers (two triangles each, 1024 pixels) under LESS after a clear
to depth 1, so the overdraw is exactly 4:

front_to_back.yaml  layers at z 0.2 (red), 0.4 (green), 0.6 (blue), 0.8 (white), nearest
  first: only the first layer is visible, and every pixel of the other three fails.
back_to_front.yaml  the same layers farthest first: every pixel of every layer passes.
odepth.yaml  front_to_back with a shader that writes oDepth (the layer's z from c1.x):
  the depth work must stay after shading.
kill.yaml  front_to_back whose first layer's shader kills columns 0..15 (texkill of
  u - 0.5, u = x / 32): the test may cull early, the write waits; green shows on the left.

The same at 4x MSAA (header sample_count 4, D24S8), tested per sample before shading:
front_to_back_4x.yaml, back_to_front_4x.yaml, odepth_4x.yaml, kill_4x.yaml, and
front_to_back_16x.yaml at 16x. Their layers reach one pixel past every screen edge (clip
+-17/16), so that every sample of every pixel is covered (with D3D9's integer centres the
screen-sized quad leaves out the samples left of column 0's and above row 0's centres),
and the overdraw stays exactly 4 in samples too; texcoord u = (x + 1) / 34 keeps kill's
boundary between columns 15 and 16.
a2c_4x.yaml  three layers at 4x under alpha to coverage (D3D10 blend state), nearest
  first: red at z 0.2 with alpha 0.5 (a8 128 keeps round(128 * 4 / 255) = 2 samples, 0
  and 1), green at 0.4 and blue at 0.6 with alpha 1 (all four). Green passes in samples 2
  and 3 of every pixel, blue in none: resolved (0x80, 0x80, 0); the early test culls the
  blue layer and no pixel of the green one.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "rop"))
from make_rop import FULL, color, common, draw, header, quad, states  # noqa: E402

LAYERS = [(0.2, (1, 0, 0)), (0.4, (0, 1, 0)), (0.6, (0, 0, 1)), (0.8, (1, 1, 1))]
PS_C0 = "ps_2_0\\nmov oC0, c0\\n"
PS_ODEPTH = "ps_2_0\\nmov oC0, c0\\nmov oDepth, c1.x\\n"
PS_KILL = "ps_2_0\\ndcl t0.xy\\nsub r0, t0.x, c1.x\\ntexkill r0\\nmov oC0, c0\\n"


def z_const(z):
    return f"  - set_shader_constants: {{stage: pixel, start_register: 1, values: [{z}, 0, 0, 0]}}\n"


def msaa(text, samples):
    """The trace with a multisampled D24S8 back buffer of `samples` samples (1: as is)."""
    if samples == 1:
        return text
    return text.replace("height: 32\n",
                        f"height: 32\ndepth_format: d24s8\nsample_count: {samples}\n")


# Past the screen by one pixel (1/16 of clip space) on every side.
WIDE = (-17 / 16, 17 / 16, 17 / 16, -17 / 16)


def layers(name, comment, order, first_ps=11, rest_ps=11, samples=1):
    out = msaa(header(name, comment), samples)
    out += common([quad(*(FULL if samples == 1 else WIDE), z) for z, _ in LAYERS],
                  [(11, PS_C0), (12, PS_ODEPTH), (13, PS_KILL)])
    out += states(z_enable=True, z_func="less", z_write=True, cull_mode="none")
    out += "  - clear: {flags: [target, zbuffer], color: 0xFF000000, depth: 1, stencil: 0}\n"
    for n, i in enumerate(order):
        z, rgb = LAYERS[i]
        out += f"  - set_pixel_shader: {{id: {first_ps if n == 0 else rest_ps}}}\n"
        out += color(*rgb) + z_const(0.5 if first_ps == 13 and n == 0 else z) + draw(i)
    return out + "  - present: {}\n"


def a2c(name, samples):
    out = msaa(header(name, ["Three layers under alpha to coverage: make_early_z.py."]), samples)
    out += common([quad(*WIDE, z) for z, _ in LAYERS[:3]], [(11, PS_C0)])
    out += states(z_enable=True, z_func="less", z_write=True, cull_mode="none")
    out += "  - clear: {flags: [target, zbuffer], color: 0xFF000000, depth: 1, stencil: 0}\n"
    out += ("  - set_pixel_shader: {id: 11}\n"
            "  - create_blend_state: {id: 1, alpha_to_coverage_enable: 1}\n"
            "  - set_blend_state: {id: 1}\n")
    for i, (_, rgb) in enumerate(LAYERS[:3]):
        out += color(*rgb, a=0.5 if i == 0 else 1) + draw(i)
    return out + "  - present: {}\n"


TRACES = {
    "front_to_back": layers("front_to_back", ["Four layers nearest first: make_early_z.py."],
                            [0, 1, 2, 3]),
    "back_to_front": layers("back_to_front", ["Four layers farthest first: make_early_z.py."],
                            [3, 2, 1, 0]),
    "odepth": layers("odepth", ["Four layers nearest first, oDepth: make_early_z.py."],
                     [0, 1, 2, 3], 12, 12),
    "kill": layers("kill", ["Four layers nearest first, the first kills: make_early_z.py."],
                   [0, 1, 2, 3], 13, 11),
}
for n in (4, 16):
    TRACES[f"front_to_back_{n}x"] = layers(
        f"front_to_back_{n}x", [f"Four layers nearest first at {n}x: make_early_z.py."],
        [0, 1, 2, 3], samples=n)
TRACES["back_to_front_4x"] = layers(
    "back_to_front_4x", ["Four layers farthest first at 4x: make_early_z.py."], [3, 2, 1, 0],
    samples=4)
TRACES["odepth_4x"] = layers(
    "odepth_4x", ["Four layers nearest first, oDepth, at 4x: make_early_z.py."], [0, 1, 2, 3],
    12, 12, samples=4)
TRACES["kill_4x"] = layers(
    "kill_4x", ["Four layers nearest first, the first kills, at 4x: make_early_z.py."],
    [0, 1, 2, 3], 13, 11, samples=4)
TRACES["a2c_4x"] = a2c("a2c_4x", 4)

if __name__ == "__main__":
    for name, text in TRACES.items():
        (HERE / f"{name}.yaml").write_text(text)
