"""A trace built in Python round-trips through the binary and YAML forms unchanged and
renders the expected image; every command of the format is reachable from Python."""
import math

import numpy as np
import pytest

import gfxsim
from conftest import SOURCE_DIR, read_png

GREY, RED = (0x80, 0x80, 0x80, 255), (255, 0, 0, 255)


def red_square_trace():
    """A 32x32 grey frame with a red quad over its middle: x, y in [-0.5, 0.5] with the
    default (identity) transforms, so pixels 8..23 in both directions."""
    t = gfxsim.Trace("py_square", 32, 32)
    t.create_vertex_declaration(id=1, elements=[
        {"stream": 0, "offset": 0, "type": "float3", "usage": "position"},
        {"stream": 0, "offset": 12, "type": "d3dcolor", "usage": "color"}])
    verts = np.zeros(4, dtype=[("pos", "<f4", 3), ("color", "<u4")])
    verts["pos"] = [(-0.5, 0.5, 0.5), (0.5, 0.5, 0.5), (-0.5, -0.5, 0.5), (0.5, -0.5, 0.5)]
    verts["color"] = 0xFFFF0000
    t.create_vertex_buffer(id=2, bytes=verts)  # a numpy array where bytes are expected
    t.create_index_buffer(id=3, format="index16", bytes=np.array([0, 1, 2, 2, 1, 3], dtype="<u2"))
    t.set_viewport(width=32, height=32)
    t.set_render_states(lighting=False, z_enable=False, cull_mode="none")
    t.add("set_vertex_declaration", id=1)
    t.add("set_stream_source", {"stream": 0, "buffer": 2, "stride": 16})
    t.set_indices(id=3)
    t.clear(flags=["target"], color=0xFF808080)
    t.draw_indexed_primitive(topology="triangle_list", num_vertices=4, primitive_count=2)
    t.present()
    return t


def test_round_trip_binary_and_yaml_unchanged(tmp_path):
    t = red_square_trace()
    assert t.commands[1][1]["bytes"] == red_square_trace().commands[1][1]["bytes"]
    assert isinstance(t.commands[1][1]["bytes"], bytes) and len(t.commands[1][1]["bytes"]) == 64
    t.save(tmp_path / "a.gfxt")
    t.save(tmp_path / "a.yaml")
    from_binary = gfxsim.read_trace(tmp_path / "a.gfxt")
    from_yaml = gfxsim.read_trace(tmp_path / "a.yaml")
    assert from_binary == t
    assert from_yaml == t
    assert from_binary.commands == t.commands and from_yaml.header == t.header
    # And on through the other form: the bytes of the binary file do not change.
    from_yaml.save(tmp_path / "b.gfxt")
    assert (tmp_path / "b.gfxt").read_bytes() == (tmp_path / "a.gfxt").read_bytes()


def test_depth_format_round_trips(tmp_path):
    t = gfxsim.Trace("d16", 8, 8, depth_format="d16")
    t.present()
    assert t.header["depth_format"] == "d16"
    for name in ("a.gfxt", "a.yaml"):
        t.save(tmp_path / name)
        back = gfxsim.read_trace(tmp_path / name)
        assert back.depth_format == "d16" and back == t
    assert "depth_format" not in gfxsim.Trace("d24", 8, 8).header  # the default: no tail
    with pytest.raises(gfxsim.Error, match="depth_format"):
        gfxsim.Trace("bad", 8, 8, depth_format="a8r8g8b8").save(tmp_path / "bad.yaml")


def test_sample_count_round_trips(tmp_path):
    t = gfxsim.Trace("msaa", 8, 8, sample_count=4)
    t.present()
    assert t.header["sample_count"] == 4 and "depth_format" not in t.header
    for name in ("a.gfxt", "a.yaml"):
        t.save(tmp_path / name)
        back = gfxsim.read_trace(tmp_path / name)
        assert back.sample_count == 4 and back == t
    assert "sample_count" not in gfxsim.Trace("one", 8, 8).header  # the default: no tail
    with pytest.raises(gfxsim.Error, match="sample_count"):
        gfxsim.Trace("bad", 8, 8, sample_count=3).save(tmp_path / "bad.yaml")


def test_python_trace_renders_the_expected_image(tmp_path):
    t = red_square_trace()
    for mode in ("functional", "timing"):
        stats = gfxsim.run(t, config="small", mode=mode, out=tmp_path / mode)
        assert stats["run"]["draws"] == 1 and stats["run"]["frames"] == 1
        w, h, px = read_png(tmp_path / mode / "frames" / "frame_0000.png")
        assert (w, h) == (32, 32)
        assert px[16][16] == RED and px[8][8] == RED and px[23][23] == RED
        assert px[7][16] == GREY and px[24][16] == GREY and px[16][7] == GREY and px[0][0] == GREY
        assert sum(p == RED for row in px for p in row) == 16 * 16


def test_every_command_of_the_format_round_trips(tmp_path):
    source = SOURCE_DIR / "tests" / "trace" / "data" / "every_command.yaml"
    t = gfxsim.read_trace(source)
    assert {n for n, _ in t.commands} == set(gfxsim.command_names())
    rebuilt = gfxsim.Trace(t.name, t.width, t.height)
    for name, fields in t.commands:
        getattr(rebuilt, name)(**fields)  # attribute sugar for every command
    assert same(rebuilt.commands, t.commands)
    rebuilt.save(tmp_path / "all.gfxt")
    rebuilt.save(tmp_path / "all.yml")
    assert same(gfxsim.read_trace(tmp_path / "all.gfxt").commands, t.commands)
    assert same(gfxsim.read_trace(tmp_path / "all.yml").commands, t.commands)
    # Bit-exact, NaN payloads included: the binary forms written both ways are identical.
    gfxsim.read_trace(tmp_path / "all.yml").save(tmp_path / "again.gfxt")
    assert (tmp_path / "again.gfxt").read_bytes() == (tmp_path / "all.gfxt").read_bytes()


def same(a, b):
    """Equality in which NaN equals NaN (the trace holds NaN shader constants)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def test_defaults_fill_in_and_bad_commands_name_the_field():
    t = gfxsim.Trace("bad", 8, 8)
    assert t.draw_primitive(primitive_count=3) == {"topology": "triangle_list", "start_vertex": 0,
                                                   "primitive_count": 3}
    with pytest.raises(gfxsim.Error, match=r"command 1 \(draw_primitive\): field 'primitive_count'"):
        t.draw_primitive(topology="triangle_list")
    with pytest.raises(gfxsim.Error, match="field 'topology'.*triangle_list"):
        t.draw_primitive(topology="hexagons", primitive_count=1)
    with pytest.raises(gfxsim.Error, match="field 'primtive_count': unknown field"):
        t.draw_primitive(primitive_count=1, primtive_count=1)
    with pytest.raises(gfxsim.Error, match="unknown command 'draw_teapot'"):
        t.add("draw_teapot")
    with pytest.raises(AttributeError, match="draw_teapot"):
        t.draw_teapot()
    with pytest.raises(gfxsim.Error, match="field 'start_vertex': value -1 out of range"):
        t.draw_primitive(primitive_count=1, start_vertex=-1)
    assert len(t.commands) == 1
    # numpy arrays where lists of floats are expected (any shape, flattened in C order).
    m = np.arange(16, dtype=np.float32).reshape(4, 4)
    assert t.set_transform(kind="view", matrix=m)["matrix"] == [float(i) for i in range(16)]
    with pytest.raises(gfxsim.Error, match="field 'matrix': expected 16 values, got 9"):
        t.set_transform(kind="view", matrix=np.eye(3))


def test_d3d10_view_commands_from_python(tmp_path):
    """The view commands come from the schema like every other: a render-target view
    cleared to a float colour, then sampled through a shader-resource view of the same
    typeless texture onto the back buffer (its view of resource 0)."""
    t = gfxsim.Trace("py_views", 8, 8)
    t.create_texture(id=20, format="r8g8b8a8_typeless", width=4, height=4,
                     levels=[bytes(4 * 4 * 4)])
    t.create_view(id=21, kind="render_target", resource=20, format="r8g8b8a8_unorm")
    t.create_view(id=22, kind="shader_resource", resource=20, format="r8g8b8a8_unorm")
    t.create_view(id=23, kind="render_target", resource=0)
    t.clear_render_target_view(view=21, color=[0.0, 1.0, 0.0, 1.0])
    t.set_render_targets(render_targets=[23], depth_stencil=0)
    assert callable(t.clear_depth_stencil_view)  # every command name is a method
    t.set_shader_resources(stage="pixel", start_slot=0, ids=[22])
    t.present()
    for name in ("a.gfxt", "a.yaml"):
        t.save(tmp_path / name)
        assert gfxsim.read_trace(tmp_path / name) == t
    assert t.commands[1] == ("create_view", {"id": 21, "kind": "render_target", "resource": 20,
                                             "format": "r8g8b8a8_unorm", "mip_slice": 0,
                                             "mip_levels": 0, "slice": 0})
    with pytest.raises(gfxsim.Error, match="format"):
        bad = gfxsim.Trace("bad", 8, 8)
        bad.create_view(id=1, kind="depth_stencil", resource=5, format="r32_float")
        bad.save(tmp_path / "bad.yaml")
