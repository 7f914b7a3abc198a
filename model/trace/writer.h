// Writing a trace in either form. A Writer writes to "<path>.tmp" and renames it onto
// <path> in finish(), so a failed or interrupted run never leaves a half-written trace
// under the real name; destroying a Writer without finish() removes the .tmp file.
// Every command is checked (check_command) before it is written.
#pragma once

#include <memory>
#include <string>

#include "trace/commands.h"
#include "trace/reader.h"

namespace gfx::trace {

class Writer {
 public:
  // The writer always emits kFormatVersion, whatever h.version says.
  static std::unique_ptr<Writer> create(const std::string& path, const Header& h, Form form);

  virtual ~Writer() = default;
  virtual void write(const Command& c) = 0;
  virtual void finish() = 0;
};

}  // namespace gfx::trace
