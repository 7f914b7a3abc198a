// The interpreter's opcode record that the shader core replays: every issued instruction
// in issue order (loop bodies once per iteration, the final end included), matching the
// OpClass record position for position.
#include <gtest/gtest.h>

#include "func/shader/interpreter.h"

namespace gfx::func {
namespace {

Instr instr(Op op, uint16_t dst = 0, RegFile src_file = RegFile::Temp, uint16_t src = 0) {
  Instr in;
  in.op = op;
  in.dst.index = dst;
  in.src[0].file = src_file;
  in.src[0].index = src;
  return in;
}

TEST(OpRecord, FollowsIssueOrderThroughALoop) {
  Program p;
  p.stage = api::ShaderStage::Vertex;
  p.num_temps = 1;
  p.num_outputs = 1;
  p.literal_int_constants = {{0, Int4{2, 0, 1, 0}}};  // rep count 2
  Instr rep = instr(Op::Rep, 0, RegFile::ConstInt, 0);
  p.code = {instr(Op::Mov, 0, RegFile::Const, 0), rep, instr(Op::Rcp), instr(Op::EndRep),
            instr(Op::End)};
  Warp w;
  w.lanes = 4;
  w.live = 0xF;
  std::vector<Op> ops;
  std::vector<OpClass> classes;
  ExecContext ctx;
  ctx.program = &p;
  ctx.op_record = &ops;
  execute(ctx, w, &classes);
  const std::vector<Op> want = {Op::Mov, Op::Rep,    Op::Rcp, Op::EndRep,
                                Op::Rcp, Op::EndRep, Op::End};
  EXPECT_EQ(ops, want);
  ASSERT_EQ(classes.size(), ops.size());
  for (size_t i = 0; i < ops.size(); ++i) EXPECT_EQ(classes[i], op_class(ops[i])) << i;
}

}  // namespace
}  // namespace gfx::func
