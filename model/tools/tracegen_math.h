// Matrix and vector helpers of the trace generator, in D3D's conventions: row vectors
// (v' = v * M), row-major storage, left-handed view space (+z into the screen). Sine and
// cosine are computed here from their series in double precision rather than taken
// from libm, so that the generated traces are the same bytes on every IEEE machine.
#pragma once

#include "api/state.h"

namespace gfx::tracegen {

constexpr double kPi = 3.14159265358979323846;

double sin_d(double x);
double cos_d(double x);

struct Vec3 {
  double x = 0, y = 0, z = 0;
};
Vec3 operator+(Vec3 a, Vec3 b);
Vec3 operator-(Vec3 a, Vec3 b);
Vec3 operator*(Vec3 a, double s);
Vec3 cross(Vec3 a, Vec3 b);
double dot(Vec3 a, Vec3 b);
Vec3 normalize(Vec3 a);

// Double precision while composing; converted to api::Matrix4 (float) at the end.
struct Mat4 {
  double m[16];
};
Mat4 identity();
Mat4 operator*(const Mat4& a, const Mat4& b);  // a then b, for row vectors
Mat4 translation(Vec3 t);
Mat4 scaling(double s);
Mat4 rotation_y(double radians);
// The D3DX LookAtLH and PerspectiveFovLH matrices (formulas from their documentation).
Mat4 look_at_lh(Vec3 eye, Vec3 at, Vec3 up);
Mat4 perspective_fov_lh(double fov_y, double aspect, double zn, double zf);
api::Matrix4 to_api(const Mat4& m);

// A fixed-seed 64-bit LCG (Knuth's MMIX constants): deterministic pseudo-random numbers.
class Lcg {
 public:
  explicit Lcg(uint64_t seed) : state_(seed) {}
  uint32_t next();  // 32 random bits
  double uniform(double lo, double hi);

 private:
  uint64_t state_;
};

}  // namespace gfx::tracegen
