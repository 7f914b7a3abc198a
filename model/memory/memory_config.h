// Configuration of the memory system: the shared L2 in front of the DRAM controller.
#pragma once

#include "memory/dram_config.h"
#include "sim/cache_config.h"

namespace gfx::memory {

struct MemoryConfig {
  sim::CacheConfig l2 = sim::CacheConfig()
                            .with_size_kib(256)
                            .with_ways(16)
                            .with_line_bytes(64)
                            .with_mshrs(64)
                            .with_ports(4)
                            .with_hit_latency(20)
                            .with_bytes_per_cycle(256);
  DramConfig dram;

  static void describe(cfg::Schema<MemoryConfig>& s) {
    s.section("l2", &MemoryConfig::l2, "Shared L2 cache between the units' caches and DRAM");
    s.section("dram", &MemoryConfig::dram, "DRAM controller and devices");
  }
};

}  // namespace gfx::memory
