// Address modes at out-of-range coordinates, per axis, with point and bilinear taps.
#include "func/texture/address.h"

#include <gtest/gtest.h>

#include "func/texture/sampler.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

// 4x1 texture whose texel x has red = 10 * (x + 1); the border is pure blue.
constexpr uint32_t kBorder = 0x800000FFu;
const api::Texture& strip() {
  static const api::Texture t = make_texture(
      4, 1, 1, [](unsigned, uint32_t x, uint32_t) { return 0xFF000000u | (10u * (x + 1)) << 16; });
  return t;
}

// Which texel (0..3, or -1 for the border) a point sample at u reads.
int texel_at(api::Address mode, float u) {
  SamplerBinding b{&strip(), {}};
  b.state.address_u = mode;
  b.state.address_v = api::Address::Clamp;
  b.state.border_color = kBorder;
  const Vec4 r = sample(prepare_sampler(b), u, 0.5f, 0.0f, nullptr);
  if (r == Vec4{0, 0, 1.0f, float(0x80 / 255.0)}) return -1;
  for (int x = 0; x < 4; ++x)
    if (r.x == float(10 * (x + 1) / 255.0)) return x;
  return -2;
}

// Coordinates hitting texel indices -1, 4, 9 and -6 of the 4-texel axis.
const float kU[] = {-0.1f, 1.1f, 2.3f, -1.3f};

TEST(Address, Wrap) {
  const int want[] = {3, 0, 1, 2};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(texel_at(api::Address::Wrap, kU[i]), want[i]) << kU[i];
}

TEST(Address, Mirror) {
  const int want[] = {0, 3, 1, 2};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(texel_at(api::Address::Mirror, kU[i]), want[i]) << kU[i];
}

TEST(Address, Clamp) {
  const int want[] = {0, 3, 3, 0};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(texel_at(api::Address::Clamp, kU[i]), want[i]) << kU[i];
}

TEST(Address, Border) {
  for (float u : kU) EXPECT_EQ(texel_at(api::Address::Border, u), -1) << u;
  EXPECT_EQ(texel_at(api::Address::Border, 0.6f), 2);
}

TEST(Address, MirrorOnce) {
  const int want[] = {0, 3, 3, 3};
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(texel_at(api::Address::MirrorOnce, kU[i]), want[i]) << kU[i];
  EXPECT_EQ(texel_at(api::Address::MirrorOnce, -0.3f), 1);  // |u| = 0.3
}

TEST(Address, IndexMappingForNonPowerOfTwoSizes) {
  EXPECT_EQ(address_texel(api::Address::Wrap, -1, 3), 2);
  EXPECT_EQ(address_texel(api::Address::Wrap, 7, 3), 1);
  EXPECT_EQ(address_texel(api::Address::Mirror, 3, 3), 2);
  EXPECT_EQ(address_texel(api::Address::Mirror, -4, 3), 2);
  EXPECT_EQ(address_texel(api::Address::Border, 3, 3), kBorderTexel);
}

TEST(Address, EachAxisHasItsOwnMode) {
  // 2x2: (0,0) black, (1,0) red, (0,1) green, (1,1) blue. u wraps, v clamps.
  const uint32_t tex[4] = {0xFF000000u, 0xFFFF0000u, 0xFF00FF00u, 0xFF0000FFu};
  const api::Texture t =
      make_texture(2, 2, 1, [&](unsigned, uint32_t x, uint32_t y) { return tex[x + 2 * y]; });
  SamplerBinding b{&t, {}};
  b.state.address_u = api::Address::Wrap;
  b.state.address_v = api::Address::Clamp;
  const PreparedSampler s = prepare_sampler(b);
  const Vec4 blue{0, 0, 1, 1}, black{0, 0, 0, 1};
  EXPECT_EQ(sample(s, 1.75f, 1.75f, 0, nullptr), blue);  // u wraps to 0.75
  EXPECT_EQ(sample(s, -0.25f, 5.0f, 0, nullptr), blue);  // u wraps to 0.75, v clamps to row 1
  EXPECT_EQ(sample(s, 0.25f, -3.0f, 0, nullptr), black);
}

TEST(Address, BilinearTapsAreAddressedOneByOne) {
  // u = 0 on the 4-texel strip sits between texel -1 and texel 0.
  SamplerBinding b{&strip(), {}};
  b.state.mag_filter = b.state.min_filter = api::Filter::Linear;
  b.state.address_v = api::Address::Clamp;
  b.state.border_color = 0xFF000000u | (200u << 16);
  b.state.address_u = api::Address::Border;  // half border (200), half texel 0 (10)
  EXPECT_EQ(sample(prepare_sampler(b), 0.0f, 0.5f, 0, nullptr).x, float(105 / 255.0));
  b.state.address_u = api::Address::Wrap;  // half texel 3 (40), half texel 0 (10)
  EXPECT_EQ(sample(prepare_sampler(b), 0.0f, 0.5f, 0, nullptr).x, float(25 / 255.0));
  b.state.address_u = api::Address::Clamp;  // both taps on texel 0
  EXPECT_EQ(sample(prepare_sampler(b), 0.0f, 0.5f, 0, nullptr).x, float(10 / 255.0));
}

}  // namespace
}  // namespace gfx::func::test
