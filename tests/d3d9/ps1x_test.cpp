// ps_1_1 .. ps_1_4 in the front end: exact tokens of shaders from Wine's d3d9 visual tests
// (cnd_test, texbem_test), assembled from text, decoded and disassembled back; and the
// located errors of the ps_1_x rules.
#include <gtest/gtest.h>

#include "d3d9/assembler.h"
#include "d3d9/decoder.h"
#include "d3d9/disassembler.h"
#include "d3d9/encode.h"
#include "test_util.h"

namespace gfx::d3d9 {
namespace {

using test::error_of;
using test::Tokens;

std::string asm_error(const std::string& text) {
  AsmOptions opts;
  opts.file = "ps.asm";
  return error_of([&] { assemble(text, opts); });
}
std::string decode_error(const Tokens& t) {
  return error_of([&] { decode(t); });
}

// Assembles, compares with the expected tokens, and checks decode -> encode and
// disassemble -> assemble give the same tokens.
void expect_tokens(const std::string& text, const Tokens& want) {
  const Tokens got = assemble(text);
  EXPECT_EQ(got, want);
  const Shader sh = decode(want);
  EXPECT_EQ(encode(sh), want);
  EXPECT_EQ(assemble(disassemble(sh)), want) << disassemble(sh);
}

TEST(Ps1x, VersionTokensAndNames) {
  for (uint32_t minor = 1; minor <= 4; ++minor) {
    const Shader sh = decode(Tokens{0xFFFF0100 | minor, 0x0000FFFF});
    EXPECT_EQ(sh.version.name(), "ps_1_" + std::to_string(minor));
    EXPECT_EQ(assemble("ps." + std::string("1.") + std::to_string(minor) + "\n"),
              (Tokens{0xFFFF0100 | minor, 0x0000FFFF}));
  }
}

TEST(Ps1x, WineCndShaders) {
  // cnd_test: ps_1_1 (texcoord, dp3 to move r0.r into alpha, cnd on r0.a).
  expect_tokens(
      "ps_1_1\n"
      "def c0, 1, 0, 0, 0\n"
      "texcoord t0\n"
      "mov r0, t0\n"
      "dp3 r1, r0, c0\n"
      "mov r0.a, r1.a\n"
      "cnd r0, r0.a, c1, c2\n",
      {0xffff0101, 0x00000051, 0xa00f0000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000,
       0x00000040, 0xb00f0000, 0x00000001, 0x800f0000, 0xb0e40000, 0x00000008, 0x800f0001,
       0x80e40000, 0xa0e40000, 0x00000001, 0x80080000, 0x80ff0001, 0x00000050, 0x800f0000,
       0x80ff0000, 0xa0e40001, 0xa0e40002, 0x0000ffff});
  // ps_1_4 with a co-issued cnd on the colour channels (texcrd r0.xyz).
  expect_tokens(
      "ps_1_4\n"
      "def c0, 0, 0, 0, 1\n"
      "texcrd r0.xyz, t0\n"
      "mov r0.a, c0.a\n"
      "+cnd r0.xyz, r0, c1, c2\n",
      {0xffff0104, 0x00000051, 0xa00f0000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000,
       0x00000040, 0x80070000, 0xb0e40000, 0x00000001, 0x80080000, 0xa0ff0000, 0x40000050,
       0x80070000, 0x80e40000, 0xa0e40001, 0xa0e40002, 0x0000ffff});
}

TEST(Ps1x, TextureInstructionTokens) {
  // texbem_test's ps_1_1 program: tex t0; texbem t1, t0; mov r0, t1.
  expect_tokens("ps_1_1\ntex t0\ntexbem t1, t0\nmov r0, t1\n",
                {0xffff0101, 0x00000042, 0xb00f0000, 0x00000043, 0xb00f0001, 0xb0e40000, 0x00000001,
                 0x800f0000, 0xb0e40001, 0x0000ffff});
  // texm3x3spec reads c#; ps_1_4 texld/texcrd with _dw (mod 10) and _dz (mod 9).
  expect_tokens(
      "ps_1_1\ntex t0\ntexm3x3pad t1, t0\ntexm3x3pad t2, t0\ntexm3x3spec t3, t0, c0\n",
      {0xffff0101, 0x00000042, 0xb00f0000, 0x00000049, 0xb00f0001, 0xb0e40000, 0x00000049,
       0xb00f0002, 0xb0e40000, 0x0000004c, 0xb00f0003, 0xb0e40000, 0xa0e40000, 0x0000ffff});
  expect_tokens("ps_1_4\ntexcrd r1.rgb, t1_dw.xyw\nphase\ntexld r2, r1_dz\ntexdepth r5\n",
                {0xffff0104, 0x00000040, 0x80070001, 0xbaf40001, 0x0000fffd, 0x00000042, 0x800f0002,
                 0x89e40001, 0x00000057, 0x800f0005, 0x0000ffff});
}

TEST(Ps1x, ModifierTokens) {
  // _x2 result shift (1 in bits 24-27), _bx2 (4) and 1-x (6) with .a, _d2 (0xF), _bias
  // negated (3), ps_1_4's _x8 (3), _d8 (0xD), _x2 source (7) and .r/.g replicates.
  expect_tokens("ps_1_1\nadd_x2 r0, r1_bx2, 1-r0.a\nmul_d2_sat r0.rgb, -r1_bias, v0.b\n",
                {0xffff0101, 0x00000002, 0x810f0000, 0x84e40001, 0x86ff0000, 0x00000005, 0x8f170000,
                 0x83e40001, 0x90aa0000, 0x0000ffff});
  expect_tokens("ps_1_4\nmul_x8 r0, r1_x2.r, c0.g\nmov_d8 r1.rg, -r0_x2\n",
                {0xffff0104, 0x00000005, 0x830f0000, 0x87000001, 0xa0550000, 0x00000001, 0x8d030001,
                 0x88e40000, 0x0000ffff});
}

TEST(Ps1x, InstructionErrors) {
  EXPECT_EQ(asm_error("ps_1_1\ntexld r0, t0\n"),
            "ps.asm:2:1: 'texld' is not an instruction of ps_1_1 (ps_1_1..ps_1_3 write tex and "
            "texcoord, ps_1_4 texld and texcrd)");
  EXPECT_EQ(asm_error("ps_1_4\ntexbem t1, t0\n"), "ps.asm:2:1: texbem is not available in ps_1_4");
  EXPECT_EQ(asm_error("ps_1_1\ntexdp3 t1, t0\n"), "ps.asm:2:1: texdp3 is not available in ps_1_1");
  EXPECT_EQ(asm_error("ps_1_3\nbem r0.rg, r1, r2\n"), "ps.asm:2:1: bem is not available in ps_1_3");
  EXPECT_EQ(asm_error("ps_1_1\nrcp r0, r1\n"), "ps.asm:2:1: rcp is not available in ps_1_1");
  EXPECT_EQ(asm_error("ps_1_1\nmov r2, r0\n"),
            "ps.asm:2:5: register r2 is out of range in ps_1_1 (r0-r1)");
  EXPECT_EQ(asm_error("ps_1_1\nmov r0, c8\n"),
            "ps.asm:2:9: register c8 is out of range in ps_1_1 (c0-c7)");
  EXPECT_EQ(asm_error("ps_1_1\nmov r0.xy, c0\n"),
            "ps.asm:2:5: write mask .xy is not available in ps_1_1 (only .rgb, .a or none)");
  EXPECT_EQ(asm_error("ps_1_1\nmov_x8 r0, c0\n"),
            "ps.asm:2:8: result shift 3 is not available in ps_1_1 (_x2, _x4, _d2)");
  EXPECT_EQ(asm_error("ps_1_1\nmov r0, c0.g\n"),
            "ps.asm:2:9: swizzle .y is not available in ps_1_1 (only .a or .b)");
  EXPECT_EQ(asm_error("ps_1_1\nmov r0, c0_x2\n"),
            "ps.asm:2:9: source modifier _x2 is only available in ps_1_4");
  EXPECT_EQ(asm_error("ps_1_1\nmad r0, c0, c1, c2\n"),
            "ps.asm:2:17: mad reads more than 2 c# registers (the read ports of ps_1_1)");
  EXPECT_EQ(asm_error("ps_1_1\ncnd r0, r1.a, c1, c2\n"),
            "ps.asm:2:9: cnd in ps_1_1 takes r0.a as its condition, got r1.w");
  EXPECT_EQ(asm_error("ps_1_1\ntex r0\n"), "ps.asm:2:5: tex writes a texture register t#, not r0");
  EXPECT_EQ(asm_error("ps_1_4\ntexcrd r0, t0\n"), "ps.asm:2:8: texcrd writes .rgb or .rg");
  EXPECT_EQ(asm_error("ps_1_4\ntexld r0, t0_dz\n"),
            "ps.asm:2:11: source modifier _dz (only on r# with texld) is not available in texld");
  EXPECT_EQ(asm_error("ps_1_4\nmov r0, t0\n"), "ps.asm:2:9: mov cannot read t0 in ps_1_4");
  EXPECT_EQ(asm_error("ps_1_4\ntexdepth r4\n"), "ps.asm:2:10: texdepth works on r5 only");
  EXPECT_EQ(asm_error("ps_2_0\n+mov r0, c0\n"),
            "ps.asm:2:2: co-issue (+) is only available in ps_1_x");
  // The decoder names the token: tex t0 with a write mask (its destination, token 2).
  EXPECT_EQ(decode_error({0xffff0101, 0x00000042, 0xb0070000, 0x0000ffff}),
            "token 2: tex writes the whole t0");
}

TEST(Ps1x, ProgramErrors) {
  EXPECT_EQ(asm_error("ps_1_1\nmov r0, v0\ntex t0\n"),
            "ps.asm:3:1: tex after an arithmetic instruction (texture instructions come first)");
  EXPECT_EQ(asm_error("ps_1_1\ntexbem t1, t0\n"),
            "ps.asm:2:1: texbem reads t0, which no earlier texture instruction writes");
  EXPECT_EQ(asm_error("ps_1_1\ntex t0\ntex t0\n"),
            "ps.asm:3:1: t0 is written by a second texture instruction");
  EXPECT_EQ(asm_error("ps_1_1\nmov r0, t1\n"),
            "ps.asm:2:1: mov reads t1, which no texture instruction writes");
  EXPECT_EQ(asm_error("ps_1_1\ntex t0\ntexm3x2pad t1, t0\ntex t2\n"),
            "ps.asm:4:1: tex interrupts a texm* sequence");
  EXPECT_EQ(asm_error("ps_1_1\ntex t0\ntexm3x3pad t1, t0\ntexm3x3tex t2, t0\n"),
            "ps.asm:4:1: texm3x3tex needs two texm3x3pad right before it");
  EXPECT_EQ(asm_error("ps_1_1\ntex t0\ntexm3x2pad t1, t0\ntexm3x2tex t3, t0\n"),
            "ps.asm:4:1: texm3x2tex must write t2 and read t0, like the texm*pad before it");
  std::string nine = "ps_1_1\n";
  for (int i = 0; i < 9; ++i) nine += "add r0, r0, v0\n";
  EXPECT_EQ(asm_error(nine), "ps.asm:10:1: more than 8 arithmetic instructions");
  std::string seven = "ps_1_4\n";
  for (int i = 0; i < 7; ++i) seven += "texcrd r0.rgb, t0\n";
  EXPECT_EQ(asm_error(seven), "ps.asm:8:1: more than 6 texture instructions in one phase");
  EXPECT_EQ(asm_error("ps_1_4\ntexld r0, r1\nphase\n"),
            "ps.asm:2:1: texld reads r# only in the second phase");
  EXPECT_EQ(asm_error("ps_1_4\nmov r0, v0\nphase\n"),
            "ps.asm:2:1: mov reads v0 in the first phase (colours arrive in the second)");
  EXPECT_EQ(asm_error("ps_1_4\nphase\nbem r0.rg, r1, r2\n"),
            "ps.asm:3:1: bem is only available in the first phase");
  EXPECT_EQ(asm_error("ps_1_4\nphase\nphase\n"), "ps.asm:3:1: a second phase");
  EXPECT_EQ(asm_error("ps_1_1\n+mov r0.a, v0\n"),
            "ps.asm:2:2: a co-issued instruction must follow an arithmetic instruction that is "
            "not co-issued itself");
  EXPECT_EQ(asm_error("ps_1_1\nmov r0, v0\n+mov r1.a, v1\n"),
            "ps.asm:3:2: of a co-issued pair one instruction writes only .a, the other only "
            "colour channels");
  // A co-issued pair takes one arithmetic slot: eight pairs fit.
  std::string pairs = "ps_1_1\n";
  for (int i = 0; i < 8; ++i) pairs += "mov r0.rgb, v0\n+mov r0.a, v1\n";
  EXPECT_EQ(asm_error(pairs), "");
}

}  // namespace
}  // namespace gfx::d3d9
