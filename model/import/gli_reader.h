// Reads a GLInterceptor text capture (.txt or .txt.gz): a "GLI0.t" or "GLI0.h" header
// line, then one call per line, `name(arg, arg, ...)` optionally followed by `=ret`.
// Lines starting with '#' are comments (GLI0.h's "#! RES WxH" directive included: the
// importer takes the window size from the first glViewport, as ATTILA does); blank lines
// are skipped. Arguments: numbers (decimal, "0x" hexadecimal, "0xLO.0xHI" double bit
// pairs), GL enum names and their bit-or `A | B`, `{a,b,c}` arrays (nested), "strings",
// and the pointers `*N` and `U0x...`. Any other text is an Error naming file, line and column.
// An enum name the importer does not know is kept (GliArg::known): only the call that
// reads it fails.
#pragma once

#include <string>

#include "import/gli_call.h"

namespace gfx::import {

// Parses one call line; `path` and `line` only label errors.
GliCall parse_gli_line(const std::string& text, const std::string& path, int line);

// Parses a whole capture held in memory (the header is its first line).
GliCapture parse_gli_text(const std::string& text, const std::string& path);

// Reads a file, gzip-compressed or not (zlib reads both), and parses it.
GliCapture read_gli_file(const std::string& path);

}  // namespace gfx::import
