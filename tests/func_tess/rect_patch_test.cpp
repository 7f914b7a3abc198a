// Rect patches: every basis and degree against independent evaluations, derivatives,
// UV, counts, orientation and watertight shared edges.
#include "func/tess/rect_patch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/error.h"
#include "reference.h"

namespace gfx::func::tess {
namespace {

constexpr unsigned kAttrs = 2;  // slot 0 position, slot 1 a second DEFAULT element

// A bumpy grid of rows x cols control vertices.
std::vector<Vec4> grid(unsigned rows, unsigned cols) {
  std::vector<Vec4> v;
  for (unsigned r = 0; r < rows; ++r)
    for (unsigned c = 0; c < cols; ++c) {
      v.push_back({float(c) + 0.3f * std::sin(r * 1.7f + c),
                   float(r) + 0.2f * std::cos(c * 2.3f + r),
                   2.0f * std::sin(r * 0.9f) * std::cos(c * 1.1f), 1.0f});
      v.push_back({float(r * cols + c), float(c * c), 0.5f, 1.0f});
    }
  return v;
}

OutputLayout full_layout() {
  OutputLayout l;
  l.add(Method::Default, 0);
  l.add(Method::Default, 1);
  l.add(Method::UV, 0);
  l.add(Method::PartialU, 0);
  l.add(Method::PartialV, 0);
  l.add(Method::CrossUV, 0);
  return l;
}

ref::D3 slot(const std::vector<Vec4>& g, unsigned cols, unsigned r, unsigned c, unsigned a) {
  return ref::d3(g[(r * cols + c) * kAttrs + a]);
}

// Reference surface of the given basis over the whole rows x cols grid at (u, v).
ref::D3 surface(const std::vector<Vec4>& g, unsigned rows, unsigned cols, Basis basis, unsigned d,
                double u, double v, unsigned a) {
  if (basis == Basis::Bezier) {
    std::vector<ref::D3> pts;
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned c = 0; c < cols; ++c) pts.push_back(slot(g, cols, r, c, a));
    return ref::bezier_rect(pts, int(d), u, v);
  }
  const unsigned order = basis == Basis::CatmullRom ? 4 : d + 1;
  const unsigned su = cols - order + 1, sv = rows - order + 1;  // spans
  auto locate = [](double x, unsigned spans, unsigned& span, double& t) {
    span = std::min(unsigned(x * spans), spans - 1);
    t = x * spans - span;
  };
  unsigned spu, spv;
  double tu, tv;
  locate(u, su, spu, tu);
  locate(v, sv, spv, tv);
  std::vector<ref::D3> col;
  for (unsigned r = 0; r < order; ++r) {
    std::vector<ref::D3> row;
    for (unsigned c = 0; c < order; ++c) row.push_back(slot(g, cols, spv + r, spu + c, a));
    if (basis == Basis::CatmullRom)
      col.push_back(ref::catmull_rom(row.data(), tu));
    else if (d == 3)
      col.push_back(ref::bspline3(row.data(), tu));
    else
      col.push_back(ref::bspline_deboor(row, int(d), tu));
  }
  if (basis == Basis::CatmullRom) return ref::catmull_rom(col.data(), tv);
  if (d == 3) return ref::bspline3(col.data(), tv);
  return ref::bspline_deboor(col, int(d), tv);
}

// Checks every generated vertex against the reference at its UV output, derivatives by
// central differences of the reference, and the triangle orientation in UV.
void check_patch(Basis basis, unsigned d, unsigned rows, unsigned cols, float segs) {
  SCOPED_TRACE(testing::Message() << "basis " << int(basis) << " degree " << d);
  const std::vector<Vec4> g = grid(rows, cols);
  RectPatchInfo info;
  info.width = cols, info.height = rows, info.stride = cols;
  info.basis = basis;
  info.degree = Degree(d);
  const OutputLayout layout = full_layout();
  Mesh mesh;
  RectPatchTessellator tess;
  tess.tessellate(g.data(), rows * cols, kAttrs, info, {segs, segs, segs, segs},
                  EdgeStyle::Discrete, layout, mesh);
  const unsigned n = unsigned(segs);
  ASSERT_EQ(mesh.vertex_count(), (n + 1) * (n + 1));
  ASSERT_EQ(mesh.triangle_count(), 2 * n * n);
  const double h = 1e-4;
  for (size_t i = 0; i < mesh.vertex_count(); ++i) {
    const Vec4* v = mesh.vertex(i);
    const double u = v[2].x, w = v[2].y;
    EXPECT_EQ(v[2].w, 1.0f);
    EXPECT_NEAR3(v[0], surface(g, rows, cols, basis, d, u, w, 0), 2e-5);
    EXPECT_NEAR3(v[1], surface(g, rows, cols, basis, d, u, w, 1), 2e-3);
    const double u0 = std::max(0.0, u - h), u1 = std::min(1.0, u + h);
    const double v0 = std::max(0.0, w - h), v1 = std::min(1.0, w + h);
    // One-sided at span joints is fine: the derivative is continuous there for every basis
    // except linear B-spline, whose joints are avoided by the segment count.
    const ref::D3 du =
        (surface(g, rows, cols, basis, d, u1, w, 0) - surface(g, rows, cols, basis, d, u0, w, 0)) *
        (1 / (u1 - u0));
    const ref::D3 dv =
        (surface(g, rows, cols, basis, d, u, v1, 0) - surface(g, rows, cols, basis, d, u, v0, 0)) *
        (1 / (v1 - v0));
    EXPECT_NEAR3(v[3], du, 5e-3 * (1 + std::abs(du.x) + std::abs(du.y) + std::abs(du.z)));
    EXPECT_NEAR3(v[4], dv, 5e-3 * (1 + std::abs(dv.x) + std::abs(dv.y) + std::abs(dv.z)));
    const ref::D3 cr = ref::cross(ref::d3(v[3]), ref::d3(v[4]));
    EXPECT_NEAR3(v[5], cr, 1e-4 * (1 + std::abs(cr.x) + std::abs(cr.y) + std::abs(cr.z)));
  }
  for (size_t k = 0; k < mesh.indices.size(); k += 3) {
    const Vec4 &a = mesh.vertex(mesh.indices[k])[2], &b = mesh.vertex(mesh.indices[k + 1])[2],
               &c = mesh.vertex(mesh.indices[k + 2])[2];
    EXPECT_GT((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x), 0.0f);
  }
}

TEST(RectPatch, BezierEveryDegree) {
  check_patch(Basis::Bezier, 1, 2, 2, 3);
  check_patch(Basis::Bezier, 3, 4, 4, 5);
  check_patch(Basis::Bezier, 5, 6, 6, 4);
}

TEST(RectPatch, BSplineSpans) {
  check_patch(Basis::BSpline, 3, 5, 7, 8);  // 4 x 2 spans
  check_patch(Basis::BSpline, 1, 3, 4, 5);  // 3 x 2 spans, no sample on a joint
  check_patch(Basis::BSpline, 5, 6, 8, 6);  // 3 x 1 spans
}

TEST(RectPatch, CatmullRomSpans) { check_patch(Basis::CatmullRom, 3, 5, 6, 6); }

TEST(RectPatch, CatmullRomPassesThroughItsControlPoints) {
  const unsigned rows = 5, cols = 6;  // 2 x 3 spans through rows 1..3, columns 1..4
  const std::vector<Vec4> g = grid(rows, cols);
  RectPatchInfo info;
  info.width = cols, info.height = rows, info.stride = cols;
  info.basis = Basis::CatmullRom;
  info.degree = Degree::Cubic;
  OutputLayout layout;
  layout.add(Method::Default, 0);
  layout.add(Method::UV, 0);
  Mesh mesh;
  RectPatchTessellator tess;
  tess.tessellate(g.data(), rows * cols, kAttrs, info, {3, 2, 3, 2}, EdgeStyle::Discrete, layout,
                  mesh);
  int hits = 0;
  for (size_t i = 0; i < mesh.vertex_count(); ++i) {
    const Vec4* v = mesh.vertex(i);
    const unsigned c = 1 + unsigned(std::lround(v[1].x * 3)),
                   r = 1 + unsigned(std::lround(v[1].y * 2));
    EXPECT_NEAR3(v[0], slot(g, cols, r, c, 0), 1e-5);
    ++hits;
  }
  EXPECT_EQ(hits, 12);
}

TEST(RectPatch, GridOffsetAndStride) {
  // A 4x4 Bezier patch at column 1 of a 5-wide imaginary array (the D3D9 docs' example).
  const std::vector<Vec4> g = grid(4, 5);
  RectPatchInfo info;
  info.start_w = 1, info.width = 4, info.height = 4, info.stride = 5;
  OutputLayout layout = OutputLayout::identity(kAttrs);
  Mesh mesh;
  RectPatchTessellator tess;
  tess.tessellate(g.data(), 20, kAttrs, info, {1, 1, 1, 1}, EdgeStyle::Discrete, layout, mesh);
  ASSERT_EQ(mesh.vertex_count(), 4u);
  EXPECT_EQ(mesh.vertex(0)[0], g[(0 * 5 + 1) * kAttrs]);  // c0 = row 0, column 1
  EXPECT_EQ(mesh.vertex(1)[0], g[(0 * 5 + 4) * kAttrs]);  // c1 = row 0, column 4
  EXPECT_EQ(mesh.vertex(2)[0], g[(3 * 5 + 4) * kAttrs]);
  EXPECT_EQ(mesh.vertex(3)[0], g[(3 * 5 + 1) * kAttrs]);
  // Orientation (c0, c1, c3) kept: the two triangles.
  EXPECT_EQ(mesh.indices, (std::vector<uint32_t>{0, 1, 3, 1, 2, 3}));
}

// Positions (bits) of the vertices whose UV satisfies `on`.
template <typename F> std::vector<std::array<uint32_t, 8>> edge_bits(const Mesh& m, F on) {
  std::vector<std::array<uint32_t, 8>> out;
  for (size_t i = 0; i < m.vertex_count(); ++i) {
    const Vec4* v = m.vertex(i);
    if (!on(v[2])) continue;
    std::array<uint32_t, 8> b;
    std::memcpy(b.data(), &v[0], 16);
    std::memcpy(b.data() + 4, &v[1], 16);
    out.push_back(b);
  }
  std::sort(out.begin(), out.end());
  return out;
}

void check_shared_edge(Basis basis, Degree degree, unsigned width, unsigned offset,
                       EdgeStyle style) {
  SCOPED_TRACE(testing::Message() << "basis " << int(basis));
  const unsigned rows = basis == Basis::Bezier ? unsigned(degree) + 1 : 5, cols = offset + width;
  const std::vector<Vec4> g = grid(rows, cols);
  RectPatchInfo a;
  a.width = width, a.height = rows, a.stride = cols, a.basis = basis, a.degree = degree;
  RectPatchInfo b = a;
  b.start_w = offset;
  OutputLayout layout = full_layout();
  Mesh ma, mb;
  RectPatchTessellator tess;
  // A's right edge is B's left edge, walked the other way; the other counts differ.
  tess.tessellate(g.data(), rows * cols, kAttrs, a, {3, 5.5f, 2, 4}, style, layout, ma);
  tess.tessellate(g.data(), rows * cols, kAttrs, b, {7, 9, 1, 5.5f}, style, layout, mb);
  const auto ea = edge_bits(ma, [](const Vec4& uv) { return uv.x == 1.0f; });
  const auto eb = edge_bits(mb, [](const Vec4& uv) { return uv.x == 0.0f; });
  EXPECT_EQ(ea.size(), style == EdgeStyle::Discrete ? 6u : 7u);
  EXPECT_EQ(ea, eb);
}

TEST(RectPatch, SharedEdgesAreBitIdentical) {
  for (EdgeStyle s : {EdgeStyle::Discrete, EdgeStyle::Continuous}) {
    check_shared_edge(Basis::Bezier, Degree::Cubic, 4, 3, s);
    check_shared_edge(Basis::Bezier, Degree::Quintic, 6, 5, s);
    check_shared_edge(Basis::BSpline, Degree::Cubic, 5, 2, s);
    check_shared_edge(Basis::CatmullRom, Degree::Cubic, 5, 2, s);
  }
}

TEST(RectPatch, StitchedCountsAndBadInputThrows) {
  const std::vector<Vec4> g = grid(4, 4);
  RectPatchInfo info;
  Mesh mesh;
  RectPatchTessellator tess;
  const OutputLayout layout = OutputLayout::identity(kAttrs);
  tess.tessellate(g.data(), 16, kAttrs, info, {1, 2, 3, 4}, EdgeStyle::Discrete, layout, mesh);
  // Interior 3 x 4: (3-1)(4-1) interior points + 10 boundary points.
  EXPECT_EQ(mesh.vertex_count(), 16u);
  EXPECT_EQ(mesh.triangle_count(), 2 * 16u - 10 - 2);
  EXPECT_THROW(
      tess.tessellate(g.data(), 15, kAttrs, info, {1, 1, 1, 1}, EdgeStyle::Discrete, layout, mesh),
      Error);
  EXPECT_THROW(
      tess.tessellate(g.data(), 16, kAttrs, info, {1, 0, 1, 1}, EdgeStyle::Discrete, layout, mesh),
      Error);
}

}  // namespace
}  // namespace gfx::func::tess

namespace gfx::func::tess {
namespace {

// Fractional counts on every edge: a valid cover of the domain (every triangle
// counter-clockwise in UV, Euler's count) with the edge points of the continuous pattern.
TEST(RectPatch, ContinuousFractionalCounts) {
  const std::vector<Vec4> g = grid(4, 4);
  OutputLayout layout;
  layout.add(Method::Default, 0);
  layout.add(Method::UV, 0);
  Mesh mesh;
  RectPatchTessellator tess;
  tess.tessellate(g.data(), 16, kAttrs, RectPatchInfo{}, {2.5f, 3.2f, 1.5f, 4.7f},
                  EdgeStyle::Continuous, layout, mesh);
  // Edges 3 + 4 + 2 + 5 segments; interior 3 x 5 -> (3-1)(5-1) points.
  EXPECT_EQ(mesh.vertex_count(), 14u + 8u);
  EXPECT_EQ(mesh.triangle_count(), 2 * mesh.vertex_count() - 14 - 2);
  for (size_t k = 0; k < mesh.indices.size(); k += 3) {
    const Vec4 &a = mesh.vertex(mesh.indices[k])[1], &b = mesh.vertex(mesh.indices[k + 1])[1],
               &c = mesh.vertex(mesh.indices[k + 2])[1];
    EXPECT_GT((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x), 0.0f);
  }
  std::vector<float> top;
  for (size_t i = 0; i < mesh.vertex_count(); ++i)
    if (mesh.vertex(i)[1].y == 0.0f) top.push_back(mesh.vertex(i)[1].x);
  std::sort(top.begin(), top.end());
  // 2.5 continuous: 0, 0.4, 0.6, 1 (or its mirror, the same set here).
  ASSERT_EQ(top.size(), 4u);
  EXPECT_NEAR(top[1], 0.4f, 1e-6);
  EXPECT_NEAR(top[2], 0.6f, 1e-6);
}

}  // namespace
}  // namespace gfx::func::tess
