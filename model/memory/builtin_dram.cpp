#include "memory/builtin_dram.h"

#include <algorithm>
#include <cmath>

namespace gfx::memory {

BuiltinDram::BuiltinDram(const DramConfig& cfg, double core_clock_mhz) : ctrl_(cfg) {
  core_khz_ = uint64_t(std::llround(core_clock_mhz * 1000.0));
  dram_khz_ = uint64_t(std::llround(cfg.clock_mhz * 1000.0));
}

uint64_t BuiltinDram::to_dram(Cycle core) const {
  return (core * dram_khz_ + core_khz_ - 1) / core_khz_;
}
Cycle BuiltinDram::to_core(uint64_t dram) const {
  return (dram * core_khz_ + dram_khz_ - 1) / dram_khz_;
}

Cycle BuiltinDram::read(Cycle now, Addr addr, uint32_t bytes) {
  return std::max(now, to_core(ctrl_.read(to_dram(now), addr, bytes)));
}

Cycle BuiltinDram::write(Cycle now, Addr addr, uint32_t bytes) {
  return std::max(now, to_core(ctrl_.write(to_dram(now), addr, bytes)));
}

Cycle BuiltinDram::finish() { return to_core(ctrl_.serve_queued()); }

void BuiltinDram::register_stats(stats::Group& g, std::function<double()> run_seconds) {
  const double dram_hz = ctrl_.config().clock_mhz * 1e6;
  ctrl_.register_stats(g, [run_seconds, dram_hz] { return run_seconds() * dram_hz; });
}

}  // namespace gfx::memory
