"""D3D10 constant-buffer fetches in the timing model: every version of a constant buffer
(its creation, then each update_constant_buffer) lives at its own place in the constant
heap, and the shader cores fetch the lines their instructions read through their constant
caches and the L2 as the client `constant`. So DRAM's constant bytes are one line per
version a draw reads, whatever the cores share, and the frames stay those of the
functional run. D3D9 draws fetch no constants.

The traces are written here: eight draws, each a 4-pixel-wide strip of a 32x32 target
coloured by cb0[0] of the pixel shader, with the buffer rewritten so that the eight draws
read 1, 2, 4 or 8 versions; and a vertex shader indexing a two-line buffer per vertex.
"""
import pytest

from conftest import DATA_DIR, frame_files, load_stats, read_png, stat_leaves

LINE = 64  # shader.constant_cache.line_bytes and memory.l2.line_bytes of the baseline
STRIPS = 8


def colour(v):
    """RGBA of version v: steps of 0.2, which the target's 8 bits hold exactly."""
    return [0.2 * (v % 6), 0.2 * (v // 6), 1.0, 1.0]


def byte(x):
    return round(x * 255)


def f32(values):
    return "{f32: [" + ", ".join(repr(float(x)) for x in values) + "]}"


def strip_vertices(extra):
    """Two triangles per strip, x from -1 + i/4 to -1 + (i+1)/4; `extra(i, corner)` gives
    the second attribute of each vertex."""
    rows = []
    for i in range(STRIPS):
        x0, x1 = -1 + i / 4, -1 + (i + 1) / 4
        corners = [(x0, 1), (x1, 1), (x1, -1), (x0, 1), (x1, -1), (x0, -1)]
        rows += [f"        - {f32([x, y, 0.5] + extra(i, k))}" for k, (x, y) in enumerate(corners)]
    return "\n".join(rows)


HEADER = """gfxsim_trace: 1
name: "{name}"
width: 32
height: 32
commands:
  - create_vertex_declaration:
      id: 1
      elements:
        - {{stream: 0, offset: 0, type: float3, usage: texcoord, usage_index: 0}}
        - {{stream: 0, offset: 12, type: float4, usage: texcoord, usage_index: 1}}
  - create_vertex_buffer:
      id: 2
      bytes:
{vertices}
  - create_shader:
      id: 10
      stage: vertex
      format: sm4_asm
      data: {{text: "{vs}"}}
  - create_shader:
      id: 11
      stage: pixel
      format: sm4_asm
      data: {{text: "{ps}"}}
  - set_vertex_declaration: {{id: 1}}
  - set_stream_source: {{stream: 0, buffer: 2, offset: 0, stride: 28}}
  - set_render_states: {{z_enable: false}}
  - clear: {{flags: [target], color: 0xFF000000, depth: 1, stencil: 0}}
  - set_vertex_shader: {{id: 10}}
  - set_pixel_shader: {{id: 11}}
"""

PASS_VS = ("vs_4_0\\ndcl_input v0.xyzw\\ndcl_output_siv o0.xyzw, position\\n"
           "mov o0.xyzw, v0.xyzw\\nret\\n")
CB_PS = ("ps_4_0\\ndcl_constantbuffer cb0[1], immediateIndexed\\ndcl_output o0.xyzw\\n"
         "mov o0.xyzw, cb0[0].xyzw\\nret\\n")


def pixel_trace(tmp_path, versions):
    """Draw i reads version i * versions // 8 of one pixel-stage constant buffer."""
    cmds = [HEADER.format(name=f"cb_versions_{versions}", vs=PASS_VS, ps=CB_PS,
                          vertices=strip_vertices(lambda i, k: [0, 0, 0, 0]))]
    cmds.append(f"  - create_constant_buffer: {{id: 30, bytes: {f32(colour(0))}}}\n")
    cmds.append("  - set_constant_buffers: {stage: pixel, start_slot: 0, ids: [30]}\n")
    for i in range(STRIPS):
        v = i * versions // STRIPS
        if i > 0 and v != (i - 1) * versions // STRIPS:
            cmds.append(f"  - update_constant_buffer: {{id: 30, bytes: {f32(colour(v))}}}\n")
        cmds.append(f"  - draw: {{topology: triangle_list, vertex_count: 6, start_vertex: {6 * i}}}\n")
    cmds.append("  - present: {}\n")
    path = tmp_path / f"cb_versions_{versions}.yaml"
    path.write_text("".join(cmds))
    return path


# The vertex shader reads cb0[v1.x] per vertex: the first triangle of each strip register 0
# (the buffer's first line), the second register 7 (its second line).
INDEX_VS = ("vs_4_0\\ndcl_constantbuffer cb0[8], dynamicIndexed\\ndcl_input v0.xyzw\\n"
            "dcl_input v1.xyzw\\ndcl_output_siv o0.xyzw, position\\ndcl_output o1.xyzw\\n"
            "dcl_temps 1\\nftou r0.x, v1.x\\nmov o0.xyzw, v0.xyzw\\n"
            "mov o1.xyzw, cb0[r0.x + 0].xyzw\\nret\\n")
FLAT_PS = ("ps_4_0\\ndcl_input_ps constant v1.xyzw\\ndcl_output o0.xyzw\\n"
           "mov o0.xyzw, v1.xyzw\\nret\\n")


def indexed_trace(tmp_path):
    cmds = [HEADER.format(name="cb_indexed", vs=INDEX_VS, ps=FLAT_PS,
                          vertices=strip_vertices(lambda i, k: [0 if k < 3 else 7, 0, 0, 0]))]
    registers = [c for r in range(8) for c in (colour(1) if r == 7 else colour(0) if r == 0 else [0] * 4)]
    cmds.append(f"  - create_constant_buffer: {{id: 30, bytes: {f32(registers)}}}\n")
    cmds.append("  - set_constant_buffers: {stage: vertex, start_slot: 0, ids: [30]}\n")
    cmds.append(f"  - draw: {{topology: triangle_list, vertex_count: {6 * STRIPS}, start_vertex: 0}}\n")
    cmds.append("  - present: {}\n")
    path = tmp_path / "cb_indexed.yaml"
    path.write_text("".join(cmds))
    return path


def leaves(results):
    return {k: v["value"] for k, v in stat_leaves(load_stats(results)["stats"]).items()}


def core_sum(stats, key):
    return sum(v for k, v in stats.items() if k.startswith("shader.core") and k.endswith("." + key))


def check_constant_stats(s, dram_lines):
    """What the constant counters must say of a run whose versions take `dram_lines` lines."""
    assert s["memory.dram.clients.constant.bytes_read"] == dram_lines * LINE
    assert s["memory.dram.clients.constant.bytes_written"] == 0
    lookups = core_sum(s, "constant_lines")
    misses = core_sum(s, "constant_cache.misses")
    assert lookups == misses + core_sum(s, "constant_cache.hits") + core_sum(s, "constant_cache.hits_on_fill")
    # Each core fetches a line once (the caches hold every line of these runs); the L2 sees
    # every core's fetch and DRAM each line once.
    assert misses >= dram_lines
    assert s["memory.l2_clients.constant.bytes_read"] == misses * LINE == core_sum(s, "constant_bytes")
    assert core_sum(s, "stall_constant_cycles") > 0


@pytest.fixture(scope="module")
def versions_runs(run_sim, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cb_traces")
    return {v: (run_sim(pixel_trace(tmp, v), f"cb{v}-timing", "-c", "baseline"),
                run_sim(pixel_trace(tmp, v), f"cb{v}-func", "-m", "functional"))
            for v in (1, 2, 4, 8)}


@pytest.mark.parametrize("versions", [1, 2, 4, 8])
def test_constant_bytes_are_one_line_per_version(versions_runs, versions):
    timing, _ = versions_runs[versions]
    check_constant_stats(leaves(timing), versions)


def test_constant_bytes_grow_with_distinct_versions(versions_runs):
    dram = [leaves(versions_runs[v][0])["memory.dram.clients.constant.bytes_read"] for v in (1, 2, 4, 8)]
    assert dram == [64, 128, 256, 512]


@pytest.mark.parametrize("versions", [1, 2, 4, 8])
def test_each_draw_reads_its_own_version_in_both_modes(versions_runs, versions):
    timing, functional = versions_runs[versions]
    frames = [frame_files(r) for r in (timing, functional)]
    assert len(frames[0]) == 1 and frames[0][0].read_bytes() == frames[1][0].read_bytes()
    image = read_png(frames[0][0])
    for i in range(STRIPS):
        r, g, b, _ = colour(i * versions // STRIPS)
        want = (byte(r), byte(g), byte(b))
        for x in range(4 * i, 4 * i + 4):
            for y in (0, 15, 31):
                assert image.pixel(x, y) == want, (versions, i, x, y)


def test_per_vertex_indexing_fetches_both_lines(run_sim, tmp_path):
    trace = indexed_trace(tmp_path)
    timing = run_sim(trace, "cb-indexed-timing", "-c", "baseline")
    functional = run_sim(trace, "cb-indexed-func", "-m", "functional")
    s = leaves(timing)
    check_constant_stats(s, 2)  # registers 0 and 7: two lines of one version
    assert frame_files(timing)[0].read_bytes() == frame_files(functional)[0].read_bytes()
    image = read_png(frame_files(timing)[0])
    first, second = ([byte(c) for c in colour(v)[:3]] for v in (0, 1))
    # Constant interpolation takes the leading vertex's colour: the upper-right triangle
    # of each strip register 0's, the lower-left one register 7's.
    assert image.pixel(3, 0) == tuple(first)
    assert image.pixel(0, 31) == tuple(second)


def test_d3d9_draws_fetch_no_constants(run_sim):
    s = leaves(run_sim(DATA_DIR / "fan.yaml", "cb-d3d9", "-c", "baseline"))
    assert s["memory.dram.clients.constant.bytes_read"] == 0
    assert s["memory.l2_clients.constant.bytes_read"] == 0
    assert core_sum(s, "constant_lines") == core_sum(s, "stall_constant_cycles") == 0
