// Input assembler: walks a draw's indices, fetches them through the index cache, looks
// each vertex up in the post-transform vertex cache (a hit reuses the shaded vertex), sends
// the misses to the shader cores as vertex warps once their attributes have been fetched
// through the vertex cache, and assembles primitives from the vertex references for setup.
//
// Models: indices per cycle, index and attribute fetch traffic, post-transform reuse with
// a FIFO cache, warp formation, back-pressure from the shader cores, from setup and from
// the shaded-vertex store. Leaves out (for now): LRU post-transform policies, per-instance
// stream data (SetStreamSourceFreq / instance divisors), VertexID/InstanceID/PrimitiveID
// delivery to shaders.
#pragma once

#include <deque>
#include <unordered_map>
#include <vector>

#include <systemc>

#include "func/geom/primitive_assembly.h"
#include "ia/ia_config.h"
#include "memory/memory_system.h"
#include "pipe/items.h"
#include "pipe/vertex_store.h"
#include "sim/cache.h"
#include "sim/queue.h"
#include "sim/unit.h"

namespace gfx::ia {

class InputAssembler : public sc_core::sc_module, public sim::Unit {
 public:
  InputAssembler(sc_core::sc_module_name name, const IaConfig& cfg, uint32_t warp_width,
                 sim::Queue<pipe::DrawRef>& draws, sim::Queue<pipe::VertexWarp>& to_shader,
                 sim::Queue<pipe::PrimitiveItem>& to_setup, pipe::VertexStore& store,
                 memory::MemorySystem& memory);

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override {
    return draw_ || !closed_.empty() || !prims_.empty() || !draws_.empty();
  }
  void register_stats(stats::Group& g);

 protected:
  sim::Activity tick(Cycle now) override;

 private:
  enum class Step { Done, Refused, Blocked };
  void start_draw(pipe::DrawRef d);
  Step process_index(Cycle now);
  bool fetch_index_line(Cycle now);
  bool fetch_attributes(Cycle now, uint32_t fetch_index);
  void close_batch();
  void end_instance();
  uint64_t widen(uint32_t slot) const;

  IaConfig cfg_;
  uint32_t warp_width_;
  sim::Queue<pipe::DrawRef>& draws_;
  sim::Queue<pipe::VertexWarp>& to_shader_;
  sim::Queue<pipe::PrimitiveItem>& to_setup_;
  pipe::VertexStore& store_;
  memory::MemorySystem& memory_;
  sim::Cache index_cache_, vertex_cache_;

  // Current draw.
  pipe::DrawRef draw_;
  uint32_t instance_ = 0, next_ = 0;  // position inside the draw
  Addr index_base_ = 0;
  Addr last_index_line_ = ~Addr(0);
  Cycle index_ready_ = 0;
  func::PrimitiveAssembler assembler_{api::Topology::TriangleList};
  uint64_t strip_first_seq_ = 0;
  bool strip_started_ = false;

  // Attribute fetch of the vertex being processed: lines still to request.
  std::vector<Addr> attr_lines_;
  size_t attr_next_ = 0;
  bool attr_pending_ = false;

  // Post-transform cache: FIFO of fetch indices and their store sequence numbers.
  std::unordered_map<uint32_t, uint64_t> ptvc_;
  std::deque<uint32_t> ptvc_order_;

  pipe::VertexWarp batch_;
  std::deque<pipe::VertexWarp> closed_;          // waiting for data or queue space
  std::deque<pipe::PrimitiveItem> prims_;        // waiting for queue space

  uint64_t indices_ = 0, cuts_ = 0, ptvc_hits_ = 0, vertices_ = 0, warps_ = 0, prims_out_ = 0,
           out_of_bounds_ = 0, store_full_cycles_ = 0;
};

}  // namespace gfx::ia
