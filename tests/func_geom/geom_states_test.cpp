// The geometry and rasterizer states of issue 12 at the functional level: user clip planes
// (world space to clip space, clipping), D3DRS_CLIPPING, depth bias and its slope.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "func/geom/clip.h"
#include "func/geom/point_line.h"
#include "func/geom/setup.h"
#include "func/geom/user_clip.h"
#include "geom_test_util.h"

namespace gfx::func {
namespace {

ShadedVertex at(Vec4 p) {
  ShadedVertex v;
  v.pos = p;
  return v;
}

TEST(UserClipPlanes, WorldPlanesReachClipSpaceThroughViewProjection) {
  // View moves x by +0.5 and Projection scales it by 2: world x = 0 is clip x = 1, so the
  // world plane x >= 0 is the clip plane (x - w) / 2 >= 0.
  api::Matrix4 view = api::identity_matrix(), proj = api::identity_matrix();
  view[12] = 0.5f;
  proj[0] = 2.0f;
  std::array<std::array<float, 4>, api::kMaxClipPlanes> planes{};
  planes[1] = {1, 0, 0, 0};
  planes[3] = {0, 1, 0, -0.25f};
  ClipPlanes cp;
  ASSERT_TRUE(user_clip_planes(planes, 0x2, &view, &proj, cp));
  ASSERT_EQ(cp.num_user, 1);
  EXPECT_EQ(cp.user[0], (Vec4{0.5f, 0, 0, -0.5f}));
  // A vertex shader's planes are clip-space already; bits pick them in index order.
  ASSERT_TRUE(user_clip_planes(planes, 0xA, nullptr, nullptr, cp));
  ASSERT_EQ(cp.num_user, 2);
  EXPECT_EQ(cp.user[1], (Vec4{0, 1, 0, -0.25f}));
  // A singular View * Projection has no clip-space form.
  proj[0] = 0.0f;
  EXPECT_FALSE(user_clip_planes(planes, 0x2, &view, &proj, cp));
}

TEST(UserClipPlanes, CutLikeViewPlanesAndClippingOffDropsThem) {
  ClipPlanes cp;
  cp.guard = 2.0f;
  cp.num_user = 1;
  cp.user[0] = Vec4{-1, 0, 0, 0.5f};  // keep x <= 0.5 w
  ShadedVertex out[kMaxClipVertices];
  const ShadedVertex a = at({-1, -1, 0.5f, 1}), b = at({1, -1, 0.5f, 1}), c = at({-1, 1, 0.5f, 1});
  ASSERT_EQ(clip_triangle(a, b, c, cp, 0, out), 4);
  EXPECT_EQ(out[1].pos, (Vec4{0.5f, -1, 0.5f, 1}));     // the cut on a-b
  EXPECT_EQ(out[2].pos, (Vec4{0.5f, -0.5f, 0.5f, 1}));  // the cut on b-c
  // Wholly outside the user plane: rejected.
  cp.user[0] = Vec4{0, 0, 0, -1};
  EXPECT_EQ(clip_triangle(a, b, c, cp, 0, out), 0);
  // CLIPPING FALSE: no user planes and no near/far planes; a triangle beyond the far
  // plane passes whole.
  ClipPlanes off;
  off.guard = 2.0f;
  off.depth = false;
  const ShadedVertex fa = at({-1, -1, 1.5f, 1}), fb = at({1, -1, 1.5f, 1}),
                     fc = at({-1, 1, 1.5f, 1});
  EXPECT_EQ(clip_triangle(fa, fb, fc, off, 0, out), 3);
  EXPECT_EQ(clip_triangle(fa, fb, fc, 2.0f, 0, out), 0);
}

TEST(DepthBias, ConstantAndSlopeScaledTermsAddToTheDepthPlane) {
  RasterParams p = test::params(32, 32, api::DrawApi::D3D9, api::Cull::None);
  // z rises by 1/64 per pixel in x and 1/128 per pixel in y: max slope 1/64.
  const ShadedVertex a = test::at_screen(0, 0, 32, 32, 0.25f);
  const ShadedVertex b = test::at_screen(16, 0, 32, 32, 0.5f);
  const ShadedVertex c = test::at_screen(0, 16, 32, 32, 0.375f);
  TriangleSetup t;
  ASSERT_TRUE(setup_triangle(a, b, c, p, 0, t));
  EXPECT_EQ(t.z0, 0.25f);
  p.depth_bias = 0.125f;
  p.slope_scale_depth_bias = 2.0f;
  ASSERT_TRUE(setup_triangle(a, b, c, p, 0, t));
  EXPECT_EQ(t.z0, 0.25f + 0.125f + 2.0f / 64.0f);
  EXPECT_EQ(t.dz1, 0.25f);  // the slopes themselves are unchanged
}

TEST(PointSize, VaryingOrStateClampedToMinAndMax) {
  api::RenderStates rs;
  rs.point_size = 3.0f;
  rs.point_size_min = 2.0f;
  rs.point_size_max = 6.0f;
  ShadedVertex v;
  v.var[int(Varying::PointSize)] = Vec4{5.0f, 0, 0, 0};
  EXPECT_EQ(point_size(v, false, rs), 3.0f);  // no size output: POINTSIZE
  EXPECT_EQ(point_size(v, true, rs), 5.0f);
  v.var[int(Varying::PointSize)].x = 40.0f;
  EXPECT_EQ(point_size(v, true, rs), 6.0f);
  v.var[int(Varying::PointSize)].x = NAN;
  EXPECT_EQ(point_size(v, true, rs), 2.0f);
}

TEST(PointSize, SquareOfTheSizeAroundTheIntegerCentre) {
  // D3D9: a 4-pixel point at pixel centre (3, 5) covers [1, 5) x [3, 7).
  const RasterParams p = test::params(8, 8, api::DrawApi::D3D9, api::Cull::None);
  ShadedVertex q[4];
  expand_point(test::at_screen(3, 5, 8, 8), p.viewport, q, 4.0f);
  std::vector<int> hits(64);
  ASSERT_TRUE(test::cover(q[0], q[1], q[2], p, hits));
  ASSERT_TRUE(test::cover(q[0], q[2], q[3], p, hits));
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x)
      EXPECT_EQ(hits[y * 8 + x], x >= 1 && x < 5 && y >= 3 && y < 7 ? 1 : 0) << x << "," << y;
}

}  // namespace
}  // namespace gfx::func
