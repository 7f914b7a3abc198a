// Every ARBvp1.0 / ARBfp1.0 instruction translated to D3D9 and run by gfxsim's shader
// interpreter on fixed operands, against the values the ARB specs define.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "arb_test_util.h"

namespace gfx::import::test {
namespace {

const Vec4 kA{1.5f, -2.25f, 0.5f, 4.0f};
const Vec4 kB{-0.5f, 3.0f, 2.0f, -1.0f};
const Vec4 kC{7.0f, 8.0f, 9.0f, 10.0f};

// `body` computes into TEMP t from a = vertex.attrib[1], b = attrib[2], c = attrib[6];
// t leaves through result.texcoord[0] (oT0, internal output 3).
Vec4 vp(const std::string& body, Vec4 a = kA, Vec4 b = kB) {
  ArbRun r(
      "!!ARBvp1.0\nTEMP t;\nATTRIB a = vertex.attrib[1];\nATTRIB b = vertex.attrib[2];\n"
      "ATTRIB c = vertex.attrib[6];\n" +
      body + "\nMOV result.texcoord[0], t;\nMOV result.position, a;\nEND\n");
  r.inputs[1] = a;
  r.inputs[2] = b;
  r.inputs[6] = kC;
  r.set("viewport.fixup", {0, 0, 0.5f, 0});
  r.run();
  return r.out(d3d9::kVsTexCoordOutputBase);
}

// The same in a fragment program: a, b, c are fragment.texcoord[0..2] (t0..t2, internal
// inputs 2..4); t leaves through result.color (internal output 0).
Vec4 fp(const std::string& body, Vec4 a = kA, Vec4 b = kB) {
  ArbRun r(
      "!!ARBfp1.0\nTEMP t;\nATTRIB a = fragment.texcoord[0];\n"
      "ATTRIB b = fragment.texcoord[1];\nATTRIB c = fragment.texcoord[2];\n" +
      body + "\nMOV result.color, t;\nEND\n");
  r.inputs[d3d9::kPsTexCoordInputBase + 0] = a;
  r.inputs[d3d9::kPsTexCoordInputBase + 1] = b;
  r.inputs[d3d9::kPsTexCoordInputBase + 2] = kC;
  r.run();
  return r.out(0);
}

// Instructions both program kinds have, with the same expected value in each.
struct Case {
  const char* body;
  Vec4 want;
};
const Case kCommon[] = {
    {"ABS t, a;", {1.5f, 2.25f, 0.5f, 4}},
    {"ADD t, a, b;", {1, 0.75f, 2.5f, 3}},
    {"DP3 t, a, b;", {-6.5f, -6.5f, -6.5f, -6.5f}},
    {"DP4 t, a, b;", {-10.5f, -10.5f, -10.5f, -10.5f}},
    {"DPH t, a, b;", {-7.5f, -7.5f, -7.5f, -7.5f}},
    {"DST t, a, b;", {1, -6.75f, 0.5f, -1}},
    {"EX2 t, b.y;", {8, 8, 8, 8}},
    {"FLR t, a;", {1, -3, 0, 4}},
    {"FRC t, a;", {0.5f, 0.75f, 0.5f, 0}},
    {"LG2 t, a.w;", {2, 2, 2, 2}},
    {"LIT t, {0.5, 0.25, 0, 2};", {1, 0.5f, 0.0625f, 1}},
    {"LIT t, {-0.5, 0.25, 0, 2};", {1, 0, 0, 1}},
    {"LIT t, {0.5, -0.25, 0, 2};", {1, 0.5f, 0, 1}},
    {"MAD t, a, b, a;", {0.75f, -9, 1.5f, 0}},
    {"MAX t, a, b;", {1.5f, 3, 2, 4}},
    {"MIN t, a, b;", {-0.5f, -2.25f, 0.5f, -1}},
    {"MOV t, -a.wzyx;", {-4, -0.5f, 2.25f, -1.5f}},
    {"MUL t, a, b;", {-0.75f, -6.75f, 1, -4}},
    {"POW t, a.w, a.z;", {2, 2, 2, 2}},
    {"RCP t, a.w;", {0.25f, 0.25f, 0.25f, 0.25f}},
    {"RSQ t, a.w;", {0.5f, 0.5f, 0.5f, 0.5f}},
    {"RSQ t, b.w;", {1, 1, 1, 1}},  // of |x|
    {"SGE t, a, b;", {1, 0, 0, 1}},
    {"SGE t, a, a;", {1, 1, 1, 1}},
    {"SLT t, a, b;", {0, 1, 1, 0}},
    {"SLT t, a, a;", {0, 0, 0, 0}},
    {"SUB t, a, b;", {2, -5.25f, -1.5f, 5}},
    {"SWZ t, a, -w, 0, x, 1;", {-4, 0, 1.5f, 1}},
    {"SWZ t, -a, -w, -0, x, -1;", {4, 0, -1.5f, 1}},
    {"MOV t, {1, 2}; MOV t.yw, a;", {1, -2.25f, 0, 4}},
    {"MOV t, 3;", {3, 3, 3, 3}},
};

TEST(ArbInstructions, VertexProgramResults) {
  for (const Case& c : kCommon) EXPECT_EQ(vp(c.body), c.want) << c.body;
}

TEST(ArbInstructions, FragmentProgramResults) {
  for (const Case& c : kCommon) EXPECT_EQ(fp(c.body), c.want) << c.body;
}

TEST(ArbInstructions, CrossProductWritesXyz) {
  for (const Vec4& t : {vp("XPD t, a, b;"), fp("XPD t, a, b;")}) {
    EXPECT_EQ(t[0], -6.0f);
    EXPECT_EQ(t[1], -3.25f);
    EXPECT_EQ(t[2], 3.375f);
  }
}

TEST(ArbInstructions, FloorOfSmallNegativesIsMinusOne) {
  EXPECT_EQ(vp("FLR t, a;", {-0.3f, -1e-10f, -1.0f, 2.5f}), (Vec4{-1, -1, -1, 2}));
  EXPECT_EQ(fp("FLR t, a;", {-0.3f, -1e-10f, -1.0f, 2.5f}), (Vec4{-1, -1, -1, 2}));
}

TEST(ArbInstructions, ExpAndLogPartialPrecisionForms) {
  // EXP: (2^floor(x), x - floor(x), 2^x, 1); LOG: (floor(log2|x|), |x| / 2^that, log2|x|, 1).
  EXPECT_EQ(vp("EXP t, a.y;"), (Vec4{0.125f, 0.75f, std::exp2(-2.25f), 1}));
  EXPECT_EQ(vp("LOG t, {-12}.x;"), (Vec4{3, 1.5f, std::log2(12.0f), 1}));
}

TEST(ArbInstructions, FragmentOnlyInstructions) {
  EXPECT_EQ(fp("CMP t, a, b, c;", {1.5f, -2.25f, 0, -0.0f}), (Vec4{7, 3, 9, 10}));
  EXPECT_EQ(fp("LRP t, {0.25, 0.5, 0.75, 1}, b, c;"), (Vec4{5.125f, 5.5f, 3.75f, -1}));
  EXPECT_EQ(fp("COS t, a.z;"),
            (Vec4{std::cos(0.5f), std::cos(0.5f), std::cos(0.5f), std::cos(0.5f)}));
  EXPECT_EQ(fp("SIN t, a.z;"),
            (Vec4{std::sin(0.5f), std::sin(0.5f), std::sin(0.5f), std::sin(0.5f)}));
  const Vec4 scs = fp("SCS t.xy, a.z;");
  EXPECT_EQ(scs[0], std::cos(0.5f));
  EXPECT_EQ(scs[1], std::sin(0.5f));
  EXPECT_EQ(fp("MUL_SAT t, a, b;"), (Vec4{0, 0, 1, 0}));
  EXPECT_EQ(fp("ADD_SAT t, a, {0, 3, 0.25, 0};"), (Vec4{1, 0.75f, 0.75f, 1}));
}

TEST(ArbInstructions, KilRemovesLanesWithANegativeComponent) {
  ArbRun r("!!ARBfp1.0\nKIL fragment.texcoord[0];\nMOV result.color, 1;\nEND\n");
  r.inputs[d3d9::kPsTexCoordInputBase] = {0, 0, 0, -0.5f};
  r.run();
  EXPECT_EQ(r.warp.killed, 0xFu);
  ArbRun k("!!ARBfp1.0\nKIL fragment.texcoord[0].xyzx;\nMOV result.color, 1;\nEND\n");
  k.inputs[d3d9::kPsTexCoordInputBase] = {0, 0, 0, -0.5f};
  k.run();
  EXPECT_EQ(k.warp.killed, 0u);
}

TEST(ArbInstructions, ArlFloorsAndIndexesParamArrays) {
  const std::string text =
      "!!ARBvp1.0\nADDRESS A0, A1;\nPARAM arr[] = { {1,2,3,4}, {5,6,7,8}, program.local[3] };\n"
      "ARL A1.x, vertex.attrib[1].x;\nMOV result.texcoord[0], arr[A1.x + 1];\n"
      "MOV result.texcoord[1], arr[A1.x - 0];\nMOV result.position, 0;\nEND\n";
  for (float x : {1.7f, -0.3f}) {
    ArbRun r(text);
    r.set("program.local[3]", {9, 10, 11, 12});
    r.inputs[1] = {x, 0, 0, 0};
    r.run();
    // floor(1.7) = 1 (nearest would be 2, past the array); floor(-0.3) = -1.
    EXPECT_EQ(r.out(d3d9::kVsTexCoordOutputBase),
              x > 0 ? (Vec4{9, 10, 11, 12}) : (Vec4{1, 2, 3, 4}));
    EXPECT_EQ(r.out(d3d9::kVsTexCoordOutputBase + 1),
              x > 0 ? (Vec4{5, 6, 7, 8}) : (Vec4{0, 0, 0, 0}));
  }
}

TEST(ArbInstructions, ResultDepthIsItsZ) {
  ArbRun r("!!ARBfp1.0\nMOV result.depth.z, fragment.texcoord[0].y;\nMOV result.color, 0;\nEND\n");
  r.inputs[d3d9::kPsTexCoordInputBase] = {0.25f, 0.75f, 0, 0};
  r.run();
  EXPECT_EQ(r.warp.output(func::kPixelDepthOutput, 0)[0], 0.75f);
}

}  // namespace
}  // namespace gfx::import::test
