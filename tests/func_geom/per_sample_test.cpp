// Per-sample shading in the functional model (reference d3d-semantics.md §5.3-5.5): an SM4
// pixel program that reads SV_SampleIndex and interpolates an input `linear noperspective
// sample` runs once per covered sample of a 4x draw. The rectangle [0, 2.5) x [0, 4) cuts
// column 2 through its centre, so that column's pixels hold samples 0 (x offset -2/16) and
// 2 (-6/16) only. The program is assembled and translated as a trace's sm4_asm shader is.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <vector>

#include "d3d10/trace_shader.h"
#include "d3d10/translate.h"
#include "func/pipeline/stages.h"
#include "func/rop/rop.h"
#include "geom_test_util.h"

namespace gfx::func {
namespace {

using test::at_screen;
using test::params;

// o0 = (SV_SampleIndex * 64 / 255, v1.x at the sample, v2.x at the centre, 1); v1 and v2
// carry the same varying, x / 16 over the 16x16 viewport (exact in float).
constexpr char kPixelShader[] =
    "ps_4_0\n"
    "dcl_input_ps linear noperspective sample v1.x\n"
    "dcl_input_ps linear noperspective v2.x\n"
    "dcl_input_ps_siv linear noperspective v0.xy, position\n"
    "dcl_input_ps_sgv constant v3.x, sampleIndex\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "utof r0.x, v3.x\n"
    "mul o0.x, r0.x, l(0.250980)\n"
    "mov o0.y, v1.x\n"
    "mov o0.z, v2.x\n"
    "mov o0.w, l(1.000000)\n"
    "ret\n";

std::shared_ptr<const Program> pixel_program() {
  api::Shader src;
  src.stage = api::ShaderStage::Pixel;
  src.format = api::ShaderFormat::Sm4Asm;
  src.data.assign(kPixelShader, kPixelShader + sizeof kPixelShader - 1);
  return std::make_shared<const Program>(
      d3d10::translate(d3d10::load_trace_shader(src, "pixel shader 1"), "pixel shader 1"));
}

uint32_t bits_of(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

struct PerSample : ::testing::Test {
  std::shared_ptr<const Program> ps = pixel_program();
  std::vector<std::shared_ptr<const TriangleSetup>> tris;

  // The two clockwise triangles of [0, 2.5) x [0, 4) on a 16x16 4x D3D10 target, the
  // varying of v1/v2 equal to x / 16.
  void SetUp() override {
    RasterParams p = params(16, 16, api::DrawApi::D3D10, api::Cull::None);
    p.samples = 4;
    p.per_sample = runs_per_sample(*ps);
    auto v = [&](float x, float y) {
      ShadedVertex s = at_screen(x, y, 16, 16);
      for (const PixelInputBinding& in : ps->pixel_inputs)
        s.var[int(in.varying)] = {x / 16, 0, 0, 0};
      return s;
    };
    const ShadedVertex a = v(0, 0), b = v(2.5f, 0), c = v(0, 4), d = v(2.5f, 4);
    uint32_t mask = 0;
    for (const PixelInputBinding& in : ps->pixel_inputs) mask |= 1u << int(in.varying);
    for (const auto& t3 :
         {std::vector<ShadedVertex>{a, b, c}, std::vector<ShadedVertex>{c, b, d}}) {
      auto t = std::make_shared<TriangleSetup>();
      ASSERT_TRUE(setup_triangle(t3[0], t3[1], t3[2], p, mask, *t));
      tris.push_back(t);
    }
  }
};

TEST_F(PerSample, TheProgramRunsPerSample) {
  EXPECT_TRUE(runs_per_sample(*ps));
  EXPECT_TRUE(tris[0]->per_sample);
}

TEST_F(PerSample, SplitGivesOneQuadPerCoveredSample) {
  // Quad (2, 2) of the lower-right triangle: pixels (2, 2) and (2, 3) hold samples 0 and
  // 2 (left of x = 2.5); column 3 is outside.
  std::vector<Quad> quads, split;
  rasterize(*tris[1], quads);
  const Quad* edge = nullptr;
  for (const Quad& q : quads)
    if (q.x == 2 && q.y == 2) edge = &q;
  ASSERT_NE(edge, nullptr);
  EXPECT_EQ(edge->mask, 0x5);
  EXPECT_EQ(edge->samples, 0x5u | uint64_t(0x5) << (2 * kMaxSamples));
  split_samples(*edge, 4, split);
  ASSERT_EQ(split.size(), 2u);
  EXPECT_EQ(split[0].sample, 0);
  EXPECT_EQ(split[0].mask, 0x5);
  EXPECT_EQ(split[0].samples, 0x1u | uint64_t(0x1) << (2 * kMaxSamples));
  EXPECT_EQ(split[0].pixel_samples, edge->samples);
  EXPECT_EQ(split[1].sample, 2);
  EXPECT_EQ(split[1].samples, 0x4u | uint64_t(0x4) << (2 * kMaxSamples));
  // A partly covered sample: only the pixels that hold it are live, the others helpers.
  const Quad q{0, 0, 0x3, 0x1 | uint64_t(0xF) << kMaxSamples};
  split.clear();
  split_samples(q, 4, split);
  ASSERT_EQ(split.size(), 4u);
  EXPECT_EQ(split[0].mask, 0x3);
  EXPECT_EQ(split[1].mask, 0x2);
  EXPECT_EQ(split[3].mask, 0x2);
}

TEST_F(PerSample, InputsAtTheSampleSystemValuesAtTheCentre) {
  // Sample 2 of quad (2, 2): every lane, helpers (column 3) included, takes the sample's
  // x offset -6/16 in v1; v2 and SV_Position stay at the pixel centre; v3 = 2.
  Quad q{2, 2, 0x5, 0x4 | uint64_t(0x4) << (2 * kMaxSamples)};
  q.sample = 2;
  q.pixel_samples = 0x5 | uint64_t(0x5) << (2 * kMaxSamples);
  Warp warp;
  float z[4];
  interpolate_quad(*tris[1], q, *ps, warp, 0, z);
  for (int i = 0; i < 4; ++i) {
    const float cx = float(2 + (i & 1)) + 0.5f;
    EXPECT_EQ(warp.input(1, 0)[i], (cx - 6.0f / 16) / 16) << i;
    EXPECT_EQ(warp.input(2, 0)[i], cx / 16) << i;
    EXPECT_EQ(warp.input(0, 0)[i], cx) << i;
    EXPECT_EQ(warp.input(0, 1)[i], float(2 + (i >> 1)) + 0.5f) << i;
    EXPECT_EQ(bits_of(warp.input(3, 0)[i]), 2u) << i;
  }
  // A pixel-frequency quad of the same program reads sample index 0 and the centre.
  q.sample = -1;
  interpolate_quad(*tris[1], q, *ps, warp, 0, z);
  EXPECT_EQ(warp.input(1, 0)[0], 2.5f / 16);
  EXPECT_EQ(bits_of(warp.input(3, 0)[0]), 0u);
}

TEST_F(PerSample, PositionDeclaredSampleIsReadAtTheSample) {
  // SV_Position declared `linear noperspective sample`: the program runs per sample (it
  // reads no other per-sample value) and reads x, y at its sample, z on the triangle's
  // depth plane there (the depth the ROP tests for that sample), w = 1 / (1/w) there.
  constexpr char kText[] =
      "ps_4_0\n"
      "dcl_input_ps_siv linear noperspective sample v0.xyzw, position\n"
      "dcl_output o0.xyzw\n"
      "mov o0.xyzw, v0.xyzw\n"
      "ret\n";
  api::Shader src;
  src.stage = api::ShaderStage::Pixel;
  src.format = api::ShaderFormat::Sm4Asm;
  src.data.assign(kText, kText + sizeof kText - 1);
  const Program pos =
      d3d10::translate(d3d10::load_trace_shader(src, "pixel shader 2"), "pixel shader 2");
  EXPECT_TRUE(runs_per_sample(pos));
  Quad q{2, 2, 0x5, 0x4 | uint64_t(0x4) << (2 * kMaxSamples)};
  q.sample = 2;  // 4x sample 2: (-6, 2) / 16 from the centre
  q.pixel_samples = 0x5 | uint64_t(0x5) << (2 * kMaxSamples);
  Warp warp;
  float z[4], sz[4 * kMaxSamples];
  interpolate_quad(*tris[1], q, pos, warp, 0, z);
  sample_depths(*tris[1], q, sz);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(warp.input(0, 0)[i], float(2 + (i & 1)) + 0.5f - 6.0f / 16) << i;
    EXPECT_EQ(warp.input(0, 1)[i], float(2 + (i >> 1)) + 0.5f + 2.0f / 16) << i;
    EXPECT_EQ(warp.input(0, 2)[i], sz[kMaxSamples * i + 2]) << i;
    EXPECT_EQ(warp.input(0, 3)[i], 1.0f) << i;
  }
}

TEST_F(PerSample, EachInvocationWritesItsOwnSample) {
  // The functional renderer's path: rasterize, split, shade, ROP, on a cleared 4x target.
  RenderTarget rt;
  rt.set_samples(4);
  rt.resize(16, 16);
  clear(rt, 0, 0, 16, 16, api::ClearTarget, 0xFF0000FFu, 1.0f, 0);
  RopState s;
  s.samples = 4;
  s.viewport.width = 16;
  s.viewport.height = 16;
  DrawContext d;
  d.api = api::DrawApi::D3D10;
  d.pixel_program = ps;
  d.raster.samples = 4;
  int invocations = 0;
  Warp warp;
  PixelResults res;
  for (const auto& t : tris) {
    std::vector<Quad> quads, split;
    rasterize(*t, quads);
    for (const Quad& pq : quads) split_samples(pq, 4, split);
    for (const Quad& q : split) {
      const TriangleSetup* tp = t.get();
      shade_quads(d, &q, &tp, 1, warp, res, nullptr, nullptr);
      const Vec4* colors[kMaxRenderTargets];
      res.quad_colors(0, colors);
      float sz[4 * kMaxSamples];
      rop_quad_mrt(s, rt, q, res.live[0], res.z, colors, false, rop_sample_depths(d, tp, q, sz));
      invocations += __builtin_popcount(q.mask);
    }
  }
  // Columns 0 and 1 of rows 0..3: 4 samples each; column 2: 2 each.
  EXPECT_EQ(invocations, 8 * 4 + 4 * 2);
  // Pixel (2, 1): sample 0 red 0, sample 2 red 128 (2 * 64.0 / 255 * 255 = 128); green =
  // round(255 * x / 16) at x = 2.5 - 2/16 (37.85 -> 38) and 2.5 - 6/16 (33.87 -> 34);
  // blue at the centre (39.84 -> 40). Samples 1 and 3 keep the clear's blue.
  EXPECT_EQ(rt.color[rt.sample_index(2, 1, 0)], 0xFF002628u);
  EXPECT_EQ(rt.color[rt.sample_index(2, 1, 2)], 0xFF802228u);
  EXPECT_EQ(rt.color[rt.sample_index(2, 1, 1)], 0xFF0000FFu);
  EXPECT_EQ(rt.color[rt.sample_index(2, 1, 3)], 0xFF0000FFu);
  // Pixel (1, 3): sample s red 64 s; green from x = 1.5 + (-2, 6, -6, 2)/16.
  const uint32_t green[4] = {22, 30, 18, 26};  // 21.91, 29.88, 17.93, 25.90
  for (uint32_t smp = 0; smp < 4; ++smp)
    EXPECT_EQ(rt.color[rt.sample_index(1, 3, smp)],
              0xFF000000u | (64 * smp) << 16 | green[smp] << 8 | 24u)
        << smp;
  // The resolve averages the distinct samples: pixel (2, 1) red (0 + 0 + 128 + 0) / 4 =
  // 32, green (38 + 0 + 34 + 0) / 4 = 18, blue (40 + 255 + 40 + 255) / 4 = 147.5 -> 148.
  EXPECT_EQ(rt.resolve()[rt.index(2, 1)], 0xFF201294u);
}

TEST(PerSampleRop, ODepthAndDiscardActOnTheInvocationsSampleOnly) {
  // The per-sample quad of sample 1 over pixels 0 and 1 of quad (0, 0) at 4x: pixel 0's
  // invocation wrote oDepth 0.25 (no sample depths: the one value for its sample), pixel
  // 1's discarded (live bit clear). Only sample 1 of pixel 0 takes depth and colour.
  RenderTarget rt;
  rt.set_samples(4);
  rt.resize(2, 2);
  clear(rt, 0, 0, 2, 2, api::ClearTarget | api::ClearZBuffer, 0xFF000000u, 0.5f, 0);
  RopState s;
  s.samples = 4;
  s.viewport.width = 2;
  s.viewport.height = 2;
  s.rs.z_enable = true;
  s.rs.z_write = true;
  s.rs.z_func = api::CmpFunc::Less;
  Quad q{0, 0, 0x3, 0x2 | uint64_t(0x2) << kMaxSamples};
  q.sample = 1;
  q.pixel_samples = 0xF | uint64_t(0xF) << kMaxSamples;
  const float z[4] = {0.25f, 0.25f, 0.25f, 0.25f};
  const Vec4 red[4] = {{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}};
  const Vec4* colors[kMaxRenderTargets] = {red};
  uint64_t written = 0;
  EXPECT_EQ(rop_quad_mrt(s, rt, q, 0x1, z, colors, false, nullptr, &written), 0x1);
  EXPECT_EQ(written, 0x2u);
  for (uint32_t smp = 0; smp < 4; ++smp) {
    EXPECT_EQ(rt.depth[rt.sample_index(0, 0, smp)] >> 8, depth_to_unorm24(smp == 1 ? 0.25f : 0.5f))
        << smp;
    EXPECT_EQ(rt.color[rt.sample_index(0, 0, smp)], smp == 1 ? 0xFFFF0000u : 0xFF000000u) << smp;
    EXPECT_EQ(rt.color[rt.sample_index(1, 0, smp)], 0xFF000000u) << smp;
    EXPECT_EQ(rt.depth[rt.sample_index(1, 0, smp)] >> 8, depth_to_unorm24(0.5f)) << smp;
  }
}

}  // namespace
}  // namespace gfx::func
