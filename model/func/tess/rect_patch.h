// D3D9 rectangle patches (DrawRectPatch): Bezier degree 1/3/5, uniform B-spline degree
// 1/3/5 and Catmull-Rom cubic surfaces over a control grid, tessellated with four edge
// segment counts into a triangle Mesh.
//
// Domain: u runs along a grid row (columns), v down the rows, each over [0,1] for the
// whole patch. Corners c0 = (row 0, col 0), c1 = (row 0, last col), c2 = (last row, last
// col), c3 = (last row, col 0). segments[0..3] = edges c0-c1 (top, row 0), c1-c2 (right),
// c2-c3 (bottom), c3-c0 (left). Interior grid: max(top, bottom) columns by max(left, right)
// rows (pattern.h for the stitching). Triangles have the orientation of (c0, c1, c3): a
// grid laid out left-to-right, top-to-bottom on screen gives clockwise (D3D9 front) faces.
// Watertight: DEFAULT outputs of edge vertices are computed from that edge's control data
// alone in a canonical order (canonical.h), so two patches sharing an edge's control
// points produce bit-identical edge vertices whatever their other counts; derivative
// and UV outputs come from the patch's own surface. Leaves out: displacement lookups,
// mosaic Bezier grids larger than degree+1, timing.
#pragma once

#include <array>
#include <vector>

#include "func/tess/basis.h"
#include "func/tess/evaluate.h"
#include "func/tess/pattern.h"
#include "func/tess/types.h"

namespace gfx::func::tess {

class RectPatchTessellator {
 public:
  // Appends one patch to `out` (out.attributes is set to layout.count when out is empty,
  // else it must match). `vertices` holds vertex_count vertices of `attributes` Vec4.
  // Throws gfx::Error (validate.h messages) on an invalid patch, grid, layout or count.
  void tessellate(const Vec4* vertices, size_t vertex_count, unsigned attributes,
                  const RectPatchInfo& info, const std::array<float, 4>& segments, EdgeStyle style,
                  const OutputLayout& layout, Mesh& out);

 private:
  void point_weights(const Weights1D& wu, const Weights1D& wv);
  void corner(unsigned c, Vec4* dst);
  void edge(unsigned e, float f, EdgeStyle style, Vec4* mesh_base);
  void interior(Vec4* dst);
  uint32_t grid_index(unsigned r, unsigned c) const {
    return (info_.start_h + r) * info_.stride + info_.start_w + c;
  }

  // Per-call context (set by tessellate; scratch vectors keep their capacity).
  const Vec4* vertices_ = nullptr;
  unsigned attributes_ = 0;
  RectPatchInfo info_;
  const OutputLayout* layout_ = nullptr;
  Basis1D bu_, bv_;
  PointWeights pw_;
  DomainPattern pattern_;
  std::vector<Weights1D> column_weights_;
  std::vector<Vec4> row_value_, row_dv_;  // per slot and grid column, for the current row
  std::vector<Vec4> polygon_;
  std::vector<float> params_;
};

}  // namespace gfx::func::tess
