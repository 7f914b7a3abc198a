// Marker: an event in API order that travels through the timing model's queues between
// the work items (sim::Queue's markers): the end of a draw, a Clear and a Present (flush
// the render caches and the L2 at the end of a frame). A Drain needs no marker: the
// command processor waits for the earlier draws' retirement reports.
//
// The protocol: the command processor pushes a marker behind the work it follows; every
// unit forwards it once everything it received before the marker has been handed on
// (a unit with two outputs forwards a copy on each, a unit with two inputs forwards it
// once the copy has arrived on both and both are done); the ROP, the last unit, performs
// the Clear or the flush and retires the draw, and reports each marker through the
// wiring's RetirePort (pipe/retire_port.h).
#pragma once

#include <cstdint>
#include <memory>

#include "func/rop/clear_op.h"
#include "pipe/draw_state.h"
#include "sim/queue.h"

namespace gfx::pipe {

struct Marker {
  enum class Kind : uint8_t { EndOfDraw, Clear, Present };
  Kind kind = Kind::EndOfDraw;
  DrawRef draw;                                // EndOfDraw: the draw that ends
  std::shared_ptr<const func::ClearOp> clear;  // Clear
  // Pixel path (from the rasterizer on): the pixel warps numbered below this come before
  // the marker in API order. Set by the rasterizer.
  uint64_t warps_before = 0;
};

// The queue between two timing units: work items of type T with markers between them.
template <typename T> using Queue = sim::Queue<T, Marker>;

}  // namespace gfx::pipe
