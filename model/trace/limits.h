// Bounded resources: what one trace may ask of the simulator, as the `limits` section of
// the run configuration. A trace that declares a resource or a draw over a limit fails
// with an error naming the command, the limit's key and its value; `--set limits.KEY=N`
// raises it. The replay (driver::Device) and `gfxsim-trace validate` (trace::Validator)
// each feed every command through a LimitChecker, so they refuse exactly the same traces;
// the readers check the header and the YAML document bounds when a trace is opened.
//
// The checks run on the sizes a command declares, before the pipeline allocates anything
// for them (render targets, shaded vertices); the data a command carries was bounded while
// it was read (binary record lengths, YAML size and alias expansion). Leaves out: what the
// pipeline allocates per unit (fixed by the GPU configuration, not by the trace).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "common/error.h"
#include "config/load.h"
#include "config/schema.h"
#include "config/yaml_budget.h"
#include "trace/commands.h"

namespace gfx::trace {

struct Limits {
  uint32_t render_target_width = 16384;
  uint32_t render_target_height = 16384;
  uint32_t texture_width = 16384;
  uint32_t texture_height = 16384;
  uint64_t texture_bytes = uint64_t{1} << 30;
  uint64_t buffer_bytes = uint64_t{1} << 30;
  uint64_t resource_bytes = uint64_t{8} << 30;
  uint64_t vertices_per_draw = uint64_t{1} << 28;
  uint64_t indices_per_draw = uint64_t{1} << 28;
  uint64_t instances_per_draw = uint64_t{1} << 28;
  uint64_t vertex_invocations_per_draw = uint64_t{1} << 30;
  uint64_t yaml_bytes = cfg::kDefaultYamlBytes;
  uint64_t yaml_nodes = cfg::kDefaultYamlNodes;
  uint64_t yaml_expanded_bytes = cfg::kDefaultYamlExpandedBytes;

  cfg::YamlBudget yaml_budget() const { return {yaml_bytes, yaml_nodes, yaml_expanded_bytes}; }
  static void describe(cfg::Schema<Limits>& s);
};

// The `limits` section of a run configuration: `config` (a file or a preset name, looked
// up in `config_dirs` by cfg::find_config_file; "" for none) with its includes, then
// `overrides`, which may only name limits.* keys. The other sections are the GPU's and
// are neither needed nor checked here. For tools that read traces without running them.
Limits load_limits(const std::string& config, const std::vector<cfg::Override>& overrides,
                   const std::vector<std::string>& config_dirs);

// A command over a limit (or a draw whose range passes 2^32). what() is the problem
// alone; the caller names the place with command_label().
class LimitError : public Error {
 public:
  using Error::Error;
};

// "FILE:LINE: command N (NAME)" for a YAML trace, "FILE: command N (NAME)" for a binary
// one, whose Reader::where() already names the index.
std::string command_label(const std::string& where, uint64_t index, const std::string& name);

// The back buffer against the render-target limits; throws gfx::Error naming `where`.
void check_header_limits(const Header& h, const Limits& limits, const std::string& where);

// The longest binary record of command `variant_index` whose resource can lie within the
// limits, and the limit that says so (bytes 0: no bound beyond the format's own). The
// binary reader checks it before it reads the record.
struct RecordBound {
  uint64_t bytes = 0;
  const char* key = "";
  uint64_t limit = 0;
};
RecordBound record_bound(std::size_t variant_index, const Limits& limits);

// Follows the live resources (by id, re-creation replaces) and the instancing state of a
// command stream, and throws LimitError for the first command over a limit.
class LimitChecker {
 public:
  explicit LimitChecker(const Limits& limits = {}) : limits_(limits) {}
  const Limits& limits() const { return limits_; }
  void command(const Command& c);
  uint64_t live_bytes() const { return live_bytes_; }

 private:
  void create(uint64_t kind, ResourceId id, uint64_t bytes);
  void draw(const Command& c);

  Limits limits_;
  std::unordered_map<uint64_t, uint64_t> live_;  // bytes of each live resource, by kind+id
  uint64_t live_bytes_ = 0;
  uint32_t stream0_freq_ = 1;  // set_stream_source_freq of stream 0 (D3D9 instance count)
};

}  // namespace gfx::trace
