// Each uncompressed format's decode with D3D9's expansion rules and exact values: n-bit
// channels read as c / (2^n - 1), missing channels as 0 (A8's colour) or 1 (alpha, and the
// g/b of R16F, R32F, G16R16 and b of V8U8), signed bytes as c / 127 with -128 -> -1.
#include <gtest/gtest.h>

#include <cstring>

#include "common/error.h"
#include "texture_util.h"

namespace gfx::func::test {
namespace {

using F = api::Format;

float q(double num, double den) { return float(num / den); }

TEST(TexelFormats, EightBitRgbAndLuminanceAlpha) {
  // A8R8G8B8 / X8R8G8B8: bytes b, g, r, a in memory.
  const auto argb = raw_texture(F::A8R8G8B8, 1, 1, {0x10, 0x20, 0x30, 0x40});
  EXPECT_EQ(texel(prepared(argb), 0, 0),
            (Vec4{q(0x30, 255), q(0x20, 255), q(0x10, 255), q(0x40, 255)}));
  const auto xrgb = raw_texture(F::X8R8G8B8, 1, 1, {0x10, 0x20, 0x30, 0x40});
  EXPECT_EQ(texel(prepared(xrgb), 0, 0), (Vec4{q(0x30, 255), q(0x20, 255), q(0x10, 255), 1.0f}));
  const auto l8 = raw_texture(F::L8, 2, 1, {0x80, 0xFF});
  EXPECT_EQ(texel(prepared(l8), 0, 0), (Vec4{q(128, 255), q(128, 255), q(128, 255), 1.0f}));
  EXPECT_EQ(texel(prepared(l8), 1, 0), (Vec4{1, 1, 1, 1}));
  const auto a8 = raw_texture(F::A8, 1, 1, {0x40});
  EXPECT_EQ(texel(prepared(a8), 0, 0), (Vec4{0, 0, 0, q(64, 255)}));
  const auto a8l8 = raw_texture(F::A8L8, 1, 1, {0x10, 0xF0});  // L low byte, A high byte
  EXPECT_EQ(texel(prepared(a8l8), 0, 0), (Vec4{q(16, 255), q(16, 255), q(16, 255), q(240, 255)}));
}

TEST(TexelFormats, SixteenBitRgbChannelsDivideByTheirOwnMaximum) {
  // R5G6B5 r = 1, g = 2, b = 3; then full red.
  const auto t565 = raw_texture(F::R5G6B5, 2, 1, words16({1 << 11 | 2 << 5 | 3, 0xF800}));
  EXPECT_EQ(texel(prepared(t565), 0, 0), (Vec4{q(1, 31), q(2, 63), q(3, 31), 1.0f}));
  EXPECT_EQ(texel(prepared(t565), 1, 0), (Vec4{1, 0, 0, 1}));
  // X1R5G5B5 ignores bit 15; A1R5G5B5 reads it as alpha.
  const auto x555 = raw_texture(F::X1R5G5B5, 2, 1, words16({0x7FFF, 0x0000 | 17 << 10}));
  EXPECT_EQ(texel(prepared(x555), 0, 0), (Vec4{1, 1, 1, 1}));
  EXPECT_EQ(texel(prepared(x555), 1, 0), (Vec4{q(17, 31), 0, 0, 1}));
  const auto a555 = raw_texture(F::A1R5G5B5, 2, 1, words16({0x7FFF, 0x8000 | 5 << 5}));
  EXPECT_EQ(texel(prepared(a555), 0, 0), (Vec4{1, 1, 1, 0}));
  EXPECT_EQ(texel(prepared(a555), 1, 0), (Vec4{0, q(5, 31), 0, 1}));
  // A4R4G4B4 0x8421: a 8, r 4, g 2, b 1 (of 15).
  const auto t4444 = raw_texture(F::A4R4G4B4, 1, 1, words16({0x8421}));
  EXPECT_EQ(texel(prepared(t4444), 0, 0), (Vec4{q(4, 15), q(2, 15), q(1, 15), q(8, 15)}));
}

TEST(TexelFormats, NarrowChannelsFilterExactly) {
  // Bilinear halfway between r = 0 and r = 31 of R5G6B5 is exactly one half; a quarter of
  // the way from g = 0 to g = 63 is 63/4 of 63.
  const auto t = raw_texture(F::R5G6B5, 2, 1, words16({0x0000, 0xFFFF}));
  const PreparedSampler s = prepared(t, api::Filter::Linear);
  EXPECT_EQ(sample(s, 0.5f, 0.5f, 0.0f, nullptr), (Vec4{0.5f, 0.5f, 0.5f, 1.0f}));
  EXPECT_EQ(sample(s, 0.375f, 0.5f, 0.0f, nullptr), (Vec4{0.25f, 0.25f, 0.25f, 1.0f}));
}

TEST(TexelFormats, BorderColourReadsAsItsEightBitValueInEveryFormat) {
  const auto t = raw_texture(F::R5G6B5, 1, 1, words16({0xFFFF}));
  const PreparedSampler s = prepared(t, api::Filter::Point, api::Address::Border, 0x40806010u);
  EXPECT_EQ(sample(s, 1.5f, 0.5f, 0.0f, nullptr),
            (Vec4{q(0x80, 255), q(0x60, 255), q(0x10, 255), q(0x40, 255)}));
  const auto f = raw_texture(F::R32F, 1, 1, {0, 0, 0, 0});
  const PreparedSampler sf = prepared(f, api::Filter::Point, api::Address::Border, 0xFF00FF00u);
  EXPECT_EQ(sample(sf, -0.5f, 0.5f, 0.0f, nullptr), (Vec4{0, 1, 0, 1}));
}

TEST(TexelFormats, SixteenBitUnormAndTwoChannelFormats) {
  // A16B16G16R16: R, G, B, A words in that order.
  const auto t = raw_texture(F::A16B16G16R16, 1, 1, words16({0xFFFF, 0x8000, 0, 1}));
  EXPECT_EQ(texel(prepared(t), 0, 0), (Vec4{1, q(32768, 65535), 0, q(1, 65535)}));
  // G16R16: R low word, G high word; b and a read as 1.
  const auto g = raw_texture(F::G16R16, 1, 1, words16({0x4000, 0xC000}));
  EXPECT_EQ(texel(prepared(g), 0, 0), (Vec4{q(0x4000, 65535), q(0xC000, 65535), 1, 1}));
}

TEST(TexelFormats, FloatFormatsKeepTheirValuesAndMissingChannelsReadOne) {
  // visual.c float_texture_test: an R32F texel of 0.0 draws 0x0000FFFF (g = b = 1).
  const auto r32 = raw_texture(F::R32F, 2, 1, floats({0.0f, 3.25f}));
  EXPECT_EQ(texel(prepared(r32), 0, 0), (Vec4{0, 1, 1, 1}));
  EXPECT_EQ(texel(prepared(r32), 1, 0), (Vec4{3.25f, 1, 1, 1}));
  // Values outside [0, 1] are not clamped; bilinear of 0 and 3.25 halfway is 1.625.
  EXPECT_EQ(sample(prepared(r32, api::Filter::Linear), 0.5f, 0.5f, 0.0f, nullptr).x, 1.625f);
  const auto r16 = raw_texture(F::R16F, 1, 1, words16({0x3555}));  // 0.333251953125
  EXPECT_EQ(texel(prepared(r16), 0, 0), (Vec4{0.333251953125f, 1, 1, 1}));
  // A16B16G16R16F halves R, G, B, A: 1.0, -2.0, 0.5, a denormal 2^-24.
  const auto h4 = raw_texture(F::A16B16G16R16F, 1, 1, words16({0x3C00, 0xC000, 0x3800, 0x0001}));
  EXPECT_EQ(texel(prepared(h4), 0, 0), (Vec4{1.0f, -2.0f, 0.5f, 5.9604644775390625e-8f}));
  const auto f4 = raw_texture(F::A32B32G32R32F, 1, 1, floats({0.125f, -7.0f, 1e6f, 0.75f}));
  EXPECT_EQ(texel(prepared(f4), 0, 0), (Vec4{0.125f, -7.0f, 1e6f, 0.75f}));
}

TEST(TexelFormats, SignedBumpFormats) {
  // V8U8: U low byte, V high byte; (U, V, 1, 1); -128 reads as -1 like -127.
  const auto v8 = raw_texture(F::V8U8, 3, 1, {0x7F, 0x80, 0x81, 0x40, 0x00, 0xFF});
  EXPECT_EQ(texel(prepared(v8), 0, 0), (Vec4{1, -1, 1, 1}));
  EXPECT_EQ(texel(prepared(v8), 1, 0), (Vec4{-1, q(64, 127), 1, 1}));
  EXPECT_EQ(texel(prepared(v8), 2, 0), (Vec4{0, q(-1, 127), 1, 1}));
  // Q8W8V8U8: bytes U, V, W, Q -> (U, V, W, Q).
  const auto q8 = raw_texture(F::Q8W8V8U8, 1, 1, {0x01, 0xFF, 0x00, 0x7F});
  EXPECT_EQ(texel(prepared(q8), 0, 0), (Vec4{q(1, 127), q(-1, 127), 0, 1}));
  // Bilinear between U = 127 and U = -127 halfway is exactly 0.
  const auto pair = raw_texture(F::V8U8, 2, 1, {0x7F, 0, 0x81, 0});
  EXPECT_EQ(sample(prepared(pair, api::Filter::Linear), 0.5f, 0.5f, 0.0f, nullptr).x, 0.0f);
}

TEST(TexelFormats, UnknownFormatIsALocatedError) {
  const auto t = raw_texture(F::D24S8, 1, 1, {0, 0, 0, 0});
  try {
    prepared(t);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("d24s8"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace gfx::func::test
