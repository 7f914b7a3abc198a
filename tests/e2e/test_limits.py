"""Bounded resources and the config defects of issue 10, from the command line.

Every limit: a trace just over it fails in both modes and in `gfxsim-trace validate` with
one line naming the file, the place, the key and its value, writing nothing; `--set` raises
it. The draws that used to eat the machine (a billion points, 4294967295 instances, a small
file asking for hundreds of GiB, a YAML alias bomb) are refused at once in bounded memory;
a large admitted draw runs in bounded memory in functional mode. A lone ',' in a config
file, an override or a sweep value is an error at once instead of a hang. `include:
baseline` works in a config file. Every count, size or capacity key that admits 0 says
what 0 means. All inputs are generated here, small.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import RUN_TIMEOUT_S, SOURCE_DIR, TRACES, check_ok

# Each run here is refused or finishes in about a second; only a hang reaches this.
QUICK_S = RUN_TIMEOUT_S


def yaml_trace(commands, width=64, height=48):
    return ("gfxsim_trace: 1\nwidth: %d\nheight: %d\ncommands:\n" % (width, height)
            + "".join("  - %s\n" % c for c in commands))


# 4 vertices (48 bytes), 4 indices (8 bytes), a 4x2 texture (32 bytes): 88 bytes live.
SCENE = [
    "create_vertex_declaration: {id: 1, elements: [{stream: 0, offset: 0, type: float3, usage: position}]}",
    "create_vertex_buffer: {id: 2, bytes: {f32: [0, 0, 0.5, 0.5, 0, 0.5, 0, 0.5, 0.5, 0.5, 0.5, 0.5]}}",
    "create_index_buffer: {id: 3, format: index16, bytes: {u16: [0, 1, 2, 3]}}",
    "create_texture: {id: 4, format: a8r8g8b8, width: 4, height: 2, levels: [{u32: [0, 0, 0, 0, 0, 0, 0, 0]}]}",
    "set_vertex_declaration: {id: 1}",
    "set_stream_source: {stream: 0, buffer: 2, offset: 0, stride: 12}",
    "set_indices: {id: 3}",
    "set_render_states: {lighting: false, cull_mode: none}",
    "draw_instanced: {topology: point_list, vertex_count_per_instance: 4, instance_count: 2}",
    "draw_indexed: {topology: point_list, index_count: 4}",
    "present: {}",
]
SCENE_LINE = {i: 5 + i for i in range(len(SCENE))}  # line of command i


def scene(tmp_path):
    path = tmp_path / "scene.yaml"
    path.write_text(yaml_trace(SCENE))
    return path


# (key, too low, fits, text the error must hold besides the key: the place).
def command_place(i):
    name = SCENE[i].split(":")[0]
    return "scene.yaml:%d: command %d (%s): " % (SCENE_LINE[i], i, name)


LIMITS = [
    ("render_target_width", 63, 64, "scene.yaml: header: back buffer of 64x48, over "),
    ("render_target_height", 47, 48, "scene.yaml: header: back buffer of 64x48, over "),
    ("texture_width", 3, 4, command_place(3) + "texture of 4x2, over "),
    ("texture_height", 1, 2, command_place(3) + "texture of 4x2, over "),
    ("texture_bytes", 31, 32, command_place(3) + "texture of 4x2 with 1 level, 32 bytes, over "),
    ("buffer_bytes", 47, 48, command_place(1) + "vertex buffer of 48 bytes, over "),
    ("resource_bytes", 87, 88,
     command_place(3) + "the live resources would hold 88 bytes with this one of 32, over "),
    ("vertices_per_draw", 3, 4, command_place(8) + "4 vertices per instance, over "),
    ("indices_per_draw", 3, 4, command_place(9) + "4 indices per instance, over "),
    ("instances_per_draw", 1, 2, command_place(8) + "2 instances, over "),
    ("vertex_invocations_per_draw", 7, 8,
     command_place(8) + "8 vertex invocations (4 vertices x 2 instances), over "),
    ("yaml_nodes", 20, 2000000, "the document has more than 20 nodes"),
    ("yaml_expanded_bytes", 100, 268435456, "the document's scalars hold more than 100 bytes"),
]


@pytest.mark.parametrize("key,low,fits,place", LIMITS, ids=[x[0] for x in LIMITS])
def test_each_limit_refuses_in_both_modes_and_validate_and_set_raises_it(
        gfxsim, gfxsim_trace, tmp_path, key, low, fits, place):
    trace = scene(tmp_path)
    tail = "limits.%s = %d (raise it with --set limits.%s=N)" % (key, low, key)
    messages = []
    for mode in ("timing", "functional"):
        out = tmp_path / ("out-" + mode)
        p = gfxsim(trace, "-o", out, "-m", mode, "--quiet", "--set", "limits.%s=%d" % (key, low))
        assert p.returncode == 1, p.stderr
        assert p.stderr.count("\n") == 1 and p.stderr.startswith("gfxsim: "), p.stderr
        assert place in p.stderr and tail in p.stderr, p.stderr
        assert not out.exists() and not [f for f in os.listdir(tmp_path) if f.startswith(".")]
        messages.append(p.stderr[len("gfxsim: "):])
    v = gfxsim_trace("validate", trace, "--set", "limits.%s=%d" % (key, low))
    assert v.returncode == 1
    assert v.stderr == "gfxsim-trace: " + messages[0]  # the same rule, the same words
    assert messages[0] == messages[1]
    # Raised to what the trace needs, both run and validate pass.
    for mode in ("timing", "functional"):
        check_ok(gfxsim(trace, "-o", tmp_path / ("ok-" + mode), "-m", mode, "--quiet",
                        "--set", "limits.%s=%d" % (key, fits)))
    check_ok(gfxsim_trace("validate", trace, "--set", "limits.%s=%d" % (key, fits)))


def test_yaml_document_size_limit(gfxsim, gfxsim_trace, tmp_path):
    trace = scene(tmp_path)
    size = trace.stat().st_size
    p = gfxsim(trace, "-o", tmp_path / "o", "--set", "limits.yaml_bytes=%d" % (size - 1))
    assert p.returncode == 1
    assert p.stderr == "gfxsim: %s: the YAML document is %d bytes, over limits.yaml_bytes = %d " \
                       "(raise it with --set limits.yaml_bytes=N)\n" % (trace, size, size - 1)
    v = gfxsim_trace("validate", trace, "--set", "limits.yaml_bytes=%d" % (size - 1))
    assert v.stderr == "gfxsim-trace: " + p.stderr[len("gfxsim: "):]
    check_ok(gfxsim(trace, "-o", tmp_path / "ok", "--quiet", "--set", "limits.yaml_bytes=%d" % size))


def test_limits_from_a_config_file_and_for_validate(gfxsim, gfxsim_trace, tmp_path):
    trace = scene(tmp_path)
    cfg = tmp_path / "tight.yaml"
    cfg.write_text("include: small\nlimits: {buffer_bytes: 40}\n")
    p = gfxsim(trace, "-c", cfg, "-o", tmp_path / "o")
    assert p.returncode == 1 and "limits.buffer_bytes = 40 " in p.stderr, p.stderr
    v = gfxsim_trace("validate", trace, "-c", cfg)
    assert v.returncode == 1 and v.stderr == "gfxsim-trace: " + p.stderr[len("gfxsim: "):]
    check_ok(gfxsim_trace("validate", trace, "-c", cfg, "--set", "limits.buffer_bytes=48"))
    bad = gfxsim_trace("validate", trace, "--set", "shader.cores=2")
    assert bad.returncode == 1
    assert bad.stderr == "gfxsim-trace: --set #1: shader.cores: only limits.* keys can be set here\n"


def triangle_with(tmp_path, old, new, name):
    text = (TRACES / "triangle.yaml").read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return path


DRAW = "draw_primitive: {topology: triangle_list, start_vertex: 0, primitive_count: 1}"
DEFECTS = [
    # 3 * count wrapped to 2 in 32 bits: nothing drawn, exit 0.
    ("triangle-list-wrap", "draw_primitive: {topology: triangle_list, start_vertex: 0, primitive_count: 1431655766}",
     "4294967298 vertices per instance (from 1431655766 primitives of triangle_list) do not fit in "
     "the 32 bits D3D counts them in"),
    ("strip-all-ones", "draw_primitive: {topology: triangle_strip, start_vertex: 0, primitive_count: 4294967295}",
     "4294967297 vertices per instance (from 4294967295 primitives of triangle_strip) do not fit "
     "in the 32 bits D3D counts them in"),
    # Wrapped at replay while validate called it out of bounds.
    ("start-vertex-wrap", "draw_primitive: {topology: triangle_list, start_vertex: 4294967295, primitive_count: 1}",
     "vertices 4294967295..4294967297 run past vertex 4294967295, the last a 32-bit number names "
     "(D3D would wrap to 0)"),
    # Grew at 60 MB/s in functional mode until bad_alloc.
    ("billion-points", "draw_primitive: {topology: point_list, start_vertex: 0, primitive_count: 1000000000}",
     "1000000000 vertices per instance (from 1000000000 primitives of point_list), over "
     "limits.vertices_per_draw = 268435456 (raise it with --set limits.vertices_per_draw=N)"),
    # Ran without end.
    ("instances-all-ones", "draw_instanced: {topology: triangle_list, vertex_count_per_instance: 3, "
                           "instance_count: 4294967295}",
     "4294967295 instances, over limits.instances_per_draw = 268435456 (raise it with --set "
     "limits.instances_per_draw=N)"),
]


@pytest.mark.parametrize("name,draw,problem", DEFECTS, ids=[d[0] for d in DEFECTS])
def test_draw_defects_refused_the_same_by_replay_and_validate(gfxsim_exe, gfxsim_trace, tmp_path,
                                                              name, draw, problem):
    trace = triangle_with(tmp_path, DRAW, draw, name + ".yaml")
    call = draw.split(":")[0]
    expected = "%s:30: command 10 (%s): %s\n" % (trace, call, problem)
    for mode in ("timing", "functional"):
        p = subprocess.run([gfxsim_exe, trace, "-o", tmp_path / mode, "-m", mode],
                           capture_output=True, text=True, timeout=QUICK_S)
        assert (p.returncode, p.stderr) == (1, "gfxsim: " + expected)
        assert not (tmp_path / mode).exists()
    v = gfxsim_trace("validate", trace)
    assert (v.returncode, v.stderr) == (1, "gfxsim-trace: " + expected)


def sanitized(exe):
    """True for an executable of a GFX_SANITIZE build (docs/testing.md, "Sanitizers")."""
    return "libasan" in subprocess.run(["ldd", exe], capture_output=True, text=True).stdout


def assert_peak_rss_below(exe, rss_kib, bound_mib):
    """The memory bounds are the normal build's. A sanitizer build's allocator pads every
    block with redzones and keeps freed blocks in a 256 MB quarantine, so its peak RSS says
    nothing about gfxsim's: there only the exit status and the message are checked."""
    if not sanitized(exe):
        assert rss_kib < bound_mib * 1024, rss_kib


def peak_rss_kib(cmd):
    """(returncode, stderr, peak RSS of the child in KiB), measured in a fresh process so
    that no earlier child of this one counts."""
    probe = ("import resource, subprocess, sys\n"
             "p = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=%d)\n"
             "sys.stderr.write(p.stderr)\n"
             "print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n" % QUICK_S)
    done = subprocess.run([sys.executable, "-c", probe, *map(str, cmd)], capture_output=True,
                          text=True, timeout=QUICK_S + 10)
    code, rss = done.stdout.split()
    return int(code), done.stderr, int(rss)


def test_small_file_asking_for_hundreds_of_gib_names_file_and_line(gfxsim_exe, tmp_path):
    # About 1.2 MB of vertex data and a draw of 2^31 points: the functional walk used to ask
    # for 2^31 shaded vertices at once and died with "internal error: std::bad_alloc".
    words = ", ".join(["0"] * 400000)
    trace = triangle_with(tmp_path, "        - u32: [0xFF0000FF]\n",
                          "        - u32: [0xFF0000FF]\n        - u32: [%s]\n" % words, "big.yaml")
    text = trace.read_text().replace(DRAW, "draw_primitive: {topology: point_list, start_vertex: 0, "
                                           "primitive_count: 2147483648}")
    trace.write_text(text)
    assert 1100000 < trace.stat().st_size < 1300000
    line = text[:text.index("primitive_count: 2147483648")].count("\n") + 1
    for mode in ("functional", "timing"):
        code, err, rss = peak_rss_kib([gfxsim_exe, trace, "-m", mode, "-o", tmp_path / mode])
        assert code == 1
        assert err == ("gfxsim: %s:%d: command 10 (draw_primitive): 2147483648 vertices per instance "
                       "(from 2147483648 primitives of point_list), over limits.vertices_per_draw = "
                       "268435456 (raise it with --set limits.vertices_per_draw=N)\n" % (trace, line))
        assert_peak_rss_below(gfxsim_exe, rss, 400)  # the parsed document and the vertex data, nothing more


def alias_bomb(tmp_path):
    """A ~180 KiB trace whose aliases build a 1.8 GB vertex buffer (issue 10: 3 GiB, 93 s):
    one 64 KiB text chunk named once and aliased 28000 times. Returns (path, line, column)
    of the alias where the default limits.yaml_expanded_bytes is passed: 65604 scalar bytes
    up to the named chunk (its text and the keys), 65540 per alias, so alias 4095."""
    head = "gfxsim_trace: 1\nwidth: 64\nheight: 48\ncommands:\n  - create_vertex_buffer:\n" \
           "      id: 2\n"
    line = "      bytes: [&c {text: &s %s}" % ("x" * 65536) + ", *c" * 27999 + "]"
    path = tmp_path / "bomb.yaml"
    path.write_text(head + line + "\n")
    column = len(line.split(", *c")[0]) + len(", *c") * 4095 - 1
    return path, 7, column


def test_yaml_alias_bomb_refused_before_it_is_built(gfxsim_exe, gfxsim_trace, tmp_path):
    bomb, line, column = alias_bomb(tmp_path)
    assert bomb.stat().st_size < 222 * 1024
    expected = ("%s:%d:%d: the document's scalars hold more than 268435456 bytes, counting each "
                "alias as a copy of what it names; limits.yaml_expanded_bytes = 268435456 (raise it "
                "with --set limits.yaml_expanded_bytes=N)\n" % (bomb, line, column))
    code, err, rss = peak_rss_kib([gfxsim_exe, bomb, "-o", tmp_path / "o"])
    assert (code, err) == (1, "gfxsim: " + expected)
    assert_peak_rss_below(gfxsim_exe, rss, 64)  # about 10 MB: the document is never expanded
    v = gfxsim_trace("validate", bomb)
    assert (v.returncode, v.stderr) == (1, "gfxsim-trace: " + expected)


def test_large_admitted_draw_runs_in_bounded_memory_in_functional_mode(gfxsim_exe, tmp_path):
    # 4 M points, moved off screen by the world matrix (the vertex buffer holds one vertex;
    # the others read 0, as D3D10 defines). Before the windowed walk this took ~900 MB.
    trace = triangle_with(tmp_path, DRAW, "draw_primitive: {topology: point_list, start_vertex: 0, "
                                          "primitive_count: 4000000}", "many.yaml")
    text = trace.read_text().replace(
        "set_transform: {kind: world, matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}",
        "set_transform: {kind: world, matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 50, 0, 0, 1]}")
    trace.write_text(text)
    out = tmp_path / "o"
    code, err, rss = peak_rss_kib([gfxsim_exe, trace, "-m", "functional", "-o", out, "--quiet"])
    assert code == 0, err
    assert_peak_rss_below(gfxsim_exe, rss, 160)  # about 67 MB: one window of shaded vertices
    draws = (out / "draws.csv").read_text()
    assert ",4000000," in draws  # every index slot was walked


def test_out_of_host_memory_below_the_limits_names_the_trace(gfxsim_exe, tmp_path):
    # The last resort: a 16384x16384 back buffer is within the limits, but not within the
    # 1 GiB of address space this run gets. It used to end in "internal error: std::bad_alloc".
    if sanitized(gfxsim_exe):
        pytest.skip("a sanitizer build reserves more address space than the bound allows")
    trace = triangle_with(tmp_path, "width: 320\nheight: 240", "width: 16384\nheight: 16384",
                          "huge.yaml")

    def bound():
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    for mode in ("functional", "timing"):
        out = tmp_path / mode
        p = subprocess.run([gfxsim_exe, trace, "-m", mode, "-o", out], preexec_fn=bound,
                           capture_output=True, text=True, timeout=QUICK_S)
        assert (p.returncode, p.stderr) == (1, "gfxsim: %s: out of memory (std::bad_alloc) with the "
                                               "trace read up to here; lower the limits.* keys or "
                                               "free memory on the host\n" % trace)
        assert not out.exists() and not [f for f in os.listdir(tmp_path) if f.startswith(".")]


# ---------------------------------------------------------------------------------------
# Config defects

COMMA = "invalid YAML: unexpected ',' (no YAML node starts with it here)"


def test_config_file_of_a_lone_comma_is_an_error_at_once(gfxsim_exe, tmp_path):
    cfg = tmp_path / "comma.yaml"
    cfg.write_text(",")
    p = subprocess.run([gfxsim_exe, "config", "-c", cfg], capture_output=True, text=True,
                       timeout=QUICK_S)
    assert (p.returncode, p.stderr) == (1, "gfxsim: %s:1:1: %s\n" % (cfg, COMMA))


def test_override_of_a_lone_comma_is_an_error_at_once(gfxsim_exe, tmp_path):
    p = subprocess.run([gfxsim_exe, TRACES / "triangle.yaml", "-o", tmp_path / "o",
                        "--set", "shader.cores=,"], capture_output=True, text=True, timeout=QUICK_S)
    assert (p.returncode, p.stderr) == (1, "gfxsim: --set #1: shader.cores: %s\n" % COMMA)
    assert not (tmp_path / "o").exists()


def test_sweep_value_of_a_lone_comma_fails_its_point_at_once(gfxsim_exe, tmp_path):
    python_dir = Path(gfxsim_exe).parent / "python"
    if not (python_dir / "gfxsim").is_dir():
        pytest.skip("the gfxsim Python package is not built")
    spec = tmp_path / "spec.yaml"
    spec.write_text("config: small\nparameters: {shader.cores: [2, ',']}\ntraces: [%s]\n"
                    "output: out\nmode: functional\nplots: false\n" % (TRACES / "triangle.yaml"))
    env = dict(os.environ, PYTHONPATH=str(python_dir), GFXSIM=gfxsim_exe)
    p = subprocess.run([sys.executable, SOURCE_DIR / "scripts" / "sweep.py", spec, "--quiet"],
                       capture_output=True, text=True, timeout=QUICK_S, env=env)
    assert p.returncode == 1, p.stdout + p.stderr
    rows = (tmp_path / "out" / "results.csv").read_text().splitlines()
    assert ",done," in rows[1] and ",failed," in rows[2], rows
    assert "shader.cores: " + COMMA in rows[2], rows


def test_include_of_a_bare_preset_name_in_a_config_file(gfxsim, tmp_path):
    cfg = tmp_path / "mine.yaml"
    cfg.write_text("include: small\nname: mine\n")
    p = check_ok(gfxsim("config", "-c", cfg))
    assert "\nname: mine\n" in p.stdout and "  cores: 2\n" in p.stdout  # small's shader cores
    out = tmp_path / "o"
    check_ok(gfxsim(TRACES / "triangle.yaml", "-c", cfg, "-o", out, "--quiet"))


def test_config_over_the_yaml_size_limit_refused_unread_and_set_raises_it(gfxsim, tmp_path):
    cfg = tmp_path / "huge.yaml"
    with open(cfg, "wb") as f:  # sparse: one byte over the 64 MiB default, no data written
        f.truncate(64 * 1024 * 1024 + 1)
    p = gfxsim("config", "-c", cfg)
    assert (p.returncode, p.stderr) == (1, "gfxsim: %s: the YAML document is 67108865 bytes, over "
                                           "limits.yaml_bytes = 67108864 (raise it with --set "
                                           "limits.yaml_bytes=N)\n" % cfg)
    raised = gfxsim("config", "-c", cfg, "--set", "limits.yaml_bytes=67108865")
    assert raised.returncode == 1 and "limits.yaml_bytes" not in raised.stderr, raised.stderr
    # A value below the default bounds traces only: the presets still load.
    check_ok(gfxsim("config", "-c", "small", "--set", "limits.yaml_bytes=10"))


def reference_rows():
    """(key, type, unit, description) of every key of docs/config-reference.md."""
    rows = []
    for line in (SOURCE_DIR / "docs" / "config-reference.md").read_text().splitlines():
        m = re.match(r"\| `([a-z0-9_.]+)` \| (\w+) \| ([^|]*) \| `[^`]*` \| [^|]* \| (.*) \|$", line)
        if m and m.group(2) != "section":
            rows.append((m.group(1), m.group(2), m.group(3).strip(), m.group(4)))
    return rows


def test_every_count_size_or_capacity_that_admits_zero_says_what_zero_means(gfxsim):
    # Issue 10: configs that cannot work, "zero of anything", are refused when the config is
    # resolved, naming the key. A zero that is legal is a latency (cycles) or says its meaning.
    rows = [r for r in reference_rows() if r[1] in ("uint32", "uint64", "int32", "int64")]
    assert len(rows) > 100
    admitted = []
    for key, _, unit, desc in rows:
        p = gfxsim("config", "--set", "%s=0" % key)
        if p.returncode == 0:
            admitted.append(key)
            assert "cycles" in unit or re.search(r"\b0\b", desc), \
                "%s admits 0 but neither is a time nor says what 0 means: %s" % (key, desc)
        else:
            assert key in p.stderr and "0 is below the minimum" in p.stderr, p.stderr
    assert not [k for k in admitted if k.startswith("limits.")]
    assert "shader.cores" not in admitted and "memory.dram.channels" not in admitted
