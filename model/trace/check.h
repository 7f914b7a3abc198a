// Checks that one command (or the header) is well formed on its own: enum values are
// legal, sizes agree (texture levels, index buffers), ranges fit the API limits. Both
// readers run it on every command they return and both writers on every command they
// write, so a consumer never sees a malformed command. Whether ids refer to live
// resources needs the whole stream and lives in validate.h.
#pragma once

#include <string>

#include "common/error.h"
#include "trace/commands.h"

namespace gfx::trace {

// A problem with one field; the reader that catches it adds file, place and command.
class FieldError : public Error {
 public:
  FieldError(std::string field, const std::string& problem)
      : Error(problem), field_(std::move(field)) {}
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

void check_header(const Header& h);    // throws FieldError
void check_command(const Command& c);  // throws FieldError

// "command 3 (draw): field 'vertex_count': <problem>", the common tail of error messages.
std::string describe_field_error(const std::string& where_in_trace, const FieldError& e);

}  // namespace gfx::trace
