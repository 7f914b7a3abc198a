// Pre-transformed vertices (D3DFVF_XYZRHW / POSITIONT): the application gives the screen
// position (x, y in render-target pixels with D3D9's integer pixel centres), the depth z as
// it goes to the depth test, and rhw = 1/w for perspective-correct interpolation.
//
// The model turns such a vertex into the clip-space position that the viewport transform
// of triangle setup maps back onto exactly that screen position and depth, so clipping
// (guard band, near/far, which the modelled device applies to pre-transformed vertices
// too: D3DPMISCCAPS_CLIPTLVERTS), points, lines and setup need no second path. The
// conversion runs in double precision; its error (below 1e-4 px) vanishes in the 16.8
// snap for positions on the 1/256 px grid. Clip w is 1/rhw, so varyings interpolate with
// rhw as D3D9 does. rhw <= 0 gives w <= 0: the clipper removes the vertex's side.
#pragma once

#include "api/state.h"
#include "func/math.h"

namespace gfx::func {

// (x, y, z, rhw) -> clip-space (x, y, z, w) for viewport `vp`.
Vec4 pretransformed_to_clip(const Vec4& xyzrhw, const api::Viewport& vp);

}  // namespace gfx::func
