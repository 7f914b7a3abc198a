"""The trace command `resolve` end to end: the traces of data/resolve/ (make_resolve.py
says what each draws) in the timing and the functional model. The texture a resolve fills
is sampled back onto the screen, so frame 1 must repeat frame 0's resolved pixels exactly,
in both modes; the resolve's own lines and bytes are exact; bad textures fail by name.
"""
from conftest import DATA_DIR, frame_files, load_stats, read_png, run_tool

RESOLVE = DATA_DIR / "resolve"
SIZE = 32
OFFSETS_4X = [(-2, -6), (6, -2), (-6, 2), (2, 6)]  # reference §5.3, 1/16 px from the centre
# edge_4x's quads in D3D10 pixel units (pixel i spans [i, i + 1]).
RED_RECT = (0.5 - 16, 8.5, 0.5, 32.5)
GREEN_RECT = (0.5, 32.5, 0.5, 32.5)


def inside(rect, x, y):
    x0, x1, y0, y1 = rect
    return x0 <= x < x1 and y0 <= y < y1  # top-left rule


def edge_4x(x, y):
    """The resolved pixel: per channel the mean of the four samples, rounded, ties up."""
    colours = []
    for ox, oy in OFFSETS_4X:
        sx, sy = x + 0.5 + ox / 16, y + 0.5 + oy / 16
        colours.append((255, 0, 0) if inside(RED_RECT, sx, sy) else
                       (0, 255, 0) if inside(GREEN_RECT, sx, sy) else (0, 0, 0))
    return tuple((2 * sum(c[k] for c in colours) + 4) // 8 for k in range(3))


def frames(run_sim, name, mode):
    out = run_sim(RESOLVE / f"{name}.yaml", f"resolve-{name}-{mode}", "-c", "small", "-m", mode)
    return out, frame_files(out)


def wrong(path, want_of):
    png = read_png(path)
    assert (png.width, png.height) == (SIZE, SIZE)
    return [f"({x},{y}) got {png.pixel(x, y)} want {want_of(x, y)}"
            for y in range(SIZE) for x in range(SIZE) if png.pixel(x, y) != want_of(x, y)]


def test_the_resolved_texture_sampled_back_repeats_the_frame(run_sim):
    assert edge_4x(8, 5) == (128, 128, 0) and edge_4x(8, 0) == (64, 64, 0)
    images = {}
    for mode in ("functional", "timing"):
        _, files = frames(run_sim, "resolve_4x", mode)
        assert len(files) == 2, f"{mode}: {len(files)} frames"
        for i, f in enumerate(files):
            bad = wrong(f, edge_4x)
            assert not bad, f"{mode} frame {i}: {len(bad)} wrong, e.g. " + "; ".join(bad[:6])
        images[mode] = [f.read_bytes() for f in files]
    assert images["functional"] == images["timing"]


def test_the_resolve_reads_the_samples_and_writes_the_texture(run_sim):
    out, _ = frames(run_sim, "resolve_only_4x", "timing")
    stats = load_stats(out)["stats"]
    clients = stats["memory"]["dram"]["clients"]
    # The clear writes 16 KiB of 4x colour and of depth (256 + 256 lines of 64 bytes); the
    # resolve reads the 256 colour lines (32 x 32 x 4 samples x 4 bytes, still in the
    # colour cache: no DRAM read) and writes the texture's 64 lines (32 x 32 x 4 bytes),
    # which the flush at Present writes back: 16384 + 4096 colour bytes.
    assert stats["rop"]["clear_lines"]["value"] == 512 + 256 + 64
    assert (clients["color"]["bytes_read"]["value"],
            clients["color"]["bytes_written"]["value"]) == (0, 16384 + 4096)
    assert (clients["depth"]["bytes_read"]["value"],
            clients["depth"]["bytes_written"]["value"]) == (0, 16384)
    # clear_lines_per_cycle 4 on small: the clear's 512 lines take 128 busy cycles, the
    # resolve's 320 another 80.
    assert stats["rop"]["busy_cycles"]["value"] == 128 + 80
    assert stats["cp"]["clears"]["value"] == 2  # the resolve travels as a clear marker


def run_bad(tmp_path, gfxsim_exe, text, mode):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    r = run_tool(gfxsim_exe, path, "-o", tmp_path / f"out-{mode}", "--quiet", "-m", mode)
    assert r.returncode == 1
    assert not (tmp_path / f"out-{mode}").exists()
    return r.stderr.strip().replace(str(path), "bad.yaml")


def test_bad_textures_fail_by_name(tmp_path, gfxsim_exe):
    base = (RESOLVE / "resolve_only_4x.yaml").read_text()
    blue = ", ".join(["0xFF0000FF"] * 1024)
    assert blue in base and "resolve: {texture: 20}" in base
    line = base[:base.index("  - resolve:")].count("\n") + 1
    cases = {
        base.replace("resolve: {texture: 20}", "resolve: {texture: 21}"):
            f"gfxsim: bad.yaml:{line}: resolve: no texture with id 21 (never created, or released)",
        base.replace("width: 32\n      height", "width: 16\n      height").replace(
            blue, ", ".join(["0xFF0000FF"] * 512)):
            f"gfxsim: bad.yaml:{line}: resolve: texture 20 is 16x32, not the back buffer's 32x32",
        base.replace("format: a8r8g8b8", "format: r5g6b5").replace(
            blue, ", ".join(["0xFFFF"] * 512)):
            f"gfxsim: bad.yaml:{line}: resolve: texture 20 (r5g6b5, texture_2d) cannot take "
            "the back buffer's colour: 2D textures in a8r8g8b8 or x8r8g8b8 can",
        # D3D9 and D3D10 take no resolve into the target being drawn.
        base.replace("  - resolve:", "  - set_render_target: {index: 0, id: 20}\n  - resolve:"):
            f"gfxsim: bad.yaml:{line + 1}: resolve: texture 20 is bound as a render target",
    }
    for text, message in cases.items():
        for mode in ("functional", "timing"):
            assert run_bad(tmp_path, gfxsim_exe, text, mode) == message
