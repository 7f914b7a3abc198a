// Source swizzle / abs / negate, destination saturate and write mask.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

const Vec4 kIn{1.5f, -2.0f, 0.25f, -0.75f};

Vec4 mov(Src s) {
  Program p = program({ins(Op::Mov, o(0), s)});
  Warp w = warp_with({kIn});
  return run(p, w);
}

TEST(Modifiers, Swizzle) {
  EXPECT_EQ(mov(v(0, swizzle(3, 2, 1, 0))), (Vec4{-0.75f, 0.25f, -2.0f, 1.5f}));
  EXPECT_EQ(mov(v(0, swizzle(1, 1, 1, 1))), (Vec4{-2, -2, -2, -2}));
  EXPECT_EQ(mov(v(0, swizzle(0, 0, 3, 2))), (Vec4{1.5f, 1.5f, -0.75f, 0.25f}));
}

TEST(Modifiers, NegateAbsAndBoth) {
  EXPECT_EQ(mov(src(RegFile::Input, 0, kSwizzleIdentity, true, false)),
            (Vec4{-1.5f, 2.0f, -0.25f, 0.75f}));
  EXPECT_EQ(mov(src(RegFile::Input, 0, kSwizzleIdentity, false, true)),
            (Vec4{1.5f, 2.0f, 0.25f, 0.75f}));
  // abs first, then negate: -|x|.
  EXPECT_EQ(mov(src(RegFile::Input, 0, kSwizzleIdentity, true, true)),
            (Vec4{-1.5f, -2.0f, -0.25f, -0.75f}));
  // Swizzle then modifiers, on constants too.
  Program p =
      program({ins(Op::Mov, o(0), src(RegFile::Const, 3, swizzle(1, 0, 0, 3), true, true))});
  Warp w = warp_with({});
  EXPECT_EQ(run(p, w, {{}, {}, {}, Vec4{1, -2, 3, -4}}), (Vec4{-2, -1, -1, -4}));
}

TEST(Modifiers, SaturateClampsAndMapsNanToZero) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  Program p = program({ins(Op::Mov, o(0, 0xF, true), v(0))});
  Warp w = warp_with({Vec4{1.5f, -0.5f, 0.25f, nan}});
  EXPECT_EQ(run(p, w), (Vec4{1.0f, 0.0f, 0.25f, 0.0f}));
  // Saturate applies to the result, not the sources: 0.75 + 0.75 -> 1.
  Program q = program({ins(Op::Add, o(0, 0xF, true), v(0), v(0))});
  Warp w2 = warp_with({Vec4{0.75f, 0.25f, -1, 0}});
  EXPECT_EQ(run(q, w2), (Vec4{1.0f, 0.5f, 0.0f, 0.0f}));
}

TEST(Modifiers, WriteMaskLeavesOtherChannels) {
  Program p = program({ins(Op::Mov, o(0), v(1)), ins(Op::Mov, o(0, 0x5), v(0)),
                       ins(Op::Add, o(0, 0x8), v(0), v(0))});
  Warp w = warp_with({kIn, Vec4{9, 9, 9, 9}});
  EXPECT_EQ(run(p, w), (Vec4{1.5f, 9, 0.25f, -1.5f}));
}

TEST(Modifiers, DestinationMayAliasASource) {
  // r0 = (1, 2, 3, 4); add r0, r0.yxwz, r0 must read r0 as it was before the write.
  Program p =
      program({ins(Op::Mov, rd(0), v(0)), ins(Op::Add, rd(0), r(0, swizzle(1, 0, 3, 2)), r(0)),
               ins(Op::Mov, o(0), r(0))});
  Warp w = warp_with({Vec4{1, 2, 3, 4}});
  EXPECT_EQ(run(p, w), (Vec4{3, 3, 7, 7}));
}

}  // namespace
}  // namespace gfx::func::test
