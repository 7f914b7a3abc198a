// Segment patterns and domain patterns: counts, coverage and orientation.
#include "func/tess/pattern.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "func/tess/segments.h"

namespace gfx::func::tess {
namespace {

// Domain position of every vertex of a pattern (edges from the given parameter lists).
std::vector<std::array<double, 2>> positions(const DomainPattern& p, bool quad) {
  static const double tri_c[3][2] = {{0, 0}, {1, 0}, {0, 1}};
  static const double quad_c[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  const auto& c = quad ? quad_c : tri_c;
  std::vector<std::array<double, 2>> out(p.vertex_count());
  for (unsigned k = 0; k < p.corners; ++k) out[k] = {c[k][0], c[k][1]};
  for (unsigned e = 0; e < p.corners; ++e) {
    const auto* a = c[e];
    const auto* b = c[(e + 1) % p.corners];
    for (unsigned k = 1; k < p.edge_n[e]; ++k) {
      const double t = double(k) / p.edge_n[e];
      out[p.edge_base[e] + k - 1] = {a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t};
    }
  }
  for (size_t i = 0; i < p.interior_u.size(); ++i)
    out[p.interior_base + i] = {p.interior_u[i], p.interior_v[i]};
  return out;
}

// Every triangle counter-clockwise with positive area, the areas summing to the domain's,
// and every interior edge used by exactly two triangles (a closed, non-overlapping cover).
void expect_valid_cover(const DomainPattern& p, bool quad) {
  const auto pos = positions(p, quad);
  double area = 0;
  std::map<std::pair<uint32_t, uint32_t>, int> edges;
  for (size_t t = 0; t + 2 < p.indices.size(); t += 3) {
    const auto &a = pos[p.indices[t]], &b = pos[p.indices[t + 1]], &c = pos[p.indices[t + 2]];
    const double twice = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    EXPECT_GT(twice, 0.0) << "triangle " << t / 3;
    area += twice / 2;
    for (int k = 0; k < 3; ++k) {
      const uint32_t x = p.indices[t + k], y = p.indices[t + (k + 1) % 3];
      const int uses = ++edges[std::make_pair(x, y)];
      EXPECT_EQ(uses, 1) << "directed edge used twice";
    }
  }
  EXPECT_NEAR(area, quad ? 1.0 : 0.5, 1e-9);
  for (const auto& [e, count] : edges) {
    const bool boundary = edges.find({e.second, e.first}) == edges.end();
    if (boundary) {
      // Boundary edges must lie on the domain boundary.
      const auto &a = pos[e.first], &b = pos[e.second];
      const bool on =
          quad ? (a[0] == b[0] && (a[0] == 0 || a[0] == 1)) ||
                     (a[1] == b[1] && (a[1] == 0 || a[1] == 1))
               : (a[1] == 0 && b[1] == 0) || (a[0] == 0 && b[0] == 0) ||
                     (std::abs(a[0] + a[1] - 1) < 1e-12 && std::abs(b[0] + b[1] - 1) < 1e-12);
      EXPECT_TRUE(on) << "open edge inside the domain " << e.first << "-" << e.second;
    }
  }
}

TEST(Segments, DiscreteTruncates) {
  EXPECT_EQ(segment_count(3.9f, EdgeStyle::Discrete), 3u);
  EXPECT_EQ(segment_count(0.5f, EdgeStyle::Discrete), 1u);
  EXPECT_EQ(segment_count(NAN, EdgeStyle::Discrete), 1u);
  EXPECT_EQ(segment_count(1e9f, EdgeStyle::Discrete), kMaxSegments);
  std::vector<float> p;
  edge_params(4.7f, EdgeStyle::Discrete, p);
  EXPECT_EQ(p, (std::vector<float>{0.0f, 0.25f, 0.5f, 0.75f, 1.0f}));
}

TEST(Segments, ContinuousFractionalPattern) {
  std::vector<float> p;
  edge_params(2.5f, EdgeStyle::Continuous, p);
  // ceil(2.5) = 3 segments: one full 0.4, the short 0.2, one full 0.4.
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(p[0], 0.0f);
  EXPECT_FLOAT_EQ(p[1], 0.4f);
  EXPECT_FLOAT_EQ(p[2], 0.6f);
  EXPECT_EQ(p[3], 1.0f);
  // An integer level is uniform, and the pattern moves continuously through it.
  edge_params(4.0f, EdgeStyle::Continuous, p);
  EXPECT_EQ(p, (std::vector<float>{0.0f, 0.25f, 0.5f, 0.75f, 1.0f}));
  edge_params(4.001f, EdgeStyle::Continuous, p);
  ASSERT_EQ(p.size(), 6u);
  const float expect[6] = {0.0f, 0.25f, 0.5f, 0.5f, 0.75f, 1.0f};
  for (int k = 0; k < 6; ++k) EXPECT_NEAR(p[k], expect[k], 1e-3) << k;
}

TEST(Pattern, UniformTriangleCounts) {
  DomainPattern p;
  for (unsigned n = 1; n <= 9; ++n) {
    p.build_triangle({n, n, n}, n);
    EXPECT_EQ(p.vertex_count(), (n + 1) * (n + 2) / 2) << n;
    EXPECT_EQ(p.indices.size() / 3, n * n) << n;
    expect_valid_cover(p, false);
  }
}

TEST(Pattern, UniformQuadCounts) {
  DomainPattern p;
  for (unsigned n = 1; n <= 9; ++n) {
    p.build_quad({n, n, n, n}, float(n), float(n), EdgeStyle::Discrete);
    EXPECT_EQ(p.vertex_count(), (n + 1) * (n + 1)) << n;
    EXPECT_EQ(p.indices.size() / 3, 2 * n * n) << n;
    expect_valid_cover(p, true);
  }
  p.build_quad({3, 5, 3, 5}, 3.0f, 5.0f, EdgeStyle::Discrete);
  EXPECT_EQ(p.vertex_count(), 4u * 6u);
  EXPECT_EQ(p.indices.size() / 3, 2u * 3u * 5u);
}

TEST(Pattern, StitchedTriangles) {
  DomainPattern p;
  const std::array<unsigned, 3> cases[] = {{1, 2, 3}, {5, 1, 1}, {2, 2, 1}, {7, 3, 4}, {1, 1, 9}};
  for (const auto& n : cases) {
    const unsigned m = std::max({n[0], n[1], n[2]});
    p.build_triangle(n, m);
    const unsigned mm = std::max(m, 3u);
    // Interior points of the level-mm grid plus the edge points.
    EXPECT_EQ(p.vertex_count(), n[0] + n[1] + n[2] + (mm - 1) * (mm - 2) / 2);
    // Euler: a triangulated disc with V vertices, B of them on the boundary, has
    // 2V - B - 2 triangles.
    EXPECT_EQ(p.indices.size() / 3, 2 * p.vertex_count() - (n[0] + n[1] + n[2]) - 2);
    expect_valid_cover(p, false);
  }
}

TEST(Pattern, StitchedQuads) {
  DomainPattern p;
  const std::array<unsigned, 4> cases[] = {{1, 2, 3, 4}, {5, 1, 1, 1}, {2, 7, 2, 3}, {1, 1, 1, 6}};
  for (const auto& n : cases) {
    p.build_quad(n, float(std::max(n[0], n[2])), float(std::max(n[1], n[3])), EdgeStyle::Discrete);
    const unsigned b = n[0] + n[1] + n[2] + n[3];
    EXPECT_EQ(p.indices.size() / 3, 2 * p.vertex_count() - b - 2);
    expect_valid_cover(p, true);
  }
}

}  // namespace
}  // namespace gfx::func::tess
