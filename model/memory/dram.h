// DRAM controller and devices: channels with a data bus of fixed width, banks with an open
// row each, and the activate/precharge/CAS timings that make row misses cost more than row
// hits. Requests are served in arrival order per channel (FCFS, open-page policy); each
// reserves its bank and its channel's data bus when issued, so bandwidth saturates and
// queueing delay grows exactly as the bus fills.
//
// Address map (low to high bits): interleave chunk offset | channel | column within the
// row | bank | row. Consecutive interleave chunks go to consecutive channels; a request
// wider than a chunk is served by the channels of all its chunks in parallel.
//
// Not modelled: refresh, tFAW/tRRD activation windows, read/write turnaround, command-bus
// contention, request reordering (FR-FCFS), power.
#pragma once

#include <array>
#include <vector>

#include "memory/dram_config.h"
#include "sim/memory_port.h"
#include "stats/registry.h"

namespace gfx::memory {

class Dram : public sim::MemoryPort {
 public:
  Dram(const DramConfig& cfg, double core_clock_mhz);

  Cycle read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) override;
  Cycle write(Cycle now, Addr addr, uint32_t bytes, sim::Client client) override;

  uint64_t bytes_read(sim::Client c) const { return read_bytes_[size_t(c)]; }
  uint64_t bytes_written(sim::Client c) const { return written_bytes_[size_t(c)]; }
  uint64_t total_bytes() const;
  // Core cycle the last request issued so far completes (0: none yet).
  Cycle busy_until() const { return busy_until_; }
  const DramConfig& config() const { return cfg_; }
  // `run_cycles` points at the run's length in core cycles, for the bandwidth formulas.
  void register_stats(stats::Group& g, const Cycle* run_cycles);

 private:
  struct Bank {
    uint64_t open_row = ~uint64_t(0);
    uint64_t ready = 0;  // DRAM cycle the bank accepts its next column command
  };
  struct Channel {
    uint64_t bus_free = 0;  // DRAM cycle the data bus is next free
    uint64_t busy = 0;      // DRAM cycles the data bus carried data
    std::vector<Bank> banks;
  };

  Cycle split(Cycle now, Addr addr, uint32_t bytes, bool write);   // one access per chunk
  Cycle access(Cycle now, Addr addr, uint32_t bytes, bool write);  // inside one chunk
  uint64_t to_dram(Cycle core) const;  // first DRAM cycle at or after a core cycle
  Cycle to_core(uint64_t dram) const;  // first core cycle at or after a DRAM cycle

  DramConfig cfg_;
  double core_mhz_;
  uint64_t core_khz_ = 1, dram_khz_ = 1;  // clocks in kHz: exact integer conversions
  std::vector<Channel> channels_;
  std::array<uint64_t, sim::kNumClients> read_bytes_{}, written_bytes_{};
  uint64_t reads_ = 0, writes_ = 0, row_hits_ = 0, row_empty_ = 0, row_conflicts_ = 0;
  uint64_t read_latency_sum_ = 0;  // core cycles, for the average
  Cycle busy_until_ = 0;
};

}  // namespace gfx::memory
