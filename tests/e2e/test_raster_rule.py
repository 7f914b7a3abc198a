"""The top-left fill rule seen from the command line: a triangle fan drawn with additive
blending must cover every pixel of its polygon exactly once (no holes along the shared
spokes, no pixel counted twice) and nothing outside it, in D3D9 and D3D10 conventions,
in both the timing and the functional model.

The expected image is computed here from the trace's own vertex positions with exact
rational arithmetic, so it does not depend on how the simulator computes coverage.
"""
import functools
from fractions import Fraction

import pytest
import yaml

from conftest import DATA_DIR, frame_files, read_png

FAN_TRACE = DATA_DIR / "fan.yaml"


def fan_geometry():
    """(width, height, centre, rim) in pixels, read back from the fan vertex buffer."""
    doc = yaml.safe_load(FAN_TRACE.read_text())
    width, height = doc["width"], doc["height"]
    buffers = [c["create_vertex_buffer"] for c in doc["commands"] if "create_vertex_buffer" in c]
    fan = next(b for b in buffers if b["id"] == 2)["bytes"]
    points = []
    for run in fan:
        if "f32" in run:
            x, y, _ = (Fraction(v) for v in run["f32"])
            points.append(((x + 1) * width / 2, (1 - y) * height / 2))
    centre, rim = points[0], points[1:-1]
    assert points[-1] == rim[0], "the fan must close on its first rim vertex"
    return width, height, centre, rim


def polygon_covers(rim, centre, px, py):
    """True when sample (px, py) belongs to the convex polygon under the top-left rule."""
    n = len(rim)
    for i in range(n):
        (ax, ay), (bx, by) = rim[i], rim[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        side = ex * (py - ay) - ey * (px - ax)
        inner = ex * (centre[1] - ay) - ey * (centre[0] - ax)
        if side * inner < 0:
            return False
        if side == 0:
            # Inward normal of the edge (pointing at the centre): a left edge has the inside
            # to its right (x grows), a top edge is horizontal with the inside below (y down).
            nx, ny = (-ey, ex) if inner > 0 else (ey, -ex)
            if not (nx > 0 or (nx == 0 and ny > 0)):
                return False
    return True


@functools.lru_cache(maxsize=None)
def expected_counts(offset):
    """Per-pixel coverage count of the polygon; pixel centres at (i + offset, j + offset)."""
    width, height, centre, rim = fan_geometry()
    return width, height, [[1 if polygon_covers(rim, centre, i + offset, j + offset) else 0
                            for i in range(width)] for j in range(height)]


def compare(png, expected, label):
    width, height, counts = expected
    assert (png.width, png.height) == (width, height)
    wrong = []
    for y in range(height):
        for x in range(width):
            r, g, b = png.pixel(x, y)
            want = counts[y][x]
            if (r, g, b) != (want, want, want):
                wrong.append(f"({x},{y}) got {r},{g},{b} want {want}")
    inside = sum(map(sum, counts))
    assert not wrong, f"{label}: {len(wrong)} wrong pixels of {inside} inside, e.g. " + "; ".join(wrong[:8])


@pytest.fixture(scope="module", params=["timing", "functional"])
def fan_frames(request, run_sim):
    out = run_sim(FAN_TRACE, f"fan-{request.param}", "-c", "small", "-m", request.param)
    frames = frame_files(out)
    assert [f.name for f in frames] == ["frame_0000.png", "frame_0001.png"]
    return request.param, frames


def samples_on_spokes(offset):
    """Pixel centres lying exactly on a shared edge (centre to rim vertex), ends included."""
    width, height, (cx, cy), rim = fan_geometry()
    count = 0
    for rx, ry in rim:
        for j in range(height):
            py = j + offset
            if ry == cy:   # a horizontal spoke: every centre of its row between the ends
                if py == cy:
                    count += sum(1 for i in range(width) if min(cx, rx) <= i + offset <= max(cx, rx))
                continue
            t = (py - cy) / (ry - cy)
            px = cx + t * (rx - cx)
            if 0 <= t <= 1 and (px - offset).denominator == 1 and 0 <= px - offset < width:
                count += 1
    return count


def test_expected_image_is_not_trivial():
    # Guards the test itself: the polygon must cover many pixels, and pixel centres of both
    # conventions must lie on the shared edges, or the comparisons below prove little.
    width, height, counts = expected_counts(Fraction(1, 2))
    assert 1500 < sum(map(sum, counts)) < width * height
    assert samples_on_spokes(Fraction(1, 2)) > 100   # D3D10 centres
    assert samples_on_spokes(Fraction(0)) > 30       # D3D9 centres


def test_d3d9_triangle_fan_covers_each_pixel_once(fan_frames):
    mode, frames = fan_frames
    # D3D9: pixel centres at integer coordinates.
    compare(read_png(frames[0]), expected_counts(Fraction(0)), f"D3D9 fan, {mode}")


def test_d3d10_triangle_list_covers_each_pixel_once(fan_frames):
    mode, frames = fan_frames
    # D3D10: pixel centres at half-integer coordinates.
    compare(read_png(frames[1]), expected_counts(Fraction(1, 2)), f"D3D10 list, {mode}")


def test_fan_trace_matches_its_generator():
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_fan", DATA_DIR / "make_fan.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    width, height, centre, rim = fan_geometry()
    assert centre == tuple(map(Fraction, module.CENTRE))
    assert rim == [(centre[0] + dx, centre[1] + dy) for dx, dy in module.RIM]


def test_binary_form_renders_the_same(gfxsim_trace, run_sim, fan_frames, tmp_path):
    # The same trace converted to the binary form must replay to the same frames.
    binary = tmp_path / "fan.gfxt"
    p = gfxsim_trace("convert", FAN_TRACE, binary)
    assert p.returncode == 0, p.stderr
    mode, frames = fan_frames
    out = run_sim(binary, f"fan-binary-{mode}", "-c", "small", "-m", mode)
    assert [f.read_bytes() for f in frame_files(out)] == [f.read_bytes() for f in frames]
