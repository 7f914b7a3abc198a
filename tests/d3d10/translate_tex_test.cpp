// SM4 -> ISA translation (d3d10/translate.h), resource instructions: sample_l, sample_b and
// sample_d pick the mip level D3D10 defines, deriv_rtx / deriv_rty give the quad's
// differences, and what the texture unit cannot do fails with a located error.
#include <gtest/gtest.h>

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

TEST(TranslateTex, WhatTheTextureUnitCannotDoIsALocatedError) {
  const auto err = [](const std::string& body) {
    return error_of([&] {
      translate_asm(
          "ps_4_0\ndcl_sampler s0, mode_comparison\n"
          "dcl_resource_texture2d (float,float,float,float) t0\n"
          "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n" +
          body + "ret\n");
    });
  };
  EXPECT_EQ(err("sample_c o0.x, v1.xyxx, t0.xxxx, s0, v1.z\n"),
            "test: instruction 4 (sample_c): comparison sampling is not supported: the texture "
            "unit has no comparison filter");
  EXPECT_EQ(err("sample_c_lz o0.x, v1.xyxx, t0.xxxx, s0, v1.z\n"),
            "test: instruction 4 (sample_c_lz): comparison sampling is not supported: the "
            "texture unit has no comparison filter");
}

}  // namespace
}  // namespace gfx::d3d10::test
