// Drives one ShaderCore by hand, the way the cluster does: warps are placed with
// occupy(), finished warps retire once their last result is ready, and the core is ticked
// either every cycle or only at its next_wake (to exercise the skipped-cycle accounting).
#pragma once

#include <vector>

#include "common/error.h"
#include "shader/shader_core.h"
#include "sim/memory_port.h"

namespace gfx::shader::test {

// Memory below the texture cache: every read takes `latency` cycles.
class FixedPort : public sim::MemoryPort {
 public:
  explicit FixedPort(Cycle latency) : latency_(latency) {}
  Cycle read(Cycle now, Addr, uint32_t, sim::Client) override { return now + latency_; }
  Cycle write(Cycle now, Addr, uint32_t, sim::Client) override { return now + 1; }

 private:
  Cycle latency_;
};

// A config small enough to reason about: one core, lanes and latencies set per test.
inline ShaderConfig small_config(uint32_t warp_width, uint32_t lanes, uint32_t alu_latency) {
  ShaderConfig c;
  c.cores = 1;
  c.warp_width = warp_width;
  c.lanes = lanes;
  c.alu_latency = alu_latency;
  c.texture_cache.hit_latency = 1;
  return c;
}

// Places a warp running `ops` (end appended) in a free slot at cycle `now`; `const_lines`
// are the constant-buffer lines its instructions read, (issue index, line), as the
// cluster's ConstantPath would record them, and the first instruction's are queued.
inline WarpSlot& place(ShaderCore& core, std::vector<func::Op> ops, uint32_t registers, Cycle now,
                       std::vector<std::pair<uint32_t, Addr>> const_lines = {}) {
  WarpSlot* s = core.free_slot(registers);
  if (!s) throw Error("test: no free slot");
  core.occupy(*s, registers, now);
  ops.push_back(func::Op::End);
  s->record = std::move(ops);
  s->tex_lines.clear();
  s->const_lines = std::move(const_lines);
  s->ready_at = now;
  core.fetch_constants(*s, now);
  return *s;
}

struct Issue {
  Cycle cycle;
  size_t slot;
  bool operator==(const Issue& o) const { return cycle == o.cycle && slot == o.slot; }
};

// Runs until every warp has retired; returns the issues in order. `retired` receives the
// cycle each slot retired (indexed by slot). The run ends at the last retirement.
inline std::vector<Issue> run(ShaderCore& core, bool skip, std::vector<Cycle>* retired,
                              Cycle* end) {
  std::vector<Issue> issues;
  auto& slots = core.slots();
  std::vector<size_t> pcs(slots.size());
  for (size_t i = 0; i < slots.size(); ++i) pcs[i] = slots[i].pc;
  if (retired) retired->assign(slots.size(), kNever);
  Cycle now = 0;
  for (int guard = 0; guard < 100000; ++guard) {
    auto& fin = core.finishing();
    for (size_t i = 0; i < fin.size();) {
      WarpSlot* s = fin[i];
      if (s->waiting_texture || s->ready_at > now) {
        ++i;
        continue;
      }
      if (retired) (*retired)[size_t(s - slots.data())] = now;
      fin[i] = fin.back();
      fin.pop_back();
      core.release(*s, now);
    }
    if (core.resident() == 0 && !core.texture_busy() && !core.constant_busy()) break;
    core.tick(now);
    for (size_t i = 0; i < slots.size(); ++i) {
      if (slots[i].used && slots[i].pc != pcs[i]) issues.push_back({now, i});
      pcs[i] = slots[i].pc;
    }
    now = skip ? core.next_wake(now) : now + 1;
  }
  core.settle(now);
  *end = now;
  return issues;
}

}  // namespace gfx::shader::test
