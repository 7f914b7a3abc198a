// PostTransformCache against a plain reference model (a list ordered newest first): FIFO
// and LRU replacement, erase and clear, over a long pseudo-random key stream that makes the
// open-addressing table collide, wrap and shift entries back on deletion.
#include "ia/post_transform_cache.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <list>
#include <string>
#include <utility>

namespace gfx::ia {
namespace {

void check_against_reference(const std::string& policy, uint32_t entries) {
  PostTransformCache c(entries, policy);
  std::list<std::pair<uint32_t, uint64_t>> ref;  // newest first
  uint32_t x = 12345;
  for (uint64_t step = 0; step < 20000; ++step) {
    x = x * 1103515245u + 12345u;
    const uint32_t key = (x >> 16) % (3 * entries);  // a small key space: many hits
    auto it = std::find_if(ref.begin(), ref.end(), [&](auto& e) { return e.first == key; });
    uint64_t seq = 0;
    const bool hit = c.lookup(key, seq);
    ASSERT_EQ(hit, it != ref.end()) << "step " << step;
    if (hit) {
      ASSERT_EQ(seq, it->second);
      if ((x >> 8) % 7 == 0) {  // now and then the caller drops a hit
        c.erase(key);
        ref.erase(it);
      } else if (policy == "lru") {
        ref.splice(ref.begin(), ref, it);
      }
    } else {
      c.insert(key, step);
      ref.emplace_front(key, step);
      if (ref.size() > entries) ref.pop_back();
    }
    ASSERT_EQ(c.size(), ref.size());
  }
  c.clear();
  uint64_t seq;
  EXPECT_EQ(c.size(), 0u);
  for (const auto& e : ref) EXPECT_FALSE(c.lookup(e.first, seq));
}

TEST(PostTransformCache, FifoMatchesTheReference) {
  check_against_reference("fifo", 8);
  check_against_reference("fifo", 32);
}

TEST(PostTransformCache, LruMatchesTheReference) {
  check_against_reference("lru", 8);
  check_against_reference("lru", 32);
}

TEST(PostTransformCache, FifoHitDoesNotRefreshLruHitDoes) {
  for (std::string policy : {"fifo", "lru"}) {
    PostTransformCache c(2, policy);
    uint64_t seq;
    c.insert(1, 10);
    c.insert(2, 11);
    ASSERT_TRUE(c.lookup(1, seq));
    c.insert(3, 12);  // evicts 1 (FIFO) or 2 (LRU)
    EXPECT_EQ(c.lookup(1, seq), policy == "lru");
    EXPECT_EQ(c.lookup(2, seq), policy == "fifo");
  }
}

TEST(PostTransformCache, ZeroEntriesNeverHit) {
  PostTransformCache c(0, "fifo");
  c.insert(5, 1);
  uint64_t seq;
  EXPECT_FALSE(c.lookup(5, seq));
}

}  // namespace
}  // namespace gfx::ia
