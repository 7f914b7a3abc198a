// MemorySystem: the L2 in front of the DRAM (a miss pays the L2 data port and the DRAM
// read, a hit only the L2 lookup, bytes reach the L2 and DRAM under the client that asked),
// and the address allocator (stable per object, every resource on a fresh row of channel 0)
// beside the constant heap.
#include "memory/memory_system.h"

#include <gtest/gtest.h>

namespace gfx::memory {
namespace {

using sim::Client;

// Where an address lands under the documented map.
uint64_t channel_of(const DramConfig& c, Addr a) { return (a / c.interleave_bytes) % c.channels; }
uint64_t offset_in_row(const DramConfig& c, Addr a) {
  const uint64_t local =
      a / c.interleave_bytes / c.channels * c.interleave_bytes + a % c.interleave_bytes;
  return local % c.row_bytes;
}

TEST(MemorySystem, L2MissGoesToDramAndHitStaysInL2) {
  // L2: 8 slices, 20-cycle hits, 256 B/cycle of DRAM-side port in all (32 per slice), an
  // 8-cycle crossbar; DRAM: 20 + 13 + 10 + 2 cycles.
  MemoryConfig cfg;
  MemorySystem m("mem_l2", cfg, 1000.0);
  // The 64-byte fill takes 2 cycles of its slice's port, then 45 cycles of DRAM, then the
  // crossbar's 8; a hit 20 + 8.
  EXPECT_EQ(m.port().read(0, 0x100040, 64, Client::Texture), 55u);
  EXPECT_EQ(m.port().read(100, 0x100040, 64, Client::Texture), 128u);
  EXPECT_EQ(m.dram().bytes_read(Client::Texture), 64u);
  EXPECT_EQ(m.l2().hits(), 1u);
  EXPECT_EQ(m.l2().misses(), 1u);
  // A full-line write allocates in L2 and reaches DRAM only at the flush.
  m.port().write(200, 0x200000, 64, Client::Color);
  EXPECT_EQ(m.dram().bytes_written(Client::Color), 0u);
  m.flush(300);
  EXPECT_EQ(m.dram().bytes_written(Client::Color), 64u);
}

TEST(MemorySystem, ConstantLinesCountPerClientAtTheL2AndAtDram) {
  // Two cores' constant caches fetch the same line of a constant-buffer version: the L2
  // sees both requests, DRAM the first only; another client's bytes stay apart.
  MemorySystem m("mem_const", MemoryConfig{}, 1000.0);
  const Addr line = MemorySystem::constant_heap_address(256);
  EXPECT_EQ(line, (Addr(1) << 40) + 256);
  EXPECT_EQ(m.port().read(0, line, 64, Client::Constant), 55u);
  EXPECT_EQ(m.port().read(50, line, 64, Client::Constant), 78u);  // an L2 hit
  m.port().read(60, 0x100000, 64, Client::Texture);
  EXPECT_EQ(m.l2_traffic().bytes_read(Client::Constant), 128u);
  EXPECT_EQ(m.dram().bytes_read(Client::Constant), 64u);
  EXPECT_EQ(m.l2_traffic().bytes_read(Client::Texture), 64u);
  EXPECT_EQ(m.l2_traffic().bytes_written(Client::Constant), 0u);
}

TEST(MemorySystem, AddressesAreStableAndStartOnARowOfChannelZero) {
  MemoryConfig cfg;  // 8 channels, 2 KiB rows, 256-byte interleave: 16 KiB granules
  MemorySystem m("mem_addr", cfg, 1000.0);
  const int a = 0, b = 0;
  EXPECT_EQ(m.address_of(&a, 100), 0x100000u);
  EXPECT_EQ(m.address_of(&b, 20000), 0x108000u);  // one granule for a, one left unused
  EXPECT_EQ(m.address_of(&a, 100), 0x100000u);    // known object: same address
  const int c = 0;
  EXPECT_EQ(m.address_of(&c, 1), 0x108000u + 3 * 0x4000);
}

TEST(MemorySystem, AllocationAlignmentHoldsForWideInterleaveAndLargeRows) {
  int objs[3] = {};
  MemoryConfig wide;  // interleave larger than a row
  wide.dram.channels = 2;
  wide.dram.row_bytes = 2048;
  wide.dram.interleave_bytes = 4096;
  MemoryConfig big;  // a granule larger than the first address
  big.dram.channels = 8;
  big.dram.row_bytes = 1 << 20;
  const MemoryConfig* configs[2] = {&wide, &big};
  const char* names[2] = {"mem_wide", "mem_big"};
  for (int k = 0; k < 2; ++k) {
    const MemoryConfig& cfg = *configs[k];
    MemorySystem m(names[k], cfg, 1000.0);
    for (int i = 0; i < 3; ++i) {
      const Addr a = m.address_of(&objs[i], 5000 * uint64_t(i + 1));
      SCOPED_TRACE(a);
      EXPECT_EQ(channel_of(cfg.dram, a), 0u);
      EXPECT_EQ(offset_in_row(cfg.dram, a), 0u);
    }
  }
}

}  // namespace
}  // namespace gfx::memory
