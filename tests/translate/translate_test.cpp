// D3D9 -> ISA translation (d3d9/translate.h): register mapping, macro expansion, constants,
// modifiers and the errors for what is not supported. Programs are written in asm and
// assembled first, so each test reads as the shader it checks.
#include "d3d9/translate.h"

#include <gtest/gtest.h>

#include <string>

#include "common/error.h"
#include "d3d9/assembler.h"

namespace gfx::d3d9 {
namespace {

using func::Op;
using func::RegFile;

func::Program tr(const std::string& text) { return translate(parse_asm(text), "test"); }

std::string error_of(const std::string& text) {
  try {
    tr(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Translate, M4x4ExpandsIntoFourDp4OnConsecutiveConstants) {
  const func::Program p = tr("vs_2_0\ndcl_position v0\nm4x4 oPos, v0, c4\n");
  ASSERT_EQ(p.code.size(), 5u);
  for (int i = 0; i < 4; ++i) {
    const func::Instr& in = p.code[i];
    EXPECT_EQ(in.op, Op::Dp4);
    EXPECT_EQ(in.dst.file, RegFile::Output);
    EXPECT_EQ(in.dst.index, 0);
    EXPECT_EQ(in.dst.mask, 1 << i);
    EXPECT_EQ(in.src[0].file, RegFile::Input);
    EXPECT_EQ(in.src[0].index, 0);
    EXPECT_EQ(in.src[1].file, RegFile::Const);
    EXPECT_EQ(in.src[1].index, 4 + i);
  }
  EXPECT_EQ(p.code[4].op, Op::End);
  ASSERT_EQ(p.inputs.size(), 1u);
  EXPECT_EQ(p.inputs[0].usage, api::DeclUsage::Position);
  // oPos, and oD0, which a vs_2_x that never writes it still has (its channels read 1).
  EXPECT_EQ(p.num_outputs, 2);
  EXPECT_EQ(p.color0_ones, 0xF);
}

TEST(Translate, M3x2AndM4x3WriteOnlyTheirRows) {
  const func::Program p =
      tr("vs_2_0\ndcl_position v0\nm3x2 r0.xy, v0, c10\nm4x3 r1.xyz, v0, c20\n"
         "mov oPos, r0\n");
  ASSERT_EQ(p.code.size(), 7u);
  EXPECT_EQ(p.code[0].op, Op::Dp3);
  EXPECT_EQ(p.code[1].op, Op::Dp3);
  EXPECT_EQ(p.code[1].dst.mask, 2);
  EXPECT_EQ(p.code[1].src[1].index, 11);
  EXPECT_EQ(p.code[2].op, Op::Dp4);
  EXPECT_EQ(p.code[4].dst.mask, 4);
  EXPECT_EQ(p.code[4].src[1].index, 22);
  EXPECT_EQ(p.num_temps, 2);
}

TEST(Translate, Vs11OutputsMapToFixedRegistersAndVaryings) {
  const func::Program p =
      tr("vs_1_1\ndcl_position v0\ndcl_texcoord3 v5\nmov oPos, v0\n"
         "mov oD1, v0\nmov oT3, v5\nmov oFog, v0.x\n");
  ASSERT_GE(p.code.size(), 4u);
  EXPECT_EQ(p.code[1].dst.index, kVsColorOutputBase + 1);
  EXPECT_EQ(p.code[2].dst.index, kVsTexCoordOutputBase + 3);
  EXPECT_EQ(p.code[3].dst.index, kVsFogOutput);
  ASSERT_EQ(p.outputs.size(), 4u);
  EXPECT_EQ(p.outputs[0].varying, func::Varying::Color1);
  EXPECT_EQ(p.outputs[1].varying, func::Varying::TexCoord3);
  EXPECT_EQ(p.outputs[2].varying, func::Varying::Fog);
  EXPECT_EQ(p.outputs[3].varying, func::Varying::Color0);  // unwritten: reads (1, 1, 1, 1)
  EXPECT_EQ(p.num_outputs, kVsFogOutput + 1);
  ASSERT_EQ(p.inputs.size(), 2u);
  EXPECT_EQ(p.inputs[1].usage, api::DeclUsage::TexCoord);
  EXPECT_EQ(p.inputs[1].usage_index, 3);
  EXPECT_EQ(p.inputs[1].reg, 5);
}

TEST(Translate, Vs30OutputsFollowTheirDeclarations) {
  const func::Program p =
      tr("vs_3_0\ndcl_position v0\ndcl_texcoord2 o0\ndcl_position o3\n"
         "dcl_color1 o5\nmov o3, v0\nmov o0, v0\nmov o5, v0\n");
  EXPECT_EQ(p.code[0].dst.index, 0);
  EXPECT_EQ(p.code[1].dst.index, 1);
  EXPECT_EQ(p.code[2].dst.index, 6);
  ASSERT_EQ(p.outputs.size(), 2u);
  EXPECT_EQ(p.outputs[0].varying, func::Varying::TexCoord2);
  EXPECT_EQ(p.outputs[0].reg, 1);
  EXPECT_EQ(p.outputs[1].varying, func::Varying::Color1);
}

TEST(Translate, Ps20ColoursTexturesAndSampler) {
  const func::Program p =
      tr("ps_2_0\ndcl v1\ndcl t3.xy\ndcl_2d s5\ntexld r0, t3, s5\n"
         "mul_sat oC0, r0, -v1\n");
  ASSERT_EQ(p.code.size(), 3u);
  EXPECT_EQ(p.code[0].op, Op::Tex);
  EXPECT_EQ(p.code[0].sampler, 5);
  EXPECT_EQ(p.code[0].tex_mode, func::TexMode::Normal);
  EXPECT_EQ(p.code[0].src[0].index, kPsTexCoordInputBase + 3);
  EXPECT_TRUE(p.code[1].dst.saturate);
  EXPECT_TRUE(p.code[1].src[1].negate);
  EXPECT_EQ(p.code[1].dst.file, RegFile::Output);
  ASSERT_EQ(p.pixel_inputs.size(), 2u);
  EXPECT_EQ(p.pixel_inputs[0].varying, func::Varying::Color1);
  EXPECT_EQ(p.pixel_inputs[0].reg, 1);
  EXPECT_EQ(p.pixel_inputs[1].varying, func::Varying::TexCoord3);
  EXPECT_EQ(p.pixel_inputs[1].reg, 5);
}

TEST(Translate, Ps30InputsAndSystemValues) {
  const func::Program p =
      tr("ps_3_0\ndcl_texcoord7 v2\ndcl vPos.xy\ndcl vFace\n"
         "add r0, v2, vPos.xyxy\nmul oC0, r0, vFace\n");
  ASSERT_EQ(p.pixel_inputs.size(), 1u);
  EXPECT_EQ(p.pixel_inputs[0].varying, func::Varying::TexCoord7);
  EXPECT_EQ(p.pixel_inputs[0].reg, 2);
  EXPECT_EQ(p.position_reg, kPsPositionInput);
  EXPECT_EQ(p.face_reg, kPsFaceInput);
  EXPECT_EQ(p.code[0].src[1].index, kPsPositionInput);
  EXPECT_EQ(p.code[1].src[1].index, kPsFaceInput);
  EXPECT_EQ(p.num_inputs, kPsFaceInput + 1);
}

TEST(Translate, VertexAndInstanceIdAreSystemValues) {
  const func::Program p =
      tr("vs_3_0\ndcl_position v0\ndcl_vertexid v3\ndcl_instanceid v4\n"
         "dcl_position o0\nadd o0, v0, v3\n");
  EXPECT_EQ(p.vertex_id_reg, 3);
  EXPECT_EQ(p.instance_id_reg, 4);
  ASSERT_EQ(p.inputs.size(), 1u);  // only POSITION0 is fetched
}

TEST(Translate, DefinitionsBecomeLiteralConstants) {
  const func::Program p =
      tr("vs_2_0\ndef c7, 1.5, -2, 0, 0.25\ndefi i3, 4, 1, 2, 0\n"
         "defb b2, true\ndcl_position v0\nmov oPos, v0\n");
  ASSERT_EQ(p.literal_constants.size(), 1u);
  EXPECT_EQ(p.literal_constants[0].first, 7);
  EXPECT_EQ(p.literal_constants[0].second[0], 1.5f);
  EXPECT_EQ(p.literal_constants[0].second[1], -2.0f);
  EXPECT_EQ(p.literal_constants[0].second[3], 0.25f);
  ASSERT_EQ(p.literal_int_constants.size(), 1u);
  EXPECT_EQ(p.literal_int_constants[0].first, 3);
  EXPECT_EQ(p.literal_int_constants[0].second, (func::Int4{4, 1, 2, 0}));
  ASSERT_EQ(p.literal_bool_constants.size(), 1u);
  EXPECT_EQ(p.literal_bool_constants[0], (std::pair<uint16_t, bool>{2, true}));
  EXPECT_EQ(p.code.size(), 2u);  // def* emit no code
}

TEST(Translate, SincosAndSgnDropTheirScratchOperands) {
  const func::Program p =
      tr("vs_2_0\ndef c0, 0, 0, 0, 0\ndcl_position v0\n"
         "sincos r0.xy, v0.x, c1, c2\nsgn r1, v0, r2, r3\nmov oPos, r0\n");
  EXPECT_EQ(p.code[0].op, Op::SinCos);
  EXPECT_EQ(p.code[0].src[1].file, RegFile::Temp);  // default: not the c1 operand
  EXPECT_EQ(p.code[0].src[1].index, 0);
  EXPECT_EQ(p.code[1].op, Op::Sgn);
  EXPECT_EQ(p.code[1].src[1].index, 0);
}

TEST(Translate, Vs11MovToA0IsMovaAndRelativeReads) {
  const func::Program p = tr("vs_1_1\ndcl_position v0\nmov a0.x, v0.x\nmov oPos, c[a0.x + 3]\n");
  EXPECT_EQ(p.code[0].op, Op::Mova);
  EXPECT_TRUE(p.code[0].addr_floor);  // vs_1_1 mov a0 floors
  EXPECT_EQ(p.code[0].dst.file, RegFile::Addr);
  EXPECT_EQ(p.code[1].src[0].rel, func::RelAddr::A0);
  EXPECT_EQ(p.code[1].src[0].rel_comp, 0);
  EXPECT_EQ(p.code[1].src[0].index, 3);
}

TEST(Translate, Vs20MovaRoundsToNearest) {
  const func::Program p = tr("vs_2_0\ndcl_position v0\nmova a0.x, v0.x\nmov oPos, c[a0.x + 3]\n");
  EXPECT_EQ(p.code[0].op, Op::Mova);
  EXPECT_FALSE(p.code[0].addr_floor);
}

TEST(Translate, ModifiersAbsNegSat) {
  const func::Program p = tr("ps_3_0\ndcl_texcoord0 v0\nadd_sat r0, -v0_abs, v0\nmov oC0, r0\n");
  EXPECT_TRUE(p.code[0].dst.saturate);
  EXPECT_TRUE(p.code[0].src[0].abs);
  EXPECT_TRUE(p.code[0].src[0].negate);
  EXPECT_FALSE(p.code[0].src[1].abs);
}

TEST(Translate, TexldFlavours) {
  const func::Program p =
      tr("ps_3_0\ndcl_texcoord0 v0\ndcl_2d s1\ntexldp r0, v0, s1\n"
         "texldb r1, v0, s1\ntexldl r2, v0, s1\ntexldd r3, v0, s1, r0, r1\n"
         "mov oC0, r3\n");
  EXPECT_EQ(p.code[0].tex_mode, func::TexMode::Project);
  EXPECT_EQ(p.code[1].tex_mode, func::TexMode::Bias);
  EXPECT_EQ(p.code[2].tex_mode, func::TexMode::Lod);
  EXPECT_EQ(p.code[3].tex_mode, func::TexMode::Grad);
  EXPECT_EQ(p.code[3].src[1].index, 0);
  EXPECT_EQ(p.code[3].src[2].index, 1);
  EXPECT_EQ(p.code[3].sampler, 1);
}

TEST(Translate, TexkillReadsItsRegister) {
  const func::Program p = tr("ps_2_0\ndcl t1\ntexkill t1\nmov oC0, t1\n");
  EXPECT_EQ(p.code[0].op, Op::Texkill);
  EXPECT_EQ(p.code[0].src[0].file, RegFile::Input);
  EXPECT_EQ(p.code[0].src[0].index, kPsTexCoordInputBase + 1);
}

TEST(Translate, PrimitiveIdIsAPixelInput) {
  const func::Program p = tr("ps_3_0\ndcl vPrimID\nmov oC0, vPrimID.x\n");
  EXPECT_EQ(p.primid_reg, 12);  // after vPos (10) and vFace (11)
  EXPECT_EQ(p.code[0].src[0].file, RegFile::Input);
  EXPECT_EQ(p.code[0].src[0].index, 12);
}

TEST(TranslateErrors, NameTheInstructionAndTheReason) {
  // oC1..oC3, oDepth and relative destinations: outputs_test.cpp.
  EXPECT_NE(error_of("ps_3_0\ndcl_normal v0\nmov oC0, v0\n").find("input usage normal0"),
            std::string::npos);
  EXPECT_NE(error_of("vs_3_0\ndcl_position v0\ndcl_tangent o1\nmov o1, v0\n")
                .find("output usage tangent0"),
            std::string::npos);
  EXPECT_NE(error_of("vs_2_0\ndcl_position v0\nm4x4 r0, r0, c0\nmov oPos, r0\n")
                .find("destination is also the vector operand"),
            std::string::npos);
}

}  // namespace
}  // namespace gfx::d3d9
