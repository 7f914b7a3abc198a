#include "driver/d3d10_samplers.h"

#include <cmath>

#include "common/error.h"

namespace gfx::driver {
namespace {

constexpr float kNoMaxLod = 15.0f;  // a 16384 texture's levels are 0..14

uint32_t border_byte(float c, const std::string& what) {
  const float scaled = c * 255.0f;
  if (!(c >= 0.0f && c <= 1.0f) || scaled != std::round(scaled))
    throw Error(what + ": border_color component " + std::to_string(c) +
                " is not a whole multiple of 1/255 in [0, 1] (the sampler keeps an 8-bit colour)");
  return uint32_t(scaled);
}

}  // namespace

api::SamplerState d3d10_sampler(const api::SamplerDesc& d, const std::string& what) {
  const auto bits = uint32_t(d.filter);
  api::SamplerState s;
  // The comparison filters are the plain ones plus 0x80: the same min / mag / mip choice,
  // each tap compared first (func/texture/compare.h).
  s.comparison = (bits & 0x80) != 0;
  s.comparison_func = d.comparison_func;
  if ((bits & 0x7F) == uint32_t(api::D3D10Filter::Anisotropic)) {
    s.min_filter = s.mag_filter = api::Filter::Anisotropic;
    s.mip_filter = api::Filter::Linear;
  } else {
    s.min_filter = bits & 0x10 ? api::Filter::Linear : api::Filter::Point;
    s.mag_filter = bits & 0x04 ? api::Filter::Linear : api::Filter::Point;
    s.mip_filter = bits & 0x01 ? api::Filter::Linear : api::Filter::Point;
  }
  s.address_u = d.address_u;
  s.address_v = d.address_v;
  s.address_w = d.address_w;
  s.mip_lod_bias = d.mip_lod_bias;
  s.max_anisotropy = d.max_anisotropy;
  const uint32_t r = border_byte(d.border_color.at(0), what),
                 g = border_byte(d.border_color.at(1), what),
                 b = border_byte(d.border_color.at(2), what),
                 a = border_byte(d.border_color.at(3), what);
  s.border_color = a << 24 | r << 16 | g << 8 | b;
  if (d.min_lod > 0.0f) {
    if (d.min_lod != std::floor(d.min_lod) || d.min_lod > kNoMaxLod)
      throw Error(what + ": min_lod " + std::to_string(d.min_lod) +
                  " is not a whole mip level; a fractional LOD clamp is not modelled yet");
    s.max_mip_level = uint32_t(d.min_lod);
  }
  if (d.max_lod < kNoMaxLod)
    throw Error(what + ": max_lod " + std::to_string(d.max_lod) +
                " clamps the least detailed level, which is not modelled yet (give 15 or more)");
  return s;
}

}  // namespace gfx::driver
