"""Early Z end to end (docs/units/early-z.md): with early_z.enable on and off, in the
functional and the timing model, every frame is the same, and the architect's checks hold
exactly on the scenes of data/early_z/ (make_early_z.py): four full-screen layers of 1024
pixels (272 quads: the diagonal splits 16 quads between the two triangles) drawn nearest
first lose exactly the overdraw factor 4 of their shaded pixels and quads, drawn farthest
first lose nothing, and with oDepth the test stays after shading. Hi-Z (hiz.enable)
changes no pixel and takes away exactly the depth lookups of the quads it rejects. The same
holds at 4x and 16x MSAA, where the test is per sample (the *_4x, *_16x and a2c_4x
scenes). The ROP traces of data/rop/ (stencil, two-sided stencil, alpha test, D16, MRT,
blending) keep their exact pixels with both on, and so do scene640, scene640_d3d10 and
scene640_msaa4x.
"""
import pytest

from conftest import DATA_DIR, TRACES, frame_files, load_draws, load_stats, wrong_pixels
from test_rop_states import EXPECTED as ROP_EXPECTED

EARLY = DATA_DIR / "early_z"
ROP = DATA_DIR / "rop"
MODES = ("functional", "timing")
RED, GREEN = (255, 0, 0), (0, 255, 0)
LAYER_PIXELS, LAYER_QUADS = 32 * 32, 272


def run(run_sim, trace, tag, mode, early, *more):
    return run_sim(trace, f"{tag}-{mode}-{early}", "-c", "small", "-m", mode,
                   "--set", f"early_z.enable={'true' if early else 'false'}", *more)


def frames(out):
    return [f.read_bytes() for f in frame_files(out)]


def shaded(out):
    """pixels_shaded of each draw (after early Z) in draws.csv."""
    _, rows = load_draws(out)
    return [int(r["pixels_shaded"]) for r in rows]


def early_stats(out):
    return {k: v["value"] for k, v in load_stats(out)["stats"]["early_z"].items()
            if isinstance(v, dict) and "value" in v}


@pytest.fixture(scope="module")
def scenes(run_sim):
    """{(scene, mode, early): results folder} of the four layer scenes."""
    return {(s, m, e): run(run_sim, EARLY / f"{s}.yaml", f"ez-{s}", m, e)
            for s in ("front_to_back", "back_to_front", "odepth", "kill")
            for m in MODES for e in (False, True)}


@pytest.mark.parametrize("scene", ["front_to_back", "back_to_front", "odepth", "kill"])
def test_layer_frames_are_identical_on_and_off_in_both_modes(scenes, scene, tmp_path):
    got = {key: frames(out) for key, out in scenes.items() if key[0] == scene}
    reference = got[(scene, "timing", False)]
    assert len(reference) == 1
    for key, f in got.items():
        assert f == reference, f"{key} differs from the timing run without early Z"
    want = (lambda x, y: GREEN if x < 16 else RED) if scene == "kill" else (lambda x, y: RED)
    wrong = wrong_pixels(reference[0], 32, want, tmp_path)
    assert not wrong, f"{scene}: {len(wrong)} wrong pixels, e.g. " + "; ".join(wrong[:6])


@pytest.mark.parametrize("mode", MODES)
def test_front_to_back_cuts_shading_by_the_overdraw_factor(scenes, mode):
    off = shaded(scenes[("front_to_back", mode, False)])
    on = shaded(scenes[("front_to_back", mode, True)])
    assert off == [LAYER_PIXELS] * 4
    assert on == [LAYER_PIXELS, 0, 0, 0]
    assert sum(off) == 4 * sum(on)


def test_front_to_back_culls_every_hidden_quad_before_shading(scenes):
    s = early_stats(scenes[("front_to_back", "timing", True)])
    assert s["draws_early"] == 4
    assert s["quads_in"] == 4 * LAYER_QUADS
    assert s["quads_culled"] == 3 * LAYER_QUADS  # shaded quads: 272 of 1088, a quarter
    assert s["pixels_culled"] == 3 * LAYER_PIXELS
    shader = load_stats(scenes[("front_to_back", "timing", True)])["stats"]["shader"]
    assert shader["pixels"]["value"] == LAYER_PIXELS


@pytest.mark.parametrize("mode", MODES)
def test_back_to_front_cuts_nothing(scenes, mode):
    assert shaded(scenes[("back_to_front", mode, True)]) == [LAYER_PIXELS] * 4
    if mode == "timing":
        s = early_stats(scenes[("back_to_front", mode, True)])
        assert (s["draws_early"], s["quads_culled"], s["pixels_culled"]) == (4, 0, 0)


@pytest.mark.parametrize("mode", MODES)
def test_odepth_keeps_the_test_after_shading(scenes, mode):
    assert shaded(scenes[("odepth", mode, True)]) == [LAYER_PIXELS] * 4
    if mode == "timing":
        s = early_stats(scenes[("odepth", mode, True)])
        assert (s["draws_late"], s["draws_early"], s["quads_tested"]) == (4, 0, 0)


@pytest.mark.parametrize("mode", MODES)
def test_kill_tests_early_and_writes_late(scenes, mode):
    # The killing first layer shades all 1024; the green layer only where the kill left
    # depth 1 (columns 0..15); the other two nothing.
    assert shaded(scenes[("kill", mode, True)]) == [LAYER_PIXELS, LAYER_PIXELS // 2, 0, 0]
    if mode == "timing":
        s = early_stats(scenes[("kill", mode, True)])
        assert (s["draws_early_test_late_write"], s["draws_early"]) == (1, 3)
        # The right half of layer 2 (half its quads, the diagonal's split evenly) and all
        # of layers 3 and 4.
        assert s["quads_culled"] == LAYER_QUADS // 2 + 2 * LAYER_QUADS
        assert s["pixels_culled"] == LAYER_PIXELS // 2 + 2 * LAYER_PIXELS
        # Layer 2 waited for layer 1's depth writes at the ROP.
        assert s["fence_stall_cycles"] > 0


def z_lookups(out):
    z = load_stats(out)["stats"]["rop"]["z_cache"]
    return z["reads"]["value"] + z["writes"]["value"]


@pytest.mark.parametrize("scene", ["front_to_back", "back_to_front", "odepth", "kill"])
def test_hiz_changes_no_pixel_and_rejects_hidden_quads_without_depth_traffic(
        run_sim, scenes, scene):
    out = run(run_sim, EARLY / f"{scene}.yaml", f"ez-hiz-{scene}", "timing", True,
              "--set", "hiz.enable=true")
    assert frames(out) == frames(scenes[(scene, "timing", False)])
    assert shaded(out) == shaded(scenes[(scene, "timing", True)])
    s = early_stats(out)
    without = z_lookups(scenes[(scene, "timing", True)])
    if scene == "front_to_back":
        # Every hidden quad is rejected on its 8x8 tile: 3 layers x 20 runs of one
        # triangle's quads in one tile (each triangle touches the 4 diagonal tiles and 6
        # others of the 16); the 816 depth lookups they made without Hi-Z are gone.
        assert (s["hiz_quads_rejected"], s["hiz_tiles_rejected"]) == (3 * LAYER_QUADS, 60)
        assert z_lookups(out) == without - 3 * LAYER_QUADS
    elif scene == "kill":
        # The killing layer wrote depth only on the right (columns 16..31, whole 8x8
        # tiles): layer 2's right half is rejected there, layers 3 and 4 everywhere (under
        # layers 1 and 2): every quad the exact test would cull, 136 + 2 x 272; measured:
        # 50 tile runs (20 for each of layers 3 and 4, 10 for layer 2's right half).
        assert (s["hiz_quads_rejected"], s["hiz_tiles_rejected"]) == (
            LAYER_QUADS // 2 + 2 * LAYER_QUADS, 50)
        assert z_lookups(out) == without - s["hiz_quads_rejected"]
    else:  # nothing hidden (back to front), or not applicable (oDepth: late)
        assert s["hiz_quads_rejected"] == 0
        assert z_lookups(out) == without


@pytest.mark.parametrize("name", sorted(ROP_EXPECTED))
def test_rop_traces_keep_their_pixels_with_early_z(run_sim, name, tmp_path):
    # With Hi-Z too (the functional run has no Hi-Z: it changes no pixel).
    got = [frames(run(run_sim, ROP / f"{name}.yaml", f"ez-rop-{name}", m, True,
                      "--set", "hiz.enable=true")) for m in MODES]
    assert got[0] == got[1], f"{name}: functional and timing frames differ"
    wrong = wrong_pixels(got[0][0], 32, ROP_EXPECTED[name], tmp_path)
    assert not wrong, f"{name}: {len(wrong)} wrong pixels, e.g. " + "; ".join(wrong[:6])


@pytest.mark.parametrize("trace", ["scene640.gfxt", "scene640_d3d10.gfxt", "scene640_msaa4x.gfxt"])
def test_scenes_are_identical_with_early_z(run_sim, trace):
    tag = trace.split(".")[0]
    off = frames(run_sim(TRACES / trace, f"ez-{tag}-off", "-m", "timing",
                         "--set", "early_z.enable=false"))
    assert len(off) == 4
    for mode in MODES:
        on = frames(run_sim(TRACES / trace, f"ez-{tag}-{mode}", "-m", mode,
                            "--set", "early_z.enable=true", "--set", "hiz.enable=true"))
        assert on == off, f"{trace} {mode}: frames differ with early Z"


# MSAA (make_early_z.py's *_4x, *_16x and a2c_4x): the early test is per sample. The layers
# reach past the screen, so each covers every sample; the pixels next to the diagonal hold
# samples of both triangles and are shaded twice: 1,055 pixels in 287 quads a layer.
MSAA_PIXELS, MSAA_QUADS = 1055, 287
MSAA_SAMPLES = {4: 4 * 1024, 16: 16 * 1024}  # covered samples of one layer
# Z-cache lines a quad looks up (its pixels' 4-byte samples in 64-byte lines: 2 rows of
# 16 bytes at 4x, 2 rows of 2 x 64 bytes at 16x) and a Clear writes (32 x 32 x 4 x S bytes).
LINES_PER_QUAD = {4: 2, 16: 4}
CLEAR_LINES = {4: 256, 16: 1024}
MSAA_SCENES = ("front_to_back_4x", "front_to_back_16x", "back_to_front_4x", "odepth_4x",
               "kill_4x", "a2c_4x")


@pytest.fixture(scope="module")
def msaa_scenes(run_sim):
    """{(scene, mode, early): results folder} of the multisampled scenes."""
    return {(s, m, e): run(run_sim, EARLY / f"{s}.yaml", f"ez-{s}", m, e)
            for s in MSAA_SCENES for m in MODES for e in (False, True)}


@pytest.mark.parametrize("scene", MSAA_SCENES)
def test_msaa_frames_are_identical_on_and_off_in_both_modes(msaa_scenes, scene, tmp_path):
    got = {key: frames(out) for key, out in msaa_scenes.items() if key[0] == scene}
    reference = got[(scene, "timing", False)]
    assert len(reference) == 1
    for key, f in got.items():
        assert f == reference, f"{key} differs from the timing run without early Z"
    # a2c: samples 0 and 1 red, 2 and 3 green, resolved (the mean 127.5, ties up).
    want = {"kill_4x": lambda x, y: GREEN if x < 16 else RED,
            "a2c_4x": lambda x, y: (128, 128, 0)}.get(scene, lambda x, y: RED)
    wrong = wrong_pixels(reference[0], 32, want, tmp_path)
    assert not wrong, f"{scene}: {len(wrong)} wrong pixels, e.g. " + "; ".join(wrong[:6])


@pytest.mark.parametrize("samples", [4, 16])
@pytest.mark.parametrize("mode", MODES)
def test_msaa_front_to_back_cuts_shading_by_the_overdraw_factor(msaa_scenes, mode, samples):
    scene = f"front_to_back_{samples}x"
    off = shaded(msaa_scenes[(scene, mode, False)])
    on = shaded(msaa_scenes[(scene, mode, True)])
    assert off == [MSAA_PIXELS] * 4
    assert on == [MSAA_PIXELS, 0, 0, 0]
    assert sum(off) == 4 * sum(on)
    if mode == "timing":
        out = msaa_scenes[(scene, mode, True)]
        s = early_stats(out)
        assert s["draws_early"] == 4
        assert s["quads_in"] == 4 * MSAA_QUADS
        assert s["quads_culled"] == 3 * MSAA_QUADS  # a quarter of the quads are shaded
        assert s["pixels_culled"] == 3 * MSAA_PIXELS
        assert s["samples_culled"] == 3 * MSAA_SAMPLES[samples]  # every covered sample
        assert load_stats(out)["stats"]["shader"]["pixels"]["value"] == MSAA_PIXELS
        # The early stage looks up the lines the ROP would (the ROP then none): the same
        # Z-cache lookups on and off, growing with the sample count.
        want = 4 * MSAA_QUADS * LINES_PER_QUAD[samples] + CLEAR_LINES[samples]
        assert z_lookups(out) == z_lookups(msaa_scenes[(scene, mode, False)]) == want


@pytest.mark.parametrize("mode", MODES)
def test_msaa_back_to_front_cuts_nothing(msaa_scenes, mode):
    assert shaded(msaa_scenes[("back_to_front_4x", mode, True)]) == [MSAA_PIXELS] * 4
    if mode == "timing":
        s = early_stats(msaa_scenes[("back_to_front_4x", mode, True)])
        assert (s["draws_early"], s["quads_culled"], s["samples_culled"]) == (4, 0, 0)


@pytest.mark.parametrize("mode", MODES)
def test_msaa_odepth_keeps_the_test_after_shading(msaa_scenes, mode):
    assert shaded(msaa_scenes[("odepth_4x", mode, True)]) == [MSAA_PIXELS] * 4
    if mode == "timing":
        s = early_stats(msaa_scenes[("odepth_4x", mode, True)])
        assert (s["draws_late"], s["draws_early"], s["quads_tested"]) == (4, 0, 0)


@pytest.mark.parametrize("mode", MODES)
def test_msaa_kill_and_a2c_test_early_and_write_late(msaa_scenes, mode):
    # kill: layer 2 shades only the left half (16 columns, 15 diagonal pixels there twice).
    assert shaded(msaa_scenes[("kill_4x", mode, True)]) == [MSAA_PIXELS, 527, 0, 0]
    # a2c: the green layer passes in samples 2 and 3 of every pixel, the blue in none.
    assert shaded(msaa_scenes[("a2c_4x", mode, True)]) == [MSAA_PIXELS, MSAA_PIXELS, 0]
    if mode == "timing":
        s = early_stats(msaa_scenes[("kill_4x", mode, True)])
        assert (s["draws_early_test_late_write"], s["draws_early"]) == (1, 3)
        a = early_stats(msaa_scenes[("a2c_4x", mode, True)])
        assert (a["draws_early_test_late_write"], a["draws_early"]) == (3, 0)
        assert (a["quads_culled"], a["pixels_culled"]) == (MSAA_QUADS, MSAA_PIXELS)
        # Per sample: samples 0 and 1 of the green layer (behind red) and all of the blue.
        assert a["samples_culled"] == MSAA_SAMPLES[4] // 2 + MSAA_SAMPLES[4]
        assert s["samples_culled"] == MSAA_SAMPLES[4] // 2 + 2 * MSAA_SAMPLES[4]


@pytest.mark.parametrize("samples", [4, 16])
def test_msaa_hiz_rejects_hidden_quads_without_depth_traffic(run_sim, msaa_scenes, samples):
    scene = f"front_to_back_{samples}x"
    out = run(run_sim, EARLY / f"{scene}.yaml", f"ez-hiz-{scene}", "timing", True,
              "--set", "hiz.enable=true")
    assert frames(out) == frames(msaa_scenes[(scene, "timing", False)])
    assert shaded(out) == [MSAA_PIXELS, 0, 0, 0]
    s = early_stats(out)
    # Every hidden quad that Hi-Z may judge: each tile's bound (every sample at the first
    # layer's depth) is nearer than any sample of the layers behind. At 16x the first quads
    # of layer 2 arrive while layer 1's quads still wait for their 4 lines, so they are
    # looked up and culled by the exact test instead (hiz.md: Hi-Z judges a quad only when
    # no earlier draw's quad waits for its test), as is a quad whose lookup had begun. How
    # many depends on the memory's timing (10 today, hiz.md): at most one warp's worth.
    # Each rejected quad saves all its lines, and no other lookup changes.
    unjudged = 4 * MSAA_QUADS - s["hiz_checked"]
    assert unjudged == 0 if samples == 4 else 0 < unjudged <= 16
    rejected = 3 * MSAA_QUADS - unjudged
    assert s["hiz_quads_rejected"] == rejected
    assert s["quads_culled"] == 3 * MSAA_QUADS
    without = z_lookups(msaa_scenes[(scene, "timing", True)])
    assert z_lookups(out) == without - rejected * LINES_PER_QUAD[samples]
