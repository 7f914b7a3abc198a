// interpolate_quad of rasterize.h: depth and perspective-correct varyings at the four
// pixel centres of a quad, from the exact integer edge functions of the triangle.
#include <string>

#include "common/error.h"
#include "func/geom/rasterize.h"

namespace gfx::func {

void interpolate_quad(const TriangleSetup& t, const Quad& q, const Program& ps, Warp& warp,
                      int lane0, float z_out[4]) {
  float b1[4], b2[4];
  for (int i = 0; i < 4; ++i) {
    const int64_t X = int64_t(q.x + (i & 1)) * kSubpixels + kSubpixels / 2;
    const int64_t Y = int64_t(q.y + (i >> 1)) * kSubpixels + kSubpixels / 2;
    // Affine barycentrics: exact integer edge values, one rounding each.
    const float l0 = float(t.a[0] * X + t.b[0] * Y + t.c[0]) * t.inv_area;
    const float l1 = float(t.a[1] * X + t.b[1] * Y + t.c[1]) * t.inv_area;
    const float l2 = float(t.a[2] * X + t.b[2] * Y + t.c[2]) * t.inv_area;
    z_out[i] = t.z0 + l1 * t.dz1 + l2 * t.dz2;
    // Perspective: weights l_k / w_k renormalised by their sum (the interpolated 1/w).
    const float q1 = l1 * t.iw[1], q2 = l2 * t.iw[2];
    const float inv = 1.0f / (l0 * t.iw[0] + q1 + q2);
    b1[i] = q1 * inv;
    b2[i] = q2 * inv;
  }
  for (const PixelInputBinding& in : ps.pixel_inputs) {
    if (in.reg >= kMaxInputs)
      throw Error("pixel program '" + ps.name + "': input register v" + std::to_string(in.reg) +
                  " is beyond v" + std::to_string(kMaxInputs - 1));
    const int v = int(in.varying);
    const bool have = v < kNumVaryings && (t.varying_mask >> v) & 1;
    for (int c = 0; c < 4; ++c) {
      float* dst = warp.input(in.reg, c) + lane0;
      if (!have) {
        for (int i = 0; i < 4; ++i) dst[i] = 0.0f;
        continue;
      }
      const float v0 = t.v0[v][c], d1 = t.d1[v][c], d2 = t.d2[v][c];
      for (int i = 0; i < 4; ++i) dst[i] = v0 + b1[i] * d1 + b2[i] * d2;
    }
  }
  // System values of ps_3_0: vPos is the pixel's integer position (D3D9 centres), vFace
  // the facing sign, vPrimID (gfxsim extension) the primitive's SV_PrimitiveID. The translator
  // keeps both registers below kMaxInputs.
  if (ps.position_reg >= 0) {
    for (int i = 0; i < 4; ++i) {
      warp.input(ps.position_reg, 0)[lane0 + i] = float(q.x + (i & 1));
      warp.input(ps.position_reg, 1)[lane0 + i] = float(q.y + (i >> 1));
      warp.input(ps.position_reg, 2)[lane0 + i] = 0.0f;
      warp.input(ps.position_reg, 3)[lane0 + i] = 0.0f;
    }
  }
  if (ps.depth_reg >= 0) {
    for (int c = 0; c < 4; ++c)
      for (int i = 0; i < 4; ++i) warp.input(ps.depth_reg, c)[lane0 + i] = z_out[i];
  }
  if (ps.primid_reg >= 0) {
    // A float like every register; exact up to 2^24 primitives per instance.
    const float id = float(t.primitive_id);
    for (int c = 0; c < 4; ++c)
      for (int i = 0; i < 4; ++i) warp.input(ps.primid_reg, c)[lane0 + i] = id;
  }
  if (ps.face_reg >= 0) {
    const float face = t.front_facing ? 1.0f : -1.0f;
    for (int c = 0; c < 4; ++c)
      for (int i = 0; i < 4; ++i) warp.input(ps.face_reg, c)[lane0 + i] = face;
  }
}

}  // namespace gfx::func
