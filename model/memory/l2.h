// The L2: `l2_slices` slices, each a sim::Cache holding its share of the L2 (size, MSHRs,
// ports and data-port bandwidth split evenly), behind a crossbar with one port per slice.
// Every line belongs to exactly one slice, chosen by an XOR-fold hash of its line index
// (slice_of), so strides of a power of two (surface rows, DRAM rows) spread over the slices.
//
// A unit cache's fill (try_read) is refused, and the cache retries, when its slice's
// crossbar port is still busy, when the slice's ports of the cycle are taken, or when all
// its MSHRs are busy with other lines (a set whose every way is filling is served around
// the slice: its bytes only, nothing allocated). A fill
// of a line already in flight in the slice merges into that fill (no second DRAM read, no
// MSHR). Posted writes (the unit caches' write-backs) and the uncached fetches of the
// command processor and the tessellator are never refused: they queue on the crossbar port
// and allocate in the slice like any access, but take no lookup port. Each slice is
// write-back with allocation on writes, and write-through when `memory.l2.write_policy`
// says so.
//
// A hit is ready `crossbar.latency + hit_latency` cycles after the request; a miss when the
// DRAM fill arrives (or after the hit latency if later) plus the crossbar latency.
//
// Leaves out: the requesters' side of the crossbar, request queues in front of a slice (a
// refused fill is retried by its cache), and a request of several L2 lines is accepted only
// when each line could be accepted on its own; lines of it that meet in one slice in one
// cycle share that slice's ports and may exceed them.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "memory/crossbar.h"
#include "memory/memory_config.h"
#include "sim/cache.h"
#include "stats/registry.h"

namespace gfx::memory {

class L2 : public sim::MemoryPort {
 public:
  // `next`: the DRAM side. With `l2.size_kib` 0 there are no slices and no crossbar:
  // every access goes straight to `next`.
  L2(const MemoryConfig& cfg, sim::MemoryPort& next);

  Cycle read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) override;
  Cycle write(Cycle now, Addr addr, uint32_t bytes, sim::Client client) override;
  sim::Grant try_read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) override;

  // Writes back every slice's dirty lines; the cycle the last is accepted.
  Cycle flush(Cycle now);

  bool enabled() const { return !slices_.empty(); }
  uint32_t slices() const { return uint32_t(slices_.size()); }
  uint32_t line_bytes() const { return line_bytes_; }
  sim::Cache& slice(uint32_t i) { return *slices_[i]; }
  // The slice owning the line holding `addr`: the XOR of the line index's successive
  // `fold_bits` = ceil(log2(slices))-bit fields, modulo the slice count.
  uint32_t slice_of(Addr addr) const;

  // Totals over the slices.
  uint64_t hits() const { return total(&sim::Cache::hits); }
  uint64_t hits_on_fill() const { return total(&sim::Cache::hits_on_fill); }
  uint64_t misses() const { return total(&sim::Cache::misses); }

  // Per client, summed over the slices.
  struct ClientCounts {
    uint64_t hits = 0, hits_on_fill = 0, misses = 0, refused = 0;
  };
  const ClientCounts& client(sim::Client c) const { return clients_[size_t(c)]; }
  uint64_t refused_crossbar(uint32_t s) const { return xbar_.refusals_of(s); }
  uint64_t crossbar_bytes(uint32_t s) const { return xbar_.bytes_of(s); }
  uint64_t refused_mshrs(uint32_t s) const { return slices_[s]->refused_mshrs(); }
  uint64_t refused_ports(uint32_t s) const { return slices_[s]->refused_ports(); }

  // Under `g` (memory.l2): the totals, one group per slice and one per client.
  void register_stats(stats::Group& g);

 private:
  // One access of one slice's line; counts its outcome under its client.
  sim::Cache::Access serve(uint32_t s, Cycle now, Addr addr, uint32_t bytes, sim::Client client,
                           bool write, bool refusable);
  template <class F> void for_each_line(Addr addr, uint32_t bytes, F f) const;
  uint64_t total(uint64_t (sim::Cache::*get)() const) const;

  sim::MemoryPort& next_;
  uint32_t line_bytes_ = 64;
  uint32_t line_shift_ = 6;
  uint32_t fold_bits_ = 0;
  std::vector<std::unique_ptr<sim::Cache>> slices_;
  Crossbar xbar_;
  std::array<ClientCounts, sim::kNumClients> clients_{};
};

}  // namespace gfx::memory
