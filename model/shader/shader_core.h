// One unified shader core: resident warps (slots) limited by thread slots and the
// register file, an issue port shared by all of them, and a texture unit with its own L1.
//
// A warp is executed functionally when it is dispatched (results do not depend on time);
// what remains for the timing model is the record of the opcodes it executed and the
// cache lines its texture instructions touched. The core replays that record: one
// instruction issues per free issue cycle from a ready warp chosen by the issue policy
// (shader/issue/, by the name in ShaderConfig::issue_policy);
// an instruction occupies the port and its result is ready after the cycles the op's
// entry in the OpTimingTable gives (op_timing.h), before which the warp's next
// instruction cannot issue (each instruction is taken to depend on the one before).
// Texture instructions queue their lines at the texture unit, which looks up
// `texture_lookups_per_cycle` lines per cycle; the warp waits for the last line plus
// the filtering latency.
//
// Constant-buffer operands (D3D10 draws; constant_path.h) are fetched from the core's
// constant cache while the instruction before executes: when a warp is dispatched, and
// whenever it issues an instruction, the constant lines its next instruction reads are
// queued at the constant cache, which looks them up as its ports allow (misses go to the
// L2 as client Constant). The next instruction issues once its lines have arrived (a hit:
// `constant_cache.hit_latency` after the lookup), so a hit no longer than the ALU latency
// hides behind the previous result, and a miss stalls the warp.
//
// Every cycle of the run is attributed to one CoreState, skipped cycles included: the
// state a tick leaves behind holds until the next tick, except that a multi-cycle issue
// ends at a known cycle, so the split is made there. issue + dependency + constant +
// texture + idle therefore equals the cycles up to the last settle().
//
// The clock driver ticks the cluster, and so every core, whenever any unit of the GPU has
// something to do, which on a busy GPU is nearly every cycle, while a core whose warps
// wait for texels has nothing to do for hundreds of cycles. So the core does not scan its
// slots on every tick: one pass over them (survey()) yields what the scans would find (the
// state to attribute, the earliest cycle a warp may issue, its wake-up), and that answer
// holds until the slots change (a dispatch, an issue, an arrival of lines, a retirement)
// or until the first cycle a waiting warp's result or lines arrive, whichever is first.
// In between a tick costs a few comparisons, and does and counts exactly what a full one
// would.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "func/shader/isa.h"
#include "pipe/items.h"
#include "shader/issue/issue_policy.h"
#include "shader/op_timing.h"
#include "shader/shader_config.h"
#include "shader/warp_slot.h"
#include "sim/cache.h"

namespace gfx::shader {

// What a core's cycle went to.
enum class CoreState : uint8_t {
  Issue,       // the issue port was busy (an instruction issued or is still issuing)
  Dependency,  // a resident warp waited for an earlier result (ALU, interpolation, last op)
  Texture,     // every waiting warp waited for texels or the filtering latency
  Idle,        // no resident warp had anything to wait for or issue
  Constant,    // no warp waited on a result, and one waited for its constant-buffer lines
};
constexpr int kNumCoreStates = 5;

class ShaderCore {
 public:
  ShaderCore(int index, const ShaderConfig& cfg, sim::MemoryPort& l2);

  // A slot that can take a warp needing `registers`, or nullptr.
  WarpSlot* free_slot(uint32_t registers);
  void occupy(WarpSlot& s, uint32_t registers, Cycle now);
  void release(WarpSlot& s, Cycle now);
  // The finished warp of `s` waits in the cluster's output order from now on: the core no
  // longer counts it as waiting for anything.
  void hand_off(WarpSlot& s) {
    s.handed_off = true;
    changed_ = true;
  }

  // Queues at the constant cache the constant lines the warp's next instruction reads, if
  // any. The cluster calls it once a dispatched warp's record is filled; issue() calls it
  // for the instruction after the one it issues.
  void fetch_constants(WarpSlot& s, Cycle now);

  // Issues at most one instruction and advances the texture unit and the constant cache.
  // Returns true if work was done.
  bool tick(Cycle now);
  // Earliest cycle after `now` at which tick() can do something (kNever if none).
  Cycle next_wake(Cycle now) const;

  std::vector<WarpSlot>& slots() { return slots_; }
  // Warps that issued their last instruction, for the cluster to retire once their last
  // result is ready (so it never scans every slot).
  std::vector<WarpSlot*>& finishing() { return finishing_; }
  uint32_t resident() const { return resident_; }
  bool texture_busy() const { return !tex_queue_.empty(); }
  bool constant_busy() const { return !const_queue_.empty(); }
  // Attributes the cycles up to (excluding) `end`; a later call adds only the cycles after.
  void settle(Cycle end);
  void register_stats(stats::Group& parent);

  uint64_t cycles(CoreState st) const { return state_cycles_[int(st)]; }
  uint64_t issued(func::OpClass cls) const { return issued_[int(cls)]; }
  const OpTimingTable& timing() const { return timing_; }

 private:
  void issue(WarpSlot& s, Cycle now);
  bool texture_tick(Cycle now);
  bool constant_tick(Cycle now);
  void note_residency(Cycle now);
  void attribute(Cycle end);
  void mark_free(const WarpSlot& s, bool free);

  // What the slots say at cycle `now`, from one pass over them. `issue_at`, `slot_wake`
  // depend on the slots only; `rest` and `split` also on `now`, and stay true for every
  // cycle before `until` as long as the slots do not change.
  struct Survey {
    CoreState rest = CoreState::Idle;  // the state to attribute when nothing issues
    Cycle issue_at = kNever;   // earliest cycle a warp may issue, the port aside
    Cycle slot_wake = kNever;  // earliest cycle a waiting warp can move (its result, lines
                               // and the port), before the max with now + 1
    Cycle split = kNever;      // earliest result due before its warp's constant lines: the
                               // cycle a dependency stall turns into a constant one
    Cycle until = kNever;      // first cycle after `now` at which `rest` or `split` may change
  };
  Survey survey(Cycle now) const;
  // The survey for a tick at `now`: the kept one while it holds, a fresh one otherwise.
  const Survey& current_survey(Cycle now);

  struct TexRequest {
    WarpSlot* slot;
    size_t next;  // index into slot->tex_lines
    size_t end;
    Cycle ready;  // latest line arrival so far
  };
  struct ConstRequest {
    WarpSlot* slot;
    size_t next;  // index into slot->const_lines
    size_t end;
    Cycle ready;  // latest line arrival so far
  };

  int index_;
  const ShaderConfig& cfg_;
  OpTimingTable timing_;
  std::vector<WarpSlot> slots_;
  // Free slots as bits, slot i at bit i % 64 of word i / 64: free_slot() takes the lowest
  // without walking the slots (it is asked on every dispatch try, mostly of a full core).
  std::vector<uint64_t> free_slots_;
  sim::Cache tex_cache_;
  sim::Cache const_cache_;
  uint32_t registers_used_ = 0, resident_ = 0;
  uint64_t next_age_ = 0;
  std::unique_ptr<IssuePolicy> issue_policy_;
  Cycle issue_free_ = 0;
  std::deque<TexRequest> tex_queue_;
  std::vector<WarpSlot*> finishing_;
  Cycle tex_retry_ = 0;
  std::deque<ConstRequest> const_queue_;
  Cycle const_retry_ = 0;
  // The last survey, and whether a slot changed since (then it no longer holds).
  Survey survey_;
  bool changed_ = true;
  Cycle after_tick_ = 0;  // the cycle after the last tick

  uint64_t issued_[func::kNumOpClasses] = {};  // by OpClass
  uint64_t warps_ = 0, tex_lines_ = 0, const_lines_ = 0;
  uint64_t state_cycles_[kNumCoreStates] = {};  // by CoreState
  CoreState rest_ = CoreState::Idle;            // the state left by the last tick
  Cycle from_ = 0;                              // first cycle not yet attributed
  uint64_t resident_integral_ = 0;
  Cycle resident_since_ = 0;
};

}  // namespace gfx::shader
