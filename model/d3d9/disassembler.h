// Shader -> assembly text in the conventional lower-case D3D9 style ("dcl_texcoord1 v1",
// "mad o1.xy, v1.yxzw, c8.y, -c8.z", "if_lt vPos.x, c2.z"). assemble() reads the text
// back to the identical tokens: def values that a decimal cannot carry exactly (NaN, Inf)
// print as raw 0x bits, and comment blocks print as gfxsim `.comment` lines, preceded by
// a readable summary of the constant table when there is one.
#pragma once

#include <string>

#include "d3d9/shader.h"

namespace gfx::d3d9 {

struct DisasmOptions {
  bool comments = true;  // .comment blocks and the constant-table summary
  bool indent = true;    // four spaces, plus two per open if/loop/rep block
};

std::string disassemble(const Shader& shader, const DisasmOptions& opts = {});

// One instruction without indentation or newline, e.g. "texldp r0, t1, s2".
std::string disassemble(const Version& v, const Instruction& ins);

}  // namespace gfx::d3d9
