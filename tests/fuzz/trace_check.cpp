#include "trace_check.h"

#include <sstream>
#include <vector>

#include "common/error.h"
#include "fuzz_support.h"
#include "trace/draws.h"
#include "trace/reader.h"
#include "trace/validate.h"
#include "trace/writer.h"
#include "trace/yaml_emitter.h"

namespace gfx::fuzz {

namespace {

using namespace gfx::trace;

struct Trace {
  Header header;
  std::vector<Command> commands;
};

// Every command of `path`, or gfx::Error.
Trace read_all(const std::string& path) {
  auto reader = Reader::open(path);
  Trace t{reader->header(), {}};
  Command c;
  while (reader->next(c)) t.commands.push_back(c);
  return t;
}

void write_all(const Trace& t, const std::string& path, Form form) {
  auto writer = Writer::create(path, t.header, form);
  for (const Command& c : t.commands) writer->write(c);
  writer->finish();
}

// What `gfxsim-trace validate`, `info` and `dump` do with each command. The validator
// stops at its first error, as the tool does; its state after one is not meant to be used.
void inspect(const Trace& t) {
  Validator v;
  bool valid = true;
  std::ostringstream dump;
  YamlStyle style;
  style.summarize_data = true;
  YamlEmitter emitter(dump, style);
  emitter.header(t.header);
  for (const Command& c : t.commands) {
    if (valid) {
      try {
        v.command(c);
      } catch (const Error&) {
        valid = false;
      }
    }
    DrawCounts d;
    draw_counts(c, d);
    emitter.command(c);
  }
  emitter.finish();
}

}  // namespace

void exercise_trace(const std::string& path) {
  Trace t;
  try {
    t = read_all(path);
    inspect(t);
  } catch (const Error&) {
    return;  // rejected with a message: what a bad trace should get
  }
  // The trace was accepted, so converting it may not fail and may not change it.
  const std::string a = scratch_dir() + "/a.gfxt", b = scratch_dir() + "/b.yaml",
                    c = scratch_dir() + "/c.gfxt";
  try {
    write_all(t, a, Form::Binary);
    write_all(read_all(a), b, Form::Yaml);
    write_all(read_all(b), c, Form::Binary);
  } catch (const Error& e) {
    finding(std::string("an accepted trace does not convert: ") + e.what());
  }
  if (read_whole_file(a) != read_whole_file(c))
    finding("binary -> YAML -> binary changed the trace (compare " + a + " and " + c + ")");
}

}  // namespace gfx::fuzz
