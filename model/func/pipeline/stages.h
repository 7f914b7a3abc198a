// The functional pipeline cut into the pieces the hardware units perform: vertex shading
// of a batch, primitive processing (clip, divide, snap, cull, setup) and pixel shading of
// a batch of quads. The functional renderer calls them in API order; the timing units
// call the very same functions when the hardware would do the work, which is what keeps
// the two runs' frames bit-identical.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "func/draw_context.h"
#include "func/geom/clip.h"
#include "func/geom/rasterize.h"
#include "func/geom/setup.h"
#include "func/rop/render_target.h"
#include "func/shader/interpreter.h"
#include "func/shader/warp.h"

namespace gfx::func {

// Shades `count` (<= kMaxLanes) vertices whose fetch indices (index + base vertex) are
// given, writing clip position and varyings to out[0..count). Returns the number of
// vertices that read past the end of a buffer (they read zeros). `record` and `sink` are
// the timing model's hooks (null in functional runs). `instance` is the instance number
// (from 0) the program reads as SV_InstanceID and that selects the elements of per-instance
// streams; SV_VertexID is DrawContext::vertex_id of the fetch index (the index value for
// indexed draws, the vertex number in the instance otherwise), modulo 2^32.
// `ops` (may be null) receives the Op of every issued instruction (ExecContext::op_record),
// `constants` (may be null) the constant-register reads (ExecContext::constant_sink).
int shade_vertices(const DrawContext& d, const uint32_t* fetch_index, int count, Warp& scratch,
                   ShadedVertex* out, std::vector<OpClass>* record, TextureAccessSink* sink,
                   uint32_t instance = 0, std::vector<Op>* ops = nullptr,
                   ConstantReadSink* constants = nullptr);

// Clips one triangle and sets up the pieces that survive culling; appends them to `out`.
// Returns the number of triangles appended. `primitive_id` (SV_PrimitiveID) is stored in
// every piece.
int process_triangle(const DrawContext& d, const ShadedVertex& a, const ShadedVertex& b,
                     const ShadedVertex& c, std::vector<std::shared_ptr<const TriangleSetup>>& out,
                     uint32_t primitive_id = 0);

// Any assembled primitive: `count` = 3 is process_triangle; 1 (a point) and 2 (a line)
// are expanded to triangles first (func/geom/point_line.h), never culled, always front
// facing. v[0] is the leading vertex. Returns the number of triangles appended.
int process_primitive(const DrawContext& d, const ShadedVertex* const* v, int count,
                      uint32_t primitive_id,
                      std::vector<std::shared_ptr<const TriangleSetup>>& out);

// Pixel shading results of one batch of quads: lane 4q+i is pixel i of quad q. `color`
// holds oC0; `mrt[t - 1]` holds oC<t> for t < color_outputs (the program's count). z is the
// interpolated depth, or the program's oDepth when it writes one.
struct PixelResults {
  int quads = 0;
  int color_outputs = 1;
  bool color0 = true;  // the program writes oC0 (otherwise target 0 is left unchanged)
  Vec4 color[kMaxLanes];
  Vec4 mrt[kMaxRenderTargets - 1][kMaxLanes];
  float z[kMaxLanes];
  uint8_t live[kMaxLanes / 4];  // coverage mask per quad

  // Colours of quad q per target, as func::rop_quad_mrt takes them (null past the outputs).
  void quad_colors(int q, const Vec4* out[kMaxRenderTargets]) const {
    out[0] = color0 ? &color[4 * q] : nullptr;
    for (int t = 1; t < kMaxRenderTargets; ++t)
      out[t] = t < color_outputs ? &mrt[t - 1][4 * q] : nullptr;
  }
};

// Interpolates and shades up to kMaxLanes/4 quads, each with its own triangle. `ops` and
// `constants` as for shade_vertices.
void shade_quads(const DrawContext& d, const Quad* quads, const TriangleSetup* const* tris,
                 int count, Warp& scratch, PixelResults& out, std::vector<OpClass>* record,
                 TextureAccessSink* sink, std::vector<Op>* ops = nullptr,
                 ConstantReadSink* constants = nullptr);

// The depths the ROP tests quad q's samples at: func::sample_depths into `buf` when the
// draw is multisampled, or null (the pixel's depth for every sample) when it is not, when
// its pixel program writes oDepth (D3D replicates a pixel-frequency oDepth to every
// sample) or when there is no triangle.
const float* rop_sample_depths(const DrawContext& d, const TriangleSetup* t, const Quad& q,
                               float buf[4 * kMaxSamples]);

}  // namespace gfx::func
