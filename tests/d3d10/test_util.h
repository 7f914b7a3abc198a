// Loading the golden DXBC arrays of tests/d3d10/data and small helpers around them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gfx::d3d10::test {

using Dwords = std::vector<uint32_t>;

// Every golden shader's name (the file stem), sorted.
std::vector<std::string> golden_names();
// The dwords of tests/d3d10/data/<name>.txt ('#' lines are comments).
Dwords load_golden(const std::string& name);
// The SHDR chunk's dwords of a golden container.
Dwords shdr_tokens(const Dwords& container);
// `message` of the gfx::Error that `f` throws, or "" when it throws none.
template <class F> std::string error_of(F&& f);

}  // namespace gfx::d3d10::test

#include "common/error.h"

template <class F> std::string gfx::d3d10::test::error_of(F&& f) {
  try {
    f();
  } catch (const gfx::Error& e) {
    return e.what();
  }
  return "";
}
