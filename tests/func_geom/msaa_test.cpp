// MSAA in the functional model: per-sample coverage with the top-left rule at each standard
// sample position, the MSAA bounding box, per-sample depth, the per-sample depth/stencil
// test and colour write, the resolve and the per-sample clear.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "func/geom/rasterize.h"
#include "func/geom/sample_positions.h"
#include "func/geom/setup.h"
#include "func/rop/rop.h"
#include "func/shader/warp.h"
#include "geom_test_util.h"

namespace gfx::func {
namespace {

using api::Cull;
using api::DrawApi;
using test::at_screen;
using test::params;

TEST(SamplePositions, StandardPatternsLieOnTheSixteenthGrid) {
  // Reference §5.3: distinct points with x, y in [-8, 7]; 4x as the table gives it.
  for (uint32_t n : {1u, 2u, 4u, 8u, 16u}) {
    std::set<std::pair<int, int>> seen;
    for (uint32_t s = 0; s < n; ++s) {
      const SampleOffset o = sample_offsets(n)[s];
      EXPECT_GE(o.x, -8);
      EXPECT_LE(o.x, 7);
      EXPECT_GE(o.y, -8);
      EXPECT_LE(o.y, 7);
      seen.insert({o.x, o.y});
    }
    EXPECT_EQ(seen.size(), n);
  }
  const SampleOffset* p4 = sample_offsets(4);
  EXPECT_EQ(p4[0].x, -2);
  EXPECT_EQ(p4[0].y, -6);
  EXPECT_EQ(p4[3].x, 2);
  EXPECT_EQ(p4[3].y, 6);
  EXPECT_FALSE(valid_sample_count(3));
  EXPECT_TRUE(valid_sample_count(16));
}

// Per-sample hit counts (pixel * 16 + sample) of the rectangle [x0, x1) x [y0, y1) drawn as
// two clockwise D3D10 triangles on an 8x8 target with `n` samples; also checks that each
// quad's mask is the OR of its samples.
std::vector<int> rect_hits(float x0, float x1, float y0, float y1, uint32_t n,
                           bool center_coverage = false) {
  RasterParams p = params(8, 8, DrawApi::D3D10, Cull::None);
  p.samples = n;
  p.center_coverage = center_coverage;
  std::vector<int> hits(64 * kMaxSamples);
  const ShadedVertex a = at_screen(x0, y0, 8, 8), b = at_screen(x1, y0, 8, 8),
                     c = at_screen(x0, y1, 8, 8), d = at_screen(x1, y1, 8, 8);
  for (const auto& tri : {std::vector<ShadedVertex>{a, b, c}, std::vector<ShadedVertex>{c, b, d}}) {
    TriangleSetup t;
    if (!setup_triangle(tri[0], tri[1], tri[2], p, 0, t)) continue;
    std::vector<Quad> quads;
    rasterize(t, quads);
    for (const Quad& q : quads) {
      EXPECT_EQ(q.mask, pixels_of(q.samples));
      for (int i = 0; i < 4; ++i)
        for (int s = 0; s < kMaxSamples; ++s)
          if (q.samples >> (kMaxSamples * i + s) & 1)
            ++hits[size_t(((q.y + (i >> 1)) * 8 + q.x + (i & 1)) * kMaxSamples + s)];
    }
  }
  return hits;
}

// The samples (bits) of pixel (x, y) hit exactly once; fails on a double hit.
uint32_t samples_at(const std::vector<int>& hits, int x, int y) {
  uint32_t m = 0;
  for (int s = 0; s < kMaxSamples; ++s) {
    const int h = hits[size_t((y * 8 + x) * kMaxSamples + s)];
    EXPECT_LE(h, 1) << x << "," << y << " sample " << s;
    if (h) m |= 1u << s;
  }
  return m;
}

TEST(MsaaRaster, EdgeThroughAPixelCoversTheSamplesOnItsSide) {
  // A right edge at x = 2.5 (column 2's centre): 4x samples 0 (-2/16) and 2 (-6/16) lie
  // left of it, 1 (+6/16) and 3 (+2/16) right.
  const std::vector<int> h = rect_hits(0, 2.5f, 0, 4, 4);
  for (int y = 0; y < 4; ++y) {
    EXPECT_EQ(samples_at(h, 0, y), 0xFu);
    EXPECT_EQ(samples_at(h, 1, y), 0xFu);
    EXPECT_EQ(samples_at(h, 2, y), 0x5u) << y;
    EXPECT_EQ(samples_at(h, 3, y), 0u);
  }
  EXPECT_EQ(samples_at(h, 0, 4), 0u);
  // Without MSAA the centre lies on that right edge: column 2 is not covered.
  const std::vector<int> one = rect_hits(0, 2.5f, 0, 4, 1);
  EXPECT_EQ(samples_at(one, 1, 0), 0x1u);
  EXPECT_EQ(samples_at(one, 2, 0), 0u);
}

TEST(MsaaRaster, CentreCoverageGivesCoveredPixelsEverySample) {
  // D3D9 MULTISAMPLEANTIALIAS FALSE: the edge at column 2's centre leaves column 2 out as
  // without MSAA, and columns 0 and 1 take all four samples; a sliver holding samples but
  // no centre covers nothing.
  const std::vector<int> h = rect_hits(0, 2.5f, 0, 4, 4, true);
  EXPECT_EQ(samples_at(h, 1, 2), 0xFu);
  EXPECT_EQ(samples_at(h, 2, 2), 0u);
  EXPECT_EQ(samples_at(rect_hits(2, 2.45f, 0, 2, 4, true), 2, 0), 0u);
}

TEST(MsaaRaster, TopLeftRuleAtASample) {
  // x = 2.5 + 2/16 passes through sample 3 of column 2: as the right edge of [0, x) it
  // leaves it out, as the left edge of [x, 8) it takes it in; the two rectangles share
  // every sample exactly once.
  const float x = 2.5f + 2.0f / 16.0f;
  const std::vector<int> left = rect_hits(0, x, 0, 4, 4), right = rect_hits(x, 8, 0, 4, 4);
  EXPECT_EQ(samples_at(left, 2, 1), 0x5u);
  EXPECT_EQ(samples_at(right, 2, 1), 0xAu);
  // Horizontally: y = 1.5 - 6/16 passes through samples 0 (y -6/16) of row 1: a top edge
  // of [y, 8) takes it, the bottom edge of [0, y) does not.
  const float y = 1.5f - 6.0f / 16.0f;
  EXPECT_EQ(samples_at(rect_hits(0, 8, y, 8, 4), 3, 1), 0xFu);
  EXPECT_EQ(samples_at(rect_hits(0, 8, 0, y, 4), 3, 1), 0x0u);
  EXPECT_EQ(samples_at(rect_hits(0, 8, 0, y, 4), 3, 0), 0xFu);
}

TEST(MsaaRaster, SixteenSamplesAndTheBoundingBoxBeyondPixelCentres) {
  // [2, 2.45) holds no pixel centre (without MSAA the triangle covers nothing) but holds
  // the 4x samples 0 and 2 of column 2, which the widened bounding box must reach.
  EXPECT_EQ(samples_at(rect_hits(2, 2.45f, 0, 2, 1), 2, 0), 0u);
  EXPECT_EQ(samples_at(rect_hits(2, 2.45f, 0, 2, 4), 2, 0), 0x5u);
  // 16x, a right edge at the centre: the samples with x offset < 0 (by the table 1, 2, 4,
  // 8, 10, 11, 12, 15; sample 9 at x offset 0 lies on the right edge and is left out).
  uint32_t want = 0;
  for (int s = 0; s < 16; ++s)
    if (sample_offsets(16)[s].x < 0) want |= 1u << s;
  EXPECT_EQ(want, 0x9D16u);
  EXPECT_EQ(samples_at(rect_hits(0, 2.5f, 0, 4, 16), 2, 3), want);
}

TEST(MsaaRaster, SampleDepthsFollowThePlane) {
  // z = x / 16 over a 16x16 D3D10 target: every value is exact in float.
  RasterParams p = params(16, 16, DrawApi::D3D10, Cull::None);
  p.samples = 4;
  TriangleSetup t;
  ASSERT_TRUE(setup_triangle(at_screen(0, 0, 16, 16, 0.0f), at_screen(16, 0, 16, 16, 1.0f),
                             at_screen(0, 16, 16, 16, 0.0f), p, 0, t));
  float z[4 * kMaxSamples];
  sample_depths(t, Quad{2, 2, 0xF, samples_of(0xF, 4)}, z);
  const float x_of[4] = {-2, 6, -6, 2};  // the 4x x offsets in 1/16 px
  for (int i = 0; i < 4; ++i)
    for (int s = 0; s < 4; ++s)
      EXPECT_EQ(z[kMaxSamples * i + s], (float(2 + (i & 1)) + 0.5f + x_of[s] / 16.0f) / 16.0f)
          << i << "," << s;
}

TEST(MsaaRaster, CentroidFollowsD3D10Rules) {
  // An affine varying equal to x / 16 over a 16x16 D3D10 target (exact in float); one
  // input declared centroid (v2), one at the centre (v3). Reference §5.4: all samples
  // covered -> centre; some -> the first covered sample; none (a helper) -> centre.
  ShadedVertex a = at_screen(0, 0, 16, 16), b = at_screen(16, 0, 16, 16),
               c = at_screen(0, 16, 16, 16);
  b.var[int(Varying::TexCoord0)] = {1, 0, 0, 0};
  RasterParams p = params(16, 16, DrawApi::D3D10, Cull::None);
  p.samples = 4;
  TriangleSetup t;
  ASSERT_TRUE(setup_triangle(a, b, c, p, 1u << int(Varying::TexCoord0), t));
  Program ps;
  ps.stage = api::ShaderStage::Pixel;
  ps.pixel_inputs = {{Varying::TexCoord0, 2, Interpolation::NoPerspective,
                      InterpLocation::Centroid},
                     {Varying::TexCoord0, 3, Interpolation::NoPerspective}};
  // Pixel 0 all samples, pixel 1 samples 1 and 3, pixel 2 none, pixel 3 sample 2.
  const uint64_t cov = 0xF | uint64_t(0xA) << kMaxSamples | uint64_t(0x4) << (3 * kMaxSamples);
  Warp warp;
  float z[4];
  interpolate_quad(t, Quad{2, 2, 0xB, cov}, ps, warp, 0, z);
  const float want[4] = {2.5f, 3.5f + 6.0f / 16, 2.5f, 3.5f - 6.0f / 16};  // x in px
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(warp.input(2, 0)[i], want[i] / 16) << "centroid, pixel " << i;
    EXPECT_EQ(warp.input(3, 0)[i], (float(2 + (i & 1)) + 0.5f) / 16) << "centre, pixel " << i;
  }
  // Without MSAA the centroid is the centre.
  p.samples = 1;
  ASSERT_TRUE(setup_triangle(a, b, c, p, 1u << int(Varying::TexCoord0), t));
  interpolate_quad(t, Quad{2, 2, 0xB, cov}, ps, warp, 0, z);
  EXPECT_EQ(warp.input(2, 0)[1], 3.5f / 16);
}

struct MsaaRop : ::testing::Test {
  RenderTarget rt;
  RopState s;
  void SetUp() override {
    rt.set_samples(4);
    rt.resize(2, 2);
    s.samples = 4;
    s.viewport.width = 2;
    s.viewport.height = 2;
    clear(rt, 0, 0, 2, 2, api::ClearTarget | api::ClearZBuffer, 0xFF000000u, 0.5f, 0);
    s.rs.z_enable = true;
    s.rs.z_write = true;
    s.rs.z_func = api::CmpFunc::Less;
  }
};

TEST_F(MsaaRop, ClearFillsEverySample) {
  EXPECT_EQ(rt.color.size(), 16u);
  for (size_t i = 0; i < 16; ++i) {
    EXPECT_EQ(rt.color[i], 0xFF000000u);
    EXPECT_EQ(rt.depth[i] >> 8, depth_to_unorm24(0.5f));
  }
}

TEST_F(MsaaRop, DepthIsTestedAndStoredPerSample) {
  // Pixel 0 covers samples 0, 1, 2 (3 is outside the triangle); sample 0 is in front of
  // the stored 0.5, sample 1 behind, sample 2 equal (fails LESS). Pixel 3: sample 3 only,
  // in front. The pixel-centre depths z (0.9) are not used when sample depths are given.
  Quad q{0, 0, 0x9, 0x7 | uint64_t(0x8) << (3 * kMaxSamples)};
  float sample_z[4 * kMaxSamples] = {};
  sample_z[0] = 0.25f;
  sample_z[1] = 0.75f;
  sample_z[2] = 0.5f;
  sample_z[3 * kMaxSamples + 3] = 0.125f;
  const float z[4] = {0.9f, 0.9f, 0.9f, 0.9f};
  const Vec4 red[4] = {{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}};
  const Vec4* colors[kMaxRenderTargets] = {red};
  uint64_t written = 0;
  EXPECT_EQ(rop_quad_mrt(s, rt, q, 0xF, z, colors, false, sample_z, &written), 0x9);
  EXPECT_EQ(written, 0x1u | uint64_t(0x8) << (3 * kMaxSamples));
  EXPECT_EQ(rt.depth[0] >> 8, depth_to_unorm24(0.25f));
  EXPECT_EQ(rt.depth[1] >> 8, depth_to_unorm24(0.5f));
  EXPECT_EQ(rt.depth[3 * 4 + 3] >> 8, depth_to_unorm24(0.125f));
  EXPECT_EQ(rt.color[0], 0xFFFF0000u);
  EXPECT_EQ(rt.color[1], 0xFF000000u);
  EXPECT_EQ(rt.color[2], 0xFF000000u);
  EXPECT_EQ(rt.color[3 * 4 + 3], 0xFFFF0000u);
  // Without sample depths every sample takes the pixel's depth: 0.9 fails everywhere.
  EXPECT_EQ(depth_stencil_quad(s, rt, q, 0xF, z), 0);
}

TEST_F(MsaaRop, SampleMaskRemovesSamplesBeforeTheTests) {
  // D3D10's sample mask 0x5: samples 0 and 2 only; the others keep depth and colour.
  s.sample_mask = 0x5;
  const Quad q{0, 0, 0x1, 0xF};
  const float z[4] = {0.25f, 0.25f, 0.25f, 0.25f};
  const Vec4 red[4] = {{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}};
  const Vec4* colors[kMaxRenderTargets] = {red};
  uint64_t written = 0;
  EXPECT_EQ(rop_quad_mrt(s, rt, q, 0xF, z, colors, false, nullptr, &written), 0x1);
  EXPECT_EQ(written, 0x5u);
  EXPECT_EQ(rt.color[0], 0xFFFF0000u);
  EXPECT_EQ(rt.color[1], 0xFF000000u);
  EXPECT_EQ(rt.depth[1] >> 8, depth_to_unorm24(0.5f));
  EXPECT_EQ(rt.resolve()[0], 0xFF800000u);
  // Single-sample: bit 0 gates the pixel ("a sample mask is always applied").
  RenderTarget one;
  one.resize(2, 2);
  RopState s1 = s;
  s1.samples = 1;
  s1.sample_mask = 0xFFFFFFFEu;
  EXPECT_EQ(rop_quad_mrt(s1, one, Quad{0, 0, 0xF}, 0xF, z, colors), 0);
  EXPECT_EQ(one.color[0], 0u);
  s1.sample_mask = 0x1;
  EXPECT_EQ(rop_quad_mrt(s1, one, Quad{0, 0, 0xF}, 0xF, z, colors), 0xF);
}

TEST_F(MsaaRop, AlphaToCoverageKeepsTheFirstSamplesByAlpha) {
  // 4x: a8 = 64 keeps round(64 * 4 / 255) = 1 sample, 128 keeps 2, 191 keeps 3 (2.996),
  // 0 keeps none; at 1x a8 >= 128 keeps the pixel.
  s.alpha_to_coverage = true;
  s.rs.z_enable = false;
  const Vec4 c[4] = {{1, 0, 0, 64 / 255.0f}, {1, 0, 0, 128 / 255.0f}, {1, 0, 0, 191 / 255.0f},
                     {1, 0, 0, 0}};
  const Vec4* colors[kMaxRenderTargets] = {c};
  const float z[4] = {};
  uint64_t written = 0;
  const Quad q{0, 0, 0xF, samples_of(0xF, 4)};
  EXPECT_EQ(rop_quad_mrt(s, rt, q, 0xF, z, colors, false, nullptr, &written), 0x7);
  EXPECT_EQ(written, 0x1u | uint64_t(0x3) << kMaxSamples | uint64_t(0x7) << (2 * kMaxSamples));
  RenderTarget one;
  one.resize(2, 2);
  RopState s1 = s;
  s1.samples = 1;
  const Vec4 d[4] = {{1, 0, 0, 127 / 255.0f}, {1, 0, 0, 128 / 255.0f}, {1, 0, 0, 1}, {1, 0, 0, 0}};
  const Vec4* colors1[kMaxRenderTargets] = {d};
  EXPECT_EQ(rop_quad_mrt(s1, one, Quad{0, 0, 0xF}, 0xF, z, colors1), 0x6);
}

TEST_F(MsaaRop, ResolveAveragesWithTiesUp) {
  // Pixel 0: half red over black -> 510 / 4 = 127.5 -> 0x80. Pixel 1: three of four red
  // -> 191.25 -> 0xBF. Pixel 2: all red. Pixel 3: blue 1, 2, 2, 2 -> 1.75 -> 2.
  const uint32_t r = 0xFFFF0000u, k = 0xFF000000u;
  const uint32_t samples[16] = {r, k, r, k, r, r, k, r, r, r, r, r, 0xFF000001u,
                                0xFF000002u, 0xFF000002u, 0xFF000002u};
  rt.color.assign(samples, samples + 16);
  const std::vector<uint32_t>& out = rt.resolve();
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0], 0xFF800000u);
  EXPECT_EQ(out[1], 0xFFBF0000u);
  EXPECT_EQ(out[2], 0xFFFF0000u);
  EXPECT_EQ(out[3], 0xFF000002u);
  // Two samples 1 and 2: 1.5 rounds up to 2.
  RenderTarget two;
  two.set_samples(2);
  two.resize(1, 1);
  two.color = {0x01010101u, 0x02020202u};
  EXPECT_EQ(two.resolve()[0], 0x02020202u);
}

}  // namespace
}  // namespace gfx::func
