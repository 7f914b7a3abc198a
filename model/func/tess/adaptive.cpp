// Adaptive tessellation levels (see adaptive.h).
#include "func/tess/adaptive.h"

namespace gfx::func::tess {

float adaptive_vertex_level(const Vec4& p, float tess_factor, float max_segments, const Vec4& mdm) {
  const float z = p.x * mdm.x + p.y * mdm.y + p.z * mdm.z + p.w * mdm.w;
  return max_segments * tess_factor / z;
}

float adaptive_edge_level(float ta, float tb, const AdaptiveState& s) {
  float te = (ta + tb) * 0.5f;
  if (!(te <= s.max_level) || te < 0.0f) te = s.max_level;  // also NaN
  if (te < s.min_level) te = s.min_level;
  return te;
}

std::array<std::array<GridPoint, 2>, 4> rect_adaptive_points(const RectPatchInfo& info) {
  // Bezier: the corners; B-spline and Catmull-Rom: one point in from each side.
  const uint32_t in = info.basis == Basis::Bezier ? 0 : 1;
  const uint32_t r0 = in, c0 = in, r1 = info.height - 1 - in, c1 = info.width - 1 - in;
  const GridPoint tl{r0, c0}, tr{r0, c1}, br{r1, c1}, bl{r1, c0};
  return {{{tl, tr}, {tr, br}, {br, bl}, {bl, tl}}};
}

}  // namespace gfx::func::tess
