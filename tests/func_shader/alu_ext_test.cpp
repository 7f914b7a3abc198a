// The SM2/3 arithmetic ops: exact results, including the special values the D3D9 reference
// formulas give (pow of 0, nrm of the zero vector, lit edge cases, sincos, sgn of -0, cmp).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "common/error.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr uint8_t kX = 0x00, kY = 0x55, kZ = 0xAA, kW = 0xFF;  // replicate swizzles

Vec4 run1(Instr in, std::initializer_list<Vec4> inputs) {
  Program p = program({in});
  Warp w = warp_with(inputs);
  return run(p, w);
}

TEST(AluExt, Dp2AddAddsTheScalarThirdSource) {
  const Vec4 r = run1(ins(Op::Dp2Add, o(0), v(0), v(1), v(2, kZ)),
                      {{1, 2, 100, 100}, {3, 4, 100, 100}, {0, 0, 0.5f, 0}});
  EXPECT_EQ(r, (Vec4{11.5f, 11.5f, 11.5f, 11.5f}));
}

TEST(AluExt, LrpBlendsPerComponent) {
  const Vec4 r = run1(ins(Op::Lrp, o(0), v(0), v(1), v(2)),
                      {{0, 1, 0.25f, 0.5f}, {10, 10, 10, 10}, {2, 2, 2, 2}});
  EXPECT_EQ(r, (Vec4{2, 10, 4, 6}));
}

TEST(AluExt, CmpSelectsOnGreaterOrEqualZeroIncludingMinusZero) {
  const Vec4 r = run1(ins(Op::Cmp, o(0), v(0), v(1), v(2)),
                      {{-0.0f, 0.0f, -1e-30f, 3}, {1, 1, 1, 1}, {2, 2, 2, 2}});
  EXPECT_EQ(r, (Vec4{1, 1, 2, 1}));
}

TEST(AluExt, SgnOfSignedZerosIsZero) {
  const Vec4 r = run1(ins(Op::Sgn, o(0), v(0)), {{-0.0f, 0.0f, -7, 1e-30f}});
  EXPECT_EQ(r, (Vec4{0, 0, -1, 1}));
  EXPECT_FALSE(std::signbit(r.x));  // +0, not -0
}

TEST(AluExt, CrsIsTheCrossProductOfXyz) {
  const Vec4 r = run1(ins(Op::Crs, o(0, 0x7), v(0), v(1)), {{1, 0, 0, 9}, {0, 1, 0, 9}});
  EXPECT_EQ(r, (Vec4{0, 0, 1, 0}));  // w untouched (0)
  const Vec4 q = run1(ins(Op::Crs, o(0, 0x7), v(0), v(1)), {{1, 2, 3, 0}, {4, 5, 6, 0}});
  EXPECT_EQ(q, (Vec4{-3, 6, -3, 0}));
}

TEST(AluExt, CrsWritingWIsAnError) {
  Program p = program({ins(Op::Crs, o(0), v(0), v(1))});
  Warp w = warp_with({{1, 0, 0, 0}, {0, 1, 0, 0}});
  EXPECT_THROW(run(p, w), Error);
}

TEST(AluExt, NrmScalesByRsqOfDot3AndZeroGivesZero) {
  const Vec4 r = run1(ins(Op::Nrm, o(0), v(0)), {{3, 0, 4, 10}});
  EXPECT_EQ(r, (Vec4{3 * (1.0f / std::sqrt(25.0f)), 0, 4 * (1.0f / std::sqrt(25.0f)),
                     10 * (1.0f / std::sqrt(25.0f))}));
  const Vec4 z = run1(ins(Op::Nrm, o(0), v(0)), {{0, 0, 0, 1}});
  // D3D9 hardware (visual.c fp_special_test): 0, not 0 * rsq(0) = NaN; w scales by 0 too.
  EXPECT_EQ(z, (Vec4{0, 0, 0, 0}));
  EXPECT_FALSE(std::signbit(z.x));
}

TEST(AluExt, PowUsesAbsAndTheExpLogExpansion) {
  EXPECT_EQ(run1(ins(Op::Pow, o(0), v(0, kX), v(0, kY)), {{-2, 3, 0, 0}}).x, 8.0f);
  EXPECT_EQ(run1(ins(Op::Pow, o(0), v(0, kX), v(0, kY)), {{0, 2, 0, 0}}).w, 0.0f);
  EXPECT_EQ(run1(ins(Op::Pow, o(0), v(0, kX), v(0, kY)), {{0, -1, 0, 0}}).y, kInf);
  // pow(0, 0) = 1 as D3D9 hardware gives it (visual.c fp_special_test), not the NaN of
  // exp2(0 * log2(0)); any x to the power 0 is 1.
  EXPECT_EQ(run1(ins(Op::Pow, o(0), v(0, kX), v(0, kY)), {{0, 0, 0, 0}}).z, 1.0f);
  EXPECT_EQ(run1(ins(Op::Pow, o(0), v(0, kX), v(0, kY)), {{-0.0f, -0.0f, 0, 0}}).x, 1.0f);
  EXPECT_EQ(run1(ins(Op::Pow, o(0), v(0, kX), v(0, kY)), {{kInf, 0, 0, 0}}).x, 1.0f);
  EXPECT_EQ(run1(ins(Op::Pow, o(0), v(0, kX), v(0, kY)), {{5, 0, 0, 0}}).x, 1.0f);
}

TEST(AluExt, LitFollowsTheReferenceFormula) {
  auto lit = [](Vec4 in) { return run1(ins(Op::Lit, o(0), v(0)), {in}); };
  EXPECT_EQ(lit({0.5f, 0.25f, 9, 2}), (Vec4{1, 0.5f, 0.0625f, 1}));
  EXPECT_EQ(lit({-0.5f, 0.25f, 9, 2}), (Vec4{1, 0, 0, 1}));     // facing away: no diffuse
  EXPECT_EQ(lit({0.5f, -0.25f, 9, 2}), (Vec4{1, 0.5f, 0, 1}));  // no specular
  EXPECT_EQ(lit({0.5f, 0.25f, 9, 0}), (Vec4{1, 0.5f, 1, 1}));   // y^0 = 1
  // The power clamps to 127.9961: 2^-200 would be 0, the clamped power gives 2^127.9961.
  EXPECT_EQ(lit({1, 0.5f, 0, -200}).z, std::exp2(127.9961f));
  EXPECT_EQ(lit({1, 2, 0, 200}).z, std::exp2(127.9961f));
}

TEST(AluExt, DstBuildsTheAttenuationVector) {
  const Vec4 r = run1(ins(Op::Dst, o(0), v(0), v(1)), {{9, 2, 3, 9}, {9, 5, 9, 7}});
  EXPECT_EQ(r, (Vec4{1, 10, 3, 7}));
}

TEST(AluExt, ExppAndLogpReplicateFullPrecision) {
  EXPECT_EQ(run1(ins(Op::Expp, o(0), v(0, kY)), {{0, 3, 0, 0}}), (Vec4{8, 8, 8, 8}));
  EXPECT_EQ(run1(ins(Op::Logp, o(0), v(0, kW)), {{0, 0, 0, -0.25f}}), (Vec4{-2, -2, -2, -2}));
  EXPECT_EQ(run1(ins(Op::Logp, o(0), v(0, kX)), {{0, 0, 0, 0}}).x, -kInf);
}

TEST(AluExt, SinCosWritesCosToXAndSinToY) {
  const Vec4 zero = run1(ins(Op::SinCos, o(0, 0x3), v(0, kX)), {{0, 0, 0, 0}});
  EXPECT_EQ(zero, (Vec4{1, 0, 0, 0}));
  const float pi = 3.14159265358979f;
  const Vec4 at_pi = run1(ins(Op::SinCos, o(0, 0x3), v(0, kZ)), {{0, 0, pi, 0}});
  EXPECT_EQ(at_pi.x, -1.0f);
  EXPECT_EQ(at_pi.y, std::sin(pi));
  EXPECT_NEAR(at_pi.y, -8.742278e-08f, 1e-13f);
  // The write mask selects: .y only leaves x alone.
  const Vec4 only_y = run1(ins(Op::SinCos, o(0, 0x2), v(0, kX)), {{0, 0, 0, 0}});
  EXPECT_EQ(only_y, (Vec4{0, 0, 0, 0}));
  const Vec4 only_x = run1(ins(Op::SinCos, o(0, 0x1), v(0, kX)), {{0, 0, 0, 0}});
  EXPECT_EQ(only_x, (Vec4{1, 0, 0, 0}));
}

TEST(AluExt, NewOpsHaveTheirTimingClasses) {
  EXPECT_EQ(op_class(Op::Pow), OpClass::Transcendental);
  EXPECT_EQ(op_class(Op::SinCos), OpClass::Transcendental);
  EXPECT_EQ(op_class(Op::Lrp), OpClass::Alu);
  EXPECT_EQ(op_class(Op::Loop), OpClass::Flow);
  EXPECT_EQ(op_class(Op::Texkill), OpClass::Alu);
}

}  // namespace
}  // namespace gfx::func::test
