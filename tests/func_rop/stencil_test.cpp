#include "func/rop/stencil.h"

#include <gtest/gtest.h>

#include "func/rop/render_target.h"
#include "func/rop/rop.h"

namespace gfx::func {
namespace {

using api::CmpFunc;
using api::StencilOp;

TEST(Stencil, EveryOpExactValues) {
  const std::pair<StencilOp, uint8_t> cases[] = {
      {StencilOp::Keep, 0x5A},    {StencilOp::Zero, 0x00},    {StencilOp::Replace, 0x33},
      {StencilOp::IncrSat, 0x5B}, {StencilOp::DecrSat, 0x59}, {StencilOp::Invert, 0xA5},
      {StencilOp::Incr, 0x5B},    {StencilOp::Decr, 0x59}};
  for (auto [op, want] : cases)
    EXPECT_EQ(stencil_apply(op, 0x5A, 0x33, 0xFFFFFFFFu), want) << api::to_name(op);
}

TEST(Stencil, SaturatingAndWrappingEnds) {
  EXPECT_EQ(stencil_apply(StencilOp::IncrSat, 0xFF, 0, 0xFF), 0xFF);
  EXPECT_EQ(stencil_apply(StencilOp::Incr, 0xFF, 0, 0xFF), 0x00);
  EXPECT_EQ(stencil_apply(StencilOp::DecrSat, 0x00, 0, 0xFF), 0x00);
  EXPECT_EQ(stencil_apply(StencilOp::Decr, 0x00, 0, 0xFF), 0xFF);
}

TEST(Stencil, WriteMaskAndReferenceBits) {
  // Only the write mask's bits change: 0x5A keeps its high nibble, takes 0x33's low one.
  EXPECT_EQ(stencil_apply(StencilOp::Replace, 0x5A, 0x33, 0x0F), 0x53);
  EXPECT_EQ(stencil_apply(StencilOp::Invert, 0x5A, 0, 0xF0), 0xAA);
  EXPECT_EQ(stencil_apply(StencilOp::Zero, 0x5A, 0, 0), 0x5A);
  // An 8-bit buffer takes the reference's low byte.
  EXPECT_EQ(stencil_apply(StencilOp::Replace, 0x00, 0x1C3, 0xFFFFFFFFu), 0xC3);
}

TEST(Stencil, EveryFuncComparesMaskedRefAgainstMaskedStored) {
  // ref 0x40 on the left: 0x40 FUNC 0x5A.
  const std::pair<CmpFunc, bool> cases[] = {
      {CmpFunc::Never, false},        {CmpFunc::Less, true},     {CmpFunc::Equal, false},
      {CmpFunc::LessEqual, true},     {CmpFunc::Greater, false}, {CmpFunc::NotEqual, true},
      {CmpFunc::GreaterEqual, false}, {CmpFunc::Always, true}};
  for (auto [f, want] : cases)
    EXPECT_EQ(stencil_test(f, 0x40, 0xFF, 0x5A), want) << api::to_name(f);
  // The read mask applies to both sides: 0x40 & 0xF0 == 0x4A & 0xF0.
  EXPECT_TRUE(stencil_test(CmpFunc::Equal, 0x40, 0xF0, 0x4A));
  EXPECT_FALSE(stencil_test(CmpFunc::Less, 0x40, 0xF0, 0x4A));
  EXPECT_TRUE(stencil_test(CmpFunc::Equal, 0x140, 0xFFFFFFFFu, 0x40));  // low byte only
}

TEST(Stencil, TwoSidedFaceSelection) {
  api::RenderStates rs;
  rs.stencil_func = CmpFunc::Less;
  rs.stencil_pass = StencilOp::Incr;
  rs.ccw_stencil_func = CmpFunc::Greater;
  rs.ccw_stencil_pass = StencilOp::Decr;
  // Off: both windings take the clockwise states.
  EXPECT_EQ(stencil_face(rs, true).func, CmpFunc::Less);
  rs.two_sided_stencil = true;
  EXPECT_EQ(stencil_face(rs, false).pass, StencilOp::Incr);
  EXPECT_EQ(stencil_face(rs, true).func, CmpFunc::Greater);
  EXPECT_EQ(stencil_face(rs, true).pass, StencilOp::Decr);
}

TEST(Stencil, MayWrite) {
  api::RenderStates rs;
  EXPECT_FALSE(stencil_may_write(rs));
  rs.stencil_enable = true;
  EXPECT_FALSE(stencil_may_write(rs));  // all KEEP
  rs.ccw_stencil_zfail = StencilOp::Zero;
  EXPECT_FALSE(stencil_may_write(rs));  // CCW ops unused while two-sided is off
  rs.two_sided_stencil = true;
  EXPECT_TRUE(stencil_may_write(rs));
  rs.stencil_write_mask = 0xFFFFFF00u;  // no bit of the 8-bit buffer
  EXPECT_FALSE(stencil_may_write(rs));
}

// The ROP: stored depth 0.5, stencil 0x05; lanes at z 0.25, 0.5, 0.75, 0.5.
struct StencilRop : ::testing::Test {
  RenderTarget rt;
  RopState s;
  const float z[4] = {0.25f, 0.5f, 0.75f, 0.5f};
  Vec4 col[4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
  void SetUp() override {
    rt.resize(2, 2);
    clear(rt, 0, 0, 2, 2, api::ClearTarget | api::ClearZBuffer | api::ClearStencil, 0xFF000000u,
          0.5f, 0x05);
    s.rs.stencil_enable = true;
    s.rs.z_func = CmpFunc::Less;
  }
  uint8_t stencil(int i) const { return uint8_t(rt.depth[size_t(i)] & 0xFF); }
  uint32_t depth(int i) const { return rt.depth[size_t(i)] >> 8; }
};

TEST_F(StencilRop, FailZFailAndPassOps) {
  s.rs.stencil_func = CmpFunc::Always;
  s.rs.stencil_fail = StencilOp::Zero;
  s.rs.stencil_zfail = StencilOp::Invert;
  s.rs.stencil_pass = StencilOp::IncrSat;
  // Lane 0 passes depth (0.25 < 0.5): PASS, depth and colour written; lanes 1..3 fail
  // depth: ZFAIL, nothing else.
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0xF}, 0xF, z, col), 0x1);
  EXPECT_EQ(stencil(0), 0x06);
  EXPECT_EQ(depth(0), depth_to_unorm24(0.25f));
  EXPECT_EQ(rt.color[0], 0xFFFF0000u);
  for (int i = 1; i < 4; ++i) {
    EXPECT_EQ(stencil(i), 0xFA) << i;
    EXPECT_EQ(depth(i), 0x800000u) << i;
    EXPECT_EQ(rt.color[size_t(i)], 0xFF000000u) << i;
  }
  // Stencil failing: FAIL op, and neither depth nor colour although depth would pass.
  s.rs.stencil_func = CmpFunc::Never;
  const float near[4] = {0.1f, 0.1f, 0.1f, 0.1f};
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0xF}, 0xF, near, col), 0);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(stencil(i), 0x00) << i;
  EXPECT_EQ(depth(0), depth_to_unorm24(0.25f));
  EXPECT_EQ(rt.color[1], 0xFF000000u);
}

TEST_F(StencilRop, ReferenceTestAndReplace) {
  // Pass where ref 0x03 < stored: only after the first write does stored exceed it.
  s.rs.z_enable = false;  // no depth test: it counts as passed (PASS op)
  s.rs.stencil_func = CmpFunc::Less;
  s.rs.stencil_ref = 0x07;
  s.rs.stencil_pass = StencilOp::Replace;
  s.rs.stencil_fail = StencilOp::Incr;
  // 0x07 < 0x05 fails: FAIL (INCR) makes 0x06 everywhere.
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0xF}, 0xF, z, col), 0);
  EXPECT_EQ(stencil(0), 0x06);
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0xF}, 0xF, z, col), 0);  // 0x07 < 0x06 fails
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0xF}, 0xF, z, col), 0);  // 0x07 < 0x07 fails
  EXPECT_EQ(stencil(3), 0x08);
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0xF}, 0xF, z, col), 0xF);  // 0x07 < 0x08 passes
  EXPECT_EQ(stencil(2), 0x07);                                    // REPLACE
  EXPECT_EQ(rt.color[3], 0xFFFFFFFFu);
}

TEST_F(StencilRop, TwoSidedUsesTheCcwStatesForCounterClockwiseQuads) {
  s.rs.z_enable = false;
  s.rs.two_sided_stencil = true;
  s.rs.stencil_pass = StencilOp::Incr;
  s.rs.ccw_stencil_pass = StencilOp::Decr;
  s.rs.ccw_stencil_func = CmpFunc::Equal;
  s.rs.stencil_ref = 0x05;
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0x1}, 0x1, z, col, /*ccw=*/false), 0x1);
  EXPECT_EQ(stencil(0), 0x06);
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0x3}, 0x3, z, col, /*ccw=*/true), 0x2);  // 5 == 6 fails
  EXPECT_EQ(stencil(0), 0x06);
  EXPECT_EQ(stencil(1), 0x04);
}

TEST_F(StencilRop, AlphaTestFailureWritesNoStencil) {
  s.rs.z_enable = false;
  s.rs.stencil_fail = s.rs.stencil_zfail = s.rs.stencil_pass = StencilOp::Replace;
  s.rs.stencil_ref = 0x77;
  s.rs.alpha_test_enable = true;
  s.rs.alpha_func = CmpFunc::Greater;
  s.rs.alpha_ref = 0x80;
  Vec4 c[4] = {{1, 0, 0, 0.25f}, {1, 0, 0, 1}, {1, 0, 0, 0.5f}, {1, 0, 0, 1}};
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0xF}, 0xF, z, c), 0xA);
  EXPECT_EQ(stencil(0), 0x05);
  EXPECT_EQ(stencil(1), 0x77);
  EXPECT_EQ(stencil(2), 0x05);
  EXPECT_EQ(stencil(3), 0x77);
}

TEST(DepthFormat, D16QuantisesToSixteenBits) {
  EXPECT_EQ(depth_to_unorm(api::Format::D16, 0.5f), 0x8000u);  // 32767.5 rounds up
  EXPECT_EQ(depth_to_unorm(api::Format::D16, 1.0f), 0xFFFFu);
  EXPECT_EQ(depth_to_unorm(api::Format::D16, 0.0f), 0u);
  EXPECT_EQ(depth_to_unorm(api::Format::D24X8, 0.5f), 0x800000u);
  RenderTarget rt;
  rt.resize(2, 1);
  rt.set_depth_format(api::Format::D16);
  EXPECT_EQ(rt.depth[0], 0xFFFFu << 8);
  EXPECT_FALSE(rt.has_stencil());
  clear(rt, 0, 0, 2, 1, api::ClearZBuffer, 0, 0.25f, 0);
  EXPECT_EQ(rt.depth[1], uint32_t(16384) << 8);  // 16383.75 -> 16384
  // Two depths 1e-6 apart are equal in 16 bits (13107), not in 24: LESS fails on D16.
  clear(rt, 0, 0, 2, 1, api::ClearZBuffer, 0, 0.2f, 0);
  RopState s;
  s.rs.z_func = CmpFunc::Less;
  const float z[4] = {0.2f - 1e-6f, 0, 0, 0};
  const Vec4 col[4] = {{1, 1, 1, 1}};
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0x1}, 0x1, z, col), 0);
  rt.set_depth_format(api::Format::D24X8);
  clear(rt, 0, 0, 2, 1, api::ClearZBuffer, 0, 0.2f, 0);
  EXPECT_EQ(rop_quad(s, rt, Quad{0, 0, 0x1}, 0x1, z, col), 0x1);
}

}  // namespace
}  // namespace gfx::func
