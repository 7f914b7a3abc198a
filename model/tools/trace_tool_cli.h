// gfxsim-trace, as a function: the executable is a one-line main() around it, and the
// tests call it directly with their own streams. Exit codes: 0 ok, 1 bad input (the
// error is one line on `err`), 2 usage.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "trace/limits.h"

namespace gfx::tools {

// args excludes the program name: e.g. {"convert", "a.yaml", "b.gfxt", "--frames", "0:1"}.
int run_trace_tool(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// The subcommands, each given its parsed arguments; they throw gfx::Error on bad input.
void trace_info(const std::string& file, std::ostream& out);
void trace_dump(const std::string& file, bool full, std::ostream& out);
// Refuses what the replay refuses under `limits` (the same trace::LimitChecker).
void trace_validate(const std::string& file, std::ostream& out, const trace::Limits& limits = {});
void trace_convert(const std::string& in, const std::string& out_path, bool has_range,
                   uint32_t first, uint32_t last, std::ostream& out);

}  // namespace gfx::tools
