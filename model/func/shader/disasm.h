// Text form of ISA programs for logs, test failures and `--dump` style tools. The syntax
// follows D3D9 asm (`mad_sat r0.xy, -v1_abs.yxzw, c8.y, r2`) so that a translated shader
// reads like its source; declarations print as dcl_<usage><index> lines. Output only: there
// is no parser for this text.
#pragma once

#include <string>

#include "func/shader/isa.h"

namespace gfx::func {

// One line per declaration, literal constant and instruction, each ending in '\n'.
std::string disassemble(const Program& program);

}  // namespace gfx::func
