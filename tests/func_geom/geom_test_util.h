// Building triangles from screen positions for the setup / raster / interpolation tests.
#pragma once

#include <vector>

#include "func/geom/rasterize.h"
#include "func/geom/setup.h"

namespace gfx::func::test {

// Clip-space vertex that lands on screen position (sx, sy) of a W x H viewport at (0, 0)
// (before the D3D9 half-pixel shift), with screen depth z and clip w.
inline ShadedVertex at_screen(float sx, float sy, float W, float H, float z = 0.5f,
                              float w = 1.0f) {
  ShadedVertex v;
  v.pos = {(2.0f * sx / W - 1.0f) * w, (1.0f - 2.0f * sy / H) * w, z * w, w};
  return v;
}

inline RasterParams params(uint32_t W, uint32_t H, api::DrawApi api, api::Cull cull) {
  RasterParams p;
  p.viewport.width = W;
  p.viewport.height = H;
  p.api = api;
  p.cull = cull;
  p.clip_x1 = int(W);
  p.clip_y1 = int(H);
  return p;
}

// Hit count per pixel (row-major W x H) of one triangle; false if it was not set up.
inline bool cover(const ShadedVertex& a, const ShadedVertex& b, const ShadedVertex& c,
                  const RasterParams& p, std::vector<int>& hits) {
  TriangleSetup t;
  if (!setup_triangle(a, b, c, p, 0, t)) return false;
  std::vector<Quad> quads;
  rasterize(t, quads);
  for (const Quad& q : quads)
    for (int i = 0; i < 4; ++i)
      if (q.mask & (1 << i)) ++hits[(q.y + (i >> 1)) * p.viewport.width + q.x + (i & 1)];
  return true;
}

}  // namespace gfx::func::test
