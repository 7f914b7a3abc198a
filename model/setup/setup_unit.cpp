#include "setup/setup_unit.h"

#include <algorithm>

#include "func/pipeline/stages.h"

namespace gfx::setup {

SetupUnit::SetupUnit(sc_core::sc_module_name name, const SetupConfig& cfg,
                     pipe::Queue<pipe::PrimitiveItem>& in, pipe::Queue<pipe::TriangleItem>& out,
                     pipe::VertexStore& store)
    : sc_core::sc_module(name),
      sim::Unit(basename()),
      cfg_(cfg),
      in_(in),
      out_(out),
      store_(store) {}

void SetupUnit::take_ready_markers() {
  while (in_.marker_ready()) markers_.push_back({in_.pop_marker(), staged_total_});
  forward_markers();
}

void SetupUnit::forward_ready_markers() {
  while (!markers_.empty() && pushed_total_ >= markers_.front().after) {
    out_.push_marker(std::move(markers_.front().marker));
    markers_.pop_front();
  }
}

Cycle SetupUnit::vertices_ready(const pipe::PrimitiveItem& p) const {
  Cycle c = 0;
  for (uint64_t s : p.seq) c = std::max(c, store_.ready_at(s));
  return c;
}

sim::Activity SetupUnit::tick(Cycle now) {
  bool worked = false;
  take_markers();
  if (now < clipper_free_) return sim::Activity::Busy;  // still testing user clip planes
  uint32_t budget = cfg_.triangles_per_cycle;
  while (budget > 0) {
    if (!staged_.empty()) {
      if (!out_.can_push(now)) return worked ? sim::Activity::Busy : sim::Activity::StallOutput;
      out_.push(now, std::move(staged_.front()));
      staged_.pop_front();
      ++pushed_total_;
      forward_markers();
      --budget;
      worked = true;
      continue;
    }
    take_markers();
    if (!in_.can_pop(now)) break;
    if (vertices_ready(in_.front()) > now) {
      ++vertex_waits_;
      break;
    }
    pipe::PrimitiveItem p = in_.pop(now);
    pipe::DrawState& d = *p.draw;
    scratch_.clear();
    const func::ShadedVertex* v[3] = {&store_.at(p.seq[0]), &store_.at(p.seq[1]),
                                      &store_.at(p.seq[2])};
    const int made = func::process_primitive(*d.ctx, v, p.count, p.primitive_id, scratch_);
    store_.release_below(p.oldest_live);
    ++primitives_;
    if (made == 0) ++culled_;
    if (made > 1) ++clipped_;
    triangles_ += uint64_t(made);
    d.counts.triangles += uint64_t(made);
    d.last_activity = now;
    for (auto& t : scratch_) staged_.push_back({p.draw, std::move(t)});
    staged_total_ += uint64_t(made);
    worked = true;
    if (made == 0) --budget;  // a culled primitive still takes its slot
    if (const uint32_t planes = uint32_t(d.ctx->clip.num_user);
        planes && cfg_.cycles_per_user_plane) {
      const Cycle extra = Cycle(planes) * cfg_.cycles_per_user_plane;
      user_plane_cycles_ += extra;
      clipper_free_ = now + 1 + extra;
      break;
    }
  }
  take_markers();
  if (worked) return sim::Activity::Busy;
  return in_.empty() ? sim::Activity::Idle : sim::Activity::Wait;
}

Cycle SetupUnit::next_wake(Cycle now) const {
  if (clipper_free_ > now + 1) return clipper_free_;
  if (!staged_.empty()) return now + 1;
  if (in_.marker_ready()) return now + 1;
  if (in_.empty()) return kNever;
  const Cycle v = vertices_ready(in_.front());
  if (v == kNever) return kNever;  // the shader core finishing the vertices wakes the driver
  return std::max({now + 1, v, in_.next_pop_cycle(now + 1)});
}

void SetupUnit::register_stats(stats::Group& g) {
  register_activity_stats(g);
  g.counter("primitives", &primitives_, "primitives", "primitives received");
  g.counter("triangles", &triangles_, "triangles", "triangles set up for the rasterizer");
  g.counter("culled", &culled_, "primitives",
            "primitives that produced no triangle (culled, clipped away, empty)");
  g.counter("clipped", &clipped_, "primitives",
            "primitives split into several triangles by clipping");
  g.counter("vertex_waits", &vertex_waits_, "cycles",
            "cycles the next primitive waited for its vertices");
  g.counter("user_plane_cycles", &user_plane_cycles_, "cycles",
            "cycles the clipper spent on user clip plane tests");
}

}  // namespace gfx::setup
