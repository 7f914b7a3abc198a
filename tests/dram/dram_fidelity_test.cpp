// Fidelity microbenchmarks of the controller on every preset: a stream of sequential
// 64-byte reads (an L2 line each, all issued at once) keeps the data buses at least 90%
// busy over the run, a stream of writes at least 85%. What they lose is refresh, row
// switches and, for writes, the turnarounds of the drains; the share is printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "dram_util.h"

namespace gfx::dram {
namespace {

using test::preset;

constexpr uint64_t kLines = 1 << 16;  // 4 MiB: enough rows and refreshes to average over

// Share of the configured peak: bytes moved over (cycles x channels x bytes per cycle).
double share(const DramConfig& c, uint64_t cycles) {
  return double(kLines * 64) / (double(cycles) * c.channels * c.bytes_per_cycle);
}

class DramStreaming : public ::testing::TestWithParam<const char*> {};

TEST_P(DramStreaming, SequentialReadsReachNinetyPercentOfPeak) {
  const DramConfig c = preset(GetParam());
  Controller d(c);
  uint64_t end = 0;
  for (uint64_t i = 0; i < kLines; ++i)
    end = std::max(end, test::data_end(c, d.read(0, i * 64, 64)));
  const double s = share(c, end);
  std::printf("[ %s ] streaming read: %.4f of peak over %llu DRAM cycles\n", GetParam(), s,
              static_cast<unsigned long long>(end));
  EXPECT_GE(s, 0.90);
  EXPECT_LE(s, 1.0);
}

TEST_P(DramStreaming, SequentialWritesReachEightyFivePercentOfPeak) {
  const DramConfig c = preset(GetParam());
  Controller d(c);
  uint64_t end = 0;
  for (uint64_t i = 0; i < kLines; ++i) end = std::max(end, d.write(0, i * 64, 64));
  end = std::max(end, d.drain(0));
  const double s = share(c, end);
  std::printf("[ %s ] streaming write: %.4f of peak over %llu DRAM cycles\n", GetParam(), s,
              static_cast<unsigned long long>(end));
  EXPECT_GE(s, 0.85);
  EXPECT_LE(s, 1.0);
}

INSTANTIATE_TEST_SUITE_P(Presets, DramStreaming,
                         ::testing::Values("baseline", "attila-like", "gddr5", "gddr6"));

}  // namespace
}  // namespace gfx::dram
