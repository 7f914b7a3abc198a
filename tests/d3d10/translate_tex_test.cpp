// SM4 -> ISA translation (d3d10/translate.h), resource instructions: sample_l, sample_b and
// sample_d pick the mip level D3D10 defines, deriv_rtx / deriv_rty give the quad's
// differences; ld, resinfo and the texel offsets. Comparison sampling: translate_cmp_test.cpp.
#include <gtest/gtest.h>

#include <limits>

#include "api/state.h"
#include "test_util.h"
#include "translate_util.h"

namespace gfx::d3d10::test {
namespace {

// 8x8 with 4 levels, each solid: level l has red = 60 * l.
api::Texture mip_chain() {
  api::Texture t;
  t.width = t.height = 8;
  for (uint32_t l = 0; l < 4; ++l) {
    const uint32_t n = 8u >> l, texel = 0xFF000000u | (60u * l) << 16;
    std::vector<uint8_t> bytes;
    for (uint32_t k = 0; k < n * n; ++k)
      for (int b = 0; b < 4; ++b) bytes.push_back(uint8_t(texel >> (8 * b)));
    t.levels.push_back(bytes);
  }
  return t;
}

float red_of_level(int l) { return float(60 * l / 255.0); }

// Lane coordinates one quad wide that step 2 texels per pixel of level 0: implicit LOD 1.
std::array<func::Vec4, 4> quad_coords() {
  return {func::Vec4{0.125f, 0.125f, 0, 0}, func::Vec4{0.375f, 0.125f, 0, 0},
          func::Vec4{0.125f, 0.375f, 0, 0}, func::Vec4{0.375f, 0.375f, 0, 0}};
}

float red(const std::string& body, const std::array<func::Vec4, 4>& v1 = quad_coords()) {
  static const api::Texture tex = mip_chain();
  std::array<func::SamplerBinding, api::kMaxSamplers> samplers{};
  samplers[2].texture = &tex;
  samplers[2].state.mip_filter = api::Filter::Point;
  samplers[2].state.address_u = samplers[2].state.address_v = api::Address::Clamp;
  Runner r;
  r.samplers = samplers.data();
  r.lane_inputs[1] = v1;
  r.run(
      translate_asm("ps_4_0\ndcl_sampler s2, mode_default\n"
                    "dcl_resource_texture2d (float,float,float,float) t2\n"
                    "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 2\n" +
                    body + "ret\n"));
  return r.output(0).x;
}

TEST(TranslateTex, SampleTakesItsLodFromTheQuad) {
  EXPECT_EQ(red("sample o0.xyzw, v1.xyxx, t2.xyzw, s2\n"), red_of_level(1));
}

TEST(TranslateTex, SampleLUsesTheGivenLod) {
  EXPECT_EQ(red("sample_l o0.xyzw, v1.xyxx, t2.xyzw, s2, l(2.000000)\n"), red_of_level(2));
  EXPECT_EQ(red("mov r0.xy, l(0, 3.000000, 0, 0)\n"
                "sample_l o0.xyzw, v1.xyxx, t2.xyzw, s2, r0.y\n"),
            red_of_level(3));
  // The LOD goes into .w of a copy: a coordinate register's own w is left alone.
  EXPECT_EQ(red("mov r0.xyzw, l(0.5, 0.5, 0, 7.000000)\n"
                "sample_l r1.xyzw, r0.xyzw, t2.xyzw, s2, l(0)\nmov o0.xyzw, r0.wwww\n"),
            7.0f);
}

TEST(TranslateTex, SampleBAddsTheBiasToTheQuadLod) {
  EXPECT_EQ(red("sample_b o0.xyzw, v1.xyxx, t2.xyzw, s2, l(1.000000)\n"), red_of_level(2));
  EXPECT_EQ(red("sample_b o0.xyzw, v1.xyxx, t2.xyzw, s2, l(-1.000000)\n"), red_of_level(0));
}

TEST(TranslateTex, SampleDTakesTheLodFromTheGivenGradients) {
  // d/dx = (0.5, 0): four texels per pixel, LOD 2; (0.125, 0): one texel, LOD 0.
  EXPECT_EQ(red("sample_d o0.xyzw, v1.xyxx, t2.xyzw, s2, l(0.500000, 0, 0, 0), l(0, 0.5, 0, 0)\n"),
            red_of_level(2));
  EXPECT_EQ(red("sample_d o0.xyzw, v1.xyxx, t2.xyzw, s2, l(0.125000, 0, 0, 0), l(0, 0, 0, 0)\n"),
            red_of_level(0));
}

TEST(TranslateTex, DerivativesAreTheQuadDifferences) {
  Runner r;
  r.lane_inputs[1] = quad_coords();
  r.run(
      translate_asm("ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
                    "deriv_rtx o0.xy, v1.xyxx\nderiv_rty o0.zw, v1.xxxy\nret\n"));
  for (int l = 0; l < 4; ++l) EXPECT_EQ(r.output(0, l), (func::Vec4{0.25f, 0, 0, 0.25f})) << l;
}

// 4x2 and 2x1 levels: red = 20 x + 60 y, green = 100 * level, alpha 255.
api::Texture texel_grid() {
  api::Texture t;
  t.width = 4;
  t.height = 2;
  for (uint32_t l = 0; l < 2; ++l) {
    std::vector<uint8_t> bytes;
    for (uint32_t y = 0; y < (2u >> l); ++y)
      for (uint32_t x = 0; x < (4u >> l); ++x) {
        const uint32_t texel = 0xFF000000u | (20 * x + 60 * y) << 16 | (100 * l) << 8;
        for (int b = 0; b < 4; ++b) bytes.push_back(uint8_t(texel >> (8 * b)));
      }
    t.levels.push_back(bytes);
  }
  return t;
}

// Runs `body` with texture `tex` in slot 1 (a linear filter that ld must ignore) and v1 set
// per lane; returns o0 of each lane.
std::array<func::Vec4, 4> run_query(const api::Texture* tex, const std::string& body,
                                    const std::array<func::Vec4, 4>& v1 = {}) {
  std::array<func::SamplerBinding, api::kMaxSamplers> samplers{};
  samplers[1].texture = tex;
  samplers[1].state.min_filter = samplers[1].state.mag_filter = api::Filter::Linear;
  samplers[1].state.mip_filter = api::Filter::Linear;
  samplers[1].state.mip_lod_bias = 0.75f;
  Runner r;
  r.samplers = samplers.data();
  r.lane_inputs[1] = v1;
  r.run(
      translate_asm("ps_4_0\ndcl_resource_texture2d (float,float,float,float) t1\n"
                    "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\n" +
                    body + "ret\n"));
  return {r.output(0, 0), r.output(0, 1), r.output(0, 2), r.output(0, 3)};
}

float unorm(uint32_t c) { return float(c / 255.0); }

TEST(TranslateTex, LdFetchesOneTexelOfTheGivenLevelUnfiltered) {
  const api::Texture tex = texel_grid();
  const auto o = run_query(&tex, "ld o0.xyzw, v1.xyzw, t1.xyzw\n",
                           {floats_of_bits(1, 1, 0, 0), floats_of_bits(3, 0, 0, 0),
                            floats_of_bits(1, 0, 0, 1), floats_of_bits(0, 1, 0, 0)});
  EXPECT_EQ(o[0], (func::Vec4{unorm(80), 0, 0, 1}));
  EXPECT_EQ(o[1], (func::Vec4{unorm(60), 0, 0, 1}));
  EXPECT_EQ(o[2], (func::Vec4{unorm(20), unorm(100), 0, 1}));  // level 1, texel (1, 0)
  EXPECT_EQ(o[3], (func::Vec4{unorm(60), 0, 0, 1}));
}

TEST(TranslateTex, LdOutsideTheLevelOrUnboundReadsZero) {
  const api::Texture tex = texel_grid();
  const std::array<func::Vec4, 4> out_of_range{
      floats_of_bits(4, 0, 0, 0), floats_of_bits(0xFFFFFFFFu, 0, 0, 0), floats_of_bits(2, 0, 0, 1),
      floats_of_bits(0, 0, 0, 2)};
  for (const func::Vec4& o : run_query(&tex, "ld o0.xyzw, v1.xyzw, t1.xyzw\n", out_of_range))
    EXPECT_EQ(o, (func::Vec4{0, 0, 0, 0}));
  for (const func::Vec4& o : run_query(nullptr, "ld o0.xyzw, v1.xyzw, t1.xyzw\n"))
    EXPECT_EQ(o, (func::Vec4{0, 0, 0, 0}));
  // The resource swizzle reorders the texel.
  EXPECT_EQ(run_query(&tex, "ld o0.xyzw, v1.xyzw, t1.wzyx\n")[0], (func::Vec4{1, 0, 0, 0}));
}

TEST(TranslateTex, LdAddsItsImmediateOffsetsToTheAddress) {
  const api::Texture tex = texel_grid();
  const auto o = run_query(&tex, "ld_aoffimmi(1,1,0) o0.xyzw, v1.xyzw, t1.xyzw\n",
                           {floats_of_bits(0, 0, 0, 0), floats_of_bits(2, 0, 0, 0),
                            floats_of_bits(3, 0, 0, 0), floats_of_bits(0, 0, 0, 1)});
  EXPECT_EQ(o[0], (func::Vec4{unorm(80), 0, 0, 1}));   // (1, 1)
  EXPECT_EQ(o[1], (func::Vec4{unorm(120), 0, 0, 1}));  // (3, 1)
  EXPECT_EQ(o[2], (func::Vec4{0, 0, 0, 0}));           // (4, 1): outside
  EXPECT_EQ(o[3], (func::Vec4{0, 0, 0, 0}));           // level 1 is 2x1: (1, 1) is outside
  const auto back = run_query(&tex, "ld_aoffimmi(-1,0,0) o0.xyzw, v1.xyzw, t1.xyzw\n",
                              {floats_of_bits(1, 1, 0, 0), floats_of_bits(0, 0, 0, 0),
                               floats_of_bits(2, 0, 0, 1), floats_of_bits(1, 0, 0, 1)});
  EXPECT_EQ(back[0], (func::Vec4{unorm(60), 0, 0, 1}));  // (0, 1)
  EXPECT_EQ(back[1], (func::Vec4{0, 0, 0, 0}));          // (-1, 0)
  EXPECT_EQ(back[2], (func::Vec4{unorm(20), unorm(100), 0, 1}));
  EXPECT_EQ(back[3], (func::Vec4{0, unorm(100), 0, 1}));
}

// Red of lane 0 after `body` samples texel_grid() in slot 1 with the given filter and
// address mode, v1 = (u, v).
float offset_red(const std::string& body, float u, float v, api::Filter filter,
                 api::Address address = api::Address::Clamp) {
  static const api::Texture tex = texel_grid();
  std::array<func::SamplerBinding, api::kMaxSamplers> samplers{};
  samplers[1].texture = &tex;
  samplers[1].state.min_filter = samplers[1].state.mag_filter = filter;
  samplers[1].state.mip_filter = api::Filter::Point;
  samplers[1].state.address_u = samplers[1].state.address_v = address;
  Runner r;
  r.samplers = samplers.data();
  r.inputs[1] = {u, v, 0, 0};
  r.run(
      translate_asm("ps_4_0\ndcl_sampler s1, mode_default\n"
                    "dcl_resource_texture2d (float,float,float,float) t1\n"
                    "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n" +
                    body + "ret\n"));
  return r.output(0).x;
}

TEST(TranslateTex, SampleOffsetsCountInTexelsOfTheFilteredLevel) {
  const api::Filter point = api::Filter::Point, linear = api::Filter::Linear;
  const std::string at0 = "sample_l_aoffimmi(1,1,0) o0.xyzw, v1.xyxx, t1.xyzw, s1, l(0)\n";
  const std::string at1 = "sample_l_aoffimmi(1,1,0) o0.xyzw, v1.xyxx, t1.xyzw, s1, l(1.000000)\n";
  EXPECT_EQ(offset_red(at0, 0.125f, 0.25f, point), unorm(80));  // (0, 0) + (1, 1)
  // Level 1 is 2x1: texel (0, 0) + (1, 1) is (1, 1), clamped to (1, 0).
  EXPECT_EQ(offset_red(at1, 0.25f, 0.5f, point), unorm(20));
  EXPECT_EQ(offset_red("sample_aoffimmi(-1,0,0) o0.xyzw, v1.xyxx, t1.xyzw, s1\n", 0.125f, 0.25f,
                       point, api::Address::Wrap),
            unorm(60));  // wraps from (-1, 0) to (3, 0)
  // Bilinear between texels 0 and 1 of row 0; the offset moves both taps one texel right.
  EXPECT_EQ(offset_red("sample_l o0.xyzw, v1.xyxx, t1.xyzw, s1, l(0)\n", 0.25f, 0.25f, linear),
            unorm(10));
  EXPECT_EQ(offset_red("sample_l_aoffimmi(1,0,0) o0.xyzw, v1.xyxx, t1.xyzw, s1, l(0)\n", 0.25f,
                       0.25f, linear),
            unorm(30));
}

TEST(TranslateTex, ResinfoGivesTheLevelsSizesAsFloatReciprocalOrUint) {
  const api::Texture tex = mip_chain();  // 8x8, 4 levels
  EXPECT_EQ(run_query(&tex, "resinfo o0.xyzw, l(1), t1.xyzw\n")[0], (func::Vec4{4, 4, 0, 4}));
  EXPECT_EQ(run_query(&tex, "resinfo_rcpFloat o0.xyzw, l(2), t1.xyzw\n")[0],
            (func::Vec4{0.5f, 0.5f, 0, 4}));
  EXPECT_EQ(bits_of(run_query(&tex, "resinfo_uint o0.xyzw, l(3), t1.xyzw\n")[0]),
            (std::array<uint32_t, 4>{1, 1, 0, 4}));
  // A level past the last: sizes 0 (their reciprocals +inf), the level count still given.
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(run_query(&tex, "resinfo_rcpFloat o0.xyzw, l(4), t1.xyzw\n")[0],
            (func::Vec4{inf, inf, 0, 4}));
  EXPECT_EQ(bits_of(run_query(&tex, "mov r0.x, l(9)\nresinfo_uint o0.xyzw, r0.x, t1.wzyx\n")[0]),
            (std::array<uint32_t, 4>{4, 0, 0, 0}));
  EXPECT_EQ(run_query(nullptr, "resinfo o0.xyzw, l(0), t1.xyzw\n")[0], (func::Vec4{0, 0, 0, 0}));
}

}  // namespace
}  // namespace gfx::d3d10::test
