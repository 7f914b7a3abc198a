// Uniform and stitched patterns of the triangle and quad domains (see pattern.h).
#include "func/tess/pattern.h"

#include <algorithm>

#include "func/tess/segments.h"

namespace gfx::func::tess {

bool DomainPattern::same_key(const std::array<float, 8>& key) {
  if (key == key_ && corners != 0) return true;
  key_ = key;
  return false;
}

void DomainPattern::number_edges() {
  uint32_t next = corners;
  for (unsigned e = 0; e < corners; ++e) {
    edge_base[e] = next;
    next += edge_n[e] - 1;
  }
  interior_base = next;
  interior_cols = 0;
  interior_u.clear();
  interior_v.clear();
  indices.clear();
}

uint32_t DomainPattern::edge_point(unsigned e, unsigned k) const {
  if (k == 0) return e;
  if (k == edge_n[e]) return (e + 1) % corners;
  return edge_base[e] + k - 1;
}

// Cell with corners a = (i,j), b = (i+1,j), c = (i+1,j+1), d = (i,j+1), split b-d.
void DomainPattern::add_grid_cell(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  indices.insert(indices.end(), {a, b, d, b, c, d});
}

// Triangles between an edge row and the parallel interior row, both running in the
// domain's counter-clockwise boundary direction (interior on the left).
void DomainPattern::zip(const std::vector<uint32_t>& outer, const std::vector<uint32_t>& inner) {
  const uint64_t a = outer.size() - 1, b = inner.size() - 1;
  uint64_t i = 0, j = 0;
  while (i < a || j < b) {
    const bool advance_outer = j == b || (i < a && (2 * i + 1) * b <= (2 * j + 1) * a);
    if (advance_outer) {
      indices.insert(indices.end(), {outer[i], outer[i + 1], inner[j]});
      ++i;
    } else {
      indices.insert(indices.end(), {outer[i], inner[j + 1], inner[j]});
      ++j;
    }
  }
}

void DomainPattern::build_triangle(const std::array<unsigned, 3>& n, unsigned m) {
  if (same_key({3, float(n[0]), float(n[1]), float(n[2]), float(m), 0, 0, 0})) return;
  corners = 3;
  edge_n = {n[0], n[1], n[2], 0};
  number_edges();
  const bool uniform = n[0] == m && n[1] == m && n[2] == m;
  if (!uniform) m = std::max(m, 3u);
  const float fm = float(m);
  // Interior points (i, j), i, j >= 1, i + j <= m - 1, row by row.
  for (unsigned j = 1; j + 2 <= m; ++j)
    for (unsigned i = 1; i + j + 1 <= m; ++i) {
      interior_u.push_back(float(i) / fm);
      interior_v.push_back(float(j) / fm);
    }
  // grid_ maps (i, j) of the level-m grid to vertex numbers (only what exists is used).
  const unsigned side = m + 1;
  grid_.assign(size_t(side) * side, 0);
  auto at = [&](unsigned i, unsigned j) -> uint32_t& { return grid_[size_t(j) * side + i]; };
  uint32_t next = interior_base;
  for (unsigned j = 1; j + 2 <= m; ++j)
    for (unsigned i = 1; i + j + 1 <= m; ++i) at(i, j) = next++;
  if (uniform) {
    for (unsigned k = 0; k <= m; ++k) {
      at(k, 0) = edge_point(0, k);
      at(m - k, k) = edge_point(1, k);
      at(0, m - k) = edge_point(2, k);
    }
    for (unsigned j = 0; j < m; ++j)
      for (unsigned i = 0; i + j < m; ++i) {
        indices.insert(indices.end(), {at(i, j), at(i + 1, j), at(i, j + 1)});
        if (i + j + 2 <= m)
          indices.insert(indices.end(), {at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)});
      }
    return;
  }
  // Interior grid: every level-m triangle whose corners are all interior.
  for (unsigned j = 1; j + 2 <= m; ++j)
    for (unsigned i = 1; i + j + 2 <= m; ++i) {
      indices.insert(indices.end(), {at(i, j), at(i + 1, j), at(i, j + 1)});
      if (i + j + 3 <= m)
        indices.insert(indices.end(), {at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)});
    }
  // Ring: inner rows (1,1)->(m-2,1), (m-2,1)->(1,m-2), (1,m-2)->(1,1).
  for (unsigned e = 0; e < 3; ++e) {
    outer_.clear();
    inner_.clear();
    for (unsigned k = 0; k <= n[e]; ++k) outer_.push_back(edge_point(e, k));
    for (unsigned k = 0; k + 3 <= m; ++k) {
      if (e == 0) inner_.push_back(at(1 + k, 1));
      if (e == 1) inner_.push_back(at(m - 2 - k, 1 + k));
      if (e == 2) inner_.push_back(at(1, m - 2 - k));
    }
    zip(outer_, inner_);
  }
}

void DomainPattern::build_quad(const std::array<unsigned, 4>& n, float fu, float fv,
                               EdgeStyle style) {
  if (same_key({4, float(n[0]), float(n[1]), float(n[2]), float(n[3]), fu, fv, float(style)}))
    return;
  corners = 4;
  edge_n = n;
  number_edges();
  edge_params(fu, style, pu_);
  edge_params(fv, style, pv_);
  unsigned nu = unsigned(pu_.size() - 1), nv = unsigned(pv_.size() - 1);
  const bool uniform = n[0] == nu && n[2] == nu && n[1] == nv && n[3] == nv;
  // The stitched ring needs at least one interior row and column.
  if (!uniform && nu < 2) {
    edge_params(2.0f, style, pu_);
    nu = 2;
  }
  if (!uniform && nv < 2) {
    edge_params(2.0f, style, pv_);
    nv = 2;
  }
  interior_cols = nu - 1;
  const unsigned side_u = nu + 1;
  grid_.assign(size_t(side_u) * (nv + 1), 0);
  auto at = [&](unsigned i, unsigned j) -> uint32_t& { return grid_[size_t(j) * side_u + i]; };
  uint32_t next = interior_base;
  for (unsigned j = 1; j < nv; ++j)
    for (unsigned i = 1; i < nu; ++i) {
      interior_u.push_back(pu_[i]);
      interior_v.push_back(pv_[j]);
      at(i, j) = next++;
    }
  if (uniform) {
    for (unsigned k = 0; k <= nu; ++k) {
      at(k, 0) = edge_point(0, k);
      at(nu - k, nv) = edge_point(2, k);
    }
    for (unsigned k = 0; k <= nv; ++k) {
      at(nu, k) = edge_point(1, k);
      at(0, nv - k) = edge_point(3, k);
    }
    for (unsigned j = 0; j < nv; ++j)
      for (unsigned i = 0; i < nu; ++i)
        add_grid_cell(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
    return;
  }
  for (unsigned j = 1; j + 1 < nv; ++j)
    for (unsigned i = 1; i + 1 < nu; ++i)
      add_grid_cell(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
  // Ring: inner rows (1,1)->(nu-1,1)->(nu-1,nv-1)->(1,nv-1)->(1,1).
  for (unsigned e = 0; e < 4; ++e) {
    outer_.clear();
    inner_.clear();
    for (unsigned k = 0; k <= n[e]; ++k) outer_.push_back(edge_point(e, k));
    const unsigned len = (e % 2 == 0 ? nu : nv) - 2;
    for (unsigned k = 0; k <= len; ++k) {
      if (e == 0) inner_.push_back(at(1 + k, 1));
      if (e == 1) inner_.push_back(at(nu - 1, 1 + k));
      if (e == 2) inner_.push_back(at(nu - 1 - k, nv - 1));
      if (e == 3) inner_.push_back(at(1, nv - 1 - k));
    }
    zip(outer_, inner_);
  }
}

}  // namespace gfx::func::tess
