// FunctionalRenderer: the whole pipeline in API order with no notion of time. It is the
// `--mode functional` run and the reference the timing model must match bit for bit.
// Its memory does not grow with a draw's size: it walks each instance in windows.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "func/draw_context.h"
#include "func/geom/instance_walk.h"
#include "func/geom/primitive_assembly.h"
#include "func/pipeline/stages.h"
#include "func/rop/depth_path.h"
#include "func/rop/render_target.h"

namespace gfx::func {

// What one draw did, for draws.csv.
struct DrawCounts {
  uint64_t indices = 0;  // vertex references processed
  uint64_t vertices_shaded = 0;
  uint64_t primitives = 0;  // assembled primitives
  uint64_t triangles = 0;   // triangles set up (after clipping and culling)
  uint64_t quads = 0;       // rasterized 2x2 quads
  // Covered pixels sent to the pixel shader (after early Z), and pixels that passed the
  // depth test and were written; a draw shaded per sample counts one per sample
  // invocation (pixel-sample pair) in both.
  uint64_t pixels_shaded = 0;
  uint64_t pixels_written = 0;
  uint64_t out_of_bounds = 0;  // index or vertex reads past the end of their buffer
};

class FunctionalRenderer {
 public:
  // Index slots walked, shaded and assembled at a time: a draw of any size holds at most
  // this many shaded vertices (about 116 MiB). Vertices used on both sides of a window's
  // edge are shaded again in the next window (only draws longer than this notice).
  static constexpr uint32_t kWalkWindow = 1u << 18;

  // `window`: index slots per window (tests use small ones to cross window edges).
  FunctionalRenderer(uint32_t width, uint32_t height, uint32_t window = kWalkWindow);

  DrawCounts draw(const DrawContext& d);
  RenderTarget& target() { return target_; }
  // Early Z (early_z.enable): each draw's depth/stencil work happens where
  // func::depth_path puts it, as in the timing run; the pixels are the same either way.
  void set_early_z(bool on) { early_z_ = on; }

 private:
  void flush_quads(const DrawContext& d, DepthPath path, DrawCounts& counts);
  static constexpr uint32_t kCarry = 7;  // slots the assembler can still refer to
  void carry_over(PrimitiveAssembler& pa);

  RenderTarget target_;
  uint32_t window_;
  bool early_z_ = false;
  Warp warp_;
  std::vector<ShadedVertex> shaded_;  // kCarry carried vertices, then the window's own
  ShadedVertex carry_[kCarry];
  std::vector<std::shared_ptr<const TriangleSetup>> tris_;
  std::vector<Quad> raster_out_;
  std::vector<Quad> sample_out_;  // per-sample shading: raster_out_ split by sample
  // Pending quads of the current pixel batch and their triangles.
  std::vector<Quad> quads_;
  std::vector<std::shared_ptr<const TriangleSetup>> quad_tris_;
  // On the Early path, the samples of each pending quad that passed the early test (the
  // colour half writes those; the quad's own coverage stays the rasterizer's for the shader).
  std::vector<uint64_t> depth_samples_;
  PixelResults results_;
  // Input assembly scratch, reused from draw to draw (no allocation per vertex).
  VertexDedup dedup_;
  InstanceWalk walk_;
};

}  // namespace gfx::func
