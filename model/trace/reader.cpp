// Choosing the reader for a file by its first bytes, and the writer for a path by its
// extension.
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "common/error.h"
#include "trace/binary_codec.h"
#include "trace/forms.h"

namespace gfx::trace {

Form form_for_path(const std::string& path) {
  auto ends_with = [&](const char* ext) {
    std::size_t n = std::strlen(ext);
    return path.size() >= n && path.compare(path.size() - n, n, ext) == 0;
  };
  return ends_with(".yaml") || ends_with(".yml") ? Form::Yaml : Form::Binary;
}

const char* form_name(Form f) { return f == Form::Yaml ? "yaml" : "binary"; }

std::unique_ptr<Reader> Reader::open(const std::string& path, const Limits& limits) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw Error(path + ": cannot open trace: " + std::strerror(errno));
  unsigned char head[64];
  std::size_t n = std::fread(head, 1, sizeof head, f);
  const bool failed = std::ferror(f) != 0;  // e.g. a directory
  const int err = errno;
  std::fclose(f);
  if (failed) throw Error(path + ": cannot read trace: " + std::strerror(err));

  if (n == 0) throw Error(path + ": empty file at byte 0: not a trace");
  // The magic, or a file too short to hold all of it: a (possibly truncated) binary trace.
  std::size_t m = std::min(n, sizeof binary::kMagic);
  if (n > 0 && std::memcmp(head, binary::kMagic, m) == 0) return open_binary_reader(path, limits);
  // A YAML trace is text: control bytes other than whitespace mean neither form.
  for (std::size_t i = 0; i < n; ++i) {
    unsigned char c = head[i];
    if (c < 0x20 && c != '\n' && c != '\r' && c != '\t')
      throw Error(path + ": not a gfxsim trace (no \"GFXTRACE\" magic, and not YAML text)");
  }
  return open_yaml_reader(path, limits);
}

}  // namespace gfx::trace
