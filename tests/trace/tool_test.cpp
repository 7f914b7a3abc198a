// gfxsim-trace through its function: exit codes, validate's whole-stream checks, info
// figures, dump summaries, and the frame-range convert.
#include <gtest/gtest.h>

#include <sstream>

#include "test_util.h"
#include "tools/trace_tool_cli.h"
#include "trace/builder.h"
#include "trace/frames.h"
#include "trace/writer.h"

namespace gfx::test {
namespace {

using namespace gfx::trace;

struct ToolRun {
  int code;
  std::string out, err;
};

ToolRun run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  int code = tools::run_trace_tool(args, out, err);
  return {code, out.str(), err.str()};
}

// Four frames; frame f sets a transform, clears, draws 1 + f triangles and presents.
// A second vertex buffer is created during frame 2.
void write_four_frames(const std::string& path) {
  auto w = Writer::create(path, Header{1, "four", 32, 32}, form_for_path(path));
  TraceBuilder b(*w);
  auto decl = b.vertex_declaration({{0, 0, api::DeclType::Float3, api::DeclUsage::Position, 0}});
  auto vb = b.vertex_buffer(std::vector<float>(36, 0.5f));  // 12 vertices
  b.set_vertex_declaration(decl);
  b.set_stream_source(0, vb, 12);
  for (int f = 0; f < 4; ++f) {
    api::Matrix4 m = api::identity_matrix();
    m[12] = static_cast<float>(f);
    b.set_transform(api::TransformKind::World, m);
    b.clear(api::ClearTarget, 0xFF000000);
    if (f == 2) b.vertex_buffer(std::vector<float>(9, 1.0f));
    b.draw_primitive(api::Topology::TriangleList, 0, 1 + f);
    b.present();
  }
  w->finish();
}

std::vector<std::string> names(const WholeTrace& t) {
  std::vector<std::string> n;
  for (const auto& c : t.commands) n.push_back(name_of(c));
  return n;
}

TEST(TraceTool, UsageAndHelp) {
  EXPECT_EQ(run({}).code, 2);
  EXPECT_EQ(run({"frobnicate"}).code, 2);
  EXPECT_EQ(run({"convert", "only-one"}).code, 2);
  ToolRun bad_range = run({"convert", "a", "b", "--frames", "3:1"});
  EXPECT_EQ(bad_range.code, 2);
  EXPECT_EQ(bad_range.err,
            "gfxsim-trace convert: --frames '3:1': expected A:B with A <= B, "
            "e.g. 0:3 (try gfxsim-trace convert --help)\n");
  EXPECT_EQ(run({"info", "x", "--full"}).code, 2);  // --full belongs to dump
  EXPECT_EQ(run({"info", "x", "--full"}).err,
            "gfxsim-trace info: unknown option '--full' (try gfxsim-trace info --help)\n");
  EXPECT_EQ(run({"validate", "x", "-c"}).err,
            "gfxsim-trace validate: -c needs a config file or preset name (try gfxsim-trace "
            "validate --help)\n");
  EXPECT_EQ(run({"dump", "--ful", "x"}).code, 2);  // no abbreviations
  // --opt=value is the same as --opt value
  EXPECT_EQ(run({"convert", "a", "b", "--frames=3:1"}).err, bad_range.err);
  ToolRun help = run({"validate", "--help"});
  EXPECT_EQ(help.code, 0);
  EXPECT_EQ(help.out.rfind("usage: gfxsim-trace validate FILE [-c CONFIG] "
                           "[--set limits.KEY=N]...\n",
                           0),
            0u);
  EXPECT_EQ(run({"--help"}).code, 0);
}

TEST(TraceTool, MissingFileIsBadInput) {
  ToolRun r = run({"info", "/nonexistent.gfxt"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err,
            "gfxsim-trace: /nonexistent.gfxt: cannot open trace: No such file or "
            "directory\n");
}

TEST(TraceTool, InfoCounts) {
  ScratchDir dir;
  write_four_frames(dir.path("f.gfxt"));
  ToolRun r = run({"info", dir.path("f.gfxt")});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\nform: binary\n"), std::string::npos);
  EXPECT_NE(r.out.find("\ncommands: 21\nframes: 4\ndraws: 4\nprimitives: 10\npatches: 0\n"
                       "resource_bytes: 180\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n  create_vertex_buffer: 2\n"), std::string::npos);
}

TEST(TraceTool, ValidateAcceptsAndCounts) {
  ScratchDir dir;
  write_four_frames(dir.path("f.yaml"));
  ToolRun r = run({"validate", dir.path("f.yaml")});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, dir.path("f.yaml") + ": valid (21 commands, 4 frames)\n");
  ToolRun every = run({"validate", source_path("tests/trace/data/every_command.yaml")});
  EXPECT_EQ(every.code, 0) << every.err;
}

std::string validate_error(const ScratchDir& dir, const std::string& commands) {
  std::string path = dir.path("v.yaml");
  write_text(path,
             "gfxsim_trace: 1\nwidth: 8\nheight: 8\ncommands:\n"
             "  - create_vertex_declaration:\n"
             "      {id: 1, elements: [{offset: 0, type: float3, usage: position}]}\n"
             "  - create_vertex_buffer: {id: 2, bytes: {f32: [0, 0, 0, 1, 0, 0, 0, 1, 0]}}\n"
             "  - create_index_buffer: {id: 3, bytes: {u16: [0, 1, 2, 3]}}\n" +
                 commands);
  ToolRun r = run({"validate", path});
  EXPECT_EQ(r.code, 1);
  return r.err;
}

TEST(TraceTool, ValidateFindsStreamProblems) {
  ScratchDir dir;
  const std::string v = "gfxsim-trace: " + dir.path("v.yaml");
  EXPECT_EQ(validate_error(dir, "  - draw: {vertex_count: 3}\n"),
            v + ":9: draw: no vertex declaration is set\n");
  EXPECT_EQ(validate_error(dir,
                           "  - set_vertex_declaration: {id: 1}\n"
                           "  - draw: {vertex_count: 3}\n"),
            v + ":10: draw: the vertex declaration reads stream 0, which has no vertex buffer\n");
  EXPECT_EQ(validate_error(dir, "  - set_indices: {id: 2}\n"),
            v + ":9: set_indices: index buffer 2 is a vertex buffer, not an index buffer\n");
  EXPECT_EQ(validate_error(dir,
                           "  - release_resource: {id: 2}\n"
                           "  - set_stream_source: {buffer: 2, stride: 12}\n"),
            v + ":10: set_stream_source: vertex buffer 2 was never created or has been released\n");
  const std::string bound =
      "  - set_vertex_declaration: {id: 1}\n"
      "  - set_stream_source: {buffer: 2, stride: 12}\n"
      "  - set_indices: {id: 3}\n";
  EXPECT_EQ(validate_error(dir, bound + "  - draw: {vertex_count: 4}\n"),
            v + ":12: draw: vertices 0..3 of stream 0 need 48 bytes of vertex buffer 2, which "
                "has 36\n");
  EXPECT_EQ(validate_error(dir, bound + "  - draw_indexed: {index_count: 3, start_index: 2}\n"),
            v + ":12: draw_indexed: indices 2..4 lie outside index buffer 3 (4 indices)\n");
  // Index 3 is fine as an index-buffer position but names a fourth vertex.
  EXPECT_EQ(validate_error(dir, bound + "  - draw_indexed: {index_count: 3, start_index: 1}\n"),
            v + ":12: draw_indexed: vertices 1..3 of stream 0 need 48 bytes of vertex buffer 2, "
                "which has 36\n");
  EXPECT_EQ(validate_error(dir, bound + "  - release_resource: {id: 3}\n"
                                        "  - draw_indexed: {index_count: 3}\n"),
            v + ":13: draw_indexed: index buffer 3 was never created or has been released\n");
}

TEST(TraceTool, ConvertFrameRange) {
  ScratchDir dir;
  write_four_frames(dir.path("f.gfxt"));
  ToolRun r = run({"convert", dir.path("f.gfxt"), dir.path("sel.yaml"), "--frames", "1:2"});
  ASSERT_EQ(r.code, 0) << r.err;
  WholeTrace t = read_all(dir.path("sel.yaml"));
  EXPECT_EQ(t.header.name, "four");
  const std::vector<std::string> expected = {
      "create_vertex_declaration", "create_vertex_buffer", "set_vertex_declaration",
      "set_stream_source",
      "set_transform",  // frame 0: state kept, clear/draw/present dropped
                        // clang-format off
      "set_transform", "clear", "draw_primitive", "present",  // frame 1
      "set_transform", "clear", "create_vertex_buffer", "draw_primitive", "present",  // frame 2
                        // clang-format on
  };
  EXPECT_EQ(names(t), expected);
  EXPECT_EQ(std::get<SetTransform>(t.commands[4]).matrix[12], 0.0f);
  EXPECT_EQ(std::get<DrawPrimitive>(t.commands[7]).primitive_count, 2u);
  EXPECT_EQ(std::get<DrawPrimitive>(t.commands[12]).primitive_count, 3u);
}

// Three frames of patch draws: frame 0 captures handle 7 (and draws a dynamic patch), frame
// 1 draws handle 7 from the cache, frame 2 draws it again with its own segments. The
// scissor test is on with a rectangle set in frame 0.
void write_patch_frames(const std::string& path) {
  auto w = Writer::create(path, Header{1, "patches", 32, 32}, form_for_path(path));
  TraceBuilder b(*w);
  auto decl = b.vertex_declaration({{0, 0, api::DeclType::Float3, api::DeclUsage::Position, 0}});
  auto vb = b.vertex_buffer(std::vector<float>(48, 0.5f));  // a 4x4 grid
  b.set_vertex_declaration(decl);
  b.set_stream_source(0, vb, 12);
  b.set_scissor_rect({1, 2, 30, 31});
  b.set_render_state(api::RenderStateId::ScissorTestEnable, 1u);
  DrawRectPatch capture;
  capture.handle = 7;
  DrawRectPatch dynamic;
  dynamic.handle = 0;
  DrawRectPatch cached;
  cached.handle = 7;
  cached.has_info = 0;
  b.clear(api::ClearTarget, 0xFF000000);
  w->write(Command{capture});
  w->write(Command{dynamic});
  b.present();
  w->write(Command{cached});
  b.present();
  cached.segments = {2, 2, 2, 2};
  w->write(Command{cached});
  b.present();
  w->finish();
}

// A capture before the range is kept, scissored to nothing and the scissor state restored;
// a dynamic patch there is dropped like any draw.
TEST(TraceTool, ConvertFrameRangeKeepsPatchCaptures) {
  ScratchDir dir;
  write_patch_frames(dir.path("p.gfxt"));
  ToolRun r = run({"convert", dir.path("p.gfxt"), dir.path("sel.yaml"), "--frames", "1:2"});
  ASSERT_EQ(r.code, 0) << r.err;
  WholeTrace t = read_all(dir.path("sel.yaml"));
  const std::vector<std::string> expected = {
      "create_vertex_declaration", "create_vertex_buffer", "set_vertex_declaration",
      "set_stream_source", "set_scissor_rect", "set_render_states",
      // clang-format off
      "set_render_states", "set_scissor_rect", "draw_rect_patch", "set_scissor_rect",
      "set_render_states",  // the hidden capture
      "draw_rect_patch", "present", "draw_rect_patch", "present",  // frames 1, 2
      // clang-format on
  };
  ASSERT_EQ(names(t), expected);
  const auto& on = std::get<SetRenderStates>(t.commands[6]).states;
  ASSERT_EQ(on.size(), 1u);
  EXPECT_EQ(on[0].id, api::RenderStateId::ScissorTestEnable);
  EXPECT_EQ(on[0].value, 1u);
  const api::ScissorRect none = std::get<SetScissorRect>(t.commands[7]).rect;
  EXPECT_EQ(none.right - none.left, 0);
  EXPECT_EQ(std::get<DrawRectPatch>(t.commands[8]).handle, 7u);
  EXPECT_EQ(std::get<DrawRectPatch>(t.commands[8]).has_info, 1u);
  const api::ScissorRect back = std::get<SetScissorRect>(t.commands[9]).rect;
  EXPECT_EQ(back.left, 1);
  EXPECT_EQ(back.top, 2);
  EXPECT_EQ(back.right, 30);
  EXPECT_EQ(back.bottom, 31);
  EXPECT_EQ(std::get<SetRenderStates>(t.commands[10]).states[0].value, 1u);
}

// Without a scissor state in the trace, the restore is D3D9's default: off, the whole target.
TEST(TraceTool, HiddenCaptureRestoresTheDefaultScissor) {
  FrameSelector select(1, 1, 32, 24);
  DrawTriPatch capture;
  capture.handle = 3;
  EXPECT_EQ(select.next(Command{capture}), FrameSelector::Action::Hide);
  DrawTriPatch dynamic;
  dynamic.handle = 0;
  EXPECT_EQ(select.next(Command{dynamic}), FrameSelector::Action::Drop);
  const std::vector<Command> after = select.hide_after();
  ASSERT_EQ(after.size(), 2u);
  const api::ScissorRect r = std::get<SetScissorRect>(after[0]).rect;
  EXPECT_EQ(r.right, 32);
  EXPECT_EQ(r.bottom, 24);
  EXPECT_EQ(std::get<SetRenderStates>(after[1]).states[0].value, 0u);
  EXPECT_EQ(select.next(Command{Present{}}), FrameSelector::Action::Drop);
  EXPECT_EQ(select.next(Command{capture}), FrameSelector::Action::Keep);  // in the range
}

// Patch draws are draws; each is one (higher-order) primitive.
TEST(TraceTool, InfoCountsPatchDraws) {
  ScratchDir dir;
  write_patch_frames(dir.path("p.gfxt"));
  ToolRun r = run({"info", dir.path("p.gfxt")});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\nframes: 3\ndraws: 4\nprimitives: 4\npatches: 4\n"), std::string::npos)
      << r.out;
}

TEST(TraceTool, ConvertRangeBeyondEndWritesNothing) {
  ScratchDir dir;
  write_four_frames(dir.path("f.gfxt"));
  ToolRun r = run({"convert", dir.path("f.gfxt"), dir.path("x.gfxt"), "--frames", "3:4"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, "gfxsim-trace: " + dir.path("f.gfxt") +
                       ": --frames 3:4: the trace has only 4 frames\n");
  EXPECT_FALSE(file_exists(dir.path("x.gfxt")));
  EXPECT_FALSE(file_exists(dir.path("x.gfxt.tmp")));
}

TEST(TraceTool, DumpSummarisesUnlessFull) {
  ScratchDir dir;
  {
    auto w = Writer::create(dir.path("d.gfxt"), Header{}, Form::Binary);
    TraceBuilder b(*w);
    b.vertex_buffer(std::vector<float>(100, 2.0f));
    w->finish();
  }
  ToolRun brief = run({"dump", dir.path("d.gfxt")});
  ASSERT_EQ(brief.code, 0);
  EXPECT_NE(brief.out.find("  - create_vertex_buffer: {id: 1, bytes: <400 bytes>}\n"),
            std::string::npos)
      << brief.out;
  ToolRun full = run({"dump", dir.path("d.gfxt"), "--full"});
  ASSERT_EQ(full.code, 0);
  write_text(dir.path("d.yaml"), full.out);
  WholeTrace t = read_all(dir.path("d.yaml"));
  ASSERT_EQ(t.commands.size(), 1u);
  EXPECT_EQ(std::get<CreateVertexBuffer>(t.commands[0]).buffer->bytes.size(), 400u);
}

}  // namespace
}  // namespace gfx::test
