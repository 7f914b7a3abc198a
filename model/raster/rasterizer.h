// Rasterizer: walks each set-up triangle in 8x8-pixel tiles, emits its covered 2x2 quads
// at a fixed rate and packs them into pixel warps (warp_width / 4 quads, one draw per
// warp) for the shader cores. Warps are numbered in API order so the ROP can restore
// that order after the cores finish out of order. A marker (pipe/marker.h) leaves behind
// the warps of the triangles before it and carries the number of those warps.
//
// Models: quads per cycle, per-triangle start-up, warp packing, back-pressure; per-sample
// shading (TriangleSetup::per_sample): each quad goes to the warps as one quad per covered
// sample (func::split_samples), while the traversal rate still counts 2x2 quads.
// Leaves out: coarse/fine tile hierarchy timing, Hi-Z (early Z is the stage behind it).
#pragma once

#include <deque>
#include <systemc>
#include <vector>

#include "pipe/items.h"
#include "pipe/marker.h"
#include "raster/raster_config.h"
#include "sim/unit.h"

namespace gfx::raster {

class Rasterizer : public sc_core::sc_module, public sim::Unit {
 public:
  Rasterizer(sc_core::sc_module_name name, const RasterConfig& cfg, uint32_t warp_width,
             pipe::Queue<pipe::TriangleItem>& in, pipe::Queue<pipe::PixelWarpPtr>& out);

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override { return !in_.empty() || tri_.tri || warp_ || ready_; }
  void register_stats(stats::Group& g) override;
  const char* stats_description() const override { return "rasterizer"; }

 protected:
  sim::Activity tick(Cycle now) override;

 private:
  void close_warp();
  void push_ready(Cycle now);
  // Between triangles: markers go behind the open warp (inline: nearly always none).
  void take_markers() {
    if (!tri_.tri && in_.marker_ready()) take_ready_markers();
  }
  void take_ready_markers();
  // Markers whose warps have all been handed on.
  void forward_markers() {
    if (!markers_.empty()) forward_ready_markers();
  }
  void forward_ready_markers();

  RasterConfig cfg_;
  uint32_t quads_per_warp_;
  pipe::Queue<pipe::TriangleItem>& in_;
  pipe::Queue<pipe::PixelWarpPtr>& out_;
  std::deque<pipe::Marker> markers_;  // warps_before: the warps that leave before each
  uint64_t pushed_ = 0;               // warps handed on

  pipe::TriangleItem tri_;         // triangle being traversed
  std::vector<func::Quad> quads_;  // its covered quads
  size_t cursor_ = 0;
  // The quads of quads_[cursor_ - 1] still to go into warps: itself, or its per-sample
  // quads when the triangle is shaded per sample.
  std::vector<func::Quad> pending_;
  size_t pending_pos_ = 0;
  Cycle start_at_ = 0;        // traversal start-up ends
  pipe::PixelWarpPtr warp_;   // being filled
  pipe::PixelWarpPtr ready_;  // full, waiting for queue space
  uint64_t next_seq_ = 0;

  uint64_t triangles_ = 0, quads_out_ = 0, pixels_ = 0, warps_ = 0, empty_triangles_ = 0;
  uint64_t sample_quads_ = 0;  // per-sample quads put into warps
};

}  // namespace gfx::raster
