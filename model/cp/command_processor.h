// Command processor: fetches the command stream from memory, executes state and resource
// commands through the driver layer (a CommandPort the wiring binds), turns draws into
// DrawStates for the pipeline, each followed by its EndOfDraw marker, and sends Clear and
// Present down the pipeline as markers (pipe/marker.h). It waits for the ROP's report of
// each (pipe/retire_port.h) before it executes the next command, and retires each draw
// when the ROP reports its end; a Drain (a render-target texture must be final before
// later draws) waits until every draw issued has retired.
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
#include "memory/memory_system.h"
#include "pipe/command_port.h"
#include "pipe/draw_state.h"
#include "pipe/marker.h"
#include "pipe/retire_port.h"
#include "sim/unit.h"
#include "trace/reader.h"

namespace gfx::cp {

class CommandProcessor : public sc_core::sc_module, public sim::Unit {
 public:
  struct Hooks {
    std::function<void(const pipe::DrawState&)> draw_issued;  // handed to the pipeline
    std::function<void(const pipe::DrawState&)> draw_done;
    std::function<void(uint32_t frame, Cycle end)> frame_done;
  };

  CommandProcessor(sc_core::sc_module_name name, const CpConfig& cfg, trace::Reader& reader,
                   pipe::CommandPort commands, pipe::Queue<pipe::DrawRef>& out,
                   pipe::RetirePort& retired, memory::MemorySystem& memory, Hooks hooks);

  // The trace is consumed and every draw, clear and frame has completed.
  bool finished() const {
    return trace_done_ && waiting_ == Wait::None && !pending_ && active_.empty();
  }
  // Draws issued and not yet retired, oldest first (for the watchdog's report).
  const std::deque<pipe::DrawRef>& in_flight() const { return active_; }

  Cycle next_wake(Cycle now) const override;
  bool has_work() const override { return !finished(); }
  const char* stats_description() const override { return "command processor"; }
  void register_stats(stats::Group& g) override;

 protected:
  sim::Activity tick(Cycle now) override;

 private:
  // Report: for the ROP's report of the Clear or Present sent last; Retired: for every draw
  // issued to retire (a Drain); Flushing: for the frame's write-back to end.
  enum class Wait { None, Report, Retired, Flushing };

  void take_reports();
  bool fetch(Cycle now);  // makes sure the next command's bytes have arrived
  void execute(Cycle now);

  CpConfig cfg_;
  trace::Reader& reader_;
  pipe::CommandPort commands_port_;
  pipe::Queue<pipe::DrawRef>& out_;
  pipe::RetirePort& retired_;
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
  uint32_t present_frame_ = 0;        // the frame the Present being flushed ends
  std::deque<pipe::DrawRef> active_;  // issued, not yet retired, in order

  uint64_t commands_ = 0, draws_ = 0, clears_ = 0, frames_ = 0, command_bytes_ = 0;
  uint64_t draw_cycles_ = 0, draw_cycles_max_ = 0;
  stats::Histogram draw_cycles_log2_{40};  // bin b: draws of [2^(b-1), 2^b) cycles (bin 0: 0)
};

}  // namespace gfx::cp
