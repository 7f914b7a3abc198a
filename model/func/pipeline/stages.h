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
#include "func/shader/interpreter.h"
#include "func/shader/warp.h"

namespace gfx::func {

// Shades `count` (<= kMaxLanes) vertices whose fetch indices (index + base vertex) are
// given, writing clip position and varyings to out[0..count). Returns the number of
// vertices that read past the end of a buffer (they read zeros). `record` and `sink` are
// the timing model's hooks (null in functional runs). `instance` is the instance number
// (from 0) the program reads as SV_InstanceID; SV_VertexID is derived from the fetch index
// (the index value for indexed draws, the vertex number in the instance otherwise).
// `ops` (may be null) receives the Op of every issued instruction (ExecContext::op_record).
int shade_vertices(const DrawContext& d, const uint32_t* fetch_index, int count, Warp& scratch,
                   ShadedVertex* out, std::vector<OpClass>* record, TextureAccessSink* sink,
                   uint32_t instance = 0, std::vector<Op>* ops = nullptr);

// Clips one triangle and sets up the pieces that survive culling; appends them to `out`.
// Returns the number of triangles appended.
int process_triangle(const DrawContext& d, const ShadedVertex& a, const ShadedVertex& b,
                     const ShadedVertex& c, std::vector<std::shared_ptr<const TriangleSetup>>& out);

// Pixel shading results of one batch of quads: lane 4q+i is pixel i of quad q.
struct PixelResults {
  int quads = 0;
  Vec4 color[kMaxLanes];
  float z[kMaxLanes];
  uint8_t live[kMaxLanes / 4];  // coverage mask per quad
};

// Interpolates and shades up to kMaxLanes/4 quads, each with its own triangle. `ops` as
// for shade_vertices.
void shade_quads(const DrawContext& d, const Quad* quads, const TriangleSetup* const* tris,
                 int count, Warp& scratch, PixelResults& out, std::vector<OpClass>* record,
                 TextureAccessSink* sink, std::vector<Op>* ops = nullptr);

}  // namespace gfx::func
