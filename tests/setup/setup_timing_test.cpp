// Setup alone: primitives go into its input queue with their vertices already in the
// vertex store, the test plays the rasterizer by popping triangle_queue every cycle and
// records the cycle each triangle and marker comes out. The expected cycles follow the
// unit's rule (model/setup/setup_unit.h, docs/units/setup.md): a primitive pushed in cycle
// t is popped at t + input latency; setup handles triangles_per_cycle primitives a cycle
// (a culled one still takes its slot) and pushes the set-up triangle the cycle it pops the
// primitive; the rasterizer can pop it triangle_queue.latency cycles later.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "pipe/items.h"
#include "pipe/marker.h"
#include "pipe/vertex_store.h"
#include "setup/setup_unit.h"
#include "stats/registry.h"

namespace gfx::setup {
namespace {

constexpr float kW = 16, kH = 16;  // viewport

// Clip-space vertex at screen position (sx, sy) of the kW x kH viewport.
func::ShadedVertex at_screen(float sx, float sy) {
  func::ShadedVertex v;
  v.pos = {2.0f * sx / kW - 1.0f, 1.0f - 2.0f * sy / kH, 0.5f, 1.0f};
  return v;
}

struct Out {
  Cycle cycle;
  bool marker;
  int tag;  // a marker's warps_before (used as a tag), a triangle's primitive id
};

class Rig {
 public:
  explicit Rig(const std::string& name, const SetupConfig& cfg, api::Cull cull = api::Cull::Ccw)
      : prims_("prims", sim::QueueConfig{16, 4, 1}),
        tris_("tris", cfg.triangle_queue),
        store_(64),
        setup_(name.c_str(), cfg, prims_, tris_, store_),
        root_("") {
    auto ctx = std::make_shared<func::DrawContext>();
    ctx->raster.viewport.width = uint32_t(kW);
    ctx->raster.viewport.height = uint32_t(kH);
    ctx->raster.api = api::DrawApi::D3D10;
    ctx->raster.cull = cull;
    ctx->raster.clip_x1 = int(kW);
    ctx->raster.clip_y1 = int(kH);
    draw_ = std::make_shared<pipe::DrawState>();
    draw_->ctx = ctx;
    setup_.register_stats(root_.child("setup"));
  }

  // A triangle of three new store entries, ready from cycle `ready`, pushed in cycle `at`.
  void triangle(Cycle at, func::ShadedVertex a, func::ShadedVertex b, func::ShadedVertex c,
                uint32_t id, Cycle ready = 0) {
    pipe::PrimitiveItem p;
    p.draw = draw_;
    p.primitive_id = id;
    for (int k = 0; k < 3; ++k) {
      p.seq[k] = store_.allocate();
      store_.at(p.seq[k]) = k == 0 ? a : k == 1 ? b : c;
      store_.set_ready(p.seq[k], ready);
    }
    p.oldest_live = p.seq[0];
    prims_.push(at, std::move(p));
  }
  void marker(int tag) {
    pipe::Marker m;
    m.warps_before = uint64_t(tag);
    prims_.push_marker(std::move(m));
  }

  // Steps setup in cycles `from`..`to` and drains its output each cycle after it.
  void run(Cycle from, Cycle to) {
    for (Cycle c = from; c <= to; ++c) {
      setup_.step(c);
      for (;;) {
        if (tris_.marker_ready()) {
          out.push_back({c, true, int(tris_.pop_marker().warps_before)});
        } else if (tris_.can_pop(c)) {
          out.push_back({c, false, int(tris_.pop(c).tri->primitive_id)});
        } else {
          break;
        }
      }
    }
  }

  double stat(const std::string& name) const {
    std::map<std::string, double> m;
    root_.flatten(m);
    auto it = m.find("setup." + name);
    return it == m.end() ? -1.0 : it->second;
  }

  SetupUnit& unit() { return setup_; }
  pipe::Queue<pipe::TriangleItem>& output() { return tris_; }
  std::vector<Out> out;

 private:
  pipe::Queue<pipe::PrimitiveItem> prims_;
  pipe::Queue<pipe::TriangleItem> tris_;
  pipe::VertexStore store_;
  SetupUnit setup_;
  stats::Group root_;
  pipe::DrawRef draw_;
};

// Clockwise on screen (y down): front-facing, kept by the default CCW culling.
void front(Rig& r, Cycle at, uint32_t id, Cycle ready = 0) {
  r.triangle(at, at_screen(1, 1), at_screen(9, 1), at_screen(1, 9), id, ready);
}
// The same corners counter-clockwise: back-facing.
void back(Rig& r, Cycle at, uint32_t id) {
  r.triangle(at, at_screen(1, 1), at_screen(1, 9), at_screen(9, 1), id);
}

SetupConfig config(uint32_t per_cycle, uint32_t width, uint32_t latency) {
  SetupConfig c;
  c.triangles_per_cycle = per_cycle;
  c.triangle_queue = {32, width, latency};
  return c;
}

TEST(SetupTiming, TriangleArrivesAfterInputLatencyPlusSetupLatency) {
  Rig r("setup_one", config(1, 1, 10));
  front(r, 0, 7);
  r.run(0, 30);
  // Pushed at 0, popped and set up at 0 + 1 (input latency), out at 1 + 10.
  ASSERT_EQ(r.out.size(), 1u);
  EXPECT_EQ(r.out[0].cycle, 11u);
  EXPECT_FALSE(r.out[0].marker);
  EXPECT_EQ(r.out[0].tag, 7);
  EXPECT_EQ(r.stat("primitives"), 1.0);
  EXPECT_EQ(r.stat("triangles"), 1.0);
  EXPECT_EQ(r.stat("culled"), 0.0);
  EXPECT_EQ(r.stat("clipped"), 0.0);
  // Busy in cycle 1 only (in cycle 0 the primitive is still in the input's latency).
  EXPECT_EQ(r.unit().cycles(sim::Activity::Busy), 1u);
}

TEST(SetupTiming, OneTrianglePerCycleSpacesTheOutputByOneCycle) {
  Rig r("setup_rate1", config(1, 1, 10));
  for (uint32_t i = 0; i < 4; ++i) front(r, 0, i);  // all four arrive at cycle 1
  r.run(0, 30);
  // One primitive a cycle from cycle 1: pushed at 1, 2, 3, 4, out at 11..14.
  ASSERT_EQ(r.out.size(), 4u);
  for (uint32_t i = 0; i < 4; ++i) {
    EXPECT_EQ(r.out[i].cycle, 11u + i) << i;
    EXPECT_EQ(r.out[i].tag, int(i));
  }
  EXPECT_EQ(r.unit().cycles(sim::Activity::Busy), 4u);
}

TEST(SetupTiming, TwoTrianglesPerCycleHalveTheSpacing) {
  Rig r("setup_rate2", config(2, 2, 10));
  for (uint32_t i = 0; i < 4; ++i) front(r, 0, i);
  r.run(0, 30);
  // Two a cycle (the output queue's width is 2): pushed 1, 1, 2, 2, out at 11, 11, 12, 12.
  ASSERT_EQ(r.out.size(), 4u);
  const Cycle want[4] = {11, 11, 12, 12};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(r.out[i].cycle, want[i]) << i;
}

TEST(SetupTiming, OutputWidthBoundsTheRate) {
  // Two set up a cycle but a one-wide output: the second triangle of each cycle waits for
  // the next cycle's push, so the output is one a cycle (11..14) and setup stalls on output
  // in no cycle (the staged triangle goes first in the next cycle, which is busy).
  Rig r("setup_width", config(2, 1, 10));
  for (uint32_t i = 0; i < 4; ++i) front(r, 0, i);
  r.run(0, 30);
  ASSERT_EQ(r.out.size(), 4u);
  for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(r.out[i].cycle, 11u + i) << i;
}

TEST(SetupTiming, BackFacingTriangleIsCulledAndStillTakesItsSlot) {
  Rig r("setup_cull", config(1, 1, 10));
  back(r, 0, 0);
  front(r, 0, 1);
  r.run(0, 30);
  // Cycle 1: the back-facing primitive uses the cycle's one slot and makes nothing;
  // cycle 2: the front-facing one is pushed, out at 12.
  ASSERT_EQ(r.out.size(), 1u);
  EXPECT_EQ(r.out[0].cycle, 12u);
  EXPECT_EQ(r.out[0].tag, 1);
  EXPECT_EQ(r.stat("primitives"), 2.0);
  EXPECT_EQ(r.stat("triangles"), 1.0);
  EXPECT_EQ(r.stat("culled"), 1.0);
  EXPECT_EQ(r.output().config().latency, 10u);
}

TEST(SetupTiming, WithoutCullingTheBackFacingTriangleIsSetUp) {
  Rig r("setup_nocull", config(1, 1, 10), api::Cull::None);
  back(r, 0, 0);
  r.run(0, 30);
  ASSERT_EQ(r.out.size(), 1u);
  EXPECT_EQ(r.out[0].cycle, 11u);
  EXPECT_EQ(r.stat("culled"), 0.0);
}

TEST(SetupTiming, ZeroAreaTriangleIsCulledEvenWithCullingOff) {
  Rig r("setup_zero", config(1, 1, 10), api::Cull::None);
  r.triangle(0, at_screen(1, 1), at_screen(5, 5), at_screen(9, 9), 0);  // on one line
  front(r, 0, 1);
  r.run(0, 30);
  ASSERT_EQ(r.out.size(), 1u);
  EXPECT_EQ(r.out[0].cycle, 12u);  // behind the zero-area primitive's slot at cycle 1
  EXPECT_EQ(r.stat("culled"), 1.0);
  EXPECT_EQ(r.stat("triangles"), 1.0);
}

TEST(SetupTiming, MarkersLeaveBehindTheTrianglesBeforeThemInOrder) {
  Rig r("setup_markers", config(1, 1, 10));
  r.marker(100);  // nothing before it: forwarded in setup's first tick
  front(r, 0, 0);
  r.marker(101);
  back(r, 0, 1);  // culled: the marker behind it waits for nothing more
  r.marker(102);
  front(r, 0, 2);
  r.marker(103);
  r.run(0, 30);
  // 100 at cycle 0. Triangle 0 is pushed at 1 (out 11) and marker 101 right behind it;
  // the culled primitive takes cycle 2, so 102 sits behind triangle 0 too; triangle 2 is
  // pushed at 3 (out 13), then 103. A marker is taken the cycle the item before it is.
  const std::vector<Out> want = {{0, true, 100},  {11, false, 0}, {11, true, 101},
                                 {11, true, 102}, {13, false, 2}, {13, true, 103}};
  ASSERT_EQ(r.out.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(r.out[i].cycle, want[i].cycle) << i;
    EXPECT_EQ(r.out[i].marker, want[i].marker) << i;
    EXPECT_EQ(r.out[i].tag, want[i].tag) << i;
  }
  EXPECT_EQ(r.output().markers(), 0u);
}

TEST(SetupTiming, PrimitiveWaitsForItsVerticesAndWakesWhenTheyAreReady) {
  Rig r("setup_wait", config(1, 1, 10));
  front(r, 0, 0, /*ready=*/5);
  r.run(0, 1);
  // At cycle 1 the primitive has arrived but its vertices become valid at 5: setup asks to
  // be woken then, and counts the cycle it waited.
  EXPECT_EQ(r.unit().next_wake(1), 5u);
  EXPECT_EQ(r.stat("vertex_waits"), 1.0);
  r.run(5, 30);
  ASSERT_EQ(r.out.size(), 1u);
  EXPECT_EQ(r.out[0].cycle, 15u);  // set up at 5, out at 5 + 10
  EXPECT_EQ(r.stat("vertex_waits"), 1.0);
}

}  // namespace
}  // namespace gfx::setup
