// The built-in DRAM backend (memory.dram.model: builtin): the controller of model/dram/
// behind an exact integer conversion between the core clock and the DRAM command clock.
// What the DRAM models and leaves out is said in dram/controller.h and dram/channel.h.
#pragma once

#include "dram/controller.h"
#include "memory/dram_backend.h"
#include "memory/dram_config.h"

namespace gfx::memory {

class BuiltinDram : public DramBackend {
 public:
  BuiltinDram(const DramConfig& cfg, double core_clock_mhz);

  Cycle read(Cycle now, Addr addr, uint32_t bytes) override;
  Cycle write(Cycle now, Addr addr, uint32_t bytes) override;
  // Serves the writes still in the controller's write queues (Controller::serve_queued).
  Cycle finish() override;
  void register_stats(stats::Group& g, std::function<double()> run_seconds) override;

  const dram::Controller& controller() const { return ctrl_; }

 private:
  uint64_t to_dram(Cycle core) const;  // first DRAM cycle at or after a core cycle
  Cycle to_core(uint64_t dram) const;  // first core cycle at or after a DRAM cycle

  dram::Controller ctrl_;
  uint64_t core_khz_ = 1, dram_khz_ = 1;  // clocks in kHz: exact integer conversions
};

}  // namespace gfx::memory
