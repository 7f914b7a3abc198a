// DrawState: one draw in flight through the timing model. Every work item carries a
// reference to it; each unit counts what it handed on and what it finished, so the
// command processor can tell when a draw (and so the pipeline) has drained, and the
// results get per-draw cycles and counts.
#pragma once

#include <cstdint>
#include <memory>

#include "common/types.h"
#include "func/draw_context.h"
#include "func/pipeline/renderer.h"

namespace gfx::pipe {

struct DrawState {
  std::shared_ptr<const func::DrawContext> ctx;
  Cycle issued = 0;       // the command processor handed it to the input assembler
  Cycle completed = kNever;
  Cycle last_activity = 0;  // last cycle a unit finished work of this draw

  // Hand-offs still outstanding between units.
  bool ia_done = false;            // the input assembler emitted everything
  uint32_t vertex_warps = 0;       // IA -> shader cores -> vertex store
  uint32_t primitives = 0;         // IA -> setup
  uint32_t triangles = 0;          // setup -> rasterizer (until fully rasterized)
  uint32_t pixel_warps = 0;        // rasterizer -> shader cores -> ROP (until retired)
  bool raster_holding = false;     // a partly filled pixel warp of this draw waits in the rasterizer

  func::DrawCounts counts;         // same meaning as in the functional run

  bool drained() const {
    return ia_done && vertex_warps == 0 && primitives == 0 && triangles == 0 &&
           pixel_warps == 0 && !raster_holding;
  }
};

using DrawRef = std::shared_ptr<DrawState>;

}  // namespace gfx::pipe
