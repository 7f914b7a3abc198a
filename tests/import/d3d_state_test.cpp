// GL state -> D3D9 state: the spot-light mapping (exact for a hard cone, the documented
// approximation for an exponent), fog modes, colour rounding and the cull errors.
#include "import/d3d_state.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace gfx::import {
namespace {

GlLight spot(double cutoff, double exponent) {
  GlLight l;
  l.position = {20, 0, 40, 1};
  l.spot_cutoff = cutoff;
  l.spot_exponent = exponent;
  return l;
}

TEST(D3dState, HardSpotConeIsExact) {
  trace::SetLight d = d3d_light(spot(10, 0), 3);
  EXPECT_EQ(d.type, api::LightType::Spot);
  EXPECT_EQ(d.index, 3u);
  EXPECT_EQ(d.phi, float(20 * 3.14159265358979323846 / 180));
  EXPECT_EQ(d.theta, d.phi);
  EXPECT_EQ(d.direction, (std::vector<float>{0, 0, -1}));  // GL's default spot direction
  EXPECT_EQ(d.position, (std::vector<float>{20, 0, 40}));
  EXPECT_EQ(d.attenuation0, 1.0f);  // GL's default constant attenuation
}

TEST(D3dState, SpotExponentMatchesGlCurvatureOnTheAxis) {
  trace::SetLight d = d3d_light(spot(10, 100), 5);
  EXPECT_EQ(d.theta, 0.0f);
  EXPECT_EQ(d.falloff, float(100 * (1 - std::cos(10 * 3.14159265358979323846 / 180))));
}

TEST(D3dState, PointLightDividesByWAndHasNoRange) {
  GlLight l;
  l.position = {2, 4, 6, 2};
  trace::SetLight d = d3d_light(l, 0);
  EXPECT_EQ(d.type, api::LightType::Point);
  EXPECT_EQ(d.position, (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(d.range, std::sqrt(std::numeric_limits<float>::max()));
}

TEST(D3dState, DirectionalSpotIsUnsupported) {
  GlLight l = spot(10, 0);
  l.position[3] = 0;
  EXPECT_THROW(d3d_light(l, 0), UnsupportedError);
}

TEST(D3dState, FogModesAndColours) {
  GlState s;
  s.fog = true;
  s.fog_mode = 9729;  // GL_LINEAR
  s.fog_color = {0.5, 0.5, 0.5, 1};
  s.fog_start = 1;
  s.fog_end = 5;
  auto r = d3d_render_states(s);
  EXPECT_EQ(r[api::RenderStateId::FogVertexMode], uint32_t(api::FogMode::Linear));
  EXPECT_EQ(r[api::RenderStateId::FogTableMode], uint32_t(api::FogMode::None));
  EXPECT_EQ(r[api::RenderStateId::FogColor], 0xFF808080u);  // 127.5 rounds up
  EXPECT_EQ(r[api::RenderStateId::FogEnd], 0x40A00000u);    // 5.0f
  s.fog_mode = 2049;                                        // GL_EXP2
  EXPECT_EQ(d3d_render_states(s)[api::RenderStateId::FogVertexMode], uint32_t(api::FogMode::Exp2));
  s.fog_mode = 2048;  // GL_EXP
  EXPECT_EQ(d3d_render_states(s)[api::RenderStateId::FogVertexMode], uint32_t(api::FogMode::Exp));
  EXPECT_EQ(d3d_color({2, -1, 0.1, 1}), 0xFFFF001Au);  // clamped; 0.1 * 255 = 25.5 -> 26
}

TEST(D3dState, CullFrontAndBackIsUnsupported) {
  GlState s;
  s.cull = true;
  s.cull_face = gl::FRONT;
  EXPECT_EQ(d3d_render_states(s)[api::RenderStateId::CullMode], uint32_t(api::Cull::Cw));
  s.cull_face = gl::FRONT_AND_BACK;
  EXPECT_THROW(d3d_render_states(s), UnsupportedError);
}

TEST(D3dState, ColorMaterialSourcesAndSpecular) {
  GlState s;
  auto off = d3d_render_states(s);
  EXPECT_EQ(off[api::RenderStateId::DiffuseMaterialSource],
            uint32_t(api::MaterialSource::Material));
  EXPECT_EQ(off[api::RenderStateId::SpecularEnable], 0u);
  s.lighting = true;
  s.color_material = true;  // GL's default mode: GL_AMBIENT_AND_DIFFUSE
  auto on = d3d_render_states(s);
  EXPECT_EQ(on[api::RenderStateId::DiffuseMaterialSource], uint32_t(api::MaterialSource::Color1));
  EXPECT_EQ(on[api::RenderStateId::AmbientMaterialSource], uint32_t(api::MaterialSource::Color1));
  EXPECT_EQ(on[api::RenderStateId::SpecularMaterialSource],
            uint32_t(api::MaterialSource::Material));
  EXPECT_EQ(on[api::RenderStateId::ColorVertex], 1u);
  EXPECT_EQ(on[api::RenderStateId::SpecularEnable], 1u);
}

}  // namespace
}  // namespace gfx::import
