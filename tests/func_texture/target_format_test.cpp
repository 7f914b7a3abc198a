// Render targets in other formats: each write rounds as D3D does and lands in the format's
// memory layout, so the texture samples back what the ROP stored.
#include "func/rop/target_format.h"

#include <gtest/gtest.h>

#include "common/error.h"
#include "texture_util.h"

namespace gfx::func::test {
namespace {

using F = api::Format;

ColorSurface surface(F f, size_t bytes) {
  ColorSurface s;
  s.width = s.height = 1;
  s.format = f;
  s.native.assign(bytes, 0);
  return s;
}

TEST(TargetFormat, HalfRoundsToNearestEven) {
  EXPECT_EQ(float_to_half(1.0f), 0x3C00);
  EXPECT_EQ(float_to_half(0.9f), 0x3B33);                // 0.89990234375, below 0.9
  EXPECT_EQ(float_to_half(1.0f + 1.0f / 2048), 0x3C00);  // a tie goes to the even 1.0
  EXPECT_EQ(float_to_half(1.0f + 3.0f / 2048), 0x3C02);  // a tie goes up to even
  EXPECT_EQ(float_to_half(65520.0f), 0x7C00);            // rounds past the largest half: infinity
  EXPECT_EQ(float_to_half(5.9604644775390625e-8f), 0x0001);  // the smallest denormal
  EXPECT_EQ(float_to_half(-0.0f), 0x8000);
}

TEST(TargetFormat, UnormWritesRoundToNearestAndKeepMaskedChannels) {
  ColorSurface s = surface(F::R5G6B5, 2);
  write_native(s, 0, Vec4{0.3f, 0.6f, 0.9f, 0.7f}, 0xF, nullptr);
  EXPECT_EQ(s.native[0] | s.native[1] << 8, 9 << 11 | 38 << 5 | 28);  // round(9.3, 37.8, 27.9)
  write_native(s, 0, Vec4{1, 1, 1, 1}, 0x2, nullptr);                 // green only
  EXPECT_EQ(s.native[0] | s.native[1] << 8, 9 << 11 | 63 << 5 | 28);
  ColorSurface a = surface(F::A1R5G5B5, 2);
  write_native(a, 0, Vec4{0, 0, 0, 0.5f}, 0xF, nullptr);  // alpha 0.5 rounds to 1
  EXPECT_EQ(a.native[1], 0x80);
}

TEST(TargetFormat, FloatTargetsStoreUnclampedAndSampleBack) {
  ColorSurface s = surface(F::A32B32G32R32F, 16);
  write_native(s, 0, Vec4{-2.5f, 3.0f, 0.25f, 100.0f}, 0xF, nullptr);
  const api::Texture t = raw_texture(F::A32B32G32R32F, 1, 1, s.native);
  EXPECT_EQ(texel(prepared(t), 0, 0), (Vec4{-2.5f, 3.0f, 0.25f, 100.0f}));
  ColorSurface r = surface(F::R32F, 4);
  write_native(r, 0, Vec4{7.0f, 1, 1, 1}, 0xF, nullptr);
  EXPECT_EQ(texel(prepared(raw_texture(F::R32F, 1, 1, r.native)), 0, 0), (Vec4{7, 1, 1, 1}));
}

uint32_t word16(const ColorSurface& s, size_t at) { return s.native[at] | s.native[at + 1] << 8; }

TEST(TargetFormat, SixteenBitAndFourBitFormatsRoundToNearest) {
  const Vec4 c{0.3f, 0.6f, 0.9f, 0.7f};
  ColorSurface s = surface(F::A4R4G4B4, 2);
  write_native(s, 0, c, 0xF, nullptr);  // 4.5000002, 9.0000004, 13.4999996, 10.4999997
  EXPECT_EQ(word16(s, 0), 10u << 12 | 5u << 8 | 9u << 4 | 13u);
  ColorSurface g = surface(F::G16R16, 4);
  write_native(g, 0, c, 0xF, nullptr);  // red in the low word
  EXPECT_EQ(word16(g, 0), 19661u);      // 0.3f * 65535 = 19660.5008
  EXPECT_EQ(word16(g, 2), 39321u);
  ColorSurface w = surface(F::A16B16G16R16, 8);
  write_native(w, 0, c, 0xF, nullptr);
  EXPECT_EQ(word16(w, 6), 45874u);  // 0.7f * 65535 = 45874.4992: a float product would tie up
  ColorSurface h = surface(F::R16F, 2);
  write_native(h, 0, Vec4{0.9f, 5, 5, 5}, 0xF, nullptr);
  EXPECT_EQ(word16(h, 0), 0x3B33u);
}

TEST(TargetFormat, X1R5G5B5KeepsItsXBit) {
  ColorSurface s = surface(F::X1R5G5B5, 2);
  s.native[1] = 0x80;
  write_native(s, 0, Vec4{1, 0, 1, 0}, 0xF, nullptr);
  EXPECT_EQ(word16(s, 0), 0x8000u | 31u << 10 | 31u);
}

BlendMode blend(api::Blend src, api::Blend dst) {
  BlendMode m;
  m.src = src;
  m.dst = dst;
  return m;
}

TEST(TargetFormat, FloatTargetsBlendUnclamped) {
  ColorSurface r = surface(F::R32F, 4);
  write_native(r, 0, Vec4{7, 0, 0, 0}, 0xF, nullptr);
  const BlendMode add = blend(api::Blend::One, api::Blend::One);
  write_native(r, 0, Vec4{2.5f, 0, 0, 0}, 0xF, &add);
  EXPECT_EQ(read_native(r, 0), (Vec4{9.5f, 1, 1, 1}));
  ColorSurface h = surface(F::A16B16G16R16F, 8);
  write_native(h, 0, Vec4{1, 1, 1, 1}, 0xF, nullptr);
  const BlendMode over = blend(api::Blend::SrcAlpha, api::Blend::InvSrcAlpha);
  write_native(h, 0, Vec4{2, -1, 0.5f, 0.25f}, 0xF, &over);
  EXPECT_EQ(read_native(h, 0), (Vec4{1.25f, 0.5f, 0.875f, 0.8125f}));
}

TEST(TargetFormat, UnormTargetsBlendAClampedSourceAndReadMissingAlphaAsOne) {
  ColorSurface s = surface(F::R5G6B5, 2);
  write_native(s, 0, Vec4{9.0f / 31, 0, 0, 0}, 0xF, nullptr);
  const BlendMode add = blend(api::Blend::One, api::Blend::One);
  write_native(s, 0, Vec4{-1, 0, 0, 0}, 0xF, &add);  // -1 clamps to 0 before the blend
  EXPECT_EQ(word16(s, 0), 9u << 11);
  const BlendMode by_dest_alpha = blend(api::Blend::DestAlpha, api::Blend::Zero);
  write_native(s, 0, Vec4{0.5f, 0.5f, 0.5f, 0}, 0xF, &by_dest_alpha);  // R5G6B5 alpha is 1
  EXPECT_EQ(word16(s, 0), 16u << 11 | 32u << 5 | 16u);                 // 15.5, 31.5, 15.5
}

}  // namespace
}  // namespace gfx::func::test
