// The constant-read hook of the interpreter (func/shader/constant_sink.h): which c# each
// instruction reads in which lanes, with the execution mask it runs under: direct and
// per-lane relative operands, flow conditions, and the reads that never reach the draw's
// constants (literals, indices outside the file or the SM4 range) and so are not reported.
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

constexpr uint8_t kX = 0x00;  // .xxxx

// Records every call: instructions as (issue index, active lanes), reads as (issue index,
// register, lanes).
class Recorder : public ConstantReadSink {
 public:
  using Read = std::tuple<unsigned, unsigned, uint64_t>;
  std::vector<std::pair<unsigned, uint64_t>> instructions;
  std::vector<Read> reads;

  void instruction(unsigned issue_index, uint64_t active) override {
    instructions.push_back({issue_index, active});
  }
  void read(unsigned reg, uint64_t lanes) override {
    reads.push_back({instructions.back().first, reg, lanes});
  }
};

void run_with(const Program& p, Warp& w, Recorder* sink, const std::vector<Vec4>& consts = {}) {
  std::vector<Vec4> all(256);
  for (size_t i = 0; i < consts.size(); ++i) all[i] = consts[i];
  ExecContext ctx;
  ctx.program = &p;
  ctx.constants = all.data();
  ctx.constant_sink = sink;
  execute(ctx, w, nullptr);
}

Warp lanes_x(std::initializer_list<float> xs) {
  Warp w = warp_with({}, int(xs.size()));
  int l = 0;
  for (float x : xs) w.set_input(0, l++, Vec4{x, 0, 0, 0});
  return w;
}

TEST(ConstantReads, DirectOperandsOnceForAllLanesIndexedOnesPerLane) {
  // mova a0.x, v0.x; add r0, c5, c10[a0.x]; mov o0, r0
  Program p =
      program({ins(Op::Mova, a0(0x1), v(0, kX)),
               ins(Op::Add, rd(0), c(5), rel(c(10), RelAddr::A0, 0)), ins(Op::Mov, o(0), r(0))});
  Warp w = lanes_x({0, 1, 1, 3});
  Recorder sink;
  std::vector<Vec4> consts(16);
  consts[13] = {7, 7, 7, 7};
  run_with(p, w, &sink, consts);
  EXPECT_EQ(w.output_vec(0, 3), (Vec4{7, 7, 7, 7}));  // the values are unchanged by the hook
  const std::vector<Recorder::Read> want = {
      {1, 5, 0xF}, {1, 10, 0x1}, {1, 11, 0x2}, {1, 11, 0x4}, {1, 13, 0x8}};
  EXPECT_EQ(sink.reads, want);
  // Every instruction but the final end announces itself with the lanes that run it.
  const std::vector<std::pair<unsigned, uint64_t>> instrs = {{0, 0xF}, {1, 0xF}, {2, 0xF}};
  EXPECT_EQ(sink.instructions, instrs);
}

TEST(ConstantReads, LiteralsAndReadsOutsideTheFileAreNotReported) {
  // def c7; mov r0, c7; mova a0.x, v0.x; mov r1, c250[a0.x]; SM4 range c20..c23: mov o0, c20[a0.x]
  Src bounded = rel(c(20), RelAddr::A0, 0);
  bounded.rel_base = 20;
  bounded.rel_count = 4;
  Program p =
      program({ins(Op::Mov, rd(0), c(7)), ins(Op::Mova, a0(0x1), v(0, kX)),
               ins(Op::Mov, rd(1), rel(c(250), RelAddr::A0, 0)), ins(Op::Mov, o(0), bounded)});
  p.literal_constants.push_back({7, Vec4{1, 2, 3, 4}});
  Warp w = lanes_x({3, 6, -1});  // c253 | c256 (outside), c26 (outside the range)
  Recorder sink;
  run_with(p, w, &sink);
  const std::vector<Recorder::Read> want = {{2, 253, 0x1}, {2, 249, 0x4}, {3, 23, 0x1}};
  EXPECT_EQ(sink.reads, want);
  EXPECT_EQ(w.output_vec(0, 1), (Vec4{}));
}

TEST(ConstantReads, FlowConditionsAndTheMaskOfEachInstruction) {
  // if_lt v0.x, c2.x; mov o0, c0; else; mov o0, c1; endif
  Program p =
      program({with_cmp(flow(Op::Ifc, v(0, kX), c(2, kX)), CmpOp::Lt), ins(Op::Mov, o(0), c(0)),
               flow(Op::Else), ins(Op::Mov, o(0), c(1)), flow(Op::EndIf)});
  Warp w = lanes_x({-1, 2, -3, 4});
  Recorder sink;
  run_with(p, w, &sink);
  const std::vector<Recorder::Read> want = {{0, 2, 0xF}, {1, 0, 0xF}, {3, 1, 0xF}};
  EXPECT_EQ(sink.reads, want);
  // The then-side runs lanes 0 and 2, the else-side lanes 1 and 3: the sink keeps only the
  // reads of the lanes an instruction runs.
  const std::vector<std::pair<unsigned, uint64_t>> instrs = {
      {0, 0xF}, {1, 0x5}, {2, 0x5}, {3, 0xA}, {4, 0xA}};
  EXPECT_EQ(sink.instructions, instrs);
}

}  // namespace
}  // namespace gfx::func::test
