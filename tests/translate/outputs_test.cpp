// Pixel outputs beyond oC0 and indexed vertex outputs in the D3D9 -> ISA translation:
// oC1..oC3 land on o1..o3 and set Program::color_outputs, oDepth on o[kPixelDepthOutput]
// with writes_depth, vs_3_0 `o[aL]` becomes a loop-relative destination that the
// interpreter resolves per lane; every other relative destination is refused by name.
#include <gtest/gtest.h>

#include <string>

#include "common/error.h"
#include "d3d9/assembler.h"
#include "d3d9/translate.h"
#include "func/shader/interpreter.h"
#include "func/shader/warp.h"

namespace gfx::d3d9 {
namespace {

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

TEST(TranslateOutputs, ColorOutputsLandOnTheirOwnRegisters) {
  const func::Program p = tr("ps_2_0\ndef c0, 1, 0, 0, 1\nmov oC0, c0\nmov oC2, c0\n");
  ASSERT_EQ(p.code.size(), 3u);  // two movs and the end
  EXPECT_EQ(p.code[1].dst.file, RegFile::Output);
  EXPECT_EQ(p.code[1].dst.index, 2);
  EXPECT_EQ(p.color_outputs, 3);
  EXPECT_FALSE(p.writes_depth);
  EXPECT_EQ(tr("ps_2_0\ndef c0, 1, 0, 0, 1\nmov oC0, c0\n").color_outputs, 1);
}

TEST(TranslateOutputs, DepthOutputIsItsOwnRegister) {
  const func::Program p = tr("ps_3_0\ndef c0, 0.25, 0, 0, 1\nmov oC0, c0\nmov oDepth, c0.x\n");
  EXPECT_TRUE(p.writes_depth);
  EXPECT_EQ(p.code[1].dst.file, RegFile::Output);
  EXPECT_EQ(p.code[1].dst.index, func::kPixelDepthOutput);
  EXPECT_GT(p.num_outputs, func::kPixelDepthOutput);
}

TEST(TranslateOutputs, LoopIndexedVertexOutputsWriteThePerLaneRegister) {
  // o1..o3 are texcoords 0..2; the loop writes c[aL] to o[aL] for aL = 1, 2, 3.
  const func::Program p =
      tr("vs_3_0\ndefi i0, 3, 1, 1, 0\ndef c1, 1, 2, 3, 4\ndef c2, 5, 6, 7, 8\n"
         "def c3, 9, 10, 11, 12\ndcl_position v0\ndcl_position o0\ndcl_texcoord0 o1\n"
         "dcl_texcoord1 o2\ndcl_texcoord2 o3\nmov o0, v0\nloop aL, i0\nmov o[aL], c0[aL]\n"
         "endloop\n");
  const func::Instr* rel = nullptr;
  for (const func::Instr& in : p.code)
    if (in.dst.rel == func::RelAddr::Loop) rel = &in;
  ASSERT_NE(rel, nullptr);
  EXPECT_EQ(rel->dst.file, RegFile::Output);
  EXPECT_EQ(rel->dst.index, 0);
  EXPECT_EQ(func::disassemble(*rel), "mov o0[aL], c0[aL]");
  ASSERT_EQ(p.indexed_outputs.size(), 16u);
  EXPECT_EQ(p.indexed_outputs[0], 0);  // position
  EXPECT_EQ(p.indexed_outputs[2], 3);
  EXPECT_EQ(p.indexed_outputs[4], -1);

  func::Warp w;
  w.lanes = 2;
  w.live = 3;
  func::ExecContext ctx;
  ctx.program = &p;
  func::execute(ctx, w, nullptr);
  for (int lane = 0; lane < 2; ++lane) {
    EXPECT_EQ(w.output_vec(p.indexed_outputs[1], lane), (func::Vec4{1, 2, 3, 4}));
    EXPECT_EQ(w.output_vec(p.indexed_outputs[2], lane), (func::Vec4{5, 6, 7, 8}));
    EXPECT_EQ(w.output_vec(p.indexed_outputs[3], lane), (func::Vec4{9, 10, 11, 12}));
  }
}

TEST(TranslateOutputs, IndexPastTheDeclaredOutputsWritesNothing) {
  // aL = 2 selects o3, which is not declared: the write is dropped, o1 keeps its value.
  const func::Program p =
      tr("vs_3_0\ndefi i0, 1, 2, 1, 0\ndef c0, 7, 7, 7, 7\ndcl_position v0\ndcl_position o0\n"
         "dcl_texcoord0 o1\nmov o0, v0\nmov o1, v0\nloop aL, i0\nmov o1[aL], c0\nendloop\n");
  func::Warp w;
  w.lanes = 1;
  w.live = 1;
  w.set_input(0, 0, func::Vec4{1, 2, 3, 4});
  func::ExecContext ctx;
  ctx.program = &p;
  func::execute(ctx, w, nullptr);
  EXPECT_EQ(w.output_vec(p.indexed_outputs[1], 0), (func::Vec4{1, 2, 3, 4}));
  for (int r = 0; r < func::kMaxOutputs; ++r) {
    if (r == p.indexed_outputs[0] || r == p.indexed_outputs[1]) continue;
    EXPECT_EQ(w.output_vec(r, 0), (func::Vec4{0, 0, 0, 0})) << "o" << r;
  }
}

TEST(TranslateOutputs, RelativeDestinationsElsewhereAreRefused) {
  // Built by hand: the validator already refuses these, the translator must too.
  Shader s = parse_asm(
      "vs_3_0\ndcl_position v0\ndcl_position o0\nmova a0.x, v0.x\nmov r1, v0\n"
      "mov o0, v0\n");
  for (Instruction& ins : s.instructions)
    if (ins.op == Opcode::Mov && ins.dst.type == RegType::Temp) {
      ins.dst.relative = true;
      ins.dst.rel.type = RegType::Addr;
    }
  try {
    translate(s, "test");
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("test (vs_3_0): token"), std::string::npos) << msg;
    EXPECT_NE(msg.find("only for vs_3_0 o# registers"), std::string::npos) << msg;
  }
  for (Instruction& ins : s.instructions)
    if (ins.op == Opcode::Mov && ins.dst.type == RegType::Output) {
      ins.dst.relative = true;
      ins.dst.rel.type = RegType::Addr;
    }
  for (Instruction& ins : s.instructions)
    if (ins.dst.type == RegType::Temp) ins.dst.relative = false;
  try {
    translate(s, "test");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("relative to aL"), std::string::npos) << e.what();
  }
}

TEST(TranslateOutputs, OutOfRangeColourOutputIsNamed) {
  EXPECT_NE(error_of("ps_3_0\ndef c0, 1, 0, 0, 1\nmov oC4, c0\n").find("oC4"), std::string::npos);
}

}  // namespace
}  // namespace gfx::d3d9

namespace gfx::d3d9 {
namespace {

int output_of(const func::Program& p, func::Varying v) {
  for (const func::OutputBinding& b : p.outputs)
    if (b.varying == v) return b.reg;
  return -1;
}

// Wine's visual.c test_uninitialized_varyings: a vs_1_1 / vs_2_0 that writes only oPos reads
// back white through oD0, one that writes only oD0.x gives 0.5 in red and 1 elsewhere. So
// the channels of oD0 no instruction writes are marked to read 1, and oD0 is an output even
// when the shader never names it.
TEST(TranslateOutputs, UnwrittenDiffuseChannelsReadOne) {
  const func::Program none = tr("vs_1_1\ndcl_position v0\nmov oPos, v0\n");
  EXPECT_EQ(none.color0_ones, 0xF);
  EXPECT_GE(output_of(none, func::Varying::Color0), 0);
  EXPECT_EQ(output_of(none, func::Varying::Color1), -1);  // oD1 keeps 0: no binding
  const func::Program x =
      tr("vs_2_0\ndef c0, 0.5, 0.5, 0.5, 0.5\ndcl_position v0\n"
         "mov oPos, v0\nmov oD0.x, c0\nmov oD1.x, c0\n");
  EXPECT_EQ(x.color0_ones, 0xE);
  const func::Program all =
      tr("vs_2_0\ndef c0, 0.5, 0.5, 0.5, 0.5\ndcl_position v0\nmov oPos, v0\n"
         "mov oD0.xy, c0\nmov oD0.zw, c0\n");
  EXPECT_EQ(all.color0_ones, 0);
  // vs_3_0 outputs are declared: no default.
  EXPECT_EQ(tr("vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0\n").color0_ones, 0);
}

// A ps_3_0 (or ps_2_x) shader that writes no oC0 leaves render target 0 unchanged.
TEST(TranslateOutputs, PixelShaderWithoutOc0WritesNoColour) {
  EXPECT_TRUE(tr("ps_3_0\ndef c0, 1, 0, 0, 1\nmov oC0, c0\n").writes_color0);
  EXPECT_TRUE(tr("ps_3_0\ndef c0, 1, 0, 0, 1\nmov oC0.x, c0\n").writes_color0);
  EXPECT_FALSE(tr("ps_3_0\ndef c0, 0.5, 0, 0, 1\nmov oDepth, c0.x\n").writes_color0);
  EXPECT_FALSE(tr("ps_3_0\ndef c0, 1, 0, 0, 1\nmov oC1, c0\n").writes_color0);
}

}  // namespace
}  // namespace gfx::d3d9
