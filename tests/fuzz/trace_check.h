// The trace harnesses' common body: read a trace the way the tools do (every command,
// the whole-stream validator, the draw counts, the YAML dump), and when it reads, check
// that conversion is lossless: binary -> YAML -> binary must give the same bytes.
#pragma once

#include <string>

namespace gfx::fuzz {

// Returns normally when the trace reads, or when the readers reject it with gfx::Error;
// a broken round trip calls finding(). Other exceptions escape (libFuzzer reports them).
void exercise_trace(const std::string& path);

}  // namespace gfx::fuzz
