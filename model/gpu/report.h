// Report: what a run writes besides the frames. draws.csv grows a row as each draw
// retires (so memory does not grow with the trace), per-frame counter deltas are taken
// at each Present, and stats.json is written once at the end from the stats registry.
#pragma once

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "func/draw_context.h"
#include "func/pipeline/renderer.h"
#include "gpu/results_dir.h"
#include "gpu/run.h"
#include "stats/registry.h"
#include "trace/commands.h"

namespace gfx::gpu {

class Report {
 public:
  Report(ResultsDir& dir, Mode mode, const trace::Header& header);

  stats::Group& stats_root() { return root_; }
  void draw(const func::DrawContext& d, const func::DrawCounts& c, Cycle start, Cycle end);
  void frame(uint32_t frame, Cycle start, Cycle end);
  void finish(const RunSummary& summary, const RunOptions& options, const std::string& config_name);

  uint32_t frames() const { return uint32_t(frames_.size()); }
  uint64_t draws() const { return draws_; }

 private:
  struct FrameRecord {
    uint32_t frame;
    Cycle start, end;
    uint64_t draws;
    std::map<std::string, uint64_t> counters;  // deltas over the frame
  };
  std::map<std::string, uint64_t> counters() const;

  ResultsDir& dir_;
  Mode mode_;
  trace::Header header_;
  stats::Group root_{"gpu", "the simulated GPU"};
  std::ofstream draws_csv_;
  uint64_t draws_ = 0, frame_draws_ = 0;
  std::map<std::string, uint64_t> last_counters_;
  std::vector<FrameRecord> frames_;
};

}  // namespace gfx::gpu
