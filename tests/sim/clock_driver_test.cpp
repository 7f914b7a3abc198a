// Tier-2 test of ClockDriver with Unit under SystemC: one unit has work at cycles 0, 5 and
// 1000 only, another never has any. The driver must activate exactly at those three cycles
// (the idle stretches cost nothing), tick every unit in each, stop when done() says so,
// and leave activity counts that add up to the run length once settled.
// One elaboration per process (SystemC), hence a single test in this binary.
#include "sim/clock_driver.h"

#include <gtest/gtest.h>

#include <systemc>
#include <vector>

#include "scripted_unit.h"

namespace gfx::sim {
namespace {

using test::ScriptedUnit;

TEST(ClockDriver, TicksOnlyCyclesWithWorkAndStopsWhenDone) {
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  ScriptedUnit worker("worker",
                      {{0, Activity::Busy}, {5, Activity::StallMemory}, {1000, Activity::Busy}});
  ScriptedUnit idle("idle", {});
  ClockDriver driver("clock", 500.0);  // 2 ns per cycle
  driver.add(&worker);
  driver.add(&idle);
  // Without done() the driver would report a stall after cycle 1000 (no unit wakes again).
  driver.set_done([&] { return worker.finished(); });
  std::vector<Cycle> progress;
  driver.set_progress(100, [&](Cycle c) { progress.push_back(c); });

  sc_core::sc_start();

  ASSERT_FALSE(driver.failure());
  EXPECT_EQ(driver.activations(), 3u);
  EXPECT_EQ(driver.now(), 1000u);
  EXPECT_EQ(sc_core::sc_time_stamp(), sc_core::sc_time(2000, sc_core::SC_NS));
  EXPECT_EQ(worker.ticks(), (std::vector<Cycle>{0, 5, 1000}));
  EXPECT_EQ(idle.ticks(), (std::vector<Cycle>{0, 5, 1000}));
  // The jump from 5 to 1000 crosses the first progress mark once.
  EXPECT_EQ(progress, (std::vector<Cycle>{1000}));

  const Cycle run = driver.now() + 1;
  worker.settle(run);
  idle.settle(run);
  EXPECT_EQ(worker.cycles(Activity::Busy), 2u);
  EXPECT_EQ(worker.cycles(Activity::Wait), 4u);           // 1..4: own latency
  EXPECT_EQ(worker.cycles(Activity::StallMemory), 995u);  // 5..999
  EXPECT_EQ(worker.cycles(Activity::Idle), 0u);
  EXPECT_EQ(idle.cycles(Activity::Idle), 1001u);
  for (const Unit* u : {static_cast<const Unit*>(&worker), static_cast<const Unit*>(&idle)}) {
    uint64_t sum = 0;
    for (int a = 0; a < kNumActivities; ++a) sum += u->cycles(Activity(a));
    EXPECT_EQ(sum, run) << u->unit_name();
  }
}

}  // namespace
}  // namespace gfx::sim
