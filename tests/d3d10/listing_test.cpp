// Disassembly of a few golden arrays against listings written from their HLSL (and in
// the form fxc prints them), so the text syntax is pinned, not only its round trip.
#include <gtest/gtest.h>

#include "d3d10/container.h"
#include "d3d10/disassembler.h"
#include "test_util.h"

namespace gfx::d3d10 {
namespace {

std::string listing(const std::string& name) {
  return disassemble(read_container(test::load_golden(name), {name}).program);
}

TEST(Listing, PassThroughVertexShader) {
  EXPECT_EQ(listing("vs_quad"),
            "vs_4_0\n"
            "dcl_input v0.xyzw\n"
            "dcl_output_siv o0.xyzw, position\n"
            "mov o0.xyzw, v0.xyzw\n"
            "ret\n");
}

TEST(Listing, MatrixTransformReadsFiveConstants) {
  EXPECT_EQ(listing("vs_create_shader"),
            "vs_4_0\n"
            "dcl_constantbuffer cb0[5], immediateIndexed\n"
            "dcl_input v0.xyzw\n"
            "dcl_input v1.xyz\n"
            "dcl_output o0.xyzw\n"
            "dcl_output o1.xyzw\n"
            "dp4 o0.x, v0.xyzw, cb0[1].xyzw\n"
            "dp4 o0.y, v0.xyzw, cb0[2].xyzw\n"
            "dp4 o0.z, v0.xyzw, cb0[3].xyzw\n"
            "dp4 o0.w, v0.xyzw, cb0[4].xyzw\n"
            "dp3 o1.xyzw, cb0[0].xyzx, v1.xyzx\n"
            "ret\n");
}

TEST(Listing, SamplingPixelShader) {
  EXPECT_EQ(listing("ps_swapchain_flip"),
            "ps_4_0\n"
            "dcl_sampler s0, mode_default\n"
            "dcl_resource_texture2d (float,float,float,float) t0\n"
            "dcl_resource_texture2d (float,float,float,float) t1\n"
            "dcl_input_ps_siv linear noperspective v0.x, position\n"
            "dcl_output o0.xyzw\n"
            "dcl_temps 1\n"
            "lt r0.x, v0.x, l(320.000000)\n"
            "if_nz r0.x\n"
            "sample o0.xyzw, l(0.500000, 0.500000, 0.000000, 0.000000), t0.xyzw, s0\n"
            "ret\n"
            "endif\n"
            "sample o0.xyzw, l(0.500000, 0.500000, 0.000000, 0.000000), t1.xyzw, s0\n"
            "ret\n");
}

TEST(Listing, IntegerLoopWithBreakcZ) {
  EXPECT_EQ(listing("ps_breakc_z"),
            "ps_4_0\n"
            "dcl_output o0.xyzw\n"
            "dcl_temps 2\n"
            "mov r0.xyz, l(0, 0, 254, 0)\n"
            "loop\n"
            "ilt r0.w, r0.y, l(255)\n"
            "ige r1.x, r0.z, l(0)\n"
            "and r0.w, r0.w, r1.x\n"
            "breakc_z r0.w\n"
            "iadd r0.xyz, r0.xyzx, l(1, 1, -1, 0)\n"
            "endloop\n"
            "ieq r0.x, r0.x, l(255)\n"
            "if_nz r0.x\n"
            "mov o0.xyzw, l(0, 1.000000, 0, 1.000000)\n"
            "ret\n"
            "else\n"
            "mov o0.xyzw, l(1.000000, 0, 0, 1.000000)\n"
            "ret\n"
            "endif\n"
            "ret\n");
}

TEST(Listing, GeometryShaderDeclarationsAndRelativeVertexIndex) {
  EXPECT_EQ(listing("gs_layered"),
            "gs_4_0\n"
            "dcl_constantbuffer cb0[1], immediateIndexed\n"
            "dcl_input_siv v[3][0].xyzw, position\n"
            "dcl_temps 1\n"
            "dcl_inputprimitive triangle\n"
            "dcl_outputtopology trianglestrip\n"
            "dcl_output_siv o0.xyzw, position\n"
            "dcl_output_siv o1.x, rendertarget_array_index\n"
            "dcl_maxout 12\n"
            "mov r0.x, l(0)\n"
            "loop\n"
            "uge r0.y, r0.x, l(4)\n"
            "breakc_nz r0.y\n"
            "iadd r0.y, cb0[0].x, r0.x\n"
            "mov r0.z, l(0)\n"
            "loop\n"
            "uge r0.w, r0.z, l(3)\n"
            "breakc_nz r0.w\n"
            "mov o0.xyzw, v[r0.z][0].xyzw\n"
            "mov o1.x, r0.y\n"
            "emit\n"
            "iadd r0.z, r0.z, l(1)\n"
            "endloop\n"
            "cut\n"
            "iadd r0.x, r0.x, l(1)\n"
            "endloop\n"
            "ret\n");
}

TEST(Listing, NegateModifierAndFloatImmediates) {
  const std::string text = listing("gs_create_shader");
  EXPECT_NE(text.find("mad r0.xy, -v[0][0].wwww, l(0.100000, 0.100000, 0.000000, 0.000000), "
                      "v[0][0].xyxx\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("dcl_inputprimitive point\n"), std::string::npos);
}

}  // namespace
}  // namespace gfx::d3d10
