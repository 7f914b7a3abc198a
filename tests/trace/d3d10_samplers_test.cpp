// The driver's mapping of D3D10 sampler state objects onto D3D9 sampler state
// (driver/d3d10_samplers.h): filters, comparison filters, address modes, border colour, LOD
// fields, and the refused ones; and the draw's sampler rules (driver/d3d10_sampler_uses.h).
#include "driver/d3d10_samplers.h"

#include <gtest/gtest.h>

#include "common/error.h"
#include "driver/d3d10_sampler_uses.h"

namespace gfx::driver {
namespace {

using api::D3D10Filter;
using api::Filter;

TEST(D3D10SamplerState, DefaultIsTrilinearClampWithAWhiteBorder) {
  const api::SamplerState s = d3d10_sampler(api::SamplerDesc{}, "sampler state 0");
  EXPECT_EQ(s.min_filter, Filter::Linear);
  EXPECT_EQ(s.mag_filter, Filter::Linear);
  EXPECT_EQ(s.mip_filter, Filter::Linear);
  EXPECT_EQ(s.address_u, api::Address::Clamp);
  EXPECT_EQ(s.address_w, api::Address::Clamp);
  EXPECT_EQ(s.border_color, 0xFFFFFFFFu);
  EXPECT_EQ(s.max_mip_level, 0u);
}

TEST(D3D10SamplerState, FilterBitsChooseMinMagMip) {
  api::SamplerDesc d;
  d.filter = D3D10Filter::MinLinearMagPointMipLinear;
  api::SamplerState s = d3d10_sampler(d, "s");
  EXPECT_EQ(s.min_filter, Filter::Linear);
  EXPECT_EQ(s.mag_filter, Filter::Point);
  EXPECT_EQ(s.mip_filter, Filter::Linear);
  d.filter = D3D10Filter::MinPointMagLinearMipPoint;
  s = d3d10_sampler(d, "s");
  EXPECT_EQ(s.min_filter, Filter::Point);
  EXPECT_EQ(s.mag_filter, Filter::Linear);
  EXPECT_EQ(s.mip_filter, Filter::Point);
  d.filter = D3D10Filter::Anisotropic;
  d.max_anisotropy = 8;
  s = d3d10_sampler(d, "s");
  EXPECT_EQ(s.min_filter, Filter::Anisotropic);
  EXPECT_EQ(s.mag_filter, Filter::Anisotropic);
  EXPECT_EQ(s.mip_filter, Filter::Linear);
  EXPECT_EQ(s.max_anisotropy, 8u);
}

TEST(D3D10SamplerState, ComparisonFiltersCompareWithTheSameChoice) {
  api::SamplerDesc d;
  d.comparison_func = api::CmpFunc::GreaterEqual;
  api::SamplerState s = d3d10_sampler(d, "s");  // min_mag_mip_linear: no comparison
  EXPECT_FALSE(s.comparison);
  d.filter = D3D10Filter::CmpMinPointMagLinearMipPoint;
  s = d3d10_sampler(d, "s");
  EXPECT_TRUE(s.comparison);
  EXPECT_EQ(s.comparison_func, api::CmpFunc::GreaterEqual);
  EXPECT_EQ(s.min_filter, Filter::Point);
  EXPECT_EQ(s.mag_filter, Filter::Linear);
  EXPECT_EQ(s.mip_filter, Filter::Point);
  d.filter = D3D10Filter::CmpMinMagMipLinear;
  s = d3d10_sampler(d, "s");
  EXPECT_TRUE(s.comparison);
  EXPECT_EQ(s.min_filter, Filter::Linear);
  EXPECT_EQ(s.mag_filter, Filter::Linear);
  EXPECT_EQ(s.mip_filter, Filter::Linear);
  d.filter = D3D10Filter::CmpAnisotropic;
  d.max_anisotropy = 4;
  s = d3d10_sampler(d, "s");
  EXPECT_TRUE(s.comparison);
  EXPECT_EQ(s.min_filter, Filter::Anisotropic);
  EXPECT_EQ(s.mip_filter, Filter::Linear);
  EXPECT_EQ(s.max_anisotropy, 4u);
}

TEST(D3D10SamplerState, BorderAndMinLod) {
  api::SamplerDesc d;
  d.border_color = {1.0f, 0.0f, 0.2f, 0.6f};  // 255, 0, 51, 153
  d.min_lod = 2.0f;
  const api::SamplerState s = d3d10_sampler(d, "s");
  EXPECT_EQ(s.border_color, 0x99FF0033u);
  EXPECT_EQ(s.max_mip_level, 2u);
}

TEST(D3D10SamplerState, RefusedFieldsNameTheObject) {
  auto message = [](const api::SamplerDesc& d) {
    try {
      d3d10_sampler(d, "sampler state 3");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  api::SamplerDesc d;
  d.min_lod = 0.5f;
  EXPECT_EQ(message(d),
            "sampler state 3: min_lod 0.500000 is not a whole mip level; a fractional LOD clamp "
            "is not modelled yet");
  d = {};
  d.max_lod = 3.0f;
  EXPECT_EQ(message(d),
            "sampler state 3: max_lod 3.000000 clamps the least detailed level, which is not "
            "modelled yet (give 15 or more)");
}

// A program of one texture instruction in `mode` through pixel slot 2 (or vertex slot 1).
func::Program one_tex(func::TexMode mode, api::ShaderStage stage = api::ShaderStage::Pixel) {
  func::Program p;
  p.stage = stage;
  p.name = stage == api::ShaderStage::Pixel ? "pixel shader 7" : "vertex shader 8";
  func::Instr in;
  in.op = func::Op::Tex;
  in.tex_mode = mode;
  in.sampler = stage == api::ShaderStage::Pixel ? 2 : api::kPixelSamplers + 1;
  p.code.push_back(in);
  return p;
}

TEST(D3D10SamplerUses, ComparisonsAndComparisonSamplersGoTogether) {
  api::Texture r32, rgba;
  r32.format = api::Format::R32_FLOAT;
  rgba.format = api::Format::R8G8B8A8_UNORM;
  std::array<func::SamplerBinding, api::kMaxSamplers> bound{};
  SamplerIds samplers{}, textures{};
  bound[2].texture = &r32;
  samplers[2] = 41;
  textures[2] = 20;
  const auto message = [&](const func::Program& p) {
    try {
      check_sampler_uses(p, bound, samplers, textures, "t.yaml:9: draw 3 (draw)");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("ok");
  };
  // A plain sampler: sample passes, sample_c is refused; ld and resinfo take no sampler.
  EXPECT_EQ(message(one_tex(func::TexMode::Normal)), "ok");
  EXPECT_EQ(message(one_tex(func::TexMode::Fetch)), "ok");
  EXPECT_EQ(message(one_tex(func::TexMode::Compare)),
            "t.yaml:9: draw 3 (draw): pixel shader 7 compares through slot 2 (sample_c), but "
            "slot 2 holds sampler state 41 without a comparison filter (D3D10 wants a "
            "D3D10_FILTER_COMPARISON_* sampler there)");
  // A comparison sampler: sample_c and sample_c_lz pass, every other sample is refused.
  bound[2].state.comparison = true;
  EXPECT_EQ(message(one_tex(func::TexMode::Compare)), "ok");
  EXPECT_EQ(message(one_tex(func::TexMode::CompareLz)), "ok");
  EXPECT_EQ(message(one_tex(func::TexMode::Info)), "ok");
  EXPECT_EQ(message(one_tex(func::TexMode::Lod)),
            "t.yaml:9: draw 3 (draw): pixel shader 7 samples through slot 2 without a "
            "comparison, but slot 2 holds comparison sampler state 41 (D3D10 lets only sample_c "
            "and sample_c_lz use a comparison sampler)");
  // A compared texture must be in a format D3D10 compares; an unbound one reads 0.
  bound[2].texture = &rgba;
  EXPECT_EQ(message(one_tex(func::TexMode::CompareLz)),
            "t.yaml:9: draw 3 (draw): pixel shader 7 compares texture 20 in slot 2, whose "
            "format r8g8b8a8_unorm D3D10 does not compare (it compares r32_float, r16_unorm)");
  bound[2].texture = nullptr;
  EXPECT_EQ(message(one_tex(func::TexMode::CompareLz)), "ok");
  // Vertex slots are named as the vertex stage's own.
  const func::Program vs = one_tex(func::TexMode::CompareLz, api::ShaderStage::Vertex);
  EXPECT_NE(message(vs).find("vertex shader 8 compares through vertex slot 1"), std::string::npos);
}

}  // namespace
}  // namespace gfx::driver
