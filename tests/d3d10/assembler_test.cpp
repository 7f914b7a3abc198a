// The assembler on syntax the golden arrays do not use: modifiers, _sat, texel offsets,
// resinfo return types, relative constant-buffer indices, immediate constant buffers,
// indexable temps, switch, and immediates that need hex; tokens from the layouts of
// d3d10tokenizedprogramformat.hpp, and text that reads back to itself.
#include "d3d10/assembler.h"

#include <gtest/gtest.h>

#include "d3d10/decoder.h"
#include "d3d10/disassembler.h"
#include "test_util.h"

namespace gfx::d3d10 {
namespace {

using test::Dwords;

// The instruction tokens after "ps_4_0" and the length token.
Dwords body(const std::string& line, const char* version = "ps_4_0") {
  const Dwords t = assemble(std::string(version) + "\n" + line + "\n");
  return Dwords(t.begin() + 2, t.end());
}

TEST(Assembler, SaturateAndAbsNegModifier) {
  EXPECT_EQ(body("mov_sat r0.xyzw, -|v1.xyzw|"),
            (Dwords{0x06002036, 0x001000f2, 0, 0x80101e46, 0x000000c1, 1}));
}

TEST(Assembler, TexelOffsetsInAnExtendedOpcodeToken) {
  EXPECT_EQ(
      body("sample_aoffimmi(1,-2,0) r0.xyzw, v0.xyxx, t0.xyzw, s0"),
      (Dwords{0x8a000045, 0x0001c201, 0x001000f2, 0, 0x00101046, 0, 0x00107e46, 0, 0x00106000, 0}));
}

TEST(Assembler, ResinfoReturnTypeInTheOpcodeControls) {
  EXPECT_EQ(body("resinfo_uint r0.xyzw, l(0), t0.xyzw"),
            (Dwords{0x0700103d, 0x001000f2, 0, 0x00004001, 0, 0x00107e46, 0}));
}

TEST(Assembler, ImmediatePlusRelativeConstantBufferIndex) {
  EXPECT_EQ(body("mov r0.xyzw, cb0[r1.x + 2].xyzw"),
            (Dwords{0x08000036, 0x001000f2, 0, 0x06208e46, 0, 2, 0x0010000a, 1}));
}

TEST(Assembler, ImmediateConstantBufferIsCustomData) {
  EXPECT_EQ(body("dcl_immediateConstantBuffer { { 1.000000, 0, 0, 0 }, { 0, 1.000000, 0, 0 } }"),
            (Dwords{0x00001835, 10, 0x3f800000, 0, 0, 0, 0, 0x3f800000, 0, 0}));
}

TEST(Assembler, DeclarationsWithFieldsInTheOpcodeToken) {
  EXPECT_EQ(body("dcl_input_ps linear centroid v1.xy"), (Dwords{0x03001862, 0x00101032, 1}));
  EXPECT_EQ(body("dcl_sampler s2, mode_comparison"), (Dwords{0x0300085a, 0x00106000, 2}));
  EXPECT_EQ(body("dcl_constantbuffer cb1[8], dynamicIndexed"),
            (Dwords{0x04000859, 0x00208e46, 1, 8}));
  EXPECT_EQ(body("dcl_resource_texture2dms(4) (float,float,uint,sint) t3"),
            (Dwords{0x04002058 | (4u << 16), 0x00107000, 3, 0x00003455}));
  EXPECT_EQ(body("dcl_globalFlags refactoringAllowed"), (Dwords{0x0100086a}));
  // No flags (the dxbc fuzzer's find: it printed as "dcl_globalFlags " and did not read back).
  EXPECT_EQ(body("dcl_globalFlags"), (Dwords{0x0100006a}));
  EXPECT_EQ(disassemble(parse_asm("vs_4_0\ndcl_globalFlags\nret\n")),
            "vs_4_0\ndcl_globalFlags\nret\n");
  EXPECT_EQ(body("dcl_indexableTemp x0[6], 4"), (Dwords{0x04000069, 0, 6, 4}));
}

TEST(Assembler, ImmediatesByKind) {
  // Float instructions take floats, integer ones integers, and 0x bits go anywhere.
  EXPECT_EQ(body("add r0.x, r0.x, l(0.100000)")[6], 0x3dcccccdu);
  EXPECT_EQ(body("iadd r0.x, r0.x, l(-1)")[6], 0xffffffffu);
  EXPECT_EQ(body("mov r0.x, l(0x7fc00000)")[4], 0x7fc00000u);
  EXPECT_EQ(body("mov r0.x, l(1e-40)")[4], 0x000116c2u);  // a denormal
}

// Text in the disassembler's own form reads back to itself, token for token.
const char* const kEverything =
    "ps_4_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_immediateConstantBuffer { { 1.000000, 0, 0, 0 }, { 0, 0x7fc00000, -1, 5 } }\n"
    "dcl_constantbuffer cb0[4], dynamicIndexed\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_sampler s1, mode_comparison\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_resource_texturecube (float,float,float,float) t1\n"
    "dcl_input_ps linear v1.xy\n"
    "dcl_input_ps_siv linear noperspective v0.xyzw, position\n"
    "dcl_input_ps_sgv constant v2.x, primitive_id\n"
    "dcl_output o0.xyzw\n"
    "dcl_output oDepth\n"
    "dcl_temps 4\n"
    "dcl_indexableTemp x0[4], 4\n"
    "mul_sat r0.xyzw, -|v1.xyxx|, cb0[r1.x + 1].xyzw\n"
    "mov x0[r0.y + 0].xyzw, icb[r0.x + 0].xyzw\n"
    "mov r3.xyzw, x0[2].xyzw\n"
    "sample_aoffimmi(-1,0,0) r1.xyzw, v1.xyxx, t0.xyzw, s0\n"
    "sample_c_lz r2.x, r0.xyzx, t1.xxxx, s1, l(0.500000)\n"
    "sample_l r2.xyzw, v1.xyxx, t0.xyzw, s0, l(2.000000)\n"
    "sample_d r2.xyzw, v1.xyxx, t0.xyzw, s0, r0.xyxx, r0.zwzz\n"
    "ld r2.xyzw, r0.xyzw, t0.xyzw\n"
    "resinfo_rcpFloat r2.xyzw, l(0), t0.xyzw\n"
    "deriv_rtx r2.xy, v1.xyxx\n"
    "ftoi r1.x, r0.x\n"
    "switch r1.x\n"
    "case l(0)\n"
    "discard_nz r0.y\n"
    "break\n"
    "case l(-3)\n"
    "sincos r0.x, r0.y, r0.z\n"
    "break\n"
    "default\n"
    "udiv r0.x, null, r1.x, l(3)\n"
    "break\n"
    "endswitch\n"
    "mov oDepth, r0.x\n"
    "add o0.xyzw, r0.xyzw, l(-0.000000, 0x7fc00000, 0.100000, 16777216.000000)\n"
    "mov o0.xyzw, l(0x7f800000, 1.000000, 0x80000000, 3.40282347e+38)\n"
    "ret\n";

TEST(Assembler, TheDisassemblersFormReadsBackToItself) {
  const Dwords tokens = assemble(kEverything, {"everything.asm"});
  EXPECT_EQ(disassemble(decode_program(tokens, {"everything"})), kEverything);
}

TEST(AssemblerErrors, UnknownRegisterIsLocated) {
  EXPECT_EQ(test::error_of([] { assemble("ps_4_0\nmov r0.x, q0.x\n", {"a.asm"}); }),
            "a.asm:2:11: unknown register 'q0'");
}

TEST(AssemblerErrors, UnknownInstructionIsLocated) {
  EXPECT_EQ(test::error_of([] { assemble("vs_4_0\n  movx r0.x, r1.x\n", {"a.asm"}); }),
            "a.asm:2:3: unknown instruction 'movx'");
}

TEST(AssemblerErrors, TestSuffixIsRequired) {
  EXPECT_EQ(test::error_of([] { assemble("ps_4_0\nif r0.x\n", {"a.asm"}); }),
            "a.asm:2:1: if needs _z or _nz");
}

TEST(AssemblerErrors, MissingVersion) {
  EXPECT_EQ(test::error_of([] { assemble("mov r0.x, r1.x\n", {"a.asm"}); }),
            "a.asm:1:1: expected a version line vs_4_0, ps_4_0, gs_4_0 (or _4_1), found 'mov'");
}

}  // namespace
}  // namespace gfx::d3d10
