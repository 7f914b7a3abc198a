// Cache: the one cache primitive of the timing model (unit L1s, ROP Z/colour caches, L2).
// It models tags only: sets, ways, line size, replacement, MSHRs, ports, hit latency,
// write-back or write-through, and an optional data-port bandwidth. The bytes themselves
// live in the functional model. Replacement is the configured ReplacementPolicy
// (sim/replacement/); the cache itself fills invalid ways first and never replaces a line
// still being filled.
//
// Timing is resolved at issue: a miss asks the next level when the fill will arrive and
// records that cycle in the line, so later hits on a line still being filled wait for it
// (hit-under-miss merging) without extra bookkeeping.
//
// Not modelled: sectored lines, partial-line fills, bank conflicts inside the cache,
// coherence (the pipeline's caches are flushed at frame ends instead).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sim/cache_config.h"
#include "sim/memory_port.h"
#include "sim/replacement/replacement_policy.h"
#include "stats/registry.h"

namespace gfx::sim {

class Cache : public MemoryPort {
 public:
  Cache(std::string name, const CacheConfig& cfg, MemoryPort& next);

  // Outcome of a client access: `ok` false means the access was refused this cycle (ports
  // or MSHRs exhausted, or every way of the set is waiting for a fill) and should be retried
  // at `ready`; otherwise `ready` is the cycle the data is available.
  struct Access {
    bool ok = true;
    Cycle ready = 0;
  };

  Access read_line(Cycle now, Addr addr, Client client);
  // A write into the line holding addr. A write that covers the whole line (full_line)
  // allocates without fetching; a partial write to a missing line fetches it.
  Access write_line(Cycle now, Addr addr, Client client, bool full_line);

  // Write back every dirty line (frame end); keeps the lines valid and clean. Returns the
  // cycle the last write-back has been accepted by the next level.
  Cycle flush(Cycle now);

  // Why a next-level read would be refused: its cycle's ports are taken, or every MSHR is
  // busy with another line.
  enum class Refusal { Ports, Mshrs };
  // Whether a read of the line holding `addr` would be accepted in cycle `now`, changing
  // nothing: `ok` false with the retry cycle and the reason in `why`. For a next level that
  // must accept or refuse a request of several lines as a whole (a sliced L2).
  Access probe_read(Cycle now, Addr addr, Refusal* why);
  // Counts a refusal that probe_read foretold and the owner carried out (a sliced L2
  // refusing a fill), in refused and its cause's counter.
  void count_refusal(Refusal why) {
    ++refused_;
    ++(why == Refusal::Ports ? refused_ports_ : refused_mshrs_);
  }
  // A read of `bytes` inside the line holding `addr` that is held to ports and MSHRs (and
  // may be refused) like a client's read_line; the role of one L2 slice. When every way of
  // its set is filling it is served around the cache (its bytes only, nothing allocated).
  Access read_refusable(Cycle now, Addr addr, uint32_t bytes, Client client);

  // As the next level of another cache: never refuses (ports and MSHRs are not enforced);
  // bandwidth-limited when configured.
  Cycle read(Cycle now, Addr addr, uint32_t bytes, Client client) override;
  Cycle write(Cycle now, Addr addr, uint32_t bytes, Client client) override;

  const CacheConfig& config() const { return cfg_; }
  Addr line_of(Addr addr) const { return addr & ~Addr(cfg_.line_bytes - 1); }
  // Returns the cache's group, for an owner that adds its own counters beside them.
  stats::Group& register_stats(stats::Group& parent);

  uint64_t hits() const { return hits_; }
  uint64_t hits_on_fill() const { return merged_; }
  uint64_t misses() const { return misses_; }
  uint64_t refused() const { return refused_; }
  uint64_t refused_ports() const { return refused_ports_; }
  uint64_t refused_mshrs() const { return refused_mshrs_; }
  uint64_t evictions() const { return evictions_; }
  uint64_t writebacks() const { return writebacks_; }
  uint64_t reads() const { return reads_; }
  uint64_t writes() const { return writes_; }

 private:
  struct Line {
    Addr addr = 0;
    Cycle ready = 0;  // fill arrival; > now means still in flight
    Client client = Client::Command;
    bool valid = false;
    bool dirty = false;
  };

  bool take_port(Cycle now);
  uint32_t set_of(Addr line) const { return uint32_t((line / cfg_.line_bytes) % sets_); }
  uint32_t way_of(uint32_t set, const Line* l) const {
    return uint32_t(l - &lines_[size_t(set) * cfg_.ways]);
  }
  Line* find(uint32_t set, Addr line);
  // Picks a victim way of `set`, or nullptr when every way is still filling.
  Line* victim(uint32_t set, Cycle now, Cycle* retry);
  bool mshr_available(Cycle now, Cycle* retry);
  // The end of one line's transfer on the data port from `start`; reserves it if `reserve`.
  Cycle transfer(Cycle start, bool reserve = true);
  void evict(Line& l, Cycle now);
  // `bytes`: the part of the line a next-level request covers (0: the whole line), which is
  // all that goes to the next level when the access bypasses the cache.
  // `around_when_busy`: when every way of the set is filling, serve the access around the
  // cache instead of refusing it (a next level that enforces ports and MSHRs).
  Access lookup(Cycle now, Addr addr, Client client, bool write, bool full_line, bool may_refuse,
                uint32_t bytes = 0, bool around_when_busy = false);

  std::string name_;
  CacheConfig cfg_;
  MemoryPort& next_;
  uint32_t sets_ = 0;
  bool write_through_ = false;
  std::vector<Line> lines_;
  // Per set: how many ways hold a line (lines are never invalidated, and invalid ways are
  // filled lowest first, so the valid ways are always 0 .. filled-1), and the latest
  // arrival of a fill into it (at or before `now`: no way is still being filled). With
  // them a full set with nothing in flight takes its victim without a scan of its ways.
  std::vector<uint32_t> filled_;
  std::vector<Cycle> filling_until_;
  std::unique_ptr<ReplacementPolicy> policy_;
  std::vector<uint8_t> replaceable_;  // scratch: per way of the set being replaced
  std::vector<Cycle> fills_;  // arrival cycles of outstanding fills, a min-heap (MSHR limit)
  Cycle port_cycle_ = kNever;
  uint32_t ports_used_ = 0;
  uint64_t bus_free_ = 0;  // in bytes of data-port time (see transfer)

  uint64_t reads_ = 0, writes_ = 0, hits_ = 0, misses_ = 0, merged_ = 0, evictions_ = 0,
           writebacks_ = 0, refused_ = 0;
  // refused_ split by cause (they add up to it)
  uint64_t refused_ports_ = 0, refused_mshrs_ = 0, refused_sets_ = 0, refused_next_ = 0;
};

}  // namespace gfx::sim
