"""Writes the input-layout traces of tests/e2e/test_d3d10_layout.py (run it from anywhere; it
writes beside itself). Every trace is 64 x 64 and draws instanced D3D10 triangle strips
through a D3D10 input layout (create_input_layout / set_input_layout), the vertex buffers of
its slots bound with set_stream_source, depth testing off:

- wine_il_append_aligned: the scene of Wine's d3d10core test_il_append_aligned (its
  fxc-compiled shaders from tests/d3d10/data): five elements in three slots, offsets
  D3D10_APPEND_ALIGNED_ELEMENT, semantic names in mixed case, two per-instance slots of step
  rates 2 and 1; DrawInstanced(4, 4, 0, 0) of a quarter-width quad, each instance moved right
  by SV_InstanceID / 2.
- wine_instance_id: the scene of Wine's test_instance_id (colour target only): an R8_UNORM
  colour and an R32_FLOAT x offset per instance (step rate 1, appended after the byte, so at
  offset 4), drawn as DrawInstanced(4, 4, 0, 0) and DrawInstanced(4, 4, 0, 4).
- step_rates: SM4 asm of our own reading three per-instance R8_UNORM slots of step rates 0,
  1 and 2 as red, green and blue, and SV_InstanceID as an eighth-width column; eight
  instances on the top half from start instance 0, eight on the bottom half from 2.
The test holds the expected pixels.
"""
from pathlib import Path
import struct

HERE = Path(__file__).resolve().parent
GOLDEN = HERE.parents[2] / "d3d10" / "data"  # tests/d3d10/data: Wine's arrays
SIZE = 64
APPEND = "0xFFFFFFFF"  # D3D10_APPEND_ALIGNED_ELEMENT


def golden(name):
    words = []
    for line in (GOLDEN / f"{name}.txt").read_text().splitlines():
        if not line.startswith("#"):
            words += line.split()
    return words


def shader(id_, stage, words=None, text=None):
    body = ("{u32: [" + ", ".join(words) + "]}" if words is not None else
            '{text: "' + text.replace("\n", "\\n") + '"}')
    fmt = "dxbc" if words is not None else "sm4_asm"
    return (f"  - create_shader:\n      id: {id_}\n      stage: {stage}\n      format: {fmt}\n"
            f"      data: {body}\n")


def floats(id_, rows):
    lines = "".join(f"        - f32: [{', '.join(repr(float(v)) for v in r)}]\n" for r in rows)
    return f"  - create_vertex_buffer:\n      id: {id_}\n      bytes:\n{lines}"


def raw(id_, data):
    words = [struct.unpack_from("<I", data + b"\0" * 3, i)[0] for i in range(0, len(data), 4)]
    return (f"  - create_vertex_buffer:\n      id: {id_}\n      bytes: {{u32: [" +
            ", ".join(f"0x{w:08x}" for w in words) + "]}\n")


def layout(id_, shader_id, elements):
    lines = "".join("        - {" + ", ".join(f"{k}: {v}" for k, v in e.items()) + "}\n"
                    for e in elements)
    return (f"  - create_input_layout:\n      id: {id_}\n      shader: {shader_id}\n"
            f"      elements:\n{lines}")


def element(name, index, fmt, slot, offset, per_instance=False, step=0):
    e = {"semantic_name": f'"{name}"', "semantic_index": index, "format": fmt,
         "input_slot": slot, "aligned_byte_offset": offset}
    if per_instance:
        e.update(input_slot_class="per_instance", instance_data_step_rate=step)
    return e


def trace(name, about, resources, body):
    text = (f"# {about} (make_layout.py)\ngfxsim_trace: 1\nname: \"{name}\"\n"
            f"width: {SIZE}\nheight: {SIZE}\ncommands:\n" + "".join(resources) +
            "  - create_depth_stencil_state: {id: 1, depth_enable: 0}\n"
            "  - set_depth_stencil_state: {id: 1}\n" + "".join(body) + "  - present: {}\n")
    (HERE / f"{name}.yaml").write_text(text)


def wine_il_append_aligned():
    resources = [
        shader(10, "vertex", golden("vs_il_append_aligned")),
        shader(11, "pixel", golden("ps_il_append_aligned")),
        floats(1, [(-1, -1, 0, 1), (-1, 1, 0, 1), (-0.5, -1, 0, 1), (-0.5, 1, 0, 1)]),
        floats(2, [(0.5, 0.5, 0, 1), (0.5, 0.5, 1, 1)]),  # color2, color1 per element
        floats(3, [(0.5, 0.5, 1, 0), (0.5, 0.5, 0, 1), (0.5, 0.5, 0, 0), (0.5, 0.5, 1, 0)]),
        layout(1, 10, [
            element("CoLoR", 2, "r32g32_float", 1, APPEND, True, 2),
            element("ColoR", 3, "r32g32_float", 2, APPEND, True, 1),
            element("POSITION", 0, "r32g32b32a32_float", 0, APPEND),
            element("ColoR", 0, "r32g32_float", 2, APPEND, True, 1),
            element("cOLOr", 1, "r32g32_float", 1, APPEND, True, 2),
        ]),
    ]
    body = [
        "  - clear: {flags: [target], color: 0x80FF0000, depth: 1, stencil: 0}\n",
        "  - set_input_layout: {id: 1}\n",
        "  - set_stream_source: {stream: 0, buffer: 1, offset: 0, stride: 16}\n",
        "  - set_stream_source: {stream: 1, buffer: 2, offset: 0, stride: 16}\n",
        "  - set_stream_source: {stream: 2, buffer: 3, offset: 0, stride: 16}\n",
        "  - set_vertex_shader: {id: 10}\n",
        "  - set_pixel_shader: {id: 11}\n",
        "  - draw_instanced: {topology: triangle_strip, vertex_count_per_instance: 4, "
        "instance_count: 4, start_vertex: 0, start_instance: 0}\n",
    ]
    trace("wine_il_append_aligned", "Wine's test_il_append_aligned scene", resources, body)


def wine_instance_id():
    per_instance = b"".join(struct.pack("<B3xf", c, o) for c, o in [
        (0xf0, 0.0), (0x80, 0.25), (0x10, 0.5), (0x40, 0.75),
        (0xaa, 1.0), (0xbb, 1.25), (0xcc, 1.5), (0x90, 1.75)])
    resources = [
        shader(10, "vertex", golden("vs_instance_id")),
        shader(11, "pixel", golden("ps_instance_id")),
        floats(1, [(-1, 0, 0, 1), (-1, 1, 0, 1), (-0.75, 0, 0, 1), (-0.75, 1, 0, 1)]),
        raw(2, per_instance),
        layout(1, 10, [
            element("position", 0, "r32g32b32a32_float", 0, APPEND),
            element("color", 0, "r8_unorm", 1, APPEND, True, 1),
            element("v_offset", 0, "r32_float", 1, APPEND, True, 1),
        ]),
    ]
    body = [
        "  - clear: {flags: [target], color: 0xFFFFFFFF, depth: 1, stencil: 0}\n",
        "  - set_vertex_shader: {id: 10}\n",
        "  - set_pixel_shader: {id: 11}\n",
        "  - set_input_layout: {id: 1}\n",
        "  - set_stream_source: {stream: 0, buffer: 1, offset: 0, stride: 16}\n",
        "  - set_stream_source: {stream: 1, buffer: 2, offset: 0, stride: 8}\n",
        "  - draw_instanced: {topology: triangle_strip, vertex_count_per_instance: 4, "
        "instance_count: 4, start_vertex: 0, start_instance: 0}\n",
        "  - draw_instanced: {topology: triangle_strip, vertex_count_per_instance: 4, "
        "instance_count: 4, start_vertex: 0, start_instance: 4}\n",
    ]
    trace("wine_instance_id", "Wine's test_instance_id scene, colour target", resources, body)


# ATTRIB1..3 (step rates 0, 1, 2) as red, green, blue; instance i moves the column right
# by i eighths of the target.
VS_STEPS = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.x
dcl_input v2.x
dcl_input v3.x
dcl_input_sgv v4.x, instance_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 1
utof r0.x, v4.x
mad o0.x, r0.x, l(0.25), v0.x
mov o0.yzw, v0.yyzw
mov o1.x, v1.x
mov o1.y, v2.x
mov o1.z, v3.x
mov o1.w, l(1.0)
ret
"""
PS_COLOR = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""
STEP0 = [0x40, 0x50, 0x60]
STEP1 = [0x10 * (k + 1) for k in range(10)]
STEP2 = [0x11 * (k + 1) for k in range(6)]


def step_rates():
    resources = [
        shader(10, "vertex", text=VS_STEPS),
        shader(11, "pixel", text=PS_COLOR),
        # The top-left column's quad (vertices 0..3), then the bottom-left one (4..7).
        floats(1, [(-1, 0, 0, 1), (-1, 1, 0, 1), (-0.75, 0, 0, 1), (-0.75, 1, 0, 1),
                   (-1, -1, 0, 1), (-1, 0, 0, 1), (-0.75, -1, 0, 1), (-0.75, 0, 0, 1)]),
        raw(2, bytes(STEP0)), raw(3, bytes(STEP1)), raw(4, bytes(STEP2)),
        layout(1, 10, [
            element("ATTRIB", 0, "r32g32b32a32_float", 0, 0),
            element("ATTRIB", 1, "r8_unorm", 1, 0, True, 0),
            element("ATTRIB", 2, "r8_unorm", 2, 0, True, 1),
            element("ATTRIB", 3, "r8_unorm", 3, 0, True, 2),
        ]),
    ]
    body = [
        "  - clear: {flags: [target], color: 0xFF000000, depth: 1, stencil: 0}\n",
        "  - set_vertex_shader: {id: 10}\n",
        "  - set_pixel_shader: {id: 11}\n",
        "  - set_input_layout: {id: 1}\n",
        "  - set_stream_source: {stream: 0, buffer: 1, offset: 0, stride: 16}\n",
        "  - set_stream_source: {stream: 1, buffer: 2, offset: 0, stride: 1}\n",
        "  - set_stream_source: {stream: 2, buffer: 3, offset: 0, stride: 1}\n",
        "  - set_stream_source: {stream: 3, buffer: 4, offset: 0, stride: 1}\n",
        "  - draw_instanced: {topology: triangle_strip, vertex_count_per_instance: 4, "
        "instance_count: 8, start_vertex: 0, start_instance: 0}\n",
        "  - draw_instanced: {topology: triangle_strip, vertex_count_per_instance: 4, "
        "instance_count: 8, start_vertex: 4, start_instance: 2}\n",
    ]
    trace("step_rates", "Instance data step rates 0, 1 and 2", resources, body)


if __name__ == "__main__":
    wine_il_append_aligned()
    wine_instance_id()
    step_rates()
