// libFuzzer harness of the D3D9 assembler: the input is asm text as a trace's d3d9_asm
// shader carries it. Whatever assembles must also decode (assembler.h), and its
// disassembly must assemble to the same tokens again.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "d3d9/assembler.h"
#include "d3d9/decoder.h"
#include "d3d9/disassembler.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using gfx::fuzz::finding;
  namespace d3d9 = gfx::d3d9;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<uint32_t> tokens;
  try {
    tokens = d3d9::assemble(text);
  } catch (const gfx::Error&) {
    return 0;
  }
  try {
    const d3d9::Shader decoded = d3d9::decode(tokens);
    const std::string again = d3d9::disassemble(decoded);
    if (d3d9::assemble(again) != tokens)
      finding("assemble -> decode -> disassemble -> assemble changed the tokens:\n" + again);
  } catch (const gfx::Error& e) {
    finding(std::string("an assembled shader does not decode or re-assemble: ") + e.what());
  }
  return 0;
}
