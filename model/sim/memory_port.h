// The interface between a memory client and the next level of the memory hierarchy.
// Timing is computed when a request is issued: the port reserves its resources (cache
// ports, buses, DRAM banks) in issue order and answers with the cycle the data arrives.
// Requests must be issued in non-decreasing cycle order, which the single clock driver
// guarantees.
#pragma once

#include <cstdint>

#include "common/types.h"

namespace gfx::sim {

// Who caused a memory access: bandwidth is reported per client.
enum class Client : uint8_t {
  Command,
  Index,
  Vertex,
  Texture,
  Depth,
  Color,
  Tessellator,
  Constant,  // the shader cores' constant caches, fetching D3D10 constant buffers
};
constexpr int kNumClients = 8;
const char* client_name(Client c);

// The answer to a request the next level may refuse: `ok` false means nothing was done and
// the request should be retried from cycle `ready`; otherwise `ready` is the cycle the data
// is available (reads) or the write has been accepted (writes).
struct Grant {
  bool ok = true;
  Cycle ready = 0;
};

class MemoryPort {
 public:
  virtual ~MemoryPort() = default;
  // Read `bytes` at `addr`, issued in cycle `now`; returns the cycle the data is available.
  virtual Cycle read(Cycle now, Addr addr, uint32_t bytes, Client client) = 0;
  // Posted write; returns the cycle the write has been accepted.
  virtual Cycle write(Cycle now, Addr addr, uint32_t bytes, Client client) = 0;
  // A read the next level may refuse (back pressure: a sliced L2 whose ports, MSHRs or
  // crossbar port are taken). A cache's line fills come this way; a level that never
  // refuses keeps this default.
  virtual Grant try_read(Cycle now, Addr addr, uint32_t bytes, Client client) {
    return {true, read(now, addr, bytes, client)};
  }
};

}  // namespace gfx::sim
