// Lossless conversion between the two trace forms, on a hand-written trace that uses
// every command: YAML -> binary -> YAML and binary -> YAML -> binary, with exact values
// (NaN payloads, negative zero, strip-cut indices) checked where they are easy to lose.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <set>

#include "common/error.h"
#include "test_util.h"
#include "trace/command_table.h"
#include "trace/writer.h"

namespace gfx::test {
namespace {

using namespace gfx::trace;

const std::string kEvery = source_path("tests/trace/data/every_command.yaml");

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

void expect_same_commands(const WholeTrace& a, const WholeTrace& b) {
  EXPECT_EQ(a.header.name, b.header.name);
  EXPECT_EQ(a.header.width, b.header.width);
  EXPECT_EQ(a.header.height, b.header.height);
  ASSERT_EQ(a.commands.size(), b.commands.size());
  for (std::size_t i = 0; i < a.commands.size(); ++i)
    EXPECT_EQ(encoded(a.commands[i]), encoded(b.commands[i])) << "command " << i;
}

TEST(TraceRoundTrip, FixtureUsesEveryCommand) {
  WholeTrace t = read_all(kEvery);
  std::set<std::size_t> kinds;
  for (const auto& c : t.commands) kinds.insert(c.index());
  EXPECT_EQ(kinds.size(), kCommandCount);
  EXPECT_EQ(t.header.name, "every command");
  EXPECT_EQ(t.header.width, 64u);
  EXPECT_EQ(t.header.height, 48u);
}

TEST(TraceRoundTrip, YamlValuesAreExact) {
  WholeTrace t = read_all(kEvery);
  const auto& vb = std::get<CreateVertexBuffer>(t.commands[1]);
  ASSERT_EQ(vb.buffer->bytes.size(), 60u);
  uint32_t nan_word, negzero_word, color_word;
  std::memcpy(&color_word, vb.buffer->bytes.data() + 12, 4);
  std::memcpy(&nan_word, vb.buffer->bytes.data() + 32 + 12, 4);
  std::memcpy(&negzero_word, vb.buffer->bytes.data() + 32 + 16, 4);
  EXPECT_EQ(color_word, 0xFFFF0000u);
  EXPECT_EQ(nan_word, 0x7FC00001u);
  EXPECT_EQ(negzero_word, 0x80000000u);

  const auto& ib = std::get<CreateIndexBuffer>(t.commands[4]);
  EXPECT_EQ(ib.buffer->format, api::Format::Index32);
  EXPECT_EQ(ib.buffer->count(), 4u);
  EXPECT_EQ(ib.buffer->bytes[12], 0xFF);

  const auto& tex = std::get<CreateTexture>(t.commands[5]);
  ASSERT_EQ(tex.texture->levels.size(), 2u);
  EXPECT_EQ(tex.texture->levels[1], (std::vector<uint8_t>{0x10, 0x20, 0x30, 0xFF}));

  const auto& ps = std::get<CreateShader>(t.commands[7]);
  EXPECT_EQ(std::string(ps.shader->data.begin(), ps.shader->data.end()), "ps_3_0\nmov oC0, c0\n");

  const auto& k = std::get<SetShaderConstants>(t.commands[16]);
  ASSERT_EQ(k.values.size(), 8u);
  EXPECT_TRUE(std::isinf(k.values[3]) && k.values[3] > 0);
  EXPECT_EQ(bits(k.values[5]), 0x7F800001u);  // a signalling NaN keeps its bits
  EXPECT_EQ(bits(k.values[6]), 0x7F7FFFFFu);  // FLT_MAX
  EXPECT_EQ(bits(k.values[7]), 0x00800000u);  // FLT_MIN

  const auto& rs = std::get<SetRenderStates>(t.commands[20]);
  ASSERT_EQ(rs.states.size(), 11u);
  EXPECT_EQ(rs.states[1].id, api::RenderStateId::ZFunc);
  EXPECT_EQ(rs.states[1].value, static_cast<uint32_t>(api::CmpFunc::GreaterEqual));
  EXPECT_EQ(rs.states[5].value, 7u);

  const auto& clear = std::get<Clear>(t.commands[21]);
  EXPECT_EQ(clear.flags, 7u);
  EXPECT_EQ(clear.color, 0xFF336699u);
  const auto& dip = std::get<DrawIndexedPrimitive>(t.commands[23]);
  EXPECT_EQ(dip.base_vertex, -1);
  const auto& scissor = std::get<SetScissorRect>(t.commands[19]);
  EXPECT_EQ(scissor.rect.left, -3);
}

TEST(TraceRoundTrip, YamlToBinaryToYaml) {
  ScratchDir dir;
  WholeTrace original = read_all(kEvery);
  write_all(dir.path("a.gfxt"), original, Form::Binary);
  WholeTrace from_binary = read_all(dir.path("a.gfxt"));
  expect_same_commands(original, from_binary);

  write_all(dir.path("b.yaml"), from_binary, Form::Yaml);
  WholeTrace from_yaml = read_all(dir.path("b.yaml"));
  expect_same_commands(original, from_yaml);

  // The writer's own YAML survives a further round trip unchanged, text for text.
  write_all(dir.path("c.gfxt"), from_yaml, Form::Binary);
  write_all(dir.path("d.yaml"), read_all(dir.path("c.gfxt")), Form::Yaml);
  EXPECT_EQ(read_text(dir.path("b.yaml")), read_text(dir.path("d.yaml")));
}

TEST(TraceRoundTrip, BinaryToYamlToBinaryIsByteIdentical) {
  ScratchDir dir;
  write_all(dir.path("a.gfxt"), read_all(kEvery), Form::Binary);
  write_all(dir.path("b.yaml"), read_all(dir.path("a.gfxt")), Form::Yaml);
  write_all(dir.path("c.gfxt"), read_all(dir.path("b.yaml")), Form::Binary);
  auto a = read_bytes(dir.path("a.gfxt")), c = read_bytes(dir.path("c.gfxt"));
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(a, c);
}

TEST(TraceRoundTrip, WriterSpellsDataForPeople) {
  ScratchDir dir;
  write_all(dir.path("b.yaml"), read_all(kEvery), Form::Yaml);
  std::string y = read_text(dir.path("b.yaml"));
  EXPECT_NE(y.find("        - f32: [-1, 1, 0.5]\n        - u32: [0xFFFF0000]\n"),
            std::string::npos);
  EXPECT_NE(y.find("0x7FC00001"), std::string::npos);  // NaN word kept as its bits
  EXPECT_NE(y.find("bytes: {u16: [1, 2, 3, 65535]}"), std::string::npos);
  EXPECT_NE(y.find("data: {text: \"ps_3_0\\nmov oC0, c0\\n\"}"), std::string::npos);
  EXPECT_NE(y.find("{base64: \"AACAPwAAAEAAAEBAAACAQAAAoEAAAMBABw==\"}"), std::string::npos);
  EXPECT_NE(y.find("color: 0xFF336699"), std::string::npos);
  EXPECT_NE(y.find("flags: [target, zbuffer, stencil]"), std::string::npos);
  EXPECT_NE(y.find("values: [1, 0.5, 0.25, .inf, -.inf, 0x7F800001, 3.4028235e+38, "
                   "1.1754944e-38]"),
            std::string::npos);
  EXPECT_NE(y.find("  - present: {}\n  - release_resource: {id: 3}\n  - present: {}\n"),
            std::string::npos);
}

TEST(TraceRoundTrip, EmptyTraceInBothForms) {
  ScratchDir dir;
  WholeTrace empty;
  empty.header.name = "nothing";
  write_all(dir.path("e.yaml"), empty, Form::Yaml);
  write_all(dir.path("e.gfxt"), empty, Form::Binary);
  EXPECT_EQ(read_text(dir.path("e.yaml")),
            "gfxsim_trace: 1\nname: \"nothing\"\nwidth: 640\nheight: 480\ncommands: []\n");
  EXPECT_TRUE(read_all(dir.path("e.yaml")).commands.empty());
  EXPECT_TRUE(read_all(dir.path("e.gfxt")).commands.empty());
}

TEST(TraceRoundTrip, WriterLeavesNoFileWithoutFinish) {
  ScratchDir dir;
  {
    auto w = Writer::create(dir.path("x.gfxt"), Header{}, Form::Binary);
    w->write(Present{});
    EXPECT_TRUE(file_exists(dir.path("x.gfxt.tmp")));
  }
  EXPECT_FALSE(file_exists(dir.path("x.gfxt.tmp")));
  EXPECT_FALSE(file_exists(dir.path("x.gfxt")));
}

TEST(TraceRoundTrip, WriterRefusesMalformedCommands) {
  ScratchDir dir;
  auto w = Writer::create(dir.path("x.yaml"), Header{}, Form::Yaml);
  DrawPrimitive bad;
  bad.topology = api::Topology::TriangleListAdj;  // not a D3D9 topology
  try {
    w->write(bad);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              dir.path("x.yaml") +
                  ": cannot write command 0 (draw_primitive): field 'topology': "
                  "triangle_list_adj is not a D3D9 topology");
  }
  EXPECT_THROW(w->write(CreateVertexBuffer{1, nullptr}), Error);
}

TEST(TraceRoundTrip, FormForPath) {
  EXPECT_EQ(form_for_path("a/b.yaml"), Form::Yaml);
  EXPECT_EQ(form_for_path("b.yml"), Form::Yaml);
  EXPECT_EQ(form_for_path("b.gfxt"), Form::Binary);
  EXPECT_EQ(form_for_path("yaml"), Form::Binary);
}

}  // namespace
}  // namespace gfx::test

namespace gfx::test {
namespace {

TEST(TraceRoundTrip, BumpEnvironmentTailSurvivesBothForms) {
  // The bump-environment states are an optional tail of set_texture_stage_state: written
  // only when one is not 0, read back exactly from binary and YAML.
  ScratchDir dir;
  write_text(dir.path("bump.yaml"),
             "gfxsim_trace: 1\nname: bump\nwidth: 4\nheight: 4\ncommands:\n"
             "  - set_texture_stage_state: {stage: 1, bump_env_mat00: 0.5, bump_env_mat01: -0.25,"
             " bump_env_mat10: 2, bump_env_mat11: 1, bump_env_lscale: 4, bump_env_loffset: 0.125}\n"
             "  - set_texture_stage_state: {stage: 2}\n");
  write_all(dir.path("a.gfxt"), read_all(dir.path("bump.yaml")), trace::Form::Binary);
  write_all(dir.path("b.yaml"), read_all(dir.path("a.gfxt")), trace::Form::Yaml);
  const WholeTrace t = read_all(dir.path("b.yaml"));
  const auto& s = std::get<trace::SetTextureStageState>(t.commands[0]).state;
  EXPECT_EQ(s.bump_mat00, 0.5f);
  EXPECT_EQ(s.bump_mat01, -0.25f);
  EXPECT_EQ(s.bump_mat10, 2.0f);
  EXPECT_EQ(s.bump_mat11, 1.0f);
  EXPECT_EQ(s.bump_lscale, 4.0f);
  EXPECT_EQ(s.bump_loffset, 0.125f);
  const std::string y = read_text(dir.path("b.yaml"));
  EXPECT_EQ(y.find("bump_env", y.find("stage: 2")), std::string::npos);  // default: no tail
}

TEST(TraceRoundTrip, TextureLayoutTailSurvivesBothForms) {
  // create_texture's layout is a second optional tail after kind and depth: written only
  // when not tiled (and then with kind and depth before it), read back from both forms.
  ScratchDir dir;
  write_text(dir.path("layout.yaml"),
             "gfxsim_trace: 1\nname: layout\nwidth: 4\nheight: 4\ncommands:\n"
             "  - create_texture: {id: 1, width: 1, height: 1, levels: [{u8: [1, 2, 3, 4]}],"
             " layout: linear}\n"
             "  - create_texture: {id: 2, width: 1, height: 1, levels: [{u8: [1, 2, 3, 4]}]}\n");
  write_all(dir.path("a.gfxt"), read_all(dir.path("layout.yaml")), trace::Form::Binary);
  write_all(dir.path("b.yaml"), read_all(dir.path("a.gfxt")), trace::Form::Yaml);
  const WholeTrace t = read_all(dir.path("b.yaml"));
  EXPECT_EQ(std::get<trace::CreateTexture>(t.commands[0]).texture->layout,
            api::TextureLayout::Linear);
  EXPECT_EQ(std::get<trace::CreateTexture>(t.commands[1]).texture->layout,
            api::TextureLayout::Tiled);
  const std::string y = read_text(dir.path("b.yaml"));
  EXPECT_NE(y.find("layout: linear"), std::string::npos);
  EXPECT_EQ(y.find("layout", y.find("id: 2")), std::string::npos);  // default: no tail
}

}  // namespace
}  // namespace gfx::test
