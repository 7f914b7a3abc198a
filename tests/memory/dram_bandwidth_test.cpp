// Tier-2 throughput of Dram: consecutive interleave chunks land on consecutive channels,
// back-to-back reads on one channel finish exactly one burst apart, two channels work in
// parallel, a request wider than a chunk is served by the channels of all its chunks, and
// bytes are counted per client (and per channel bus).
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "dram_util.h"

namespace gfx::memory {
namespace {

using sim::Client;
using test::address;
using test::kEmptyRowRead;
using test::small_dram;

std::vector<Cycle> reads_at_zero(Dram& d, const std::vector<Addr>& addrs) {
  std::vector<Cycle> done;
  for (Addr a : addrs) done.push_back(d.read(0, a, 64, Client::Texture));
  return done;
}

TEST(DramBandwidth, ConsecutiveChunksGoToConsecutiveChannels) {
  const DramConfig c = small_dram();
  Dram d(c, 1000.0);
  // Chunks 0 and 1 are on channels 0 and 1: both start at once. Chunk 2 is channel 0
  // again (same bank and row as chunk 0), so it waits one burst for that channel's bus.
  EXPECT_EQ(reads_at_zero(d, {0, 256, 512}),
            (std::vector<Cycle>{kEmptyRowRead, kEmptyRowRead, kEmptyRowRead + 2}));
  EXPECT_EQ(address(c, 1, 0, 0), 256u);
  EXPECT_EQ(address(c, 0, 0, 0, 256), 512u);
}

TEST(DramBandwidth, BackToBackReadsOnOneChannelFinishOneBurstApart) {
  const DramConfig c = small_dram();
  Dram same_row(c, 1000.0);
  std::vector<Addr> row;
  for (uint64_t col = 0; col < 6 * 64; col += 64) row.push_back(address(c, 0, 0, 0, col));
  EXPECT_EQ(reads_at_zero(same_row, row), (std::vector<Cycle>{45, 47, 49, 51, 53, 55}));
  // Different banks of the same channel overlap their activates but share the data bus.
  Dram banks(c, 1000.0);
  EXPECT_EQ(reads_at_zero(banks, {address(c, 0, 0, 0), address(c, 0, 1, 0), address(c, 0, 2, 0),
                                  address(c, 0, 3, 0)}),
            (std::vector<Cycle>{45, 47, 49, 51}));
}

TEST(DramBandwidth, TwoChannelsServeInParallel) {
  const DramConfig c = small_dram();
  Dram d(c, 1000.0);
  std::vector<Addr> both;
  for (uint64_t col = 0; col < 4 * 64; col += 64) {
    both.push_back(address(c, 0, 0, 0, col));
    both.push_back(address(c, 1, 0, 0, col));
  }
  // Eight reads take as long as four on one channel.
  EXPECT_EQ(reads_at_zero(d, both), (std::vector<Cycle>{45, 45, 47, 47, 49, 49, 51, 51}));
  stats::Group g("dram");
  Cycle run = 100;
  d.register_stats(g, &run);
  std::map<std::string, double> v;
  g.flatten(v);
  EXPECT_EQ(v.at("dram.channels.ch0_busy"), 8.0);  // four 2-cycle bursts each
  EXPECT_EQ(v.at("dram.channels.ch1_busy"), 8.0);
}

// A 1 KiB request (an L2 line longer than the 256-byte interleave) covers chunks 0..3,
// which live on channels 0, 1, 0, 1: each channel moves 512 bytes (two 8-cycle bursts, the
// second a row hit) instead of channel 0 bursting all 1024 (which ended at cycle 75).
TEST(DramBandwidth, RequestWiderThanAChunkIsSpreadOverItsChannels) {
  const DramConfig c = small_dram();
  Dram d(c, 1000.0);
  // Chunk 0: tRCD 13 + CL 10, data 23..31, + controller 20 = 51. Chunk 2 (same bank and
  // row of channel 0): column command at 21, data 31..39 once the bus is free, done 59.
  EXPECT_EQ(d.read(0, 0, 1024, Client::Vertex), 59u);
  // Not chunk-aligned: [128, 256) on channel 0 and [256, 384) on channel 1, each a row hit.
  EXPECT_EQ(d.read(100, 128, 256, Client::Vertex), 100u + 10 + 4 + 20);
  stats::Group g("dram");
  Cycle run = 200;
  d.register_stats(g, &run);
  std::map<std::string, double> v;
  g.flatten(v);
  EXPECT_EQ(v.at("dram.reads"), 2.0);  // requests, however many chunks they cover
  EXPECT_EQ(v.at("dram.clients.vertex.bytes_read"), 1280.0);
  EXPECT_EQ(v.at("dram.channels.ch0_busy"), 16.0 + 4.0);
  EXPECT_EQ(v.at("dram.channels.ch1_busy"), 16.0 + 4.0);
}

TEST(DramBandwidth, BytesAreCountedPerClient) {
  const DramConfig c = small_dram();
  Dram d(c, 1000.0);
  d.read(0, 0, 64, Client::Texture);
  d.read(0, 4096, 32, Client::Vertex);
  d.write(0, 8192, 64, Client::Color);
  d.write(10, 8192 + 64, 128, Client::Color);
  d.read(20, 0, 64, Client::Texture);
  EXPECT_EQ(d.bytes_read(Client::Texture), 128u);
  EXPECT_EQ(d.bytes_read(Client::Vertex), 32u);
  EXPECT_EQ(d.bytes_written(Client::Color), 192u);
  EXPECT_EQ(d.bytes_read(Client::Color), 0u);
  EXPECT_EQ(d.bytes_written(Client::Texture), 0u);
  EXPECT_EQ(d.total_bytes(), 352u);

  stats::Group g("dram");
  Cycle run = 1000;  // 1 us at 1000 MHz
  d.register_stats(g, &run);
  std::map<std::string, double> v;
  g.flatten(v);
  EXPECT_EQ(v.at("dram.clients.texture.bytes_read"), 128.0);
  EXPECT_EQ(v.at("dram.clients.color.bytes_written"), 192.0);
  EXPECT_EQ(v.at("dram.clients.index.bytes_read"), 0.0);
  EXPECT_EQ(v.at("dram.reads"), 3.0);
  EXPECT_EQ(v.at("dram.writes"), 2.0);
  EXPECT_EQ(v.at("dram.peak_gbps"), 64.0);  // 2 channels x 32 B x 1000 MHz
  EXPECT_NEAR(v.at("dram.bandwidth_gbps"), 0.352, 1e-12);
  EXPECT_NEAR(v.at("dram.clients.color.gbps"), 0.192, 1e-12);
  EXPECT_NEAR(v.at("dram.peak_share"), 0.352 / 64.0, 1e-12);
}

}  // namespace
}  // namespace gfx::memory
