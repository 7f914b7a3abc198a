#include "func/rop/target_format.h"

#include <cmath>
#include <cstring>
#include <string>

#include "api/texture_format.h"
#include "common/error.h"
#include "func/texture/texel_decode.h"

namespace gfx::func {
namespace {

uint32_t unorm(float v, uint32_t max) {
  if (!(v > 0.0f)) return 0;  // NaN too
  if (v >= 1.0f) return max;
  return uint32_t(double(v) * max + 0.5);  // double: exact enough for 16-bit channels
}

void put16(uint8_t* p, uint32_t v) {
  p[0] = uint8_t(v);
  p[1] = uint8_t(v >> 8);
}
uint32_t get16(const uint8_t* p) { return uint32_t(p[0]) | uint32_t(p[1]) << 8; }

// Merges `fresh` into the 16-bit word at p, keeping the bits of channels not in the mask.
void merge16(uint8_t* p, uint32_t fresh, uint32_t written_bits) {
  put16(p, (fresh & written_bits) | (get16(p) & ~written_bits));
}

// Linear to sRGB, the curve D3D10 applies to writes into an _SRGB target.
float linear_to_srgb(float v) {
  if (!(v > 0.0f)) return 0.0f;  // NaN too
  if (v >= 1.0f) return 1.0f;
  const double l = v;
  return float(l <= 0.0031308 ? 12.92 * l : 1.055 * std::pow(l, 1.0 / 2.4) - 0.055);
}

void put32(uint8_t* p, uint32_t v) {
  put16(p, v & 0xFFFF);
  put16(p + 2, v >> 16);
}
uint32_t get32(const uint8_t* p) { return get16(p) | get16(p + 2) << 16; }

// Whether blending clamps the source to [0, 1] first: every fixed-point target.
bool unorm_target(api::Format f) { return texel_codec(f)->integer || api::is_srgb(f); }

}  // namespace

bool native_target(api::Format f) {
  const api::TextureFormatInfo* info = api::texture_format_info(f);
  return info && info->render_target && f != api::Format::A8R8G8B8 && f != api::Format::X8R8G8B8;
}

uint16_t float_to_half(float f) {
  uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  const uint32_t sign = (x >> 16) & 0x8000u;
  const uint32_t exp = (x >> 23) & 0xFFu;
  uint32_t mant = x & 0x7FFFFFu;
  if (exp == 0xFF) return uint16_t(sign | 0x7C00u | (mant ? 0x200u | (mant >> 13) : 0));
  const int e = int(exp) - 127 + 15;
  if (e >= 31) return uint16_t(sign | 0x7C00u);  // overflow: infinity
  if (e <= 0) {
    if (e < -10) return uint16_t(sign);  // below half the smallest denormal: zero
    mant |= 0x800000u;                   // the implicit bit, then shift into a denormal
    const unsigned shift = unsigned(14 - e);
    uint32_t h = mant >> shift;
    const uint32_t rest = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rest > half || (rest == half && (h & 1u))) ++h;
    return uint16_t(sign | h);
  }
  uint32_t h = uint32_t(e) << 10 | mant >> 13;
  const uint32_t rest = mant & 0x1FFFu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;  // may carry into the exponent
  return uint16_t(sign | h);
}

Vec4 read_native(const ColorSurface& s, size_t index) {
  const TexelCodec* codec = texel_codec(s.format);
  double v[4];
  codec->decode(s.native.data(), int32_t(s.width), int32_t(index % s.width),
                int32_t(index / s.width), v);
  return {float(v[0] / codec->unit[0]), float(v[1] / codec->unit[1]), float(v[2] / codec->unit[2]),
          float(v[3] / codec->unit[3])};
}

void write_native(ColorSurface& s, size_t index, const Vec4& color, uint8_t write_mask,
                  const BlendMode* blend) {
  Vec4 c = color;
  if (blend) {
    if (unorm_target(s.format))  // a unorm target: the source is clamped first
      for (int k = 0; k < 4; ++k) c[k] = c[k] > 0.0f ? (c[k] < 1.0f ? c[k] : 1.0f) : 0.0f;
    c = blend_colors(*blend, c, read_native(s, index));
  }
  const unsigned bytes = api::texture_format_info(s.format)->block_bytes;
  uint8_t* p = s.native.data() + index * bytes;
  const bool r = write_mask & 1, g = write_mask & 2, b = write_mask & 4, a = write_mask & 8;
  switch (s.format) {
    case api::Format::R5G6B5:
      merge16(p, unorm(c.x, 31) << 11 | unorm(c.y, 63) << 5 | unorm(c.z, 31),
              (r ? 0xF800u : 0) | (g ? 0x07E0u : 0) | (b ? 0x001Fu : 0));
      break;
    case api::Format::A1R5G5B5:
      merge16(p, unorm(c.w, 1) << 15 | unorm(c.x, 31) << 10 | unorm(c.y, 31) << 5 | unorm(c.z, 31),
              (a ? 0x8000u : 0) | (r ? 0x7C00u : 0) | (g ? 0x03E0u : 0) | (b ? 0x001Fu : 0));
      break;
    case api::Format::X1R5G5B5:
      merge16(p, unorm(c.x, 31) << 10 | unorm(c.y, 31) << 5 | unorm(c.z, 31),
              (r ? 0x7C00u : 0) | (g ? 0x03E0u : 0) | (b ? 0x001Fu : 0));
      break;
    case api::Format::A4R4G4B4:
      merge16(p, unorm(c.w, 15) << 12 | unorm(c.x, 15) << 8 | unorm(c.y, 15) << 4 | unorm(c.z, 15),
              (a ? 0xF000u : 0) | (r ? 0x0F00u : 0) | (g ? 0x00F0u : 0) | (b ? 0x000Fu : 0));
      break;
    case api::Format::G16R16:  // red in the low word
      if (r) put16(p, unorm(c.x, 0xFFFF));
      if (g) put16(p + 2, unorm(c.y, 0xFFFF));
      break;
    case api::Format::A16B16G16R16:  // red in the lowest word, then green, blue, alpha
      for (int k = 0; k < 4; ++k)
        if (write_mask & (1u << k)) put16(p + 2 * k, unorm(c[k], 0xFFFF));
      break;
    case api::Format::R16F:
      if (r) put16(p, float_to_half(c.x));
      break;
    case api::Format::A16B16G16R16F:
    case api::Format::R16G16B16A16_FLOAT:
      for (int k = 0; k < 4; ++k)
        if (write_mask & (1u << k)) put16(p + 2 * k, float_to_half(c[k]));
      break;
    case api::Format::R32F:
    case api::Format::R32_FLOAT:
      if (r) std::memcpy(p, &c.x, 4);
      break;
    case api::Format::A32B32G32R32F:
    case api::Format::R32G32B32A32_FLOAT:
      for (int k = 0; k < 4; ++k)
        if (write_mask & (1u << k)) {
          const float v = c[k];
          std::memcpy(p + 4 * k, &v, 4);
        }
      break;
    case api::Format::R8G8B8A8_UNORM_SRGB:
      for (int k = 0; k < 3; ++k) c[k] = linear_to_srgb(c[k]);
      [[fallthrough]];
    case api::Format::R8G8B8A8_UNORM:  // bytes r, g, b, a
      for (int k = 0; k < 4; ++k)
        if (write_mask & (1u << k)) p[k] = uint8_t(unorm(c[k], 255));
      break;
    case api::Format::B8G8R8A8_UNORM:  // bytes b, g, r, a
      for (int k = 0; k < 4; ++k)
        if (write_mask & (1u << k)) p[k == 3 ? 3 : 2 - k] = uint8_t(unorm(c[k], 255));
      break;
    case api::Format::R10G10B10A2_UNORM: {  // red in the low 10 bits, alpha in the top 2
      const uint32_t kept = (r ? 0x3FFu : 0) | (g ? 0xFFC00u : 0) | (b ? 0x3FF00000u : 0) |
                            (a ? 0xC0000000u : 0);
      const uint32_t fresh = unorm(c.x, 1023) | unorm(c.y, 1023) << 10 |
                             unorm(c.z, 1023) << 20 | unorm(c.w, 3) << 30;
      put32(p, (fresh & kept) | (get32(p) & ~kept));
      break;
    }
    case api::Format::R16_UNORM:
      if (r) put16(p, unorm(c.x, 0xFFFF));
      break;
    case api::Format::R8_UNORM:
      if (r) p[0] = uint8_t(unorm(c.x, 255));
      break;
    default:
      throw Error("render target format " + std::string(api::to_name(s.format)) +
                  " is not modelled");
  }
}

void clear_native(ColorSurface& s, int x0, int y0, int x1, int y1, uint32_t argb) {
  const Vec4 c = unpack_argb(argb);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) write_native(s, size_t(y) * s.width + size_t(x), c, 0xF, nullptr);
}

}  // namespace gfx::func
