// Fixed-function lighting and vertex fog: the generated vertex program run through the
// interpreter with the constants the driver writes, checking exact lit colours (values
// chosen to be exact in binary floating point) for directional, point (attenuation,
// range) and spot lights (inside/outside the cone), specular and material sources, and
// the linear/exp/exp2 fog factors.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "common/error.h"
#include "func/shader/fixed_function.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

api::VertexElement element(api::DeclUsage usage, uint8_t index, api::DeclType type) {
  api::VertexElement e;
  e.usage = usage;
  e.usage_index = index;
  e.type = type;
  return e;
}

int input_reg(const Program& p, api::DeclUsage usage, unsigned index) {
  for (const InputBinding& b : p.inputs)
    if (b.usage == usage && b.usage_index == index) return b.reg;
  return -1;
}

int output_reg(const Program& p, Varying v) {
  for (const OutputBinding& b : p.outputs)
    if (b.varying == v) return b.reg;
  return -1;
}

int pixel_input_reg(const Program& p, Varying v) {
  for (const PixelInputBinding& b : p.pixel_inputs)
    if (b.varying == v) return b.reg;
  return -1;
}

// One scene: identity transforms, the lights and material given, a single vertex.
struct Scene {
  api::RenderStates rs;
  api::Material material;
  api::Light lights[api::kMaxActiveLights] = {};
  bool enabled[api::kMaxActiveLights] = {};
  bool with_color = false;
  bool with_normal = true;
  api::Matrix4 world = api::identity_matrix();

  Scene() { rs.lighting = true; }

  // Runs the program on one vertex and returns its outputs.
  struct Out {
    Vec4 diffuse, specular, fog;
  };
  Out run_vertex(Vec4 pos, Vec4 normal, Vec4 color = Vec4{0, 0, 0, 0}) const {
    api::VertexDeclaration decl;
    decl.elements = {element(api::DeclUsage::Position, 0, api::DeclType::Float3)};
    if (with_normal)
      decl.elements.push_back(element(api::DeclUsage::Normal, 0, api::DeclType::Float3));
    if (with_color)
      decl.elements.push_back(element(api::DeclUsage::Color, 0, api::DeclType::D3DColor));
    const FfVertexKey key = make_ff_vertex_key(rs, lights, enabled);
    const Program p = make_ff_vertex_program(decl, key);
    std::vector<Vec4> consts(256);
    const api::Matrix4 id = api::identity_matrix();
    ff_transform_constants(world, id, id, consts.data());
    ff_lighting_constants(world, id, rs, material, lights, enabled, consts.data());
    for (const auto& [reg, value] : p.literal_constants) consts[reg] = value;
    Warp w = warp_with({}, 1);
    w.set_input(input_reg(p, api::DeclUsage::Position, 0), 0, pos);
    if (rs.lighting && with_normal) w.set_input(input_reg(p, api::DeclUsage::Normal, 0), 0, normal);
    if (with_color) w.set_input(input_reg(p, api::DeclUsage::Color, 0), 0, color);
    run(p, w, consts);
    Out out;
    out.diffuse = w.output_vec(output_reg(p, Varying::Color0), 0);
    if (output_reg(p, Varying::Color1) >= 0)
      out.specular = w.output_vec(output_reg(p, Varying::Color1), 0);
    if (output_reg(p, Varying::Fog) >= 0) out.fog = w.output_vec(output_reg(p, Varying::Fog), 0);
    return out;
  }
};

TEST(FfLighting, DirectionalLightDiffuseAndAmbient) {
  Scene s;
  s.material.diffuse = {1, 0.5f, 0.25f, 0.75f};
  s.material.ambient = {0.5f, 0.5f, 0.5f, 1};
  s.material.emissive = {0, 0, 0.125f, 0};
  s.lights[2].type = api::LightType::Directional;
  s.lights[2].direction = {0, 0, 1};  // shining along +z onto a surface facing -z
  s.lights[2].diffuse = {0.5f, 0.5f, 0.5f, 1};
  s.lights[2].ambient = {0.25f, 0, 0, 0};
  s.enabled[2] = true;
  s.rs.ambient = 0xFF000000;
  // Va*La + Vd*Ld*(N.L = 1) + Ve = (0.125, 0, 0) + (0.5, 0.25, 0.125) + (0, 0, 0.125).
  EXPECT_EQ(s.run_vertex({0, 0, 1, 1}, {0, 0, -1, 0}).diffuse, (Vec4{0.625f, 0.25f, 0.25f, 0.75f}));
  // A surface facing away gets only ambient and emissive light.
  EXPECT_EQ(s.run_vertex({0, 0, 1, 1}, {0, 0, 1, 0}).diffuse, (Vec4{0.125f, 0, 0.125f, 0.75f}));
  // Half-angle: N.L = 0.5 exactly for a normal at 60 degrees (cos 60 = 0.5 via (0.5, 0, -c)).
  s.lights[2].ambient = {0, 0, 0, 0};
  s.material.emissive = {0, 0, 0, 0};
  EXPECT_EQ(s.run_vertex({0, 0, 1, 1}, {1, 0, -0.5f, 0}).diffuse,
            (Vec4{0.25f, 0.125f, 0.0625f, 0.75f}));
}

TEST(FfLighting, GlobalAmbientUsesTheAmbientMaterial) {
  Scene s;
  s.material.ambient = {1, 0.5f, 0, 1};
  s.material.diffuse = {0, 0, 0, 1};
  s.rs.ambient = 0xFFFF00FF;  // (1, 0, 1)
  EXPECT_EQ(s.run_vertex({0, 0, 1, 1}, {0, 0, -1, 0}).diffuse, (Vec4{1, 0, 0, 1}));
}

TEST(FfLighting, PointLightAttenuationAndRange) {
  Scene s;
  s.material.diffuse = {1, 1, 1, 1};
  api::Light& l = s.lights[0];
  l.type = api::LightType::Point;
  l.position = {0, 0, -2};
  l.diffuse = {1, 0.5f, 1, 1};
  l.ambient = {0.5f, 0, 0, 0};
  s.material.ambient = {1, 1, 1, 1};
  l.attenuation0 = 1;
  l.attenuation1 = 0.5f;
  l.attenuation2 = 0.5f;  // 1 + 0.5*2 + 0.5*4 = 4 at d = 2
  l.range = 10;
  s.enabled[0] = true;
  s.rs.ambient = 0;
  // Ambient is attenuated too: (0.5 + 1) / 4, 0.5/4, 1/4.
  EXPECT_EQ(s.run_vertex({0, 0, 0, 1}, {0, 0, -1, 0}).diffuse, (Vec4{0.375f, 0.125f, 0.25f, 1}));
  l.range = 1.5f;  // the vertex is 2 away: out of range, no light at all
  EXPECT_EQ(s.run_vertex({0, 0, 0, 1}, {0, 0, -1, 0}).diffuse, (Vec4{0, 0, 0, 1}));
  l.range = 2.0f;  // exactly at the range still lights
  EXPECT_EQ(s.run_vertex({0, 0, 0, 1}, {0, 0, -1, 0}).diffuse, (Vec4{0.375f, 0.125f, 0.25f, 1}));
}

TEST(FfLighting, SpotLightCone) {
  Scene s;
  s.material.diffuse = {1, 1, 1, 1};
  api::Light& l = s.lights[1];
  l.type = api::LightType::Spot;
  l.position = {0, 0, -2};
  l.direction = {0, 0, 1};
  l.diffuse = {0.5f, 1, 0.25f, 1};
  l.attenuation0 = 1;
  l.range = 100;
  l.theta = 1.0f;  // inner cone half-angle 0.5 rad
  l.phi = 2.0f;    // outer cone half-angle 1 rad
  l.falloff = 1;
  s.enabled[1] = true;
  // On the axis: rho = 1 > cos(0.5), full light.
  EXPECT_EQ(s.run_vertex({0, 0, 0, 1}, {0, 0, -1, 0}).diffuse, (Vec4{0.5f, 1, 0.25f, 1}));
  // Far off the axis (rho = 2/sqrt(104) < cos(1)): none, although N.L > 0.
  EXPECT_EQ(s.run_vertex({10, 0, 0, 1}, {0, 0, -1, 0}).diffuse, (Vec4{0, 0, 0, 1}));
  // Between the cones: ((rho - cos 1) / (cos 0.5 - cos 1))^1 * N.L, N.L = rho here.
  const float rho = 1.0f / std::sqrt(2.0f);
  const float spot = (rho - std::cos(1.0f)) / (std::cos(0.5f) - std::cos(1.0f));
  const Vec4 mid = s.run_vertex({2, 0, 0, 1}, {0, 0, -1, 0}).diffuse;
  EXPECT_NEAR(mid.y, spot * rho, 1e-5);
  EXPECT_GT(mid.y, 0.0f);
  EXPECT_LT(mid.y, rho);
}

TEST(FfLighting, SpecularBlinnPhong) {
  Scene s;
  s.rs.specular_enable = true;
  s.material.specular = {1, 1, 0.5f, 0.25f};
  s.material.power = 8;
  api::Light& l = s.lights[0];
  l.direction = {0, 0, 1};
  l.specular = {0.5f, 0.25f, 1, 1};
  s.enabled[0] = true;
  // Eye at the origin looking at a vertex on +z, light from behind the eye: H = N.
  const auto lit = s.run_vertex({0, 0, 5, 1}, {0, 0, -1, 0});
  EXPECT_EQ(lit.specular, (Vec4{0.5f, 0.25f, 0.5f, 0.25f}));
  EXPECT_EQ(lit.diffuse, (Vec4{0, 0, 0, 0}));  // the material has no diffuse
  // A surface facing away from the light gets no specular.
  EXPECT_EQ(s.run_vertex({0, 0, 5, 1}, {0, 0, 1, 0}).specular, (Vec4{0, 0, 0, 0.25f}));
  // N.H = cos 45 degrees: 0.5^(8/2) = 1/16 (light along +x onto a normal tilted 45 degrees).
  l.direction = {-1, 0, 0};  // toward the light: +x; eye: -z; H = normalize(1, 0, -1)
  const auto half = s.run_vertex({0, 0, 5, 1}, {0, 0, -1, 0});
  EXPECT_EQ(half.specular.x, 0.0f);  // N.L = 0: no specular
  const auto tilted = s.run_vertex({0, 0, 5, 1}, {0.6f, 0, -0.8f, 0});
  EXPECT_NEAR(tilted.specular.x, 0.5f * std::pow((0.6f + 0.8f) / std::sqrt(2.0f), 8.0f), 1e-5);
}

TEST(FfLighting, MaterialSources) {
  Scene s;
  s.with_color = true;
  s.material.diffuse = {0.25f, 0.25f, 0.25f, 1};
  s.material.ambient = {0, 0, 0, 0};
  s.lights[0].direction = {0, 0, 1};
  s.lights[0].diffuse = {1, 1, 1, 1};
  s.lights[0].ambient = {0.5f, 0.5f, 0.5f, 1};
  s.enabled[0] = true;
  const Vec4 vcol{0.5f, 1, 0, 0.5f};
  // Default: diffuse from COLOR0, ambient from the material.
  EXPECT_EQ(s.run_vertex({0, 0, 1, 1}, {0, 0, -1, 0}, vcol).diffuse, (Vec4{0.5f, 1, 0, 0.5f}));
  // Ambient from COLOR0 too.
  s.rs.ambient_source = api::MaterialSource::Color1;
  EXPECT_EQ(s.run_vertex({0, 0, 1, 1}, {0, 0, -1, 0}, vcol).diffuse, (Vec4{0.75f, 1, 0, 0.5f}));
  // COLORVERTEX off: the material everywhere.
  s.rs.color_vertex = false;
  EXPECT_EQ(s.run_vertex({0, 0, 1, 1}, {0, 0, -1, 0}, vcol).diffuse,
            (Vec4{0.25f, 0.25f, 0.25f, 1}));
  // Emissive from COLOR0 (COLORVERTEX on, diffuse from the material).
  s.rs.color_vertex = true;
  s.rs.ambient_source = api::MaterialSource::Material;
  s.rs.diffuse_source = api::MaterialSource::Material;
  s.rs.emissive_source = api::MaterialSource::Color1;
  EXPECT_EQ(s.run_vertex({0, 0, 1, 1}, {0, 0, -1, 0}, vcol).diffuse, (Vec4{0.75f, 1, 0.25f, 1}));
}

// D3D9 lights a vertex with no NORMAL0 with a zero normal: N.L = 0 leaves the ambient
// and emissive terms, with or without NORMALIZENORMALS and specular.
TEST(FfLighting, LightingWithoutNormalsUsesAZeroNormal) {
  Scene s;
  s.with_normal = false;
  s.material.diffuse = {1, 1, 1, 0.5f};
  s.material.ambient = {1, 0.5f, 1, 1};
  s.material.specular = {1, 1, 1, 1};
  s.material.emissive = {0.125f, 0, 0.25f, 0};
  s.material.power = 4;
  s.lights[1].direction = {0, 0, 1};
  s.lights[1].diffuse = {1, 1, 1, 1};
  s.lights[1].specular = {1, 1, 1, 1};
  s.lights[1].ambient = {0.25f, 0.5f, 0, 0};
  s.enabled[1] = true;
  s.rs.ambient = 0xFF000000;
  s.rs.specular_enable = true;
  for (bool normalize : {false, true}) {
    s.rs.normalize_normals = normalize;
    const Scene::Out out = s.run_vertex({0, 0, 1, 1}, {});
    EXPECT_EQ(out.diffuse, (Vec4{0.375f, 0.25f, 0.25f, 0.5f})) << normalize;
    EXPECT_EQ(out.specular, (Vec4{0, 0, 0, 1})) << normalize;
  }
}

TEST(FfFog, VertexFogFactors) {
  Scene s;
  s.rs.lighting = false;
  s.rs.fog_enable = true;
  s.rs.fog_vertex_mode = api::FogMode::Linear;
  s.rs.fog_start = 2;
  s.rs.fog_end = 6;
  EXPECT_EQ(s.run_vertex({0, 0, 4, 1}, {}).fog, (Vec4{0.5f, 0.5f, 0.5f, 0.5f}));
  EXPECT_EQ(s.run_vertex({0, 0, 1, 1}, {}).fog.x, 1.0f);  // nearer than start: clamped
  EXPECT_EQ(s.run_vertex({0, 0, 7, 1}, {}).fog.x, 0.0f);  // beyond the end
  EXPECT_EQ(s.run_vertex({0, 0, 4, 1}, {}).diffuse, (Vec4{1, 1, 1, 1}));  // unlit: white
  s.rs.fog_vertex_mode = api::FogMode::Exp;
  s.rs.fog_density = 0.5f;
  EXPECT_NEAR(s.run_vertex({0, 0, 2, 1}, {}).fog.x, std::exp(-1.0f), 1e-6);
  EXPECT_EQ(s.run_vertex({0, 0, 0, 1}, {}).fog.x, 1.0f);
  s.rs.fog_vertex_mode = api::FogMode::Exp2;
  EXPECT_NEAR(s.run_vertex({0, 0, 4, 1}, {}).fog.x, std::exp(-4.0f), 1e-6);
  s.rs.fog_enable = false;  // FOGENABLE off: no fog output at all
  api::VertexDeclaration decl;
  decl.elements = {element(api::DeclUsage::Position, 0, api::DeclType::Float3)};
  EXPECT_EQ(output_reg(make_ff_vertex_program(decl, make_ff_vertex_key(s.rs, s.lights, s.enabled)),
                       Varying::Fog),
            -1);
}

// Wine's visual.c lighting_test: a quad facing -z, lit by a directional light along +z,
// under a singular world matrix (rows (1,0,1,0), (0,1,0,0), (1,0,1,0), (0,0,0.5,1)) is fully
// lit (blue 0xff): the singular matrix stands in for its inverse, so the normal becomes
// (-1, 0, -1) and, not normalised, N.L = 1. Under the non-affine world matrix (rows
// (1,0,0,0), (0,1,0,0), (0,0,1,-1), (10,10,10,0)) it is black: the inverse transpose of
// the whole 4x4 matrix maps the normal to 0.
TEST(FfLighting, SingularAndNonAffineWorldMatricesAsD3D9) {
  Scene s;
  s.material.diffuse = {0, 0, 1, 1};
  s.lights[0].type = api::LightType::Directional;
  s.lights[0].direction = {0, 0, 1};
  s.lights[0].diffuse = {1, 1, 1, 0};
  s.enabled[0] = true;
  s.rs.ambient = 0xFF000000;
  EXPECT_EQ(s.run_vertex({0, 0, 0, 1}, {0, 0, -1, 0}).diffuse, (Vec4{0, 0, 1, 1}));
  s.world = {1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0.5f, 1};
  EXPECT_EQ(s.run_vertex({0, 0, 0, 1}, {0, 0, -1, 0}).diffuse, (Vec4{0, 0, 1, 1}));
  std::vector<Vec4> c(256);
  ff_lighting_constants(s.world, api::identity_matrix(), s.rs, s.material, s.lights, s.enabled,
                        c.data());
  EXPECT_EQ(c[kFfNormalConst + 0], (Vec4{1, 0, 1, 0}));  // rows of WV itself
  EXPECT_EQ(c[kFfNormalConst + 2], (Vec4{1, 0, 1, 0}));
  s.world = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1, 10, 10, 10, 0};
  EXPECT_EQ(s.run_vertex({-10, -10, -10, 1}, {0, 0, -1, 0}).diffuse, (Vec4{0, 0, 0, 1}));
  ff_lighting_constants(s.world, api::identity_matrix(), s.rs, s.material, s.lights, s.enabled,
                        c.data());
  // Rows of the 4x4 inverse's upper 3x3: (1,0,0), (0,1,0), (-1,-1,0).
  EXPECT_EQ(c[kFfNormalConst + 0], (Vec4{1, 0, 0, 0}));
  EXPECT_EQ(c[kFfNormalConst + 1], (Vec4{0, 1, 0, 0}));
  EXPECT_EQ(c[kFfNormalConst + 2], (Vec4{-1, -1, 0, 0}));
}

// FOGSTART == FOGEND with vertex fog: D3D9 fogs fully at every distance (Wine's visual.c
// fog_test draws quads nearer than start = end = 512 and reads back the fog colour).
TEST(FfFog, VertexFogWithStartEqualToEndIsFullEverywhere) {
  Scene s;
  s.rs.lighting = false;
  s.rs.fog_enable = true;
  s.rs.fog_vertex_mode = api::FogMode::Linear;
  s.rs.fog_start = 4;
  s.rs.fog_end = 4;
  for (float z : {0.0f, 1.0f, 3.99f, 4.0f, 4.01f, 100.0f}) {
    const Vec4 f = s.run_vertex({0, 0, z, 1}, {}).fog;
    EXPECT_EQ(f, (Vec4{0, 0, 0, 0})) << "z = " << z;
    EXPECT_FALSE(std::signbit(f.x)) << "z = " << z;
  }
}

TEST(FfPixel, SpecularAddAndFogBlendExact) {
  const Program p = make_ff_pixel_program(false, true, true);
  Warp w = warp_with({}, 4);  // pixel warps are whole quads
  auto set = [&](Varying v, Vec4 value) {
    for (int l = 0; l < 4; ++l) w.set_input(pixel_input_reg(p, v), l, value);
  };
  set(Varying::Color0, Vec4{0.5f, 0.25f, 0, 1});
  set(Varying::Color1, Vec4{0.25f, 0.25f, 0.5f, 0});
  set(Varying::Fog, Vec4{0.5f, 0.5f, 0.5f, 0.5f});
  // Colour (0.75, 0.5, 0.5, 1) blended half way to the fog colour red.
  EXPECT_EQ(run(p, w, {Vec4{1, 0, 0, 1}}), (Vec4{0.875f, 0.25f, 0.25f, 1}));
  // The specular sum saturates; fog factor 1 leaves the colour.
  set(Varying::Color1, Vec4{1, 1, 1, 0});
  set(Varying::Fog, Vec4{1, 1, 1, 1});
  EXPECT_EQ(run(p, w, {Vec4{1, 0, 0, 1}}), (Vec4{1, 1, 1, 1}));
  // Fog factor 0: the fog colour, alpha kept.
  set(Varying::Color0, Vec4{0.5f, 0.25f, 0, 0.5f});
  set(Varying::Fog, Vec4{0, 0, 0, 0});
  EXPECT_EQ(run(p, w, {Vec4{0, 1, 0.5f, 1}}), (Vec4{0, 1, 0.5f, 0.5f}));
}

TEST(FfPixel, DefaultProgramsAreUnchanged) {
  EXPECT_EQ(make_ff_pixel_program(true).name, "ff_ps[diffuse*tex0]");
  EXPECT_EQ(make_ff_pixel_program(false).code.size(), 2u);
  EXPECT_EQ(make_ff_pixel_program(true).code.size(), 3u);
}

}  // namespace
}  // namespace gfx::func::test
