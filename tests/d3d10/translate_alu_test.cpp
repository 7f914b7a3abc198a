// SM4 -> ISA translation (d3d10/translate.h), arithmetic: each test assembles a pixel
// shader, translates it and runs it in the interpreter, checking exact results.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "translate_util.h"

namespace gfx::d3d10::test {
namespace {

constexpr uint32_t kTrue = 0xFFFFFFFFu;

// A pixel shader with one colour output o0 and an input v1, around `body`.
std::string ps(const std::string& body, int temps = 2) {
  return "ps_4_0\ndcl_constantbuffer cb0[4], immediateIndexed\ndcl_input_ps linear v1.xyzw\n"
         "dcl_output o0.xyzw\ndcl_temps " +
         std::to_string(temps) + "\n" + body + "ret\n";
}

func::Vec4 run_ps(const std::string& body, const func::Vec4& v1 = {}, const func::Vec4& cb0 = {}) {
  Runner r;
  r.inputs[1] = v1;
  r.constants[0] = cb0;
  r.run(translate_asm(ps(body)));
  return r.output(0);
}

TEST(TranslateAlu, AddMulMadWithSwizzleMaskAndImmediates) {
  const func::Vec4 o = run_ps(
      "mov o0.xyzw, l(9.000000, 9.000000, 9.000000, 9.000000)\n"
      "add r0.xyzw, v1.wzyx, l(1.000000, 2.000000, 3.000000, 4.000000)\n"
      "mul r1.xy, r0.xyxx, l(0.500000, 0.250000, 0, 0)\n"
      "mad o0.xyz, r1.xyxx, v1.xxxx, r0.zwzz\n",
      {1, 2, 3, 4});
  // r0 = (5, 5, 5, 5); r1.xy = (2.5, 1.25); o0.xyz = (2.5*1 + 5, 1.25*1 + 5, 2.5*1 + 5).
  EXPECT_EQ(o, (func::Vec4{7.5f, 6.25f, 7.5f, 9.0f}));
}

TEST(TranslateAlu, NegateAbsAndSaturate) {
  const func::Vec4 o =
      run_ps("mov_sat o0.xy, -v1.xyxx\nmov o0.zw, -|v1.zzzw|\n", {-0.25f, 3, -2, 5});
  EXPECT_EQ(o, (func::Vec4{0.25f, 0.0f, -2.0f, -5.0f}));
}

TEST(TranslateAlu, DivAndSqrtAreIeee) {
  const func::Vec4 o = run_ps("div o0.xy, v1.xyxx, v1.zwzz\nsqrt o0.zw, v1.zzzw\n", {1, -1, 0, 4});
  EXPECT_EQ(o[0], std::numeric_limits<float>::infinity());
  EXPECT_EQ(o[1], -0.25f);
  EXPECT_EQ(o[2], 0.0f);
  EXPECT_EQ(o[3], 2.0f);
}

TEST(TranslateAlu, DotProducts) {
  const func::Vec4 o = run_ps(
      "dp2 o0.x, v1.xyxx, l(10.000000, 100.000000, 0, 0)\n"
      "dp3 o0.y, v1.xyzx, l(1.000000, 1.000000, 1.000000, 0)\n"
      "dp4 o0.zw, v1.xyzw, cb0[0].xyzw\n",
      {1, 2, 3, 4}, {1, 0, 0, 1000});
  EXPECT_EQ(o, (func::Vec4{210.0f, 6.0f, 4001.0f, 4001.0f}));
}

TEST(TranslateAlu, RoundingsAndFrc) {
  const func::Vec4 in{2.5f, -1.5f, 0.75f, -0.25f};
  EXPECT_EQ(run_ps("round_ne o0.xyzw, v1.xyzw\n", in), (func::Vec4{2, -2, 1, -0.0f}));
  EXPECT_EQ(run_ps("round_ni o0.xyzw, v1.xyzw\n", in), (func::Vec4{2, -2, 0, -1}));
  EXPECT_EQ(run_ps("round_pi o0.xyzw, v1.xyzw\n", in), (func::Vec4{3, -1, 1, -0.0f}));
  EXPECT_EQ(run_ps("round_z o0.xyzw, v1.xyzw\n", in), (func::Vec4{2, -1, 0, -0.0f}));
  EXPECT_EQ(run_ps("frc o0.xyzw, v1.xyzw\n", in), (func::Vec4{0.5f, 0.5f, 0.75f, 0.75f}));
}

TEST(TranslateAlu, MinMax) {
  EXPECT_EQ(run_ps("min o0.xy, v1.xyxx, v1.zwzz\nmax o0.zw, v1.xxxy, v1.zzzw\n", {1, 5, 3, 2}),
            (func::Vec4{1, 2, 3, 5}));
}

TEST(TranslateAlu, ScalarOpsRunPerChannel) {
  // SM4 rcp/exp/log/rsq are component-wise: each written channel reads its own component.
  EXPECT_EQ(run_ps("rcp o0.xyzw, v1.wzyx\n", {1, 2, 4, 8}), (func::Vec4{0.125f, 0.25f, 0.5f, 1}));
  EXPECT_EQ(run_ps("exp o0.xyzw, v1.xyzw\n", {0, 1, 3, -1}), (func::Vec4{1, 2, 8, 0.5f}));
  EXPECT_EQ(run_ps("log o0.xyzw, v1.xyzw\n", {1, 2, 8, 0.5f}), (func::Vec4{0, 1, 3, -1}));
  EXPECT_EQ(run_ps("mov o0.xyzw, l(7.000000, 7.000000, 7.000000, 7.000000)\n"
                   "rsq o0.yz, v1.xxyx\n",
                   {4, 16, 0, 0}),
            (func::Vec4{7, 0.5f, 0.25f, 7}));
}

TEST(TranslateAlu, ScalarOpReadingItsOwnDestination) {
  // rcp r0.xy, r0.yx: the second channel must read r0.x as it was before the instruction.
  EXPECT_EQ(run_ps("mov r0.xy, v1.xyxx\nrcp r0.xy, r0.yxyy\nmov o0.xyzw, r0.xyxy\n", {2, 4, 0, 0}),
            (func::Vec4{0.25f, 0.5f, 0.25f, 0.5f}));
}

TEST(TranslateAlu, SinCosBothAndNullDestinations) {
  const func::Vec4 o = run_ps(
      "sincos r0.xz, r1.yw, v1.xxyy\nmov o0.xy, r0.xzxx\nmov o0.zw, r1.yyyw\n"
      "sincos null, r1.x, v1.z\n",
      {0, 0, 0, 0});
  EXPECT_EQ(o, (func::Vec4{0, 0, 1, 1}));
  const func::Vec4 p =
      run_ps("sincos o0.x, null, v1.x\nsincos null, o0.y, v1.x\n", {0.5f, 0, 0, 0});
  EXPECT_EQ(p[0], std::sin(0.5f));
  EXPECT_EQ(p[1], std::cos(0.5f));
}

TEST(TranslateAlu, ComparisonsWriteAllOnesBits) {
  Runner r;
  r.inputs[1] = {1, 2, 3, 4};
  r.run(
      translate_asm(ps("lt r0.xyzw, v1.xyzw, l(2.000000, 2.000000, 2.000000, 2.000000)\n"
                       "ge r1.xyzw, v1.xyzw, l(2.000000, 2.000000, 2.000000, 2.000000)\n"
                       "mov o0.xy, r0.xyxx\nmov o0.zw, r1.xxxy\n")));
  EXPECT_EQ(bits_of(r.output(0)), (std::array<uint32_t, 4>{kTrue, 0, 0, kTrue}));
  r.run(
      translate_asm(ps("eq o0.xy, v1.xyxx, l(1.000000, 1.000000, 0, 0)\n"
                       "ne o0.zw, v1.zzzw, l(0, 0, 3.000000, 3.000000)\n")));
  EXPECT_EQ(bits_of(r.output(0)), (std::array<uint32_t, 4>{kTrue, 0, 0, kTrue}));
}

TEST(TranslateAlu, MovcSelectsOnAnyBitSet) {
  // 1 as an integer (bits 0x00000001) is true for movc, 0 is false.
  Runner r;
  r.inputs[1] = floats_of_bits(1, 0, kTrue, 0);
  r.run(
      translate_asm(ps("movc o0.xyzw, v1.xyzw, l(1.000000, 2.000000, 3.000000, 4.000000), "
                       "l(5.000000, 6.000000, 7.000000, 8.000000)\n")));
  EXPECT_EQ(r.output(0), (func::Vec4{1, 6, 3, 8}));
}

TEST(TranslateAlu, ConversionsBetweenFloatAndIntegerBits) {
  Runner r;
  r.inputs[1] = {-2.75f, 3.5f, 5e9f, -1.0f};
  r.run(
      translate_asm(ps("ftoi r0.xyzw, v1.xyzw\nftou r1.xyzw, v1.xyzw\n"
                       "mov o0.xy, r0.xwxx\nmov o0.zw, r1.yyyz\n")));
  EXPECT_EQ(bits_of(r.output(0)), (std::array<uint32_t, 4>{0xFFFFFFFEu, 0xFFFFFFFFu, 3, kTrue}));
  r.inputs[1] = floats_of_bits(7, 0xFFFFFFF9u, 0, 0);
  r.run(translate_asm(ps("utof o0.xy, v1.xyxx\nitof o0.zw, v1.xxxy\n")));
  EXPECT_EQ(r.output(0), (func::Vec4{7, 4294967289.0f, 7, -7}));
}

}  // namespace
}  // namespace gfx::d3d10::test
