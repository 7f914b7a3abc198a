// One unified shader core: resident warps (slots) limited by thread slots and the
// register file, an issue port shared by all of them, and a texture unit with its own L1.
//
// A warp is executed functionally when it is dispatched (results do not depend on time);
// what remains for the timing model is the record of the instructions it executed and
// the cache lines its texture instructions touched. The core replays that record: one
// instruction issues per free issue cycle from a ready warp chosen by the issue policy;
// an instruction occupies the port for warp_width / lanes cycles (times the
// transcendental rate) and its result is ready `latency` cycles later, before which the
// warp's next instruction cannot issue (each instruction is taken to depend on the one
// before). Texture instructions queue their lines at the texture unit, which looks up
// `texture_lookups_per_cycle` lines per cycle; the warp waits for the last line plus
// the filtering latency.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "func/shader/isa.h"
#include "pipe/items.h"
#include "shader/shader_config.h"
#include "sim/cache.h"

namespace gfx::shader {

struct WarpSlot {
  bool used = false;
  bool is_vertex = false;
  pipe::VertexWarp vertex;
  pipe::PixelWarpPtr pixel;
  std::vector<func::OpClass> record;
  std::vector<std::pair<uint32_t, Addr>> tex_lines;  // (issue index, line)
  size_t pc = 0;
  size_t tex_cursor = 0;
  Cycle ready_at = 0;      // the next instruction may issue
  bool waiting_texture = false;  // lookups still queued at the texture unit
  bool texture_latency = false;  // ready_at comes from texels in flight, not an ALU result
  uint32_t registers = 0;  // float4 registers held
  uint64_t age = 0;        // dispatch order, for greedy-then-oldest

  bool finished() const { return pc >= record.size(); }
  bool handed_off = false;  // finished and waiting in the cluster's output order
};

class ShaderCore {
 public:
  ShaderCore(int index, const ShaderConfig& cfg, sim::MemoryPort& l2);

  // A slot that can take a warp needing `registers`, or nullptr.
  WarpSlot* free_slot(uint32_t registers);
  void occupy(WarpSlot& s, uint32_t registers, Cycle now);
  void release(WarpSlot& s);

  // Issues at most one instruction and advances the texture unit. Returns true if work
  // was done.
  bool tick(Cycle now);
  // Earliest cycle after `now` at which tick() can do something (kNever if none).
  Cycle next_wake(Cycle now) const;

  std::vector<WarpSlot>& slots() { return slots_; }
  // Warps that issued their last instruction, for the cluster to retire once their last
  // result is ready (so it never scans every slot).
  std::vector<WarpSlot*>& finishing() { return finishing_; }
  uint32_t resident() const { return resident_; }
  bool texture_busy() const { return !tex_queue_.empty(); }
  void settle(Cycle now);
  void register_stats(stats::Group& parent);

 private:
  WarpSlot* pick(Cycle now);
  void issue(WarpSlot& s, Cycle now);
  bool texture_tick(Cycle now);
  void note_residency(Cycle now);

  struct TexRequest {
    WarpSlot* slot;
    size_t next;   // index into slot->tex_lines
    size_t end;
    Cycle ready;   // latest line arrival so far
  };

  int index_;
  const ShaderConfig& cfg_;
  std::vector<WarpSlot> slots_;
  sim::Cache tex_cache_;
  uint32_t registers_used_ = 0, resident_ = 0;
  uint64_t next_age_ = 0;
  size_t rr_ = 0;
  WarpSlot* last_ = nullptr;  // greedy-then-oldest keeps issuing from this warp
  bool greedy_ = false;
  Cycle issue_free_ = 0;
  std::deque<TexRequest> tex_queue_;
  std::vector<WarpSlot*> finishing_;
  Cycle tex_retry_ = 0;

  uint64_t issued_[4] = {0, 0, 0, 0};  // by OpClass
  uint64_t warps_ = 0, stall_dependency_ = 0, stall_texture_ = 0, tex_lines_ = 0;
  uint64_t resident_integral_ = 0;
  Cycle resident_since_ = 0;
};

}  // namespace gfx::shader
