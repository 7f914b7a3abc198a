// D3D10's comparison filter (func/texture/compare.h): every comparison function in
// `reference FUNC texel` order, percentage-closer filtering with the bilinear filter's exact
// 8-bit weights, the UNORM reference clamped and rounded to the format's precision, float
// references compared as floats, border texels, mip levels, sample_c_lz's level 0, cubes
// with the expected values of Wine's test_sample_c_lz, and the formats D3D10 refuses.
#include "func/texture/compare.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "common/error.h"
#include "func/texture/cube.h"
#include "texture_util.h"

namespace gfx::func::test {
namespace {

using F = api::Format;
using api::CmpFunc;

SamplerBinding comparing(const api::Texture& t, CmpFunc func, api::Filter f = api::Filter::Point,
                         api::Address a = api::Address::Clamp) {
  SamplerBinding b;
  b.texture = &t;
  b.state.min_filter = b.state.mag_filter = f;
  b.state.mip_filter = api::Filter::Point;  // D3D10 samplers always have a mip filter
  b.state.address_u = b.state.address_v = b.state.address_w = a;
  b.state.comparison = true;
  b.state.comparison_func = func;
  return b;
}

// sample_c_lz of texel (0, 0)'s centre with `func` and `reference`.
float compare_texel(const api::Texture& t, CmpFunc func, float reference) {
  const PreparedSampler s = prepare_sampler(comparing(t, func));
  return sample_compare_level0(s, TexPoint{0.25f, 0.25f, 0, 0}, reference, nullptr);
}

TEST(Compare, EveryFunctionAsReferenceFuncTexel) {
  const auto t = raw_texture(F::R32_FLOAT, 1, 1, floats({0.5f}));
  struct Row {
    CmpFunc func;
    float below, equal, above;  // results for references 0.25, 0.5, 0.75
  };
  const Row rows[] = {
      {CmpFunc::Never, 0, 0, 0},        {CmpFunc::Less, 1, 0, 0},    {CmpFunc::Equal, 0, 1, 0},
      {CmpFunc::LessEqual, 1, 1, 0},    {CmpFunc::Greater, 0, 0, 1}, {CmpFunc::NotEqual, 1, 0, 1},
      {CmpFunc::GreaterEqual, 0, 1, 1}, {CmpFunc::Always, 1, 1, 1},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(std::string(api::to_name(r.func)));
    EXPECT_EQ(compare_texel(t, r.func, 0.25f), r.below);
    EXPECT_EQ(compare_texel(t, r.func, 0.5f), r.equal);
    EXPECT_EQ(compare_texel(t, r.func, 0.75f), r.above);
  }
}

TEST(Compare, LinearFilterWeighsPassingTapsExactly) {
  // 2x2 R32_FLOAT: 0.1, 0.2 / 0.3, 0.4. At u = 0.375, v = 0.625 the bilinear taps are the
  // four texels with weights x: 192, 64 (of 256), y: 64, 192, so texel (0, 0) weighs
  // 192 * 64 / 65536 = 0.1875, (1, 0) 0.0625, (0, 1) 0.5625 and (1, 1) 0.1875.
  const auto t = raw_texture(F::R32_FLOAT, 2, 2, floats({0.1f, 0.2f, 0.3f, 0.4f}));
  const TexPoint p{0.375f, 0.625f, 0, 0};
  const auto pcf = [&](CmpFunc func, float reference) {
    const PreparedSampler s = prepare_sampler(comparing(t, func, api::Filter::Linear));
    return sample_compare_level0(s, p, reference, nullptr);
  };
  EXPECT_EQ(pcf(CmpFunc::Less, 0.25f), 0.75f);        // 0.3, 0.4 pass
  EXPECT_EQ(pcf(CmpFunc::Greater, 0.25f), 0.25f);     // 0.1, 0.2
  EXPECT_EQ(pcf(CmpFunc::Equal, 0.2f), 0.0625f);      // 0.2 alone
  EXPECT_EQ(pcf(CmpFunc::LessEqual, 0.2f), 0.8125f);  // all but 0.1
  EXPECT_EQ(pcf(CmpFunc::Greater, 0.15f), 0.1875f);   // 0.1 alone
  EXPECT_EQ(pcf(CmpFunc::NotEqual, 0.3f), 0.4375f);   // all but 0.3
  // A point filter reads the nearest texel alone: (0, 1).
  const PreparedSampler point = prepare_sampler(comparing(t, CmpFunc::Equal));
  EXPECT_EQ(sample_compare_level0(point, p, 0.3f, nullptr), 1.0f);
  EXPECT_EQ(sample_compare_level0(point, p, 0.4f, nullptr), 0.0f);
}

TEST(Compare, UnormReferenceIsClampedAndRoundedToTheFormat) {
  // R16_UNORM 0x8000 is 32768 / 65535 = 0.50000763: the reference 0.5 rounds to 32767.5 ->
  // 32768 and is equal; 0.49999 rounds to 32767 and is less.
  const auto half = raw_texture(F::R16_UNORM, 1, 1, words16({0x8000}));
  EXPECT_EQ(compare_texel(half, CmpFunc::Equal, 0.5f), 1.0f);
  EXPECT_EQ(compare_texel(half, CmpFunc::Equal, 32768.0f / 65535.0f), 1.0f);
  EXPECT_EQ(compare_texel(half, CmpFunc::Less, 0.49999f), 1.0f);
  EXPECT_EQ(compare_texel(half, CmpFunc::Equal, 0.49999f), 0.0f);
  // Clamped to [0, 1] first: 1.5 equals the largest value, -3 and NaN equal 0.
  const auto ends = raw_texture(F::R16_UNORM, 2, 1, words16({0xFFFF, 0}));
  const PreparedSampler s = prepare_sampler(comparing(ends, CmpFunc::Equal));
  const TexPoint left{0.25f, 0.5f, 0, 0}, right{0.75f, 0.5f, 0, 0};
  EXPECT_EQ(sample_compare_level0(s, left, 1.5f, nullptr), 1.0f);
  EXPECT_EQ(sample_compare_level0(s, left, std::numeric_limits<float>::infinity(), nullptr), 1.0f);
  EXPECT_EQ(sample_compare_level0(s, right, -3.0f, nullptr), 1.0f);
  EXPECT_EQ(sample_compare_level0(s, right, std::nanf(""), nullptr), 1.0f);
  EXPECT_EQ(sample_compare_level0(s, right, 1.0f / 131072.0f, nullptr), 1.0f);  // rounds to 0
  EXPECT_EQ(sample_compare_level0(s, right, 1.0f / 65535.0f, nullptr), 0.0f);
}

TEST(Compare, D24DepthIsComparedAt24BitsAndIgnoresTheStencilByte) {
  // D24_UNORM_S8_UINT read through an R24_UNORM_X8_TYPELESS view: the low 24 bits are the
  // depth, the top byte the stencil (0xAB here), which the comparison never sees.
  // 0x800000 is 8388608 / 16777215 = 0.50000003: the reference 0.5 rounds to 8388607.5 ->
  // 8388608 and is equal; 0.4999999 (8388606.3 -> 8388606) is less.
  const auto half = raw_texture(F::R24_UNORM_X8_TYPELESS, 1, 1, words32({0xAB800000u}));
  EXPECT_EQ(compare_texel(half, CmpFunc::Equal, 0.5f), 1.0f);
  EXPECT_EQ(compare_texel(half, CmpFunc::Less, 0.4999999f), 1.0f);
  EXPECT_EQ(compare_texel(half, CmpFunc::Equal, 0.4999999f), 0.0f);
  EXPECT_EQ(compare_texel(half, CmpFunc::Greater, 0.5000001f), 1.0f);
  const auto one = raw_texture(F::R24_UNORM_X8_TYPELESS, 1, 1, words32({0x00FFFFFFu}));
  EXPECT_EQ(compare_texel(one, CmpFunc::Equal, 1.0f), 1.0f);
  EXPECT_EQ(compare_texel(one, CmpFunc::Equal, 2.0f), 1.0f);  // clamped to 1 first
}

TEST(Compare, FloatReferenceIsComparedAsAFloat) {
  const auto t = raw_texture(F::R32_FLOAT, 2, 1, floats({0.5f, 1.5f}));
  const float next = std::nextafter(0.5f, 1.0f);
  EXPECT_EQ(compare_texel(t, CmpFunc::Equal, next), 0.0f);  // no quantisation
  EXPECT_EQ(compare_texel(t, CmpFunc::Greater, next), 1.0f);
  // No clamp: 1.5 is compared as it is.
  const PreparedSampler s = prepare_sampler(comparing(t, CmpFunc::Equal));
  EXPECT_EQ(sample_compare_level0(s, TexPoint{0.75f, 0.5f, 0, 0}, 1.5f, nullptr), 1.0f);
  // NaN fails every function but not_equal and always.
  const float nan = std::nanf("");
  EXPECT_EQ(compare_texel(t, CmpFunc::Equal, nan), 0.0f);
  EXPECT_EQ(compare_texel(t, CmpFunc::Less, nan), 0.0f);
  EXPECT_EQ(compare_texel(t, CmpFunc::GreaterEqual, nan), 0.0f);
  EXPECT_EQ(compare_texel(t, CmpFunc::NotEqual, nan), 1.0f);
  EXPECT_EQ(compare_texel(t, CmpFunc::Always, nan), 1.0f);
}

TEST(Compare, BorderTexelsCompareTheBorderColoursRed) {
  // A 1x1 R32_FLOAT 0.25 with a red border (1.0): u = 0 puts the bilinear taps half on the
  // border column, half on the texel.
  const auto t = raw_texture(F::R32_FLOAT, 1, 1, floats({0.25f}));
  SamplerBinding b = comparing(t, CmpFunc::Less, api::Filter::Linear, api::Address::Border);
  b.state.border_color = 0xFFFF0000;
  const PreparedSampler s = prepare_sampler(b);
  const TexPoint edge{0.0f, 0.5f, 0, 0};
  EXPECT_EQ(sample_compare_level0(s, edge, 0.5f, nullptr), 0.5f);  // 0.5 < 1.0 only
  EXPECT_EQ(sample_compare_level0(s, edge, 0.1f, nullptr), 1.0f);  // 0.1 < both
}

// Two levels of 2x2 R32_FLOAT: level 0 holds 0.0, level 1 (1x1) 1.0.
api::Texture two_levels() {
  api::Texture t = raw_texture(F::R32_FLOAT, 2, 2, floats({0, 0, 0, 0}));
  t.levels.push_back(floats({1.0f}));
  return t;
}

TEST(Compare, SampleCFiltersTheLevelsOfItsFootprint) {
  const api::Texture t = two_levels();
  SamplerBinding b = comparing(t, CmpFunc::Less);
  const TexPoint p{0.25f, 0.25f, 0, 0};
  // 0.5 < texel passes on level 1 only. One texel per pixel: LOD 0; two: LOD 1.
  const Derivatives lod0{0.5f, 0, 0, 0.5f}, lod1{1.0f, 0, 0, 1.0f};
  EXPECT_EQ(sample_compare(prepare_sampler(b), p, lod0, 0.5f, nullptr), 0.0f);
  EXPECT_EQ(sample_compare(prepare_sampler(b), p, lod1, 0.5f, nullptr), 1.0f);
  // A linear mip filter halfway (LOD 0.5, 8-bit fraction 128) blends the two results.
  b.state.mip_filter = api::Filter::Linear;
  const float s = std::sqrt(2.0f) / 2.0f;  // 2^0.5 texels per pixel
  const Derivatives half{s, 0, 0, s};
  EXPECT_NEAR(sample_compare(prepare_sampler(b), p, half, 0.5f, nullptr), 0.5f, 1.0f / 256.0f);
  // The sampler's bias moves the LOD: +1 from LOD 0 reads level 1.
  b.state.mip_filter = api::Filter::Point;
  b.state.mip_lod_bias = 1.0f;
  EXPECT_EQ(sample_compare(prepare_sampler(b), p, lod0, 0.5f, nullptr), 1.0f);
}

TEST(Compare, SampleCLzReadsLevelZeroWhateverTheBias) {
  const api::Texture t = two_levels();
  SamplerBinding b = comparing(t, CmpFunc::Less);
  b.state.mip_lod_bias = 3.0f;
  EXPECT_EQ(sample_compare_level0(prepare_sampler(b), TexPoint{0.25f, 0.25f, 0, 0}, 0.5f, nullptr),
            0.0f);
  // min_lod (MAXMIPLEVEL) is the most detailed level the sampler allows: level 1.
  b.state.max_mip_level = 1;
  EXPECT_EQ(sample_compare_level0(prepare_sampler(b), TexPoint{0.25f, 0.25f, 0, 0}, 0.5f, nullptr),
            1.0f);
}

TEST(Compare, CubeFacesGiveWinesSampleCLzResults) {
  // Wine's test_sample_c_lz: a 32x32 cube of 2 levels, face f's level 0 cleared to
  // {1.0, 0.0, 0.5, 0.6, 0.4, 0.1}[f] and level 1 to 1.0; comparison_greater with a linear
  // filter and clamp; sample_c_lz at (+-1, p.x, p.y) etc. for p in [0, 1).
  const float depth[6] = {1.0f, 0.0f, 0.5f, 0.6f, 0.4f, 0.1f};
  api::Texture cube;
  cube.format = F::R32_FLOAT;
  cube.width = cube.height = 32;
  cube.kind = api::TextureKind::Cube;
  std::vector<uint8_t> level0, level1;
  for (int f = 0; f < 6; ++f) {
    for (int k = 0; k < 32 * 32; ++k) {
      const auto b = floats({depth[f]});
      level0.insert(level0.end(), b.begin(), b.end());
    }
    for (int k = 0; k < 16 * 16; ++k) {
      const auto b = floats({1.0f});
      level1.insert(level1.end(), b.begin(), b.end());
    }
  }
  cube.levels = {level0, level1};
  SamplerBinding b = comparing(cube, CmpFunc::Greater, api::Filter::Linear);
  b.state.mip_filter = api::Filter::Linear;
  const PreparedSampler s = prepare_sampler(b);
  const auto direction = [](int face, float x, float y) {
    const float sign = face % 2 ? -1.0f : 1.0f;
    if (face < 2) return cube_point(sign, x, y);
    if (face < 4) return cube_point(x, sign, y);
    return cube_point(x, y, sign);
  };
  struct Case {
    int face;
    float ref, expected;
  };
  const Case cases[] = {
      {0, 0.5f, 0}, {1, 0.5f, 1}, {2, 0.5f, 0}, {3, 0.5f, 0}, {4, 0.5f, 1}, {5, 0.5f, 1},
      {0, 0.0f, 0}, {1, 0.0f, 0}, {2, 0.0f, 0}, {3, 0.0f, 0}, {4, 0.0f, 0}, {5, 0.0f, 0},
      {0, 1.0f, 0}, {1, 1.0f, 1}, {2, 1.0f, 1}, {3, 1.0f, 1}, {4, 1.0f, 1}, {5, 1.0f, 1},
  };
  for (const Case& c : cases)
    for (float x : {0.2f, 0.5f, 0.8f})
      EXPECT_EQ(sample_compare_level0(s, direction(c.face, x, 0.4f), c.ref, nullptr), c.expected)
          << "face " << c.face << " ref " << c.ref << " x " << x;
}

TEST(Compare, OnlyComparisonSamplersAndD3D10sFormatsCompare) {
  const auto t = raw_texture(F::R32_FLOAT, 1, 1, floats({0.5f}));
  SamplerBinding plain = comparing(t, CmpFunc::Less);
  plain.state.comparison = false;
  const auto message = [](auto&& f) {
    try {
      f();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(
      message([&] { sample_compare_level0(prepare_sampler(plain), TexPoint{}, 0.5f, nullptr); }),
      "texture sampler: sample_c_lz needs a comparison sampler (a "
      "D3D10_FILTER_COMPARISON_* filter)");
  const auto rgba = raw_texture(F::R8G8B8A8_UNORM, 1, 1, {1, 2, 3, 4});
  EXPECT_EQ(message([&] {
              sample_compare(prepare_sampler(comparing(rgba, CmpFunc::Less)), TexPoint{},
                             Derivatives{}, 0.5f, nullptr);
            }),
            "texture sampler: sample_c of a texture in format r8g8b8a8_unorm: D3D10 compares "
            "only r32_float, r16_unorm, r24_unorm_x8_typeless");
  EXPECT_NE(compare_format(F::R32_FLOAT), nullptr);
  EXPECT_TRUE(compare_format(F::R16_UNORM)->unorm);
  EXPECT_EQ(compare_format(F::R16_UNORM)->bits, 16u);
  EXPECT_EQ(compare_format(F::R8_UNORM), nullptr);
  EXPECT_EQ(compare_format(F::R32F), nullptr);  // D3D9's R32F: no D3D10 view compares it
}

}  // namespace
}  // namespace gfx::func::test
