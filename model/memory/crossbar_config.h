// Configuration of the crossbar between the unit caches and the L2 slices.
#pragma once

#include <cstdint>

#include "config/schema.h"

namespace gfx::memory {

struct CrossbarConfig {
  // Bytes one slice's port carries per core cycle (requests and data of that slice share
  // it); 0 = unlimited.
  uint32_t bytes_per_cycle = 64;
  // Cycles a request and its reply spend crossing, added once to every L2 access.
  uint32_t latency = 8;

  static void describe(cfg::Schema<CrossbarConfig>& s) {
    s.field("bytes_per_cycle", &CrossbarConfig::bytes_per_cycle, "bytes/cycle",
            "Width of each L2 slice's crossbar port; a slice whose port is still busy refuses "
            "fills; 0 = unlimited")
        .range(0, 1 << 16);
    s.field("latency", &CrossbarConfig::latency, "cycles",
            "Crossing time of a request and its reply, added once to every L2 access")
        .range(0, 10000);
  }
};

}  // namespace gfx::memory
