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

class MemoryPort {
 public:
  virtual ~MemoryPort() = default;
  // Read `bytes` at `addr`, issued in cycle `now`; returns the cycle the data is available.
  virtual Cycle read(Cycle now, Addr addr, uint32_t bytes, Client client) = 0;
  // Posted write; returns the cycle the write has been accepted.
  virtual Cycle write(Cycle now, Addr addr, uint32_t bytes, Client client) = 0;
};

}  // namespace gfx::sim
