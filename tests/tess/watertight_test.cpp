// Watertightness through the whole functional pipeline: a closed cube of six bicubic
// Bezier patches whose edges get different segment counts (each patch stitches its four
// counts), rendered with back faces culled over a background colour. A crack in the front
// faces would show the background; the silhouette is computed independently, as the convex
// hull of the eight projected cube corners, and every pixel whose centre lies at least
// 1.5 pixels inside it must be covered.
#include <algorithm>
#include <array>
#include <cmath>

#include "func/pipeline/renderer.h"
#include "tess_fixture.h"

namespace gfx::test {
namespace {

constexpr uint32_t kSize = 64;  // the fixture's back buffer
constexpr uint32_t kBackground = 0xFF000080;

// Lattice coordinates 0..3 map to exact floats, so neighbours see identical edge points.
const float kCoord[4] = {-1.0f, -1.0f / 3.0f, 1.0f / 3.0f, 1.0f};

struct Rot {
  float m[3][3];
  std::array<float, 3> apply(const std::array<float, 3>& p) const {
    std::array<float, 3> r{};
    for (int i = 0; i < 3; ++i) r[i] = m[i][0] * p[0] + m[i][1] * p[1] + m[i][2] * p[2];
    return r;
  }
};

Rot rotation() {
  const float a = 0.6f, b = 0.5f;  // about y, then about x: three faces in view
  const float ca = std::cos(a), sa = std::sin(a), cb = std::cos(b), sb = std::sin(b);
  return {{{ca, 0, sa}, {sb * sa, cb, -sb * ca}, {-cb * sa, sb, cb * ca}}};
}

// Clip-space position of lattice point (i, j, k): rotated cube of half-size 0.5.
std::array<float, 3> project(const Rot& r, int i, int j, int k) {
  const auto p = r.apply({kCoord[i], kCoord[j], kCoord[k]});
  return {0.5f * p[0], 0.5f * p[1], 0.5f + 0.2f * p[2]};
}

// Segment count of the cube edge between lattice corners a and b (order-free).
float edge_segments(const std::array<int, 3>& a, const std::array<int, 3>& b) {
  const int h = (a[0] + b[0]) * 7 + (a[1] + b[1]) * 5 + (a[2] + b[2]) * 3;
  return float(2 + h % 5);  // 2..6
}

TEST_F(TessFixture, ClosedPatchCubeWithStitchedEdgesHasNoCracks) {
  trace::SetRenderStates rs;
  rs.states.push_back({api::RenderStateId::CullMode, uint32_t(api::Cull::Ccw)});
  apply(rs);
  func::FunctionalRenderer renderer(kSize, kSize);
  std::fill(renderer.target().color.begin(), renderer.target().color.end(), kBackground);
  const Rot rot = rotation();

  for (int axis = 0; axis < 3; ++axis)
    for (int sign = -1; sign <= 1; sign += 2) {
      // Outward normal n; u, v with cross(u, v) = n, so the face is front-facing from outside.
      std::array<int, 3> n{}, u{}, v{};
      n[axis] = sign;
      u[(axis + 1) % 3] = 1;
      v = {n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]};
      std::array<int, 3> c0{};
      // The face's corner where u and v start: on the face's side of the cube, and at the
      // low end of u and v (their high end when they point down an axis).
      for (int i = 0; i < 3; ++i)
        c0[i] = (n[i] > 0 ? 3 : 0) + (u[i] < 0 ? 3 : 0) + (v[i] < 0 ? 3 : 0);
      std::vector<float> pts;
      for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) {
          std::array<int, 3> l;
          for (int i = 0; i < 3; ++i) l[i] = c0[i] + u[i] * c + v[i] * r;
          const auto p = project(rot, l[0], l[1], l[2]);
          pts.insert(pts.end(), p.begin(), p.end());
        }
      // Corners c0 (row 0, col 0), c1 (row 0, col 3), c2 (row 3, col 3), c3 (row 3, col 0).
      std::array<std::array<int, 3>, 4> k;
      for (int i = 0; i < 3; ++i) {
        k[0][i] = c0[i];
        k[1][i] = c0[i] + 3 * u[i];
        k[2][i] = c0[i] + 3 * u[i] + 3 * v[i];
        k[3][i] = c0[i] + 3 * v[i];
      }
      std::vector<float> segs;
      for (int e = 0; e < 4; ++e) segs.push_back(edge_segments(k[e], k[(e + 1) % 4]));
      bind(10 + axis * 2 + (sign > 0), pts);
      apply(rect(0, segs));
      renderer.draw(draw());
    }

  // Silhouette: convex hull of the projected corners (pixel space, y down).
  std::vector<std::array<double, 2>> p;
  for (int i = 0; i < 4; i += 3)
    for (int j = 0; j < 4; j += 3)
      for (int k = 0; k < 4; k += 3) {
        const auto c = project(rot, i, j, k);
        p.push_back({(c[0] + 1.0) * 0.5 * kSize, (1.0 - c[1]) * 0.5 * kSize});
      }
  std::sort(p.begin(), p.end());
  auto cross = [](const auto& o, const auto& a, const auto& b) {
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  };
  std::vector<std::array<double, 2>> hull;  // Andrew's monotone chain
  for (int pass = 0; pass < 2; ++pass) {
    const size_t start = hull.size();
    for (const auto& q : p) {
      while (hull.size() >= start + 2 && cross(hull[hull.size() - 2], hull.back(), q) <= 0)
        hull.pop_back();
      hull.push_back(q);
    }
    hull.pop_back();
    std::reverse(p.begin(), p.end());
  }
  ASSERT_GE(hull.size(), 4u);
  unsigned inside = 0, holes = 0;
  for (uint32_t y = 0; y < kSize; ++y)
    for (uint32_t x = 0; x < kSize; ++x) {
      const std::array<double, 2> c{x + 0.5, y + 0.5};
      bool deep = true;
      for (size_t i = 0; i < hull.size() && deep; ++i) {
        const auto& a = hull[i];
        const auto& b = hull[(i + 1) % hull.size()];
        const double len = std::hypot(b[0] - a[0], b[1] - a[1]);
        deep = cross(a, b, c) / len >= 1.5;
      }
      if (!deep) continue;
      ++inside;
      if (renderer.target().color[y * kSize + x] == kBackground) ++holes;
    }
  EXPECT_GT(inside, 1000u);  // the test looks at a real area
  EXPECT_EQ(holes, 0u);
}

}  // namespace
}  // namespace gfx::test
