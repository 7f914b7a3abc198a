// `gfxsim compare RUN_A RUN_B`: what changed between two results folders. The stats are
// every number of stats.json (the run section, each frame's cycles and draws, every stat's
// value, a histogram's samples and mean) by dotted path, and the config is config.yaml's
// resolved values by dotted key. Stat rows are sorted by the size of the change relative to
// A (a stat that was 0 in A and is not in B first), then by the absolute change.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace gfx::app {

struct StatDelta {
  std::string path;
  std::optional<double> a, b;  // empty: the stat is not in that run (or is null there)
  double delta() const { return a && b ? *b - *a : 0.0; }
  // (B - A) / |A| in percent; +-inf when A is 0 and B is not, nullopt when either is missing.
  std::optional<double> percent() const;
};

struct ConfigDelta {
  std::string key;
  std::optional<std::string> a, b;  // YAML text of the value; empty: not in that run
};

struct RunInfo {
  std::string dir, config, trace, mode, trace_sha256, config_sha256;
  std::vector<std::string> overrides;
};

struct Comparison {
  RunInfo a, b;
  std::vector<ConfigDelta> config;  // keys whose values differ, in key order
  std::vector<StatDelta> stats;     // sorted as said above (equal stats too: see `changed`)
  size_t changed = 0;               // the first `changed` rows of `stats` differ
};

// Reads both folders (gfx::Error naming the file and the problem: a missing folder or
// stats.json, malformed JSON or YAML). Host figures (wall time, RSS, simulation speed) are
// left out unless `host`.
Comparison compare_runs(const std::string& dir_a, const std::string& dir_b, bool host);

// The comparison as text: both runs, the config differences, then the stat rows that
// differ (all of them with `all`), at most `top` of them (0: no limit).
std::string format_comparison(const Comparison& c, size_t top, bool all);
// The same as JSON (one object: a, b, config, stats, changed), for scripts/report.py.
std::string comparison_json(const Comparison& c, size_t top, bool all);

}  // namespace gfx::app
