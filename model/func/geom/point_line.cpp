#include "func/geom/point_line.h"

#include <cmath>

namespace gfx::func {

namespace {

// Clip-space offset of half a pixel at this vertex: NDC spans 2 over the viewport, so half
// a pixel is 1 / extent in NDC, times w in clip space (the offset survives the divide).
float half_px_x(const ShadedVertex& v, const api::Viewport& vp) {
  return vp.width ? v.pos.w / float(vp.width) : 0.0f;
}
float half_px_y(const ShadedVertex& v, const api::Viewport& vp) {
  return vp.height ? v.pos.w / float(vp.height) : 0.0f;
}

}  // namespace

float point_size(const ShadedVertex& v, bool has_size, const api::RenderStates& rs) {
  const float s = has_size ? v.var[int(Varying::PointSize)].x : rs.point_size;
  // NaN falls to the minimum.
  return s > rs.point_size_min ? (s < rs.point_size_max ? s : rs.point_size_max)
                               : rs.point_size_min;
}

void expand_point(const ShadedVertex& p, const api::Viewport& vp, ShadedVertex q[4], float size) {
  const float hx = half_px_x(p, vp) * size, hy = half_px_y(p, vp) * size;
  // Clockwise on screen (y up in NDC is y down on screen): top-left, top-right,
  // bottom-right, bottom-left.
  const float dx[4] = {-hx, hx, hx, -hx}, dy[4] = {hy, hy, -hy, -hy};
  for (int k = 0; k < 4; ++k) {
    q[k] = p;
    q[k].pos.x += dx[k];
    q[k].pos.y += dy[k];
  }
}

void expand_line(const ShadedVertex& a, const ShadedVertex& b, const api::Viewport& vp,
                 ShadedVertex q[4]) {
  // Major axis on screen; behind the eye (w <= 0) the clip-space deltas decide, which only
  // matters for the part the clipper removes anyway.
  float dx, dy;
  if (a.pos.w > 0 && b.pos.w > 0) {
    dx = (b.pos.x / b.pos.w - a.pos.x / a.pos.w) * float(vp.width);
    dy = (b.pos.y / b.pos.w - a.pos.y / a.pos.w) * float(vp.height);
  } else {
    dx = b.pos.x - a.pos.x;
    dy = b.pos.y - a.pos.y;
  }
  const bool x_major = std::fabs(dx) >= std::fabs(dy);
  q[0] = q[1] = a;
  q[2] = q[3] = b;
  if (x_major) {
    q[0].pos.y += half_px_y(a, vp);
    q[1].pos.y -= half_px_y(a, vp);
    q[2].pos.y -= half_px_y(b, vp);
    q[3].pos.y += half_px_y(b, vp);
  } else {
    q[0].pos.x -= half_px_x(a, vp);
    q[1].pos.x += half_px_x(a, vp);
    q[2].pos.x += half_px_x(b, vp);
    q[3].pos.x -= half_px_x(b, vp);
  }
}

void expand_quad_line(const ShadedVertex& a, const ShadedVertex& b, const api::Viewport& vp,
                      ShadedVertex q[4]) {
  q[0] = q[1] = a;
  q[2] = q[3] = b;
  if (!(a.pos.w > 0 && b.pos.w > 0) || vp.width == 0 || vp.height == 0) return;
  // The direction in pixels (NDC spans 2 over the viewport; y up in NDC, down on screen).
  const float dx = (b.pos.x / b.pos.w - a.pos.x / a.pos.w) * 0.5f * float(vp.width);
  const float dy = -(b.pos.y / b.pos.w - a.pos.y / a.pos.w) * 0.5f * float(vp.height);
  const float len = std::sqrt(dx * dx + dy * dy);
  if (!(len > 0.0f)) return;
  // Half the width along the screen normal (-dy, dx) / len, in pixels.
  const float nx = -dy / len * (kQuadLineWidth * 0.5f), ny = dx / len * (kQuadLineWidth * 0.5f);
  // Back to clip space at each end: half_px_* is half a pixel, so 2 * half_px_* is one.
  auto shift = [&](ShadedVertex& v, float sign) {
    v.pos.x += sign * nx * 2.0f * half_px_x(v, vp);
    v.pos.y -= sign * ny * 2.0f * half_px_y(v, vp);
  };
  // q0 = a - n, q1 = a + n, q2 = b + n, q3 = b - n: the rectangle's corners in order.
  shift(q[0], -1.0f);
  shift(q[1], 1.0f);
  shift(q[2], 1.0f);
  shift(q[3], -1.0f);
}

}  // namespace gfx::func
