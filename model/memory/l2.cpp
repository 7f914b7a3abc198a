#include "memory/l2.h"

#include <algorithm>
#include <string>

namespace gfx::memory {

namespace {
uint32_t log2_ceil(uint32_t v) {
  uint32_t b = 0;
  while ((uint64_t(1) << b) < v) ++b;
  return b;
}
}  // namespace

L2::L2(const MemoryConfig& cfg, sim::MemoryPort& next)
    : next_(next),
      line_bytes_(cfg.l2.line_bytes),
      line_shift_(log2_ceil(cfg.l2.line_bytes)),
      fold_bits_(log2_ceil(cfg.l2_slices)),
      xbar_(cfg.crossbar, cfg.l2.size_kib ? cfg.l2_slices : 0) {
  if (cfg.l2.size_kib == 0) return;
  const sim::CacheConfig slice = cfg.l2_slice();
  for (uint32_t s = 0; s < cfg.l2_slices; ++s)
    slices_.push_back(std::make_unique<sim::Cache>("slice" + std::to_string(s), slice, next_));
}

uint32_t L2::slice_of(Addr addr) const {
  const uint64_t n = slices_.size();
  if (n <= 1) return 0;
  uint64_t h = 0;
  for (uint64_t x = addr >> line_shift_; x; x >>= fold_bits_) h ^= x;
  // A power-of-two count keeps the low fold_bits, exactly the XOR of the fields.
  return uint32_t((n & (n - 1)) == 0 ? (h & (n - 1)) : (h % n));
}

template <class F> void L2::for_each_line(Addr addr, uint32_t bytes, F f) const {
  const Addr end = addr + bytes;
  for (Addr a = addr & ~Addr(line_bytes_ - 1); a < end; a += line_bytes_) {
    const Addr lo = std::max(a, addr), hi = std::min<Addr>(a + line_bytes_, end);
    f(slice_of(lo), lo, uint32_t(hi - lo));
  }
}

sim::Cache::Access L2::serve(uint32_t s, Cycle now, Addr addr, uint32_t bytes,
                             sim::Client client, bool write, bool refusable) {
  sim::Cache& c = *slices_[s];
  const uint64_t hits = c.hits(), merged = c.hits_on_fill();
  xbar_.reserve(s, now, bytes);
  sim::Cache::Access a;
  if (refusable) a = c.read_refusable(now, addr, bytes, client);
  // Several lines of one request in one slice can exceed its ports, which the probe of
  // try_read counts line by line: the later line is then served without a port.
  if (!refusable || !a.ok)
    a = {true, write ? c.write(now, addr, bytes, client) : c.read(now, addr, bytes, client)};
  ClientCounts& k = clients_[size_t(client)];
  if (c.hits() != hits)
    ++k.hits;
  else if (c.hits_on_fill() != merged)
    ++k.hits_on_fill;
  else
    ++k.misses;
  a.ready += xbar_.latency();
  return a;
}

Cycle L2::read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) {
  if (!enabled()) return next_.read(now, addr, bytes, client);
  Cycle ready = now;
  for_each_line(addr, bytes, [&](uint32_t s, Addr a, uint32_t b) {
    ready = std::max(ready, serve(s, now, a, b, client, false, false).ready);
  });
  return ready;
}

Cycle L2::write(Cycle now, Addr addr, uint32_t bytes, sim::Client client) {
  if (!enabled()) return next_.write(now, addr, bytes, client);
  Cycle ready = now;
  // A write covering whole L2 lines allocates them without a fetch (sim::Cache::write
  // decides by the bytes it is given).
  for_each_line(addr, bytes, [&](uint32_t s, Addr a, uint32_t b) {
    ready = std::max(ready, serve(s, now, a, b, client, true, false).ready);
  });
  return ready;
}

sim::Grant L2::try_read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) {
  if (!enabled()) return next_.try_read(now, addr, bytes, client);
  // The common case, a request inside one line (a unit cache's line no longer than the
  // L2's): one hash, one probe.
  if ((addr & (line_bytes_ - 1)) + bytes <= line_bytes_) {
    const uint32_t s = slice_of(addr);
    if (xbar_.busy(s, now)) {
      xbar_.count_refusal(s);
      ++clients_[size_t(client)].refused;
      return {false, xbar_.free_at(s)};
    }
    sim::Cache::Refusal why = sim::Cache::Refusal::Ports;
    const sim::Cache::Access p = slices_[s]->probe_read(now, addr, &why);
    if (!p.ok) {
      slices_[s]->count_refusal(why);
      ++clients_[size_t(client)].refused;
      return {false, p.ready};
    }
    return {true, serve(s, now, addr, bytes, client, false, true).ready};
  }
  // Every line of the request must be accepted, or none is: probe all first.
  sim::Grant refused{true, 0};
  for_each_line(addr, bytes, [&](uint32_t s, Addr a, uint32_t) {
    if (!refused.ok) return;
    if (xbar_.busy(s, now)) {
      xbar_.count_refusal(s);
      refused = {false, xbar_.free_at(s)};
      return;
    }
    sim::Cache::Refusal why = sim::Cache::Refusal::Ports;
    const sim::Cache::Access p = slices_[s]->probe_read(now, a, &why);
    if (!p.ok) {
      slices_[s]->count_refusal(why);
      refused = {false, p.ready};
    }
  });
  if (!refused.ok) {
    ++clients_[size_t(client)].refused;
    return refused;
  }
  Cycle ready = now;
  for_each_line(addr, bytes, [&](uint32_t s, Addr a, uint32_t b) {
    ready = std::max(ready, serve(s, now, a, b, client, false, true).ready);
  });
  return {true, ready};
}

Cycle L2::flush(Cycle now) {
  Cycle done = now;
  for (auto& s : slices_) done = std::max(done, s->flush(now));
  return done;
}

uint64_t L2::total(uint64_t (sim::Cache::*get)() const) const {
  uint64_t n = 0;
  for (const auto& s : slices_) n += (s.get()->*get)();
  return n;
}

void L2::register_stats(stats::Group& g) {
  // The totals over the slices keep the names of a single cache's stats.
  struct Total {
    const char* name;
    uint64_t (sim::Cache::*get)() const;
    const char* unit;
    const char* what;
  };
  static const Total totals[] = {
      {"reads", &sim::Cache::reads, "accesses", "read lookups, all slices"},
      {"writes", &sim::Cache::writes, "accesses", "write lookups, all slices"},
      {"hits", &sim::Cache::hits, "accesses", "lookups that found a valid line, all slices"},
      {"hits_on_fill", &sim::Cache::hits_on_fill, "accesses",
       "lookups merged into a fill in flight (MSHR merges: no second DRAM read), all slices"},
      {"misses", &sim::Cache::misses, "accesses", "lookups that allocated a line, all slices"},
      {"evictions", &sim::Cache::evictions, "lines", "valid lines replaced, all slices"},
      {"writebacks", &sim::Cache::writebacks, "lines", "dirty lines written to DRAM, all slices"},
  };
  for (const Total& t : totals) {
    const auto get = t.get;
    g.formula(t.name, [this, get] { return double(total(get)); }, t.unit, t.what);
  }
  g.formula(
      "refused",
      [this] {
        uint64_t n = 0;
        for (const ClientCounts& k : clients_) n += k.refused;
        return double(n);
      },
      "accesses", "fills refused for a busy crossbar port, slice port or MSHRs");
  g.formula(
      "hit_rate",
      [this] {
        const uint64_t hit = total(&sim::Cache::hits) + total(&sim::Cache::hits_on_fill);
        const uint64_t n = hit + total(&sim::Cache::misses);
        return n ? double(hit) / double(n) : 0.0;
      },
      "ratio", "share of lookups served without a new fill, all slices");
  for (uint32_t s = 0; s < slices(); ++s) {
    stats::Group& sg = slices_[s]->register_stats(g);
    sg.counter("crossbar_bytes", xbar_.bytes(s), "bytes", "bytes the slice's crossbar port carried");
    sg.counter("refused_crossbar", xbar_.refusals(s), "accesses",
               "fills refused because the slice's crossbar port was busy");
    // refused, refused_ports and refused_mshrs are the slice cache's own counters
  }
  stats::Group& cg = g.child("clients", "L2 lookups per client, all slices");
  for (int i = 0; i < sim::kNumClients; ++i) {
    ClientCounts& k = clients_[size_t(i)];
    stats::Group& c = cg.child(sim::client_name(sim::Client(i)));
    c.counter("hits", &k.hits, "accesses", "lookups that found a valid line");
    c.counter("hits_on_fill", &k.hits_on_fill, "accesses",
              "lookups merged into a fill in flight (MSHR merges)");
    c.counter("misses", &k.misses, "accesses", "lookups that needed a fill or went around the L2");
    c.counter("refused", &k.refused, "accesses",
              "fills refused (the unit cache retried; its unit counts stall_memory cycles)");
    c.formula(
        "hit_rate",
        [&k] {
          const uint64_t n = k.hits + k.hits_on_fill + k.misses;
          return n ? double(k.hits + k.hits_on_fill) / double(n) : 0.0;
        },
        "ratio", "share of the client's lookups served without a new fill");
  }
}

}  // namespace gfx::memory
