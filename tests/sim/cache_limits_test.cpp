// Tier-2 limits of Cache: MSHRs, lookup ports, a disabled cache, a next-level request
// that must bypass the cache, and the data-port bandwidth that spaces fills and write-backs
// (64-byte lines on a 32 B/cycle port: one line every 2 cycles).
#include <gtest/gtest.h>

#include "cache_util.h"
#include "fake_port.h"

namespace gfx::sim {
namespace {

using test::FakePort;
using test::rd;
using test::Request;
using test::wr;

TEST(CacheLimits, MshrLimitRefusesTheNextMissUntilAFillLands) {
  FakePort next(50);
  CacheConfig cfg = test::small_cache();
  cfg.mshrs = 2;
  Cache c("c", cfg, next);
  c.read_line(0, 0x000, Client::Texture);  // fill at 50
  c.read_line(1, 0x040, Client::Texture);  // fill at 51
  const Cache::Access refused = c.read_line(2, 0x080, Client::Texture);
  EXPECT_FALSE(refused.ok);
  EXPECT_EQ(refused.ready, 50u);  // retry when the first MSHR frees
  // Neither a hit on a filling line nor a full-line write needs an MSHR.
  EXPECT_EQ(c.read_line(3, 0x000, Client::Texture).ready, 50u);
  EXPECT_TRUE(c.write_line(4, 0x0c0, Client::Color, true).ok);
  EXPECT_FALSE(c.read_line(49, 0x080, Client::Texture).ok);
  const Cache::Access later = c.read_line(50, 0x080, Client::Texture);
  EXPECT_TRUE(later.ok);
  EXPECT_EQ(later.ready, 100u);
  EXPECT_EQ(next.log,
            (std::vector<Request>{rd(0, 0x000, Client::Texture), rd(1, 0x040, Client::Texture),
                                  rd(50, 0x080, Client::Texture)}));
  const auto s = test::cache_stats(c);
  EXPECT_EQ(s.at("c.refused"), 2.0);
  EXPECT_EQ(s.at("c.refused_mshrs"), 2.0);  // the refusals by cause
  EXPECT_EQ(s.at("c.refused_ports") + s.at("c.refused_set_conflicts") + s.at("c.refused_next_level"), 0.0);
  EXPECT_EQ(s.at("c.reads"), 4.0);  // the two refused attempts are not counted as reads
  EXPECT_EQ(s.at("c.writes"), 1.0);
  EXPECT_EQ(s.at("c.misses"), 4.0);
  EXPECT_EQ(s.at("c.hits_on_fill"), 1.0);
}

TEST(CacheLimits, PortsLimitLookupsPerCycle) {
  FakePort next(50);
  CacheConfig cfg = test::small_cache();
  cfg.ports = 2;
  Cache c("c", cfg, next);
  EXPECT_TRUE(c.read_line(5, 0x000, Client::Texture).ok);
  EXPECT_TRUE(c.read_line(5, 0x040, Client::Texture).ok);
  const Cache::Access third = c.read_line(5, 0x080, Client::Texture);
  EXPECT_FALSE(third.ok);
  EXPECT_EQ(third.ready, 6u);
  EXPECT_TRUE(c.read_line(6, 0x080, Client::Texture).ok);
  // Hits use ports too.
  EXPECT_TRUE(c.read_line(100, 0x000, Client::Texture).ok);
  EXPECT_TRUE(c.read_line(100, 0x040, Client::Texture).ok);
  EXPECT_EQ(c.read_line(100, 0x000, Client::Texture).ready, 101u);
  EXPECT_EQ(next.log.size(), 3u);  // refusals send nothing down
  const auto s = test::cache_stats(c);
  EXPECT_EQ(s.at("c.refused"), 2.0);
  EXPECT_EQ(s.at("c.refused_ports"), 2.0);
  EXPECT_EQ(s.at("c.refused_mshrs"), 0.0);
}

TEST(CacheLimits, ASetWhoseWaysAreAllFillingRefusesAsASetConflict) {
  FakePort next(50);
  Cache c("c", test::small_cache(), next);  // 2 ways, 8 sets: 512 bytes apart share a set
  EXPECT_TRUE(c.read_line(0, 0x000, Client::Texture).ok);
  EXPECT_TRUE(c.read_line(1, 0x200, Client::Texture).ok);
  const Cache::Access third = c.read_line(2, 0x400, Client::Texture);
  EXPECT_FALSE(third.ok);
  EXPECT_EQ(third.ready, 50u);  // the first way's fill lands at 50
  const auto s = test::cache_stats(c);
  EXPECT_EQ(s.at("c.refused_set_conflicts"), 1.0);
  EXPECT_EQ(s.at("c.refused"), 1.0);
}

TEST(CacheLimits, ZeroSizePassesEverythingThrough) {
  FakePort next(50);
  CacheConfig cfg = test::small_cache();
  cfg.size_kib = 0;
  cfg.ports = 1;
  Cache c("c", cfg, next);
  EXPECT_EQ(c.read_line(3, 0x1234, Client::Vertex).ready, 53u);
  EXPECT_EQ(c.read_line(3, 0x1234, Client::Vertex).ready, 53u);  // not kept, not port-limited
  EXPECT_EQ(c.write_line(4, 0x2000, Client::Color, false).ready, 54u);
  EXPECT_EQ(c.flush(9), 9u);
  EXPECT_EQ(next.log,
            (std::vector<Request>{rd(3, 0x1200, Client::Vertex), rd(3, 0x1200, Client::Vertex),
                                  wr(4, 0x2000, Client::Color)}));
  EXPECT_EQ(c.hits() + c.misses(), 0u);
}

// As a next level (the L2's role) a cache whose only way is still filling serves a request
// around itself: only the bytes asked for go down, not its whole (here 1 KiB) line, which
// would not be kept anyway. Those bytes are the request's part of each line it spans.
TEST(CacheLimits, RequestAroundAFillingCacheMovesOnlyItsBytes) {
  FakePort next(50);
  CacheConfig cfg = test::small_cache();
  cfg.ways = 1;
  cfg.line_bytes = 1024;  // 1 KiB: a single line
  Cache c("c", cfg, next);
  EXPECT_EQ(c.read(0, 0x0040, 64, Client::Texture), 50u);   // allocates: the whole line
  EXPECT_EQ(c.read(1, 0x4080, 64, Client::Texture), 51u);   // around: 64 bytes
  EXPECT_EQ(c.write(2, 0x83f0, 32, Client::Color), 52u);    // around, two lines' parts
  EXPECT_EQ(c.read(60, 0x0000, 64, Client::Texture), 63u);  // the kept line hits
  EXPECT_EQ(next.log, (std::vector<Request>{
                          rd(0, 0x0000, Client::Texture, 1024), rd(1, 0x4080, Client::Texture, 64),
                          wr(2, 0x83f0, Client::Color, 16), wr(2, 0x8400, Client::Color, 16)}));
}

// Misses issued together: a fill is sent down once the data port has room for its line.
std::vector<Cycle> fill_issue_cycles(uint32_t bytes_per_cycle) {
  FakePort next(10);
  CacheConfig cfg = test::small_cache();
  cfg.bytes_per_cycle = bytes_per_cycle;
  Cache c("c", cfg, next);
  for (Addr a = 0; a < 4 * 64; a += 64) c.read_line(0, a, Client::Texture);
  c.read_line(100, 0x100, Client::Texture);  // long after: the port is idle again
  std::vector<Cycle> out;
  for (const Request& r : next.log) out.push_back(r.now);
  return out;
}

TEST(CacheLimits, DataPortBandwidthSpacesFillsExactly) {
  EXPECT_EQ(fill_issue_cycles(32), (std::vector<Cycle>{2, 4, 6, 8, 102}));
  EXPECT_EQ(fill_issue_cycles(64), (std::vector<Cycle>{1, 2, 3, 4, 101}));
  // Bandwidth is kept in bytes: two 64-byte lines share one cycle of a 128 B/cycle port.
  EXPECT_EQ(fill_issue_cycles(128), (std::vector<Cycle>{1, 1, 2, 2, 101}));
  EXPECT_EQ(fill_issue_cycles(0), (std::vector<Cycle>{0, 0, 0, 0, 100}));
}

TEST(CacheLimits, FlushWriteBacksShareTheDataPort) {
  FakePort next(10);
  CacheConfig cfg = test::small_cache();
  cfg.bytes_per_cycle = 32;
  Cache c("c", cfg, next);
  for (Addr a = 0; a < 3 * 64; a += 64) c.write_line(0, a, Client::Color, true);
  EXPECT_EQ(c.flush(100), 116u);
  EXPECT_EQ(next.log,
            (std::vector<Request>{wr(102, 0x00, Client::Color), wr(104, 0x40, Client::Color),
                                  wr(106, 0x80, Client::Color)}));
}

}  // namespace
}  // namespace gfx::sim
