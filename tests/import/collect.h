// Test helpers of the GL importer tests: a trace writer that keeps the commands, and a
// capture folder with BufferDescriptors.dat / MemoryRegions.dat written from byte arrays.
#pragma once

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <variant>
#include <vector>

#include "import/gli_reader.h"
#include "import/import_gli.h"
#include "trace/writer.h"

namespace gfx::import {

// Keeps the commands instead of writing them.
class Collect : public trace::Writer {
 public:
  void write(const trace::Command& c) override { commands.push_back(c); }
  void finish() override {}
  template <class T> std::vector<T> all() const {
    std::vector<T> out;
    for (const auto& c : commands)
      if (auto* p = std::get_if<T>(&c)) out.push_back(*p);
    return out;
  }
  std::vector<trace::Command> commands;
};

// A temporary capture folder: buffers(...) writes descriptor i = buffers[i] (one region
// each), capture(text) imports `text` as <folder>/cap.txt.
class CaptureDir {
 public:
  explicit CaptureDir(const std::string& tag)
      : dir_(std::filesystem::temp_directory_path() /
             ("gfx_import_" + tag + "_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir_);
  }
  ~CaptureDir() { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& file) const { return (dir_ / file).string(); }

  void buffers(const std::vector<std::vector<uint8_t>>& bufs) {
    std::vector<uint8_t> d, r;
    for (uint32_t i = 0; i < bufs.size(); ++i) {
      for (uint32_t v : {i, 0x1000 * i, uint32_t(bufs[i].size()), i}) put32(d, v);
      for (uint32_t v : {i, 0x1000 * i, uint32_t(bufs[i].size())}) put32(r, v);
      r.insert(r.end(), bufs[i].begin(), bufs[i].end());
    }
    write("BufferDescriptors.dat", d);
    write("MemoryRegions.dat", r);
  }
  void write(const std::string& file, const std::vector<uint8_t>& b) const {
    std::ofstream o(dir_ / file, std::ios::binary);
    o.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
  }
  Collect import(const std::string& body) const {
    Collect c;
    import_gli(parse_gli_text(body, path("cap.txt")), c, {});
    return c;
  }

  static void put32(std::vector<uint8_t>& b, uint32_t v) {
    for (int i = 0; i < 4; ++i) b.push_back(uint8_t(v >> (8 * i)));
  }

 private:
  std::filesystem::path dir_;
};

template <class T> std::vector<uint8_t> bytes_of(const std::vector<T>& v) {
  std::vector<uint8_t> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

template <class T> std::vector<T> values_of(const std::vector<uint8_t>& b) {
  std::vector<T> v(b.size() / sizeof(T));
  std::memcpy(v.data(), b.data(), b.size());
  return v;
}

}  // namespace gfx::import
