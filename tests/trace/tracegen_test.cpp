// The bundled traces: generating them twice gives the same bytes, those bytes are the
// ones committed in traces/ (so a stale commit fails here), and each one validates.
#include <gtest/gtest.h>

#include <sstream>

#include "test_util.h"
#include "tools/trace_tool_cli.h"
#include "tools/tracegen_traces.h"
#include "trace/draws.h"

namespace gfx::test {
namespace {

TEST(TraceGen, DeterministicAndCommitted) {
  ScratchDir a, b;
  tracegen::generate_traces(a.dir());
  tracegen::generate_traces(b.dir());
  for (const auto& name : tracegen::bundled_trace_names()) {
    auto first = read_bytes(a.path(name));
    ASSERT_FALSE(first.empty()) << name;
    EXPECT_EQ(first, read_bytes(b.path(name))) << name << " differs between two runs";
    EXPECT_EQ(first, read_bytes(source_path("traces/" + name)))
        << "traces/" << name << " is stale: regenerate with gfxsim-tracegen traces/";
    EXPECT_LT(first.size(), 1u << 20) << name;
  }
}

TEST(TraceGen, BundledTracesValidate) {
  for (const auto& name : tracegen::bundled_trace_names()) {
    std::ostringstream out, err;
    EXPECT_EQ(tools::run_trace_tool({"validate", source_path("traces/" + name)}, out, err), 0)
        << err.str();
  }
}

// What each trace promises in traces/README.md.
TEST(TraceGen, TracesHaveTheirShape) {
  struct Expect {
    const char* name;
    uint32_t width, height, frames, draws;
  };
  const Expect expected[] = {{"triangle.yaml", 320, 240, 1, 1},
                             {"scene640.gfxt", 640, 480, 4, 4 * 35},
                             {"scene640_msaa4x.gfxt", 640, 480, 4, 4 * 35},
                             {"fillrate.gfxt", 640, 480, 2, 2 * 16},
                             {"bandwidth.gfxt", 640, 480, 2, 2 * 6},
                             {"peak_fill.gfxt", 64, 64, 1, 64},
                             {"peak_zonly.gfxt", 64, 64, 1, 64},
                             {"peak_blend.gfxt", 64, 64, 1, 64},
                             {"peak_hiz.gfxt", 64, 64, 1, 64},
                             {"peak_clear.gfxt", 512, 512, 3, 0},
                             {"peak_latency.gfxt", 64, 64, 2, 2},
                             {"peak_fill_4x.gfxt", 32, 32, 1, 64}};
  for (const auto& e : expected) {
    WholeTrace t = read_all(source_path(std::string("traces/") + e.name));
    EXPECT_EQ(t.header.width, e.width) << e.name;
    EXPECT_EQ(t.header.height, e.height) << e.name;
    uint32_t frames = 0, draws = 0;
    for (const auto& c : t.commands) {
      frames += std::holds_alternative<trace::Present>(c);
      draws += trace::is_draw(c);
      // Fixed-function only: no shader is ever created or set.
      EXPECT_FALSE(std::holds_alternative<trace::CreateShader>(c)) << e.name;
    }
    EXPECT_EQ(frames, e.frames) << e.name;
    EXPECT_EQ(draws, e.draws) << e.name;
  }
}

// The study workloads (tracegen_workloads.cpp): 320x240, one frame, their draws, and their
// shaders D3D9 bytecode: one vs_3_0 and one ps_3_0 per kind of draw (mixed: all three).
TEST(TraceGen, StudyWorkloadsHaveTheirShape) {
  struct Expect {
    const char* name;
    uint32_t draws, pixel_shaders, textures;
  };
  const Expect expected[] = {{"shader_bound.gfxt", 1, 1, 1},
                             {"texture_bound.gfxt", 1, 1, 1},
                             {"geometry_bound.gfxt", 16, 1, 0},
                             {"mixed.gfxt", 18, 3, 2}};
  for (const auto& e : expected) {
    WholeTrace t = read_all(source_path(std::string("traces/") + e.name));
    EXPECT_EQ(t.header.width, 320u) << e.name;
    EXPECT_EQ(t.header.height, 240u) << e.name;
    uint32_t frames = 0, draws = 0, vs = 0, ps = 0, textures = 0;
    for (const auto& c : t.commands) {
      frames += std::holds_alternative<trace::Present>(c);
      draws += trace::is_draw(c);
      textures += std::holds_alternative<trace::CreateTexture>(c);
      if (auto* sh = std::get_if<trace::CreateShader>(&c)) {
        ASSERT_EQ(sh->shader->format, api::ShaderFormat::D3D9Bytecode) << e.name;
        ASSERT_GE(sh->shader->data.size(), 4u) << e.name;
        const auto& d = sh->shader->data;
        const uint32_t version = d[0] | d[1] << 8 | d[2] << 16 | uint32_t(d[3]) << 24;
        const bool pixel = sh->shader->stage == api::ShaderStage::Pixel;
        EXPECT_EQ(version, pixel ? 0xFFFF0300u : 0xFFFE0300u) << e.name;  // ps_3_0 / vs_3_0
        (pixel ? ps : vs) += 1;
      }
    }
    EXPECT_EQ(frames, 1u) << e.name;
    EXPECT_EQ(draws, e.draws) << e.name;
    EXPECT_EQ(vs, 1u) << e.name;
    EXPECT_EQ(ps, e.pixel_shaders) << e.name;
    EXPECT_EQ(textures, e.textures) << e.name;
  }
}

// The 4x fill benchmark is peak_fill multisampled; the others stay single-sample.
TEST(TraceGen, PeakFill4xIsMultisampled) {
  EXPECT_EQ(read_all(source_path("traces/peak_fill_4x.gfxt")).header.sample_count, 4u);
  EXPECT_EQ(read_all(source_path("traces/peak_fill.gfxt")).header.sample_count, 0u);
}

TEST(TraceGen, BandwidthTextureHasOneLevel) {
  WholeTrace t = read_all(source_path("traces/bandwidth.gfxt"));
  int textures = 0;
  for (const auto& c : t.commands)
    if (auto* tex = std::get_if<trace::CreateTexture>(&c)) {
      ++textures;
      EXPECT_EQ(tex->texture->width, 1024u);
      EXPECT_EQ(tex->texture->levels.size(), 1u);
    }
  EXPECT_EQ(textures, 1);
}

}  // namespace
}  // namespace gfx::test
