// Tier-2 timing of Cache reads: exact hit latency, misses that complete exactly when the
// next level says, hits on a line still being filled, LRU versus FIFO victims, and the
// refusal when every way of a set is still filling.
#include <gtest/gtest.h>

#include "cache_util.h"
#include "fake_port.h"

namespace gfx::sim {
namespace {

using test::FakePort;
using test::kSetStride;
using test::rd;

TEST(CacheTiming, HitLatencyIsExact) {
  for (uint32_t h : {0u, 1u, 3u, 9u}) {
    SCOPED_TRACE(h);
    FakePort next(50);
    CacheConfig cfg = test::small_cache();
    cfg.hit_latency = h;
    Cache c("c", cfg, next);
    ASSERT_EQ(c.read_line(0, 0x40, Client::Texture).ready, 50u);
    const Cache::Access a = c.read_line(100, 0x44, Client::Texture);  // same line, other word
    EXPECT_TRUE(a.ok);
    EXPECT_EQ(a.ready, 100u + h);
    EXPECT_EQ(next.log.size(), 1u);
    EXPECT_EQ(c.hits(), 1u);
    EXPECT_EQ(c.misses(), 1u);
  }
}

TEST(CacheTiming, MissCompletesWhenTheNextLevelSays) {
  FakePort next(50);
  Cache c("c", test::small_cache(), next);
  const Cache::Access a = c.read_line(7, 0x1234, Client::Texture);
  EXPECT_TRUE(a.ok);
  EXPECT_EQ(a.ready, 57u);
  EXPECT_EQ(next.log, (std::vector<test::Request>{rd(7, 0x1200, Client::Texture)}));
}

TEST(CacheTiming, MissNeverBeatsTheLookupItself) {
  FakePort next(2);  // a next level faster than the tag lookup
  CacheConfig cfg = test::small_cache();
  cfg.hit_latency = 5;
  Cache c("c", cfg, next);
  EXPECT_EQ(c.read_line(7, 0x80, Client::Vertex).ready, 12u);
}

TEST(CacheTiming, AccessToALineBeingFilledWaitsForTheFill) {
  FakePort next(50);
  Cache c("c", test::small_cache(), next);
  ASSERT_EQ(c.read_line(0, 0x100, Client::Texture).ready, 50u);
  EXPECT_EQ(c.read_line(10, 0x108, Client::Texture).ready, 50u);
  EXPECT_EQ(c.write_line(20, 0x110, Client::Texture, false).ready, 50u);
  EXPECT_EQ(next.log.size(), 1u);  // merged: no second fill
  auto s = test::cache_stats(c);
  EXPECT_EQ(s.at("c.hits_on_fill"), 2.0);
  EXPECT_EQ(s.at("c.hits"), 0.0);
  EXPECT_EQ(s.at("c.misses"), 1.0);
  // From the fill cycle on it is an ordinary hit.
  EXPECT_EQ(c.read_line(50, 0x100, Client::Texture).ready, 53u);
  s = test::cache_stats(c);
  EXPECT_EQ(s.at("c.hits"), 1.0);
  EXPECT_EQ(s.at("c.hits_on_fill"), 2.0);
}

// A, B and C share set 0 of a 2-way cache. After A, B, A, C: LRU evicts B (A was used
// again), FIFO evicts A (inserted first). The two probes that follow show which line
// stayed: a probe that hits sends nothing to the next level.
std::vector<test::Request> replay(const char* policy) {
  FakePort next(1);
  CacheConfig cfg = test::small_cache();
  cfg.replacement = policy;
  Cache c("c", cfg, next);
  const Addr A = 0, B = kSetStride, C = 2 * kSetStride;
  c.read_line(0, A, Client::Texture);
  c.read_line(10, B, Client::Texture);
  c.read_line(20, A, Client::Texture);
  c.read_line(30, C, Client::Texture);
  c.read_line(40, A, Client::Texture);
  c.read_line(50, B, Client::Texture);
  return next.log;
}

TEST(CacheTiming, LruEvictsTheLeastRecentlyUsedWay) {
  const Addr A = 0, B = kSetStride, C = 2 * kSetStride;
  EXPECT_EQ(replay("lru"),
            (std::vector<test::Request>{rd(0, A, Client::Texture), rd(10, B, Client::Texture),
                                        rd(30, C, Client::Texture), rd(50, B, Client::Texture)}));
}

TEST(CacheTiming, FifoEvictsTheOldestInsertion) {
  const Addr A = 0, B = kSetStride, C = 2 * kSetStride;
  EXPECT_EQ(replay("fifo"),
            (std::vector<test::Request>{rd(0, A, Client::Texture), rd(10, B, Client::Texture),
                                        rd(30, C, Client::Texture), rd(40, A, Client::Texture),
                                        rd(50, B, Client::Texture)}));
}

TEST(CacheTiming, SetWhoseWaysAreAllFillingRefusesUntilTheFirstFillLands) {
  FakePort next(50);
  Cache c("c", test::small_cache(), next);
  const Addr A = 0, B = kSetStride, C = 2 * kSetStride;
  c.read_line(0, A, Client::Texture);  // fills at 50
  c.read_line(1, B, Client::Texture);  // fills at 51
  const Cache::Access refused = c.read_line(2, C, Client::Texture);
  EXPECT_FALSE(refused.ok);
  EXPECT_EQ(refused.ready, 50u);
  EXPECT_FALSE(c.read_line(49, C, Client::Texture).ok);
  const Cache::Access later = c.read_line(50, C, Client::Texture);  // A has landed: replace it
  EXPECT_TRUE(later.ok);
  EXPECT_EQ(later.ready, 100u);
  EXPECT_EQ(next.log.back(), rd(50, C, Client::Texture));
  EXPECT_EQ(c.read_line(60, B, Client::Texture).ready, 63u);  // B stayed
  const auto s = test::cache_stats(c);
  EXPECT_EQ(s.at("c.refused"), 2.0);
  EXPECT_EQ(s.at("c.reads"), 4.0);  // A, B, C once accepted, B: refusals are not reads
}

}  // namespace
}  // namespace gfx::sim
