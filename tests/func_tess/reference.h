// Independent reference evaluations for the tessellator tests, written from the textbook
// definitions in double precision with different algorithms from the library
// (de Casteljau instead of Bernstein sums, the notes' closed-form span formulas).
#pragma once

#include <array>
#include <cmath>
#include <vector>

#include "func/math.h"
#include "func/tess/types.h"

namespace ref {

struct D3 {
  double x = 0, y = 0, z = 0;
};
inline D3 operator+(D3 a, D3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline D3 operator-(D3 a, D3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline D3 operator*(D3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
inline double dot(D3 a, D3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline D3 cross(D3 a, D3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline D3 normalized(D3 a) {
  const double l = std::sqrt(dot(a, a));
  return a * (1.0 / l);
}
inline D3 d3(const gfx::func::Vec4& v) { return {v.x, v.y, v.z}; }

// de Casteljau on a control polygon.
inline D3 casteljau(std::vector<D3> p, double t) {
  for (size_t n = p.size(); n > 1; --n)
    for (size_t i = 0; i + 1 < n; ++i) p[i] = p[i] * (1 - t) + p[i + 1] * t;
  return p[0];
}

// Tensor-product Bezier by de Casteljau on rows then on the column of results.
inline D3 bezier_rect(const std::vector<D3>& grid, int d, double u, double v) {
  std::vector<D3> col;
  for (int r = 0; r <= d; ++r)
    col.push_back(casteljau(
        std::vector<D3>(grid.begin() + r * (d + 1), grid.begin() + (r + 1) * (d + 1)), u));
  return casteljau(col, v);
}

// Triangle de Casteljau. Net indexed by (i = u power, j = v power, k = w power),
// stored as net[i][j] (k = d - i - j).
inline D3 casteljau_tri(std::vector<std::vector<D3>> net, int d, double u, double v) {
  const double w = 1 - u - v;
  for (int n = d; n > 0; --n)
    for (int i = 0; i < n; ++i)
      for (int j = 0; i + j < n; ++j)
        net[i][j] = net[i + 1][j] * u + net[i][j + 1] * v + net[i][j] * w;
  return net[0][0];
}

// Uniform cubic B-spline span (4 points), the notes' basis functions.
inline D3 bspline3(const D3* p, double t) {
  const double b0 = (1 - t) * (1 - t) * (1 - t) / 6, b1 = (3 * t * t * t - 6 * t * t + 4) / 6,
               b2 = (-3 * t * t * t + 3 * t * t + 3 * t + 1) / 6, b3 = t * t * t / 6;
  return p[0] * b0 + p[1] * b1 + p[2] * b2 + p[3] * b3;
}

// Catmull-Rom span between p[1] and p[2], the notes' matrix form.
inline D3 catmull_rom(const D3* p, double t) {
  return (p[1] * 2 + (p[2] - p[0]) * t + (p[0] * 2 - p[1] * 5 + p[2] * 4 - p[3]) * (t * t) +
          (p[1] * 3 - p[0] - p[2] * 3 + p[3]) * (t * t * t)) *
         0.5;
}

// Uniform B-spline basis of any degree by the de Boor algorithm on integer knots
// (points p[0..d] of one span).
inline D3 bspline_deboor(std::vector<D3> p, int d, double t) {
  const double x = d + t;  // span [d, d+1] of knots 0, 1, 2, ...
  for (int r = 1; r <= d; ++r)
    for (int j = d; j >= r; --j) {
      const double a = (x - j) / (d + 1 - r);
      p[j] = p[j - 1] * (1 - a) + p[j] * a;
    }
  return p[d];
}

// PN triangle by the paper: control net, evaluated by triangle de Casteljau.
struct Pn {
  std::vector<std::vector<D3>> net;  // net[i][j]: i = u power (P2), j = v power (P3)
  D3 n200, n020, n002, n110, n011, n101;
};
inline Pn pn(D3 p1, D3 p2, D3 p3, D3 n1, D3 n2, D3 n3) {
  auto edge = [](D3 pi, D3 pj, D3 ni) { return (pi * 2 + pj - ni * dot(pj - pi, ni)) * (1.0 / 3); };
  Pn r;
  r.net.assign(4, std::vector<D3>(4));
  r.net[0][0] = p1;                // b300 (w^3)
  r.net[3][0] = p2;                // b030 (u^3)
  r.net[0][3] = p3;                // b003 (v^3)
  r.net[1][0] = edge(p1, p2, n1);  // b210: w^2 u
  r.net[2][0] = edge(p2, p1, n2);  // b120: w u^2
  r.net[2][1] = edge(p2, p3, n2);  // b021: u^2 v
  r.net[1][2] = edge(p3, p2, n3);  // b012: u v^2
  r.net[0][2] = edge(p3, p1, n3);  // b102: w v^2
  r.net[0][1] = edge(p1, p3, n1);  // b201: w^2 v
  const D3 e = (r.net[1][0] + r.net[2][0] + r.net[2][1] + r.net[1][2] + r.net[0][2] + r.net[0][1]) *
               (1.0 / 6);
  const D3 vv = (p1 + p2 + p3) * (1.0 / 3);
  r.net[1][1] = e + (e - vv) * 0.5;
  auto mid = [](D3 pi, D3 pj, D3 ni, D3 nj) {
    const D3 d = pj - pi;
    const double v = 2 * dot(d, ni + nj) / dot(d, d);
    return normalized(ni + nj - d * v);
  };
  r.n200 = n1, r.n020 = n2, r.n002 = n3;
  r.n110 = mid(p1, p2, n1, n2);
  r.n011 = mid(p2, p3, n2, n3);
  r.n101 = mid(p3, p1, n3, n1);
  return r;
}
inline D3 pn_position(const Pn& p, double u, double v) { return casteljau_tri(p.net, 3, u, v); }
inline D3 pn_normal(const Pn& p, double u, double v) {
  const double w = 1 - u - v;
  return p.n200 * (w * w) + p.n020 * (u * u) + p.n002 * (v * v) + p.n110 * (w * u) +
         p.n011 * (u * v) + p.n101 * (w * v);
}

}  // namespace ref

#define EXPECT_NEAR3(actual_vec4, expected_d3, tol) \
  do {                                              \
    const ref::D3 a_ = ref::d3(actual_vec4);        \
    const ref::D3 e_ = (expected_d3);               \
    EXPECT_NEAR(a_.x, e_.x, tol);                   \
    EXPECT_NEAR(a_.y, e_.y, tol);                   \
    EXPECT_NEAR(a_.z, e_.z, tol);                   \
  } while (0)
