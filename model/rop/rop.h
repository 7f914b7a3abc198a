// ROP (render output unit): takes shaded pixel warps back in API order, looks up each
// quad's depth and colour lines in the Z and colour caches, and once they are present runs
// the depth test, blend and colour write on the frame buffer. Also performs Clears and the
// end-of-frame write-back of its caches.
//
// Surfaces are stored in 4x4-pixel tiles of 64 bytes (a quad never straddles a tile), so
// one quad needs one depth line and one colour line with 64-byte lines.
//
// Multiple render targets: every bound colour target (the back buffer or the texture
// surfaces of set_render_target) takes its own colour-cache line per quad, so MRT traffic
// shows in the colour client's bandwidth; target surfaces are tiled the same way.
//
// Models: a reorder buffer restoring API order, quads per cycle, Z/colour cache traffic
// (reads only when the data is needed: depth test, blending or a partial colour mask),
// outstanding-quad limit, pipeline latency, clear bandwidth. Leaves out: early Z and Hi-Z
// (depth is tested late, after shading), compression and fast clear, stencil operations,
// alpha test, MSAA.
#pragma once

#include <deque>
#include <map>

#include <systemc>

#include "driver/device.h"
#include "func/rop/rop.h"
#include "memory/memory_system.h"
#include "pipe/items.h"
#include "rop/rop_config.h"
#include "sim/cache.h"
#include "sim/queue.h"
#include "sim/unit.h"

namespace gfx::rop {

class Rop : public sc_core::sc_module, public sim::Unit {
 public:
  Rop(sc_core::sc_module_name name, const RopConfig& cfg, uint32_t width, uint32_t height,
      sim::Queue<pipe::PixelWarpPtr>& in, memory::MemorySystem& memory);

  // Whether a shader core may send the finished warp `seq` now: it must lie inside the
  // reorder window that starts at the warp the ROP needs next. The window always admits
  // that warp, so in-order dispatch can never deadlock, and warps far ahead cannot crowd
  // it out.
  bool can_accept(uint64_t seq) const { return seq < next_seq_ + cfg_.reorder_warps; }

  // Clear: the functional surfaces change at once; the writes take their cycles.
  void begin_clear(const driver::ClearOp& op, Cycle now);
  bool clearing() const { return clear_next_ < clear_lines_.size(); }
  // Write back both caches; returns the cycle the last line has left.
  Cycle flush(Cycle now);

  func::RenderTarget& target() { return target_; }

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override {
    return !in_.empty() || !rob_.empty() || feeding_ || !inflight_.empty() || clearing();
  }
  void register_stats(stats::Group& g);

 protected:
  sim::Activity tick(Cycle now) override;

 private:
  struct InflightQuad {
    pipe::PixelWarp* warp;
    uint32_t quad;
    Cycle ready;
    bool last_of_warp;
  };

  bool issue_quad(Cycle now);  // false when a cache refused (retry later)
  void retire(InflightQuad& q);
  Addr pixel_addr(Addr base, int x, int y) const { return pixel_addr(base, tiles_per_row_, x, y); }
  static Addr pixel_addr(Addr base, uint32_t tiles_per_row, int x, int y);
  // Colour surface `t` of a draw's targets: its base address and tiles per row (slot 0
  // null: the back buffer). False when slot t has no target.
  bool color_surface(const func::ColorTargets& targets, int t, Addr& base, uint32_t& tiles_per_row);

  RopConfig cfg_;
  sim::Queue<pipe::PixelWarpPtr>& in_;  // shaded warps, in any order
  memory::MemorySystem& memory_;
  func::RenderTarget target_;
  sim::Cache z_cache_, color_cache_;
  Addr color_base_ = 0, depth_base_ = 0;
  uint32_t tiles_per_row_ = 0;

  std::map<uint64_t, pipe::PixelWarpPtr> rob_;  // shaded warps waiting for their turn
  uint64_t next_seq_ = 0;
  pipe::PixelWarpPtr feeding_;                  // warp whose quads are being issued
  std::deque<pipe::PixelWarpPtr> draining_;     // warps with quads still in flight
  uint32_t feed_quad_ = 0;
  bool z_done_ = false;     // the current quad's depth lookup was accepted
  uint8_t color_done_ = 0;  // targets whose colour lookup for the current quad was accepted
  Cycle z_ready_ = 0;
  std::deque<InflightQuad> inflight_;
  Cycle retry_ = 0;         // a refused lookup may succeed from this cycle

  uint64_t rop_state_draw_ = ~uint64_t(0);  // draw id rop_state_ was built for (ids are unique; addresses get reused)
  func::RopState rop_state_;

  std::vector<std::pair<Addr, bool>> clear_lines_;  // (line, is depth)
  size_t clear_next_ = 0;

  uint64_t quads_ = 0, pixels_in_ = 0, pixels_written_ = 0, clear_lines_written_ = 0;
  uint64_t rob_peak_ = 0;
};

}  // namespace gfx::rop
