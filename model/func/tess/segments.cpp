// Edge point patterns for discrete and continuous D3DPATCHEDGESTYLE (see segments.h).
#include "func/tess/segments.h"

#include <cmath>

namespace gfx::func::tess {

namespace {

float clamp_level(float f) {
  if (!(f >= 1.0f)) return 1.0f;  // also catches NaN
  if (f > float(kMaxSegments)) return float(kMaxSegments);
  return f;
}

}  // namespace

unsigned segment_count(float f, EdgeStyle style) {
  const float c = clamp_level(f);
  return unsigned(style == EdgeStyle::Discrete ? std::floor(c) : std::ceil(c));
}

void edge_params(float f, EdgeStyle style, std::vector<float>& out) {
  const unsigned n = segment_count(f, style);
  out.resize(n + 1);
  const float level = clamp_level(f);
  if (style == EdgeStyle::Discrete || float(n) == level) {
    // Division, not accumulation, so that k/n is the correctly rounded value.
    for (unsigned k = 0; k <= n; ++k) out[k] = float(k) / float(n);
  } else {
    // Full segments 1/level at both ends, the one short segment after the first half.
    const unsigned head = n / 2;
    for (unsigned k = 0; k <= head; ++k) out[k] = float(k) / level;
    for (unsigned k = head + 1; k <= n; ++k) out[k] = 1.0f - float(n - k) / level;
  }
  out[0] = 0.0f;
  out[n] = 1.0f;
}

}  // namespace gfx::func::tess
