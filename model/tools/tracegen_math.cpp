// Deterministic maths for the trace generator.
#include "tools/tracegen_math.h"

#include <cmath>

namespace gfx::tracegen {

double sin_d(double x) {
  // Reduce to [-pi, pi], then sum the Taylor series until the terms vanish.
  const double two_pi = 2 * kPi;
  x -= two_pi * std::floor((x + kPi) / two_pi);
  double term = x, sum = x;
  for (int n = 1; n < 30; ++n) {
    term *= -x * x / ((2 * n) * (2 * n + 1));
    sum += term;
  }
  return sum;
}

double cos_d(double x) { return sin_d(x + kPi / 2); }

Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vec3 operator*(Vec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
Vec3 cross(Vec3 a, Vec3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
double dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Vec3 normalize(Vec3 a) { return a * (1.0 / std::sqrt(dot(a, a))); }

Mat4 identity() {
  Mat4 r{};
  r.m[0] = r.m[5] = r.m[10] = r.m[15] = 1;
  return r;
}

Mat4 operator*(const Mat4& a, const Mat4& b) {
  Mat4 r{};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      double s = 0;
      for (int k = 0; k < 4; ++k) s += a.m[i * 4 + k] * b.m[k * 4 + j];
      r.m[i * 4 + j] = s;
    }
  return r;
}

Mat4 translation(Vec3 t) {
  Mat4 r = identity();
  r.m[12] = t.x;
  r.m[13] = t.y;
  r.m[14] = t.z;
  return r;
}

Mat4 scaling(double s) {
  Mat4 r = identity();
  r.m[0] = r.m[5] = r.m[10] = s;
  return r;
}

Mat4 rotation_y(double a) {
  Mat4 r = identity();
  double c = cos_d(a), s = sin_d(a);
  r.m[0] = c;
  r.m[2] = -s;
  r.m[8] = s;
  r.m[10] = c;
  return r;
}

Mat4 look_at_lh(Vec3 eye, Vec3 at, Vec3 up) {
  Vec3 z = normalize(at - eye);
  Vec3 x = normalize(cross(up, z));
  Vec3 y = cross(z, x);
  Mat4 r = identity();
  r.m[0] = x.x, r.m[1] = y.x, r.m[2] = z.x;
  r.m[4] = x.y, r.m[5] = y.y, r.m[6] = z.y;
  r.m[8] = x.z, r.m[9] = y.z, r.m[10] = z.z;
  r.m[12] = -dot(x, eye), r.m[13] = -dot(y, eye), r.m[14] = -dot(z, eye);
  return r;
}

Mat4 perspective_fov_lh(double fov_y, double aspect, double zn, double zf) {
  double y_scale = cos_d(fov_y / 2) / sin_d(fov_y / 2);
  Mat4 r{};
  r.m[0] = y_scale / aspect;
  r.m[5] = y_scale;
  r.m[10] = zf / (zf - zn);
  r.m[11] = 1;
  r.m[14] = -zn * zf / (zf - zn);
  return r;
}

api::Matrix4 to_api(const Mat4& m) {
  api::Matrix4 r;
  // + 0.0f turns -0 into +0: the same matrix, but tidier in the YAML form.
  for (int i = 0; i < 16; ++i) r[i] = static_cast<float>(m.m[i]) + 0.0f;
  return r;
}

uint32_t Lcg::next() {
  state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
  return static_cast<uint32_t>(state_ >> 32);
}

double Lcg::uniform(double lo, double hi) { return lo + (hi - lo) * (next() / 4294967296.0); }

}  // namespace gfx::tracegen
