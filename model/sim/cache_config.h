// Configuration of one Cache (tag array model; data lives in the functional model).
#pragma once

#include <cstdint>
#include <string>

#include "config/schema.h"
#include "sim/replacement/replacement_policy.h"

namespace gfx::sim {

struct CacheConfig {
  uint32_t size_kib = 16;  // 0 disables the cache: every access goes to the next level
  uint32_t ways = 4;
  uint32_t line_bytes = 64;
  std::string replacement = "lru";
  std::string write_policy = "write_back";
  uint32_t mshrs = 8;            // outstanding line fills
  uint32_t ports = 1;            // accesses per cycle (a blocked access retries next cycle)
  uint32_t hit_latency = 1;      // cycles
  uint32_t bytes_per_cycle = 0;  // fill/write-back bandwidth towards the client; 0 = unlimited

  // Named setters, so nested defaults are filled by field name (C++17 has no designated
  // initializers): CacheConfig().with_size_kib(4).with_mshrs(4).
  // clang-format off
  CacheConfig& with_size_kib(uint32_t v) { size_kib = v; return *this; }
  CacheConfig& with_ways(uint32_t v) { ways = v; return *this; }
  CacheConfig& with_line_bytes(uint32_t v) { line_bytes = v; return *this; }
  CacheConfig& with_mshrs(uint32_t v) { mshrs = v; return *this; }
  CacheConfig& with_ports(uint32_t v) { ports = v; return *this; }
  CacheConfig& with_hit_latency(uint32_t v) { hit_latency = v; return *this; }
  CacheConfig& with_bytes_per_cycle(uint32_t v) { bytes_per_cycle = v; return *this; }
  // clang-format on

  uint32_t sets() const { return size_kib == 0 ? 0 : (size_kib * 1024u) / (line_bytes * ways); }

  static void describe(cfg::Schema<CacheConfig>& s) {
    s.field("size_kib", &CacheConfig::size_kib, "KiB", "Capacity; 0 disables the cache")
        .range(0, 1 << 20);
    s.field("ways", &CacheConfig::ways, "", "Associativity").range(1, 64);
    s.field("line_bytes", &CacheConfig::line_bytes, "bytes", "Line size (a power of two)")
        .range(8, 4096);
    s.field("replacement", &CacheConfig::replacement, "", "Replacement policy")
        .choices(replacement_names());
    s.field("write_policy", &CacheConfig::write_policy, "", "Write policy")
        .choices({"write_back", "write_through"});
    s.field("mshrs", &CacheConfig::mshrs, "fills", "Line fills outstanding at once").range(1, 4096);
    s.field("ports", &CacheConfig::ports, "accesses/cycle", "Lookups per cycle").range(1, 64);
    s.field("hit_latency", &CacheConfig::hit_latency, "cycles",
            "Cycles from lookup to data on a hit")
        .range(0, 1000);
    s.field("bytes_per_cycle", &CacheConfig::bytes_per_cycle, "bytes/cycle",
            "Bandwidth of the cache's data port; 0 = unlimited")
        .range(0, 1 << 16);
    s.check([](const CacheConfig& c) -> std::string {
      if ((c.line_bytes & (c.line_bytes - 1)) != 0) return "line_bytes must be a power of two";
      if (c.size_kib == 0) return "";
      const uint64_t lines = uint64_t(c.size_kib) * 1024 / c.line_bytes;
      if (lines < c.ways || lines % c.ways != 0)
        return "size_kib must hold a whole number of sets of `ways` lines of `line_bytes`";
      return "";
    });
  }
};

}  // namespace gfx::sim
