// N-patches: PN positions and normals against the paper's formulas (re-derived in
// reference.h), n = 1, flat linear patches, counts and watertight shared edges.
#include "func/tess/npatch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "reference.h"

namespace gfx::func::tess {
namespace {

// Slots: 0 position, 1 normal, 2 barycentric tag (w, u, v) so each output vertex says
// where it was evaluated, 3 a colour.
struct Tri {
  Vec4 v[3][4];
};

Tri curved_triangle() {
  Tri t;
  const Vec4 p[3] = {{0, 0, 0, 1}, {2, 0.5f, 0, 1}, {0.5f, 2, 0.3f, 1}};
  const ref::D3 n[3] = {ref::normalized({-0.3, -0.2, 1}), ref::normalized({0.4, 0, 1}),
                        ref::normalized({0, 0.5, 1})};
  for (int i = 0; i < 3; ++i) {
    t.v[i][0] = p[i];
    t.v[i][1] = {float(n[i].x), float(n[i].y), float(n[i].z), 0};
    t.v[i][2] = {i == 0 ? 1.0f : 0.0f, i == 1 ? 1.0f : 0.0f, i == 2 ? 1.0f : 0.0f, 0};
    t.v[i][3] = {float(i), 1, 0, 1};
  }
  return t;
}

ref::Pn reference(const Tri& t) {
  return ref::pn(ref::d3(t.v[0][0]), ref::d3(t.v[1][0]), ref::d3(t.v[2][0]), ref::d3(t.v[0][1]),
                 ref::d3(t.v[1][1]), ref::d3(t.v[2][1]));
}

NPatchSettings settings(Degree pos, Degree nrm) {
  NPatchSettings s;
  s.position = 0;
  s.normal = 1;
  s.position_degree = pos;
  s.normal_degree = nrm;
  return s;
}

TEST(NPatch, CubicPositionsAndQuadraticNormalsMatchThePaper) {
  const Tri t = curved_triangle();
  const ref::Pn r = reference(t);
  Mesh mesh;
  NPatchTessellator tess;
  tess.tessellate(t.v[0], t.v[1], t.v[2], 4, settings(Degree::Cubic, Degree::Quadratic), {5, 5, 5},
                  mesh);
  ASSERT_EQ(mesh.vertex_count(), 21u);
  int interior = 0;
  for (size_t i = 0; i < mesh.vertex_count(); ++i) {
    const Vec4* v = mesh.vertex(i);
    const double u = v[2].y, vv = v[2].z;
    EXPECT_NEAR3(v[0], ref::pn_position(r, u, vv), 2e-5);
    EXPECT_NEAR3(v[1], ref::pn_normal(r, u, vv), 2e-5);
    // Other attributes are linear.
    EXPECT_NEAR(v[3].x, u * 1 + vv * 2, 1e-6);
    if (u > 0 && vv > 0 && u + vv < 1) ++interior;
  }
  EXPECT_EQ(interior, 6);
}

TEST(NPatch, LinearNormalsAreBarycentric) {
  const Tri t = curved_triangle();
  Mesh mesh;
  NPatchTessellator tess;
  tess.tessellate(t.v[0], t.v[1], t.v[2], 4, settings(Degree::Cubic, Degree::Linear), {3, 3, 3},
                  mesh);
  for (size_t i = 0; i < mesh.vertex_count(); ++i) {
    const Vec4* v = mesh.vertex(i);
    const double w = v[2].x, u = v[2].y, vv = v[2].z;
    const ref::D3 n = ref::d3(t.v[0][1]) * w + ref::d3(t.v[1][1]) * u + ref::d3(t.v[2][1]) * vv;
    EXPECT_NEAR3(v[1], n, 1e-6);
  }
}

TEST(NPatch, OneSegmentReproducesTheInputTriangle) {
  const Tri t = curved_triangle();
  Mesh mesh;
  NPatchTessellator tess;
  tess.tessellate(t.v[0], t.v[1], t.v[2], 4, settings(Degree::Cubic, Degree::Quadratic), {1, 1, 1},
                  mesh);
  ASSERT_EQ(mesh.vertex_count(), 3u);
  EXPECT_EQ(mesh.indices, (std::vector<uint32_t>{0, 1, 2}));
  for (int i = 0; i < 3; ++i)
    for (int a = 0; a < 4; ++a) EXPECT_EQ(mesh.vertex(i)[a], t.v[i][a]) << i << " " << a;
}

TEST(NPatch, LinearPositionStaysOnTheInputPlane) {
  const Tri t = curved_triangle();
  Mesh mesh;
  NPatchTessellator tess;
  tess.tessellate(t.v[0], t.v[1], t.v[2], 4, settings(Degree::Linear, Degree::Quadratic), {6, 6, 6},
                  mesh);
  const ref::D3 p0 = ref::d3(t.v[0][0]);
  const ref::D3 nrm = ref::normalized(ref::cross(ref::d3(t.v[1][0]) - p0, ref::d3(t.v[2][0]) - p0));
  for (size_t i = 0; i < mesh.vertex_count(); ++i)
    EXPECT_NEAR(ref::dot(ref::d3(mesh.vertex(i)[0]) - p0, nrm), 0.0, 1e-6) << i;
  // And the cubic one leaves it (the test can fail).
  Mesh curved;
  tess.tessellate(t.v[0], t.v[1], t.v[2], 4, settings(Degree::Cubic, Degree::Quadratic), {6, 6, 6},
                  curved);
  double most = 0;
  for (size_t i = 0; i < curved.vertex_count(); ++i)
    most = std::max(most, std::abs(ref::dot(ref::d3(curved.vertex(i)[0]) - p0, nrm)));
  EXPECT_GT(most, 0.01);
}

TEST(NPatch, CountsPerTriangleAndWindingKept) {
  const Tri t = curved_triangle();
  Mesh mesh;
  NPatchTessellator tess;
  for (unsigned n = 1; n <= 6; ++n) {
    mesh.clear(4);
    tess.tessellate(t.v[0], t.v[1], t.v[2], 4, settings(Degree::Cubic, Degree::Linear),
                    {float(n), float(n), float(n)}, mesh);
    EXPECT_EQ(mesh.vertex_count(), (n + 1) * (n + 2) / 2);
    EXPECT_EQ(mesh.triangle_count(), n * n);
    // Every triangle has the input's orientation in the barycentric tag space.
    for (size_t k = 0; k < mesh.indices.size(); k += 3) {
      const Vec4 &a = mesh.vertex(mesh.indices[k])[2], &b = mesh.vertex(mesh.indices[k + 1])[2],
                 &c = mesh.vertex(mesh.indices[k + 2])[2];
      EXPECT_GT((b.y - a.y) * (c.z - a.z) - (b.z - a.z) * (c.y - a.y), 0.0f);
    }
  }
  // Appending a second triangle offsets its indices.
  mesh.clear(4);
  tess.tessellate(t.v[0], t.v[1], t.v[2], 4, settings(Degree::Cubic, Degree::Linear), {2, 2, 2},
                  mesh);
  tess.tessellate(t.v[0], t.v[1], t.v[2], 4, settings(Degree::Cubic, Degree::Linear), {2, 2, 2},
                  mesh);
  EXPECT_EQ(mesh.vertex_count(), 12u);
  EXPECT_EQ(mesh.triangle_count(), 8u);
  EXPECT_EQ(mesh.indices[12], 6u);
}

// Two triangles sharing the edge A-B (in opposite directions), different levels elsewhere:
// the shared edge's vertices are bit-identical.
TEST(NPatch, SharedEdgeIsWatertight) {
  const Tri t = curved_triangle();
  Vec4 d[4] = {{1.7f, -1.9f, 0.4f, 1}, {}, {0, 0, 1, 0}, {5, 1, 0, 1}};
  d[1] = {float(ref::normalized({0.2, -0.3, 0.9}).x), float(ref::normalized({0.2, -0.3, 0.9}).y),
          float(ref::normalized({0.2, -0.3, 0.9}).z), 0};
  for (EdgeStyle style : {EdgeStyle::Discrete, EdgeStyle::Continuous}) {
    NPatchSettings s = settings(Degree::Cubic, Degree::Quadratic);
    s.style = style;
    Mesh m1, m2;
    NPatchTessellator tess;
    // Triangle 1: v0, v1, v2 with edge v0-v1 at 4.5 segments; triangle 2: v1, v0, D.
    tess.tessellate(t.v[0], t.v[1], t.v[2], 4, s, {4.5f, 2, 7}, m1);
    tess.tessellate(t.v[1], t.v[0], d, 4, s, {4.5f, 6, 3}, m2);
    // Vertices on the shared edge: the third vertex's tag weight is exactly 0 there.
    auto on_edge = [](const Mesh& m) {
      std::vector<std::array<uint32_t, 8>> bits;
      for (size_t i = 0; i < m.vertex_count(); ++i) {
        const Vec4* v = m.vertex(i);
        if (v[2].z != 0.0f) continue;  // not on the shared edge
        std::array<uint32_t, 8> b;
        std::memcpy(b.data(), &v[0], 16);
        std::memcpy(b.data() + 4, &v[1], 16);
        bits.push_back(b);
      }
      std::sort(bits.begin(), bits.end());
      return bits;
    };
    const auto e1 = on_edge(m1), e2 = on_edge(m2);
    const size_t expected = style == EdgeStyle::Discrete ? 5u : 6u;
    EXPECT_EQ(e1.size(), expected);
    EXPECT_EQ(e1, e2);
  }
}

}  // namespace
}  // namespace gfx::func::tess
