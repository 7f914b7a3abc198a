// From the raw tree to a resolved struct: every key of the tree must be known to the
// schema (else an error naming the key path and its file:line:column, with a "did you
// mean"), every value must have the right type and pass its checks, and keys the tree
// leaves out keep the struct's defaults, which are validated too.
#pragma once

#include <string>

#include "config/raw.h"
#include "config/schema.h"

namespace gfx::cfg {

// The top-level key a resolved dump carries for provenance; loading ignores it so a
// resolved config can be fed back in as it is.
constexpr const char* kMetaKey = "gfxsim";

// Fills `obj`, a struct described by `schema` and holding its defaults, from `root`.
// Throws gfx::Error at the first problem.
void resolve_into(const SchemaBase& schema, void* obj, const RawNode& root);

}  // namespace gfx::cfg
