"""The trace command `copy_rect` end to end: the traces of data/copy_rect/ (make_copy.py
says what each draws) in the timing and the functional model. A render -> copy -> sample
chain must give exactly the pixels the copies say (a point stretch of the back buffer, then
a linear shrink of that texture into another), the same in both modes; a texture sampled
again after a copy into it is fetched afresh (no stale cache lines); a copy's lines,
bytes and cycles are exact; bad copies fail naming the command's line and the problem.
"""
import csv

from conftest import DATA_DIR, frame_files, load_stats, read_png, run_tool

COPY = DATA_DIR / "copy_rect"
SIZE = 32


def frames(run_sim, name, mode, *extra):
    out = run_sim(COPY / f"{name}.yaml", f"copy-{name}-{mode}", "-c", "small", "-m", mode, *extra)
    return out, frame_files(out)


def pixels(path):
    png = read_png(path)
    assert (png.width, png.height) == (SIZE, SIZE)
    return {(x, y): png.pixel(x, y) for y in range(SIZE) for x in range(SIZE)}


def test_render_copy_sample_chain_gives_the_copied_pixels(run_sim):
    images = {}
    for mode in ("functional", "timing"):
        _, files = frames(run_sim, "copy_chain", mode)
        assert len(files) == 3, f"{mode}: {len(files)} frames"
        f0, f1, f2 = (pixels(f) for f in files)
        # Frame 0 is what make_copy.py draws: red, green and the blue clear.
        assert f0[(0, 0)] == f0[(15, 15)] == (255, 0, 0)
        assert f0[(16, 8)] == f0[(31, 23)] == (0, 255, 0)
        assert f0[(16, 7)] == f0[(15, 16)] == f0[(31, 24)] == (0, 0, 255)
        bad1 = [(x, y) for (x, y), c in f1.items() if c != f0[(8 + x // 2, 4 + y // 2)]]
        assert not bad1, f"{mode} frame 1: {len(bad1)} wrong, e.g. {bad1[:6]}"
        want2 = {(x, y): f0[(8 + x, 4 + y)] if x < 16 and y < 16 else (0, 0, 0)
                 for (x, y) in f2}
        bad2 = [p for p in f2 if f2[p] != want2[p]]
        assert not bad2, f"{mode} frame 2: {len(bad2)} wrong, e.g. {bad2[:6]}"
        images[mode] = [f.read_bytes() for f in files]
    assert images["functional"] == images["timing"]


def frame_rows(out):
    with open(out / "frames.csv", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_a_texture_sampled_after_a_copy_is_fetched_afresh(run_sim):
    images = {}
    for mode in ("functional", "timing"):
        out, files = frames(run_sim, "copy_resample", mode)
        f0, f1 = (pixels(f) for f in files)
        assert f0[(0, 0)] == f0[(15, 31)] == (255, 0, 0)      # the red left half
        assert f0[(16, 0)] == f0[(31, 31)] == (0, 255, 255)   # texture 20's cyan
        assert f1 == f0, f"{mode}: frame 1 does not sample the copied texels"
        images[mode] = [f.read_bytes() for f in files]
    assert images["functional"] == images["timing"]
    # Frame 1 reads texture 20 at its new address: the same 140 texture-cache lines as
    # frame 0, all 64 of the texture's L2 lines missing again (4096 DRAM bytes each frame),
    # and no more unit-cache hits than frame 0 (no stale line answers).
    rows = frame_rows(out)
    assert len(rows) == 2

    def total(row, suffix):
        return sum(int(v) for k, v in row.items()
                   if k.startswith("shader.core") and k.endswith(suffix))
    for row in rows:
        assert total(row, "texture_lines") == 140
        assert total(row, "texture_cache.hits") == 12
        assert total(row, "texture_cache.misses") + total(row, "texture_cache.hits_on_fill") == 128
        assert int(row["memory.l2.clients.texture.misses"]) == 64
        assert int(row["memory.dram.clients.texture.bytes_read"]) == 4096


def test_a_copy_reads_the_source_and_writes_the_destination_lines(run_sim):
    out, _ = frames(run_sim, "copy_only", "timing")
    stats = load_stats(out)["stats"]
    clients = stats["memory"]["dram"]["clients"]
    # The clear writes the 32x32 colour and depth surfaces (64 + 64 lines of 64 bytes).
    # The copy reads the back buffer's 64 colour lines (still in the colour cache: no DRAM
    # read) and writes texture 20's tiles under (2, 2)-(10, 10): 9 tiles of one line, the
    # middle one whole, the other 8 in part, so fetched from DRAM first (512 bytes). The
    # flush at Present writes the 64 back-buffer lines and the 9 texture lines.
    assert stats["rop"]["clear_lines"]["value"] == 128 + 64 + 9
    assert (clients["color"]["bytes_read"]["value"],
            clients["color"]["bytes_written"]["value"]) == (8 * 64, 4096 + 9 * 64)
    assert (clients["depth"]["bytes_read"]["value"],
            clients["depth"]["bytes_written"]["value"]) == (0, 4096)
    # clear_lines_per_cycle 4 on small: the clear's 128 lines take 32 cycles, the copy's
    # 73 another 19, of which one waits: two of its fills meet at one L2 slice's crossbar
    # port in a cycle, one is refused and retried (a stall_memory cycle).
    assert stats["rop"]["busy_cycles"]["value"] + stats["rop"]["stall_memory_cycles"]["value"] \
        == 32 + 19
    assert stats["rop"]["stall_memory_cycles"]["value"] == 1
    assert stats["memory"]["l2"]["clients"]["color"]["refused"]["value"] == 1
    assert stats["cp"]["clears"]["value"] == 2  # the copy travels as a clear marker
    # The frame: 441 cycles; 379 without the copy (the same trace less that line).
    assert load_stats(out)["run"]["cycles"] == 441


def test_the_frame_without_the_copy_is_62_cycles_shorter(run_sim, tmp_path):
    path = tmp_path / "no_copy.yaml"
    path.write_text("".join(line for line in (COPY / "copy_only.yaml").read_text()
                            .splitlines(keepends=True) if "copy_rect" not in line))
    out = run_sim(path, "copy-none-timing", "-c", "small", "-m", "timing")
    assert load_stats(out)["run"]["cycles"] == 441 - 62


def run_bad(tmp_path, gfxsim_exe, text, mode):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    r = run_tool(gfxsim_exe, path, "-o", tmp_path / f"out-{mode}", "--quiet", "-m", mode)
    assert r.returncode == 1, r.stderr
    assert not (tmp_path / f"out-{mode}").exists()
    return r.stderr.strip().replace(str(path), "bad.yaml")


def test_bad_copies_fail_by_name(tmp_path, gfxsim_exe, gfxsim_trace_exe):
    base = (COPY / "copy_only.yaml").read_text()
    copy = "copy_rect: {dest: 20, dst_left: 2, dst_top: 2, dst_right: 10, dst_bottom: 10}"
    tex21 = ("format: x8r8g8b8\n      width: 16\n      height: 16\n      levels:\n"
             "        - {u32: [" + ", ".join(["0xFF00FFFF"] * 256) + "]}")
    assert copy in base and tex21 in base
    line = base[:base.index("  - copy_rect:")].count("\n") + 1
    at = f"gfxsim: bad.yaml:{line}: copy_rect"
    r565 = tex21.replace("x8r8g8b8", "r5g6b5").replace(
        ", ".join(["0xFF00FFFF"] * 256), ", ".join(["0xFFFF"] * 128))
    cases = {
        base.replace(copy, "copy_rect: {dest: 22}"):
            f"{at}: dest: no texture with id 22 (never created, or released)",
        base.replace(copy, "copy_rect: {dest: 20, src_right: 33, src_bottom: 32}"):
            f"{at}: the source rectangle (0, 0, 33, 32) is not inside the 32x32 surface",
        base.replace(copy, "copy_rect: {source: 20, dest: 20}"):
            f"{at}: source and dest are the same surface (level 0 of texture 20)",
        base.replace(tex21, r565).replace(copy, "copy_rect: {dest: 21}"):
            f"{at}: cannot convert the back buffer's a8r8g8b8 to r5g6b5: a8r8g8b8 and "
            "x8r8g8b8 convert to each other, other formats copy only into their own",
        base.replace(tex21, r565).replace(copy, "copy_rect: {source: 21, dest: 20}"):
            f"{at}: cannot convert r5g6b5 to a8r8g8b8: a8r8g8b8 and "
            "x8r8g8b8 convert to each other, other formats copy only into their own",
    }
    for text, message in cases.items():
        for mode in ("functional", "timing"):
            assert run_bad(tmp_path, gfxsim_exe, text, mode) == message, mode
    # gfxsim-trace validate checks the rectangles against the texture's level.
    path = tmp_path / "v.yaml"
    path.write_text(base.replace(copy, "copy_rect: {dest: 21, dst_right: 17, dst_bottom: 4}"))
    r = run_tool(gfxsim_trace_exe, "validate", path)
    assert r.returncode == 1
    assert r.stderr.strip() == (f"gfxsim-trace: {path}:{line}: copy_rect: field 'dst_right': "
                                "17 is past the surface's width 16")
