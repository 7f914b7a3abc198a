// Register ranges and stage rules (validate.h), each error at the instruction's dword.
#include <gtest/gtest.h>

#include "d3d10/assembler.h"
#include "d3d10/decoder.h"
#include "d3d10/validate.h"
#include "test_util.h"

namespace gfx::d3d10 {
namespace {

std::string validate_error(const std::string& text) {
  return test::error_of([&] {
    const ProgramSource src{"shader", "SHDR"};
    validate_program(decode_program(assemble(text), src), src);
  });
}

TEST(ValidateErrors, ValidProgramPasses) {
  EXPECT_EQ(
      validate_error("ps_4_0\ndcl_constantbuffer cb0[2], immediateIndexed\ndcl_output o0.xyzw\n"
                     "dcl_temps 1\nmov r0.xyzw, cb0[1].xyzw\nmov o0.xyzw, r0.xyzw\nret\n"),
      "");
}

TEST(ValidateErrors, SourceWithAWriteMask) {
  // mov o0.xyzw, r0.xyzw with the source's swizzle token rewritten to mask mode (.xy):
  // no text spells it, so it cannot come from the assembler (found by the dxbc fuzzer).
  std::vector<uint32_t> tokens =
      assemble("ps_4_0\ndcl_output o0.xyzw\ndcl_temps 1\nmov o0.xyzw, r0.xyzw\nret\n");
  const uint32_t swizzled = 2 | 1u << 2 | 0xE4u << 4 | 1u << 20;  // 4 comps, xyzw, r#, 1D
  const uint32_t masked = 2 | 0u << 2 | 0x3u << 4 | 1u << 20;     // 4 comps, mask .xy
  std::size_t found = 0;
  for (uint32_t& t : tokens)
    if (t == swizzled) t = masked, ++found;
  ASSERT_EQ(found, 1u);
  const ProgramSource src{"shader", "SHDR"};
  EXPECT_EQ(test::error_of([&] { validate_program(decode_program(tokens, src), src); }),
            "shader: SHDR dword 7: mov: source operand 1 selects its components with a write "
            "mask (sources take a swizzle or one component)");
}

TEST(ValidateErrors, DestinationWithASwizzle) {
  // mov o0.xyzw, r0.xyzw with the destination's mask token rewritten to the swizzle .xyzw:
  // a destination writes through a mask; the dcl_output operand before it keeps its mask.
  std::vector<uint32_t> tokens =
      assemble("ps_4_0\ndcl_output o0.xyzw\ndcl_temps 1\nmov o0.xyzw, r0.xyzw\nret\n");
  const uint32_t masked = 2 | 0xFu << 4 | 2u << 12 | 1u << 20;               // mask .xyzw, o#, 1D
  const uint32_t swizzled = 2 | 1u << 2 | 0xE4u << 4 | 2u << 12 | 1u << 20;  // swizzle .xyzw
  std::vector<std::size_t> at;
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i] == masked) at.push_back(i);
  ASSERT_EQ(at.size(), 2u);  // dcl_output's and mov's
  tokens[at[1]] = swizzled;
  const ProgramSource src{"shader", "SHDR"};
  EXPECT_EQ(test::error_of([&] { validate_program(decode_program(tokens, src), src); }),
            "shader: SHDR dword 7: mov: destination operand 1 selects its components with a "
            "swizzle (destinations take a write mask)");
}

TEST(ValidateErrors, DeclarationWithASwizzle) {
  // dcl_input v1.xyzw with the operand's mask token rewritten to the swizzle .wxxx: the
  // disassembly would print it as a mask that does not assemble (found by the dxbc fuzzer).
  std::vector<uint32_t> tokens = assemble("vs_4_0\ndcl_input v1.xyzw\nret\n");
  const uint32_t masked = 2 | 0xFu << 4 | 1u << 12 | 1u << 20;               // mask .xyzw, v#, 1D
  const uint32_t swizzled = 2 | 1u << 2 | 0x03u << 4 | 1u << 12 | 1u << 20;  // .wxxx
  std::size_t found = 0;
  for (uint32_t& t : tokens)
    if (t == masked) t = swizzled, ++found;
  ASSERT_EQ(found, 1u);
  const ProgramSource src{"shader", "SHDR"};
  EXPECT_EQ(test::error_of([&] { validate_program(decode_program(tokens, src), src); }),
            "shader: SHDR dword 2: dcl_input: the declared register selects its components "
            "with a swizzle (a declaration takes a component mask)");
}

TEST(ValidateErrors, OperandWithTheWrongNumberOfIndices) {
  // mov oDepth, l(0.5) with an index given to oDepth: oDepth[0] decodes, but no text spells
  // it (the dxbc fuzzer found oMask[0][0], o[0][n][0] and a bare cb the same way).
  std::vector<uint32_t> tokens = assemble("ps_4_0\ndcl_output oDepth\nmov oDepth, l(0.5)\nret\n");
  ASSERT_EQ(tokens.size(), 9u);
  ASSERT_EQ(tokens[4], 0x04000036u);  // mov, 4 dwords
  ASSERT_EQ(tokens[5], 0x0000C001u);  // oDepth, one component, no index
  tokens[1] += 1;                     // program length
  tokens[4] = 0x05000036u;
  tokens[5] = 0x0010C001u;  // index dimension 1, an immediate
  tokens.insert(tokens.begin() + 6, 0u);
  const ProgramSource src{"shader", "SHDR"};
  EXPECT_EQ(test::error_of([&] { validate_program(decode_program(tokens, src), src); }),
            "shader: SHDR dword 4: oDepth operand with 1 index (it takes 0)");
  // A geometry shader reads v[vertex][register]; v0 alone is refused there.
  EXPECT_EQ(validate_error("gs_4_0\ndcl_input v[1][0].xyzw\ndcl_temps 1\n"
                           "dcl_inputprimitive point\ndcl_outputtopology pointlist\n"
                           "dcl_output o0.xyzw\ndcl_maxout 1\nmov o0.xyzw, v0.xyzw\nemit\nret\n"),
            "shader: SHDR dword 15: v operand with 1 index (it takes 2)");
}

TEST(ValidateErrors, RegisterOperandWithNoComponents) {
  // mov o0.xyzw, cb0[0].xyzw with the source's component count set to 0: it printed as
  // "cb0[0]", which reads back as cb0[0].xyzw (found by the dxbc fuzzer).
  std::vector<uint32_t> tokens = assemble(
      "ps_4_0\ndcl_constantbuffer cb0[1], immediateIndexed\ndcl_output o0.xyzw\n"
      "mov o0.xyzw, cb0[0].xyzw\nret\n");
  const uint32_t source = 0x00208E46;  // cb#[#], swizzle .xyzw, 4 components
  std::vector<std::size_t> at;
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i] == source) at.push_back(i);
  ASSERT_EQ(at.size(), 2u);          // dcl_constantbuffer's operand and mov's source
  tokens[at[1]] = source & ~0xFFFu;  // no components, no selection
  const ProgramSource src{"shader", "SHDR"};
  EXPECT_EQ(test::error_of([&] { validate_program(decode_program(tokens, src), src); }),
            "shader: SHDR dword 9: cb operand with 0 components (registers take 4)");
  tokens[at[1]] = (source & ~0xFFFu) | 1u;  // one component
  EXPECT_EQ(test::error_of([&] { validate_program(decode_program(tokens, src), src); }),
            "shader: SHDR dword 9: cb operand with 1 components (registers take 4)");
}

// Found by the dxbc fuzzer: a dcl_resource whose t0 carried the swizzle .yxxx printed as
// "t0.yxxx", which the assembler reads as a write mask out of order.
TEST(ValidateErrors, DeclaredResourceOrBufferWithComponents) {
  const ProgramSource src{"shader", "SHDR"};
  std::vector<uint32_t> tokens = assemble(
      "ps_4_0\ndcl_sampler s0, mode_default\n"
      "dcl_resource_texture2d (float,float,float,float) t0\nret\n");
  ASSERT_EQ(tokens[6], 0x00107000u);  // t0: no components
  tokens[6] = 0x00107016u;            // four, swizzled .yxxx
  EXPECT_EQ(test::error_of([&] { validate_program(decode_program(tokens, src), src); }),
            "shader: SHDR dword 5: dcl_resource: the declared register has components (t# and s# "
            "are declared bare)");
  tokens = assemble("ps_4_0\ndcl_constantbuffer cb0[1], immediateIndexed\nret\n");
  ASSERT_EQ(tokens[3], 0x00208E46u);  // cb0[1].xyzw
  tokens[3] = 0x00208016u;            // .yxxx
  EXPECT_EQ(test::error_of([&] { validate_program(decode_program(tokens, src), src); }),
            "shader: SHDR dword 2: dcl_constantbuffer: the declared buffer selects components "
            "other than .xyzw");
}

TEST(ValidateErrors, InputDeclarationOfAnotherRegister) {
  // dcl_input_ps linear v0.xyzw with its operand's type changed to icb (found by the dxbc
  // fuzzer: it printed as "icb0.xyzw" in an input declaration).
  std::vector<uint32_t> tokens = assemble("ps_4_0\ndcl_input_ps linear v0.xyzw\nret\n");
  ASSERT_EQ(tokens[3], 0x001010F2u);  // v#, mask .xyzw
  tokens[3] = 0x001090F2u;            // icb#
  const ProgramSource src{"shader", "SHDR"};
  EXPECT_EQ(test::error_of([&] { validate_program(decode_program(tokens, src), src); }),
            "shader: SHDR dword 2: dcl_input_ps declares a register of type icb");
}

// The dxbc fuzzer's "dcl_resource_texture2d (float,float,float,float) icb0": a resource,
// sampler or constant-buffer declaration of another register type.
TEST(ValidateErrors, ResourceDeclarationsOfAnotherRegister) {
  const ProgramSource src{"shader", "SHDR"};
  const auto retyped = [&](const char* text, uint32_t type) {
    std::vector<uint32_t> tokens = assemble(text);
    tokens[3] = (tokens[3] & ~0xFF000u) | type << 12;  // the declaration's operand
    return test::error_of([&] { validate_program(decode_program(tokens, src), src); });
  };
  EXPECT_EQ(retyped("ps_4_0\ndcl_resource_texture2d (float,float,float,float) t0\nret\n", 9),
            "shader: SHDR dword 2: dcl_resource declares a register of type icb");
  EXPECT_EQ(retyped("ps_4_0\ndcl_sampler s0, mode_default\nret\n", 7),
            "shader: SHDR dword 2: dcl_sampler declares a register of type t");
  EXPECT_EQ(retyped("ps_4_0\ndcl_constantbuffer cb0[1], immediateIndexed\nret\n", 6),
            "shader: SHDR dword 2: dcl_constantbuffer declares a register of type s");
  EXPECT_EQ(retyped("ps_4_0\ndcl_sampler s0, mode_default\nret\n", 6), "");
}

TEST(ValidateErrors, TempBeyondDclTemps) {
  // dword 2 dcl_output (3), 5 dcl_temps (2), 7 mov
  EXPECT_EQ(validate_error("ps_4_0\ndcl_output o0.xyzw\ndcl_temps 2\nmov o0.xyzw, r2.xyzw\nret\n"),
            "shader: SHDR dword 7: r2 is beyond dcl_temps 2 (r0-r1)");
}

TEST(ValidateErrors, TempWithoutDclTemps) {
  EXPECT_EQ(validate_error("vs_4_0\nmov r0.x, l(1)\nret\n"),
            "shader: SHDR dword 2: r0 is beyond dcl_temps 0 (no temps declared)");
}

TEST(ValidateErrors, ConstantBeyondTheDeclaredSize) {
  EXPECT_EQ(
      validate_error("vs_4_0\ndcl_constantbuffer cb0[4], immediateIndexed\ndcl_output o0.xyzw\n"
                     "mov o0.xyzw, cb0[4].xyzw\nret\n"),
      "shader: SHDR dword 9: cb0[4] is beyond its declared size 4");
}

TEST(ValidateErrors, UndeclaredConstantBuffer) {
  EXPECT_EQ(validate_error("vs_4_0\ndcl_output o0.xyzw\nmov o0.xyzw, cb1[0].xyzw\nret\n"),
            "shader: SHDR dword 5: cb1 is not declared");
}

TEST(ValidateErrors, PixelShaderInputBeyondThirtyTwo) {
  EXPECT_EQ(validate_error("ps_4_0\ndcl_input_ps linear v32.xyzw\nret\n"),
            "shader: SHDR dword 2: v32 is beyond the 32 input registers of ps_4_0");
}

TEST(ValidateErrors, VertexShaderInputBeyondSixteen) {
  EXPECT_EQ(validate_error("vs_4_0\ndcl_input v16.xyzw\nret\n"),
            "shader: SHDR dword 2: v16 is beyond the 16 input registers of vs_4_0");
}

TEST(ValidateErrors, PixelShaderOutputBeyondEight) {
  EXPECT_EQ(validate_error("ps_4_0\ndcl_output o8.xyzw\nret\n"),
            "shader: SHDR dword 2: o8 is beyond the 8 output registers of ps_4_0");
}

TEST(ValidateErrors, UndeclaredSampler) {
  EXPECT_EQ(validate_error("ps_4_0\ndcl_resource_texture2d (float,float,float,float) t0\n"
                           "dcl_output o0.xyzw\nsample o0.xyzw, l(0, 0, 0, 0), t0.xyzw, s1\nret\n"),
            "shader: SHDR dword 9: s1 is not declared");
}

TEST(ValidateErrors, EmitOutsideAGeometryShader) {
  EXPECT_EQ(validate_error("vs_4_0\nemit\nret\n"),
            "shader: SHDR dword 2: emit is only available in geometry shaders, not vs_4_0");
}

TEST(ValidateErrors, DiscardOutsideAPixelShader) {
  EXPECT_EQ(validate_error("gs_4_0\ndcl_temps 1\ndiscard_nz r0.x\nret\n"),
            "shader: SHDR dword 4: discard is only available in pixel shaders, not gs_4_0");
}

TEST(ValidateErrors, IndexableTempBeyondItsSize) {
  EXPECT_EQ(validate_error("vs_4_0\ndcl_indexableTemp x0[4], 4\ndcl_output o0.xyzw\n"
                           "mov o0.xyzw, x0[4].xyzw\nret\n"),
            "shader: SHDR dword 9: x0[4] is beyond its size 4");
}

}  // namespace
}  // namespace gfx::d3d10
