#include "func/math.h"

#include <algorithm>

namespace gfx::func {

Vec4 unpack_argb(uint32_t c) {
  constexpr float k = 1.0f / 255.0f;
  return {float((c >> 16) & 0xFF) * k, float((c >> 8) & 0xFF) * k, float(c & 0xFF) * k,
          float(c >> 24) * k};
}

static uint32_t to_unorm8(float v) {
  if (!(v > 0.0f)) return 0;  // also maps NaN to 0
  if (v >= 1.0f) return 255;
  return static_cast<uint32_t>(v * 255.0f + 0.5f);
}

uint32_t pack_argb(const Vec4& c) {
  return (to_unorm8(c.w) << 24) | (to_unorm8(c.x) << 16) | (to_unorm8(c.y) << 8) | to_unorm8(c.z);
}

}  // namespace gfx::func
