// Rasterization of a set-up triangle into 2x2 pixel quads, and the interpolation of depth
// and varyings at a quad's pixel centres for the pixel shader.
//
// Traversal order (fixed, so functional and timing runs agree): screen-aligned 8x8-pixel
// tiles, row-major over the triangle's bounding box; inside a tile its 4x4 quads row-major;
// only quads with at least one covered pixel are emitted. A tile wholly outside one edge is
// skipped and a tile wholly inside all edges is accepted without per-pixel tests.
// MSAA (TriangleSetup::samples > 1): coverage is tested at each standard sample position
// (func/geom/sample_positions.h) with the same edge functions and top-left rule; the
// offsets are multiples of 16 subpixels, so the tests are exact. A pixel is in `mask` when
// any of its samples is covered; the traversal order is the same as without MSAA.
// Leaves out: Hi-Z / early Z (later stages), line and point rasterization.
#pragma once

#include <cstdint>
#include <vector>

#include "func/geom/sample_positions.h"
#include "func/geom/setup.h"
#include "func/shader/isa.h"
#include "func/shader/warp.h"

namespace gfx::func {

constexpr int kTileSize = 8;

// x, y even (the top-left pixel); mask bit i = pixel (x + (i & 1), y + (i >> 1)) covered.
// samples: bit kMaxSamples * i + s = sample s of pixel i covered (the rasterizer always
// fills it: sample 0 of each covered pixel without MSAA); mask is its per-pixel OR. The
// ROP reads `samples` only for a multisampled target: a Quad made with {x, y, mask} still
// works on a single-sample one.
// Per-sample shading (TriangleSetup::per_sample): split_samples turns a quad into one
// quad per sample index s covered anywhere in it, with `sample` = s, `samples` holding
// only sample s of its pixels, `mask` their pixels (the others are helper lanes) and
// `pixel_samples` the whole quad's coverage (centroid is still a pixel-frequency rule).
// The shader runs once for each, and the ROP writes each one's colour to sample s only.
struct Quad {
  int16_t x, y;
  uint8_t mask;
  uint64_t samples = 0;
  int8_t sample = -1;          // the sample this quad is shaded for; -1: once per pixel
  uint64_t pixel_samples = 0;  // per-sample quads: the coverage of the pixel quad
};

// Appends the per-sample quads of the pixel quad q (sample count `count`) to `out`, in
// increasing sample index; a sample covered in none of q's pixels gets no quad.
void split_samples(const Quad& q, uint32_t count, std::vector<Quad>& out);

// Append the covered quads of `t` to `out` (the caller clears it; reuse the vector so it
// stops allocating once warm).
void rasterize(const TriangleSetup& t, std::vector<Quad>& out);

// The screen depth of every sample of the quad's four pixels (out[kMaxSamples * pixel +
// s], s < t.samples), by the same plane as interpolate_quad's pixel-centre depth,
// evaluated at the sample position; depth bias included as there.
void sample_depths(const TriangleSetup& t, const Quad& q, float out[4 * kMaxSamples]);

// Fill lanes [lane0, lane0 + 4) for quad q, in the Warp's lane order (x,y), (x+1,y),
// (x,y+1), (x+1,y+1): z_out[i] = screen depth, and v[reg] <- varying for every binding of
// ps.pixel_inputs at the pixel centres, perspective-correct, affine or constant as the
// binding says, then the system values (D3D9's vPos/vFace/vPrimID/depth, D3D10's
// pixel_system_values in their components). A per-sample quad (q.sample >= 0) evaluates
// the inputs declared `_sample` at that sample's position in every lane and gives it as
// SV_SampleIndex; the other inputs and SV_Position stay at the pixel centre (or centroid
// of q.pixel_samples). All four lanes are filled,
// helpers included (derivatives need them). A varying the triangle has no data for reads
// (0,0,0,0). Throws gfx::Error for an input register >= kMaxInputs.
void interpolate_quad(const TriangleSetup& t, const Quad& q, const Program& ps, Warp& warp,
                      int lane0, float z_out[4]);

}  // namespace gfx::func
