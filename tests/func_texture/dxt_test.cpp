// DXT1..5 decoded bit-exactly: endpoint widening by bit replication, the interpolated
// colours and alphas rounded to nearest ((2 c0 + c1 + 1) / 3 and so on), DXT1's
// three-colour mode with transparent black, DXT2/4 returned as stored.
#include <gtest/gtest.h>

#include "func/texture/dxt_decode.h"
#include "texture_util.h"

namespace gfx::func::test {
namespace {

using F = api::Format;

float u8(unsigned c) { return float(c) / 255.0f; }
Vec4 rgba(unsigned r, unsigned g, unsigned b, unsigned a) { return {u8(r), u8(g), u8(b), u8(a)}; }

// A colour block: endpoints c0, c1 and 2-bit indices of texels 0..15 (row-major).
std::vector<uint8_t> color_block(uint16_t c0, uint16_t c1, const unsigned (&idx)[16]) {
  std::vector<uint8_t> b = {
      uint8_t(c0), uint8_t(c0 >> 8), uint8_t(c1), uint8_t(c1 >> 8), 0, 0, 0, 0};
  for (unsigned i = 0; i < 16; ++i) b[4 + i / 4] |= uint8_t(idx[i] << (2 * (i % 4)));
  return b;
}
constexpr unsigned kRamp[16] = {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3};

TEST(Dxt, Dxt1FourColourModeRoundsToNearest) {
  // c0 red (0xF800) > c1 blue (0x001F): c2 = (2*255 + 0 + 1) / 3 = 170, c3 = 85.
  const auto t = raw_texture(F::DXT1, 4, 4, color_block(0xF800, 0x001F, kRamp));
  const PreparedSampler s = prepared(t);
  EXPECT_EQ(texel(s, 0, 0), rgba(255, 0, 0, 255));
  EXPECT_EQ(texel(s, 1, 0), rgba(0, 0, 255, 255));
  EXPECT_EQ(texel(s, 2, 0), rgba(170, 0, 85, 255));
  EXPECT_EQ(texel(s, 3, 0), rgba(85, 0, 170, 255));
}

TEST(Dxt, Dxt1ThreeColourModeHasTransparentBlack) {
  // c0 blue (0x001F) <= c1 red: c2 = (c0 + c1 + 1) / 2 = 128, index 3 transparent black.
  const auto t = raw_texture(F::DXT1, 4, 4, color_block(0x001F, 0xF800, kRamp));
  const PreparedSampler s = prepared(t);
  EXPECT_EQ(texel(s, 2, 1), rgba(128, 0, 128, 255));
  EXPECT_EQ(texel(s, 3, 1), rgba(0, 0, 0, 0));
  // Equal endpoints are the three-colour mode too.
  const auto e = raw_texture(F::DXT1, 4, 4, color_block(0x07E0, 0x07E0, kRamp));
  EXPECT_EQ(texel(prepared(e), 3, 2), rgba(0, 0, 0, 0));
  EXPECT_EQ(texel(prepared(e), 2, 2), rgba(0, 255, 0, 255));
}

TEST(Dxt, EndpointsWidenByBitReplication) {
  // r5 = 16 -> 132, g6 = 33 -> 134, b5 = 1 -> 8.
  uint32_t out[4];
  const auto b = color_block(16 << 11 | 33 << 5 | 1, 0, kRamp);
  dxt_color(b.data(), 0, true, out);
  EXPECT_EQ(out[0], 132u);
  EXPECT_EQ(out[1], 134u);
  EXPECT_EQ(out[2], 8u);
}

TEST(Dxt, Dxt3ExplicitAlphaAndAlwaysFourColours) {
  // Alpha nibbles: texel i has alpha i (a * 17); colour c0 blue <= c1 red still interpolates.
  std::vector<uint8_t> block(8);
  for (unsigned i = 0; i < 16; ++i) block[i / 2] |= uint8_t(i << (4 * (i % 2)));
  const auto c = color_block(0x001F, 0xF800, kRamp);
  block.insert(block.end(), c.begin(), c.end());
  for (F f : {F::DXT2, F::DXT3}) {  // DXT2 is premultiplied: D3D9 returns the stored values
    const auto t = raw_texture(f, 4, 4, block);
    const PreparedSampler s = prepared(t);
    EXPECT_EQ(texel(s, 3, 0), rgba(170, 0, 85, 3 * 17));
    EXPECT_EQ(texel(s, 2, 3), rgba(85, 0, 170, 14 * 17));
    EXPECT_EQ(texel(s, 3, 3), rgba(170, 0, 85, 255));
  }
}

// A DXT5 alpha block with endpoints a0, a1 and 3-bit index k for texel k (k < 8), then
// texel 8..15 use index 0.
std::vector<uint8_t> alpha_block(uint8_t a0, uint8_t a1) {
  std::vector<uint8_t> b = {a0, a1, 0, 0, 0, 0, 0, 0};
  uint64_t bits = 0;
  for (uint64_t k = 0; k < 8; ++k) bits |= k << (3 * k);
  for (int i = 0; i < 6; ++i) b[2 + i] = uint8_t(bits >> (8 * i));
  return b;
}

TEST(Dxt, Dxt5AlphaEightAndSixValueModes) {
  // a0 = 255 > a1 = 0: ((7 - i) a0 + i a1 + 3) / 7 -> 219, 182, 146, 109, 73, 36.
  const unsigned eight[8] = {255, 0, 219, 182, 146, 109, 73, 36};
  // a0 = 0 <= a1 = 255: ((5 - i) a0 + i a1 + 2) / 5 -> 51, 102, 153, 204, then 0 and 255.
  const unsigned six[8] = {0, 255, 51, 102, 153, 204, 0, 255};
  for (unsigned k = 0; k < 8; ++k) {
    EXPECT_EQ(dxt_alpha(alpha_block(255, 0).data(), k), eight[k]) << k;
    EXPECT_EQ(dxt_alpha(alpha_block(0, 255).data(), k), six[k]) << k;
  }
  // Uneven endpoints round to nearest: a0 = 200, a1 = 100, index 2 -> (1200 + 100 + 3) / 7.
  EXPECT_EQ(dxt_alpha(alpha_block(200, 100).data(), 2), 186u);
  for (F f : {F::DXT4, F::DXT5}) {
    auto block = alpha_block(255, 0);
    const auto c = color_block(0xFFFF, 0x0000, kRamp);
    block.insert(block.end(), c.begin(), c.end());
    const auto t = raw_texture(f, 4, 4, block);
    EXPECT_EQ(texel(prepared(t), 2, 0), rgba(170, 170, 170, 219));
    EXPECT_EQ(texel(prepared(t), 3, 1), rgba(85, 85, 85, 36));  // index 7
  }
}

TEST(Dxt, BlocksAreRowMajorAndSmallLevelsArePadded) {
  // An 8x4 DXT1: the second block is green. A 2x2 level is one whole block.
  auto bytes = color_block(0xF800, 0xF800, {});
  const auto green = color_block(0x07E0, 0x07E0, {});
  bytes.insert(bytes.end(), green.begin(), green.end());
  api::Texture t = raw_texture(F::DXT1, 8, 4, bytes);
  t.levels.push_back(color_block(0x001F, 0x001F, {}));  // 4x2: one block
  t.levels.push_back(color_block(0xFFFF, 0xFFFF, {}));  // 2x1
  const PreparedSampler s = prepared(t);
  EXPECT_EQ(texel(s, 3, 3), rgba(255, 0, 0, 255));
  EXPECT_EQ(texel(s, 4, 0), rgba(0, 255, 0, 255));
  EXPECT_EQ(sample(s, 0.9f, 0.9f, 0.0f, nullptr), rgba(0, 255, 0, 255));
}

}  // namespace
}  // namespace gfx::func::test
