#include "func/geom/setup.h"

#include <algorithm>
#include <cmath>

namespace gfx::func {

namespace {

struct Snapped {
  int64_t x, y;  // 1/256 px
  float z;       // screen depth (viewport MinZ..MaxZ)
  float iw;      // 1/w
};

// Divide, viewport transform (D3D9 +0.5 shift), snap with round-to-nearest-even (the
// default rounding mode, which nearbyint honours). False for NaN or out-of-range results.
bool snap(const Vec4& pos, const RasterParams& p, Snapped& s) {
  const api::Viewport& vp = p.viewport;
  const float iw = 1.0f / pos.w;
  float sx = (pos.x * iw + 1.0f) * (float(vp.width) * 0.5f) + float(vp.x);
  float sy = (1.0f - pos.y * iw) * (float(vp.height) * 0.5f) + float(vp.y);
  if (p.api == api::DrawApi::D3D9) {
    sx += 0.5f;
    sy += 0.5f;
  }
  const float fx = std::nearbyint(sx * float(kSubpixels));
  const float fy = std::nearbyint(sy * float(kSubpixels));
  const float lim = float(kMaxFixedCoord);
  if (!(std::fabs(fx) <= lim && std::fabs(fy) <= lim)) return false;  // NaN fails too
  s.x = int64_t(fx);
  s.y = int64_t(fy);
  s.z = vp.min_z + pos.z * iw * (api::effective_max_z(vp) - vp.min_z);
  s.iw = iw;
  return true;
}

// floor(v / 256) for any sign.
int64_t floor_div_subpixels(int64_t v) {
  return v >= 0 ? v / kSubpixels : -((-v + kSubpixels - 1) / kSubpixels);
}

}  // namespace

bool setup_triangle(const ShadedVertex& va, const ShadedVertex& vb, const ShadedVertex& vc,
                    const RasterParams& p, uint32_t varying_mask, TriangleSetup& t,
                    const ShadedVertex* provoking) {
  Snapped s[3];
  if (!snap(va.pos, p, s[0]) || !snap(vb.pos, p, s[1]) || !snap(vc.pos, p, s[2])) return false;

  // Twice the signed area in 1/256^2 px; positive = clockwise on a y-down screen.
  const int64_t area =
      (s[1].x - s[0].x) * (s[2].y - s[0].y) - (s[2].x - s[0].x) * (s[1].y - s[0].y);
  if (area == 0) return false;
  const bool cw = area > 0;
  if ((p.cull == api::Cull::Cw && cw) || (p.cull == api::Cull::Ccw && !cw)) return false;

  // Orient counter-clockwise triangles clockwise by swapping vertices 1 and 2, so every
  // edge function is positive inside; vertex 0 (the provoking one) stays first.
  const ShadedVertex* v[3] = {&va, &vb, &vc};
  if (!cw) {
    std::swap(s[1], s[2]);
    std::swap(v[1], v[2]);
  }

  int64_t min_x = s[0].x, max_x = s[0].x, min_y = s[0].y, max_y = s[0].y;
  for (int k = 0; k < 3; ++k) {
    const Snapped& from = s[(k + 1) % 3];
    const Snapped& to = s[(k + 2) % 3];
    const int64_t dx = to.x - from.x, dy = to.y - from.y;
    t.a[k] = -dy;
    t.b[k] = dx;
    t.c[k] = dy * from.x - dx * from.y;
    // Clockwise on a y-down screen, a top edge runs left to right and a left edge runs
    // upwards; samples exactly on any other edge are outside.
    const bool top_left = (dy == 0 && dx > 0) || dy < 0;
    t.bias[k] = top_left ? 0 : 1;
    min_x = std::min(min_x, s[k].x);
    max_x = std::max(max_x, s[k].x);
    min_y = std::min(min_y, s[k].y);
    max_y = std::max(max_y, s[k].y);
  }

  // Pixels whose sample (256*px + 128) lies within the vertex bounds, cut to the clip rect.
  // Pixels with a sample 256*px + 128 + d within the vertex bounds: d = 0 without MSAA;
  // the standard positions have d in [-128, 112] (-8/16 .. 7/16 px).
  const bool msaa = p.samples > 1 && !p.center_coverage;
  const int64_t reach_lo = kSubpixels / 2 + (msaa ? 112 : 0);  // 128 + max d
  const int64_t reach_hi = kSubpixels / 2 - (msaa ? 128 : 0);  // 128 + min d
  const int64_t px0 = -floor_div_subpixels(reach_lo - min_x);  // ceil((min - reach_lo) / 256)
  const int64_t px1 = floor_div_subpixels(max_x - reach_hi) + 1;
  const int64_t py0 = -floor_div_subpixels(reach_lo - min_y);
  const int64_t py1 = floor_div_subpixels(max_y - reach_hi) + 1;
  t.x0 = int32_t(std::max<int64_t>(px0, p.clip_x0));
  t.x1 = int32_t(std::min<int64_t>(px1, p.clip_x1));
  t.y0 = int32_t(std::max<int64_t>(py0, p.clip_y0));
  t.y1 = int32_t(std::min<int64_t>(py1, p.clip_y1));
  if (t.x0 >= t.x1 || t.y0 >= t.y1) return false;

  t.inv_area = 1.0f / float(area > 0 ? area : -area);
  t.z0 = s[0].z;
  t.dz1 = s[1].z - s[0].z;
  t.dz2 = s[2].z - s[0].z;
  if (p.depth_bias != 0.0f || p.slope_scale_depth_bias != 0.0f) {
    // z = z0 + l1 dz1 + l2 dz2 with l_k = E_k / area, E_k = a_k X + b_k Y + c_k in 1/256 px:
    // the per-pixel slopes are 256 (a_1 dz1 + a_2 dz2) / area and likewise with b.
    const float k = float(kSubpixels) * t.inv_area;
    const float dzdx = k * (float(t.a[1]) * t.dz1 + float(t.a[2]) * t.dz2);
    const float dzdy = k * (float(t.b[1]) * t.dz1 + float(t.b[2]) * t.dz2);
    const float slope = std::max(std::fabs(dzdx), std::fabs(dzdy));
    t.z0 += p.depth_bias + p.slope_scale_depth_bias * slope;
  }
  for (int k = 0; k < 3; ++k) t.iw[k] = s[k].iw;
  t.front_facing = cw;
  t.samples = p.samples;
  t.center_coverage = p.center_coverage;
  t.per_sample = p.per_sample;

  varying_mask &= (1u << kNumVaryings) - 1;
  t.varying_mask = varying_mask;
  const ShadedVertex& lead = provoking ? *provoking : va;
  const bool flat = p.shade == api::ShadeMode::Flat;
  for (uint32_t m = varying_mask; m; m &= m - 1) {
    const int i = __builtin_ctz(m);
    const bool flat_color = flat && (i == int(Varying::Color0) || i == int(Varying::Color1));
    if (flat_color || (p.flat_varyings >> i & 1)) {
      t.v0[i] = lead.var[i];
      t.d1[i] = t.d2[i] = Vec4{};
    } else {
      t.v0[i] = v[0]->var[i];
      t.d1[i] = v[1]->var[i] - v[0]->var[i];
      t.d2[i] = v[2]->var[i] - v[0]->var[i];
    }
  }
  return true;
}

}  // namespace gfx::func
