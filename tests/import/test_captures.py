"""The other immediate-mode, fixed-function ATTILA captures import and render without an
error: ogl/simplefog (linear fog, one light), ogl/8lights (eight lights with spots, local
viewer, culling), ogl/spaceship (a 52 K-vertex lit mesh) and ogl/blendedcubes (a GLI0.h
capture with hexadecimal floats, additive blending; ATTILA's regression starts at frame
70). Their frames have no reference PNG in this snapshot, so only "something was drawn
over the clear colour" is checked, not the image.
"""
import pytest

from conftest import read_png

# Capture -> clear colour of its frame (GL's glClearColor, 8-bit).
CAPTURES = {
    "simplefog": (128, 128, 128),
    "8lights": (77, 128, 255),
    "spaceship": (77, 77, 204),
    "blendedcubes": (0, 0, 0),
}


@pytest.mark.parametrize("name", sorted(CAPTURES))
def test_capture_imports_and_renders(import_and_render, name):
    results = import_and_render(name, "-m", "functional")
    frames = sorted((results / "frames").glob("frame_*.png"))
    assert len(frames) == 1
    png = read_png(frames[0])
    clear = CAPTURES[name]
    drawn = sum(1 for row in range(png.height) for x in range(png.width)
                if png.pixel(x, row) != clear)
    assert png.pixel(0, 0) == clear  # the corner stays clear in every one of them
    assert drawn > png.width * png.height // 100, f"only {drawn} pixels drawn"
