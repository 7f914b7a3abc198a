// Pre-transformed (XYZRHW) vertices: the clip-space position the model derives lands on
// exactly the given screen position and depth, whatever the viewport, with w = 1 / rhw.
#include "func/geom/pretransformed.h"

#include <gtest/gtest.h>

#include <vector>

#include "func/geom/setup.h"
#include "geom_test_util.h"

namespace gfx::func {
namespace {

ShadedVertex rhw(float x, float y, float z, float r, const api::Viewport& vp) {
  ShadedVertex v;
  v.pos = pretransformed_to_clip(Vec4{x, y, z, r}, vp);
  return v;
}

TEST(Pretransformed, ClipPositionIsTheInverseViewport) {
  api::Viewport vp;
  vp.x = 8;
  vp.y = 4;
  vp.width = 16;
  vp.height = 8;
  vp.min_z = 0.25f;
  vp.max_z = 0.75f;
  const Vec4 c = pretransformed_to_clip(Vec4{8.0f, 8.0f, 0.5f, 0.5f}, vp);
  EXPECT_EQ(c.w, 2.0f);   // w = 1 / rhw
  EXPECT_EQ(c.x, -2.0f);  // left edge of the viewport: ndc -1
  EXPECT_EQ(c.y, 0.0f);   // its middle row: ndc 0
  EXPECT_EQ(c.z, 1.0f);   // z 0.5 in MinZ..MaxZ 0.25..0.75: ndc 0.5, times w
}

TEST(Pretransformed, IntegerScreenPositionsArePixelCentres) {
  // D3D9: a rectangle with corners on the pixel centres (0, 0) .. (4, 2) covers columns
  // 0..3 and rows 0..1 (top-left rule), even through an offset viewport.
  RasterParams p = test::params(8, 8, api::DrawApi::D3D9, api::Cull::None);
  p.viewport.x = 3;
  p.viewport.y = 1;
  p.viewport.width = 5;
  p.viewport.height = 7;
  p.clip_x0 = 0;
  p.clip_y0 = 0;
  const api::Viewport vp = p.viewport;
  std::vector<int> hits(64);  // cover() indexes them by the viewport's width, 5
  ASSERT_TRUE(
      test::cover(rhw(0, 0, 0.5f, 1, vp), rhw(4, 0, 0.5f, 1, vp), rhw(0, 2, 0.5f, 1, vp), p, hits));
  ASSERT_TRUE(
      test::cover(rhw(0, 2, 0.5f, 1, vp), rhw(4, 0, 0.5f, 1, vp), rhw(4, 2, 0.5f, 1, vp), p, hits));
  for (int y = 0; y < 7; ++y)
    for (int x = 0; x < 5; ++x) EXPECT_EQ(hits[y * 5 + x], x < 4 && y < 2 ? 1 : 0) << x << "," << y;
}

TEST(Pretransformed, DepthIsGivenAndOneOverRhwIsW) {
  RasterParams p = test::params(8, 8, api::DrawApi::D3D9, api::Cull::None);
  TriangleSetup t;
  ASSERT_TRUE(setup_triangle(rhw(0, 0, 0.125f, 1, p.viewport), rhw(8, 0, 0.25f, 0.5f, p.viewport),
                             rhw(0, 8, 0.75f, 0.25f, p.viewport), p, 0, t));
  EXPECT_EQ(t.z0, 0.125f);
  EXPECT_EQ(t.dz1, 0.125f);
  EXPECT_EQ(t.dz2, 0.625f);
  EXPECT_EQ(t.iw[0], 1.0f);
  EXPECT_EQ(t.iw[1], 0.5f);
  EXPECT_EQ(t.iw[2], 0.25f);
}

}  // namespace
}  // namespace gfx::func
