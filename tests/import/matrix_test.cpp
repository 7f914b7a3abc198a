// The matrix conversion: a known vertex through GL's glOrtho / glFrustum / glRotate
// lands, through D3D's world * view * projection (row vectors), on the clip coordinates
// GL gives, with z remapped to [0, w] and the half-pixel shift of a W x H viewport.
#include <gtest/gtest.h>

#include "import/gl_matrix.h"

namespace gfx::import {
namespace {

using V4 = std::array<double, 4>;

// v * world * view * proj, as D3D9 multiplies (row vector, row-major matrices), in double
// from the float matrices the trace holds.
V4 d3d_clip(const V4& v, const GlMatrix& modelview, const GlMatrix& projection, double w,
            double h) {
  V4 r = v;
  for (const api::Matrix4& m :
       {d3d_world(modelview), d3d_view(), d3d_projection(projection, w, h)}) {
    V4 o{};
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 4; ++k) o[c] += r[k] * double(m[k * 4 + c]);
    r = o;
  }
  return r;
}

// Equal up to double rounding of the different operation orders (4 ulp).
void expect_double_eq(const V4& got, const V4& want) {
  for (int i = 0; i < 4; ++i) EXPECT_DOUBLE_EQ(got[i], want[i]) << "component " << i;
}

TEST(GlMatrix, OrthoVertexLandsOnGlClipWithRemappedZAndPixelShift) {
  // ogl/triangle: glOrtho(0,1,0,1,-1,1), 250x250 viewport, vertex (0.25, 0.25, 0).
  GlMatrix p = gl_ortho(0, 1, 0, 1, -1, 1);
  V4 gl = p * V4{0.25, 0.25, 0, 1};
  EXPECT_EQ(gl, (V4{-0.5, -0.5, 0, 1}));
  // In double, from D3D view space (GL eye space with z negated): exact.
  V4 e = d3d_clip_from_gl(p, 250, 250) * V4{0.25, 0.25, -0.0, 1};
  expect_double_eq(e, V4{-0.5 - 1.0 / 250, -0.5 + 1.0 / 250, 0.5, 1});  // GL z 0: depth 0.5
  // Through the float matrices of the trace: within float rounding.
  V4 d = d3d_clip(V4{0.25, 0.25, 0, 1}, GlMatrix{}, p, 250, 250);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(d[i], e[i], 1e-7) << i;
}

TEST(GlMatrix, FrustumDepthEqualsGlWindowDepth) {
  // glFrustum(-1,1,-1,1,1,3): the eye-space point (0.5, 0, -2) is GL clip (0.5, 0, 1, 2),
  // window depth (1/2 + 1) / 2 = 0.75; D3D z' = (z + w) / 2 = 1.5, z'/w = 0.75.
  GlMatrix p = gl_frustum(-1, 1, -1, 1, 1, 3);
  EXPECT_EQ((p * V4{0.5, 0, -2, 1}), (V4{0.5, 0, 1, 2}));
  V4 e = d3d_clip_from_gl(p, 100, 50) * V4{0.5, 0, 2, 1};
  expect_double_eq(e, V4{0.5 - 2.0 / 100, 2.0 / 50, 1.5, 2});
  V4 d = d3d_clip(V4{0.5, 0, -2, 1}, GlMatrix{}, p, 100, 50);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(d[i], e[i], 1e-6) << i;
}

TEST(GlMatrix, RotateThenTranslateIsTheModelviewTransposed) {
  // glTranslatef(0,0,-5); glRotatef(90, 0,0,1): (1, 0, 0) -> (0, 1, -5) in eye space.
  GlMatrix mv = gl_translate(0, 0, -5) * gl_rotate(90, 0, 0, 1);
  V4 eye = mv * V4{1, 0, 0, 1};
  EXPECT_NEAR(eye[0], 0.0, 1e-15);
  EXPECT_DOUBLE_EQ(eye[1], 1.0);
  EXPECT_DOUBLE_EQ(eye[2], -5.0);
  api::Matrix4 w = d3d_world(mv);  // row 3 holds the translation in D3D
  EXPECT_EQ(w[12], 0.0f);
  EXPECT_EQ(w[13], 0.0f);
  EXPECT_EQ(w[14], -5.0f);
  EXPECT_EQ(w[1], 1.0f);  // x maps to +y: row 0 is (cos, sin, 0, 0)
  // Through the whole chain with glFrustum(-1,1,-1,1,1,10) on a 200x200 viewport.
  GlMatrix p = gl_frustum(-1, 1, -1, 1, 1, 10);
  V4 glc = p * eye;
  V4 d = d3d_clip(V4{1, 0, 0, 1}, mv, p, 200, 200);
  EXPECT_NEAR(d[0], glc[0] - glc[3] / 200, 1e-6);
  EXPECT_NEAR(d[1], glc[1] + glc[3] / 200, 1e-6);
  EXPECT_NEAR(d[2], (glc[2] + glc[3]) / 2, 1e-6);
  EXPECT_NEAR(d[3], glc[3], 1e-6);
  EXPECT_DOUBLE_EQ(glc[3], 5.0);
}

TEST(GlMatrix, ViewFlipsZOnly) {
  api::Matrix4 v = d3d_view();
  EXPECT_EQ(v, (api::Matrix4{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1}));
}

}  // namespace
}  // namespace gfx::import
