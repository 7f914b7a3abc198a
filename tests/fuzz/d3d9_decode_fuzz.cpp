// libFuzzer harness of the D3D9 bytecode decoder: the input is a shader blob (little-
// endian DWORDs) as a trace's create_shader carries it. What decodes must encode back to
// the same tokens (shader.h), and its disassembly must assemble back to them too
// (disassembler.h): both are promises the trace tools and the driver rely on.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/error.h"
#include "d3d9/assembler.h"
#include "d3d9/decoder.h"
#include "d3d9/disassembler.h"
#include "d3d9/encode.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using gfx::fuzz::finding;
  namespace d3d9 = gfx::d3d9;
  d3d9::Shader shader;
  try {
    shader = d3d9::decode_bytes(data, size);
  } catch (const gfx::Error&) {
    return 0;
  }
  std::vector<uint32_t> tokens(size / 4);
  for (std::size_t i = 0; i < tokens.size(); ++i)
    tokens[i] = data[4 * i] | uint32_t{data[4 * i + 1]} << 8 | uint32_t{data[4 * i + 2]} << 16 |
                uint32_t{data[4 * i + 3]} << 24;
  try {
    if (d3d9::encode(shader) != tokens) finding("decode -> encode changed the tokens");
    const std::string text = d3d9::disassemble(shader);
    if (d3d9::assemble(text) != tokens)
      finding("the disassembly does not assemble back to the same tokens:\n" + text);
    d3d9::DisasmOptions bare;
    bare.comments = false;
    bare.indent = false;
    d3d9::assemble(d3d9::disassemble(shader, bare));
  } catch (const gfx::Error& e) {
    finding(std::string("a decoded shader fails to re-encode or re-assemble: ") + e.what());
  }
  return 0;
}
