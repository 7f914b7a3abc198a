"""Memory traffic follows each format's size. Textures: a 32x32 target samples a 32x32
texture one texel per pixel (point filter), so every texel is read once and the texture
client's DRAM reads are the whole level: 32 * 32 * bytes per texel for the uncompressed
formats, and (32 / 4)^2 blocks of 8 bytes (DXT1) or 16 bytes (DXT2..5). Colour targets: see
colour_target_trace. One draw per size class, in the timing model (the functional model has
no traffic)."""
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


# Colour traffic follows the render target's format too: a 16x16 texture of the format is
# bound as the only colour target and covered by one quad of constant colour, with no clear.
# Every line of the surface is written once (whole lines, so nothing is fetched) and written
# back at the end: the colour client writes 16 * 16 * bytes per pixel and reads nothing.
# With blending every line is also read first, once.
RT = 16
RT_BYTES = {"r5g6b5": 2, "x1r5g5b5": 2, "a1r5g5b5": 2, "a4r4g4b4": 2, "r16f": 2,
            "a8r8g8b8": 4, "g16r16": 4, "r32f": 4, "a16b16g16r16": 8, "a16b16g16r16f": 8,
            "a32b32g32r32f": 16}
PS_RED = "ps_2_0\ndef c0, 1, 0, 0, 1\nmov oC0, c0\n"


def colour_target_trace(fmt, blend):
    """The 32x32 back buffer is never drawn: only the RT x RT target takes pixels."""
    corners = [(-1, 1), (1, 1), (-1, -1), (-1, -1), (1, 1), (1, -1)]
    vertices = "".join(f"        - f32: [{x}, {y}, 0.5]\n" for x, y in corners)
    return (
        f'gfxsim_trace: 1\nname: "colour_traffic_{fmt}"\nwidth: 32\nheight: 32\ncommands:\n'
        "  - create_vertex_declaration:\n      id: 1\n      elements:\n"
        "        - {stream: 0, offset: 0, type: float3, usage: position, usage_index: 0}\n"
        "  - create_vertex_buffer:\n      id: 2\n      bytes:\n" + vertices +
        '  - create_shader: {id: 10, stage: vertex, format: d3d9_asm, data: {text: '
        '"vs_2_0\\ndcl_position v0\\nmov oPos, v0\\n"}}\n'
        f'  - create_shader: {{id: 11, stage: pixel, format: d3d9_asm, data: {{text: '
        f'{PS_RED!r}}}}}\n'.replace("'", '"') +
        f"  - create_texture: {{id: 20, format: {fmt}, width: {RT}, height: {RT}, "
        f"levels: [{{u8: [{', '.join(['0'] * (RT * RT * RT_BYTES[fmt]))}]}}]}}\n"
        "  - set_render_target: {index: 0, id: 20}\n"
        f"  - set_viewport: {{x: 0, y: 0, width: {RT}, height: {RT}, min_z: 0, max_z: 1}}\n"
        "  - set_render_states: {z_enable: false, cull_mode: none"
        + (", blend_enable: true, src_blend: one, dest_blend: one" if blend else "") + "}\n"
        "  - set_vertex_declaration: {id: 1}\n"
        "  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 12}\n"
        "  - set_vertex_shader: {id: 10}\n  - set_pixel_shader: {id: 11}\n"
        "  - draw_primitive: {topology: triangle_list, start_vertex: 0, primitive_count: 2}\n"
        "  - present: {}\n")


CASES = [(fmt, blend) for fmt in sorted(RT_BYTES) for blend in (False, True)]


@pytest.mark.parametrize("fmt,blend", CASES, ids=[f + ("-blend" if b else "") for f, b in CASES])
def test_colour_bytes_follow_the_target_format(fmt, blend, run_sim, tmp_path):
    trace = tmp_path / f"colour_{fmt}.yaml"
    trace.write_text(colour_target_trace(fmt, blend))
    stats = stat_leaves(load_stats(run_sim(trace, f"colour_{fmt}_{blend}"))["stats"])
    surface = RT * RT * RT_BYTES[fmt]
    assert stats["memory.dram.clients.color.bytes_written"]["value"] == surface
    assert stats["memory.dram.clients.color.bytes_read"]["value"] == (surface if blend else 0)
