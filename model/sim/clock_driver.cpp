#include "sim/clock_driver.h"

#include <algorithm>

#include "common/error.h"
#include "common/interrupt.h"

namespace gfx::sim {

ClockDriver::ClockDriver(sc_core::sc_module_name name, double clock_mhz)
    : sc_core::sc_module(name), period_(1.0e6 / clock_mhz, sc_core::SC_PS) {
  SC_HAS_PROCESS(ClockDriver);
  SC_METHOD(step);
}

std::string ClockDriver::units_holding_work() const {
  std::string out;
  for (const Unit* u : units_) {
    if (!u->has_work()) continue;
    out += (out.empty() ? "" : ", ") + u->unit_name() + " (" + activity_name(u->last_activity());
    out += u->last_busy() == kNever
               ? ", never busy)"
               : ", last busy at cycle " + std::to_string(u->last_busy()) + ")";
  }
  return out.empty() ? "none" : out;
}

void ClockDriver::fire_watchdog() const {
  std::string full, empty, partly;
  for (const WatchedQueue& q : queues_) {
    const uint32_t n = q.size();
    const std::string fill = " (" + std::to_string(n) + "/" + std::to_string(q.capacity) + ")";
    std::string& list = n == q.capacity ? full : n == 0 ? empty : partly;
    list += (list.empty() ? "" : ", ") + *q.name + (n == 0 ? "" : fill);
  }
  const std::string draws = in_flight_ ? in_flight_() : "";
  throw Error("watchdog: no progress in the " + std::to_string(now_ - last_progress_) +
              " cycles since cycle " + std::to_string(last_progress_) +
              " (clock.watchdog_cycles = " + std::to_string(window_) + "); stopped at cycle " +
              std::to_string(now_) + ". Units holding work: " + units_holding_work() +
              ". Full queues: " + (full.empty() ? "none" : full) +
              ". Empty queues: " + (empty.empty() ? "none" : empty) +
              ". Other queues: " + (partly.empty() ? "none" : partly) +
              ". Draws in flight: " + (draws.empty() ? "none" : draws));
}

void ClockDriver::step() {
  try {
    throw_if_interrupted();  // SIGINT/SIGTERM: unwind as a failed run, writing nothing
    ++activations_;
    bool busy = false;
    for (Unit* u : units_) busy |= u->step(now_) == Activity::Busy;
    if (end_of_cycle_) end_of_cycle_(now_);
    if (done_ && done_()) {
      sc_core::sc_stop();
      return;
    }
    if (busy || queue_moves_ != seen_moves_) {
      last_progress_ = now_;
      seen_moves_ = queue_moves_;
    } else if (now_ - last_progress_ >= window_) {
      // A memory reply is progress too: the pipeline may have slept on one all along.
      if (memory_busy_until_)
        last_progress_ = std::max(last_progress_, std::min(memory_busy_until_(), now_));
      if (now_ - last_progress_ >= window_) fire_watchdog();
    }
    Cycle next = kNever;
    for (const Unit* u : units_) next = std::min(next, u->next_wake(now_));
    if (next == kNever)
      throw Error("internal error: the pipeline stalled forever at cycle " + std::to_string(now_) +
                  " (units holding work: " + units_holding_work() + ")");
    if (next <= now_) next = now_ + 1;
    for (Sampler& sm : samplers_)
      for (; sm.next <= next; sm.next += sm.interval) sm.fn(sm.next);
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
