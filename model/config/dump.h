// Writing a resolved config back out as YAML: every key in schema order with the value a
// run actually used, under a leading "gfxsim:" block (version, git revision, and caller
// metadata such as the trace path). The text loads back to the same struct.
#pragma once

#include <map>
#include <string>

#include "config/schema.h"

namespace gfx::cfg {

// The "gfxsim:" provenance block, version and git_rev first, then `metadata` by key;
// a metadata "version" or "git_rev" replaces the built-in one.
std::string dump_meta_yaml(const std::map<std::string, std::string>& metadata);

// The keys of `obj` (described by `schema`) at `indent` spaces, appended to `out`.
void dump_fields_yaml(const SchemaBase& schema, const void* obj, int indent, std::string& out);

}  // namespace gfx::cfg
