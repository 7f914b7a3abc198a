// The one error type of gfxsim. Every bad input (trace, config, override, command line)
// becomes an Error whose message already names the file, the place and the problem, so
// the tools print it on one line and exit non-zero.
#pragma once

#include <stdexcept>
#include <string>

namespace gfx {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// "file:line:column: message" (line/column omitted when zero), the form compilers use.
std::string located(const std::string& file, int line, int column, const std::string& message);

}  // namespace gfx
