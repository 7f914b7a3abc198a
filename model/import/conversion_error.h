// The two exceptions of the translation, thrown without a location: the translator
// (gl_translator.cpp) adds the file, the line and the call.
#pragma once

#include <stdexcept>
#include <string>

namespace gfx::import {

// A call the importer cannot make sense of (wrong arguments, GL errors): always stops.
class ConversionError : public std::runtime_error {
 public:
  explicit ConversionError(const std::string& m) : std::runtime_error(m) {}
};
// A valid GL call, state or enum that the importer does not translate yet:
// --skip-unknown skips the call, where a ConversionError always stops the import.
class UnsupportedError : public ConversionError {
 public:
  explicit UnsupportedError(const std::string& m) : ConversionError(m) {}
};

}  // namespace gfx::import
