#include "ia/input_assembler.h"

#include <algorithm>
#include <string>

namespace gfx::ia {

InputAssembler::InputAssembler(sc_core::sc_module_name name, const IaConfig& cfg,
                               uint32_t warp_width, pipe::Queue<pipe::DrawRef>& draws,
                               pipe::Queue<pipe::VertexWarp>& to_shader,
                               pipe::Queue<pipe::PrimitiveItem>& to_setup, pipe::VertexStore& store,
                               memory::MemorySystem& memory)
    : sc_core::sc_module(name),
      sim::Unit(basename()),
      cfg_(cfg),
      warp_width_(warp_width),
      draws_(draws),
      to_shader_(to_shader),
      to_setup_(to_setup),
      store_(store),
      memory_(memory),
      index_cache_("index_cache", cfg.index_cache, memory.port()),
      vertex_cache_("vertex_cache", cfg.vertex_cache, memory.port()),
      ptc_(cfg.post_transform_entries, cfg.post_transform_policy) {
  // A FIFO entry is at most post_transform_entries allocations old; the assembler's
  // history adds a few. Under any other policy (LRU, random, SRRIP) an entry can be much
  // older: it may reach back half the store (the config check keeps that above the FIFO
  // window), older hits count as misses.
  window_ = cfg.post_transform_policy == "fifo" ? uint64_t(cfg.post_transform_entries) + 8
                                                : uint64_t(store.capacity()) / 2;
}

uint64_t InputAssembler::widen(uint32_t slot) const {
  const uint64_t next = store_.next_seq();
  return next - uint32_t(uint32_t(next) - slot);
}

void InputAssembler::start_draw(pipe::DrawRef d) {
  draw_ = std::move(d);
  instance_ = 0;
  next_ = 0;
  const func::DrawContext& ctx = *draw_->ctx;
  index_base_ = ctx.indexed ? memory_.address_of(ctx.indices.get(), ctx.indices->bytes.size()) : 0;
  index_size_ = !ctx.indexed ? 0 : ctx.indices->format == api::Format::Index16 ? 2 : 4;
  last_index_line_ = ~Addr(0);
  index_ready_ = 0;
  assembler_ = func::PrimitiveAssembler(ctx.topology);
  // The bytes a new vertex needs: the elements the vertex program reads, one contiguous
  // range per stream.
  spans_.fill(Span{~0u, 0});
  vertex_bytes_ = 0;
  for (const func::FetchPlan::Entry& e : ctx.fetch_plan.entries) {
    const unsigned size = e.size();
    if (size == 0) continue;  // an input no element fills reads nothing
    Span& s = spans_[e.stream];
    s.lo = std::min<uint32_t>(s.lo, e.offset);
    s.hi = std::max<uint32_t>(s.hi, e.offset + size);
    vertex_bytes_ += size;
  }
  for (unsigned s = 0; s < api::kMaxStreams; ++s) {
    if (spans_[s].lo >= spans_[s].hi || !ctx.streams[s].buffer) {
      spans_[s] = Span{};
      continue;
    }
    stream_base_[s] =
        memory_.address_of(ctx.streams[s].buffer, ctx.streams[s].buffer->bytes.size());
  }
  batch_ = pipe::VertexWarp{};
  start_instance();
}

void InputAssembler::start_instance() {
  const func::DrawContext& ctx = *draw_->ctx;
  ctx.instance_streams(instance_, inst_streams_.data());
  assembler_.reset();  // PrimitiveID restarts; D3D10's automatic cut between instances
  strip_started_ = false;
  ptc_.clear();  // per-instance data differ: no reuse across instances
  ++instances_;
}

void InputAssembler::take_ready_markers() {
  // Only between draws, once the last draw's open batch has been closed: then everything
  // before the marker is queued in closed_ and prims_ (or already handed on).
  if (draw_ || batch_.count) return;
  while (draws_.marker_ready()) {
    const pipe::Marker m = draws_.pop_marker();
    warp_markers_.push_back({m, warps_closed_});
    prim_markers_.push_back({m, prims_out_});
  }
  forward_markers();
}

void InputAssembler::forward_ready_markers() {
  while (!warp_markers_.empty() && warps_ >= warp_markers_.front().after) {
    to_shader_.push_marker(std::move(warp_markers_.front().marker));
    warp_markers_.pop_front();
  }
  while (!prim_markers_.empty() && prims_out_ - prims_.size() >= prim_markers_.front().after) {
    to_setup_.push_marker(std::move(prim_markers_.front().marker));
    prim_markers_.pop_front();
  }
}

void InputAssembler::close_batch() {
  if (batch_.count == 0) return;
  ++warps_closed_;
  closed_.push_back(std::move(batch_));
  batch_ = pipe::VertexWarp{};
}

void InputAssembler::unblock_setup() {
  // Setup takes primitives in order and waits for their vertices. When the one at the head
  // of its queue needs a vertex of the open batch, that batch would fill only from indices
  // this stall keeps out (a primitive queue of a few entries): send it as it is. Any other
  // head waits on a batch already sent, which completes on its own, so the batch stays open
  // and full warps are kept.
  if (batch_.count == 0 || to_setup_.empty()) return;
  const pipe::PrimitiveItem& head = to_setup_.front();
  if (std::max({head.seq[0], head.seq[1], head.seq[2]}) >= batch_.first_seq) close_batch();
}

void InputAssembler::end_instance() {
  close_batch();  // a warp never spans instances
  ++instance_;
  next_ = 0;
  if (instance_ < draw_->ctx->instance_count) start_instance();
}

bool InputAssembler::fetch_index_line(Cycle now) {
  if (!index_size_ || draw_->ctx->tess) return true;  // tessellator output is on chip
  const func::DrawContext& ctx = *draw_->ctx;
  const Addr a = index_base_ + (uint64_t(ctx.first) + next_) * index_size_;
  const Addr line = index_cache_.line_of(a);
  if (line == last_index_line_) return true;
  const auto r = index_cache_.read_line(now, a, sim::Client::Index);
  if (!r.ok) return false;
  last_index_line_ = line;
  index_ready_ = std::max(index_ready_, r.ready);
  return true;
}

bool InputAssembler::fetch_attributes(Cycle now, uint32_t fetch_index) {
  if (draw_->ctx->tess) return true;  // generated vertices: the tessellator's on-chip output
  if (!attr_pending_) {
    attr_lines_.clear();
    attr_next_ = 0;
    for (unsigned s = 0; s < api::kMaxStreams; ++s) {
      const Span& sp = spans_[s];
      if (sp.lo >= sp.hi) continue;
      // Per-instance streams are stride-0 bindings at this instance's element.
      const func::StreamBinding& b = inst_streams_[s];
      const Addr a0 = stream_base_[s] + b.offset + uint64_t(fetch_index) * b.stride + sp.lo;
      for (Addr l = vertex_cache_.line_of(a0); l < a0 + (sp.hi - sp.lo);
           l += cfg_.vertex_cache.line_bytes)
        attr_lines_.push_back(l);
    }
    attr_pending_ = true;
  }
  for (; attr_next_ < attr_lines_.size(); ++attr_next_) {
    const auto r = vertex_cache_.read_line(now, attr_lines_[attr_next_], sim::Client::Vertex);
    if (!r.ok) return false;
    batch_.data_ready = std::max(batch_.data_ready, r.ready);
  }
  attr_pending_ = false;
  return true;
}

void InputAssembler::emit(const func::Primitive& p) {
  const func::DrawContext& ctx = *draw_->ctx;
  pipe::PrimitiveItem item;
  item.draw = draw_;
  item.count = p.count;
  item.primitive_id = p.id;
  // Points and lines repeat their last vertex, so setup's readiness check stays uniform.
  for (int k = 0; k < 3; ++k) item.seq[k] = widen(p.v[std::min(k, int(p.count) - 1)]);
  // Later primitives can only reference what the post-transform cache or the assembler's
  // short history still holds (and a fan's centre vertex).
  uint64_t oldest = store_.next_seq() > window_ ? store_.next_seq() - window_ : 0;
  if (ctx.topology == api::Topology::TriangleFan) oldest = std::min(oldest, strip_first_seq_);
  item.oldest_live = oldest;
  prims_.push_back(std::move(item));
  ++draw_->counts.primitives;
  ++prims_out_;
  ++prims_by_topology_[size_t(ctx.topology) & 15];
}

InputAssembler::Step InputAssembler::process_index(Cycle now, uint32_t& new_vertices) {
  const func::DrawContext& ctx = *draw_->ctx;
  if (!fetch_index_line(now)) return Step::Refused;
  bool ok = true;
  const uint32_t index = ctx.vertex_index(next_, &ok);
  if (ctx.is_cut(index)) {
    ++cuts_;
    ++indices_;
    index_bytes_ += index_size_;
    ++draw_->counts.indices;
    assembler_.cut();
    strip_started_ = false;
    ++next_;
    return Step::Done;
  }
  const uint32_t fetch = ctx.fetch_of(index);

  uint64_t seq = 0;
  bool hit = cfg_.post_transform_entries && ptc_.lookup(fetch, seq);
  // A hit whose shaded vertex the store may already have recycled is a miss (not FIFO).
  if (hit && seq + window_ < store_.next_seq() + 8) {
    ptc_.erase(fetch);
    hit = false;
  }
  if (hit) {
    ++ptvc_hits_;
  } else {
    if (new_vertices == cfg_.vertices_per_cycle) return Step::Budget;
    if (!store_.can_allocate(1)) {
      close_batch();  // let the vertices already gathered complete, freeing the store
      ++store_full_cycles_;
      return Step::Blocked;
    }
    if (batch_.count == warp_width_) {
      if (closed_.size() >= 2) return Step::Blocked;
      close_batch();
    }
    if (!fetch_attributes(now, fetch)) return Step::Refused;
    seq = store_.allocate();
    if (batch_.count == 0) {
      batch_.draw = draw_;
      batch_.instance = instance_;
      batch_.first_seq = seq;
      batch_.data_ready = std::max(batch_.data_ready, index_ready_);
    }
    batch_.fetch_index[batch_.count++] = fetch;
    ++vertices_;
    ++new_vertices;
    attribute_bytes_ += vertex_bytes_;
    ptc_.insert(fetch, seq);
  }
  if (!ok) {
    ++out_of_bounds_;
    ++draw_->counts.out_of_bounds;
  }
  ++indices_;
  index_bytes_ += index_size_;
  ++draw_->counts.indices;
  ++next_;
  batch_.data_ready = std::max(batch_.data_ready, index_ready_);

  if (!strip_started_) {
    strip_first_seq_ = seq;
    strip_started_ = true;
  }
  func::Primitive p;
  if (assembler_.push(uint32_t(seq), p)) emit(p);
  return Step::Done;
}

sim::Activity InputAssembler::tick(Cycle now) {
  bool worked = false;
  // Hand finished batches and primitives downstream.
  while (!closed_.empty() && closed_.front().data_ready <= now && to_shader_.can_push(now)) {
    to_shader_.push(now, std::move(closed_.front()));
    closed_.pop_front();
    ++warps_;
    worked = true;
  }
  while (!prims_.empty() && to_setup_.can_push(now)) {
    to_setup_.push(now, std::move(prims_.front()));
    prims_.pop_front();
    worked = true;
  }
  forward_markers();

  take_markers();
  if (!draw_ && draws_.can_pop(now)) start_draw(draws_.pop(now));
  Step step = Step::Done;
  uint32_t new_vertices = 0;
  for (uint32_t n = 0; draw_ && n < cfg_.indices_per_cycle; ++n) {
    if (prims_.size() >= 2 * cfg_.indices_per_cycle) {
      unblock_setup();
      step = Step::Blocked;
      break;
    }
    const func::DrawContext& ctx = *draw_->ctx;
    if (next_ == ctx.count || ctx.count == 0) {
      end_instance();
      if (instance_ >= ctx.instance_count) {
        draw_->last_activity = now;  // its batches and primitives may still be queued here
        draw_.reset();
        break;
      }
      continue;
    }
    step = process_index(now, new_vertices);
    if (step != Step::Done) break;
    worked = true;
  }
  // A partly filled batch goes out when nothing else is coming this draw soon.
  if (!draw_ && batch_.count) close_batch();
  take_markers();

  if (worked || step == Step::Budget) return sim::Activity::Busy;
  if (step == Step::Refused || (!closed_.empty() && closed_.front().data_ready > now))
    return sim::Activity::StallMemory;
  if (!closed_.empty() || !prims_.empty() || step == Step::Blocked)
    return sim::Activity::StallOutput;
  return sim::Activity::Idle;
}

Cycle InputAssembler::next_wake(Cycle now) const {
  // Blocked on a downstream queue the unit polls every cycle: its consumer is busy then,
  // so no idle stretch is lost.
  if (draw_ || !prims_.empty()) return now + 1;
  if (draws_.marker_ready()) return now + 1;
  Cycle next = draws_.empty() ? kNever : std::max(now + 1, draws_.front_ready());
  if (!closed_.empty()) next = std::min(next, std::max(now + 1, closed_.front().data_ready));
  return next;
}

void InputAssembler::register_stats(stats::Group& g) {
  register_activity_stats(g);
  g.counter("indices", &indices_, "indices", "vertex references processed (cuts included)");
  g.counter("instances", &instances_, "instances", "draw instances walked");
  g.counter("cuts", &cuts_, "cuts", "strip-cut indices seen");
  g.counter("post_transform_hits", &ptvc_hits_, "vertices",
            "references served by the post-transform cache");
  g.counter("vertices_fetched", &vertices_, "vertices",
            "vertices whose attributes were fetched (post-transform misses)");
  g.counter("vertices_shaded", &vertices_, "vertices", "vertices sent to the shader cores");
  g.counter("vertex_warps", &warps_, "warps", "vertex warps formed");
  g.counter("primitives", &prims_out_, "primitives", "primitives assembled");
  for (int t = 1; t <= 13; ++t) {
    const std::string_view name = api::to_name(api::Topology(t));
    if (t >= 7 && t <= 9) continue;  // no topology has these numbers
    g.counter("primitives_" + std::string(name), &prims_by_topology_[t], "primitives",
              "primitives assembled from " + std::string(name) + " draws");
  }
  g.counter("index_bytes", &index_bytes_, "bytes", "index bytes the draws read (cuts included)");
  g.counter(
      "attribute_bytes", &attribute_bytes_, "bytes",
      "vertex attribute bytes fetched: the elements the vertex program reads, per new vertex");
  g.formula(
      "bytes_fetched", [this] { return double(index_bytes_ + attribute_bytes_); }, "bytes",
      "index and attribute bytes the input assembler requested");
  g.counter("index_out_of_bounds_reads", &out_of_bounds_, "reads",
            "index reads past the end of the index buffer (they read 0)");
  g.counter("store_full", &store_full_cycles_, "cycles",
            "cycles stalled on a full shaded-vertex store");
  g.formula(
      "reuse_ratio",
      [this] { return indices_ > cuts_ ? double(ptvc_hits_) / double(indices_ - cuts_) : 0.0; },
      "ratio", "share of vertex references served without shading");
  index_cache_.register_stats(g);
  vertex_cache_.register_stats(g);
}

}  // namespace gfx::ia
