// Helpers of the d3d9 tests: the corpus of asm shaders, and the tokens of one instruction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gfx::d3d9::test {

using Tokens = std::vector<uint32_t>;

std::string corpus_dir();                 // tests/d3d9/shaders
std::vector<std::string> corpus_files();  // every .asm there, sorted
std::string read_text(const std::string& path);

// Assembles `text` and returns the tokens of its instruction number `index`
// (0-based, comments not counted).
Tokens instruction_tokens(const std::string& text, std::size_t index);

// The message of the gfx::Error that `f` throws ("" when it does not throw).
template <class F> std::string error_of(F&& f);

}  // namespace gfx::d3d9::test

#include "common/error.h"

template <class F> std::string gfx::d3d9::test::error_of(F&& f) {
  try {
    f();
  } catch (const gfx::Error& e) {
    return e.what();
  }
  return "";
}
