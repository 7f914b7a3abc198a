// Register-file rules: constants and literals, out-of-range reads, fresh temps per warp,
// the execution record, and the errors a malformed program raises.
#include <gtest/gtest.h>

#include "common/error.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

TEST(Registers, ConstantsAndLiteralsOverride) {
  Program p = program({ins(Op::Add, o(0), c(2), c(7))});
  p.literal_constants.push_back({7, Vec4{10, 20, 30, 40}});
  Warp w = warp_with({});
  std::vector<Vec4> consts(8);
  consts[2] = Vec4{1, 2, 3, 4};
  consts[7] = Vec4{100, 100, 100, 100};  // replaced by the program's literal
  EXPECT_EQ(run(p, w, consts), (Vec4{11, 22, 33, 44}));
}

TEST(Registers, ReadsBeyondTheCountsReadZero) {
  // v2 lies beyond num_inputs = 2, r3 beyond num_temps = 1, c300 beyond c255.
  Program p =
      program({ins(Op::Add, rd(0), v(2), src(RegFile::Const, 300)), ins(Op::Add, o(0), r(0), r(3))},
              1, 2, 1);
  Warp w = warp_with({Vec4{1, 1, 1, 1}, Vec4{2, 2, 2, 2}, Vec4{5, 5, 5, 5}});
  EXPECT_EQ(run(p, w), (Vec4{0, 0, 0, 0}));
}

TEST(Registers, NullConstantsReadZero) {
  Program p = program({ins(Op::Add, o(0), c(0), v(0))});
  Warp w = warp_with({Vec4{1, 2, 3, 4}});
  ExecContext ctx;
  ctx.program = &p;
  execute(ctx, w, nullptr);
  EXPECT_EQ(w.output_vec(0, 0), (Vec4{1, 2, 3, 4}));
}

TEST(Registers, TempsAndOutputsStartAtZeroForEveryWarp) {
  Program writer = program({ins(Op::Mov, rd(0), v(0)), ins(Op::Mov, o(1), v(0))});
  Program reader = program({ins(Op::Mov, o(0), r(0))});
  Warp w = warp_with({Vec4{5, 6, 7, 8}});
  run(writer, w);
  EXPECT_EQ(w.output_vec(1, 0), (Vec4{5, 6, 7, 8}));
  EXPECT_EQ(run(reader, w), (Vec4{0, 0, 0, 0}));
  EXPECT_EQ(w.output_vec(1, 0), (Vec4{0, 0, 0, 0}));
}

TEST(Registers, RecordListsIssuedClassesAndStopsAtEnd) {
  Program p = program({ins(Op::Mov, o(0), v(0)), ins(Op::Rsq, rd(0), v(0)), Instr{},
                       ins(Op::End, Dst{}), ins(Op::Mov, o(0), v(1))});
  Warp w = warp_with({Vec4{4, 4, 4, 4}, Vec4{9, 9, 9, 9}});
  std::vector<OpClass> rec;
  EXPECT_EQ(run(p, w, {}, nullptr, nullptr, &rec), (Vec4{4, 4, 4, 4}));
  const std::vector<OpClass> want = {OpClass::Alu, OpClass::Transcendental, OpClass::Alu,
                                     OpClass::Flow};
  EXPECT_EQ(rec, want);
}

void expect_error(const Program& p, Warp& w, const char* fragment) {
  try {
    run(p, w);
    FAIL() << "no error, expected one mentioning '" << fragment << "'";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(Registers, MalformedProgramsThrow) {
  Warp w = warp_with({Vec4{1, 1, 1, 1}});
  expect_error(program({ins(Op::Mov, rd(3), v(0))}, 2), w, "beyond the program's 2 temps");
  expect_error(program({ins(Op::Mov, o(5), v(0))}, 1, 1, 2), w, "instruction 0 (mov o5, v0)");
  expect_error(program({ins(Op::Mov, dst(RegFile::Input, 0), v(0))}), w, "temp or output");
  expect_error(program({ins(Op::Mov, dst(RegFile::Const, 0), v(0))}), w, "temp or output");
  expect_error(program({}, 33), w, "the warp holds 32");
  expect_error(program({tex(o(0), v(0), 20)}), w, "sampler s20");
  Instr bad = ins(Op::Mov, o(0), v(0));
  bad.op = static_cast<Op>(200);
  expect_error(program({bad}), w, "unknown opcode");
  Warp odd = warp_with({}, 6);
  expect_error(program({}, 1, 1, 1, api::ShaderStage::Pixel), odd, "whole quads");
}

}  // namespace
}  // namespace gfx::func::test
