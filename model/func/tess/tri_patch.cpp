// Bezier triangle patch evaluation and tessellation (see tri_patch.h).
#include "func/tess/tri_patch.h"

#include <algorithm>

#include "common/error.h"
#include "func/tess/basis.h"
#include "func/tess/canonical.h"
#include "func/tess/segments.h"
#include "func/tess/validate.h"

namespace gfx::func::tess {

namespace {

void throw_if(const std::string& message) {
  if (!message.empty()) throw Error(message);
}

const float kFactorial[6] = {1, 1, 2, 6, 24, 120};

}  // namespace

uint32_t TriPatchTessellator::corner_index(unsigned d, unsigned c) {
  const uint32_t last_row = d * (d + 1) / 2;
  return c == 0 ? 0 : c == 1 ? last_row + d : last_row;
}

void TriPatchTessellator::weights(unsigned d, float u, float v, PointWeights& out) {
  const float w = 1.0f - u - v;
  float pu[6] = {1}, pv[6] = {1}, pw[6] = {1};
  for (unsigned k = 1; k <= d; ++k) {
    pu[k] = pu[k - 1] * u;
    pv[k] = pv[k - 1] * v;
    pw[k] = pw[k - 1] * w;
  }
  unsigned n = 0;
  for (unsigned r = 0; r <= d; ++r)
    for (unsigned c = 0; c <= r; ++c, ++n) {
      const unsigned i = c, j = r - c, k = d - r;
      const float coef = kFactorial[d] / (kFactorial[i] * kFactorial[j] * kFactorial[k]);
      out.index[n] = n;
      out.w[n] = coef * pu[i] * pv[j] * pw[k];
      // d/du and d/dv with w = 1 - u - v: the w power contributes -k w^(k-1).
      const float dwk = k ? float(k) * pw[k - 1] : 0.0f;
      out.du[n] = coef * ((i ? float(i) * pu[i - 1] : 0.0f) * pv[j] * pw[k] - pu[i] * pv[j] * dwk);
      out.dv[n] = coef * ((j ? float(j) * pv[j - 1] : 0.0f) * pu[i] * pw[k] - pu[i] * pv[j] * dwk);
    }
  out.count = n;
}

// Inner points of edge e from the d+1 control points on it (1-D Bezier, canonical order).
void TriPatchTessellator::edge(unsigned e, float f, EdgeStyle style, Vec4* mesh_base) {
  const unsigned d = degree_, len = d + 1;
  polygon_.resize(size_t(len) * attributes_);
  for (unsigned i = 0; i < len; ++i) {
    // Patch order: e0 apex -> last-row end (c = r), e1 last row end -> start, e2 up the
    // first column.
    const unsigned r = e == 0 ? i : e == 1 ? d : d - i;
    const unsigned c = e == 0 ? i : e == 1 ? d - i : 0;
    const uint32_t idx = start_ + r * (r + 1) / 2 + c;
    std::copy_n(vertices_ + size_t(idx) * attributes_, attributes_,
                polygon_.begin() + size_t(i) * attributes_);
  }
  const bool reversed = reverse_is_canonical(polygon_.data(), len, attributes_);
  if (reversed)
    for (unsigned i = 0, j = len - 1; i < j; ++i, --j)
      std::swap_ranges(polygon_.begin() + size_t(i) * attributes_,
                       polygon_.begin() + size_t(i + 1) * attributes_,
                       polygon_.begin() + size_t(j) * attributes_);
  edge_params(f, style, params_);
  const unsigned n = unsigned(params_.size() - 1);
  const Basis1D curve(Basis::Bezier, d, len);
  Weights1D wt;
  for (unsigned kc = 1; kc < n; ++kc) {
    const float t = params_[kc];
    const unsigned kp = reversed ? n - kc : kc;
    const float tp = reversed ? 1.0f - t : t;
    // Domain position: e0 (t, 0), e1 (1-t, t), e2 (0, 1-t).
    const float u = e == 0 ? tp : e == 1 ? 1.0f - tp : 0.0f;
    const float v = e == 0 ? 0.0f : e == 1 ? tp : 1.0f - tp;
    Vec4* dst = mesh_base + size_t(pattern_.edge_base[e] + kp - 1) * layout_->count;
    weights(d, u, v, pw_);
    for (unsigned k = 0; k < pw_.count; ++k) pw_.index[k] += start_;
    evaluate_outputs(pw_, vertices_, attributes_, *layout_, u, v, dst);
    curve.eval(t, wt);
    for (unsigned s = 0; s < layout_->count; ++s) {
      if (layout_->slots[s].method != Method::Default) continue;
      Vec4 sum;
      for (unsigned k = 0; k < len; ++k)
        sum = sum + polygon_[size_t(k) * attributes_ + layout_->slots[s].source] * wt.w[k];
      dst[s] = sum;
    }
  }
}

void TriPatchTessellator::tessellate(const Vec4* vertices, size_t vertex_count, unsigned attributes,
                                     const TriPatchInfo& info, const std::array<float, 3>& segments,
                                     EdgeStyle style, const OutputLayout& layout, Mesh& out) {
  throw_if(check_tri_patch(info, vertex_count));
  throw_if(check_segments(segments.data(), 3));
  throw_if(check_tri_outputs(layout, attributes));
  out.expect_attributes(layout.count, "tri patch");
  vertices_ = vertices;
  attributes_ = attributes;
  degree_ = unsigned(info.degree);
  start_ = info.start_vertex;
  layout_ = &layout;

  std::array<unsigned, 3> n;
  for (unsigned e = 0; e < 3; ++e) n[e] = segment_count(segments[e], style);
  const float top = std::max({segments[0], segments[1], segments[2]});
  pattern_.build_triangle(n, segment_count(top, style));
  const size_t base = out.vertex_count();
  out.vertices.resize((base + pattern_.vertex_count()) * layout.count);
  Vec4* mesh = out.vertices.data() + base * layout.count;

  // Corners: the surface passes through the corner control points, copied exactly.
  static const float kCornerUV[3][2] = {{0, 0}, {1, 0}, {0, 1}};
  for (unsigned c = 0; c < 3; ++c) {
    Vec4* dst = mesh + size_t(c) * layout.count;
    weights(degree_, kCornerUV[c][0], kCornerUV[c][1], pw_);
    for (unsigned k = 0; k < pw_.count; ++k) pw_.index[k] += start_;
    evaluate_outputs(pw_, vertices_, attributes_, layout, kCornerUV[c][0], kCornerUV[c][1], dst);
    const Vec4* cp = vertices_ + size_t(start_ + corner_index(degree_, c)) * attributes_;
    for (unsigned s = 0; s < layout.count; ++s)
      if (layout.slots[s].method == Method::Default) dst[s] = cp[layout.slots[s].source];
  }
  for (unsigned e = 0; e < 3; ++e) edge(e, segments[e], style, mesh);
  const size_t points = pattern_.interior_u.size();
  for (size_t p = 0; p < points; ++p) {
    const float u = pattern_.interior_u[p], v = pattern_.interior_v[p];
    weights(degree_, u, v, pw_);
    for (unsigned k = 0; k < pw_.count; ++k) pw_.index[k] += start_;
    evaluate_outputs(pw_, vertices_, attributes_, layout, u, v,
                     mesh + size_t(pattern_.interior_base + p) * layout.count);
  }
  for (uint32_t idx : pattern_.indices) out.indices.push_back(uint32_t(base) + idx);
}

}  // namespace gfx::func::tess
