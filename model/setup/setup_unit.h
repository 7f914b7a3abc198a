// Setup unit: primitive assembly's back end. Waits until a primitive's vertices have been
// shaded, then clips it against the view volume (and guard band), divides, maps to the
// viewport, snaps to 16.8 fixed point, culls, and sets up edge and interpolation
// equations for the rasterizer. A clipped primitive can become several triangles.
//
// Markers (pipe/marker.h) leave behind the triangles of the primitives before them.
//
// Models: triangles per cycle, setup latency (the output queue's latency), back-pressure.
// Leaves out: a separate clipper with its own rate (clipping costs one slot per output
// triangle), user clip planes, points and lines.
#pragma once

#include <deque>
#include <memory>
#include <systemc>
#include <vector>

#include "pipe/items.h"
#include "pipe/marker.h"
#include "pipe/vertex_store.h"
#include "setup/setup_config.h"
#include "sim/unit.h"

namespace gfx::setup {

class SetupUnit : public sc_core::sc_module, public sim::Unit {
 public:
  SetupUnit(sc_core::sc_module_name name, const SetupConfig& cfg,
            pipe::Queue<pipe::PrimitiveItem>& in, pipe::Queue<pipe::TriangleItem>& out,
            pipe::VertexStore& store);

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override { return !in_.empty() || !staged_.empty(); }
  void register_stats(stats::Group& g) override;
  const char* stats_description() const override { return "clip, cull and triangle setup"; }

 protected:
  sim::Activity tick(Cycle now) override;

 private:
  Cycle vertices_ready(const pipe::PrimitiveItem& p) const;
  // Markers at the input, placed behind the staged triangles (inline: nearly always none).
  void take_markers() {
    if (in_.marker_ready()) take_ready_markers();
  }
  void take_ready_markers();
  // Markers whose triangles have all been handed on.
  void forward_markers() {
    if (!markers_.empty()) forward_ready_markers();
  }
  void forward_ready_markers();

  SetupConfig cfg_;
  pipe::Queue<pipe::PrimitiveItem>& in_;
  pipe::Queue<pipe::TriangleItem>& out_;
  pipe::VertexStore& store_;
  std::deque<pipe::TriangleItem> staged_;
  struct Held {
    pipe::Marker marker;
    uint64_t after;  // leaves once this many triangles have been handed on
  };
  std::deque<Held> markers_;
  uint64_t staged_total_ = 0, pushed_total_ = 0;
  std::vector<std::shared_ptr<const func::TriangleSetup>> scratch_;

  uint64_t primitives_ = 0, triangles_ = 0, culled_ = 0, clipped_ = 0, vertex_waits_ = 0;
  uint64_t user_plane_cycles_ = 0;
  Cycle clipper_free_ = 0;  // first cycle after the last primitive's user-plane tests
};

}  // namespace gfx::setup
