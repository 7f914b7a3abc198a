// The clock driver's watchdog with fake units (one elaboration per process, hence one run):
// stretches skipped past the window do not fire when they end in progress or in a memory
// reply; a queue move counts as progress; a unit that polls without progress makes it fail
// exactly `window` cycles after the last progress (not one cycle earlier), with a report
// naming the units holding work and their activity, the watched queues by fill state and
// the draws in flight.
#include <gtest/gtest.h>

#include <exception>
#include <functional>
#include <map>
#include <string>
#include <systemc>

#include "common/error.h"
#include "sim/clock_driver.h"
#include "sim/queue.h"

namespace gfx::sim {
namespace {

constexpr Cycle kWindow = 1000;

// Busy at the scripted cycles; from `poll_from` on it asks for a tick every cycle and
// reports `stuck_as`, doing nothing but what `at` does (a callback per cycle).
class FakeUnit : public Unit {
 public:
  FakeUnit(std::string name, std::map<Cycle, Activity> script, Cycle poll_from, Activity stuck_as)
      : Unit(std::move(name)),
        script_(std::move(script)),
        poll_from_(poll_from),
        stuck_as_(stuck_as) {}

  Cycle next_wake(Cycle now) const override {
    if (now + 1 >= poll_from_) return now + 1;
    auto it = script_.upper_bound(now);
    return it == script_.end() ? kNever : it->first;
  }
  bool has_work() const override { return true; }
  std::function<void(Cycle)> at;
  Cycle last_tick = 0;

 protected:
  Activity tick(Cycle now) override {
    last_tick = now;
    if (at) at(now);
    auto it = script_.find(now);
    if (it != script_.end()) return it->second;
    return now >= poll_from_ ? stuck_as_ : Activity::Wait;
  }

 private:
  std::map<Cycle, Activity> script_;
  Cycle poll_from_;
  Activity stuck_as_;
};

class IdleUnit : public Unit {
 public:
  IdleUnit() : Unit("idle") {}
  Cycle next_wake(Cycle) const override { return kNever; }
  bool has_work() const override { return false; }

 protected:
  Activity tick(Cycle) override { return Activity::Idle; }
};

TEST(ClockDriverWatchdog, FiresExactlyOneWindowAfterTheLastProgressAndNamesWhatIsStuck) {
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  Queue<int> full("f", QueueConfig().with_capacity(1)), empty("e", QueueConfig().with_capacity(4)),
      partly("q", QueueConfig().with_capacity(2));  // width and latency 1, the defaults
  // Busy at 0; sleeps on memory until 3000 (a skip of three windows, ended by the memory
  // reply, not by a Busy tick); sleeps again until 5000, where it is busy; from 5001 it
  // polls. Its push at 5500 is the last progress.
  FakeUnit producer("producer",
                    {{0, Activity::Busy}, {3000, Activity::StallMemory}, {5000, Activity::Busy}},
                    5001, Activity::StallOutput);
  producer.at = [&](Cycle now) {
    if (now == 0) full.push(now, 1);
    if (now == 5500) partly.push(now, 2);
  };
  FakeUnit consumer("consumer", {}, kNever, Activity::Wait);  // holds work, never busy
  IdleUnit idle;
  ClockDriver driver("clock", 1000.0);
  driver.add(&producer);
  driver.add(&consumer);
  driver.add(&idle);
  driver.watch(full);
  driver.watch(empty);
  driver.watch(partly);
  driver.set_watchdog(kWindow);
  driver.set_memory_busy_until([] { return Cycle(3000); });
  driver.set_in_flight([] { return std::string("draw 7 (draw_primitive, test.yaml:3)"); });
  driver.set_done([] { return false; });

  sc_core::sc_start();  // returns: the driver stops itself on the error

  EXPECT_EQ(driver.last_progress(), 5500u);
  EXPECT_EQ(driver.now(), 5500u + kWindow);
  EXPECT_EQ(producer.last_tick, 5500u + kWindow);
  // 0, 3000, 5000, then every cycle of 5001..6500.
  EXPECT_EQ(driver.activations(), 3u + 1500u);
  ASSERT_TRUE(driver.failure());
  try {
    std::rethrow_exception(driver.failure());
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "watchdog: no progress in the 1000 cycles since cycle 5500 "
              "(clock.watchdog_cycles = 1000); stopped at cycle 6500. "
              "Units holding work: producer (stall_output, last busy at cycle 5000), "
              "consumer (wait, never busy). Full queues: f (1/1). Empty queues: e. "
              "Other queues: q (1/2). Draws in flight: draw 7 (draw_primitive, test.yaml:3)");
    return;
  } catch (...) {
  }
  ADD_FAILURE() << "the failure is not a gfx::Error";
}

}  // namespace
}  // namespace gfx::sim
