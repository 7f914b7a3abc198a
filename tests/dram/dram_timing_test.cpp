// Tier-2 latency of the controller on every preset: an unloaded read costs exactly
// tRCD + CL + the burst(s) + the controller latency, a row hit exactly CL + burst +
// controller, and a row conflict exactly tRP + tRCD more than a hit; not one cycle less.
#include <gtest/gtest.h>

#include <algorithm>

#include "dram_util.h"

namespace gfx::dram {
namespace {

using test::find;
using test::preset;

class DramTiming : public ::testing::TestWithParam<const char*> {};

TEST_P(DramTiming, UnloadedReadIsTheSumOfTheConfiguredLatencies) {
  const DramConfig c = preset(GetParam());
  // One burst from an empty bank: ACT at arrival, RD tRCD later, data CL after it.
  Controller one(c);
  const uint64_t t = 100;
  EXPECT_EQ(one.read(t, 0, c.burst_bytes), t + c.t_rcd + c.t_cas + c.burst_cycles() +
                                               c.controller_latency);
  // A 64-byte line: within one interleave chunk its two bursts go to one bank, the second
  // column command max(tCCD_L, burst) after the first; over two chunks they go in parallel.
  Controller line(c);
  const uint64_t bursts = std::min<uint64_t>(64 / c.burst_bytes, c.interleave_bytes / c.burst_bytes);
  const uint64_t spacing = std::max<uint64_t>(c.t_ccd_l, c.burst_cycles());
  EXPECT_EQ(line.read(t, 0, 64), t + c.t_rcd + (bursts - 1) * spacing + c.t_cas +
                                     c.burst_cycles() + c.controller_latency);
}

TEST_P(DramTiming, RowHitAndRowConflictDifferByPrechargeAndActivate) {
  const DramConfig c = preset(GetParam());
  Controller d(c);
  const Addr row0 = find(c, 0, 1, 0), row0_again = find(c, 0, 1, 0, 1), row1 = find(c, 0, 1, 1);
  const uint64_t b = c.burst_bytes;
  const uint64_t empty = d.read(100, row0, uint32_t(b)) - 100;
  // Each read is issued when the one before it has completed (no queueing); by then tRAS
  // and tRC of the activate before have passed, so only the formula remains.
  const uint64_t t1 = 100 + empty;
  ASSERT_GE(t1, 100 + c.t_ras);
  const uint64_t hit = d.read(t1, row0_again, uint32_t(b)) - t1;
  const uint64_t t2 = t1 + hit;
  ASSERT_GE(t2 + c.t_rp, 100 + c.t_rc);
  const uint64_t conflict = d.read(t2, row1, uint32_t(b)) - t2;
  EXPECT_EQ(empty, c.t_rcd + c.t_cas + c.burst_cycles() + c.controller_latency);
  EXPECT_EQ(hit, c.t_cas + c.burst_cycles() + c.controller_latency);
  EXPECT_EQ(conflict - hit, uint64_t(c.t_rp) + c.t_rcd);
  const ChannelStats s = d.totals();
  EXPECT_EQ(s.row_empty, 1u);
  EXPECT_EQ(s.row_hits, 1u);
  EXPECT_EQ(s.row_conflicts, 1u);
}

INSTANTIATE_TEST_SUITE_P(Presets, DramTiming,
                         ::testing::Values("baseline", "attila-like", "gddr5", "gddr6"));

}  // namespace
}  // namespace gfx::dram
