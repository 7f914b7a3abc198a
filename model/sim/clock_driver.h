// ClockDriver: the one SystemC process of a clock domain. Each activation simulates one
// cycle: it steps the units in pipeline order, asks each when it next needs a tick, and
// re-triggers itself at the earliest of those cycles, so idle stretches (all units waiting
// on memory or latency) cost one activation instead of one per cycle. No sc_clock exists.
//
// It is also the run's watchdog. Progress is a unit's Busy tick, an item pushed into or
// popped from a watched queue, or a memory request completing. The first two only bump a
// counter, compared once per activation; memory is asked only when the window has run out
// (the cycle its last request completes). When the first activation at least `window`
// cycles after the last progress makes none either, the run fails with a report of the
// units holding work, the watched queues and the draws in flight. The distance is in
// cycles, checked after the units stepped, and a stretch skipped while memory works (a
// long flush) is progress, so long skipped stretches never fire; a pipeline that polls
// without progress fires exactly `window` cycles after its last progress.
#pragma once

#include <exception>
#include <functional>
#include <string>
#include <systemc>
#include <vector>

#include "common/types.h"
#include "sim/queue.h"
#include "sim/unit.h"

namespace gfx::sim {

class ClockDriver : public sc_core::sc_module {
 public:
  ClockDriver(sc_core::sc_module_name name, double clock_mhz);

  void add(Unit* unit) { units_.push_back(unit); }
  // A queue between the units: its moves count as progress and the watchdog's report
  // shows how full it is.
  void watch(QueueBase& q) {
    q.count_moves_in(&queue_moves_);
    queues_.push_back({&q.name(), q.config().capacity, [&q] { return q.size(); }});
  }
  // Cycles without progress after which the run fails (clock.watchdog_cycles).
  void set_watchdog(Cycle window) { window_ = window; }
  // The cycle the last memory request issued so far completes (memory works until then).
  void set_memory_busy_until(std::function<Cycle()> fn) { memory_busy_until_ = std::move(fn); }
  // Names the draws in flight for the watchdog's report ("" when none).
  void set_in_flight(std::function<std::string()> fn) { in_flight_ = std::move(fn); }
  // The run is complete when this returns true after a cycle (e.g. trace consumed and
  // every unit drained).
  void set_done(std::function<bool()> done) { done_ = std::move(done); }
  // Called at the end of every simulated cycle, after all units have stepped (for work
  // that needs the whole cycle done, such as closing a frame's statistics).
  void set_end_of_cycle(std::function<void(Cycle)> fn) { end_of_cycle_ = std::move(fn); }
  // Called every `interval` simulated cycles (progress line, interval stats).
  void set_progress(Cycle interval, std::function<void(Cycle)> fn) {
    progress_interval_ = interval;
    progress_ = std::move(fn);
    next_progress_ = interval;
  }

  // Called with every multiple B of `interval` (B > 0), in order, once the units have
  // stepped through every cycle before B and before any steps at B: the units and queues
  // can be settled up to B and read (interval stats, timelines). Cycles the driver skips
  // are covered too: a skipped stretch calls it for each boundary inside.
  void add_sampler(Cycle interval, std::function<void(Cycle)> fn) {
    samplers_.push_back({interval, interval, std::move(fn)});
  }

  Cycle now() const { return now_; }
  uint64_t activations() const { return activations_; }
  Cycle last_progress() const { return last_progress_; }
  // An exception thrown by a unit is held here and rethrown by the caller of sc_start.
  std::exception_ptr failure() const { return failure_; }

 private:
  struct Sampler {
    Cycle interval, next;
    std::function<void(Cycle)> fn;
  };
  struct WatchedQueue {
    const std::string* name;
    uint32_t capacity;
    std::function<uint32_t()> size;
  };

  void step();
  std::string units_holding_work() const;
  [[noreturn]] void fire_watchdog() const;

  std::vector<Unit*> units_;
  std::vector<WatchedQueue> queues_;
  std::function<bool()> done_;
  std::function<void(Cycle)> progress_;
  std::function<void(Cycle)> end_of_cycle_;
  std::function<std::string()> in_flight_;
  std::function<Cycle()> memory_busy_until_;
  std::vector<Sampler> samplers_;
  Cycle progress_interval_ = 0, next_progress_ = kNever;
  sc_core::sc_time period_;
  Cycle now_ = 0;
  uint64_t activations_ = 0;
  Cycle window_ = kNever;    // kNever: no watchdog
  Cycle last_progress_ = 0;  // the run's start counts as progress
  uint64_t queue_moves_ = 0, seen_moves_ = 0;
  std::exception_ptr failure_;
};

}  // namespace gfx::sim
