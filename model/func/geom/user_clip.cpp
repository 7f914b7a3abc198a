#include "func/geom/user_clip.h"

#include <cmath>
#include <utility>

namespace gfx::func {

namespace {

using M = std::array<double, 16>;

M product(const api::Matrix4& a, const api::Matrix4& b) {
  M r{};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 4; ++k) r[4 * i + j] += double(a[4 * i + k]) * double(b[4 * k + j]);
  return r;
}

// Gauss-Jordan with partial pivoting, in double so that well-conditioned projections
// give planes exact to float precision.
bool invert(M a, M& inv) {
  inv = M{};
  for (int i = 0; i < 4; ++i) inv[5 * i] = 1.0;
  for (int col = 0; col < 4; ++col) {
    int pivot = col;
    for (int r = col + 1; r < 4; ++r)
      if (std::fabs(a[4 * r + col]) > std::fabs(a[4 * pivot + col])) pivot = r;
    if (a[4 * pivot + col] == 0.0) return false;
    for (int k = 0; k < 4; ++k) {
      std::swap(a[4 * col + k], a[4 * pivot + k]);
      std::swap(inv[4 * col + k], inv[4 * pivot + k]);
    }
    const double s = 1.0 / a[4 * col + col];
    for (int k = 0; k < 4; ++k) {
      a[4 * col + k] *= s;
      inv[4 * col + k] *= s;
    }
    for (int r = 0; r < 4; ++r) {
      if (r == col) continue;
      const double f = a[4 * r + col];
      for (int k = 0; k < 4; ++k) {
        a[4 * r + k] -= f * a[4 * col + k];
        inv[4 * r + k] -= f * inv[4 * col + k];
      }
    }
  }
  return true;
}

}  // namespace

bool user_clip_planes(const std::array<std::array<float, 4>, api::kMaxClipPlanes>& planes,
                      uint32_t enable, const api::Matrix4* view, const api::Matrix4* proj,
                      ClipPlanes& out) {
  M inv{};
  if (view && proj && !invert(product(*view, *proj), inv)) return false;
  out.num_user = 0;
  for (unsigned i = 0; i < api::kMaxClipPlanes; ++i) {
    if (!(enable & (1u << i))) continue;
    const std::array<float, 4>& p = planes[i];
    Vec4& u = out.user[out.num_user++];
    if (!view || !proj) {
      u = Vec4{p[0], p[1], p[2], p[3]};
      continue;
    }
    // p . (c * inv) = c . (inv * p): component r is row r of inv against p.
    for (int r = 0; r < 4; ++r)
      u[r] = float(inv[4 * r] * p[0] + inv[4 * r + 1] * p[1] + inv[4 * r + 2] * p[2] +
                   inv[4 * r + 3] * p[3]);
  }
  return true;
}

}  // namespace gfx::func
