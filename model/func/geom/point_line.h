// Points and lines as the triangles the rasterizer covers, built in clip space before
// clipping so that clip, setup and the top-left rule apply to them unchanged.
//
// Rules (gfxsim's documented simplification of D3D10 §3.4.5-3.4.6):
//   point  a square of size x size pixels (D3D9 point size, 1 by default) centred on the
//          vertex: with the top-left rule it covers the pixels whose samples lie in
//          [x - size/2, x + size/2) x [y - size/2, y + size/2).
//   line   a parallelogram 1 pixel wide along the minor axis: an x-major line (|dx| >= |dy|
//          on screen) is widened by +-0.5 px in y, a y-major one by +-0.5 px in x. Its ends
//          are perpendicular to the major axis, so the line lights one pixel per column
//          (row) whose sample lies in [min, max) of the major coordinate -- the half-open
//          rule of the D3D10 diamond-exit test without the diamonds at the end points.
// Corners copy the varyings of their vertex (a point's attributes are constant; a line's
// interpolate along it). Points and lines are never culled and always front-facing.
//   quad line  (D3D10 MultisampleEnable) a rectangle centred on the segment, as long as
//          the segment and kQuadLineWidth = 1.4 px wide (d3d10.h's
//          D3D10_MULTISAMPLE_ANTIALIAS_LINE_WIDTH), covered per sample like a triangle.
// Point size and sprites: point_size() below; the sprite texture coordinates are set on
// the corners by the caller. Leaves out: antialiased and wide lines, the exact
// diamond-exit treatment of end points.
#pragma once

#include "api/state.h"
#include "func/geom/clip.h"

namespace gfx::func {

// Corners q[0..3] of the point's square, to be drawn as triangles (q0, q1, q2), (q0, q2, q3).
void expand_point(const ShadedVertex& p, const api::Viewport& vp, ShadedVertex q[4],
                  float size = 1.0f);

// D3D9's point size in pixels: the vertex's PointSize varying when its program writes one
// (vs oPts, a PSIZE element, or the fixed-function point scale), else POINTSIZE; clamped
// to [POINTSIZE_MIN, POINTSIZE_MAX].
float point_size(const ShadedVertex& v, bool has_size, const api::RenderStates& rs);

// Corners q[0..3] of line a-b's parallelogram (q0, q1 from a; q2, q3 from b), drawn as
// (q0, q1, q2), (q0, q2, q3).
void expand_line(const ShadedVertex& a, const ShadedVertex& b, const api::Viewport& vp,
                 ShadedVertex q[4]);

constexpr float kQuadLineWidth = 1.4f;  // px, D3D10_MULTISAMPLE_ANTIALIAS_LINE_WIDTH

// Corners q[0..3] of line a-b's quadrilateral, drawn as (q0, q1, q2), (q0, q2, q3): q0, q1
// are a and q2, q3 are b moved by -+kQuadLineWidth / 2 px perpendicular to the line on
// screen (lines are never culled, so the winding does not matter). A line of zero length,
// or with an end behind the eye (w <= 0, where the screen direction is undefined), keeps
// its corners on the line and covers nothing.
void expand_quad_line(const ShadedVertex& a, const ShadedVertex& b, const api::Viewport& vp,
                      ShadedVertex q[4]);

}  // namespace gfx::func
