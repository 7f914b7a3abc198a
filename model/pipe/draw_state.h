// DrawState: the record of one draw in flight through the timing model. Every work item
// carries a reference to it. Units only add to its statistics (the per-draw counts and the
// last cycle a unit did work of the draw, for draws.csv); none reads it to decide anything.
// When a draw has left the pipeline is told by its EndOfDraw marker (pipe/marker.h), which
// the ROP retires.
#pragma once

#include <cstdint>
#include <memory>

#include "common/types.h"
#include "func/draw_context.h"
#include "func/pipeline/renderer.h"

namespace gfx::pipe {

struct DrawState {
  std::shared_ptr<const func::DrawContext> ctx;
  Cycle issued = 0;          // the command processor handed it to the pipeline
  Cycle completed = kNever;  // set when it retires: the later of issued and last_activity
  Cycle last_activity = 0;   // last cycle a unit finished work of this draw

  func::DrawCounts counts;  // same meaning as in the functional run
};

using DrawRef = std::shared_ptr<DrawState>;

}  // namespace gfx::pipe
