// Flow control, predication and relative addressing through the translator, checked both
// as translated instructions and by running the result in the interpreter on one lane.
#include <gtest/gtest.h>

#include <string>

#include "common/error.h"
#include "d3d9/assembler.h"
#include "d3d9/translate.h"
#include "func/shader/interpreter.h"

namespace gfx::d3d9 {
namespace {

using func::Op;
using func::RegFile;

func::Program tr(const std::string& text) { return translate(parse_asm(text), "flow"); }

// Runs a vertex program on one lane with v0 = `in` and draw constants `c`; returns o0.
func::Vec4 run_vs(const func::Program& p, func::Vec4 in = {0, 0, 0, 0},
                  const std::vector<func::Vec4>& c = {}) {
  std::vector<func::Vec4> consts(256, func::Vec4{0, 0, 0, 0});
  for (size_t i = 0; i < c.size(); ++i) consts[i] = c[i];
  func::Warp w;
  w.lanes = 1;
  w.live = 1;
  w.set_input(0, 0, in);
  func::ExecContext ctx;
  ctx.program = &p;
  ctx.constants = consts.data();
  func::execute(ctx, w, nullptr);
  return w.output_vec(0, 0);
}

TEST(TranslateFlow, LoopTakesItsIntConstantAndLinksAreResolved) {
  const func::Program p =
      tr("vs_3_0\ndefi i2, 3, 0, 1, 0\ndcl_position o0\n"
         "mov r0, c0\nloop aL, i2\nadd r0, r0, c1[aL]\nendloop\nmov o0, r0\n");
  ASSERT_EQ(p.code[1].op, Op::Loop);
  EXPECT_EQ(p.code[1].src[0].file, RegFile::ConstInt);
  EXPECT_EQ(p.code[1].src[0].index, 2);
  EXPECT_EQ(p.code[2].src[1].rel, func::RelAddr::Loop);
  EXPECT_EQ(p.code[3].op, Op::EndLoop);
  EXPECT_EQ(p.flow_links.size(), p.code.size());
  // r0 = c1 + c2 + c3 (aL = 0, 1, 2).
  const func::Vec4 o = run_vs(p, {}, {{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 0, 0, 0}, {4, 0, 0, 1}});
  EXPECT_EQ(o[0], 7.0f);
  EXPECT_EQ(o[3], 1.0f);
}

TEST(TranslateFlow, NestedRepAndIfcRun) {
  const func::Program p =
      tr("vs_2_x\ndefi i0, 3, 0, 0, 0\ndefi i1, 4, 0, 0, 0\n"
         "def c10, 1, 0, 0, 0\ndcl_position v0\nmov r0, c0\n"
         "rep i0\nrep i1\nadd r0, r0, c10\nendrep\nendrep\n"
         "if_gt r0.x, c11.x\nmov r0.y, c10.x\nelse\nmov r0.z, c10.x\nendif\n"
         "mov oPos, r0\n");
  EXPECT_EQ(p.code[1].op, Op::Rep);
  EXPECT_EQ(p.code[6].op, Op::Ifc);
  EXPECT_EQ(p.code[6].cmp, func::CmpOp::Gt);
  const func::Vec4 o = run_vs(p, {}, std::vector<func::Vec4>(12, func::Vec4{0, 0, 0, 0}));
  EXPECT_EQ(o[0], 12.0f);
  EXPECT_EQ(o[1], 1.0f);
  EXPECT_EQ(o[2], 0.0f);
}

TEST(TranslateFlow, PredicationSetpBreakpAndIfPredicate) {
  const func::Program p =
      tr("vs_2_x\ndef c0, 1, 2, 0, 0\ndcl_position v0\n"
         "setp_lt p0, c0.xxyy, c0.yxxy\n(p0.x) mov r0.x, c0.y\n"
         "(!p0.y) mov r0.y, c0.y\nif !p0.y\nmov r0.z, c0.x\nendif\n"
         "mov oPos, r0\n");
  EXPECT_EQ(p.code[0].op, Op::Setp);
  EXPECT_EQ(p.code[0].cmp, func::CmpOp::Lt);
  EXPECT_EQ(p.code[0].dst.file, RegFile::Pred);
  EXPECT_TRUE(p.code[1].pred.enabled);
  EXPECT_FALSE(p.code[1].pred.negate);
  EXPECT_TRUE(p.code[2].pred.negate);
  EXPECT_EQ(p.code[3].op, Op::If);
  EXPECT_EQ(p.code[3].src[0].file, RegFile::Pred);
  EXPECT_TRUE(p.code[3].src[0].negate);
  // p0 = (1<2, 1<1, 2<1, 2<2) = (T, F, F, F).
  const func::Vec4 o = run_vs(p);
  EXPECT_EQ(o[0], 2.0f);
  EXPECT_EQ(o[1], 2.0f);
  EXPECT_EQ(o[2], 1.0f);
}

TEST(TranslateFlow, CallLabelAndCallnzBool) {
  const func::Program p =
      tr("vs_2_0\ndefb b3, true\ndef c0, 1, 0, 0, 0\ndcl_position v0\n"
         "mov r0, c1\ncall l2\ncallnz l2, b3\nmov oPos, r0\nret\n"
         "label l2\nadd r0, r0, c0\nret\n");
  EXPECT_EQ(p.code[1].op, Op::Call);
  EXPECT_EQ(p.code[1].label, 2);
  EXPECT_EQ(p.code[2].op, Op::Callnz);
  EXPECT_EQ(p.code[2].src[0].file, RegFile::ConstBool);
  EXPECT_EQ(p.code[2].src[0].index, 3);
  EXPECT_EQ(p.code[5].op, Op::Label);
  EXPECT_EQ(run_vs(p)[0], 2.0f);
}

TEST(TranslateFlow, M4x4RunsAsAMatrixProduct) {
  const func::Program p = tr("vs_2_0\ndcl_position v0\nm4x4 oPos, v0, c0\n");
  // Rows c0..c3: o = (dot(v, c0), dot(v, c1), ...).
  const func::Vec4 o =
      run_vs(p, {1, 2, 3, 1}, {{1, 0, 0, 5}, {0, 2, 0, 0}, {0, 0, 3, 0}, {1, 1, 1, 1}});
  EXPECT_EQ(o[0], 6.0f);
  EXPECT_EQ(o[1], 4.0f);
  EXPECT_EQ(o[2], 9.0f);
  EXPECT_EQ(o[3], 7.0f);
}

TEST(TranslateFlow, SincosRunsWithTheTwoXForm) {
  const func::Program p =
      tr("vs_2_0\ndef c0, 0, 0, 0, 0\ndcl_position v0\n"
         "sincos r0.xy, c0.x, c1, c2\nmov oPos, r0\n");
  const func::Vec4 o = run_vs(p);
  EXPECT_EQ(o[0], 1.0f);  // cos 0
  EXPECT_EQ(o[1], 0.0f);  // sin 0
}

}  // namespace
}  // namespace gfx::d3d9
