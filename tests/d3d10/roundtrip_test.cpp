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
// (names differ: gfxsim writes TEXCOORD<n> / SV_Target<n> where the HLSL had its own).
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
      EXPECT_EQ(derived[i].component_type, sh.outputs[i].component_type);
    }
  }
}

}  // namespace
}  // namespace gfx::d3d10
