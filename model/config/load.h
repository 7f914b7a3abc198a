// Assembling the raw config tree: a file, the files it includes (presets), then the
// command-line overrides, each later layer deep-merged over the earlier ones.
//
// Typing and validation happen afterwards, against the schema (resolve.h); this layer only
// knows files, includes and key paths.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "config/raw.h"
#include "config/yaml_budget.h"

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

// True for a bare preset name ("baseline"): no folder and no .yaml/.yml extension.
bool is_preset_name(const std::string& name);

// The one rule that finds a config file by name, for includes and for callers that look
// up presets: in each of `dirs` in order, `name` itself, then, for a bare preset name,
// NAME.yaml. So `include: baseline` finds configs/baseline.yaml as `-c baseline` does.
std::optional<std::filesystem::path> find_config_file(const std::string& name,
                                                      const std::vector<std::string>& dirs);

// The YAML bounds config files are read under: the defaults, raised by the `limits.yaml_*`
// values among `overrides` (a file cannot raise the bound it is read under; a value below
// the default lowers the bound of traces only).
YamlBudget yaml_budget_of(const std::vector<Override>& overrides);

// Reads `path` with its includes, resolving each include against the including file's
// folder and then each of `search_dirs` (see find_config_file); include cycles and missing
// files are errors. Every file and override is read under yaml_budget_of(overrides).
// An empty `path` means "no file": only the overrides. Throws gfx::Error.
RawNode load_raw_config(const std::string& path, const std::vector<Override>& overrides,
                        const std::vector<std::string>& search_dirs);

}  // namespace gfx::cfg
