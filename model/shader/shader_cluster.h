// The unified shader cluster: dispatches vertex warps (from the input assembler) and pixel
// warps (from the rasterizer) to whichever core has a free slot and enough registers,
// vertex work first so primitive assembly never starves behind pixels, executes each warp
// functionally at dispatch, lets the cores replay its timing, and hands results on:
// shaded vertices to the vertex store, shaded quads to the ROP, as far as the ROP's reorder
// window (a credit the wiring owns) admits them. A draw whose program needs more registers
// per warp than a core has is refused when its first warp arrives.
//
// Markers (pipe/marker.h) arrive on both inputs, in the same order: the cluster sends one
// on to the ROP once its copy has arrived on both, every vertex warp before the vertex
// copy has finished and every pixel warp before the pixel copy has gone to the ROP.
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <systemc>
#include <vector>

#include "func/shader/warp.h"
#include "memory/memory_system.h"
#include "pipe/items.h"
#include "pipe/marker.h"
#include "pipe/vertex_store.h"
#include "shader/constant_path.h"
#include "shader/shader_config.h"
#include "shader/shader_core.h"
#include "shader/texture_path.h"
#include "sim/reorder_window.h"
#include "sim/unit.h"

namespace gfx::shader {

// Keys handed out in increasing order and finished in any order (warps in flight in the
// cores): whether every key below a bound has finished. A ring of the keys in flight, so
// no allocation per key; consecutive keys (pixel warp numbers) are found at their distance
// from the oldest, others (vertex warps' first store entries) by a short scan.
class Outstanding {
 public:
  void add(uint64_t key) {
    if (count_ == ring_.size()) grow();
    ring_[(first_ + count_) & (ring_.size() - 1)] = {key, false};
    ++count_;
  }
  void finish(uint64_t key) {
    const size_t mask = ring_.size() - 1;
    size_t i = size_t(key - ring_[first_].key);
    if (i >= count_ || ring_[(first_ + i) & mask].key != key)
      for (i = 0; ring_[(first_ + i) & mask].key != key; ++i) {
      }
    ring_[(first_ + i) & mask].done = true;
    while (count_ && ring_[first_].done) {
      first_ = (first_ + 1) & mask;
      --count_;
    }
  }
  bool none_below(uint64_t bound) const { return count_ == 0 || ring_[first_].key >= bound; }

 private:
  struct Entry {
    uint64_t key;
    bool done;
  };
  void grow() {
    std::vector<Entry> r(ring_.empty() ? 64 : 2 * ring_.size());
    for (size_t i = 0; i < count_; ++i) r[i] = ring_[(first_ + i) & (ring_.size() - 1)];
    ring_.swap(r);
    first_ = 0;
  }
  std::vector<Entry> ring_;  // a power of two long
  size_t first_ = 0, count_ = 0;
};

class ShaderCluster : public sc_core::sc_module, public sim::Unit {
 public:
  ShaderCluster(sc_core::sc_module_name name, const ShaderConfig& cfg,
                pipe::Queue<pipe::VertexWarp>& vertex_in, pipe::Queue<pipe::PixelWarpPtr>& pixel_in,
                pipe::Queue<pipe::PixelWarpPtr>& pixel_out, pipe::VertexStore& store,
                const sim::ReorderWindow& out_credit, memory::MemorySystem& memory);

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override;
  void register_stats(stats::Group& g) override;
  const char* stats_description() const override { return "unified shader cores"; }

 protected:
  sim::Activity tick(Cycle now) override;
  void settle_more(Cycle now) override;

 private:
  bool dispatch(Cycle now);
  bool dispatch_vertex(Cycle now);
  bool dispatch_pixel(Cycle now);
  bool bypass_vertex(Cycle now, const func::DrawContext& d);  // POSITIONT draws: no core
  // Throws when a program of the draw can never be admitted (its warp needs more
  // registers than a core has); checked once per draw, when its first warp arrives.
  void check_fits(const func::DrawContext& d);
  ShaderCore* core_for(uint32_t registers, WarpSlot** slot);
  void complete(ShaderCore& core, WarpSlot& s, Cycle now);
  uint32_t registers_for(const func::Program& p) const;
  // Inline fast paths: asked on every tick and dispatch, they are nearly always empty.
  void take_markers() {
    if (vertex_in_.marker_ready() || pixel_in_.marker_ready()) take_ready_markers();
  }
  void take_ready_markers();
  bool marker_can_go() const;  // both copies taken and everything before them handed on
  void forward_markers() {
    if (!pixel_markers_.empty()) forward_ready_markers();
  }
  void forward_ready_markers();

  ShaderConfig cfg_;
  pipe::Queue<pipe::VertexWarp>& vertex_in_;
  pipe::Queue<pipe::PixelWarpPtr>& pixel_in_;
  pipe::Queue<pipe::PixelWarpPtr>& pixel_out_;  // shaded warps towards the ROP
  pipe::VertexStore& store_;
  const sim::ReorderWindow& out_credit_;  // the ROP's reorder window
  std::vector<std::unique_ptr<ShaderCore>> cores_;
  TexturePath texture_path_;
  ConstantPath constant_path_;
  func::Warp scratch_;
  std::vector<func::ShadedVertex> shaded_;
  size_t next_core_ = 0;
  uint64_t checked_draw_ = ~uint64_t(0);  // id of the last draw check_fits passed
  // Finished pixel warps waiting for the ROP, by sequence number (API order).
  std::map<uint64_t, std::pair<ShaderCore*, WarpSlot*>> done_pixels_;

  // Markers: the vertex copy waits for the vertex warps dispatched before it (those with a
  // first store sequence number below `vertex_after`) to finish; the pixel copy for the
  // pixel warps numbered below its warps_before to leave.
  std::deque<uint64_t> vertex_markers_;     // vertex_after of each vertex copy taken
  std::deque<pipe::Marker> pixel_markers_;  // pixel copies taken
  Outstanding vertex_running_;              // first_seq of dispatched, unfinished vertex warps
  Outstanding pixel_running_;               // seq of dispatched pixel warps not yet sent on
  uint64_t vertex_dispatched_end_ = 0;      // one past the last dispatched warp's vertices
  uint64_t vertex_warps_ = 0, pixel_warps_ = 0, vertices_ = 0, pixels_ = 0;
  uint64_t pretransformed_vertices_ = 0;
  uint64_t no_slot_cycles_ = 0, output_blocked_ = 0, output_full_cycles_ = 0;
  bool slot_blocked_ = false;  // the last tick left input waiting for a free slot
  Cycle from_ = 0;             // first cycle not yet attributed to slot_blocked_
};

}  // namespace gfx::shader
