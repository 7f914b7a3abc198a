// The early-Z stage alone: the test plays the rasterizer (pushing pixel warps and markers
// into the stage's input), the shader cores (popping its output every cycle and recording
// each warp and marker with its cycle) and the ROP (its depth surface, a Z cache over a
// memory that answers every request 20 cycles after it is issued, and the RetirePort whose
// reports the test pushes). Each warp holds the quads of one rectangle drawn at one depth.
//
// The rule (model/early_z/early_z.h, docs/units/early-z.md): a warp pushed in cycle t is
// taken at t + 1 (input latency); its quads' depth lines are looked up quads_per_cycle a
// cycle from then; a quad is tested, in order, in the cycle its line arrives (a Z-cache
// hit: the next cycle; a miss: the memory's answer to a read issued in the lookup's
// cycle); the warp
// leaves `latency` cycles after its last test and can be popped one cycle later.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "early_z/early_z.h"
#include "func/geom/quad_depth.h"
#include "func/geom/setup.h"
#include "func/rop/hiz.h"
#include "func/rop/render_target.h"
#include "pipe/items.h"
#include "sim/cache.h"
#include "stats/registry.h"

namespace gfx::early_z {
namespace {

constexpr float kSize = 64;
constexpr Cycle kMemory = 20;

// The next level under the Z cache: every request answered kMemory cycles after issue.
class FixedMemory : public sim::MemoryPort {
 public:
  Cycle read(Cycle now, Addr, uint32_t, sim::Client) override {
    ++reads;
    return now + kMemory;
  }
  Cycle write(Cycle now, Addr, uint32_t, sim::Client) override { return now + kMemory; }
  int reads = 0;
};

func::ShadedVertex at_screen(float sx, float sy, float z) {
  func::ShadedVertex v;
  v.pos = {2.0f * sx / kSize - 1.0f, 1.0f - 2.0f * sy / kSize, z, 1.0f};
  return v;
}

// A draw: depth test LESSEQUAL with writes; `writes_depth`: the shader writes oDepth (Late),
// `alpha`: alpha test on (EarlyTestLateWrite).
pipe::DrawRef make_draw(uint64_t id, bool writes_depth = false, bool alpha = false,
                        uint32_t samples = 1) {
  auto ps = std::make_shared<func::Program>();
  ps->stage = api::ShaderStage::Pixel;
  ps->writes_depth = writes_depth;
  auto ctx = std::make_shared<func::DrawContext>();
  ctx->id = id;
  ctx->pixel_program = ps;
  ctx->render_states.z_enable = true;
  ctx->render_states.z_write = true;
  ctx->render_states.alpha_test_enable = alpha;
  ctx->raster.viewport.width = uint32_t(kSize);
  ctx->raster.viewport.height = uint32_t(kSize);
  ctx->raster.samples = samples;
  auto d = std::make_shared<pipe::DrawState>();
  d->ctx = ctx;
  return d;
}

// The quads of triangle (0, 0), (size, 0), (0, size) inside pixels [x0, x1) x [y0, y1) at
// depth z, as one warp (at most 16 quads), with the draw's samples per pixel.
pipe::PixelWarpPtr tri_warp(const pipe::DrawRef& d, uint64_t seq, float size, int x0, int y0,
                            int x1, int y1, float z) {
  func::RasterParams p;
  p.samples = d->ctx->raster.samples;
  p.viewport.width = uint32_t(kSize);
  p.viewport.height = uint32_t(kSize);
  p.api = api::DrawApi::D3D10;
  p.cull = api::Cull::None;
  p.clip_x0 = x0;
  p.clip_y0 = y0;
  p.clip_x1 = x1;
  p.clip_y1 = y1;
  auto t = std::make_shared<func::TriangleSetup>();
  EXPECT_TRUE(func::setup_triangle(at_screen(0, 0, z), at_screen(size, 0, z),
                                   at_screen(0, size, z), p, 0, *t));
  std::vector<func::Quad> quads;
  func::rasterize(*t, quads);
  auto w = std::make_unique<pipe::PixelWarp>();
  w->draw = d;
  w->seq = seq;
  EXPECT_LE(quads.size(), size_t(pipe::kMaxQuadsPerWarp));
  for (const func::Quad& q : quads) {
    w->quad[w->quads] = q;
    w->tri[w->quads] = t;
    ++w->quads;
  }
  return w;
}

// The quads of a triangle covering exactly pixels [x0, x1) x [y0, y1) (all their samples)
// at depth z.
pipe::PixelWarpPtr rect_warp(const pipe::DrawRef& d, uint64_t seq, int x0, int y0, int x1, int y1,
                             float z) {
  return tri_warp(d, seq, 64, x0, y0, x1, y1, z);
}

struct Out {
  Cycle cycle;
  bool marker;
  uint64_t seq;  // warp: its number; marker: warps_before
  uint32_t quads;
  uint64_t draw;
  bool depth_done;
  uint32_t samples;   // warp: its samples that passed the early test (depth_samples)
  uint32_t coverage;  // warp: its quads' coverage (Quad::samples), which the shader reads
};

EarlyZConfig config(uint32_t quads_per_cycle = 4, uint32_t latency = 2) {
  EarlyZConfig c;
  c.enable = true;
  c.quads_per_cycle = quads_per_cycle;
  c.latency = latency;
  c.output_queue = {16, 1, 1};
  return c;
}

class Rig {
 public:
  // samples: the back buffer's samples per pixel (its depth layout and surface).
  Rig(const std::string& name, const EarlyZConfig& cfg, func::HiZ* hiz = nullptr,
      uint32_t samples = 1)
      : hiz_(hiz),
        samples_(samples),
        in_("in", sim::QueueConfig{16, 1, 1}),
        out_("out", cfg.output_queue),
        z_("z_cache", sim::CacheConfig().with_size_kib(16).with_ways(4).with_line_bytes(64)
                          .with_mshrs(16).with_ports(4).with_hit_latency(1), memory_),
        stage_(name.c_str(), cfg, in_, out_, port()),
        root_("") {
    target_.resize(uint32_t(kSize), uint32_t(kSize));  // depth 1.0
    target_.set_samples(samples);
    stage_.register_stats(root_.child("early_z"));
    z_.register_stats(root_.child("rop"));
  }

  void warp(Cycle at, pipe::PixelWarpPtr w) { in_.push(at, std::move(w)); }
  void end_of_draw(const pipe::DrawRef& d, uint64_t warps_before) {
    pipe::Marker m;
    m.draw = d;
    m.warps_before = warps_before;
    in_.push_marker(std::move(m));
  }
  // The ROP reports a marker as performed.
  void report() { retired_.push({}); }

  void run(Cycle from, Cycle to) {
    for (Cycle c = from; c <= to; ++c) {
      stage_.step(c);
      for (;;) {
        if (out_.marker_ready()) {
          pipe::Marker m = out_.pop_marker();
          out.push_back({c, true, m.warps_before, 0, m.draw->ctx->id, false, 0, 0});
        } else if (out_.can_pop(c)) {
          pipe::PixelWarpPtr w = out_.pop(c);
          uint32_t passed = 0, coverage = 0;
          for (uint32_t i = 0; i < w->quads; ++i) {
            passed += uint32_t(__builtin_popcountll(w->depth_samples[i]));
            coverage += uint32_t(__builtin_popcountll(w->quad[i].samples));
          }
          out.push_back(
              {c, false, w->seq, w->quads, w->draw->ctx->id, w->depth_done, passed, coverage});
        } else {
          break;
        }
      }
    }
  }

  double stat(const std::string& name) const {
    std::map<std::string, double> m;
    root_.flatten(m);
    auto it = m.find(name);
    return it == m.end() ? -1.0 : it->second;
  }
  // Stored 24-bit depth of pixel (x, y).
  uint32_t depth(int x, int y, uint32_t sample = 0) const {
    return target_.depth[target_.sample_index(uint32_t(x), uint32_t(y), sample)] >> 8;
  }
  bool has_work() const { return stage_.has_work(); }
  void settle(Cycle end) { stage_.settle(end); }

  std::vector<Out> out;
  FixedMemory memory_;

 private:
  pipe::DepthPort port() {
    pipe::DepthPort p;
    p.target = &target_;
    p.z_cache = &z_;
    // The ROP's layout: 4x4-pixel tiles of 4-byte samples, 16 tiles a row, a pixel's
    // samples together; 64-byte lines. One line a quad without MSAA (its pixel (x, y)'s
    // address); with it the distinct lines of its pixels' samples: at 4x a 4-pixel row of a
    // tile is one line, so a quad's two rows are two.
    p.lines = [n = samples_](const func::DrawContext&, int x, int y, Addr* out) {
      const auto at = [n](int px, int py) {
        return Addr(((py / 4 * 16 + px / 4) * 16 + (py % 4 * 4 + px % 4)) * 4 * n);
      };
      if (n == 1) {
        out[0] = at(x, y);
        return 1;
      }
      int k = 0;
      for (int i = 0; i < 4; ++i)
        for (uint32_t off = 0; off < 4 * n; off += 64) {
          const Addr l = (at(x + (i & 1), y + (i >> 1)) + off) & ~Addr(63);
          if (std::find(out, out + k, l) == out + k) out[k++] = l;
        }
      return k;
    };
    p.retired = &retired_;
    p.hiz = hiz_;
    p.hiz_quads_per_cycle = 16;
    return p;
  }

  func::HiZ* hiz_;
  uint32_t samples_;
  pipe::Queue<pipe::PixelWarpPtr> in_, out_;
  func::RenderTarget target_;
  sim::Cache z_;
  pipe::RetirePort retired_;
  EarlyZ stage_;
  stats::Group root_;
};

// One quad, its line missing then hitting: the unloaded latency is the lookup plus the
// stage latency, exactly.
TEST(EarlyZ, OneQuadTakesItsLookupPlusTheStageLatency) {
  Rig r("ez_latency", config(4, 2));
  const pipe::DrawRef d = make_draw(0);
  r.warp(0, rect_warp(d, 0, 0, 0, 2, 2, 0.5f));   // taken at 1, miss: line at 1 + 20
  r.warp(30, rect_warp(d, 1, 2, 0, 4, 2, 0.5f));  // same line: taken at 31, hit at 32
  r.run(0, 60);
  ASSERT_EQ(r.out.size(), 2u);
  // Miss: taken 1, the fill arrives at 21, tested at 21, leaves at 23, popped at 24.
  EXPECT_EQ(r.out[0].cycle, 24u);
  // Hit: taken 31, line at 32, tested at 32, leaves at 34, popped at 35.
  EXPECT_EQ(r.out[1].cycle, 35u);
  EXPECT_EQ(r.out[0].seq, 0u);
  EXPECT_EQ(r.out[1].seq, 1u);
  EXPECT_TRUE(r.out[0].depth_done);
  EXPECT_EQ(r.stat("early_z.quads_tested"), 2);
  EXPECT_EQ(r.stat("rop.z_cache.misses"), 1);
  EXPECT_EQ(r.stat("rop.z_cache.writes"), 2);  // Early writes depth: write lookups
  EXPECT_EQ(r.depth(0, 0), 0x800000u);  // 0.5 in 24-bit unorm, written before shading
  EXPECT_FALSE(r.has_work());
}

// Quads per cycle: 16 quads in one line-hitting warp are tested 4 a cycle.
TEST(EarlyZ, TestsQuadsPerCycle) {
  for (uint32_t qpc : {1u, 4u}) {
    Rig r("ez_rate" + std::to_string(qpc), config(qpc, 0));
    const pipe::DrawRef d = make_draw(0);
    r.warp(0, rect_warp(d, 0, 0, 0, 4, 4, 0.5f));  // 4 quads, one tile: one line
    r.run(0, 60);
    ASSERT_EQ(r.out.size(), 1u);
    // Taken at 1; quad k is looked up at 1 + k / qpc; the first misses (line at 21), the
    // others hit on the line in flight and are ready when it arrives; tested qpc a cycle
    // from 21; the warp leaves with its last test (latency 0).
    const Cycle last_test = qpc == 4 ? 21 : 24;
    EXPECT_EQ(r.out[0].cycle, last_test + 1) << qpc;
  }
}

// A draw behind what an earlier one wrote: every quad fails, its warps vanish, and the
// stage renumbers what it passes on so the markers and API order have no gap.
TEST(EarlyZ, CullsHiddenQuadsAndRenumbers) {
  Rig r("ez_cull", config());
  const pipe::DrawRef front = make_draw(0), back = make_draw(1), after = make_draw(2);
  r.warp(0, rect_warp(front, 0, 0, 0, 8, 8, 0.25f));  // 16 quads
  r.end_of_draw(front, 1);
  r.warp(1, rect_warp(back, 1, 0, 0, 8, 8, 0.75f));  // behind: all culled
  r.warp(2, rect_warp(back, 2, 8, 0, 12, 8, 0.75f));  // beside: 8 quads pass
  r.end_of_draw(back, 3);
  r.warp(3, rect_warp(after, 3, 0, 0, 4, 4, 0.5f));  // behind again: culled
  r.end_of_draw(after, 4);
  r.run(0, 200);
  ASSERT_EQ(r.out.size(), 5u);  // 2 warps, 3 markers
  EXPECT_FALSE(r.out[0].marker);
  EXPECT_EQ(r.out[0].seq, 0u);
  EXPECT_EQ(r.out[0].quads, 16u);
  EXPECT_TRUE(r.out[1].marker);
  EXPECT_EQ(r.out[1].seq, 1u);  // warps_before, renumbered
  EXPECT_FALSE(r.out[2].marker);
  EXPECT_EQ(r.out[2].seq, 1u);  // the warp beside, now number 1
  EXPECT_EQ(r.out[2].quads, 8u);
  EXPECT_EQ(r.out[2].draw, 1u);
  EXPECT_TRUE(r.out[3].marker);
  EXPECT_EQ(r.out[3].seq, 2u);
  EXPECT_TRUE(r.out[4].marker);
  EXPECT_EQ(r.out[4].seq, 2u);  // the last draw's only warp was dropped
  EXPECT_EQ(r.stat("early_z.quads_in"), 16 + 16 + 8 + 4);
  EXPECT_EQ(r.stat("early_z.quads_culled"), 16 + 4);
  EXPECT_EQ(r.stat("early_z.pixels_culled"), 4 * (16 + 4));
  EXPECT_EQ(r.stat("early_z.warps_culled"), 2);
  EXPECT_EQ(r.stat("early_z.warps_out"), 2);
  EXPECT_EQ(r.stat("early_z.draws_early"), 3);
  EXPECT_EQ(r.depth(0, 0), 0x400000u);  // the front draw's 0.25 stays
  EXPECT_FALSE(r.has_work());
}

// An Early draw behind a draw whose depth work is at the ROP (oDepth: Late) waits until
// the ROP reports that draw; the Late draw's warps pass untouched.
TEST(EarlyZ, EarlyDrawWaitsForEarlierLateDepthWork) {
  Rig r("ez_fence", config(4, 2));
  const pipe::DrawRef late = make_draw(0, true), early = make_draw(1);
  r.warp(0, rect_warp(late, 0, 0, 0, 4, 4, 0.5f));
  r.end_of_draw(late, 1);
  r.warp(1, rect_warp(early, 1, 0, 0, 4, 4, 0.5f));
  r.run(0, 49);
  ASSERT_EQ(r.out.size(), 2u);
  EXPECT_EQ(r.out[0].cycle, 2u);  // taken at 1 and passed straight on
  EXPECT_FALSE(r.out[0].depth_done);
  EXPECT_TRUE(r.out[1].marker);
  EXPECT_EQ(r.stat("rop.z_cache.reads") + r.stat("rop.z_cache.writes"), 0);  // still waiting
  r.report();  // the ROP performs the end of the Late draw at 49
  r.run(50, 100);
  ASSERT_EQ(r.out.size(), 3u);
  // Looked up at 50 (four quads, one line): the miss arrives at 70, tested 70, leaves 72.
  EXPECT_EQ(r.out[2].cycle, 73u);
  EXPECT_TRUE(r.out[2].depth_done);
  EXPECT_EQ(r.stat("early_z.fence_stall_cycles"), 50 - 2);  // from its taking at 2 to 50
  EXPECT_EQ(r.stat("early_z.draws_late"), 1);
}

// Alpha test: the test runs early without writing; the ROP tests and writes again.
TEST(EarlyZ, EarlyTestLateWriteCullsWithoutWriting) {
  Rig r("ez_etlw", config());
  const pipe::DrawRef d = make_draw(0, false, true);
  r.warp(0, rect_warp(d, 0, 0, 0, 4, 4, 0.25f));
  r.end_of_draw(d, 1);
  r.run(0, 60);
  ASSERT_EQ(r.out.size(), 2u);
  EXPECT_EQ(r.out[0].quads, 4u);
  EXPECT_FALSE(r.out[0].depth_done);
  EXPECT_EQ(r.depth(0, 0), 0xFFFFFFu);  // untouched: the write waits for the ROP
  EXPECT_EQ(r.stat("rop.z_cache.reads"), 4);
  EXPECT_EQ(r.stat("rop.z_cache.writes"), 0);
  EXPECT_EQ(r.stat("early_z.draws_early_test_late_write"), 1);
}

// Hi-Z (8x8 tiles, 16 checks a cycle): a draw hidden behind what the first one wrote is
// rejected quad by quad without a depth lookup, all 16 quads of its tile in one cycle.
TEST(EarlyZ, HiZRejectsAHiddenTileWithoutALookup) {
  func::HiZ hiz(8, 64);
  Rig r("ez_hiz", config(4, 2), &hiz);
  const pipe::DrawRef front = make_draw(0), back = make_draw(1);
  r.warp(0, rect_warp(front, 0, 0, 0, 8, 8, 0.25f));  // 16 quads, 4 lines: kept, written
  r.end_of_draw(front, 1);
  r.warp(40, rect_warp(back, 1, 0, 0, 8, 8, 0.75f));  // the same tile, behind
  r.end_of_draw(back, 2);
  r.run(0, 80);
  r.settle(81);
  ASSERT_EQ(r.out.size(), 3u);  // the front warp and both markers
  // Taken at 41, all 16 rejected and done at 41, dropped at 43 with its marker behind it.
  EXPECT_TRUE(r.out[2].marker);
  EXPECT_EQ(r.out[2].cycle, 43u);
  EXPECT_EQ(r.out[2].seq, 1u);
  EXPECT_EQ(r.stat("early_z.hiz_checked"), 32);
  EXPECT_EQ(r.stat("early_z.hiz_quads_rejected"), 16);
  EXPECT_EQ(r.stat("early_z.hiz_tiles_rejected"), 1);
  EXPECT_EQ(r.stat("early_z.quads_culled"), 16);
  EXPECT_EQ(r.stat("rop.z_cache.writes"), 16);  // the front draw's only
  EXPECT_EQ(r.stat("rop.z_cache.reads"), 0);
}

// A tile past the on-chip capacity is never rejected: the hidden quads are looked up and
// fail the exact test instead.
TEST(EarlyZ, HiZPastCapacityRejectsNothing) {
  func::HiZ hiz(8, 0);
  Rig r("ez_hiz_cap", config(4, 2), &hiz);
  const pipe::DrawRef front = make_draw(0), back = make_draw(1);
  r.warp(0, rect_warp(front, 0, 0, 0, 8, 8, 0.25f));
  r.warp(40, rect_warp(back, 1, 0, 0, 8, 8, 0.75f));
  r.run(0, 80);
  EXPECT_EQ(r.stat("early_z.hiz_quads_rejected"), 0);
  EXPECT_EQ(r.stat("early_z.quads_culled"), 16);
  EXPECT_EQ(r.stat("rop.z_cache.writes"), 32);
}

// MSAA (4x): the early test is per sample. A triangle (0, 0), (8, 0), (0, 8) at z 0.25
// covers samples 0 and 2 of the pixels on its edge x + y = 7 (the 4x offsets' sums are
// -8, 4, -4 and 8 sixteenths) and every sample of the 28 pixels below it: 128 of the 8x8
// square's 256 samples, in 10 quads. The square drawn behind it at z 0.5 keeps exactly
// the other 128 samples, in 36 pixels and 10 of its 16 quads; every quad looks up two
// Z lines (its two rows of 16-byte pixels), as the ROP would.
TEST(EarlyZ, MultisampledQuadsAreTestedPerSample) {
  Rig r("ez_msaa", config(4, 2), nullptr, 4);
  const pipe::DrawRef front = make_draw(0, false, false, 4), back = make_draw(1, false, false, 4);
  r.warp(0, tri_warp(front, 0, 8, 0, 0, 8, 8, 0.25f));
  r.end_of_draw(front, 1);
  r.warp(1, rect_warp(back, 1, 0, 0, 8, 8, 0.5f));
  r.end_of_draw(back, 2);
  r.run(0, 100);
  ASSERT_EQ(r.out.size(), 4u);
  EXPECT_EQ(r.out[0].quads, 10u);
  EXPECT_EQ(r.out[0].samples, 128u);  // the front draw passes every covered sample
  EXPECT_EQ(r.out[2].quads, 10u);
  EXPECT_EQ(r.out[2].samples, 128u);  // the back one only the samples the front left
  // ... while its quads keep the rasterizer's coverage for the shader (centroid): all 16
  // samples of each of the 10 quads left.
  EXPECT_EQ(r.out[2].coverage, 160u);
  EXPECT_TRUE(r.out[2].depth_done);
  EXPECT_EQ(r.stat("early_z.quads_culled"), 6);
  EXPECT_EQ(r.stat("early_z.pixels_culled"), 28);
  EXPECT_EQ(r.stat("early_z.samples_culled"), 128);
  EXPECT_EQ(r.stat("early_z.draws_early"), 2);
  // Per-sample depth: on the edge pixel (7, 0) samples 0 and 2 keep the front's 0.25,
  // samples 1 and 3 take the back's 0.5.
  EXPECT_EQ(r.depth(7, 0, 0), 0x400000u);
  EXPECT_EQ(r.depth(7, 0, 2), 0x400000u);
  EXPECT_EQ(r.depth(7, 0, 1), 0x800000u);
  EXPECT_EQ(r.depth(7, 0, 3), 0x800000u);
  EXPECT_EQ(r.depth(0, 7, 1), 0x800000u);
  EXPECT_EQ(r.depth(6, 0, 3), 0x400000u);
  // Two Z lines per quad (the 1x rig's one): 2 x (10 + 16) write lookups; the 8x8 square
  // spans 4 tiles of 4 lines.
  EXPECT_EQ(r.stat("rop.z_cache.writes"), 52);
  EXPECT_EQ(r.stat("rop.z_cache.misses"), 16);
  EXPECT_FALSE(r.has_work());
}

// One 4x quad takes the unloaded latency of a 1x one: its two lines are looked up in the
// same cycle and arrive together.
TEST(EarlyZ, OneMultisampledQuadTakesItsLookupPlusTheStageLatency) {
  Rig r("ez_msaa_latency", config(4, 2), nullptr, 4);
  const pipe::DrawRef d = make_draw(0, false, false, 4);
  r.warp(0, rect_warp(d, 0, 0, 0, 2, 2, 0.5f));
  r.run(0, 60);
  ASSERT_EQ(r.out.size(), 1u);
  EXPECT_EQ(r.out[0].cycle, 24u);  // taken 1, both misses back at 21, tested 21, out 23
  EXPECT_EQ(r.out[0].samples, 16u);
  EXPECT_EQ(r.stat("rop.z_cache.misses"), 2);
  EXPECT_EQ(r.stat("rop.z_cache.writes"), 2);
}

// Hi-Z at 4x: the bound covers every sample of the tile. Behind the 8x8 triangle's tile
// (half its samples at 0.25, the rest at the clear's 1.0) nothing is rejected, since the
// farthest sample is 1.0; behind a full 8x8 square every quad is.
TEST(EarlyZ, HiZBoundCoversEverySample) {
  func::HiZ hiz(8, 64);
  Rig r("ez_msaa_hiz", config(4, 2), &hiz, 4);
  const pipe::DrawRef tri = make_draw(0, false, false, 4), behind = make_draw(1, false, false, 4);
  const pipe::DrawRef full = make_draw(2, false, false, 4), hidden = make_draw(3, false, false, 4);
  r.warp(0, tri_warp(tri, 0, 8, 0, 0, 8, 8, 0.25f));
  r.end_of_draw(tri, 1);
  // 40 cycles apart: Hi-Z judges a quad only when no earlier draw's quad waits for its test.
  r.warp(40, rect_warp(behind, 1, 0, 0, 8, 8, 0.5f));  // fills the other samples at 0.5
  r.end_of_draw(behind, 2);
  r.warp(80, rect_warp(full, 2, 0, 0, 8, 8, 0.25f));  // everything at 0.25 (LESSEQUAL)
  r.end_of_draw(full, 3);
  r.warp(120, rect_warp(hidden, 3, 0, 0, 8, 8, 0.375f));  // behind every sample: rejected
  r.end_of_draw(hidden, 4);
  r.run(0, 200);
  r.settle(201);
  EXPECT_EQ(r.stat("early_z.hiz_checked"), 10 + 16 + 16 + 16);
  EXPECT_EQ(r.stat("early_z.hiz_quads_rejected"), 16);
  EXPECT_EQ(r.stat("early_z.hiz_tiles_rejected"), 1);
  EXPECT_EQ(r.stat("early_z.samples_culled"), 128 + 256);  // behind the triangle, hidden
  EXPECT_FALSE(r.has_work());
}

// Hi-Z's bound memory (func::HiZ alone): a tile's bound is recomputed only when a writer has
// reported a write to it (or a Clear) since its last check, and is then the exact farthest
// depth, whichever way the write moved it; other checks read the memory alone.
TEST(HiZMemory, WritersKeepTheBoundExactAndChecksReuseIt) {
  func::HiZ hiz(8, 64);
  func::RenderTarget rt;
  rt.resize(uint32_t(kSize), uint32_t(kSize));  // depth 1.0
  const pipe::DrawRef d = make_draw(0);  // LESSEQUAL, writes depth
  const func::RopState s = func::rop_state_of(*d->ctx);
  const auto write = [&](const func::RopState& st, pipe::PixelWarp& w) {
    for (uint32_t i = 0; i < w.quads; ++i) {
      float z[4];
      func::quad_depth(*w.tri[i], w.quad[i], z);
      func::depth_stencil_quad(st, rt, w.quad[i], 0xF, z);
      hiz.written(st, rt, w.quad[i].x, w.quad[i].y);  // as the early stage and the ROP do
    }
  };
  const pipe::PixelWarpPtr probe = rect_warp(d, 0, 0, 0, 2, 2, 0.5f);  // tile 0, z 0.5
  const auto hidden = [&] { return hiz.rejects(*d->ctx, s, rt, *probe->tri[0], probe->quad[0]); };
  EXPECT_FALSE(hidden());  // the clear's 1.0
  EXPECT_EQ(*hiz.recomputed(), 1u);
  EXPECT_FALSE(hidden());
  EXPECT_EQ(*hiz.recomputed(), 1u);  // nothing written since: the memory answers
  const pipe::PixelWarpPtr front = rect_warp(d, 1, 0, 0, 8, 8, 0.25f);  // all of tile 0
  write(s, *front);
  EXPECT_TRUE(hidden());  // nearer writes: recomputed, the bound is 0.25
  EXPECT_TRUE(hidden());
  EXPECT_EQ(*hiz.recomputed(), 2u);
  func::RopState always = s;  // a write moving depth farther
  always.rs.z_func = api::CmpFunc::Always;
  const pipe::PixelWarpPtr far = rect_warp(d, 2, 4, 4, 6, 6, 0.75f);
  write(always, *far);
  EXPECT_FALSE(hidden());  // the bound follows it to 0.75
  EXPECT_EQ(*hiz.recomputed(), 3u);
  const pipe::PixelWarpPtr beside = rect_warp(d, 3, 8, 0, 10, 2, 0.125f);  // tile 1 only
  write(s, *beside);
  EXPECT_FALSE(hidden());
  EXPECT_EQ(*hiz.recomputed(), 3u);  // tile 0 untouched: no recompute
  func::clear(rt, 0, 0, int(kSize), int(kSize), api::ClearZBuffer, 0, 0.375f, 0);
  hiz.invalidate();  // as the ROP does for a depth Clear
  EXPECT_TRUE(hidden());
  EXPECT_EQ(*hiz.recomputed(), 4u);
}

}  // namespace
}  // namespace gfx::early_z
