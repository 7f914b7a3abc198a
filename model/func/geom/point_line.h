// Points and lines as the triangles the rasterizer covers, built in clip space before
// clipping so that clip, setup and the top-left rule apply to them unchanged.
//
// Rules (gfxsim's documented simplification of D3D10 §3.4.5-3.4.6):
//   point  a square of 1 x 1 pixels centred on the vertex: with the top-left rule it covers
//          exactly the one pixel whose sample lies in [x-0.5, x+0.5) x [y-0.5, y+0.5).
//   line   a parallelogram 1 pixel wide along the minor axis: an x-major line (|dx| >= |dy|
//          on screen) is widened by +-0.5 px in y, a y-major one by +-0.5 px in x. Its ends
//          are perpendicular to the major axis, so the line lights one pixel per column
//          (row) whose sample lies in [min, max) of the major coordinate -- the half-open
//          rule of the D3D10 diamond-exit test without the diamonds at the end points.
// Corners copy the varyings of their vertex (a point's attributes are constant; a line's
// interpolate along it). Points and lines are never culled and always front-facing.
// Leaves out: point size (D3D9 point sprites, psize), antialiased and wide lines, the exact
// diamond-exit treatment of end points.
#pragma once

#include "api/state.h"
#include "func/geom/clip.h"

namespace gfx::func {

// Corners q[0..3] of the point's square, to be drawn as triangles (q0, q1, q2), (q0, q2, q3).
void expand_point(const ShadedVertex& p, const api::Viewport& vp, ShadedVertex q[4]);

// Corners q[0..3] of line a-b's parallelogram (q0, q1 from a; q2, q3 from b), drawn as
// (q0, q1, q2), (q0, q2, q3).
void expand_line(const ShadedVertex& a, const ShadedVertex& b, const api::Viewport& vp,
                 ShadedVertex q[4]);

}  // namespace gfx::func
