#include "memory/dram.h"

#include <algorithm>
#include <cmath>

namespace gfx::memory {

Dram::Dram(const DramConfig& cfg, double core_clock_mhz)
    : cfg_(cfg), core_mhz_(core_clock_mhz), channels_(cfg.channels) {
  for (Channel& ch : channels_) ch.banks.resize(cfg_.banks);
  core_khz_ = uint64_t(std::llround(core_clock_mhz * 1000.0));
  dram_khz_ = uint64_t(std::llround(cfg.clock_mhz * 1000.0));
}

uint64_t Dram::to_dram(Cycle core) const { return (core * dram_khz_ + core_khz_ - 1) / core_khz_; }
Cycle Dram::to_core(uint64_t dram) const { return (dram * core_khz_ + dram_khz_ - 1) / dram_khz_; }

Cycle Dram::access(Cycle now, Addr addr, uint32_t bytes, bool write) {
  const uint64_t chunk = addr / cfg_.interleave_bytes;
  Channel& ch = channels_[chunk % cfg_.channels];
  // Address inside the channel: the chunks of this channel packed together.
  const uint64_t local =
      (chunk / cfg_.channels) * cfg_.interleave_bytes + addr % cfg_.interleave_bytes;
  const uint64_t row_global = local / cfg_.row_bytes;
  Bank& bank = ch.banks[row_global % cfg_.banks];
  const uint64_t row = row_global / cfg_.banks;

  const uint64_t t = to_dram(now);
  uint64_t cmd = std::max(t, bank.ready);
  if (bank.open_row == row) {
    ++row_hits_;
  } else if (bank.open_row == ~uint64_t(0)) {
    ++row_empty_;
    cmd += cfg_.t_rcd;
  } else {
    ++row_conflicts_;
    cmd += cfg_.t_rp + cfg_.t_rcd;
  }
  bank.open_row = row;
  const uint64_t burst = (bytes + cfg_.bytes_per_cycle - 1) / cfg_.bytes_per_cycle;
  const uint64_t data_start = std::max(cmd + (write ? cfg_.t_wl : cfg_.t_cas), ch.bus_free);
  ch.bus_free = data_start + burst;
  ch.busy += burst;
  // The bank can take the next column command once this one's data slot is fixed.
  bank.ready = data_start + burst - (write ? cfg_.t_wl : cfg_.t_cas);
  const uint64_t done = ch.bus_free + (write ? 0 : cfg_.controller_latency);
  return to_core(done);
}

Cycle Dram::split(Cycle now, Addr addr, uint32_t bytes, bool write) {
  // Each interleave chunk lives on its own channel: a request wider than one chunk (an L2
  // line longer than interleave_bytes) is served by all of them in parallel, as the address
  // map says, instead of bursting every byte on the first chunk's channel.
  Cycle done = now;
  const Addr end = addr + bytes;
  for (Addr a = addr; a < end;) {
    const Addr chunk_end = (a / cfg_.interleave_bytes + 1) * cfg_.interleave_bytes;
    const Addr next = std::min<Addr>(chunk_end, end);
    done = std::max(done, access(now, a, uint32_t(next - a), write));
    a = next;
  }
  return done;
}

Cycle Dram::read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) {
  ++reads_;
  read_bytes_[size_t(client)] += bytes;
  const Cycle done = split(now, addr, bytes, false);
  read_latency_sum_ += done - now;
  busy_until_ = std::max(busy_until_, done);
  return done;
}

Cycle Dram::write(Cycle now, Addr addr, uint32_t bytes, sim::Client client) {
  ++writes_;
  written_bytes_[size_t(client)] += bytes;
  const Cycle done = split(now, addr, bytes, true);
  busy_until_ = std::max(busy_until_, done);
  return done;
}

uint64_t Dram::total_bytes() const {
  uint64_t s = 0;
  for (int i = 0; i < sim::kNumClients; ++i) s += read_bytes_[i] + written_bytes_[i];
  return s;
}

void Dram::register_stats(stats::Group& g, const Cycle* run_cycles) {
  const double core_hz = core_mhz_ * 1e6;
  const double peak = cfg_.peak_bytes_per_second();
  auto seconds = [run_cycles, core_hz] {
    return *run_cycles ? double(*run_cycles) / core_hz : 0.0;
  };
  auto gbps = [seconds](uint64_t bytes) {
    const double s = seconds();
    return s > 0 ? double(bytes) / s / 1e9 : 0.0;
  };
  g.formula(
      "bandwidth_gbps", [this, gbps] { return gbps(total_bytes()); }, "GB/s",
      "DRAM bytes read and written per second at the configured core clock");
  g.formula(
      "peak_gbps", [peak] { return peak / 1e9; }, "GB/s", "configured peak DRAM bandwidth");
  g.formula(
      "peak_share", [this, gbps, peak] { return gbps(total_bytes()) * 1e9 / peak; }, "ratio",
      "achieved DRAM bandwidth as a share of the configured peak");
  g.counter("reads", &reads_, "requests", "read requests served");
  g.counter("writes", &writes_, "requests", "write requests served");
  g.counter("row_hits", &row_hits_, "requests", "requests to the open row of their bank");
  g.counter("row_empty", &row_empty_, "requests", "requests to a bank with no open row");
  g.counter("row_conflicts", &row_conflicts_, "requests", "requests that closed another row");
  g.formula(
      "avg_read_latency",
      [this] { return reads_ ? double(read_latency_sum_) / double(reads_) : 0.0; }, "core cycles",
      "issue to data, reads");
  stats::Group& clients = g.child("clients", "DRAM bytes per client");
  for (int i = 0; i < sim::kNumClients; ++i) {
    stats::Group& c = clients.child(sim::client_name(sim::Client(i)));
    c.counter("bytes_read", &read_bytes_[i], "bytes", "bytes read from DRAM");
    c.counter("bytes_written", &written_bytes_[i], "bytes", "bytes written to DRAM");
    c.formula(
        "gbps", [this, i, gbps] { return gbps(read_bytes_[i] + written_bytes_[i]); }, "GB/s",
        "this client's DRAM bandwidth at the configured core clock");
    c.formula(
        "peak_share",
        [this, i, gbps, peak] { return gbps(read_bytes_[i] + written_bytes_[i]) * 1e9 / peak; },
        "ratio", "this client's share of the configured peak DRAM bandwidth");
  }
  stats::Group& chans = g.child("channels", "per-channel data bus use");
  for (size_t i = 0; i < channels_.size(); ++i)
    chans.counter("ch" + std::to_string(i) + "_busy", &channels_[i].busy, "DRAM cycles",
                  "DRAM cycles the channel's data bus carried data");
}

}  // namespace gfx::memory
