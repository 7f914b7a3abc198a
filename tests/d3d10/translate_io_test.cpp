// SM4 -> ISA translation (d3d10/translate.h): register bindings through the signatures and
// declarations, constant buffers, system values, flow control, discard, sampling, fxc's
// golden shaders, and the located errors for what is not supported.
#include <gtest/gtest.h>

#include "test_util.h"
#include "translate_util.h"

namespace gfx::d3d10::test {
namespace {

using func::Op;
using func::RegFile;

TEST(TranslateIo, FxcQuadVertexShaderBindsPositionAndWritesClipPosition) {
  const func::Program p = translate(read_container(load_golden("vs_quad")), "vs_quad");
  ASSERT_EQ(p.inputs.size(), 1u);
  EXPECT_EQ(p.inputs[0].usage, api::DeclUsage::Position);
  EXPECT_EQ(p.inputs[0].reg, 0);
  EXPECT_EQ(p.num_outputs, 1);
  EXPECT_TRUE(p.outputs.empty());
  Runner r;
  r.inputs[0] = {0.5f, -1, 0.25f, 1};
  r.run(p);
  EXPECT_EQ(r.output(0), (func::Vec4{0.5f, -1, 0.25f, 1}));
}

TEST(TranslateIo, VertexVaryingsFollowTheirRegisterAndConstantBuffersTheirSlot) {
  const func::Program p = translate_asm(
      "vs_4_0\ndcl_constantbuffer cb0[4], immediateIndexed\n"
      "dcl_constantbuffer cb2[2], immediateIndexed\n"
      "dcl_input v0.xyzw\ndcl_input v1.xyzw\n"
      "dcl_output o0.xyzw\ndcl_output_siv o1.xyzw, position\ndcl_output o3.xy\n"
      "mul o1.xyzw, v0.xyzw, cb0[3].xyzw\nmov o0.xyzw, cb2[1].xyzw\nmov o3.xy, v1.yxyy\nret\n");
  ASSERT_EQ(p.inputs.size(), 2u);
  EXPECT_EQ(p.inputs[1].usage, api::DeclUsage::TexCoord);  // ATTRIB1 from build_container
  EXPECT_EQ(p.inputs[1].usage_index, 1);
  ASSERT_EQ(p.outputs.size(), 2u);
  EXPECT_EQ(p.outputs[0].varying, func::Varying::Attr0);
  EXPECT_EQ(p.outputs[0].reg, 1);
  EXPECT_EQ(p.outputs[1].varying, func::Varying::Attr3);
  EXPECT_EQ(p.outputs[1].reg, 4);
  EXPECT_EQ(p.code[0].src[1].file, RegFile::Const);
  EXPECT_EQ(p.code[0].src[1].index, 3);
  EXPECT_EQ(p.code[1].src[0].index, 2 * kConstantBufferRegisters + 1);
  Runner r;
  r.inputs[0] = {1, 2, 3, 4};
  r.inputs[1] = {5, 6, 0, 0};
  r.constants[3] = {2, 2, 0.5f, 1};
  r.constants[2 * kConstantBufferRegisters + 1] = {7, 8, 9, 10};
  r.run(p);
  EXPECT_EQ(r.output(0), (func::Vec4{2, 4, 1.5f, 4}));  // SV_Position
  EXPECT_EQ(r.output(1), (func::Vec4{7, 8, 9, 10}));    // o0 -> Attr0
  EXPECT_EQ(r.output(4), (func::Vec4{6, 5, 0, 0}));     // o3 -> Attr3
}

TEST(TranslateIo, VertexAndInstanceIdReachTheCodeAsUintBits) {
  const func::Program p = translate_asm(
      "vs_4_0\ndcl_input_sgv v0.x, vertex_id\ndcl_input_sgv v1.x, instance_id\n"
      "dcl_output_siv o0.xyzw, position\ndcl_temps 1\n"
      "utof r0.x, v0.x\nutof r0.y, v1.x\nmov o0.xy, r0.xyxx\nmov o0.zw, v1.xxxx\nret\n");
  EXPECT_EQ(p.vertex_id_reg, 0);
  EXPECT_EQ(p.instance_id_reg, 1);
  EXPECT_EQ(p.code[0].op, Op::FtoU);
  Runner r;
  r.inputs[0] = {5, 5, 5, 5};  // the pipeline writes the system values as floats
  r.inputs[1] = {3, 3, 3, 3};
  r.run(p);
  const func::Vec4 o = r.output(0);
  EXPECT_EQ(o[0], 5.0f);
  EXPECT_EQ(o[1], 3.0f);
  EXPECT_EQ(bits_of(o)[2], 3u);
}

TEST(TranslateIo, PixelInputsAndTargetsKeepTheirRegisters) {
  const func::Program p = translate_asm(
      "ps_4_0\ndcl_input_ps linear v2.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\n"
      "mov o1.xyzw, v2.xyzw\nmov o0.xyzw, v2.wzyx\nret\n");
  ASSERT_EQ(p.pixel_inputs.size(), 1u);
  EXPECT_EQ(p.pixel_inputs[0].varying, func::Varying::Attr2);
  EXPECT_EQ(p.pixel_inputs[0].reg, 2);
  EXPECT_EQ(p.color_outputs, 2);
  EXPECT_TRUE(p.writes_color0);
}

TEST(TranslateIo, FxcIfNzAndIfZTestTheUintBitsOfCb0) {
  // Wine's test_sm4_if_instruction: `if (bits)` / `if (!bits)` pick green or red.
  const func::Vec4 red{1, 0, 0, 1}, green{0, 1, 0, 1};
  const func::Program nz = translate(read_container(load_golden("ps_if_nz")), "ps_if_nz");
  const func::Program z = translate(read_container(load_golden("ps_if_z")), "ps_if_z");
  Runner r;
  r.run(nz);
  EXPECT_EQ(r.output(0), red);
  r.run(z);
  EXPECT_EQ(r.output(0), green);
  for (uint32_t bits : {1u, 0xFFFFFFFFu, 0x3F800000u}) {
    r.constants[0] = floats_of_bits(bits, 0, 0, 0);
    r.run(nz);
    EXPECT_EQ(r.output(0), green) << bits;
    r.run(z);
    EXPECT_EQ(r.output(0), red) << bits;
  }
}

TEST(TranslateIo, IfElseOnComparisonBits) {
  Runner r;
  const func::Program p = translate_asm(
      "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndcl_temps 1\n"
      "lt r0.x, v1.x, l(0.500000)\nif_nz r0.x\nmov o0.xyzw, l(1.000000, 0, 0, 1.000000)\n"
      "else\nmov o0.xyzw, l(0, 1.000000, 0, 1.000000)\nendif\nret\n");
  r.inputs[1] = {0.25f, 0, 0, 0};
  r.run(p);
  EXPECT_EQ(r.output(0), (func::Vec4{1, 0, 0, 1}));
  r.inputs[1] = {0.75f, 0, 0, 0};
  r.run(p);
  EXPECT_EQ(r.output(0), (func::Vec4{0, 1, 0, 1}));
}

TEST(TranslateIo, DiscardNzKillsTheLanesWhoseConditionIsSet) {
  const func::Program p = translate_asm(
      "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\n"
      "discard_nz v1.x\nmov o0.xyzw, l(1.000000, 1.000000, 1.000000, 1.000000)\nret\n");
  Runner r;
  r.run(p);
  EXPECT_EQ(r.warp.killed, 0u);
  r.inputs[1] = floats_of_bits(0xFFFFFFFFu, 0, 0, 0);
  r.run(p);
  EXPECT_EQ(r.warp.killed, 0xFu);
  const func::Program z = translate_asm(
      "ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_output o0.xyzw\ndiscard_z v1.x\nret\n");
  r.run(z);
  EXPECT_EQ(r.warp.killed, 0u);
}

TEST(TranslateIo, SampleUsesTheSharedSlotAndSwizzlesTheTexel) {
  const func::Program p = translate_asm(
      "ps_4_0\ndcl_sampler s3, mode_default\n"
      "dcl_resource_texture2d (float,float,float,float) t3\ndcl_input_ps linear v1.xy\n"
      "dcl_output o0.xyzw\nsample o0.xyzw, v1.xyxx, t3.wzyx, s3\nret\n");
  ASSERT_EQ(p.code.size(), 4u);  // tex into scratch, swizzled copy, ret, end
  EXPECT_EQ(p.code[0].op, Op::Tex);
  EXPECT_EQ(p.code[0].sampler, 3);
  EXPECT_EQ(p.code[1].src[0].swz, func::swizzle(3, 2, 1, 0));
  Runner r;  // no sampler bound: (0, 0, 0, 1), swizzled
  r.run(p);
  EXPECT_EQ(r.output(0), (func::Vec4{1, 0, 0, 0}));
}

TEST(TranslateIoErrors, NameTheShaderTheInstructionAndTheProblem) {
  const auto err = [](const std::string& text) { return error_of([&] { translate_asm(text); }); };
  EXPECT_EQ(err("ps_4_0\ndcl_resource_texture2dms(4) (float,float,float,float) t0\n"
                "dcl_input_ps linear v1.xy\ndcl_output o0.xyzw\n"
                "ld_ms o0.xyzw, v1.xyxx, t0.xyzw, l(0)\nret\n"),
            "test: instruction 3 (ld_ms): not supported yet");
  EXPECT_EQ(err("ps_4_0\ndcl_constantbuffer cb4[1], immediateIndexed\ndcl_output o0.xyzw\nmov "
                "o0.xyzw, cb4[0].xyzw\nret\n"),
            "test: instruction 2 (mov): cb4: only cb0..cb3 are supported");
  EXPECT_EQ(err("ps_4_0\ndcl_constantbuffer cb0[49], immediateIndexed\ndcl_output o0.xyzw\nmov "
                "o0.xyzw, cb0[48].xyzw\nret\n"),
            "test: instruction 2 (mov): cb0[48]: only the first 48 registers of a constant "
            "buffer are supported");
  EXPECT_EQ(err("ps_4_0\ndcl_sampler s0, mode_default\n"
                "dcl_resource_texture2d (float,float,float,float) t1\ndcl_input_ps linear v1.xy\n"
                "dcl_output o0.xyzw\nsample o0.xyzw, v1.xyxx, t1.xyzw, s0\nret\n"),
            "test: instruction 4 (sample): t1 with s0: a texture and its sampler must share a "
            "slot (the pipeline binds them together)");
  EXPECT_EQ(err("vs_4_0\ndcl_output o0.xyzw\nret\n"),
            "test: the vertex shader declares no SV_Position output");
  EXPECT_EQ(err("ps_4_0\ndcl_output o0.xyzw\ndcl_temps 1\ndcl_indexableTemp x0[40], 4\n"
                "loop\nbreak\nendloop\nmov o0.xyzw, x0[2].xyzw\nret\n"),
            "test: instruction 2 (dcl_indexableTemp): the r# and x# temps need 41 registers; the "
            "ISA has 32");
}

}  // namespace
}  // namespace gfx::d3d10::test

namespace gfx::d3d10::test {
namespace {

// Every fxc golden either translates or fails with a located "not supported" message, so
// what the translator covers is pinned shader by shader.
TEST(TranslateIoErrors, EveryGoldenTranslatesOrSaysWhatIsMissing) {
  std::string results;
  for (const std::string& name : golden_names()) {
    const Shader shader = read_container(load_golden(name));
    const std::string err = error_of([&] { translate(shader, name); });
    results += name + ": " + (err.empty() ? "ok" : err) + "\n";
  }
  EXPECT_EQ(results,
            "gs_create_shader: gs_create_shader: geometry shaders are not supported yet\n"
            "gs_layered: gs_layered: geometry shaders are not supported yet\n"
            "gs_stream_output: gs_stream_output: geometry shaders are not supported yet\n"
            "gs_stream_output_resume: gs_stream_output_resume: geometry shaders are not "
            "supported yet\n"
            "ps_breakc_nz: ok\n"
            "ps_breakc_z: ok\n"
            "ps_color: ok\n"
            "ps_continuec_nz: ok\n"
            "ps_continuec_z: ok\n"
            "ps_create_shader: ok\n"
            "ps_if_nz: ok\n"
            "ps_if_z: ok\n"
            "ps_il_append_aligned: ok\n"
            "ps_instance_id: ok\n"
            "ps_layered: ps_layered: instruction 1 (dcl_input_ps_siv): the pixel input system "
            "value 'rendertarget_array_index' is not supported yet\n"
            "ps_sample_c_lz_cube: ok\n"
            // SV_Position is supported; its two textures share sampler s0.
            "ps_swapchain_flip: ps_swapchain_flip: instruction 11 (sample): t1 with s0: a "
            "texture and its sampler must share a slot (the pipeline binds them together)\n"
            // Its HLSL writes POSITION, not SV_Position: it only feeds a geometry shader.
            "vs_create_shader: vs_create_shader: the vertex shader declares no SV_Position "
            "output\n"
            "vs_il_append_aligned: ok\n"
            "vs_instance_id: ok\n"
            "vs_quad: ok\n"
            "vs_quad_z: ok\n");
}

}  // namespace
}  // namespace gfx::d3d10::test
