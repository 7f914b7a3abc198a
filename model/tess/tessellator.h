// Tessellator timing unit, between the command processor and the input assembler. Draws
// without tessellation pass straight through. For a tessellated draw (its DrawContext
// carries a func::TessWork) it models:
//   - control-point fetch: the byte ranges of the control points (and an N-patch draw's
//     indices), in line-sized requests through the L2 as memory client "tessellator";
//   - coefficient setup: setup_cycles_per_control_point per control point, skipped on a
//     patch-cache hit, and for handle-0 patches when the rt_patch_handle_zero capability
//     says they are as fast as cached ones;
//   - a patch cache of patch_cache_entries captured patches (patch_cache.h; LRU by
//     default): a draw of a cached patch that hits fetches nothing and sets up nothing;
//   - evaluation of the generated vertices at vertices_per_cycle;
//   - an output queue into the input assembler, which reads the generated vertices from
//     the tessellator's on-chip output (no DRAM traffic).
// One draw is processed at a time; the next draw's fetch starts when the previous draw has
// left. Markers (pipe/marker.h) follow the draw before them out. Leaves out: overlapping fetch and
// evaluation of consecutive draws, streaming vertices to the input assembler before the whole draw
// is evaluated, on-chip storage limits for the generated vertices.
#pragma once

#include <cstdint>
#include <systemc>
#include <vector>

#include "memory/memory_system.h"
#include "pipe/draw_state.h"
#include "pipe/marker.h"
#include "sim/unit.h"
#include "tess/patch_cache.h"
#include "tess/tess_config.h"

namespace gfx::tess {

class Tessellator : public sc_core::sc_module, public sim::Unit {
 public:
  Tessellator(sc_core::sc_module_name name, const TessConfig& cfg, pipe::Queue<pipe::DrawRef>& in,
              pipe::Queue<pipe::DrawRef>& out, memory::MemorySystem& memory);

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override { return draw_ || !from_cp_.empty(); }
  void register_stats(stats::Group& g) override;
  const char* stats_description() const override { return "tessellator (N-patches, RT patches)"; }

 protected:
  sim::Activity tick(Cycle now) override;

 private:
  enum class Phase { Fetch, Compute, Out };
  void start(Cycle now, pipe::DrawRef d);
  // Markers behind the draws already handed on (with no draw in the unit, everything
  // before the front marker has been).
  void forward_markers() {
    if (!draw_ && from_cp_.marker_ready()) forward_ready_markers();
  }
  void forward_ready_markers();

  TessConfig cfg_;
  pipe::Queue<pipe::DrawRef>& from_cp_;
  pipe::Queue<pipe::DrawRef>& to_ia_;
  memory::MemorySystem& memory_;

  pipe::DrawRef draw_;
  Phase phase_ = Phase::Out;
  std::vector<Addr> lines_;  // lines still to fetch (sorted, unique)
  size_t next_line_ = 0;
  Cycle data_ready_ = 0, done_ = 0;
  uint64_t setup_ = 0, eval_ = 0;  // cycles of the current draw
  PatchCache cache_;

  uint64_t draws_ = 0, tess_draws_ = 0, npatch_triangles_ = 0, rect_patches_ = 0, tri_patches_ = 0,
           hits_ = 0, misses_ = 0, vertices_ = 0, triangles_ = 0, setup_cycles_ = 0,
           eval_cycles_ = 0, bytes_ = 0;
};

}  // namespace gfx::tess
