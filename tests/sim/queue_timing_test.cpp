// Tier-2 timing of Queue<T>: the exact cycle an item becomes poppable (and not one cycle
// earlier), the per-cycle width of pushes and pops, capacity back-pressure, the one-cycle
// credit return of a freed slot, and the wake-up hints front_ready / next_pop_cycle.
#include <gtest/gtest.h>

#include "sim/queue.h"

namespace gfx::sim {
namespace {

TEST(QueueTiming, ItemIsPoppableExactlyLatencyCyclesAfterItsPush) {
  for (uint32_t latency : {1u, 2u, 3u, 7u, 40u}) {
    SCOPED_TRACE(latency);
    Queue<int> q("q", QueueConfig().with_capacity(4).with_width(1).with_latency(latency));
    const Cycle t = 10;
    ASSERT_TRUE(q.can_push(t));
    q.push(t, 42);
    EXPECT_EQ(q.front_ready(), t + latency);
    EXPECT_EQ(q.next_pop_cycle(t), t + latency);
    EXPECT_FALSE(q.can_pop(t));
    EXPECT_FALSE(q.can_pop(t + latency - 1));
    EXPECT_TRUE(q.can_pop(t + latency));
    EXPECT_EQ(q.next_pop_cycle(t + latency), t + latency);
    EXPECT_EQ(q.pop(t + latency), 42);
    EXPECT_TRUE(q.empty());
  }
}

TEST(QueueTiming, WidthLimitsPushesPerCycle) {
  Queue<int> q("q", QueueConfig().with_capacity(8).with_width(2).with_latency(1));
  q.push(0, 1);
  ASSERT_TRUE(q.can_push(0));
  q.push(0, 2);
  EXPECT_FALSE(q.can_push(0));  // the third push of cycle 0 is refused...
  EXPECT_TRUE(q.can_push(1));   // ...and accepted in cycle 1
  q.push(1, 3);
  q.push(1, 4);
  EXPECT_FALSE(q.can_push(1));
  EXPECT_EQ(q.size(), 4u);
}

TEST(QueueTiming, WidthLimitsPopsPerCycle) {
  Queue<int> q("q", QueueConfig().with_capacity(8).with_width(2).with_latency(1));
  q.push(0, 1);
  q.push(0, 2);
  q.push(1, 3);
  // All three are ready by cycle 5, but only two may leave in one cycle.
  ASSERT_TRUE(q.can_pop(5));
  EXPECT_EQ(q.pop(5), 1);
  ASSERT_TRUE(q.can_pop(5));
  EXPECT_EQ(q.pop(5), 2);
  EXPECT_FALSE(q.can_pop(5));
  EXPECT_EQ(q.front_ready(), 2u);      // the item itself arrived long ago
  EXPECT_EQ(q.next_pop_cycle(5), 6u);  // but the width only frees up next cycle
  EXPECT_TRUE(q.can_pop(6));
  EXPECT_EQ(q.pop(6), 3);
}

TEST(QueueTiming, FullQueueRefusesPushesWhateverTheWidth) {
  Queue<int> q("q", QueueConfig().with_capacity(2).with_width(4).with_latency(1));
  q.push(0, 1);
  q.push(0, 2);
  EXPECT_FALSE(q.can_push(0));  // width 4 is not the limit here: capacity 2 is
  EXPECT_FALSE(q.can_push(1));
  EXPECT_FALSE(q.can_push(100));
}

TEST(QueueTiming, SlotFreedByAPopIsReusableFromTheNextCycle) {
  Queue<int> q("q", QueueConfig().with_capacity(2).with_width(4).with_latency(1));
  q.push(0, 1);
  q.push(0, 2);
  EXPECT_EQ(q.pop(3), 1);
  EXPECT_FALSE(q.can_push(3));  // credit still on its way back
  EXPECT_TRUE(q.can_push(4));
  q.push(4, 3);
  EXPECT_FALSE(q.can_push(4));  // full again
  EXPECT_EQ(q.pop(5), 2);
  EXPECT_EQ(q.pop(5), 3);
  EXPECT_FALSE(q.can_push(5));  // two credits pending, none usable this cycle
  EXPECT_TRUE(q.can_push(6));
}

TEST(QueueTiming, EmptyQueueHasNoWakeUp) {
  Queue<int> q("q", QueueConfig().with_capacity(4).with_width(1).with_latency(3));
  EXPECT_EQ(q.front_ready(), kNever);
  EXPECT_EQ(q.next_pop_cycle(0), kNever);
  EXPECT_FALSE(q.can_pop(0));
  q.push(7, 1);
  q.push(8, 2);
  EXPECT_EQ(q.front_ready(), 10u);
  EXPECT_EQ(q.pop(12), 1);
  EXPECT_EQ(q.front_ready(), 11u);       // the second item is the front now
  EXPECT_EQ(q.next_pop_cycle(12), 13u);  // ready, but width 1 is used in cycle 12
  EXPECT_EQ(q.pop(13), 2);
  EXPECT_EQ(q.front_ready(), kNever);
}

}  // namespace
}  // namespace gfx::sim
