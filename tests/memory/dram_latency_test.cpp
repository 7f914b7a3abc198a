// Tier-2 latency of Dram: an empty-bank read costs controller + tRCD + CL + burst, a row
// hit saves tRCD, a row conflict adds tRP; writes complete when their data has been sent,
// or, queued, are served at the end of the run; and the DRAM clock converts to core cycles
// at 1:1, 2:1 and 1:2.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "dram_util.h"

namespace gfx::memory {
namespace {

using sim::Client;
using test::address;
using test::kEmptyRowRead;
using test::small_dram;

TEST(DramLatency, FirstReadOfAnEmptyBank) {
  Dram d(small_dram(), 1000.0);
  EXPECT_EQ(d.read(0, 0, 64, Client::Texture), kEmptyRowRead);
  Dram later(small_dram(), 1000.0);
  EXPECT_EQ(later.read(1234, 0, 64, Client::Texture), 1234 + kEmptyRowRead);
  Dram wide(small_dram(), 1000.0);
  EXPECT_EQ(wide.read(0, 0, 256, Client::Texture), 20u + 13 + 10 + 8);  // 8-cycle burst
}

TEST(DramLatency, RowHitSavesActivateAndConflictAddsPrecharge) {
  const DramConfig c = small_dram();
  Dram d(c, 1000.0);
  EXPECT_EQ(d.read(0, address(c, 0, 1, 5), 64, Client::Texture), kEmptyRowRead);
  EXPECT_EQ(d.read(100, address(c, 0, 1, 5, 64), 64, Client::Texture), 100 + kEmptyRowRead - 13);
  EXPECT_EQ(d.read(200, address(c, 0, 1, 6), 64, Client::Texture), 200 + kEmptyRowRead + 14);
  // Other banks keep their own rows: bank 2 is still empty.
  EXPECT_EQ(d.read(300, address(c, 0, 2, 5), 64, Client::Texture), 300 + kEmptyRowRead);
  stats::Group g("dram");
  Cycle run = 400;
  d.register_stats(g, &run);
  std::map<std::string, double> v;
  g.flatten(v);
  EXPECT_EQ(v.at("dram.row_empty"), 2.0);
  EXPECT_EQ(v.at("dram.row_hits"), 1.0);
  EXPECT_EQ(v.at("dram.row_conflicts"), 1.0);
  EXPECT_EQ(v.at("dram.reads"), 4.0);
  EXPECT_DOUBLE_EQ(v.at("dram.avg_read_latency"), (45.0 + 32 + 59 + 45) / 4);
}

TEST(DramLatency, WriteCompletesWhenItsDataIsOnTheBus) {
  Dram d(small_dram(), 1000.0);
  EXPECT_EQ(d.write(0, 0, 64, Client::Color), 13u + 5 + 2);  // tRCD + WL + burst, no controller
}

TEST(DramLatency, QueuedWriteServedAtTheEndInCoreCycles) {
  // FR-FCFS queues the write: accepted at once, served only when the run ends. Then: ACT
  // at DRAM cycle 0, WR at 13 (tRCD), data 18..20 (CWL 5, a 2-cycle burst); at a 600 MHz
  // core that is core cycle ceil(20 x 600 / 1000) = 12.
  DramConfig c = small_dram();
  c.scheduler = "frfcfs";
  Dram d(c, 600.0);
  EXPECT_EQ(d.write(0, 0, 64, Client::Color), 0u);
  EXPECT_EQ(d.busy_until(), 0u);
  d.finish();
  EXPECT_EQ(d.busy_until(), 12u);
  d.finish();  // nothing left: the answer stays
  EXPECT_EQ(d.busy_until(), 12u);
}

TEST(DramLatency, CoreClockTwiceTheDramClock) {
  const Cycle lat = 2 * kEmptyRowRead;  // every DRAM cycle is two core cycles
  Dram d(small_dram(), 2000.0);
  EXPECT_EQ(d.read(0, 0, 64, Client::Texture), lat);
  // Issued between two DRAM edges: the command waits for the next one (core 102).
  Dram odd(small_dram(), 2000.0);
  EXPECT_EQ(odd.read(101, 0, 64, Client::Texture), 102 + lat);
}

TEST(DramLatency, DramClockTwiceTheCoreClock) {
  Dram d(small_dram(), 500.0);
  EXPECT_EQ(d.read(0, 0, 64, Client::Texture), 23u);  // 45 DRAM cycles = 22.5 core: rounds up
  Dram later(small_dram(), 500.0);
  EXPECT_EQ(later.read(100, 0, 64, Client::Texture), 123u);
}

}  // namespace
}  // namespace gfx::memory
