// The tex instruction inside the interpreter: LOD from 2x2 quads, vertex LOD 0, skipped dead
// quads, unbound samplers, and the texel coordinates reported to the sink.
#include <gtest/gtest.h>

#include <array>

#include "common/error.h"
#include "shader_test_util.h"

namespace gfx::func::test {
namespace {

float unorm(unsigned c) { return float(c / 255.0); }

// 8x8 with 4 levels; level l is solid with red = 60 * l.
const api::Texture& mip_chain() {
  static const api::Texture t = make_texture(
      8, 8, 4, [](unsigned l, uint32_t, uint32_t) { return 0xFF000000u | (60u * l) << 16; });
  return t;
}

std::array<SamplerBinding, api::kMaxSamplers> bind(unsigned slot, const api::Texture& t,
                                                   api::Filter min, api::Filter mip,
                                                   api::Filter mag = api::Filter::Point) {
  std::array<SamplerBinding, api::kMaxSamplers> s{};
  s[slot].texture = &t;
  s[slot].state.min_filter = min;
  s[slot].state.mag_filter = mag;
  s[slot].state.mip_filter = mip;
  s[slot].state.address_u = s[slot].state.address_v = api::Address::Clamp;
  return s;
}

// A pixel warp of quads; coords[l] is lane l's texture coordinate (in v0.xy).
Warp pixel_warp(const std::vector<std::array<float, 2>>& coords, uint64_t live) {
  Warp w;
  w.lanes = int(coords.size());
  w.live = live;
  for (int l = 0; l < w.lanes; ++l) w.set_input(0, l, Vec4{coords[l][0], coords[l][1], 0, 1});
  return w;
}

Program pixel_tex_program(uint8_t sampler = 0) {
  return program({tex(o(0), v(0), sampler)}, 1, 1, 1, api::ShaderStage::Pixel);
}

TEST(TexInstr, QuadDerivativesSelectTheMipLevel) {
  const auto samplers = bind(3, mip_chain(), api::Filter::Point, api::Filter::Point);
  // Quad 0 steps 2 texels per pixel (LOD 1), quad 1 one texel per pixel (LOD 0).
  // clang-format off
  Warp w = pixel_warp({{0.125f, 0.125f}, {0.375f, 0.125f}, {0.125f, 0.375f}, {0.375f, 0.375f},
                       {0.0625f, 0.0625f}, {0.1875f, 0.0625f}, {0.0625f, 0.1875f},
                       // clang-format on
                       {0.1875f, 0.1875f}},
                      0xFF);
  run(pixel_tex_program(3), w, {}, samplers.data());
  for (int l = 0; l < 4; ++l) EXPECT_EQ(w.output_vec(0, l).x, unorm(60)) << "lane " << l;
  for (int l = 4; l < 8; ++l) EXPECT_EQ(w.output_vec(0, l).x, unorm(0)) << "lane " << l;
}

TEST(TexInstr, TrilinearQuadReportsBothLevels) {
  const auto samplers = bind(0, mip_chain(), api::Filter::Point, api::Filter::Linear);
  // dx = dy = 2 texels along both axes: |d|^2 = 8, LOD 1.5.
  Warp w =
      pixel_warp({{0.375f, 0.375f}, {0.625f, 0.625f}, {0.125f, 0.625f}, {0.375f, 0.875f}}, 0x1);
  RecordingSink sink;
  run(pixel_tex_program(), w, {}, samplers.data(), &sink);
  for (int l = 0; l < 4; ++l) EXPECT_EQ(w.output_vec(0, l).x, unorm(90)) << "lane " << l;
  EXPECT_EQ(sink.level_texels(1), (std::vector<uint32_t>{1, 1, 2, 2, 0, 2, 1, 3}));
  EXPECT_EQ(sink.level_texels(2), (std::vector<uint32_t>{0, 0, 1, 1, 0, 1, 0, 1}));
  EXPECT_TRUE(sink.level_texels(0).empty());
}

TEST(TexInstr, SinkGetsHelperLanesButNotDeadQuads) {
  const api::Texture t = make_texture(
      4, 4, 1, [](unsigned, uint32_t x, uint32_t y) { return 0xFF000000u | (x + 4 * y) << 16; });
  const auto samplers = bind(0, t, api::Filter::Point, api::Filter::None);
  // Quad 0: only lane 2 covered, lanes 0, 1 and 3 are helpers. Quad 1: nothing covered.
  // clang-format off
  Warp w = pixel_warp({{0.125f, 0.125f}, {0.375f, 0.125f}, {0.125f, 0.375f}, {0.375f, 0.375f},
                       {0.875f, 0.875f}, {0.875f, 0.875f}, {0.875f, 0.875f}, {0.875f, 0.875f}},
                      // clang-format on
                      0x4);
  Program p =
      program({ins(Op::Mov, rd(0), v(0)), tex(o(0), r(0), 0)}, 1, 1, 1, api::ShaderStage::Pixel);
  RecordingSink sink;
  std::vector<OpClass> rec;
  run(p, w, {}, samplers.data(), &sink, &rec);
  ASSERT_EQ(sink.calls.size(), 1u);
  EXPECT_EQ(sink.calls[0].issue_index, 1u);
  EXPECT_EQ(rec[sink.calls[0].issue_index], OpClass::Texture);
  EXPECT_EQ(sink.calls[0].level, 0u);
  EXPECT_EQ(sink.calls[0].xy, (std::vector<uint32_t>{0, 0, 1, 0, 0, 1, 1, 1}));
  EXPECT_EQ(w.output_vec(0, 3).x, unorm(5));          // helper lanes still sample
  EXPECT_EQ(w.output_vec(0, 4), (Vec4{0, 0, 0, 0}));  // dead quad: not sampled
}

TEST(TexInstr, VertexProgramsSampleLevelZeroPerLiveLane) {
  const auto samplers =
      bind(0, mip_chain(), api::Filter::Linear, api::Filter::Point, api::Filter::Linear);
  Warp w = pixel_warp({{0.5f, 0.5f}, {0.0f, 0.0f}, {0.9f, 0.03f}}, 0x5);
  Program p = program({tex(o(0), v(0), 0)}, 0, 1, 1, api::ShaderStage::Vertex);
  RecordingSink sink;
  run(p, w, {}, samplers.data(), &sink);
  EXPECT_EQ(w.output_vec(0, 0), (Vec4{0, 0, 0, 1}));  // level 0 is black
  EXPECT_EQ(w.output_vec(0, 1), (Vec4{0, 0, 0, 0}));  // dead lane
  // Bilinear footprints on level 0 (8x8, clamp): lane 0 at texel-space (3.5, 3.5), lane 2 at
  // (6.7, -0.26) -> taps x 6..7, y -1..0 with -1 clamped to 0.
  EXPECT_EQ(sink.level_texels(0),
            (std::vector<uint32_t>{3, 3, 4, 3, 3, 4, 4, 4, 6, 0, 7, 0, 6, 0, 7, 0}));
  EXPECT_EQ(sink.calls.size(), 1u);  // one batched call for the warp
}

TEST(TexInstr, UnboundSamplerReadsOpaqueBlack) {
  const auto samplers = bind(1, mip_chain(), api::Filter::Point, api::Filter::None);
  Warp w = pixel_warp({{0.5f, 0.5f}, {0.5f, 0.5f}, {0.5f, 0.5f}, {0.5f, 0.5f}}, 0xF);
  RecordingSink sink;
  run(pixel_tex_program(0), w, {}, samplers.data(), &sink);
  EXPECT_EQ(w.output_vec(0, 2), (Vec4{0, 0, 0, 1}));
  EXPECT_TRUE(sink.calls.empty());
  Warp w2 = pixel_warp({{0.5f, 0.5f}, {0.5f, 0.5f}, {0.5f, 0.5f}, {0.5f, 0.5f}}, 0xF);
  run(pixel_tex_program(0), w2);  // no sampler array at all
  EXPECT_EQ(w2.output_vec(0, 0), (Vec4{0, 0, 0, 1}));
}

TEST(TexInstr, WholeWarpBatchesByLevel) {
  // 16 quads, all LOD 0, bilinear: 64 lanes x 4 taps = 256 texels, one sink call.
  const auto samplers =
      bind(0, mip_chain(), api::Filter::Linear, api::Filter::Point, api::Filter::Linear);
  std::vector<std::array<float, 2>> coords;
  for (int q = 0; q < 16; ++q) {
    const float u = 0.0625f;
    coords.push_back({u, 0.0625f});
    coords.push_back({u + 0.125f, 0.0625f});
    coords.push_back({u, 0.1875f});
    coords.push_back({u + 0.125f, 0.1875f});
  }
  Warp w = pixel_warp(coords, ~0ull);
  RecordingSink sink;
  run(pixel_tex_program(), w, {}, samplers.data(), &sink);
  ASSERT_EQ(sink.calls.size(), 1u);
  EXPECT_EQ(sink.calls[0].xy.size(), 2u * 256);
}

TEST(TexInstr, MalformedTextureErrorNamesTheInstruction) {
  api::Texture t = mip_chain();
  t.levels[1].resize(3);
  const auto samplers = bind(2, t, api::Filter::Point, api::Filter::Point);
  Warp w = pixel_warp({{0.5f, 0.5f}, {0.5f, 0.5f}, {0.5f, 0.5f}, {0.5f, 0.5f}}, 0xF);
  try {
    run(pixel_tex_program(2), w, {}, samplers.data());
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "shader 'test' instruction 0 (tex o0, v0, s2): texture sampler: mip level 1 holds "
              "3 bytes, a 4x4 level needs 64");
  }
}

}  // namespace
}  // namespace gfx::func::test
