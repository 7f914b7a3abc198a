#include "test_util.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "d3d10/container.h"

namespace gfx::d3d10::test {
namespace {

std::filesystem::path data_dir() {
  return std::filesystem::path(GFX_SOURCE_DIR) / "tests" / "d3d10" / "data";
}

}  // namespace

std::vector<std::string> golden_names() {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(data_dir()))
    if (e.path().extension() == ".txt") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

Dwords load_golden(const std::string& name) {
  std::ifstream in(data_dir() / (name + ".txt"));
  if (!in) throw std::runtime_error("cannot open golden shader " + name);
  Dwords out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    for (std::string w; words >> w;)
      out.push_back(static_cast<uint32_t>(std::stoul(w, nullptr, 16)));
  }
  return out;
}

Dwords shdr_tokens(const Dwords& container) {
  ReadOptions o;
  o.name = "golden";
  return read_container(container, o).program_tokens;
}

}  // namespace gfx::d3d10::test
