#include "sim/clock_driver.h"

#include <algorithm>

#include "common/error.h"

namespace gfx::sim {

ClockDriver::ClockDriver(sc_core::sc_module_name name, double clock_mhz)
    : sc_core::sc_module(name), period_(1.0e6 / clock_mhz, sc_core::SC_PS) {
  SC_HAS_PROCESS(ClockDriver);
  SC_METHOD(step);
}

void ClockDriver::step() {
  try {
    ++activations_;
    for (Unit* u : units_) u->step(now_);
    if (end_of_cycle_) end_of_cycle_(now_);
    if (done_ && done_()) {
      sc_core::sc_stop();
      return;
    }
    Cycle next = kNever;
    for (const Unit* u : units_) next = std::min(next, u->next_wake(now_));
    if (next == kNever) {
      std::string busy;
      for (const Unit* u : units_)
        if (u->has_work()) busy += (busy.empty() ? "" : ", ") + u->unit_name();
      throw Error("internal error: the pipeline stalled forever at cycle " + std::to_string(now_) +
                  " (units holding work: " + (busy.empty() ? "none" : busy) + ")");
    }
    if (next <= now_) next = now_ + 1;
    if (progress_ && next >= next_progress_) {
      progress_(next);
      next_progress_ = (next / progress_interval_ + 1) * progress_interval_;
    }
    next_trigger(double(next - now_) * period_);
    now_ = next;
  } catch (...) {
    failure_ = std::current_exception();
    sc_core::sc_stop();
  }
}

}  // namespace gfx::sim
