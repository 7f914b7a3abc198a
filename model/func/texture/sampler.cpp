// Point, bilinear and trilinear filtering, exact. A level filter returns each channel in
// units of 1 / (unit * weight_scale): decoded texel values (texel_decode.h) times the 8-bit
// weight products, whole numbers for every integer format. Trilinear blends two such values
// with an 8-bit LOD fraction. Only the final division is rounded, so the arithmetic is exact
// and host-neutral. Level selection applies the sampler's LOD bias and its MAXMIPLEVEL
// floor here, once for every caller (texld, texldb, texldl, texldd, vertex fetch and
// anisotropic probes). A volume's level filter also weighs two slices (w); cube faces are
// 2D images picked before filtering (cube.cpp).
#include "func/texture/sampler.h"

#include <cmath>

#include "func/texture/address.h"
#include "func/texture/compare.h"
#include "func/texture/sample_fixed.h"
#include "func/texture/texel_batch.h"

namespace gfx::func {
namespace {

constexpr float kCoordLimit = 4194304.0f;  // 2^22 texels: x * 256 still fits int32

// Texel-space coordinate to a bounded integer: floor(x * 2^frac_bits). NaN maps to 0 and
// huge values saturate, so nothing downstream can overflow or index out of range.
int32_t to_fixed(float x, int frac_bits) {
  if (!(x == x)) return 0;
  if (x < -kCoordLimit) x = -kCoordLimit;
  if (x > kCoordLimit) x = kCoordLimit;
  return static_cast<int32_t>(std::floor(x * float(1 << frac_bits)));  // exact: a power of 2
}

using detail::CompareTap;

// The texel at addressed (x, y) of image `image`, or the border colour; reports real reads.
// With `cmp`, red becomes the comparison's result (the border colour's red is compared too).
inline void fetch(const PreparedSampler& s, unsigned level, int32_t image, int32_t x, int32_t y,
                  TexelBatch* batch, double t[4], const CompareTap* cmp) {
  if (x == kBorderTexel || y == kBorderTexel || image == kBorderTexel) {
    for (int c = 0; c < 4; ++c) t[c] = s.border_value[c];
  } else {
    if (batch) batch->add(level, unsigned(image), uint32_t(x), uint32_t(y));
    const PreparedSampler::Level& lv = s.levels[level];
    s.codec->decode(lv.texels + size_t(image) * lv.image_bytes, lv.width, x, y, t);
  }
  if (cmp) t[0] = compare_passes(cmp->func, cmp->reference, t[0]) ? cmp->pass : 0.0;
}

void point_2d(const PreparedSampler& s, unsigned level, int32_t image, float u, float v,
              double scale, TexelBatch* batch, double out[4], const CompareTap* cmp) {
  const PreparedSampler::Level& lv = s.levels[level];
  const int32_t x =
      address_texel(s.address_u, to_fixed(u * float(lv.width), 0) + s.offset[0], lv.width);
  const int32_t y =
      address_texel(s.address_v, to_fixed(v * float(lv.height), 0) + s.offset[1], lv.height);
  double t[4];
  fetch(s, level, image, x, y, batch, t, cmp);
  for (int c = 0; c < 4; ++c) out[c] = t[c] * scale;
}

// Bilinear weights with 8 fractional bits: out = sum of the four taps times their weight
// products (which sum to 2^16) times `scale`.
void bilinear_2d(const PreparedSampler& s, unsigned level, int32_t image, float u, float v,
                 double scale, TexelBatch* batch, double out[4], const CompareTap* cmp) {
  const PreparedSampler::Level& lv = s.levels[level];
  // Texel centres are at i + 0.5, so the taps are floor(x - 0.5) and the next texel; the
  // 8 fractional bits of x - 0.5 are the weight of the second tap.
  const int32_t fx = to_fixed(u * float(lv.width) - 0.5f, 8);
  const int32_t fy = to_fixed(v * float(lv.height) - 0.5f, 8);
  // Arithmetic shift: floor for negatives.
  const int32_t x0 = (fx >> 8) + s.offset[0], y0 = (fy >> 8) + s.offset[1];
  const double wx = double(fx & 0xFF), wy = double(fy & 0xFF);
  const int32_t ax0 = address_texel(s.address_u, x0, lv.width);
  const int32_t ax1 = address_texel(s.address_u, x0 + 1, lv.width);
  const int32_t ay0 = address_texel(s.address_v, y0, lv.height);
  const int32_t ay1 = address_texel(s.address_v, y0 + 1, lv.height);
  double t00[4], t10[4], t01[4], t11[4];
  fetch(s, level, image, ax0, ay0, batch, t00, cmp);
  fetch(s, level, image, ax1, ay0, batch, t10, cmp);
  fetch(s, level, image, ax0, ay1, batch, t01, cmp);
  fetch(s, level, image, ax1, ay1, batch, t11, cmp);
  for (int c = 0; c < 4; ++c) {
    const double top = t00[c] * (256 - wx) + t10[c] * wx;
    const double bottom = t01[c] * (256 - wx) + t11[c] * wx;
    out[c] = (top * (256 - wy) + bottom * wy) * scale;
  }
}

void filter_image(const PreparedSampler& s, api::Filter f, unsigned level, int32_t image, float u,
                  float v, double scale, TexelBatch* batch, double out[4], const CompareTap* cmp) {
  if (f == api::Filter::Linear) {
    bilinear_2d(s, level, image, u, v, scale, batch, out, cmp);
  } else {
    point_2d(s, level, image, u, v, scale * 65536.0, batch, out, cmp);
  }
}

void filter_level(const PreparedSampler& s, api::Filter f, unsigned level, const TexPoint& p,
                  TexelBatch* batch, double out[4], const CompareTap* cmp) {
  if (s.kind != api::TextureKind::Volume) {
    filter_image(s, f, level, int32_t(p.face), p.u, p.v, 1.0, batch, out, cmp);
    return;
  }
  // A volume: the same 2D filter in one slice (point) or two slices weighed by the 8-bit
  // fraction of w (linear), so the weights sum to 2^24 either way.
  const int32_t depth = s.levels[level].images;
  if (f != api::Filter::Linear) {
    const int32_t z =
        address_texel(s.address_w, to_fixed(p.w * float(depth), 0) + s.offset[2], depth);
    filter_image(s, f, level, z, p.u, p.v, 256.0, batch, out, cmp);
    return;
  }
  const int32_t fz = to_fixed(p.w * float(depth) - 0.5f, 8);
  const double wz = double(fz & 0xFF);
  double front[4], back[4];
  const int32_t z0 = (fz >> 8) + s.offset[2];
  filter_image(s, f, level, address_texel(s.address_w, z0, depth), p.u, p.v, 1.0, batch, front,
               cmp);
  filter_image(s, f, level, address_texel(s.address_w, z0 + 1, depth), p.u, p.v, 1.0, batch, back,
               cmp);
  for (int c = 0; c < 4; ++c) out[c] = front[c] * (256 - wz) + back[c] * wz;
}

}  // namespace

float lod_from_derivatives(const Derivatives& d, const PreparedSampler& s) {
  const float w = float(s.levels[0].width), h = float(s.levels[0].height);
  const float ux = d.dudx * w, vx = d.dvdx * h, uy = d.dudy * w, vy = d.dvdy * h;
  float len2_x = ux * ux + vx * vx, len2_y = uy * uy + vy * vy;
  if (s.kind == api::TextureKind::Volume) {  // the third axis only where there is one
    const float depth = float(s.levels[0].images);
    len2_x += (d.dwdx * depth) * (d.dwdx * depth);
    len2_y += (d.dwdy * depth) * (d.dwdy * depth);
  }
  // log2 of the longer length, taken on squared lengths to skip the square root.
  return 0.5f * std::log2(len2_x > len2_y ? len2_x : len2_y);
}

namespace detail {

unsigned sample_fixed(const PreparedSampler& s, const TexPoint& p, float lod, bool minified,
                      TexelBatch* batch, double acc[4], const CompareTap* cmp) {
  const unsigned base = s.base_level;
  auto one_level = [&](api::Filter f, unsigned level) {
    filter_level(s, f, level, p, batch, acc, cmp);
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
  const double frac = double(q & 0xFF);
  if (l0 >= last || frac == 0)  // one level carries all the weight: skip the other fetch
    return one_level(s.min, l0 < last ? l0 : last);
  double a0[4], a1[4];
  filter_level(s, s.min, l0, p, batch, a0, cmp);
  filter_level(s, s.min, l0 + 1, p, batch, a1, cmp);
  for (int c = 0; c < 4; ++c) acc[c] = a0[c] * (256 - frac) + a1[c] * frac;
  return kBlendBits;
}

Vec4 finish(const PreparedSampler& s, const double acc[4], unsigned bits) {
  Vec4 r;
  for (int c = 0; c < 4; ++c) {
    const double scale = s.codec->unit[c] * s.weight_scale * double(1u << bits);
    // Whole numbers below 2^24 convert to float exactly, so one float division rounds
    // correctly (a single A8R8G8B8 texel gives exactly c / 255.0f); otherwise the double
    // quotient is rounded to float.
    if (s.codec->integer && scale < 16777216.0 && acc[c] < 16777216.0 && acc[c] > -16777216.0) {
      r[c] = float(acc[c]) / float(scale);
    } else {
      r[c] = float(acc[c] / scale);
    }
  }
  return r;
}

Vec4 sample_taps(const PreparedSampler& s, const TexPoint& p, float lod, TexelBatch* batch,
                 const CompareTap* cmp) {
  double acc[4];
  lod += s.lod_bias;
  // LOD <= 0 (or NaN) magnifies.
  const unsigned bits = sample_fixed(s, p, lod, lod > 0.0f, batch, acc, cmp);
  return finish(s, acc, bits);
}

}  // namespace detail

Vec4 sample(const PreparedSampler& s, const TexPoint& p, float lod, TexelBatch* batch) {
  return detail::sample_taps(s, p, lod, batch, nullptr);
}

}  // namespace gfx::func
