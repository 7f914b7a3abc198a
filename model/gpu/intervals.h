// intervals.csv (--interval N): every counter's growth in each stretch of N core cycles,
// one row per stretch, streamed as the run goes (memory does not grow with its length).
// The columns are interval, start_cycle, end_cycle, cycles, then every counter of the
// statistics tree by dotted path, as in frames.csv; the last row is the partial stretch
// that ends the run. The units and queues are settled up to each boundary before it is
// read, so each unit's five activity columns add up to the row's cycles.
#pragma once

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "common/types.h"
#include "gpu/counter_table.h"

namespace gfx::gpu {

class IntervalWriter {
 public:
  // `path` is opened at once (gfx::Error naming it when it cannot be); the counter paths
  // are taken at the first row, when the registry is complete.
  IntervalWriter(std::string path, const stats::Group& root);
  // Closes the stretch that ends at `boundary` (exclusive).
  void sample(Cycle boundary);
  // Closes the last stretch at the run's end (nothing when it is empty) and the file.
  void finish(Cycle end);

 private:
  std::string path_;
  const stats::Group& root_;
  std::ofstream out_;
  std::unique_ptr<CounterTable> counters_;
  std::vector<uint64_t> last_, now_;
  Cycle start_ = 0;
  uint64_t rows_ = 0;
};

}  // namespace gfx::gpu
