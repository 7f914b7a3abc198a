// --timeline FILE.json: the run as a Chrome/Perfetto trace-event file (load it in
// https://ui.perfetto.dev or chrome://tracing). Tracks, in one process:
//  - one per timing unit: spans named after what the unit mostly did (busy,
//    stall_memory, stall_output, wait, idle), at a resolution of `resolution` core cycles:
//    each stretch of that many cycles takes the activity with the most cycles in it, and
//    equal neighbours merge into one span whose args give the cycles of each activity;
//  - one counter track per queue: its occupancy at each stretch boundary, when it changed;
//  - a "DRAM bandwidth" counter track: GB/s over each stretch;
//  - the command processor's frames (one span each) and draws (issue to retirement; draws
//    overlap in a pipeline, so they are spread over as many lanes as needed).
// Times are microseconds of the core clock (cycle / core MHz). Events are kept in memory
// and written when the run ends, so the file's size and the memory grow with run length /
// resolution, not with the cycles.
#pragma once

#include <array>
#include <functional>
#include <utility>
#include <string>
#include <vector>

#include "common/types.h"
#include "sim/queue.h"
#include "sim/unit.h"

namespace gfx::gpu {

class Timeline {
 public:
  Timeline(std::vector<sim::Unit*> units, std::vector<sim::QueueBase*> queues,
           std::function<uint64_t()> dram_bytes, double core_mhz, Cycle resolution);
  Cycle resolution() const { return resolution_; }

  // The stretch ending at `boundary` (units and queues settled up to it).
  void sample(Cycle boundary);
  void draw(uint64_t id, uint32_t frame, Cycle start, Cycle end, const std::string& where);
  void frame(uint32_t frame, Cycle start, Cycle end);
  // The trace-event JSON of the whole run, which ends at `end` (settled up to it).
  std::string finish(Cycle end, const std::string& title);

 private:
  struct UnitTrack {
    sim::Unit* unit;
    std::array<uint64_t, sim::kNumActivities> last{};     // counts at the last boundary
    std::array<uint64_t, sim::kNumActivities> in_span{};  // cycles of each in the open span
    int activity = -1;                                     // the open span's (-1: none)
    Cycle span_start = 0;
  };
  struct Span {
    int tid;
    std::string name;
    Cycle start, end;
    std::vector<std::pair<std::string, uint64_t>> numbers;  // args
    std::string where;                                       // an arg too, when not empty
  };
  struct Counter {
    int track;  // index into counter_names_
    Cycle at;
    double value;
  };

  void close_span(UnitTrack& t, int tid, Cycle end);
  double us(Cycle c) const { return double(c) / core_mhz_; }

  std::vector<UnitTrack> units_;
  std::vector<sim::QueueBase*> queues_;
  std::vector<int64_t> queue_last_;  // -1: nothing emitted yet
  std::function<uint64_t()> dram_bytes_;
  uint64_t dram_last_ = 0;
  double dram_last_gbps_ = -1;
  double core_mhz_;
  Cycle resolution_;
  Cycle last_boundary_ = 0;
  std::vector<Span> spans_;
  std::vector<Counter> counters_;
  std::vector<std::string> counter_names_;
  std::vector<Cycle> draw_lanes_;  // the cycle each draw lane is free again
};

}  // namespace gfx::gpu
