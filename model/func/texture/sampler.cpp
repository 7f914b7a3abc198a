// Point, bilinear and trilinear filtering in fixed point. A level filter returns each channel
// as an integer in units of 1 / (255 * 65536): a texel channel c (0..255) times the two
// 8-bit weight products. Trilinear blends two such values with an 8-bit LOD fraction. Only
// the final scale to [0, 1] is floating point, so the arithmetic is exact and host-neutral.
// Level selection applies the sampler's LOD bias and its MAXMIPLEVEL floor here, once for
// every caller (texld, texldb, texldl, texldd, vertex fetch and anisotropic probes).
#include "func/texture/sampler.h"

#include <cmath>
#include <cstring>

#include "func/texture/address.h"
#include "func/texture/sample_fixed.h"
#include "func/texture/texel_batch.h"

namespace gfx::func {
namespace {

using detail::kLevelScale;
constexpr float kCoordLimit = 4194304.0f;  // 2^22 texels: x * 256 still fits int32

// Texel-space coordinate to a bounded integer: floor(x * 2^frac_bits). NaN maps to 0 and
// huge values saturate, so nothing downstream can overflow or index out of range.
int32_t to_fixed(float x, int frac_bits) {
  if (!(x == x)) return 0;
  if (x < -kCoordLimit) x = -kCoordLimit;
  if (x > kCoordLimit) x = kCoordLimit;
  return static_cast<int32_t>(std::floor(x * float(1 << frac_bits)));  // exact: a power of 2
}

uint32_t read_texel(const PreparedSampler::Level& lv, int32_t x, int32_t y) {
  const uint8_t* p = lv.texels + (size_t(y) * size_t(lv.width) + size_t(x)) * 4;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  uint32_t t;  // the stored words are little-endian: one plain load on such hosts
  std::memcpy(&t, p, sizeof t);
  return t;
#else
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
#endif
}

// The texel at addressed (x, y), or the border colour; reports real reads to the batch.
uint32_t fetch(const PreparedSampler& s, unsigned level, int32_t x, int32_t y, TexelBatch* batch) {
  if (x == kBorderTexel || y == kBorderTexel) return s.border;
  if (batch) batch->add(level, uint32_t(x), uint32_t(y));
  return read_texel(s.levels[level], x, y) | s.alpha_or;
}

// Channel c of an 0xAARRGGBB word in r, g, b, a order.
inline uint32_t channel(uint32_t argb, int c) {
  static constexpr int kShift[4] = {16, 8, 0, 24};
  return (argb >> kShift[c]) & 0xFFu;
}

void filter_point(const PreparedSampler& s, unsigned level, float u, float v, TexelBatch* batch,
                  uint32_t out[4]) {
  const PreparedSampler::Level& lv = s.levels[level];
  const int32_t x = address_texel(s.address_u, to_fixed(u * float(lv.width), 0), lv.width);
  const int32_t y = address_texel(s.address_v, to_fixed(v * float(lv.height), 0), lv.height);
  const uint32_t t = fetch(s, level, x, y, batch);
  for (int c = 0; c < 4; ++c) out[c] = channel(t, c) << 16;
}

void filter_bilinear(const PreparedSampler& s, unsigned level, float u, float v, TexelBatch* batch,
                     uint32_t out[4]) {
  const PreparedSampler::Level& lv = s.levels[level];
  // Texel centres are at i + 0.5, so the taps are floor(x - 0.5) and the next texel; the
  // 8 fractional bits of x - 0.5 are the weight of the second tap.
  const int32_t fx = to_fixed(u * float(lv.width) - 0.5f, 8);
  const int32_t fy = to_fixed(v * float(lv.height) - 0.5f, 8);
  const int32_t x0 = fx >> 8, y0 = fy >> 8;  // arithmetic shift: floor for negatives
  const uint32_t wx = uint32_t(fx & 0xFF), wy = uint32_t(fy & 0xFF);
  const int32_t ax0 = address_texel(s.address_u, x0, lv.width);
  const int32_t ax1 = address_texel(s.address_u, x0 + 1, lv.width);
  const int32_t ay0 = address_texel(s.address_v, y0, lv.height);
  const int32_t ay1 = address_texel(s.address_v, y0 + 1, lv.height);
  const uint32_t t00 = fetch(s, level, ax0, ay0, batch);
  const uint32_t t10 = fetch(s, level, ax1, ay0, batch);
  const uint32_t t01 = fetch(s, level, ax0, ay1, batch);
  const uint32_t t11 = fetch(s, level, ax1, ay1, batch);
  for (int c = 0; c < 4; ++c) {
    const uint32_t top = channel(t00, c) * (256 - wx) + channel(t10, c) * wx;
    const uint32_t bottom = channel(t01, c) * (256 - wx) + channel(t11, c) * wx;
    out[c] = top * (256 - wy) + bottom * wy;
  }
}

void filter_level(const PreparedSampler& s, api::Filter f, unsigned level, float u, float v,
                  TexelBatch* batch, uint32_t out[4]) {
  if (f == api::Filter::Linear) {
    filter_bilinear(s, level, u, v, batch, out);
  } else {
    filter_point(s, level, u, v, batch, out);
  }
}

}  // namespace

float lod_from_derivatives(float dudx, float dvdx, float dudy, float dvdy,
                           const PreparedSampler& s) {
  const float w = float(s.levels[0].width), h = float(s.levels[0].height);
  const float ux = dudx * w, vx = dvdx * h, uy = dudy * w, vy = dvdy * h;
  const float len2_x = ux * ux + vx * vx, len2_y = uy * uy + vy * vy;
  // log2 of the longer length, taken on squared lengths to skip the square root.
  return 0.5f * std::log2(len2_x > len2_y ? len2_x : len2_y);
}

namespace detail {

unsigned sample_fixed(const PreparedSampler& s, float u, float v, float lod, bool minified,
                      TexelBatch* batch, uint64_t acc[4]) {
  uint32_t a0[4], a1[4];
  const unsigned base = s.base_level;
  auto one_level = [&](api::Filter f, unsigned level) {
    filter_level(s, f, level, u, v, batch, a0);
    for (int c = 0; c < 4; ++c) acc[c] = a0[c];
    return 0u;
  };
  // Without mipmaps the base level (MAXMIPLEVEL) is the only one, as with GL's base level;
  // D3D9 leaves that case open.
  if (!minified) return one_level(s.mag, base);
  if (s.mip == api::Filter::None) return one_level(s.min, base);
  // The LOD is quantised to 8 fractional bits (capped well above any level count; a minified
  // anisotropic probe may bring LOD <= 0 or NaN, which selects the base level), then
  // MAXMIPLEVEL keeps it at or below the most detailed level allowed.
  int32_t q = lod > 0.0f ? to_fixed(lod < 64.0f ? lod : 64.0f, kBlendBits) : 0;
  if (q < int32_t(base << kBlendBits)) q = int32_t(base << kBlendBits);
  const unsigned last = s.num_levels - 1;
  if (s.mip == api::Filter::Point) {
    const unsigned nearest = unsigned((q + 128) >> kBlendBits);
    return one_level(s.min, nearest < last ? nearest : last);
  }
  const unsigned l0 = unsigned(q >> kBlendBits);
  const uint32_t frac = uint32_t(q & 0xFF);
  if (l0 >= last || frac == 0)  // one level carries all the weight: skip the other fetch
    return one_level(s.min, l0 < last ? l0 : last);
  filter_level(s, s.min, l0, u, v, batch, a0);
  filter_level(s, s.min, l0 + 1, u, v, batch, a1);
  for (int c = 0; c < 4; ++c) acc[c] = uint64_t(a0[c]) * (256 - frac) + uint64_t(a1[c]) * frac;
  return kBlendBits;
}

}  // namespace detail

Vec4 sample(const PreparedSampler& s, float u, float v, float lod, TexelBatch* batch) {
  uint64_t acc[4];
  lod += s.lod_bias;
  // LOD <= 0 (or NaN) magnifies.
  const unsigned bits = detail::sample_fixed(s, u, v, lod, lod > 0.0f, batch, acc);
  Vec4 r;
  if (bits == 0) {
    // acc < 2^24 converts to float exactly, so one float division gives the correctly
    // rounded value (for a single texel: exactly c / 255.0f).
    for (int c = 0; c < 4; ++c) r[c] = float(acc[c]) / float(kLevelScale);
  } else {
    for (int c = 0; c < 4; ++c) r[c] = float(double(acc[c]) / (kLevelScale * 256.0));
  }
  return r;
}

}  // namespace gfx::func
