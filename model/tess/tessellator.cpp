#include "tess/tessellator.h"

#include <algorithm>

#include "func/tess_work.h"

namespace gfx::tess {

Tessellator::Tessellator(sc_core::sc_module_name name, const TessConfig& cfg,
                         pipe::Queue<pipe::DrawRef>& in, pipe::Queue<pipe::DrawRef>& out,
                         memory::MemorySystem& memory)
    : sc_core::sc_module(name),
      sim::Unit(basename()),
      cfg_(cfg),
      from_cp_(in),
      to_ia_(out),
      memory_(memory),
      cache_(cfg.patch_cache_entries, cfg.patch_cache_replacement) {}

void Tessellator::forward_ready_markers() {
  while (from_cp_.marker_ready()) to_ia_.push_marker(from_cp_.pop_marker());
}

void Tessellator::start(Cycle now, pipe::DrawRef d) {
  draw_ = std::move(d);
  ++draws_;
  const func::TessWork* w = draw_->ctx->tess.get();
  if (!w) {
    phase_ = Phase::Out;  // not tessellated: straight through
    return;
  }
  ++tess_draws_;
  switch (w->kind) {
    case func::TessWork::Kind::NPatch: npatch_triangles_ += w->patches; break;
    case func::TessWork::Kind::RectPatch: rect_patches_ += w->patches; break;
    case func::TessWork::Kind::TriPatch: tri_patches_ += w->patches; break;
  }
  vertices_ += w->vertices;
  triangles_ += w->triangles;
  // A captured patch may be on chip already; only a hit saves fetch and setup.
  bool hit = false;
  if (w->capture != 0) {
    hit = cache_.lookup_or_insert(w->capture);
    ++(hit ? hits_ : misses_);
  }
  lines_.clear();
  next_line_ = 0;
  if (!hit) {
    for (const auto& r : w->fetch) {
      if (r.bytes == 0) continue;
      const Addr base = memory_.address_of(r.object, r.object_bytes);
      const Addr mask = ~Addr(cfg_.line_bytes - 1);
      for (Addr a = (base + r.offset) & mask; a < base + r.offset + r.bytes; a += cfg_.line_bytes)
        lines_.push_back(a);
    }
    std::sort(lines_.begin(), lines_.end());
    lines_.erase(std::unique(lines_.begin(), lines_.end()), lines_.end());
  }
  const bool fast_zero =
      w->kind != func::TessWork::Kind::NPatch && w->handle == 0 && cfg_.rt_patch_handle_zero;
  setup_ =
      (hit || fast_zero) ? 0 : uint64_t(w->control_points) * cfg_.setup_cycles_per_control_point;
  eval_ = (w->vertices + cfg_.vertices_per_cycle - 1) / cfg_.vertices_per_cycle;
  setup_cycles_ += setup_;
  eval_cycles_ += eval_;
  data_ready_ = now;
  phase_ = Phase::Fetch;
}

sim::Activity Tessellator::tick(Cycle now) {
  bool worked = false;
  forward_markers();
  if (!draw_ && from_cp_.can_pop(now)) {
    start(now, from_cp_.pop(now));
    worked = true;
  }
  if (draw_ && phase_ == Phase::Fetch) {
    for (uint32_t n = 0; n < cfg_.fetch_lines_per_cycle && next_line_ < lines_.size(); ++n) {
      const Cycle r =
          memory_.port().read(now, lines_[next_line_++], cfg_.line_bytes, sim::Client::Tessellator);
      data_ready_ = std::max(data_ready_, r);
      bytes_ += cfg_.line_bytes;
      worked = true;
    }
    if (next_line_ == lines_.size()) {
      // Setup needs the control points; evaluation follows setup.
      done_ = std::max(data_ready_, now + 1) + setup_ + eval_;
      phase_ = Phase::Compute;
    }
  }
  if (draw_ && phase_ == Phase::Compute && now >= done_) phase_ = Phase::Out;
  if (draw_ && phase_ == Phase::Out) {
    if (!to_ia_.can_push(now)) return worked ? sim::Activity::Busy : sim::Activity::StallOutput;
    to_ia_.push(now, std::move(draw_));
    draw_.reset();
    forward_markers();
    return sim::Activity::Busy;
  }
  if (worked) return sim::Activity::Busy;
  if (draw_ && now < data_ready_) return sim::Activity::StallMemory;
  if (draw_) return sim::Activity::Busy;  // setup and evaluation
  return sim::Activity::Idle;
}

Cycle Tessellator::next_wake(Cycle now) const {
  if (draw_) {
    if (phase_ == Phase::Compute) return std::max(now + 1, done_);
    return now + 1;
  }
  if (from_cp_.marker_ready()) return now + 1;
  return from_cp_.empty() ? kNever : std::max(now + 1, from_cp_.front_ready());
}

void Tessellator::register_stats(stats::Group& g) {
  register_activity_stats(g);
  g.counter("draws", &draws_, "draws", "draws that passed through the unit");
  g.counter("tessellated_draws", &tess_draws_, "draws", "draws with generated vertices");
  g.counter("npatch_triangles", &npatch_triangles_, "patches",
            "input triangles tessellated as N-patches");
  g.counter("rect_patches", &rect_patches_, "patches", "rect patches tessellated");
  g.counter("tri_patches", &tri_patches_, "patches", "tri patches tessellated");
  g.counter("patch_cache_hits", &hits_, "patches", "cached-handle patches found set up on chip");
  g.counter("patch_cache_misses", &misses_, "patches", "cached-handle patches fetched and set up");
  g.counter("vertices_generated", &vertices_, "vertices", "vertices generated");
  g.counter("triangles_generated", &triangles_, "triangles", "triangles generated");
  g.counter("setup_cycles", &setup_cycles_, "cycles", "coefficient setup cycles");
  g.counter("evaluation_cycles", &eval_cycles_, "cycles", "domain point evaluation cycles");
  g.counter("bytes_fetched", &bytes_, "bytes", "control-point (and N-patch index) bytes fetched");
}

}  // namespace gfx::tess
