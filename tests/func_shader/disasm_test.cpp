// Text form of instructions and programs.
#include "func/shader/disasm.h"

#include <gtest/gtest.h>

#include "func/shader/fixed_function.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

TEST(Disasm, InstructionModifiers) {
  Instr mad =
      ins(Op::Mad, dst(RegFile::Temp, 0, 0x3, true),
          src(RegFile::Input, 1, swizzle(1, 0, 2, 3), true, true), c(8, swizzle(1, 1, 1, 1)), r(2));
  EXPECT_EQ(disassemble(mad), "mad_sat r0.xy, -v1_abs.yxzw, c8.y, r2");
  EXPECT_EQ(disassemble(ins(Op::Rcp, o(1, 0x8), v(0, swizzle(3, 3, 3, 3)))), "rcp o1.w, v0.w");
  EXPECT_EQ(disassemble(tex(rd(2), v(1), 5)), "tex r2, v1, s5");
  EXPECT_EQ(disassemble(ins(Op::End, Dst{})), "end");
  EXPECT_EQ(disassemble(ins(Op::Mov, o(0, 0x0), v(0))), "mov o0.-, v0");
}

TEST(Disasm, FixedFunctionPrograms) {
  EXPECT_EQ(disassemble(make_ff_pixel_program(true)),
            "; ff_ps[diffuse*tex0] (pixel) temps 1, inputs 2, outputs 1\n"
            "dcl_color0 v0\n"
            "dcl_texcoord0 v1\n"
            "tex r0, v1, s0\n"
            "mul_sat o0, r0, v0\n"
            "end\n");
  api::VertexDeclaration decl;
  decl.elements.resize(2);
  decl.elements[1].usage = api::DeclUsage::TexCoord;
  decl.elements[1].usage_index = 1;
  EXPECT_EQ(disassemble(make_ff_vertex_program(decl)),
            "; ff_vs[pos,white,tex1] (vertex) temps 0, inputs 2, outputs 3\n"
            "def c4, 1, 1, 1, 1\n"
            "dcl_position0 v0\n"
            "dcl_texcoord1 v1\n"
            "dcl_position o0\n"
            "dcl_color0 o1\n"
            "dcl_texcoord1 o2\n"
            "dp4 o0.x, v0, c0\n"
            "dp4 o0.y, v0, c1\n"
            "dp4 o0.z, v0, c2\n"
            "dp4 o0.w, v0, c3\n"
            "mov o1, c4\n"
            "mov o2, v1\n"
            "end\n");
}

}  // namespace
}  // namespace gfx::func::test
