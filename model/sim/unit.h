// Unit: the plain-C++ per-cycle part of a timing unit. The unit's sc_module owns it for
// hierarchy and naming (a unit passes its module's name, which also names its stats
// group); the clock driver calls step() only in cycles where some unit can
// make progress, so a unit must also say when it next needs a tick (next_wake) and
// whether anything is still in flight inside it (has_work).
//
// Every cycle of the run is attributed to exactly one activity per unit, including the
// cycles the driver skipped: those take the state the unit was left in (waiting on memory
// or on its own pipeline latency, or idle).
#pragma once

#include <array>
#include <string>

#include "common/types.h"
#include "stats/registry.h"

namespace gfx::sim {

enum class Activity : uint8_t {
  Idle,         // nothing to do
  Busy,         // did work this cycle
  StallMemory,  // waiting for a memory access
  StallOutput,  // work ready but the downstream queue is full
  Wait,         // work in flight inside the unit's own pipeline (latency)
};
constexpr int kNumActivities = 5;

// The activity as its stats counter names it (busy, stall_memory, ...), for messages.
inline const char* activity_name(Activity a) {
  switch (a) {
    case Activity::Idle: return "idle";
    case Activity::Busy: return "busy";
    case Activity::StallMemory: return "stall_memory";
    case Activity::StallOutput: return "stall_output";
    case Activity::Wait: return "wait";
  }
  return "?";
}

class Unit {
 public:
  explicit Unit(std::string name) : name_(std::move(name)) {}
  virtual ~Unit() = default;

  const std::string& unit_name() const { return name_; }

  // Returns the cycle's activity: Busy is the unit's progress for the driver's watchdog,
  // so a unit reports Busy only for work that changes its state or runs down a latency
  // of known length, never for polling.
  Activity step(Cycle now) {
    // Cycles skipped since the last attribution keep the state the unit was left in
    // (Idle before its first tick).
    if (now > from_) counts_[size_t(rest_)] += now - from_;
    from_ = now;  // attributed up to now, also while the tick runs (counts_at)
    const Activity a = tick(now);
    ++counts_[size_t(a)];
    rest_ = !has_work() ? Activity::Idle : (a == Activity::Busy ? Activity::Wait : a);
    from_ = now + 1;
    last_ = a;
    if (a == Activity::Busy) last_busy_ = now;
    return a;
  }

  // What the last tick did, and the last cycle it was Busy (kNever: not yet).
  Activity last_activity() const { return last_; }
  Cycle last_busy() const { return last_busy_; }

  // Attribute the cycles up to (excluding) `end` at the end of the run (or of a stats
  // interval; a later call adds only the cycles after this one).
  void settle(Cycle end) {
    if (end > from_) {
      counts_[size_t(rest_)] += end - from_;
      from_ = end;
    }
    settle_more(end);
  }

  // The unit's statistics, in the group named after it (by default its activity counts);
  // `stats_description` describes that group in stats.json.
  virtual void register_stats(stats::Group& g) { register_activity_stats(g); }
  virtual const char* stats_description() const { return "timing unit"; }

  // Earliest cycle after `now` at which a tick can make progress; kNever when the unit
  // has nothing pending (it is woken again by work arriving in its input queue, which the
  // producer's wake time covers).
  virtual Cycle next_wake(Cycle now) const = 0;
  virtual bool has_work() const = 0;

  uint64_t cycles(Activity a) const { return counts_[size_t(a)]; }
  // The activity counts as if settled at `t`, without settling: what a snapshot taken in
  // the middle of a cycle (a draw issued by the command processor) reads. A unit that has
  // already stepped in cycle t includes it.
  std::array<uint64_t, kNumActivities> counts_at(Cycle t) const {
    std::array<uint64_t, kNumActivities> c = counts_;
    if (t > from_) c[size_t(rest_)] += t - from_;
    return c;
  }

  void register_activity_stats(stats::Group& g) {
    g.counter("busy_cycles", &counts_[size_t(Activity::Busy)], "cycles",
              "cycles the unit did work");
    g.counter("stall_memory_cycles", &counts_[size_t(Activity::StallMemory)], "cycles",
              "cycles the unit waited for memory");
    g.counter("stall_output_cycles", &counts_[size_t(Activity::StallOutput)], "cycles",
              "cycles the unit had results but its output queue was full");
    g.counter("wait_cycles", &counts_[size_t(Activity::Wait)], "cycles",
              "cycles with work in flight in the unit's own pipeline only");
    g.counter("idle_cycles", &counts_[size_t(Activity::Idle)], "cycles",
              "cycles with nothing to do");
  }

 protected:
  virtual Activity tick(Cycle now) = 0;
  // Closes the unit's own time integrals too (settle).
  virtual void settle_more(Cycle end) { (void)end; }

 private:
  std::string name_;
  std::array<uint64_t, kNumActivities> counts_{};
  Activity rest_ = Activity::Idle;
  Cycle from_ = 0;  // first cycle not yet attributed to an activity
  Activity last_ = Activity::Idle;
  Cycle last_busy_ = kNever;
};

}  // namespace gfx::sim
