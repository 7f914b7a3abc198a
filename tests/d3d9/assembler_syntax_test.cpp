// Syntax variants the assembler accepts, each checked against the tokens it must give.
#include <gtest/gtest.h>

#include "d3d9/assembler.h"
#include "d3d9/decoder.h"
#include "test_util.h"

namespace gfx::d3d9 {
namespace {

using test::instruction_tokens;
using test::Tokens;

TEST(AssemblerSyntax, CommentsBlankLinesAndCase) {
  const std::string text =
      "\n"
      "  // leading comment\n"
      "VS.3.0   ; version with dots\n"
      "\r\n"
      "MOV R0, C1.XYZW  // upper case\n"
      "mov r1, c1.rgba\n";
  EXPECT_EQ(assemble(text), (Tokens{0xFFFE0300, 0x02000001, 0x800F0000, 0xA0E40001, 0x02000001,
                                    0x800F0001, 0xA0E40001, 0x0000FFFF}));
}

TEST(AssemblerSyntax, SourceModifiers) {
  const char* v3 = "ps_3_0\n";
  EXPECT_EQ(instruction_tokens(std::string(v3) + "mov r0, -r1\n", 0).at(2), 0x81E40001u);
  EXPECT_EQ(instruction_tokens(std::string(v3) + "mov r0, r1_abs\n", 0).at(2), 0x8BE40001u);
  EXPECT_EQ(instruction_tokens(std::string(v3) + "mov r0, -r1_abs.x\n", 0).at(2), 0x8C000001u);
  EXPECT_EQ(instruction_tokens(std::string(v3) + "mov r0, -r1.x_abs\n", 0).at(2), 0x8C000001u);
  EXPECT_EQ(instruction_tokens("vs_2_x\nif !p0.y\nendif\n", 0).at(1), 0xBD551000u);
}

TEST(AssemblerSyntax, SwizzleShortForms) {
  const std::string v = "vs_3_0\n";
  EXPECT_EQ(instruction_tokens(v + "mov r0, r1.x\n", 0).at(2), 0x80000001u);
  EXPECT_EQ(instruction_tokens(v + "mov r0, r1.xy\n", 0).at(2), 0x80540001u);    // xyyy
  EXPECT_EQ(instruction_tokens(v + "mov r0, r1.wzy\n", 0).at(2), 0x805B0001u);   // wzyy
  EXPECT_EQ(instruction_tokens(v + "mov r0, r1.xygb\n", 0).at(2), 0x80940001u);  // mixed
  EXPECT_EQ(instruction_tokens(v + "mov r0.xyb, r1\n", 0).at(1), 0x80070000u);
  EXPECT_EQ(instruction_tokens(v + "mov r0.xw, r1\n", 0).at(1), 0x80090000u);
}

TEST(AssemblerSyntax, RelativeAddressingForms) {
  const Tokens base = {0x03000001, 0x800F0000, 0xA0E42003, 0xB0000000};
  EXPECT_EQ(instruction_tokens("vs_2_0\nmov r0, c[a0.x + 3]\n", 0), base);
  EXPECT_EQ(instruction_tokens("vs_2_0\nmov r0, c3[a0.x]\n", 0), base);
  EXPECT_EQ(instruction_tokens("vs_2_0\nmov r0, c[3 + a0.x]\n", 0), base);
  EXPECT_EQ(instruction_tokens("vs_2_0\nmov r0, c1[ 1 + a0.x + 1 ]\n", 0), base);
  EXPECT_EQ(instruction_tokens("vs_2_0\nmov r0, c[a0]\n", 0).at(3), 0xB0E40000u);
  EXPECT_EQ(instruction_tokens("vs_2_0\nmov r0, -c0[a0.w+5].x\n", 0),
            (Tokens{0x03000001, 0x800F0000, 0xA1002005, 0xB0FF0000}));
  EXPECT_EQ(instruction_tokens("vs_1_1\nmov r0, c4[2]\n", 0),
            (Tokens{0x00000001, 0x800F0000, 0xA0E40006}));
  EXPECT_EQ(instruction_tokens("ps_3_0\nloop aL, i0\nmov r0, v[aL + 2]\nendloop\n", 1),
            (Tokens{0x03000001, 0x800F0000, 0x90E42002, 0xF0E40800}));
}

TEST(AssemblerSyntax, Declarations) {
  EXPECT_EQ(instruction_tokens("vs_1_1\ndcl_normal12 v15\n", 0),
            (Tokens{0x0000001F, 0x800C0003, 0x900F000F}));
  EXPECT_EQ(instruction_tokens("vs_3_0\ndcl_texcoord1 o3.xy\n", 0),
            (Tokens{0x0200001F, 0x80010005, 0xE0030003}));
  EXPECT_EQ(instruction_tokens("vs_3_0\ndcl_2d s3\n", 0),
            (Tokens{0x0200001F, 0x90000000, 0xA00F0803}));
  EXPECT_EQ(instruction_tokens("ps_2_0\ndcl_cube s1\n", 0).at(1), 0x98000000u);
  EXPECT_EQ(instruction_tokens("ps_2_0\ndcl_volume s1\n", 0).at(1), 0xA0000000u);
  EXPECT_EQ(instruction_tokens("ps_2_0\ndcl_1d s1\n", 0).at(1), 0x88000000u);
  EXPECT_EQ(instruction_tokens("ps_2_0\ndcl t0.xy\n", 0),
            (Tokens{0x0200001F, 0x80000000, 0xB0030000}));
  EXPECT_EQ(instruction_tokens("ps_2_x\ndcl v0\n", 0),
            (Tokens{0x0200001F, 0x80000000, 0x900F0000}));
  EXPECT_EQ(instruction_tokens("ps_2_0\ndcl_pp t1\n", 0).at(2), 0xB02F0001u);
  EXPECT_EQ(instruction_tokens("ps_3_0\ndcl_color v0\n", 0).at(1), 0x8000000Au);
  EXPECT_EQ(instruction_tokens("ps_3_0\ndcl_texcoord0_centroid v0\n", 0),
            (Tokens{0x0200001F, 0x80000005, 0x904F0000}));
  EXPECT_EQ(instruction_tokens("ps_3_0\ndcl_2d_centroid s0\n", 0).at(2), 0xA04F0800u);
}

TEST(AssemblerSyntax, DefLiterals) {
  const Tokens t = instruction_tokens("vs_3_0\ndef c0, 1.0f, .5, - 2, 1e-3\n", 0);
  EXPECT_EQ(t, (Tokens{0x05000051, 0xA00F0000, 0x3F800000, 0x3F000000, 0xC0000000, 0x3A83126F}));
  EXPECT_EQ(instruction_tokens("vs_3_0\ndefi i3, - 1, 0x10, 255, -2147483648\n", 0),
            (Tokens{0x05000030, 0xF00F0003, 0xFFFFFFFF, 0x10, 0xFF, 0x80000000}));
  EXPECT_EQ(instruction_tokens("vs_3_0\ndefb b15, TRUE\n", 0).at(2), 1u);
}

TEST(AssemblerSyntax, MnemonicVariants) {
  const std::string v = "vs_2_x\nrep i0\n";
  const Tokens a = instruction_tokens(v + "break_ge r0.x, r1.x\nendrep\n", 1);
  const Tokens b = instruction_tokens(v + "breakc_ge r0.x, r1.x\nendrep\n", 1);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.at(0), 0x0203002Du);
  EXPECT_EQ(instruction_tokens("vs_2_x\nifc_eq r0.x, r1.x\nendif\n", 0).at(0), 0x02020029u);
  EXPECT_EQ(instruction_tokens("ps_3_0\ntexld_pp r0, v0, s0\n", 0).at(1), 0x802F0000u);
  EXPECT_EQ(instruction_tokens("ps_3_0\ntexldd r0, v0, s0, r1, r2\n", 0).at(0), 0x0500005Du);
}

TEST(AssemblerSyntax, ParsedShaderKeepsOffsetsAndComments) {
  const Shader sh = parse_asm(
      "vs_3_0\n"
      ".comment 0x11111111, 0x22222222\n"
      "         0x33333333\n"
      "mov r0, r1\n"
      ".comment 0x44444444\n");
  ASSERT_EQ(sh.comments.size(), 2u);
  EXPECT_EQ(sh.comments[0].data, (Tokens{0x11111111, 0x22222222, 0x33333333}));
  EXPECT_EQ(sh.comments[0].position, 0u);
  EXPECT_EQ(sh.comments[1].position, 1u);
  EXPECT_EQ(sh.instructions[0].offset, 5u);
  EXPECT_EQ(sh.comments[1].offset, 8u);
}

}  // namespace
}  // namespace gfx::d3d9
