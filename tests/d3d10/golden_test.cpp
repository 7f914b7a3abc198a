// Every golden array (Wine's d3d10core / d3d11 tests, compiled by fxc) reads with a valid
// checksum, and its signatures and program decode to what the HLSL beside it says.
#include <gtest/gtest.h>

#include "d3d10/checksum.h"
#include "d3d10/container.h"
#include "test_util.h"

namespace gfx::d3d10 {
namespace {

using test::load_golden;

TEST(Golden, AtLeastFifteenArraysCoverEveryStage) {
  const auto names = test::golden_names();
  EXPECT_GE(names.size(), 15u);
  int vs = 0, ps = 0, gs = 0;
  for (const auto& n : names) {
    const ProgramType t = read_container(load_golden(n), {n}).program.version.type;
    vs += t == ProgramType::Vertex;
    ps += t == ProgramType::Pixel;
    gs += t == ProgramType::Geometry;
  }
  EXPECT_GE(vs, 1);
  EXPECT_GE(ps, 1);
  EXPECT_GE(gs, 1);
}

TEST(Golden, EveryArrayReadsWithAValidChecksum) {
  for (const auto& n : test::golden_names()) {
    SCOPED_TRACE(n);
    const auto dw = load_golden(n);
    const auto sum = dxbc_checksum(reinterpret_cast<const uint8_t*>(dw.data()), dw.size() * 4);
    EXPECT_EQ(sum[0], dw[1]);
    EXPECT_EQ(sum[1], dw[2]);
    EXPECT_EQ(sum[2], dw[3]);
    EXPECT_EQ(sum[3], dw[4]);
    EXPECT_NO_THROW(read_container(dw, {n}));
  }
}

TEST(Golden, VertexShaderSignaturesDecode) {
  const Shader sh = read_container(load_golden("vs_create_shader"), {"vs_create_shader"});
  EXPECT_EQ(sh.program.version.name(), "vs_4_0");
  ASSERT_EQ(sh.inputs.size(), 2u);
  EXPECT_EQ(sh.inputs[0].semantic, "POSITION");
  EXPECT_EQ(sh.inputs[0].component_type, ComponentType::Float32);
  EXPECT_EQ(sh.inputs[0].mask, 0xF);
  EXPECT_EQ(sh.inputs[0].rw_mask, 0xF);
  EXPECT_EQ(sh.inputs[1].semantic, "NORMAL");
  EXPECT_EQ(sh.inputs[1].reg, 1u);
  EXPECT_EQ(sh.inputs[1].mask, 0x7);
  ASSERT_EQ(sh.outputs.size(), 2u);
  EXPECT_EQ(sh.outputs[1].semantic, "COLOR");
  EXPECT_EQ(sh.outputs[1].rw_mask, 0x0);
  EXPECT_EQ(sh.program_chunk, fourcc("SHDR"));
}

TEST(Golden, SystemValuesInSignaturesAndDeclarations) {
  const Shader sh = read_container(load_golden("ps_layered"), {"ps_layered"});
  ASSERT_EQ(sh.inputs.size(), 2u);
  EXPECT_EQ(sh.inputs[1].semantic, "SV_RenderTargetArrayIndex");
  EXPECT_EQ(sh.inputs[1].system_value, 4u);
  EXPECT_EQ(sh.inputs[1].component_type, ComponentType::Uint32);
  const Instruction& dcl = sh.program.instructions[1];
  EXPECT_EQ(dcl.op, Opcode::DclInputPsSiv);
  EXPECT_EQ(dcl.interpolation(), 1u);  // constant
  EXPECT_EQ(dcl.extra.at(0), static_cast<uint32_t>(SystemValue::RenderTargetArrayIndex));
}

TEST(Golden, GeometryShaderRelativeInputIndexDecodes) {
  const Shader sh = read_container(load_golden("gs_layered"), {"gs_layered"});
  EXPECT_EQ(sh.program.version.name(), "gs_4_0");
  // mov o0.xyzw, v[r0.z + 0][0].xyzw: the vertex index is r0.z alone (relative).
  const Instruction* mov = nullptr;
  for (const auto& i : sh.program.instructions)
    if (i.op == Opcode::Mov && i.operands[1].type == OperandType::Input) mov = &i;
  ASSERT_NE(mov, nullptr);
  const Operand& v = mov->operands[1];
  ASSERT_EQ(v.indices.size(), 2u);
  EXPECT_EQ(v.indices[0].rep, IndexRep::Relative);
  ASSERT_EQ(v.indices[0].relative.size(), 1u);
  EXPECT_EQ(v.indices[0].relative[0].type, OperandType::Temp);
  EXPECT_EQ(v.indices[0].relative[0].selection, Selection::Select1);
  EXPECT_EQ(v.indices[0].relative[0].select, 2);  // .z
  EXPECT_EQ(v.indices[1].value, 0u);
}

TEST(Golden, NegatedConstantBufferOperandDecodes) {
  const Shader sh = read_container(load_golden("gs_create_shader"), {"gs_create_shader"});
  // mad r0.xy, -v[0][0].wwww, l(0.1, 0.1, 0, 0), v[0][0].xyxx
  const Instruction& mad = sh.program.instructions[6];
  ASSERT_EQ(mad.op, Opcode::Mad);
  EXPECT_EQ(mad.operands[1].modifier, OperandModifier::Neg);
  EXPECT_TRUE(mad.operands[1].extended);
  EXPECT_EQ(mad.operands[2].type, OperandType::Immediate32);
  EXPECT_EQ(mad.operands[2].values[0], 0x3dcccccdu);
}

}  // namespace
}  // namespace gfx::d3d10
