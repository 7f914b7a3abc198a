// The driver's mapping of D3D10 sampler state objects onto D3D9 sampler state
// (driver/d3d10_samplers.h): filters, address modes, border colour, LOD fields, and the
// refused ones.
#include "driver/d3d10_samplers.h"

#include <gtest/gtest.h>

#include "common/error.h"

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
  d.filter = D3D10Filter::CmpMinMagMipLinear;
  EXPECT_EQ(message(d),
            "sampler state 3: comparison filter comparison_min_mag_mip_linear (sample_c) is not "
            "modelled yet");
  d = {};
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

}  // namespace
}  // namespace gfx::driver
