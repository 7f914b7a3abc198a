// The shared last step of RT-patch evaluation: from the basis weights of one domain point
// (one weight and two partial-derivative weights per control point) to the output slots of
// the generated vertex (DEFAULT, PARTIALU, PARTIALV, CROSSUV, UV). Leaves out: how the
// weights are found (rect_patch.cpp, tri_patch.cpp).
#pragma once

#include <cstdint>

#include "func/tess/types.h"

namespace gfx::func::tess {

constexpr unsigned kMaxPointTerms = 36;  // 6 x 6 quintic rect, 21 quintic tri

struct PointWeights {
  unsigned count = 0;
  uint32_t index[kMaxPointTerms];  // control vertex index into the input vertices
  float w[kMaxPointTerms], du[kMaxPointTerms], dv[kMaxPointTerms];
};

// Writes layout.count Vec4 to dst. (u, v) is the point's domain position (for UV).
void evaluate_outputs(const PointWeights& pw, const Vec4* vertices, unsigned attributes,
                      const OutputLayout& layout, float u, float v, Vec4* dst);

inline Vec4 cross3(const Vec4& a, const Vec4& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x, 0.0f};
}

}  // namespace gfx::func::tess
