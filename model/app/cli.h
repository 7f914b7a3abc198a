// Command-line parsing of the gfxsim tool (Boost.Program_options), kept apart from main so
// it stays testable.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "gpu/run.h"

namespace gfx::app {

// `gfxsim compare RUN_A RUN_B` (app/compare.h).
struct CompareOptions {
  std::string a, b;    // results folders
  size_t top = 0;      // print at most this many stat rows (0: every one that differs)
  bool all = false;    // also the stats that are equal
  bool host = false;   // also the host's figures (wall time, RSS, simulation speed)
  bool json = false;   // machine-readable output (what scripts/report.py --compare reads)
};

struct Command {
  enum class Kind { Run, ShowConfig, DocConfig, Compare, Help, Version } kind = Kind::Help;
  gpu::RunOptions run;
  CompareOptions compare;
  bool quiet = false;
};

// Throws UsageError for malformed command lines.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
Command parse_command_line(const std::vector<std::string>& args, const std::string& config_dir);
std::string usage();

// A -c NAME that names no preset and no file: gfx::Error listing the presets (bad input,
// exit 1). Other missing files are left to the config loader, which names them.
void check_config_exists(const Command& command, const std::string& config_dir);

// The preset names in `config_dir` (its *.yaml files without the extension), sorted.
std::vector<std::string> preset_names(const std::string& config_dir);

}  // namespace gfx::app
