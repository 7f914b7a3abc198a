// FunctionalRenderer: the whole pipeline in API order with no notion of time. It is the
// `--mode functional` run and the reference the timing model must match bit for bit.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "func/draw_context.h"
#include "func/geom/instance_walk.h"
#include "func/pipeline/stages.h"
#include "func/rop/render_target.h"

namespace gfx::func {

// What one draw did, for draws.csv.
struct DrawCounts {
  uint64_t indices = 0;           // vertex references processed
  uint64_t vertices_shaded = 0;
  uint64_t primitives = 0;        // assembled primitives
  uint64_t triangles = 0;         // triangles set up (after clipping and culling)
  uint64_t quads = 0;
  uint64_t pixels_shaded = 0;     // covered pixels sent to the pixel shader
  uint64_t pixels_written = 0;    // pixels that passed the depth test and were written
  uint64_t out_of_bounds = 0;     // index or vertex reads past the end of their buffer
};

class FunctionalRenderer {
 public:
  FunctionalRenderer(uint32_t width, uint32_t height);

  DrawCounts draw(const DrawContext& d);
  RenderTarget& target() { return target_; }

 private:
  void flush_quads(const DrawContext& d, DrawCounts& counts);

  RenderTarget target_;
  Warp warp_;
  std::vector<ShadedVertex> shaded_;
  std::vector<std::shared_ptr<const TriangleSetup>> tris_;
  std::vector<Quad> raster_out_;
  // Pending quads of the current pixel batch and their triangles.
  std::vector<Quad> quads_;
  std::vector<std::shared_ptr<const TriangleSetup>> quad_tris_;
  PixelResults results_;
  // Input assembly scratch, reused from draw to draw (no allocation per vertex).
  VertexDedup dedup_;
  InstanceWalk walk_;
};

}  // namespace gfx::func
