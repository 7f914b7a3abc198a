// Tessellation patterns of the two parameter domains (triangle, quad): which points exist
// and how they are joined into triangles, independent of the surface evaluated on them.
//
// Vertex numbering shared with the tessellators: the corners first (3 or 4), then the inner
// points of each edge in patch order (edge e's point k, k = 1..n_e-1, counted from the
// edge's first corner, is vertex edge_base[e] + k - 1), then the interior points
// (interior_base + i, domain coordinates interior_u[i], interior_v[i]).
//
// Domains: triangle corners c0 = (0,0), c1 = (1,0), c2 = (0,1) in (u,v), edges c0-c1,
// c1-c2, c2-c0; quad corners c0 = (0,0), c1 = (1,0), c2 = (1,1), c3 = (0,1), edges
// c0-c1 (v = 0), c1-c2 (u = 1), c2-c3 (v = 1), c3-c0 (u = 0). Every emitted triangle is
// counter-clockwise in (u,v), i.e. has the orientation of (c0, c1, c2).
//
// Patterns (D3D9 leaves them open; docs/units/tessellator.md):
// - Uniform: when all triangle edges have the interior count m (or quad edges 0 and 2 have
//   nu and edges 1 and 3 have nv), the plain grid: (m+1)(m+2)/2 points and m^2 triangles,
//   or (nu+1)(nv+1) points and 2 nu nv triangles, each cell split from its (i+1,j) to
//   (i,j+1) corner.
// - Stitched, when counts differ: the uniform grid of the interior level without its
//   outer ring (level raised to 3 for triangles, 2 per direction for quads), and a ring of
//   triangles that zips each edge's points to the parallel row of interior points: walking
//   both rows, advance the one whose next segment midpoint comes first (integer compare,
//   ties advance the edge), and join each edge corner to the nearest interior corner.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "func/tess/types.h"

namespace gfx::func::tess {

class DomainPattern {
 public:
  // Both builds return at once when called with the same arguments as the previous build.
  // Triangle domain: edge_n[e] segments on edge e (>= 1), interior level m (>= 1).
  void build_triangle(const std::array<unsigned, 3>& edge_n, unsigned m);
  // Quad domain: edge_n[e] segments on edge e (>= 1); the interior grid uses the points
  // of edge_params(fu) along u and edge_params(fv) along v.
  void build_quad(const std::array<unsigned, 4>& edge_n, float fu, float fv, EdgeStyle style);

  unsigned corners = 0;
  std::array<unsigned, 4> edge_n{};
  std::array<uint32_t, 4> edge_base{};
  uint32_t interior_base = 0;
  uint32_t interior_cols = 0;  // quad: interior points per row (rows are v = const)
  std::vector<float> interior_u, interior_v;
  std::vector<uint32_t> indices;  // triangle list in the numbering above

  uint32_t vertex_count() const { return interior_base + uint32_t(interior_u.size()); }

 private:
  void number_edges();
  void zip(const std::vector<uint32_t>& outer, const std::vector<uint32_t>& inner);
  void add_grid_cell(uint32_t a, uint32_t b, uint32_t c, uint32_t d);
  uint32_t edge_point(unsigned e, unsigned k) const;  // k = 0..n_e, corners included

  // The arguments of the last build: a draw of equal counts rebuilds nothing.
  std::array<float, 8> key_{};
  bool same_key(const std::array<float, 8>& key);

  std::vector<float> pu_, pv_;
  std::vector<uint32_t> outer_, inner_, grid_;
};

}  // namespace gfx::func::tess
