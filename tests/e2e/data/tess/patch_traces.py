"""YAML traces of patch draws for test_tessellator.py, written by the tests into their
temporary folders: a flat 4x4 cubic Bezier grid of float3 positions (stream 0) drawn with
draw_rect_patch, in the frames and with the handles a test asks for.
"""


def grid_floats(x0=-0.8, y0=0.8, size=1.6, count=1):
    """`count` 4x4 grids side by side (each its own patch), row-major, z = 0.5."""
    rows = []
    for p in range(count):
        for r in range(4):
            for c in range(4):
                x = x0 + (size / count) * (p + c / 3.0)
                y = y0 - size * r / 3.0
                rows.append(f"        - f32: [{x:.6f}, {y:.6f}, 0.5]")
    return "\n".join(rows)


def rect_patch_trace(frames, count=1, size=32):
    """frames: a list of frames, each a list of draw_rect_patch argument dicts (the patch
    index `patch` selects the grid; info fields are filled in for has_info draws)."""
    lines = [
        "gfxsim_trace: 1",
        'name: "tess_test"',
        f"width: {size}",
        f"height: {size}",
        "commands:",
        "  - create_vertex_declaration:",
        "      id: 1",
        "      elements:",
        "        - {stream: 0, offset: 0, type: float3, usage: position, usage_index: 0}",
        "  - create_vertex_buffer:",
        "      id: 2",
        "      bytes:",
        grid_floats(count=count),
        f"  - set_viewport: {{x: 0, y: 0, width: {size}, height: {size}, min_z: 0, max_z: 1}}",
        "  - set_render_states: {z_enable: false, cull_mode: none}",
        "  - set_vertex_declaration: {id: 1}",
        "  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 12}",
    ]
    for frame in frames:
        lines.append("  - clear: {flags: [target], color: 0xFF000080, depth: 1, stencil: 0}")
        for d in frame:
            d = dict(d)
            patch = d.pop("patch", 0)
            if d.get("has_info", 1):
                d.setdefault("start_vertex_offset_height", 4 * patch)
            fields = ", ".join(f"{k}: {v}" for k, v in d.items())
            lines.append(f"  - draw_rect_patch: {{{fields}}}")
        lines.append("  - present: {}")
    return "\n".join(lines) + "\n"
