// Checks of patch input that D3D9 rejects (or that the model cannot tessellate), as
// messages: an empty string means valid. The driver prefixes the draw it checks; the
// tessellators call the same checks and throw gfx::Error with the message.
//
// Rules (D3D9 docs, reference notes section 2.2): rect Bezier degree 1/3/5 with
// width = height = degree + 1; rect B-spline degree 1/3/5 with width, height > degree;
// rect Catmull-Rom cubic only with width, height >= 4; tri patches Bezier only, degree
// 1/3/5 with (d+1)(d+2)/2 vertices; quadratic is valid nowhere. PARTIALU/PARTIALV with a
// tri patch fail (D3D9 fails the draw). Segment counts must be finite, > 0 and at most
// kMaxSegments (a model limit). N-patch position degree: linear or cubic; normal degree:
// linear or quadratic.
#pragma once

#include <cstddef>
#include <string>

#include "func/tess/types.h"

namespace gfx::func::tess {

std::string check_basis_degree(bool rect, Basis basis, Degree degree);
std::string check_rect_patch(const RectPatchInfo& info);  // basis, degree, sizes, stride
// The grid (or vertex range) must lie inside the vertex_count vertices of the streams.
std::string check_rect_grid(const RectPatchInfo& info, size_t vertex_count);
std::string check_tri_patch(const TriPatchInfo& info, size_t vertex_count);
std::string check_segments(const float* segments, unsigned count);
std::string check_tri_outputs(const OutputLayout& layout, unsigned attributes);
std::string check_rect_outputs(const OutputLayout& layout, unsigned attributes);
std::string check_npatch_degrees(Degree position, Degree normal);

}  // namespace gfx::func::tess
