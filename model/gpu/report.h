// Report: what a run writes besides the frames. draws.csv grows a row as each draw
// retires and frames.csv a row of counter deltas at each Present (so memory does not grow
// with the trace); stats.json is written once at the end from the stats registry.
#pragma once

#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "func/draw_context.h"
#include "func/pipeline/renderer.h"
#include "gpu/counter_table.h"
#include "gpu/limiter.h"
#include "gpu/results_dir.h"
#include "gpu/run.h"
#include "stats/registry.h"
#include "trace/commands.h"

namespace gfx::gpu {

class Report {
 public:
  Report(ResultsDir& dir, Mode mode, const trace::Header& header);

  stats::Group& stats_root() { return root_; }
  // `limiter`: the stretch's limiter (timing mode), or nullptr.
  void draw(const func::DrawContext& d, const func::DrawCounts& c, Cycle start, Cycle end,
            const LimiterVerdict* limiter = nullptr);
  void frame(uint32_t frame, Cycle start, Cycle end, const LimiterVerdict* limiter = nullptr);
  // The whole run's limiter, for stats.json's run section.
  void set_run_limiter(const LimiterVerdict& v) { run_limiter_ = v; }
  // What identifies the run besides its options: the config's name and the SHA-256 of its
  // resolved values, and the SHA-256 of the trace file.
  struct Provenance {
    std::string config_name, config_sha256, trace_sha256;
  };
  // stats.json's layout version (gfxsim.stats_schema): raised whenever a key is renamed,
  // moved or removed, so tools can tell which layout a file has. Files without the field
  // are layout 1.
  static constexpr int kStatsSchema = 2;
  void finish(const RunSummary& summary, const RunOptions& options, const Provenance& provenance);

  uint32_t frames() const { return uint32_t(frames_.size()); }
  uint64_t draws() const { return draws_; }

 private:
  struct FrameRecord {
    uint32_t frame;
    Cycle start, end;
    uint64_t draws;
  };

  ResultsDir& dir_;
  Mode mode_;
  trace::Header header_;
  stats::Group root_{"gpu", "the simulated GPU"};
  std::ofstream draws_csv_, frames_csv_;
  std::unique_ptr<CounterTable> counters_;  // made at the first frame
  std::optional<LimiterVerdict> run_limiter_;
  uint64_t draws_ = 0, frame_draws_ = 0;
  std::vector<uint64_t> last_counters_, now_counters_;
  std::vector<FrameRecord> frames_;
};

}  // namespace gfx::gpu
