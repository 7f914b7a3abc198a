// libFuzzer harness of the DXBC container reader and the shader model 4 front end: the
// input is a container as a trace's create_shader would carry it. The checksum is not
// verified here (a mutated container would almost never pass it, and the fuzzer would
// never get past the header); the checksum code still runs on every input.
// What reads must encode back to the same program tokens (encode.h); its disassembly must
// assemble, and that program must disassemble to the same text (the text form is
// canonical, while some token spellings, such as an extended operand token that carries no
// modifier, have no text of their own); and the container built from the program must
// read back with its checksum verified.
#include <cstddef>
#include <cstdint>
#include <string>

#include "common/error.h"
#include "d3d10/assembler.h"
#include "d3d10/container.h"
#include "d3d10/disassembler.h"
#include "d3d10/encode.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using gfx::fuzz::finding;
  namespace d3d10 = gfx::d3d10;
  d3d10::ReadOptions opts;
  opts.name = "fuzz";
  opts.verify_checksum = false;
  d3d10::Shader shader;
  try {
    shader = d3d10::read_container(data, size, opts);
  } catch (const gfx::Error&) {
    return 0;
  }
  try {
    if (d3d10::encode_program(shader.program) != shader.program_tokens)
      finding("decode -> encode changed the program tokens");
    const std::string text = d3d10::disassemble(shader.program);
    if (d3d10::disassemble(d3d10::parse_asm(text)) != text)
      finding("the disassembly does not assemble back to the same program:\n" + text);
    d3d10::ReadOptions verified;
    verified.name = "fuzz (rebuilt)";
    d3d10::read_container(d3d10::build_container(shader.program), verified);
  } catch (const gfx::Error& e) {
    finding(std::string("a decoded shader fails to re-encode, re-assemble or rebuild: ") +
            e.what());
  }
  return 0;
}
