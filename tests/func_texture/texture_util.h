// Builds one-level textures of any format from raw bytes, and a point/bilinear sampler.
#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <vector>

#include "func/texture/sampler.h"

namespace gfx::func::test {

inline api::Texture raw_texture(api::Format f, uint32_t w, uint32_t h, std::vector<uint8_t> bytes,
                                api::TextureKind kind = api::TextureKind::Texture2D,
                                uint32_t depth = 1) {
  api::Texture t;
  t.format = f;
  t.width = w;
  t.height = h;
  t.kind = kind;
  t.depth = depth;
  t.levels.push_back(std::move(bytes));
  return t;
}

inline PreparedSampler prepared(const api::Texture& t, api::Filter f = api::Filter::Point,
                                api::Address a = api::Address::Clamp, uint32_t border = 0) {
  SamplerBinding b;
  b.texture = &t;
  b.state.mag_filter = b.state.min_filter = f;
  b.state.mip_filter = api::Filter::None;
  b.state.address_u = b.state.address_v = b.state.address_w = a;
  b.state.border_color = border;
  return prepare_sampler(b);
}

// Texel (x, y) of a w x h texture read with point sampling at its centre.
inline Vec4 texel(const PreparedSampler& s, uint32_t x, uint32_t y) {
  return sample(s, (x + 0.5f) / float(s.levels[0].width), (y + 0.5f) / float(s.levels[0].height),
                0.0f, nullptr);
}

// Little-endian bytes of 16-bit words.
inline std::vector<uint8_t> words16(std::initializer_list<uint16_t> ws) {
  std::vector<uint8_t> out;
  for (uint16_t w : ws) {
    out.push_back(uint8_t(w));
    out.push_back(uint8_t(w >> 8));
  }
  return out;
}

// The bytes of 32-bit floats, in the host's (little-endian) order.
inline std::vector<uint8_t> floats(std::initializer_list<float> fs) {
  std::vector<uint8_t> out(fs.size() * 4);
  std::memcpy(out.data(), fs.begin(), out.size());
  return out;
}

// Little-endian bytes of 32-bit words.
inline std::vector<uint8_t> words32(std::initializer_list<uint32_t> ws) {
  std::vector<uint8_t> out;
  for (uint32_t w : ws)
    for (int shift = 0; shift < 32; shift += 8) out.push_back(uint8_t(w >> shift));
  return out;
}

}  // namespace gfx::func::test
