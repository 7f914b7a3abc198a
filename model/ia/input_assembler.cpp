#include "ia/input_assembler.h"

#include <algorithm>

namespace gfx::ia {

InputAssembler::InputAssembler(sc_core::sc_module_name name, const IaConfig& cfg,
                               uint32_t warp_width, sim::Queue<pipe::DrawRef>& draws,
                               sim::Queue<pipe::VertexWarp>& to_shader,
                               sim::Queue<pipe::PrimitiveItem>& to_setup,
                               pipe::VertexStore& store, memory::MemorySystem& memory)
    : sc_core::sc_module(name),
      sim::Unit("ia"),
      cfg_(cfg),
      warp_width_(warp_width),
      draws_(draws),
      to_shader_(to_shader),
      to_setup_(to_setup),
      store_(store),
      memory_(memory),
      index_cache_("index_cache", cfg.index_cache, memory.port()),
      vertex_cache_("vertex_cache", cfg.vertex_cache, memory.port()) {}

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
  last_index_line_ = ~Addr(0);
  index_ready_ = 0;
  assembler_ = func::PrimitiveAssembler(ctx.topology);
  strip_started_ = false;
  ptvc_.clear();
  ptvc_order_.clear();
  batch_ = pipe::VertexWarp{};
}

void InputAssembler::close_batch() {
  if (batch_.count == 0) return;
  ++batch_.draw->vertex_warps;
  closed_.push_back(std::move(batch_));
  batch_ = pipe::VertexWarp{};
}

void InputAssembler::end_instance() {
  close_batch();
  assembler_.reset();
  strip_started_ = false;
  ptvc_.clear();  // per-instance data may differ: no reuse across instances
  ptvc_order_.clear();
  ++instance_;
  next_ = 0;
}

bool InputAssembler::fetch_index_line(Cycle now) {
  const func::DrawContext& ctx = *draw_->ctx;
  if (!ctx.indexed) return true;
  const uint32_t size = ctx.indices->format == api::Format::Index16 ? 2 : 4;
  const Addr a = index_base_ + (uint64_t(ctx.first) + next_) * size;
  const Addr line = index_cache_.line_of(a);
  if (line == last_index_line_) return true;
  const auto r = index_cache_.read_line(now, a, sim::Client::Index);
  if (!r.ok) return false;
  last_index_line_ = line;
  index_ready_ = std::max(index_ready_, r.ready);
  return true;
}

bool InputAssembler::fetch_attributes(Cycle now, uint32_t fetch_index) {
  const func::DrawContext& ctx = *draw_->ctx;
  if (!attr_pending_) {
    attr_lines_.clear();
    attr_next_ = 0;
    // One contiguous range per stream the declaration reads.
    for (unsigned s = 0; s < api::kMaxStreams; ++s) {
      uint32_t lo = ~0u, hi = 0;
      for (const auto& e : ctx.declaration->elements)
        if (e.stream == s) {
          lo = std::min<uint32_t>(lo, e.offset);
          hi = std::max<uint32_t>(hi, e.offset + api::decl_type_size(e.type));
        }
      if (lo >= hi || !ctx.streams[s].buffer) continue;
      const Addr base = memory_.address_of(ctx.streams[s].buffer, ctx.streams[s].buffer->bytes.size());
      const Addr a0 = base + ctx.streams[s].offset + uint64_t(fetch_index) * ctx.streams[s].stride + lo;
      for (Addr l = vertex_cache_.line_of(a0); l < a0 + (hi - lo); l += cfg_.vertex_cache.line_bytes)
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

InputAssembler::Step InputAssembler::process_index(Cycle now) {
  const func::DrawContext& ctx = *draw_->ctx;
  if (!fetch_index_line(now)) return Step::Refused;
  bool ok = true;
  const uint32_t index = ctx.vertex_index(next_, &ok);
  if (ctx.is_cut(index)) {
    ++cuts_;
    ++indices_;
    ++draw_->counts.indices;
    assembler_.cut();
    strip_started_ = false;
    ++next_;
    return Step::Done;
  }
  const uint32_t fetch = uint32_t(int64_t(index) + ctx.base_vertex);

  uint64_t seq;
  auto hit = cfg_.post_transform_entries ? ptvc_.find(fetch) : ptvc_.end();
  if (hit != ptvc_.end()) {
    seq = hit->second;
    ++ptvc_hits_;
  } else {
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
    if (cfg_.post_transform_entries) {
      ptvc_[fetch] = seq;
      ptvc_order_.push_back(fetch);
      if (ptvc_order_.size() > cfg_.post_transform_entries) {
        auto old = ptvc_.find(ptvc_order_.front());
        if (old != ptvc_.end() && old->second <= seq) ptvc_.erase(old);
        ptvc_order_.pop_front();
      }
    }
  }
  if (!ok) {
    ++out_of_bounds_;
    ++draw_->counts.out_of_bounds;
  }
  ++indices_;
  ++draw_->counts.indices;
  ++next_;
  batch_.data_ready = std::max(batch_.data_ready, index_ready_);

  if (!strip_started_) {
    strip_first_seq_ = seq;
    strip_started_ = true;
  }
  func::Primitive p;
  if (assembler_.push(uint32_t(seq), p) && p.count == 3) {
    pipe::PrimitiveItem item;
    item.draw = draw_;
    for (int k = 0; k < 3; ++k) item.seq[k] = widen(p.v[k]);
    // Later primitives can only reference what the FIFO or the assembler's short history
    // still holds (and a fan's centre vertex).
    const uint64_t window = uint64_t(cfg_.post_transform_entries) + 8;
    uint64_t oldest = store_.next_seq() > window ? store_.next_seq() - window : 0;
    if (ctx.topology == api::Topology::TriangleFan) oldest = std::min(oldest, strip_first_seq_);
    item.oldest_live = oldest;
    prims_.push_back(std::move(item));
    ++draw_->primitives;
    ++draw_->counts.primitives;
    ++prims_out_;
  }
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

  if (!draw_ && draws_.can_pop(now)) start_draw(draws_.pop(now));
  Step step = Step::Done;
  for (uint32_t n = 0; draw_ && n < cfg_.indices_per_cycle; ++n) {
    if (prims_.size() >= 2 * cfg_.indices_per_cycle) { step = Step::Blocked; break; }
    const func::DrawContext& ctx = *draw_->ctx;
    if (next_ == ctx.count || ctx.count == 0) {
      end_instance();
      if (instance_ >= ctx.instance_count) {
        draw_->ia_done = true;  // pending batches and primitives still count in the DrawState
        draw_->last_activity = now;
        draw_.reset();
        break;
      }
      continue;
    }
    step = process_index(now);
    if (step != Step::Done) break;
    worked = true;
  }
  // A partly filled batch goes out when nothing else is coming this draw soon.
  if (!draw_ && batch_.count) close_batch();

  if (worked) return sim::Activity::Busy;
  if (step == Step::Refused || (!closed_.empty() && closed_.front().data_ready > now))
    return sim::Activity::StallMemory;
  if (!closed_.empty() || !prims_.empty() || step == Step::Blocked) return sim::Activity::StallOutput;
  return sim::Activity::Idle;
}

Cycle InputAssembler::next_wake(Cycle now) const {
  // Blocked on a downstream queue the unit polls every cycle: its consumer is busy then,
  // so no idle stretch is lost.
  if (draw_ || !prims_.empty()) return now + 1;
  Cycle next = draws_.empty() ? kNever : std::max(now + 1, draws_.front_ready());
  if (!closed_.empty()) next = std::min(next, std::max(now + 1, closed_.front().data_ready));
  return next;
}

void InputAssembler::register_stats(stats::Group& g) {
  register_activity_stats(g);
  g.counter("indices", &indices_, "indices", "vertex references processed");
  g.counter("cuts", &cuts_, "cuts", "strip-cut indices seen");
  g.counter("post_transform_hits", &ptvc_hits_, "vertices", "references served by the post-transform cache");
  g.counter("vertices_shaded", &vertices_, "vertices", "vertices sent to the shader cores");
  g.counter("vertex_warps", &warps_, "warps", "vertex warps formed");
  g.counter("primitives", &prims_out_, "primitives", "primitives assembled");
  g.counter("index_out_of_bounds_reads", &out_of_bounds_, "reads",
            "index reads past the end of the index buffer (they read 0)");
  g.counter("store_full", &store_full_cycles_, "cycles", "cycles stalled on a full shaded-vertex store");
  g.formula("reuse_ratio", [this] {
    return indices_ > cuts_ ? double(ptvc_hits_) / double(indices_ - cuts_) : 0.0;
  }, "ratio", "share of vertex references served without shading");
  index_cache_.register_stats(g);
  vertex_cache_.register_stats(g);
}

}  // namespace gfx::ia
