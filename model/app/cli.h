// Command-line parsing of the gfxsim tool, kept apart from main so it stays testable.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "gpu/run.h"

namespace gfx::app {

struct Command {
  enum class Kind { Run, ShowConfig, DocConfig, Help, Version } kind = Kind::Help;
  gpu::RunOptions run;
  bool quiet = false;
};

// Throws UsageError for malformed command lines.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
Command parse_command_line(const std::vector<std::string>& args, const std::string& config_dir);
std::string usage();

}  // namespace gfx::app
