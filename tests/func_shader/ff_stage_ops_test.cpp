// Fixed-function texture stages, the operations and arguments beyond the basic ones:
// ADDSIGNED2X, ADDSMOOTH, the BLEND*ALPHA family, the four MODULATE*_ADD* colour
// operations, MULTIPLYADD and LERP with COLORARG0/ALPHAARG0, RESULTARG TEMP and the TEMP
// and CONSTANT arguments, BUMPENVMAP(LUMINANCE). Inputs are multiples of 1/8, so every
// expected value is exact whatever order the interpreter rounds in.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <functional>
#include <string>

#include "common/error.h"
#include "func/shader/fixed_function.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

const Vec4 kDiffuse{0.5f, 0.75f, 0.25f, 0.5f};
const Vec4 kSpecular{0.25f, 0.125f, 0.5f, 0.75f};
const Vec4 kFactor{0.75f, 0.5f, 0.25f, 0.25f};
const Vec4 kConstant0{0.125f, 0.375f, 0.625f, 0.875f};  // D3DTSS_CONSTANT of stage 0

// D3DTOP and D3DTA numbers (d3d9types.h).
enum : uint32_t { kDiffuseArg = 0, kCurrentArg = 1, kTFactorArg = 3, kSpecularArg = 4 };
enum : uint32_t { kTempArg = 5, kConstantArg = 6, kComplement = 0x10, kAlphaRep = 0x20 };

float sat(float x) { return std::min(1.0f, std::max(0.0f, x)); }

struct Stages {
  std::array<api::TextureStageState, api::kMaxTextureStages> s{};
  bool bound[api::kMaxTextureStages] = {};
  Stages() {
    for (unsigned i = 1; i < api::kMaxTextureStages; ++i) s[i].color_op = s[i].alpha_op = 1;
    // Stage 0: x = DIFFUSE, y = SPECULAR, z = TFACTOR; alpha SELECTARG1(DIFFUSE).
    s[0] = {2, kDiffuseArg, kSpecularArg, 2, kDiffuseArg, kSpecularArg, 0, 0};
    s[0].color_arg0 = s[0].alpha_arg0 = kTFactorArg;
  }
  Vec4 run_pixel() const {
    const Program p = make_ff_stage_program(s.data(), bound, false, false);
    Warp w = warp_with({}, 4);
    for (const auto& b : p.pixel_inputs)
      for (int l = 0; l < 4; ++l)
        w.set_input(b.reg, l, b.varying == Varying::Color0 ? kDiffuse : kSpecular);
    std::vector<Vec4> consts(kFfStageConstantConst + api::kMaxTextureStages);
    consts[1] = kFactor;
    consts[kFfStageConstantConst] = kConstant0;
    consts[kFfStageConstantConst + 1] = Vec4{1, 0, 0.5f, 0.25f};
    for (const auto& [reg, value] : p.literal_constants) consts[reg] = value;
    std::array<SamplerBinding, api::kMaxSamplers> samplers{};
    return run(p, w, consts, samplers.data());
  }
};

using Channel = std::function<float(float x, float y, float z, float xa)>;

Vec4 per_channel(const Channel& f, float alpha) {
  const float x[3] = {kDiffuse.x, kDiffuse.y, kDiffuse.z};
  const float y[3] = {kSpecular.x, kSpecular.y, kSpecular.z};
  const float z[3] = {kFactor.x, kFactor.y, kFactor.z};
  return Vec4{f(x[0], y[0], z[0], kDiffuse.w), f(x[1], y[1], z[1], kDiffuse.w),
              f(x[2], y[2], z[2], kDiffuse.w), alpha};
}

TEST(FfStageOps, ColourOperationsOnDiffuseSpecularAndFactor) {
  struct Case {
    uint32_t op;
    const char* name;
    Channel f;
  };
  const Case cases[] = {
      {9, "ADDSIGNED2X", [](float x, float y, float, float) { return sat((x + y - 0.5f) * 2); }},
      {11, "ADDSMOOTH", [](float x, float y, float, float) { return sat(x + y - x * y); }},
      {12, "BLENDDIFFUSEALPHA", [](float x, float y, float, float) { return 0.5f * x + 0.5f * y; }},
      {14, "BLENDFACTORALPHA",
       [](float x, float y, float, float) { return 0.25f * x + 0.75f * y; }},
      // No texture on the stage: texture alpha 1, so x + y * 0.
      {15, "BLENDTEXTUREALPHAPM", [](float x, float, float, float) { return x; }},
      // Stage 0's CURRENT is the diffuse colour: its alpha 0.5.
      {16, "BLENDCURRENTALPHA", [](float x, float y, float, float) { return 0.5f * x + 0.5f * y; }},
      {18, "MODULATEALPHA_ADDCOLOR",
       [](float x, float y, float, float xa) { return sat(x + xa * y); }},
      {19, "MODULATECOLOR_ADDALPHA",
       [](float x, float y, float, float xa) { return sat(x * y + xa); }},
      {20, "MODULATEINVALPHA_ADDCOLOR",
       [](float x, float y, float, float xa) { return sat(x + (1 - xa) * y); }},
      {21, "MODULATEINVCOLOR_ADDALPHA",
       [](float x, float y, float, float xa) { return sat((1 - x) * y + xa); }},
      {25, "MULTIPLYADD", [](float x, float y, float z, float) { return sat(z + x * y); }},
      {26, "LERP", [](float x, float y, float z, float) { return z * x + (1 - z) * y; }},
  };
  for (const Case& k : cases) {
    Stages st;
    st.s[0].color_op = k.op;
    EXPECT_EQ(st.run_pixel(), per_channel(k.f, kDiffuse.w)) << k.name;
  }
}

TEST(FfStageOps, AlphaOperationsUseTheAlphaChannels) {
  Stages st;
  st.s[0].color_op = 3;   // SELECTARG2: specular colour
  st.s[0].alpha_op = 25;  // MULTIPLYADD: F.a + D.a * S.a
  EXPECT_EQ(st.run_pixel(), (Vec4{0.25f, 0.125f, 0.5f, 0.25f + 0.5f * 0.75f}));
  st.s[0].alpha_op = 26;  // LERP: F.a * D.a + (1 - F.a) * S.a
  EXPECT_EQ(st.run_pixel().w, 0.25f * 0.5f + 0.75f * 0.75f);
  st.s[0].alpha_op = 9;  // ADDSIGNED2X: (0.5 + 0.75 - 0.5) * 2, saturated
  EXPECT_EQ(st.run_pixel().w, 1.0f);
  // ALPHAARG0 with modifiers: 1 - F.a = 0.75 as the LERP factor.
  st.s[0].alpha_op = 26;
  st.s[0].alpha_arg0 = kTFactorArg | kComplement;
  EXPECT_EQ(st.run_pixel().w, 0.75f * 0.5f + 0.25f * 0.75f);
}

TEST(FfStageOps, ConstantArgumentReadsTheStagesOwnConstant) {
  Stages st;
  st.s[0].color_arg1 = kConstantArg;
  st.s[0].alpha_arg1 = kConstantArg;
  EXPECT_EQ(st.run_pixel(), kConstant0);
  st.s[1] = st.s[0];  // stage 1: its own constant (c5), not stage 0's
  EXPECT_EQ(st.run_pixel(), (Vec4{1, 0, 0.5f, 0.25f}));
  st.s[1].color_arg1 = kConstantArg | kAlphaRep;
  EXPECT_EQ(st.run_pixel(), (Vec4{0.25f, 0.25f, 0.25f, 0.25f}));
}

TEST(FfStageOps, ResultArgTempKeepsCurrentAndFeedsALaterStage) {
  Stages st;
  // Stage 0 writes TFACTOR into TEMP; CURRENT stays the diffuse colour.
  st.s[0].color_arg1 = st.s[0].alpha_arg1 = kTFactorArg;
  st.s[0].result_arg = kTempArg;
  // Stage 1: CURRENT + TEMP for colour, TEMP for alpha.
  st.s[1] = {7, kCurrentArg, kTempArg, 2, kTempArg, kCurrentArg, 0, 0};
  EXPECT_EQ(st.run_pixel(), (Vec4{1.0f, 1.0f, 0.5f, 0.25f}));
  // TEMP before any stage wrote it reads 0.
  Stages fresh;
  fresh.s[0].color_arg1 = fresh.s[0].alpha_arg1 = kTempArg;
  EXPECT_EQ(fresh.run_pixel(), (Vec4{0, 0, 0, 0}));
  // The last stage writing TEMP leaves the output at CURRENT.
  fresh.s[0].color_arg1 = fresh.s[0].alpha_arg1 = kTFactorArg;
  fresh.s[0].result_arg = kTempArg;
  EXPECT_EQ(fresh.run_pixel(), kDiffuse);
}

TEST(FfStageOps, Dot3AsAlphaOperationWritesOnlyAlpha) {
  Stages st;
  st.s[0].color_op = 3;   // specular colour
  st.s[0].alpha_op = 24;  // DOTPRODUCT3(DIFFUSE, TFACTOR) on the rgb: 4 (0 + 0 + 0.0625)
  st.s[0].alpha_arg2 = kTFactorArg;
  EXPECT_EQ(st.run_pixel(), (Vec4{0.25f, 0.125f, 0.5f, 0.25f}));
}

// BUMPENVMAP on stage 0 bends stage 1's lookup by stage 0's matrix times its texel
// (du, dv) = (0x80, 0x40) / 255 and leaves CURRENT alone; the LUMINANCE form scales the
// bent lookup by l LSCALE + LOFFSET, l = the bump texel's blue (0 here).
TEST(FfStageOps, BumpEnvMapBendsTheNextStagesLookup) {
  const api::Texture bump =
      make_texture(1, 1, 1, [](unsigned, uint32_t, uint32_t) { return 0xFF804000u; });
  const uint32_t row[4] = {0xFFFF0000u, 0xFF00FF00u, 0xFF0000FFu, 0xFFFFFFFFu};
  const api::Texture colours =
      make_texture(4, 1, 1, [&](unsigned, uint32_t x, uint32_t) { return row[x]; });
  std::array<api::TextureStageState, api::kMaxTextureStages> s{};
  for (unsigned i = 2; i < api::kMaxTextureStages; ++i) s[i].color_op = s[i].alpha_op = 1;
  s[0] = {22, 2, 1, 3, 2, 0, 0, 0};  // BUMPENVMAP; alpha SELECTARG2(DIFFUSE)
  s[0].bump_mat00 = 0.5f;
  s[1] = {2, 2, 1, 3, 2, 1, 0, 0};  // colour SELECTARG1(TEXTURE), alpha CURRENT
  bool bound[api::kMaxTextureStages] = {true, true};
  std::array<SamplerBinding, api::kMaxSamplers> samplers{};
  samplers[0].texture = &bump;
  samplers[1].texture = &colours;
  auto run_pixel = [&](float u) {
    const Program p = make_ff_stage_program(s.data(), bound, false, false);
    Warp w = warp_with({}, 4);
    for (const auto& b : p.pixel_inputs)
      for (int l = 0; l < 4; ++l)
        w.set_input(b.reg, l, b.varying == Varying::Color0 ? kDiffuse : Vec4{u, 0.5f, 0, 1});
    std::vector<Vec4> consts(kFfBumpEnvConst + 2 * api::kMaxTextureStages);
    for (unsigned i = 0; i < 2; ++i) {
      consts[kFfBumpEnvConst + 2 * i] = {s[i].bump_mat00, s[i].bump_mat10, s[i].bump_mat01,
                                         s[i].bump_mat11};
      consts[kFfBumpEnvConst + 2 * i + 1] = {s[i].bump_lscale, s[i].bump_loffset, 0, 0};
    }
    for (const auto& [reg, value] : p.literal_constants) consts[reg] = value;
    return run(p, w, consts, samplers.data());
  };
  // u = 0.125 + 0.5 * 128/255 = 0.376: texel 1 (green); diffuse alpha passes through.
  EXPECT_EQ(run_pixel(0.125f), (Vec4{0, 1, 0, kDiffuse.w}));
  EXPECT_EQ(run_pixel(0.625f), (Vec4{1, 1, 1, kDiffuse.w}));  // 0.876: texel 3
  s[0].bump_mat00 = 0;                                        // no bend: texel 0
  EXPECT_EQ(run_pixel(0.125f), (Vec4{1, 0, 0, kDiffuse.w}));
  s[0].bump_mat00 = 0.5f;
  s[0].color_op = 23;  // BUMPENVMAPLUMINANCE: l = 0, so the scale is LOFFSET
  s[0].bump_lscale = 0.5f;
  s[0].bump_loffset = 0.25f;
  s[1].alpha_op = 2;  // alpha SELECTARG1(TEXTURE): the bent lookup's alpha, scaled too
  EXPECT_EQ(run_pixel(0.125f), (Vec4{0, 0.25f, 0, 0.25f}));
  // A bump stage's operation as an alpha operation is a colour operation only.
  s[0].alpha_op = 22;
  EXPECT_THROW(run_pixel(0.125f), Error);
}

TEST(FfStageOps, WhatIsNotModelledOrNotAllowedIsAnError) {
  auto message = [](const Stages& st) {
    try {
      st.run_pixel();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  Stages st;
  st.s[0].color_op = 17;  // PREMODULATE
  EXPECT_NE(message(st).find("D3DTOP 17 is not modelled"), std::string::npos) << message(st);
  st.s[0].color_op = 2;
  st.s[0].alpha_op = 18;  // MODULATEALPHA_ADDCOLOR: a colour operation only
  EXPECT_NE(message(st).find("colour operation only"), std::string::npos) << message(st);
}

}  // namespace
}  // namespace gfx::func::test
