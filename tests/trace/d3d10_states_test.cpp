// The driver's mapping of D3D10 state objects onto the device's render states
// (driver/d3d10_states.h): cull by winding, depth-bias units and clamp, two-sided stencil
// faces by winding, per-target blend enables and masks, and the refused states.
#include "driver/d3d10_states.h"

#include <gtest/gtest.h>

#include "common/error.h"

namespace gfx::driver {
namespace {

using api::Cull;
using api::D3D10Cull;

TEST(D3D10RasterizerState, CullFollowsTheWinding) {
  // Clockwise is front by default: culling back faces culls counter-clockwise ones.
  EXPECT_EQ(d3d10_cull(D3D10Cull::Back, false), Cull::Ccw);
  EXPECT_EQ(d3d10_cull(D3D10Cull::Front, false), Cull::Cw);
  EXPECT_EQ(d3d10_cull(D3D10Cull::Back, true), Cull::Cw);
  EXPECT_EQ(d3d10_cull(D3D10Cull::Front, true), Cull::Ccw);
  EXPECT_EQ(d3d10_cull(D3D10Cull::None, true), Cull::None);
}

TEST(D3D10RasterizerState, DefaultsMapOntoD3D10Defaults) {
  api::RenderStates rs;
  rs.scissor_enable = true;
  rs.clipping = false;
  apply_rasterizer_state(api::RasterizerDesc{}, api::Format::D24S8, rs);
  EXPECT_EQ(rs.fill_mode, api::FillMode::Solid);
  EXPECT_EQ(rs.cull_mode, Cull::Ccw);
  EXPECT_EQ(rs.depth_bias, 0.0f);
  EXPECT_TRUE(rs.clipping);
  EXPECT_FALSE(rs.scissor_enable);
}

TEST(D3D10RasterizerState, DepthBiasIsInUnitsOfTheDepthFormat) {
  api::RasterizerDesc d;
  d.depth_bias = -3;
  api::RenderStates rs;
  apply_rasterizer_state(d, api::Format::D24S8, rs);
  EXPECT_EQ(rs.depth_bias, -3.0f / 16777216.0f);
  apply_rasterizer_state(d, api::Format::D16, rs);
  EXPECT_EQ(rs.depth_bias, -3.0f / 65536.0f);
  // A clamp limits the constant bias towards zero by its sign; the wrong sign does nothing.
  d.depth_bias = 1000;
  d.depth_bias_clamp = 0.001f;
  apply_rasterizer_state(d, api::Format::D16, rs);
  EXPECT_EQ(rs.depth_bias, 0.001f);
  d.depth_bias_clamp = -0.001f;
  apply_rasterizer_state(d, api::Format::D16, rs);
  EXPECT_EQ(rs.depth_bias, 1000.0f / 65536.0f);
}

TEST(D3D10RasterizerState, UnmodelledStatesAreRefusedNamingTheField) {
  api::RasterizerDesc d;
  EXPECT_NO_THROW(check_rasterizer_state_modelled(d, "t.yaml:9"));
  d.depth_bias_clamp = 0.5f;  // alone: applied by the driver
  EXPECT_NO_THROW(check_rasterizer_state_modelled(d, "t.yaml:9"));
  d.slope_scaled_depth_bias = 1.0f;
  EXPECT_THROW(check_rasterizer_state_modelled(d, "t.yaml:9"), Error);
  // multisample_enable only chooses the line algorithm (quadrilateral lines, drawn);
  // antialiased lines are refused naming the field.
  api::RasterizerDesc ms;
  ms.multisample_enable = 1;
  EXPECT_NO_THROW(check_rasterizer_state_modelled(ms, "t.yaml:9"));
  ms.antialiased_line_enable = 1;
  try {
    check_rasterizer_state_modelled(ms, "t.yaml:9");
    FAIL() << "antialiased_line_enable accepted";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "t.yaml:9: the bound rasterizer state has antialiased_line_enable 1 (line "
              "antialiasing), which is not modelled");
  }
}

TEST(D3D10DepthStencilState, FacesFollowTheWinding) {
  api::DepthStencilDesc d;
  d.depth_write_mask = api::DepthWriteMask::Zero;
  d.stencil_enable = 1;
  d.stencil_read_mask = 0x0F;
  d.front_face.pass_op = api::StencilOp::Incr;
  d.back_face.pass_op = api::StencilOp::Decr;
  d.back_face.func = api::CmpFunc::Equal;
  api::RenderStates rs;
  apply_depth_stencil_state(d, 7, false, rs);
  EXPECT_TRUE(rs.z_enable);
  EXPECT_FALSE(rs.z_write);
  EXPECT_EQ(rs.z_func, api::CmpFunc::Less);
  EXPECT_TRUE(rs.stencil_enable && rs.two_sided_stencil);
  EXPECT_EQ(rs.stencil_ref, 7u);
  EXPECT_EQ(rs.stencil_mask, 0x0Fu);
  EXPECT_EQ(rs.stencil_write_mask, 0xFFu);
  EXPECT_EQ(rs.stencil_pass, api::StencilOp::Incr);  // clockwise = front
  EXPECT_EQ(rs.ccw_stencil_pass, api::StencilOp::Decr);
  EXPECT_EQ(rs.ccw_stencil_func, api::CmpFunc::Equal);
  assign_stencil_faces(d, true, rs);  // counter-clockwise is front now
  EXPECT_EQ(rs.stencil_pass, api::StencilOp::Decr);
  EXPECT_EQ(rs.stencil_func, api::CmpFunc::Equal);
  EXPECT_EQ(rs.ccw_stencil_pass, api::StencilOp::Incr);
  EXPECT_EQ(rs.ccw_stencil_func, api::CmpFunc::Always);
}

TEST(D3D10BlendState, PerTargetEnablesMasksAndFactor) {
  api::BlendDesc d;
  d.blend_enable = {0, 1, 0, 0, 0, 0, 0, 1};
  d.render_target_write_mask = {1, 2, 4, 15, 15, 15, 3};
  d.dest_blend = api::Blend::BlendFactor;
  api::RenderStates rs;
  apply_blend_state(d, {1.0f, 0.0f, 128.0f / 255.0f, 0.2f}, rs, "t.yaml:4");
  EXPECT_TRUE(rs.independent_blend && rs.blend_enable && rs.separate_alpha_blend);
  EXPECT_EQ(rs.blend_enable_target,
            (std::array<bool, 8>{false, true, false, false, false, false, false, true}));
  EXPECT_EQ(rs.color_write_mask, 1);
  // Targets 1..7; past the list: all channels.
  EXPECT_EQ(rs.color_write_mask_rt, (std::array<uint8_t, 7>{2, 4, 0xF, 0xF, 0xF, 3, 0xF}));
  EXPECT_EQ(rs.blend_factor, 0x33FF0080u);  // 0.2 * 255 = 51 = 0x33
  EXPECT_EQ(rs.dest_blend, api::Blend::BlendFactor);
  // 0.3 * 255 = 76.5 has no 8-bit form.
  EXPECT_THROW(apply_blend_state(d, {0.3f, 0, 0, 0}, rs, "t.yaml:4"), Error);
}

}  // namespace
}  // namespace gfx::driver
