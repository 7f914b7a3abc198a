// The bytes each client asks of the L2: a pass-through port in front of it that counts the
// reads and writes the unit caches (and the uncached fetches of the command processor and
// the tessellator) send, per sim::Client. With the DRAM's per-client bytes, it shows how much
// of a client's traffic the L2 absorbs, e.g. the constant lines every core fetches once per
// constant-buffer version while DRAM sees each version once.
#pragma once

#include <array>
#include <cstdint>

#include "sim/memory_port.h"
#include "stats/registry.h"

namespace gfx::memory {

class ClientTraffic : public sim::MemoryPort {
 public:
  explicit ClientTraffic(sim::MemoryPort& next) : next_(next) {}

  Cycle read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) override {
    read_bytes_[size_t(client)] += bytes;
    return next_.read(now, addr, bytes, client);
  }
  Cycle write(Cycle now, Addr addr, uint32_t bytes, sim::Client client) override {
    written_bytes_[size_t(client)] += bytes;
    return next_.write(now, addr, bytes, client);
  }

  // A refused fill moved no bytes: counted once granted.
  sim::Grant try_read(Cycle now, Addr addr, uint32_t bytes, sim::Client client) override {
    const sim::Grant g = next_.try_read(now, addr, bytes, client);
    if (g.ok) read_bytes_[size_t(client)] += bytes;
    return g;
  }

  uint64_t bytes_read(sim::Client c) const { return read_bytes_[size_t(c)]; }
  uint64_t bytes_written(sim::Client c) const { return written_bytes_[size_t(c)]; }

  // One group per client under `g`: bytes_read, bytes_written.
  void register_stats(stats::Group& g) {
    for (int i = 0; i < sim::kNumClients; ++i) {
      stats::Group& c = g.child(sim::client_name(sim::Client(i)));
      c.counter("bytes_read", &read_bytes_[size_t(i)], "bytes", "bytes read through the L2");
      c.counter("bytes_written", &written_bytes_[size_t(i)], "bytes",
                "bytes written through the L2");
    }
  }

 private:
  sim::MemoryPort& next_;
  std::array<uint64_t, sim::kNumClients> read_bytes_{}, written_bytes_{};
};

}  // namespace gfx::memory
