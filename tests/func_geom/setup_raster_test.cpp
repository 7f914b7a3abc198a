#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "func/geom/rasterize.h"
#include "func/geom/setup.h"
#include "geom_test_util.h"

namespace gfx::func {
namespace {

using api::Cull;
using api::DrawApi;
using test::at_screen;
using test::cover;
using test::params;

// Pixels (x, y) with hits == 1, row-major; every other pixel must have 0 hits.
std::vector<std::pair<int, int>> covered(const std::vector<int>& hits, int W) {
  std::vector<std::pair<int, int>> r;
  for (size_t i = 0; i < hits.size(); ++i) {
    EXPECT_LE(hits[i], 1) << "pixel " << i % W << "," << i / W;
    if (hits[i]) r.push_back({int(i % W), int(i / W)});
  }
  return r;
}

TEST(SetupRaster, D3D9ExampleIntegerCentres) {
  // Reference §5.2: (0,0),(5,0),(5,5) and (0,5),(0,0),(5,5) get 15 and 10 pixels.
  const RasterParams p = params(8, 8, DrawApi::D3D9, Cull::None);
  std::vector<int> h1(64), h2(64);
  ASSERT_TRUE(cover(at_screen(0, 0, 8, 8), at_screen(5, 0, 8, 8), at_screen(5, 5, 8, 8), p, h1));
  ASSERT_TRUE(cover(at_screen(0, 5, 8, 8), at_screen(0, 0, 8, 8), at_screen(5, 5, 8, 8), p, h2));
  std::vector<std::pair<int, int>> want1, want2;
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) (y <= x ? want1 : want2).push_back({x, y});
  EXPECT_EQ(covered(h1, 8), want1);
  EXPECT_EQ(covered(h2, 8), want2);
  EXPECT_EQ(want1.size(), 15u);
  EXPECT_EQ(want2.size(), 10u);
}

TEST(SetupRaster, TopLeftRuleOnSamplesExactlyOnEdges) {
  // D3D10 centres: vertices on sample points, so every edge passes through samples.
  const RasterParams p = params(8, 8, DrawApi::D3D10, Cull::None);
  std::vector<int> upper(64), lower(64);
  // Top edge y = 0.5 and left edge x = 0.5 include their samples; the diagonal (a right
  // edge here) does not.
  ASSERT_TRUE(cover(at_screen(0.5f, 0.5f, 8, 8), at_screen(4.5f, 0.5f, 8, 8),
                    at_screen(0.5f, 4.5f, 8, 8), p, upper));
  // Its mirror: the diagonal is a left edge (included), x = 4.5 is right and y = 4.5 is
  // bottom (excluded).
  ASSERT_TRUE(cover(at_screen(4.5f, 0.5f, 8, 8), at_screen(4.5f, 4.5f, 8, 8),
                    at_screen(0.5f, 4.5f, 8, 8), p, lower));
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      EXPECT_EQ(upper[y * 8 + x], x < 4 && y < 4 && x + y < 4 ? 1 : 0) << x << "," << y;
      EXPECT_EQ(lower[y * 8 + x], x < 4 && y < 4 && x + y >= 4 ? 1 : 0) << x << "," << y;
    }
}

TEST(SetupRaster, SnappingRoundsHalfSubpixelToEven) {
  const RasterParams p = params(8, 8, DrawApi::D3D10, Cull::None);
  // A left edge at x = 0.5 + 1/512 px snaps to 0.5 (128.5 -> 128, even): the samples of
  // column 0 lie on it and are covered. At 0.5 + 3/512 it snaps to 130/256: not covered.
  for (int k : {1, 3}) {
    const float L = 0.5f + k / 512.0f;
    std::vector<int> h(64);
    ASSERT_TRUE(cover(at_screen(L, 0, 8, 8), at_screen(4, 0, 8, 8), at_screen(L, 4, 8, 8), p, h));
    EXPECT_EQ(h[1 * 8 + 0], k == 1 ? 1 : 0) << "k=" << k;
  }
}

TEST(SetupRaster, FanSharingACentreCoversASquareExactlyOnce) {
  const float W = 16, H = 16;
  const RasterParams p = params(16, 16, DrawApi::D3D10, Cull::None);
  // Centre on a sample point; ring (clockwise on screen) with edges through samples,
  // horizontal and vertical spokes, and odd slopes.
  const ShadedVertex centre = at_screen(7.5f, 7.5f, W, H);
  const float ring[][2] = {{0, 0},   {7.5f, 0},   {11, 0},    {16, 0}, {16, 5.5f}, {16, 7.5f},
                           {16, 16}, {9.25f, 16}, {7.5f, 16}, {0, 16}, {0, 7.5f},  {0, 3.3f}};
  const int n = sizeof ring / sizeof ring[0];
  std::vector<int> hits(256);
  for (int i = 0; i < n; ++i) {
    const auto& r0 = ring[i];
    const auto& r1 = ring[(i + 1) % n];
    ASSERT_TRUE(
        cover(centre, at_screen(r0[0], r0[1], W, H), at_screen(r1[0], r1[1], W, H), p, hits));
  }
  for (int i = 0; i < 256; ++i) EXPECT_EQ(hits[i], 1) << "pixel " << i % 16 << "," << i / 16;
}

TEST(SetupRaster, CullingByWinding) {
  // (0,0) -> (5,0) -> (5,5) is clockwise on a y-down screen: D3D's front face.
  const ShadedVertex a = at_screen(0, 0, 8, 8), b = at_screen(5, 0, 8, 8),
                     c = at_screen(5, 5, 8, 8);
  TriangleSetup t;
  RasterParams p = params(8, 8, DrawApi::D3D9, Cull::Ccw);
  ASSERT_TRUE(setup_triangle(a, b, c, p, 0, t));
  EXPECT_TRUE(t.front_facing);
  EXPECT_FALSE(setup_triangle(a, c, b, p, 0, t));  // counter-clockwise: culled
  p.cull = Cull::Cw;
  EXPECT_FALSE(setup_triangle(a, b, c, p, 0, t));
  ASSERT_TRUE(setup_triangle(a, c, b, p, 0, t));
  EXPECT_FALSE(t.front_facing);
  p.cull = Cull::None;
  EXPECT_TRUE(setup_triangle(a, b, c, p, 0, t));
  EXPECT_TRUE(setup_triangle(a, c, b, p, 0, t));
  // Collinear after snapping: zero area, dropped whatever the cull mode.
  EXPECT_FALSE(setup_triangle(a, b, at_screen(2.5f, 0.001f, 8, 8), p, 0, t));
}

TEST(SetupRaster, ClipRectLimitsCoverage) {
  RasterParams p = params(8, 8, DrawApi::D3D10, Cull::None);
  p.clip_x0 = 2;
  p.clip_y0 = 1;
  p.clip_x1 = 5;
  p.clip_y1 = 3;
  std::vector<int> h(64);
  // Two triangles covering the whole target.
  ASSERT_TRUE(cover(at_screen(0, 0, 8, 8), at_screen(8, 0, 8, 8), at_screen(0, 8, 8, 8), p, h));
  ASSERT_TRUE(cover(at_screen(8, 0, 8, 8), at_screen(8, 8, 8, 8), at_screen(0, 8, 8, 8), p, h));
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x)
      EXPECT_EQ(h[y * 8 + x], x >= 2 && x < 5 && y >= 1 && y < 3 ? 1 : 0) << x << "," << y;
  p.clip_x0 = 6;  // empty rect
  p.clip_x1 = 6;
  TriangleSetup t;
  EXPECT_FALSE(
      setup_triangle(at_screen(0, 0, 8, 8), at_screen(8, 0, 8, 8), at_screen(0, 8, 8, 8), p, 0, t));
}

TEST(SetupRaster, TraversalOrderAndMasksMatchPerPixelTest) {
  // Pseudo-random triangles over a 64x48 target with an odd clip rect.
  RasterParams p = params(64, 48, DrawApi::D3D10, Cull::None);
  p.clip_x0 = 3;
  p.clip_y0 = 5;
  p.clip_x1 = 61;
  p.clip_y1 = 47;
  uint32_t seed = 12345;
  auto rnd = [&seed](float lo, float hi) {
    seed = seed * 1664525u + 1013904223u;
    return lo + (hi - lo) * float(seed >> 8) / float(1u << 24);
  };
  std::vector<Quad> quads;
  for (int tri = 0; tri < 50; ++tri) {
    const ShadedVertex a = at_screen(rnd(-10, 74), rnd(-10, 58), 64, 48);
    const ShadedVertex b = at_screen(rnd(-10, 74), rnd(-10, 58), 64, 48);
    const ShadedVertex c = at_screen(rnd(-10, 74), rnd(-10, 58), 64, 48);
    TriangleSetup t;
    if (!setup_triangle(a, b, c, p, 0, t)) continue;
    quads.clear();
    rasterize(t, quads);
    std::vector<int> seen(64 * 48);
    long prev_key = -1;
    for (const Quad& q : quads) {
      ASSERT_EQ(q.x % 2, 0);
      ASSERT_EQ(q.y % 2, 0);
      ASSERT_NE(q.mask, 0);
      // Order key: tile row, tile column, quad row, quad column.
      const long key = ((long(q.y / 8) * 100 + q.x / 8) * 100 + (q.y % 8)) * 100 + q.x % 8;
      EXPECT_GT(key, prev_key);
      prev_key = key;
      for (int i = 0; i < 4; ++i)
        if (q.mask & (1 << i)) ++seen[(q.y + (i >> 1)) * 64 + q.x + (i & 1)];
    }
    for (int y = 0; y < 48; ++y)
      for (int x = 0; x < 64; ++x) {
        const int64_t X = x * 256 + 128, Y = y * 256 + 128;
        bool in = x >= p.clip_x0 && x < p.clip_x1 && y >= p.clip_y0 && y < p.clip_y1;
        for (int k = 0; k < 3; ++k) in = in && t.a[k] * X + t.b[k] * Y + t.c[k] >= t.bias[k];
        ASSERT_EQ(seen[y * 64 + x], in ? 1 : 0) << "triangle " << tri << " pixel " << x << "," << y;
      }
  }
}

}  // namespace
}  // namespace gfx::func
