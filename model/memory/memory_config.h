// Configuration of the memory system: the shared L2 in front of the DRAM controller.
#pragma once

#include "memory/dram_config.h"
#include "sim/cache_config.h"

namespace gfx::memory {

struct MemoryConfig {
  sim::CacheConfig l2 = default_l2();
  DramConfig dram;

  static sim::CacheConfig default_l2() {
    sim::CacheConfig c;
    c.size_kib = 256;
    c.ways = 16;
    c.line_bytes = 64;
    c.mshrs = 64;
    c.ports = 4;
    c.hit_latency = 20;
    c.bytes_per_cycle = 256;
    return c;
  }

  static void describe(cfg::Schema<MemoryConfig>& s) {
    s.section("l2", &MemoryConfig::l2, "Shared L2 cache between the units' caches and DRAM");
    s.section("dram", &MemoryConfig::dram, "DRAM controller and devices");
  }
};

}  // namespace gfx::memory
