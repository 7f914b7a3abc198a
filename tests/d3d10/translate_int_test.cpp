// SM4 -> ISA translation (d3d10/translate.h), integer and bit instructions: each test
// assembles a pixel shader, translates it and runs it, checking the exact bits written.
#include <gtest/gtest.h>

#include "translate_util.h"

namespace gfx::d3d10::test {
namespace {

using Bits = std::array<uint32_t, 4>;
constexpr uint32_t kAllOnes = 0xFFFFFFFFu;

// Runs `body` in a pixel shader with v1 and v2 holding the given bits; returns o0's bits.
Bits run_int(const std::string& body, const Bits& v1, const Bits& v2 = {}) {
  Runner r;
  r.inputs[1] = floats_of_bits(v1[0], v1[1], v1[2], v1[3]);
  r.inputs[2] = floats_of_bits(v2[0], v2[1], v2[2], v2[3]);
  r.run(
      translate_asm("ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
                    "dcl_output o0.xyzw\ndcl_temps 2\n" +
                    body + "ret\n"));
  return bits_of(r.output(0));
}

TEST(TranslateInt, AddWrapsAndNegateIsTwosComplement) {
  EXPECT_EQ(run_int("iadd o0.xyzw, v1.xyzw, v2.xyzw\n", {0xFFFFFFFFu, 0x7FFFFFFFu, 5, 0x7FC00000u},
                    {1, 1, 0xFFFFFFFDu, 1}),
            (Bits{0, 0x80000000u, 2, 0x7FC00001u}));
  // fxc's `a - b` is iadd with a negated source: the integer, not the float sign bit.
  EXPECT_EQ(run_int("iadd o0.xyzw, v1.xyzw, -v2.xyzw\n", {10, 0, 0x80000000u, 3}, {3, 1, 1, 0}),
            (Bits{7, 0xFFFFFFFFu, 0x7FFFFFFFu, 3}));
  EXPECT_EQ(run_int("ineg o0.xyzw, v1.xyzw\n", {1, 0, 0x80000000u, 0xFFFFFFFEu}),
            (Bits{0xFFFFFFFFu, 0, 0x80000000u, 2}));
}

TEST(TranslateInt, MultiplyHighAndLowHalves) {
  // 0x80000000 * 2: low 0, signed high -1, unsigned high 1. Each destination reads the
  // source channels its own mask selects.
  EXPECT_EQ(run_int("imul o0.xy, o0.zw, v1.xyxy, v2.xyxy\n", {0x80000000u, 0xFFFFFFFFu, 0, 0},
                    {2, 0xFFFFFFFFu, 0, 0}),
            (Bits{0xFFFFFFFFu, 0, 0, 1}));
  EXPECT_EQ(run_int("umul o0.xy, o0.zw, v1.xyxy, v2.xyxy\n", {0x80000000u, 0xFFFFFFFFu, 0, 0},
                    {2, 0xFFFFFFFFu, 0, 0}),
            (Bits{1, 0xFFFFFFFEu, 0, 1}));
  EXPECT_EQ(
      run_int("imul null, o0.xyzw, v1.xyzw, l(3, -3, 65536, 65536)\n", {7, 7, 65536, 0x10001u}),
      (Bits{21, 0xFFFFFFEBu, 0, 0x10000u}));
  // Both halves into the registers the sources come from: each reads the old values.
  EXPECT_EQ(run_int("mov r0.xy, v1.xyxx\numul r0.x, r0.y, r0.x, r0.y\nmov o0.xyzw, r0.xyxy\n",
                    {0x10000u, 0x30000u, 0, 0}),
            (Bits{3, 0, 3, 0}));
  EXPECT_EQ(run_int("imad o0.xyzw, v1.xyzw, v2.xyzw, l(1, 1, 1, -1)\n",
                    {3, 0xFFFFFFFFu, 0x10000u, 0}, {4, 5, 0x10000u, 0}),
            (Bits{13, 0xFFFFFFFCu, 1, 0xFFFFFFFFu}));
  EXPECT_EQ(
      run_int("umad o0.xyzw, v1.xyzw, v2.xyzw, v2.xyzw\n", {2, 0xFFFFFFFFu, 0, 0}, {3, 2, 0, 0}),
      (Bits{9, 0, 0, 0}));
}

TEST(TranslateInt, UnsignedDivideAndRemainderWithDivisionByZero) {
  EXPECT_EQ(run_int("udiv o0.xy, o0.zw, v1.xyxy, v2.xyxy\n", {17, 0xFFFFFFFFu, 0, 0}, {5, 2, 0, 0}),
            (Bits{3, 0x7FFFFFFFu, 2, 1}));
  // D3D10: x / 0 gives 0xFFFFFFFF as quotient and as remainder.
  EXPECT_EQ(run_int("udiv o0.xy, o0.zw, v1.xyxx, v2.xyxx\n", {17, 0, 0, 0}, {0, 0, 0, 0}),
            (Bits{kAllOnes, kAllOnes, kAllOnes, kAllOnes}));
  EXPECT_EQ(run_int("udiv null, o0.xyzw, v1.xyzw, l(10, 10, 10, 10)\n", {123, 9, 10, 0}),
            (Bits{3, 9, 0, 0}));
}

TEST(TranslateInt, ShiftsUseTheLowFiveBits) {
  EXPECT_EQ(run_int("ishl o0.xyzw, v1.xyzw, v2.xyzw\n", {1, 1, 3, 0x80000001u}, {4, 33, 31, 32}),
            (Bits{16, 2, 0x80000000u, 0x80000001u}));
  EXPECT_EQ(run_int("ishr o0.xyzw, v1.xyzw, v2.xyzw\n", {0x80000000u, 0xFFFFFFF0u, 64, 0x80000000u},
                    {31, 2, 36, 0}),
            (Bits{0xFFFFFFFFu, 0xFFFFFFFCu, 4, 0x80000000u}));
  EXPECT_EQ(run_int("ushr o0.xyzw, v1.xyzw, v2.xyzw\n", {0x80000000u, 0xFFFFFFF0u, 64, 7},
                    {31, 2, 36, 32}),
            (Bits{1, 0x3FFFFFFCu, 4, 7}));
}

TEST(TranslateInt, BitwiseLogic) {
  const Bits a{0xFF00FF00u, 0x0F0F0F0Fu, 0x7FC00000u, 0};
  const Bits b{0x0FF00FF0u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0};
  EXPECT_EQ(run_int("and o0.xyzw, v1.xyzw, v2.xyzw\n", a, b),
            (Bits{0x0F000F00u, 0x0F0F0F0Fu, 0x7FC00000u, 0}));
  EXPECT_EQ(run_int("or o0.xyzw, v1.xyzw, v2.xyzw\n", a, b),
            (Bits{0xFFF0FFF0u, kAllOnes, kAllOnes, 0}));
  EXPECT_EQ(run_int("xor o0.xyzw, v1.xyzw, v2.xyzw\n", a, b),
            (Bits{0xF0F0F0F0u, 0xF0F0F0F0u, 0x803FFFFFu, 0}));
  EXPECT_EQ(run_int("not o0.xyzw, v1.xyzw\n", a),
            (Bits{0x00FF00FFu, 0xF0F0F0F0u, 0x803FFFFFu, kAllOnes}));
  // fxc builds a float's abs as `and` with 0x7FFFFFFF: NaN payloads must survive.
  EXPECT_EQ(run_int("and o0.xyzw, v1.xyzw, l(0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff)\n",
                    {0xFFC00001u, 0x80000000u, 0xFF800000u, 0x00000001u}),
            (Bits{0x7FC00001u, 0, 0x7F800000u, 1}));
}

TEST(TranslateInt, MinimumAndMaximumSignedAndUnsigned) {
  const Bits a{0xFFFFFFFFu, 5, 0x80000000u, 7}, b{1, 0xFFFFFFFBu, 0x7FFFFFFFu, 7};
  EXPECT_EQ(run_int("imin o0.xyzw, v1.xyzw, v2.xyzw\n", a, b),
            (Bits{0xFFFFFFFFu, 0xFFFFFFFBu, 0x80000000u, 7}));
  EXPECT_EQ(run_int("imax o0.xyzw, v1.xyzw, v2.xyzw\n", a, b), (Bits{1, 5, 0x7FFFFFFFu, 7}));
  EXPECT_EQ(run_int("umin o0.xyzw, v1.xyzw, v2.xyzw\n", a, b), (Bits{1, 5, 0x7FFFFFFFu, 7}));
  EXPECT_EQ(run_int("umax o0.xyzw, v1.xyzw, v2.xyzw\n", a, b),
            (Bits{0xFFFFFFFFu, 0xFFFFFFFBu, 0x80000000u, 7}));
}

TEST(TranslateInt, ComparisonsOnTheBits) {
  // The same bits compare equal even when they are a NaN, and 0 differs from 0x80000000.
  const Bits a{0xFFFFFFFFu, 0x80000000u, 1, 0x7FC00000u}, b{1, 0, 0xFFFFFFFFu, 0x7FC00000u};
  EXPECT_EQ(run_int("ieq o0.xyzw, v1.xyzw, v2.xyzw\n", a, b), (Bits{0, 0, 0, kAllOnes}));
  EXPECT_EQ(run_int("ine o0.xyzw, v1.xyzw, v2.xyzw\n", a, b),
            (Bits{kAllOnes, kAllOnes, kAllOnes, 0}));
  EXPECT_EQ(run_int("ilt o0.xyzw, v1.xyzw, v2.xyzw\n", a, b), (Bits{kAllOnes, kAllOnes, 0, 0}));
  EXPECT_EQ(run_int("ige o0.xyzw, v1.xyzw, v2.xyzw\n", a, b), (Bits{0, 0, kAllOnes, kAllOnes}));
  EXPECT_EQ(run_int("ult o0.xyzw, v1.xyzw, v2.xyzw\n", a, b), (Bits{0, 0, kAllOnes, 0}));
  EXPECT_EQ(run_int("uge o0.xyzw, v1.xyzw, v2.xyzw\n", a, b),
            (Bits{kAllOnes, kAllOnes, 0, kAllOnes}));
}

TEST(TranslateInt, IntegerOpsIssueAsTheIntegerClass) {
  Runner r;
  r.run(
      translate_asm("ps_4_0\ndcl_output o0.xyzw\niadd o0.x, l(1), l(2)\n"
                    "mov o0.y, l(0)\nret\n"));
  // The main program's ret ends the warp: the final end is not reached.
  EXPECT_EQ(r.record, (std::vector<func::OpClass>{func::OpClass::Integer, func::OpClass::Alu,
                                                  func::OpClass::Flow}));
}

}  // namespace
}  // namespace gfx::d3d10::test
