"""The D3D10 pixel stage end to end (docs/shader-sm4.md section 10): SM4 asm shaders in the
traces of data/d3d10_ps/ (make_ps.py says what each draws) exercise every interpolation
mode, SV_Position, SV_PrimitiveID and SV_IsFrontFace, eight render targets with their own
write masks and blend enables, oDepth against the depth test, a NULL pixel shader's
depth-only pass and discard. Each trace runs in the timing and the functional model; the
two frames must be identical and hold exactly the expected pixels.
"""
import pytest

from conftest import DATA_DIR, check_ok, frame_checks

PS = DATA_DIR / "d3d10_ps"
SIZE = 32

GREEN, BLUE, RED, WHITE, BLACK = ((0, 255, 0), (0, 0, 255), (255, 0, 0), (255, 255, 255),
                                  (0, 0, 0))
GREY = (128, 128, 128)


def interpolation(x, y):
    """Bands of 4 rows: linear, noperspective, linear centroid, linear sample,
    noperspective centroid, noperspective sample (green from x = 24 perspective-correct,
    from x = 16 affine), grey, then constant: red above the diagonal, blue below."""
    band = y // 4
    if band in (0, 2, 3):
        return GREEN if x >= 24 else RED
    if band in (1, 4, 5):
        return GREEN if x >= 16 else RED
    if band == 6:
        return GREY
    return RED if (y - 28) + 0.5 < (x + 0.5) / 8 else BLUE


def unorm8(v):
    return int(v * 255 + 0.5)


def system_values(x, y):
    """SV_Position's pixel centre and depth, then its w, then SV_PrimitiveID (red) and
    SV_IsFrontFace (blue) over eight quads of two triangles, quads 2 and 5 back-facing."""
    if y < 8:
        return (unorm8((x + 0.5) / 32), unorm8((y + 0.5) / 32), unorm8(0.25))
    if y < 16:
        return (0, unorm8(3 / 4), 0)
    k, dx, dy = x // 4, x % 4, y - 16
    primitive = 2 * k if dy + 0.5 < (dx + 0.5) * 4 else 2 * k + 1
    return (primitive * 16, 0, 0 if k in (2, 5) else 255)


TARGETS = [(0, 0, 0), (255, 64, 96), (32, 255, 96), (32, 64, 96), (32, 64, 255),
           (255, 64, 255), (32, 255, 255), (255, 255, 96)]


def depth(x, y):
    """oDepth on the top rows, the NULL pixel shader's depth on the right half, discard on
    the bottom rows (make_ps.py's depth())."""
    if y >= 28:
        return WHITE if x < 16 else BLACK
    if x < 16:
        return GREEN if y <= 5 else RED
    return GREEN if y <= 15 else BLUE


EXPECTED = {
    "interpolation": interpolation,
    "system_values": system_values,
    # Target t sampled into the block at (8 (t % 4), 16 (t // 4)).
    "targets8": lambda x, y: TARGETS[x // 8 + 4 * (y // 16)],
    "depth": depth,
}

rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    PS, "ps-", EXPECTED, SIZE)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_traces_validate(gfxsim_trace, name):
    check_ok(gfxsim_trace("validate", PS / f"{name}.yaml"))
