#include "func/geom/clip.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "test_util.h"

namespace gfx::func {
namespace {

ShadedVertex vtx(Vec4 pos, Vec4 color0 = {}, Vec4 tex0 = {}) {
  ShadedVertex v;
  v.pos = pos;
  v.var[int(Varying::Color0)] = color0;
  v.var[int(Varying::TexCoord0)] = tex0;
  return v;
}
constexpr uint32_t kColor0 = 1u << int(Varying::Color0);

TEST(Clip, TriviallyInsideIsCopied) {
  const ShadedVertex a = vtx({-0.5f, -0.5f, 0.5f, 1}, {1, 0, 0, 1}, {7, 7, 7, 7});
  const ShadedVertex b = vtx({0.5f, -0.5f, 0.5f, 1}), c = vtx({0, 0.5f, 0.25f, 1});
  ShadedVertex out[kMaxClipVertices];
  ASSERT_EQ(clip_triangle(a, b, c, 2.0f, kColor0, out), 3);
  EXPECT_EQ(out[0].pos, a.pos);
  EXPECT_EQ(out[0].var[int(Varying::TexCoord0)], (Vec4{7, 7, 7, 7}));  // copied whole
  EXPECT_EQ(out[2].pos, c.pos);
}

TEST(Clip, TriangleCrossingNearPlaneGetsExactCutVertices) {
  // a is behind z = 0; the cut points are the midpoints of a-b and c-a.
  const ShadedVertex a = vtx({-0.5f, 0, -0.5f, 1}, {1, 0, 0, 0}, {5, 5, 5, 5});
  const ShadedVertex b = vtx({0.5f, 0, 0.5f, 1}, {0, 1, 0, 0}, {6, 6, 6, 6});
  const ShadedVertex c = vtx({0, 0.5f, 0.5f, 1}, {0, 0, 1, 0}, {8, 8, 8, 8});
  ShadedVertex out[kMaxClipVertices];
  ASSERT_EQ(clip_triangle(a, b, c, 2.0f, kColor0, out), 4);
  EXPECT_EQ(out[0].pos, (Vec4{0, 0, 0, 1}));
  EXPECT_EQ(out[0].var[int(Varying::Color0)], (Vec4{0.5f, 0.5f, 0, 0}));
  EXPECT_EQ(out[1].pos, b.pos);
  EXPECT_EQ(out[2].pos, c.pos);
  EXPECT_EQ(out[3].pos, (Vec4{-0.25f, 0.25f, 0, 1}));
  EXPECT_EQ(out[3].var[int(Varying::Color0)], (Vec4{0.5f, 0, 0.5f, 0}));
  // Varyings outside the mask are not interpolated: 0 on cut vertices, kept on inputs.
  EXPECT_EQ(out[0].var[int(Varying::TexCoord0)], (Vec4{0, 0, 0, 0}));
  EXPECT_EQ(out[1].var[int(Varying::TexCoord0)], (Vec4{6, 6, 6, 6}));
}

TEST(Clip, FarPlaneCutHasZEqualW) {
  const ShadedVertex a = vtx({0, 0, 3, 2}), b = vtx({1, 0, 0.5f, 1}), c = vtx({0, 1, 0.5f, 1});
  ShadedVertex out[kMaxClipVertices];
  const int n = clip_triangle(a, b, c, 2.0f, 0, out);
  ASSERT_EQ(n, 4);
  for (int i = 0; i < n; ++i) EXPECT_LE(out[i].pos.z, out[i].pos.w);
  EXPECT_EQ(out[0].pos.z, out[0].pos.w);
  EXPECT_EQ(out[3].pos.z, out[3].pos.w);
}

TEST(Clip, Rejects) {
  ShadedVertex out[kMaxClipVertices];
  // Behind the near plane.
  EXPECT_EQ(clip_triangle(vtx({0, 0, -1, 1}), vtx({1, 0, -1, 1}), vtx({0, 1, -2, 1}), 2, 0, out),
            0);
  // Right of the viewport but inside the guard band: still cannot be seen.
  EXPECT_EQ(clip_triangle(vtx({1.5f, 0, 0.5f, 1}), vtx({1.8f, 0, 0.5f, 1}),
                          vtx({1.6f, 0.5f, 0.5f, 1}), 4, 0, out),
            0);
  // NaN position.
  EXPECT_EQ(
      clip_triangle(vtx({NAN, 0, 0.5f, 1}), vtx({1, 0, 0.5f, 1}), vtx({0, 1, 0.5f, 1}), 2, 0, out),
      0);
}

TEST(Clip, GuardBandAvoidsCuttingPartlyVisibleTriangles) {
  const ShadedVertex a = vtx({-1.5f, -0.5f, 0.5f, 1}), b = vtx({1.5f, -0.5f, 0.5f, 1}),
                     c = vtx({0, 1.5f, 0.5f, 1});
  ShadedVertex out[kMaxClipVertices];
  EXPECT_EQ(clip_triangle(a, b, c, 2.0f, 0, out), 3);  // inside the guard band
  EXPECT_EQ(out[1].pos, b.pos);
  const int n = clip_triangle(a, b, c, 1.25f, 0, out);  // a narrow guard band cuts it
  EXPECT_GT(n, 3);
  for (int i = 0; i < n; ++i) {
    EXPECT_LE(std::fabs(out[i].pos.x), 1.25f * out[i].pos.w * 1.000001f);
    EXPECT_LE(std::fabs(out[i].pos.y), 1.25f * out[i].pos.w * 1.000001f);
  }
}

TEST(Clip, SharedEdgeIsCutIdenticallyFromBothSides) {
  // Two triangles share edge p-q, walked in opposite directions, crossing the near plane.
  const ShadedVertex p = vtx({-0.3f, 0.1f, -0.7f, 1.3f}, {0.1f, 0.2f, 0.3f, 0.4f});
  const ShadedVertex q = vtx({0.45f, -0.2f, 0.9f, 1.7f}, {0.9f, 0.7f, 0.5f, 0.3f});
  const ShadedVertex r = vtx({0.2f, 0.6f, 0.8f, 1.1f}), s = vtx({-0.1f, -0.7f, 0.6f, 1.2f});
  ShadedVertex o1[kMaxClipVertices], o2[kMaxClipVertices];
  const int n1 = clip_triangle(p, q, r, 2.0f, kColor0, o1);
  const int n2 = clip_triangle(q, p, s, 2.0f, kColor0, o2);
  ASSERT_EQ(n1, 4);
  ASSERT_EQ(n2, 4);
  // The p-q cut point (z == 0) must be bit-identical in both, varyings included.
  bool found = false;
  for (int i = 0; i < n1; ++i)
    for (int j = 0; j < n2; ++j)
      if (o1[i].pos.z == 0 && std::memcmp(&o1[i].pos, &o2[j].pos, sizeof(Vec4)) == 0) {
        found = true;
        EXPECT_EQ(std::memcmp(&o1[i].var[0], &o2[j].var[0], sizeof(Vec4)), 0);
      }
  EXPECT_TRUE(found);
}

TEST(Clip, GuardBandFactorKeepsScreenInRange) {
  api::Viewport vp;
  vp.width = 640;
  vp.height = 480;
  const float g = guard_band(vp);
  EXPECT_FLOAT_EQ(g, (kGuardLimitPixels - 320.0f) / 320.0f);  // x is the tighter axis
  EXPECT_LE(320.0f + g * 320.0f, kGuardLimitPixels);
  vp.width = 0;
  vp.height = 0;
  EXPECT_GE(guard_band(vp), 1.0f);
}

}  // namespace
}  // namespace gfx::func
