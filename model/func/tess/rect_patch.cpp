// Rect patch evaluation and tessellation (see rect_patch.h).
#include "func/tess/rect_patch.h"

#include <algorithm>

#include "common/error.h"
#include "func/tess/canonical.h"
#include "func/tess/segments.h"
#include "func/tess/validate.h"

namespace gfx::func::tess {

namespace {

void throw_if(const std::string& message) {
  if (!message.empty()) throw Error(message);
}

}  // namespace

void RectPatchTessellator::point_weights(const Weights1D& wu, const Weights1D& wv) {
  const unsigned ou = bu_.order(), ov = bv_.order();
  pw_.count = ou * ov;
  unsigned k = 0;
  for (unsigned r = 0; r < ov; ++r)
    for (unsigned c = 0; c < ou; ++c, ++k) {
      pw_.index[k] = grid_index(wv.first + r, wu.first + c);
      pw_.w[k] = wv.w[r] * wu.w[c];
      pw_.du[k] = wv.w[r] * wu.dw[c];
      pw_.dv[k] = wv.dw[r] * wu.w[c];
    }
}

// Corner c: the full surface point, then DEFAULT slots again as an order-free sum (the
// corner is shared by up to four patches).
void RectPatchTessellator::corner(unsigned c, Vec4* dst) {
  const float u = (c == 1 || c == 2) ? 1.0f : 0.0f, v = c >= 2 ? 1.0f : 0.0f;
  Weights1D wu, wv;
  bu_.eval(u, wu);
  bv_.eval(v, wv);
  point_weights(wu, wv);
  evaluate_outputs(pw_, vertices_, attributes_, *layout_, u, v, dst);
  Term terms[kMaxTerms];
  for (unsigned s = 0; s < layout_->count; ++s) {
    if (layout_->slots[s].method != Method::Default) continue;
    for (unsigned k = 0; k < pw_.count; ++k)
      terms[k] = {pw_.w[k],
                  vertices_[size_t(pw_.index[k]) * attributes_ + layout_->slots[s].source]};
    dst[s] = canonical_sum(terms, pw_.count);
  }
}

// Inner points of edge e. The edge curve is the 1-D curve of the edge polygon: each
// polygon point blends the grid points across the edge with the cross basis at the edge
// (order-free sum), so it depends only on the control data at that edge.
void RectPatchTessellator::edge(unsigned e, float f, EdgeStyle style, Vec4* mesh_base) {
  const bool along_u = e % 2 == 0;
  const Basis1D& along = along_u ? bu_ : bv_;
  const Basis1D& across = along_u ? bv_ : bu_;
  const unsigned len = along_u ? info_.width : info_.height;
  Weights1D wx;
  across.eval(e == 0 || e == 3 ? 0.0f : 1.0f, wx);
  // Polygon in patch order (top: +u, right: +v, bottom: -u, left: -v), all attributes.
  polygon_.resize(size_t(len) * attributes_);
  Term terms[kMaxTerms];
  for (unsigned i = 0; i < len; ++i) {
    const unsigned p = (e <= 1) ? i : len - 1 - i;
    for (unsigned a = 0; a < attributes_; ++a) {
      for (unsigned k = 0; k < across.order(); ++k) {
        const unsigned x = wx.first + k;
        const uint32_t idx = along_u ? grid_index(x, p) : grid_index(p, x);
        terms[k] = {wx.w[k], vertices_[size_t(idx) * attributes_ + a]};
      }
      polygon_[size_t(i) * attributes_ + a] = canonical_sum(terms, across.order());
    }
  }
  const bool reversed = reverse_is_canonical(polygon_.data(), len, attributes_);
  if (reversed) {
    for (unsigned i = 0, j = len - 1; i < j; ++i, --j)
      std::swap_ranges(polygon_.begin() + size_t(i) * attributes_,
                       polygon_.begin() + size_t(i + 1) * attributes_,
                       polygon_.begin() + size_t(j) * attributes_);
  }
  edge_params(f, style, params_);
  const unsigned n = unsigned(params_.size() - 1);
  Weights1D wt, wu, wv;
  for (unsigned kc = 1; kc < n; ++kc) {
    const float t = params_[kc];
    const unsigned kp = reversed ? n - kc : kc;  // index in patch order
    const float tp = reversed ? 1.0f - t : t;
    // Domain position: top (t, 0), right (1, t), bottom (1-t, 1), left (0, 1-t).
    const float u = e == 0 ? tp : e == 1 ? 1.0f : e == 2 ? 1.0f - tp : 0.0f;
    const float v = e == 0 ? 0.0f : e == 1 ? tp : e == 2 ? 1.0f : 1.0f - tp;
    Vec4* dst = mesh_base + size_t(pattern_.edge_base[e] + kp - 1) * layout_->count;
    bu_.eval(u, wu);
    bv_.eval(v, wv);
    point_weights(wu, wv);
    evaluate_outputs(pw_, vertices_, attributes_, *layout_, u, v, dst);
    along.eval(t, wt);
    for (unsigned s = 0; s < layout_->count; ++s) {
      if (layout_->slots[s].method != Method::Default) continue;
      Vec4 sum;
      for (unsigned k = 0; k < along.order(); ++k)
        sum =
            sum + polygon_[size_t(wt.first + k) * attributes_ + layout_->slots[s].source] * wt.w[k];
      dst[s] = sum;
    }
  }
}

// Interior points, row by row (v constant). Each row first blends the grid down the
// columns with the row's v weights (value and d/dv) for every output slot, so a vertex
// then costs one short sum along u per slot instead of order^2 terms.
void RectPatchTessellator::interior(Vec4* dst) {
  const OutputLayout& layout = *layout_;
  const unsigned cols = info_.width, slots = layout.count;
  const uint32_t per_row = pattern_.interior_cols;
  column_weights_.resize(per_row);
  for (uint32_t i = 0; i < per_row; ++i) bu_.eval(pattern_.interior_u[i], column_weights_[i]);
  row_value_.resize(size_t(slots) * cols);
  row_dv_.resize(size_t(slots) * cols);
  Weights1D wv;
  const size_t points = pattern_.interior_u.size();
  for (size_t p = 0; p < points; ++p, dst += slots) {
    const uint32_t col = uint32_t(p % per_row);
    if (col == 0) {
      bv_.eval(pattern_.interior_v[p], wv);
      for (unsigned s = 0; s < slots; ++s) {
        if (layout.slots[s].method == Method::UV) continue;
        const unsigned src = layout.slots[s].source;
        for (unsigned c = 0; c < cols; ++c) {
          Vec4 value, dv;
          for (unsigned r = 0; r < bv_.order(); ++r) {
            const Vec4& cp = vertices_[size_t(grid_index(wv.first + r, c)) * attributes_ + src];
            value = value + cp * wv.w[r];
            dv = dv + cp * wv.dw[r];
          }
          row_value_[size_t(s) * cols + c] = value;
          row_dv_[size_t(s) * cols + c] = dv;
        }
      }
    }
    const Weights1D& wu = column_weights_[col];
    for (unsigned s = 0; s < slots; ++s) {
      const Method m = layout.slots[s].method;
      if (m == Method::UV) {
        dst[s] = {pattern_.interior_u[p], pattern_.interior_v[p], 0.0f, 1.0f};
        continue;
      }
      const Vec4* rv = row_value_.data() + size_t(s) * cols + wu.first;
      const Vec4* rd = row_dv_.data() + size_t(s) * cols + wu.first;
      Vec4 value, du, dv;
      for (unsigned k = 0; k < bu_.order(); ++k) {
        if (m == Method::Default) value = value + rv[k] * wu.w[k];
        if (m == Method::PartialU || m == Method::CrossUV) du = du + rv[k] * wu.dw[k];
        if (m == Method::PartialV || m == Method::CrossUV) dv = dv + rd[k] * wu.w[k];
      }
      if (m == Method::Default) dst[s] = value;
      if (m == Method::PartialU) dst[s] = {du.x, du.y, du.z, 0.0f};
      if (m == Method::PartialV) dst[s] = {dv.x, dv.y, dv.z, 0.0f};
      if (m == Method::CrossUV) dst[s] = cross3(du, dv);
    }
  }
}

void RectPatchTessellator::tessellate(const Vec4* vertices, size_t vertex_count,
                                      unsigned attributes, const RectPatchInfo& info,
                                      const std::array<float, 4>& segments, EdgeStyle style,
                                      const OutputLayout& layout, Mesh& out) {
  throw_if(check_rect_grid(info, vertex_count));
  throw_if(check_segments(segments.data(), 4));
  throw_if(check_rect_outputs(layout, attributes));
  out.expect_attributes(layout.count, "rect patch");
  vertices_ = vertices;
  attributes_ = attributes;
  info_ = info;
  layout_ = &layout;
  bu_ = Basis1D(info.basis, unsigned(info.degree), info.width);
  bv_ = Basis1D(info.basis, unsigned(info.degree), info.height);

  std::array<unsigned, 4> n;
  for (unsigned e = 0; e < 4; ++e) n[e] = segment_count(segments[e], style);
  pattern_.build_quad(n, std::max(segments[0], segments[2]), std::max(segments[1], segments[3]),
                      style);
  const size_t base = out.vertex_count();
  out.vertices.resize((base + pattern_.vertex_count()) * layout.count);
  Vec4* mesh = out.vertices.data() + base * layout.count;

  for (unsigned c = 0; c < 4; ++c) corner(c, mesh + size_t(c) * layout.count);
  for (unsigned e = 0; e < 4; ++e) edge(e, segments[e], style, mesh);

  interior(mesh + size_t(pattern_.interior_base) * layout.count);
  for (uint32_t idx : pattern_.indices) out.indices.push_back(uint32_t(base) + idx);
}

}  // namespace gfx::func::tess
