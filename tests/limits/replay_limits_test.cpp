// One test per limit: a trace just over it fails at the replay and in gfxsim-trace
// validate with the same message (the command's index and name, file:line for YAML, the
// key and its value), and the same trace passes once the limit is raised to its size.
// The scene's commands 0..5 hold a 144-byte vertex buffer and a 16-byte index buffer.
#include "limits_fixture.h"

namespace gfx::test {
namespace {

using Limit = LimitFiles;

trace::Limits limits(void (*set)(trace::Limits&)) {
  trace::Limits l;
  set(l);
  return l;
}

TEST_F(Limit, BufferBytesVertexBuffer) {
  const auto low = limits([](trace::Limits& l) { l.buffer_bytes = 143; });
  const auto raised = limits([](trace::Limits& l) { l.buffer_bytes = 144; });
  refused(scene(), low, 2,
          "vertex buffer of 144 bytes, over limits.buffer_bytes = 143 (raise it with --set "
          "limits.buffer_bytes=N)",
          &raised);
}

TEST_F(Limit, BufferBytesIndexBuffer) {
  const auto low = limits([](trace::Limits& l) { l.buffer_bytes = 15; });
  const auto raised = limits([](trace::Limits& l) { l.buffer_bytes = 16; });
  refused(scene(1), low, 4,
          "index buffer of 16 bytes, over limits.buffer_bytes = 15 (raise it with --set "
          "limits.buffer_bytes=N)",
          &raised);
}

TEST_F(Limit, TextureWidthAndHeight) {
  const auto cmds = with(scene(), {trace::CreateTexture{7, texture(32, 8)}});
  const auto narrow = limits([](trace::Limits& l) { l.texture_width = 31; });
  const auto wide = limits([](trace::Limits& l) { l.texture_width = 32; });
  refused(cmds, narrow, 6,
          "texture of 32x8, over limits.texture_width = 31 (raise it with --set "
          "limits.texture_width=N)",
          &wide);
  const auto low = limits([](trace::Limits& l) { l.texture_height = 7; });
  const auto tall = limits([](trace::Limits& l) { l.texture_height = 8; });
  refused(cmds, low, 6,
          "texture of 32x8, over limits.texture_height = 7 (raise it with --set "
          "limits.texture_height=N)",
          &tall);
}

TEST_F(Limit, TextureBytesCountsEveryLevel) {
  // 8x8 with its mip chain: 256 + 64 + 16 + 4 bytes.
  const auto cmds = with(scene(), {trace::CreateTexture{7, texture(8, 8, true)}});
  const auto low = limits([](trace::Limits& l) { l.texture_bytes = 339; });
  const auto raised = limits([](trace::Limits& l) { l.texture_bytes = 340; });
  refused(cmds, low, 6,
          "texture of 8x8 with 4 levels, 340 bytes, over limits.texture_bytes = 339 (raise it "
          "with --set limits.texture_bytes=N)",
          &raised);
}

TEST_F(Limit, ResourceBytesFollowsLiveResources) {
  // 144 + 16 live, then 100 more.
  const auto cmds = with(scene(), {trace::CreateVertexBuffer{9, bytes_buffer(100)}});
  const auto low = limits([](trace::Limits& l) { l.resource_bytes = 259; });
  const auto raised = limits([](trace::Limits& l) { l.resource_bytes = 260; });
  refused(cmds, low, 6,
          "the live resources would hold 260 bytes with this one of 100, over "
          "limits.resource_bytes = 259 (raise it with --set limits.resource_bytes=N)",
          &raised);
  // A release gives its bytes back, and re-creating an id replaces the old resource.
  const std::string freed = write(
      "freed.yaml",
      with(scene(), {trace::ReleaseResource{2}, trace::CreateVertexBuffer{9, bytes_buffer(100)},
                     trace::CreateVertexBuffer{9, bytes_buffer(143)}}));
  EXPECT_EQ(replay_error(freed, low), "");
  EXPECT_EQ(validate_error(freed, low), "");
}

TEST_F(Limit, VerticesPerDrawD3D9AndD3D10) {
  const auto low = limits([](trace::Limits& l) { l.vertices_per_draw = 11; });
  const auto raised = limits([](trace::Limits& l) { l.vertices_per_draw = 12; });
  refused(with(scene(), {draw_primitive(api::Topology::PointList, 0, 12)}), low, 6,
          "12 vertices per instance (from 12 primitives of point_list), over "
          "limits.vertices_per_draw = 11 (raise it with --set limits.vertices_per_draw=N)",
          &raised);
  trace::Draw d;
  d.topology = api::Topology::TriangleList;
  d.vertex_count = 12;
  refused(with(scene(), {d}), low, 6,
          "12 vertices per instance, over limits.vertices_per_draw = 11 (raise it with --set "
          "limits.vertices_per_draw=N)",
          &raised);
}

TEST_F(Limit, IndicesPerDraw) {
  const auto low = limits([](trace::Limits& l) { l.indices_per_draw = 7; });
  const auto raised = limits([](trace::Limits& l) { l.indices_per_draw = 8; });
  refused(with(scene(), {draw_indexed(8)}), low, 6,
          "8 indices per instance, over limits.indices_per_draw = 7 (raise it with --set "
          "limits.indices_per_draw=N)",
          &raised);
}

TEST_F(Limit, InstancesPerDrawD3D10AndD3D9) {
  const auto low = limits([](trace::Limits& l) { l.instances_per_draw = 4; });
  const auto raised = limits([](trace::Limits& l) { l.instances_per_draw = 5; });
  refused(with(scene(), {draw_instanced(3, 5)}), low, 6,
          "5 instances, over limits.instances_per_draw = 4 (raise it with --set "
          "limits.instances_per_draw=N)",
          &raised);
  // D3D9 counts the instances of an indexed draw on stream 0.
  trace::DrawIndexedPrimitive dip;
  dip.topology = api::Topology::PointList;
  dip.num_vertices = 1;
  dip.primitive_count = 8;
  refused(with(scene(), {trace::SetStreamSourceFreq{0, trace::kStreamIndexedData | 5}, dip}), low,
          7,
          "5 instances, over limits.instances_per_draw = 4 (raise it with --set "
          "limits.instances_per_draw=N)",
          &raised);
}

TEST_F(Limit, VertexInvocationsPerDraw) {
  const auto low = limits([](trace::Limits& l) { l.vertex_invocations_per_draw = 11; });
  const auto raised = limits([](trace::Limits& l) { l.vertex_invocations_per_draw = 12; });
  refused(with(scene(), {draw_instanced(3, 4)}), low, 6,
          "12 vertex invocations (3 vertices x 4 instances), over "
          "limits.vertex_invocations_per_draw = 11 (raise it with --set "
          "limits.vertex_invocations_per_draw=N)",
          &raised);
}

TEST_F(Limit, RenderTargetSizeOfTheHeader) {
  for (const char* file : {"rt.yaml", "rt.gfxt"}) {
    const std::string path = write(file, scene(), 64, 32);
    const auto narrow = limits([](trace::Limits& l) { l.render_target_width = 63; });
    const std::string w = path +
                          ": header: back buffer of 64x32, over "
                          "limits.render_target_width = 63 (raise it with --set "
                          "limits.render_target_width=N)";
    EXPECT_EQ(replay_error(path, narrow), w);
    EXPECT_EQ(validate_error(path, narrow), w);
    const auto low = limits([](trace::Limits& l) { l.render_target_height = 31; });
    EXPECT_EQ(replay_error(path, low), path +
                                           ": header: back buffer of 64x32, over "
                                           "limits.render_target_height = 31 (raise it "
                                           "with --set limits.render_target_height=N)");
    const auto fits = limits([](trace::Limits& l) {
      l.render_target_width = 64;
      l.render_target_height = 32;
    });
    EXPECT_EQ(replay_error(path, fits), "");
    EXPECT_EQ(validate_error(path, fits), "");
  }
}

TEST_F(Limit, DefaultsAdmitLargeFramesAndRefuseAbsurdDraws) {
  const trace::Limits d;
  EXPECT_EQ(d.render_target_width, 16384u);
  EXPECT_EQ(d.vertices_per_draw, uint64_t{1} << 28);
  EXPECT_EQ(d.resource_bytes, uint64_t{8} << 30);
  // A billion points (issue 10: grew at 60 MB/s in functional mode until bad_alloc).
  refused(with(scene(), {draw_primitive(api::Topology::PointList, 0, 1000000000)}), d, 6,
          "1000000000 vertices per instance (from 1000000000 primitives of point_list), over "
          "limits.vertices_per_draw = 268435456 (raise it with --set "
          "limits.vertices_per_draw=N)");
  // instance_count 4294967295 (ran without end).
  refused(with(scene(), {draw_instanced(1, 4294967295u)}), d, 6,
          "4294967295 instances, over limits.instances_per_draw = 268435456 (raise it with "
          "--set limits.instances_per_draw=N)");
}

TEST(LoadLimits, ConfigFileThenSetOnlyLimitsKeys) {
  const std::string dir = std::string(GFX_BINARY_DIR) + "/limits_test_files/load";
  std::filesystem::create_directories(dir);
  const std::string cfg_path = dir + "/run.yaml";
  std::ofstream(cfg_path) << "shader: {cores: 99999}\nlimits: {buffer_bytes: 1000, "
                             "texture_width: 512}\n";
  const trace::Limits l = trace::load_limits(
      cfg_path, {cfg::parse_override("limits.buffer_bytes=2000", "--set #1")}, {});
  EXPECT_EQ(l.buffer_bytes, 2000u);  // --set wins over the file
  EXPECT_EQ(l.texture_width, 512u);
  EXPECT_EQ(l.texture_height, 16384u);
  try {
    trace::load_limits("", {cfg::parse_override("shader.cores=2", "--set #1")}, {});
    ADD_FAILURE() << "a non-limits key was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "--set #1: shader.cores: only limits.* keys can be set here");
  }
  try {
    trace::load_limits("", {cfg::parse_override("limits.buffer_bytes=0", "--set #1")}, {});
    ADD_FAILURE() << "a zero limit was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "--set #1: limits.buffer_bytes: 0 is below the minimum 1");
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace gfx::test
