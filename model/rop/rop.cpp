#include "rop/rop.h"

#include <algorithm>

#include "api/texture_format.h"
#include "func/pipeline/stages.h"
#include "func/rop/stencil.h"

namespace gfx::rop {

namespace {
constexpr int kTileBytes = 64;  // 4x4 pixels (Rop::kTilePixels) of 4 bytes
}  // namespace

void Rop::set_depth_format(api::Format f) {
  target_.set_depth_format(f);
  // The surface keeps its 4-byte-per-pixel address range; D16 uses the first half.
  depth_bytes_ = api::format_bytes_per_pixel(f);
  track_surfaces();  // the depth tiles' size follows the format
}

Rop::Rop(sc_core::sc_module_name name, const RopConfig& cfg, uint32_t width, uint32_t height,
         pipe::Queue<pipe::PixelWarpPtr>& in, sim::ReorderWindow& window, pipe::RetirePort& retired,
         memory::MemorySystem& memory)
    : sc_core::sc_module(name),
      sim::Unit(basename()),
      cfg_(cfg),
      in_(in),
      window_(window),
      retired_(retired),
      memory_(memory),
      z_cache_("z_cache", cfg.z_cache, memory.port()),
      color_cache_("color_cache", cfg.color_cache, memory.port()),
      compressor_(cfg.fast_clear, cfg.depth_compression.params(), cfg.color_compression.params(),
                  memory.dram()) {
  target_.resize(width, height);
  tiles_per_row_ = (width + kTilePixels - 1) / kTilePixels;
  const uint64_t tiles = uint64_t(tiles_per_row_) * ((height + kTilePixels - 1) / kTilePixels);
  color_base_ = memory_.address_of(&target_.color, tiles * kTileBytes);
  depth_base_ = memory_.address_of(&target_.depth, tiles * kTileBytes);
  if (compressor_.active()) memory_.set_dram_filter(&compressor_);
  track_surfaces();
}

Addr Rop::pixel_addr(Addr base, uint32_t tiles_per_row, int x, int y, uint32_t bytes) {
  const uint64_t tile = uint64_t(y / kTilePixels) * tiles_per_row + uint64_t(x / kTilePixels);
  return base + tile * kTilePixels * kTilePixels * bytes +
         uint64_t((y % kTilePixels) * kTilePixels + x % kTilePixels) * bytes;
}

Rop::SurfaceLayout Rop::depth_layout(const func::DepthSurface* s) {
  // The back buffer's: every sample of a pixel together.
  if (!s) return {depth_base_, tiles_per_row_, depth_bytes_ * samples_};
  // A depth-stencil view's surface: 2 bytes a pixel for D16_UNORM, 4 for D24_UNORM_S8_UINT
  // (depth and stencil in one word) and D32_FLOAT.
  SurfaceLayout layout;
  layout.bytes = s->format == api::Format::D16_UNORM ? 2 : 4;
  layout.tiles_per_row = (s->width + kTilePixels - 1) / kTilePixels;
  const uint64_t tiles =
      uint64_t(layout.tiles_per_row) * ((s->height + kTilePixels - 1) / kTilePixels);
  layout.base = memory_.address_of(s, tiles * kTilePixels * kTilePixels * layout.bytes);
  return layout;
}

int Rop::depth_lines(const func::DrawContext& d, int x, int y, Addr out[kLinesPerQuad]) {
  // D24S8 keeps depth and stencil in one word: one line serves both. Without MSAA a quad's
  // depth is in one line; with it, every line its pixels' samples lie in.
  const func::DepthSurface* ds = d.depth_surface.get();
  const SurfaceLayout at = depth_layout(ds);
  if (samples_ > 1 && !ds)
    return quad_lines(at.base, at.tiles_per_row, x, y, at.bytes, z_cache_.config().line_bytes, out);
  out[0] = pixel_addr(at.base, at.tiles_per_row, x, y, at.bytes);
  return 1;
}

bool Rop::color_surface(const func::ColorTargets& targets, int t, SurfaceLayout& layout) {
  const func::ColorSurface* s = targets[t].get();
  if (!s) {
    if (t != 0) return false;
    layout = {color_base_, tiles_per_row_, 4 * samples_};
    return true;
  }
  if (s->width == 0 || s->height == 0) return false;  // D3D10's NULL view in slot 0
  layout = surface_layout(*s);
  return true;
}

Rop::SurfaceLayout Rop::surface_layout(const func::ColorSurface& s) {
  // The surface's own format sets its footprint: 2 bytes a pixel for R5G6B5, 16 for
  // A32B32G32R32F (render targets are never block-compressed).
  SurfaceLayout layout;
  const api::TextureFormatInfo* info = api::texture_format_info(s.format);
  layout.bytes = info ? info->block_bytes : 4;
  layout.tiles_per_row = (s.width + kTilePixels - 1) / kTilePixels;
  const uint64_t tiles =
      uint64_t(layout.tiles_per_row) * ((s.height + kTilePixels - 1) / kTilePixels);
  layout.base = memory_.address_of(&s, tiles * kTilePixels * kTilePixels * layout.bytes);
  return layout;
}

void Rop::begin_copy(const func::CopyOp& op) {
  // A copy engine pass: every line of the source tiles under the source rectangle is read,
  // then every line of the destination tiles under the destination rectangle written, at
  // clear_lines_per_cycle lines a cycle through the colour cache. A destination tile the
  // rectangle covers whole is written without a fetch; one it covers in part is fetched
  // first (its other pixels keep their values).
  const SurfaceLayout src = op.source ? surface_layout(*op.source)
                                      : SurfaceLayout{color_base_, tiles_per_row_, 4 * samples_};
  const SurfaceLayout dst = surface_layout(*op.dest);
  const uint32_t line = color_cache_.config().line_bytes;
  Addr last = ~Addr(0);
  for (int ty = op.sy0 / kTilePixels * kTilePixels; ty < op.sy1; ty += kTilePixels)
    for (int tx = op.sx0 / kTilePixels * kTilePixels; tx < op.sx1; tx += kTilePixels)
      push_tile_lines(src, tx, ty, line, LineOp::ReadColor, last);
  last = ~Addr(0);
  const uint32_t tile_bytes = kTilePixels * kTilePixels * dst.bytes;
  for (int ty = op.dy0 / kTilePixels * kTilePixels; ty < op.dy1; ty += kTilePixels)
    for (int tx = op.dx0 / kTilePixels * kTilePixels; tx < op.dx1; tx += kTilePixels) {
      // Whole when the tile lies inside the rectangle (or ends at the surface's edge) and
      // no line holds more than this tile.
      const bool whole = tx >= op.dx0 && ty >= op.dy0 &&
                         (tx + kTilePixels <= op.dx1 || op.dx1 == int(op.dest->width)) &&
                         (ty + kTilePixels <= op.dy1 || op.dy1 == int(op.dest->height)) &&
                         line <= tile_bytes;
      push_tile_lines(dst, tx, ty, line, whole ? LineOp::WriteColor : LineOp::UpdateColor, last);
    }
}

void Rop::begin_clear(const func::ClearOp& op) {
  func::clear(target_, op);
  if (hiz_ && (op.flags & api::ClearZBuffer)) hiz_->invalidate();  // depth changed everywhere
  clear_lines_.clear();
  clear_next_ = 0;
  if (op.copy) {
    begin_copy(*op.copy);
    return;
  }
  if (op.resolve_into) {
    // A resolve reads every line of the back buffer (S samples x 4 bytes a pixel) and
    // writes every line of the texture (4 bytes a pixel), all through the colour cache.
    func::ColorTargets dst{};
    dst[0] = op.resolve_into;
    SurfaceLayout back{color_base_, tiles_per_row_, 4 * samples_}, tex{};
    if (!color_surface(dst, 0, tex)) return;
    const std::pair<SurfaceLayout, LineOp> passes[] = {{back, LineOp::ReadColor},
                                                       {tex, LineOp::WriteColor}};
    for (const auto& [at, kind] : passes) {
      Addr last = ~Addr(0);
      for (int ty = 0; ty < op.y1; ty += kTilePixels)
        for (int tx = 0; tx < op.x1; tx += kTilePixels)
          push_tile_lines(at, tx, ty, color_cache_.config().line_bytes, kind, last);
    }
    return;
  }
  const bool color = op.flags & api::ClearTarget;
  const bool depth = op.flags & (api::ClearZBuffer | api::ClearStencil);
  // Every line the rectangle touches is rewritten, except in the tiles a fast clear marks:
  // each bound colour target, cut to its size, then the depth surface (surface
  // kMaxRenderTargets).
  for (int surface = 0; surface <= func::kMaxRenderTargets; ++surface) {
    const bool is_depth = surface == func::kMaxRenderTargets;
    SurfaceLayout at{depth_base_, tiles_per_row_, depth_bytes_ * samples_};
    int x1 = op.x1, y1 = op.y1;
    if (is_depth) {
      if (!depth) continue;
      if (const func::DepthSurface* ds = op.depth_surface.get()) {
        at = depth_layout(ds);
        x1 = std::min<int>(x1, int(ds->width));
        y1 = std::min<int>(y1, int(ds->height));
      }
    } else {
      if (!color || !color_surface(op.color_targets, surface, at)) continue;
      if (const auto& s = op.color_targets[surface]) {
        x1 = std::min<int>(x1, int(s->width));
        y1 = std::min<int>(y1, int(s->height));
      }
    }
    const uint32_t line = (is_depth ? z_cache_ : color_cache_).config().line_bytes;
    Addr last = ~Addr(0);
    for (int ty = op.y0 / kTilePixels * kTilePixels; ty < y1; ty += kTilePixels)
      for (int tx = op.x0 / kTilePixels * kTilePixels; tx < x1; tx += kTilePixels)
        if (!fast_clear_tile(op, is_depth, surface, tx, ty))
          push_tile_lines(at, tx, ty, line, is_depth ? LineOp::WriteDepth : LineOp::WriteColor,
                          last);
  }
}

void Rop::push_tile_lines(const SurfaceLayout& at, int tx, int ty, uint32_t line_bytes, LineOp op,
                          Addr& last) {
  const uint32_t tile_bytes = kTilePixels * kTilePixels * at.bytes;
  const uint32_t step = std::min<uint32_t>(line_bytes, tile_bytes);
  for (uint32_t off = 0; off < tile_bytes; off += step) {
    const Addr l =
        (pixel_addr(at.base, at.tiles_per_row, tx, ty, at.bytes) + off) & ~Addr(line_bytes - 1);
    if (l != last) clear_lines_.push_back({l, op});
    last = l;
  }
}

bool Rop::marker_due() const {
  return !markers_.empty() && !clearing() && retired_warps_ >= markers_.front().warps_before;
}

void Rop::perform_due_markers(Cycle now, bool start) {
  while (marker_due()) {
    pipe::Marker& m = markers_.front();
    pipe::Retired r{m.kind, nullptr, now};
    switch (m.kind) {
      case pipe::Marker::Kind::EndOfDraw: r.draw = std::move(m.draw); break;
      case pipe::Marker::Kind::Clear:
        begin_clear(*m.clear);
        if (clearing()) {  // reported once the last line is written
          clear_report_ = true;
          markers_.pop_front();
          return;
        }
        break;
      case pipe::Marker::Kind::Present: {
        if (!start) return;  // the caches must have been idle for this whole cycle
        // Write back both caches (the colour cache's lines first), then the L2; the frame
        // ends when the last line has left.
        const Cycle color_done = color_cache_.flush(now);
        const Cycle done = std::max({z_cache_.flush(now), color_done, now});
        r.done = std::max(done, memory_.flush(done));
        if (cfg_.fast_clear.resolve_at_present && compressor_.active())
          r.done = std::max(r.done, compressor_.resolve(r.done, color_base_));
        break;
      }
    }
    retired_.push(std::move(r));
    markers_.pop_front();
  }
}

bool Rop::issue_quad(Cycle now) {
  pipe::PixelWarp& w = *feeding_;
  const api::RenderStates& rs = w.draw->ctx->render_states;
  const func::Quad& q = w.quad[feed_quad_];

  // The alpha test runs before Z and colour: a quad whose pixels all fail it touches
  // neither the depth nor the colour surface (the shader's colours are already known).
  if (!z_done_ && color_done_ == 0 && rs.alpha_test_enable) {
    const func::PixelResults& r = w.results;
    const func::Vec4* colors[func::kMaxRenderTargets];
    r.quad_colors(int(feed_quad_), colors);
    if (func::alpha_test_mask(rs, colors[0], r.live[feed_quad_] & q.mask) == 0) {
      alpha_killed_quads_ += 1;
      z_ready_ = now;
      finish_issue(w);
      return true;
    }
  }

  // Stencil-tested draws look up colour only after the test (class comment). A D3D10
  // depth-stencil view brings its own surface; a NULL one turns both tests off.
  const func::DrawContext& d = *w.draw->ctx;
  const func::DepthSurface* ds = d.depth_surface.get();
  const bool stencil = !w.depth_done && rs.stencil_enable && !d.no_depth &&
                       (ds ? ds->has_stencil() : target_.has_stencil());
  if (!z_done_) {
    if (z_lines_done_ == 0) z_ready_ = now;  // a retry keeps the lines already accepted
    // depth_done: the early-Z stage made this quad's depth lookup and test.
    if (!w.depth_done && ((rs.z_enable && !d.no_depth) || stencil)) {
      Addr lines[kLinesPerQuad];
      const int n = depth_lines(d, q.x, q.y, lines);
      const bool writes = (rs.z_enable && rs.z_write) || (stencil && func::stencil_may_write(rs));
      for (int k = 0; k < n; ++k) {
        if (z_lines_done_ >> k & 1) continue;
        const auto r = writes ? z_cache_.write_line(now, lines[k], sim::Client::Depth, false)
                              : z_cache_.read_line(now, lines[k], sim::Client::Depth);
        if (!r.ok) {
          retry_ = r.ready;
          return false;
        }
        z_ready_ = std::max(z_ready_, r.ready);
        z_lines_done_ |= 1u << k;
      }
    }
    z_done_ = true;
  }
  if (!stencil && !lookup_colors(now, w, feed_quad_, color_done_, z_ready_)) return false;
  finish_issue(w);
  if (stencil) inflight_.back().deferred_color = true;
  return true;
}

bool Rop::lookup_colors(Cycle now, const pipe::PixelWarp& w, int quad, uint64_t& done,
                        Cycle& ready) {
  const api::RenderStates& rs = w.draw->ctx->render_states;
  const func::ColorTargets& targets = w.draw->ctx->color_targets;
  const func::Quad& q = w.quad[quad];
  // A target the program gives no colour (no oC0, or past its oC#) is not written.
  const func::Vec4* colors[func::kMaxRenderTargets];
  w.results.quad_colors(quad, colors);
  for (int t = 0; t < func::kMaxRenderTargets; ++t) {
    const uint8_t mask = func::target_write_mask(rs, t);
    SurfaceLayout at;
    if (!colors[t] || mask == 0 || !color_surface(targets, t, at)) continue;
    if (targets[t] && (q.x >= int(targets[t]->width) || q.y >= int(targets[t]->height))) continue;
    // The distinct lines of the quad's 2x2 pixels, in pixel order.
    Addr lines[kLinesPerQuad];
    const int n = quad_lines(at.base, at.tiles_per_row, q.x, q.y, at.bytes,
                             color_cache_.config().line_bytes, lines);
    // Reads only when the old colour is needed: blending or a partial write mask.
    const bool read_needed = func::target_blends(rs, t) || mask != 0xF;
    for (int k = 0; k < n; ++k) {
      const uint64_t bit = uint64_t(1) << (kLinesPerQuad * t + k);  // 8 targets x 8 lines
      if (done & bit) continue;
      const auto r = color_cache_.write_line(now, lines[k], sim::Client::Color, !read_needed);
      if (!r.ok) {
        retry_ = r.ready;
        return false;
      }
      ready = std::max(ready, r.ready);  // the quad waits for all of its lines
      done |= bit;
    }
  }
  return true;
}

void Rop::finish_issue(pipe::PixelWarp& w) {
  const Cycle ready = z_ready_;
  z_done_ = false;
  z_lines_done_ = 0;
  color_done_ = 0;
  const bool last = feed_quad_ + 1 == w.quads;
  inflight_.push_back({&w, feed_quad_, ready + cfg_.latency, last});
  ++feed_quad_;
}

uint8_t Rop::test_quad(InflightQuad& iq) {
  pipe::PixelWarp& w = *iq.warp;
  const func::PixelResults& r = w.results;
  const func::Vec4* colors[func::kMaxRenderTargets];
  r.quad_colors(int(iq.quad), colors);
  const bool ccw = w.tri[iq.quad] && !w.tri[iq.quad]->front_facing;  // no triangle: clockwise
  uint8_t written;
  uint64_t samples = 0;
  if (w.depth_done) {  // depth and stencil passed at the early-Z stage: the colour half
    written = r.live[iq.quad] & w.quad[iq.quad].mask;
    // Into the samples that passed the early test (under MSAA; one per pixel without).
    func::Quad passed = w.quad[iq.quad];
    passed.samples = w.depth_samples[iq.quad];
    func::color_quad_mrt(rop_state_, target_, passed, written, colors);
    samples = rop_state_.samples > 1 ? passed.samples : written;  // only counted
  } else {
    float sample_z[4 * func::kMaxSamples];
    const float* zs =
        func::rop_sample_depths(*w.draw->ctx, w.tri[iq.quad].get(), w.quad[iq.quad], sample_z);
    written = func::rop_quad_mrt(rop_state_, target_, w.quad[iq.quad], r.live[iq.quad],
                                 &r.z[4 * iq.quad], colors, ccw, zs, &samples);
    if (hiz_ && written) hiz_->written(rop_state_, target_, w.quad[iq.quad].x, w.quad[iq.quad].y);
  }
  const int n = __builtin_popcount(written);
  pixels_written_ += uint64_t(n);
  samples_written_ += uint64_t(__builtin_popcountll(samples));
  w.draw->counts.pixels_written += uint64_t(n);
  pixels_in_ += uint64_t(__builtin_popcount(r.live[iq.quad]));
  ++quads_;
  iq.tested = true;
  return written;
}

void Rop::complete(const InflightQuad& iq, Cycle now) {
  if (!iq.last_of_warp) return;
  ++retired_warps_;
  iq.warp->draw->last_activity = now;
  draining_.pop_front();
}

sim::Activity Rop::tick(Cycle now) {
  for (;;) {
    if (in_.marker_ready()) {
      markers_.push_back(in_.pop_marker());
    } else if (in_.can_pop(now)) {
      pipe::PixelWarpPtr w = in_.pop(now);
      const uint64_t seq = w->seq;
      rob_.emplace(seq, std::move(w));
      rob_peak_ = std::max<uint64_t>(rob_peak_, rob_.size());
    } else {
      break;
    }
  }
  perform_markers(now, true);
  const sim::Activity a = work(now);
  if (clear_report_ && !clearing()) {
    retired_.push({pipe::Marker::Kind::Clear, nullptr, now});
    clear_report_ = false;
  }
  perform_markers(now, false);
  return a;
}

sim::Activity Rop::work(Cycle now) {
  bool worked = false;
  // Quads whose deferred colour lines have arrived leave, in order.
  while (!finishing_.empty() && finishing_.front().ready <= now) {
    complete(finishing_.front(), now);
    finishing_.pop_front();
    worked = true;
  }
  // Test and retire quads whose lines have arrived, in order, as the ROP's slots allow:
  // quads_per_cycle a cycle, banked up to max(samples, quads_per_cycle), a quad taking
  // its draw's sample count (one without MSAA: quads_per_cycle quads a cycle).
  const uint64_t bank = std::max(samples_, cfg_.quads_per_cycle);
  if (now > slots_cycle_ || slots_cycle_ == 0)
    slots_ = uint32_t(std::min<uint64_t>(
        bank, slots_ + uint64_t(cfg_.quads_per_cycle) * std::max<Cycle>(now - slots_cycle_, 1)));
  slots_cycle_ = now;
  while (!inflight_.empty()) {
    InflightQuad& iq = inflight_.front();
    if (iq.ready > now) break;
    // The functional state must match the quad's own draw.
    const func::DrawContext& d = *iq.warp->draw->ctx;
    {
      // A deferred quad retrying its colour lookups takes one slot again, as every pass of
      // this loop did before slots counted samples. A per-sample-shaded quad holds one
      // sample of each pixel (func::split_samples): one slot, like a single-sample quad.
      const uint32_t cost = iq.charged || d.raster.per_sample ? 1 : d.raster.samples;
      if (slots_ < cost) {
        worked = true;  // busy with the samples of the quads before
        break;
      }
      slots_ -= cost;
      iq.charged = true;
    }
    if (rop_state_draw_ != d.id) {
      rop_state_ = func::rop_state_of(d);
      rop_state_draw_ = d.id;
    }
    if (iq.deferred_color) {
      // The test result decides whether the quad needs its colour lines at all.
      if (!iq.tested) {
        const uint8_t written = test_quad(iq);
        if (written == 0) {
          ++ds_killed_quads_;
          iq.color_skipped = true;  // nothing to look up
        }
        worked = true;
      }
      Cycle ready = std::max(now, iq.color_ready);
      if (!iq.color_skipped && !lookup_colors(now, *iq.warp, iq.quad, iq.color_done, ready)) {
        iq.color_ready = ready;
        break;  // retried when the cache can take it
      }
      // No line looked up (nothing passed, or every write mask is 0): done now.
      const bool looked_up = !iq.color_skipped && iq.color_done != 0;
      iq.ready = looked_up ? ready + cfg_.latency : now;
    } else {
      test_quad(iq);
      iq.ready = now;
    }
    if (finishing_.empty() && iq.ready <= now)
      complete(iq, now);
    else
      finishing_.push_back(iq);  // behind a quad still waiting for colour: keep the order
    inflight_.pop_front();
    worked = true;
  }

  if (fast_clear_left_ > 0) {  // tile states first, then the lines of partial tiles
    fast_clear_left_ -= std::min<uint64_t>(fast_clear_left_, cfg_.fast_clear.tiles_per_cycle);
    return sim::Activity::Busy;
  }
  if (clearing()) {
    for (uint32_t n = 0; n < cfg_.clear_lines_per_cycle && clearing(); ++n) {
      const auto [line, op] = clear_lines_[clear_next_];
      const bool depth = op == LineOp::WriteDepth;
      sim::Cache& cache = depth ? z_cache_ : color_cache_;
      const auto client = depth ? sim::Client::Depth : sim::Client::Color;
      const auto r = op == LineOp::ReadColor ? cache.read_line(now, line, client)
                     : cache.write_line(now, line, client, op != LineOp::UpdateColor);
      if (!r.ok) {
        retry_ = r.ready;
        return sim::Activity::StallMemory;
      }
      ++clear_next_;
      ++clear_lines_written_;
    }
    return sim::Activity::Busy;
  }

  // Issue lookups for the next quads in API order.
  bool refused = false;
  for (uint32_t n = 0; n < cfg_.quads_per_cycle; ++n) {
    if (!feeding_) {
      auto it = rob_.find(window_.next());
      if (it == rob_.end()) break;
      feeding_ = std::move(it->second);
      rob_.erase(it);
      window_.take();
      feed_quad_ = 0;
    }
    if (inflight_.size() >= cfg_.inflight_quads) break;
    if (feed_quad_ < feeding_->quads && !issue_quad(now)) {
      refused = true;
      break;
    }
    worked = true;
    if (feed_quad_ >= feeding_->quads) {
      if (feeding_->quads == 0) {  // nothing to draw: retire the warp at once
        ++retired_warps_;
        feeding_->draw->last_activity = now;
        feeding_.reset();
        continue;
      }
      draining_.push_back(std::move(feeding_));
    }
  }
  if (worked) return sim::Activity::Busy;
  if (refused) return sim::Activity::StallMemory;
  if (!inflight_.empty() || !finishing_.empty()) return sim::Activity::StallMemory;
  return sim::Activity::Idle;
}

Cycle Rop::next_wake(Cycle now) const {
  Cycle next = in_.empty() ? kNever : std::max(now + 1, in_.next_pop_cycle(now + 1));
  if (clearing()) return std::max(now + 1, retry_);
  if (marker_due() || in_.marker_ready())
    next = now + 1;  // e.g. a Present waiting for the next cycle
  if (!inflight_.empty()) next = std::min(next, std::max(now + 1, inflight_.front().ready));
  if (!finishing_.empty()) next = std::min(next, std::max(now + 1, finishing_.front().ready));
  const bool can_issue = (feeding_ && feed_quad_ < feeding_->quads) || rob_.count(window_.next());
  if (can_issue && inflight_.size() < cfg_.inflight_quads)
    next = std::min(next, std::max(now + 1, retry_));
  return next;
}

void Rop::register_stats(stats::Group& g) {
  register_activity_stats(g);
  g.counter("quads", &quads_, "quads", "quads tested and written");
  g.counter("pixels_in", &pixels_in_, "pixels", "covered pixels received from the shader cores");
  g.counter("alpha_killed_quads", &alpha_killed_quads_, "quads",
            "quads whose pixels all failed the alpha test (no depth or colour access)");
  g.counter("ds_killed_quads", &ds_killed_quads_, "quads",
            "quads of stencil-tested draws whose pixels all failed stencil or depth (no colour "
            "access)");
  g.counter("pixels_written", &pixels_written_, "pixels",
            "pixels that passed the stencil and depth tests");
  g.counter("samples_written", &samples_written_, "samples",
            "samples that passed the stencil and depth tests (pixels_written without MSAA)");
  g.counter("clear_lines", &clear_lines_written_, "lines",
            "cache lines written by clears, read and written by resolve and copy_rect commands");
  g.counter("fast_cleared_tiles", &fast_cleared_tiles_, "tiles",
            "tiles a fast clear marked cleared instead of writing their lines");
  g.counter("reorder_peak", &rob_peak_, "warps", "most shaded warps waiting for API order");
  z_cache_.register_stats(g);
  color_cache_.register_stats(g);
  compressor_.register_stats(g);
}

}  // namespace gfx::rop
