// ps_1_1 .. ps_1_4 validation (validate_ps1.cpp, validate_ps1_program.cpp): the rules of one
// instruction, and those across the program (instruction counts, texture instructions
// before arithmetic, which t# a texture instruction may read, texm3x2 / texm3x3 sequences,
// phase, co-issue pairs).
#pragma once

#include <optional>

#include "d3d9/shader.h"
#include "d3d9/validate.h"

namespace gfx::d3d9::detail {

// The texture-addressing instructions (tex/texld, texcoord/texcrd, texkill, texbem ...).
bool is_ps1_texture_op(Opcode op);

std::optional<Problem> check_ps1_instruction(const Version& v, const Instruction& ins,
                                             const CheckOptions& opts);
std::optional<StructureProblem> check_ps1_program(const Shader& shader);

}  // namespace gfx::d3d9::detail
