// The functional input assembler's walk over one instance of a draw: reads every index
// (or counts the vertices), marks strip cuts, and lists the distinct vertices to shade in
// first-use order. Primitive assembly then runs over `refs` with func::PrimitiveAssembler.
//
// The functional model shades each distinct vertex of an instance (or of a window of it)
// exactly once, which gives the same pixels as any post-transform cache (shading is
// deterministic); how often real hardware reshades is the timing model's business
// (model/ia). Leaves out: timing.
#pragma once

#include <cstdint>
#include <vector>

#include "func/draw_context.h"
#include "func/geom/vertex_dedup.h"

namespace gfx::func {

struct InstanceWalk {
  static constexpr uint32_t kCut = ~0u;  // in refs: a strip cut
  std::vector<uint32_t> fetch;  // fetch index (DrawContext::fetch_of) of each distinct vertex
  std::vector<uint32_t> refs;   // per index slot: position in `fetch`, or kCut
  uint64_t out_of_bounds = 0;   // index reads past the end of the index buffer (read 0)
};

// Fills `out` (its vectors are reused; no allocation once they are large enough).
// `dedup` is scratch, reused across calls.
void walk_instance(const DrawContext& d, VertexDedup& dedup, InstanceWalk& out);
// The same over index slots [begin, end) of the instance only: distinct vertices are then
// distinct within that window, which bounds the memory of a draw of any size (the
// functional renderer walks windows of kWalkWindow slots).
void walk_instance(const DrawContext& d, uint32_t begin, uint32_t end, VertexDedup& dedup,
                   InstanceWalk& out);

}  // namespace gfx::func
