// func::depth_path: the one place that chooses where a draw's depth and stencil work
// happens (docs/units/early-z.md), one case per rule.
#include <gtest/gtest.h>

#include <memory>

#include "func/rop/depth_path.h"

namespace gfx::func {
namespace {

DrawContext draw(bool writes_depth = false, bool kills = false) {
  auto ps = std::make_shared<Program>();
  ps->stage = api::ShaderStage::Pixel;
  ps->writes_depth = writes_depth;
  if (kills) {
    Instr k;
    k.op = Op::Texkill;
    ps->code.push_back(k);
  }
  DrawContext d;
  d.pixel_program = ps;
  d.render_states.z_enable = true;
  d.render_states.z_write = true;
  d.render_states.z_func = api::CmpFunc::LessEqual;
  return d;
}

TEST(DepthPath, OffWhenTheSwitchIsOff) { EXPECT_EQ(depth_path(draw(), false), DepthPath::Late); }

TEST(DepthPath, EarlyForAPlainDepthTestedDraw) {
  EXPECT_EQ(depth_path(draw(), true), DepthPath::Early);
  DrawContext d = draw();
  d.render_states.stencil_enable = true;  // stencil ops run early too
  d.render_states.z_func = api::CmpFunc::Equal;
  EXPECT_EQ(depth_path(d, true), DepthPath::Early);
}

TEST(DepthPath, LateWhenTheShaderWritesDepth) {
  EXPECT_EQ(depth_path(draw(true), true), DepthPath::Late);
  EXPECT_EQ(depth_path(draw(true, true), true), DepthPath::Late);
}

TEST(DepthPath, LateWithoutDepthOrStencilWork) {
  DrawContext d = draw();
  d.render_states.z_enable = false;
  EXPECT_EQ(depth_path(d, true), DepthPath::Late);
  DrawContext n = draw();
  n.no_depth = true;  // D3D10's NULL depth-stencil view
  EXPECT_EQ(depth_path(n, true), DepthPath::Late);
}

TEST(DepthPath, KillAndAlphaTestKeepTheTestEarlyAndTheWriteLate) {
  EXPECT_EQ(depth_path(draw(false, true), true), DepthPath::EarlyTestLateWrite);
  DrawContext a = draw();
  a.render_states.alpha_test_enable = true;
  EXPECT_EQ(depth_path(a, true), DepthPath::EarlyTestLateWrite);
  for (api::CmpFunc f : {api::CmpFunc::Less, api::CmpFunc::Greater, api::CmpFunc::GreaterEqual}) {
    a.render_states.z_func = f;
    EXPECT_EQ(depth_path(a, true), DepthPath::EarlyTestLateWrite);
  }
}

TEST(DepthPath, AlphaToCoverageKeepsTheTestEarlyAndTheWriteLate) {
  DrawContext d = draw();
  d.alpha_to_coverage = true;  // removes pixels after shading, like the alpha test
  EXPECT_EQ(depth_path(d, true), DepthPath::EarlyTestLateWrite);
  d.render_states.stencil_enable = true;
  EXPECT_EQ(depth_path(d, true), DepthPath::Late);
}

TEST(DepthPath, MultisampledDrawsFollowTheRulesOfSingleSampleOnes) {
  // The early test is per sample, as the ROP's: MSAA changes no rule.
  for (uint32_t n : {2u, 4u, 16u}) {
    DrawContext d = draw();
    d.raster.samples = n;
    EXPECT_EQ(depth_path(d, true), DepthPath::Early) << n;
    d.render_states.alpha_test_enable = true;
    EXPECT_EQ(depth_path(d, true), DepthPath::EarlyTestLateWrite) << n;
    DrawContext a = draw();
    a.raster.samples = n;
    a.alpha_to_coverage = true;  // a2c: early test, late write
    EXPECT_EQ(depth_path(a, true), DepthPath::EarlyTestLateWrite) << n;
    DrawContext o = draw(true);
    o.raster.samples = n;
    EXPECT_EQ(depth_path(o, true), DepthPath::Late) << n;
    EXPECT_EQ(depth_path(draw(), false), DepthPath::Late) << n;
  }
}

TEST(DepthPath, KillIsLateWhereAnEarlyCullWouldNotBeConservative) {
  for (api::CmpFunc f : {api::CmpFunc::Equal, api::CmpFunc::NotEqual, api::CmpFunc::Always,
                         api::CmpFunc::Never}) {
    DrawContext d = draw(false, true);
    d.render_states.z_func = f;
    EXPECT_EQ(depth_path(d, true), DepthPath::Late) << int(f);
  }
  DrawContext s = draw(false, true);
  s.render_states.stencil_enable = true;  // stencil values may move either way
  EXPECT_EQ(depth_path(s, true), DepthPath::Late);
  DrawContext o = draw(false, true);
  o.render_states.z_enable = false;
  o.render_states.stencil_enable = true;
  EXPECT_EQ(depth_path(o, true), DepthPath::Late);
}

TEST(DepthPath, DepthAtRopIsWhatALaterEarlyDrawWaitsFor) {
  EXPECT_FALSE(depth_at_rop(draw(), DepthPath::Early));
  EXPECT_TRUE(depth_at_rop(draw(), DepthPath::Late));
  EXPECT_TRUE(depth_at_rop(draw(), DepthPath::EarlyTestLateWrite));
  DrawContext d = draw();
  d.render_states.z_enable = false;
  EXPECT_FALSE(depth_at_rop(d, DepthPath::Late));
}

}  // namespace
}  // namespace gfx::func
