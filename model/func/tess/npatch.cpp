// N-patch tessellation of one triangle (see npatch.h).
#include "func/tess/npatch.h"

#include <algorithm>

#include "common/error.h"
#include "func/tess/canonical.h"
#include "func/tess/segments.h"
#include "func/tess/validate.h"

namespace gfx::func::tess {

namespace {

const Vec4 kZero{};

Vec4 slot_or_zero(const Vec4* v, int slot) { return slot >= 0 ? v[slot] : kZero; }

}  // namespace

// Interior point: every element linear, then position and normal by their degree.
void NPatchTessellator::interpolate(const Vec4* const* c, float u, float v, Vec4* dst) const {
  const float w = 1.0f - u - v;
  for (unsigned a = 0; a < attributes_; ++a) dst[a] = c[0][a] * w + c[1][a] * u + c[2][a] * v;
  if (settings_->position_degree == Degree::Cubic)
    dst[settings_->position] = pn_position(pn_, u, v);
  if (settings_->normal >= 0) {
    Vec4& n = dst[settings_->normal];
    if (settings_->normal_degree == Degree::Quadratic) n = pn_normal(pn_, u, v);
    if (settings_->normalize_normal) n = normalize3(n);
  }
}

// Inner points of edge e (from vertex a to vertex b in patch order), evaluated from the
// lexicographically smaller endpoint.
void NPatchTessellator::edge(unsigned e, const Vec4* a, const Vec4* b, float level,
                             Vec4* mesh_base) {
  const bool reversed = compare_bits(b, a, attributes_) < 0;
  if (reversed) std::swap(a, b);
  const NPatchSettings& s = *settings_;
  PnEdge curve;
  pn_edge_setup(a[s.position], slot_or_zero(a, s.normal), b[s.position], slot_or_zero(b, s.normal),
                curve);
  edge_params(level, s.style, params_);
  const unsigned n = unsigned(params_.size() - 1);
  for (unsigned kc = 1; kc < n; ++kc) {
    const float t = params_[kc], r = 1.0f - t;
    const unsigned kp = reversed ? n - kc : kc;
    Vec4* dst = mesh_base + size_t(pattern_.edge_base[e] + kp - 1) * attributes_;
    for (unsigned i = 0; i < attributes_; ++i) dst[i] = a[i] * r + b[i] * t;
    if (s.position_degree == Degree::Cubic) dst[s.position] = pn_edge_position(curve, t);
    if (s.normal >= 0) {
      Vec4& nrm = dst[s.normal];
      if (s.normal_degree == Degree::Quadratic) nrm = pn_edge_normal(curve, t);
      if (s.normalize_normal) nrm = normalize3(nrm);
    }
  }
}

void NPatchTessellator::tessellate(const Vec4* v0, const Vec4* v1, const Vec4* v2,
                                   unsigned attributes, const NPatchSettings& settings,
                                   const std::array<float, 3>& edge_levels, Mesh& out) {
  const std::string bad = check_npatch_degrees(settings.position_degree, settings.normal_degree);
  if (!bad.empty()) throw Error(bad);
  if (settings.position >= attributes || settings.normal >= int(attributes))
    throw Error("n-patch: position or normal slot outside the " + std::to_string(attributes) +
                " vertex elements");
  out.expect_attributes(attributes, "n-patch");
  settings_ = &settings;
  attributes_ = attributes;
  const Vec4* corner[3] = {v0, v1, v2};
  pn_setup(v0[settings.position], v1[settings.position], v2[settings.position],
           slot_or_zero(v0, settings.normal), slot_or_zero(v1, settings.normal),
           slot_or_zero(v2, settings.normal), pn_);

  std::array<unsigned, 3> n;
  for (unsigned e = 0; e < 3; ++e) n[e] = segment_count(edge_levels[e], settings.style);
  const float top = std::max({edge_levels[0], edge_levels[1], edge_levels[2]});
  pattern_.build_triangle(n, segment_count(top, settings.style));
  const size_t base = out.vertex_count();
  out.vertices.resize((base + pattern_.vertex_count()) * attributes);
  Vec4* mesh = out.vertices.data() + base * attributes;

  for (unsigned c = 0; c < 3; ++c) {
    Vec4* dst = mesh + size_t(c) * attributes;
    std::copy_n(corner[c], attributes, dst);
    if (settings.normal >= 0 && settings.normalize_normal)
      dst[settings.normal] = normalize3(dst[settings.normal]);
  }
  for (unsigned e = 0; e < 3; ++e) edge(e, corner[e], corner[(e + 1) % 3], edge_levels[e], mesh);
  const size_t points = pattern_.interior_u.size();
  for (size_t p = 0; p < points; ++p)
    interpolate(corner, pattern_.interior_u[p], pattern_.interior_v[p],
                mesh + size_t(pattern_.interior_base + p) * attributes);
  for (uint32_t idx : pattern_.indices) out.indices.push_back(uint32_t(base) + idx);
}

}  // namespace gfx::func::tess
