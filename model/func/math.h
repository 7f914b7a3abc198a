// Small vector types of the functional model. Plain floats, no SIMD intrinsics: the
// interpreters loop over lanes and let the compiler vectorise.
#pragma once

#include <cmath>
#include <cstdint>

namespace gfx::func {

struct Vec4 {
  float x = 0, y = 0, z = 0, w = 0;
  float& operator[](int i) { return (&x)[i]; }
  float operator[](int i) const { return (&x)[i]; }
  bool operator==(const Vec4& o) const { return x == o.x && y == o.y && z == o.z && w == o.w; }
};

inline Vec4 operator+(Vec4 a, Vec4 b) { return {a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w}; }
inline Vec4 operator-(Vec4 a, Vec4 b) { return {a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w}; }
inline Vec4 operator*(Vec4 a, float s) { return {a.x * s, a.y * s, a.z * s, a.w * s}; }

// 0xAARRGGBB <-> normalised RGBA in a Vec4 (x = red, y = green, z = blue, w = alpha).
Vec4 unpack_argb(uint32_t argb);
uint32_t pack_argb(const Vec4& rgba);  // clamps to [0,1], rounds to nearest

}  // namespace gfx::func
