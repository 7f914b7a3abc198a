// Counting what draws do: vertices per primitive count and back, per topology, and the
// primitives and vertices a draw command submits. Used by `gfxsim-trace info`, the
// validator and anyone who reports per-draw figures. Strip cuts in indexed D3D10 strips
// are not subtracted: the figures are what the counts in the command imply.
#pragma once

#include <cstdint>

#include "trace/commands.h"

namespace gfx::trace {

// Vertices (or indices) that `primitives` primitives of a topology consume.
uint64_t vertices_for_primitives(api::Topology t, uint64_t primitives);
// Whole primitives that `vertices` vertices form (0 below the first full primitive).
uint64_t primitives_for_vertices(api::Topology t, uint64_t vertices);

struct DrawCounts {
  bool indexed = false;
  api::Topology topology = api::Topology::TriangleList;
  uint64_t first = 0;       // first vertex (non-indexed) or first index (indexed)
  uint64_t count = 0;       // vertices or indices per instance
  int64_t base_vertex = 0;  // added to every index (indexed draws)
  uint64_t instances = 1;
  uint64_t primitives = 0;  // over all instances
};

// The counts of a draw command; false for commands that are not draws.
bool draw_counts(const Command& c, DrawCounts& out);

}  // namespace gfx::trace
