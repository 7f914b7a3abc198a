// D3D10 quadrilateral lines (MultisampleEnable, func::expand_quad_line): a rectangle 1.4 px
// wide centred on the segment, covered per sample with the triangle rules, at 1x and 4x;
// beside them the aliased 1-pixel lines the same segments give without the state.
#include <gtest/gtest.h>

#include <map>
#include <utility>
#include <vector>

#include "func/pipeline/stages.h"

namespace gfx::func {
namespace {

// Covered samples (bits) per pixel (x, y).
using Coverage = std::map<std::pair<int, int>, uint32_t>;

Coverage draw_line(float x0, float y0, float x1, float y1, uint32_t samples, bool quad) {
  DrawContext d;
  d.api = api::DrawApi::D3D10;
  d.raster.api = api::DrawApi::D3D10;
  d.raster.viewport = {0, 0, 16, 16, 0.0f, 1.0f};
  d.raster.clip_x1 = d.raster.clip_y1 = 16;
  d.raster.samples = samples;
  d.raster.quad_lines = quad;
  auto at = [](float sx, float sy) {
    ShadedVertex v{};
    v.pos = {sx / 8.0f - 1.0f, 1.0f - sy / 8.0f, 0.5f, 1.0f};
    return v;
  };
  const ShadedVertex a = at(x0, y0), b = at(x1, y1);
  const ShadedVertex* p[3] = {&a, &b, &a};
  std::vector<std::shared_ptr<const TriangleSetup>> tris;
  process_primitive(d, p, 2, 0, tris);
  Coverage out;
  std::vector<Quad> quads;
  for (auto& t : tris) {
    EXPECT_TRUE(t->front_facing);
    quads.clear();
    rasterize(*t, quads);
    for (const Quad& q : quads)
      for (int i = 0; i < 4; ++i) {
        const uint32_t s = uint32_t(pixel_sample_bits(q.samples, i));
        if (!s) continue;
        uint32_t& cell = out[{q.x + (i & 1), q.y + (i >> 1)}];
        EXPECT_EQ(cell & s, 0u) << "a sample covered twice";
        cell |= s;
      }
  }
  return out;
}

Coverage rows(int x0, int x1, const std::vector<std::pair<int, uint32_t>>& row_samples) {
  Coverage c;
  for (const auto& [y, s] : row_samples)
    for (int x = x0; x <= x1; ++x) c[{x, y}] = s;
  return c;
}

TEST(QuadLine, OnePixelSampleTakesBothRowsOfAWideLine) {
  // y = 4 from x 2 to 10: the rectangle [2, 10] x [3.3, 4.7] holds the centres of rows 3
  // and 4; the aliased line, [3.5, 4.5), takes row 3 only (its bottom edge leaves 4.5 out).
  EXPECT_EQ(draw_line(2, 4, 10, 4, 1, true), rows(2, 9, {{3, 1}, {4, 1}}));
  EXPECT_EQ(draw_line(2, 4, 10, 4, 1, false), rows(2, 9, {{3, 1}}));
  // The ends are the segment's: 2 and 10 exactly, no extension.
  EXPECT_EQ(draw_line(10, 4, 2, 4, 1, true), rows(2, 9, {{3, 1}, {4, 1}}));
}

TEST(QuadLine, FourSamplesAtAHalfPixel) {
  // y = 4.5: [3.8, 5.2]. 4x y offsets -6, -2, 2, 6 /16: row 4 takes all four, row 3 only
  // sample 3 (3.875), row 5 only sample 0 (5.125). x offsets reach -6/16 and 6/16:
  // columns 2..9 only. The aliased line covers row 4's samples alone.
  EXPECT_EQ(draw_line(2, 4.5f, 10, 4.5f, 4, true), rows(2, 9, {{3, 0x8}, {4, 0xF}, {5, 0x1}}));
  EXPECT_EQ(draw_line(2, 4.5f, 10, 4.5f, 4, false), rows(2, 9, {{4, 0xF}}));
}

TEST(QuadLine, DiagonalKeepsWithinHalfItsWidth) {
  // y = x from (2, 2) to (10, 10): a neighbour's centre lies 1/sqrt(2) = 0.707 px from the
  // line, beyond 0.7, and the ends x + y = 4 and 20 cut (1, 1) and (10, 10) off.
  Coverage want;
  for (int i = 2; i <= 9; ++i) want[{i, i}] = 1;
  EXPECT_EQ(draw_line(2, 2, 10, 10, 1, true), want);
  // A zero-length line covers nothing.
  EXPECT_TRUE(draw_line(5, 5, 5, 5, 4, true).empty());
}

}  // namespace
}  // namespace gfx::func
