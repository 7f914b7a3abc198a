"""A D3D10 input layout built from Python through the schema-driven builder (no hand-written
Python per command): an SM4 shader reads a per-vertex position and a per-instance colour
(step rate 1) through create_input_layout / set_input_layout; the trace round-trips
through both forms and renders one colour per instance in both modes. A bad element is
refused naming the command and the field."""
import numpy as np
import pytest

import gfxsim
from conftest import read_png

VS = ("vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_input_sgv v2.x, instance_id\n"
      "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\ndcl_temps 1\n"
      "utof r0.x, v2.x\nmad o0.x, r0.x, l(1.0), v0.x\nmov o0.yzw, v0.yyzw\n"
      "mov o1.xyzw, v1.xyzw\nret\n")
PS = "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\nmov o0.xyzw, v1.xyzw\nret\n"


def two_instances():
    """Instance 0 a red left half, instance 1 (moved right by 1) a green right half."""
    t = gfxsim.Trace("py_layout", 16, 16)
    t.create_shader(id=1, stage="vertex", format="sm4_asm", data=VS.encode())
    t.create_shader(id=2, stage="pixel", format="sm4_asm", data=PS.encode())
    t.create_vertex_buffer(id=3, bytes=np.array(
        [(-1, -1, 0.5, 1), (-1, 1, 0.5, 1), (0, -1, 0.5, 1), (0, 1, 0.5, 1)], dtype="<f4"))
    t.create_vertex_buffer(id=4, bytes=np.array([0xFF0000FF, 0xFF00FF00], dtype="<u4"))
    t.create_input_layout(id=1, shader=1, elements=[
        {"semantic_name": "ATTRIB", "semantic_index": 0, "format": "r32g32b32a32_float"},
        {"semantic_name": "attrib", "semantic_index": 1, "format": "r8g8b8a8_unorm",
         "input_slot": 1, "input_slot_class": "per_instance", "instance_data_step_rate": 1}])
    t.create_depth_stencil_state(id=1, depth_enable=0)
    t.set_depth_stencil_state(id=1)
    t.set_input_layout(id=1)
    t.set_stream_source(stream=0, buffer=3, stride=16)
    t.set_stream_source(stream=1, buffer=4, stride=4)
    t.set_vertex_shader(id=1)
    t.set_pixel_shader(id=2)
    t.clear(flags=["target"], color=0xFF000000)
    t.draw_instanced(topology="triangle_strip", vertex_count_per_instance=4, instance_count=2)
    t.present()
    return t


def test_layout_round_trips_and_renders(tmp_path):
    t = two_instances()
    layout = dict(t.commands)["create_input_layout"]
    assert layout["elements"][1]["aligned_byte_offset"] == 0
    assert layout["elements"][0]["input_slot_class"] == "per_vertex"
    for form in ("gfxt", "yaml"):
        t.save(tmp_path / f"l.{form}")
        assert gfxsim.read_trace(tmp_path / f"l.{form}").commands == t.commands
    for mode in ("functional", "timing"):
        gfxsim.run(t, config="small", mode=mode, out=tmp_path / mode)
        w, h, px = read_png(tmp_path / mode / "frames" / "frame_0000.png")
        assert (w, h) == (16, 16)
        assert all(px[y][x] == ((255, 0, 0, 255) if x < 8 else (0, 255, 0, 255))
                   for y in range(16) for x in range(16))


def test_bad_element_names_the_field():
    t = gfxsim.Trace("bad", 8, 8)
    with pytest.raises(gfxsim.Error, match=r"create_input_layout\): field 'elements\[0\]\.format'"):
        t.create_input_layout(id=1, shader=1, elements=[
            {"semantic_name": "A", "format": "r8g8b8_unorm"}])
