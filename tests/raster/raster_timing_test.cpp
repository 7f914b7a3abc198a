// The rasterizer alone: set-up triangles go into its input queue, the test plays the
// shader cores by popping pixel_warp_queue every cycle and records each warp (cycle, seq,
// quads) and marker. Each triangle is one large triangle cut by its clip rectangle, so it
// covers exactly the rectangle: w x h pixels are (w / 2) (h / 2) full quads.
//
// The rule (model/raster/rasterizer.h, docs/units/rasterizer.md): a triangle pushed in
// cycle t is popped at t + input latency (p); its quads start at p + triangle_setup_cycles,
// quads_per_cycle a cycle; a warp leaves the cycle it fills (warp_width / 4 quads) if the
// output has width left, otherwise in a later tick; a partial warp leaves when nothing is
// left to add (no triangle in progress, the input empty) or the draw changes. The shader
// cores can pop a warp pixel_warp_queue.latency cycles after its push.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "func/geom/setup.h"
#include "pipe/items.h"
#include "pipe/marker.h"
#include "raster/rasterizer.h"
#include "stats/registry.h"

namespace gfx::raster {
namespace {

constexpr uint32_t kWarpWidth = 16;  // 4 quads per warp
constexpr float kSize = 64;          // viewport

func::ShadedVertex at_screen(float sx, float sy) {
  func::ShadedVertex v;
  v.pos = {2.0f * sx / kSize - 1.0f, 1.0f - 2.0f * sy / kSize, 0.5f, 1.0f};
  return v;
}

pipe::DrawRef make_draw(uint64_t id) {
  auto ctx = std::make_shared<func::DrawContext>();
  ctx->id = id;
  auto d = std::make_shared<pipe::DrawState>();
  d->ctx = ctx;
  return d;
}

// A triangle covering exactly pixels [x0, x1) x [y0, y1) (the triangle (0,0), (64,0),
// (0,64) covers every pixel centre with x + y + 1 < 64, so any rectangle inside 0..31).
std::shared_ptr<const func::TriangleSetup> rect(int x0, int y0, int x1, int y1,
                                                uint32_t samples = 1, bool per_sample = false) {
  func::RasterParams p;
  p.samples = samples;
  p.per_sample = per_sample;
  p.viewport.width = uint32_t(kSize);
  p.viewport.height = uint32_t(kSize);
  p.api = api::DrawApi::D3D10;
  p.cull = api::Cull::None;
  p.clip_x0 = x0;
  p.clip_y0 = y0;
  p.clip_x1 = x1;
  p.clip_y1 = y1;
  auto t = std::make_shared<func::TriangleSetup>();
  EXPECT_TRUE(func::setup_triangle(at_screen(0, 0), at_screen(64, 0), at_screen(0, 64), p, 0, *t));
  return t;
}

struct Out {
  Cycle cycle;
  bool marker;
  uint64_t seq;    // warp: its sequence number; marker: its warps_before
  uint32_t quads;  // warp: its quads
  uint64_t draw;   // the draw id
};

RasterConfig config(uint32_t quads_per_cycle, uint32_t setup_cycles, uint32_t width = 1,
                    uint32_t latency = 1) {
  RasterConfig c;
  c.quads_per_cycle = quads_per_cycle;
  c.triangle_setup_cycles = setup_cycles;
  c.pixel_warp_queue = {16, width, latency};
  return c;
}

class Rig {
 public:
  Rig(const std::string& name, const RasterConfig& cfg)
      : tris_("tris", sim::QueueConfig{8, 4, 1}),
        warps_("warps", cfg.pixel_warp_queue),
        raster_(name.c_str(), cfg, kWarpWidth, tris_, warps_),
        root_("") {
    raster_.register_stats(root_.child("raster"));
  }

  void triangle(Cycle at, const pipe::DrawRef& d, std::shared_ptr<const func::TriangleSetup> t) {
    tris_.push(at, pipe::TriangleItem{d, std::move(t)});
  }
  void end_of_draw(const pipe::DrawRef& d) {
    pipe::Marker m;
    m.draw = d;
    tris_.push_marker(std::move(m));
  }

  void run(Cycle from, Cycle to) {
    for (Cycle c = from; c <= to; ++c) {
      raster_.step(c);
      for (;;) {
        if (warps_.marker_ready()) {
          pipe::Marker m = warps_.pop_marker();
          out.push_back({c, true, m.warps_before, 0, m.draw->ctx->id});
        } else if (warps_.can_pop(c)) {
          pipe::PixelWarpPtr w = warps_.pop(c);
          out.push_back({c, false, w->seq, w->quads, w->draw->ctx->id});
        } else {
          break;
        }
      }
    }
  }

  double stat(const std::string& name) const {
    std::map<std::string, double> m;
    root_.flatten(m);
    auto it = m.find("raster." + name);
    return it == m.end() ? -1.0 : it->second;
  }

  Rasterizer& unit() { return raster_; }
  std::vector<Out> out;

 private:
  pipe::Queue<pipe::TriangleItem> tris_;
  pipe::Queue<pipe::PixelWarpPtr> warps_;
  Rasterizer raster_;
  stats::Group root_;
};

void expect_out(const std::vector<Out>& got, const std::vector<Out>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(got[i].cycle, want[i].cycle) << "output " << i;
    EXPECT_EQ(got[i].marker, want[i].marker) << "output " << i;
    EXPECT_EQ(got[i].seq, want[i].seq) << "output " << i;
    EXPECT_EQ(got[i].quads, want[i].quads) << "output " << i;
    EXPECT_EQ(got[i].draw, want[i].draw) << "output " << i;
  }
}

TEST(RasterTiming, EightByEightSquareIsSixteenQuadsInFourWarpsAtFourQuadsACycle) {
  Rig r("raster_square", config(4, 1));
  auto d = make_draw(0);
  r.triangle(0, d, rect(0, 0, 8, 8));
  r.end_of_draw(d);
  r.run(0, 20);
  // Popped at 1, quads from 1 + 1 = 2: four a cycle fill one warp a cycle, pushed at 2..5,
  // popped one cycle later; the end-of-draw marker counts the 4 warps before it.
  expect_out(r.out, {{3, false, 0, 4, 0},
                     {4, false, 1, 4, 0},
                     {5, false, 2, 4, 0},
                     {6, false, 3, 4, 0},
                     {6, true, 4, 0, 0}});
  EXPECT_EQ(r.stat("triangles"), 1.0);
  EXPECT_EQ(r.stat("quads"), 16.0);
  EXPECT_EQ(r.stat("pixels"), 64.0);
  EXPECT_EQ(r.stat("pixel_warps"), 4.0);
  EXPECT_EQ(r.stat("quad_efficiency"), 1.0);
  EXPECT_EQ(r.stat("empty_triangles"), 0.0);
  EXPECT_EQ(d->counts.quads, 16u);
  // The shader cores count pixels_shaded, after early Z may have removed some.
  EXPECT_EQ(d->counts.pixels_shaded, 0u);
  EXPECT_EQ(d->last_activity, 5u);  // the cycle the last quad was emitted
}

TEST(RasterTiming, OneQuadACycleTakesAWarpFourCycles) {
  Rig r("raster_slow", config(1, 3));
  auto d = make_draw(0);
  r.triangle(0, d, rect(0, 0, 4, 4));  // 4 quads, one warp
  r.run(0, 20);
  // Popped at 1, quads at 1 + 3 = 4, 5, 6, 7: the warp fills and is pushed at 7, out at 8.
  expect_out(r.out, {{8, false, 0, 4, 0}});
  EXPECT_EQ(r.unit().cycles(sim::Activity::Busy), 5u);  // the pop at 1 and the quads at 4..7
}

TEST(RasterTiming, EightQuadsACycleNeedAWiderOutput) {
  // 16 quads at 8 a cycle: two warps fill each cycle (2 and 3). A one-wide output takes
  // one a cycle, pushes at 2, 3, 4, 5 as with 4 quads a cycle; a two-wide output takes
  // both, pushes at 2, 2, 3, 3.
  auto d = make_draw(0);
  Rig narrow("raster_narrow", config(8, 1, 1)), wide("raster_wide", config(8, 1, 2));
  for (Rig* r : {&narrow, &wide}) {
    r->triangle(0, d, rect(0, 0, 8, 8));
    r->run(0, 20);
  }
  expect_out(narrow.out,
             {{3, false, 0, 4, 0}, {4, false, 1, 4, 0}, {5, false, 2, 4, 0}, {6, false, 3, 4, 0}});
  expect_out(wide.out,
             {{3, false, 0, 4, 0}, {3, false, 1, 4, 0}, {4, false, 2, 4, 0}, {4, false, 3, 4, 0}});
}

TEST(RasterTiming, PerSampleShadingPacksEachQuadOncePerSample) {
  // 4x per-sample shading: the 4 quads of a 4x4 square are 16 per-sample quads, 4 warps.
  // Quads at 2: the first two pixel quads fill a warp each, pushed at 2 on a two-wide
  // output; the third fills one that must wait (traversal stops); at 3 it leaves and the
  // fourth fills and leaves. A one-wide output pushes one a cycle: 2, 3, 4, 5.
  auto d = make_draw(0);
  Rig narrow("raster_ps_narrow", config(4, 1, 1)), wide("raster_ps_wide", config(4, 1, 2));
  for (Rig* r : {&narrow, &wide}) {
    r->triangle(0, d, rect(0, 0, 4, 4, 4, true));
    r->run(0, 20);
  }
  expect_out(wide.out,
             {{3, false, 0, 4, 0}, {3, false, 1, 4, 0}, {4, false, 2, 4, 0}, {4, false, 3, 4, 0}});
  expect_out(narrow.out,
             {{3, false, 0, 4, 0}, {4, false, 1, 4, 0}, {5, false, 2, 4, 0}, {6, false, 3, 4, 0}});
  EXPECT_EQ(wide.stat("quads"), 4.0);  // rasterized quads, as at pixel rate
  EXPECT_EQ(wide.stat("sample_quads"), 16.0);
  EXPECT_EQ(wide.stat("pixels"), 16.0);
  EXPECT_EQ(wide.stat("pixel_warps"), 4.0);
  EXPECT_EQ(d->counts.quads, 8u);  // both rigs counted the draw's 4 quads
  // At pixel rate the same square is one warp.
  Rig pixel("raster_ps_pixel", config(4, 1, 2));
  pixel.triangle(0, d, rect(0, 0, 4, 4, 4, false));
  pixel.run(0, 20);
  expect_out(pixel.out, {{3, false, 0, 4, 0}});
  EXPECT_EQ(pixel.stat("sample_quads"), 0.0);
}

TEST(RasterTiming, PartialWarpLeavesWhenTheInputRunsDry) {
  Rig r("raster_partial", config(4, 1));
  auto d = make_draw(0);
  r.triangle(0, d, rect(0, 0, 10, 4));  // 5 x 2 = 10 quads: two full warps and 2 quads
  r.end_of_draw(d);
  r.run(0, 20);
  // Quads at 2, 3 (full warps pushed then) and the last 2 at 4: the triangle is done and
  // the input empty, so the open warp leaves at 4 too; the marker counts 3 warps.
  expect_out(r.out,
             {{3, false, 0, 4, 0}, {4, false, 1, 4, 0}, {5, false, 2, 2, 0}, {5, true, 3, 0, 0}});
  EXPECT_EQ(r.stat("pixel_warps"), 3.0);
  EXPECT_EQ(r.stat("quads"), 10.0);
}

TEST(RasterTiming, TrianglesOfOneDrawShareAWarp) {
  Rig r("raster_pack", config(4, 1));
  auto d = make_draw(0);
  r.triangle(0, d, rect(0, 0, 4, 2));  // 2 quads
  r.triangle(0, d, rect(4, 0, 8, 2));  // 2 quads
  r.run(0, 20);
  // Triangle 0: popped at 1, quads at 2; the input still holds triangle 1, so the warp stays
  // open. Triangle 1: popped at 3, quads at 4 fill the warp, pushed at 4, out at 5.
  expect_out(r.out, {{5, false, 0, 4, 0}});
  EXPECT_EQ(r.stat("triangles"), 2.0);
}

TEST(RasterTiming, DrawChangeClosesTheWarpAndTheMarkerFollowsIt) {
  Rig r("raster_draws", config(4, 1));
  auto a = make_draw(0), b = make_draw(1);
  r.triangle(0, a, rect(0, 0, 4, 2));  // 2 quads of draw 0
  r.end_of_draw(a);
  r.triangle(0, b, rect(0, 0, 4, 2));  // 2 quads of draw 1
  r.end_of_draw(b);
  r.run(0, 20);
  // Draw 0's quads at 2; its marker is taken then (1 warp before it: the open one), but
  // draw 1's triangle is in the input, so the warp waits. At 3 that triangle is popped,
  // the draw changes, warp 0 is closed and pushed (out at 4), and draw 0's marker follows.
  // Draw 1's quads at 3 + 1 = 4, input empty: warp 1 pushed at 4 (out 5), then its marker.
  expect_out(r.out,
             {{4, false, 0, 2, 0}, {4, true, 1, 0, 0}, {5, false, 1, 2, 1}, {5, true, 2, 0, 1}});
}

TEST(RasterTiming, TriangleCoveringNoPixelCentreMakesNoQuad) {
  Rig r("raster_empty", config(4, 1));
  auto d = make_draw(0);
  // A thin sliver along the diagonal, all of it at 0.2 <= x - y <= 0.3, while every pixel
  // centre (n + 0.5, m + 0.5) has a whole x - y: its box holds samples, it holds none.
  func::RasterParams p;
  p.viewport.width = p.viewport.height = uint32_t(kSize);
  p.api = api::DrawApi::D3D10;
  p.cull = api::Cull::None;
  p.clip_x1 = p.clip_y1 = int(kSize);
  auto t = std::make_shared<func::TriangleSetup>();
  ASSERT_TRUE(func::setup_triangle(at_screen(0.6f, 0.4f), at_screen(20.6f, 20.4f),
                                   at_screen(20.6f, 20.3f), p, 0, *t));
  r.triangle(0, d, t);
  r.end_of_draw(d);
  r.run(0, 20);
  // No warp; the marker leaves the cycle its triangle was traversed (popped at 1, start-up
  // ends at 2) with 0 warps before it.
  expect_out(r.out, {{2, true, 0, 0, 0}});
  EXPECT_EQ(r.stat("empty_triangles"), 1.0);
  EXPECT_EQ(r.stat("pixel_warps"), 0.0);
}

TEST(RasterTiming, FullOutputQueueHoldsTheWarpBack) {
  // A one-slot output nobody pops: warp 0 is pushed at 2, warp 1 fills at 3 and stalls.
  RasterConfig cfg = config(4, 1);
  cfg.pixel_warp_queue = {1, 1, 1};
  sim::QueueConfig in{8, 4, 1};
  pipe::Queue<pipe::TriangleItem> tris("tris", in);
  pipe::Queue<pipe::PixelWarpPtr> warps("warps", cfg.pixel_warp_queue);
  Rasterizer raster("raster_full", cfg, kWarpWidth, tris, warps);
  auto d = make_draw(0);
  tris.push(0, pipe::TriangleItem{d, rect(0, 0, 4, 4)});
  tris.push(0, pipe::TriangleItem{d, rect(4, 0, 8, 4)});
  for (Cycle c = 0; c <= 10; ++c) raster.step(c);
  EXPECT_EQ(warps.size(), 1u);
  // 0: wait (item in latency); 1: pop; 2: quads; 3: pop of triangle 1 (start-up to 4);
  // 4: quads, warp full, no room: busy; 5..10 stalled on output.
  EXPECT_EQ(raster.cycles(sim::Activity::Busy), 4u);
  EXPECT_EQ(raster.cycles(sim::Activity::StallOutput), 6u);
  EXPECT_EQ(raster.next_wake(10), 11u);
}

}  // namespace
}  // namespace gfx::raster
