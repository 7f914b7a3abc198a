// Tier-2 statistics of Queue<T>, read back through the stats registry as the reports do:
// time-weighted occupancy, cycles full, cycles empty and the occupancy histogram over a
// scripted run whose cycles are mostly skipped (no call between changes), closed by
// settle(). Every expected number is counted by hand in the timeline comments.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "sim/queue.h"
#include "stats/registry.h"

namespace gfx::sim {
namespace {

std::map<std::string, double> values(const stats::Group& g) {
  std::map<std::string, double> out;
  g.flatten(out);
  return out;
}

TEST(QueueStats, OccupancyFullAndEmptyOverAScriptWithGaps) {
  Queue<int> q("q", QueueConfig().with_capacity(3).with_width(2).with_latency(1));
  stats::Group root("");
  q.register_stats(root);

  // cycles 0-1: 0 items | 2-4: 2 | 5-8: 3 (full) | 9: 2 | 10-11: 3 (full) | 12-19: 1 | 20-24: 0
  q.push(2, 1);
  q.push(2, 2);
  q.push(5, 3);
  q.pop(9);
  q.push(10, 4);
  q.pop(12);
  q.pop(12);
  q.pop(20);
  q.settle(25);

  const auto v = values(root);
  EXPECT_EQ(v.at("q.pushes"), 4.0);
  EXPECT_EQ(v.at("q.cycles_full"), 6.0);   // 5..8 and 10..11
  EXPECT_EQ(v.at("q.cycles_empty"), 7.0);  // 0..1 and 20..24
  EXPECT_EQ(v.at("q.occupancy.bins.0"), 7.0);
  EXPECT_EQ(v.at("q.occupancy.bins.1"), 8.0);
  EXPECT_EQ(v.at("q.occupancy.bins.2"), 4.0);
  EXPECT_EQ(v.at("q.occupancy.bins.3"), 6.0);
  EXPECT_EQ(v.at("q.occupancy.overflow"), 0.0);
  EXPECT_EQ(v.at("q.occupancy.samples"), 25.0);  // one sample per cycle of the run
  EXPECT_EQ(v.at("q.occupancy.max"), 3.0);
  // Item-cycles: 2*3 + 3*4 + 2*1 + 3*2 + 1*8 = 34 over 25 cycles.
  EXPECT_DOUBLE_EQ(v.at("q.avg_occupancy"), 34.0 / 25.0);
}

TEST(QueueStats, SettleWhileFullClosesTheIntervalAndCanRepeat) {
  Queue<int> q("q", QueueConfig().with_capacity(1).with_width(1).with_latency(1));
  stats::Group root("");
  q.register_stats(root);

  q.push(3, 1);  // full from cycle 3
  q.settle(10);  // an interval boundary while full: 7 full cycles so far
  auto v = values(root);
  EXPECT_EQ(v.at("q.cycles_full"), 7.0);
  EXPECT_EQ(v.at("q.cycles_empty"), 3.0);
  EXPECT_EQ(v.at("q.occupancy.bins.1"), 7.0);
  EXPECT_DOUBLE_EQ(v.at("q.avg_occupancy"), 0.7);

  q.settle(15);  // a second settle adds only the new cycles
  q.pop(20);     // full 3..19
  q.settle(22);
  v = values(root);
  EXPECT_EQ(v.at("q.cycles_full"), 17.0);
  EXPECT_EQ(v.at("q.cycles_empty"), 5.0);  // 0..2 and 20..21
  EXPECT_EQ(v.at("q.occupancy.bins.0"), 5.0);
  EXPECT_EQ(v.at("q.occupancy.bins.1"), 17.0);
  EXPECT_DOUBLE_EQ(v.at("q.avg_occupancy"), 17.0 / 22.0);
}

TEST(QueueStats, QueueNeverTouchedIsEmptyForTheWholeRun) {
  Queue<int> q("idle", QueueConfig().with_capacity(4).with_width(1).with_latency(1));
  stats::Group root("gpu");
  q.register_stats(root);
  q.settle(50);
  const auto v = values(root);
  EXPECT_EQ(v.at("gpu.idle.cycles_empty"), 50.0);
  EXPECT_EQ(v.at("gpu.idle.cycles_full"), 0.0);
  EXPECT_EQ(v.at("gpu.idle.occupancy.bins.0"), 50.0);
  EXPECT_EQ(v.at("gpu.idle.avg_occupancy"), 0.0);
}

}  // namespace
}  // namespace gfx::sim
