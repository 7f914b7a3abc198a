// setp and predicated writes, mova rounding into a0 and relative addressing of constants
// and temps through a0 and aL.
#include <gtest/gtest.h>

#include <cmath>

#include "common/error.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

// Lane l of input register r holds values(l).
Warp lanes_warp(int lanes, const std::function<Vec4(int)>& v0) {
  Warp w = warp_with({}, lanes);
  for (int l = 0; l < lanes; ++l) w.set_input(0, l, v0(l));
  return w;
}

TEST(Predication, SetpWritesP0PerComponent) {
  Program p = program({with_cmp(ins(Op::Setp, pd(0x5), v(0), v(1)), CmpOp::Lt)});
  Warp w = warp_with({{1, 5, 3, 0}, {2, 2, 2, 2}});
  run(p, w);
  EXPECT_EQ(w.pred(0)[0], 1);  // 1 < 2
  EXPECT_EQ(w.pred(1)[0], 0);  // not written (mask .xz)
  EXPECT_EQ(w.pred(2)[0], 0);  // 3 < 2 is false
}

TEST(Predication, PredicatedWriteMasksLanesAndComponents) {
  // p0.x = (v0.x > 0) per lane; p0.y always false. (p0.xyxy) mov o0, c0.
  Program p = program({with_cmp(ins(Op::Setp, pd(0x3), v(0, swizzle(0, 3, 0, 0)), c(1)), CmpOp::Gt),
                       predicated(ins(Op::Mov, o(0), c(0)), swizzle(0, 1, 0, 1))});
  Warp w = lanes_warp(4, [](int l) { return Vec4{float(l % 2 ? 1 : -1), 0, 0, 0}; });
  run(p, w, {{7, 7, 7, 7}, {0, 0, 0, 0}});
  for (int l = 0; l < 4; ++l) {
    const float want = l % 2 ? 7.0f : 0.0f;
    EXPECT_EQ(w.output_vec(0, l), (Vec4{want, 0, want, 0})) << "lane " << l;
  }
}

TEST(Predication, NegatedPredicate) {
  Program p = program({with_cmp(ins(Op::Setp, pd(), v(0), c(1)), CmpOp::Ge),
                       predicated(ins(Op::Mov, o(0), c(0)), kSwizzleIdentity, true)});
  Warp w = lanes_warp(2, [](int l) { return Vec4{float(l), 1, -1, 0}; });
  run(p, w, {{5, 5, 5, 5}, {1, 1, 1, 1}});
  EXPECT_EQ(w.output_vec(0, 0), (Vec4{5, 0, 5, 5}));  // 0>=1 no, 1>=1 yes, -1 no, 0 no
  EXPECT_EQ(w.output_vec(0, 1), (Vec4{0, 0, 5, 5}));
}

TEST(Relative, MovaRoundsToNearest) {
  Program p = program({ins(Op::Mova, a0(), v(0))});
  Warp w = warp_with({{1.5f, -1.5f, 2.49f, -0.4f}});
  run(p, w);
  EXPECT_EQ(w.addr(0)[0], 2);
  EXPECT_EQ(w.addr(1)[0], -1);  // floor(-1.5 + 0.5)
  EXPECT_EQ(w.addr(2)[0], 2);
  EXPECT_EQ(w.addr(3)[0], 0);
  Warp big = warp_with({{1e30f, -1e30f, std::nanf(""), 0}});
  run(p, big);
  EXPECT_EQ(big.addr(0)[0], 32768);
  EXPECT_EQ(big.addr(1)[0], -32768);
  EXPECT_EQ(big.addr(2)[0], 0);
}

TEST(Relative, Vs11MovToA0FloorsTowardsMinusInfinity) {
  Instr mov = ins(Op::Mova, a0(), v(0));
  mov.addr_floor = true;
  Program p = program({mov});
  Warp w = warp_with({{1.5f, -1.5f, 2.99f, -0.4f}});
  run(p, w);
  EXPECT_EQ(w.addr(0)[0], 1);
  EXPECT_EQ(w.addr(1)[0], -2);
  EXPECT_EQ(w.addr(2)[0], 2);
  EXPECT_EQ(w.addr(3)[0], -1);
}

TEST(Relative, ConstantIndexedByA0PerLaneOutOfRangeReadsZero) {
  // mova a0.y, v0.x; mov o0, c2[a0.y]
  Program p = program({ins(Op::Mova, a0(0x2), v(0, swizzle(0, 0, 0, 0))),
                       ins(Op::Mov, o(0), rel(c(2), RelAddr::A0, 1))});
  const float idx[4] = {0, 1, -3, 254};  // c2, c3, c-1 (outside), c256 (outside)
  Warp w = lanes_warp(4, [&](int l) { return Vec4{idx[l], 0, 0, 0}; });
  run(p, w, {{}, {}, {1, 1, 1, 1}, {2, 2, 2, 2}});
  EXPECT_EQ(w.output_vec(0, 0), (Vec4{1, 1, 1, 1}));
  EXPECT_EQ(w.output_vec(0, 1), (Vec4{2, 2, 2, 2}));
  EXPECT_EQ(w.output_vec(0, 2), (Vec4{}));
  EXPECT_EQ(w.output_vec(0, 3), (Vec4{}));
}

TEST(Relative, RelativeSourceKeepsSwizzleAndModifiers) {
  Program q = program(
      {ins(Op::Mov, rd(1), c(0)), ins(Op::Mova, a0(0x1), v(0)),
       ins(Op::Mov, o(0), rel(src(RegFile::Temp, 0, swizzle(3, 2, 1, 0), true), RelAddr::A0, 0))});
  Warp w = warp_with({{1, 0, 0, 0}});
  run(q, w, {{1, 2, 3, 4}});
  EXPECT_EQ(w.output_vec(0, 0), (Vec4{-4, -3, -2, -1}));  // r[0 + 1] = r1, .wzyx, negated
}

TEST(Relative, SideRegistersAreWrittenOnlyByTheirOps) {
  Program p = program({ins(Op::Mova, o(0), v(0))});
  Warp w = warp_with({{1, 0, 0, 0}});
  EXPECT_THROW(run(p, w), Error);
  Program q = program({ins(Op::Mov, a0(), v(0))});
  EXPECT_THROW(run(q, w), Error);
  Program r = program({ins(Op::Mov, o(0), p0(0))});  // p0 is no ALU source
  EXPECT_THROW(run(r, w), Error);
}

}  // namespace
}  // namespace gfx::func::test
