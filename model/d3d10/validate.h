// Register ranges and declaration rules of a decoded SM4 program: temps beyond
// dcl_temps, constant buffers undeclared or read beyond their declared size (immediate
// indices), input and output registers beyond the D3D10 limits of the stage (vs 16 in /
// 16 out, gs 16 in / 32 out, ps 32 in / 8 out), samplers and resources not declared,
// indexable temps beyond their dcl_indexableTemp, and stage-only opcodes (emit, cut and
// the gs declarations only in gs; discard and the derivatives only in ps).
// Errors name the shader, the chunk and the dword of the offending instruction.
#pragma once

#include "d3d10/decoder.h"
#include "d3d10/shader.h"

namespace gfx::d3d10 {

void validate_program(const Program& program, const ProgramSource& src);

}  // namespace gfx::d3d10
