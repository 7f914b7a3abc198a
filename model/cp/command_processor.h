// Command processor: fetches the command stream from memory, executes state and resource
// commands through the driver layer, turns draws into DrawStates for the input
// assembler, and serialises what must wait for the pipeline to drain: Clear (done by the
// ROP once earlier draws have retired) and Present (ROP and L2 write-back, then the frame
// ends). It also notices when each draw has fully retired.
//
// Models: command fetch bandwidth, decode rate, per-draw setup cost, drain before clear
// and present. Leaves out: resource uploads (resources are taken to be resident in GPU
// memory when created), state-change costs other than per draw, and pipelining of clears
// with later draws.
#pragma once

#include <deque>
#include <functional>
#include <optional>

#include <systemc>

#include "cp/cp_config.h"
#include "driver/device.h"
#include "memory/memory_system.h"
#include "pipe/draw_state.h"
#include "sim/queue.h"
#include "sim/unit.h"
#include "trace/reader.h"

namespace gfx::rop {
class Rop;
}

namespace gfx::cp {

class CommandProcessor : public sc_core::sc_module, public sim::Unit {
 public:
  struct Hooks {
    std::function<void(const pipe::DrawState&)> draw_done;
    std::function<void(uint32_t frame, Cycle end)> frame_done;
  };

  CommandProcessor(sc_core::sc_module_name name, const CpConfig& cfg, trace::Reader& reader,
                   driver::Device& device, sim::Queue<pipe::DrawRef>& to_ia, rop::Rop& rop,
                   memory::MemorySystem& memory, Hooks hooks);

  // The trace is consumed and every draw, clear and frame has completed.
  bool finished() const { return trace_done_ && waiting_ == Wait::None && !pending_ && active_.empty(); }
  // Draws issued and not yet retired, oldest first (for the watchdog's report).
  const std::deque<pipe::DrawRef>& in_flight() const { return active_; }

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override { return !finished(); }
  void register_stats(stats::Group& g);

 protected:
  sim::Activity tick(Cycle now) override;

 private:
  enum class Wait { None, DrainForClear, Clearing, DrainForPresent, Flushing, Drain };

  void retire_drained_draws();
  bool fetch(Cycle now);  // makes sure the next command's bytes have arrived
  void execute(Cycle now);

  CpConfig cfg_;
  trace::Reader& reader_;
  driver::Device& device_;
  sim::Queue<pipe::DrawRef>& to_ia_;
  rop::Rop& rop_;
  memory::MemorySystem& memory_;
  Hooks hooks_;

  std::optional<trace::Command> pending_;  // read from the trace, not yet executed
  std::string pending_where_;
  bool trace_done_ = false;
  Addr stream_addr_ = 0;       // command stream fetch pointer
  Addr fetched_line_end_ = 0;  // bytes below this address have been requested
  Cycle data_ready_ = 0;       // the pending command's bytes arrive
  Cycle busy_until_ = 0;       // per-draw setup work
  Wait waiting_ = Wait::None;
  Cycle flush_done_ = 0;
  std::deque<pipe::DrawRef> active_;  // issued, not yet retired, in order

  uint64_t commands_ = 0, draws_ = 0, clears_ = 0, frames_ = 0, command_bytes_ = 0;
  uint64_t draw_cycles_ = 0, draw_cycles_max_ = 0;
  stats::Histogram draw_cycles_log2_{40};  // bin b: draws of [2^(b-1), 2^b) cycles (bin 0: 0)
};

}  // namespace gfx::cp
