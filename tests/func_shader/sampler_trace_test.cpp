// The sampler fields added after trace format version 1 (max_anisotropy, mip_lod_bias,
// max_mip_level) travel as set_sampler_state's optional tail: a sampler state at the
// defaults keeps the version-1 payload bytes, a version-1 payload still decodes, and a
// non-default state round-trips through both the binary and the YAML form.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "trace/binary_codec.h"
#include "trace/reader.h"
#include "trace/writer.h"

namespace gfx::test {
namespace {

using Bytes = std::vector<uint8_t>;

trace::SetSamplerState v1_state() {
  trace::SetSamplerState c;
  c.stage = 3;
  c.state.min_filter = api::Filter::Anisotropic;
  c.state.mag_filter = api::Filter::Linear;
  c.state.mip_filter = api::Filter::Point;
  c.state.address_u = api::Address::Clamp;
  c.state.address_v = api::Address::Mirror;
  c.state.border_color = 0x80FF0010u;
  return c;
}

// stage u32, five u8 enums (D3D numbers), border colour u32: the version-1 layout.
const Bytes kV1Payload = {3, 0, 0, 0, 3, 2, 1, 3, 2, 0x10, 0x00, 0xFF, 0x80};

std::size_t sampler_index() { return trace::Command(trace::SetSamplerState{}).index(); }

TEST(SamplerTrace, DefaultTailKeepsTheVersion1Payload) {
  Bytes out;
  trace::binary::encode(trace::Command(v1_state()), out);
  EXPECT_EQ(out, kV1Payload);
}

TEST(SamplerTrace, Version1PayloadDecodesWithDefaults) {
  trace::Command c;
  trace::binary::decode(sampler_index(), kV1Payload.data(), kV1Payload.size(), c);
  const auto& got = std::get<trace::SetSamplerState>(c);
  EXPECT_EQ(got.stage, 3u);
  EXPECT_EQ(got.state, v1_state().state);
  EXPECT_EQ(got.state.max_anisotropy, 1u);
  EXPECT_EQ(got.state.mip_lod_bias, 0.0f);
  EXPECT_EQ(got.state.max_mip_level, 0u);
}

TEST(SamplerTrace, NonDefaultTailIsAppendedAndReadBack) {
  trace::SetSamplerState s = v1_state();
  s.state.max_mip_level = 2;  // one non-default field brings the whole tail
  Bytes out;
  trace::binary::encode(trace::Command(s), out);
  Bytes want = kV1Payload;
  want.insert(want.end(), {1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0});
  EXPECT_EQ(out, want);

  s.state.max_anisotropy = 8;
  s.state.mip_lod_bias = -0.5f;  // 0xBF000000
  trace::binary::encode(trace::Command(s), out);
  want = kV1Payload;
  want.insert(want.end(), {8, 0, 0, 0, 0, 0, 0, 0xBF, 2, 0, 0, 0});
  EXPECT_EQ(out, want);
  trace::Command c;
  trace::binary::decode(sampler_index(), out.data(), out.size(), c);
  EXPECT_EQ(std::get<trace::SetSamplerState>(c).state, s.state);
}

TEST(SamplerTrace, CutTailIsAnError) {
  Bytes cut = kV1Payload;
  cut.insert(cut.end(), {4, 0, 0, 0});  // max_anisotropy without the rest
  trace::Command c;
  EXPECT_THROW(trace::binary::decode(sampler_index(), cut.data(), cut.size(), c), Error);
}

class TempDir {
 public:
  TempDir()
      : dir_(std::filesystem::temp_directory_path() /
             ("gfx_sampler_trace_" + std::to_string(::getpid()))) {
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

TEST(SamplerTrace, BothFormsRoundTripTheNewFields) {
  TempDir tmp;
  trace::SetSamplerState plain = v1_state();
  trace::SetSamplerState extended = v1_state();
  extended.stage = 5;
  extended.state.max_anisotropy = 16;
  extended.state.mip_lod_bias = 1.25f;
  extended.state.max_mip_level = 3;
  for (trace::Form form : {trace::Form::Binary, trace::Form::Yaml}) {
    const std::string file = tmp.path(form == trace::Form::Yaml ? "t.yaml" : "t.gfxt");
    trace::Header h;
    h.width = h.height = 16;
    auto w = trace::Writer::create(file, h, form);
    w->write(plain);
    w->write(extended);
    w->finish();
    auto r = trace::Reader::open(file);
    trace::Command c;
    ASSERT_TRUE(r->next(c));
    EXPECT_EQ(std::get<trace::SetSamplerState>(c).state, plain.state);
    ASSERT_TRUE(r->next(c));
    EXPECT_EQ(std::get<trace::SetSamplerState>(c).state, extended.state);
    EXPECT_FALSE(r->next(c));
    if (form == trace::Form::Yaml) {
      std::ifstream in(file);
      std::stringstream text;
      text << in.rdbuf();
      // Written only where a field is not at its default: once, for the extended state.
      const std::string all = text.str();
      const auto first = all.find("max_anisotropy: 16");
      ASSERT_NE(first, std::string::npos) << all;
      EXPECT_EQ(all.find("max_anisotropy", first + 1), std::string::npos) << all;
      EXPECT_NE(all.find("mip_lod_bias: 1.25"), std::string::npos) << all;
      EXPECT_NE(all.find("max_mip_level: 3"), std::string::npos) << all;
    }
  }
}

}  // namespace
}  // namespace gfx::test
