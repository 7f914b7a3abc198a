// The DXBC checksum against fxc's own: both padding cases of the last block occur among
// the golden arrays (ps_create_shader leaves 60 bytes, vs_quad 4), and any changed byte
// after the first 20 changes the sum.
#include "d3d10/checksum.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace gfx::d3d10 {
namespace {

std::array<uint32_t, 4> sum_of(const test::Dwords& dw) {
  return dxbc_checksum(reinterpret_cast<const uint8_t*>(dw.data()), dw.size() * 4);
}

TEST(Checksum, LastBlockWithRoomForTheLengths) {
  const auto dw = test::load_golden("vs_quad");
  ASSERT_EQ((dw.size() * 4 - 20) % 64, 4u);
  EXPECT_EQ(sum_of(dw), (std::array<uint32_t, 4>{0xa7a2f22d, 0x83ff2560, 0xe61638bd, 0x87e3ce90}));
}

TEST(Checksum, LastBlockTooFullForTheLengths) {
  const auto dw = test::load_golden("ps_create_shader");
  ASSERT_EQ((dw.size() * 4 - 20) % 64, 60u);
  EXPECT_EQ(sum_of(dw), (std::array<uint32_t, 4>{0x08c2b568, 0x17d33120, 0xb7d82948, 0x13a570fb}));
}

TEST(Checksum, TheHeaderPrefixIsNotSummedButEverythingAfterIs) {
  auto dw = test::load_golden("ps_color");
  const auto original = sum_of(dw);
  dw[1] ^= 1;  // inside the checksum itself
  EXPECT_EQ(sum_of(dw), original);
  dw[1] ^= 1;
  dw[5] ^= 0x100;  // the version dword, the first one summed
  EXPECT_NE(sum_of(dw), original);
}

}  // namespace
}  // namespace gfx::d3d10
