// Fixed-function texture stages: each colour/alpha operation and argument modifier of the
// general stage program, run on one quad with a known texel, diffuse, specular and
// TFACTOR, compared with the exact float result; two-stage cascades; the errors for what
// is not modelled.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "common/error.h"
#include "func/shader/fixed_function.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

constexpr float kT[4] = {128 / 255.0f, 64 / 255.0f, 32 / 255.0f, 192 / 255.0f};  // texel
const Vec4 kDiffuse{0.5f, 1.0f, 0.25f, 0.5f};
const Vec4 kSpecular{0.25f, 0.125f, 0.5f, 0};
const Vec4 kFactor{0.75f, 0.5f, 0.25f, 0.25f};

float sat(float x) { return std::min(1.0f, std::max(0.0f, x)); }

int input_of(const Program& p, Varying v) {
  for (const auto& b : p.pixel_inputs)
    if (b.varying == v) return b.reg;
  return -1;
}

struct Stages {
  std::array<api::TextureStageState, api::kMaxTextureStages> s{};
  bool bound[api::kMaxTextureStages] = {true};
  Stages() {
    for (unsigned i = 1; i < api::kMaxTextureStages; ++i) s[i].color_op = s[i].alpha_op = 1;
  }

  Vec4 run_quad() const {
    const api::Texture tex =
        make_texture(2, 2, 1, [](unsigned, uint32_t, uint32_t) { return 0xC0804020u; });
    std::array<SamplerBinding, api::kMaxSamplers> samplers{};
    samplers[0].texture = &tex;
    const Program p = make_ff_stage_program(s.data(), bound, false, false);
    Warp w = warp_with({}, 4);
    for (int l = 0; l < 4; ++l) {
      for (Varying v : {Varying::TexCoord0, Varying::TexCoord1})
        if (input_of(p, v) >= 0) w.set_input(input_of(p, v), l, Vec4{0.25f, 0.25f, 0, 1});
      w.set_input(input_of(p, Varying::Color0), l, kDiffuse);
      if (input_of(p, Varying::Color1) >= 0)
        w.set_input(input_of(p, Varying::Color1), l, kSpecular);
    }
    std::vector<Vec4> consts = {Vec4{0, 0, 0, 0}, kFactor};
    for (const auto& [reg, value] : p.literal_constants) {
      consts.resize(std::max<size_t>(consts.size(), reg + 1));
      consts[reg] = value;
    }
    return run(p, w, consts, samplers.data());
  }
};

TEST(FfStages, DefaultsAreRecognised) {
  Stages st;
  EXPECT_TRUE(ff_stages_are_default(st.s.data()));
  st.s[1].color_op = 4;
  EXPECT_FALSE(ff_stages_are_default(st.s.data()));
}

TEST(FfStages, ColourOperationsOnTextureAndDiffuse) {
  const float d[3] = {kDiffuse.x, kDiffuse.y, kDiffuse.z};
  struct Case {
    uint32_t op;
    float (*f)(float t, float d);
  };
  const Case cases[] = {
      {2, [](float t, float) { return sat(t); }},
      {3, [](float, float d) { return sat(d); }},
      {4, [](float t, float d) { return sat(t * d); }},
      {5, [](float t, float d) { return sat((t * d) * 2.0f); }},
      {6, [](float t, float d) { return sat((t * d) * 4.0f); }},
      {7, [](float t, float d) { return sat(t + d); }},
      {8, [](float t, float d) { return sat((t + d) - 0.5f); }},
      {10, [](float t, float d) { return sat(t - d); }},
  };
  for (const Case& k : cases) {
    Stages st;
    st.s[0].color_op = k.op;
    st.s[0].color_arg1 = 2;  // TEXTURE
    st.s[0].color_arg2 = 0;  // DIFFUSE
    st.s[0].alpha_op = 3;    // SELECTARG2: DIFFUSE alpha
    st.s[0].alpha_arg2 = 0;
    const Vec4 got = st.run_quad();
    EXPECT_EQ(got, (Vec4{k.f(kT[0], d[0]), k.f(kT[1], d[1]), k.f(kT[2], d[2]), 0.5f}))
        << "D3DTOP " << k.op;
  }
}

TEST(FfStages, BlendsAndDot3) {
  Stages st;
  st.s[0].color_op = 12;  // BLENDDIFFUSEALPHA: tex * 0.5 + diffuse * 0.5
  st.s[0].color_arg2 = 0;
  Vec4 got = st.run_quad();
  auto lrp = [](float f, float a, float b) { return sat(f * (a - b) + b); };
  EXPECT_EQ(got.x, lrp(0.5f, kT[0], 0.5f));
  EXPECT_EQ(got.w, kT[3]);  // alpha SELECTARG1(TEXTURE)
  st.s[0].color_op = 13;    // BLENDTEXTUREALPHA
  got = st.run_quad();
  EXPECT_EQ(got.y, lrp(kT[3], kT[1], 1.0f));
  st.s[0].color_op = 24;  // DOTPRODUCT3 of the texel and diffuse, to all four channels
  got = st.run_quad();
  const float dot = (kT[0] - 0.5f) * (0.5f - 0.5f) + (kT[1] - 0.5f) * (1.0f - 0.5f) +
                    (kT[2] - 0.5f) * (0.25f - 0.5f);
  EXPECT_EQ(got, (Vec4{0, 0, 0, 0}));  // negative dot: clamped to black
  EXPECT_LT(dot, 0.0f);
}

TEST(FfStages, ModifiersFactorSpecularAndTwoStages) {
  Stages st;
  st.s[0].color_op = 2;
  st.s[0].color_arg1 = 0x10 | 0;  // 1 - diffuse
  st.s[0].alpha_op = 2;
  st.s[0].alpha_arg1 = 3;  // TFACTOR alpha
  EXPECT_EQ(st.run_quad(), (Vec4{0.5f, 0, 0.75f, 0.25f}));
  st.s[0].color_arg1 = 0x20 | 2;  // texture alpha replicated
  EXPECT_EQ(st.run_quad(), (Vec4{kT[3], kT[3], kT[3], 0.25f}));
  // Stage 1: CURRENT (texture) + SPECULAR; its alpha CURRENT * TFACTOR.
  st.s[0].color_arg1 = 2;
  st.s[1].color_op = 7;
  st.s[1].color_arg1 = 1;
  st.s[1].color_arg2 = 4;
  st.s[1].alpha_op = 4;
  st.s[1].alpha_arg1 = 1;
  st.s[1].alpha_arg2 = 3;
  EXPECT_EQ(st.run_quad(),
            (Vec4{sat(kT[0] + 0.25f), sat(kT[1] + 0.125f), sat(kT[2] + 0.5f), 0.25f * 0.25f}));
  // TEXTURE of a stage without a texture reads white: stage 1 MODULATE(TEXTURE, CURRENT).
  st.s[1] = api::TextureStageState{};
  EXPECT_EQ(st.run_quad(), (Vec4{kT[0], kT[1], kT[2], 1.0f}));
}

TEST(FfStages, WhatIsNotModelledIsAnError) {
  Stages st;
  st.s[0].alpha_op = 22;  // BUMPENVMAP is a colour operation only
  EXPECT_THROW(st.run_quad(), Error);
  st.s[0].alpha_op = 2;
  st.s[0].color_op = 17;  // PREMODULATE
  EXPECT_THROW(st.run_quad(), Error);
  // The other operations: ff_stage_ops_test.cpp; stages 2..7: ff_stages_all_test.cpp.
}

}  // namespace
}  // namespace gfx::func::test
