// Tier-2 rules of one channel, each on a small DRAM where only the rule under test binds:
// tFAW, tCCD_L against tCCD_S, write-to-read turnaround, refresh, the close-page policy,
// XOR bank hashing, and the FR-FCFS write queue (reads pass queued writes, a drain serves
// row hits first, the writes left at the end are served as an idle channel serves them).
#include <gtest/gtest.h>

#include "dram_util.h"

namespace gfx::dram {
namespace {

using test::find;

// 1 channel, 8 banks in 2 bank groups, 1 KiB rows, 32-byte bursts of 2 cycles.
DramConfig plain() {
  DramConfig c;
  c.clock_mhz = 1000.0;
  c.channels = 1;
  c.bank_groups = 2;
  c.banks = 8;
  c.row_bytes = 1024;
  c.bytes_per_cycle = 16;
  c.burst_bytes = 32;
  c.interleave_bytes = 256;
  c.t_cas = 10;
  c.t_wl = 4;
  c.t_rcd = 12;
  c.t_rp = 12;
  c.t_ras = 20;
  c.t_rc = 32;
  c.t_ccd_s = 2;
  c.t_ccd_l = 2;
  c.t_rrd_s = 2;
  c.t_rrd_l = 2;
  c.t_faw = 0;
  c.t_wr = 8;
  c.t_wtr = 6;
  c.t_rtw = 2;
  c.t_rtp = 2;
  c.t_refi = 0;
  c.t_rfc = 0;
  c.controller_latency = 5;
  c.scheduler = "fcfs";
  return c;
}
constexpr uint64_t kEmpty = 12 + 10 + 2 + 5;  // tRCD + CL + burst + controller

TEST(DramRules, FifthActivateWaitsForTheFourActivateWindow) {
  DramConfig c = plain();
  c.t_faw = 20;
  Controller d(c);
  // Banks 0..3 activate at 0, 2, 4, 6 (tRRD 2); bank 4's activate waits for 0 + tFAW.
  for (uint32_t b = 0; b < 4; ++b) d.read(0, find(c, 0, b, 0), 32);
  EXPECT_EQ(d.read(0, find(c, 0, 4, 0), 32), 20 + kEmpty);
  c.t_faw = 0;
  Controller no_window(c);
  for (uint32_t b = 0; b < 4; ++b) no_window.read(0, find(c, 0, b, 0), 32);
  // Without the window only tRRD and the data bus order it: ACT at 8, data after the
  // fourth read's (which ends at 6 + 12 + 10 + 2 = 30), so at 32.
  EXPECT_EQ(no_window.read(0, find(c, 0, 4, 0), 32), 8 + 12 + 10 + 2 + 5);
}

TEST(DramRules, SameBankGroupColumnsWaitForTccdL) {
  DramConfig c = plain();
  c.t_ccd_l = 5;
  // Two bursts of one row: same bank, same group, so 5 cycles apart instead of 2.
  Controller same(c);
  EXPECT_EQ(same.read(0, 0, 64), 12 + 5 + 10 + 2 + 5);
  // Banks 0 and 1 are in groups 0 and 1: their columns only need tCCD_S (and the bus).
  Controller other(c);
  other.read(0, find(c, 0, 0, 0), 32);  // ACT 0, RD 12, data 22..24
  EXPECT_EQ(other.read(0, find(c, 0, 1, 0), 32), 2 + 12 + 10 + 2 + 5);  // ACT 2 (tRRD), RD 14
}

TEST(DramRules, ReadAfterWriteWaitsForTheTurnaround) {
  const DramConfig c = plain();
  Controller d(c);
  // FCFS serves the write at once: ACT 0, WR 12, data 16..18. The read of the same row
  // waits for the write data's end + tWTR = 24, then CL and its burst.
  EXPECT_EQ(d.write(0, 0, 32), 18u);
  EXPECT_EQ(d.read(0, 32, 32), 24 + 10 + 2 + 5);
}

TEST(DramRules, RefreshClosesRowsAndHoldsTheChannelForTrfc) {
  DramConfig c = plain();
  c.t_refi = 1000;
  c.t_rfc = 100;
  Controller d(c);
  d.read(0, 0, 32);  // opens row 0 of bank 0
  // At 1000 the refresh is due: precharge-all at 1000, refresh at 1012 until 1112; the
  // row is closed again, so the read activates after it.
  EXPECT_EQ(d.read(1000, 32, 32), 1112 + kEmpty);
  const ChannelStats s = d.totals();
  EXPECT_EQ(s.refreshes, 1u);
  EXPECT_EQ(s.refresh_cycles, 100u);
  EXPECT_EQ(s.row_empty, 2u);
}

TEST(DramRules, ClosePageMakesEveryAccessActivate) {
  DramConfig c = plain();
  c.page_policy = "close";
  Controller d(c);
  EXPECT_EQ(d.read(0, 0, 32), kEmpty);
  // Same row, after tRC: an empty bank again, not a hit.
  EXPECT_EQ(d.read(100, 32, 32), 100 + kEmpty);
  EXPECT_EQ(d.totals().row_hits, 0u);
  EXPECT_EQ(d.totals().row_empty, 2u);
}

TEST(DramRules, BankXorSpreadsRowsOfOneBankOverOthers) {
  DramConfig c = plain();
  const AddressMap straight(c);
  c.bank_xor = true;
  const AddressMap hashed(c);
  // Row r of bank 0 without hashing (addresses r x 8 KiB) lands in bank r with it.
  for (uint64_t r = 0; r < 8; ++r) {
    const Addr a = r * 8 * 1024;
    EXPECT_EQ(straight.locate(a).bank, 0u);
    EXPECT_EQ(hashed.locate(a).bank, uint32_t(r));
    EXPECT_EQ(hashed.locate(a).row, r);
  }
}

TEST(DramRules, FrFcfsReadsPassQueuedWritesAndDrainsServeRowHitsFirst) {
  DramConfig c = plain();
  c.scheduler = "frfcfs";
  c.write_queue = 4;
  c.write_high = 3;
  c.write_low = 1;
  Controller d(c);
  // Two writes are accepted on arrival and wait; the read at 0 goes first.
  EXPECT_EQ(d.write(0, find(c, 0, 2, 0), 32), 0u);
  EXPECT_EQ(d.write(0, find(c, 0, 3, 5), 32), 0u);
  EXPECT_EQ(d.queued_writes(0), 2u);
  EXPECT_EQ(d.read(0, find(c, 0, 3, 0), 32), kEmpty);
  // The third write reaches write_high: the drain serves the row hit (bank 3, row 0,
  // open since the read) before the older writes, down to write_low.
  d.write(0, find(c, 0, 3, 0, 1), 32);
  EXPECT_EQ(d.queued_writes(0), 1u);
  EXPECT_EQ(d.totals().row_hits, 1u);
  EXPECT_EQ(d.totals().writes, 2u);
}

TEST(DramRules, WritesQueuedAtTheEndAreServedAsAnIdleChannelServesThem) {
  DramConfig c = plain();
  c.scheduler = "frfcfs";
  c.write_queue = 4;
  c.write_high = 3;
  c.write_low = 1;
  Controller d(c);
  EXPECT_EQ(d.serve_queued(), 0u);  // nothing queued: nothing done
  // The read opens bank 3's row 0: ACT 0, RD 12, data 22..24. Two writes arrive at 1 and
  // stay queued (below write_high, and no later request lets the idle channel take them).
  d.read(0, find(c, 0, 3, 0), 32);
  d.write(1, find(c, 0, 2, 0), 32);
  d.write(1, find(c, 0, 3, 0, 1), 32);
  EXPECT_EQ(d.queued_writes(0), 2u);
  EXPECT_EQ(d.totals().writes, 0u);
  // At the end they go from the bus's free cycle (24), the row hit first: WR at 24 (the
  // read-to-write turnaround allows 12 + 10 + 2 + 2 - 4 = 22), data 28..30. Then bank 2,
  // empty: ACT at 30, WR at 42 (tRCD), data 46..48.
  EXPECT_EQ(d.serve_queued(), 48u);
  EXPECT_EQ(d.queued_writes(0), 0u);
  const ChannelStats t = d.totals();
  EXPECT_EQ(t.writes, 2u);
  EXPECT_EQ(t.row_hits, 1u);
  EXPECT_EQ(t.row_empty, 2u);
  EXPECT_EQ(t.activates, 2u);
  EXPECT_EQ(t.busy, 2u + 2u + 2u);  // one burst each: the read's and the two writes'
  EXPECT_EQ(d.serve_queued(), 0u);  // a second call finds nothing
}

TEST(DramRules, QueueLatencyAndBankParallelismCountWhatOverlaps) {
  const DramConfig c = plain();
  Controller d(c);
  // Bank 0: ACT 0, RD 12, data 22..24. Bank 1: ACT 2 (tRRD), RD 14, data 24..26: it waited
  // 2 cycles for its first command, and the two were in service together from 2 to 24.
  d.read(0, find(c, 0, 0, 0), 32);
  d.read(0, find(c, 0, 1, 0), 32);
  const stats::Histogram& q = d.channel(0).stats().queue_latency;
  EXPECT_EQ(q.samples, 2u);
  EXPECT_EQ(q.sum, 2u);
  EXPECT_EQ(q.max_value, 2u);
  const ChannelStats s = d.totals();
  EXPECT_EQ(s.bank_busy, 24u + 24u);
  EXPECT_EQ(s.active, 26u);
  EXPECT_EQ(s.busy, 4u);
}

TEST(DramRules, GroupFirstMapAlternatesBankGroupsAndStreamsOneRowPerBank) {
  DramConfig c = plain();
  c.channels = 2;
  c.bank_groups = 4;
  c.interleave_bytes = 32;
  c.address_map = "row_bank_column_group";
  const AddressMap map(c);
  // Channel 0's k-th burst is at k x 64: groups 0, 1, 2, 3 in turn; each of banks 0..3
  // streams its row's 32 columns (128 bursts), then banks 4..7 take over, then row 1.
  for (uint64_t k = 0; k < 256; ++k) {
    const Location l = map.locate(k * 64);
    EXPECT_EQ(l.channel, 0u);
    EXPECT_EQ(l.bank, uint32_t(k % 4 + 4 * (k / 128)));
    EXPECT_EQ(l.row, 0u);
  }
  EXPECT_EQ(map.locate(256 * 64).bank, 0u);
  EXPECT_EQ(map.locate(256 * 64).row, 1u);
}

}  // namespace
}  // namespace gfx::dram
