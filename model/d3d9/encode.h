// Shader -> bytecode tokens: the assembler's back end and the inverse of decode().
// Writes the instruction length field (bits 24-27) for shader model 2 and 3 only, the
// relative-address token only where the version has it (vs_1_1 uses bit 13 alone), and
// comment blocks at their recorded positions. It does not validate; decode() does.
#pragma once

#include <cstdint>
#include <vector>

#include "d3d9/shader.h"

namespace gfx::d3d9 {

std::vector<uint32_t> encode(const Shader& shader);

// Appends one instruction (its token and parameter tokens) to `out`. Throws gfx::Error
// when the instruction needs more than the 15 parameter tokens the length field holds.
void encode_instruction(const Version& v, const Instruction& ins, std::vector<uint32_t>& out);

// Tokens encode_instruction() appends for `ins`.
std::size_t encoded_size(const Version& v, const Instruction& ins);

}  // namespace gfx::d3d9
