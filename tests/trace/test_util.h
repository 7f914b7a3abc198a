// Helpers shared by the trace tests: scratch directories, whole-file reads and writes,
// reading a whole trace, and comparing commands by their binary encoding (which is
// lossless, so equal encodings mean equal commands, NaN payloads included).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "trace/commands.h"
#include "trace/reader.h"

namespace gfx::test {

// A fresh directory under the build tree, removed with its contents at destruction.
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  std::string path(const std::string& name) const { return dir_ + "/" + name; }
  const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
};

std::vector<uint8_t> read_bytes(const std::string& path);
void write_bytes(const std::string& path, const std::vector<uint8_t>& bytes);
std::string read_text(const std::string& path);
void write_text(const std::string& path, const std::string& text);
bool file_exists(const std::string& path);

std::string source_path(const std::string& relative);  // inside the repository

struct WholeTrace {
  trace::Header header;
  std::vector<trace::Command> commands;
};
WholeTrace read_all(const std::string& path);
void write_all(const std::string& path, const WholeTrace& t, trace::Form form);

std::vector<uint8_t> encoded(const trace::Command& c);  // opcode + payload bytes

// The message of the gfx::Error that opening and reading `path` to its end throws, or
// "" when it reads cleanly. Any other exception type fails the calling test.
std::string read_error(const std::string& path);

// A binary trace file from raw records, for inputs the writer refuses to produce.
struct RawRecord {
  uint16_t opcode;
  std::vector<uint8_t> payload;
  std::optional<uint32_t> length = std::nullopt;  // a length word that may lie
};
void write_raw_binary(const std::string& path, uint32_t version,
                      const std::vector<RawRecord>& records);
std::vector<uint8_t> header_payload(uint32_t width, uint32_t height, const std::string& name);

}  // namespace gfx::test
