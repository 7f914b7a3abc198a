// The ROP alone: the test plays the shader cluster, pushing shaded pixel warps into the
// ROP's input queue (sending only what the reorder window admits, as the cluster does)
// and markers behind them, and plays the command processor by reading the RetirePort.
// Memory is the real L2 + DRAM, but every quad here writes a whole line without blending
// or depth, so its colour-cache lookup allocates without a fetch and never waits on memory.
//
// The rule (model/rop/rop.h, docs/units/rop.md), with the default caches (4 ports, hit
// latency 1): a warp pushed in cycle t is popped at t + input_queue.latency (2); the ROP
// takes warps from its reorder buffer in sequence order only, issues quads_per_cycle quad
// lookups a cycle, each ready at issue + hit latency; a quad retires latency cycles later,
// quads_per_cycle a cycle, in order; a marker is performed in the tick where the last warp
// before it retires, and reported then.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "func/math.h"
#include "memory/memory_system.h"
#include "pipe/items.h"
#include "pipe/marker.h"
#include "pipe/retire_port.h"
#include "rop/rop.h"
#include "sim/reorder_window.h"
#include "stats/registry.h"

namespace gfx::rop {
namespace {

constexpr uint32_t kSize = 8;  // render target 8 x 8: 2 x 2 tiles of one 64-byte line each
const func::Vec4 kRed{1, 0, 0, 1}, kBlue{0, 0, 1, 1};

pipe::DrawRef make_draw(uint64_t id) {
  auto ctx = std::make_shared<func::DrawContext>();
  ctx->id = id;
  ctx->render_states.z_enable = false;  // colour only: one full-line write per quad
  auto d = std::make_shared<pipe::DrawState>();
  d->ctx = ctx;
  return d;
}

// A warp of the four quads of the 4x4 tile at (tx, ty), all pixels of colour `c`, with
// the coverage masks `live` after shading.
pipe::PixelWarpPtr warp(const pipe::DrawRef& d, uint64_t seq, int tx, int ty, func::Vec4 c,
                        std::array<uint8_t, 4> live = {0xF, 0xF, 0xF, 0xF}) {
  auto w = std::make_unique<pipe::PixelWarp>();
  w->draw = d;
  w->seq = seq;
  w->quads = 4;
  w->results.quads = 4;
  for (int q = 0; q < 4; ++q) {
    w->quad[q] = {int16_t(tx + 2 * (q & 1)), int16_t(ty + 2 * (q >> 1)), 0xF};
    w->results.live[q] = live[q];
    for (int i = 0; i < 4; ++i) {
      w->results.color[4 * q + i] = c;
      w->results.z[4 * q + i] = 0.5f;
    }
  }
  return w;
}

class Rig {
 public:
  Rig(const std::string& name, const RopConfig& cfg)
      : mem_((name + "_mem").c_str(), memory::MemoryConfig{}, 1000.0),
        in_("shaded", cfg.input_queue),
        window_(cfg.reorder_warps),
        rop_(name.c_str(), cfg, kSize, kSize, in_, window_, port_, mem_),
        root_("") {
    rop_.register_stats(root_.child("rop"));
  }

  // The shader cluster's side: a warp goes only while the window admits it.
  bool send(Cycle now, pipe::PixelWarpPtr w) {
    if (!window_.can_send(w->seq) || !in_.can_push(now)) return false;
    in_.push(now, std::move(w));
    return true;
  }
  void marker(pipe::Marker::Kind kind, uint64_t warps_before, const pipe::DrawRef& d = nullptr,
              std::shared_ptr<const func::ClearOp> clear = nullptr) {
    pipe::Marker m;
    m.kind = kind;
    m.warps_before = warps_before;
    m.draw = d;
    m.clear = std::move(clear);
    in_.push_marker(std::move(m));
  }

  // Steps the ROP in cycles `from`..`to`, collecting its reports with their cycle.
  void run(Cycle from, Cycle to) {
    for (Cycle c = from; c <= to; ++c) {
      rop_.step(c);
      while (!port_.empty()) reports.push_back({c, port_.pop()});
    }
  }

  double stat(const std::string& name) const {
    std::map<std::string, double> m;
    root_.flatten(m);
    auto it = m.find("rop." + name);
    return it == m.end() ? -1.0 : it->second;
  }
  uint32_t pixel(uint32_t x, uint32_t y) { return rop_.target().color[y * kSize + x]; }

  Rop& unit() { return rop_; }
  sim::ReorderWindow& window() { return window_; }

  struct Report {
    Cycle cycle;
    pipe::Retired r;
  };
  std::vector<Report> reports;

 private:
  memory::MemorySystem mem_;
  pipe::Queue<pipe::PixelWarpPtr> in_;
  sim::ReorderWindow window_;
  pipe::RetirePort port_;
  Rop rop_;
  stats::Group root_;
};

TEST(RopTiming, WarpsArrivingOutOfOrderRetireInSequenceOrder) {
  Rig r("rop_order", RopConfig{});
  auto d = make_draw(0);
  // Warp 1 (blue) first, then warp 0 (red), the same four quads: API order puts blue last.
  ASSERT_TRUE(r.send(0, warp(d, 1, 0, 0, kBlue)));
  ASSERT_TRUE(r.send(0, warp(d, 0, 0, 0, kRed)));
  r.marker(pipe::Marker::Kind::EndOfDraw, 2, d);
  r.run(0, 1);
  EXPECT_EQ(r.window().next(), 0u);  // nothing has arrived yet (input latency 2)
  r.run(2, 2);
  // Both popped at 2; warp 0 taken first, its 4 quads issued at 2 (ready 2 + 1 + 2 = 5).
  EXPECT_EQ(r.window().next(), 1u);
  EXPECT_EQ(r.stat("reorder_peak"), 2.0);
  r.run(3, 4);
  EXPECT_EQ(r.window().next(), 2u);  // warp 1 issued at 3 (ready 6)
  EXPECT_EQ(r.stat("quads"), 0.0);
  r.run(5, 5);
  EXPECT_EQ(r.stat("quads"), 4.0);
  EXPECT_EQ(r.pixel(0, 0), func::pack_argb(kRed));
  r.run(6, 20);
  EXPECT_EQ(r.stat("quads"), 8.0);
  EXPECT_EQ(r.pixel(0, 0), func::pack_argb(kBlue));  // written last, as in API order
  EXPECT_EQ(r.pixel(3, 3), func::pack_argb(kBlue));
  EXPECT_EQ(r.pixel(4, 4), 0u);  // outside the quads: untouched
  // The end-of-draw marker is performed when warp 1's last quad retires, at 6.
  ASSERT_EQ(r.reports.size(), 1u);
  EXPECT_EQ(r.reports[0].cycle, 6u);
  EXPECT_EQ(r.reports[0].r.kind, pipe::Marker::Kind::EndOfDraw);
  EXPECT_EQ(r.reports[0].r.draw, d);
  EXPECT_EQ(r.reports[0].r.done, 6u);
  EXPECT_EQ(d->last_activity, 6u);
  EXPECT_EQ(r.stat("pixels_in"), 32.0);
  EXPECT_EQ(r.stat("pixels_written"), 32.0);
  EXPECT_EQ(d->counts.pixels_written, 32u);
  EXPECT_FALSE(r.unit().has_work());
}

TEST(RopTiming, WarpAheadWaitsForTheOneBeforeIt) {
  Rig r("rop_wait", RopConfig{});
  auto d = make_draw(0);
  ASSERT_TRUE(r.send(0, warp(d, 1, 0, 0, kBlue)));
  r.run(0, 9);
  // Warp 1 sits in the reorder buffer: nothing issued, nothing retired.
  EXPECT_EQ(r.stat("quads"), 0.0);
  EXPECT_EQ(r.window().next(), 0u);
  EXPECT_EQ(r.stat("reorder_peak"), 1.0);
  EXPECT_TRUE(r.unit().has_work());
  ASSERT_TRUE(r.send(10, warp(d, 0, 4, 0, kRed)));
  // Popped at 12: warp 0 issued at 12 (retires 15), warp 1 at 13 (retires 16).
  r.run(10, 15);
  EXPECT_EQ(r.stat("quads"), 4.0);
  r.run(16, 16);
  EXPECT_EQ(r.stat("quads"), 8.0);
}

TEST(RopTiming, TheWindowRefusesWarpsBeyondIt) {
  RopConfig cfg;
  cfg.reorder_warps = 2;
  Rig r("rop_window", cfg);
  auto d = make_draw(0);
  // The window starts at warp 0 and holds 2: warps 0 and 1 may be sent, 2 may not.
  EXPECT_TRUE(r.window().can_send(1));
  EXPECT_FALSE(r.send(0, warp(d, 2, 4, 4, kRed)));
  ASSERT_TRUE(r.send(0, warp(d, 1, 4, 0, kRed)));
  ASSERT_TRUE(r.send(0, warp(d, 0, 0, 0, kRed)));
  r.run(0, 2);
  // The ROP took warp 0 at 2: the window moves to 1..2, so warp 2 is admitted, 3 is not.
  EXPECT_TRUE(r.window().can_send(2));
  EXPECT_FALSE(r.window().can_send(3));
  ASSERT_TRUE(r.send(3, warp(d, 2, 4, 4, kRed)));  // the same cycle warp 1 is taken
  r.run(3, 3);
  EXPECT_TRUE(r.window().can_send(3));
  EXPECT_FALSE(r.window().can_send(4));
  r.run(4, 20);
  // Warp 2 popped at 5, issued at 5, retires at 5 + 1 + 2 = 8.
  EXPECT_EQ(r.stat("quads"), 12.0);
  EXPECT_EQ(r.window().next(), 3u);
}

TEST(RopTiming, QuadsPerCycleAndLatencyGiveTheRetireCycles) {
  RopConfig cfg;
  cfg.quads_per_cycle = 2;
  cfg.latency = 5;
  Rig r("rop_rate", cfg);
  auto d = make_draw(0);
  ASSERT_TRUE(r.send(0, warp(d, 0, 0, 0, kRed)));
  ASSERT_TRUE(r.send(0, warp(d, 1, 4, 0, kRed)));
  r.marker(pipe::Marker::Kind::EndOfDraw, 2, d);
  // Two quads issued a cycle from 2 (2, 2, 3, 3, 4, 4, 5, 5), each retires 1 + 5 cycles
  // later: two a cycle at 8, 9, 10, 11.
  const double want[] = {0, 0, 0, 0, 0, 0, 0, 0, 2, 4, 6, 8, 8};  // after cycles 0..12
  for (Cycle c = 0; c <= 12; ++c) {
    r.run(c, c);
    EXPECT_EQ(r.stat("quads"), want[c]) << "after cycle " << c;
  }
  ASSERT_EQ(r.reports.size(), 1u);
  EXPECT_EQ(r.reports[0].cycle, 11u);
}

TEST(RopTiming, CountersCountLivePixels) {
  Rig r("rop_counts", RopConfig{});
  auto d = make_draw(0);
  // Coverage after shading 4 + 2 + 1 + 0 = 7 pixels; the quad with none still retires.
  ASSERT_TRUE(r.send(0, warp(d, 0, 0, 0, kRed, {0xF, 0x3, 0x1, 0x0})));
  r.run(0, 10);
  EXPECT_EQ(r.stat("quads"), 4.0);
  EXPECT_EQ(r.stat("pixels_in"), 7.0);
  EXPECT_EQ(r.stat("pixels_written"), 7.0);
  EXPECT_EQ(d->counts.pixels_written, 7u);
  EXPECT_EQ(r.pixel(2, 0), func::pack_argb(kRed));  // quad 1, pixel 0 (mask bit 0)
  EXPECT_EQ(r.pixel(2, 1), 0u);                     // quad 1, pixel 2: not live
  EXPECT_EQ(r.pixel(0, 2), func::pack_argb(kRed));  // quad 2 (at 0,2), pixel 0
  EXPECT_EQ(r.pixel(1, 2), 0u);
  EXPECT_EQ(r.pixel(2, 2), 0u);                  // quad 3: nothing live
  EXPECT_EQ(r.stat("color_cache.writes"), 4.0);  // one lookup per quad
}

TEST(RopTiming, ClearWritesEveryLineAtItsRateAndReportsAtTheLast) {
  RopConfig cfg;
  cfg.clear_lines_per_cycle = 2;
  Rig r("rop_clear", cfg);
  auto op = std::make_shared<func::ClearOp>();
  op->x1 = int(kSize);
  op->y1 = int(kSize);
  op->flags = api::ClearTarget | api::ClearZBuffer;
  op->color = 0xFF00FF00;
  r.marker(pipe::Marker::Kind::Clear, 0, nullptr, op);
  r.run(0, 0);
  // Nothing before it: performed at 0. The surfaces change at once; 4 colour lines and 4
  // depth lines at 2 a cycle are written in cycles 0..3, and the Clear reported at 3.
  EXPECT_EQ(r.pixel(7, 7), 0xFF00FF00u);
  EXPECT_TRUE(r.reports.empty());
  r.run(1, 10);
  ASSERT_EQ(r.reports.size(), 1u);
  EXPECT_EQ(r.reports[0].cycle, 3u);
  EXPECT_EQ(r.reports[0].r.kind, pipe::Marker::Kind::Clear);
  EXPECT_EQ(r.stat("clear_lines"), 8.0);
  EXPECT_EQ(r.unit().cycles(sim::Activity::Busy), 4u);
}

TEST(RopTiming, ClearWaitsForTheDrawBeforeIt) {
  RopConfig cfg;
  cfg.clear_lines_per_cycle = 2;
  Rig r("rop_clear_after", cfg);
  auto d = make_draw(0);
  ASSERT_TRUE(r.send(0, warp(d, 0, 0, 0, kRed)));
  r.marker(pipe::Marker::Kind::EndOfDraw, 1, d);
  auto op = std::make_shared<func::ClearOp>();
  op->x1 = int(kSize);
  op->y1 = int(kSize);
  op->flags = api::ClearTarget;
  op->color = 0xFF00FF00;
  r.marker(pipe::Marker::Kind::Clear, 1, nullptr, op);
  r.run(0, 4);
  EXPECT_EQ(r.pixel(0, 0), 0u);  // the quads are in flight: the Clear has not started
  r.run(5, 5);
  // Warp 0 retires at 5 (issued at 2): the draw is reported, and the Clear starts in the
  // same tick after it (the surface is cleared over the red quads); its 4 colour lines go
  // at 2 a cycle in the ticks after, 6 and 7, and it is reported at 7.
  EXPECT_EQ(r.pixel(0, 0), 0xFF00FF00u);
  r.run(6, 20);
  ASSERT_EQ(r.reports.size(), 2u);
  EXPECT_EQ(r.reports[0].cycle, 5u);
  EXPECT_EQ(r.reports[0].r.kind, pipe::Marker::Kind::EndOfDraw);
  EXPECT_EQ(r.reports[1].cycle, 7u);
  EXPECT_EQ(r.reports[1].r.kind, pipe::Marker::Kind::Clear);
  EXPECT_EQ(r.stat("clear_lines"), 4.0);
}

// A stencil-tested draw looks up colour only after the test (model/rop/rop.h). After a
// clear of depth/stencil to stencil 1 (its 4 lines written at 0, so Z lookups hit), warp 0
// tests EQUAL 2 and fails everywhere: its quads, issued at 2 with the Z line ready at 3,
// are tested at 5 and leave at once with no colour lookup. Warp 1 (ALWAYS, PASS INCR),
// issued at 3, is tested at 6; only then are its colour lines looked up (ready at 7), and
// it leaves rop.latency later, at 9 (a draw without stencil would leave at 6). Warp 2, a
// stencil-only pass (colour write mask 0) sent at 1, issued at 4 and tested at 7, looks up
// no colour but leaves behind warp 1, in order, at 9.
TEST(RopTiming, StencilTestedQuadsLookUpColourOnlyAfterTheTest) {
  Rig r("rop_stencil", RopConfig{});
  auto fail = make_draw(0), pass = make_draw(1), masked = make_draw(2);
  for (auto* d : {&fail, &pass, &masked}) {
    auto ctx = std::make_shared<func::DrawContext>(*(*d)->ctx);
    ctx->render_states.stencil_enable = true;
    ctx->render_states.stencil_ref = 2;
    ctx->render_states.stencil_func = d == &fail ? api::CmpFunc::Equal : api::CmpFunc::Always;
    ctx->render_states.stencil_pass = api::StencilOp::Incr;
    if (d == &masked) ctx->render_states.color_write_mask = 0;
    (*d)->ctx = ctx;
  }
  auto op = std::make_shared<func::ClearOp>();
  op->x1 = int(kSize);
  op->y1 = int(kSize);
  op->flags = api::ClearZBuffer | api::ClearStencil;
  op->stencil = 1;
  r.marker(pipe::Marker::Kind::Clear, 0, nullptr, op);
  ASSERT_TRUE(r.send(0, warp(fail, 0, 0, 0, kRed)));
  ASSERT_TRUE(r.send(0, warp(pass, 1, 0, 0, kBlue)));
  r.marker(pipe::Marker::Kind::EndOfDraw, 1, fail);
  r.marker(pipe::Marker::Kind::EndOfDraw, 2, pass);
  r.run(0, 0);
  ASSERT_TRUE(r.send(1, warp(masked, 2, 0, 0, kRed)));
  r.marker(pipe::Marker::Kind::EndOfDraw, 3, masked);
  r.run(1, 30);
  ASSERT_EQ(r.reports.size(), 4u);
  EXPECT_EQ(r.reports[0].r.kind, pipe::Marker::Kind::Clear);
  EXPECT_EQ(r.reports[0].cycle, 0u);
  EXPECT_EQ(r.reports[1].cycle, 5u);
  EXPECT_EQ(r.reports[1].r.draw, fail);
  EXPECT_EQ(r.reports[2].cycle, 9u);
  EXPECT_EQ(r.reports[2].r.draw, pass);
  EXPECT_EQ(r.reports[3].cycle, 9u);
  EXPECT_EQ(r.reports[3].r.draw, masked);
  EXPECT_EQ(r.stat("ds_killed_quads"), 4.0);
  EXPECT_EQ(r.stat("color_cache.writes"), 4.0);  // warp 1's quads only
  EXPECT_EQ(r.stat("pixels_written"), 32.0);
  EXPECT_EQ(r.pixel(3, 3), func::pack_argb(kBlue));   // warp 2 wrote no colour
  EXPECT_EQ(r.unit().target().depth[0] & 0xFFu, 3u);  // INCR twice from 1
  EXPECT_FALSE(r.unit().has_work());
}

// Eight bound targets (D3D10's SV_Target0..7): each quad looks up one colour line per
// target whose write mask is not 0, and each target takes its own colour.
TEST(RopTiming, EightTargetsEachTakeTheirOwnLineAndColour) {
  Rig r("rop_mrt8", RopConfig{});
  auto draw = make_draw(0);
  auto ctx = std::make_shared<func::DrawContext>(*draw->ctx);
  std::array<std::shared_ptr<func::ColorSurface>, func::kMaxRenderTargets> surfaces;
  for (int t = 0; t < func::kMaxRenderTargets; ++t) {
    surfaces[size_t(t)] = std::make_shared<func::ColorSurface>();
    surfaces[size_t(t)]->width = surfaces[size_t(t)]->height = kSize;
    surfaces[size_t(t)]->color.assign(kSize * kSize, 0u);
    ctx->color_targets[size_t(t)] = surfaces[size_t(t)];
  }
  ctx->render_states.color_write_mask_rt[2] = 0;  // target 3 writes nothing
  draw->ctx = ctx;
  auto w = warp(draw, 0, 0, 0, kRed);
  w->results.color_outputs = func::kMaxRenderTargets;
  const auto colour = [](int t) { return func::Vec4{t & 1 ? 1.f : 0.f, t & 2 ? 1.f : 0.f, 1, 1}; };
  for (int t = 1; t < func::kMaxRenderTargets; ++t)
    for (int l = 0; l < 16; ++l) w->results.mrt[t - 1][l] = colour(t);
  ASSERT_TRUE(r.send(0, std::move(w)));
  r.marker(pipe::Marker::Kind::EndOfDraw, 1, draw);
  r.run(0, 100);
  ASSERT_EQ(r.reports.size(), 1u);
  EXPECT_EQ(r.stat("color_cache.writes"), 4.0 * 7);  // 4 quads x the 7 unmasked targets
  EXPECT_EQ(surfaces[0]->color[0], func::pack_argb(kRed));
  EXPECT_EQ(surfaces[3]->color[0], 0u);
  for (int t : {1, 2, 4, 5, 6, 7})
    EXPECT_EQ(surfaces[size_t(t)]->color[3 * kSize + 3], func::pack_argb(colour(t))) << t;
}

// MSAA (model/rop/rop.h): at 4 samples a pixel is 16 bytes, so a quad's two pixel rows lie
// in two lines of its 256-byte tile; the ROP's slots count samples, so with the default
// quads_per_cycle 4 one 4x quad retires a cycle.
// A draw of `samples` samples a pixel with depth off, on a ROP set to that count.
pipe::DrawRef msaa_draw(Rig& r, uint32_t samples, bool per_sample = false) {
  r.unit().set_sample_count(samples);
  auto ctx = std::make_shared<func::DrawContext>();
  ctx->render_states.z_enable = false;
  ctx->raster.samples = samples;
  ctx->raster.per_sample = per_sample;
  auto d = std::make_shared<pipe::DrawState>();
  d->ctx = ctx;
  return d;
}

pipe::PixelWarpPtr msaa_warp(const pipe::DrawRef& d, uint64_t seq, func::Vec4 c) {
  pipe::PixelWarpPtr w = warp(d, seq, 0, 0, c);
  for (int q = 0; q < 4; ++q) w->quad[q].samples = func::samples_of(0xF, 4);
  return w;
}

TEST(RopTiming, FourSamplesTakeFourSlotsAndTwoLinesAQuad) {
  Rig r("rop_msaa", RopConfig{});
  const pipe::DrawRef d = msaa_draw(r, 4);
  ASSERT_TRUE(r.send(0, msaa_warp(d, 0, kRed)));
  r.marker(pipe::Marker::Kind::EndOfDraw, 1, d);
  // Popped at 2; the colour cache's 4 ports take two quads' two lines a cycle: quads
  // issued at 2, 2, 3, 3, ready 1 + 2 cycles later (5, 5, 6, 6); the slots (4 a cycle,
  // 4 a quad) retire one a cycle: 5, 6, 7, 8.
  const double want[] = {0, 0, 0, 0, 0, 1, 2, 3, 4, 4};  // after cycles 0..9
  for (Cycle c = 0; c <= 9; ++c) {
    r.run(c, c);
    EXPECT_EQ(r.stat("quads"), want[c]) << "after cycle " << c;
  }
  ASSERT_EQ(r.reports.size(), 1u);
  EXPECT_EQ(r.reports[0].cycle, 8u);
  EXPECT_EQ(r.stat("color_cache.writes"), 8.0);  // two lines a quad
  EXPECT_EQ(r.stat("pixels_written"), 16.0);
  EXPECT_EQ(r.stat("samples_written"), 64.0);
  const func::RenderTarget& t = r.unit().target();
  EXPECT_EQ(t.color.size(), size_t(kSize * kSize * 4));
  EXPECT_EQ(t.color[(1 * kSize + 1) * 4 + 3], func::pack_argb(kRed));  // (1,1) sample 3
  EXPECT_EQ(t.resolve()[1 * kSize + 1], func::pack_argb(kRed));
  EXPECT_EQ(t.resolve()[4], 0u);  // (4, 0): outside the quads
}

TEST(RopTiming, PerSampleQuadsTakeOneSlotEach) {
  // A per-sample-shaded 4x draw: the warp holds the four per-sample quads of pixel quad
  // (0, 0) (func::split_samples), each one sample of every pixel. Issue and readiness as
  // in FourSamplesTakeFourSlotsAndTwoLinesAQuad (ready 5, 5, 6, 6), but a quad takes one
  // slot, not four: two retire at 5 and two at 6, and every sample takes its own colour.
  Rig r("rop_per_sample", RopConfig{});
  const pipe::DrawRef d = msaa_draw(r, 4, true);
  pipe::PixelWarpPtr w = warp(d, 0, 0, 0, kRed);
  const func::Vec4 colour[4] = {kRed, kBlue, kRed, kBlue};
  for (int q = 0; q < 4; ++q) {
    w->quad[q] = {0, 0, 0xF, func::samples_of(0xF, 4) & (0x0001000100010001ull << q)};
    w->quad[q].sample = int8_t(q);
    w->quad[q].pixel_samples = func::samples_of(0xF, 4);
    for (int i = 0; i < 4; ++i) w->results.color[4 * q + i] = colour[q];
  }
  ASSERT_TRUE(r.send(0, std::move(w)));
  r.marker(pipe::Marker::Kind::EndOfDraw, 1, d);
  const double want[] = {0, 0, 0, 0, 0, 2, 4, 4};  // after cycles 0..7
  for (Cycle c = 0; c <= 7; ++c) {
    r.run(c, c);
    EXPECT_EQ(r.stat("quads"), want[c]) << "after cycle " << c;
  }
  ASSERT_EQ(r.reports.size(), 1u);
  EXPECT_EQ(r.reports[0].cycle, 6u);
  EXPECT_EQ(r.stat("samples_written"), 16.0);
  const func::RenderTarget& t = r.unit().target();
  for (uint32_t s = 0; s < 4; ++s)
    EXPECT_EQ(t.color[(1 * kSize + 1) * 4 + s], func::pack_argb(colour[s])) << s;
}

TEST(RopTiming, SixteenSampleQuadsTakeFourCyclesEach) {
  Rig r("rop_msaa16", RopConfig{});
  const pipe::DrawRef d = msaa_draw(r, 16);
  pipe::PixelWarpPtr w = warp(d, 0, 0, 0, kBlue);
  for (int q = 0; q < 4; ++q) w->quad[q].samples = func::samples_of(0xF, 16);
  ASSERT_TRUE(r.send(0, std::move(w)));
  r.marker(pipe::Marker::Kind::EndOfDraw, 1, d);
  // A 16x pixel is a 64-byte line: four lines a quad take the 4 ports, one quad a cycle
  // issued at 2, 3, 4, 5 (ready 5, 6, 7, 8). The slots (4 a cycle) banked 16 while idle,
  // so the first quad retires at 5; each next one waits for 16 new slots: 9, 13, 17.
  const double want[] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4};
  for (Cycle c = 0; c <= 17; ++c) {
    r.run(c, c);
    EXPECT_EQ(r.stat("quads"), want[c]) << "after cycle " << c;
  }
  ASSERT_EQ(r.reports.size(), 1u);
  EXPECT_EQ(r.reports[0].cycle, 17u);
  EXPECT_EQ(r.stat("color_cache.writes"), 16.0);
  EXPECT_EQ(r.stat("samples_written"), 256.0);
  EXPECT_EQ(r.unit().target().resolve()[3 * kSize + 3], func::pack_argb(kBlue));
}

TEST(RopTiming, AFourSampleClearWritesFourTimesTheLines) {
  Rig r("rop_msaa_clear", RopConfig{});
  r.unit().set_sample_count(4);
  auto op = std::make_shared<func::ClearOp>();
  op->x1 = int(kSize);
  op->y1 = int(kSize);
  op->flags = api::ClearTarget | api::ClearZBuffer;
  op->color = 0xFF00FF00;
  r.marker(pipe::Marker::Kind::Clear, 0, nullptr, op);
  r.run(0, 20);
  // 4 tiles of 256 bytes = 16 lines each of colour and depth (8 at 1x), 4 a cycle:
  // cycles 0..7, reported at 7.
  EXPECT_EQ(r.stat("clear_lines"), 32.0);
  ASSERT_EQ(r.reports.size(), 1u);
  EXPECT_EQ(r.reports[0].cycle, 7u);
  EXPECT_EQ(r.unit().target().color[kSize * kSize * 4 - 1], 0xFF00FF00u);
}

}  // namespace
}  // namespace gfx::rop
