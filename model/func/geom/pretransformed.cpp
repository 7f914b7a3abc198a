#include "func/geom/pretransformed.h"

namespace gfx::func {

Vec4 pretransformed_to_clip(const Vec4& p, const api::Viewport& vp) {
  // The inverse of setup's viewport transform: sx = (ndc_x + 1) * W/2 + X0,
  // sy = (1 - ndc_y) * H/2 + Y0, depth = MinZ + ndc_z * (MaxZ - MinZ).
  const double hw = vp.width ? double(vp.width) * 0.5 : 1.0;
  const double hh = vp.height ? double(vp.height) * 0.5 : 1.0;
  const double z0 = vp.min_z, dz = double(api::effective_max_z(vp)) - z0;
  const double w = 1.0 / double(p.w);
  const double nx = (double(p.x) - double(vp.x)) / hw - 1.0;
  const double ny = 1.0 - (double(p.y) - double(vp.y)) / hh;
  const double nz = (double(p.z) - z0) / dz;
  return Vec4{float(nx * w), float(ny * w), float(nz * w), float(w)};
}

}  // namespace gfx::func
