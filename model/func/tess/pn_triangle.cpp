// PN triangle control nets and evaluation (formulas in the reference notes section 1.2).
#include "func/tess/pn_triangle.h"

#include <cmath>

namespace gfx::func::tess {

float dot3(const Vec4& a, const Vec4& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

Vec4 normalize3(const Vec4& v) {
  const float len = std::sqrt(dot3(v, v));
  if (!(len > 0.0f)) return v;
  return {v.x / len, v.y / len, v.z / len, v.w};
}

namespace {

Vec4 xyz(Vec4 v) {
  v.w = 0.0f;
  return v;
}

// (2 Pi + Pj - ((Pj - Pi) . Ni) Ni) / 3: the edge control point next to Pi.
Vec4 edge_point(const Vec4& pi, const Vec4& pj, const Vec4& ni) {
  const float w = dot3(pj - pi, ni);
  return xyz((pi * 2.0f + pj - ni * w) * (1.0f / 3.0f));
}

// normalize(Ni + Nj - v_ij (Pj - Pi)), v_ij = 2 (Pj - Pi).(Ni + Nj) / |Pj - Pi|^2.
Vec4 mid_normal(const Vec4& pi, const Vec4& pj, const Vec4& ni, const Vec4& nj) {
  const Vec4 d = pj - pi;
  const float len2 = dot3(d, d);
  const float vij = len2 > 0.0f ? 2.0f * dot3(d, ni + nj) / len2 : 0.0f;
  return normalize3(xyz(ni + nj - d * vij));
}

}  // namespace

void pn_setup(const Vec4& p1, const Vec4& p2, const Vec4& p3, const Vec4& n1, const Vec4& n2,
              const Vec4& n3, PnTriangle& t) {
  t.b[0] = xyz(p1);
  t.b[1] = xyz(p2);
  t.b[2] = xyz(p3);
  t.b[3] = edge_point(p1, p2, n1);  // b210
  t.b[4] = edge_point(p2, p1, n2);  // b120
  t.b[5] = edge_point(p2, p3, n2);  // b021
  t.b[6] = edge_point(p3, p2, n3);  // b012
  t.b[7] = edge_point(p3, p1, n3);  // b102
  t.b[8] = edge_point(p1, p3, n1);  // b201
  const Vec4 e = (t.b[3] + t.b[4] + t.b[5] + t.b[6] + t.b[7] + t.b[8]) * (1.0f / 6.0f);
  const Vec4 v = (t.b[0] + t.b[1] + t.b[2]) * (1.0f / 3.0f);
  t.b[9] = e + (e - v) * 0.5f;
  t.n[0] = xyz(n1);
  t.n[1] = xyz(n2);
  t.n[2] = xyz(n3);
  t.n[3] = mid_normal(p1, p2, n1, n2);  // n110
  t.n[4] = mid_normal(p2, p3, n2, n3);  // n011
  t.n[5] = mid_normal(p3, p1, n3, n1);  // n101
  t.pw[0] = p1.w;
  t.pw[1] = p2.w;
  t.pw[2] = p3.w;
  t.nw[0] = n1.w;
  t.nw[1] = n2.w;
  t.nw[2] = n3.w;
}

Vec4 pn_position(const PnTriangle& t, float u, float v) {
  const float w = 1.0f - u - v;
  const float w2 = w * w, u2 = u * u, v2 = v * v;
  Vec4 p = t.b[0] * (w2 * w) + t.b[1] * (u2 * u) + t.b[2] * (v2 * v) + t.b[3] * (3.0f * w2 * u) +
           t.b[4] * (3.0f * w * u2) + t.b[8] * (3.0f * w2 * v) + t.b[5] * (3.0f * u2 * v) +
           t.b[7] * (3.0f * w * v2) + t.b[6] * (3.0f * u * v2) + t.b[9] * (6.0f * w * u * v);
  p.w = t.pw[0] * w + t.pw[1] * u + t.pw[2] * v;
  return p;
}

Vec4 pn_normal(const PnTriangle& t, float u, float v) {
  const float w = 1.0f - u - v;
  Vec4 n = t.n[0] * (w * w) + t.n[1] * (u * u) + t.n[2] * (v * v) + t.n[3] * (w * u) +
           t.n[4] * (u * v) + t.n[5] * (w * v);
  n.w = t.nw[0] * w + t.nw[1] * u + t.nw[2] * v;
  return n;
}

void pn_edge_setup(const Vec4& pa, const Vec4& na, const Vec4& pb, const Vec4& nb, PnEdge& e) {
  e.b[0] = pa;
  e.b[1] = edge_point(pa, pb, na);
  e.b[2] = edge_point(pb, pa, nb);
  e.b[3] = pb;
  e.n[0] = na;
  e.n[1] = mid_normal(pa, pb, na, nb);
  e.n[2] = nb;
}

Vec4 pn_edge_position(const PnEdge& e, float t) {
  const float s = 1.0f - t;
  Vec4 p = xyz(e.b[0]) * (s * s * s) + e.b[1] * (3.0f * s * s * t) + e.b[2] * (3.0f * s * t * t) +
           xyz(e.b[3]) * (t * t * t);
  p.w = e.b[0].w * s + e.b[3].w * t;
  return p;
}

Vec4 pn_edge_normal(const PnEdge& e, float t) {
  const float s = 1.0f - t;
  Vec4 n = xyz(e.n[0]) * (s * s) + e.n[1] * (s * t) + xyz(e.n[2]) * (t * t);
  n.w = e.n[0].w * s + e.n[2].w * t;
  return n;
}

}  // namespace gfx::func::tess
