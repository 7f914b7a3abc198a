#include "test_util.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "d3d9/assembler.h"
#include "d3d9/encode.h"

namespace gfx::d3d9::test {

std::string corpus_dir() { return std::string(GFX_SOURCE_DIR) + "/tests/d3d9/shaders"; }

std::vector<std::string> corpus_files() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(corpus_dir()))
    if (e.path().extension() == ".asm") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Tokens instruction_tokens(const std::string& text, std::size_t index) {
  const Shader sh = parse_asm(text);
  const Tokens all = encode(sh);
  const Instruction& ins = sh.instructions.at(index);
  const std::size_t n = encoded_size(sh.version, ins);
  return Tokens(all.begin() + ins.offset, all.begin() + ins.offset + n);
}

}  // namespace gfx::d3d9::test
