// The golden token vectors of shared/reference/d3d-semantics.md 6.3, produced by the
// assembler and read back by the decoder, plus token layouts stated in 6.1.
#include <gtest/gtest.h>

#include "d3d9/assembler.h"
#include "d3d9/decoder.h"
#include "d3d9/disassembler.h"
#include "d3d9/encode.h"
#include "test_util.h"

namespace gfx::d3d9 {
namespace {

using test::instruction_tokens;
using test::Tokens;

const char* const kVs30Program =
    "vs_3_0\n"
    "def c8, 1.0, 0.5, 0.0, -1.0\n"
    "dcl_position v0\n"
    "dcl_texcoord0 v1\n"
    "dcl_position o0\n"
    "dcl_texcoord0 o1.xy\n"
    "dp4 o0.x, v0, c0\n"
    "dp4 o0.y, v0, c1\n"
    "dp4 o0.z, v0, c2\n"
    "dp4 o0.w, v0, c3\n"
    "mad o1.xy, v1.yxzw, c8.y, -c8.z\n";

// clang-format off
const Tokens kVs30Tokens = {
    0xFFFE0300,
    0x05000051, 0xA00F0008, 0x3F800000, 0x3F000000, 0x00000000, 0xBF800000,
    0x0200001F, 0x80000000, 0x900F0000,
    0x0200001F, 0x80000005, 0x900F0001,
    0x0200001F, 0x80000000, 0xE00F0000,
    0x0200001F, 0x80000005, 0xE0030001,
    0x03000009, 0xE0010000, 0x90E40000, 0xA0E40000,
    0x03000009, 0xE0020000, 0x90E40000, 0xA0E40001,
    0x03000009, 0xE0040000, 0x90E40000, 0xA0E40002,
    0x03000009, 0xE0080000, 0x90E40000, 0xA0E40003,
    0x04000004, 0xE0030001, 0x90E10001, 0xA0550008, 0xA1AA0008,
    0x0000FFFF,
};
// clang-format on

TEST(Golden, Vs30ProgramAssemblesToTheReferenceTokens) {
  EXPECT_EQ(assemble(kVs30Program), kVs30Tokens);
}

TEST(Golden, Vs30ProgramDecodesToWhatWasWritten) {
  const Shader sh = decode(kVs30Tokens);
  EXPECT_EQ(sh.version.name(), "vs_3_0");
  ASSERT_EQ(sh.instructions.size(), 10u);
  const Instruction& mad = sh.instructions[9];
  EXPECT_EQ(mad.op, Opcode::Mad);
  EXPECT_EQ(mad.offset, 35u);
  EXPECT_EQ(mad.dst.type, RegType::Output);
  EXPECT_EQ(mad.dst.mask, 0x3);
  EXPECT_EQ(mad.src[0].swizzle, 0xE1);  // .yxzw
  EXPECT_EQ(mad.src[1].swizzle, 0x55);  // .y
  EXPECT_EQ(mad.src[2].mod, SrcMod::Neg);
  EXPECT_EQ(sh.instructions[2].dcl.usage, 5);  // texcoord
  EXPECT_EQ(encode(sh), kVs30Tokens);
}

TEST(Golden, Vs11LinesHaveNoLengthField) {
  const std::string text =
      "vs_1_1\n"
      "dcl_position v0\n"
      "dcl_color v1\n"
      "m4x4 oPos, v0, c0\n"
      "mov oD0, v1\n";
  EXPECT_EQ(instruction_tokens(text, 0), (Tokens{0x0000001F, 0x80000000, 0x900F0000}));
  EXPECT_EQ(instruction_tokens(text, 2), (Tokens{0x00000014, 0xC00F0000, 0x90E40000, 0xA0E40000}));
  EXPECT_EQ(instruction_tokens(text, 3), (Tokens{0x00000001, 0xD00F0000, 0x90E40001}));
  EXPECT_EQ(assemble(text).front(), 0xFFFE0101u);
}

TEST(Golden, Ps30Lines) {
  const std::string text =
      "ps_3_0\n"
      "dcl vFace\n"            // 0
      "dcl vPos.xy\n"          // 1
      "dcl_2d s0\n"            // 2
      "dcl_texcoord v0\n"      // 3
      "texld r0, v0, s0\n"     // 4
      "if_lt vPos.x, c2.z\n"   // 5
      "mul_sat oC0, r0, c1\n"  // 6
      "endif\n"                // 7
      "mov oDepth, r0.x\n";    // 8
  EXPECT_EQ(instruction_tokens(text, 0), (Tokens{0x0200001F, 0x80000000, 0x900F1001}));
  EXPECT_EQ(instruction_tokens(text, 1), (Tokens{0x0200001F, 0x80000000, 0x90031000}));
  EXPECT_EQ(instruction_tokens(text, 2), (Tokens{0x0200001F, 0x90000000, 0xA00F0800}));
  EXPECT_EQ(instruction_tokens(text, 4), (Tokens{0x03000042, 0x800F0000, 0x90E40000, 0xA0E40800}));
  EXPECT_EQ(instruction_tokens(text, 5), (Tokens{0x02040029, 0x90001000, 0xA0AA0002}));
  EXPECT_EQ(instruction_tokens(text, 6).at(1), 0x801F0800u);
  EXPECT_EQ(instruction_tokens(text, 8).at(1), 0x900F0800u);
  EXPECT_EQ(assemble(text).front(), 0xFFFF0300u);
}

TEST(Golden, VersionTokens) {
  const std::pair<const char*, uint32_t> cases[] = {
      {"vs_1_1", 0xFFFE0101}, {"vs_2_0", 0xFFFE0200}, {"vs_2_x", 0xFFFE0201},
      {"vs_3_0", 0xFFFE0300}, {"ps_2_0", 0xFFFF0200}, {"ps_2_x", 0xFFFF0201},
      {"ps_3_0", 0xFFFF0300},
  };
  for (const auto& [name, token] : cases) {
    EXPECT_EQ(assemble(std::string(name) + "\n"), (Tokens{token, 0x0000FFFF})) << name;
    EXPECT_EQ(decode(Tokens{token, 0x0000FFFF}).version.name(), name);
  }
}

TEST(Golden, CommentTokenCarriesItsLength) {
  std::string text = "vs_3_0\n.comment";
  for (int i = 0; i < 27; ++i) text += " 0x" + std::to_string(10 + i);
  const Tokens t = assemble(text + "\n");
  ASSERT_EQ(t.size(), 1u + 1u + 27u + 1u);
  EXPECT_EQ(t[1], 0x001BFFFEu);  // 27 DWORDs follow
  EXPECT_EQ(t[2], 0x10u);
}

TEST(Golden, TexldFlavoursAndComparisonsUseControlBits) {
  const std::string text =
      "ps_2_x\n"
      "dcl t0\n"
      "dcl_2d s0\n"
      "texldp r0, t0, s0\n"
      "texldb r1, t0, s0\n"
      "setp_le p0, r0, r1\n"
      "rep i0\n"
      "break_ne r0.x, r1.x\n"
      "endrep\n";
  EXPECT_EQ(instruction_tokens(text, 2).at(0), 0x03010042u);
  EXPECT_EQ(instruction_tokens(text, 3).at(0), 0x03020042u);
  EXPECT_EQ(instruction_tokens(text, 4).at(0), 0x0306005Eu);
  EXPECT_EQ(instruction_tokens(text, 6).at(0), 0x0205002Du);
}

TEST(Golden, RelativeAddressing) {
  // vs_1_1: bit 13 only, implicit a0.x.
  EXPECT_EQ(instruction_tokens("vs_1_1\nmov r0, c[a0.x + 3]\n", 0),
            (Tokens{0x00000001, 0x800F0000, 0xA0E42003}));
  // vs_2_0 and up: a relative-address token; a0 components replicate, aL is .xyzw.
  EXPECT_EQ(instruction_tokens("vs_2_0\nmov r0, c3[a0.y]\n", 0),
            (Tokens{0x03000001, 0x800F0000, 0xA0E42003, 0xB0550000}));
  EXPECT_EQ(instruction_tokens("vs_3_0\nloop aL, i0\nmov r0, c[aL + 2]\nendloop\n", 1),
            (Tokens{0x03000001, 0x800F0000, 0xA0E42002, 0xF0E40800}));
  EXPECT_EQ(instruction_tokens("vs_3_0\ndcl_texcoord o1\nloop aL, i0\nmov o[aL], v[aL]\n"
                               "endloop\n",
                               2),
            (Tokens{0x04000001, 0xE00F2000, 0xF0E40800, 0x90E42000, 0xF0E40800}));
}

TEST(Golden, PredicationAndFlowControl) {
  const std::string text =
      "vs_2_x\n"
      "setp_gt p0, r0, r1\n"    // 0
      "(!p0) add r2, r2, r3\n"  // 1
      "(p0.x) mov r4, r2\n"     // 2
      "callnz l1, !p0.z\n"      // 3
      "loop aL, i0\n"           // 4
      "breakp p0.w\n"           // 5
      "endloop\n"               // 6
      "ret\n"                   // 7
      "label l1\n"              // 8
      "if !b0\n"                // 9
      "endif\n"                 // 10
      "ret\n";
  EXPECT_EQ(instruction_tokens(text, 0), (Tokens{0x0301005E, 0xB00F1000, 0x80E40000, 0x80E40001}));
  EXPECT_EQ(instruction_tokens(text, 1),
            (Tokens{0x14000002, 0x800F0002, 0xBDE41000, 0x80E40002, 0x80E40003}));
  EXPECT_EQ(instruction_tokens(text, 2).at(2), 0xB0001000u);
  EXPECT_EQ(instruction_tokens(text, 3), (Tokens{0x0200001A, 0xA0E41001, 0xBDAA1000}));
  EXPECT_EQ(instruction_tokens(text, 4), (Tokens{0x0200001B, 0xF0E40800, 0xF0E40000}));
  EXPECT_EQ(instruction_tokens(text, 5), (Tokens{0x01000060, 0xB0FF1000}));
  EXPECT_EQ(instruction_tokens(text, 8), (Tokens{0x0100001E, 0xA0E41001}));
  EXPECT_EQ(instruction_tokens(text, 9), (Tokens{0x01000028, 0xEDE40800}));
}

TEST(Golden, ConstantDefinitions) {
  const std::string text =
      "vs_2_0\n"
      "def c12, 0, -1, -0.5, 1024\n"
      "defi i0, -1, 1, 10, 0\n"
      "defb b0, true\n"
      "defb b1, false\n";
  EXPECT_EQ(instruction_tokens(text, 0),
            (Tokens{0x05000051, 0xA00F000C, 0x00000000, 0xBF800000, 0xBF000000, 0x44800000}));
  EXPECT_EQ(instruction_tokens(text, 1),
            (Tokens{0x05000030, 0xF00F0000, 0xFFFFFFFF, 0x00000001, 0x0000000A, 0x00000000}));
  EXPECT_EQ(instruction_tokens(text, 2), (Tokens{0x0200002F, 0xE00F0800, 0x00000001}));
  EXPECT_EQ(instruction_tokens(text, 3), (Tokens{0x0200002F, 0xE00F0801, 0x00000000}));
}

TEST(Golden, SincosOperandsDependOnTheVersion) {
  EXPECT_EQ(instruction_tokens("vs_2_0\nsincos r0.xy, r1.x, c10, c11\n", 0),
            (Tokens{0x04000025, 0x80030000, 0x80000001, 0xA0E4000A, 0xA0E4000B}));
  EXPECT_EQ(instruction_tokens("vs_3_0\nsincos r0.xy, r1.x\n", 0),
            (Tokens{0x02000025, 0x80030000, 0x80000001}));
}

TEST(Golden, SystemValueExtensions) {
  EXPECT_EQ(instruction_tokens("vs_3_0\ndcl_vertexid v4\n", 0),
            (Tokens{0x0200001F, 0x8000000E, 0x900F0004}));
  EXPECT_EQ(instruction_tokens("vs_2_0\ndcl_instanceid v5.x\n", 0),
            (Tokens{0x0200001F, 0x8000000F, 0x90010005}));
  EXPECT_EQ(instruction_tokens("ps_3_0\ndcl vPrimID\n", 0),
            (Tokens{0x0200001F, 0x80000000, 0x900F1002}));
}

TEST(Golden, DisassemblyIsConventional) {
  DisasmOptions plain;
  plain.indent = false;
  EXPECT_EQ(disassemble(decode(kVs30Tokens), plain),
            "vs_3_0\n"
            "def c8, 1, 0.5, 0, -1\n"
            "dcl_position v0\n"
            "dcl_texcoord v1\n"
            "dcl_position o0\n"
            "dcl_texcoord o1.xy\n"
            "dp4 o0.x, v0, c0\n"
            "dp4 o0.y, v0, c1\n"
            "dp4 o0.z, v0, c2\n"
            "dp4 o0.w, v0, c3\n"
            "mad o1.xy, v1.yxzw, c8.y, -c8.z\n");
}

}  // namespace
}  // namespace gfx::d3d9
