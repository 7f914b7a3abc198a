// Shared set-up of the DRAM controller tests: the presets as the simulator loads them, and
// addresses found through the controller's own address map, so a test names the channel,
// bank and row it means whatever the map.
#pragma once

#include <string>

#include "config/config.h"
#include "dram/address_map.h"
#include "dram/controller.h"
#include "gpu/gpu_config.h"

namespace gfx::dram::test {

inline DramConfig preset(const std::string& name) {
  const std::string dir = std::string(GFX_SOURCE_DIR) + "/configs";
  return cfg::load_config<gpu::GpuConfig>(dir + "/" + name + ".yaml", {}, {dir}).memory.dram;
}

// The `index`-th burst-aligned address (counting from 0) in `channel`, `bank`, `row`.
inline Addr find(const DramConfig& c, uint32_t channel, uint32_t bank, uint64_t row,
                 uint32_t index = 0) {
  const AddressMap map(c);
  for (Addr a = 0;; a += c.burst_bytes) {
    const Location l = map.locate(a);
    if (l.channel == channel && l.bank == bank && l.row == row && index-- == 0) return a;
  }
}

// The end of a read's last data beat seen from the controller: its answer less the fixed
// controller latency.
inline uint64_t data_end(const DramConfig& c, uint64_t answer) {
  return answer - c.controller_latency;
}

}  // namespace gfx::dram::test
