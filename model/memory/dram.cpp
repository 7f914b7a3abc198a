#include "memory/dram.h"

#include <algorithm>

#include "memory/builtin_dram.h"

namespace gfx::memory {

Dram::Dram(const DramConfig& cfg, double core_clock_mhz)
    : cfg_(cfg),
      core_mhz_(core_clock_mhz),
      owned_(std::make_unique<BuiltinDram>(cfg, core_clock_mhz)),
      backend_(owned_.get()) {}

Dram::Dram(const DramConfig& cfg, double core_clock_mhz, DramBackend& backend)
    : cfg_(cfg), core_mhz_(core_clock_mhz), backend_(&backend) {}

Cycle Dram::read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) {
  ++reads_;
  read_bytes_[size_t(client)] += bytes;
  const Cycle done = backend_->read(now, addr, bytes);
  read_latency_sum_ += done - now;
  busy_until_ = std::max(busy_until_, done);
  return done;
}

Cycle Dram::write(Cycle now, Addr addr, uint32_t bytes, sim::Client client) {
  ++writes_;
  written_bytes_[size_t(client)] += bytes;
  const Cycle done = backend_->write(now, addr, bytes);
  busy_until_ = std::max(busy_until_, done);
  return done;
}

void Dram::finish() {
  finish_end_ = std::max(finish_end_, backend_->finish());  // a second call finds nothing
  busy_until_ = std::max(busy_until_, finish_end_);
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
  // The configured peak is the built-in controller's; a TLM target's is its own business.
  if (builtin()) {
    g.formula(
        "peak_gbps", [peak] { return peak / 1e9; }, "GB/s", "configured peak DRAM bandwidth");
    g.formula(
        "peak_share", [this, gbps, peak] { return gbps(total_bytes()) * 1e9 / peak; }, "ratio",
        "achieved DRAM bandwidth as a share of the configured peak");
  }
  g.counter("reads", &reads_, "requests", "read requests served");
  g.counter("writes", &writes_, "requests", "write requests served");
  g.formula(
      "avg_read_latency",
      [this] { return reads_ ? double(read_latency_sum_) / double(reads_) : 0.0; }, "core cycles",
      "issue to data, reads");
  if (builtin())
    g.formula(
        "end_of_run_writes_end", [this] { return double(finish_end_); }, "core cycle",
        "the cycle the last write still queued when the run ended ends, served then (0: "
        "none); the run's cycles do not wait for it");
  backend_->register_stats(g, seconds);
  stats::Group& clients = g.child("clients", "DRAM bytes per client");
  for (int i = 0; i < sim::kNumClients; ++i) {
    stats::Group& c = clients.child(sim::client_name(sim::Client(i)));
    c.counter("bytes_read", &read_bytes_[i], "bytes", "bytes read from DRAM");
    c.counter("bytes_written", &written_bytes_[i], "bytes", "bytes written to DRAM");
    c.formula(
        "gbps", [this, i, gbps] { return gbps(read_bytes_[i] + written_bytes_[i]); }, "GB/s",
        "this client's DRAM bandwidth at the configured core clock");
    c.formula(
        "read_gbps", [this, i, gbps] { return gbps(read_bytes_[i]); }, "GB/s",
        "this client's DRAM read bandwidth");
    c.formula(
        "write_gbps", [this, i, gbps] { return gbps(written_bytes_[i]); }, "GB/s",
        "this client's DRAM write bandwidth");
    if (builtin())
      c.formula(
          "peak_share",
          [this, i, gbps, peak] { return gbps(read_bytes_[i] + written_bytes_[i]) * 1e9 / peak; },
          "ratio", "this client's share of the configured peak DRAM bandwidth");
  }
}

}  // namespace gfx::memory
