// Triangle clipping in homogeneous clip space, as D3D defines the view volume:
// 0 <= z <= w, w > 0, and -w <= x, y <= w, the last two widened to a guard band
// |x|, |y| <= guard * w so that only triangles that would overflow the rasterizer's
// fixed-point range are really cut (the rest are scissored by the rasterizer's bounding
// box, as hardware does).
//
// Models: Sutherland-Hodgman against the planes some vertex violates, trivial accept and
// trivial reject (against the real viewport planes, not just the guard band), and
// crack-free determinism: a cut point is always computed from the inside vertex towards
// the outside one, so the two triangles sharing an edge get bit-identical vertices.
// User clip planes (D3D9 SetClipPlane + CLIPPLANEENABLE, already in clip space: see
// ClipPlanes) are clipped like the view-volume planes; D3DRS_CLIPPING = FALSE drops the
// near/far and user planes, keeping w > 0 and the guard band the rasterizer needs.
// Leaves out: points / lines (expanded to triangles before clipping).
#pragma once

#include <cstdint>

#include "api/state.h"
#include "func/math.h"
#include "func/shader/isa.h"

namespace gfx::func {

struct ShadedVertex {
  Vec4 pos;                // clip-space position
  Vec4 var[kNumVaryings];  // varyings, indexed by Varying
};

// Smallest w the clipper lets through: the w > 0 plane is w >= kClipMinW, so the
// perspective divide never sees w == 0.
constexpr float kClipMinW = 1.0e-6f;

// The planes a draw clips against: the guard band factor, whether the near/far planes
// apply (D3DRS_CLIPPING) and the enabled user planes as clip-space (a, b, c, d), a
// position p being inside where a p.x + b p.y + c p.z + d p.w >= 0.
struct ClipPlanes {
  float guard = 1.0f;
  bool depth = true;
  int num_user = 0;
  Vec4 user[api::kMaxClipPlanes];
};
// Vertices a clipped polygon can have: 3, plus one per plane (7 fixed + 6 user).
constexpr int kMaxClipVertices = 3 + 7 + int(api::kMaxClipPlanes);

// Clip a triangle. Returns the vertex count of the convex polygon written to `out`
// (0 = rejected; 3 with the inputs copied unchanged when trivially inside), to be drawn as
// the fan (0, i, i+1). Only the varyings in varying_mask (bit v = Varying v) are
// interpolated on cut vertices; the others read 0 there.
int clip_triangle(const ShadedVertex& a, const ShadedVertex& b, const ShadedVertex& c,
                  const ClipPlanes& planes, uint32_t varying_mask,
                  ShadedVertex out[kMaxClipVertices]);
// The view volume and guard band only (no user planes).
int clip_triangle(const ShadedVertex& a, const ShadedVertex& b, const ShadedVertex& c, float guard,
                  uint32_t varying_mask, ShadedVertex out[kMaxClipVertices]);

// Guard-band factor for a viewport: the largest |x/w| (and |y/w|) whose screen position
// stays within +-kGuardLimitPixels, the range 16.8 fixed point holds with margin for the
// D3D9 half-pixel offset. At least 1 (the viewport itself) whatever the viewport.
constexpr float kGuardLimitPixels = 32000.0f;
float guard_band(const api::Viewport& vp);

}  // namespace gfx::func
