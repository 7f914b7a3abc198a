// The D3D9 opcode table: mnemonic, operand counts, and the first vertex / pixel shader
// version that has each opcode. The counts come from the opcode reference (shared/
// reference/d3d-semantics.md 6.2); the version ranges from the per-version instruction
// lists of the D3D9 asm reference. The ps_1_x texture-addressing opcodes (texbem, texm3x3pad
// ...) exist only in ps_1_1..ps_1_3 (ps_max); texm3x3diff exists in no version.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "d3d9/shader.h"

namespace gfx::d3d9 {

constexpr uint16_t kNever = 0xFFFF;  // version code no shader reaches

struct OpcodeInfo {
  Opcode op;
  const char* name;  // lower-case mnemonic; "texld" for Opcode::Tex
  uint8_t num_dst;
  uint8_t num_src;  // for vs/ps < 3.0 where sincos and sgn take three sources
  uint16_t vs_min;  // version code (0x0101, 0x0200, 0x0201, 0x0300) or kNever
  uint16_t ps_min;
  uint16_t ps_max = 0xFFFF;  // last pixel shader version that has it (0x0103 = ps_1_3)
};

// nullptr for numbers that are no opcode (49..63, 97..0xFFFC).
const OpcodeInfo* opcode_info(uint16_t raw);
const OpcodeInfo& opcode_info(Opcode op);  // op must be a listed opcode
// Lookup by mnemonic (lower case, no suffixes): "mov", "texld", "if", "breakc" ...
const OpcodeInfo* opcode_by_name(std::string_view name);

bool available_in(const OpcodeInfo& info, const Version& v);
// Operand counts in this version (sincos and sgn lose their two scratch sources in 3.0;
// tex / texcoord read no source register in ps_1_1..1_3 and one in ps_1_4).
int num_sources(const OpcodeInfo& info, const Version& v);
// The name of an opcode in this version: ps_1_1..1_3 spell texld "tex", ps_1_4 spells
// texcoord "texcrd"; otherwise mnemonic(op, control).
std::string mnemonic(const Version& v, Opcode op, uint8_t control);
// The opcode a version spells `name` ("tex" only in ps_1_1..1_3, "texcrd" only in ps_1_4).
const OpcodeInfo* opcode_by_name(const Version& v, std::string_view name);

// Mnemonic with control bits: "texldp", "if_lt", "setp_ge", "break_ne".
std::string mnemonic(Opcode op, uint8_t control);
// True when `control` is a valid control value for `op` (a comparison 1-6 for ifc,
// breakc and setp; 0-2 for texld; 0 otherwise).
bool control_valid(Opcode op, uint8_t control);
// mnemonic() when the control bits are valid, the plain opcode name otherwise.
std::string display_name(Opcode op, uint8_t control);

const char* comparison_name(Comparison c);  // "gt" ... "le"; "" for None
std::optional<Comparison> comparison_by_name(std::string_view s);

}  // namespace gfx::d3d9
