#include "pass_through_stage.h"

namespace gfx::gpu::test {

PassThroughStage::PassThroughStage(sc_core::sc_module_name name,
                                   pipe::Queue<pipe::PixelWarpPtr>& in,
                                   pipe::Queue<pipe::PixelWarpPtr>& out)
    : sc_core::sc_module(name), sim::Unit(basename()), in_(in), out_(out) {}

sim::Activity PassThroughStage::tick(Cycle now) {
  bool worked = false;
  for (;;) {
    // Nothing is ever held here, so a marker's predecessors have all been handed on.
    if (in_.marker_ready()) {
      const pipe::Marker m = in_.pop_marker();
      if (m.kind == pipe::Marker::Kind::EndOfDraw) ++draws_ended_;
      out_.push_marker(m);
      ++markers_;
      continue;
    }
    if (!in_.can_pop(now) || !out_.can_push(now)) break;
    out_.push(now, in_.pop(now));
    ++warps_;
    worked = true;
  }
  if (worked) return sim::Activity::Busy;
  if (in_.can_pop(now)) return sim::Activity::StallOutput;
  return in_.empty() ? sim::Activity::Idle : sim::Activity::Wait;
}

Cycle PassThroughStage::next_wake(Cycle now) const {
  if (in_.marker_ready()) return now + 1;
  if (in_.empty()) return kNever;
  return std::max(now + 1, in_.next_pop_cycle(now + 1));
}

void PassThroughStage::register_stats(stats::Group& g) {
  register_activity_stats(g);
  g.counter("warps", &warps_, "warps", "pixel warps forwarded");
  g.counter("markers", &markers_, "markers", "markers forwarded");
  g.counter("draws_ended", &draws_ended_, "draws", "end-of-draw markers forwarded");
}

}  // namespace gfx::gpu::test
