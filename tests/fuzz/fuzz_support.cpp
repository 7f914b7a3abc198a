#include "fuzz_support.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace gfx::fuzz {

namespace {

std::string make_scratch_dir() {
  // A fixed name keeps a short check run reproducible: the path shows up in messages,
  // whose comparisons steer the mutations. Only for one process at a time.
  if (const char* fixed = std::getenv("GFX_FUZZ_SCRATCH"); fixed && *fixed) {
    std::error_code ec;
    std::filesystem::create_directories(fixed, ec);
    if (ec) finding(std::string("cannot create the scratch folder ") + fixed);
    return fixed;
  }
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/gfxsim-fuzz-XXXXXX";
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) finding("cannot create a scratch folder from " + pattern);
  return buf.data();
}

void remove_scratch() {
  std::error_code ec;  // at exit there is no one left to tell
  std::filesystem::remove_all(scratch_dir(), ec);
}

}  // namespace

const std::string& scratch_dir() {
  // Never destroyed: the exit handler that removes the folder runs after static destructors
  // registered later than it would, and needs the name.
  static const std::string* dir = [] {
    auto* d = new std::string(make_scratch_dir());
    std::atexit(remove_scratch);
    return d;
  }();
  return *dir;
}

std::string write_scratch(const std::string& name, const void* data, std::size_t size) {
  const std::string path = scratch_dir() + "/" + name;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) finding("cannot write " + path);
  const bool ok = std::fwrite(data, 1, size, f) == size;
  if (std::fclose(f) != 0 || !ok) finding("cannot write " + path);
  return path;
}

std::string write_scratch(const std::string& name, const std::string& text) {
  return write_scratch(name, text.data(), text.size());
}

std::string read_whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) finding("cannot read " + path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void finding(const std::string& what) {
  std::fprintf(stderr, "gfxsim fuzz finding: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace gfx::fuzz
