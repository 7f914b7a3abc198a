// The sliced L2 behind its crossbar (model/memory/l2.h) in exact cycles: a hit costs the
// crossbar latency plus the slice's hit latency, a second miss to a line in flight merges
// (one DRAM read), a slice refuses a unit cache's fill for a busy port, a full MSHR file or
// a busy crossbar port, and the unit cache then waits exactly until the slice would accept.
#include <gtest/gtest.h>

#include "../sim/fake_port.h"
#include "memory/l2.h"

namespace gfx::memory {
namespace {

using sim::Client;
using sim::test::FakePort;
using sim::test::rd;

constexpr Cycle kDram = 100;  // the fake DRAM answers every request 100 cycles later

// 2 slices of 4 KiB, 4 ways, 64-byte lines, 20-cycle hits, 4 MSHRs and 2 ports per slice,
// no DRAM-side port limit; a 64 B/cycle crossbar port per slice, 5 cycles across.
MemoryConfig config(uint32_t slices = 2) {
  MemoryConfig c;
  c.l2 = sim::CacheConfig()
             .with_size_kib(4 * slices)
             .with_ways(4)
             .with_line_bytes(64)
             .with_mshrs(4 * slices)
             .with_ports(2 * slices)
             .with_hit_latency(20)
             .with_bytes_per_cycle(0);
  c.l2_slices = slices;
  c.crossbar.bytes_per_cycle = 64;
  c.crossbar.latency = 5;
  return c;
}

// A line of slice `s` (2 slices: the hash keeps the XOR of the line index's bits, so line
// index 0 is slice 0 and line index 1 slice 1; 0x40 * 3 = index 3 -> slice 0, and so on).
Addr line_in(const L2& l2, uint32_t s, uint32_t nth) {
  uint32_t found = 0;
  for (Addr a = 0;; a += 64)
    if (l2.slice_of(a) == s && found++ == nth) return a;
}

TEST(L2Slices, TheHashFoldsTheLineIndex) {
  FakePort dram(kDram);
  L2 l2(config(8), dram);  // 8 slices: 3-bit fields of the line index, XORed
  EXPECT_EQ(l2.slice_of(0x0), 0u);
  EXPECT_EQ(l2.slice_of(0x40), 1u);        // index 1
  EXPECT_EQ(l2.slice_of(0x7f), 1u);        // same line
  EXPECT_EQ(l2.slice_of(8 * 0x40), 1u);    // index 0b001'000: 1 ^ 0
  EXPECT_EQ(l2.slice_of(9 * 0x40), 0u);    // index 0b001'001: 1 ^ 1
  EXPECT_EQ(l2.slice_of(77 * 0x40), 5u);   // index 0b001'001'101: 1 ^ 1 ^ 5
  // A power-of-two stride of 2 KiB (32 lines) visits every slice, not one.
  bool seen[8] = {};
  for (Addr a = 0; a < 8 * 2048; a += 2048) seen[l2.slice_of(a)] = true;
  for (bool s : seen) EXPECT_TRUE(s);
}

TEST(L2Slices, AHitCostsTheCrossbarPlusTheHitLatencyExactly) {
  FakePort dram(kDram);
  L2 l2(config(), dram);
  const Addr a = line_in(l2, 1, 0);
  // A miss: the fill (100) outlasts the lookup (20), then 5 across the crossbar.
  EXPECT_EQ(l2.try_read(0, a, 64, Client::Texture).ready, 105u);
  const sim::Grant hit = l2.try_read(300, a, 64, Client::Texture);
  EXPECT_TRUE(hit.ok);
  EXPECT_EQ(hit.ready, 300u + 5 + 20);
  EXPECT_EQ(l2.slice(1).hits(), 1u);
  EXPECT_EQ(l2.client(Client::Texture).hits, 1u);
  EXPECT_EQ(l2.client(Client::Texture).misses, 1u);
}

TEST(L2Slices, ASecondMissToALineInFlightMergesWithoutADramRead) {
  FakePort dram(kDram);
  L2 l2(config(), dram);
  const Addr a = line_in(l2, 0, 2);
  EXPECT_EQ(l2.try_read(0, a, 64, Client::Texture).ready, 105u);
  // Ten cycles later, another client asks for the same line: it waits for the same fill.
  EXPECT_EQ(l2.try_read(10, a, 64, Client::Depth).ready, 105u);
  EXPECT_EQ(l2.try_read(11, a + 32, 32, Client::Texture).ready, 105u);
  EXPECT_EQ(dram.log, (std::vector<sim::test::Request>{rd(0, a, Client::Texture)}));
  EXPECT_EQ(l2.slice(0).hits_on_fill(), 2u);
  EXPECT_EQ(l2.client(Client::Depth).hits_on_fill, 1u);
  EXPECT_EQ(l2.client(Client::Texture).hits_on_fill, 1u);
}

TEST(L2Slices, ASliceRefusesWhenItsPortsOfTheCycleAreTaken) {
  FakePort dram(kDram);
  // Two ports per slice: the third lookup of cycle 7 in slice 0 comes back next cycle. The
  // crossbar port (one line a cycle) would refuse first, so it is unlimited here.
  MemoryConfig wide = config();
  wide.crossbar.bytes_per_cycle = 0;
  L2 w(wide, dram);
  EXPECT_TRUE(w.try_read(7, line_in(w, 0, 0), 64, Client::Texture).ok);
  EXPECT_TRUE(w.try_read(7, line_in(w, 0, 1), 64, Client::Texture).ok);
  const sim::Grant third = w.try_read(7, line_in(w, 0, 2), 64, Client::Texture);
  EXPECT_FALSE(third.ok);
  EXPECT_EQ(third.ready, 8u);
  EXPECT_TRUE(w.try_read(7, line_in(w, 1, 0), 64, Client::Texture).ok);  // the other slice
  EXPECT_TRUE(w.try_read(8, line_in(w, 0, 2), 64, Client::Texture).ok);
  EXPECT_EQ(w.refused_ports(0), 1u);
  EXPECT_EQ(w.client(Client::Texture).refused, 1u);
}

TEST(L2Slices, ABusyCrossbarPortRefusesUntilItsBytesAreSent) {
  FakePort dram(kDram);
  MemoryConfig c = config();
  c.crossbar.bytes_per_cycle = 16;  // a 64-byte line holds the port 4 cycles
  L2 l2(c, dram);
  EXPECT_TRUE(l2.try_read(10, line_in(l2, 0, 0), 64, Client::Texture).ok);
  const sim::Grant busy = l2.try_read(13, line_in(l2, 0, 1), 64, Client::Texture);
  EXPECT_FALSE(busy.ok);
  EXPECT_EQ(busy.ready, 14u);
  EXPECT_TRUE(l2.try_read(13, line_in(l2, 1, 0), 64, Client::Texture).ok);  // its own port
  EXPECT_TRUE(l2.try_read(14, line_in(l2, 0, 1), 64, Client::Texture).ok);
  EXPECT_EQ(l2.refused_crossbar(0), 1u);
  EXPECT_EQ(l2.crossbar_bytes(0), 128u);
  // Posted writes are never refused: they queue behind the port (4 more cycles each).
  l2.write(15, line_in(l2, 0, 5), 64, Client::Color);
  const sim::Grant after = l2.try_read(19, line_in(l2, 0, 6), 64, Client::Texture);
  EXPECT_FALSE(after.ok);
  EXPECT_EQ(after.ready, 22u);
}

TEST(L2Slices, AFullMshrFileRefusesAndTheUnitCacheWaitsExactlyUntilOneFrees) {
  FakePort dram(kDram);
  MemoryConfig c = config(1);
  c.l2.ports = 8;
  c.crossbar.bytes_per_cycle = 0;
  L2 l2(c, dram);
  // Four misses take the slice's four MSHRs; their fills arrive at 100, 101, 102, 103.
  for (Cycle t = 0; t < 4; ++t) EXPECT_TRUE(l2.try_read(t, t * 64, 64, Client::Texture).ok);
  // A unit cache in front: its miss to a fifth line is refused until cycle 100.
  sim::Cache tex("tex", sim::CacheConfig().with_size_kib(1).with_ways(2).with_mshrs(4), l2);
  const sim::Cache::Access early = tex.read_line(50, 4 * 64, Client::Texture);
  EXPECT_FALSE(early.ok);
  EXPECT_EQ(early.ready, 100u);
  EXPECT_FALSE(tex.read_line(99, 4 * 64, Client::Texture).ok);
  EXPECT_EQ(tex.misses(), 0u);  // a refused access changes nothing in the unit cache
  EXPECT_EQ(tex.refused(), 2u);
  const sim::Cache::Access granted = tex.read_line(100, 4 * 64, Client::Texture);
  EXPECT_TRUE(granted.ok);
  EXPECT_EQ(granted.ready, 100u + kDram + 5);
  EXPECT_EQ(l2.refused_mshrs(0), 2u);
  // A hit in the slice needs no MSHR: at 101 the MSHRs are full again, yet line 0 hits.
  EXPECT_TRUE(l2.try_read(101, 0, 64, Client::Texture).ok);
  // And a line in flight merges without one.
  EXPECT_TRUE(l2.try_read(101, 4 * 64, 64, Client::Vertex).ok);
}

TEST(L2Slices, WritesAllocateDirtyAndReachDramAtTheFlush) {
  FakePort dram(kDram);
  L2 l2(config(), dram);
  const Addr a = line_in(l2, 1, 3);
  EXPECT_EQ(l2.write(0, a, 64, Client::Color), 0u + 20 + 5);  // a full line: no fetch
  EXPECT_TRUE(dram.log.empty());
  EXPECT_EQ(l2.try_read(40, a, 64, Client::Color).ready, 40u + 5 + 20);  // write-back: a hit
  EXPECT_EQ(l2.flush(100), 100u + kDram);
  EXPECT_EQ(dram.log, (std::vector<sim::test::Request>{sim::test::wr(100, a, Client::Color)}));
}

TEST(L2Slices, ConfigRefusesSlicesThatDoNotDivideTheL2) {
  MemoryConfig c = config(2);
  c.l2.mshrs = 5;
  cfg::Schema<MemoryConfig> s;
  MemoryConfig::describe(s);
  ASSERT_EQ(s.checks().size(), 1u);
  EXPECT_EQ(s.checks()[0].fn(&c), "l2.mshrs (5) must be a multiple of l2_slices (2)");
  c.l2.mshrs = 4;
  EXPECT_EQ(s.checks()[0].fn(&c), "");
}

}  // namespace
}  // namespace gfx::memory
