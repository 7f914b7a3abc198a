// The limiter view: for a stretch of the run (a draw, a frame, the whole run), the unit
// that held progress longest, and why.
//
// A unit holds progress while it works (busy) or waits for its own memory requests
// (stall_memory); its stall_output cycles are held by its consumer, so they count for the
// consumer, not for it. The limiter is the timing unit with the largest share of
// busy + stall_memory cycles in the stretch (the later unit in the pipeline on a tie), and
// the reason is
//  - "compute" when its busy cycles are the larger part (for the shader cluster, whose busy
//    cycles are those in which any core issued, when its cores issued more of their cycles
//    than they waited on texels);
//  - memory, when its stall_memory cycles are: the unit's cache with the most misses in
//    the stretch is named, and when the L2 served fewer than half of the L2 lookups of the
//    stretch the misses went on to DRAM, which is then named the limiter ("dram");
//  - "back pressure" when no unit holds progress even half the time while some unit is
//    stalled on its output more than that: the pipeline is then bound by a queue between
//    units (its depth or its latency), and that unit is named.
// Shares are of the stretch's cycles.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "common/types.h"
#include "sim/unit.h"
#include "stats/registry.h"

namespace gfx::gpu {

struct LimiterVerdict {
  std::string limiter;  // a unit's name, or "dram"
  double share = 0;     // the share of the stretch that decided it
  std::string reason;   // compute / memory: ... / back pressure: ...
};

class Limiter {
 public:
  // Counters are found in `stats` (the registered tree: each unit's caches, memory.l2).
  Limiter(std::vector<sim::Unit*> units, const stats::Group& stats);

  struct Snapshot {
    Cycle at = 0;
    std::vector<std::array<uint64_t, sim::kNumActivities>> units;
    std::vector<uint64_t> cache_misses;  // per entry of caches_
    std::vector<uint64_t> core_issue, core_texture;  // per entry of cores_
    uint64_t l2_hits = 0, l2_misses = 0;
  };
  // The counters at cycle `at` (taken at any point of a cycle, settled or not).
  Snapshot take(Cycle at) const;
  LimiterVerdict judge(const Snapshot& from, const Snapshot& to) const;

 private:
  struct CacheRef {
    size_t unit;
    std::string name;  // "rop.color_cache", "shader.texture_cache" (all cores together)
    const uint64_t* misses;
  };
  void find_caches(const stats::Group& g, size_t unit, const std::string& label);
  // Sub-units with their own issue and texture-wait cycles (the shader cores).
  struct CoreRef {
    size_t unit;
    const uint64_t* issue;
    const uint64_t* texture;
  };

  std::vector<sim::Unit*> units_;
  std::vector<CacheRef> caches_;
  std::vector<CoreRef> cores_;
  std::vector<std::function<double()>> l2_hits_, l2_misses_;
};

}  // namespace gfx::gpu
