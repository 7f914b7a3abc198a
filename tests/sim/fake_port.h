// A scripted next level for cache tests: every request completes a fixed number of cycles
// after it is issued, and each request is recorded so a test can check exactly what the
// cache sent down (direction, issue cycle, line address, size, client).
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

#include "sim/memory_port.h"

namespace gfx::sim::test {

struct Request {
  bool write = false;
  Cycle now = 0;
  Addr addr = 0;
  uint32_t bytes = 0;
  Client client = Client::Command;

  bool operator==(const Request& o) const {
    return write == o.write && now == o.now && addr == o.addr && bytes == o.bytes &&
           client == o.client;
  }
};

// So a failed comparison of request logs prints readable requests.
inline std::ostream& operator<<(std::ostream& os, const Request& r) {
  return os << (r.write ? "write" : "read") << "@" << r.now << " addr=0x" << std::hex << r.addr
            << std::dec << " bytes=" << r.bytes << " client=" << client_name(r.client);
}

inline Request rd(Cycle now, Addr addr, Client c, uint32_t bytes = 64) {
  return {false, now, addr, bytes, c};
}
inline Request wr(Cycle now, Addr addr, Client c, uint32_t bytes = 64) {
  return {true, now, addr, bytes, c};
}

class FakePort : public MemoryPort {
 public:
  explicit FakePort(Cycle latency) : latency_(latency) {}

  Cycle read(Cycle now, Addr addr, uint32_t bytes, Client client) override {
    if (record) log.push_back({false, now, addr, bytes, client});
    return now + latency_;
  }
  Cycle write(Cycle now, Addr addr, uint32_t bytes, Client client) override {
    if (record) log.push_back({true, now, addr, bytes, client});
    return now + latency_;
  }

  std::vector<Request> log;
  bool record = true;  // off for tests that must not allocate while the cache runs

 private:
  Cycle latency_;
};

}  // namespace gfx::sim::test
