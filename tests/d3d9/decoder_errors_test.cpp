// Every kind of malformed or out-of-version bytecode, with the exact message and the
// DWORD index it names.
#include <gtest/gtest.h>

#include "d3d9/decoder.h"
#include "test_util.h"

namespace gfx::d3d9 {
namespace {

using test::error_of;
using test::Tokens;

std::string decode_error(const Tokens& t, bool extensions = true) {
  DecodeOptions opts;
  opts.allow_gfxsim_extensions = extensions;
  return error_of([&] { decode(t, opts); });
}

TEST(DecoderErrors, VersionToken) {
  EXPECT_EQ(decode_error({}), "token 0: empty shader: no version token");
  EXPECT_EQ(decode_error({0x12345678, 0x0000FFFF}),
            "token 0: bad version token 0x12345678 (expected 0xFFFEmmnn for a vertex shader "
            "or 0xFFFFmmnn for a pixel shader)");
  EXPECT_EQ(decode_error({0xFFFF0100, 0x0000FFFF}),
            "token 0: unsupported shader version ps_1_0 (gfxsim reads vs_1_1, vs_2_0, vs_2_x, "
            "vs_3_0, ps_1_1 .. ps_1_4, ps_2_0, ps_2_x, ps_3_0)");
  EXPECT_EQ(decode_error({0xFFFF0105, 0x0000FFFF}).substr(0, 43),
            "token 0: unsupported shader version ps_1_5 ");
  EXPECT_EQ(decode_error({0xFFFE02FF, 0x0000FFFF}).substr(0, 44),
            "token 0: unsupported shader version vs_2_sw ");
}

TEST(DecoderErrors, Truncated) {
  EXPECT_EQ(decode_error({0xFFFE0300, 0x02000001, 0x800F0000, 0xA0E40000}),
            "token 4: missing end token 0x0000FFFF");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x0001FFFE, 0xDEADBEEF, 0x05000004, 0x800F0000, 0x0000FFFF}),
            "token 3: instruction length 5 runs past the end of the shader");
  EXPECT_EQ(decode_error({0xFFFE0101, 0x00000002, 0x800F0000, 0x80E40000}),
            "token 1: add runs past the end of the shader");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x0005FFFE, 0x1, 0x2, 0x0000FFFF}),
            "token 1: comment of 5 DWORDs runs past the end of the shader");
}

TEST(DecoderErrors, LengthFieldMustMatchTheOperands) {
  EXPECT_EQ(decode_error({0xFFFE0300, 0x03000001, 0x800F0000, 0xA0E40000, 0x80E40000, 0x0000FFFF}),
            "token 1: mov has 2 parameter tokens but its length field says 3");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x01000002, 0x800F0000, 0x80E40000, 0x80E40001, 0x0000FFFF}),
            "token 1: add needs more parameter tokens than its length 1 gives");
  EXPECT_EQ(decode_error({0xFFFE0101, 0x02000001, 0x800F0000, 0xA0E40000, 0x0000FFFF}),
            "token 1: instruction length bits must be 0 in vs_1_1");
}

TEST(DecoderErrors, TokenKinds) {
  EXPECT_EQ(decode_error({0xFFFE0300, 0x00000061, 0x0000FFFF}), "token 1: unknown opcode 0x0061");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x00000031, 0x0000FFFF}), "token 1: unknown opcode 0x0031");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x800F0000, 0x0000FFFF}),
            "token 1: expected an instruction token, found parameter token 0x800F0000");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x02000001, 0x000F0000, 0xA0E40000, 0x0000FFFF}),
            "token 2: expected a parameter token of mov, found 0x000F0000");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x0100FFFF}),
            "token 1: bad end token 0x0100FFFF (expected 0x0000FFFF)");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x0000FFFF, 0x0}), "token 2: 1 token after the end token");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x02000001, 0x800F4000, 0xA0E40000, 0x0000FFFF}),
            "token 2: reserved bits set in destination token 0x800F4000");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x20000000, 0x0000FFFF}),
            "token 1: reserved bits set in instruction token 0x20000000");
}

TEST(DecoderErrors, OpcodeNotInVersion) {
  // clang-format off
  const Tokens ps20_texldl = {
      0xFFFF0200,
      0x0200001F, 0x80000000, 0xB00F0000,              // dcl t0
      0x0200001F, 0x90000000, 0xA00F0800,              // dcl_2d s0
      0x0200001F, 0x80000000, 0x900F0000,              // dcl v0
      0x02000001, 0x800F0000, 0xB0E40000,              // mov r0, t0
      0x00000000,                                      // nop
      0x0300005F, 0x800F0001, 0xB0E40000, 0xA0E40800,  // texldl r1, t0, s0
      0x0000FFFF,
  };
  // clang-format on
  EXPECT_EQ(decode_error(ps20_texldl), "token 14: texldl is not available in ps_2_0");
  EXPECT_EQ(decode_error({0xFFFF0201, 0x0200001B, 0xF0E40800, 0xF0E40000, 0x0000001D, 0x0000FFFF}),
            "token 1: loop is not available in ps_2_x");
  EXPECT_EQ(decode_error({0xFFFE0200, 0x02040029, 0x80E40000, 0x80E40001, 0x0000002B, 0x0000FFFF}),
            "token 1: if_lt is not available in vs_2_0");
  EXPECT_EQ(decode_error({0xFFFF0300, 0x0200002E, 0xB0010000, 0x80000000, 0x0000FFFF}),
            "token 1: mova is not available in ps_3_0");
  EXPECT_EQ(decode_error({0xFFFF0200, 0x00000043, 0xB00F0001, 0xB0E40000, 0x0000FFFF}),
            "token 1: texbem is not available in ps_2_0");
}

TEST(DecoderErrors, InstructionFlags) {
  EXPECT_EQ(decode_error({0xFFFE0200, 0x13000001, 0x800F0000, 0xB0E41000, 0x80E40001, 0x0000FFFF}),
            "token 1: predication is not available in vs_2_0");
  EXPECT_EQ(decode_error({0xFFFF0200, 0x42000001, 0x800F0000, 0x80E40001, 0x0000FFFF}),
            "token 1: co-issue (+) is only available in ps_1_x");
  EXPECT_EQ(decode_error({0xFFFE0201, 0x02070029, 0x80E40000, 0x80E40001, 0x0000002B, 0x0000FFFF}),
            "token 1: ifc has invalid control bits 7");
  EXPECT_EQ(decode_error({0xFFFE0201, 0x1000002B, 0x0000FFFF}),
            "token 1: endif cannot be predicated");
}

TEST(DecoderErrors, Registers) {
  EXPECT_EQ(decode_error({0xFFFE0200, 0x02000001, 0x800F000C, 0xA0E40000, 0x0000FFFF}),
            "token 2: register r12 is out of range in vs_2_0 (r0-r11)");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x02000001, 0x800F0020, 0xA0E40000, 0x0000FFFF}),
            "token 2: register r32 is out of range in vs_3_0 (r0-r31)");
  EXPECT_EQ(decode_error({0xFFFF0300, 0x02000001, 0x800F0000, 0xA0E400E0, 0x0000FFFF}),
            "token 3: register c224 is out of range in ps_3_0 (c0-c223)");
  EXPECT_EQ(decode_error({0xFFFF0200, 0x02000001, 0x800F0000, 0xA0E40020, 0x0000FFFF}),
            "token 3: register c32 is out of range in ps_2_0 (c0-c31)");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x02000001, 0xE00F000C, 0xA0E40000, 0x0000FFFF}),
            "token 2: register o12 is out of range in vs_3_0 (o0-o11)");
  EXPECT_EQ(decode_error({0xFFFE0101, 0x00000001, 0x800F0000, 0xA0E40800, 0x0000FFFF}),
            "token 3: register s0 does not exist in vs_1_1");
  EXPECT_EQ(decode_error({0xFFFF0300, 0x02000001, 0x800F0000, 0xB0E40000, 0x0000FFFF}),
            "token 3: register t0 does not exist in ps_3_0");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x02000001, 0x800F0000, 0x90E41800, 0x0000FFFF}),
            "token 3: unknown register type 25");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x02000001, 0xA00F0000, 0x80E40000, 0x0000FFFF}),
            "token 2: mov cannot write c0");
  EXPECT_EQ(decode_error({0xFFFE0200, 0x02000001, 0x800F0000, 0xB0E40000, 0x0000FFFF}),
            "token 3: mov cannot read a0");
  EXPECT_EQ(decode_error({0xFFFE0200, 0x02000001, 0xB0010000, 0x80000000, 0x0000FFFF}),
            "token 2: mov cannot write a0 (use mova)");
  EXPECT_EQ(decode_error({0xFFFF0200, 0x03000042, 0x800F0000, 0xB0E40000, 0xA0E40000, 0x0000FFFF}),
            "token 4: texld needs a sampler s# as source 1, got c0");
  EXPECT_EQ(decode_error({0xFFFE0200, 0x0200001B, 0x80E40000, 0xF0E40000, 0x0000001D, 0x0000FFFF}),
            "token 2: loop needs aL as source 0, got r0");
}

TEST(DecoderErrors, RelativeAddressing) {
  EXPECT_EQ(decode_error({0xFFFE0300, 0x03000001, 0x800F0000, 0x80E42000, 0xB0000000, 0x0000FFFF}),
            "token 3: relative addressing of r0 is not allowed in vs_3_0");
  EXPECT_EQ(decode_error({0xFFFF0300, 0x03000001, 0x800F0000, 0x90E42000, 0xB0000000, 0x0000FFFF}),
            "token 3: v# can only be addressed relative to aL in ps_3_0");
  EXPECT_EQ(decode_error({0xFFFF0300, 0x03000001, 0x800F0000, 0xA0E42000, 0xF0E40800, 0x0000FFFF}),
            "token 3: relative addressing of c0 is not allowed in ps_3_0");
  EXPECT_EQ(decode_error({0xFFFE0200, 0x03000001, 0x800F0000, 0x90E42000, 0xF0E40800, 0x0000FFFF}),
            "token 3: relative addressing of v0 is not allowed in vs_2_0");
  EXPECT_EQ(decode_error({0xFFFF0200, 0x03000001, 0x800F0000, 0xA0E42000, 0xF0E40800, 0x0000FFFF}),
            "token 3: relative addressing of c0 is not allowed in ps_2_0");
  EXPECT_EQ(decode_error({0xFFFE0101, 0x00000001, 0x800F0000, 0x90E42000, 0x0000FFFF}),
            "token 3: relative addressing of v0 is not allowed in vs_1_1");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x03000001, 0xE00F2000, 0xB0000000, 0x80E40000, 0x0000FFFF}),
            "token 2: o# can only be addressed relative to aL");
  EXPECT_EQ(decode_error({0xFFFE0200, 0x03000001, 0xE00F2000, 0xF0E40800, 0x80E40000, 0x0000FFFF}),
            "token 2: relative addressing of mov's destination is not allowed in vs_2_0 "
            "(only o[aL] in vs_3_0)");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x03000001, 0x800F0000, 0xA0E42000, 0x80E40000, 0x0000FFFF}),
            "token 3: relative addressing needs a0 or aL, got r0");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x03000001, 0x800F0000, 0xA0E42000, 0xB1000000, 0x0000FFFF}),
            "token 4: reserved bits set in relative-address token 0xB1000000");
}

TEST(DecoderErrors, Modifiers) {
  EXPECT_EQ(decode_error({0xFFFF0200, 0x02000001, 0x800F0000, 0x84E40001, 0x0000FFFF}),
            "token 3: source modifier _bx2 is only available in ps_1_x");
  EXPECT_EQ(decode_error({0xFFFE0200, 0x02000001, 0x800F0000, 0x8BE40001, 0x0000FFFF}),
            "token 3: source modifier _abs is only available in vs_3_0 and ps_3_0");
  EXPECT_EQ(decode_error({0xFFFE0200, 0x02000001, 0x801F0000, 0x80E40001, 0x0000FFFF}),
            "token 2: _sat is not available in vs_2_0 (vertex shaders have it from 3.0)");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x02000001, 0x802F0000, 0x80E40001, 0x0000FFFF}),
            "token 2: _pp is only available in pixel shaders");
  EXPECT_EQ(decode_error({0xFFFF0300, 0x02000001, 0x810F0000, 0x80E40001, 0x0000FFFF}),
            "token 2: result shift (_x2, _d2, ...) is only available in ps_1_x");
  EXPECT_EQ(decode_error({0xFFFF0300, 0x02000001, 0x80000000, 0x80E40001, 0x0000FFFF}),
            "token 2: empty write mask");
  EXPECT_EQ(decode_error({0xFFFF0300, 0x02000001, 0x800F0000, 0x8DE40001, 0x0000FFFF}),
            "token 3: the ! modifier applies only to b# and p0 conditions");
}

TEST(DecoderErrors, Declarations) {
  EXPECT_EQ(decode_error({0xFFFE0300, 0x0200001F, 0x8000000E, 0x900F0004, 0x0000FFFF}, false),
            "token 2: dcl_vertexid is a gfxsim extension, which is disabled");
  EXPECT_EQ(decode_error({0xFFFF0300, 0x0200001F, 0x80000000, 0x900F1002, 0x0000FFFF}, false),
            "token 3: register vPrimID is a gfxsim extension, which is disabled");
  EXPECT_EQ(decode_error({0xFFFF0300, 0x0200001F, 0x8000000E, 0x900F0000, 0x0000FFFF}),
            "token 2: dcl_vertexid applies only to vertex shader inputs");
  EXPECT_EQ(decode_error({0xFFFF0200, 0x0200001F, 0x80000005, 0xB00F0000, 0x0000FFFF}),
            "token 2: ps_2_0 declares t0 without a usage (dcl t0)");
  EXPECT_EQ(decode_error({0xFFFF0200, 0x0200001F, 0x80000000, 0xA00F0800, 0x0000FFFF}),
            "token 2: dcl of s0 needs a texture type (_2d, _cube, _volume or _1d)");
  EXPECT_EQ(decode_error({0xFFFE0200, 0x0200001F, 0x80000000, 0xE00F0000, 0x0000FFFF}),
            "token 3: dcl cannot declare oT0 in vs_2_0");
  EXPECT_EQ(decode_error({0xFFFF0300, 0x0200001F, 0x80000000, 0x900F1000, 0x0000FFFF}),
            "token 3: vPos is declared with mask .x, .y or .xy");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x0200001F, 0x80000000, 0x904F0000, 0x0000FFFF}),
            "token 3: dcl takes no modifiers in vertex shaders");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x05000051, 0x800F0000, 0, 0, 0, 0, 0x0000FFFF}),
            "token 2: def defines a c# register, not r0");
  EXPECT_EQ(decode_error({0xFFFE0300, 0x0200001F, 0x80000010, 0x900F0000, 0x0000FFFF}),
            "token 2: reserved bits set in dcl token 0x80000010");
}

TEST(DecoderErrors, BlockStructure) {
  EXPECT_EQ(decode_error({0xFFFE0200, 0x0000002B, 0x0000FFFF}),
            "token 1: endif without a matching block");
  EXPECT_EQ(decode_error({0xFFFE0200, 0x0200001B, 0xF0E40800, 0xF0E40000, 0x0000FFFF}),
            "token 1: loop has no matching endloop");
  EXPECT_EQ(decode_error({0xFFFE0200, 0x01000026, 0xF0E40000, 0x0000001D, 0x0000FFFF}),
            "token 3: endloop closes rep, which needs endrep");
  EXPECT_EQ(decode_error({0xFFFE0201, 0x0000002C, 0x0000FFFF}),
            "token 1: break outside a loop or rep block");
  EXPECT_EQ(decode_error({0xFFFE0200, 0x01000019, 0xA0E41003, 0x0000FFFF}),
            "token 1: call names l3, which no label defines");
}

TEST(DecoderErrors, SourceNameAndBytes) {
  DecodeOptions opts;
  opts.source_name = "shader.vso";
  EXPECT_EQ(error_of([&] { decode(Tokens{0xFFFE0300}, opts); }),
            "shader.vso: token 1: missing end token 0x0000FFFF");
  const uint8_t bytes[13] = {};
  EXPECT_EQ(error_of([&] { decode_bytes(bytes, sizeof bytes, opts); }),
            "shader.vso: shader bytecode of 13 bytes is not a whole number of DWORDs");
  const uint8_t good[8] = {0x00, 0x03, 0xFE, 0xFF, 0xFF, 0xFF, 0x00, 0x00};
  EXPECT_EQ(decode_bytes(good, sizeof good).version.name(), "vs_3_0");
}

}  // namespace
}  // namespace gfx::d3d9
