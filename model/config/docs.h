// The Markdown reference of a config schema: for each section a table of its keys with
// type, unit, default, allowed values and description, and the section's cross-field
// rules. Generated from the same declarations that load and validate, so always current.
#pragma once

#include <map>
#include <string>

#include "config/schema.h"

namespace gfx::cfg {

// Appends the tables for `schema` (defaults read from `defaults`, a default-constructed
// struct) and its sections, depth first; `path` is the section's key path ("" at the top)
// and `description` its entry's description.
void describe_markdown_into(const SchemaBase& schema, const void* defaults, const std::string& path,
                            const std::string& description, std::string& out);

// The unit and description of every leaf key of `schema` and its sections, by dotted key
// path: what tools need to label a parameter ("memory.l2.size_kib" -> {"KiB", ...}).
struct KeyInfo {
  std::string unit, description;
};
void describe_keys_into(const SchemaBase& schema, const std::string& path,
                        std::map<std::string, KeyInfo>& out);

}  // namespace gfx::cfg
