// Assembler errors: each names file, line and the column of the part at fault.
#include <gtest/gtest.h>

#include "d3d9/assembler.h"
#include "test_util.h"

namespace gfx::d3d9 {
namespace {

using test::error_of;

std::string asm_error(const std::string& text, bool extensions = true) {
  AsmOptions opts;
  opts.file = "shader.asm";
  opts.allow_gfxsim_extensions = extensions;
  return error_of([&] { assemble(text, opts); });
}

TEST(AssemblerErrors, UnknownRegisterNamesLineAndColumn) {
  const std::string text =
      "vs_3_0\n"
      "// a comment line\n"
      "def c0, 1, 2, 3, 4\n"
      "\n"
      "dcl_position v0\n"
      "mov r0, v0\n"
      "   mov r0, q3\n";
  EXPECT_EQ(asm_error(text), "shader.asm:7:12: unknown register 'q3'");
}

TEST(AssemblerErrors, VersionLine) {
  EXPECT_EQ(asm_error("mov r0, r1\n"),
            "shader.asm:1:1: expected a shader version (vs_1_1, vs_2_0, vs_2_x, vs_3_0, "
            "ps_1_1 .. ps_1_4, ps_2_0, ps_2_x, ps_3_0), got 'mov'");
  EXPECT_EQ(asm_error("; header\n  ps_1_0\n"),
            "shader.asm:2:3: expected a shader version (vs_1_1, vs_2_0, vs_2_x, vs_3_0, "
            "ps_1_1 .. ps_1_4, ps_2_0, ps_2_x, ps_3_0), got 'ps_1_0'");
  EXPECT_EQ(asm_error("vs_3_0 mov\n"), "shader.asm:1:7: unexpected text after the version");
  EXPECT_EQ(asm_error("// nothing\n"), "shader.asm: no shader version line");
}

TEST(AssemblerErrors, Instructions) {
  EXPECT_EQ(asm_error("vs_3_0\nfoo r0, r1\n"), "shader.asm:2:1: unknown instruction 'foo'");
  EXPECT_EQ(asm_error("ps_2_0\ndcl t0\ndcl_2d s0\n  texldl r0, t0, s0\n"),
            "shader.asm:4:3: texldl is not available in ps_2_0");
  EXPECT_EQ(asm_error("vs_2_x\nsetp p0, r0, r1\n"),
            "shader.asm:2:1: setp needs a comparison suffix (_gt, _eq, _ge, _lt, _ne, _le)");
  EXPECT_EQ(asm_error("vs_3_0\nmov_foo r0, r1\n"),
            "shader.asm:2:1: unknown instruction modifier '_foo'");
  EXPECT_EQ(asm_error("vs_3_0\nmov r0, r1, r2\n"),
            "shader.asm:2:1: mov takes 1 source and a destination, got 2");
  EXPECT_EQ(asm_error("vs_3_0\nsincos r0.xy, r1.x, c0, c1\n"),
            "shader.asm:2:1: sincos takes 1 source and a destination, got 3");
  EXPECT_EQ(asm_error("vs_3_0\nmov\n"), "shader.asm:2:4: mov needs a destination");
  EXPECT_EQ(asm_error("vs_3_0\nmov r0 r1\n"),
            "shader.asm:2:8: expected ',' or the end of the line, got 'r1'");
  EXPECT_EQ(asm_error("vs_3_0\nmov r0, r1 $\n"), "shader.asm:2:12: unexpected character '$'");
  EXPECT_EQ(asm_error("ps_3_0\nendif_sat\n"), "shader.asm:2:1: endif has no destination to modify");
}

TEST(AssemblerErrors, Registers) {
  EXPECT_EQ(asm_error("vs_2_0\nmov r0, r12\n"),
            "shader.asm:2:9: register r12 is out of range in vs_2_0 (r0-r11)");
  EXPECT_EQ(asm_error("vs_3_0\nadd o13, r0, r1\n"),
            "shader.asm:2:5: register o13 is out of range in vs_3_0 (o0-o11)");
  EXPECT_EQ(asm_error("vs_3_0\nmov oT0, r0\n"),
            "shader.asm:2:5: register oT0 does not exist in vs_3_0");
  EXPECT_EQ(asm_error("vs_2_0\nmov o0, r0\n"),
            "shader.asm:2:5: register o0 does not exist in vs_2_0");
  EXPECT_EQ(asm_error("ps_3_0\nmov r0, t0\n"),
            "shader.asm:2:9: register t0 does not exist in ps_3_0");
  EXPECT_EQ(asm_error("ps_3_0\nmov r0, a0\n"),
            "shader.asm:2:9: register a0 does not exist in ps_3_0");
  EXPECT_EQ(asm_error("vs_1_1\nmov r0, s0\n"),
            "shader.asm:2:9: register s0 does not exist in vs_1_1");
  EXPECT_EQ(asm_error("ps_3_0\nadd oC4, r0, r1\n"),
            "shader.asm:2:5: register oC4 is out of range in ps_3_0 (oC0-oC3)");
  EXPECT_EQ(asm_error("vs_3_0\ncall l2048\n"),
            "shader.asm:2:6: register number of l2048 is too large");
  EXPECT_EQ(asm_error("vs_3_0\nmov c0, r0\n"), "shader.asm:2:5: mov cannot write c0");
  EXPECT_EQ(asm_error("ps_2_0\ndcl t0\ntexld r0, t0, c0\n"),
            "shader.asm:3:15: texld needs a sampler s# as source 1, got c0");
  EXPECT_EQ(asm_error("vs_3_0\nmov r0, c\n"), "shader.asm:2:9: register 'c' needs a number");
}

TEST(AssemblerErrors, SwizzlesAndMasks) {
  EXPECT_EQ(asm_error("vs_2_0\nmov r0, r1.abcd\n"), "shader.asm:2:12: invalid swizzle '.abcd'");
  EXPECT_EQ(asm_error("vs_2_0\nmov r0, r1.xyzwx\n"), "shader.asm:2:12: invalid swizzle '.xyzwx'");
  EXPECT_EQ(asm_error("vs_2_0\nmov r0.xxyz, r1\n"), "shader.asm:2:8: invalid write mask '.xxyz'");
  EXPECT_EQ(asm_error("vs_2_0\nmov r0.yx, r1\n"), "shader.asm:2:8: invalid write mask '.yx'");
}

TEST(AssemblerErrors, Modifiers) {
  EXPECT_EQ(asm_error("ps_2_0\nmov r2, 1 - r0\n"),
            "shader.asm:2:9: source modifier 1- (complement) is only available in ps_1_x");
  EXPECT_EQ(asm_error("ps_2_0\nmov r0, r1_bx2\n"),
            "shader.asm:2:9: source modifier _bx2 is only available in ps_1_x");
  EXPECT_EQ(asm_error("vs_2_0\nmov r2, r1_abs\n"),
            "shader.asm:2:9: source modifier _abs is only available in vs_3_0 and ps_3_0");
  EXPECT_EQ(asm_error("vs_3_0\nmov r2, r1_foo\n"),
            "shader.asm:2:9: unknown source modifier '_foo'");
  EXPECT_EQ(asm_error("vs_3_0\nadd_pp r0, r0, r1\n"),
            "shader.asm:2:8: _pp is only available in pixel shaders");
  EXPECT_EQ(asm_error("ps_3_0\nadd_x4 r0, r0, r1\n"),
            "shader.asm:2:8: result shift (_x2, _d2, ...) is only available in ps_1_x");
  EXPECT_EQ(asm_error("vs_3_0\nmov r0_sat, r1\n"),
            "shader.asm:2:5: a destination takes no modifier; put _sat/_pp on the instruction");
  EXPECT_EQ(asm_error("ps_3_0\ndcl_texcoord0_sat v0\n"), "shader.asm:2:19: dcl takes no _sat");
  EXPECT_EQ(asm_error("vs_3_0\ndcl_texcoord0_centroid v0\n"),
            "shader.asm:2:24: dcl takes no modifiers in vertex shaders");
}

TEST(AssemblerErrors, RelativeAddressing) {
  EXPECT_EQ(asm_error("vs_3_0\nadd r0, r0[a0.x], r1\n"),
            "shader.asm:2:9: relative addressing of r0 is not allowed in vs_3_0");
  EXPECT_EQ(asm_error("vs_2_0\nadd r0, v[a0.x], r1\n"),
            "shader.asm:2:9: relative addressing of v0 is not allowed in vs_2_0");
  EXPECT_EQ(asm_error("ps_3_0\nmov r0, v[a0.x + 12]\n"),
            "shader.asm:2:11: register a0 does not exist in ps_3_0");
  EXPECT_EQ(asm_error("ps_3_0\nmov r0, v[aL.x + 12]\n"), "shader.asm:2:14: aL takes no swizzle");
  EXPECT_EQ(asm_error("vs_1_1\nmov r0, c0[a0]\n"),
            "shader.asm:2:12: vs_1_1 addresses constants only with a0.x");
  EXPECT_EQ(asm_error("vs_3_0\nadd r0, v0[aL - 3], r2\n"),
            "shader.asm:2:15: index terms are joined with +");
  EXPECT_EQ(asm_error("vs_3_0\nmov r2, c[aL + 3.4]\n"),
            "shader.asm:2:16: bad register index '3.4'");
  EXPECT_EQ(asm_error("vs_3_0\nmov r2, c[aL + a0.x]\n"),
            "shader.asm:2:16: two address registers in one index");
}

TEST(AssemblerErrors, PredicationAndExtensions) {
  EXPECT_EQ(asm_error("vs_2_0\n(p0) add r0, r0, v0\n"),
            "shader.asm:2:6: predication is not available in vs_2_0");
  EXPECT_EQ(asm_error("vs_1_1\n(p0) add r0, r0, v0\n"),
            "shader.asm:2:6: predication is not available in vs_1_1");
  EXPECT_EQ(asm_error("ps_2_0\n+add r0.a, r0, r1\n"),
            "shader.asm:2:2: co-issue (+) is only available in ps_1_x");
  EXPECT_EQ(asm_error("vs_3_0\ndcl_vertexid v0\n", false),
            "shader.asm:2:1: dcl_vertexid is a gfxsim extension, which is disabled");
  EXPECT_EQ(asm_error("ps_3_0\ndcl vPrimID\n", false),
            "shader.asm:2:5: register vPrimID is a gfxsim extension, which is disabled");
  EXPECT_EQ(asm_error("vs_3_0\ndcl_vertexid1 v0\n"),
            "shader.asm:2:1: dcl_vertexid takes no usage index");
}

TEST(AssemblerErrors, DefsAndBlocks) {
  EXPECT_EQ(asm_error("vs_3_0\ndef c0, 1, 2, 3\n"),
            "shader.asm:2:1: def takes a register and four values");
  EXPECT_EQ(asm_error("vs_3_0\ndef c0, 1, 2, x, 4\n"),
            "shader.asm:2:15: expected a number, got 'x'");
  EXPECT_EQ(asm_error("vs_3_0\ndefi i0, 1, 2, 3, 5000000000\n"),
            "shader.asm:2:19: integer 5000000000 does not fit 32 bits");
  EXPECT_EQ(asm_error("vs_3_0\ndefb b0, maybe\n"),
            "shader.asm:2:10: expected true or false, got 'maybe'");
  EXPECT_EQ(asm_error("vs_3_0\ndef r0, 1, 2, 3, 4\n"),
            "shader.asm:2:5: def defines a c# register, not r0");
  EXPECT_EQ(asm_error("vs_3_0\nrep i0\nmov r0, r1\n  endloop\n"),
            "shader.asm:4:3: endloop closes rep, which needs endrep");
  EXPECT_EQ(asm_error("vs_3_0\nif b0\nmov r0, r1\n"), "shader.asm:2:1: if has no matching endif");
  EXPECT_EQ(asm_error("vs_3_0\ncall l1\nret\nlabel l1\nret\nlabel l1\nret\n"),
            "shader.asm:6:1: label l1 defined twice");
}

}  // namespace
}  // namespace gfx::d3d9
