// Spelling a trace as YAML text, command by command: the YAML writer uses it for files
// and `gfxsim-trace dump` for stdout. Small commands go on one line as flow mappings,
// larger ones as block mappings; data blobs are spelt for people where that is lossless
// (see docs/trace-format.md) and as base64 otherwise. With summarize_data, blobs longer
// than the threshold become "<N bytes>", which is for reading only.
#pragma once

#include <cstddef>
#include <ostream>

#include "trace/commands.h"

namespace gfx::trace {

struct YamlStyle {
  bool summarize_data = false;
  std::size_t summary_threshold = 256;  // bytes
};

class YamlEmitter {
 public:
  explicit YamlEmitter(std::ostream& out, YamlStyle style = {}) : out_(out), style_(style) {}
  void header(const Header& h);    // first
  void command(const Command& c);  // then each command (not checked here)
  void finish();                   // last: closes the command list

 private:
  std::ostream& out_;
  YamlStyle style_;
  bool any_command_ = false;
};

}  // namespace gfx::trace
