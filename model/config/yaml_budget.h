// Bounds on one YAML document, checked by a streaming pass over its events before any
// tree is built, for configs and YAML traces alike. yaml-cpp keeps about 460 bytes per
// node and shares the nodes an alias names, so a small file can describe a tree whose
// consumers (blob decoding, the config's raw tree) expand it without end: the pass counts
// every alias as a full copy of the node it names and refuses the document before either
// happens. It also refuses what yaml-cpp's own document loop cannot advance through (a
// stray ',' at the top level makes YAML::LoadAll return empty documents for ever).
//
// The three bounds are the `limits.yaml_*` keys of the run configuration. A config file is
// read under the defaults, raised by the values given on the command line (--set), since
// it cannot raise the bound it is itself read under; lower values bound traces only.
// Leaves out: tags, and the depth of nesting (the config converter bounds that, and the
// trace reader's decoders have a fixed depth).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gfx::cfg {

// The section and keys of the run configuration that hold these bounds, so that the
// loader, the schema and the messages name the same keys.
inline constexpr const char* kLimitsSection = "limits";
inline constexpr const char* kYamlBytesKey = "yaml_bytes";
inline constexpr const char* kYamlNodesKey = "yaml_nodes";
inline constexpr const char* kYamlExpandedBytesKey = "yaml_expanded_bytes";

// Defaults. 64 MiB of text is far more than any hand-written trace or config; 2 M nodes
// bound yaml-cpp's tree to about 1 GiB; 256 MiB of scalar text after alias expansion
// admits every document of the default size that uses no aliases, with room to spare.
inline constexpr uint64_t kDefaultYamlBytes = uint64_t{64} << 20;
inline constexpr uint64_t kDefaultYamlNodes = 2000000;
inline constexpr uint64_t kDefaultYamlExpandedBytes = uint64_t{256} << 20;

struct YamlBudget {
  uint64_t bytes = kDefaultYamlBytes;                   // size of the document's text
  uint64_t nodes = kDefaultYamlNodes;                   // nodes, aliases expanded
  uint64_t expanded_bytes = kDefaultYamlExpandedBytes;  // scalar bytes, aliases expanded
};

// What is wrong with a document, and where (1-based; 0 when not about one place).
struct YamlIssue {
  int line = 0;
  int column = 0;
  std::string message;
};

// Checks `text` against `budget`: its size, its node count and scalar bytes with aliases
// expanded, recursive aliases, more than one document, and tokens no document can start
// with. Returns the first problem, or nothing. yaml-cpp syntax errors propagate as
// YAML::Exception, exactly as a later YAML::Load would throw them.
std::optional<YamlIssue> scan_yaml(const std::string& text, const YamlBudget& budget);

// "limits.KEY = VALUE (raise it with --set limits.KEY=N)": how every limit message ends.
std::string limit_text(const std::string& key, uint64_t value);

}  // namespace gfx::cfg
