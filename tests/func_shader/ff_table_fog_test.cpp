// Table (pixel) fog of the fixed-function programs: the exact per-pixel fog factors of
// LINEAR, EXP and EXP2 from the interpolated distance, the vertex program's distance
// output (clip z for an affine projection, clip w otherwise), and the key rule that table
// fog replaces vertex fog.
#include <gtest/gtest.h>

#include <cmath>

#include "func/shader/fixed_function.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

int input_of(const Program& p, Varying v) {
  for (const auto& b : p.pixel_inputs)
    if (b.varying == v) return b.reg;
  return -1;
}

// Red channel of a white pixel fogged towards black at distance d: the fog factor itself.
float factor(api::FogMode mode, const api::RenderStates& rs, float d) {
  const Program p = make_ff_pixel_program(false, false, true, mode);
  Warp w = warp_with({}, 4);
  for (int l = 0; l < 4; ++l) {
    w.set_input(input_of(p, Varying::Color0), l, Vec4{1, 1, 1, 1});
    w.set_input(input_of(p, Varying::Fog), l, Vec4{d, 0, 0, 1});
  }
  std::vector<Vec4> consts(4);
  consts[0] = Vec4{0, 0, 0, 1};
  consts[kFfTableFogConst] = ff_table_fog_constants(rs);
  return run(p, w, consts).x;
}

TEST(FfTableFog, FactorsAreTheD3D9Formulas) {
  api::RenderStates rs;
  rs.fog_start = 0.25f;
  rs.fog_end = 0.75f;
  rs.fog_density = 0.5f;
  EXPECT_EQ(factor(api::FogMode::Linear, rs, 0.5f), 0.5f);    // (0.75 - 0.5) / 0.5
  EXPECT_EQ(factor(api::FogMode::Linear, rs, 0.125f), 1.0f);  // before start: saturated
  EXPECT_EQ(factor(api::FogMode::Linear, rs, 2.0f), 0.0f);    // past end
  const float log2e = 1.44269504f;
  EXPECT_EQ(factor(api::FogMode::Exp, rs, 3.0f), std::exp2(-((3.0f * 0.5f) * log2e)));
  EXPECT_EQ(factor(api::FogMode::Exp2, rs, 3.0f),
            std::exp2(-(((3.0f * 0.5f) * (3.0f * 0.5f)) * log2e)));
  EXPECT_NEAR(factor(api::FogMode::Exp, rs, 3.0f), std::exp(-1.5f), 1e-6f);
  EXPECT_NEAR(factor(api::FogMode::Exp2, rs, 3.0f), std::exp(-2.25f), 1e-6f);
}

// FOGSTART == FOGEND with table fog: a step at the end, none before it and full at and
// beyond it, with no partial factor anywhere (the Windows drivers' rule wined3d follows).
TEST(FfTableFog, StartEqualToEndIsAStepAtTheEnd) {
  api::RenderStates rs;
  rs.fog_start = 0.5f;
  rs.fog_end = 0.5f;
  EXPECT_EQ(factor(api::FogMode::Linear, rs, 0.0f), 1.0f);
  EXPECT_EQ(factor(api::FogMode::Linear, rs, 0.4999f), 1.0f);
  EXPECT_EQ(factor(api::FogMode::Linear, rs, 0.5f), 0.0f);
  EXPECT_EQ(factor(api::FogMode::Linear, rs, 0.5001f), 0.0f);
  EXPECT_EQ(factor(api::FogMode::Linear, rs, 7.0f), 0.0f);
}

TEST(FfTableFog, TableModeWinsOverVertexFog) {
  api::RenderStates rs;
  rs.lighting = false;  // no lights to pass
  rs.fog_enable = true;
  rs.fog_vertex_mode = api::FogMode::Exp;
  EXPECT_EQ(make_ff_vertex_key(rs, nullptr, nullptr).fog, api::FogMode::Exp);
  rs.fog_table_mode = api::FogMode::Linear;
  const FfVertexKey k = make_ff_vertex_key(rs, nullptr, nullptr);
  EXPECT_EQ(k.fog, api::FogMode::None);
  EXPECT_TRUE(k.fog_distance);
  rs.fog_enable = false;
  EXPECT_FALSE(make_ff_vertex_key(rs, nullptr, nullptr).fog_distance);
}

TEST(FfTableFog, WBasedOnlyForNonAffineProjections) {
  api::Matrix4 m = api::identity_matrix();
  EXPECT_FALSE(ff_fog_uses_w(m));
  m[11] = 1.0f;  // _34 = 1, _44 = 0: a perspective projection
  m[15] = 0.0f;
  EXPECT_TRUE(ff_fog_uses_w(m));
}

TEST(FfTableFog, VertexProgramOutputsTheDistance) {
  api::VertexDeclaration decl;
  decl.elements.push_back({0, 0, api::DeclType::Float3, api::DeclUsage::Position, 0});
  FfVertexKey key;
  key.fog_distance = true;
  for (bool use_w : {false, true}) {
    key.fog_w = use_w;
    const Program p = make_ff_vertex_program(decl, key);
    int fog_reg = -1;
    for (const auto& o : p.outputs)
      if (o.varying == Varying::Fog) fog_reg = o.reg;
    ASSERT_GE(fog_reg, 0);
    // Clip = v * M with columns c0..c3: z column (0, 0, 0.5, 0.25), w column (0, 0, 2, 1).
    std::vector<Vec4> consts(kFfNumVsConsts);
    consts[2] = Vec4{0, 0, 0.5f, 0.25f};
    consts[3] = Vec4{0, 0, 2, 1};
    Warp w = warp_with({Vec4{0, 0, 3, 1}}, 1);
    run(p, w, consts);
    EXPECT_EQ(w.output(fog_reg, 0)[0], use_w ? 7.0f : 1.75f);
  }
}

}  // namespace
}  // namespace gfx::func::test
