// D3D9 adaptive tessellation (D3DRS_ENABLEADAPTIVETESSELLATION): a segment count per edge
// from the depth of the edge's two vertices, by the formula of MSDocs tessellation.md:
//   T(V)  = max_segments * tess_factor(V) / (V . Mdm),   Mdm = ADAPTIVETESS_X/Y/Z/W
//   Te    = (T(Va) + T(Vb)) / 2
//   Te > MAXTESSELLATIONLEVEL or Te < 0  -> MAXTESSELLATIONLEVEL
//   Te < MINTESSELLATIONLEVEL            -> MINTESSELLATIONLEVEL
// max_segments is SetNPatchMode's n (N-patches) or pNumSegs[edge] (RT patches);
// tess_factor the vertex's TESSFACTOR element (1 without one). A NaN Te (0/0) is taken as
// MAXTESSELLATIONLEVEL, like the other out-of-range values. T(Va) + T(Vb) is commutative
// in IEEE arithmetic, so both triangles of a shared edge get the same level.
// Which vertices drive an edge (the notes, section 2.5): N-patch triangle vertices; Bezier
// corners; for rect B-spline and Catmull-Rom the outermost interior control points.
// Leaves out: the choice of Mdm (the application's render states).
#pragma once

#include <array>
#include <cstdint>

#include "func/tess/types.h"

namespace gfx::func::tess {

struct AdaptiveState {
  Vec4 mdm{0.0f, 0.0f, 1.0f, 0.0f};  // D3DRS_ADAPTIVETESS_X/Y/Z/W defaults
  float min_level = 1.0f;            // D3DRS_MINTESSELLATIONLEVEL
  float max_level = 1.0f;            // D3DRS_MAXTESSELLATIONLEVEL
};

// T(V) of one vertex (position xyzw).
float adaptive_vertex_level(const Vec4& position, float tess_factor, float max_segments,
                            const Vec4& mdm);
// Te of an edge from its two vertex levels, clamped as above.
float adaptive_edge_level(float ta, float tb, const AdaptiveState& state);

// Grid (row, column) of the two control points driving each edge of a rect patch, in
// edge order c0-c1, c1-c2, c2-c3, c3-c0.
struct GridPoint {
  uint32_t row, col;
};
std::array<std::array<GridPoint, 2>, 4> rect_adaptive_points(const RectPatchInfo& info);

}  // namespace gfx::func::tess
