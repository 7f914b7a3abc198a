// D3D10's DXGI formats: each decodes with D3D10's rule for missing channels (colour 0,
// alpha 1), the _SRGB ones through the sRGB curve before filtering, and each render-target
// format stores what D3D10 stores (sRGB encoded after a linear-space blend).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "func/rop/target_format.h"
#include "texture_util.h"

namespace gfx::func::test {
namespace {

using F = api::Format;

float q(double num, double den) { return float(num / den); }
float srgb_to_linear(int c) {
  const double v = c / 255.0;
  return float(v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4));
}

ColorSurface surface(F f, size_t bytes) {
  ColorSurface s;
  s.width = s.height = 1;
  s.format = f;
  s.native.assign(bytes, 0);
  return s;
}
uint32_t word32(const ColorSurface& s) {
  return uint32_t(s.native[0]) | uint32_t(s.native[1]) << 8 | uint32_t(s.native[2]) << 16 |
         uint32_t(s.native[3]) << 24;
}

TEST(DxgiFormats, EightBitFourChannelLayouts) {
  // R8G8B8A8: bytes r, g, b, a; B8G8R8A8: b, g, r, a (D3D9's A8R8G8B8 bytes).
  const auto rgba = raw_texture(F::R8G8B8A8_UNORM, 1, 1, {0x10, 0x20, 0x30, 0x40});
  EXPECT_EQ(texel(prepared(rgba), 0, 0),
            (Vec4{q(0x10, 255), q(0x20, 255), q(0x30, 255), q(0x40, 255)}));
  const auto bgra = raw_texture(F::B8G8R8A8_UNORM, 1, 1, {0x10, 0x20, 0x30, 0x40});
  EXPECT_EQ(texel(prepared(bgra), 0, 0),
            (Vec4{q(0x30, 255), q(0x20, 255), q(0x10, 255), q(0x40, 255)}));
}

TEST(DxgiFormats, TenTenTenTwoFromTheLowBits) {
  const uint32_t w = 1023u | 512u << 10 | 1u << 20 | 2u << 30;
  const auto t = raw_texture(F::R10G10B10A2_UNORM, 1, 1,
                             {uint8_t(w), uint8_t(w >> 8), uint8_t(w >> 16), uint8_t(w >> 24)});
  EXPECT_EQ(texel(prepared(t), 0, 0), (Vec4{1, q(512, 1023), q(1, 1023), q(2, 3)}));
}

TEST(DxgiFormats, SingleChannelFormatsReadZeroForMissingColour) {
  // Where D3D9's L8 and R32F read (l, l, l, 1) and (r, 1, 1, 1), D3D10 reads (r, 0, 0, 1).
  const auto r8 = raw_texture(F::R8_UNORM, 1, 1, {0x80});
  EXPECT_EQ(texel(prepared(r8), 0, 0), (Vec4{q(128, 255), 0, 0, 1}));
  const auto r16 = raw_texture(F::R16_UNORM, 1, 1, words16({0x8000}));
  EXPECT_EQ(texel(prepared(r16), 0, 0), (Vec4{q(0x8000, 65535), 0, 0, 1}));
  const float v = -3.25f;
  std::vector<uint8_t> bytes(4);
  std::memcpy(bytes.data(), &v, 4);
  const auto r32 = raw_texture(F::R32_FLOAT, 1, 1, bytes);
  EXPECT_EQ(texel(prepared(r32), 0, 0), (Vec4{-3.25f, 0, 0, 1}));
}

TEST(DxgiFormats, FloatFourChannelFormatsAreD3D9sLayouts) {
  const auto h = raw_texture(F::R16G16B16A16_FLOAT, 1, 1, words16({0x3C00, 0xC000, 0x3800, 0}));
  EXPECT_EQ(texel(prepared(h), 0, 0), (Vec4{1, -2, 0.5f, 0}));
  const float f[4] = {1.5f, -0.25f, 1e6f, 2};
  std::vector<uint8_t> bytes(16);
  std::memcpy(bytes.data(), f, 16);
  const auto t = raw_texture(F::R32G32B32A32_FLOAT, 1, 1, bytes);
  EXPECT_EQ(texel(prepared(t), 0, 0), (Vec4{1.5f, -0.25f, 1e6f, 2}));
}

TEST(DxgiFormats, SrgbDecodesColourBeforeFilteringAndLeavesAlphaLinear) {
  const auto t = raw_texture(F::R8G8B8A8_UNORM_SRGB, 2, 1, {0x80, 0x0A, 0xFF, 0x80, 0, 0, 0, 0});
  EXPECT_EQ(texel(prepared(t), 0, 0),
            (Vec4{srgb_to_linear(0x80), srgb_to_linear(0x0A), 1.0f, q(0x80, 255)}));
  // 0x80 is 0.2158605 linear; 0x0A (0.0392, below the knee) is 0.0392 / 12.92.
  EXPECT_NEAR(srgb_to_linear(0x80), 0.2158605, 1e-6);
  EXPECT_EQ(srgb_to_linear(0x0A), float(10.0 / 255.0 / 12.92));
  // Halfway between the texels, the filter averages linear values: not the curve of 0x40.
  const PreparedSampler s = prepared(t, api::Filter::Linear);
  const Vec4 mid = sample(s, 0.5f, 0.5f, 0.0f, nullptr);
  EXPECT_FLOAT_EQ(mid.x, srgb_to_linear(0x80) / 2);
  EXPECT_FLOAT_EQ(mid.w, q(0x80, 255) / 2);
}

TEST(DxgiFormats, BlockCompressedFormatsAreTheDxtBlocks) {
  // One BC1 block: c0 = pure red, c1 = pure blue (c0 > c1: four colours), indices 0,1,2,3
  // along the first row.
  const std::vector<uint8_t> block = {0x00, 0xF8, 0x1F, 0x00, 0xE4, 0xE4, 0xE4, 0xE4};
  for (int x = 0; x < 4; ++x)
    EXPECT_EQ(texel(prepared(raw_texture(F::BC1_UNORM, 4, 4, block)), x, 0),
              texel(prepared(raw_texture(F::DXT1, 4, 4, block)), x, 0));
  const Vec4 third = texel(prepared(raw_texture(F::BC1_UNORM, 4, 4, block)), 2, 0);
  EXPECT_EQ(third, (Vec4{q(170, 255), 0, q(85, 255), 1}));  // (2 c0 + c1 + 1) / 3 in 8 bits
  const Vec4 srgb = texel(prepared(raw_texture(F::BC1_UNORM_SRGB, 4, 4, block)), 2, 0);
  EXPECT_EQ(srgb, (Vec4{srgb_to_linear(170), 0, srgb_to_linear(85), 1}));
}

TEST(DxgiTargets, UnormLayoutsRoundToNearestAndKeepMaskedChannels) {
  ColorSurface rgba = surface(F::R8G8B8A8_UNORM, 4);
  write_native(rgba, 0, Vec4{0.5f, 0.25f, 1, 0.1f}, 0xF, nullptr);
  EXPECT_EQ(word32(rgba), 0x1AFF4080u);  // r 128 (127.5 up), g 64 (63.75), b 255, a 26 (25.5)
  write_native(rgba, 0, Vec4{0, 0, 0, 0}, 0x2, nullptr);
  EXPECT_EQ(word32(rgba), 0x1AFF0080u);
  ColorSurface bgra = surface(F::B8G8R8A8_UNORM, 4);
  write_native(bgra, 0, Vec4{0.5f, 0.25f, 1, 0.1f}, 0xF, nullptr);
  EXPECT_EQ(word32(bgra), 0x1A8040FFu);
  ColorSurface w = surface(F::R10G10B10A2_UNORM, 4);
  write_native(w, 0, Vec4{0.5f, 0.25f, 1, 0.4f}, 0xF, nullptr);  // 511.5, 255.75, 1023, 1.2
  EXPECT_EQ(word32(w), 512u | 256u << 10 | 1023u << 20 | 1u << 30);
  write_native(w, 0, Vec4{0, 0, 0, 1}, 0x8, nullptr);  // alpha only
  EXPECT_EQ(word32(w), 512u | 256u << 10 | 1023u << 20 | 3u << 30);
  ColorSurface r16 = surface(F::R16_UNORM, 2);
  write_native(r16, 0, Vec4{0.7f, 1, 1, 1}, 0xF, nullptr);
  EXPECT_EQ(r16.native[0] | r16.native[1] << 8, 45874);  // 0.7f * 65535 = 45874.4992
  ColorSurface r8 = surface(F::R8_UNORM, 1);
  write_native(r8, 0, Vec4{2, 1, 1, 1}, 0xF, nullptr);
  EXPECT_EQ(r8.native[0], 255);
  // Each samples back as it reads: the surface is the texture's level 0 byte for byte.
  EXPECT_EQ(read_native(r8, 0), (Vec4{1, 0, 0, 1}));
}

TEST(DxgiTargets, SrgbTargetEncodesAndBlendsInLinearSpace) {
  ColorSurface s = surface(F::R8G8B8A8_UNORM_SRGB, 4);
  // Linear 0.5 encodes to 1.055 * 0.5^(1/2.4) - 0.055 = 0.735357, 187.52 -> 188; alpha stays
  // linear (0.5 -> 128); 0.002 is below the knee: 12.92 * 0.002 * 255 = 6.59 -> 7.
  write_native(s, 0, Vec4{0.5f, 0.002f, 1, 0.5f}, 0xF, nullptr);
  EXPECT_EQ(word32(s), 0x80FF07BCu);
  // Additive blending adds linear values: 188 decodes to 0.5029, plus 0.25 is 0.7529,
  // which encodes to 0.88232 (224.99) -> 225; an 8-bit add of encoded values would give 252.
  BlendMode add;
  add.src = add.src_alpha = api::Blend::One;
  add.dst = add.dst_alpha = api::Blend::One;
  write_native(s, 0, Vec4{0.25f, 0, 0, 0}, 0x1, &add);
  EXPECT_EQ(s.native[0], 225);
  EXPECT_EQ(word32(s) >> 8, 0x80FF07u);
}

}  // namespace
}  // namespace gfx::func::test
