#include "dram/controller.h"

#include <algorithm>
#include <string>

namespace gfx::dram {

Controller::Controller(const DramConfig& cfg)
    : cfg_(cfg),
      map_(cfg_),
      sched_(make_scheduler(cfg_.scheduler, "memory.dram.scheduler")),
      queues_(cfg_.channels) {
  channels_.reserve(cfg_.channels);
  for (uint32_t i = 0; i < cfg_.channels; ++i) channels_.emplace_back(cfg_, i);
}

uint64_t Controller::access(uint64_t t, Addr addr, uint32_t bytes, bool write) {
  // Each interleave chunk lives on its own channel: a request wider than one chunk (an L2
  // line longer than interleave_bytes) is served by all of them in parallel.
  uint64_t done = t;
  const Addr end = addr + bytes;
  for (Addr a = addr; a < end;) {
    const Addr chunk_end = (a / cfg_.interleave_bytes + 1) * cfg_.interleave_bytes;
    const Addr next = std::min<Addr>(chunk_end, end);
    const Location loc = map_.locate(a);
    Access acc;
    acc.bank = loc.bank;
    acc.row = loc.row;
    // Whole bursts: a burst that the request covers in part still moves all its bytes.
    const Addr first_burst = a / cfg_.burst_bytes, last_burst = (next - 1) / cfg_.burst_bytes;
    acc.bursts = uint32_t(last_burst - first_burst + 1);
    acc.write = write;
    acc.arrival = t;
    if (!write) {
      drain_idle(loc.channel, t);
      done = std::max(done, channels_[loc.channel].serve(acc, t) + cfg_.controller_latency);
    } else if (sched_->queues_writes()) {
      enqueue_write(loc.channel, acc, t);
    } else {
      done = std::max(done, channels_[loc.channel].serve(acc, t));
    }
    a = next;
  }
  return done;
}

void Controller::enqueue_write(uint32_t ch, const Access& a, uint64_t t) {
  drain_idle(ch, t);
  std::vector<Access>& q = queues_[ch];
  q.push_back(a);
  if (q.size() < cfg_.write_high) return;
  // Write drain: the queue reached its high watermark, so writes now take the channel
  // ahead of later reads until only write_low are left.
  ++drains_;
  while (q.size() > cfg_.write_low) drain_one(ch, t);
}

void Controller::drain_idle(uint32_t ch, uint64_t t) {
  // With no read waiting, a controller serves queued writes: those whose commands the
  // channel would have issued before `t`, from the moment its data bus fell idle.
  std::vector<Access>& q = queues_[ch];
  while (!q.empty() && channels_[ch].bus_free() < t)
    drain_one(ch, std::max(channels_[ch].bus_free(), q.front().arrival));
}

uint64_t Controller::drain_one(uint32_t ch, uint64_t t) {
  std::vector<Access>& q = queues_[ch];
  const size_t i = sched_->pick_write(q, channels_[ch]);
  const Access a = q[i];
  q.erase(q.begin() + ptrdiff_t(i));
  return channels_[ch].serve(a, std::max(t, a.arrival));
}

uint64_t Controller::drain(uint64_t t) {
  uint64_t done = t;
  for (uint32_t ch = 0; ch < cfg_.channels; ++ch)
    while (!queues_[ch].empty()) done = std::max(done, drain_one(ch, t));
  return done;
}

uint64_t Controller::serve_queued() {
  uint64_t done = 0;
  for (uint32_t ch = 0; ch < cfg_.channels; ++ch) {
    std::vector<Access>& q = queues_[ch];
    end_writes_ += q.size();
    while (!q.empty()) done = std::max(done, drain_one(ch, channels_[ch].bus_free()));
  }
  return done;
}

ChannelStats Controller::totals() const {
  ChannelStats s;
  for (const Channel& c : channels_) {
    const ChannelStats& x = c.stats();
    s.reads += x.reads;
    s.writes += x.writes;
    s.row_hits += x.row_hits;
    s.row_empty += x.row_empty;
    s.row_conflicts += x.row_conflicts;
    s.activates += x.activates;
    s.precharges += x.precharges;
    s.refreshes += x.refreshes;
    s.busy += x.busy;
    s.refresh_cycles += x.refresh_cycles;
    s.bank_busy += x.bank_busy;
    s.active += x.active;
  }
  return s;
}

void Controller::register_stats(stats::Group& g, std::function<double()> run_dram_cycles) {
  // Per-access counters live in the channels; the sums are formulas over them.
  auto sum = [this](uint64_t ChannelStats::*m) {
    return [this, m] {
      uint64_t s = 0;
      for (const Channel& c : channels_) s += c.stats().*m;
      return double(s);
    };
  };
  g.formula("row_hits", sum(&ChannelStats::row_hits), "accesses",
            "accesses to the open row of their bank");
  g.formula("row_empty", sum(&ChannelStats::row_empty), "accesses",
            "accesses to a bank with no open row (row misses)");
  g.formula("row_conflicts", sum(&ChannelStats::row_conflicts), "accesses",
            "accesses that closed another row");
  g.formula("activates", sum(&ChannelStats::activates), "commands", "ACT commands");
  g.formula("precharges", sum(&ChannelStats::precharges), "commands",
            "PRE commands, auto-precharges and precharge-alls");
  g.formula("refreshes", sum(&ChannelStats::refreshes), "commands", "all-bank refreshes");
  g.counter("write_drains", &drains_, "drains", "write drains started at the high watermark");
  g.counter("end_of_run_writes", &end_writes_, "accesses",
            "writes still in the write queues when the run ended, served then");
  g.formula(
      "refresh_share",
      [this, sum, run_dram_cycles] {
        const double c = run_dram_cycles() * cfg_.channels;
        return c > 0 ? sum(&ChannelStats::refresh_cycles)() / c : 0.0;
      },
      "ratio", "share of the run's channel cycles spent refreshing");
  g.formula(
      "bank_parallelism",
      [sum] {
        const double a = sum(&ChannelStats::active)();
        return a > 0 ? sum(&ChannelStats::bank_busy)() / a : 0.0;
      },
      "banks", "accesses in service at once, averaged over the cycles with at least one");
  stats::Group& chans = g.child("channels", "per-channel data bus use and queueing");
  for (size_t i = 0; i < channels_.size(); ++i) {
    const std::string n = "ch" + std::to_string(i);
    const ChannelStats& s = channels_[i].stats();
    chans.counter(n + "_busy", &s.busy, "DRAM cycles",
                  "DRAM cycles the channel's data bus carried data");
    chans.histogram(n + "_queue_latency", &s.queue_latency, "DRAM cycles",
                    "reads: arrival at the controller to their first command");
  }
}

}  // namespace gfx::dram
