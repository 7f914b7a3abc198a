// Early-Z stage: between the rasterizer and the shader cores, it runs the depth/stencil
// half of the ROP before shading for the draws func::depth_path puts on an early path, so
// pixels that fail are never shaded. Per draw (func/rop/depth_path.h):
//   Late                 warps pass straight through;
//   Early                each quad's depth line is looked up in the ROP's Z cache (a write
//                        when the draw writes depth or stencil), and once it is present the
//                        quad is tested and written in API order (func::early_depth_quad) on
//                        the ROP's functional surfaces; the warp is marked depth_done so the
//                        ROP runs only the colour half, with no second depth lookup;
//   EarlyTestLateWrite   the same lookup (a read) and test without writing: a cull only; the
//                        ROP tests and writes again after shading.
// With Hi-Z (pipe::DepthPort::hiz, docs/units/hiz.md) a quad is first checked against its
// tile's depth bound, and one that cannot pass is dropped with no lookup and no test; Hi-Z
// judges only when no quad of an earlier draw still waits for its test here (a quad Hi-Z
// rejected writes nothing and does not count). The stage reports each quad an Early draw
// wrote to Hi-Z's bound memory, as the ROP does for its late writes.
// Pixels that fail leave their quad's mask; quads left empty are removed from their warp,
// and warps left empty are dropped. The stage renumbers the warps it passes on (the ROP's
// API order) and stamps the markers with its own count, so nothing downstream sees a gap.
//
// Exactness: before a quad of an Early or EarlyTestLateWrite draw is looked up, every
// earlier marker that ends a draw doing depth/stencil work at the ROP, and every earlier
// depth/stencil Clear, must have been performed by the ROP (its RetirePort's report count
// reaches the marker's number); the cycles spent waiting are counted (fence_stall_cycles).
//
// Markers are forwarded once every warp taken before them has left (architecture.md).
//
// Models: lookups per cycle, held quads, the test-to-exit latency, the wait for earlier
// late depth work, Hi-Z checks per cycle; under MSAA the test is per sample (as the ROP's),
// a quad looks up every line its samples lie in, and the samples that passed travel to the
// ROP in PixelWarp::depth_samples. Leaves out: a separate early depth cache (the ROP's Z
// cache is shared), early stencil-only culling of late-write draws.
#pragma once

#include <array>
#include <deque>
#include <systemc>

#include "early_z/early_z_config.h"
#include "func/rop/depth_path.h"
#include "pipe/depth_port.h"
#include "pipe/items.h"
#include "pipe/marker.h"
#include "sim/unit.h"

namespace gfx::early_z {

class EarlyZ : public sc_core::sc_module, public sim::Unit {
 public:
  EarlyZ(sc_core::sc_module_name name, const EarlyZConfig& cfg,
         pipe::Queue<pipe::PixelWarpPtr>& in, pipe::Queue<pipe::PixelWarpPtr>& out,
         pipe::DepthPort port);

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override {
    return !in_.empty() || in_.markers() > 0 || !pending_.empty();
  }
  void register_stats(stats::Group& g) override;
  const char* stats_description() const override {
    return "early-Z stage: depth and stencil before shading";
  }

 protected:
  sim::Activity tick(Cycle now) override;

 private:
  // A marker or a warp, in the order taken.
  struct Entry {
    bool is_marker = false;
    pipe::Marker marker;
    pipe::PixelWarpPtr warp;
    func::DepthPath path = func::DepthPath::Late;
    uint64_t fence = 0;       // ROP reports needed before its first lookup
    uint32_t held = 0;        // quads it counts in held_ (as taken)
    uint32_t rejected = 0;    // bit i: Hi-Z rejected quad i (no lookup, no test)
    uint32_t hiz_kept = 0;    // bit i: Hi-Z checked quad i and kept it
    uint32_t issued = 0;      // quads whose depth lookup was accepted
    uint32_t tested = 0;      // quads tested (in order)
    Cycle done = 0;           // every quad tested: the warp may leave from this cycle
    std::array<Cycle, pipe::kMaxQuadsPerWarp> ready{};  // depth line arrival per quad
    bool finished() const { return is_marker || tested == (warp ? warp->quads : 0); }
  };

  bool take(Cycle now);             // input -> pending_, at most one warp not fully issued
  // Depth lookups of the feeding warp within `budget`; false when refused or blocked.
  bool issue(Cycle now, uint32_t& budget);
  bool test(Cycle now);             // functional tests of arrived quads, in order
  bool send(Cycle now);             // finished warps and markers to the output, in order
  const Entry* feeding() const;     // the warp whose lookups are being issued, or null
  func::DepthPath path_of(const func::DrawContext& d);
  void compact(pipe::PixelWarp& w);  // drops the quads left empty
  // Covered samples of q's covered pixels (its pixels without MSAA), for rop_state_'s draw.
  uint64_t covered_samples(const func::Quad& q) const;
  // Hi-Z may judge quads of f: no quad of an earlier draw still waits for its test here
  // (their writes could move depth either way; docs/units/hiz.md), Hi-Z's rejects aside.
  bool hiz_may_judge(const Entry& f) const;
  // A run of quads of one triangle in one Hi-Z tile: counted as a rejected tile when it
  // ends with every quad rejected.
  void hiz_run(const void* tri, uint64_t tile, bool rejected);
  void settle_more(Cycle end) override;

  EarlyZConfig cfg_;
  pipe::Queue<pipe::PixelWarpPtr>& in_;
  pipe::Queue<pipe::PixelWarpPtr>& out_;
  pipe::DepthPort port_;
  std::deque<Entry> pending_;
  uint64_t markers_seen_ = 0;  // markers taken (the ROP reports them in this order)
  uint64_t fence_ = 0;         // markers_seen_ at the last marker of late depth work
  uint64_t out_seq_ = 0;       // warps passed on (their new API-order numbers)
  uint32_t held_ = 0;          // quads of the warps taken and not yet passed on
  Cycle retry_ = 0;            // a refused lookup may succeed from this cycle
  uint32_t lines_done_ = 0;    // lines of the quad being issued already accepted (MSAA)
  uint32_t hiz_budget_ = 0;    // Hi-Z checks left this cycle
  bool fenced_ = false;        // the last tick waited for the ROP
  Cycle fenced_from_ = 0;      // ... since this cycle
  uint64_t path_draw_ = ~uint64_t(0);
  func::DepthPath path_ = func::DepthPath::Late;
  func::RopState rop_state_;

  std::array<uint64_t, func::kDepthPaths> draws_{};  // draws per path, at their end marker
  uint64_t warps_in_ = 0, warps_out_ = 0, warps_culled_ = 0;
  uint64_t quads_in_ = 0, quads_tested_ = 0, quads_culled_ = 0, pixels_culled_ = 0;
  uint64_t samples_culled_ = 0;
  uint64_t fence_stall_cycles_ = 0;
  uint64_t hiz_checked_ = 0, hiz_quads_rejected_ = 0, hiz_tiles_rejected_ = 0;
  const void* run_tri_ = nullptr;
  uint64_t run_tile_ = 0;
  bool run_all_rejected_ = false;
};

}  // namespace gfx::early_z
