#include "sim/cache.h"

#include <algorithm>
#include <functional>

#include "common/error.h"

namespace gfx::sim {

Cache::Cache(std::string name, const CacheConfig& cfg, MemoryPort& next)
    : name_(std::move(name)),
      cfg_(cfg),
      next_(next),
      sets_(cfg.sets()),
      write_through_(cfg.write_policy == "write_through") {
  if (cfg_.size_kib != 0 && sets_ == 0)
    throw Error(name_ + ": cache of " + std::to_string(cfg_.size_kib) + " KiB cannot hold " +
                std::to_string(cfg_.ways) + " ways of " + std::to_string(cfg_.line_bytes) +
                "-byte lines");
  lines_.resize(size_t(sets_) * cfg_.ways);
  if (sets_ != 0) {
    policy_ = make_replacement(cfg_.replacement, sets_, cfg_.ways, name_);
    replaceable_.resize(cfg_.ways);
    filled_.assign(sets_, 0);
    filling_until_.assign(sets_, 0);
  }
}

bool Cache::take_port(Cycle now) {
  if (port_cycle_ != now) {
    port_cycle_ = now;
    ports_used_ = 0;
  }
  if (ports_used_ >= cfg_.ports) return false;
  ++ports_used_;
  return true;
}

Cache::Line* Cache::find(uint32_t set, Addr line) {
  Line* base = &lines_[size_t(set) * cfg_.ways];
  for (uint32_t w = 0; w < cfg_.ways; ++w)
    if (base[w].valid && base[w].addr == line) return &base[w];
  return nullptr;
}

Cache::Line* Cache::victim(uint32_t set, Cycle now, Cycle* retry) {
  Line* base = &lines_[size_t(set) * cfg_.ways];
  if (filled_[set] < cfg_.ways) return &base[filled_[set]];  // the lowest invalid way
  if (filling_until_[set] <= now) return &base[policy_->victim(set, Replaceable{})];
  // Some way is still being filled: one pass marks the ways that may go.
  uint32_t filling = 0;
  Cycle earliest_fill = kNever;
  for (uint32_t w = 0; w < cfg_.ways; ++w) {
    const Cycle ready = base[w].ready;
    const bool busy = ready > now;  // a line still being filled cannot be replaced
    replaceable_[w] = !busy;
    filling += busy;
    if (busy) earliest_fill = std::min(earliest_fill, ready);
  }
  if (filling == cfg_.ways) {
    *retry = earliest_fill;
    return nullptr;
  }
  return &base[policy_->victim(set, Replaceable{replaceable_.data()})];
}

bool Cache::mshr_available(Cycle now, Cycle* retry) {
  // fills_ is a min-heap of arrival cycles: the fills that have arrived are at its top.
  // Fills are added only while fewer than `mshrs` are outstanding, so a short heap needs
  // no pruning.
  const auto later = std::greater<Cycle>();
  if (fills_.size() < cfg_.mshrs) return true;
  while (!fills_.empty() && fills_.front() <= now) {
    std::pop_heap(fills_.begin(), fills_.end(), later);
    fills_.pop_back();
  }
  if (fills_.size() < cfg_.mshrs) return true;
  *retry = fills_.front();
  return false;
}

Cycle Cache::transfer(Cycle start, bool reserve) {
  if (cfg_.bytes_per_cycle == 0) return start;
  // Bus time is kept in bytes (bytes_per_cycle of them per cycle), so narrow transfers
  // share a cycle instead of each rounding up to a whole one.
  const uint64_t bpc = cfg_.bytes_per_cycle;
  const uint64_t end = std::max(bus_free_, start * bpc) + cfg_.line_bytes;
  if (reserve) bus_free_ = end;
  return (end + bpc - 1) / bpc;
}

Cache::Access Cache::probe_read(Cycle now, Addr addr, Refusal* why) {
  if (sets_ == 0) return {true, now};
  if (port_cycle_ == now && ports_used_ >= cfg_.ports) {
    *why = Refusal::Ports;
    return {false, now + 1};
  }
  const Addr line = line_of(addr);
  const uint32_t set = set_of(line);
  if (find(set, line)) return {true, now};  // a hit, or a merge into the fill in flight
  Cycle retry = kNever;
  if (!mshr_available(now, &retry)) {
    *why = Refusal::Mshrs;
    return {false, retry};
  }
  // A set whose every way is filling is served around the cache (read_refusable), not
  // refused: only the bytes asked for go to the next level.
  return {true, now};
}

Cache::Access Cache::read_refusable(Cycle now, Addr addr, uint32_t bytes, Client client) {
  return lookup(now, addr, client, false, false, true, bytes, true);
}

void Cache::evict(Line& l, Cycle now) {
  ++evictions_;
  if (l.dirty) {
    ++writebacks_;
    next_.write(transfer(now), l.addr, cfg_.line_bytes, l.client);
  }
  l.valid = false;
  l.dirty = false;
}

Cache::Access Cache::lookup(Cycle now, Addr addr, Client client, bool write, bool full_line,
                            bool may_refuse, uint32_t bytes, bool around_when_busy) {
  const Addr line = line_of(addr);
  // Bypassing the cache moves only the bytes asked for: a whole line that is not kept
  // would cost a one-line L2 with long lines its line size per 64-byte request.
  const Addr around_addr = bytes ? addr : line;
  const uint32_t around_bytes = bytes ? bytes : cfg_.line_bytes;
  if (sets_ == 0) {  // disabled: straight through
    if (write) return {true, next_.write(now, around_addr, around_bytes, client)};
    return {true, next_.read(now, around_addr, around_bytes, client)};
  }
  if (may_refuse && !take_port(now)) {
    ++refused_, ++refused_ports_;
    return {false, now + 1};
  }
  const Cycle hit_ready = now + cfg_.hit_latency;
  const bool through = write_through_;
  // Counted once the access is accepted: a refused access is retried and counted then.
  auto count = [&] { write ? ++writes_ : ++reads_; };

  // The set is worked out once per lookup: it costs a division by the line size and one by
  // the set count.
  const uint32_t set = set_of(line);
  if (Line* l = find(set, line)) {
    count();
    if (l->ready > now)
      ++merged_;
    else
      ++hits_;
    policy_->on_hit(set, way_of(set, l));
    if (write) {
      // clang-format off
      if (through) next_.write(transfer(now), line, cfg_.line_bytes, client);
      else { l->dirty = true; l->client = client; }
      // clang-format on
    }
    return {true, std::max(hit_ready, l->ready)};
  }

  // Miss. A write-through cache does not allocate on writes.
  if (write && through) {
    count();
    ++misses_;
    return {true, std::max(hit_ready, next_.write(transfer(now), line, cfg_.line_bytes, client))};
  }
  const bool fetch = !(write && full_line);
  Cycle retry = kNever;
  if (may_refuse && fetch && !mshr_available(now, &retry)) {
    ++refused_, ++refused_mshrs_;
    return {false, retry};
  }
  Line* v = victim(set, now, &retry);
  if (!v) {
    if (!may_refuse || around_when_busy) {  // a next level serves around the cache
      count();
      ++misses_;
      return {true, write ? next_.write(transfer(now), around_addr, around_bytes, client)
                          : next_.read(now, around_addr, around_bytes, client)};
    }
    ++refused_, ++refused_sets_;  // every way of the set is still being filled
    return {false, retry};
  }
  // A client's fill may be refused by the next level (a sliced L2 pushing back): asked
  // before anything changes, so a refused access leaves the cache as it was. The data port
  // is reserved only once the fill is granted.
  Cycle fill_ready = hit_ready;
  bool fill_granted = false;
  if (fetch && may_refuse) {
    const Grant g = next_.try_read(transfer(now, false), line, cfg_.line_bytes, client);
    if (!g.ok) {
      ++refused_, ++refused_next_;
      return {false, std::max(now + 1, g.ready)};
    }
    transfer(now);
    fill_ready = g.ready;
    fill_granted = true;
  }
  count();
  ++misses_;
  if (v->valid)
    evict(*v, now);
  else
    ++filled_[set];
  v->valid = true;
  v->addr = line;
  v->client = client;
  v->dirty = write;
  policy_->on_fill(set, way_of(set, v));
  // The data port is reserved when the fill is requested: reservations then arrive in
  // cycle order, which a single "next free" mark needs.
  if (fetch && !fill_granted) fill_ready = next_.read(transfer(now), line, cfg_.line_bytes, client);
  v->ready = fill_ready;
  filling_until_[set] = std::max(filling_until_[set], v->ready);
  // Only accesses that may be refused are held to the MSHR limit; recording the fills of
  // a never-refusing next level would grow the list without bound.
  if (fetch && may_refuse) {
    fills_.push_back(v->ready);
    std::push_heap(fills_.begin(), fills_.end(), std::greater<Cycle>());
  }
  return {true, std::max(hit_ready, v->ready)};
}

Cache::Access Cache::read_line(Cycle now, Addr addr, Client client) {
  return lookup(now, addr, client, false, false, true);
}

Cache::Access Cache::write_line(Cycle now, Addr addr, Client client, bool full_line) {
  return lookup(now, addr, client, true, full_line, true);
}

Cycle Cache::read(Cycle now, Addr addr, uint32_t bytes, Client client) {
  Cycle ready = now;
  for (Addr a = line_of(addr); a < addr + bytes; a += cfg_.line_bytes) {
    const Addr lo = std::max(a, addr), hi = std::min<Addr>(a + cfg_.line_bytes, addr + bytes);
    ready = std::max(ready, lookup(now, lo, client, false, false, false, uint32_t(hi - lo)).ready);
  }
  return ready;
}

Cycle Cache::write(Cycle now, Addr addr, uint32_t bytes, Client client) {
  Cycle ready = now;
  for (Addr a = line_of(addr); a < addr + bytes; a += cfg_.line_bytes) {
    const Addr lo = std::max(a, addr), hi = std::min<Addr>(a + cfg_.line_bytes, addr + bytes);
    ready = std::max(
        ready,
        lookup(now, lo, client, true, bytes >= cfg_.line_bytes, false, uint32_t(hi - lo)).ready);
  }
  return ready;
}

Cycle Cache::flush(Cycle now) {
  Cycle done = now;
  for (Line& l : lines_)
    if (l.valid && l.dirty) {
      ++writebacks_;
      done = std::max(done, next_.write(transfer(now), l.addr, cfg_.line_bytes, l.client));
      l.dirty = false;
    }
  return done;
}

stats::Group& Cache::register_stats(stats::Group& parent) {
  stats::Group& g = parent.child(name_, "cache");
  g.counter("reads", &reads_, "accesses", "read lookups");
  g.counter("writes", &writes_, "accesses", "write lookups");
  g.counter("hits", &hits_, "accesses", "lookups that found a valid line");
  g.counter("hits_on_fill", &merged_, "accesses", "lookups that found a line still being filled");
  g.counter("misses", &misses_, "accesses",
            "lookups that allocated a line or went around the cache");
  g.counter("evictions", &evictions_, "lines", "valid lines replaced");
  g.counter("writebacks", &writebacks_, "lines", "dirty lines written to the next level");
  g.counter("refused", &refused_, "accesses", "lookups refused for lack of a port, MSHR or way");
  g.counter("refused_ports", &refused_ports_, "accesses",
            "lookups refused because the cycle's ports were taken");
  g.counter("refused_mshrs", &refused_mshrs_, "accesses",
            "misses refused because every MSHR was busy");
  g.counter("refused_set_conflicts", &refused_sets_, "accesses",
            "misses refused because every way of their set was still being filled");
  g.counter("refused_next_level", &refused_next_, "accesses",
            "misses refused because the next level (a sliced L2) refused the fill");
  g.formula(
      "hit_rate",
      [this] {
        const uint64_t n = hits_ + merged_ + misses_;
        return n ? double(hits_ + merged_) / double(n) : 0.0;
      },
      "ratio", "share of lookups served without a new fill");
  return g;
}

}  // namespace gfx::sim
