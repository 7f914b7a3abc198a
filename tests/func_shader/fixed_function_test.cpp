// Fixed-function programs: transform constants, vertex program bindings and outputs, the
// stage-0 modulate pixel program.
#include "func/shader/fixed_function.h"

#include <gtest/gtest.h>

#include <array>

#include "common/error.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

api::Matrix4 translate(float x, float y, float z) {
  api::Matrix4 m = api::identity_matrix();
  m[12] = x;
  m[13] = y;
  m[14] = z;
  return m;
}

api::Matrix4 scale(float s) {
  api::Matrix4 m = api::identity_matrix();
  m[0] = m[5] = m[10] = s;
  return m;
}

// A projection that keeps x and y and sends w to view-space z: z' = z - 1, w' = z.
api::Matrix4 simple_projection() {
  api::Matrix4 m = api::identity_matrix();
  m[11] = 1.0f;   // row 2, column 3
  m[14] = -1.0f;  // row 3, column 2
  m[15] = 0.0f;
  return m;
}

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

TEST(FixedFunction, TransformConstantsAreColumnsOfWorldViewProj) {
  Vec4 cs[4];
  ff_transform_constants(translate(1, 2, 3), scale(2), simple_projection(), cs);
  // M = T * S * P; (1,1,1,1) * T = (2,3,4,1), * S = (4,6,8,1), * P = (4, 6, 7, 8).
  EXPECT_EQ(cs[0], (Vec4{2, 0, 0, 2}));
  EXPECT_EQ(cs[1], (Vec4{0, 2, 0, 4}));
  EXPECT_EQ(cs[2], (Vec4{0, 0, 2, 5}));
  EXPECT_EQ(cs[3], (Vec4{0, 0, 2, 6}));
}

TEST(FixedFunction, VertexProgramTransformsAndPassesAttributes) {
  api::VertexDeclaration decl;
  decl.elements = {element(api::DeclUsage::Position, 0, api::DeclType::Float3),
                   element(api::DeclUsage::TexCoord, 2, api::DeclType::Float2),
                   element(api::DeclUsage::Color, 0, api::DeclType::D3DColor),
                   element(api::DeclUsage::TexCoord, 0, api::DeclType::Float2)};
  const Program p = make_ff_vertex_program(decl);
  EXPECT_EQ(p.name, "ff_vs[pos,diffuse,tex0,tex2]");
  const int v_pos = input_reg(p, api::DeclUsage::Position, 0);
  const int v_col = input_reg(p, api::DeclUsage::Color, 0);
  const int v_t0 = input_reg(p, api::DeclUsage::TexCoord, 0);
  const int v_t2 = input_reg(p, api::DeclUsage::TexCoord, 2);
  ASSERT_TRUE(v_pos >= 0 && v_col >= 0 && v_t0 >= 0 && v_t2 >= 0);
  EXPECT_EQ(input_reg(p, api::DeclUsage::TexCoord, 1), -1);

  Warp w = warp_with({}, 2);
  w.set_input(v_pos, 1, Vec4{1, 1, 1, 1});
  w.set_input(v_col, 1, Vec4{0.25f, 0.5f, 0.75f, 1});
  w.set_input(v_t0, 1, Vec4{0.125f, 0.875f, 0, 1});
  w.set_input(v_t2, 1, Vec4{3, 4, 0, 1});
  std::vector<Vec4> consts(4);
  ff_transform_constants(translate(1, 2, 3), scale(2), simple_projection(), consts.data());
  run(p, w, consts);
  EXPECT_EQ(w.output_vec(0, 1), (Vec4{4, 6, 7, 8}));
  EXPECT_EQ(w.output_vec(output_reg(p, Varying::Color0), 1), (Vec4{0.25f, 0.5f, 0.75f, 1}));
  EXPECT_EQ(w.output_vec(output_reg(p, Varying::TexCoord0), 1), (Vec4{0.125f, 0.875f, 0, 1}));
  EXPECT_EQ(w.output_vec(output_reg(p, Varying::TexCoord2), 1), (Vec4{3, 4, 0, 1}));
  EXPECT_EQ(output_reg(p, Varying::TexCoord1), -1);
}

TEST(FixedFunction, MissingDiffuseIsOpaqueWhite) {
  api::VertexDeclaration decl;
  decl.elements = {element(api::DeclUsage::Position, 0, api::DeclType::Float4)};
  const Program p = make_ff_vertex_program(decl);
  Warp w = warp_with({Vec4{1, 2, 3, 1}}, 1);
  std::vector<Vec4> consts(4);
  ff_transform_constants(api::identity_matrix(), api::identity_matrix(), api::identity_matrix(),
                         consts.data());
  run(p, w, consts);  // the caller does not supply the literal c4
  EXPECT_EQ(w.output_vec(0, 0), (Vec4{1, 2, 3, 1}));
  EXPECT_EQ(w.output_vec(output_reg(p, Varying::Color0), 0), (Vec4{1, 1, 1, 1}));
  EXPECT_EQ(p.outputs.size(), 1u);
}

TEST(FixedFunction, DeclarationsItCannotServeAreErrors) {
  api::VertexDeclaration none;
  none.elements = {element(api::DeclUsage::TexCoord, 0, api::DeclType::Float2)};
  EXPECT_THROW(make_ff_vertex_program(none), Error);
  api::VertexDeclaration rhw;
  rhw.elements = {element(api::DeclUsage::PositionT, 0, api::DeclType::Float4)};
  EXPECT_THROW(make_ff_vertex_program(rhw), Error);
}

int pixel_input(const Program& p, Varying v) {
  for (const PixelInputBinding& b : p.pixel_inputs)
    if (b.varying == v) return b.reg;
  return -1;
}

TEST(FixedFunction, PixelProgramModulatesDiffuseWithTexture) {
  const api::Texture t =
      make_texture(2, 2, 1, [](unsigned, uint32_t, uint32_t) { return 0x80804020u; });
  std::array<SamplerBinding, api::kMaxSamplers> samplers{};
  samplers[0].texture = &t;
  const Program p = make_ff_pixel_program(true);
  const int v_diff = pixel_input(p, Varying::Color0), v_tc = pixel_input(p, Varying::TexCoord0);
  ASSERT_TRUE(v_diff >= 0 && v_tc >= 0);
  Warp w = warp_with({}, 4);
  for (int l = 0; l < 4; ++l) {
    w.set_input(v_diff, l, Vec4{0.5f, 1.0f, 0.25f, 0.5f});
    w.set_input(v_tc, l, Vec4{0.25f, 0.25f, 0, 1});
  }
  const Vec4 got = run(p, w, {}, samplers.data());
  EXPECT_EQ(got, (Vec4{float(128 / 255.0) * 0.5f, float(64 / 255.0) * 1.0f,
                       float(32 / 255.0) * 0.25f, float(128 / 255.0) * 0.5f}));

  const Program plain = make_ff_pixel_program(false);
  EXPECT_EQ(pixel_input(plain, Varying::TexCoord0), -1);
  Warp w2 = warp_with({Vec4{0.5f, 1.0f, 0.25f, 0.5f}}, 4);
  EXPECT_EQ(run(plain, w2), (Vec4{0.5f, 1.0f, 0.25f, 0.5f}));
}

}  // namespace
}  // namespace gfx::func::test
