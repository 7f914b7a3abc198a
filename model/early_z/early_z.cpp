#include "early_z/early_z.h"

#include <algorithm>

#include "func/geom/sample_positions.h"
#include "func/rop/stencil.h"

namespace gfx::early_z {

EarlyZ::EarlyZ(sc_core::sc_module_name name, const EarlyZConfig& cfg,
               pipe::Queue<pipe::PixelWarpPtr>& in, pipe::Queue<pipe::PixelWarpPtr>& out,
               pipe::DepthPort port)
    : sc_core::sc_module(name),
      sim::Unit(basename()),
      cfg_(cfg),
      in_(in),
      out_(out),
      port_(std::move(port)) {}

func::DepthPath EarlyZ::path_of(const func::DrawContext& d) {
  if (path_draw_ != d.id) {  // draw ids are unique; the choice is made once per draw
    path_ = func::depth_path(d, true);
    rop_state_ = func::rop_state_of(d);
    path_draw_ = d.id;
  }
  return path_;
}

const EarlyZ::Entry* EarlyZ::feeding() const {
  // A warp is taken only once the one before it is fully issued, so only the last warp
  // taken (markers may follow it) can still be issuing.
  for (auto it = pending_.rbegin(); it != pending_.rend(); ++it)
    if (!it->is_marker) return it->issued < it->warp->quads ? &*it : nullptr;
  return nullptr;
}

bool EarlyZ::take(Cycle now) {
  bool took = false;
  for (;;) {
    if (in_.marker_ready()) {
      Entry e;
      e.is_marker = true;
      e.marker = in_.pop_marker();
      ++markers_seen_;
      const pipe::Marker& m = e.marker;
      // The ROP's report of this marker is report number markers_seen_.
      if (m.kind == pipe::Marker::Kind::EndOfDraw) {
        const func::DrawContext& d = *m.draw->ctx;
        const func::DepthPath p = path_of(d);
        ++draws_[size_t(p)];
        if (func::depth_at_rop(d, p)) fence_ = markers_seen_;
      } else if (m.kind == pipe::Marker::Kind::Clear &&
                 (m.clear->flags & (api::ClearZBuffer | api::ClearStencil))) {
        fence_ = markers_seen_;
      }
      pending_.push_back(std::move(e));
      took = true;
      continue;
    }
    if (feeding() || held_ >= cfg_.inflight_quads || !in_.can_pop(now)) return took;
    Entry e;
    e.warp = in_.pop(now);
    e.held = e.warp->quads;
    held_ += e.held;
    ++warps_in_;
    quads_in_ += e.warp->quads;
    e.path = path_of(*e.warp->draw->ctx);
    e.fence = fence_;
    if (e.path == func::DepthPath::Late) {  // passes straight through
      e.issued = e.tested = e.warp->quads;
      e.done = now;
    }
    pending_.push_back(std::move(e));
    took = true;
  }
}

bool EarlyZ::hiz_may_judge(const Entry& f) const {
  for (const Entry& e : pending_) {
    if (&e == &f) return true;
    if (e.is_marker || e.finished() || e.warp->draw == f.warp->draw) continue;
    // Only a quad still to be tested can move depth; one Hi-Z rejected writes nothing, so a
    // warp whose untested quads are all rejected (the last warp of a hidden draw, rejected
    // in this very cycle and tested after the issue) does not keep the next draw unjudged.
    const uint32_t untested = ((e.warp->quads >= 32 ? ~0u : (1u << e.warp->quads) - 1) >> e.tested)
                              << e.tested;
    if (untested & ~e.rejected) return false;
  }
  return true;
}

void EarlyZ::hiz_run(const void* tri, uint64_t tile, bool rejected) {
  if (tri != run_tri_ || tile != run_tile_) {
    if (run_tri_ && run_all_rejected_) ++hiz_tiles_rejected_;
    run_tri_ = tri;
    run_tile_ = tile;
    run_all_rejected_ = true;
  }
  run_all_rejected_ = run_all_rejected_ && rejected;
}

void EarlyZ::settle_more(Cycle) {
  // The last run ends with the run.
  if (run_tri_ && run_all_rejected_) ++hiz_tiles_rejected_;
  run_tri_ = nullptr;
}

bool EarlyZ::issue(Cycle now, uint32_t& budget) {
  Entry* f = const_cast<Entry*>(feeding());
  // Earlier entries finish only in test(), after this: one look per call.
  const bool judge = f && port_.hiz && hiz_may_judge(*f);
  while (f && f->issued < f->warp->quads && budget > 0) {
    if (port_.retired->reports() < f->fence) {  // earlier depth work is still at the ROP
      if (!fenced_) fenced_from_ = now;
      fenced_ = true;
      return false;
    }
    if (fenced_) {
      fence_stall_cycles_ += now - fenced_from_;
      fenced_ = false;
    }
    const pipe::PixelWarp& w = *f->warp;
    const func::DrawContext& d = *w.draw->ctx;
    const api::RenderStates& rs = d.render_states;
    const func::Quad& q = w.quad[f->issued];
    // A quad whose lookup has begun (a line accepted, another refused) is committed to it:
    // judging it now would waste the accepted lines and leave lines_done_ to the next quad.
    if (judge && lines_done_ == 0 && !(f->hiz_kept >> f->issued & 1)) {
      path_of(d);  // rop_state_ of this draw
      if (func::HiZ::applies(rop_state_, *port_.target)) {
        if (hiz_budget_ == 0) return false;  // every quad goes through the check
        --hiz_budget_;
        ++hiz_checked_;
        const func::TriangleSetup& t = *w.tri[f->issued];
        const bool rejected = port_.hiz->rejects(d, rop_state_, *port_.target, t, q);
        hiz_run(&t, port_.hiz->tile_of(rop_state_, *port_.target, q), rejected);
        if (rejected) {  // no depth line: tested (empty) as soon as its turn comes
          ++hiz_quads_rejected_;
          f->rejected |= 1u << f->issued;
          f->ready[f->issued++] = now;
          continue;
        }
        f->hiz_kept |= 1u << f->issued;  // checked once, even if its lookup is refused
      }
    }
    // The ROP's lines for this quad: one without MSAA, every line of its samples with it, so
    // the traffic grows with the sample count as the ROP's does. A refused line is retried
    // alone: lines_done_ keeps those already accepted.
    Addr lines[pipe::DepthPort::kMaxQuadLines];
    const int n = port_.lines(d, q.x, q.y, lines);
    const bool writes = f->path == func::DepthPath::Early &&
                        ((rs.z_enable && rs.z_write) ||
                         (rs.stencil_enable && func::stencil_may_write(rs)));
    if (lines_done_ == 0) f->ready[f->issued] = now;
    for (int k = 0; k < n; ++k) {
      if (lines_done_ >> k & 1) continue;
      const auto r = writes ? port_.z_cache->write_line(now, lines[k], sim::Client::Depth, false)
                            : port_.z_cache->read_line(now, lines[k], sim::Client::Depth);
      if (!r.ok) {
        retry_ = r.ready;
        return false;
      }
      f->ready[f->issued] = std::max(f->ready[f->issued], r.ready);
      lines_done_ |= 1u << k;
    }
    lines_done_ = 0;
    ++f->issued;
    --budget;
  }
  return true;
}

bool EarlyZ::test(Cycle now) {
  bool worked = false;
  uint32_t budget = cfg_.quads_per_cycle;
  for (Entry& e : pending_) {
    if (e.finished()) continue;
    pipe::PixelWarp& w = *e.warp;
    // In API order: a quad whose line has not arrived holds every later one.
    while (budget > 0 && e.tested < e.issued && e.ready[e.tested] <= now) {
      func::Quad& q = w.quad[e.tested];
      path_of(*w.draw->ctx);  // rop_state_ for this draw
      uint64_t& samples = w.depth_samples[e.tested];  // the samples that passed
      samples = 0;
      const uint8_t passed = (e.rejected >> e.tested & 1)
                                 ? 0
                                 : func::early_depth_quad(*w.draw->ctx, rop_state_, *port_.target,
                                                          e.path, *w.tri[e.tested], q, &samples);
      // An Early write changes depth: Hi-Z's bound of its tile must be recomputed.
      if (passed && port_.hiz && e.path == func::DepthPath::Early)
        port_.hiz->written(rop_state_, *port_.target, q.x, q.y);
      pixels_culled_ += uint64_t(__builtin_popcount(q.mask) - __builtin_popcount(passed));
      samples_culled_ += covered_samples(q) - uint64_t(__builtin_popcountll(samples));
      if (passed == 0) ++quads_culled_;
      q.mask = passed;
      ++quads_tested_;
      if (!(e.rejected >> e.tested & 1)) --budget;  // a Hi-Z reject needs no test
      ++e.tested;
      worked = true;
    }
    if (e.tested < w.quads) break;
    e.done = now + cfg_.latency;
    compact(w);  // the quads left empty go now; the warp may still wait for room
    e.issued = e.tested = w.quads;
  }
  return worked;
}

uint64_t EarlyZ::covered_samples(const func::Quad& q) const {
  const uint32_t n = rop_state_.samples;
  if (n <= 1) return uint64_t(__builtin_popcount(q.mask & 0xFu));
  // The draw's samples of the covered pixels (q.samples holds no bit past sample n - 1).
  uint64_t c = 0;
  for (uint32_t m = q.mask & 0xFu; m; m &= m - 1)
    c += uint64_t(__builtin_popcountll(func::pixel_sample_bits(q.samples, __builtin_ctz(m))));
  return c;
}

void EarlyZ::compact(pipe::PixelWarp& w) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < w.quads; ++i) {
    if (w.quad[i].mask == 0) continue;
    if (n != i) {
      w.quad[n] = w.quad[i];
      w.depth_samples[n] = w.depth_samples[i];
      w.tri[n] = std::move(w.tri[i]);
    }
    ++n;
  }
  for (uint32_t i = n; i < w.quads; ++i) w.tri[i].reset();
  w.quads = n;
}

bool EarlyZ::send(Cycle now) {
  bool worked = false;
  while (!pending_.empty()) {
    Entry& e = pending_.front();
    if (e.is_marker) {
      e.marker.warps_before = out_seq_;  // the stage's own numbering
      out_.push_marker(std::move(e.marker));
      pending_.pop_front();
      continue;
    }
    if (!e.finished() || e.done > now) break;
    if (e.warp->quads == 0) {  // every quad failed: nothing left to shade
      ++warps_culled_;
      e.warp->draw->last_activity = now;
      held_ -= e.held;
      pending_.pop_front();
      worked = true;
      continue;
    }
    if (!out_.can_push(now)) break;
    e.warp->seq = out_seq_++;
    e.warp->depth_done = e.path == func::DepthPath::Early;
    out_.push(now, std::move(e.warp));
    ++warps_out_;
    held_ -= e.held;
    pending_.pop_front();
    worked = true;
  }
  return worked;
}

sim::Activity EarlyZ::tick(Cycle now) {
  bool worked = false;
  uint32_t budget = cfg_.quads_per_cycle;
  hiz_budget_ = port_.hiz_quads_per_cycle;
  bool blocked = false;
  for (;;) {
    worked |= take(now);
    if (!feeding()) break;
    const Entry* f = feeding();
    const uint32_t before = f->issued;
    if (!issue(now, budget)) blocked = true;
    worked |= f->issued != before;  // looked up, or rejected by Hi-Z
    if (blocked || budget == 0) break;
  }
  worked |= test(now);
  worked |= send(now);
  if (worked) return sim::Activity::Busy;
  if (!pending_.empty() && pending_.front().finished() && pending_.front().done <= now)
    return sim::Activity::StallOutput;
  if (blocked && !fenced_) return sim::Activity::StallMemory;
  for (const Entry& e : pending_)
    if (!e.finished()) return e.tested < e.issued ? sim::Activity::StallMemory : sim::Activity::Wait;
  if (fenced_ || !pending_.empty()) return sim::Activity::Wait;
  return sim::Activity::Idle;
}

Cycle EarlyZ::next_wake(Cycle now) const {
  if (in_.marker_ready()) return now + 1;
  Cycle next = kNever;
  if (!pending_.empty()) {
    const Entry& f = pending_.front();
    if (f.is_marker) return now + 1;
    if (f.finished()) next = std::max(now + 1, f.done);
  }
  for (const Entry& e : pending_) {
    if (e.finished()) continue;
    if (e.tested < e.issued) next = std::min(next, std::max(now + 1, e.ready[e.tested]));
    break;
  }
  // More lookups: unless the ROP's report is awaited (its push wakes the command processor
  // and so every unit) or the outstanding lookups are at their limit (a test frees one).
  if (!fenced_) {
    if (feeding())
      next = std::min(next, std::max(now + 1, retry_));
    else if (!in_.empty() && held_ < cfg_.inflight_quads)
      next = std::min(next, std::max(now + 1, in_.next_pop_cycle(now + 1)));
  }
  return next;
}

void EarlyZ::register_stats(stats::Group& g) {
  register_activity_stats(g);
  for (int p = 0; p < func::kDepthPaths; ++p) {
    const func::DepthPath path = func::DepthPath(p);
    g.counter(std::string("draws_") + func::to_name(path), &draws_[size_t(p)], "draws",
              std::string("draws whose depth/stencil path was ") + func::to_name(path) +
                  " (func::depth_path)");
  }
  g.counter("warps_in", &warps_in_, "warps", "pixel warps taken from the rasterizer");
  g.counter("warps_out", &warps_out_, "warps", "pixel warps passed on to the shader cores");
  g.counter("warps_culled", &warps_culled_, "warps",
            "pixel warps dropped because every quad failed the early test");
  g.counter("quads_in", &quads_in_, "quads", "quads taken from the rasterizer");
  g.counter("quads_tested", &quads_tested_, "quads",
            "quads tested before shading (by the depth test, or rejected by Hi-Z)");
  g.counter("quads_culled", &quads_culled_, "quads",
            "quads removed before shading: every pixel failed the early test");
  g.counter("pixels_culled", &pixels_culled_, "pixels",
            "covered pixels removed before shading by the early test");
  g.counter("samples_culled", &samples_culled_, "samples",
            "covered samples removed before shading by the early test (pixels without MSAA)");
  g.counter("fence_stall_cycles", &fence_stall_cycles_, "cycles",
            "cycles the next lookup waited for earlier depth work at the ROP to retire");
  g.counter("hiz_checked", &hiz_checked_, "quads", "quads checked against their Hi-Z tile");
  g.counter("hiz_quads_rejected", &hiz_quads_rejected_, "quads",
            "quads Hi-Z rejected (no depth lookup, no test)");
  static const uint64_t kNone = 0;  // no Hi-Z: nothing recomputed
  g.counter("hiz_bounds_recomputed", port_.hiz ? port_.hiz->recomputed() : &kNone, "tiles",
            "Hi-Z tile bounds recomputed from the depth surface (a write had touched the tile "
            "since its last check); the other checks read the bound memory alone");
  g.counter("hiz_tiles_rejected", &hiz_tiles_rejected_, "tiles",
            "runs of one triangle's quads in one Hi-Z tile that were all rejected");
}

}  // namespace gfx::early_z
