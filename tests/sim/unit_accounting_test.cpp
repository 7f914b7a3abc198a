// Activity accounting of Unit without the SystemC driver: every cycle of the run lands in
// exactly one activity, the cycles between ticks take the state the unit was left in, and
// settle() closes the run (also for a unit that was never ticked).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "scripted_unit.h"
#include "stats/registry.h"

namespace gfx::sim {
namespace {

using test::ScriptedUnit;

uint64_t total(const Unit& u) {
  uint64_t s = 0;
  for (int a = 0; a < kNumActivities; ++a) s += u.cycles(Activity(a));
  return s;
}

TEST(UnitAccounting, SkippedCyclesTakeTheStateTheUnitWasLeftIn) {
  ScriptedUnit u("u", {{0, Activity::Busy}, {5, Activity::StallMemory}, {1000, Activity::Busy}});
  u.step(0);     // busy; work left, so cycles 1..4 count as waiting on its own latency
  u.step(5);     // stalled on memory; cycles 6..999 stay stalled
  u.step(1000);  // busy; nothing left, so what follows is idle
  u.settle(1100);
  EXPECT_EQ(u.cycles(Activity::Busy), 2u);
  EXPECT_EQ(u.cycles(Activity::Wait), 4u);
  EXPECT_EQ(u.cycles(Activity::StallMemory), 995u);
  EXPECT_EQ(u.cycles(Activity::StallOutput), 0u);
  EXPECT_EQ(u.cycles(Activity::Idle), 99u);
  EXPECT_EQ(total(u), 1100u);
}

TEST(UnitAccounting, CyclesBeforeTheFirstTickAreIdle) {
  ScriptedUnit u("u", {{7, Activity::StallOutput}, {9, Activity::Busy}});
  u.step(7);
  u.step(9);
  u.settle(10);
  EXPECT_EQ(u.cycles(Activity::Idle), 7u);
  EXPECT_EQ(u.cycles(Activity::StallOutput), 2u);  // cycle 7 and the skipped cycle 8
  EXPECT_EQ(u.cycles(Activity::Busy), 1u);
  EXPECT_EQ(total(u), 10u);
}

TEST(UnitAccounting, UnitNeverTickedIsIdleForTheWholeRun) {
  ScriptedUnit u("u", {});
  u.settle(40);
  EXPECT_EQ(u.cycles(Activity::Idle), 40u);
  EXPECT_EQ(total(u), 40u);
}

TEST(UnitAccounting, RepeatedSettleAddsOnlyNewCycles) {
  ScriptedUnit u("u", {{0, Activity::Busy}, {30, Activity::Busy}});
  u.step(0);
  u.settle(10);  // an interval boundary: cycles 1..9 waiting
  EXPECT_EQ(u.cycles(Activity::Wait), 9u);
  u.settle(20);
  EXPECT_EQ(u.cycles(Activity::Wait), 19u);
  u.step(30);  // cycles 20..29 still waiting, then busy
  u.settle(31);
  EXPECT_EQ(u.cycles(Activity::Wait), 29u);
  EXPECT_EQ(u.cycles(Activity::Busy), 2u);
  EXPECT_EQ(total(u), 31u);
}

TEST(UnitAccounting, CountersAreRegisteredByName) {
  ScriptedUnit u("u", {{2, Activity::Busy}});
  stats::Group root("");
  u.register_activity_stats(root.child("u"));
  u.step(2);
  u.settle(6);
  std::map<std::string, double> v;
  root.flatten(v);
  EXPECT_EQ(v.at("u.busy_cycles"), 1.0);
  EXPECT_EQ(v.at("u.idle_cycles"), 5.0);
  EXPECT_EQ(v.at("u.wait_cycles"), 0.0);
  EXPECT_EQ(v.at("u.stall_memory_cycles"), 0.0);
  EXPECT_EQ(v.at("u.stall_output_cycles"), 0.0);
}

}  // namespace
}  // namespace gfx::sim
