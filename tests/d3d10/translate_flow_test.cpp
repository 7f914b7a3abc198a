// SM4 -> ISA translation (d3d10/translate.h), flow control: loops left by break/breakc,
// continue, switch with fallthrough, subroutines, each run with lanes that diverge, and
// Wine's breakc/continuec shaders (fxc's bytecode) against the colour Wine's tests expect.
#include <gtest/gtest.h>

#include "test_util.h"
#include "translate_util.h"

namespace gfx::d3d10::test {
namespace {

using Bits = std::array<uint32_t, 4>;

// Runs `body` with v1.x = sel[l] (as integer bits) in lane l; returns o0.x's bits per lane.
Bits run_lanes(const std::string& body, const Bits& sel, int temps = 2) {
  Runner r;
  std::array<func::Vec4, 4> v1;
  for (int l = 0; l < 4; ++l) v1[size_t(l)] = floats_of_bits(sel[size_t(l)], 0, 0, 0);
  r.lane_inputs[1] = v1;
  r.run(translate_asm("ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps " +
                      std::to_string(temps) + "\n" + body));
  Bits out;
  for (int l = 0; l < 4; ++l) out[size_t(l)] = bits_of(r.output(0, l))[0];
  return out;
}

TEST(TranslateFlow, WineBreakcAndContinuecShadersDrawGreen) {
  // Wine's test_sm4_breakc_instruction / test_sm4_continuec_instruction expect green.
  for (const char* name : {"ps_breakc_nz", "ps_breakc_z", "ps_continuec_nz", "ps_continuec_z"}) {
    Runner r;
    r.run(translate(read_container(load_golden(name)), name));
    EXPECT_EQ(r.output(0), (func::Vec4{0, 1, 0, 1})) << name;
  }
}

TEST(TranslateFlow, LoopLeftByBreakcAfterADifferentCountPerLane) {
  // r0.x counts iterations until it reaches v1.x; the lanes leave at 0, 1, 5 and 200.
  EXPECT_EQ(run_lanes("mov r0.x, l(0)\nloop\nuge r0.y, r0.x, v1.x\nbreakc_nz r0.y\n"
                      "iadd r0.x, r0.x, l(1)\nendloop\nmov o0.x, r0.x\nret\n",
                      {0, 1, 5, 200}),
            (Bits{0, 1, 5, 200}));
}

TEST(TranslateFlow, ContinueSkipsTheRestOfTheBodyForItsLanesOnly) {
  // Ten iterations; r0.y counts those where i is not a multiple of v1.x.
  EXPECT_EQ(run_lanes("mov r0.xy, l(0, 0, 0, 0)\nloop\nige r1.x, r0.x, l(10)\nbreakc_nz r1.x\n"
                      "udiv null, r1.y, r0.x, v1.x\niadd r0.x, r0.x, l(1)\n"
                      "continuec_z r1.y\niadd r0.y, r0.y, l(1)\nendloop\nmov o0.x, r0.y\nret\n",
                      {1, 2, 3, 11}),
            (Bits{0, 5, 6, 9}));
  // An unconditional continue inside an if.
  EXPECT_EQ(run_lanes("mov r0.xy, l(0, 0, 0, 0)\nloop\nige r1.x, r0.x, l(4)\nbreakc_nz r1.x\n"
                      "iadd r0.x, r0.x, l(1)\nult r1.y, r0.x, v1.x\nif_nz r1.y\ncontinue\nendif\n"
                      "iadd r0.y, r0.y, l(1)\nendloop\nmov o0.x, r0.y\nret\n",
                      {0, 2, 4, 9}),
            (Bits{4, 3, 1, 0}));
}

TEST(TranslateFlow, NestedLoopsBreakOnlyTheInnerOne) {
  // Outer: 3 iterations; inner: v1.x iterations each (break at r0.z == v1.x).
  EXPECT_EQ(run_lanes("mov r0.xyw, l(0, 0, 0, 0)\nloop\nieq r1.x, r0.x, l(3)\nbreakc_nz r1.x\n"
                      "mov r0.z, l(0)\nloop\nieq r1.y, r0.z, v1.x\nbreakc_nz r1.y\n"
                      "iadd r0.z, r0.z, l(1)\niadd r0.w, r0.w, l(1)\nendloop\n"
                      "iadd r0.x, r0.x, l(1)\nendloop\nmov o0.x, r0.w\nret\n",
                      {0, 1, 2, 7}),
            (Bits{0, 3, 6, 21}));
}

TEST(TranslateFlow, SwitchFallsThroughUntilBreakAndDefaultMaySitBetweenCases) {
  const std::string body =
      "mov r0.x, l(0)\nswitch v1.x\ncase l(1)\ncase l(2)\niadd r0.x, r0.x, l(10)\nbreak\n"
      "case l(3)\niadd r0.x, r0.x, l(100)\ndefault\niadd r0.x, r0.x, l(1000)\n"
      "case l(5)\niadd r0.x, r0.x, l(10000)\nbreak\nendswitch\nmov o0.x, r0.x\nret\n";
  EXPECT_EQ(run_lanes(body, {2, 3, 9, 5}), (Bits{10, 11100, 11000, 10000}));
  EXPECT_EQ(run_lanes(body, {1, 0xFFFFFFFFu, 4, 1}), (Bits{10, 11000, 11000, 10}));
}

TEST(TranslateFlow, SwitchWithoutDefaultSkipsUnmatchedLanes) {
  EXPECT_EQ(run_lanes("mov r0.x, l(7)\nswitch v1.x\ncase l(0)\nmov r0.x, l(1)\nbreak\n"
                      "case l(-1)\nmov r0.x, l(2)\nbreak\nendswitch\nmov o0.x, r0.x\nret\n",
                      {0, 0xFFFFFFFFu, 1, 0}),
            (Bits{1, 2, 7, 1}));
}

TEST(TranslateFlow, ASwitchTakesOneScratchTempPerNestingLevel) {
  // r0 and r1, then the selector/default temp of the outer and of the inner switch.
  const func::Program p = translate_asm(
      "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 2\n"
      "switch v1.x\ndefault\nswitch v1.y\ndefault\nbreak\nendswitch\nbreak\nendswitch\n"
      "switch v1.z\ndefault\nbreak\nendswitch\nret\n");
  EXPECT_EQ(p.num_temps, 4);
}

TEST(TranslateFlow, BreakInsideASwitchLeavesTheSwitchAndContinueTheLoop) {
  // Four iterations i = 0..3; switch i: case 1 skips the count (continue), case 2 breaks the
  // switch only; every other i adds v1.x.
  EXPECT_EQ(run_lanes("mov r0.xy, l(0, 0, 0, 0)\nloop\nieq r1.x, r0.x, l(4)\nbreakc_nz r1.x\n"
                      "mov r1.y, r0.x\niadd r0.x, r0.x, l(1)\nswitch r1.y\ncase l(1)\ncontinue\n"
                      "case l(2)\nbreak\ndefault\niadd r0.y, r0.y, v1.x\nbreak\nendswitch\n"
                      "iadd r0.y, r0.y, l(100)\nendloop\nmov o0.x, r0.y\nret\n",
                      {1, 2, 3, 0}),
            (Bits{302, 304, 306, 300}));
}

TEST(TranslateFlow, NestedSwitchesKeepTheirOwnSelectors) {
  EXPECT_EQ(run_lanes("mov r0.x, l(0)\nswitch v1.x\ncase l(1)\nswitch v1.x\ncase l(1)\n"
                      "mov r0.x, l(11)\nbreak\ndefault\nmov r0.x, l(12)\nbreak\nendswitch\n"
                      "iadd r0.x, r0.x, l(100)\nbreak\ndefault\nmov r0.x, l(3)\nbreak\n"
                      "endswitch\nmov o0.x, r0.x\nret\n",
                      {1, 2, 1, 0}),
            (Bits{111, 3, 111, 3}));
}

TEST(TranslateFlow, SubroutinesWithConditionalCallAndReturn) {
  // l1 adds 5 unless v1.x is 0 (retc_z), then adds 1; callc_nz calls it only for odd lanes.
  EXPECT_EQ(run_lanes("mov r0.x, l(0)\ncall l1\nand r1.x, v1.x, l(1)\ncallc_nz r1.x, l1\n"
                      "mov o0.x, r0.x\nret\nlabel l1\nretc_z v1.x\niadd r0.x, r0.x, l(5)\n"
                      "iadd r0.x, r0.x, l(1)\nret\n",
                      {0, 1, 2, 3}),
            (Bits{0, 12, 6, 12}));
}

TEST(TranslateFlow, ConditionsTestBitsSoNegativeZeroIsTrue) {
  EXPECT_EQ(run_lanes("mov o0.x, l(1)\nif_nz v1.x\nmov o0.x, l(2)\nendif\nret\n",
                      {0x80000000u, 0, 1, 0x7FC00000u}),
            (Bits{2, 1, 2, 2}));
  EXPECT_EQ(run_lanes("mov o0.x, l(1)\nif_z v1.x\nmov o0.x, l(2)\nendif\nret\n",
                      {0x80000000u, 0, 1, 0x7FC00000u}),
            (Bits{1, 2, 1, 1}));
}

TEST(TranslateFlow, ALoopThatNeverBreaksEndsInALocatedError) {
  const func::Program p = translate_asm(
      "ps_4_0\ndcl_output o0.xyzw\ndcl_temps 1\nloop\niadd r0.x, r0.x, l(1)\nendloop\nret\n");
  Runner r;
  const std::string err = error_of([&] { r.run(p); });
  EXPECT_EQ(err.rfind("shader 'test' instruction ", 0), 0u) << err;
  EXPECT_NE(err.find("more than 1048576 instructions issued by one warp"), std::string::npos)
      << err;
}

}  // namespace
}  // namespace gfx::d3d10::test
