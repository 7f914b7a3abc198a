#include "shader/shader_core.h"

#include <algorithm>

namespace gfx::shader {

ShaderCore::ShaderCore(int index, const ShaderConfig& cfg, sim::MemoryPort& l2)
    : index_(index),
      cfg_(cfg),
      timing_(cfg),
      slots_(cfg.warp_slots),
      free_slots_((cfg.warp_slots + 63) / 64, ~uint64_t(0)),
      tex_cache_("texture_cache", cfg.texture_cache, l2),
      const_cache_("constant_cache", cfg.constant_cache, l2),
      issue_policy_(make_issue_policy(cfg.issue_policy, "shader.core" + std::to_string(index))) {
  // The bits past the last slot are never free.
  if (cfg.warp_slots % 64) free_slots_.back() = (uint64_t(1) << (cfg.warp_slots % 64)) - 1;
}

WarpSlot* ShaderCore::free_slot(uint32_t registers) {
  if (registers_used_ + registers > cfg_.register_file) return nullptr;
  for (size_t w = 0; w < free_slots_.size(); ++w)
    if (free_slots_[w]) return &slots_[64 * w + size_t(__builtin_ctzll(free_slots_[w]))];
  return nullptr;
}

void ShaderCore::mark_free(const WarpSlot& s, bool free) {
  const size_t i = size_t(&s - slots_.data());
  const uint64_t bit = uint64_t(1) << (i % 64);
  free_slots_[i / 64] = free ? free_slots_[i / 64] | bit : free_slots_[i / 64] & ~bit;
}

void ShaderCore::note_residency(Cycle now) {
  resident_integral_ += uint64_t(resident_) * (now - resident_since_);
  resident_since_ = now;
}

void ShaderCore::occupy(WarpSlot& s, uint32_t registers, Cycle now) {
  note_residency(now);
  mark_free(s, false);
  s.used = true;
  s.pc = 0;
  s.tex_cursor = 0;
  s.const_cursor = 0;
  s.constant_ready = 0;
  s.waiting_constant = false;
  s.waiting_texture = false;
  s.texture_latency = false;
  s.handed_off = false;
  s.registers = registers;
  s.age = next_age_++;
  registers_used_ += registers;
  ++resident_;
  ++warps_;
  changed_ = true;
}

void ShaderCore::release(WarpSlot& s, Cycle now) {
  note_residency(now);  // the warp counts as resident up to the cycle it leaves
  registers_used_ -= s.registers;
  --resident_;
  issue_policy_->on_release(s);
  s.used = false;
  mark_free(s, true);
  s.vertex = pipe::VertexWarp{};
  s.pixel.reset();
  changed_ = true;
}

void ShaderCore::issue(WarpSlot& s, Cycle now) {
  const func::Op op = s.record[s.pc];
  const func::OpClass cls = func::op_class(op);
  changed_ = true;
  s.texture_latency = false;
  ++issued_[int(cls)];
  if (cls == func::OpClass::Texture) {
    issue_free_ = now + 1;
    size_t end = s.tex_cursor;
    while (end < s.tex_lines.size() && s.tex_lines[end].first == s.pc) ++end;
    s.waiting_texture = true;
    tex_queue_.push_back({&s, s.tex_cursor, end, now + 1});
    s.tex_cursor = end;
  } else {
    const OpTiming& t = timing_[op];
    issue_free_ = now + t.issue;
    s.ready_at = now + t.issue + t.latency - 1;
  }
  ++s.pc;
  if (s.finished())
    finishing_.push_back(&s);
  else
    fetch_constants(s, now);
}

void ShaderCore::fetch_constants(WarpSlot& s, Cycle now) {
  size_t end = s.const_cursor;
  while (end < s.const_lines.size() && s.const_lines[end].first == s.pc) ++end;
  if (end == s.const_cursor) return;
  changed_ = true;
  s.waiting_constant = true;
  const_queue_.push_back({&s, s.const_cursor, end, now});
  s.const_cursor = end;
}

bool ShaderCore::constant_tick(Cycle now) {
  if (const_queue_.empty() || now < const_retry_) return false;
  bool worked = false;
  // As many lookups as the cache's ports take this cycle, oldest request first; a refused
  // one (no port, MSHR or way) is retried when the cache says.
  while (!const_queue_.empty()) {
    ConstRequest& r = const_queue_.front();
    for (; r.next < r.end; ++r.next) {
      const auto a =
          const_cache_.read_line(now, r.slot->const_lines[r.next].second, sim::Client::Constant);
      if (!a.ok) {
        const_retry_ = a.ready;
        return worked;
      }
      r.ready = std::max(r.ready, a.ready);
      ++const_lines_;
      worked = true;
    }
    r.slot->waiting_constant = false;
    r.slot->constant_ready = r.ready;
    changed_ = true;
    const_queue_.pop_front();
    worked = true;
  }
  return worked;
}

bool ShaderCore::texture_tick(Cycle now) {
  if (tex_queue_.empty() || now < tex_retry_) return false;
  bool worked = false;
  for (uint32_t n = 0; n < cfg_.texture_lookups_per_cycle && !tex_queue_.empty();) {
    TexRequest& r = tex_queue_.front();
    if (r.next < r.end) {
      const auto a =
          tex_cache_.read_line(now, r.slot->tex_lines[r.next].second, sim::Client::Texture);
      if (!a.ok) {
        tex_retry_ = a.ready;
        return worked;
      }
      r.ready = std::max(r.ready, a.ready);
      ++r.next;
      ++n;
      ++tex_lines_;
      worked = true;
    }
    if (r.next == r.end) {
      r.slot->waiting_texture = false;
      r.slot->texture_latency = true;
      r.slot->ready_at = std::max(r.ready, now + 1) + cfg_.texture_latency;
      changed_ = true;
      tex_queue_.pop_front();
      worked = true;
    }
  }
  return worked;
}

ShaderCore::Survey ShaderCore::survey(Cycle now) const {
  Survey v;
  bool dep = false, tex = false, cst = false;
  for (const WarpSlot& s : slots_) {
    if (!s.used || s.handed_off) continue;  // a warp held for the ROP waits on the cluster
    // What the warp waits for (rest); a wait that ends at a known cycle bounds `until`.
    if (s.waiting_texture) {
      tex = true;
    } else if (s.ready_at > now) {
      (s.texture_latency ? tex : dep) = true;
      v.until = std::min(v.until, s.ready_at);
    } else if (s.waiting_constant) {  // the result is there, the lines not
      cst = true;
    } else if (s.constant_ready > now) {
      cst = true;
      v.until = std::min(v.until, s.constant_ready);
    }
    if (s.waiting_texture || s.waiting_constant) continue;  // their queues wake the core
    // When the warp can move next (next_wake), and issue if it has instructions left.
    const Cycle ready = std::max(s.ready_at, s.constant_ready);
    if (!s.finished()) v.issue_at = std::min(v.issue_at, ready);
    v.slot_wake = std::min(v.slot_wake, s.finished() ? ready : std::max(ready, issue_free_));
    // A result ready before the constant lines turns a dependency stall into a constant
    // one: wake then, so the cycles in between are counted as what they are.
    if (s.ready_at > now && s.constant_ready > s.ready_at) v.split = std::min(v.split, s.ready_at);
  }
  v.rest = dep ? CoreState::Dependency
               : cst ? CoreState::Constant : tex ? CoreState::Texture : CoreState::Idle;
  return v;
}

const ShaderCore::Survey& ShaderCore::current_survey(Cycle now) {
  if (changed_ || now >= survey_.until) {
    survey_ = survey(now);
    changed_ = false;
  }
  return survey_;
}

void ShaderCore::attribute(Cycle end) {
  if (end <= from_) return;
  // Cycles the driver skipped: the port stayed busy until issue_free_, then the state the
  // last tick left held (any other change would have been a wake-up).
  const Cycle busy_end = std::min(end, std::max(from_, issue_free_));
  state_cycles_[int(CoreState::Issue)] += busy_end - from_;
  state_cycles_[int(rest_)] += end - busy_end;
  from_ = end;
}

bool ShaderCore::tick(Cycle now) {
  attribute(now);
  from_ = now + 1;
  // The policy sees every cycle the port was free, skipped ones too: in those no warp
  // could issue (the core would have woken), which none_ready() tells it. Otherwise
  // greedy_then_oldest would keep its warp across a stall or not depending on whether
  // some other unit happened to wake the GPU in between.
  if (std::max(after_tick_, issue_free_) < now) issue_policy_->none_ready();
  after_tick_ = now + 1;
  if (resident_ == 0 && tex_queue_.empty() && const_queue_.empty()) {
    ++state_cycles_[int(CoreState::Idle)];
    rest_ = CoreState::Idle;
    return false;
  }
  bool worked = texture_tick(now);
  bool issuing = now < issue_free_;  // the port is still busy with a multi-cycle issue
  if (!issuing) {
    // The policy's scan only when a warp may issue: a kept survey knows when none can.
    if (!changed_ && now < survey_.issue_at) {
      issue_policy_->none_ready();
    } else if (WarpSlot* s = issue_policy_->pick(slots_, now)) {
      issue(*s, now);
      issuing = true;
    }
  }
  // After the issue, so the next instruction's constant lines are looked up in this cycle.
  worked |= constant_tick(now);
  rest_ = current_survey(now).rest;
  ++state_cycles_[int(issuing ? CoreState::Issue : rest_)];
  return worked || issuing;
}

Cycle ShaderCore::next_wake(Cycle now) const {
  if (resident_ == 0 && tex_queue_.empty() && const_queue_.empty()) return kNever;
  Cycle next = kNever;
  if (!tex_queue_.empty()) next = std::max(now + 1, tex_retry_);
  if (!const_queue_.empty()) next = std::min(next, std::max(now + 1, const_retry_));
  // The tick at `now` left a survey that holds; anything else (a caller between ticks)
  // gets a fresh one.
  const Survey v = changed_ || now >= survey_.until ? survey(now) : survey_;
  return std::min({next, std::max(now + 1, v.slot_wake), v.split});
}

void ShaderCore::settle(Cycle end) {
  note_residency(end);
  attribute(end);
}

void ShaderCore::register_stats(stats::Group& parent) {
  stats::Group& g = parent.child("core" + std::to_string(index_), "one shader core");
  g.counter("warps", &warps_, "warps", "warps executed");
  g.counter("issued_alu", &issued_[int(func::OpClass::Alu)], "instructions",
            "ALU instructions issued");
  g.counter("issued_transcendental", &issued_[int(func::OpClass::Transcendental)], "instructions",
            "transcendental instructions issued");
  g.counter("issued_integer", &issued_[int(func::OpClass::Integer)], "instructions",
            "SM4 integer and bit instructions issued");
  g.counter("issued_texture", &issued_[int(func::OpClass::Texture)], "instructions",
            "texture instructions issued");
  g.counter("issued_flow", &issued_[int(func::OpClass::Flow)], "instructions",
            "flow-control instructions issued (incl. the final end)");
  // The five state counters add up to the run's cycles.
  g.counter("issue_cycles", &state_cycles_[int(CoreState::Issue)], "cycles",
            "cycles the issue port was busy");
  g.counter("stall_dependency_cycles", &state_cycles_[int(CoreState::Dependency)], "cycles",
            "cycles nothing issued and a resident warp waited on an earlier result");
  g.counter("stall_texture_cycles", &state_cycles_[int(CoreState::Texture)], "cycles",
            "cycles nothing issued and every waiting warp waited on the texture unit");
  g.counter("stall_constant_cycles", &state_cycles_[int(CoreState::Constant)], "cycles",
            "cycles nothing issued, no warp waited on a result and a warp waited for its "
            "constant-buffer lines");
  g.counter("idle_cycles", &state_cycles_[int(CoreState::Idle)], "cycles",
            "cycles with no resident warp to issue from or wait for");
  g.counter("texture_lines", &tex_lines_, "lines", "texture cache lines looked up");
  g.counter("constant_lines", &const_lines_, "lines", "constant cache lines looked up");
  const uint32_t line = cfg_.constant_cache.line_bytes;
  g.formula(
      "constant_bytes", [this, line] { return double(const_cache_.misses()) * line; }, "bytes",
      "constant-buffer bytes the constant cache fetched from the L2 (misses x line size)");
  g.counter("resident_warp_cycles", &resident_integral_, "warp-cycles",
            "sum over cycles of resident warps (divide by cycles for the average)");
  g.formula(
      "utilization",
      [this] {
        uint64_t all = 0;
        for (uint64_t c : state_cycles_) all += c;
        return all ? double(state_cycles_[int(CoreState::Issue)]) / double(all) : 0.0;
      },
      "ratio", "share of the core's cycles in which it issued (issue_cycles / all its cycles)");
  tex_cache_.register_stats(g);
  const_cache_.register_stats(g);
}

}  // namespace gfx::shader
