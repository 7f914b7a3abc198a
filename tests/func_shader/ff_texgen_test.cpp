// Fixed-function texture coordinate generation and texture transforms: the generated vertex
// program run through the interpreter with the constants the driver writes, checking the
// exact per-stage coordinates of every D3DTSS_TCI_* mode, the D3D9 extension of 1-3
// component sets before the matrix, COUNTn and PROJECTED; then the projective texld of the
// FF pixel stage, the cache keys and the errors. Values are chosen to be exact in binary
// floating point (or computed with the same float operations where a square root enters).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "common/error.h"
#include "func/shader/fixed_function.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

constexpr uint32_t kNormal = 0x10000, kPosition = 0x20000, kReflection = 0x30000, kSphere = 0x40000,
                   kProjected = 256;

api::VertexElement element(api::DeclUsage usage, uint8_t index, api::DeclType type) {
  api::VertexElement e;
  e.usage = usage;
  e.usage_index = index;
  e.type = type;
  return e;
}

// Row-major D3D matrix from its 16 entries _11.._44.
api::Matrix4 matrix(std::array<float, 16> m) {
  api::Matrix4 r{};
  for (int i = 0; i < 16; ++i) r[i] = m[i];
  return r;
}

struct Scene {
  api::RenderStates rs;
  std::array<api::TextureStageState, api::kMaxTextureStages> st{};
  api::Matrix4 world = api::identity_matrix(), view = api::identity_matrix();
  std::array<api::Matrix4, api::kMaxTextureStages> tex{};
  std::vector<api::VertexElement> sets;  // TEXCOORD elements
  bool with_normal = true;

  Scene() {
    for (unsigned i = 1; i < api::kMaxTextureStages; ++i) st[i].color_op = st[i].alpha_op = 1;
    tex.fill(api::identity_matrix());
  }
  api::VertexDeclaration decl() const {
    api::VertexDeclaration d;
    d.elements = {element(api::DeclUsage::Position, 0, api::DeclType::Float3)};
    if (with_normal)
      d.elements.push_back(element(api::DeclUsage::Normal, 0, api::DeclType::Float3));
    d.elements.insert(d.elements.end(), sets.begin(), sets.end());
    return d;
  }
  Program program() const {
    const api::Light lights[api::kMaxActiveLights] = {};
    const bool enabled[api::kMaxActiveLights] = {};
    return make_ff_vertex_program(decl(), make_ff_vertex_key(rs, lights, enabled, st.data()));
  }
  // TexCoord `stage` of one vertex; `values` feed the TEXCOORD sets by usage index.
  Vec4 run(unsigned stage, Vec4 pos, Vec4 normal = Vec4{0, 0, 0, 0},
           const std::vector<std::pair<unsigned, Vec4>>& values = {}) const {
    const Program p = program();
    std::vector<Vec4> consts(256);
    ff_transform_constants(world, view, api::identity_matrix(), consts.data());
    ff_texture_constants(world, view, tex.data(), consts.data());
    for (const auto& [reg, value] : p.literal_constants) consts[reg] = value;
    Warp w = warp_with({}, 1);
    for (const InputBinding& b : p.inputs) {
      if (b.usage == api::DeclUsage::Position) w.set_input(b.reg, 0, pos);
      if (b.usage == api::DeclUsage::Normal) w.set_input(b.reg, 0, normal);
      for (const auto& [index, value] : values)
        if (b.usage == api::DeclUsage::TexCoord && b.usage_index == index)
          w.set_input(b.reg, 0, value);
    }
    test::run(p, w, consts);
    for (const OutputBinding& b : p.outputs)
      if (b.varying == Varying(unsigned(Varying::TexCoord0) + stage)) return w.output_vec(b.reg, 0);
    ADD_FAILURE() << "no TexCoord" << stage << " output";
    return Vec4{-99, -99, -99, -99};
  }
};

void expect_vec(Vec4 got, Vec4 want) {
  EXPECT_EQ(got.x, want.x);
  EXPECT_EQ(got.y, want.y);
  EXPECT_EQ(got.z, want.z);
  EXPECT_EQ(got.w, want.w);
}

TEST(FfTexgen, DefaultStagesKeepThePassthrough) {
  Scene s;
  EXPECT_FALSE(ff_texcoords_per_stage(s.st.data()));
  s.st[0].texcoord_index = 1;  // a plain set index is still the passthrough
  EXPECT_FALSE(ff_texcoords_per_stage(s.st.data()));
  s.st[3].texture_transform_flags = 2;  // behind the first DISABLE: ignored
  EXPECT_FALSE(ff_texcoords_per_stage(s.st.data()));
  s.st[0].texture_transform_flags = 2;
  EXPECT_TRUE(ff_texcoords_per_stage(s.st.data()));
}

TEST(FfTexgen, Count2ScaleOffsetUsesTheThirdRowFor2dSets) {
  Scene s;
  s.sets = {element(api::DeclUsage::TexCoord, 0, api::DeclType::Float2)};
  s.st[0].texture_transform_flags = 2;  // COUNT2
  // Scale (2, 3), offset (0.25, 0.5) in _31/_32; _41/_42 must not apply (w is 0).
  s.tex[0] = matrix({2, 0, 0, 0, 0, 3, 0, 0, 0.25f, 0.5f, 1, 0, 100, 100, 0, 1});
  expect_vec(s.run(0, Vec4{0, 0, 0, 1}, {}, {{0, Vec4{0.5f, 0.25f, 0, 1}}}),
             Vec4{1.25f, 1.25f, 0, 1});
}

TEST(FfTexgen, SetsAreExtendedWithOneAfterTheLastComponent) {
  Scene s;
  s.sets = {element(api::DeclUsage::TexCoord, 0, api::DeclType::Float1),
            element(api::DeclUsage::TexCoord, 1, api::DeclType::Float2),
            element(api::DeclUsage::TexCoord, 2, api::DeclType::Float3)};
  for (unsigned i = 0; i < 3; ++i) {
    s.st[i].color_op = 2;
    s.st[i].texcoord_index = i;
    s.st[i].texture_transform_flags = 4;  // COUNT4 with identity: the extended vector
  }
  const std::vector<std::pair<unsigned, Vec4>> in = {
      {0, Vec4{0.25f, 0, 0, 1}}, {1, Vec4{0.25f, 0.5f, 0, 1}}, {2, Vec4{0.25f, 0.5f, 0.75f, 1}}};
  expect_vec(s.run(0, Vec4{0, 0, 0, 1}, {}, in), Vec4{0.25f, 1, 0, 0});
  expect_vec(s.run(1, Vec4{0, 0, 0, 1}, {}, in), Vec4{0.25f, 0.5f, 1, 0});
  expect_vec(s.run(2, Vec4{0, 0, 0, 1}, {}, in), Vec4{0.25f, 0.5f, 0.75f, 1});
}

TEST(FfTexgen, Count3KeepsItsComponents) {
  Scene s;
  s.sets = {element(api::DeclUsage::TexCoord, 0, api::DeclType::Float3)};
  s.st[0].texture_transform_flags = 3;  // COUNT3: translation in the fourth row
  s.tex[0] = matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0.5f, 0.25f, 0.125f, 1});
  const std::vector<std::pair<unsigned, Vec4>> in = {{0, Vec4{1, 2, 3, 1}}};
  expect_vec(s.run(0, Vec4{0, 0, 0, 1}, {}, in), Vec4{1.5f, 2.25f, 6.125f, 1});
}

// COUNT1 on a 2D texture acts as DISABLE, Nvidia's behaviour (visual.c
// texture_transform_flags_test; ATI's would be COUNT2): the set passes as fetched, the
// matrix (here all zeros, which would give (0, 0, 0, 1)) is not applied.
TEST(FfTexgen, Count1ActsAsDisable) {
  Scene s;
  s.sets = {element(api::DeclUsage::TexCoord, 0, api::DeclType::Float2)};
  s.tex[0] = matrix({});
  s.st[0].texture_transform_flags = 1;
  const std::vector<std::pair<unsigned, Vec4>> in = {{0, Vec4{0.5f, 1, 0, 1}}};
  expect_vec(s.run(0, Vec4{0, 0, 0, 1}, {}, in), Vec4{0.5f, 1, 0, 1});
  const api::Light lights[api::kMaxActiveLights] = {};
  const bool enabled[api::kMaxActiveLights] = {};
  EXPECT_EQ(make_ff_vertex_key(s.rs, lights, enabled, s.st.data()).tex_flags[0], 0u);
  s.st[0].texture_transform_flags = 2;  // COUNT2 does apply the zero matrix
  expect_vec(s.run(0, Vec4{0, 0, 0, 1}, {}, in), Vec4{0, 0, 0, 1});
}

TEST(FfTexgen, MissingSetReadsZeros) {
  Scene s;
  s.st[0].texcoord_index = 5;
  s.st[0].texture_transform_flags = 4;
  s.tex[0] = matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5f, 0.5f, 0.5f, 1});
  expect_vec(s.run(0, Vec4{0, 0, 0, 1}), Vec4{0, 0, 0, 0});
}

TEST(FfTexgen, CameraSpacePositionProjectedCount3) {
  Scene s;
  s.with_normal = false;  // position texgen needs no normal
  s.view = matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1});  // translate (1, 2, 3)
  s.st[0].texcoord_index = kPosition;
  s.st[0].texture_transform_flags = 3 | kProjected;
  // View-space (2, 4, 8, 1); w carries the third component for the pixel stage's divide.
  expect_vec(s.run(0, Vec4{1, 2, 5, 1}), Vec4{2, 4, 8, 8});
  s.st[0].texture_transform_flags = 2 | kProjected;
  expect_vec(s.run(0, Vec4{1, 2, 5, 1}), Vec4{2, 4, 0, 4});
  s.st[0].texture_transform_flags = 0;  // DISABLE: the generated (P, 1) as is
  expect_vec(s.run(0, Vec4{1, 2, 5, 1}), Vec4{2, 4, 8, 1});
}

TEST(FfTexgen, CameraSpaceNormalUsesTheInverseTranspose) {
  Scene s;
  s.world = matrix({2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0.5f, 0, 7, 7, 7, 1});
  s.st[0].texcoord_index = kNormal;
  // n * inverse(A)^T for a scale: components divided by the scale, translation ignored.
  expect_vec(s.run(0, Vec4{0, 0, 0, 1}, Vec4{1, 1, 1, 0}), Vec4{0.5f, 0.25f, 2, 1});
  s.rs.normalize_normals = true;
  s.world = matrix({4, 0, 0, 0, 0, 4, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1});
  expect_vec(s.run(0, Vec4{0, 0, 0, 1}, Vec4{0, 0, -2, 0}), Vec4{0, 0, -1, 1});
}

TEST(FfTexgen, ReflectionVectorInfiniteAndLocalViewer) {
  Scene s;
  s.st[0].texcoord_index = kReflection;
  s.rs.local_viewer = false;  // E = (0, 0, -1): R = 2 (N.E) N - E
  expect_vec(s.run(0, Vec4{0, 4, 0, 1}, Vec4{0.5f, 0, -0.5f, 0}), Vec4{0.5f, 0, 0.5f, 1});
  expect_vec(s.run(0, Vec4{0, 4, 0, 1}, Vec4{0, 0, -1, 0}), Vec4{0, 0, -1, 1});
  s.rs.local_viewer = true;  // E = normalize(-P) = (0, -1, 0)
  expect_vec(s.run(0, Vec4{0, 4, 0, 1}, Vec4{0.5f, 0, -0.5f, 0}), Vec4{0, 1, 0, 1});
}

TEST(FfTexgen, SphereMap) {
  Scene s;
  s.rs.local_viewer = false;
  s.st[0].texcoord_index = kSphere;
  // A normal facing the eye reflects to (0, 0, -1): the centre of the map.
  expect_vec(s.run(0, Vec4{0, 0, 4, 1}, Vec4{0, 0, -1, 0}), Vec4{0.5f, 0.5f, 1, 0});
  // N = (0.75, 0, -1): R = (1.5, 0, -1), m = 2 sqrt(1.5^2 + (-1 - 1)^2) = 5.
  const float inv_m = (1.0f / std::sqrt(6.25f)) * 0.5f;
  expect_vec(s.run(0, Vec4{0, 0, 4, 1}, Vec4{0.75f, 0, -1, 0}),
             Vec4{1.5f * inv_m + 0.5f, 0.5f, 1, 0});
  // COUNT2 on the sphere-map pair: (u, v, 1, 0) puts the offset in the third row.
  s.st[0].texture_transform_flags = 2;
  s.tex[0] = matrix({2, 0, 0, 0, 0, 2, 0, 0, 0.25f, -0.5f, 1, 0, 9, 9, 9, 1});
  expect_vec(s.run(0, Vec4{0, 0, 4, 1}, Vec4{0, 0, -1, 0}), Vec4{1.25f, 0.5f, 0, 1});
}

TEST(FfTexgen, StagesReadTheirOwnCoordinates) {
  Scene s;
  s.sets = {element(api::DeclUsage::TexCoord, 0, api::DeclType::Float2),
            element(api::DeclUsage::TexCoord, 1, api::DeclType::Float2)};
  s.st[0].texcoord_index = 1;  // stage 0 passes set 1 through untransformed
  s.st[1].color_op = 4;
  s.st[1].texcoord_index = 1;  // stage 1 transforms the same set
  s.st[1].texture_transform_flags = 2;
  s.tex[1] = matrix({0.5f, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
  const std::vector<std::pair<unsigned, Vec4>> in = {{0, Vec4{9, 9, 0, 1}}, {1, Vec4{1, 2, 0, 1}}};
  expect_vec(s.run(0, Vec4{0, 0, 0, 1}, {}, in), Vec4{1, 2, 0, 1});
  expect_vec(s.run(1, Vec4{0, 0, 0, 1}, {}, in), Vec4{0.5f, 1, 0, 1});
}

TEST(FfTexgen, KeysDistinguishTheStates) {
  Scene s;
  const api::Light lights[api::kMaxActiveLights] = {};
  const bool enabled[api::kMaxActiveLights] = {};
  const std::string plain = make_ff_vertex_key(s.rs, lights, enabled).key_string();
  EXPECT_EQ(make_ff_vertex_key(s.rs, lights, enabled, s.st.data()).key_string(), plain);
  s.st[0].texcoord_index = kSphere;
  const std::string sphere = make_ff_vertex_key(s.rs, lights, enabled, s.st.data()).key_string();
  s.st[0].texture_transform_flags = 2;
  const std::string sphere2 = make_ff_vertex_key(s.rs, lights, enabled, s.st.data()).key_string();
  s.rs.local_viewer = false;
  const std::string far = make_ff_vertex_key(s.rs, lights, enabled, s.st.data()).key_string();
  EXPECT_NE(sphere, plain);
  EXPECT_NE(sphere2, sphere);
  EXPECT_NE(far, sphere2);
  bool bound[api::kMaxTextureStages] = {true};
  const std::string k1 = ff_stages_key(s.st.data(), bound);
  s.st[0].texture_transform_flags = 2 | kProjected;
  EXPECT_NE(ff_stages_key(s.st.data(), bound), k1);
}

TEST(FfTexgen, NormalModesNeedANormal) {
  Scene s;
  s.with_normal = false;
  for (uint32_t mode : {kNormal, kReflection, kSphere}) {
    s.st[0].texcoord_index = mode;
    try {
      s.program();
      ADD_FAILURE() << "mode " << mode << " without NORMAL0 was accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("NORMAL0"), std::string::npos) << e.what();
    }
  }
}

// The pixel stage divides a PROJECTED coordinate by its w before sampling: (3, 1, _, 4)
// samples (0.75, 0.25) of a 2x2 texture, texel (1, 0); unprojected it would wrap to (0, 0).
TEST(FfTexgen, ProjectedStageSamplesWithTheDivide) {
  const api::Texture tex = make_texture(2, 2, 1, [](unsigned, uint32_t x, uint32_t y) {
    return 0xFF000000u | (x ? 0xFF0000u : 0) | (y ? 0xFFu : 0);
  });
  std::array<SamplerBinding, api::kMaxSamplers> samplers{};
  samplers[0].texture = &tex;
  std::array<api::TextureStageState, api::kMaxTextureStages> st{};
  for (unsigned i = 1; i < api::kMaxTextureStages; ++i) st[i].color_op = st[i].alpha_op = 1;
  st[0].color_op = 2;  // SELECTARG1(TEXTURE)
  bool bound[api::kMaxTextureStages] = {true};
  for (uint32_t flags : {3u | kProjected, 3u}) {
    st[0].texture_transform_flags = flags;
    const Program p = make_ff_stage_program(st.data(), bound, false, false);
    Warp w = warp_with({}, 4);
    for (const PixelInputBinding& b : p.pixel_inputs)
      for (int l = 0; l < 4; ++l)
        w.set_input(b.reg, l,
                    b.varying == Varying::TexCoord0 ? Vec4{3, 1, 4, 4} : Vec4{1, 1, 1, 1});
    std::vector<Vec4> consts(8);
    for (const auto& [reg, value] : p.literal_constants) consts[reg] = value;
    const Vec4 got = run(p, w, consts, samplers.data());
    if (flags & kProjected)
      expect_vec(got, Vec4{1, 0, 0, 1});
    else
      expect_vec(got, Vec4{0, 0, 0, 1});
  }
}

}  // namespace
}  // namespace gfx::func::test
