// The defects of issue 10 that the limits and the 64-bit draw arithmetic fix, each refused
// the same way by the replay and by gfxsim-trace validate: 32-bit wraps of 3 * count and of
// strips of 0xFFFFFFFF primitives (which drew nothing and exited 0), a start vertex of
// 0xFFFFFFFF (which wrapped at replay while validate called it out of bounds), and the
// bounds on what the readers hold: YAML aliases that build gigabytes from kilobytes, and
// binary records longer than any resource the limits admit.
#include "limits_fixture.h"

namespace gfx::test {
namespace {

using Agreement = LimitFiles;

TEST_F(Agreement, TriangleListCountThatWrapped) {
  // 3 * 1431655766 = 4294967298: 2 in 32 bits, so nothing was drawn and the run passed.
  refused(with(scene(), {draw_primitive(api::Topology::TriangleList, 0, 1431655766u)}), {}, 6,
          "4294967298 vertices per instance (from 1431655766 primitives of triangle_list) do "
          "not fit in the 32 bits D3D counts them in");
}

TEST_F(Agreement, StripOfAllPrimitives) {
  refused(with(scene(), {draw_primitive(api::Topology::TriangleStrip, 0, 0xFFFFFFFFu)}), {}, 6,
          "4294967297 vertices per instance (from 4294967295 primitives of triangle_strip) do "
          "not fit in the 32 bits D3D counts them in");
  // Raising the limit to its top does not let a count past 32 bits through.
  trace::Limits top;
  top.vertices_per_draw = 0xFFFFFFFFu;
  top.vertex_invocations_per_draw = uint64_t{1} << 40;
  refused(with(scene(), {draw_primitive(api::Topology::TriangleStrip, 0, 0xFFFFFFFFu)}), top, 6,
          "4294967297 vertices per instance (from 4294967295 primitives of triangle_strip) do "
          "not fit in the 32 bits D3D counts them in");
}

TEST_F(Agreement, StartVertexThatWrapped) {
  refused(with(scene(), {draw_primitive(api::Topology::TriangleList, 0xFFFFFFFFu, 1)}), {}, 6,
          "vertices 4294967295..4294967297 run past vertex 4294967295, the last a 32-bit number "
          "names (D3D would wrap to 0)");
  trace::DrawIndexed di = draw_indexed(2);
  di.start_index = 0xFFFFFFFFu;
  refused(with(scene(), {di}), {}, 6,
          "indices 4294967295..4294967296 run past index position 4294967295, the last a 32-bit "
          "number names (D3D would wrap to 0)");
}

TEST_F(Agreement, LastVertexNumberIsStillDrawable) {
  // first + count - 1 = 2^32 - 1 is in range: the range rule is not off by one. (validate
  // still refuses it, as the 12-vertex buffer does not hold vertex 2^32 - 1.)
  const std::string p =
      write("last.gfxt", with(scene(), {draw_primitive(api::Topology::PointList, 0xFFFFFFFFu, 1)}));
  EXPECT_EQ(replay_error(p, {}), "");
}

// "a0: &a0 [..." style aliases inside a create_vertex_buffer: one 64 KiB text scalar named
// once and aliased `copies` times, as the 222 KiB trace of the issue that built 1.8 GiB.
std::string alias_bomb(int copies) {
  std::string t =
      "gfxsim_trace: 1\nwidth: 64\nheight: 64\ncommands:\n"
      "  - create_vertex_buffer:\n      id: 2\n      bytes:\n"
      "        - &chunk {text: &s " +
      std::string(65536, 'x') + "}\n";
  for (int i = 1; i < copies; ++i) t += "        - *chunk\n";
  return t;
}

TEST_F(Agreement, AliasBombRefusedBeforeDecoding) {
  const std::string path = dir_ + "/bomb.yaml";
  std::ofstream(path) << alias_bomb(28000);  // 1.8 GB of text after expansion, ~200 KB file
  // Scalar bytes: 65604 up to the named chunk on line 8 (its text and the keys), then 65540
  // per alias ("text" and the text): alias k, on line 8 + k, passes 256 MiB at k = 4095.
  const std::string problem =
      ": the document's scalars hold more than 268435456 bytes, counting each alias as a copy "
      "of what it names; limits.yaml_expanded_bytes = 268435456 (raise it with --set "
      "limits.yaml_expanded_bytes=N)";
  const std::string where = path + ":" + std::to_string(8 + 4095) + ":11";
  EXPECT_EQ(replay_error(path, {}), where + problem);
  EXPECT_EQ(validate_error(path, {}), where + problem);
}

TEST_F(Agreement, YamlDocumentAndNodeLimits) {
  const std::string path = write("small.yaml", scene());
  const uint64_t size = std::filesystem::file_size(path);
  trace::Limits tight;
  tight.yaml_bytes = size - 1;
  const std::string big = path + ": the YAML document is " + std::to_string(size) +
                          " bytes, over limits.yaml_bytes = " + std::to_string(size - 1) +
                          " (raise it with --set limits.yaml_bytes=N)";
  EXPECT_EQ(replay_error(path, tight), big);
  EXPECT_EQ(validate_error(path, tight), big);
  tight.yaml_bytes = size;
  EXPECT_EQ(replay_error(path, tight), "");
  trace::Limits few;
  few.yaml_nodes = 20;
  const std::string e = replay_error(path, few);
  EXPECT_NE(e.find(": the document has more than 20 nodes, counting each alias as a copy of "
                   "what it names; limits.yaml_nodes = 20 (raise it with --set "
                   "limits.yaml_nodes=N)"),
            std::string::npos)
      << e;
  EXPECT_EQ(validate_error(path, few), e);
}

TEST_F(Agreement, BinaryRecordLongerThanAnyBufferRefusedOnItsLength) {
  const std::string path = write("long.gfxt", scene(100));  // a 1200-byte vertex buffer
  trace::Limits low;
  low.buffer_bytes = 900;  // record bound 900 + 256 bytes: the 1208-byte record is refused
  const std::string e = replay_error(path, low);
  EXPECT_EQ(e.rfind(path + ": command 2 at byte ", 0), 0u) << e;
  EXPECT_NE(e.find(": create_vertex_buffer record of 1208 bytes is too long for a resource "
                   "within limits.buffer_bytes = 900 (raise it with --set "
                   "limits.buffer_bytes=N)"),
            std::string::npos)
      << e;
  EXPECT_EQ(validate_error(path, low), e);
  // Within the slack the record is read, and the buffer itself is over the limit.
  low.buffer_bytes = 1100;
  EXPECT_EQ(replay_error(path, low),
            path +
                ": command 2 (create_vertex_buffer): vertex buffer of 1200 bytes, over "
                "limits.buffer_bytes = 1100 (raise it with --set limits.buffer_bytes=N)");
}

}  // namespace
}  // namespace gfx::test
