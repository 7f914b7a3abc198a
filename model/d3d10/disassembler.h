// Program -> assembly text in the style of fxc listings ("dcl_input_ps linear v1.xy",
// "sample r0.xyzw, v1.xyxx, t0.xyzw, s0", "mov o0.xyzw, l(1.000000, 0, 0, 1.000000)").
// assemble() reads the text back to the same tokens. Immediates print by the rule of
// docs/shader-sm4.md: float instructions print floats (exactly: "%f" when that reads
// back to the same bits in at most 16 characters, else "%.9g"), integer instructions print signed
// decimals, and mov / movc / customdata print by the bits; NaN, infinities and denormals print as
// 0x hex everywhere a float would not carry them.
#pragma once

#include <string>

#include "d3d10/shader.h"

namespace gfx::d3d10 {

std::string disassemble(const Program& program);
std::string disassemble(const Instruction& ins);  // one line, no newline
// The register-type spelling of an operand: "r", "v", "cb", "oDepth" ...; "?" for none.
const char* operand_prefix(OperandType t);

}  // namespace gfx::d3d10
