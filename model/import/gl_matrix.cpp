#include "import/gl_matrix.h"

#include <cmath>

namespace gfx::import {

GlMatrix operator*(const GlMatrix& a, const GlMatrix& b) {
  GlMatrix r;
  for (int row = 0; row < 4; ++row)
    for (int col = 0; col < 4; ++col) {
      double s = 0;
      for (int k = 0; k < 4; ++k) s += a.at(row, k) * b.at(k, col);
      r.at(row, col) = s;
    }
  return r;
}

std::array<double, 4> operator*(const GlMatrix& a, const std::array<double, 4>& v) {
  std::array<double, 4> r{};
  for (int row = 0; row < 4; ++row)
    for (int k = 0; k < 4; ++k) r[row] += a.at(row, k) * v[k];
  return r;
}

GlMatrix gl_translate(double x, double y, double z) {
  GlMatrix r;
  r.at(0, 3) = x;
  r.at(1, 3) = y;
  r.at(2, 3) = z;
  return r;
}

GlMatrix gl_scale(double x, double y, double z) {
  GlMatrix r;
  r.at(0, 0) = x;
  r.at(1, 1) = y;
  r.at(2, 2) = z;
  return r;
}

GlMatrix gl_rotate(double angle_degrees, double x, double y, double z) {
  GlMatrix r;
  double len = std::sqrt(x * x + y * y + z * z);
  if (len == 0) return r;  // GL leaves the matrix unchanged for a zero axis
  x /= len;
  y /= len;
  z /= len;
  const double kPi = 3.14159265358979323846;
  double a = angle_degrees * kPi / 180.0, c = std::cos(a), s = std::sin(a), t = 1 - c;
  r.at(0, 0) = x * x * t + c;
  r.at(0, 1) = x * y * t - z * s;
  r.at(0, 2) = x * z * t + y * s;
  r.at(1, 0) = y * x * t + z * s;
  r.at(1, 1) = y * y * t + c;
  r.at(1, 2) = y * z * t - x * s;
  r.at(2, 0) = x * z * t - y * s;
  r.at(2, 1) = y * z * t + x * s;
  r.at(2, 2) = z * z * t + c;
  return r;
}

GlMatrix gl_ortho(double l, double r, double b, double t, double n, double f) {
  GlMatrix m;
  m.at(0, 0) = 2 / (r - l);
  m.at(1, 1) = 2 / (t - b);
  m.at(2, 2) = -2 / (f - n);
  m.at(0, 3) = -(r + l) / (r - l);
  m.at(1, 3) = -(t + b) / (t - b);
  m.at(2, 3) = -(f + n) / (f - n);
  return m;
}

GlMatrix gl_frustum(double l, double r, double b, double t, double n, double f) {
  GlMatrix m;
  m.at(0, 0) = 2 * n / (r - l);
  m.at(1, 1) = 2 * n / (t - b);
  m.at(0, 2) = (r + l) / (r - l);
  m.at(1, 2) = (t + b) / (t - b);
  m.at(2, 2) = -(f + n) / (f - n);
  m.at(2, 3) = -2 * f * n / (f - n);
  m.at(3, 2) = -1;
  m.at(3, 3) = 0;
  return m;
}

GlMatrix gl_from_array(const std::array<double, 16>& column_major) {
  GlMatrix m;
  m.m = column_major;
  return m;
}

namespace {

GlMatrix z_flip() { return gl_scale(1, 1, -1); }

// GL's column-major array is the row-major array of the transpose: D3D's matrix.
api::Matrix4 to_d3d(const GlMatrix& g) {
  api::Matrix4 out{};
  for (int i = 0; i < 16; ++i) out[i] = static_cast<float>(g.m[i]);
  return out;
}

}  // namespace

api::Matrix4 d3d_world(const GlMatrix& modelview) { return to_d3d(modelview); }

api::Matrix4 d3d_view() { return to_d3d(z_flip()); }

GlMatrix d3d_clip_from_gl(const GlMatrix& projection, double viewport_width,
                          double viewport_height) {
  GlMatrix remap;  // rows: x - w/vw, y + w/vh, (z + w) / 2, w
  remap.at(0, 3) = -1.0 / viewport_width;
  remap.at(1, 3) = 1.0 / viewport_height;
  remap.at(2, 2) = 0.5;
  remap.at(2, 3) = 0.5;
  return remap * projection * z_flip();
}

api::Matrix4 d3d_projection(const GlMatrix& projection, double viewport_width,
                            double viewport_height) {
  return to_d3d(d3d_clip_from_gl(projection, viewport_width, viewport_height));
}

}  // namespace gfx::import
