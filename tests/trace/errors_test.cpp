// Bad input gives one gfx::Error naming the file and the place, never a crash: binary
// traces cut at every offset or with flipped bytes, wrong magic, unknown opcodes, bad
// enum values, newer versions; YAML with wrong types, unknown keys and commands.
#include <gtest/gtest.h>

#include "common/error.h"
#include "test_util.h"
#include "trace/reader.h"
#include "trace/writer.h"

namespace gfx::test {
namespace {

using namespace gfx::trace;

const std::string kEvery = source_path("tests/trace/data/every_command.yaml");

std::string yaml_error(const ScratchDir& dir, const std::string& commands) {
  std::string path = dir.path("bad.yaml");
  write_text(path, "gfxsim_trace: 1\nname: bad\nwidth: 64\nheight: 64\ncommands:\n" + commands);
  return read_error(path);
}

TEST(TraceErrors, MissingFile) {
  EXPECT_EQ(read_error("/nonexistent/t.gfxt"),
            "/nonexistent/t.gfxt: cannot open trace: No such file or directory");
}

TEST(TraceErrors, TruncatedBinaryAtEveryOffset) {
  ScratchDir dir;
  write_all(dir.path("full.gfxt"), read_all(kEvery), Form::Binary);
  const auto bytes = read_bytes(dir.path("full.gfxt"));
  ASSERT_GT(bytes.size(), 100u);
  const std::string cut = dir.path("cut.gfxt");
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    write_bytes(cut, std::vector<uint8_t>(bytes.begin(), bytes.begin() + n));
    std::string e = read_error(cut);
    ASSERT_EQ(e.rfind(cut + ": ", 0), 0u) << "cut at " << n << ": " << e;
    EXPECT_NE(e.find("byte "), std::string::npos) << "cut at " << n << ": " << e;
  }
  EXPECT_EQ(read_error(dir.path("full.gfxt")), "");
}

TEST(TraceErrors, TruncationMessageNamesCommandAndOffset) {
  // The stream ends 10 bytes into a record whose length word promises 64.
  ScratchDir dir;
  write_raw_binary(dir.path("short.gfxt"), 1,
                   {{0, header_payload(8, 8, "x")}, {1, {1, 0, 0, 0, 56, 0, 0, 0, 9, 9}, 64}});
  EXPECT_EQ(read_error(dir.path("short.gfxt")),
            dir.path("short.gfxt") +
                ": command 0 at byte 19: truncated (expected 64 payload "
                "bytes, got 10)");
}

TEST(TraceErrors, FlippedBytesNeverCrash) {
  ScratchDir dir;
  write_all(dir.path("full.gfxt"), read_all(kEvery), Form::Binary);
  const auto bytes = read_bytes(dir.path("full.gfxt"));
  const std::string bad = dir.path("flip.gfxt");
  int errors = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    auto b = bytes;
    b[i] ^= 0x5A;
    write_bytes(bad, b);
    std::string e = read_error(bad);  // an error, or a clean read of changed bytes
    if (!e.empty()) {
      ++errors;
      EXPECT_EQ(e.rfind(bad + ": ", 0), 0u) << e;
    }
  }
  EXPECT_GT(errors, static_cast<int>(bytes.size()) / 2);
}

TEST(TraceErrors, WrongMagic) {
  ScratchDir dir;
  auto bytes = read_bytes(source_path("traces/fillrate.gfxt"));
  ASSERT_GT(bytes.size(), 12u);
  bytes[7] = 'X';  // "GFXTRACX"
  write_bytes(dir.path("m.gfxt"), bytes);
  EXPECT_EQ(read_error(dir.path("m.gfxt")),
            dir.path("m.gfxt") + ": not a gfxsim trace (no \"GFXTRACE\" magic, and not YAML text)");
}

TEST(TraceErrors, NewerFormatVersion) {
  ScratchDir dir;
  write_raw_binary(dir.path("v.gfxt"), 2, {{0, header_payload(8, 8, "v")}, {0xFFFF, {}}});
  EXPECT_EQ(read_error(dir.path("v.gfxt")),
            dir.path("v.gfxt") +
                ": format version 2 is newer than this gfxsim reads (1); "
                "use a newer gfxsim");
}

TEST(TraceErrors, UnknownOpcode) {
  ScratchDir dir;
  write_raw_binary(dir.path("op.gfxt"), 1,
                   {{0, header_payload(8, 8, "op")}, {81, {}}, {99, {1, 2}}, {0xFFFF, {}}});
  // Header record: 6 + width 4 + height 4 + name 4 + 2 = 20 bytes, present 6 bytes: the
  // third record (command 1) starts at byte 26. (With a 1-character name, as in the
  // tests below, command 0 starts at byte 19.)
  EXPECT_EQ(read_error(dir.path("op.gfxt")),
            dir.path("op.gfxt") +
                ": command 1 at byte 26: unknown opcode 99 (the file may come "
                "from a newer gfxsim than this one)");
}

TEST(TraceErrors, ReaderRepeatsItsErrorInsteadOfResuming) {
  ScratchDir dir;
  write_raw_binary(dir.path("s.gfxt"), 1,
                   {{0, header_payload(8, 8, "s")}, {81, {}}, {99, {}}, {81, {}}, {0xFFFF, {}}});
  auto r = Reader::open(dir.path("s.gfxt"));
  Command c;
  EXPECT_TRUE(r->next(c));
  for (int i = 0; i < 2; ++i) {
    try {
      r->next(c);
      FAIL() << "call " << i << " did not throw";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("command 1 at byte 25: unknown opcode 99"),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(TraceErrors, TruncatedPayload) {
  ScratchDir dir;
  // A create_vertex_buffer whose blob says 64 bytes but the payload holds 6.
  std::vector<uint8_t> vb = {1, 0, 0, 0, 64, 0, 0, 0, 1, 2, 3, 4, 5, 6};
  write_raw_binary(dir.path("p.gfxt"), 1, {{0, header_payload(8, 8, "p")}, {1, vb}, {0xFFFF, {}}});
  EXPECT_EQ(read_error(dir.path("p.gfxt")),
            dir.path("p.gfxt") +
                ": command 0 at byte 19 (create_vertex_buffer): field 'bytes': "
                "payload ends early (needs 64 more bytes, has 6)");
}

TEST(TraceErrors, StreamWithoutEnd) {
  ScratchDir dir;
  write_raw_binary(dir.path("e.gfxt"), 1, {{0, header_payload(8, 8, "e")}, {81, {}}});
  std::string e = read_error(dir.path("e.gfxt"));
  EXPECT_EQ(e, dir.path("e.gfxt") +
                   ": command 1 at byte 25: truncated: the stream ends without its END record");
}

TEST(TraceErrors, InvalidEnumInBinary) {
  ScratchDir dir;
  // draw_primitive {topology 7 (no such D3DPRIMITIVETYPE), start 0, count 1}
  std::vector<uint8_t> draw = {7, 0, 0, 0, 0, 1, 0, 0, 0};
  write_raw_binary(dir.path("t.gfxt"), 1,
                   {{0, header_payload(8, 8, "t")}, {48, draw}, {0xFFFF, {}}});
  EXPECT_EQ(read_error(dir.path("t.gfxt")),
            dir.path("t.gfxt") +
                ": command 0 at byte 19 (draw_primitive): field 'topology': "
                "invalid value 7");
}

TEST(TraceErrors, TrailingPayloadBytes) {
  ScratchDir dir;
  write_raw_binary(dir.path("x.gfxt"), 1,
                   {{0, header_payload(8, 8, "x")}, {81, {0, 0}}, {0xFFFF, {}}});
  EXPECT_EQ(read_error(dir.path("x.gfxt")),
            dir.path("x.gfxt") +
                ": command 0 at byte 19 (present): payload has 2 bytes beyond "
                "its last field");
}

TEST(TraceErrors, YamlWrongTypeNamesFileLineColumn) {
  ScratchDir dir;
  std::string e = yaml_error(dir,
                             "  - present: {}\n"
                             "  - draw: {topology: triangle_list, vertex_count: abc}\n");
  EXPECT_EQ(e, dir.path("bad.yaml") +
                   ":7:51: command 1 (draw): field 'vertex_count': expected an unsigned integer, "
                   "got \"abc\"");
}

TEST(TraceErrors, YamlBadEnumName) {
  ScratchDir dir;
  std::string e = yaml_error(dir, "  - set_render_states:\n      cull_mode: clockwise\n");
  EXPECT_EQ(e, dir.path("bad.yaml") +
                   ":7:18: command 0 (set_render_states): field 'cull_mode': expected one of "
                   "none, cw, ccw, got \"clockwise\"");
}

TEST(TraceErrors, YamlBadTextureLayout) {
  ScratchDir dir;
  std::string e =
      yaml_error(dir,
                 "  - create_texture: {id: 1, width: 1, height: 1, levels: [{u8: [0, 0, 0, 0]}],"
                 " layout: swizzled}\n");
  EXPECT_EQ(e, dir.path("bad.yaml") +
                   ":6:88: command 0 (create_texture): field 'layout': expected one of "
                   "tiled, linear, got \"swizzled\"");
}

TEST(TraceErrors, YamlUnknownField) {
  ScratchDir dir;
  std::string e = yaml_error(dir, "  - draw: {vertex_count: 3, vertexcount: 4}\n");
  EXPECT_EQ(e, dir.path("bad.yaml") + ":6:29: command 0 (draw): unknown field 'vertexcount'");
}

TEST(TraceErrors, YamlUnknownCommand) {
  ScratchDir dir;
  std::string e = yaml_error(dir, "  - present: {}\n  - draw_everything: {}\n");
  EXPECT_EQ(e, dir.path("bad.yaml") + ":7:5: command 1: unknown command 'draw_everything'");
}

TEST(TraceErrors, YamlMissingRequiredField) {
  ScratchDir dir;
  std::string e = yaml_error(dir, "  - create_vertex_buffer: {id: 4}\n");
  EXPECT_EQ(
      e, dir.path("bad.yaml") + ":6:27: command 0 (create_vertex_buffer): missing field 'bytes'");
}

TEST(TraceErrors, YamlCheckFailureNamesTheField) {
  ScratchDir dir;
  std::string e = yaml_error(dir,
                             "  - create_texture:\n"
                             "      id: 1\n"
                             "      width: 4\n"
                             "      height: 4\n"
                             "      levels: [{u32: [1, 2]}]\n");
  EXPECT_EQ(e, dir.path("bad.yaml") +
                   ":10:15: command 0 (create_texture): field 'levels': level 0 has 8 bytes, "
                   "expected 64 (4x4 texels of 4 bytes)");
}

TEST(TraceErrors, YamlNestedFieldAndRange) {
  ScratchDir dir;
  std::string e = yaml_error(
      dir,
      "  - create_vertex_declaration:\n"
      "      id: 1\n"
      "      elements: [{offset: 0, type: float3, usage: position, usage_index: 300}]\n");
  EXPECT_EQ(e, dir.path("bad.yaml") +
                   ":8:74: command 0 (create_vertex_declaration): field 'elements[0].usage_index': "
                   "expected an unsigned integer up to 255, got \"300\"");
}

TEST(TraceErrors, YamlSyntaxError) {
  ScratchDir dir;
  std::string e = yaml_error(dir, "  - draw: {vertex_count: [3}\n");
  EXPECT_EQ(e.rfind(dir.path("bad.yaml") + ":6:", 0), 0u) << e;
}

TEST(TraceErrors, YamlNotATrace) {
  ScratchDir dir;
  write_text(dir.path("n.yaml"), "just: some\nyaml: here\n");
  EXPECT_EQ(read_error(dir.path("n.yaml")),
            dir.path("n.yaml") + ":1:1: header: not a gfxsim trace: no 'gfxsim_trace' version key");
  write_text(dir.path("v.yaml"), "gfxsim_trace: 7\nwidth: 8\nheight: 8\n");
  EXPECT_EQ(read_error(dir.path("v.yaml")),
            dir.path("v.yaml") +
                ":1:15: header: format version 7 is newer than this gfxsim reads "
                "(1); use a newer gfxsim");
}

}  // namespace
}  // namespace gfx::test
