// The PIX importer tests' common pieces: a trace writer that keeps the commands, a
// capture starting with CreateDevice (a 64x32 back buffer with D16 depth), and the import
// of a hand-built capture or its error.
#pragma once

#include <string>
#include <vector>

#include "common/error.h"
#include "import/import_pix.h"
#include "pix_bytes.h"
#include "trace/writer.h"

namespace gfx::import::testing {

constexpr uint32_t kDev = 0xD000;  // the device's handle

class Commands : public trace::Writer {
 public:
  void write(const trace::Command& c) override { list.push_back(c); }
  void finish() override {}
  template <class T> std::vector<T> all() const {
    std::vector<T> out;
    for (const auto& c : list)
      if (auto* p = std::get_if<T>(&c)) out.push_back(*p);
    return out;
  }
  // Names of the commands in order, e.g. "create_vertex_buffer".
  std::vector<std::string> names() const {
    std::vector<std::string> n;
    for (const auto& c : list) n.push_back(trace::name_of(c));
    return n;
  }
  std::vector<trace::Command> list;
};

// A capture that starts with CreateDevice: a 64x32 back buffer with D16 depth.
inline PixBytes device(uint32_t multisample_type = 0) {
  PixBytes b;
  std::vector<uint32_t> f = {0, 0xD3D, 0, 1, 0, 0x20, 0x1234};
  std::vector<uint32_t> pp = {64, 32, 22, 1, multisample_type, 0, 1, 0, 1, 1, 80, 0, 0, 0};
  f.insert(f.end(), pp.begin(), pp.end());
  f.push_back(0x4444);
  f.push_back(kDev);
  b.call(235, f);
  return b;
}

inline Commands import(const PixBytes& b, TranslateOptions o = {}) {
  Commands c;
  import_pix(read_pix("cap.PIXRun", b.bytes), c, o);
  return c;
}

inline std::string import_error(const PixBytes& b, TranslateOptions o = {}) {
  try {
    import(b, o);
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace gfx::import::testing
