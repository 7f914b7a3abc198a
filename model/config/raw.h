// The raw config layer: a YAML document turned into a plain tree whose every node remembers
// where it came from (file:line:column, or an override such as "--set #2"), so errors found
// long after the files are merged can still point at the line a user must edit.
//
// Everything here is untyped text; the schema (schema.h) gives it meaning. Left out on
// purpose: YAML tags, anchors as such (aliases are expanded), merge keys ("<<") and
// non-scalar mapping keys, none of which a config needs.
#pragma once

#include <string>
#include <vector>

#include "config/yaml_budget.h"

namespace gfx::cfg {

// Where a node was written. line/column are 1-based; 0 means "not from a file line".
struct Where {
  std::string origin;  // a file path, "--set #2", or "built-in default"
  int line = 0;
  int column = 0;
  std::string prefix(const std::string& message) const;  // "origin:line:col: message"
};

struct RawEntry;

struct RawNode {
  enum class Kind { Null, Scalar, Sequence, Map };
  Kind kind = Kind::Null;
  Where at;
  std::string text;               // Scalar only
  std::vector<RawNode> items;     // Sequence only
  std::vector<RawEntry> entries;  // Map only; file order, keys unique

  const RawEntry* find(const std::string& key) const;
  RawEntry* find(const std::string& key);
  // "'eight'", "a sequence", "a mapping" or "nothing": for "expected X, got Y" messages.
  std::string describe() const;
};

struct RawEntry {
  std::string key;
  Where key_at;
  RawNode value;
};

// Parses YAML text. Marks become `origin:line:col` when `with_marks`, else plain `origin`
// (a one-line override has no useful line). Syntax errors, a document over `budget`, more
// than one document, duplicate keys and non-scalar keys throw gfx::Error; `path_prefix`
// names the key path of the document's root in them.
RawNode parse_yaml(const std::string& text, const std::string& origin, bool with_marks,
                   const std::string& path_prefix = "", const YamlBudget& budget = {});

// Deep merge: mappings merge key by key, anything else in `src` replaces `dst`. The merged
// node takes the location of its latest writer, so later layers are the ones blamed.
void merge_into(RawNode& dst, const RawNode& src);

}  // namespace gfx::cfg
