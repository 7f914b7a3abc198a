// Tier-2 behaviour of Cache writes: a dirty victim is written back exactly once with its
// address and the client that dirtied it, a full-line write allocates without a read,
// write-through forwards every write and does not allocate on a write miss, and flush
// writes each dirty line back once.
#include <gtest/gtest.h>

#include "cache_util.h"
#include "fake_port.h"

namespace gfx::sim {
namespace {

using test::FakePort;
using test::kSetStride;
using test::rd;
using test::Request;
using test::wr;

TEST(CacheWrite, DirtyVictimIsWrittenBackOnceWithItsAddressAndClient) {
  FakePort next(10);
  Cache c("c", test::small_cache(), next);
  const Addr A = 0, B = kSetStride, C = 2 * kSetStride, D = 3 * kSetStride;
  c.read_line(0, A, Client::Texture);
  c.write_line(15, A + 8, Client::Color, false);  // hit: now dirty, owned by Color
  c.read_line(20, B, Client::Texture);
  // Evicts A (least recently used): one write-back, posted after the fill of C is granted
  // (the next level may refuse the fill, and a refused access must leave A in place).
  c.read_line(30, C, Client::Texture);
  c.read_line(40, D, Client::Texture);  // evicts B, clean: nothing written
  EXPECT_EQ(next.log, (std::vector<Request>{rd(0, A, Client::Texture), rd(20, B, Client::Texture),
                                            rd(30, C, Client::Texture), wr(30, A, Client::Color),
                                            rd(40, D, Client::Texture)}));
  const auto s = test::cache_stats(c);
  EXPECT_EQ(s.at("c.evictions"), 2.0);
  EXPECT_EQ(s.at("c.writebacks"), 1.0);
}

TEST(CacheWrite, PartialWriteMissFetchesTheLine) {
  FakePort next(10);
  Cache c("c", test::small_cache(), next);
  const Cache::Access a = c.write_line(5, 0x48, Client::Depth, false);
  EXPECT_EQ(a.ready, 15u);
  EXPECT_EQ(next.log, (std::vector<Request>{rd(5, 0x40, Client::Depth)}));
}

TEST(CacheWrite, FullLineWriteAllocatesWithoutARead) {
  FakePort next(10);
  Cache c("c", test::small_cache(), next);
  const Cache::Access a = c.write_line(0, 0x40, Client::Color, true);
  EXPECT_TRUE(a.ok);
  EXPECT_EQ(a.ready, 3u);  // just the lookup
  EXPECT_TRUE(next.log.empty());
  EXPECT_EQ(c.read_line(10, 0x40, Client::Texture).ready, 13u);  // and the line is there
  EXPECT_TRUE(next.log.empty());
  EXPECT_EQ(c.flush(20), 30u);  // dirty: written back at the flush
  EXPECT_EQ(next.log, (std::vector<Request>{wr(20, 0x40, Client::Color)}));
}

TEST(CacheWrite, WriteThroughForwardsWritesAndDoesNotAllocateOnWriteMiss) {
  FakePort next(10);
  CacheConfig cfg = test::small_cache();
  cfg.write_policy = "write_through";
  Cache c("c", cfg, next);
  EXPECT_EQ(c.write_line(0, 0x40, Client::Color, false).ready, 10u);
  EXPECT_EQ(c.read_line(5, 0x40, Client::Texture).ready, 15u);        // still a miss: not allocated
  EXPECT_EQ(c.write_line(20, 0x40, Client::Color, true).ready, 23u);  // hit: forwarded too
  EXPECT_EQ(c.flush(30), 30u);                                        // nothing is ever dirty
  EXPECT_EQ(next.log,
            (std::vector<Request>{wr(0, 0x40, Client::Color), rd(5, 0x40, Client::Texture),
                                  wr(20, 0x40, Client::Color)}));
  EXPECT_EQ(test::cache_stats(c).at("c.writebacks"), 0.0);
}

TEST(CacheWrite, FlushWritesEveryDirtyLineOnceAndReturnsTheLastCompletion) {
  FakePort next(10);
  Cache c("c", test::small_cache(), next);
  c.write_line(0, 0x000, Client::Color, true);
  c.write_line(0, 0x040, Client::Depth, true);
  c.write_line(0, 0x080, Client::Color, true);
  c.read_line(0, 0x0c0, Client::Texture);  // clean
  next.log.clear();
  EXPECT_EQ(c.flush(100), 110u);
  EXPECT_EQ(next.log,
            (std::vector<Request>{wr(100, 0x000, Client::Color), wr(100, 0x040, Client::Depth),
                                  wr(100, 0x080, Client::Color)}));
  next.log.clear();
  EXPECT_EQ(c.flush(200), 200u);  // all clean now
  EXPECT_TRUE(next.log.empty());
  EXPECT_EQ(c.read_line(210, 0x040, Client::Depth).ready, 213u);  // lines stay valid
  EXPECT_EQ(test::cache_stats(c).at("c.writebacks"), 3.0);
}

}  // namespace
}  // namespace gfx::sim
