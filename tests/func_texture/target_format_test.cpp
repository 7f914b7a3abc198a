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
  write_native(s, 0, Vec4{0.3f, 0.6f, 0.9f, 0.7f}, 0xF, false);
  EXPECT_EQ(s.native[0] | s.native[1] << 8, 9 << 11 | 38 << 5 | 28);  // round(9.3, 37.8, 27.9)
  write_native(s, 0, Vec4{1, 1, 1, 1}, 0x2, false);                   // green only
  EXPECT_EQ(s.native[0] | s.native[1] << 8, 9 << 11 | 63 << 5 | 28);
  ColorSurface a = surface(F::A1R5G5B5, 2);
  write_native(a, 0, Vec4{0, 0, 0, 0.5f}, 0xF, false);  // alpha 0.5 rounds to 1
  EXPECT_EQ(a.native[1], 0x80);
}

TEST(TargetFormat, FloatTargetsStoreUnclampedAndSampleBack) {
  ColorSurface s = surface(F::A32B32G32R32F, 16);
  write_native(s, 0, Vec4{-2.5f, 3.0f, 0.25f, 100.0f}, 0xF, false);
  const api::Texture t = raw_texture(F::A32B32G32R32F, 1, 1, s.native);
  EXPECT_EQ(texel(prepared(t), 0, 0), (Vec4{-2.5f, 3.0f, 0.25f, 100.0f}));
  ColorSurface r = surface(F::R32F, 4);
  write_native(r, 0, Vec4{7.0f, 1, 1, 1}, 0xF, false);
  EXPECT_EQ(texel(prepared(raw_texture(F::R32F, 1, 1, r.native)), 0, 0), (Vec4{7, 1, 1, 1}));
}

TEST(TargetFormat, BlendingIsALocatedError) {
  ColorSurface s = surface(F::R32F, 4);
  EXPECT_THROW(write_native(s, 0, Vec4{}, 0xF, true), Error);
}

}  // namespace
}  // namespace gfx::func::test
