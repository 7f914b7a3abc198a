#include "func/geom/clip.h"

#include <algorithm>
#include <cmath>

namespace gfx::func {

namespace {

// The planes clipped against, as signed distances that are >= 0 inside: the view volume
// (guard band for x and y) then the user planes.
enum Plane {
  kNear,
  kFar,
  kMinW,
  kLeft,
  kRight,
  kBottom,
  kTop,
  kUser0,
  kNumClipPlanes = kUser0 + 6
};
static_assert(kNumClipPlanes == kMaxClipVertices - 3, "one vertex more per plane");

float distance(int plane, const Vec4& p, const ClipPlanes& cp) {
  const float g = cp.guard;
  switch (plane) {
    case kNear: return p.z;
    case kFar: return p.w - p.z;
    case kMinW: return p.w - kClipMinW;
    case kLeft: return p.x + g * p.w;
    case kRight: return g * p.w - p.x;
    case kBottom: return p.y + g * p.w;
    case kTop: return g * p.w - p.y;
    default: {
      const Vec4& u = cp.user[plane - kUser0];
      return u.x * p.x + u.y * p.y + u.z * p.z + u.w * p.w;
    }
  }
}

// Outcode bits 0..12: outside a clip plane that applies; bits 16..19: outside the real
// viewport's x/y planes, used only to reject triangles that cannot touch the viewport.
uint32_t outcode(const Vec4& p, const ClipPlanes& cp, uint32_t active) {
  uint32_t code = 0;
  for (uint32_t m = active; m; m &= m - 1) {
    const int k = __builtin_ctz(m);
    if (distance(k, p, cp) < 0.0f) code |= 1u << k;
  }
  if (p.x < -p.w) code |= 1u << 16;
  if (p.x > p.w) code |= 1u << 17;
  if (p.y < -p.w) code |= 1u << 18;
  if (p.y > p.w) code |= 1u << 19;
  return code;
}

bool has_nan(const Vec4& p) {
  return std::isnan(p.x) || std::isnan(p.y) || std::isnan(p.z) || std::isnan(p.w);
}

// in + (out - in) * t on position and the masked varyings.
void lerp_vertex(const ShadedVertex& in, const ShadedVertex& out, float t, uint32_t mask,
                 ShadedVertex& r) {
  r.pos = in.pos + (out.pos - in.pos) * t;
  for (uint32_t m = mask; m; m &= m - 1) {
    int v = __builtin_ctz(m);
    r.var[v] = in.var[v] + (out.var[v] - in.var[v]) * t;
  }
}

}  // namespace

int clip_triangle(const ShadedVertex& a, const ShadedVertex& b, const ShadedVertex& c, float guard,
                  uint32_t varying_mask, ShadedVertex out[kMaxClipVertices]) {
  ClipPlanes cp;
  cp.guard = guard;
  return clip_triangle(a, b, c, cp, varying_mask, out);
}

int clip_triangle(const ShadedVertex& a, const ShadedVertex& b, const ShadedVertex& c,
                  const ClipPlanes& cp, uint32_t varying_mask, ShadedVertex out[kMaxClipVertices]) {
  if (has_nan(a.pos) || has_nan(b.pos) || has_nan(c.pos)) return 0;
  varying_mask &= (1u << kNumVaryings) - 1;
  uint32_t active = (1u << kUser0) - 1;
  if (!cp.depth) active &= ~((1u << kNear) | (1u << kFar));
  for (int i = 0; i < cp.num_user && i < int(api::kMaxClipPlanes); ++i)
    active |= 1u << (kUser0 + i);
  const uint32_t ca = outcode(a.pos, cp, active), cb = outcode(b.pos, cp, active),
                 cc = outcode(c.pos, cp, active);
  if (ca & cb & cc) return 0;  // all on the outside of one plane
  const uint32_t planes = (ca | cb | cc) & ((1u << kNumClipPlanes) - 1);
  if (planes == 0) {
    out[0] = a;
    out[1] = b;
    out[2] = c;
    return 3;
  }

  // Vertex pool: the 3 inputs plus at most 2 cut points per plane. Polygons are index
  // lists into it, so a plane pass moves indices, not 200-byte vertices.
  ShadedVertex pool[3 + 2 * kNumClipPlanes];
  pool[0] = a;
  pool[1] = b;
  pool[2] = c;
  int pool_n = 3;
  int poly[2][kMaxClipVertices] = {{0, 1, 2}};
  int n = 3, cur = 0;
  float d[kMaxClipVertices];

  for (int plane = 0; plane < kNumClipPlanes && n > 0; ++plane) {
    if (!(planes & (1u << plane))) continue;
    const int* src = poly[cur];
    int* dst = poly[cur ^ 1];
    int m = 0;
    for (int i = 0; i < n; ++i) d[i] = distance(plane, pool[src[i]].pos, cp);
    for (int i = 0; i < n; ++i) {
      const int j = (i + 1 == n) ? 0 : i + 1;
      const bool in_i = d[i] >= 0.0f, in_j = d[j] >= 0.0f;
      if (in_i) dst[m++] = src[i];
      if (in_i != in_j) {
        // Always from the inside vertex to the outside one: the shared edge of two
        // neighbouring triangles is cut at the same point whichever way they walk it.
        const int vi = in_i ? i : j, vo = in_i ? j : i;
        const float t = d[vi] / (d[vi] - d[vo]);
        ShadedVertex& r = pool[pool_n];
        lerp_vertex(pool[src[vi]], pool[src[vo]], t, varying_mask, r);
        if (plane == kNear) r.pos.z = 0.0f;  // exactly on the plane: depth stays in range
        if (plane == kFar) r.pos.z = r.pos.w;
        dst[m++] = pool_n++;
      }
    }
    n = m;
    cur ^= 1;
  }
  if (n < 3) return 0;
  for (int i = 0; i < n; ++i) out[i] = pool[poly[cur][i]];
  return n;
}

float guard_band(const api::Viewport& vp) {
  // Screen x = centre + (x/w) * half; keep |screen x| <= limit on both sides.
  auto axis = [](float origin, float extent) {
    const float half = extent * 0.5f, centre = origin + half;
    if (half <= 0.0f) return kGuardLimitPixels;  // empty viewport: anything goes
    return (kGuardLimitPixels - std::fabs(centre)) / half;
  };
  const float g = std::min(axis(float(vp.x), float(vp.width)), axis(float(vp.y), float(vp.height)));
  return std::max(g, 1.0f);
}

}  // namespace gfx::func
