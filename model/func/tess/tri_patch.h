// D3D9 triangle patches (DrawTriPatch): Bezier triangles of degree 1, 3 or 5, tessellated
// with three edge segment counts into a triangle Mesh.
//
// Control points (TriPatchInfo): row r (0..d) holds r+1 points; point c of row r is
// B_{i,j,k} with i = c (weight u), j = r - c (weight v), k = d - r (weight w = 1-u-v):
// P(u,v) = sum d!/(i! j! k!) u^i v^j w^k B_ijk. Corners c0 = apex (w = 1), c1 = last point
// of the last row (u = 1), c2 = first point of the last row (v = 1); segments[0..2] belong
// to edges c0-c1, c1-c2, c2-c0. Interior level = the largest edge count (pattern.h).
// Output triangles have the orientation of (c0, c1, c2); UV output is (u, v), the weights
// of c1 and c2. CROSSUV = cross(dP/du, dP/dv) with w = 1-u-v eliminated. Edges are
// watertight as for rect patches (the edge curve is the 1-D Bezier curve of the edge's
// d+1 control points, evaluated in canonical order). Leaves out: timing.
#pragma once

#include <array>
#include <vector>

#include "func/tess/evaluate.h"
#include "func/tess/pattern.h"
#include "func/tess/types.h"

namespace gfx::func::tess {

class TriPatchTessellator {
 public:
  // Appends one patch to `out` (out.attributes is set to layout.count when out is empty,
  // else it must match). Throws gfx::Error (validate.h messages) on invalid input.
  void tessellate(const Vec4* vertices, size_t vertex_count, unsigned attributes,
                  const TriPatchInfo& info, const std::array<float, 3>& segments, EdgeStyle style,
                  const OutputLayout& layout, Mesh& out);

  // Control-point weights at (u, v) (and their u, v derivatives) for degree d; index[] is
  // relative to the first control point. Exposed for tests and for the driver's
  // adaptive-tessellation corners.
  static void weights(unsigned degree, float u, float v, PointWeights& out);
  // Control-point index of corner c (0, 1, 2) for degree d.
  static uint32_t corner_index(unsigned degree, unsigned c);

 private:
  void edge(unsigned e, float f, EdgeStyle style, Vec4* mesh_base);

  const Vec4* vertices_ = nullptr;
  unsigned attributes_ = 0, degree_ = 3;
  uint32_t start_ = 0;
  const OutputLayout* layout_ = nullptr;
  PointWeights pw_;
  DomainPattern pattern_;
  std::vector<Vec4> polygon_;
  std::vector<float> params_;
};

}  // namespace gfx::func::tess
