// One simulation run: a trace replayed on a configuration, in timing or functional mode,
// writing a complete results folder (frames as PNG, stats.json, draws.csv, config.yaml)
// or nothing at all. This is what the command line and the Python module call.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/types.h"
#include "config/load.h"
#include "gpu/stage.h"

namespace gfx::memory {
class TlmDram;
}

namespace gfx::gpu {

enum class Mode { Timing, Functional };

struct RunOptions {
  std::string trace;
  std::string config;  // a preset name or path; "" = built-in defaults
  std::vector<cfg::Override> overrides;
  std::vector<std::string> config_dirs;  // where includes and preset names are looked up
  std::string out;                       // results folder
  bool force = false;                    // write into an existing folder gfxsim did not make
  Mode mode = Mode::Timing;
  bool progress = false;  // a progress line on stderr
  Cycle interval = 0;     // --interval: intervals.csv with a row every this many cycles (0: none)
  std::string timeline;   // --timeline: the trace-event file to write ("" : none)
  Cycle timeline_resolution = 1000;  // --timeline-resolution: cycles per timeline stretch
  Wiring wiring;          // extra stages (tests only; timing mode)
  // With memory.dram.model: tlm and no tlm_plugin: binds the caller's TLM-2.0 target to
  // the DRAM's initiator socket (`port.socket.bind(my_target.socket)`), called once the
  // GPU is built and before the run starts (timing mode). The target must exist before
  // sc_start, as every SystemC module; it may be made here.
  std::function<void(memory::TlmDram& port)> bind_dram_target;
};

struct RunSummary {
  Cycle cycles = 0;  // timing mode only
  uint32_t frames = 0;
  uint64_t draws = 0;
  double wall_seconds = 0;
  uint64_t peak_rss_kib = 0;
};

// Throws gfx::Error for bad input (trace, config, overrides) and for failed runs; the
// results folder is then left untouched.
RunSummary run(const RunOptions& options);

}  // namespace gfx::gpu
