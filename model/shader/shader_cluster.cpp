#include "shader/shader_cluster.h"

#include <algorithm>

#include "common/error.h"
#include "func/pipeline/stages.h"

namespace gfx::shader {

ShaderCluster::ShaderCluster(sc_core::sc_module_name name, const ShaderConfig& cfg,
                             pipe::Queue<pipe::VertexWarp>& vertex_in,
                             pipe::Queue<pipe::PixelWarpPtr>& pixel_in,
                             pipe::Queue<pipe::PixelWarpPtr>& pixel_out, pipe::VertexStore& store,
                             const sim::ReorderWindow& out_credit, memory::MemorySystem& memory)
    : sc_core::sc_module(name),
      sim::Unit(basename()),
      cfg_(cfg),
      vertex_in_(vertex_in),
      pixel_in_(pixel_in),
      pixel_out_(pixel_out),
      store_(store),
      out_credit_(out_credit),
      texture_path_(memory, cfg.texture_cache.line_bytes,
                    forced_texture_layout(cfg.texture_layout)),
      constant_path_(cfg.constant_cache.line_bytes),
      shaded_(func::kMaxLanes) {
  for (uint32_t i = 0; i < cfg_.cores; ++i)
    cores_.push_back(std::make_unique<ShaderCore>(int(i), cfg_, memory.port()));
}

void ShaderCluster::take_ready_markers() {
  while (vertex_in_.marker_ready()) {
    vertex_in_.pop_marker();  // the same marker as the pixel copy, which goes on
    vertex_markers_.push_back(vertex_dispatched_end_);
  }
  while (pixel_in_.marker_ready()) pixel_markers_.push_back(pixel_in_.pop_marker());
}

bool ShaderCluster::marker_can_go() const {
  if (vertex_markers_.empty() || pixel_markers_.empty())
    return false;  // a copy is still on its way
  return vertex_running_.none_below(vertex_markers_.front()) &&
         pixel_running_.none_below(pixel_markers_.front().warps_before);
}

void ShaderCluster::forward_ready_markers() {
  while (marker_can_go()) {
    pixel_out_.push_marker(std::move(pixel_markers_.front()));
    pixel_markers_.pop_front();
    vertex_markers_.pop_front();
  }
}

uint32_t ShaderCluster::registers_for(const func::Program& p) const {
  return std::max<uint32_t>(1, p.num_temps) * cfg_.warp_width;
}

void ShaderCluster::check_fits(const func::DrawContext& d) {
  if (d.id == checked_draw_) return;
  checked_draw_ = d.id;
  // A warp needing more registers than a whole core has would wait for a slot forever.
  for (const func::Program* p : {d.vertex_program.get(), d.pixel_program.get()}) {
    if (!p) continue;
    const uint32_t need = registers_for(*p);
    if (need <= cfg_.register_file) continue;
    const uint32_t temps = std::max<uint32_t>(1, p->num_temps);
    throw Error(d.where + ": draw " + std::to_string(d.id) + " (" + d.call + "): the " +
                (p->stage == api::ShaderStage::Vertex ? "vertex" : "pixel") + " program '" +
                p->name + "' needs " + std::to_string(temps) + " temporary registers x " +
                std::to_string(cfg_.warp_width) +
                " threads (shader.warp_width) = " + std::to_string(need) +
                " float4 registers per warp, more than a core's register "
                "file holds (shader.register_file = " +
                std::to_string(cfg_.register_file) + ")");
  }
}

ShaderCore* ShaderCluster::core_for(uint32_t registers, WarpSlot** slot) {
  // Round-robin over cores so work spreads evenly.
  for (size_t k = 0; k < cores_.size(); ++k) {
    ShaderCore& c = *cores_[(next_core_ + k) % cores_.size()];
    if (WarpSlot* s = c.free_slot(registers)) {
      next_core_ = (next_core_ + k + 1) % cores_.size();
      *slot = s;
      return &c;
    }
  }
  slot_blocked_ = true;
  return nullptr;
}

bool ShaderCluster::dispatch_vertex(Cycle now) {
  if (!vertex_in_.can_pop(now)) {
    // A marker just reached the front (the warp before it left in this loop): take it, so
    // the warps behind it are not held back.
    if (!vertex_in_.marker_ready()) return false;
    take_markers();
    if (!vertex_in_.can_pop(now)) return false;
  }
  const func::DrawContext& d = *vertex_in_.front().draw->ctx;
  if (d.pretransformed) return bypass_vertex(now, d);
  check_fits(d);
  WarpSlot* s = nullptr;
  ShaderCore* core = core_for(registers_for(*d.vertex_program), &s);
  if (!core) return false;
  core->occupy(*s, registers_for(*d.vertex_program), now);
  s->is_vertex = true;
  s->vertex = vertex_in_.pop(now);
  s->record.clear();
  s->tex_lines.clear();
  s->const_lines.clear();
  texture_path_.begin(&s->tex_lines);
  func::ConstantReadSink* constants = constant_path_.begin(d.vs_constant_buffers, &s->const_lines);
  const pipe::VertexWarp& w = s->vertex;
  vertex_running_.add(w.first_seq);
  vertex_dispatched_end_ = w.first_seq + w.count;
  const int out_of_bounds =
      func::shade_vertices(d, w.fetch_index.data(), int(w.count), scratch_, shaded_.data(), nullptr,
                           &texture_path_, w.instance, &s->record, constants);
  s->vertex.draw->counts.out_of_bounds += uint64_t(out_of_bounds);
  for (uint32_t l = 0; l < w.count; ++l) store_.at(w.first_seq + l) = shaded_[l];
  s->ready_at = now + cfg_.dispatch_cycles;
  core->fetch_constants(*s, now);
  ++vertex_warps_;
  return true;
}

bool ShaderCluster::bypass_vertex(Cycle now, const func::DrawContext& d) {
  // Pre-transformed vertices get no vertex processing: their warp takes one of the
  // cluster's dispatches of this cycle (the fetch hand-off) and no core, slot, register or
  // instruction; the vertices are in the store one cycle later.
  const pipe::VertexWarp w = vertex_in_.pop(now);
  vertex_dispatched_end_ = w.first_seq + w.count;
  const int out_of_bounds = func::shade_vertices(d, w.fetch_index.data(), int(w.count), scratch_,
                                                 shaded_.data(), nullptr, nullptr, w.instance);
  w.draw->counts.out_of_bounds += uint64_t(out_of_bounds);
  for (uint32_t l = 0; l < w.count; ++l) {
    store_.at(w.first_seq + l) = shaded_[l];
    store_.set_ready(w.first_seq + l, now + 1);
  }
  w.draw->last_activity = now;
  pretransformed_vertices_ += w.count;
  return true;
}

bool ShaderCluster::dispatch_pixel(Cycle now) {
  if (!pixel_in_.can_pop(now)) {
    if (!pixel_in_.marker_ready()) return false;
    take_markers();
    if (!pixel_in_.can_pop(now)) return false;
  }
  const func::DrawContext& d = *pixel_in_.front()->draw->ctx;
  check_fits(d);
  WarpSlot* s = nullptr;
  ShaderCore* core = core_for(registers_for(*d.pixel_program), &s);
  if (!core) return false;
  core->occupy(*s, registers_for(*d.pixel_program), now);
  s->is_vertex = false;
  s->pixel = pixel_in_.pop(now);
  s->record.clear();
  s->tex_lines.clear();
  s->const_lines.clear();
  texture_path_.begin(&s->tex_lines);
  func::ConstantReadSink* constants = constant_path_.begin(d.ps_constant_buffers, &s->const_lines);
  pipe::PixelWarp& w = *s->pixel;
  pixel_running_.add(w.seq);
  const func::TriangleSetup* tris[pipe::kMaxQuadsPerWarp];
  for (uint32_t q = 0; q < w.quads; ++q) tris[q] = w.tri[q].get();
  func::shade_quads(d, w.quad.data(), tris, int(w.quads), scratch_, w.results, nullptr,
                    &texture_path_, &s->record, constants);
  // Attribute interpolation runs ahead of the first instruction.
  const uint32_t interpolants = uint32_t(d.pixel_program->pixel_inputs.size()) * w.quads;
  s->ready_at = now + cfg_.dispatch_cycles +
                (interpolants + cfg_.interpolants_per_cycle - 1) / cfg_.interpolants_per_cycle;
  core->fetch_constants(*s, now);
  ++pixel_warps_;
  return true;
}

bool ShaderCluster::dispatch(Cycle now) {
  bool any = false;
  slot_blocked_ = false;  // set by core_for when a waiting warp finds no room
  // One warp per core per cycle at most: as many dispatches as there are cores.
  for (size_t n = 0; n < cores_.size(); ++n) {
    if (dispatch_vertex(now) || dispatch_pixel(now))
      any = true;
    else
      break;
  }
  // Work could have been taken but no core had room. Until the next tick nothing is
  // released (releases happen in ticks), so the skipped cycles share this state.
  if (slot_blocked_) ++no_slot_cycles_;
  return any;
}

void ShaderCluster::complete(ShaderCore& core, WarpSlot& s, Cycle now) {
  if (s.is_vertex) {
    pipe::VertexWarp& w = s.vertex;
    for (uint32_t l = 0; l < w.count; ++l) store_.set_ready(w.first_seq + l, now);
    pipe::DrawState& d = *w.draw;
    vertex_running_.finish(w.first_seq);
    d.counts.vertices_shaded += w.count;
    d.last_activity = now;
    vertices_ += w.count;
  } else {
    uint64_t pixels = 0;
    for (uint32_t q = 0; q < s.pixel->quads; ++q)
      pixels += uint64_t(__builtin_popcount(s.pixel->quad[q].mask));
    pixels_ += pixels;
    s.pixel->draw->counts.pixels_shaded += pixels;  // what early Z left to shade
    pixel_running_.finish(s.pixel->seq);
    pixel_out_.push(now, std::move(s.pixel));
  }
  core.release(s, now);
}

sim::Activity ShaderCluster::tick(Cycle now) {
  if (slot_blocked_) no_slot_cycles_ += now - from_;
  from_ = now + 1;
  // Markers first: what finished in earlier cycles lets them go on in this one (the ROP,
  // ticked after the cluster, sees them in this cycle).
  take_markers();
  forward_markers();
  bool worked = false;
  // Finished vertex warps retire at once; finished pixel warps go to the ROP oldest first,
  // as far as its reorder window and input queue allow.
  for (auto& c : cores_) {
    auto& finishing = c->finishing();
    for (size_t i = 0; i < finishing.size();) {
      WarpSlot& s = *finishing[i];
      if (s.waiting_texture || s.ready_at > now) {
        ++i;
        continue;
      }
      finishing[i] = finishing.back();
      finishing.pop_back();
      if (s.is_vertex) {
        complete(*c, s, now);
        worked = true;
      } else {
        c->hand_off(s);
        done_pixels_.emplace(s.pixel->seq, std::make_pair(c.get(), &s));
      }
    }
  }
  for (auto it = done_pixels_.begin(); it != done_pixels_.end();) {
    if (!pixel_out_.can_push(now) || !out_credit_.can_send(it->first)) {
      output_blocked_ += done_pixels_.size();  // these warps keep their slots this cycle
      ++output_full_cycles_;  // held warps wake the cluster every cycle: none is skipped
      break;
    }
    complete(*it->second.first, *it->second.second, now);
    it = done_pixels_.erase(it);
    worked = true;
  }
  worked |= dispatch(now);
  bool memory_wait = false;  // lookups queued at a texture or constant cache
  for (auto& c : cores_) {
    worked |= c->tick(now);
    memory_wait |= c->texture_busy() || c->constant_busy();
  }
  if (worked) return sim::Activity::Busy;
  if (memory_wait) return sim::Activity::StallMemory;
  return has_work() ? sim::Activity::Wait : sim::Activity::Idle;
}

bool ShaderCluster::has_work() const {
  if (!vertex_in_.empty() || !pixel_in_.empty()) return true;
  for (const auto& c : cores_)
    if (c->resident() > 0) return true;
  return false;
}

Cycle ShaderCluster::next_wake(Cycle now) const {
  Cycle next = done_pixels_.empty() ? kNever : now + 1;  // the ROP may take them next cycle
  // A marker to take, or one that can go on.
  if (vertex_in_.marker_ready() || pixel_in_.marker_ready() || marker_can_go()) next = now + 1;
  for (const auto& c : cores_) next = std::min(next, c->next_wake(now));
  // Waiting input: try again next cycle if it can be popped (a slot may be free then);
  // if every slot is taken, a completing warp's wake covers it.
  bool slot_free = false;
  for (const auto& c : cores_) slot_free |= c->resident() < cfg_.warp_slots;
  if (!slot_free) return next;
  if (!vertex_in_.empty())
    next = std::min(next, std::max(now + 1, vertex_in_.next_pop_cycle(now + 1)));
  if (!pixel_in_.empty())
    next = std::min(next, std::max(now + 1, pixel_in_.next_pop_cycle(now + 1)));
  return next;
}

void ShaderCluster::settle_more(Cycle now) {
  if (slot_blocked_ && now > from_) no_slot_cycles_ += now - from_;
  if (now > from_) from_ = now;
  for (auto& c : cores_) c->settle(now);
}

void ShaderCluster::register_stats(stats::Group& g) {
  register_activity_stats(g);
  g.counter("vertex_warps", &vertex_warps_, "warps", "vertex warps dispatched");
  g.counter("pixel_warps", &pixel_warps_, "warps", "pixel warps dispatched");
  g.counter("vertices", &vertices_, "vertices", "vertices shaded");
  g.counter("pretransformed_vertices", &pretransformed_vertices_, "vertices",
            "pre-transformed (POSITIONT) vertices passed to the vertex store without shading");
  g.counter("pixels", &pixels_, "pixels", "covered pixels shaded");
  g.counter("output_blocked", &output_blocked_, "warp-cycles",
            "finished pixel warps held in their slot because the ROP's reorder buffer was full");
  g.counter("output_full_cycles", &output_full_cycles_, "cycles",
            "cycles a finished pixel warp was held because the ROP could not take it");
  g.counter("no_free_slot_cycles", &no_slot_cycles_, "cycles",
            "cycles where a waiting warp found no core with a free slot and registers");
  for (auto& c : cores_) c->register_stats(g);
}

}  // namespace gfx::shader
