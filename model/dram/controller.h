// The DRAM controller: splits each request at the interleave chunks (one channel each)
// and into bursts, keeps a write queue per channel, and serves reads and writes on the
// channels in the order its scheduling policy (dram/sched/) chooses. Times are DRAM
// command-clock cycles; memory::Dram converts from and to the core clock.
//
// The port above answers every request when it is issued (sim/memory_port.h), so a read is
// placed on its channel at once, after any queued writes an idle channel would already
// have drained; a queued write waits until its channel's write queue reaches write_high
// (it is drained to write_low, in the policy's order), the channel falls idle, or the run
// ends (serve_queued). A read
// completes when its last burst's data has arrived plus controller_latency; a queued
// write is accepted on arrival, an FCFS write when its data has been sent.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "common/types.h"
#include "dram/address_map.h"
#include "dram/channel.h"
#include "dram/dram_config.h"
#include "stats/registry.h"

namespace gfx::dram {

class Controller {
 public:
  explicit Controller(const DramConfig& cfg);

  // Request issued at DRAM cycle `t` (non-decreasing across calls); returns the DRAM cycle
  // a read's data is available or a write has been accepted.
  uint64_t read(uint64_t t, Addr addr, uint32_t bytes) { return access(t, addr, bytes, false); }
  uint64_t write(uint64_t t, Addr addr, uint32_t bytes) { return access(t, addr, bytes, true); }
  // Serves every queued write (from `t` on); returns the DRAM cycle the last one ends.
  uint64_t drain(uint64_t t);
  // The end of the run: no read will come, so each channel serves what is left in its
  // write queue as it serves queued writes while idle (from the moment its data bus is
  // free, none before its arrival, in the policy's order), and their row hits, bank
  // activity and bus cycles enter the stats. Returns the DRAM cycle the last one ends
  // (0: nothing was queued).
  uint64_t serve_queued();
  const DramConfig& config() const { return cfg_; }
  const Channel& channel(size_t i) const { return channels_[i]; }
  size_t queued_writes(size_t channel) const { return queues_[channel].size(); }
  ChannelStats totals() const;  // counters summed over the channels (no histogram)

  // Row buffer, refresh, parallelism and per-channel stats; `run_dram_cycles` gives the
  // run's length in DRAM cycles, for the refresh share.
  void register_stats(stats::Group& g, std::function<double()> run_dram_cycles);

 private:
  uint64_t access(uint64_t t, Addr addr, uint32_t bytes, bool write);
  uint64_t serve_write_now(uint32_t ch, const Access& a, uint64_t t);
  void enqueue_write(uint32_t ch, const Access& a, uint64_t t);
  void drain_idle(uint32_t ch, uint64_t t);  // writes the channel serves while it idles
  uint64_t drain_one(uint32_t ch, uint64_t t);

  DramConfig cfg_;
  AddressMap map_;
  std::unique_ptr<Scheduler> sched_;
  std::vector<Channel> channels_;
  std::vector<std::vector<Access>> queues_;  // write queue per channel, oldest first
  uint64_t drains_ = 0;                      // high-watermark write drains started
  uint64_t end_writes_ = 0;                  // accesses serve_queued() found queued
  ChannelStats sums_;                        // filled at dump time
};

}  // namespace gfx::dram
