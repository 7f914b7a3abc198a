"""Geometry and rasterizer states end to end (issue 12): the traces of data/geom/ (written
by data/geom/make_geom.py, which describes each one) run through gfxsim in the timing and
the functional model; the two frames must be identical and hold exactly the pixels D3D9
gives.
"""
from conftest import DATA_DIR, frame_checks, load_stats

GEOM = DATA_DIR / "geom"
SIZE = 32
GREY = (128, 128, 128)


def perspective_red(x):
    # rhw 1 at x = 0, 0.25 at x = 32; red 0 -> 1: the perspective-correct weight of the
    # right end at screen t = x / 32, as an 8-bit channel rounded to nearest.
    t = x / 32
    return (round(255 * 0.25 * t / ((1 - t) + 0.25 * t)), 0, 0)


def xyzrhw(x, y):
    if y < 8:
        return (255, 0, 0) if x < 16 else GREY
    if y < 16:
        return perspective_red(x)
    if y < 24:
        return (128, 128, 255)
    return (0, 255, 0) if x < 16 else (0, 0, 255)


def clip_planes(x, y):
    if y < 10:
        return (0, 255, 0) if x >= 24 else GREY
    if y < 21:
        return (255, 0, 0) if x <= 24 else GREY
    return (0, 0, 255)


def depth_bias(x, y):
    green, red = (0, 255, 0), (255, 0, 0)
    if y < 16:
        return green if x < 16 else red
    return red if 16 <= x <= 24 else green


def wireframe_pixels(x0, y0, x1, y1):
    """The line rule on the two triangles of the rectangle: each edge lights the pixels
    whose sample lies in [start, end) of its major axis (x for the 45-degree diagonal)."""
    lit = set()
    for x in range(x0, x1):
        lit |= {(x, y0), (x, y1), (x, x0 + y1 - x)}  # top, bottom, diagonal from (x1, y0)
    for y in range(y0, y1):
        lit |= {(x0, y), (x1, y)}
    return lit


WIREFRAME = wireframe_pixels(2, 2, 13, 13)
POINTS = {(18, 2), (29, 2), (18, 13), (29, 13)}


def fill_modes(x, y):
    if (x, y) in WIREFRAME:
        return (0, 255, 0)
    if (x, y) in POINTS:
        return (0, 0, 255)
    if x >= 16 and y >= 16:
        return (4 * (x - 16), 0, 0)
    return GREY


def points(x, y):
    if 12 <= x <= 19 and 12 <= y <= 19:
        return (0, 255, 0)
    if 6 <= x <= 10 and 6 <= y <= 10:
        return (255, 0, 0)
    if 22 <= x <= 25 and 4 <= y <= 7:
        return (0, 0, 255)
    if 4 <= x <= 11 and 20 <= y <= 27:
        # u = (x - 4) / 8 at the pixel centre, halved by the shader, as 8 bits
        return (round(255 * (x - 4) / 16), round(255 * (y - 20) / 16), 0)
    return GREY


def range_fog(x, y):
    if y >= 28:
        return (64, 64, 255)
    if 8 <= x <= 23 and 8 <= y <= 23:
        return (145, 145, 255)
    return (191, 191, 255)


def set_lod(x, y):
    if y >= 16:
        return (0, 0, 255)
    return (255, 0, 0) if x < 16 else (0, 255, 0)


EXPECTED = {
    "set_lod": set_lod,
    "range_fog": range_fog,
    "points": points,
    "clip_planes": clip_planes,
    "depth_bias": depth_bias,
    "fill_modes": fill_modes,
    "xyzrhw": xyzrhw,
    "xyzrhw_ps": lambda x, y: (255, 64, 255),
}


rendered, test_modes_give_identical_frames, test_pixels_are_exact = frame_checks(
    GEOM, "geom-", EXPECTED, SIZE)


def test_pretransformed_vertices_skip_the_shader_cores(run_sim):
    out = run_sim(GEOM / "xyzrhw.yaml", "geom-xyzrhw-bypass", "-c", "small", "-m", "timing")
    shader = load_stats(out)["stats"]["shader"]
    # Six pre-transformed vertices per quad, five quads; the clip-space quad's six vertices
    # are the only ones shaded.
    assert shader["pretransformed_vertices"]["value"] == 30
    assert shader["vertices"]["value"] == 6


FOG_WITHOUT_SPECULAR = """gfxsim_trace: 1
name: "xyzrhw_fog_without_specular"
width: 8
height: 8
commands:
  - create_vertex_declaration:
      id: 1
      elements:
        - {stream: 0, offset: 0, type: float4, usage: positiont, usage_index: 0}
  - create_vertex_buffer:
      id: 2
      bytes:
        - f32: [0, 0, 0.5, 1, 8, 0, 0.5, 1, 0, 8, 0.5, 1]
  - set_render_states: {z_enable: false, cull_mode: none, fog_enable: true}
  - set_vertex_declaration: {id: 1}
  - set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 16}
  - draw_primitive: {topology: triangle_list, start_vertex: 0, primitive_count: 1}
  - present: {}
"""


def test_pretransformed_vertex_fog_without_specular_is_a_located_error(gfxsim, tmp_path):
    # The fog factor of a pre-transformed vertex is its specular alpha; without COLOR1 the
    # model refuses the draw instead of guessing.
    trace = tmp_path / "fog.yaml"
    trace.write_text(FOG_WITHOUT_SPECULAR)
    proc = gfxsim(trace, "-o", tmp_path / "out", "--quiet", "-m", "functional")
    assert proc.returncode != 0
    assert "fog.yaml:17: draw 0 (draw_primitive)" in proc.stderr, proc.stderr
    assert "specular colour (COLOR1" in proc.stderr, proc.stderr


def test_the_clipper_charges_each_user_plane(run_sim):
    # clip_planes.yaml: two draws of two triangles with one user plane each (the third draw
    # has CLIPPING FALSE): 4 primitives x 1 plane x setup.cycles_per_user_plane (1).
    out = run_sim(GEOM / "clip_planes.yaml", "geom-clip-cost", "-c", "small", "-m", "timing")
    assert load_stats(out)["stats"]["setup"]["user_plane_cycles"]["value"] == 4
    slow = run_sim(GEOM / "clip_planes.yaml", "geom-clip-cost-3", "-c", "small", "-m", "timing",
                   "--set", "setup.cycles_per_user_plane=3")
    assert load_stats(slow)["stats"]["setup"]["user_plane_cycles"]["value"] == 12
