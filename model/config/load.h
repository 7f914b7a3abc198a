// Assembling the raw config tree: a file, the files it includes (presets), then the
// command-line overrides, each later layer deep-merged over the earlier ones.
//
// Typing and validation happen afterwards, against the schema (resolve.h); this layer only
// knows files, includes and key paths.
#pragma once

#include <string>
#include <vector>

#include "config/raw.h"

namespace gfx::cfg {

// One "key.path=value" setting from the command line or a sweep.
struct Override {
  std::string path;    // "rop.quads_per_cycle"
  std::string value;   // YAML scalar or flow sequence text: "8", "lru", "[1, 2]"
  std::string origin;  // names the override in errors: "--set #2"
};

// Splits "rop.quads_per_cycle=8". Malformed text (no '=', an empty key or key part)
// throws gfx::Error naming `origin`.
Override parse_override(const std::string& text, const std::string& origin);

// The key every file may carry to pull in other files first (a name or a list of names).
constexpr const char* kIncludeKey = "include";

// Reads `path` with its includes, resolving each include against the including file's
// folder and then each of `search_dirs`; include cycles and missing files are errors.
// An empty `path` means "no file": only the overrides. Throws gfx::Error.
RawNode load_raw_config(const std::string& path, const std::vector<Override>& overrides,
                        const std::vector<std::string>& search_dirs);

}  // namespace gfx::cfg
