// Program -> SM4 tokens (the inverse of decode_program: encode(decode(t)) == t for every
// stream the decoder accepts), and a whole DXBC container around them.
#pragma once

#include <cstdint>
#include <vector>

#include "d3d10/shader.h"

namespace gfx::d3d10 {

std::vector<uint32_t> encode_program(const Program& program);

// A container with ISGN and OSGN derived from the program's dcl_input* / dcl_output*
// (docs/shader-sm4.md says how), the program as an SHDR chunk, and a correct checksum.
std::vector<uint32_t> build_container(const Program& program);

// Any chunks (in this order) in a container with a correct checksum.
std::vector<uint32_t> write_container(const std::vector<Chunk>& chunks);
// An ISGN / OSGN chunk payload as fxc lays it out (strings after the elements, 0xAB pad).
std::vector<uint8_t> signature_bytes(const Signature& sig);

// The signatures build_container writes.
Signature derived_inputs(const Program& program);
Signature derived_outputs(const Program& program);

}  // namespace gfx::d3d10
