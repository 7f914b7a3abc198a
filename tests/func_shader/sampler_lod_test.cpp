// The D3D9 LOD controls of a sampler: MIPMAPLODBIAS shifts the level, MAXMIPLEVEL keeps the
// most detailed levels out, both also for an explicit LOD (texldl) in vertex programs, where
// there are no quad derivatives; and the range checks on the new sampler fields.
#include <gtest/gtest.h>

#include <cmath>

#include "common/error.h"
#include "func/texture/sampler.h"
#include "func/texture/texel_batch.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

constexpr auto P = api::Filter::Point;
constexpr auto L = api::Filter::Linear;
constexpr auto N = api::Filter::None;

float unorm(unsigned c) { return float(c / 255.0); }

// 8x8 with 4 levels; level l is solid with red = 60 * l (0, 60, 120, 180).
api::Texture mip_chain() {
  return make_texture(8, 8, 4,
                      [](unsigned l, uint32_t, uint32_t) { return 0xFF000000u | (60u * l) << 16; });
}

api::SamplerState state(api::Filter mag, api::Filter min, api::Filter mip, float bias = 0.0f,
                        uint32_t max_level = 0) {
  api::SamplerState st;
  st.mag_filter = mag;
  st.min_filter = min;
  st.mip_filter = mip;
  st.address_u = st.address_v = api::Address::Clamp;
  st.mip_lod_bias = bias;
  st.max_mip_level = max_level;
  return st;
}

PreparedSampler prep(const api::Texture& t, const api::SamplerState& st) {
  return prepare_sampler(SamplerBinding{&t, st});
}

float red(const PreparedSampler& s, float lod) { return sample(s, 0.5f, 0.5f, lod, nullptr).x; }

TEST(SamplerLod, BiasShiftsTheLevel) {
  const api::Texture t = mip_chain();
  const PreparedSampler up = prep(t, state(P, P, P, 1.0f));
  EXPECT_EQ(red(up, 0.0f), unorm(60));  // magnified without the bias, level 1 with it
  EXPECT_EQ(red(up, 1.0f), unorm(120));
  EXPECT_EQ(red(up, 2.6f), unorm(180));  // past the chain: the last level
  const PreparedSampler down = prep(t, state(P, P, P, -1.0f));
  EXPECT_EQ(red(down, 2.0f), unorm(60));
  EXPECT_EQ(red(down, 1.4f), unorm(0));   // 0.4 rounds to level 0
  EXPECT_EQ(red(down, 1.5f), unorm(60));  // 0.5 rounds up
  const PreparedSampler tri = prep(t, state(L, L, L, 0.5f));
  EXPECT_EQ(red(tri, 1.0f), unorm(90));   // 1.5: halfway between 60 and 120
  EXPECT_EQ(red(tri, 0.75f), unorm(75));  // 1.25
}

TEST(SamplerLod, BiasAppliesToFootprintLod) {
  const api::Texture t = mip_chain();
  const Derivatives two_texels{2.0f / 8, 0, 0, 2.0f / 8};  // LOD 1
  EXPECT_EQ(sample_grad(prep(t, state(P, P, P)), 0.5f, 0.5f, two_texels, 0.0f, nullptr).x,
            unorm(60));
  EXPECT_EQ(sample_grad(prep(t, state(P, P, P, 1.0f)), 0.5f, 0.5f, two_texels, 0.0f, nullptr).x,
            unorm(120));
  // texldb's own bias adds to the sampler's.
  EXPECT_EQ(sample_grad(prep(t, state(P, P, P, 1.0f)), 0.5f, 0.5f, two_texels, 1.0f, nullptr).x,
            unorm(180));
}

TEST(SamplerLod, MaxMipLevelClampsTheMostDetailedLevel) {
  const api::Texture t = mip_chain();
  const PreparedSampler s = prep(t, state(P, P, P, 0.0f, 2));
  EXPECT_EQ(red(s, 0.5f), unorm(120));   // level 1 would be chosen: clamped to 2
  EXPECT_EQ(red(s, -1.0f), unorm(120));  // magnification reads the base level too
  EXPECT_EQ(red(s, 2.0f), unorm(120));
  EXPECT_EQ(red(s, 3.0f), unorm(180));  // coarser levels are untouched
  // Past the chain: the last level, whatever the LOD.
  const PreparedSampler past = prep(t, state(P, P, P, 0.0f, 9));
  EXPECT_EQ(red(past, -2.0f), unorm(180));
  EXPECT_EQ(red(past, 0.5f), unorm(180));
  // Trilinear blends only from the clamp on.
  const PreparedSampler tri = prep(t, state(L, L, L, 0.0f, 1));
  EXPECT_EQ(red(tri, 0.5f), unorm(60));  // would be 30 without the clamp
  EXPECT_EQ(red(tri, 1.5f), unorm(90));
  // No mipmapping: D3D9 ignores MAXMIPLEVEL and reads level 0 only (visual.c maxmip_test),
  // minified or magnified, whatever the level asked for.
  for (uint32_t max_level : {0u, 1u, 2u, 3u, 9u}) {
    const PreparedSampler none = prep(t, state(P, P, N, 0.0f, max_level));
    EXPECT_EQ(red(none, 2.0f), unorm(0)) << max_level;
    EXPECT_EQ(red(none, -1.0f), unorm(0)) << max_level;
    EXPECT_EQ(red(prep(t, state(L, L, N, 0.0f, max_level)), 1.0f), unorm(0)) << max_level;
  }
  // Bias first, then the clamp: 1.5 - 1 = 0.5 -> level 1.
  EXPECT_EQ(red(prep(t, state(L, L, L, -1.0f, 1)), 1.5f), unorm(60));
}

TEST(SamplerLod, MaxMipLevelReportsTheClampedLevelToTheSink) {
  const api::Texture t = mip_chain();
  const PreparedSampler s = prep(t, state(P, P, P, 0.0f, 2));
  RecordingSink sink;
  {
    TexelBatch batch(sink, t, 0);
    sample(s, 0.5f, 0.5f, 0.0f, &batch);  // magnified: point on level 2 (2x2), texel (1, 1)
    sample(s, 0.1f, 0.9f, 1.0f, &batch);  // level 2: texel (0, 1)
    batch.flush();
  }
  EXPECT_EQ(sink.level_texels(2), (std::vector<uint32_t>{1, 1, 0, 1}));
  EXPECT_TRUE(sink.level_texels(0).empty());
  EXPECT_TRUE(sink.level_texels(1).empty());
}

// A vertex warp running texldl (o0 = tex2Dlod(s0, v0)): each lane gives its own LOD in v0.w.
TEST(SamplerLod, VertexTexldlHonoursBiasAndMaxMipLevel) {
  const api::Texture t = mip_chain();
  std::array<SamplerBinding, api::kMaxSamplers> samplers{};
  samplers[0] = {&t, state(P, L, L, 0.5f, 1)};
  Instr texldl = tex(o(0), v(0), 0);
  texldl.tex_mode = TexMode::Lod;
  const Program p = program({texldl}, 0, 1, 1, api::ShaderStage::Vertex);
  const float lods[] = {0.0f, 1.25f, -3.0f, 2.0f, 7.0f};
  Warp w = warp_with({Vec4{}}, 5);
  for (int l = 0; l < 5; ++l) w.set_input(0, l, Vec4{0.5f, 0.5f, 0.0f, lods[l]});
  RecordingSink sink;
  run(p, w, {}, samplers.data(), &sink);
  EXPECT_EQ(w.output_vec(0, 0).x, unorm(60));   // 0.5 clamped to level 1
  EXPECT_EQ(w.output_vec(0, 1).x, unorm(105));  // 1.75: 60 / 4 + 120 * 3 / 4
  EXPECT_EQ(w.output_vec(0, 2).x, unorm(60));   // magnified (-2.5): the base level, level 1
  EXPECT_EQ(w.output_vec(0, 3).x, unorm(150));  // 2.5
  EXPECT_EQ(w.output_vec(0, 4).x, unorm(180));  // past the chain
  EXPECT_TRUE(sink.level_texels(0).empty());    // MAXMIPLEVEL 1: level 0 is never read
}

// Vertex lanes have no footprint, so an anisotropic min filter reads as its bilinear base.
TEST(SamplerLod, VertexFetchWithAnisotropicMinFilterIsTrilinear) {
  const api::Texture t = mip_chain();
  api::SamplerState aniso = state(L, api::Filter::Anisotropic, L);
  aniso.max_anisotropy = 16;
  std::array<SamplerBinding, api::kMaxSamplers> samplers{};
  samplers[0] = {&t, aniso};
  Instr texldl = tex(o(0), v(0), 0);
  texldl.tex_mode = TexMode::Lod;
  const Program p = program({texldl}, 0, 1, 1, api::ShaderStage::Vertex);
  Warp w = warp_with({Vec4{0.3f, 0.7f, 0.0f, 1.25f}}, 4);
  run(p, w, {}, samplers.data());
  const Vec4 linear = sample(prep(t, state(L, L, L)), 0.3f, 0.7f, 1.25f, nullptr);
  EXPECT_EQ(linear.x, unorm(75));
  for (int l = 0; l < 4; ++l) EXPECT_EQ(w.output_vec(0, l), linear) << "lane " << l;
}

void expect_rejected(const api::SamplerState& st, const char* fragment) {
  const api::Texture t = mip_chain();
  try {
    prep(t, st);
    FAIL() << "accepted; expected an error mentioning '" << fragment << "'";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(SamplerLod, OutOfRangeFieldsAreRejected) {
  api::SamplerState st;
  st.max_anisotropy = 0;
  expect_rejected(st, "max_anisotropy 0 is outside 1..16");
  st.max_anisotropy = 17;
  expect_rejected(st, "max_anisotropy 17 is outside 1..16");
  st.max_anisotropy = 16;
  st.mip_lod_bias = NAN;
  expect_rejected(st, "mip_lod_bias is not a finite number");
  st.mip_lod_bias = INFINITY;
  expect_rejected(st, "mip_lod_bias is not a finite number");
}

}  // namespace
}  // namespace gfx::func::test
