// Fixed-function texture stages 2..7: the cascade runs through all eight stages with the
// same operations as stages 0 and 1, each stage's texture read from its own sampler and
// texture coordinate set, and stops at the first DISABLE.
#include <gtest/gtest.h>

#include <array>

#include "func/shader/fixed_function.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

const Vec4 kDiffuse{0.5f, 0.25f, 0.125f, 1.0f};
const Vec4 kFactor{0.0625f, 0.125f, 0.25f, 0.5f};

struct Cascade {
  std::array<api::TextureStageState, api::kMaxTextureStages> s{};
  bool bound[api::kMaxTextureStages] = {};
  Cascade() {
    for (unsigned i = 1; i < api::kMaxTextureStages; ++i) s[i].color_op = s[i].alpha_op = 1;
    s[0] = {2, 0, 1, 2, 0, 1, 0, 0};  // SELECTARG1(DIFFUSE) for colour and alpha
  }
  Vec4 run_pixel(const api::Texture* tex7 = nullptr) const {
    std::array<SamplerBinding, api::kMaxSamplers> samplers{};
    samplers[7].texture = tex7;
    const Program p = make_ff_stage_program(s.data(), bound, false, false);
    Warp w = warp_with({}, 4);
    for (const auto& b : p.pixel_inputs)
      for (int l = 0; l < 4; ++l)
        w.set_input(b.reg, l, b.varying == Varying::Color0 ? kDiffuse : Vec4{0.75f, 0.75f, 0, 1});
    std::vector<Vec4> consts = {Vec4{}, kFactor, Vec4{}};
    for (const auto& [reg, value] : p.literal_constants) consts[reg] = value;
    return run(p, w, consts, samplers.data());
  }
};

TEST(FfStagesAll, EightStagesCascade) {
  Cascade c;
  // Stages 1..7 each ADD(CURRENT, TFACTOR) to the colour; alpha is SELECTARG1(CURRENT).
  for (unsigned i = 1; i < api::kMaxTextureStages; ++i) c.s[i] = {7, 1, 3, 2, 1, 1, 0, 0};
  const Vec4 got = c.run_pixel();
  EXPECT_EQ(got, (Vec4{0.5f + 7 * 0.0625f, 1.0f, 1.0f, 1.0f}));
}

TEST(FfStagesAll, ADisabledStageEndsTheCascade) {
  Cascade c;
  for (unsigned i = 1; i < 4; ++i) c.s[i] = {7, 1, 3, 2, 1, 1, 0, 0};
  c.s[5] = {4, 1, 3, 2, 1, 1, 0, 0};  // after the DISABLE of stage 4: never runs
  EXPECT_EQ(c.run_pixel(),
            (Vec4{0.5f + 3 * 0.0625f, 0.25f + 3 * 0.125f, 0.125f + 3 * 0.25f, 1.0f}));
}

TEST(FfStagesAll, StageSevenSamplesItsOwnTextureAndCoordinates) {
  Cascade c;
  for (unsigned i = 1; i < 7; ++i) c.s[i] = {3, 0, 1, 3, 0, 1, 0, 0};  // SELECTARG2(CURRENT)
  c.s[7] = {4, 2, 1, 2, 2, 1, 6, 0};  // MODULATE(TEXTURE, CURRENT) with TEXCOORD6
  c.bound[7] = true;
  // 2x2 texture: the coordinate (0.75, 0.75) picks texel (1, 1).
  const api::Texture tex = make_texture(2, 2, 1, [](unsigned, uint32_t x, uint32_t y) {
    return x == 1 && y == 1 ? 0x80FF8000u : 0xFF000000u;
  });
  const Vec4 got = c.run_pixel(&tex);
  EXPECT_EQ(got, (Vec4{0.5f, 0.25f * (128 / 255.0f), 0.0f, 128 / 255.0f}));
  const Program p = make_ff_stage_program(c.s.data(), c.bound, false, false);
  bool reads_tc6 = false;
  for (const auto& b : p.pixel_inputs) reads_tc6 |= b.varying == Varying::TexCoord6;
  EXPECT_TRUE(reads_tc6);
  int tex_sampler = -1;
  for (const Instr& in : p.code)
    if (in.op == Op::Tex) tex_sampler = in.sampler;
  EXPECT_EQ(tex_sampler, 7);
}

}  // namespace
}  // namespace gfx::func::test
