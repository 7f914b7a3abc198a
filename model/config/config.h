// The config system's front door. A run's configuration is a struct tree (each struct
// with a static describe(cfg::Schema<Self>&)); it is filled from a YAML file, the files
// that file includes, and "key.path=value" overrides, in that order, then validated.
//
//   Root cfg = cfg::load_config<Root>("my.yaml", {cfg::parse_override("rop.ways=8", "--set #1")},
//                                     {"configs"});
//   std::string text = cfg::dump_resolved_yaml(cfg, {{"trace", "traces/x.gfxt"}});
//   std::string doc = cfg::describe_markdown<Root>();
//
// The raw layer (raw.h, load.h) knows YAML, files and includes; the resolved layer
// (schema.h, resolve.h) knows types, units and validation. Not modelled: environment
// variable expansion and per-key provenance in the dump (the dump says what, not why).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "config/docs.h"
#include "config/dump.h"
#include "config/load.h"
#include "config/resolve.h"
#include "config/schema.h"

namespace gfx::cfg {

// Fills a Root from an already assembled raw tree (for callers that build trees).
template <class Root> Root resolve_config(const RawNode& raw) {
  Schema<Root> schema;
  Root::describe(schema);
  Root out{};
  resolve_into(schema, &out, raw);
  return out;
}

// Reads `path` (may be "" for defaults plus overrides) with its includes, applies the
// overrides in order and validates the result. Throws gfx::Error naming file:line:column
// (or the override's origin), the key path and the problem.
template <class Root> Root load_config(const std::string& path,
                                       const std::vector<Override>& overrides,
                                       const std::vector<std::string>& search_dirs) {
  return resolve_config<Root>(load_raw_config(path, overrides, search_dirs));
}

// The resolved config as YAML that load_config accepts back, preceded by the "gfxsim:"
// provenance block (version, git revision, `metadata`).
template <class Root>
std::string dump_resolved_yaml(const Root& config,
                               const std::map<std::string, std::string>& metadata = {}) {
  Schema<Root> schema;
  Root::describe(schema);
  std::string out = "# Resolved gfxsim configuration: every key with the value used.\n";
  out += dump_meta_yaml(metadata);
  dump_fields_yaml(schema, &config, 0, out);
  return out;
}

// A Markdown reference of every key of Root: type, unit, default, allowed values.
template <class Root>
std::string describe_markdown(const std::string& title = "Configuration reference") {
  Schema<Root> schema;
  Root::describe(schema);
  const Root defaults{};
  std::string out = "# " + title + "\n\n";
  out +=
      "Every key may be set in a YAML config file or on the command line with "
      "`--set key.path=value`. Unknown keys are errors.\n\n";
  describe_markdown_into(schema, &defaults, "", "", out);
  return out;
}

// The resolved values alone, as dump_resolved_yaml writes them after its provenance block:
// equal for equal configs whichever files and overrides produced them (what
// stats.json's run.config_sha256 hashes).
template <class Root>
std::string dump_values_yaml(const Root& config) {
  Schema<Root> schema;
  Root::describe(schema);
  std::string out;
  dump_fields_yaml(schema, &config, 0, out);
  return out;
}

// Unit and description of every leaf key of Root, by dotted path.
template <class Root>
std::map<std::string, KeyInfo> describe_keys() {
  Schema<Root> schema;
  Root::describe(schema);
  std::map<std::string, KeyInfo> out;
  describe_keys_into(schema, "", out);
  return out;
}

}  // namespace gfx::cfg
