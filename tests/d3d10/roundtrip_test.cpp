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
