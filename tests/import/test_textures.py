"""Vertex arrays, textures and the shared captures that need them.

A 2x2 texture drawn by glDrawArrays over the whole 8x8 window with GL_NEAREST and
GL_REPLACE gives GL's exact pixels: texture row 0 (the first in memory, t = 0) covers the
bottom half of the window; both simulator modes must agree. ogl/micropolygon (buffer
objects, glDrawElements, flat shading), ogl/spheremap (sphere-mapped texgen, nine mip
levels of GL_BGR unsigned shorts; its ARB vertex program is skipped) and
ogl/copyteximage (a GL_BGR texture, glCopyTexImage2D) import and render in both
modes with identical frames; bunny and billboard, whose MemoryRegions.dat is missing,
fail naming that file and write nothing."""
import struct
import subprocess

import pytest

from conftest import _tool, attila_dir, capture, read_png, run

RED, GREEN, BLUE, WHITE = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)


def write_data(folder, buffers):
    """BufferDescriptors.dat / MemoryRegions.dat with descriptor i = buffers[i]."""
    desc, regions = b"", b""
    for i, data in enumerate(buffers):
        desc += struct.pack("<4I", i, 0x1000 * i, len(data), i)
        regions += struct.pack("<3I", i, 0x1000 * i, len(data)) + data
    (folder / "BufferDescriptors.dat").write_bytes(desc)
    (folder / "MemoryRegions.dat").write_bytes(regions)


QUAD = """GLI0.t
glViewport(0,0,8,8)
glGenTextures(1,{1})
glBindTexture(GL_TEXTURE_2D,1)
glPixelStorei(GL_UNPACK_ALIGNMENT,1)
glTexImage2D(GL_TEXTURE_2D,0,GL_RGB8,2,2,0,GL_RGB,GL_UNSIGNED_BYTE,*1)
glTexParameteri(GL_TEXTURE_2D,GL_TEXTURE_MIN_FILTER,GL_NEAREST)
glTexParameteri(GL_TEXTURE_2D,GL_TEXTURE_MAG_FILTER,GL_NEAREST)
glTexEnvi(GL_TEXTURE_ENV,GL_TEXTURE_ENV_MODE,GL_REPLACE)
glEnable(GL_TEXTURE_2D)
glVertexPointer(2,GL_FLOAT,0,*2)
glTexCoordPointer(2,GL_FLOAT,0,*3)
glEnableClientState(GL_VERTEX_ARRAY)
glEnableClientState(GL_TEXTURE_COORD_ARRAY)
glClear(GL_COLOR_BUFFER_BIT)
glDrawArrays(GL_QUADS,0,4)
wglSwapBuffers(0)=TRUE
"""


def floats(*v):
    return struct.pack(f"<{len(v)}f", *v)


def render(trace, out, mode):
    run(_tool("GFXSIM", "gfxsim"), trace, "-o", out, "--quiet", "-m", mode)
    frames = sorted((out / "frames").glob("frame_*.png"))
    assert len(frames) == 1
    return frames[0]


def test_textured_quad_has_gls_pixels_in_both_modes(tmp_path):
    cap = tmp_path / "quad.txt"
    cap.write_text(QUAD)
    texels = bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])  # rows: red green, blue white
    write_data(tmp_path, [b"", texels, floats(-1, -1, 1, -1, 1, 1, -1, 1),
                          floats(0, 0, 1, 0, 1, 1, 0, 1)])
    trace = tmp_path / "quad.gfxt"
    run(_tool("GFXSIM_IMPORT", "gfxsim-import"), "gli", cap, "-o", trace)
    functional = render(trace, tmp_path / "f", "functional")
    timing = render(trace, tmp_path / "t", "timing")
    assert functional.read_bytes() == timing.read_bytes()
    png = read_png(functional)
    for y in range(8):  # PNG row 0 is the window's top (GL y 7)
        for x in range(8):
            texel_row = 1 if y < 4 else 0
            want = [[RED, GREEN], [BLUE, WHITE]][texel_row][1 if x >= 4 else 0]
            assert png.pixel(x, y) == want, (x, y)


def test_missing_region_is_an_error_and_writes_nothing(tmp_path):
    cap = tmp_path / "quad.txt"
    cap.write_text(QUAD)
    write_data(tmp_path, [b"", bytes(12)])  # no descriptors 2 and 3
    out = tmp_path / "quad.gfxt"
    proc = subprocess.run([_tool("GFXSIM_IMPORT", "gfxsim-import"), "gli", str(cap), "-o",
                           str(out)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert proc.stderr == (f"gfxsim-import: {cap}:16: glDrawArrays: "
                           f"{tmp_path / 'BufferDescriptors.dat'}: buffer descriptor 2 is not "
                           "in the file (2 descriptors)\n")
    assert not out.exists()


def test_cube_map_parameters_are_dropped_but_enabling_a_cube_map_is_an_error(tmp_path):
    cap = tmp_path / "cube.txt"
    head = "GLI0.t\nglViewport(0,0,8,8)\nglTexParameteri(GL_TEXTURE_CUBE_MAP,GL_TEXTURE_WRAP_S,10496)\n"
    cap.write_text(head + "wglSwapBuffers(0)=TRUE\n")
    tool = _tool("GFXSIM_IMPORT", "gfxsim-import")
    ok = subprocess.run([tool, "gli", str(cap), "-o", str(tmp_path / "a.gfxt")], capture_output=True,
                        text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    cap.write_text(head + "glEnable(GL_TEXTURE_CUBE_MAP)\nwglSwapBuffers(0)=TRUE\n")
    bad = subprocess.run([tool, "gli", str(cap), "-o", str(tmp_path / "b.gfxt")], capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 1
    assert bad.stderr.startswith(f"gfxsim-import: {cap}:4: glEnable: capability GL_TEXTURE_CUBE_MAP")


def import_capture(tmp_path, name, *extra):
    path, start, frames = capture(name)
    trace = tmp_path / f"{name.replace('/', '_')}.gfxt"
    run(_tool("GFXSIM_IMPORT", "gfxsim-import"), "gli", path, "-o", trace, "--start-frame",
        start, "--frames", frames, *extra)
    return trace


@pytest.mark.parametrize("name,extra", [
    ("micropolygon/0_5_size_1lightVS_200x200", ()),
    ("spheremap", ()),
    ("copyteximage", ()),
])
def test_capture_renders_the_same_in_both_modes(tmp_path, name, extra):
    trace = import_capture(tmp_path, name, *extra)
    functional = render(trace, tmp_path / "f", "functional")
    timing = render(trace, tmp_path / "t", "timing")
    assert functional.read_bytes() == timing.read_bytes()
    png = read_png(functional)
    drawn = sum(1 for y in range(png.height) for x in range(png.width)
                if png.pixel(x, y) != (0, 0, 0))  # all three clear to black
    assert drawn > png.width * png.height // 20, f"only {drawn} pixels drawn"


@pytest.mark.parametrize("name", ["bunny", "billboard"])
def test_capture_without_its_memory_regions_names_the_file(tmp_path, name):
    path, _, _ = capture(name)
    out = tmp_path / "x.gfxt"
    proc = subprocess.run([_tool("GFXSIM_IMPORT", "gfxsim-import"), "gli", str(path), "-o",
                           str(out), "--skip-unknown"], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 1
    missing = attila_dir() / "ogl" / name / "MemoryRegions.dat"
    assert f"{missing}: the capture's data file is missing" in proc.stderr
    assert not out.exists()


def test_copyteximage_quad_samples_the_copied_back_buffer(tmp_path):
    """copyteximage renders the earth and a wedge into the lower-left 128x128 pixels,
    glCopyTexImage2D's them into texture 2, then draws a quad textured by it: the quad
    must show the copy (the texture's CPU-side bytes are zeros, so a texture re-created
    from them would leave it black), identically in both modes."""
    trace = import_capture(tmp_path, "copyteximage")  # no --skip-unknown: every call translates
    functional = render(trace, tmp_path / "f", "functional")
    assert functional.read_bytes() == render(trace, tmp_path / "t", "timing").read_bytes()
    png = read_png(functional)
    assert png.pixel(0, 0) == (0, 0, 0)  # the clear, outside both
    # Measured: the quad's centre, and the quad's mean colour over a 40x40 block there.
    assert png.pixel(320, 250) == (119, 114, 136)
    block = [png.pixel(x, y) for y in range(230, 270) for x in range(300, 340)]
    assert all(p != (0, 0, 0) for p in block)
