#include "func/rop/rop.h"

#include <gtest/gtest.h>

#include "api/enums.h"
#include "func/rop/blend.h"
#include "func/rop/render_target.h"

namespace gfx::func {
namespace {

using api::Blend;
using api::BlendOp;
using api::CmpFunc;

TEST(Depth, UnormConversionRoundsToNearest) {
  EXPECT_EQ(depth_to_unorm24(0.0f), 0u);
  EXPECT_EQ(depth_to_unorm24(1.0f), 0xFFFFFFu);
  EXPECT_EQ(depth_to_unorm24(0.5f), 0x800000u);  // 8388607.5 rounds up
  EXPECT_EQ(depth_to_unorm24(1.0f / 16777215.0f * 2.4f), 2u);
  EXPECT_EQ(depth_to_unorm24(-3.0f), 0u);
  EXPECT_EQ(depth_to_unorm24(7.0f), 0xFFFFFFu);
}

struct RopFixture : ::testing::Test {
  RenderTarget rt;
  RopState s;
  const float z[4] = {0.25f, 0.5f, 0.75f, 0.5f};
  Vec4 col[4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
  void SetUp() override {
    rt.resize(4, 4);
    clear(rt, 0, 0, 4, 4, api::ClearTarget | api::ClearZBuffer | api::ClearStencil, 0xFF000000u,
          0.5f, 0x5A);
  }
};

TEST_F(RopFixture, DepthFunctions) {
  // Stored 0.5; incoming 0.25, 0.5, 0.75, 0.5 on lanes 0..3.
  const std::pair<CmpFunc, uint8_t> cases[] = {
      {CmpFunc::Never, 0x0},        {CmpFunc::Less, 0x1},    {CmpFunc::Equal, 0xA},
      {CmpFunc::LessEqual, 0xB},    {CmpFunc::Greater, 0x4}, {CmpFunc::NotEqual, 0x5},
      {CmpFunc::GreaterEqual, 0xE}, {CmpFunc::Always, 0xF}};
  s.rs.z_write = false;
  for (auto [f, want] : cases) {
    s.rs.z_func = f;
    EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0xF}, 0xF, z, col), want) << api::to_name(f);
  }
}

TEST_F(RopFixture, DepthWriteColourWriteAndLiveMask) {
  s.rs.z_func = CmpFunc::Less;
  // Lane 0 passes but is not live; nothing changes.
  EXPECT_EQ(rop_quad(s, rt, Quad{2, 2, 0xF}, 0xE, z, col), 0);
  EXPECT_EQ(rt.color[rt.index(2, 2)], 0xFF000000u);
  EXPECT_EQ(rop_quad(s, rt, Quad{2, 2, 0xF}, 0xF, z, col), 0x1);
  EXPECT_EQ(rt.color[rt.index(2, 2)], 0xFFFF0000u);
  EXPECT_EQ(rt.depth[rt.index(2, 2)], (depth_to_unorm24(0.25f) << 8) | 0x5Au);  // stencil kept
  EXPECT_EQ(rt.color[rt.index(3, 2)], 0xFF000000u);
  EXPECT_EQ(rt.depth[rt.index(3, 2)], (0x800000u << 8) | 0x5Au);
  // z_write off: test but no write. z_enable off: no test, no write.
  s.rs.z_write = false;
  s.rs.z_func = CmpFunc::Always;
  rop_quad(s, rt, Quad{2, 2, 0xF}, 0x1, z + 2, col);
  EXPECT_EQ(rt.depth[rt.index(2, 2)], (depth_to_unorm24(0.25f) << 8) | 0x5Au);
  s.rs.z_enable = false;
  s.rs.z_write = true;
  s.rs.z_func = CmpFunc::Never;
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0xF}, 0xF, z, col), 0xF);
  EXPECT_EQ(rt.depth[rt.index(0, 0)], (0x800000u << 8) | 0x5Au);
  EXPECT_EQ(rt.color[rt.index(1, 1)], 0xFFFFFFFFu);
}

TEST_F(RopFixture, AlphaTestFunctionsCompareTheEightBitAlpha) {
  // Alphas 127, 128, 129 and 0 (of 255) against ALPHAREF 128.
  Vec4 c[4] = {
      {1, 0, 0, 127 / 255.0f}, {1, 0, 0, 128 / 255.0f}, {1, 0, 0, 129 / 255.0f}, {1, 0, 0, 0}};
  const std::pair<CmpFunc, uint8_t> cases[] = {
      {CmpFunc::Never, 0x0},        {CmpFunc::Less, 0x9},    {CmpFunc::Equal, 0x2},
      {CmpFunc::LessEqual, 0xB},    {CmpFunc::Greater, 0x4}, {CmpFunc::NotEqual, 0xD},
      {CmpFunc::GreaterEqual, 0x6}, {CmpFunc::Always, 0xF}};
  s.rs.alpha_test_enable = true;
  s.rs.alpha_ref = 128;
  s.rs.z_enable = false;
  for (auto [f, want] : cases) {
    s.rs.alpha_func = f;
    EXPECT_EQ(alpha_test_mask(s.rs, c, 0xF), want) << api::to_name(f);
    EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0xF}, 0xF, z, c), want) << api::to_name(f);
  }
  // The compare is on the quantised alpha: 0.5019 * 255 = 127.98 stores as 128.
  c[0].w = 0.5019f;
  s.rs.alpha_func = CmpFunc::Equal;
  EXPECT_EQ(alpha_test_mask(s.rs, c, 0xF), 0x3);
  // Off: every pixel passes whatever the function.
  s.rs.alpha_test_enable = false;
  s.rs.alpha_func = CmpFunc::Never;
  EXPECT_EQ(alpha_test_mask(s.rs, c, 0xB), 0xB);
}

TEST_F(RopFixture, AlphaTestFailureWritesNeitherColourNorDepth) {
  Vec4 c[4] = {{0, 1, 0, 1}, {0, 1, 0, 0}, {0, 1, 0, 1}, {0, 1, 0, 0}};
  s.rs.alpha_test_enable = true;
  s.rs.alpha_func = CmpFunc::Greater;
  s.rs.alpha_ref = 0;
  s.rs.z_func = CmpFunc::Always;
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0xF}, 0xF, z, c), 0x5);
  EXPECT_EQ(rt.color[rt.index(0, 0)], 0xFF00FF00u);
  EXPECT_EQ(rt.depth[rt.index(0, 0)], (depth_to_unorm24(0.25f) << 8) | 0x5Au);
  EXPECT_EQ(rt.color[rt.index(1, 0)], 0xFF000000u);
  EXPECT_EQ(rt.depth[rt.index(1, 0)], (0x800000u << 8) | 0x5Au);
  EXPECT_EQ(rt.color[rt.index(1, 1)], 0xFF000000u);
}

TEST_F(RopFixture, DepthIsClampedToTheViewportRange) {
  s.viewport.min_z = 0.2f;
  s.viewport.max_z = 0.6f;
  s.rs.z_func = CmpFunc::Always;
  const float zz[4] = {0.9f, 0.1f, 0.4f, 0.4f};
  rop_quad(s, rt, Quad{0, 0, 0xF}, 0x3, zz, col);
  EXPECT_EQ(rt.depth[rt.index(0, 0)] >> 8, depth_to_unorm24(0.6f));
  EXPECT_EQ(rt.depth[rt.index(1, 0)] >> 8, depth_to_unorm24(0.2f));
}

TEST_F(RopFixture, EmptyOrInvertedDepthRangeActsAsMinZPlusOneThousandth) {
  s.rs.z_func = CmpFunc::Always;
  const float zz[4] = {0.9f, 0.1f, 0.5005f, 0.4f};
  s.viewport.min_z = s.viewport.max_z = 0.5f;
  rop_quad(s, rt, Quad{0, 0, 0xF}, 0x7, zz, col);
  EXPECT_EQ(rt.depth[rt.index(0, 0)] >> 8, depth_to_unorm24(0.5f + 0.001f));
  EXPECT_EQ(rt.depth[rt.index(1, 0)] >> 8, depth_to_unorm24(0.5f));
  EXPECT_EQ(rt.depth[rt.index(0, 1)] >> 8, depth_to_unorm24(0.5005f));
  s.viewport.min_z = 0.5f;  // MinZ > MaxZ: the same range, not [MaxZ, MinZ]
  s.viewport.max_z = 0.2f;
  rop_quad(s, rt, Quad{2, 0, 0xF}, 0x1, zz + 1, col);
  EXPECT_EQ(rt.depth[rt.index(2, 0)] >> 8, depth_to_unorm24(0.5f));
  EXPECT_EQ(api::effective_max_z(s.viewport), 0.5f + 0.001f);
}

TEST_F(RopFixture, QuadsOffTheTargetAreIgnored) {
  s.rs.z_func = CmpFunc::Always;
  EXPECT_EQ(rop_quad(s, rt, Quad{3, 3, 0xF}, 0xF, z, col), 0x1);  // only (3,3) is inside
  EXPECT_EQ(rop_quad(s, rt, Quad{-2, 0, 0xF}, 0xF, z, col), 0x0);
}

TEST_F(RopFixture, ColourWriteMask) {
  s.rs.z_enable = false;
  s.rs.color_write_mask = 0x9;  // red and alpha
  clear(rt, 0, 0, 4, 4, api::ClearTarget, 0xAABBCCDDu, 0, 0);
  Vec4 c[4] = {unpack_argb(0x11223344u)};
  rop_quad(s, rt, Quad{0, 0, 0x1}, 0x1, z, c);
  EXPECT_EQ(rt.color[0], 0x1122CCDDu);
  EXPECT_EQ(apply_write_mask(0x6, 0x11223344u, 0xAABBCCDDu), 0xAABB3344u);
}

uint32_t bl(Blend s, Blend d, BlendOp op, uint32_t src, uint32_t dst) {
  return blend_argb(BlendMode{s, d, op}, src, dst);
}

TEST(Blend, OperationsExactBytes) {
  const uint32_t s = 0x80402010u, d = 0x10204080u;
  EXPECT_EQ(bl(Blend::One, Blend::One, BlendOp::Add, s, d), 0x90606090u);
  EXPECT_EQ(bl(Blend::One, Blend::One, BlendOp::Add, 0xFFFF0000u, 0x80800000u),
            0xFFFF0000u);  // saturates
  EXPECT_EQ(bl(Blend::One, Blend::One, BlendOp::Subtract, s, d), 0x70200000u);
  EXPECT_EQ(bl(Blend::One, Blend::One, BlendOp::RevSubtract, s, d), 0x00002070u);
  // MIN / MAX ignore the factors.
  EXPECT_EQ(bl(Blend::Zero, Blend::Zero, BlendOp::Min, s, d), 0x10202010u);
  EXPECT_EQ(bl(Blend::Zero, Blend::Zero, BlendOp::Max, s, d), 0x80404080u);
  EXPECT_EQ(bl(Blend::One, Blend::Zero, BlendOp::Add, s, d), s);
  EXPECT_EQ(bl(Blend::Zero, Blend::One, BlendOp::Add, s, d), d);
}

TEST(Blend, FactorsExactBytes) {
  // Alpha 0x33 = 0.2 over opaque blue: R 0.2 -> 0x33, B 0.8 -> 0xCC, A 0.04 + 0.8 -> 214.
  EXPECT_EQ(bl(Blend::SrcAlpha, Blend::InvSrcAlpha, BlendOp::Add, 0x33FF0000u, 0xFF0000FFu),
            0xD63300CCu);
  // Modulate: 128 * 128 / 255 = 64.25, 128 * 64 / 255 = 32.1, 128 * 32 / 255 = 16.06.
  EXPECT_EQ(bl(Blend::DestColor, Blend::Zero, BlendOp::Add, 0xFF808080u, 0xFF804020u), 0xFF402010u);
  EXPECT_EQ(bl(Blend::Zero, Blend::SrcColor, BlendOp::Add, 0xFF808080u, 0xFF804020u), 0xFF402010u);
  // SRCALPHASAT: f = min(As, 1 - Ad) = min(128, 63) / 255 for colour, 1 for alpha:
  // 255 * 63/255 = 63, 128 * 63 / 255 = 31.6, 64 * 63 / 255 = 15.8.
  EXPECT_EQ(bl(Blend::SrcAlphaSat, Blend::Zero, BlendOp::Add, 0x80FF8040u, 0xC0000000u),
            0x803F2010u);
  // Inverse factors: 64 * (1 - 64/255) = 47.9 -> 0x30; 255 * (1 - 64/255) = 0xBF;
  // 128 * (1 - 128/255) = 63.75 -> 0x40.
  EXPECT_EQ(bl(Blend::InvSrcColor, Blend::Zero, BlendOp::Add, 0x40404040u, 0u), 0x30303030u);
  EXPECT_EQ(bl(Blend::InvDestColor, Blend::Zero, BlendOp::Add, 0xFFFFFFFFu, 0x40404040u),
            0xBFBFBFBFu);
  EXPECT_EQ(bl(Blend::Zero, Blend::InvDestAlpha, BlendOp::Add, 0u, 0x80808080u), 0x40404040u);
  // Src * dest alpha + dst * (1 - src): A 64*128/255 + 128*191/255 = 128, R 255*128/255,
  // G 128 * 1, B 0.
  EXPECT_EQ(bl(Blend::DestAlpha, Blend::InvSrcColor, BlendOp::Add, 0x40FF0000u, 0x80008000u),
            0x80808000u);
}

TEST_F(RopFixture, BlendingInTheRop) {
  s.rs.z_enable = false;
  s.rs.blend_enable = true;
  s.rs.src_blend = Blend::SrcAlpha;
  s.rs.dest_blend = Blend::InvSrcAlpha;
  clear(rt, 0, 0, 4, 4, api::ClearTarget, 0xFF0000FFu, 0, 0);
  Vec4 c[4] = {{1.0f, 0.0f, 0.0f, 0.2f}, {2.0f, -1.0f, 0.0f, 0.2f}};  // out of range: clamped
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0x3}, 0x3, z, c), 0x3);
  EXPECT_EQ(rt.color[0], 0xD63300CCu);
  EXPECT_EQ(rt.color[1], 0xD63300CCu);
}

TEST(Clear, RectsFlagsAndClipping) {
  RenderTarget rt;
  rt.resize(4, 3);
  EXPECT_EQ(rt.color[0], 0u);
  EXPECT_EQ(rt.depth[0], 0xFFFFFF00u);
  clear(rt, -5, 1, 2, 99, api::ClearTarget, 0x12345678u, 0, 0);
  for (uint32_t y = 0; y < 3; ++y)
    for (uint32_t x = 0; x < 4; ++x)
      EXPECT_EQ(rt.color[rt.index(x, y)], x < 2 && y >= 1 ? 0x12345678u : 0u) << x << "," << y;
  EXPECT_EQ(rt.depth[rt.index(0, 1)], 0xFFFFFF00u);  // depth untouched
  clear(rt, 0, 0, 4, 3, api::ClearStencil, 0, 0.0f, 0x1A7);
  EXPECT_EQ(rt.depth[5], 0xFFFFFFA7u);  // stencil only, 8 bits
  clear(rt, 1, 0, 2, 1, api::ClearZBuffer, 0, 0.25f, 0);
  EXPECT_EQ(rt.depth[1], (depth_to_unorm24(0.25f) << 8) | 0xA7u);
  EXPECT_EQ(rt.depth[0], 0xFFFFFFA7u);
  clear(rt, 3, 3, 1, 1, api::ClearTarget, 0xFFFFFFFFu, 0, 0);  // empty: no-op, no crash
  EXPECT_EQ(rt.color[rt.index(3, 0)], 0u);
}

}  // namespace
}  // namespace gfx::func
