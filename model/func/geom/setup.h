// Triangle setup: perspective divide, viewport transform, snapping to 16.8 fixed point,
// culling, edge equations with the top-left rule, the pixel bounding box and the
// interpolation data of one (already clipped) triangle.
//
// Pixel centres: D3D10 samples pixel i at i + 0.5; D3D9 puts centres on integers, which is
// modelled by shifting every D3D9 vertex by +0.5 px before snapping (reference §5.1).
// Interpolation: the affine screen-space barycentrics l1, l2 come exactly from the integer
// edge functions of the snapped vertices; z is affine in them (D3D), the varyings are
// perspective-correct through 1/w. This is the "z, 1/w and varying/w planes" form
// rearranged: varying = v0 + b1*(v1 - v0) + b2*(v2 - v0) with bk = lk/wk / (sum li/wi),
// which keeps a varying that is equal at the three vertices exactly constant.
// Depth bias (D3D9 DEPTHBIAS + SLOPESCALEDEPTHBIAS) is added to the depth plane's constant.
// MSAA (RasterParams::samples > 1): the bounding box takes every pixel whose sample area
// (the standard positions lie within [-8, 7]/16 px of the centre) meets the vertex bounds.
// Leaves out: points, lines and wireframe come as triangles.
#pragma once

#include <cstdint>

#include "api/state.h"
#include "func/geom/clip.h"

namespace gfx::func {

constexpr int kSubpixelBits = 8;  // 16.8 fixed point
constexpr int kSubpixels = 1 << kSubpixelBits;
// Snapped coordinates beyond +-kMaxFixedCoord (+-32768 px) reject the triangle: the
// clipper's guard band keeps real geometry well inside.
constexpr int64_t kMaxFixedCoord = int64_t(32768) << kSubpixelBits;

struct RasterParams {
  api::Viewport viewport;
  api::DrawApi api = api::DrawApi::D3D9;
  api::Cull cull = api::Cull::Ccw;
  api::ShadeMode shade = api::ShadeMode::Gouraud;
  int clip_x0 = 0, clip_y0 = 0, clip_x1 = 0, clip_y1 = 0;  // pixel rect, x1/y1 exclusive
  // D3D9 depth bias, in [0, 1] depth units: every pixel's depth gets depth_bias +
  // slope_scale_depth_bias * max(|dz/dx|, |dz/dy|) (slopes per pixel), constant per triangle.
  float depth_bias = 0.0f, slope_scale_depth_bias = 0.0f;
  // Varyings (bit v = Varying v) the pixel program reads with constant interpolation
  // (D3D10): they take the leading vertex's value, like flat-shaded colours.
  uint32_t flat_varyings = 0;
  // Samples per pixel of the draw's render target (1, 2, 4, 8 or 16; standard positions,
  // func/geom/sample_positions.h): the rasterizer tests coverage at each sample.
  uint32_t samples = 1;
  // D3D9's MULTISAMPLEANTIALIAS FALSE on a multisampled target: coverage is tested at the
  // pixel centre and a covered pixel covers all of its samples.
  bool center_coverage = false;
  // Per-sample shading (samples > 1 and a pixel program that reads SV_SampleIndex or
  // interpolates an input `_sample`): each quad is shaded once per covered sample
  // (func::split_samples).
  bool per_sample = false;
  // D3D10 MultisampleEnable: lines are D3D10's quadrilateral lines (func::expand_quad_line)
  // rather than the aliased 1-pixel form, at any sample count.
  bool quad_lines = false;
};

struct TriangleSetup {
  // Edge k is the edge opposite vertex k, oriented so the inside is positive:
  // E_k(X, Y) = a[k]*X + b[k]*Y + c[k], X and Y in 1/256 px, the sample of pixel (px, py)
  // at X = 256*px + 128 (D3D9 vertices already shifted). A sample is covered when
  // E_k >= bias[k] for k = 0..2; bias is 0 on top and left edges, 1 on the others.
  int64_t a[3], b[3], c[3];
  int64_t bias[3];
  int32_t x0, y0, x1, y1;     // pixel bounding box inside the clip rect; x1, y1 exclusive
  float inv_area;             // 1 / (E_0 + E_1 + E_2): l_k = E_k * inv_area
  float z0, dz1, dz2;         // screen depth = z0 + l1*dz1 + l2*dz2
  float iw[3];                // 1/w at the vertices
  bool front_facing;          // clockwise on screen (D3D's default front face)
  uint32_t primitive_id = 0;  // SV_PrimitiveID of the primitive this triangle belongs to
  uint32_t samples = 1;       // RasterParams::samples
  bool center_coverage = false;  // RasterParams::center_coverage
  bool per_sample = false;       // RasterParams::per_sample
  uint32_t varying_mask;      // varyings with data below; others read (0,0,0,0)
  Vec4 v0[kNumVaryings], d1[kNumVaryings], d2[kNumVaryings];  // v0 + b1*d1 + b2*d2
};

// Set up triangle (a, b, c); a is the provoking vertex unless `provoking` is given (flat
// shading and constant interpolation of a clipped polygon: pass the original leading
// vertex). Flat varyings get v0 = the leading vertex's value and d1 = d2 = 0. Returns false when
// the triangle is culled, has zero area, is out of range or covers no pixel of the bounding box;
// `out` is then unspecified.
bool setup_triangle(const ShadedVertex& a, const ShadedVertex& b, const ShadedVertex& c,
                    const RasterParams& p, uint32_t varying_mask, TriangleSetup& out,
                    const ShadedVertex* provoking = nullptr);

}  // namespace gfx::func
