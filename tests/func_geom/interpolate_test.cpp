#include <gtest/gtest.h>

#include "common/error.h"
#include "func/geom/rasterize.h"
#include "geom_test_util.h"
#include "test_util.h"

namespace gfx::func {
namespace {

using api::Cull;
using api::DrawApi;
using test::at_screen;
using test::params;

constexpr int kTex0 = int(Varying::TexCoord0);
constexpr int kCol0 = int(Varying::Color0);

Program pixel_program() {
  Program ps;
  ps.stage = api::ShaderStage::Pixel;
  ps.pixel_inputs = {{Varying::TexCoord0, 2}, {Varying::Color0, 3}, {Varying::Color1, 4}};
  return ps;
}
Vec4 lane_input(const Warp& w, int reg, int lane) {
  return {w.input(reg, 0)[lane], w.input(reg, 1)[lane], w.input(reg, 2)[lane],
          w.input(reg, 3)[lane]};
}

// A(0,0) w=1 depth 0, B(16,0) w=4 depth 0.5, C(0,16) w=1 depth 1 on a 16x16 viewport;
// TexCoord0 = (1 at B, 1 at C in y), Color0 = a constant 0.3 everywhere.
struct PerspectiveTri : ::testing::Test {
  ShadedVertex a = at_screen(0, 0, 16, 16, 0.0f, 1.0f);
  ShadedVertex b = at_screen(16, 0, 16, 16, 0.5f, 4.0f);
  ShadedVertex c = at_screen(0, 16, 16, 16, 1.0f, 1.0f);
  Warp warp;
  float z[4];
  void SetUp() override {
    b.var[kTex0] = {1, 0, 0, 0};
    c.var[kTex0] = {0, 1, 0, 0};
    for (ShadedVertex* v : {&a, &b, &c}) v->var[kCol0] = {0.3f, 0.3f, 0.3f, 0.3f};
  }
};

TEST_F(PerspectiveTri, PerspectiveCorrectVaryingAndAffineDepth) {
  TriangleSetup t;
  const uint32_t mask = (1u << kTex0) | (1u << kCol0);
  ASSERT_TRUE(setup_triangle(a, b, c, params(16, 16, DrawApi::D3D10, Cull::None), mask, t));
  interpolate_quad(t, Quad{6, 0, 0x3}, pixel_program(), warp, 8, z);
  // Pixel (7,0), lane 9, sample (7.5, 0.5): screen barycentrics A 8/16, B 7.5/16, C 0.5/16;
  // divided by w: 0.5, 0.1171875, 0.03125 (sum 0.6484375).
  const Vec4 t70 = lane_input(warp, 2, 9);
  EXPECT_NEAR(t70.x, 0.1171875 / 0.6484375, 1e-6);  // 0.180723 (affine would be 0.46875)
  EXPECT_NEAR(t70.y, 0.03125 / 0.6484375, 1e-6);
  EXPECT_EQ(t70.z, 0.0f);
  EXPECT_FLOAT_EQ(z[1], 0.5f * 7.5f / 16 + 1.0f * 0.5f / 16);  // affine: 0.265625
  // Pixel (6,0), lane 8: 0.5625, 0.1015625, 0.03125.
  EXPECT_NEAR(lane_input(warp, 2, 8).x, 0.1015625 / 0.6953125, 1e-6);
  // Helper lanes (6,1), (7,1) are filled too.
  EXPECT_NEAR(lane_input(warp, 2, 11).y, (1.5 / 16) / (7.0 / 16 + 7.5 / 64 + 1.5 / 16), 1e-6);
  // A varying equal at the three vertices stays exactly constant, perspective or not.
  for (int lane = 8; lane < 12; ++lane)
    EXPECT_EQ(lane_input(warp, 3, lane), (Vec4{0.3f, 0.3f, 0.3f, 0.3f}));
  // Color1 is read by the program but not written by the vertices: (0,0,0,0).
  warp.set_input(4, 8, {5, 5, 5, 5});
  interpolate_quad(t, Quad{6, 0, 0x3}, pixel_program(), warp, 8, z);
  EXPECT_EQ(lane_input(warp, 4, 8), (Vec4{0, 0, 0, 0}));
}

// Program::depth_reg receives each pixel's depth, as the depth test sees it, in all four
// channels (the distance of table fog behind a vertex shader).
TEST_F(PerspectiveTri, DepthRegisterReceivesThePixelDepth) {
  TriangleSetup t;
  ASSERT_TRUE(setup_triangle(a, b, c, params(16, 16, DrawApi::D3D10, Cull::None), 0, t));
  Program ps = pixel_program();
  ps.depth_reg = 5;
  interpolate_quad(t, Quad{6, 0, 0x3}, ps, warp, 8, z);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(lane_input(warp, 5, 8 + i), (Vec4{z[i], z[i], z[i], z[i]})) << i;
  EXPECT_FLOAT_EQ(lane_input(warp, 5, 9).x, 0.5f * 7.5f / 16 + 1.0f * 0.5f / 16);
}

TEST_F(PerspectiveTri, D3D9SamplesAtIntegerCentres) {
  // With w = 1 everywhere, TexCoord0.x is x/16 at the sample: D3D9 samples pixel 4 at 4.0,
  // D3D10 at 4.5.
  b = at_screen(16, 0, 16, 16, 0.5f, 1.0f);
  b.var[kTex0] = {1, 0, 0, 0};
  TriangleSetup t;
  ASSERT_TRUE(setup_triangle(a, b, c, params(16, 16, DrawApi::D3D9, Cull::None), 1u << kTex0, t));
  interpolate_quad(t, Quad{4, 2, 0xF}, pixel_program(), warp, 0, z);
  EXPECT_FLOAT_EQ(lane_input(warp, 2, 0).x, 4.0f / 16);
  EXPECT_FLOAT_EQ(lane_input(warp, 2, 3).y, 3.0f / 16);
  ASSERT_TRUE(setup_triangle(a, b, c, params(16, 16, DrawApi::D3D10, Cull::None), 1u << kTex0, t));
  interpolate_quad(t, Quad{4, 2, 0xF}, pixel_program(), warp, 0, z);
  EXPECT_FLOAT_EQ(lane_input(warp, 2, 0).x, 4.5f / 16);
}

TEST_F(PerspectiveTri, FlatShadingTakesTheProvokingVertexColour) {
  a.var[kCol0] = {1, 0, 0, 1};
  b.var[kCol0] = {0, 1, 0, 1};
  c.var[kCol0] = {0, 0, 1, 1};
  RasterParams p = params(16, 16, DrawApi::D3D10, Cull::None);
  p.shade = api::ShadeMode::Flat;
  const uint32_t mask = (1u << kTex0) | (1u << kCol0);
  TriangleSetup t;
  // Counter-clockwise order too: the setup reorders vertices but keeps the leading one.
  ASSERT_TRUE(setup_triangle(a, c, b, p, mask, t));
  interpolate_quad(t, Quad{4, 4, 0xF}, pixel_program(), warp, 0, z);
  for (int lane = 0; lane < 4; ++lane) EXPECT_EQ(lane_input(warp, 3, lane), (Vec4{1, 0, 0, 1}));
  EXPECT_NE(lane_input(warp, 2, 0).x, 0.0f);  // texcoords still interpolate
  // A clipped polygon passes the original leading vertex explicitly.
  ASSERT_TRUE(setup_triangle(a, b, c, p, mask, t, &c));
  interpolate_quad(t, Quad{4, 4, 0xF}, pixel_program(), warp, 0, z);
  EXPECT_EQ(lane_input(warp, 3, 2), (Vec4{0, 0, 1, 1}));
  p.shade = api::ShadeMode::Gouraud;
  ASSERT_TRUE(setup_triangle(a, b, c, p, mask, t));
  interpolate_quad(t, Quad{4, 4, 0xF}, pixel_program(), warp, 0, z);
  EXPECT_GT(lane_input(warp, 3, 0).y, 0.0f);
}

TEST(Interpolate, BadInputRegisterThrows) {
  TriangleSetup t;
  ASSERT_TRUE(setup_triangle(at_screen(0, 0, 8, 8), at_screen(8, 0, 8, 8), at_screen(0, 8, 8, 8),
                             params(8, 8, DrawApi::D3D10, Cull::None), 0, t));
  Program ps;
  ps.pixel_inputs = {{Varying::TexCoord0, uint16_t(kMaxInputs)}};
  Warp warp;
  float z[4];
  EXPECT_THROW(interpolate_quad(t, Quad{0, 0, 1}, ps, warp, 0, z), Error);
}

}  // namespace
}  // namespace gfx::func
