// One DRAM channel: its banks (grouped into bank groups) with one row buffer each, its
// command bus (one command per cycle) and its data bus, and the timing rules between the
// commands: tRCD, tRP, tRAS, tRC, tCCD_S/L, tRRD_S/L, tFAW, tWR, tWTR, read-to-write
// turnaround, tRTP and all-bank refresh every tREFI for tRFC.
//
// serve() places the commands of one access (PRE if another row is open, ACT if none is,
// one RD or WR per burst, auto-precharge under the close-page policy) each at the first
// cycle every rule allows, given the commands placed before it: a later access may use a
// command slot before an earlier one's, but the data bus carries the bursts in the order
// they were placed. A refresh is due when the channel's command frontier reaches its
// time; it waits for every open bank's precharge and closes every row.
//
// Leaves out: per-bank refresh, power-down, rank switching, data bus inversion and
// on-die error correction; write data is not checked against queued reads (no forwarding).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "dram/dram_config.h"
#include "dram/sched/scheduler.h"
#include "stats/histogram.h"

namespace gfx::dram {

struct ChannelStats {
  uint64_t reads = 0, writes = 0;  // accesses (one row of one bank each)
  uint64_t row_hits = 0, row_empty = 0, row_conflicts = 0;
  uint64_t activates = 0, precharges = 0, refreshes = 0;
  uint64_t busy = 0;             // data bus cycles carrying data
  uint64_t refresh_cycles = 0;   // cycles under refresh (tRFC each)
  uint64_t bank_busy = 0;        // sum over accesses of first command to last data
  uint64_t active = 0;           // cycles with at least one access in service
  stats::Histogram queue_latency{64, 4};  // reads: arrival to first command, DRAM cycles
};

class Channel : public BankView {
 public:
  Channel(const DramConfig& cfg, uint32_t index);

  // Places `a`'s commands, none before `start` (>= a.arrival); returns the DRAM cycle its
  // last data beat ends.
  uint64_t serve(const Access& a, uint64_t start);
  bool row_open(uint32_t bank, uint64_t row) const override { return banks_[bank].row == row; }
  // DRAM cycle the data bus is next free: the channel has nothing in flight after it.
  uint64_t bus_free() const { return bus_free_; }
  const ChannelStats& stats() const { return stats_; }

 private:
  static constexpr uint64_t kNone = ~uint64_t(0);
  struct Bank {
    uint64_t row = kNone;  // open row
    uint64_t act_ok = 0, col_ok = 0, pre_ok = 0;
  };
  struct Group {
    uint64_t act_ok = 0, col_ok = 0;
  };

  uint64_t place(uint64_t t);  // first free command-bus cycle at or after t, taken
  uint64_t precharge(Bank& b, uint64_t t);
  uint64_t activate(uint32_t bank, uint64_t row, uint64_t t);
  uint64_t column(uint32_t bank, bool write, uint64_t t, uint64_t* data_end);
  void refresh(uint64_t due);

  const DramConfig& cfg_;
  bool close_page_;
  std::vector<Bank> banks_;
  std::vector<Group> groups_;
  uint64_t act_ok_ = 0, col_ok_ = 0;  // channel-wide tRRD_S / tCCD_S
  uint64_t rd_ok_ = 0, wr_ok_ = 0;    // turnarounds (tWTR, tRTW)
  uint64_t bus_free_ = 0;
  uint64_t frontier_ = 0;  // latest command placed
  bool placed_ = false;    // any command placed yet
  uint64_t next_refresh_ = kNone;
  std::array<uint64_t, 4> faw_{};  // the last four activates, oldest at faw_pos_
  size_t faw_pos_ = 0;
  uint64_t acts_ = 0;
  std::array<uint64_t, 32> cmds_{};  // recent command cycles, for the command bus
  size_t cmd_pos_ = 0;
  uint64_t active_until_ = 0;
  ChannelStats stats_;
};

}  // namespace gfx::dram
