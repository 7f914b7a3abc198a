"""D3D9 fixed-function lighting, fog, texture stages, texgen and texture transforms and
i#/b# constants end to end: the traces of data/ff/ (each says what it draws) run through gfxsim in the timing and the functional model; the two frames must
be identical and hold exactly the expected pixel colours.
"""
import math

import pytest

from conftest import DATA_DIR, frame_checks, frame_files, read_png

FF = DATA_DIR / "ff"
SIZE = 32


def unorm(x):
    """A [0, 1] value as the 8-bit target stores it (round to nearest)."""
    return int(math.floor(min(max(x, 0.0), 1.0) * 255 + 0.5))


def texgen_pixel(x, y):
    """data/ff/texgen.yaml: the checker texel at the transformed / generated coordinate."""
    if x < SIZE // 2:  # TEXCOORD0 * 2 + (0.25, 0)
        u, v = 2 * (x + 0.5) / 16 + 0.25, 2 * (y + 0.5) / 32
    else:  # generated position, projected: u = x_ndc, v = (1 - y_ndc) / 2
        u, v = (x - 16 + 0.5) / 16, (y + 0.5) / 32
    tx, ty = int(math.floor(u % 1.0 * 2)), int(math.floor(v % 1.0 * 2))
    return (255, 255, 255) if tx == ty else (255, 0, 0)


def _stage_ops_bands():
    """data/ff/stage_ops.yaml's four bands, from D3D9's definitions of the operations."""
    d = [0x20 / 255, 0x40 / 255, 0x60 / 255]  # vertex colour
    f, fa = [0x40 / 255, 0x80 / 255, 0xC0 / 255], 0x80 / 255  # TEXTUREFACTOR
    k = [0x10 / 255, 0x20 / 255, 0x30 / 255]  # stage 0's constant
    bands = [[ki + di * fi for ki, di, fi in zip(k, d, f)],  # MULTIPLYADD
             [fa * di + (1 - fa) * ki for di, ki in zip(d, k)],  # LERP
             [di + ki - di * ki for di, ki in zip(d, k)],  # TEMP, then ADDSMOOTH
             [(1 - fi) * di + fa for fi, di in zip(f, d)]]  # MODULATEINVCOLOR_ADDALPHA
    return [tuple(unorm(c) for c in band) for band in bands]


STAGE_OPS_BANDS = _stage_ops_bands()
assert STAGE_OPS_BANDS == [(24, 64, 120), (24, 48, 72), (46, 88, 126), (152, 160, 152)]


EXPECTED = {
    # material (1,1,1) * (global ambient 0x20 + light (1, 0.75, 0.25)), saturated
    "lit_quad": lambda x, y: (255, unorm(0.75 + 32 / 255), unorm(0.25 + 32 / 255)),
    # right half fogged (factor 0.75 towards blue), left half unfogged white
    # (column 16 lies on the shared edge x = 0; the raster rule tests own that)
    "fog_quad": lambda x, y: (191, 191, 255) if x > SIZE // 2 else
    ((255, 255, 255) if x < SIZE // 2 else None),
    # left SELECTARG1(TFACTOR), right SUBTRACT(TFACTOR, DIFFUSE)
    "texture_stages": lambda x, y: (0x40, 0x80, 0xC0) if x < SIZE // 2 else
    ((0x20, 0x40, 0x60) if x > SIZE // 2 else None),
    # stages 0..7 cascade (data/ff/stages_2_7.yaml says how)
    "stages_2_7": lambda x, y: (32, 56, 90),
    # per-pixel linear table fog (end 2) from z = x / 32 towards black
    "table_fog": lambda x, y: (unorm(1 - x / 64),) * 3,
    # texture transform (left) and CAMERASPACEPOSITION texgen, projected (right)
    "texgen": texgen_pixel,
    # no NORMAL0: a zero normal, global ambient 0x20 + emissive (0.25, 0, 0.375)
    "lit_no_normal": lambda x, y: (96, 32, 128),
    # lit white, fogged by COLOR1's alpha 0x40 towards blue
    "lit_specular_fog": lambda x, y: (64, 64, 255),
    # LIGHTING defaults to TRUE: no lights light to black, then AMBIENT from COLOR1, then unlit
    "default_lighting": lambda x, y: (0, 0, 0) if x < 10 else (128, 0, 0) if 10 < x < 20 else
    (255, 0, 0) if x > 20 else None,
    # BUMPENVMAP: stage 1's lookup moved right by 0.251 (data/ff/bump_env.yaml)
    "bump_env": lambda x, y: [(0xFF, 0, 0), (0, 0xFF, 0), (0, 0, 0xFF),
                              (0xFF, 0xFF, 0xFF)][(x // 8 + 1) % 4],
    # four bands of the further stage operations (data/ff/stage_ops.yaml says which)
    "stage_ops": lambda x, y: None if x % 8 == 0 and x > 0 else STAGE_OPS_BANDS[x // 8],
    # FOGSTART == FOGEND: vertex fog is full everywhere, before the end too (blue) ...
    "fog_start_end": lambda x, y: (0, 0, 255),
    # ... and table fog steps at the end: none before d = 0.5, full (black) from it
    "table_fog_start_end": lambda x, y: (255, 255, 255) if x < 16 else
    (None if x == 16 else (0, 0, 0)),
    # D3D9's normal matrix: a singular world matrix lights fully (columns 8..24 survive
    # depth clipping), a non-affine one maps the normal to 0 (black)
    "lit_singular_world": lambda x, y: (0, 0, 255) if 8 < x < 24 else
    (None if x in (8, 24) else (0x80, 0x80, 0x80)),
    "lit_nonaffine_world": lambda x, y: (0, 0, 0),
    # COUNT1 acts as DISABLE: the untransformed checker
    "count1_transform": lambda x, y: None if 16 in (x, y) else
    ((255, 255, 255) if (x < 16) == (y < 16) else (255, 0, 0)),
    # MIPFILTER NONE ignores MAXMIPLEVEL 1: level 0's red
    "maxmip_no_mipfilter": lambda x, y: (255, 0, 0),
}


rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    FF, "ff-", EXPECTED, SIZE)


@pytest.mark.parametrize("mode", ["functional", "timing"])
def test_int_and_bool_constants_reach_the_shader(run_sim, tmp_path, mode):
    out = run_sim(FF / "int_bool_constants.yaml", f"ff-intbool-{mode}", "-c", "small", "-m", mode)
    files = frame_files(out)
    assert len(files) == 2
    for frame, want in zip(files, [(191, 0, 128), (64, 0, 0)]):
        path = tmp_path / "frame.png"
        path.write_bytes(frame.read_bytes())
        png = read_png(path)
        got = {png.pixel(x, y) for y in range(SIZE) for x in range(SIZE)}
        assert got == {want}, f"{frame.name}: {sorted(got)[:4]}"
