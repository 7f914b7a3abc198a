// Segments per edge: how a D3D9 segment count (a float, from SetNPatchMode, pNumSegs or the
// adaptive formula) becomes points along one edge, for both D3DPATCHEDGESTYLE values.
//
// Discrete: n = floor(f) segments of equal length (f in (0,1) gives 1).
// Continuous (our documented pattern, D3D9 publishes none): n = ceil(f) segments; n-1 of
// them have the full length 1/f and one short segment of length 1 - (n-1)/f sits after the
// first floor(n/2) full ones. When f reaches an integer the short segment reaches full length
// (uniform), and just above it a new zero-length segment appears, so points move
// continuously as f varies. Leaves out: validation (validate.h) beyond clamping to
// [1, kMaxSegments].
#pragma once

#include <vector>

#include "func/tess/types.h"

namespace gfx::func::tess {

// Number of segments an edge with count f gets (>= 1, <= kMaxSegments; NaN gives 1).
unsigned segment_count(float f, EdgeStyle style);

// The n+1 parameters of the edge points in [0,1], out[0] = 0 and out[n] = 1 exactly,
// increasing. `out` is resized (keep it around to avoid allocation).
void edge_params(float f, EdgeStyle style, std::vector<float>& out);

}  // namespace gfx::func::tess
