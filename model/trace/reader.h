// Reading a trace, in either form, one command at a time. Reader::open() looks at the
// first bytes: the binary magic "GFXTRACE" selects the streamed binary reader, text
// selects the YAML reader. Every command returned has passed check_command(), so
// consumers only check what needs the whole stream (see validate.h).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "trace/commands.h"
#include "trace/limits.h"

namespace gfx::trace {

enum class Form { Binary, Yaml };

// .yaml/.yml -> Yaml, anything else (normally .gfxt) -> Binary.
Form form_for_path(const std::string& path);
const char* form_name(Form f);  // "binary" / "yaml"

class Reader {
 public:
  // Throws gfx::Error naming the file when it is missing, unreadable or not a trace, or
  // when its header or its YAML document is over `limits`. A binary record longer than
  // any resource the limits admit is refused before it is read. A reader that runs out
  // of host memory on a command throws gfx::Error naming it (not std::bad_alloc).
  static std::unique_ptr<Reader> open(const std::string& path, const Limits& limits = {});

  virtual ~Reader() = default;
  virtual const Header& header() const = 0;
  // The next command into `out`; false at the end. Throws gfx::Error when malformed.
  virtual bool next(Command& out) = 0;
  // Where the last command came from, for errors raised by consumers:
  // "file:line" (YAML) or "file: command N" (binary; N counts commands from 0).
  virtual std::string where() const = 0;

  virtual Form form() const = 0;
  // Bytes the reader keeps between next() calls (record buffer, or the parsed YAML
  // document). For a binary trace it is bounded by the largest record, never by the
  // length of the trace.
  virtual std::size_t buffered_bytes() const = 0;
};

}  // namespace gfx::trace
