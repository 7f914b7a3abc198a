// SM4 token stream (the dwords of an SHDR / SHEX chunk) -> Program.
//
// Checks the token layout only: version and length tokens, opcode numbers, instruction
// lengths against the chunk and against the operands they hold, operand and extended
// tokens (component counts, selection modes, index representations, modifiers),
// reserved bits, and that every declaration field has a D3D10 meaning. Register ranges
// and declaration rules are validate.h's. Errors name shader, chunk and dword (errors.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d3d10/shader.h"

namespace gfx::d3d10 {

struct ProgramSource {
  std::string shader;          // the caller's name for the shader
  std::string chunk = "SHDR";  // the chunk the tokens came from
};

Program decode_program(const std::vector<uint32_t>& tokens, const ProgramSource& src);

}  // namespace gfx::d3d10
