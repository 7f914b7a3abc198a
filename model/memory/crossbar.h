// The crossbar between the unit caches and the L2 slices: one port per slice, carrying
// `bytes_per_cycle` bytes a cycle, and a fixed crossing latency. A port's time is kept in
// bytes, as the caches' data ports are, so transfers narrower than a cycle's width share
// the cycle. A port is busy while data reserved on it has not been sent by the start of a
// cycle; the slice behind it then refuses fills (the requesting cache retries), while
// posted writes and uncached fetches queue behind it.
//
// Leaves out: the requesters' side of the crossbar (each unit cache's own port is its
// `bytes_per_cycle`), arbitration order between requesters in one cycle (first come, first
// served in tick order) and separate request and reply networks.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "common/types.h"
#include "memory/crossbar_config.h"

namespace gfx::memory {

class Crossbar {
 public:
  Crossbar(const CrossbarConfig& cfg, uint32_t ports)
      : cfg_(cfg), reserved_(ports, 0), bytes_(ports, 0), refusals_(ports, 0) {}

  // First cycle port `p` has sent everything reserved on it.
  Cycle free_at(uint32_t p) const {
    const uint64_t w = cfg_.bytes_per_cycle;
    return w ? (reserved_[p] + w - 1) / w : 0;
  }
  bool busy(uint32_t p, Cycle now) const { return free_at(p) > now; }
  // Reserves `bytes` of port `p` from cycle `now` (behind what it already carries).
  void reserve(uint32_t p, Cycle now, uint32_t bytes) {
    bytes_[p] += bytes;
    if (cfg_.bytes_per_cycle)
      reserved_[p] = std::max<uint64_t>(reserved_[p], now * cfg_.bytes_per_cycle) + bytes;
  }
  void count_refusal(uint32_t p) { ++refusals_[p]; }
  uint32_t latency() const { return cfg_.latency; }

  uint64_t bytes_of(uint32_t p) const { return bytes_[p]; }
  uint64_t refusals_of(uint32_t p) const { return refusals_[p]; }
  uint64_t* bytes(uint32_t p) { return &bytes_[p]; }
  uint64_t* refusals(uint32_t p) { return &refusals_[p]; }

 private:
  CrossbarConfig cfg_;
  std::vector<uint64_t> reserved_;  // per port: end of its reserved traffic, in bytes of time
  std::vector<uint64_t> bytes_, refusals_;
};

}  // namespace gfx::memory
