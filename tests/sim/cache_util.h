// Shared set-up of the cache tests: a small cache whose geometry makes set conflicts easy
// to script, and a reader of its registered stats.
#pragma once

#include <map>
#include <string>

#include "sim/cache.h"
#include "stats/registry.h"

namespace gfx::sim::test {

// 1 KiB, 2 ways, 64-byte lines: 8 sets, so addresses 512 bytes apart share a set.
inline CacheConfig small_cache() {
  CacheConfig c;
  c.size_kib = 1;
  c.ways = 2;
  c.line_bytes = 64;
  c.mshrs = 8;
  c.ports = 4;
  c.hit_latency = 3;
  c.bytes_per_cycle = 0;
  return c;
}
constexpr Addr kSetStride = 512;

inline std::map<std::string, double> cache_stats(Cache& c) {
  stats::Group root("");
  c.register_stats(root);
  std::map<std::string, double> out;
  root.flatten(out);
  return out;
}

}  // namespace gfx::sim::test
