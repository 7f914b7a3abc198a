"""Texture memory traffic follows each format's size: a 32x32 target samples a 32x32
texture one texel per pixel (point filter), so every texel is read once and the texture
client's DRAM reads are the whole level: 32 * 32 * bytes per texel for the uncompressed
formats, and (32 / 4)^2 blocks of 8 bytes (DXT1) or 16 bytes (DXT2..5). One draw per size
class, in the timing model (the functional model has no traffic)."""
import importlib.util

import pytest

from conftest import DATA_DIR, load_stats, stat_leaves

_spec = importlib.util.spec_from_file_location("make_formats",
                                               DATA_DIR / "formats" / "make_formats.py")
make_formats = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_formats)

TEXELS = 32 * 32
# format -> bytes of its 32x32 level
SIZES = {
    "l8": TEXELS * 1,
    "r5g6b5": TEXELS * 2,
    "a8r8g8b8": TEXELS * 4,
    "a16b16g16r16f": TEXELS * 8,
    "a32b32g32r32f": TEXELS * 16,
    "dxt1": 64 * 8,
    "dxt5": 64 * 16,
}


@pytest.mark.parametrize("fmt", sorted(SIZES))
def test_texture_bytes_follow_the_format(fmt, run_sim, tmp_path):
    level = bytes(SIZES[fmt])  # contents do not matter to the traffic
    one_to_one = make_formats.quad(0, 0, 32, 32, ((0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)))
    text = make_formats.trace(f"traffic_{fmt}", (fmt, 32, 32, "texture_2d", 1, level),
                              make_formats.PS_2D.format(signed=""), one_to_one)
    trace = tmp_path / f"traffic_{fmt}.yaml"
    trace.write_text(text)
    stats = stat_leaves(load_stats(run_sim(trace, f"traffic_{fmt}"))["stats"])
    assert stats["memory.dram.clients.texture.bytes_read"]["value"] == SIZES[fmt]
