// Rasterization of a set-up triangle into 2x2 pixel quads, and the interpolation of depth
// and varyings at a quad's pixel centres for the pixel shader.
//
// Traversal order (fixed, so functional and timing runs agree): screen-aligned 8x8-pixel
// tiles, row-major over the triangle's bounding box; inside a tile its 4x4 quads row-major;
// only quads with at least one covered pixel are emitted. A tile wholly outside one edge is
// skipped and a tile wholly inside all edges is accepted without per-pixel tests.
// Leaves out: MSAA coverage, centroid, Hi-Z / early Z (later stages), line and point
// rasterization.
#pragma once

#include <cstdint>
#include <vector>

#include "func/geom/setup.h"
#include "func/shader/isa.h"
#include "func/shader/warp.h"

namespace gfx::func {

constexpr int kTileSize = 8;

// x, y even (the top-left pixel); mask bit i = pixel (x + (i & 1), y + (i >> 1)) covered.
struct Quad {
  int16_t x, y;
  uint8_t mask;
};

// Append the covered quads of `t` to `out` (the caller clears it; reuse the vector so it
// stops allocating once warm).
void rasterize(const TriangleSetup& t, std::vector<Quad>& out);

// Fill lanes [lane0, lane0 + 4) for quad q, in the Warp's lane order (x,y), (x+1,y),
// (x,y+1), (x+1,y+1): z_out[i] = screen depth, and v[reg] <- varying for every binding of
// ps.pixel_inputs at the pixel centres, perspective-correct, affine or constant as the
// binding says, then the system values (D3D9's vPos/vFace/vPrimID/depth, D3D10's
// pixel_system_values in their components). All four lanes are filled,
// helpers included (derivatives need them). A varying the triangle has no data for reads
// (0,0,0,0). Throws gfx::Error for an input register >= kMaxInputs.
void interpolate_quad(const TriangleSetup& t, const Quad& q, const Program& ps, Warp& warp,
                      int lane0, float z_out[4]);

}  // namespace gfx::func
