// The commands for instancing frequency and higher-order primitives: their D3D9 rules
// are checked when the trace is read, with an error naming the command and the field;
// the declaration methods survive both forms.
#include <gtest/gtest.h>

#include "common/error.h"
#include "test_util.h"
#include "trace/reader.h"
#include "trace/writer.h"

namespace gfx::test {
namespace {

using namespace gfx::trace;

// The error of a one-command YAML trace, without the file:line:col prefix.
std::string command_error(const std::string& command) {
  ScratchDir dir;
  std::string path = dir.path("bad.yaml");
  write_text(path,
             "gfxsim_trace: 1\nname: bad\nwidth: 64\nheight: 64\ncommands:\n  - " + command + "\n");
  std::string e = read_error(path);
  auto at = e.find("command 0");
  return at == std::string::npos ? e : e.substr(at);
}

TEST(PatchCommands, BasisDegreePairsOutsideD3D9AreRejected) {
  EXPECT_EQ(command_error("draw_rect_patch: {basis: catmull_rom, degree: quintic, width: 6, "
                          "height: 6, stride: 6}"),
            "command 0 (draw_rect_patch): field 'degree': a rect patch with basis catmull_rom "
            "cannot have degree quintic (bezier and bspline: linear/cubic/quintic; "
            "catmull_rom: cubic)");
  EXPECT_EQ(command_error("draw_rect_patch: {degree: quadratic, width: 3, height: 3, stride: 3}"),
            "command 0 (draw_rect_patch): field 'degree': a rect patch with basis bezier cannot "
            "have degree quadratic (bezier and bspline: linear/cubic/quintic; catmull_rom: "
            "cubic)");
  EXPECT_EQ(command_error("draw_tri_patch: {basis: bspline, degree: cubic}"),
            "command 0 (draw_tri_patch): field 'degree': a tri patch with basis bspline cannot "
            "have degree cubic (tri patches: bezier, linear/cubic/quintic)");
}

TEST(PatchCommands, ControlPointCountMustFitTheDegree) {
  EXPECT_EQ(command_error("draw_rect_patch: {degree: quintic, width: 4, height: 4, stride: 4}"),
            "command 0 (draw_rect_patch): field 'width': a degree-5 bezier rect patch has 6x6 "
            "control points, got 4x4");
  EXPECT_EQ(command_error("draw_rect_patch: {basis: bspline, degree: cubic, width: 3, height: 5, "
                          "stride: 3}"),
            "command 0 (draw_rect_patch): field 'width': a degree-3 bspline rect patch needs "
            "more than 3 control points each way, got 3x5");
  EXPECT_EQ(command_error("draw_tri_patch: {degree: cubic, num_vertices: 6}"),
            "command 0 (draw_tri_patch): field 'num_vertices': a degree-3 tri patch has 10 "
            "control points, got 6");
  EXPECT_EQ(command_error("draw_rect_patch: {start_vertex_offset_width: 2, stride: 5}"),
            "command 0 (draw_rect_patch): field 'stride': the patch (columns 2..5) is wider "
            "than the vertex grid's stride 5");
}

TEST(PatchCommands, SegmentsAndHandles) {
  EXPECT_EQ(command_error("draw_rect_patch: {segments: [1, 0, 1, 1]}"),
            "command 0 (draw_rect_patch): field 'segments': segment counts must be positive "
            "finite numbers");
  EXPECT_EQ(command_error("draw_tri_patch: {segments: [2, 2, 2, 2]}"),
            "command 0 (draw_tri_patch): field 'segments': needs 3 edge segment counts (or "
            "none), got 4");
  EXPECT_EQ(command_error("draw_rect_patch: {handle: 0, has_info: 0}"),
            "command 0 (draw_rect_patch): field 'has_info': handle 0 is a dynamic patch and "
            "needs its patch info");
  EXPECT_EQ(command_error("delete_patch: {handle: 0}"),
            "command 0 (delete_patch): field 'handle': patch handle 0 is never cached, so it "
            "cannot be deleted");
}

TEST(PatchCommands, StreamFrequencyRules) {
  EXPECT_EQ(command_error("set_stream_source_freq: {stream: 0, setting: 0x80000001}"),
            "command 0 (set_stream_source_freq): field 'setting': stream 0 cannot hold "
            "instance data (D3D9)");
  EXPECT_EQ(command_error("set_stream_source_freq: {stream: 1, setting: 0x40000000}"),
            "command 0 (set_stream_source_freq): field 'setting': the instance count or "
            "divisor must be at least 1");
  EXPECT_EQ(command_error("set_stream_source_freq: {stream: 1, setting: 3}"),
            "command 0 (set_stream_source_freq): field 'setting': a frequency without the "
            "indexed-data or instance-data flag must be 1");
}

// Not a patch command, but the same kind of D3D9 numbering rule: the vertex texture
// samplers are stages 257..260, nothing between 15 and 257 is a sampler.
TEST(PatchCommands, SamplerStagesIncludeTheVertexSamplers) {
  EXPECT_EQ(command_error("set_texture: {stage: 16, id: 0}"),
            "command 0 (set_texture): field 'stage': sampler stage 16 is neither a pixel "
            "sampler 0..15 nor a vertex sampler 257..260");
  EXPECT_EQ(command_error("set_sampler_state: {stage: 261}"),
            "command 0 (set_sampler_state): field 'stage': sampler stage 261 is neither a "
            "pixel sampler 0..15 nor a vertex sampler 257..260");
  EXPECT_EQ(command_error("set_texture: {stage: 260, id: 0}").find("command 0"), std::string::npos);
}

TEST(PatchCommands, DeclarationMethodRules) {
  EXPECT_EQ(command_error("create_vertex_declaration: {id: 1, elements: [{offset: 0, type: "
                          "float2, usage: texcoord}], methods: [uv]}"),
            "command 0 (create_vertex_declaration): field 'elements[0].type': uv generates its "
            "value: type unused, stream 0, offset 0");
  EXPECT_EQ(command_error("create_vertex_declaration: {id: 1, elements: [{offset: 0, type: "
                          "float2, usage: normal}], methods: [cross_uv]}"),
            "command 0 (create_vertex_declaration): field 'elements[0].type': cross_uv takes "
            "d3dcolor, float3, float4, short4 or ubyte4 data");
  EXPECT_NE(command_error("create_vertex_declaration: {id: 1, elements: [{offset: 0, type: "
                          "float3, usage: position}], methods: [default, uv]}")
                .find("a list of 1 declaration methods, one per element"),
            std::string::npos);
}

TEST(PatchCommands, MethodsRoundTripThroughBothForms) {
  ScratchDir dir;
  WholeTrace t;
  t.header.name = "methods";
  auto decl = std::make_shared<api::VertexDeclaration>();
  decl->elements = {{0, 0, api::DeclType::Float3, api::DeclUsage::Position, 0},
                    {0, 0, api::DeclType::Float3, api::DeclUsage::Normal, 0},
                    {0, 0, api::DeclType::Unused, api::DeclUsage::TexCoord, 0}};
  decl->elements[1].method = api::DeclMethod::CrossUV;
  decl->elements[2].method = api::DeclMethod::UV;
  t.commands.push_back(CreateVertexDeclaration{1, decl});
  for (Form form : {Form::Binary, Form::Yaml}) {
    const std::string path = dir.path(form == Form::Binary ? "m.gfxt" : "m.yaml");
    write_all(path, t, form);
    WholeTrace back = read_all(path);
    const auto& d = *std::get<CreateVertexDeclaration>(back.commands.at(0)).declaration;
    ASSERT_EQ(d.elements.size(), 3u);
    EXPECT_EQ(d.elements[0].method, api::DeclMethod::Default);
    EXPECT_EQ(d.elements[1].method, api::DeclMethod::CrossUV);
    EXPECT_EQ(d.elements[2].method, api::DeclMethod::UV);
  }
}

}  // namespace
}  // namespace gfx::test
