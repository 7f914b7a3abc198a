// ClockDriver: the one SystemC process of a clock domain. Each activation simulates one
// cycle: it steps the units in pipeline order, asks each when it next needs a tick, and
// re-triggers itself at the earliest of those cycles, so idle stretches (all units waiting
// on memory or latency) cost one activation instead of one per cycle. No sc_clock exists.
#pragma once

#include <exception>
#include <functional>
#include <string>
#include <vector>

#include <systemc>

#include "common/types.h"
#include "sim/unit.h"

namespace gfx::sim {

class ClockDriver : public sc_core::sc_module {
 public:
  ClockDriver(sc_core::sc_module_name name, double clock_mhz);

  void add(Unit* unit) { units_.push_back(unit); }
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

  Cycle now() const { return now_; }
  uint64_t activations() const { return activations_; }
  // An exception thrown by a unit is held here and rethrown by the caller of sc_start.
  std::exception_ptr failure() const { return failure_; }

 private:
  void step();

  std::vector<Unit*> units_;
  std::function<bool()> done_;
  std::function<void(Cycle)> progress_;
  std::function<void(Cycle)> end_of_cycle_;
  Cycle progress_interval_ = 0, next_progress_ = kNever;
  sc_core::sc_time period_;
  Cycle now_ = 0;
  uint64_t activations_ = 0;
  std::exception_ptr failure_;
};

}  // namespace gfx::sim
