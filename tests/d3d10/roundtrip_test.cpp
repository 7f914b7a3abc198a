// For every golden array: tokens -> Program -> tokens, and tokens -> text -> tokens, are
// the identity on the SHDR chunk; and the container built around the program reads back.
#include <gtest/gtest.h>

#include "d3d10/assembler.h"
#include "d3d10/container.h"
#include "d3d10/decoder.h"
#include "d3d10/disassembler.h"
#include "d3d10/encode.h"
#include "test_util.h"

namespace gfx::d3d10 {
namespace {

TEST(RoundTrip, EncodeOfDecodeIsTheSameTokens) {
  for (const auto& n : test::golden_names()) {
    SCOPED_TRACE(n);
    const auto tokens = test::shdr_tokens(test::load_golden(n));
    EXPECT_EQ(encode_program(decode_program(tokens, {n})), tokens);
  }
}

// The fuzzer's find: an extended operand token may name the modifier type (1) and still
// carry no modifier; it encoded back as the empty type (0). Both spellings must survive.
TEST(RoundTrip, ExtendedOperandTokenWithoutModifierKeepsItsType) {
  // ps_4_0 / dcl_output o0.xyzw / mov o0.xyzw, l(1, 0, 0, 1) / ret, the immediate extended
  const test::Dwords plain = assemble("ps_4_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0, 0, 0, 1.0)\nret\n");
  for (uint32_t ext : {0x00000000u, 0x00000001u}) {
    SCOPED_TRACE(ext);
    test::Dwords t = plain;
    t[5] = 0x09000036;  // mov, one dword longer
    t[8] = 0x80004002;  // its immediate source, extended
    t.insert(t.begin() + 9, ext);
    t[1] = 15;
    const Program p = decode_program(t, {"ps"});
    EXPECT_EQ(p.instructions[1].operands[1].modifier, OperandModifier::None);
    EXPECT_EQ(encode_program(p), t);
  }
}

TEST(RoundTrip, AssembleOfDisassembleIsTheSameTokens) {
  for (const auto& n : test::golden_names()) {
    SCOPED_TRACE(n);
    const auto tokens = test::shdr_tokens(test::load_golden(n));
    const std::string text = disassemble(decode_program(tokens, {n}));
    SCOPED_TRACE(text);
    EXPECT_EQ(assemble(text, {n + ".asm"}), tokens);
  }
}

TEST(RoundTrip, BuiltContainerReadsBackWithTheSameProgram) {
  for (const auto& n : test::golden_names()) {
    SCOPED_TRACE(n);
    const auto tokens = test::shdr_tokens(test::load_golden(n));
    const auto built = build_container(decode_program(tokens, {n}));
    const Shader sh = read_container(built, {n});  // checksum verified
    EXPECT_EQ(sh.program_tokens, tokens);
  }
}

}  // namespace
}  // namespace gfx::d3d10

namespace gfx::d3d10 {
namespace {

// The derived output signature agrees with fxc's on registers, masks and system values
// (names differ: gfxsim writes TEXCOORD<n> / SV_Target<n> where the HLSL had its own), and
// on component types where fxc's are float: an integer output (test_instance_id's uint
// InstanceId) is the HLSL's type, which the SM4 code does not state.
TEST(RoundTrip, DerivedOutputSignatureMatchesFxcs) {
  for (const auto& n : test::golden_names()) {
    SCOPED_TRACE(n);
    const Shader sh = read_container(test::load_golden(n), {n});
    const Signature derived = derived_outputs(sh.program);
    ASSERT_EQ(derived.size(), sh.outputs.size());
    for (std::size_t i = 0; i < derived.size(); ++i) {
      EXPECT_EQ(derived[i].reg, sh.outputs[i].reg);
      EXPECT_EQ(derived[i].mask, sh.outputs[i].mask);
      EXPECT_EQ(derived[i].system_value, sh.outputs[i].system_value);
      if (sh.outputs[i].component_type == ComponentType::Float32)
        EXPECT_EQ(derived[i].component_type, sh.outputs[i].component_type);
    }
  }
}

}  // namespace
}  // namespace gfx::d3d10
