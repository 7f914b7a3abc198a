// SRRIP against LRU through the cache primitive, on the pattern SRRIP exists for: a small
// working set that is reused, between scans of lines used once. The cache is one set of
// four ways; each round reads A B A B and then three new lines.
//   LRU: the scan pushes A and B out (they are the least recent when its third line
//        comes), so each round misses A and B once and hits them once: 2 hits a round.
//   SRRIP: hits predict A and B near (RRPV 0) and scan lines are inserted far (2), so the
//        scan lines replace each other and A and B stay: from round 2 on, 4 hits a round.
#include <gtest/gtest.h>

#include <string>

#include "../sim/fake_port.h"
#include "sim/cache.h"

namespace gfx::sim {
namespace {

uint64_t hits_on_scan_plus_reuse(const std::string& policy, int rounds) {
  CacheConfig c;
  c.size_kib = 1;
  c.line_bytes = 256;  // 4 lines of 256 bytes, 4 ways: a single set
  c.ways = 4;
  c.replacement = policy;
  test::FakePort next(1);
  Cache cache("l1", c, next);
  const Addr a = 0, b = 256;
  Addr scan = 1 << 20;  // lines never read again
  Cycle now = 0;
  auto read = [&](Addr addr) {
    EXPECT_TRUE(cache.read_line(now, addr, Client::Texture).ok);
    now += 10;  // every fill has arrived before the next access
  };
  for (int r = 0; r < rounds; ++r) {
    for (Addr x : {a, b, a, b}) read(x);
    for (int i = 0; i < 3; ++i, scan += 256) read(scan);
  }
  EXPECT_EQ(cache.hits() + cache.misses(), uint64_t(rounds) * 7);
  return cache.hits();
}

TEST(SrripScan, SrripKeepsTheReusedLinesThroughScansAndLruDoesNot) {
  EXPECT_EQ(hits_on_scan_plus_reuse("lru", 8), 16u);           // 2 a round
  EXPECT_EQ(hits_on_scan_plus_reuse("srrip", 8), 2u + 7 * 4);  // 2, then 4 a round
  // FIFO does no better than LRU here: hits do not protect A and B either.
  EXPECT_EQ(hits_on_scan_plus_reuse("fifo", 8), 16u);
}

}  // namespace
}  // namespace gfx::sim
