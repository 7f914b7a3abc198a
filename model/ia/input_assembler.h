// Input assembler: walks a draw's indices instance by instance, fetches them through the
// index cache, looks each vertex up in the post-transform vertex cache (a hit reuses the
// shaded vertex), sends the misses to the shader cores as vertex warps once their
// attributes have been fetched through the vertex cache, and assembles points, lines and
// triangles (with PrimitiveID) from the vertex references for setup.
//
// Models: indices and new vertices per cycle, index and attribute fetch traffic (the bytes
// of the elements the vertex program reads, per stream, as cache-line requests), strip cut
// and the automatic cut between instances, per-instance streams (element start_instance +
// instance / divisor), post-transform reuse with a FIFO or LRU cache, warp formation (a
// warp never spans instances; a partial warp goes out when setup's head primitive needs
// it and the primitive output is blocked), back-pressure from the shader cores, setup and
// the shaded-vertex store. The functional meaning of every step is func::DrawContext and
// func::PrimitiveAssembler, shared with the functional renderer. A marker (pipe/marker.h)
// goes out on both outputs, behind the warps and primitives of the draws before it.
// Leaves out: the adjacent vertices of adjacency topologies (fetched and shaded, as D3D10
// does, but no geometry shader reads them), patch lists, and a separate per-instance data
// cache (per-instance lines simply hit in the vertex cache).
#pragma once

#include <array>
#include <deque>
#include <systemc>
#include <vector>

#include "func/geom/primitive_assembly.h"
#include "ia/ia_config.h"
#include "ia/post_transform_cache.h"
#include "memory/memory_system.h"
#include "pipe/items.h"
#include "pipe/marker.h"
#include "pipe/vertex_store.h"
#include "sim/cache.h"
#include "sim/unit.h"

namespace gfx::ia {

class InputAssembler : public sc_core::sc_module, public sim::Unit {
 public:
  InputAssembler(sc_core::sc_module_name name, const IaConfig& cfg, uint32_t warp_width,
                 pipe::Queue<pipe::DrawRef>& draws, pipe::Queue<pipe::VertexWarp>& to_shader,
                 pipe::Queue<pipe::PrimitiveItem>& to_setup, pipe::VertexStore& store,
                 memory::MemorySystem& memory);

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override {
    return draw_ || !closed_.empty() || !prims_.empty() || !draws_.empty();
  }
  void register_stats(stats::Group& g) override;
  const char* stats_description() const override { return "input assembler"; }

 protected:
  sim::Activity tick(Cycle now) override;

 private:
  enum class Step { Done, Refused, Blocked, Budget };
  // The byte range of one vertex that a stream supplies (elements the program reads).
  struct Span {
    uint32_t lo = 0, hi = 0;  // hi == lo: the stream supplies nothing
  };

  void start_draw(pipe::DrawRef d);
  void start_instance();
  Step process_index(Cycle now, uint32_t& new_vertices);
  bool fetch_index_line(Cycle now);
  bool fetch_attributes(Cycle now, uint32_t fetch_index);
  void emit(const func::Primitive& p);
  void close_batch();
  void unblock_setup();
  void end_instance();
  uint64_t widen(uint32_t slot) const;
  // Takes the markers behind the finished draw and sends each output's copy once that
  // output has handed on everything queued before it.
  void take_markers() {
    if (draws_.marker_ready()) take_ready_markers();
  }
  void take_ready_markers();
  void forward_markers() {
    if (!warp_markers_.empty() || !prim_markers_.empty()) forward_ready_markers();
  }
  void forward_ready_markers();

  IaConfig cfg_;
  uint32_t warp_width_;
  pipe::Queue<pipe::DrawRef>& draws_;
  pipe::Queue<pipe::VertexWarp>& to_shader_;
  pipe::Queue<pipe::PrimitiveItem>& to_setup_;
  pipe::VertexStore& store_;
  memory::MemorySystem& memory_;
  sim::Cache index_cache_, vertex_cache_;
  PostTransformCache ptc_;
  uint64_t window_;  // store entries behind the newest that primitives may still reference

  // Current draw.
  pipe::DrawRef draw_;
  uint32_t instance_ = 0, next_ = 0;  // position inside the draw
  Addr index_base_ = 0;
  uint32_t index_size_ = 0;  // bytes per index (0: not indexed)
  Addr last_index_line_ = ~Addr(0);
  Cycle index_ready_ = 0;
  func::PrimitiveAssembler assembler_{api::Topology::TriangleList};
  uint64_t strip_first_seq_ = 0;
  bool strip_started_ = false;
  std::array<Span, api::kMaxStreams> spans_{};
  std::array<Addr, api::kMaxStreams> stream_base_{};
  std::array<func::StreamBinding, api::kMaxStreams> inst_streams_{};  // this instance's view
  uint32_t vertex_bytes_ = 0;  // attribute bytes fetched per new vertex

  // Attribute fetch of the vertex being processed: lines still to request.
  std::vector<Addr> attr_lines_;
  size_t attr_next_ = 0;
  bool attr_pending_ = false;

  pipe::VertexWarp batch_;
  std::deque<pipe::VertexWarp> closed_;    // waiting for data or queue space
  std::deque<pipe::PrimitiveItem> prims_;  // waiting for queue space

  // Markers waiting for an output: each leaves once that output has handed on `after`
  // items (counted from the start of the run).
  struct Held {
    pipe::Marker marker;
    uint64_t after;
  };
  std::deque<Held> warp_markers_, prim_markers_;
  uint64_t warps_closed_ = 0;  // vertex warps queued for the shader cores so far

  uint64_t indices_ = 0, cuts_ = 0, ptvc_hits_ = 0, vertices_ = 0, warps_ = 0, prims_out_ = 0,
           out_of_bounds_ = 0, store_full_cycles_ = 0, index_bytes_ = 0, attribute_bytes_ = 0,
           instances_ = 0;
  std::array<uint64_t, 16> prims_by_topology_{};  // indexed by api::Topology
};

}  // namespace gfx::ia
