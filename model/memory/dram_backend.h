// What serves the DRAM port's requests (memory/dram.h): the built-in controller
// (memory/builtin_dram.h) or an external TLM-2.0 target behind an initiator socket
// (memory/tlm_dram.h), chosen by memory.dram.model. The port counts requests and bytes;
// a backend only answers when each request completes, in core cycles.
#pragma once

#include <cstdint>
#include <functional>

#include "common/types.h"
#include "stats/registry.h"

namespace gfx::memory {

class DramBackend {
 public:
  virtual ~DramBackend() = default;
  // A request issued in core cycle `now` (non-decreasing across calls, as the port's
  // callers guarantee); returns the core cycle a read's data has arrived or a write has
  // been accepted, never before `now`.
  virtual Cycle read(Cycle now, Addr addr, uint32_t bytes) = 0;
  virtual Cycle write(Cycle now, Addr addr, uint32_t bytes) = 0;
  // The end of the run: serves whatever the backend still holds (queued writes) and
  // returns the core cycle the last of it ends (0 when it held nothing).
  virtual Cycle finish() = 0;
  // The backend's own stats under the port's group; `run_seconds` gives the run's length.
  virtual void register_stats(stats::Group& g, std::function<double()> run_seconds) = 0;
};

}  // namespace gfx::memory
