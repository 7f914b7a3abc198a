// The uncompressed formats of texel_decode.h; DXT blocks are in dxt_decode.cpp.
#include "func/texture/texel_decode.h"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstring>

#include "func/geom/vertex_fetch.h"  // half_to_float
#include "func/texture/dxt_decode.h"

namespace gfx::func {
namespace {

// Little-endian loads, whatever the host.
inline uint32_t load16(const uint8_t* p) { return uint32_t(p[0]) | uint32_t(p[1]) << 8; }
inline uint32_t load32(const uint8_t* p) { return load16(p) | load16(p + 2) << 16; }
inline float load_f32(const uint8_t* p) {
  const uint32_t bits = load32(p);
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

template <unsigned Bytes>
inline const uint8_t* at(const uint8_t* image, int32_t width, int32_t x, int32_t y) {
  return image + (size_t(y) * size_t(width) + size_t(x)) * Bytes;
}

// An n-bit unorm field (n < 8) in its unit (2^n - 1) * 255.
inline double narrow(uint32_t word, unsigned shift, unsigned bits) {
  return double((word >> shift) & ((1u << bits) - 1)) * 255.0;
}
inline double snorm8(uint8_t byte) {
  const int v = int(int8_t(byte));
  return double(v < -127 ? -127 : v) * 255.0;
}

void argb8(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint8_t* p = at<4>(im, w, x, y);
  o[0] = p[2], o[1] = p[1], o[2] = p[0], o[3] = p[3];
}
void xrgb8(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint8_t* p = at<4>(im, w, x, y);
  o[0] = p[2], o[1] = p[1], o[2] = p[0], o[3] = 255;
}
void r5g6b5(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint32_t t = load16(at<2>(im, w, x, y));
  o[0] = narrow(t, 11, 5), o[1] = narrow(t, 5, 6), o[2] = narrow(t, 0, 5), o[3] = 255;
}
void x1r5g5b5(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint32_t t = load16(at<2>(im, w, x, y));
  o[0] = narrow(t, 10, 5), o[1] = narrow(t, 5, 5), o[2] = narrow(t, 0, 5), o[3] = 255;
}
void a1r5g5b5(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint32_t t = load16(at<2>(im, w, x, y));
  o[0] = narrow(t, 10, 5), o[1] = narrow(t, 5, 5), o[2] = narrow(t, 0, 5), o[3] = narrow(t, 15, 1);
}
void a4r4g4b4(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint32_t t = load16(at<2>(im, w, x, y));
  o[0] = narrow(t, 8, 4), o[1] = narrow(t, 4, 4), o[2] = narrow(t, 0, 4), o[3] = narrow(t, 12, 4);
}
void a8(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  o[0] = o[1] = o[2] = 0, o[3] = *at<1>(im, w, x, y);
}
void l8(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  o[0] = o[1] = o[2] = *at<1>(im, w, x, y), o[3] = 255;
}
void a8l8(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint8_t* p = at<2>(im, w, x, y);
  o[0] = o[1] = o[2] = p[0], o[3] = p[1];
}
void g16r16(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint8_t* p = at<4>(im, w, x, y);
  o[0] = load16(p), o[1] = load16(p + 2), o[2] = 65535, o[3] = 255;
}
void abgr16(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint8_t* p = at<8>(im, w, x, y);
  for (int c = 0; c < 4; ++c) o[c] = load16(p + 2 * c);
}
void v8u8(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint8_t* p = at<2>(im, w, x, y);
  o[0] = snorm8(p[0]), o[1] = snorm8(p[1]), o[2] = 255, o[3] = 255;
}
void q8w8v8u8(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint8_t* p = at<4>(im, w, x, y);
  for (int c = 0; c < 4; ++c) o[c] = snorm8(p[c]);
}
void r16f(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  o[0] = half_to_float(uint16_t(load16(at<2>(im, w, x, y)))), o[1] = o[2] = o[3] = 1.0;
}
void abgr16f(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint8_t* p = at<8>(im, w, x, y);
  for (int c = 0; c < 4; ++c) o[c] = half_to_float(uint16_t(load16(p + 2 * c)));
}
void r32f(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  o[0] = load_f32(at<4>(im, w, x, y)), o[1] = o[2] = o[3] = 1.0;
}
void abgr32f(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint8_t* p = at<16>(im, w, x, y);
  for (int c = 0; c < 4; ++c) o[c] = load_f32(p + 4 * c);
}

// DXGI layouts (D3D10 reads a missing colour channel as 0, alpha as 1).
void rgba8(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint8_t* p = at<4>(im, w, x, y);
  for (int c = 0; c < 4; ++c) o[c] = p[c];
}
void rgb10a2(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  const uint32_t t = load32(at<4>(im, w, x, y));
  o[0] = double(t & 0x3FF) * 255.0, o[1] = double((t >> 10) & 0x3FF) * 255.0;
  o[2] = double((t >> 20) & 0x3FF) * 255.0, o[3] = double(t >> 30) * 255.0;
}
void r16un(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  o[0] = load16(at<2>(im, w, x, y)), o[1] = o[2] = 0, o[3] = 65535;
}
void r8un(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  o[0] = *at<1>(im, w, x, y), o[1] = o[2] = 0, o[3] = 255;
}
// D24_UNORM_S8_UINT's depth read through an R24_UNORM_X8_TYPELESS view: the low 24 bits.
void r24x8(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  o[0] = load32(at<4>(im, w, x, y)) & 0xFFFFFFu, o[1] = o[2] = 0, o[3] = 16777215;
}
void r32float(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  o[0] = load_f32(at<4>(im, w, x, y)), o[1] = o[2] = 0, o[3] = 1.0;
}

// sRGB: the 8-bit colour channels through the sRGB curve to linear, in doubles, before any
// filtering (D3D10 filters in linear space); alpha stays linear.
const std::array<double, 256>& srgb_table() {
  static const std::array<double, 256> table = [] {
    std::array<double, 256> t{};
    for (int i = 0; i < 256; ++i) {
      const double c = i / 255.0;
      t[i] = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    }
    return t;
  }();
  return table;
}
template <void (*Decode)(const uint8_t*, int32_t, int32_t, int32_t, double*)>
void srgb(const uint8_t* im, int32_t w, int32_t x, int32_t y, double o[4]) {
  Decode(im, w, x, y, o);
  const std::array<double, 256>& t = srgb_table();
  for (int c = 0; c < 3; ++c) o[c] = t[size_t(o[c])];
  o[3] /= 255.0;
}

// Units and border scales per channel width: 8 bits (and constant channels), n < 8 bits,
// 16 bits, 8-bit snorm, float.
constexpr double u5 = 31 * 255.0, u6 = 63 * 255.0, u4 = 15 * 255.0, u1 = 255.0;
constexpr double kSnorm = 127 * 255.0;

}  // namespace

const TexelCodec* texel_codec(api::Format f) {
  using F = api::Format;
  static constexpr TexelCodec kArgb8{argb8, {255, 255, 255, 255}, {1, 1, 1, 1}, true};
  static constexpr TexelCodec kXrgb8{xrgb8, {255, 255, 255, 255}, {1, 1, 1, 1}, true};
  static constexpr TexelCodec k565{r5g6b5, {u5, u6, u5, 255}, {31, 63, 31, 1}, true};
  static constexpr TexelCodec kX555{x1r5g5b5, {u5, u5, u5, 255}, {31, 31, 31, 1}, true};
  static constexpr TexelCodec k1555{a1r5g5b5, {u5, u5, u5, u1}, {31, 31, 31, 1}, true};
  static constexpr TexelCodec k4444{a4r4g4b4, {u4, u4, u4, u4}, {15, 15, 15, 15}, true};
  static constexpr TexelCodec kA8{a8, {255, 255, 255, 255}, {1, 1, 1, 1}, true};
  static constexpr TexelCodec kL8{l8, {255, 255, 255, 255}, {1, 1, 1, 1}, true};
  static constexpr TexelCodec kA8L8{a8l8, {255, 255, 255, 255}, {1, 1, 1, 1}, true};
  static constexpr TexelCodec kG16R16{g16r16, {65535, 65535, 65535, 255}, {257, 257, 257, 1}, true};
  static constexpr TexelCodec kAbgr16{
      abgr16, {65535, 65535, 65535, 65535}, {257, 257, 257, 257}, true};
  static constexpr TexelCodec kV8U8{v8u8, {kSnorm, kSnorm, 255, 255}, {127, 127, 1, 1}, true};
  static constexpr TexelCodec kQ8{
      q8w8v8u8, {kSnorm, kSnorm, kSnorm, kSnorm}, {127, 127, 127, 127}, true};
  constexpr double k = 1.0 / 255.0;
  static constexpr TexelCodec kR16F{r16f, {1, 1, 1, 1}, {k, k, k, k}, false};
  static constexpr TexelCodec kAbgr16F{abgr16f, {1, 1, 1, 1}, {k, k, k, k}, false};
  static constexpr TexelCodec kR32F{r32f, {1, 1, 1, 1}, {k, k, k, k}, false};
  static constexpr TexelCodec kAbgr32F{abgr32f, {1, 1, 1, 1}, {k, k, k, k}, false};
  static constexpr TexelCodec kDxt1{dxt1_texel, {255, 255, 255, 255}, {1, 1, 1, 1}, true};
  static constexpr TexelCodec kDxt3{dxt3_texel, {255, 255, 255, 255}, {1, 1, 1, 1}, true};
  static constexpr TexelCodec kDxt5{dxt5_texel, {255, 255, 255, 255}, {1, 1, 1, 1}, true};
  static constexpr TexelCodec kRgba8{rgba8, {255, 255, 255, 255}, {1, 1, 1, 1}, true};
  constexpr double u10 = 1023 * 255.0, u2 = 3 * 255.0;
  static constexpr TexelCodec kRgb10A2{rgb10a2, {u10, u10, u10, u2}, {1023, 1023, 1023, 3}, true};
  static constexpr TexelCodec kR16{r16un, {65535, 255, 255, 65535}, {257, 1, 1, 257}, true};
  // 24-bit unorm: unit 2^24 - 1, and 16777215 / 255 = 65793 for the border.
  static constexpr TexelCodec kR24{
      r24x8, {16777215, 255, 255, 16777215}, {65793, 1, 1, 65793}, true};
  static constexpr TexelCodec kR8{r8un, {255, 255, 255, 255}, {1, 1, 1, 1}, true};
  static constexpr TexelCodec kR32{r32float, {1, 1, 1, 1}, {k, k, k, k}, false};
  static constexpr TexelCodec kRgba8Srgb{srgb<rgba8>, {1, 1, 1, 1}, {k, k, k, k}, false};
  static constexpr TexelCodec kBc1Srgb{srgb<dxt1_texel>, {1, 1, 1, 1}, {k, k, k, k}, false};
  static constexpr TexelCodec kBc2Srgb{srgb<dxt3_texel>, {1, 1, 1, 1}, {k, k, k, k}, false};
  static constexpr TexelCodec kBc3Srgb{srgb<dxt5_texel>, {1, 1, 1, 1}, {k, k, k, k}, false};
  switch (f) {
    case F::R8G8B8A8_UNORM: return &kRgba8;
    case F::R8G8B8A8_UNORM_SRGB: return &kRgba8Srgb;
    case F::B8G8R8A8_UNORM: return &kArgb8;  // the same bytes: b, g, r, a
    case F::R10G10B10A2_UNORM: return &kRgb10A2;
    case F::R16_UNORM: return &kR16;
    case F::R24_UNORM_X8_TYPELESS: return &kR24;
    case F::R8_UNORM: return &kR8;
    case F::R32_FLOAT: return &kR32;
    case F::R16G16B16A16_FLOAT: return &kAbgr16F;
    case F::R32G32B32A32_FLOAT: return &kAbgr32F;
    case F::BC1_UNORM: return &kDxt1;  // BC1..3 are DXT1, DXT3 and DXT5 bit for bit
    case F::BC2_UNORM: return &kDxt3;
    case F::BC3_UNORM: return &kDxt5;
    case F::BC1_UNORM_SRGB: return &kBc1Srgb;
    case F::BC2_UNORM_SRGB: return &kBc2Srgb;
    case F::BC3_UNORM_SRGB: return &kBc3Srgb;
    case F::A8R8G8B8: return &kArgb8;
    case F::X8R8G8B8: return &kXrgb8;
    case F::R5G6B5: return &k565;
    case F::X1R5G5B5: return &kX555;
    case F::A1R5G5B5: return &k1555;
    case F::A4R4G4B4: return &k4444;
    case F::A8: return &kA8;
    case F::L8: return &kL8;
    case F::A8L8: return &kA8L8;
    case F::G16R16: return &kG16R16;
    case F::A16B16G16R16: return &kAbgr16;
    case F::V8U8: return &kV8U8;
    case F::Q8W8V8U8: return &kQ8;
    case F::R16F: return &kR16F;
    case F::A16B16G16R16F: return &kAbgr16F;
    case F::R32F: return &kR32F;
    case F::A32B32G32R32F: return &kAbgr32F;
    case F::DXT1: return &kDxt1;
    case F::DXT2:
    case F::DXT3: return &kDxt3;
    case F::DXT4:
    case F::DXT5: return &kDxt5;
    default: return nullptr;
  }
}

}  // namespace gfx::func
