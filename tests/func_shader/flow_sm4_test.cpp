// The SM4 flow ops of the ISA (do/enddo, continue, switch/case, callc/retc) and the bit
// tests, run directly on ISA programs: what the D3D10 translator relies on, with the exact
// structure errors of prepare_flow.
#include <gtest/gtest.h>

#include <cstring>

#include "common/error.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

float from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

Src imm(uint16_t i) { return c(i, swizzle(0, 0, 0, 0)); }

std::string flow_error(std::vector<Instr> code) {
  Program p = program({});
  p.code = std::move(code);
  try {
    prepare_flow(p);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(FlowSm4, DoLoopRunsUntilEveryLaneHasBroken) {
  // r0.x += 1 until r0.x >= v0.x (lane values 1, 3), counted in bits by iadd.
  Program p = program({
      flow(Op::Do),
      ins(Op::IAdd, rd(0, 0x1), r(0, swizzle(0, 0, 0, 0)), imm(1)),
      with_cmp(flow(Op::Breakc, r(0, swizzle(0, 0, 0, 0)), v(0, swizzle(0, 0, 0, 0))), CmpOp::UGe),
      flow(Op::EndDo),
      ins(Op::Mov, o(0), r(0)),
  });
  Warp w = warp_with({}, 2);
  w.input(0, 0)[0] = from_bits(1);
  w.input(0, 0)[1] = from_bits(3);
  std::vector<Vec4> consts(2);
  consts[1] = Vec4{from_bits(1), 0, 0, 0};
  std::vector<OpClass> record;
  run(p, w, consts, nullptr, nullptr, &record);
  uint32_t out[2];
  std::memcpy(&out[0], &w.output(0, 0)[0], 4);
  std::memcpy(&out[1], &w.output(0, 0)[1], 4);
  EXPECT_EQ(out[0], 1u);
  EXPECT_EQ(out[1], 3u);
  // do + 3 x (iadd, breakc) + 2 x enddo (lane 1 still running) + mov + end.
  EXPECT_EQ(record.size(), 1u + 6u + 2u + 1u + 1u);
}

TEST(FlowSm4, BitTestsSeeNegativeZeroAndNanAsSet) {
  for (uint32_t bits : {0x80000000u, 0x7FC00000u, 1u}) {
    Program p = program({ins(Op::Mov, o(0), imm(1)),
                         with_cmp(flow(Op::Ifc, v(0, swizzle(0, 0, 0, 0)), imm(0)), CmpOp::Nz),
                         ins(Op::Mov, o(0), imm(2)), flow(Op::EndIf)});
    Warp w = warp_with({Vec4{from_bits(bits), 0, 0, 0}}, 1);
    EXPECT_EQ(run(p, w, {Vec4{0, 0, 0, 0}, Vec4{1, 0, 0, 0}, Vec4{2, 0, 0, 0}}).x, 2.0f) << bits;
  }
}

TEST(FlowSm4, MalformedSm4StructureIsNamed) {
  EXPECT_EQ(flow_error({flow(Op::Case, r(0), r(0))}),
            "shader 'test' instruction 0 (case_gt r0, r0): case outside a switch (or inside "
            "a block of one)");
  EXPECT_EQ(flow_error({flow(Op::Switch), flow(Op::Ifc, r(0), r(0)), flow(Op::Case, r(0), r(0))}),
            "shader 'test' instruction 2 (case_gt r0, r0): case outside a switch (or inside "
            "a block of one)");
  EXPECT_EQ(flow_error({flow(Op::EndSwitch)}),
            "shader 'test' instruction 0 (endswitch): endswitch without a matching switch");
  EXPECT_EQ(flow_error({flow(Op::Switch), flow(Op::Continue), flow(Op::EndSwitch)}),
            "shader 'test' instruction 1 (continue): continue outside a loop");
  EXPECT_EQ(flow_error({flow(Op::Do), flow(Op::EndLoop)}),
            "shader 'test' instruction 1 (endloop): endloop without a matching loop");
  EXPECT_EQ(flow_error({flow(Op::Do), flow(Op::EndDo)}), "");
  EXPECT_EQ(flow_error({flow(Op::Switch), flow(Op::Break), flow(Op::EndSwitch)}), "");
}

TEST(FlowSm4, Disassembly) {
  EXPECT_EQ(disassemble(with_cmp(flow(Op::Breakc, r(1), c(0)), CmpOp::Nz)), "break_nz r1, c0");
  EXPECT_EQ(disassemble(with_cmp(flow(Op::Case, r(2, 0xAA), c(3)), CmpOp::IEq)),
            "case_ieq r2.z, c3");
  EXPECT_EQ(disassemble(with_cmp(label_op(Op::Callc, 2, r(0)), CmpOp::Z)), "call_z l2, r0, r0");
  EXPECT_EQ(disassemble(with_cmp(ins(Op::Icmp, rd(0), r(1), r(2)), CmpOp::ULt)),
            "icmp_ult r0, r1, r2");
  EXPECT_EQ(disassemble(ins(Op::Movi, a0(0x2), r(1, swizzle(3, 3, 3, 3)))), "movi a0.y, r1.w");
  Instr x = ins(Op::Mov, rd(4, 0x1), r(0));
  x.dst.rel = RelAddr::A0;
  x.dst.rel_comp = 1;
  EXPECT_EQ(disassemble(x), "mov r4[a0.y].x, r0");
  EXPECT_EQ(disassemble(ins(Op::Mov, rd(0), src(RegFile::Icb, 3))), "mov r0, icb3");
  EXPECT_EQ(disassemble(flow(Op::Do)), "do");
  Instr t = tex(o(0), v(0), 1);
  t.texel_offset[0] = -1;
  t.texel_offset[2] = 7;
  EXPECT_EQ(disassemble(t), "tex_aoffimmi(-1,0,7) o0, v0, s1");
}

}  // namespace
}  // namespace gfx::func::test
