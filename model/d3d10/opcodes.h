// The SM4 opcode table: mnemonic, operand counts, the dwords a declaration carries after
// its operands, which opcode-token controls (bits 11-23) the opcode may set, and how its
// immediates print (docs/shader-sm4.md, "Immediates"). Numbers and counts follow
// D3D10_SB_OPCODE_TYPE in Microsoft's d3d10tokenizedprogramformat.hpp.
#pragma once

#include <cstdint>
#include <string_view>

#include "d3d10/shader.h"

namespace gfx::d3d10 {

enum class ImmKind : uint8_t { Any, Float, Int };

// Opcode-token controls an instruction may carry (bits of Instruction::control).
constexpr uint32_t kControlSaturate = 1u << 2;     // bit 13: _sat
constexpr uint32_t kControlTestNonzero = 1u << 7;  // bit 18: _nz (clear: _z)
constexpr uint32_t kControlResinfo = 3u;           // bits 11-12: resinfo return type

struct OpcodeInfo {
  Opcode op;
  const char* name;  // "mov", "if", "dcl_input_ps" (no _z/_nz/_sat suffixes)
  uint8_t num_dst;
  uint8_t num_src;    // declarations: operands after the destination-like first one
  uint8_t num_extra;  // declarations: dwords after the operands
  bool declaration;
  bool has_test;  // _z / _nz
  ImmKind imm = ImmKind::Any;
  bool sample_offsets = false;  // may carry an _aoffimmi extended token

  int num_operands() const { return num_dst + num_src; }
};

const OpcodeInfo* opcode_info(uint32_t raw);  // nullptr for numbers that are no SM4 opcode
const OpcodeInfo& opcode_info(Opcode op);     // op must be listed
const OpcodeInfo* opcode_by_name(std::string_view name);

// The control bits that `info` may set; a declaration's fields are checked by name.
uint32_t allowed_controls(const OpcodeInfo& info);

}  // namespace gfx::d3d10
