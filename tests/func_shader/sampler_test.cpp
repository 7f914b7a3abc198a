// Texture filtering: point and bilinear values, mip selection, trilinear blend, X8R8G8B8
// alpha, and the checks on malformed textures.
#include "func/texture/sampler.h"

#include <gtest/gtest.h>

#include <cmath>

#include "common/error.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

PreparedSampler prep(const api::Texture& t, api::Filter mag, api::Filter min, api::Filter mip,
                     api::Address a = api::Address::Clamp) {
  SamplerBinding b;
  b.texture = &t;
  b.state.mag_filter = mag;
  b.state.min_filter = min;
  b.state.mip_filter = mip;
  b.state.address_u = b.state.address_v = a;
  return prepare_sampler(b);
}

constexpr auto P = api::Filter::Point;
constexpr auto L = api::Filter::Linear;
constexpr auto N = api::Filter::None;

float unorm(unsigned c) { return float(c / 255.0); }

TEST(Sampler, PointReadsTheTexelAtItsCentre) {
  // 16x16 texture, red = x + 16 y: every 8-bit value once.
  const api::Texture t = make_texture(16, 16, 1, [](unsigned, uint32_t x, uint32_t y) {
    return 0xFF000000u | (x + 16 * y) << 16 | (255 - x) << 8 | y;
  });
  const PreparedSampler s = prep(t, P, P, N);
  for (uint32_t y = 0; y < 16; ++y) {
    for (uint32_t x = 0; x < 16; ++x) {
      const Vec4 got = sample(s, (x + 0.5f) / 16, (y + 0.5f) / 16, 0.0f, nullptr);
      EXPECT_EQ(got, (Vec4{unorm(x + 16 * y), unorm(255 - x), unorm(y), 1.0f})) << x << "," << y;
    }
  }
  // Anywhere inside the texel reads the same texel: u = 0 is texel 0's left edge.
  EXPECT_EQ(sample(s, 0.0f, 0.0f, 0.0f, nullptr).x, unorm(0));
  EXPECT_EQ(sample(s, 1.99f / 16, 0.0f, 0.0f, nullptr).x, unorm(1));
}

TEST(Sampler, BilinearMidpoints) {
  // 2x2: black, white / (r=200), (r=40).
  const uint32_t texels[4] = {0xFF000000u, 0xFFFFFFFFu, 0x80C80000u, 0x00280000u};
  const api::Texture t =
      make_texture(2, 2, 1, [&](unsigned, uint32_t x, uint32_t y) { return texels[x + 2 * y]; });
  const PreparedSampler s = prep(t, L, L, N);
  // Halfway between the centres of texels 0 and 1 on row 0.
  EXPECT_EQ(sample(s, 0.5f, 0.25f, 0.0f, nullptr), (Vec4{0.5f, 0.5f, 0.5f, 1.0f}));
  // A quarter of the way: weight 64/256 on white.
  EXPECT_EQ(sample(s, 0.375f, 0.25f, 0.0f, nullptr), (Vec4{0.25f, 0.25f, 0.25f, 1.0f}));
  // Centre of all four: (0 + 255 + 200 + 40) / 4 red, (0 + 255) / 4 green and blue,
  // (255 + 255 + 128 + 0) / 4 alpha, as exact fixed-point sums.
  const Vec4 mid = sample(s, 0.5f, 0.5f, 0.0f, nullptr);
  EXPECT_EQ(mid.x, float(495.0 / 4 / 255));
  EXPECT_EQ(mid.y, float(255.0 / 4 / 255));
  EXPECT_EQ(mid.z, float(255.0 / 4 / 255));
  EXPECT_EQ(mid.w, float(638.0 / 4 / 255));
  // At a texel centre bilinear equals point.
  EXPECT_EQ(sample(s, 0.75f, 0.75f, 0.0f, nullptr), (Vec4{unorm(40), 0, 0, 0}));
}

TEST(Sampler, MagnifyAtOrBelowLodZeroMinifyAbove) {
  const api::Texture t = make_texture(
      2, 1, 1, [](unsigned, uint32_t x, uint32_t) { return x ? 0xFFFFFFFFu : 0xFF000000u; });
  const PreparedSampler s = prep(t, P, L, N);               // mag point, min linear
  EXPECT_EQ(sample(s, 0.5f, 0.5f, 0.0f, nullptr).x, 1.0f);  // point: texel 1
  EXPECT_EQ(sample(s, 0.5f, 0.5f, -3.0f, nullptr).x, 1.0f);
  EXPECT_EQ(sample(s, 0.5f, 0.5f, 0.25f, nullptr).x, 0.5f);  // linear, level 0 (no mips)
}

// 8x8 with 4 levels; level l is solid with red = 60 * l (0, 60, 120, 180).
api::Texture mip_chain() {
  return make_texture(8, 8, 4,
                      [](unsigned l, uint32_t, uint32_t) { return 0xFF000000u | (60u * l) << 16; });
}

TEST(Sampler, LodFromDerivatives) {
  const api::Texture t = mip_chain();
  const PreparedSampler s = prep(t, P, P, P);
  EXPECT_EQ(lod_from_derivatives(1.0f / 8, 0, 0, 1.0f / 8, s), 0.0f);  // 1 texel per pixel
  EXPECT_EQ(lod_from_derivatives(2.0f / 8, 0, 0, 2.0f / 8, s), 1.0f);  // 2 texels per pixel
  EXPECT_EQ(lod_from_derivatives(0, 4.0f / 8, 1.0f / 8, 0, s), 2.0f);  // the longer axis
  EXPECT_EQ(lod_from_derivatives(3.0f / 8, 4.0f / 8, 0, 0, s), std::log2(5.0f));  // length 5
  EXPECT_EQ(lod_from_derivatives(0, 0, 0, 0, s), -INFINITY);
}

TEST(Sampler, MipPointPicksTheNearestLevel) {
  const api::Texture t = mip_chain();
  const PreparedSampler s = prep(t, P, P, P);
  auto level_of = [&](float lod) { return sample(s, 0.5f, 0.5f, lod, nullptr).x; };
  EXPECT_EQ(level_of(-1.0f), unorm(0));
  EXPECT_EQ(level_of(0.49f), unorm(0));
  EXPECT_EQ(level_of(0.5f), unorm(60));
  EXPECT_EQ(level_of(1.0f), unorm(60));
  EXPECT_EQ(level_of(1.4f), unorm(60));
  EXPECT_EQ(level_of(1.5f), unorm(120));
  EXPECT_EQ(level_of(3.0f), unorm(180));
  EXPECT_EQ(level_of(9.0f), unorm(180));  // clamped to the last level
  EXPECT_EQ(sample(prep(t, P, P, N), 0.5f, 0.5f, 2.0f, nullptr).x, unorm(0));  // mip none
}

TEST(Sampler, TrilinearBlendsTwoLevels) {
  const api::Texture t = mip_chain();
  const PreparedSampler s = prep(t, L, L, L);
  auto red = [&](float lod) { return sample(s, 0.3f, 0.7f, lod, nullptr).x; };
  EXPECT_EQ(red(1.0f), unorm(60));
  EXPECT_EQ(red(1.25f), unorm(75));  // 60 * 0.75 + 120 * 0.25
  EXPECT_EQ(red(1.5f), unorm(90));
  EXPECT_EQ(red(2.75f), unorm(165));
  EXPECT_EQ(red(3.5f), unorm(180));  // beyond the last level
  EXPECT_EQ(red(0.0f), unorm(0));    // magnification: level 0
}

TEST(Sampler, X8R8G8B8ReadsOpaque) {
  const api::Texture t = make_texture(
      1, 1, 1, [](unsigned, uint32_t, uint32_t) { return 0x00336699u; }, api::Format::X8R8G8B8);
  EXPECT_EQ(sample(prep(t, P, P, N), 0.5f, 0.5f, 0, nullptr),
            (Vec4{unorm(0x33), unorm(0x66), unorm(0x99), 1.0f}));
}

TEST(Sampler, HostileCoordinatesStayInRange) {
  const api::Texture t = mip_chain();
  const float odd[] = {NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 4194305.0f};
  for (api::Address a : {api::Address::Wrap, api::Address::Mirror, api::Address::Clamp,
                         api::Address::Border, api::Address::MirrorOnce}) {
    const PreparedSampler s = prep(t, L, L, L, a);
    for (float u : odd) {
      for (float lod : {0.0f, 1.5f, NAN, INFINITY}) {
        const Vec4 r = sample(s, u, 0.5f, lod, nullptr);
        for (int ch = 0; ch < 4; ++ch) EXPECT_TRUE(r[ch] >= 0.0f && r[ch] <= 1.0f);
      }
    }
  }
}

void expect_rejected(const api::Texture& t, const char* fragment, api::SamplerState st = {}) {
  SamplerBinding b{&t, st};
  try {
    prepare_sampler(b);
    FAIL() << "accepted; expected an error mentioning '" << fragment << "'";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(Sampler, MalformedTexturesAreRejected) {
  api::Texture t = mip_chain();
  t.levels[2].pop_back();
  expect_rejected(t, "mip level 2 holds 15 bytes");
  api::Texture f = mip_chain();
  f.format = api::Format::D24S8;
  expect_rejected(f, "cannot be sampled");
  api::Texture empty;
  expect_rejected(empty, "texture size 0x0");
  api::Texture none = mip_chain();
  none.levels.clear();
  expect_rejected(none, "no mip levels");
  api::SamplerState bad;
  bad.address_v = static_cast<api::Address>(9);
  expect_rejected(mip_chain(), "address mode 9 for v", bad);
}

}  // namespace
}  // namespace gfx::func::test
