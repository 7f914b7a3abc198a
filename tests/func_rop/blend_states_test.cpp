// Separate alpha blend, the blend factor and BOTH* modes, and the per-target write masks
// of COLORWRITEENABLE1..3, and D3D10's per-target blend enable, with exact bytes.
#include <gtest/gtest.h>

#include "func/rop/blend.h"
#include "func/rop/render_target.h"
#include "func/rop/rop.h"

namespace gfx::func {
namespace {

using api::Blend;
using api::BlendOp;

uint32_t bl(const BlendMode& m, uint32_t src, uint32_t dst) { return blend_argb(m, src, dst); }

TEST(BlendStates, SeparateAlphaTakesItsOwnFactorsAndOp) {
  const uint32_t s = 0x80402010u, d = 0x10204080u;
  // Colour ONE/ZERO keeps the source; alpha ZERO/ONE keeps the destination.
  EXPECT_EQ(bl({Blend::One, Blend::Zero, BlendOp::Add, true, Blend::Zero, Blend::One, BlendOp::Add},
               s, d),
            0x10402010u);
  // Colour ADD ONE/ONE (0x60, 0x60, 0x90); alpha REVSUBTRACT 0x10 - 0x80 clamps to 0.
  EXPECT_EQ(
      bl({Blend::One, Blend::One, BlendOp::Add, true, Blend::One, Blend::One, BlendOp::RevSubtract},
         s, d),
      0x00606090u);
  // MIN for colour, MAX for alpha, both ignoring their (ZERO) factors.
  EXPECT_EQ(
      bl({Blend::Zero, Blend::Zero, BlendOp::Min, true, Blend::Zero, Blend::Zero, BlendOp::Max}, s,
         d),
      0x80202010u);
  // Alpha takes a colour factor's alpha: SRCCOLOR gives As * As = 128 * 128 / 255 -> 64.
  EXPECT_EQ(
      bl({Blend::One, Blend::Zero, BlendOp::Add, true, Blend::SrcColor, Blend::Zero, BlendOp::Add},
         s, d),
      0x40402010u);
  // Without `separate` the alpha states are ignored.
  EXPECT_EQ(
      bl({Blend::One, Blend::Zero, BlendOp::Add, false, Blend::Zero, Blend::One, BlendOp::Add}, s,
         d),
      s);
}

TEST(BlendStates, BlendFactorAndItsInverse) {
  BlendMode m{Blend::BlendFactor, Blend::Zero, BlendOp::Add};
  m.factor = 0x80FF4000u;
  EXPECT_EQ(bl(m, 0xFFFFFFFFu, 0u), 0x80FF4000u);
  // 128 * 128 / 255 = 64.25, 128 * 1, 128 * 64 / 255 = 32.1, 0.
  EXPECT_EQ(bl(m, 0x80808080u, 0u), 0x40802000u);
  m.src = Blend::Zero;
  m.dst = Blend::InvBlendFactor;  // 1 - (128, 255, 64, 0) / 255
  EXPECT_EQ(bl(m, 0u, 0xFFFFFFFFu), 0x7F00BFFFu);
}

TEST(BlendStates, BothSrcAlphaOverridesTheDestinationFactor) {
  // As = 64/255 over opaque blue; DESTBLEND ZERO is overridden by 1 - As:
  // R 255 * 64/255 = 64, B 255 * 191/255 = 191, A 64 * 64/255 + 191 = 207.06.
  EXPECT_EQ(bl({Blend::BothSrcAlpha, Blend::Zero, BlendOp::Add}, 0x40FF0000u, 0xFF0000FFu),
            0xCF4000BFu);
  EXPECT_EQ(bl({Blend::SrcAlpha, Blend::InvSrcAlpha, BlendOp::Add}, 0x40FF0000u, 0xFF0000FFu),
            0xCF4000BFu);
  // BOTHINVSRCALPHA: source 1 - As, destination As: R 191, B 64, A 47.9 + 64 = 111.9.
  EXPECT_EQ(bl({Blend::BothInvSrcAlpha, Blend::One, BlendOp::Add}, 0x40FF0000u, 0xFF0000FFu),
            0x70BF0040u);
}

TEST(BlendStates, BlendModeFromTheRenderStates) {
  api::RenderStates rs;
  rs.src_blend = Blend::SrcAlpha;
  rs.src_blend_alpha = Blend::DestColor;
  rs.blend_factor = 0x11223344u;
  BlendMode m = blend_mode(rs);
  EXPECT_EQ(m.src, Blend::SrcAlpha);
  EXPECT_FALSE(m.separate);
  EXPECT_EQ(m.factor, 0x11223344u);
  rs.separate_alpha_blend = true;
  rs.blend_op_alpha = BlendOp::Max;
  m = blend_mode(rs);
  EXPECT_TRUE(m.separate);
  EXPECT_EQ(m.src_alpha, Blend::DestColor);
  EXPECT_EQ(m.op_alpha, BlendOp::Max);
}

TEST(WriteMasks, EachRenderTargetHasItsOwnMask) {
  RenderTarget rt;
  rt.resize(2, 2);
  ColorSurface surf[4];
  RopState s;
  s.rs.z_enable = false;
  for (int t = 0; t < 4; ++t) {
    surf[t].width = surf[t].height = 2;
    surf[t].color.assign(4, 0x11223344u);
    s.targets[t] = &surf[t];
  }
  s.rs.color_write_mask = 0x8;           // target 0: alpha only
  s.rs.color_write_mask_rt = {1, 0, 6};  // 1: red, 2: nothing, 3: green and blue
  const Vec4 c[4] = {{1, 1, 1, 1}};
  const Vec4* colors[kMaxRenderTargets] = {c, c, c, c};
  const float z[4] = {0, 0, 0, 0};
  EXPECT_EQ(rop_quad_mrt(s, rt, Quad{0, 0, 0x1}, 0x1, z, colors), 0x1);
  EXPECT_EQ(surf[0].color[0], 0xFF223344u);
  EXPECT_EQ(surf[1].color[0], 0x11FF3344u);
  EXPECT_EQ(surf[2].color[0], 0x11223344u);
  EXPECT_EQ(surf[3].color[0], 0x1122FFFFu);
  EXPECT_EQ(target_write_mask(s.rs, 3), 6);
}

// D3D10 blend objects enable blending per target; D3D9's ALPHABLENDENABLE blends them all.
TEST(BlendStates, IndependentBlendEnablesEachTargetOnItsOwn) {
  RenderTarget rt;
  rt.resize(2, 2);
  ColorSurface surf[4];
  RopState s;
  s.rs.z_enable = false;
  for (int t = 0; t < 4; ++t) {
    surf[t].width = surf[t].height = 2;
    surf[t].color.assign(4, 0x11223344u);
    s.targets[t] = &surf[t];
  }
  s.rs.src_blend = s.rs.dest_blend = Blend::One;  // ONE + ONE: 0x11 + 0x80 = 0x91, ...
  s.rs.blend_enable = true;
  s.rs.independent_blend = true;
  s.rs.blend_enable_target = {true, false, true, false};
  const Vec4 half = {0.5f, 0.5f, 0.5f, 0.5f};  // 0x80 in every channel
  const Vec4 c[4] = {half, half, half, half};
  const Vec4* colors[kMaxRenderTargets] = {c, c, c, c};
  const float z[4] = {0, 0, 0, 0};
  EXPECT_EQ(rop_quad_mrt(s, rt, Quad{0, 0, 0x1}, 0x1, z, colors), 0x1);
  EXPECT_EQ(surf[0].color[0], 0x91A2B3C4u);
  EXPECT_EQ(surf[1].color[0], 0x80808080u);
  EXPECT_EQ(surf[2].color[0], 0x91A2B3C4u);
  EXPECT_EQ(surf[3].color[0], 0x80808080u);
  // Without independent_blend the per-target enables are ignored: every target blends.
  s.rs.independent_blend = false;
  EXPECT_EQ(rop_quad_mrt(s, rt, Quad{0, 0, 0x2}, 0x2, z, colors), 0x2);
  for (int t = 0; t < 4; ++t) EXPECT_EQ(surf[t].color[1], 0x91A2B3C4u) << "target " << t;
}

}  // namespace
}  // namespace gfx::func
