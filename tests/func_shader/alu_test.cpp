// Exact results of every ALU and transcendental op, including the D3D9 special values.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// Runs `op o0, v0, v1, v2` on a 4-lane warp and returns o0 of lane 0.
Vec4 op3(Op op, Vec4 a, Vec4 b = {}, Vec4 c2 = {}) {
  Program p = program({ins(op, o(0), v(0), v(1), v(2))});
  Warp w = warp_with({a, b, c2});
  return run(p, w);
}

TEST(Alu, ComponentWiseArithmetic) {
  const Vec4 a{1.5f, -2.0f, 3.25f, 0.0f}, b{0.25f, 4.0f, -1.0f, 8.0f};
  EXPECT_EQ(op3(Op::Mov, a), a);
  EXPECT_EQ(op3(Op::Add, a, b), (Vec4{1.75f, 2.0f, 2.25f, 8.0f}));
  EXPECT_EQ(op3(Op::Sub, a, b), (Vec4{1.25f, -6.0f, 4.25f, -8.0f}));
  EXPECT_EQ(op3(Op::Mul, a, b), (Vec4{0.375f, -8.0f, -3.25f, 0.0f}));
  EXPECT_EQ(op3(Op::Mad, a, b, Vec4{1, 1, 1, 1}), (Vec4{1.375f, -7.0f, -2.25f, 1.0f}));
  EXPECT_EQ(op3(Op::Min, a, b), (Vec4{0.25f, -2.0f, -1.0f, 0.0f}));
  EXPECT_EQ(op3(Op::Max, a, b), (Vec4{1.5f, 4.0f, 3.25f, 8.0f}));
  EXPECT_EQ(op3(Op::Abs, a), (Vec4{1.5f, 2.0f, 3.25f, 0.0f}));
}

TEST(Alu, MadRoundsTheProductBeforeTheAdd) {
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24; rounding the product drops 2^-24, so the sum is 0.
  // A fused multiply-add would keep it and give 2^-24.
  const float a = 1.0f + std::ldexp(1.0f, -12);
  const float c2 = -(1.0f + std::ldexp(1.0f, -11));
  const Vec4 r = op3(Op::Mad, Vec4{a, a, a, a}, Vec4{a, a, a, a}, Vec4{c2, c2, c2, c2});
  EXPECT_EQ(r, (Vec4{0, 0, 0, 0}));
}

TEST(Alu, DotProductsReplicate) {
  const Vec4 a{1, 2, 3, 4}, b{5, -6, 7, 0.5f};
  EXPECT_EQ(op3(Op::Dp3, a, b), (Vec4{14, 14, 14, 14}));  // 5 - 12 + 21
  EXPECT_EQ(op3(Op::Dp4, a, b), (Vec4{16, 16, 16, 16}));  // + 2
}

TEST(Alu, SetOnCompare) {
  const Vec4 a{1, 2, 3, -0.0f}, b{2, 2, 1, 0.0f};
  EXPECT_EQ(op3(Op::Slt, a, b), (Vec4{1, 0, 0, 0}));
  EXPECT_EQ(op3(Op::Sge, a, b), (Vec4{0, 1, 1, 1}));  // -0 >= +0
}

TEST(Alu, FractionIsTowardMinusInfinity) {
  EXPECT_EQ(op3(Op::Frc, Vec4{1.25f, -1.25f, 3.0f, -0.5f}), (Vec4{0.25f, 0.75f, 0.0f, 0.5f}));
}

TEST(Alu, ReciprocalSpecialValues) {
  EXPECT_EQ(op3(Op::Rcp, Vec4{4, 9, 9, 9}).x, 0.25f);
  EXPECT_EQ(op3(Op::Rcp, Vec4{0, 9, 9, 9}).x, kInf);
  EXPECT_EQ(op3(Op::Rcp, Vec4{-0.0f, 9, 9, 9}).x, kInf);  // D3D9: rcp(0) is +inf either sign
  EXPECT_EQ(op3(Op::Rcp, Vec4{-2, 9, 9, 9}).x, -0.5f);
}

TEST(Alu, ReciprocalSquareRootUsesAbsoluteValue) {
  EXPECT_EQ(op3(Op::Rsq, Vec4{4, 0, 0, 0}).x, 0.5f);
  EXPECT_EQ(op3(Op::Rsq, Vec4{-4, 0, 0, 0}).x, 0.5f);
  EXPECT_EQ(op3(Op::Rsq, Vec4{0, 0, 0, 0}).x, kInf);
  EXPECT_EQ(op3(Op::Rsq, Vec4{-0.0f, 0, 0, 0}).x, kInf);
}

TEST(Alu, ExpAndLogAreBaseTwo) {
  EXPECT_EQ(op3(Op::Exp, Vec4{3, 0, 0, 0}).x, 8.0f);
  EXPECT_EQ(op3(Op::Exp, Vec4{-1, 0, 0, 0}).x, 0.5f);
  EXPECT_EQ(op3(Op::Exp, Vec4{0.5f, 0, 0, 0}).x, std::exp2(0.5f));  // full precision
  EXPECT_EQ(op3(Op::Log, Vec4{8, 0, 0, 0}).x, 3.0f);
  EXPECT_EQ(op3(Op::Log, Vec4{-8, 0, 0, 0}).x, 3.0f);  // log2 |x|
  EXPECT_EQ(op3(Op::Log, Vec4{0, 0, 0, 0}).x, -kInf);
  EXPECT_EQ(op3(Op::Log, Vec4{0.25f, 0, 0, 0}).x, -2.0f);
}

TEST(Alu, ScalarOpsReadTheSwizzlesXChannelAndWriteAllMasked) {
  // rcp o0.xzw, v0.w: the .w source component goes to x, z and w; y keeps its old value.
  Program p =
      program({ins(Op::Mov, o(0), v(1)), ins(Op::Rcp, o(0, 0xD), v(0, swizzle(3, 3, 3, 3)))});
  Warp w = warp_with({Vec4{1, 2, 4, 8}, Vec4{7, 7, 7, 7}});
  EXPECT_EQ(run(p, w), (Vec4{0.125f, 7, 0.125f, 0.125f}));

  // Only the x selector matters for a scalar op (.yxzw reads y).
  Program q = program({ins(Op::Log, o(0), v(0, swizzle(1, 0, 2, 3)))});
  Warp w2 = warp_with({Vec4{1, 16, 4, 8}});
  EXPECT_EQ(run(q, w2), (Vec4{4, 4, 4, 4}));
}

TEST(Alu, EveryLaneComputesItsOwnValue) {
  Program p = program({ins(Op::Mul, o(0), v(0), v(1))});
  Warp w = warp_with({}, 64);
  for (int l = 0; l < 64; ++l) {
    w.set_input(0, l, Vec4{float(l), 1, 2, 3});
    w.set_input(1, l, Vec4{2, float(l), 0.5f, -1});
  }
  run(p, w);
  for (int l = 0; l < 64; ++l)
    EXPECT_EQ(w.output_vec(0, l), (Vec4{2.0f * l, float(l), 1, -3})) << "lane " << l;
}

}  // namespace
}  // namespace gfx::func::test
