// Configuration of the memory system: the L2 slices and the crossbar in front of them, and
// the DRAM controller behind them.
#pragma once

#include <string>

#include "memory/crossbar_config.h"
#include "memory/dram_config.h"
#include "sim/cache_config.h"

namespace gfx::memory {

struct MemoryConfig {
  // The whole L2: size_kib, mshrs, ports and bytes_per_cycle are split evenly among the
  // slices; ways, line_bytes, replacement, write_policy and hit_latency are each slice's.
  sim::CacheConfig l2 = sim::CacheConfig()
                            .with_size_kib(256)
                            .with_ways(16)
                            .with_line_bytes(64)
                            .with_mshrs(64)
                            .with_ports(8)
                            .with_hit_latency(20)
                            .with_bytes_per_cycle(256);
  uint32_t l2_slices = 8;
  CrossbarConfig crossbar;
  DramConfig dram;

  // One slice's cache configuration.
  sim::CacheConfig l2_slice() const {
    sim::CacheConfig c = l2;
    c.size_kib = l2.size_kib / l2_slices;
    c.mshrs = l2.mshrs / l2_slices;
    c.ports = l2.ports / l2_slices;
    c.bytes_per_cycle = l2.bytes_per_cycle / l2_slices;
    return c;
  }

  static void describe(cfg::Schema<MemoryConfig>& s) {
    s.section("l2", &MemoryConfig::l2,
              "The L2 as a whole: size_kib, mshrs, ports and bytes_per_cycle are totals over "
              "its slices");
    s.field("l2_slices", &MemoryConfig::l2_slices, "",
            "L2 slices, each owning the lines the address hash gives it")
        .range(1, 256);
    s.section("crossbar", &MemoryConfig::crossbar, "Crossbar between the unit caches and the L2 slices");
    s.section("dram", &MemoryConfig::dram, "DRAM controller and devices");
    s.check([](const MemoryConfig& c) -> std::string {
      if (c.l2.size_kib == 0) return "";
      const uint32_t n = c.l2_slices;
      const std::string of = " must be a multiple of l2_slices (" + std::to_string(n) + ")";
      if (c.l2.size_kib % n) return "l2.size_kib (" + std::to_string(c.l2.size_kib) + ")" + of;
      if (c.l2.mshrs % n) return "l2.mshrs (" + std::to_string(c.l2.mshrs) + ")" + of;
      if (c.l2.ports % n) return "l2.ports (" + std::to_string(c.l2.ports) + ")" + of;
      if (c.l2.bytes_per_cycle % n)
        return "l2.bytes_per_cycle (" + std::to_string(c.l2.bytes_per_cycle) + ")" + of;
      const sim::CacheConfig slice = c.l2_slice();
      const uint64_t lines = uint64_t(slice.size_kib) * 1024 / slice.line_bytes;
      if (lines < slice.ways || lines % slice.ways)
        return "an L2 slice (l2.size_kib / l2_slices = " + std::to_string(slice.size_kib) +
               " KiB) must hold a whole number of sets of l2.ways lines of l2.line_bytes";
      return "";
    }, "l2.size_kib, l2.mshrs, l2.ports and l2.bytes_per_cycle are multiples of l2_slices, "
       "and a slice (l2.size_kib / l2_slices) holds a whole number of sets");
  }
};

}  // namespace gfx::memory
