// D3D9 N-patches: one input triangle (after primitive assembly, before the vertex shader)
// becomes a curved PN triangle tessellated with a segment count per edge.
//
// Input: the three vertices in draw order, each `attributes` Vec4 (the vertex declaration's
// elements). The POSITION element is cubic (POSITIONDEGREE cubic) or linear, the NORMAL
// element linear or quadratic (NORMALDEGREE), every other element linear in (u, v, w).
// Output vertices have the same elements in the same slots; triangles keep the input
// triangle's winding (orientation of v0, v1, v2). edge_levels[0..2] are the segment counts
// of edges v0-v1, v1-v2, v2-v0: SetNPatchMode's n on all three, or the adaptive levels
// (adaptive.h). Discrete style truncates, continuous uses the fractional pattern of
// segments.h; the interior level is the largest edge count. n = 1 gives the input triangle
// exactly. Watertight: edge vertices are computed from that edge's two vertices only, in a
// canonical order, so a neighbour sharing both vertices (all elements equal) produces the
// same bits. The tessellator hands the interpolated normal to the vertex shader as it is
// (normalize_normal = false, as for any other element; the shader or NORMALIZENORMALS
// normalises), unless normalize_normal is set.
// Leaves out: displacement mapping (LOOKUP methods), the draw loop over triangles.
#pragma once

#include <array>
#include <vector>

#include "func/tess/pattern.h"
#include "func/tess/pn_triangle.h"
#include "func/tess/types.h"

namespace gfx::func::tess {

struct NPatchSettings {
  unsigned position = 0;  // slot of the POSITION element
  int normal = -1;        // slot of the NORMAL element, -1: none (normals taken as 0)
  Degree position_degree = Degree::Cubic;  // Linear or Cubic
  Degree normal_degree = Degree::Linear;   // Linear or Quadratic
  EdgeStyle style = EdgeStyle::Discrete;
  bool normalize_normal = false;
};

class NPatchTessellator {
 public:
  // Appends the tessellation of one triangle to `out` (out.attributes is set to
  // `attributes` when out is empty, else it must match). Throws gfx::Error on bad
  // settings (degrees, slots).
  void tessellate(const Vec4* v0, const Vec4* v1, const Vec4* v2, unsigned attributes,
                  const NPatchSettings& settings, const std::array<float, 3>& edge_levels,
                  Mesh& out);

 private:
  void interpolate(const Vec4* const* corner, float u, float v, Vec4* dst) const;
  void edge(unsigned e, const Vec4* a, const Vec4* b, float level, Vec4* mesh_base);

  const NPatchSettings* settings_ = nullptr;
  unsigned attributes_ = 0;
  PnTriangle pn_;
  DomainPattern pattern_;
  std::vector<float> params_;
};

}  // namespace gfx::func::tess
