// Markers in Queue<T, M>: ordered between the items (a marker pushed after item n is taken
// only once items 0..n have been popped, and it holds back the items behind it), and free:
// no slot, no width, no latency, no statistic. Only the driver's progress count sees them.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "sim/queue.h"

namespace gfx::sim {
namespace {

using MarkedQueue = Queue<int, std::string>;

TEST(QueueMarkers, MarkerWaitsForTheItemsBeforeItAndHoldsBackTheOnesBehind) {
  MarkedQueue q("q", QueueConfig().with_capacity(4).with_width(4).with_latency(3));
  q.push(0, 1);
  q.push(0, 2);
  q.push_marker("end of draw 0");
  q.push(0, 3);
  EXPECT_EQ(q.markers(), 1u);
  EXPECT_FALSE(q.marker_ready());  // items 1 and 2 are still in front of it
  ASSERT_TRUE(q.can_pop(3));
  EXPECT_EQ(q.pop(3), 1);
  EXPECT_FALSE(q.marker_ready());
  EXPECT_EQ(q.pop(3), 2);
  // Item 3 is ready (same push cycle) but stays behind the marker.
  EXPECT_TRUE(q.marker_ready());
  EXPECT_FALSE(q.can_pop(3));
  EXPECT_EQ(q.front_marker(), "end of draw 0");
  EXPECT_EQ(q.pop_marker(), "end of draw 0");
  EXPECT_FALSE(q.marker_ready());
  ASSERT_TRUE(q.can_pop(3));
  EXPECT_EQ(q.pop(3), 3);
  EXPECT_EQ(q.markers(), 0u);
}

TEST(QueueMarkers, MarkerIntoAnEmptyQueueIsReadyAtOnceWithoutLatency) {
  MarkedQueue q("q", QueueConfig().with_capacity(2).with_width(1).with_latency(5));
  q.push_marker("clear");
  EXPECT_TRUE(q.marker_ready());
  EXPECT_TRUE(q.empty());
  EXPECT_EQ(q.front_ready(), kNever);  // no item: nothing for the consumer's wake time
  EXPECT_EQ(q.pop_marker(), "clear");
}

TEST(QueueMarkers, ConsecutiveMarkersKeepTheirOrder) {
  MarkedQueue q("q", QueueConfig().with_capacity(2).with_width(1).with_latency(1));
  q.push(0, 7);
  q.push_marker("a");
  q.push_marker("b");
  EXPECT_EQ(q.pop(1), 7);
  ASSERT_TRUE(q.marker_ready());
  EXPECT_EQ(q.pop_marker(), "a");
  ASSERT_TRUE(q.marker_ready());
  EXPECT_EQ(q.pop_marker(), "b");
  EXPECT_FALSE(q.marker_ready());
}

TEST(QueueMarkers, MarkersTakeNoSlotNoWidthAndCountInNoStatistic) {
  MarkedQueue with("with", QueueConfig().with_capacity(1).with_width(1).with_latency(1));
  Queue<int> without("without", QueueConfig().with_capacity(1).with_width(1).with_latency(1));
  uint64_t moves_with = 0, moves_without = 0;
  with.count_moves_in(&moves_with);
  without.count_moves_in(&moves_without);
  for (Cycle t = 0; t < 20; t += 2) {
    // The same items in both; markers only in one. A full one-slot queue still takes
    // markers, and a marker does not use up the cycle's push width.
    ASSERT_TRUE(with.can_push(t));
    ASSERT_TRUE(without.can_push(t));
    with.push(t, int(t));
    without.push(t, int(t));
    with.push_marker("m");
    EXPECT_FALSE(with.can_push(t));  // full: capacity 1
    with.push_marker("m2");
    ASSERT_TRUE(with.can_pop(t + 1));
    EXPECT_EQ(with.pop(t + 1), int(t));
    EXPECT_EQ(without.pop(t + 1), int(t));
    EXPECT_EQ(with.pop_marker(), "m");
    EXPECT_EQ(with.pop_marker(), "m2");
  }
  with.settle(25);
  without.settle(25);
  stats::Group a(""), b("");
  with.register_stats(a);
  without.register_stats(b);
  std::map<std::string, double> fa, fb;
  a.flatten(fa);
  b.flatten(fb);
  ASSERT_FALSE(fa.empty());
  for (const auto& [name, value] : fb) {
    const std::string other = "with" + name.substr(std::string("without").size());
    ASSERT_TRUE(fa.count(other)) << other;
    EXPECT_EQ(fa[other], value) << name;
  }
  // Each marker push and take is progress for the driver's watchdog.
  EXPECT_EQ(moves_without, 20u);
  EXPECT_EQ(moves_with, 20u + 40u);
}

}  // namespace
}  // namespace gfx::sim
