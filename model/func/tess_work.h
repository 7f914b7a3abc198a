// TessWork: what the tessellator's timing unit needs to know about one draw that the
// driver tessellated (N-patches, rect or tri patches). The driver has already generated
// the vertices (func/tess) and turned the draw into an indexed triangle list over them;
// this record says what the hardware had to read and compute to produce them, so the
// timing unit (model/tess) can charge control-point fetch, coefficient setup and
// evaluation, and the input assembler knows the vertices come from on-chip storage.
// It lives with the DrawContext that carries it (not in the driver that fills it), so the
// timing units read it without depending on the driver.
// Leaves out: anything about time (that is the unit's config).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace gfx::func {

struct TessWork {
  enum class Kind : uint8_t { NPatch = 0, RectPatch = 1, TriPatch = 2 };
  Kind kind = Kind::NPatch;
  uint32_t handle = 0;          // patch handle (0: dynamic patch or N-patches)
  uint64_t capture = 0;         // run-wide id of the captured patch data (0: not cached)
  bool from_cache = false;      // drawn from the handle cache: the current streams were not read
  uint32_t patches = 0;         // 1 for a rect/tri patch, input triangles for N-patches
  uint32_t control_points = 0;  // control vertices set up (all patches of the draw)
  uint64_t vertices = 0;        // generated vertices
  uint64_t triangles = 0;       // generated triangles

  // Memory the control points (and an N-patch draw's indices) occupy: the timing unit
  // fetches these byte ranges unless its patch cache holds `capture`.
  struct Range {
    std::shared_ptr<const void> keep;  // keeps the resource (and so its address) alive
    const void* object = nullptr;      // the resource, as the memory system maps it
    uint64_t object_bytes = 0;
    uint64_t offset = 0;
    uint64_t bytes = 0;
  };
  std::vector<Range> fetch;
};

}  // namespace gfx::func
