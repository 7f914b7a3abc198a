// Tri patches: Bezier triangles of every degree against triangle de Casteljau, corner
// order, CROSSUV, counts, orientation and watertight shared edges.
#include "func/tess/tri_patch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/error.h"
#include "reference.h"

namespace gfx::func::tess {
namespace {

// Control points row by row (rows of 1..d+1), one element: a bumpy position.
std::vector<Vec4> net(unsigned d, float seed) {
  std::vector<Vec4> v;
  for (unsigned r = 0; r <= d; ++r)
    for (unsigned c = 0; c <= r; ++c)
      v.push_back({float(c) - 0.5f * r + 0.1f * std::sin(seed + r), -float(r),
                   std::sin(seed + 1.3f * r + 2.1f * c), 1});
  return v;
}

// Reference net[i][j] (i = u power, j = v power) from the row-by-row storage.
std::vector<std::vector<ref::D3>> ref_net(const std::vector<Vec4>& v, unsigned d) {
  std::vector<std::vector<ref::D3>> n(d + 1, std::vector<ref::D3>(d + 1));
  unsigned k = 0;
  for (unsigned r = 0; r <= d; ++r)
    for (unsigned c = 0; c <= r; ++c, ++k) n[c][r - c] = ref::d3(v[k]);
  return n;
}

OutputLayout layout() {
  OutputLayout l;
  l.add(Method::Default, 0);
  l.add(Method::UV, 0);
  l.add(Method::CrossUV, 0);
  return l;
}

TEST(TriPatch, BezierEveryDegree) {
  for (unsigned d : {1u, 3u, 5u}) {
    SCOPED_TRACE(d);
    const std::vector<Vec4> cp = net(d, 0.7f);
    const auto rn = ref_net(cp, d);
    TriPatchInfo info;
    info.num_vertices = (d + 1) * (d + 2) / 2;
    info.degree = Degree(d);
    Mesh mesh;
    TriPatchTessellator tess;
    const OutputLayout l = layout();
    tess.tessellate(cp.data(), cp.size(), 1, info, {4, 4, 4}, EdgeStyle::Discrete, l, mesh);
    ASSERT_EQ(mesh.vertex_count(), 15u);
    ASSERT_EQ(mesh.triangle_count(), 16u);
    // Corners: c0 apex, c1 last point of the last row, c2 first point of the last row.
    EXPECT_EQ(mesh.vertex(0)[0], cp[0]);
    EXPECT_EQ(mesh.vertex(1)[0], cp[cp.size() - 1]);
    EXPECT_EQ(mesh.vertex(2)[0], cp[cp.size() - 1 - d]);
    const double h = 1e-4;
    for (size_t i = 0; i < mesh.vertex_count(); ++i) {
      const Vec4* v = mesh.vertex(i);
      const double u = v[1].x, w = v[1].y;
      EXPECT_NEAR3(v[0], ref::casteljau_tri(rn, int(d), u, w), 2e-5);
      // CROSSUV against differences of the reference (one-sided, inside the domain).
      const double su = u + h <= 1 - w ? h : -h, sv = u + w + h <= 1 ? h : -h;
      const ref::D3 p = ref::casteljau_tri(rn, int(d), u, w);
      const ref::D3 du = (ref::casteljau_tri(rn, int(d), u + su, w) - p) * (1 / su);
      const ref::D3 dv = (ref::casteljau_tri(rn, int(d), u, w + sv) - p) * (1 / sv);
      const ref::D3 cr = ref::cross(du, dv);
      EXPECT_NEAR3(v[2], cr, 2e-2 * (1 + std::abs(cr.x) + std::abs(cr.y) + std::abs(cr.z)));
    }
    for (size_t k = 0; k < mesh.indices.size(); k += 3) {
      const Vec4 &a = mesh.vertex(mesh.indices[k])[1], &b = mesh.vertex(mesh.indices[k + 1])[1],
                 &c = mesh.vertex(mesh.indices[k + 2])[1];
      EXPECT_GT((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x), 0.0f);
    }
  }
}

TEST(TriPatch, UniformCounts) {
  const std::vector<Vec4> cp = net(3, 0.1f);
  TriPatchInfo info;
  Mesh mesh;
  TriPatchTessellator tess;
  for (unsigned n = 1; n <= 8; ++n) {
    mesh.clear(1);
    tess.tessellate(cp.data(), cp.size(), 1, info, {float(n), float(n), float(n)},
                    EdgeStyle::Discrete, OutputLayout::identity(1), mesh);
    EXPECT_EQ(mesh.vertex_count(), (n + 1) * (n + 2) / 2);
    EXPECT_EQ(mesh.triangle_count(), n * n);
  }
}

// Two cubic tri patches sharing the edge c1-c2 of the first (its last row) as their own
// edge c2-c1 reversed: the second patch's last row is the first's, reversed.
TEST(TriPatch, SharedEdgeIsWatertight) {
  const std::vector<Vec4> a = net(3, 0.3f);
  std::vector<Vec4> b = net(3, 2.0f);
  for (unsigned c = 0; c < 4; ++c) b[6 + c] = a[6 + 3 - c];
  std::vector<Vec4> all = a;
  all.insert(all.end(), b.begin(), b.end());
  TriPatchInfo ia, ib;
  ib.start_vertex = 10;
  const OutputLayout l = layout();
  for (EdgeStyle s : {EdgeStyle::Discrete, EdgeStyle::Continuous}) {
    Mesh ma, mb;
    TriPatchTessellator tess;
    tess.tessellate(all.data(), all.size(), 1, ia, {2, 5.5f, 7}, s, l, ma);
    tess.tessellate(all.data(), all.size(), 1, ib, {9, 5.5f, 3}, s, l, mb);
    auto on_edge = [](const Mesh& m) {
      std::vector<std::array<uint32_t, 4>> out;
      for (size_t i = 0; i < m.vertex_count(); ++i) {
        const Vec4* v = m.vertex(i);
        if (v[1].x + v[1].y < 1.0f - 1e-4f) continue;  // not on the edge u + v = 1
        std::array<uint32_t, 4> bits;
        std::memcpy(bits.data(), &v[0], 16);
        out.push_back(bits);
      }
      std::sort(out.begin(), out.end());
      return out;
    };
    const auto ea = on_edge(ma), eb = on_edge(mb);
    EXPECT_EQ(ea.size(), s == EdgeStyle::Discrete ? 6u : 7u);
    EXPECT_EQ(ea, eb);
  }
}

TEST(TriPatch, PartialDerivativesAreRejected) {
  const std::vector<Vec4> cp = net(3, 0.1f);
  OutputLayout l;
  l.add(Method::PartialU, 0);
  Mesh mesh;
  TriPatchTessellator tess;
  EXPECT_THROW(tess.tessellate(cp.data(), cp.size(), 1, TriPatchInfo{}, {2, 2, 2},
                               EdgeStyle::Discrete, l, mesh),
               Error);
}

}  // namespace
}  // namespace gfx::func::tess
