// A stand-in for a unit between the rasterizer and the shader cores (where Hi-Z or early Z
// will go): it forwards every pixel warp and every marker, in order, as soon as its output
// has room; its output queue adds the cycle of latency. It is wired only by this test's
// harness (gpu::Wiring), never by the product, and it knows no other unit: only its two
// queues.
#pragma once

#include <systemc>

#include "pipe/items.h"
#include "pipe/marker.h"
#include "sim/unit.h"

namespace gfx::gpu::test {

class PassThroughStage : public sc_core::sc_module, public sim::Unit {
 public:
  PassThroughStage(sc_core::sc_module_name name, pipe::Queue<pipe::PixelWarpPtr>& in,
                   pipe::Queue<pipe::PixelWarpPtr>& out);

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override { return !in_.empty(); }
  void register_stats(stats::Group& g) override;
  const char* stats_description() const override { return "pass-through stage (test)"; }

 protected:
  sim::Activity tick(Cycle now) override;

 private:
  pipe::Queue<pipe::PixelWarpPtr>& in_;
  pipe::Queue<pipe::PixelWarpPtr>& out_;
  uint64_t warps_ = 0, markers_ = 0, draws_ended_ = 0;
};

}  // namespace gfx::gpu::test
