// SM4 -> ISA translation of comparison sampling: sample_c takes the quad's LOD, sample_c_lz
// level 0, both compare their reference (any one selected component) with the texel's red
// and fill every channel with the filtered result, _aoffimmi moves their taps, and the
// dcl_sampler modes and shader stages D3D10 allows are located errors otherwise.
#include <gtest/gtest.h>

#include <cstring>

#include "api/state.h"
#include "func/shader/disasm.h"
#include "test_util.h"
#include "translate_util.h"

namespace gfx::d3d10::test {
namespace {

std::vector<uint8_t> r32_bytes(std::initializer_list<float> vs) {
  std::vector<uint8_t> out;
  for (float v : vs) {
    uint8_t b[4];
    std::memcpy(b, &v, 4);
    out.insert(out.end(), b, b + 4);
  }
  return out;
}

// 8x8 R32_FLOAT with 4 levels; level l holds 0.2 * l everywhere.
api::Texture depth_chain() {
  api::Texture t;
  t.format = api::Format::R32_FLOAT;
  t.width = t.height = 8;
  for (uint32_t l = 0; l < 4; ++l) {
    std::vector<uint8_t> level;
    for (uint32_t k = 0; k < (64u >> (2 * l)); ++k) {
      const auto b = r32_bytes({0.2f * float(l)});
      level.insert(level.end(), b.begin(), b.end());
    }
    t.levels.push_back(level);
  }
  return t;
}

// Lane coordinates one quad wide that step 2 texels per pixel of level 0: implicit LOD 1.
std::array<func::Vec4, 4> compare_quad() {
  return {func::Vec4{0.125f, 0.125f, 0.1f, 0}, func::Vec4{0.375f, 0.125f, 0.1f, 0},
          func::Vec4{0.125f, 0.375f, 0.1f, 0}, func::Vec4{0.375f, 0.375f, 0.1f, 0}};
}

const char* kCompareHeader =
    "ps_4_0\ndcl_sampler s3, mode_comparison\n"
    "dcl_resource_texture2d (float,float,float,float) t3\n"
    "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\n";

// o0 of lane 0 after `body` compares in slot 3 with `func` (texture `tex`, point filter).
func::Vec4 compared(const std::string& body, api::CmpFunc func = api::CmpFunc::Less,
                    const api::Texture* tex = nullptr) {
  static const api::Texture chain = depth_chain();
  std::array<func::SamplerBinding, api::kMaxSamplers> samplers{};
  samplers[3].texture = tex ? tex : &chain;
  samplers[3].state.mip_filter = api::Filter::Point;
  samplers[3].state.address_u = samplers[3].state.address_v = api::Address::Clamp;
  samplers[3].state.comparison = true;
  samplers[3].state.comparison_func = func;
  Runner r;
  r.samplers = samplers.data();
  r.lane_inputs[1] = compare_quad();
  r.run(translate_asm(kCompareHeader + body + "ret\n"));
  return r.output(0);
}

TEST(TranslateCmp, SampleCComparesOnTheQuadsLevel) {
  // LOD 1: level 1 holds 0.2, so 0.1 < 0.2 passes and 0.3 < 0.2 fails.
  EXPECT_EQ(compared("sample_c o0.xyzw, v1.xyxx, t3.xxxx, s3, l(0.100000)\n"),
            (func::Vec4{1, 1, 1, 1}));
  EXPECT_EQ(compared("sample_c o0.xyzw, v1.xyxx, t3.xxxx, s3, l(0.300000)\n"),
            (func::Vec4{0, 0, 0, 0}));
  // The reference is any one selected component: v1.z is 0.1.
  EXPECT_EQ(compared("sample_c o0.xyzw, v1.xyxx, t3.xxxx, s3, v1.z\n"), (func::Vec4{1, 1, 1, 1}));
  EXPECT_EQ(compared("sample_c o0.xyzw, v1.xyxx, t3.xxxx, s3, v1.z\n", api::CmpFunc::Greater),
            (func::Vec4{0, 0, 0, 0}));
}

TEST(TranslateCmp, SampleCLzComparesOnLevelZero) {
  // Level 0 holds 0.0: 0.1 < 0.0 fails where sample_c's level 1 passed.
  EXPECT_EQ(compared("sample_c_lz o0.xyzw, v1.xyxx, t3.xxxx, s3, l(0.100000)\n"),
            (func::Vec4{0, 0, 0, 0}));
  EXPECT_EQ(compared("mov r0.y, l(-0.100000)\n"
                     "sample_c_lz o0.xyzw, v1.xyxx, t3.xxxx, s3, r0.y\n"),
            (func::Vec4{1, 1, 1, 1}));
  // Masked destination channels keep what they held.
  EXPECT_EQ(compared("mov o0.xyzw, l(0.5, 0.5, 0.5, 0.5)\n"
                     "sample_c_lz o0.yw, v1.xyxx, t3.xxxx, s3, l(-1.000000)\n"),
            (func::Vec4{0.5f, 1, 0.5f, 1}));
}

TEST(TranslateCmp, SampleCLzRunsInAVertexShader) {
  // Vertex slot 0 is device slot 16 (after the 16 pixel slots); each lane stands alone.
  static const api::Texture chain = depth_chain();
  std::array<func::SamplerBinding, api::kMaxSamplers> samplers{};
  func::SamplerBinding& b = samplers[api::kPixelSamplers];
  b.texture = &chain;
  b.state.mip_filter = api::Filter::Point;
  b.state.comparison = true;
  b.state.comparison_func = api::CmpFunc::GreaterEqual;
  Runner r;
  r.samplers = samplers.data();
  r.lane_inputs[0] = {func::Vec4{0.5f, 0.5f, 0.0f, 0}, func::Vec4{0.5f, 0.5f, -0.5f, 0},
                      func::Vec4{0.5f, 0.5f, 0.5f, 0}, func::Vec4{0.5f, 0.5f, -1.0f, 0}};
  r.run(
      translate_asm("vs_4_0\ndcl_sampler s0, mode_comparison\n"
                    "dcl_resource_texture2d (float,float,float,float) t0\n"
                    "dcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\n"
                    "sample_c_lz o0.xyzw, v0.xyxx, t0.xxxx, s0, v0.z\nret\n"));
  // Level 0 holds 0.0: reference >= 0.0 for 0 and 0.5, not for -0.5 and -1.
  const float want[4] = {1, 0, 1, 0};
  for (int l = 0; l < 4; ++l) EXPECT_EQ(r.output(0, l).x, want[l]) << l;
}

TEST(TranslateCmp, OffsetsMoveTheComparedTaps) {
  // 4x1 R32_FLOAT 0.0, 0.1, 0.2, 0.3 at texel 0: equal to 0.2 two texels on.
  api::Texture row;
  row.format = api::Format::R32_FLOAT;
  row.width = 4;
  row.height = 1;
  row.levels.push_back(r32_bytes({0.0f, 0.1f, 0.2f, 0.3f}));
  const std::string at = "v1.xyxx, t3.xxxx, s3, l(0.200000)\n";
  EXPECT_EQ(compared("sample_c_lz o0.xyzw, " + at, api::CmpFunc::Equal, &row).x, 0.0f);
  EXPECT_EQ(compared("sample_c_lz_aoffimmi(2,0,0) o0.xyzw, " + at, api::CmpFunc::Equal, &row).x,
            1.0f);
}

TEST(TranslateCmp, OneTexInstructionWithTheReferenceAsSecondSource) {
  const func::Program p =
      translate_asm(std::string(kCompareHeader) +
                    "sample_c_lz_aoffimmi(1,-1,0) o0.xyzw, v1.xyxx, t3.xxxx, s3, v1.w\n"
                    "sample_c o0.xyzw, v1.xyxx, t3.xxxx, s3, l(0.500000)\nret\n");
  ASSERT_EQ(p.code.size(), 4u) << func::disassemble(p);  // and ret, end
  EXPECT_EQ(p.code[0].tex_mode, func::TexMode::CompareLz);
  EXPECT_EQ(p.code[1].tex_mode, func::TexMode::Compare);
  EXPECT_EQ(p.code[0].sampler, 3);
  EXPECT_EQ(func::disassemble(p.code[0]), "sample_c_lz_aoffimmi(1,-1,0) o0, v1.xyxx, v1.w, s3");
  // The literal reference became a constant register the program defines.
  EXPECT_EQ(func::disassemble(p.code[1]), "sample_c o0, v1.xyxx, c192.x, s3");
}

TEST(TranslateCmp, SamplerModesAndStagesAreLocatedErrors) {
  const auto err = [](const std::string& text) { return error_of([&] { translate_asm(text); }); };
  const std::string ps =
      "dcl_resource_texture2d (float,float,float,float) t0\n"
      "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n";
  EXPECT_EQ(err("ps_4_0\ndcl_sampler s0, mode_default\n" + ps +
                "sample_c o0.x, v1.xyxx, t0.xxxx, s0, v1.z\nret\n"),
            "test: instruction 4 (sample_c): s0 is declared mode_default; a comparison needs a "
            "sampler declared mode_comparison");
  EXPECT_EQ(err("ps_4_0\ndcl_sampler s0, mode_comparison\n" + ps +
                "sample o0.xyzw, v1.xyxx, t0.xyzw, s0\nret\n"),
            "test: instruction 4 (sample): s0 is declared mode_comparison, which only sample_c "
            "and sample_c_lz may use");
  EXPECT_EQ(err("ps_4_0\ndcl_sampler s0, mode_mono\n" + ps +
                "sample_l o0.xyzw, v1.xyxx, t0.xyzw, s0, l(0)\nret\n"),
            "test: instruction 4 (sample_l): s0 is declared mode_mono: the text filter is not "
            "modelled");
  EXPECT_EQ(err("ps_4_0\ndcl_sampler s0, mode_comparison\n"
                "dcl_resource_texture3d (float,float,float,float) t0\n"
                "dcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
                "sample_c_lz o0.x, v1.xyzx, t0.xxxx, s0, v1.w\nret\n"),
            "test: instruction 4 (sample_c_lz): a texture3d cannot be compared (D3D10 compares "
            "1D, 2D and cube textures)");
  const std::string vs =
      "vs_4_0\ndcl_sampler s0, mode_comparison\n"
      "dcl_resource_texture2d (float,float,float,float) t0\n"
      "dcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\n";
  EXPECT_EQ(err(vs + "sample_c o0.xyzw, v0.xyxx, t0.xxxx, s0, v0.z\nret\n"),
            "<shader>: SHDR dword 16: sample_c is only available in pixel shaders, not vs_4_0");
  // sample_c_lz is valid in a vertex shader.
  const func::Program p =
      translate_asm(vs + "sample_c_lz o0.xyzw, v0.xyxx, t0.xxxx, s0, v0.z\nret\n");
  EXPECT_EQ(p.code.front().tex_mode, func::TexMode::CompareLz);
}

}  // namespace
}  // namespace gfx::d3d10::test
