// The rules a D3D9 shader must follow in its version, shared by the decoder (which names
// the token offset of a problem) and the assembler (which names line and column): which
// opcodes exist, which registers exist and how many, which operand may use which register,
// modifiers, relative addressing, predication, dcl forms, and block structure.
//
// ps_1_x has its own rules (validate_ps1.h), read-port limits and instruction slots included.
// Left out (the driver's translator or nobody checks them): read-port limits of SM2/3, the
// "all or no c# use _abs" rule, SM2/3 instruction-slot counts, nesting depth limits, _sat on
// outputs in ps_2_x, use of registers that were never declared.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "d3d9/shader.h"

namespace gfx::d3d9 {

struct CheckOptions {
  bool allow_gfxsim_extensions = true;  // dcl_vertexid / dcl_instanceid / vPrimID
};

// The part of an instruction a problem is about, so that the caller can point at it.
enum Part : int {
  kPartInstruction = 0,
  kPartUsage = 1,  // the dcl usage token
  kPartDst = 2,
  kPartPredicate = 3,
  kPartSrc0 = 4,  // kPartSrc0 + i for source i
  kNumParts = 8,
};

struct Problem {
  int part = kPartInstruction;
  std::string message;  // e.g. "texldl is not available in ps_2_0"
};

// Whether an instruction with this opcode may carry a predicate in this version
// ("predication is not available in vs_2_0", "endif cannot be predicated").
std::optional<std::string> check_predication(const Version& v, Opcode op);

// Everything that can be checked from one instruction alone.
std::optional<Problem> check_instruction(const Version& v, const Instruction& ins,
                                         const CheckOptions& opts);

// Block structure across the program: if/else/endif, loop/endloop, rep/endrep, break
// inside a loop, labels outside blocks and unique, call targets defined.
struct StructureProblem {
  std::size_t instruction = 0;  // index into Shader::instructions
  std::string message;
};
std::optional<StructureProblem> check_structure(const Shader& shader);

}  // namespace gfx::d3d9
