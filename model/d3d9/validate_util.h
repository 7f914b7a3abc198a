// Helpers shared by the validation files (not part of the public interface).
#pragma once

#include <optional>
#include <string>

#include "d3d9/shader.h"
#include "d3d9/validate.h"

namespace gfx::d3d9::detail {

// "register t0 does not exist in vs_2_0", "register r12 is out of range in vs_2_0 (r0-r11)",
// or nullopt when the register exists.
std::optional<std::string> check_exists(const Version& v, RegType type, uint16_t number,
                                        const CheckOptions& opts);

// Modifiers, mask, shift and relative addressing of a destination that an ALU, texture or
// dcl instruction writes. `mnemonic` names the instruction in messages.
std::optional<std::string> check_dst_common(const Version& v, const Instruction& ins,
                                            const std::string& mnemonic);

// The dcl rules (usage token, declarable registers, masks, modifiers).
std::optional<Problem> check_dcl(const Version& v, const Instruction& ins,
                                 const CheckOptions& opts);
// def / defi / defb: which register file each defines, full mask, no modifiers.
std::optional<Problem> check_def(const Version& v, const Instruction& ins,
                                 const CheckOptions& opts);

inline std::optional<Problem> problem(int part, std::string message) {
  return Problem{part, std::move(message)};
}

}  // namespace gfx::d3d9::detail
