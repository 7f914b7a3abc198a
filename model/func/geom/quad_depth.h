// The screen depth of a quad's four pixel centres, as interpolate_quad (rasterize.h) gives
// it to the pixel shader and the depth test: without perspective correction (z/w is affine
// in screen space). One function for both, so a depth test run before shading (the early-Z
// stage, func/rop/depth_path.h) sees the very bits the late test would.
#pragma once

#include "func/geom/rasterize.h"

namespace gfx::func {

// z[i] for pixel i of q in the order (x, y), (x+1, y), (x, y+1), (x+1, y+1).
void quad_depth(const TriangleSetup& t, const Quad& q, float z[4]);

}  // namespace gfx::func
