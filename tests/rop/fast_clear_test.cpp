// Fast clear and compression through the whole ROP with the real memory system: the test
// plays the shader cluster (full-screen draws of one 4x4 tile per warp, every pixel
// covered, depth from a function of the pixel) and the command processor (markers, the
// RetirePort). The L2 is off and the Z and colour caches hold 16 lines each, so the
// 32 x 32 surfaces (64 tiles of 64 bytes each) go to DRAM during the frame and every byte
// the ROP moves shows in the DRAM's per-client counters. Each case runs with the feature
// off and on and checks that the pixels are the same.
#include <gtest/gtest.h>

#include <cmath>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <variant>

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

constexpr int kSide = 32;  // 8 x 8 tiles
constexpr int kTiles = (kSide / 4) * (kSide / 4);
using DepthFn = std::function<float(int x, int y)>;
using ColorFn = std::function<func::Vec4(int x, int y)>;
using CoverFn = std::function<uint8_t(int x, int y)>;  // the pixel's covered samples

RopConfig small_caches() {
  RopConfig cfg;
  cfg.z_cache.size_kib = 1;
  cfg.color_cache.size_kib = 1;
  return cfg;
}

RopConfig whole_surface_caches() {
  RopConfig cfg;
  cfg.z_cache.size_kib = 16;
  cfg.color_cache.size_kib = 16;
  return cfg;
}

memory::MemoryConfig no_l2() {
  memory::MemoryConfig m;
  m.l2.size_kib = 0;
  // FCFS answers a write when its data has been sent (FR-FCFS accepts it into the write
  // queue at once), so the bytes compression and fast clears save show in the cycles.
  m.dram.scheduler = "fcfs";
  return m;
}

class FrameRig {
 public:
  FrameRig(const std::string& name, const RopConfig& cfg, uint32_t samples = 1)
      : mem_((name + "_mem").c_str(), no_l2(), 1000.0),
        in_("shaded", cfg.input_queue),
        window_(cfg.reorder_warps),
        rop_(name.c_str(), cfg, kSide, kSide, in_, window_, port_, mem_),
        root_("") {
    rop_.set_sample_count(samples);
    samples_ = samples;
    rop_.register_stats(root_.child("rop"));
    mem_.register_stats(root_.child("memory"), &now_);
  }

  // A full-screen draw: z_enable with a less-equal test and writes, colour `c` without
  // blending, depth depth(x, y); one warp per tile, row by row.
  void draw(const DepthFn& depth, func::Vec4 c) {
    draw(depth, [c](int, int) { return c; });
  }
  // The same with a colour per pixel and, under MSAA, the samples `cover` gives each pixel
  // (all of them by default; a quad none of whose pixels is covered is left out). Without
  // a triangle every sample takes the pixel's depth.
  void draw(const DepthFn& depth, const ColorFn& color, const CoverFn& cover = nullptr) {
    auto ctx = std::make_shared<func::DrawContext>();
    ctx->id = next_draw_++;
    ctx->raster.samples = samples_;
    auto d = std::make_shared<pipe::DrawState>();
    d->ctx = ctx;
    for (int ty = 0; ty < kSide; ty += 4)
      for (int tx = 0; tx < kSide; tx += 4) {
        auto w = std::make_unique<pipe::PixelWarp>();
        w->draw = d;
        w->seq = warps_++;
        int n = 0;
        for (int q = 0; q < 4; ++q) {
          const int qx = tx + 2 * (q & 1), qy = ty + 2 * (q >> 1);
          uint64_t samples = 0;
          uint8_t mask = 0;
          for (int i = 0; i < 4; ++i) {
            const uint8_t m = cover ? cover(qx + (i & 1), qy + (i >> 1)) : 0xF;
            samples |= uint64_t(m & ((1u << samples_) - 1)) << (func::kMaxSamples * i);
            if (m) mask |= uint8_t(1u << i);
          }
          if (!mask) continue;
          w->quad[n] = {int16_t(qx), int16_t(qy), mask, samples};
          w->results.live[n] = mask;
          for (int i = 0; i < 4; ++i) {
            w->results.color[4 * n + i] = color(qx + (i & 1), qy + (i >> 1));
            w->results.z[4 * n + i] = depth(qx + (i & 1), qy + (i >> 1));
          }
          ++n;
        }
        w->quads = uint32_t(n);
        w->results.quads = n;
        if (n == 0) {
          --warps_;  // a warp without quads is never sent
          continue;
        }
        pending_.push_back(std::move(w));
      }
    marker(pipe::Marker::Kind::EndOfDraw, d);
  }
  void clear(uint32_t flags, uint32_t color, float depth) {
    auto op = std::make_shared<func::ClearOp>();
    op->x1 = op->y1 = kSide;
    op->flags = flags;
    op->color = color;
    op->depth = depth;
    marker(pipe::Marker::Kind::Clear, nullptr, op);
  }
  void present() { marker(pipe::Marker::Kind::Present); }

  // Runs until every marker has been reported; returns the cycle of the last report.
  Cycle run() {
    for (; now_ < 1000000; ++now_) {
      while (!pending_.empty()) {
        if (auto* m = std::get_if<pipe::Marker>(&pending_.front())) {
          in_.push_marker(std::move(*m));
        } else {
          auto& w = std::get<pipe::PixelWarpPtr>(pending_.front());
          if (!window_.can_send(w->seq) || !in_.can_push(now_)) break;
          in_.push(now_, std::move(w));
        }
        pending_.pop_front();
      }
      rop_.step(now_);
      while (!port_.empty()) {
        const pipe::Retired r = port_.pop();
        last_report_ = r.kind == pipe::Marker::Kind::Present ? r.done : now_;
        if (r.kind == pipe::Marker::Kind::Clear) clear_reports.push_back(now_);
        ++reports_;
      }
      if (reports_ == markers_ && pending_.empty()) return last_report_;
    }
    ADD_FAILURE() << "the ROP did not finish";
    return last_report_;
  }

  uint64_t stat(const std::string& name) const {
    std::map<std::string, double> m;
    root_.flatten(m);
    auto it = m.find(name);
    EXPECT_NE(it, m.end()) << name;
    return it == m.end() ? ~uint64_t(0) : uint64_t(it->second);
  }
  uint64_t dram(const char* client, const char* dir) const {
    return stat(std::string("memory.dram.clients.") + client + ".bytes_" + dir);
  }
  const func::RenderTarget& target() { return rop_.target(); }
  std::vector<Cycle> clear_reports;

 private:
  void marker(pipe::Marker::Kind kind, const pipe::DrawRef& d = nullptr,
              std::shared_ptr<const func::ClearOp> clear = nullptr) {
    pipe::Marker m;
    m.kind = kind;
    m.warps_before = warps_;
    m.draw = d;
    m.clear = std::move(clear);
    pending_.push_back(std::move(m));
    ++markers_;
  }

  Cycle now_ = 0, last_report_ = 0;
  memory::MemorySystem mem_;
  pipe::Queue<pipe::PixelWarpPtr> in_;
  sim::ReorderWindow window_;
  pipe::RetirePort port_;
  Rop rop_;
  stats::Group root_;
  std::deque<std::variant<pipe::PixelWarpPtr, pipe::Marker>> pending_;
  uint64_t warps_ = 0, next_draw_ = 0, markers_ = 0, reports_ = 0;
  uint32_t samples_ = 1;
};

void expect_same_pixels(FrameRig& a, FrameRig& b) {
  EXPECT_EQ(a.target().color, b.target().color);
  EXPECT_EQ(a.target().depth, b.target().depth);
}

const func::Vec4 kRed{1, 0, 0, 1};
constexpr uint32_t kAll = api::ClearTarget | api::ClearZBuffer | api::ClearStencil;

// The architect's check: fast clear removes the clear's DRAM writes. Off, a full clear of
// both surfaces writes its 2 x 64 lines through the caches to DRAM by the end of the
// frame; on, it marks 128 tiles in 2 cycles and writes nothing, unless the display needs
// the colour at Present (the resolve writes the 64 colour tiles, never the depth ones).
TEST(FastClear, AClearAndAPresentMakeNoClearWrites) {
  RopConfig off = small_caches(), on = small_caches(), on_resolve = small_caches();
  off.fast_clear.resolve_at_present = false;
  on.fast_clear.enable = true;
  on.fast_clear.resolve_at_present = false;
  on_resolve.fast_clear.enable = true;
  FrameRig a("fc_off", off), b("fc_on", on), c("fc_resolve", on_resolve);
  for (FrameRig* r : {&a, &b, &c}) {
    r->clear(kAll, 0xFF204060, 0.75f);
    r->present();
  }
  const Cycle end_a = a.run(), end_b = b.run(), end_c = c.run();
  EXPECT_EQ(a.stat("rop.clear_lines"), 2u * kTiles);
  EXPECT_EQ(a.dram("depth", "written"), 64u * kTiles);
  EXPECT_EQ(a.dram("color", "written"), 64u * kTiles);
  EXPECT_EQ(b.stat("rop.clear_lines"), 0u);
  EXPECT_EQ(b.stat("rop.fast_cleared_tiles"), 2u * kTiles);
  EXPECT_EQ(b.dram("depth", "written"), 0u);
  EXPECT_EQ(b.dram("color", "written"), 0u);
  EXPECT_EQ(c.dram("depth", "written"), 0u);
  EXPECT_EQ(c.dram("color", "written"), 64u * kTiles);
  EXPECT_EQ(c.stat("rop.compression.resolved_tiles"), uint64_t(kTiles));
  for (FrameRig* r : {&a, &b, &c}) {
    EXPECT_EQ(r->dram("depth", "read"), 0u);
    EXPECT_EQ(r->dram("color", "read"), 0u);
  }
  // 128 lines at 4 a cycle report at 31; 128 tiles at 64 a cycle at 1.
  ASSERT_EQ(a.clear_reports.size(), 1u);
  ASSERT_EQ(b.clear_reports.size(), 1u);
  EXPECT_EQ(a.clear_reports[0], 31u);
  EXPECT_EQ(b.clear_reports[0], 1u);
  // Off, the Present writes back the lines still in the caches; on, there is nothing to
  // write, or only the resolve's 64 colour tiles.
  EXPECT_EQ(end_a, 74u);
  EXPECT_EQ(end_b, 2u);
  EXPECT_EQ(end_c, 36u);
  expect_same_pixels(a, b);
  expect_same_pixels(a, c);
}

// A draw after a fast clear fills its depth lines from the tile states: no DRAM read.
// Off, the clear's lines leave the 16-line Z cache before the draw needs them again and
// are read back.
TEST(FastClear, ADrawAfterAFastClearReadsNoDepthFromDram) {
  RopConfig off = small_caches(), on = small_caches();
  on.fast_clear.enable = true;
  FrameRig a("fd_off", off), b("fd_on", on);
  for (FrameRig* r : {&a, &b}) {
    r->clear(kAll, 0xFF000000, 1.0f);
    r->draw([](int, int) { return 0.5f; }, kRed);
    r->present();
  }
  const Cycle end_a = a.run(), end_b = b.run();
  EXPECT_EQ(a.dram("depth", "read"), 64u * kTiles);
  EXPECT_EQ(b.dram("depth", "read"), 0u);
  EXPECT_EQ(b.stat("rop.compression.cleared_tile_reads"), uint64_t(kTiles));
  EXPECT_EQ(b.stat("rop.compression.bytes_read_saved"), 64u * kTiles);
  // Off, the clear's evicted lines and then the draw's; on, the draw's alone.
  EXPECT_EQ(a.dram("depth", "written"), 2u * 64u * kTiles);
  EXPECT_EQ(b.dram("depth", "written"), 64u * kTiles);
  // On, the clear takes 2 cycles instead of 32 and the draw waits for no depth line.
  EXPECT_EQ(end_a, 257u);
  EXPECT_EQ(end_b, 103u);
  expect_same_pixels(a, b);
  EXPECT_EQ(b.target().color[5], func::pack_argb(kRed));
}

// Depth compression (plane model, ratio 4): a flat plane and a sloped one write back a
// quarter of the depth bytes; a noisy depth writes them all. The first fills read plain
// tiles (the surface starts uncompressed) either way.
TEST(DepthCompression, PlanesCompressAtTheRatioNoiseDoesNot) {
  const DepthFn flat = [](int, int) { return 0.5f; };
  const DepthFn slope = [](int x, int y) { return 0.25f + float(x) / 512 + float(y) / 2048; };
  const DepthFn noise = [](int x, int y) {
    const uint32_t h = uint32_t(x) * 73856093u ^ uint32_t(y) * 19349663u;  // wraps: unsigned
    return float(h % 1000) / 1000.0f;
  };
  for (const DepthFn* f : {&flat, &slope, &noise}) {
    RopConfig off = small_caches(), on = small_caches();
    on.depth_compression.enable = true;
    FrameRig a("dc_off", off), b("dc_on", on);
    for (FrameRig* r : {&a, &b}) {
      r->draw(*f, kRed);
      r->present();
    }
    const Cycle end_a = a.run(), end_b = b.run();
    const bool compresses = f != &noise;
    EXPECT_EQ(a.dram("depth", "written"), 64u * kTiles);
    EXPECT_EQ(b.dram("depth", "written"), compresses ? 16u * kTiles : 64u * kTiles);
    EXPECT_EQ(b.stat("rop.compression.compressed_tile_writes"), compresses ? uint64_t(kTiles) : 0u);
    EXPECT_EQ(b.stat("rop.compression.bytes_written_saved"), compresses ? 48u * kTiles : 0u);
    EXPECT_EQ(a.dram("depth", "read"), 64u * kTiles);
    EXPECT_EQ(b.dram("depth", "read"), 64u * kTiles);
    EXPECT_EQ(end_a, 215u);
    EXPECT_EQ(end_b, compresses ? 209u : 215u);  // the ROP's rate bounds the frame
    expect_same_pixels(a, b);
  }
}

// Colour compression (uniform tiles, ratio 4): a one-colour frame writes a quarter of
// its colour bytes; the Present resolve then reads them back and writes them whole.
TEST(ColorCompression, OneColourTilesCompressAndThePresentResolveExpandsThem) {
  RopConfig off = small_caches(), on = small_caches(), on_resolve = small_caches();
  off.fast_clear.resolve_at_present = false;
  on.color_compression.enable = true;
  on.fast_clear.resolve_at_present = false;
  on_resolve.color_compression.enable = true;
  FrameRig a("cc_off", off), b("cc_on", on), c("cc_resolve", on_resolve);
  for (FrameRig* r : {&a, &b, &c}) {
    r->draw([](int, int) { return 0.5f; }, kRed);
    r->present();
  }
  const Cycle end_a = a.run(), end_b = b.run(), end_c = c.run();
  EXPECT_EQ(a.dram("color", "written"), 64u * kTiles);
  EXPECT_EQ(b.dram("color", "written"), 16u * kTiles);
  EXPECT_EQ(c.dram("color", "written"), 16u * kTiles + 64u * kTiles);
  EXPECT_EQ(c.dram("color", "read"), 16u * kTiles);
  // Compressed write-backs take less of the DRAM's time; the resolve adds its pass.
  EXPECT_EQ(end_a, 215u);
  EXPECT_EQ(end_b, 209u);
  EXPECT_EQ(end_c, 273u);
  expect_same_pixels(a, b);
  expect_same_pixels(a, c);
}

// 4x MSAA: tiles of 256 bytes, four 64-byte lines each; the architect's checks at the
// ROP. The Z and colour caches (16 KiB, 256 lines) hold the whole 4x surface, so every tile
// is written back once, at Present, whole: a line written back while quads of its tile
// are still in flight would see the tile as the functional surface holds it then, part
// old and part new (docs/units/rop.md), which a 1 KiB cache makes frequent.
// Off, a 4x clear writes four times the 1x lines; with fast clear it writes none.
TEST(Msaa4x, FastClearRemovesTheClearsWrites) {
  RopConfig off = whole_surface_caches(), on = whole_surface_caches();
  off.fast_clear.resolve_at_present = false;
  on.fast_clear.enable = true;
  on.fast_clear.resolve_at_present = false;
  FrameRig a("m_fc_off", off, 4), b("m_fc_on", on, 4);
  for (FrameRig* r : {&a, &b}) {
    r->clear(kAll, 0xFF204060, 0.75f);
    r->present();
  }
  const Cycle end_a = a.run(), end_b = b.run();
  EXPECT_EQ(a.stat("rop.clear_lines"), 2u * 4u * kTiles);
  EXPECT_EQ(a.dram("depth", "written"), 256u * kTiles);
  EXPECT_EQ(a.dram("color", "written"), 256u * kTiles);
  EXPECT_EQ(b.stat("rop.clear_lines"), 0u);
  EXPECT_EQ(b.stat("rop.fast_cleared_tiles"), 2u * kTiles);
  EXPECT_EQ(b.dram("depth", "written"), 0u);
  EXPECT_EQ(b.dram("color", "written"), 0u);
  // 512 lines at 4 a cycle report at 127; 128 tiles at 64 a cycle at 1.
  EXPECT_EQ(a.clear_reports.at(0), 127u);
  EXPECT_EQ(b.clear_reports.at(0), 1u);
  EXPECT_EQ(end_a, 274u);  // the Present writes back 2 x 256 lines
  EXPECT_EQ(end_b, 2u);
  expect_same_pixels(a, b);
}

// The architect's check at the ROP: 4x multiplies the depth bytes by 4 without
// compression (16,384 written instead of 4,096), and with the plane model a fully covered
// 4x tile costs what a 1x tile does (16 bytes: 4 a line), 1,024 bytes at 1x and 4x. The
// fast clear before the draw answers its fills, so nothing is read.
TEST(Msaa4x, DepthPlanesCostTheBytesOfOneSample) {
  const DepthFn slope = [](int x, int y) { return 0.25f + float(x) / 512 + float(y) / 2048; };
  RopConfig off = whole_surface_caches(), on = whole_surface_caches();
  off.fast_clear.resolve_at_present = on.fast_clear.resolve_at_present = false;
  on.fast_clear.enable = true;
  on.depth_compression.enable = true;
  FrameRig off1("m_dc_off1", off, 1), on1("m_dc_on1", on, 1), off4("m_dc_off4", off, 4),
      on4("m_dc_on4", on, 4);
  for (FrameRig* r : {&off1, &on1, &off4, &on4}) {
    r->clear(api::ClearZBuffer | api::ClearStencil, 0, 1.0f);
    r->draw(slope, kRed);
    r->present();
  }
  const Cycle end[] = {off1.run(), on1.run(), off4.run(), on4.run()};
  EXPECT_EQ(off1.dram("depth", "written"), 64u * kTiles);   // the clear's lines, redrawn
  EXPECT_EQ(off4.dram("depth", "written"), 256u * kTiles);  // 4 x
  EXPECT_EQ(on1.dram("depth", "written"), 16u * kTiles);
  EXPECT_EQ(on4.dram("depth", "written"), 16u * kTiles);  // the 1x bytes
  for (FrameRig* r : {&off1, &on1, &off4, &on4}) EXPECT_EQ(r->dram("depth", "read"), 0u);
  EXPECT_EQ(on4.stat("rop.compression.compressed_tile_writes"), 4u * kTiles);  // lines
  EXPECT_EQ(on4.stat("rop.compression.cleared_tile_reads"), 4u * kTiles);
  // On, no clear lines (16 and 64 cycles' worth off) and fewer bytes at Present.
  EXPECT_EQ(end[0], 133u);
  EXPECT_EQ(end[1], 114u);
  EXPECT_EQ(end[2], 469u);
  EXPECT_EQ(end[3], 378u);
  expect_same_pixels(off1, on1);
  expect_same_pixels(off4, on4);
}

// Interior against edge tiles at 4x: a sloped full-screen draw with a colour per pixel,
// then a nearer flat draw covering samples 0 and 1 of the pixels of the left tile column
// (x < 4) in blue. Its 8 tiles then hold two planes and split pixels: plain (256 bytes).
// The 56 others hold one plane (16 bytes) and pixels of equal samples, which the samples
// colour model packs into 16 x 4 + 2 = 66 bytes (17 a line, 68 a tile).
TEST(Msaa4x, InteriorTilesCompressEdgeTilesStayPlain) {
  const DepthFn slope = [](int x, int y) { return 0.25f + float(x) / 512 + float(y) / 2048; };
  const ColorFn shade = [](int x, int y) { return func::Vec4{float(x) / 32, float(y) / 32, 0, 1}; };
  RopConfig off = whole_surface_caches(), on = whole_surface_caches();
  off.fast_clear.resolve_at_present = on.fast_clear.resolve_at_present = false;
  on.depth_compression.enable = true;
  on.color_compression.enable = true;
  on.color_compression.model = "samples";
  FrameRig a("m_edge_off", off, 4), b("m_edge_on", on, 4);
  for (FrameRig* r : {&a, &b}) {
    r->draw(slope, shade);
    const ColorFn blue = [](int, int) { return func::Vec4{0, 0, 1, 1}; };
    r->draw([](int, int) { return 0.1f; }, blue,
            [](int x, int) { return uint8_t(x < 4 ? 0x3 : 0); });
    r->present();
  }
  const Cycle end_a = a.run(), end_b = b.run();
  EXPECT_EQ(a.dram("depth", "written"), 256u * kTiles);
  EXPECT_EQ(b.dram("depth", "written"), 56u * 16u + 8u * 256u);
  EXPECT_EQ(a.dram("color", "written"), 256u * kTiles);
  EXPECT_EQ(b.dram("color", "written"), 56u * 68u + 8u * 256u);
  EXPECT_EQ(b.stat("rop.compression.compressed_tile_writes"), 2u * 56u * 4u);  // lines
  EXPECT_EQ(b.stat("rop.compression.plain_tile_writes"), 2u * 8u * 4u);
  // The surface starts plain (no clear): the first fills read every tile whole.
  EXPECT_EQ(a.dram("depth", "read"), 256u * kTiles);
  EXPECT_EQ(b.dram("depth", "read"), 256u * kTiles);
  // The ROP's sample rate bounds the frame; the smaller write-back does not show.
  EXPECT_EQ(end_a, 746u);
  EXPECT_EQ(end_b, 746u);
  expect_same_pixels(a, b);
}

}  // namespace
}  // namespace gfx::rop
