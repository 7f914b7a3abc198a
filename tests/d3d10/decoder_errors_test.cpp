// Located errors of the token decoder: "<shader>: SHDR dword <n>: <problem>".
#include <gtest/gtest.h>

#include "d3d10/assembler.h"
#include "d3d10/decoder.h"
#include "test_util.h"

namespace gfx::d3d10 {
namespace {

using test::error_of;

std::string decode_error(const test::Dwords& tokens) {
  return error_of([&] { decode_program(tokens, {"bad_ps", "SHDR"}); });
}

// ps_4_0 / dcl_output o0.xyzw / mov o0.xyzw, l(1, 0, 0, 1) / ret
test::Dwords program() {
  return assemble("ps_4_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0, 0, 0, 1.0)\nret\n");
}

TEST(DecoderErrors, TheTestProgramDecodes) {
  EXPECT_EQ(program(),
            (test::Dwords{0x00000040, 14, 0x03000065, 0x001020f2, 0, 0x08000036, 0x001020f2, 0,
                          0x00004002, 0x3f800000, 0, 0, 0x3f800000, 0x0100003e}));
  EXPECT_EQ(decode_error(program()), "");
}

TEST(DecoderErrors, UnknownOpcode) {
  auto t = program();
  t[13] = 0x0100007f;
  EXPECT_EQ(decode_error(t), "bad_ps: SHDR dword 13: unknown opcode 127 in token 0x0100007F");
}

TEST(DecoderErrors, LengthRunsPastTheChunk) {
  auto t = program();
  t[5] = 0x0a000036;  // mov of length 10 starting at dword 5, 14 dwords in all
  EXPECT_EQ(decode_error(t),
            "bad_ps: SHDR dword 5: mov of length 10 runs past the end of the chunk (14 dwords)");
}

TEST(DecoderErrors, LengthShorterThanTheOperands) {
  auto t = program();
  t[5] = 0x07000036;
  t[12] = 0x0100003e;  // keep the stream whole: the lost dword becomes a ret
  t.pop_back();
  t[1] = 13;
  EXPECT_EQ(decode_error(t),
            "bad_ps: SHDR dword 5: mov: immediate value lies past the instruction's length 7");
}

TEST(DecoderErrors, LengthLongerThanTheOperands) {
  auto t = program();
  t[2] = 0x04000065;
  t.insert(t.begin() + 5, 0);
  t[1] = 15;
  EXPECT_EQ(decode_error(t), "bad_ps: SHDR dword 2: dcl_output has length 4, its operands take 3");
}

TEST(DecoderErrors, LengthTokenDisagreesWithTheChunk) {
  auto t = program();
  t[1] = 20;
  EXPECT_EQ(decode_error(t),
            "bad_ps: SHDR dword 1: the length token says 20 dwords, the chunk holds 14");
}

TEST(DecoderErrors, ShaderModelFiveIsNotRead) {
  auto t = program();
  t[0] = 0x00000050;
  EXPECT_EQ(decode_error(t),
            "bad_ps: SHDR dword 0: shader model 5.0 is not read (gfxsim reads 4.0 and 4.1)");
}

// The fuzzer's find: a 64-bit index decoded, printed, and came back from the text as a
// 32-bit one (or not at all, past 32 bits).
TEST(DecoderErrors, SixtyFourBitIndex) {
  auto t = program();
  t[3] = 0x005020f2;  // o0 with index representation 1, immediate64
  t.insert(t.begin() + 4, 0);
  t[1] = 15;
  EXPECT_EQ(decode_error(t),
            "bad_ps: SHDR dword 3: a 64-bit index (representation 1) is not shader model 4");
}

// The fuzzer's find: an empty extended operand token (type 0) that still set the
// modifier bits decoded as -|x| and re-encoded as a modifier token (type 1).
TEST(DecoderErrors, EmptyExtendedOperandTokenWithModifierBits) {
  auto t = program();
  t[5] = 0x09000036;  // mov, one dword longer
  t[8] = 0x80004002;  // its immediate source, extended
  t.insert(t.begin() + 9, 0x000000c0);
  t[1] = 15;
  EXPECT_EQ(decode_error(t),
            "bad_ps: SHDR dword 9: extended operand token 0x000000C0 is empty but sets modifier "
            "bits");
  t[9] = 0;  // an empty token with nothing set is fine
  EXPECT_EQ(decode_error(t), "");
}

TEST(DecoderErrors, UnknownOperandType) {
  auto t = program();
  t[3] = 0x0011f0f2;  // operand type 0x1F
  EXPECT_EQ(decode_error(t), "bad_ps: SHDR dword 3: unknown operand type 31");
}

TEST(DecoderErrors, SaturateOnAnInstructionWithoutDestination) {
  auto t = program();
  t[13] = 0x0100203e;  // ret_sat
  EXPECT_EQ(decode_error(t),
            "bad_ps: SHDR dword 13: ret sets opcode controls 0x00002000 it does not have");
}

TEST(DecoderErrors, UnknownInterpolationMode) {
  auto t = assemble("ps_4_0\ndcl_input_ps linear v0.xy\nret\n");
  t[2] = 0x03004062;  // interpolation mode 8
  EXPECT_EQ(decode_error(t), "bad_ps: SHDR dword 2: dcl_input_ps: 8 is no interpolation mode");
}

TEST(DecoderErrors, TruncatedProgram) {
  EXPECT_EQ(decode_error({0x00000040}),
            "bad_ps: SHDR dword 1: truncated program: no version and length tokens");
}

}  // namespace
}  // namespace gfx::d3d10
