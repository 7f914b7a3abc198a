// The memory system's port to the DRAM: counts requests, bytes per client and direction,
// and read latency, and reports achieved bandwidth; the requests are served by a backend
// (memory/dram_backend.h): the built-in controller (memory/builtin_dram.h, with its peak
// bandwidth and row, bank and channel stats) or a TLM-2.0 target (memory/tlm_dram.h).
#pragma once

#include <array>
#include <memory>

#include "memory/dram_backend.h"
#include "memory/dram_config.h"
#include "sim/memory_port.h"
#include "stats/registry.h"

namespace gfx::memory {

class Dram : public sim::MemoryPort {
 public:
  // The built-in controller of `cfg`.
  Dram(const DramConfig& cfg, double core_clock_mhz);
  // Another backend (not owned), e.g. the TLM socket; `cfg` is not the backend's.
  Dram(const DramConfig& cfg, double core_clock_mhz, DramBackend& backend);

  Cycle read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) override;
  Cycle write(Cycle now, Addr addr, uint32_t bytes, sim::Client client) override;
  // The end of the run: the backend serves what it still holds (the built-in controller's
  // queued writes). The run's cycle count does not wait for them (docs/units/memory.md).
  void finish();

  uint64_t bytes_read(sim::Client c) const { return read_bytes_[size_t(c)]; }
  uint64_t bytes_written(sim::Client c) const { return written_bytes_[size_t(c)]; }
  uint64_t total_bytes() const;
  // Core cycle the last request issued so far completes (0: none yet).
  Cycle busy_until() const { return busy_until_; }
  bool builtin() const { return owned_ != nullptr; }
  // `run_cycles` points at the run's length in core cycles, for the bandwidth formulas.
  void register_stats(stats::Group& g, const Cycle* run_cycles);

 private:
  DramConfig cfg_;
  double core_mhz_;
  std::unique_ptr<DramBackend> owned_;  // the built-in controller, when it serves
  DramBackend* backend_;
  std::array<uint64_t, sim::kNumClients> read_bytes_{}, written_bytes_{};
  uint64_t reads_ = 0, writes_ = 0;
  uint64_t read_latency_sum_ = 0;  // core cycles, for the average
  Cycle busy_until_ = 0;
  Cycle finish_end_ = 0;  // the last write finish() served ends (0: none)
};

}  // namespace gfx::memory
