// The memory system's port to the DRAM controller (dram/controller.h): converts between
// the core clock and the DRAM clock exactly, counts requests, bytes per client and
// direction, and read latency, and reports achieved bandwidth against the configured peak.
// What the DRAM models and leaves out is said in dram/controller.h and dram/channel.h.
#pragma once

#include <array>

#include "dram/controller.h"
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
  const DramConfig& config() const { return ctrl_.config(); }
  const dram::Controller& controller() const { return ctrl_; }
  // `run_cycles` points at the run's length in core cycles, for the bandwidth formulas.
  void register_stats(stats::Group& g, const Cycle* run_cycles);

 private:
  uint64_t to_dram(Cycle core) const;  // first DRAM cycle at or after a core cycle
  Cycle to_core(uint64_t dram) const;  // first core cycle at or after a DRAM cycle

  dram::Controller ctrl_;
  double core_mhz_;
  uint64_t core_khz_ = 1, dram_khz_ = 1;  // clocks in kHz: exact integer conversions
  std::array<uint64_t, sim::kNumClients> read_bytes_{}, written_bytes_{};
  uint64_t reads_ = 0, writes_ = 0;
  uint64_t read_latency_sum_ = 0;  // core cycles, for the average
  Cycle busy_until_ = 0;
};

}  // namespace gfx::memory
