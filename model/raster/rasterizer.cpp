#include "raster/rasterizer.h"

#include <algorithm>

#include "func/geom/rasterize.h"

namespace gfx::raster {

Rasterizer::Rasterizer(sc_core::sc_module_name name, const RasterConfig& cfg, uint32_t warp_width,
                       pipe::Queue<pipe::TriangleItem>& in, pipe::Queue<pipe::PixelWarpPtr>& out)
    : sc_core::sc_module(name),
      sim::Unit(basename()),
      cfg_(cfg),
      quads_per_warp_(warp_width / 4),
      in_(in),
      out_(out) {}

void Rasterizer::close_warp() {
  if (!warp_) return;
  warp_->seq = next_seq_++;
  ++warps_;
  ready_ = std::move(warp_);
}

void Rasterizer::take_ready_markers() {
  // The open warp (if any) holds quads of the triangles before the marker: it leaves first.
  while (in_.marker_ready()) {
    pipe::Marker m = in_.pop_marker();
    m.warps_before = next_seq_ + (warp_ ? 1 : 0);
    markers_.push_back(std::move(m));
  }
  forward_markers();
}

void Rasterizer::forward_ready_markers() {
  while (!markers_.empty() && pushed_ >= markers_.front().warps_before) {
    out_.push_marker(std::move(markers_.front()));
    markers_.pop_front();
  }
}

void Rasterizer::push_ready(Cycle now) {
  out_.push(now, std::move(ready_));
  ++pushed_;
  forward_markers();
}

sim::Activity Rasterizer::tick(Cycle now) {
  if (ready_) {
    if (!out_.can_push(now)) return sim::Activity::StallOutput;
    push_ready(now);
  }
  bool worked = false;
  take_markers();
  if (!tri_.tri && in_.can_pop(now)) {
    tri_ = in_.pop(now);
    quads_.clear();
    func::rasterize(*tri_.tri, quads_);
    cursor_ = 0;
    start_at_ = now + cfg_.triangle_setup_cycles;
    ++triangles_;
    if (quads_.empty()) ++empty_triangles_;
    if (warp_ && warp_->draw != tri_.draw) close_warp();
    worked = true;
  }
  if (tri_.tri && now >= start_at_ && !ready_) {
    // quads_per_cycle counts rasterized 2x2 quads; the per-sample quads of one go into
    // the warps without a further cost here (the shader cores and the queue bound them).
    uint32_t n = 0;
    while (true) {
      if (pending_pos_ == pending_.size()) {
        if (cursor_ == quads_.size() || n == cfg_.quads_per_cycle) break;
        const func::Quad& q = quads_[cursor_++];
        ++n;
        ++quads_out_;
        pixels_ += uint64_t(__builtin_popcount(q.mask));
        tri_.draw->counts.quads += 1;
        pending_.clear();
        pending_pos_ = 0;
        if (tri_.tri->per_sample) {
          func::split_samples(q, tri_.tri->samples, pending_);
          sample_quads_ += pending_.size();
        } else {
          pending_.push_back(q);
        }
      }
      if (!warp_) {
        warp_ = std::make_unique<pipe::PixelWarp>();
        warp_->draw = tri_.draw;
      }
      warp_->quad[warp_->quads] = pending_[pending_pos_++];
      warp_->tri[warp_->quads] = tri_.tri;
      ++warp_->quads;
      worked = true;
      if (warp_->quads == quads_per_warp_) {
        close_warp();
        if (!out_.can_push(now)) break;
        push_ready(now);
      }
    }
    if (cursor_ == quads_.size() && pending_pos_ == pending_.size()) {
      tri_.draw->last_activity = now;
      tri_ = pipe::TriangleItem{};
    }
  }
  take_markers();
  // Nothing more to add right now: send the partial warp rather than hold pixels back.
  if (!tri_.tri && warp_ && in_.empty() && !ready_) close_warp();
  if (ready_ && out_.can_push(now)) push_ready(now);

  if (worked) return sim::Activity::Busy;
  if (ready_) return sim::Activity::StallOutput;
  return (tri_.tri || !in_.empty()) ? sim::Activity::Wait : sim::Activity::Idle;
}

Cycle Rasterizer::next_wake(Cycle now) const {
  if (ready_ || warp_) return now + 1;
  if (tri_.tri) return std::max(now + 1, start_at_);
  if (!in_.empty()) return std::max(now + 1, in_.next_pop_cycle(now + 1));
  if (in_.marker_ready()) return now + 1;
  return kNever;
}

void Rasterizer::register_stats(stats::Group& g) {
  register_activity_stats(g);
  g.counter("triangles", &triangles_, "triangles", "triangles traversed");
  g.counter("empty_triangles", &empty_triangles_, "triangles",
            "triangles that covered no pixel centre");
  g.counter("quads", &quads_out_, "quads", "2x2 quads with at least one covered pixel");
  g.counter("pixels", &pixels_, "pixels", "covered pixels");
  g.counter("pixel_warps", &warps_, "warps", "pixel warps sent to the shader cores");
  g.counter("sample_quads", &sample_quads_, "quads",
            "per-sample shading: quads sent to be shaded once per covered sample index");
  g.formula(
      "quad_efficiency",
      [this] { return quads_out_ ? double(pixels_) / double(4 * quads_out_) : 0.0; }, "ratio",
      "covered share of the pixels in emitted quads");
}

}  // namespace gfx::raster
