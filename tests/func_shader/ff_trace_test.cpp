// The fixed-function trace additions: set_light, light_enable, set_material (opcodes
// 28..30) and the lighting/fog render states, through both trace forms, with the checks a
// reader makes on them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

#include "common/error.h"
#include "trace/binary_codec.h"
#include "trace/check.h"
#include "trace/reader.h"
#include "trace/render_states.h"
#include "trace/writer.h"

namespace gfx::test {
namespace {

class TempDir {
 public:
  TempDir()
      : dir_(std::filesystem::temp_directory_path() /
             ("gfx_ff_trace_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::string path(const char* name) const { return (dir_ / name).string(); }

 private:
  std::filesystem::path dir_;
};

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

trace::SetLight spot() {
  trace::SetLight l;
  l.index = 5;
  l.type = api::LightType::Spot;
  l.diffuse = {1, 0.5f, 0.25f, 1};
  l.position = {1, 2, 3};
  l.direction = {0, -1, 0};
  l.range = 20;
  l.falloff = 2;
  l.attenuation1 = 0.5f;
  l.theta = 0.5f;
  l.phi = 1.5f;
  return l;
}

TEST(FfTrace, OpcodesAndNames) {
  EXPECT_EQ(trace::opcode_of(trace::SetLight{}), 28);
  EXPECT_EQ(trace::opcode_of(trace::LightEnable{}), 29);
  EXPECT_EQ(trace::opcode_of(trace::SetMaterial{}), 30);
  EXPECT_STREQ(trace::name_of(trace::SetMaterial{}), "set_material");
}

TEST(FfTrace, BothFormsRoundTrip) {
  TempDir tmp;
  trace::SetMaterial m;
  m.diffuse = {0.25f, 0.5f, 1, 1};
  m.emissive = {0, 0, 0.125f, 0};
  m.power = 12;
  trace::SetRenderStates rs;
  rs.states = {{api::RenderStateId::Lighting, 1},
               {api::RenderStateId::Ambient, 0xFF102030u},
               {api::RenderStateId::FogVertexMode, 3},
               {api::RenderStateId::FogEnd, bits(2.5f)},
               {api::RenderStateId::DiffuseMaterialSource, 0}};
  for (trace::Form form : {trace::Form::Binary, trace::Form::Yaml}) {
    const std::string file = tmp.path(form == trace::Form::Yaml ? "t.yaml" : "t.gfxt");
    trace::Header h;
    h.width = h.height = 16;
    auto w = trace::Writer::create(file, h, form);
    w->write(spot());
    w->write(trace::LightEnable{5, 0});
    w->write(m);
    w->write(rs);
    w->finish();
    auto r = trace::Reader::open(file);
    trace::Command c;
    ASSERT_TRUE(r->next(c));
    const auto& l = std::get<trace::SetLight>(c);
    EXPECT_EQ(l.index, 5u);
    EXPECT_EQ(l.type, api::LightType::Spot);
    EXPECT_EQ(l.diffuse, (std::vector<float>{1, 0.5f, 0.25f, 1}));
    EXPECT_EQ(l.direction, (std::vector<float>{0, -1, 0}));
    EXPECT_EQ(l.phi, 1.5f);
    ASSERT_TRUE(r->next(c));
    EXPECT_EQ(std::get<trace::LightEnable>(c).enable, 0u);
    ASSERT_TRUE(r->next(c));
    EXPECT_EQ(std::get<trace::SetMaterial>(c).power, 12.0f);
    EXPECT_EQ(std::get<trace::SetMaterial>(c).emissive, (std::vector<float>{0, 0, 0.125f, 0}));
    ASSERT_TRUE(r->next(c));
    const auto& got = std::get<trace::SetRenderStates>(c).states;
    ASSERT_EQ(got.size(), 5u);
    api::RenderStates s;
    for (const auto& v : got) trace::apply_render_state(s, v);
    EXPECT_TRUE(s.lighting);
    EXPECT_EQ(s.ambient, 0xFF102030u);
    EXPECT_EQ(s.fog_vertex_mode, api::FogMode::Linear);
    EXPECT_EQ(s.fog_end, 2.5f);
    EXPECT_EQ(s.diffuse_source, api::MaterialSource::Material);
    EXPECT_FALSE(r->next(c));
  }
}

TEST(FfTrace, YamlSpellings) {
  TempDir tmp;
  const std::string file = tmp.path("s.yaml");
  std::ofstream(file) << "gfxsim_trace: 1\nwidth: 8\nheight: 8\ncommands:\n"
                         "  - set_render_states: {fog_start: 0.5, fog_color: 0xFF00FF00,"
                         " emissive_material_source: color2, fog_enable: true}\n";
  auto r = trace::Reader::open(file);
  trace::Command c;
  ASSERT_TRUE(r->next(c));
  api::RenderStates s;
  for (const auto& v : std::get<trace::SetRenderStates>(c).states) trace::apply_render_state(s, v);
  EXPECT_EQ(s.fog_start, 0.5f);
  EXPECT_EQ(s.fog_color, 0xFF00FF00u);
  EXPECT_EQ(s.emissive_source, api::MaterialSource::Color2);
  EXPECT_TRUE(s.fog_enable);
}

TEST(FfTrace, ChecksRejectBadLights) {
  trace::SetLight l = spot();
  EXPECT_NO_THROW(trace::check_command(l));
  l.index = 8;
  EXPECT_THROW(trace::check_command(l), Error);
  l = spot();
  l.diffuse = {1, 1, 1};
  EXPECT_THROW(trace::check_command(l), Error);
  l = spot();
  l.attenuation1 = 0;  // a spot light with no attenuation term
  EXPECT_THROW(trace::check_command(l), Error);
  l = spot();
  l.theta = 2;  // inner cone wider than the outer one
  EXPECT_THROW(trace::check_command(l), Error);
  EXPECT_THROW(trace::check_command(trace::LightEnable{0, 2}), Error);
  trace::SetMaterial m;
  m.power = std::numeric_limits<float>::infinity();
  EXPECT_THROW(trace::check_command(m), Error);
  trace::SetRenderStates rs;
  rs.states = {{api::RenderStateId::FogVertexMode, 4}};
  EXPECT_THROW(trace::check_command(rs), Error);
}

TEST(FfTrace, ChecksRejectBadConstantsAndStages) {
  trace::SetShaderConstantsInt i;
  i.start_register = 15;
  i.values = {3, 0, 1, -4};
  EXPECT_NO_THROW(trace::check_command(i));
  i.values = {3, 0, 1.5f, 0};  // not a whole number
  EXPECT_THROW(trace::check_command(i), Error);
  i.values = {3, 0, 1, 0, 1, 1, 1, 1};  // i15..i16
  EXPECT_THROW(trace::check_command(i), Error);
  trace::SetShaderConstantsBool b;
  b.values = {1, 0, 1};
  EXPECT_NO_THROW(trace::check_command(b));
  b.values = {2};
  EXPECT_THROW(trace::check_command(b), Error);
  trace::SetTextureStageState t;
  t.stage = 1;
  t.state.color_arg1 = 0x30 | 3;  // TFACTOR, complemented, alpha replicated
  EXPECT_NO_THROW(trace::check_command(t));
  t.state.color_arg1 = 7;
  EXPECT_THROW(trace::check_command(t), Error);
  t.state.color_arg1 = 2;
  t.state.color_op = 27;
  EXPECT_THROW(trace::check_command(t), Error);
  t.state.color_op = 4;
  t.stage = 8;
  EXPECT_THROW(trace::check_command(t), Error);
  EXPECT_EQ(trace::opcode_of(trace::SetTextureStageState{}), 33);
}

// D3DTSS_TEXCOORDINDEX with D3DTSS_TCI_* modes, D3DTSS_TEXTURETRANSFORMFLAGS and the
// D3DTS_TEXTURE0..7 transform kinds.
TEST(FfTrace, ChecksTexgenAndTextureTransforms) {
  trace::SetTextureStageState t;
  for (uint32_t index : {0x7u, 0x10000u, 0x20003u, 0x30000u, 0x40007u}) {
    t.state.texcoord_index = index;
    EXPECT_NO_THROW(trace::check_command(t)) << index;
  }
  for (uint32_t index : {0x8u, 0x50000u, 0x10008u}) {
    t.state.texcoord_index = index;
    EXPECT_THROW(trace::check_command(t), Error) << index;
  }
  t.state.texcoord_index = 0;
  for (uint32_t flags : {0u, 1u, 2u, 3u, 4u, 258u, 259u, 260u}) {
    t.state.texture_transform_flags = flags;
    EXPECT_NO_THROW(trace::check_command(t)) << flags;
  }
  for (uint32_t flags : {5u, 256u, 257u, 512u}) {
    t.state.texture_transform_flags = flags;
    EXPECT_THROW(trace::check_command(t), Error) << flags;
  }
  EXPECT_EQ(api::from_name<api::TransformKind>("texture0"), api::TransformKind::Texture0);
  EXPECT_EQ(api::to_name(api::TransformKind::Texture7), "texture7");
  EXPECT_EQ(unsigned(api::TransformKind::Texture7), 23u);
  EXPECT_TRUE(api::is_valid<api::TransformKind>(16));
  EXPECT_FALSE(api::is_valid<api::TransformKind>(24));
}

using Bytes = std::vector<uint8_t>;

// set_texture_stage_state's optional tail (COLORARG0, ALPHAARG0, RESULTARG, CONSTANT):
// absent from the payload while at D3D9's defaults, so version-1 payloads keep their bytes
// and still decode; present and read back in both forms otherwise; checked.
TEST(FfTrace, TextureStageTailTravelsOnlyWhenUsed) {
  trace::SetTextureStageState plain;
  plain.stage = 2;
  plain.state.color_op = 25;
  Bytes out;
  trace::binary::encode(trace::Command(plain), out);
  EXPECT_EQ(out.size(), 9u * 4);  // stage and the eight version-1 fields
  trace::SetTextureStageState extended = plain;
  extended.state.color_arg0 = 0x26;  // CONSTANT, alpha replicated
  extended.state.result_arg = 5;     // TEMP
  extended.state.constant = 0x80402010u;
  trace::binary::encode(trace::Command(extended), out);
  ASSERT_EQ(out.size(), 19u * 4);  // the whole tail, the bump-environment floats at 0 too
  Bytes tail = {0x26, 0, 0, 0, 1, 0, 0, 0, 5, 0, 0, 0, 0x10, 0x20, 0x40, 0x80};
  tail.resize(16 + 6 * 4, 0);
  EXPECT_EQ(Bytes(out.begin() + 36, out.end()), tail);
  TempDir tmp;
  for (trace::Form form : {trace::Form::Binary, trace::Form::Yaml}) {
    const std::string file = tmp.path(form == trace::Form::Yaml ? "s.yaml" : "s.gfxt");
    trace::Header h;
    h.width = h.height = 16;
    auto w = trace::Writer::create(file, h, form);
    w->write(plain);
    w->write(extended);
    w->finish();
    auto r = trace::Reader::open(file);
    trace::Command c;
    ASSERT_TRUE(r->next(c));
    EXPECT_EQ(std::get<trace::SetTextureStageState>(c).state, plain.state);
    ASSERT_TRUE(r->next(c));
    EXPECT_EQ(std::get<trace::SetTextureStageState>(c).state, extended.state);
  }
  extended.state.result_arg = 3;  // only CURRENT or TEMP
  EXPECT_THROW(trace::check_command(extended), Error);
  extended.state.result_arg = 1;
  extended.state.alpha_arg0 = 7;
  EXPECT_THROW(trace::check_command(extended), Error);
}

}  // namespace
}  // namespace gfx::test
