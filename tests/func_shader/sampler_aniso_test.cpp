// The anisotropic filter: probe count from the footprint's axis ratio (2x, 4x, rounded up,
// capped at 16 and at MAXANISOTROPY), probe positions along the major axis as the texel
// sink sees them, the result as the exact mean of its probes, and isotropic footprints
// giving exactly the bilinear/trilinear result.
#include <gtest/gtest.h>

#include <vector>

#include "func/texture/sampler.h"
#include "func/texture/texel_batch.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

constexpr auto L = api::Filter::Linear;
constexpr auto N = api::Filter::None;
constexpr auto A = api::Filter::Anisotropic;

float unorm(unsigned c) { return float(c / 255.0); }

// 16x16, full chain. Level 0: red = 16 x, green = 16 y, blue = 255 where x % 4 == 1.
// Coarser levels are solid white, so a trilinear probe mixes level 0 with 255.
api::Texture ramp() {
  return make_texture(16, 16, 5, [](unsigned l, uint32_t x, uint32_t y) {
    if (l > 0) return 0xFFFFFFFFu;
    return 0xFF000000u | (16 * x) << 16 | (16 * y) << 8 | (x % 4 == 1 ? 255u : 0u);
  });
}

PreparedSampler prep(const api::Texture& t, api::Filter min, api::Filter mip,
                     uint32_t max_aniso = 16, float bias = 0.0f) {
  api::SamplerState st;
  st.mag_filter = L;
  st.min_filter = min;
  st.mip_filter = mip;
  st.address_u = st.address_v = api::Address::Clamp;
  st.max_anisotropy = max_aniso;
  st.mip_lod_bias = bias;
  return prepare_sampler(SamplerBinding{&t, st});
}

// Footprint of `major` texels along screen x and `minor` along screen y (16-texel level 0).
Derivatives stretched(float major, float minor) { return {major / 16, 0, 0, minor / 16}; }

TEST(SamplerAniso, ProbeCountFollowsTheAxisRatio) {
  const api::Texture t = ramp();
  const PreparedSampler s = prep(t, A, N);
  const AnisoPlan two = plan_anisotropic(s, stretched(4, 2));
  EXPECT_EQ(two.probes, 2u);
  EXPECT_EQ(two.lod, 1.0f);  // log2(4 / 2)
  EXPECT_EQ(two.step_u, 2.0f / 16);
  EXPECT_EQ(two.step_v, 0.0f);
  const AnisoPlan four = plan_anisotropic(s, stretched(8, 2));
  EXPECT_EQ(four.probes, 4u);
  EXPECT_EQ(four.lod, 1.0f);
  EXPECT_EQ(plan_anisotropic(s, stretched(5, 2)).probes, 3u);       // 2.5 rounds up
  EXPECT_EQ(plan_anisotropic(s, stretched(16, 0.5f)).probes, 16u);  // 32:1, capped at 16
  EXPECT_EQ(plan_anisotropic(s, stretched(16, 0.5f)).lod, 0.0f);    // log2(16 / 16)
  EXPECT_EQ(plan_anisotropic(s, stretched(16, 0)).probes, 16u);     // a line footprint
  EXPECT_EQ(plan_anisotropic(prep(t, A, N, 4), stretched(16, 0.5f)).probes, 4u);
  EXPECT_EQ(plan_anisotropic(prep(t, A, N, 4), stretched(16, 0.5f)).lod, 2.0f);
}

TEST(SamplerAniso, OneProbeWhenThereIsNothingToStretch) {
  const api::Texture t = ramp();
  const PreparedSampler s = prep(t, A, N);
  EXPECT_EQ(plan_anisotropic(s, stretched(4, 4)).probes, 1u);  // isotropic
  EXPECT_EQ(plan_anisotropic(s, {3.0f / 16, 4.0f / 16, -4.0f / 16, 3.0f / 16}).probes, 1u);
  EXPECT_EQ(plan_anisotropic(s, stretched(0.75f, 0.1f)).probes, 1u);        // magnified
  EXPECT_EQ(plan_anisotropic(s, stretched(1.5f, 0.1f), -1.0f).probes, 1u);  // biased to mag
  EXPECT_EQ(plan_anisotropic(s, stretched(0, 0)).probes, 1u);
  EXPECT_EQ(plan_anisotropic(prep(t, L, N), stretched(8, 1)).probes, 1u);  // min linear
  EXPECT_EQ(plan_anisotropic(prep(t, A, N, 1), stretched(8, 1)).probes, 1u);
}

TEST(SamplerAniso, MajorAxisAlongScreenY) {
  const api::Texture t = ramp();
  const AnisoPlan p = plan_anisotropic(prep(t, A, N), {0, 1.0f / 16, 0, 4.0f / 16});
  EXPECT_EQ(p.probes, 4u);
  EXPECT_EQ(p.step_u, 0.0f);
  EXPECT_EQ(p.step_v, 1.0f / 16);
}

std::vector<uint32_t> sink_texels(const PreparedSampler& s, const api::Texture& t, float u, float v,
                                  const Derivatives& d, Vec4* result, unsigned level = 0) {
  RecordingSink sink;
  TexelBatch batch(sink, t, 0);
  *result = sample_grad(s, u, v, d, 0.0f, &batch);
  batch.flush();
  return sink.level_texels(level);
}

TEST(SamplerAniso, TwoProbesStraddleTheCentre) {
  const api::Texture t = ramp();
  Vec4 r;
  // Centre at texel (8.5, 8.5); probes one texel either side along u, on texel centres
  // 7.5 and 9.5: bilinear taps 7..8 and 9..10 in x, 8..9 in y.
  const auto texels = sink_texels(prep(t, A, N), t, 8.5f / 16, 8.5f / 16, stretched(4, 2), &r);
  EXPECT_EQ(texels, (std::vector<uint32_t>{7, 8, 8, 8, 7, 9, 8, 9,  //
                                           9, 8, 10, 8, 9, 9, 10, 9}));
  EXPECT_EQ(r.x, unorm(128));  // (16 * 7 + 16 * 9) / 2
  EXPECT_EQ(r.y, unorm(128));
}

TEST(SamplerAniso, FourProbesAtOneAndThreeTexels) {
  const api::Texture t = ramp();
  Vec4 r;
  const auto texels = sink_texels(prep(t, A, N), t, 8.5f / 16, 8.5f / 16, stretched(8, 2), &r);
  const std::vector<uint32_t> expected = {5, 8, 6,  8, 5, 9, 6,  9, 7,  8, 8,  8, 7,  9, 8,  9,
                                          9, 8, 10, 8, 9, 9, 10, 9, 11, 8, 12, 8, 11, 9, 12, 9};
  EXPECT_EQ(texels, expected);
  EXPECT_EQ(r.x, unorm(128));  // 16 * (5 + 7 + 9 + 11) / 4
  EXPECT_EQ(r.z, 0.5f);        // texels 5 and 9 are 255, 7 and 11 are 0
}

TEST(SamplerAniso, SixteenProbesCoverTheRow) {
  const api::Texture t = ramp();
  Vec4 r;
  // 32:1 capped at 16: probes on every texel centre of the row, taps i and i + 1 (clamped).
  const auto texels = sink_texels(prep(t, A, N), t, 8.0f / 16, 8.5f / 16, stretched(16, 0.5f), &r);
  std::vector<uint32_t> expected;
  for (uint32_t i = 0; i < 16; ++i) {
    const uint32_t x1 = i < 15 ? i + 1 : 15;
    for (uint32_t y : {8u, 9u}) {
      expected.insert(expected.end(), {i, y, x1, y});
    }
  }
  EXPECT_EQ(texels, expected);
  EXPECT_EQ(r.x, unorm(120));  // the mean of 0, 16, ..., 240
  EXPECT_EQ(r.z, 0.25f);       // 4 of 16 texels are 255
}

TEST(SamplerAniso, ResultIsTheMeanOfTrilinearProbes) {
  const api::Texture t = ramp();
  // 8:2 -> 4 probes at LOD 1, biased to 0.5: each probe blends level 0 and white level 1
  // half and half. Blue probes: 255 -> 1.0 and 0 -> 0.5, so the mean is 0.75 exactly.
  const PreparedSampler s = prep(t, A, L, 16, -0.5f);
  const float u = 8.5f / 16, v = 8.5f / 16;
  const Derivatives d = stretched(8, 2);
  const AnisoPlan plan = plan_anisotropic(s, d);
  ASSERT_EQ(plan.probes, 4u);
  Vec4 mean{};
  for (unsigned i = 0; i < plan.probes; ++i) {
    const float k = float(i) + 0.5f - 2.0f;
    const Vec4 probe = sample(s, u + k * plan.step_u, v + k * plan.step_v, plan.lod, nullptr);
    for (int c = 0; c < 4; ++c) mean[c] += probe[c] / 4;
  }
  RecordingSink sink;
  TexelBatch batch(sink, t, 0);
  const Vec4 got = sample_grad(s, u, v, d, 0.0f, &batch);
  batch.flush();
  EXPECT_EQ(got.z, 0.75f);
  EXPECT_EQ(got, mean);
  EXPECT_EQ(sink.level_texels(0).size(), 2u * 16);  // 4 probes x 4 taps on each level
  EXPECT_EQ(sink.level_texels(1).size(), 2u * 16);
}

TEST(SamplerAniso, IsotropicFootprintsMatchBilinearAndTrilinear) {
  const api::Texture t = ramp();
  const Derivatives feet[] = {
      {1.0f / 16, 0, 0, 1.0f / 16},                   // 1:1, LOD 0
      {3.0f / 16, 0, 0, 3.0f / 16},                   // LOD log2(3)
      {3.0f / 16, 4.0f / 16, -4.0f / 16, 3.0f / 16},  // rotated, length 5
      {0.4f / 16, 0, 0, 0.4f / 16},                   // magnified
      {0.3f / 16, 0.1f / 16, 0, 17.0f / 16},          // stretched, but cap 1 below
  };
  for (api::Filter mip : {N, api::Filter::Point, L}) {
    for (const Derivatives& d : feet) {
      const bool stretched_foot = d.dvdy > 1.0f;
      const PreparedSampler aniso = prep(t, A, mip, stretched_foot ? 1 : 16);
      const PreparedSampler linear = prep(t, L, mip);
      for (float u : {0.1f, 0.37f, 0.5f, 0.93f}) {
        const float v = 1.0f - u * 0.7f;
        const float lod = lod_from_derivatives(d.dudx, d.dvdx, d.dudy, d.dvdy, linear);
        EXPECT_EQ(sample_grad(aniso, u, v, d, 0.0f, nullptr), sample(linear, u, v, lod, nullptr))
            << "mip " << int(mip) << " u " << u << " dudx " << d.dudx;
      }
    }
  }
}

}  // namespace
}  // namespace gfx::func::test
