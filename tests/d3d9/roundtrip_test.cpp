// The corpus (tests/d3d9/shaders/*.asm): every shader assembles, decodes, re-encodes to
// the same tokens, and disassembles to text that assembles to the same tokens again.
// The corpus covers every opcode of the eleven versions, every comparison and texld flavour.
#include <gtest/gtest.h>

#include <set>

#include "d3d9/assembler.h"
#include "d3d9/decoder.h"
#include "d3d9/disassembler.h"
#include "d3d9/encode.h"
#include "d3d9/opcodes.h"
#include "test_util.h"

namespace gfx::d3d9 {
namespace {

using test::Tokens;

TEST(RoundTrip, CorpusHasADozenShaders) { EXPECT_GE(test::corpus_files().size(), 12u); }

TEST(RoundTrip, DisassembleThenAssembleGivesTheSameTokens) {
  for (const std::string& file : test::corpus_files()) {
    SCOPED_TRACE(file);
    AsmOptions opts;
    opts.file = file;
    const Tokens tokens = assemble(test::read_text(file), opts);
    const Shader shader = decode(tokens);
    EXPECT_EQ(encode(shader), tokens);
    const std::string text = disassemble(shader);
    EXPECT_EQ(assemble(text), tokens) << text;
    DisasmOptions flat;
    flat.indent = false;
    EXPECT_EQ(assemble(disassemble(shader, flat)), tokens);
  }
}

TEST(RoundTrip, ParsedAndDecodedShadersAgreeOnOffsets) {
  for (const std::string& file : test::corpus_files()) {
    SCOPED_TRACE(file);
    const Shader parsed = parse_asm(test::read_text(file));
    const Shader decoded = decode(encode(parsed));
    ASSERT_EQ(parsed.instructions.size(), decoded.instructions.size());
    for (std::size_t i = 0; i < parsed.instructions.size(); ++i)
      EXPECT_EQ(parsed.instructions[i].offset, decoded.instructions[i].offset) << i;
    ASSERT_EQ(parsed.comments.size(), decoded.comments.size());
    for (std::size_t i = 0; i < parsed.comments.size(); ++i)
      EXPECT_EQ(parsed.comments[i].offset, decoded.comments[i].offset);
  }
}

TEST(RoundTrip, CorpusCoversEveryOpcodeComparisonAndTexldFlavour) {
  std::set<Opcode> seen;
  std::set<int> comparisons, texld;
  std::set<std::string> versions;
  for (const std::string& file : test::corpus_files()) {
    const Shader sh = parse_asm(test::read_text(file));
    versions.insert(sh.version.name());
    for (const Instruction& ins : sh.instructions) {
      seen.insert(ins.op);
      if (ins.op == Opcode::IfC || ins.op == Opcode::BreakC || ins.op == Opcode::SetP)
        comparisons.insert(ins.control);
      if (ins.op == Opcode::Tex) texld.insert(ins.control);
    }
  }
  const Version all[] = {
      {ShaderType::Vertex, 1, 1}, {ShaderType::Vertex, 2, 0}, {ShaderType::Vertex, 2, 1},
      {ShaderType::Vertex, 3, 0}, {ShaderType::Pixel, 1, 1},  {ShaderType::Pixel, 1, 2},
      {ShaderType::Pixel, 1, 3},  {ShaderType::Pixel, 1, 4},  {ShaderType::Pixel, 2, 0},
      {ShaderType::Pixel, 2, 1},  {ShaderType::Pixel, 3, 0},
  };
  for (const Version& v : all) EXPECT_TRUE(versions.count(v.name())) << v.name();
  for (unsigned raw = 0; raw < 0x10000; ++raw) {
    const OpcodeInfo* info = opcode_info(static_cast<uint16_t>(raw));
    if (!info) continue;
    bool in_scope = false;
    for (const Version& v : all) in_scope = in_scope || available_in(*info, v);
    if (in_scope) {
      EXPECT_TRUE(seen.count(info->op)) << info->name << " is not in the corpus";
    }
  }
  EXPECT_EQ(comparisons, (std::set<int>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(texld, (std::set<int>{kTexldPlain, kTexldProject, kTexldBias}));
}

TEST(RoundTrip, DefValuesSurviveBitExactly) {
  // Values a short decimal cannot carry print as raw bits: NaN with payload, infinities,
  // a denormal, negative zero.
  const std::string text =
      "ps_3_0\n"
      "def c0, 0x7fc00001, 0xff800000, 0x00000001, -0\n"
      "def c1, 3.4028235e38, 1.17549435e-38, 0.1, -123.456\n";
  const Tokens tokens = assemble(text);
  EXPECT_EQ(tokens[3], 0x7FC00001u);
  EXPECT_EQ(tokens[4], 0xFF800000u);
  EXPECT_EQ(tokens[5], 0x00000001u);
  EXPECT_EQ(tokens[6], 0x80000000u);
  EXPECT_EQ(assemble(disassemble(decode(tokens))), tokens);
}

TEST(RoundTrip, RelativeRegisterSwizzleIsKept) {
  // An assembler may write a0 without a component (.xyzw); that must survive.
  const Tokens tokens = {0xFFFE0200, 0x03000001, 0x800F0000, 0xA0E42005, 0xB0E40000, 0x0000FFFF};
  const Shader sh = decode(tokens);
  EXPECT_EQ(sh.instructions[0].src[0].rel.swizzle, 0xE4);
  EXPECT_EQ(assemble(disassemble(sh)), tokens);
}

}  // namespace
}  // namespace gfx::d3d9
