// Flow control with per-lane execution masks: divergent if/else, loops with aL-relative
// constant reads, rep with break/breakc/breakp, call/callnz/ret, the execution record and
// malformed structure.
#include <gtest/gtest.h>

#include "common/error.h"
#include "func/shader/disasm.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

constexpr uint8_t kX = 0x00;

Warp lanes_x(std::initializer_list<float> xs) {
  Warp w = warp_with({}, int(xs.size()));
  int l = 0;
  for (float x : xs) w.set_input(0, l++, Vec4{x, 0, 0, 0});
  return w;
}

TEST(Flow, DivergentIfElseLanesTakeTheirOwnPath) {
  // if_lt v0.x, c2.x; mov o0, c0; else; mov o0, c1; endif
  Program p =
      program({with_cmp(flow(Op::Ifc, v(0, kX), c(2, kX)), CmpOp::Lt), ins(Op::Mov, o(0), c(0)),
               flow(Op::Else), ins(Op::Mov, o(0), c(1)), flow(Op::EndIf)});
  Warp w = lanes_x({-1, 2, -3, 4, 0});
  std::vector<OpClass> rec;
  run(p, w, {{1, 1, 1, 1}, {2, 2, 2, 2}, {0, 0, 0, 0}}, nullptr, nullptr, &rec);
  const float want[5] = {1, 2, 1, 2, 2};
  for (int l = 0; l < 5; ++l) EXPECT_EQ(w.output_vec(0, l).x, want[l]) << "lane " << l;
  EXPECT_EQ(rec.size(), 5u);  // both sides issue for a divergent warp
}

TEST(Flow, UniformlyFalseIfIsBranchedOver) {
  Program p = program(
      {flow(Op::If, bconst(3)), ins(Op::Mov, o(0), c(0)), flow(Op::EndIf), ins(Op::End, Dst{})});
  Warp w = warp_with({}, 4);
  std::vector<OpClass> rec;
  run_flow(p, w, {{5, 5, 5, 5}}, {}, {false, false, false, false}, &rec);
  EXPECT_EQ(w.output_vec(0, 0), (Vec4{}));
  EXPECT_EQ(rec, (std::vector<OpClass>{OpClass::Flow, OpClass::Flow, OpClass::Flow}));
  rec.clear();
  Warp w2 = warp_with({}, 4);
  run_flow(p, w2, {{5, 5, 5, 5}}, {}, {false, false, false, true}, &rec);
  EXPECT_EQ(w2.output_vec(0, 3), (Vec4{5, 5, 5, 5}));
  EXPECT_EQ(rec.size(), 4u);
}

TEST(Flow, IfOnPredicateAndElseWhenNoLaneTakesThen) {
  // setp_gt p0.x, v0.x, c0.x; if !p0.x; mov o0, c1; else; mov o0, c2; endif
  Program p = program({with_cmp(ins(Op::Setp, pd(0x1), v(0), c(0)), CmpOp::Gt),
                       flow(Op::If, p0(0, true)), ins(Op::Mov, o(0), c(1)), flow(Op::Else),
                       ins(Op::Mov, o(0), c(2)), flow(Op::EndIf)});
  Warp w = lanes_x({1, 2});
  std::vector<OpClass> rec;
  run(p, w, {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}}, nullptr, nullptr, &rec);
  EXPECT_EQ(w.output_vec(0, 0).x, 2.0f);
  EXPECT_EQ(w.output_vec(0, 1).x, 2.0f);
  // setp, if (skips to else), else, mov, endif: the then-side mov is not issued.
  EXPECT_EQ(rec.size(), 5u);
}

TEST(Flow, LoopReadsConstantsRelativeToAL) {
  // loop aL, i0 (3 iterations from 2, step 1): add r0, r0, c0[aL]
  Program p =
      program({flow(Op::Loop, iconst(0)), ins(Op::Add, rd(0), r(0), rel(c(0), RelAddr::Loop)),
               flow(Op::EndLoop), ins(Op::Mov, o(0), r(0))});
  Warp w = warp_with({}, 3);
  std::vector<OpClass> rec;
  run_flow(p, w, {{}, {}, {1, 1, 1, 1}, {10, 10, 10, 10}, {100, 100, 100, 100}}, {{3, 2, 1, 0}}, {},
           &rec);
  EXPECT_EQ(w.output_vec(0, 2), (Vec4{111, 111, 111, 111}));
  EXPECT_EQ(rec.size(), 1u + 3 * 2 + 1);
}

TEST(Flow, RecordLengthGrowsWithTheIterationCount) {
  Program p = program({flow(Op::Rep, iconst(1)), ins(Op::Add, rd(0), r(0), c(0)),
                       ins(Op::Mul, rd(1), r(0), r(0)), flow(Op::EndRep), ins(Op::End, Dst{})});
  for (int n : {0, 1, 7}) {
    Warp w = warp_with({}, 4);
    std::vector<OpClass> rec;
    run_flow(p, w, {{1, 1, 1, 1}}, {{}, {n, 0, 0, 0}}, {}, &rec);
    EXPECT_EQ(rec.size(), size_t(1 + 3 * n + 1)) << n << " iterations";
    EXPECT_EQ(w.temp(0, 0)[0], float(n));
  }
}

TEST(Flow, LoopCountIsClampedTo255) {
  Program p = program({flow(Op::Rep, iconst(0)), ins(Op::Add, o(0), r(0), c(0)),
                       ins(Op::Add, rd(0), r(0), c(0)), flow(Op::EndRep)});
  Warp w = warp_with({}, 1);
  run_flow(p, w, {{1, 1, 1, 1}}, {{100000, 0, 0, 0}}, {});
  EXPECT_EQ(w.output_vec(0, 0).x, 255.0f);
  Warp n = warp_with({}, 1);
  run_flow(p, n, {{1, 1, 1, 1}}, {{-5, 0, 0, 0}}, {});
  EXPECT_EQ(n.output_vec(0, 0).x, 0.0f);
}

TEST(Flow, NestedLoopsRestoreTheOuterAL) {
  Program p =
      program({flow(Op::Loop, iconst(0)), ins(Op::Add, rd(1), r(1), rel(c(10), RelAddr::Loop)),
               flow(Op::Loop, iconst(1)), ins(Op::Add, rd(0), r(0), rel(c(0), RelAddr::Loop)),
               flow(Op::EndLoop), ins(Op::Add, rd(2), r(2), rel(c(10), RelAddr::Loop)),
               flow(Op::EndLoop), ins(Op::Mov, o(0, 0x1), r(0)), ins(Op::Mov, o(0, 0x2), r(1)),
               ins(Op::Mov, o(0, 0x4), r(2))});
  std::vector<Vec4> consts(12);
  consts[0] = {1, 1, 1, 1};
  consts[1] = {2, 2, 2, 2};
  consts[2] = {3, 3, 3, 3};
  consts[10] = {100, 100, 100, 100};
  consts[11] = {1000, 1000, 1000, 1000};
  Warp w = warp_with({}, 2);
  std::vector<OpClass> rec;
  run_flow(p, w, consts, {{2, 0, 1, 0}, {3, 0, 1, 0}}, {}, &rec);
  EXPECT_EQ(w.output_vec(0, 1), (Vec4{12, 1100, 1100, 0}));
  // loop + 2 * (add + loop + 3 * (add + endloop) + add + endloop) + 3 movs
  EXPECT_EQ(rec.size(), 1u + 2 * (1 + 1 + 3 * 2 + 1 + 1) + 3);
}

TEST(Flow, RepWithBreakcStopsEachLaneAtItsThreshold) {
  // rep i0 (10): add r0, r0, c0; break_ge r0.x, v0.x; endrep
  Program p = program({flow(Op::Rep, iconst(0)), ins(Op::Add, rd(0), r(0), c(0)),
                       with_cmp(flow(Op::Breakc, r(0, kX), v(0, kX)), CmpOp::Ge), flow(Op::EndRep),
                       ins(Op::Mov, o(0), r(0))});
  Warp w = lanes_x({3, 1, 5, 100});
  std::vector<OpClass> rec;
  run_flow(p, w, {{1, 1, 1, 1}}, {{10, 0, 0, 0}}, {}, &rec);
  const float want[4] = {3, 1, 5, 10};
  for (int l = 0; l < 4; ++l) EXPECT_EQ(w.output_vec(0, l).x, want[l]) << "lane " << l;
  EXPECT_EQ(rec.size(), 1u + 10 * 3 + 1);  // lane 3 keeps the loop going all 10 times
}

TEST(Flow, BreakInsideIfLeavesOnlyThoseLanes) {
  // rep i0: add r0, r0, c0; if_ge r0.x, v0.x; break; endif; endrep
  Program p = program({flow(Op::Rep, iconst(0)), ins(Op::Add, rd(0), r(0), c(0)),
                       with_cmp(flow(Op::Ifc, r(0, kX), v(0, kX)), CmpOp::Ge), flow(Op::Break),
                       flow(Op::EndIf), ins(Op::Add, rd(1), r(1), c(0)), flow(Op::EndRep),
                       ins(Op::Mov, o(0, 0x1), r(0)), ins(Op::Mov, o(0, 0x2), r(1))});
  Warp w = lanes_x({2, 4});
  std::vector<OpClass> rec;
  run_flow(p, w, {{1, 1, 1, 1}}, {{3, 0, 0, 0}}, {}, &rec);
  EXPECT_EQ(w.output_vec(0, 0), (Vec4{2, 1, 0, 0}));
  EXPECT_EQ(w.output_vec(0, 1), (Vec4{3, 3, 0, 0}));
}

TEST(Flow, UniformBreakEndsTheLoopAtOnce) {
  Program p =
      program({flow(Op::Rep, iconst(0)), ins(Op::Add, rd(0), r(0), c(0)), flow(Op::Break),
               ins(Op::Add, rd(0), r(0), c(0)), flow(Op::EndRep), ins(Op::Mov, o(0), r(0))});
  Warp w = warp_with({}, 4);
  std::vector<OpClass> rec;
  run_flow(p, w, {{1, 1, 1, 1}}, {{5, 0, 0, 0}}, {}, &rec);
  EXPECT_EQ(w.output_vec(0, 0).x, 1.0f);
  // rep, add, break, (skip) endrep, mov
  EXPECT_EQ(rec.size(), 5u);
}

TEST(Flow, BreakpUsesThePredicate) {
  Program p = program({with_cmp(ins(Op::Setp, pd(0x1), v(0), c(1)), CmpOp::Gt),
                       flow(Op::Rep, iconst(0)), ins(Op::Add, rd(0), r(0), c(0)),
                       flow(Op::Breakp, p0(0)), flow(Op::EndRep), ins(Op::Mov, o(0), r(0))});
  Warp w = lanes_x({1, -1});
  run_flow(p, w, {{1, 1, 1, 1}, {0, 0, 0, 0}}, {{4, 0, 0, 0}}, {});
  EXPECT_EQ(w.output_vec(0, 0).x, 1.0f);
  EXPECT_EQ(w.output_vec(0, 1).x, 4.0f);
}

TEST(Flow, CallAndRet) {
  // call l2; call l2; mov o0, r0; ret; label l2; add r0, r0, c0; ret
  Program p = program({label_op(Op::Call, 2), label_op(Op::Call, 2), ins(Op::Mov, o(0), r(0)),
                       flow(Op::Ret), label_op(Op::Label, 2), ins(Op::Add, rd(0), r(0), c(0)),
                       flow(Op::Ret)});
  Warp w = warp_with({}, 2);
  std::vector<OpClass> rec;
  run(p, w, {{1, 1, 1, 1}}, nullptr, nullptr, &rec);
  EXPECT_EQ(w.output_vec(0, 1), (Vec4{2, 2, 2, 2}));
  EXPECT_EQ(rec.size(), 2u * 3 + 2);  // 2 * (call, add, ret) + mov + ret
}

TEST(Flow, CallnzOnBoolAndPredicate) {
  Program p = program({label_op(Op::Callnz, 0, bconst(1)),
                       with_cmp(ins(Op::Setp, pd(0x1), v(0), c(1)), CmpOp::Lt),
                       label_op(Op::Callnz, 0, p0(0)), ins(Op::Mov, o(0), r(0)), flow(Op::Ret),
                       label_op(Op::Label, 0), ins(Op::Add, rd(0), r(0), c(0)), flow(Op::Ret)});
  Warp w = lanes_x({-1, 1});
  run_flow(p, w, {{1, 1, 1, 1}, {0, 0, 0, 0}}, {}, {false, true});
  EXPECT_EQ(w.output_vec(0, 0).x, 2.0f);  // bool call + predicated call
  EXPECT_EQ(w.output_vec(0, 1).x, 1.0f);  // bool call only
  Warp w2 = lanes_x({-1, 1});
  run_flow(p, w2, {{1, 1, 1, 1}, {0, 0, 0, 0}}, {}, {false, false});
  EXPECT_EQ(w2.output_vec(0, 0).x, 1.0f);
  EXPECT_EQ(w2.output_vec(0, 1).x, 0.0f);
}

TEST(Flow, DivergentRetInsideASubroutine) {
  // label l1: if_lt v0.x, c1.x; ret; endif; add r0, r0, c0; ret
  Program p =
      program({label_op(Op::Call, 1), ins(Op::Add, rd(1), r(1), c(0)),
               ins(Op::Mov, o(0, 0x1), r(0)), ins(Op::Mov, o(0, 0x2), r(1)), flow(Op::Ret),
               label_op(Op::Label, 1), with_cmp(flow(Op::Ifc, v(0, kX), c(1, kX)), CmpOp::Lt),
               flow(Op::Ret), flow(Op::EndIf), ins(Op::Add, rd(0), r(0), c(0)), flow(Op::Ret)});
  Warp w = lanes_x({-1, 1});
  run(p, w, {{1, 1, 1, 1}, {0, 0, 0, 0}});
  EXPECT_EQ(w.output_vec(0, 0), (Vec4{0, 1, 0, 0}));  // returned early, back in main
  EXPECT_EQ(w.output_vec(0, 1), (Vec4{1, 1, 0, 0}));
}

TEST(Flow, PreparedAndUnpreparedProgramsAgree) {
  Program p = program({flow(Op::Rep, iconst(0)), ins(Op::Add, rd(0), r(0), c(0)), flow(Op::EndRep),
                       ins(Op::Mov, o(0), r(0))});
  p.literal_int_constants = {{0, Int4{3, 0, 0, 0}}};
  Warp a = warp_with({}, 1);
  run(p, a, {{1, 1, 1, 1}});
  prepare_flow(p);
  ASSERT_EQ(p.flow_links.size(), p.code.size());
  EXPECT_EQ(p.flow_links[0], 2u);  // rep -> endrep
  Warp b = warp_with({}, 1);
  run(p, b, {{1, 1, 1, 1}});
  EXPECT_EQ(a.output_vec(0, 0), (Vec4{3, 3, 3, 3}));
  EXPECT_EQ(b.output_vec(0, 0), a.output_vec(0, 0));
}

TEST(Flow, MalformedStructureIsAnError) {
  const std::vector<std::vector<Instr>> bad = {
      {flow(Op::Else)},
      {flow(Op::If, bconst(0))},
      {flow(Op::EndLoop)},
      {flow(Op::Rep, iconst(0)), flow(Op::EndLoop)},
      {flow(Op::Break)},
      {label_op(Op::Call, 7)},
      {flow(Op::If, bconst(0)), label_op(Op::Label, 0), flow(Op::EndIf)},
  };
  for (const auto& code : bad) {
    Program p = program({});
    p.code = code;
    EXPECT_THROW(prepare_flow(p), Error) << disassemble(p);
    Warp w = warp_with({}, 1);
    EXPECT_THROW(run(p, w), Error) << disassemble(p);
  }
}

TEST(Flow, RunawayRecursionIsAnError) {
  Program p = program({label_op(Op::Call, 0), flow(Op::Ret), label_op(Op::Label, 0),
                       label_op(Op::Call, 0), flow(Op::Ret)});
  Warp w = warp_with({}, 1);
  EXPECT_THROW(run(p, w), Error);
}

TEST(Flow, TooManyIssuedInstructionsIsAnError) {
  // 255^3 iterations would issue about 50 million instructions: stopped at kMaxIssued.
  Program p = program({flow(Op::Rep, iconst(0)), flow(Op::Rep, iconst(0)), flow(Op::Rep, iconst(0)),
                       ins(Op::Nop, Dst{}), flow(Op::EndRep), flow(Op::EndRep), flow(Op::EndRep)});
  Warp w = warp_with({}, 1);
  EXPECT_THROW(run_flow(p, w, {}, {{255, 0, 0, 0}}, {}), Error);
}

TEST(Flow, ConditionOperandsAreChecked) {
  Warp w = warp_with({}, 1);
  EXPECT_THROW(run(program({flow(Op::If, c(0)), flow(Op::EndIf)}), w), Error);
  EXPECT_THROW(run(program({flow(Op::Rep, c(0)), flow(Op::EndRep)}), w), Error);
  EXPECT_THROW(
      run(program({flow(Op::Rep, iconst(0)), flow(Op::Breakp, bconst(0)), flow(Op::EndRep)}), w),
      Error);
}

TEST(Flow, Disassembly) {
  EXPECT_EQ(disassemble(with_cmp(flow(Op::Ifc, v(0, kX), c(2, 0xAA)), CmpOp::Lt)),
            "if_lt v0.x, c2.z");
  EXPECT_EQ(disassemble(flow(Op::Loop, iconst(1))), "loop aL, i1");
  EXPECT_EQ(disassemble(label_op(Op::Callnz, 3, p0(1, true))), "callnz l3, !p0.y");
  EXPECT_EQ(disassemble(flow(Op::EndRep)), "endrep");
  EXPECT_EQ(disassemble(predicated(ins(Op::Add, rd(0, 0x3), rel(c(4), RelAddr::A0, 2), r(1)),
                                   swizzle(0, 0, 0, 0), true)),
            "(!p0.x) add r0.xy, c4[a0.z], r1");
  EXPECT_EQ(disassemble(with_cmp(ins(Op::Setp, pd(0x1), v(0), c(0)), CmpOp::Ge)),
            "setp_ge p0.x, v0, c0");
  EXPECT_EQ(disassemble(ins(Op::Mova, a0(0x1), rel(r(1), RelAddr::Loop))), "mova a0.x, r1[aL]");
  Instr texd = tex(o(0), v(0), 2);
  texd.tex_mode = TexMode::Grad;
  texd.src[1] = v(1);
  texd.src[2] = v(2);
  EXPECT_EQ(disassemble(texd), "texldd o0, v0, v1, v2, s2");
  Program p = program({label_op(Op::Label, 4)});
  p.literal_int_constants = {{1, Int4{3, 0, 1, 0}}};
  p.literal_bool_constants = {{2, true}};
  EXPECT_NE(disassemble(p).find("defi i1, 3, 0, 1, 0\ndefb b2, true\n"), std::string::npos);
  EXPECT_NE(disassemble(p).find("label l4\n"), std::string::npos);
}

}  // namespace
}  // namespace gfx::func::test
