// Points and lines through clip, setup and the rasterizer (func/geom/point_line.h): a point
// lights exactly its pixel, a line one pixel per column of its major axis over the half-open
// range of its end points; both are front-facing, never culled, and carry the PrimitiveID.
#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

#include "func/pipeline/stages.h"

namespace gfx::func {
namespace {

using Pixels = std::set<std::pair<int, int>>;

struct Fixture {
  DrawContext d;
  Fixture(api::DrawApi a = api::DrawApi::D3D10) {
    d.api = a;
    d.raster.api = a;
    d.raster.viewport = {0, 0, 8, 8, 0.0f, 1.0f};
    d.raster.cull = api::Cull::Ccw;  // must not cull points or lines
    d.raster.clip_x1 = d.raster.clip_y1 = 8;
  }
  // A vertex at screen position (sx, sy) in D3D10 pixel units (pixel centres at .5).
  static ShadedVertex at(float sx, float sy) {
    ShadedVertex v{};
    v.pos = {sx / 8.0f * 2.0f - 1.0f, 1.0f - sy / 8.0f * 2.0f, 0.5f, 1.0f};
    return v;
  }
  Pixels draw(std::vector<ShadedVertex> v, uint32_t id, bool* all_front = nullptr) {
    const ShadedVertex* p[3] = {&v[0], &v[v.size() > 1 ? 1 : 0], &v[0]};
    std::vector<std::shared_ptr<const TriangleSetup>> tris;
    process_primitive(d, p, int(v.size()), id, tris);
    Pixels px;
    std::vector<Quad> quads;
    if (all_front) *all_front = true;
    for (auto& t : tris) {
      EXPECT_EQ(t->primitive_id, id);
      if (all_front) *all_front = *all_front && t->front_facing;
      quads.clear();
      rasterize(*t, quads);
      for (const Quad& q : quads)
        for (int i = 0; i < 4; ++i)
          if (q.mask >> i & 1) {
            EXPECT_TRUE(px.insert({q.x + (i & 1), q.y + (i >> 1)}).second);
          }
    }
    return px;
  }
};

TEST(PointLine, PointLightsExactlyItsPixel) {
  Fixture f;
  bool front = false;
  EXPECT_EQ(f.draw({Fixture::at(3.5f, 5.5f)}, 7, &front), (Pixels{{3, 5}}));
  EXPECT_TRUE(front);
  EXPECT_EQ(f.draw({Fixture::at(3.9f, 5.1f)}, 0), (Pixels{{3, 5}}));
  // On the boundary between pixels the top-left rule picks one: sample 4.5 lies on the
  // square's right edge [3.5, 4.5), so pixel 3 wins.
  EXPECT_EQ(f.draw({Fixture::at(4.0f, 6.0f)}, 0), (Pixels{{3, 5}}));
}

TEST(PointLine, D3D9PointUsesIntegerCentres) {
  Fixture f(api::DrawApi::D3D9);
  // D3D9 pixel 3's centre is x = 3.0: a point there lights pixel (3, 5).
  EXPECT_EQ(f.draw({Fixture::at(3.0f, 5.0f)}, 0), (Pixels{{3, 5}}));
}

TEST(PointLine, XMajorLineOnePixelPerColumnHalfOpen) {
  Fixture f;
  bool front = false;
  EXPECT_EQ(f.draw({Fixture::at(1.5f, 2.5f), Fixture::at(6.5f, 4.5f)}, 3, &front),
            (Pixels{{1, 2}, {2, 2}, {3, 3}, {4, 3}, {5, 4}}));
  EXPECT_TRUE(front);
  // Reversed direction: same columns (the range is [min, max) whatever the direction).
  EXPECT_EQ(f.draw({Fixture::at(6.5f, 4.5f), Fixture::at(1.5f, 2.5f)}, 3),
            (Pixels{{1, 2}, {2, 2}, {3, 3}, {4, 3}, {5, 4}}));
}

TEST(PointLine, YMajorLineOnePixelPerRow) {
  Fixture f;
  EXPECT_EQ(f.draw({Fixture::at(2.5f, 0.5f), Fixture::at(2.5f, 4.5f)}, 0),
            (Pixels{{2, 0}, {2, 1}, {2, 2}, {2, 3}}));
}

TEST(PointLine, PointOutsideTheViewVolumeIsDropped) {
  Fixture f;
  ShadedVertex v = Fixture::at(3.5f, 3.5f);
  v.pos.z = -1.0f;  // in front of the near plane
  EXPECT_TRUE(f.draw({v}, 0).empty());
}

}  // namespace
}  // namespace gfx::func
