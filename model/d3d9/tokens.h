// Bit fields of D3D9 shader tokens (shared/reference/d3d-semantics.md 6.1), in one place
// for the encoder and the decoder.
#pragma once

#include <cstdint>

#include "d3d9/shader.h"

namespace gfx::d3d9::tok {

constexpr uint32_t kParamBit = 0x80000000u;  // set on every parameter token
constexpr uint32_t kRelativeBit = 1u << 13;
constexpr uint32_t kPredicatedBit = 1u << 28;
constexpr uint32_t kCoissueBit = 1u << 30;
constexpr uint32_t kEndToken = 0x0000FFFFu;
constexpr uint32_t kCommentOpcode = 0xFFFEu;
constexpr uint32_t kCtabFourCC = 0x42415443u;  // 'CTAB'

constexpr uint16_t opcode(uint32_t t) { return static_cast<uint16_t>(t & 0xFFFF); }
constexpr uint8_t control(uint32_t t) { return static_cast<uint8_t>((t >> 16) & 0xFF); }
constexpr uint32_t length(uint32_t t) { return (t >> 24) & 0xF; }
constexpr uint32_t comment_length(uint32_t t) { return (t >> 16) & 0x7FFF; }

// Register type: bits 28-30 hold type bits 0-2, bits 11-12 type bits 3-4.
constexpr int reg_type(uint32_t t) { return static_cast<int>(((t >> 28) & 7) | ((t >> 8) & 0x18)); }
constexpr uint16_t reg_number(uint32_t t) { return static_cast<uint16_t>(t & 0x7FF); }
constexpr uint32_t reg_bits(RegType type, uint16_t number) {
  const auto t = static_cast<uint32_t>(type);
  return (t & 7) << 28 | (t & 0x18) << 8 | (number & 0x7FFu);
}

// Destination fields.
constexpr uint8_t dst_mask(uint32_t t) { return static_cast<uint8_t>((t >> 16) & 0xF); }
constexpr uint8_t dst_modifiers(uint32_t t) { return static_cast<uint8_t>((t >> 20) & 0xF); }
constexpr int8_t dst_shift(uint32_t t) {  // 4-bit two's complement
  const int s = static_cast<int>((t >> 24) & 0xF);
  return static_cast<int8_t>(s >= 8 ? s - 16 : s);
}
// Source fields.
constexpr uint8_t src_swizzle(uint32_t t) { return static_cast<uint8_t>((t >> 16) & 0xFF); }
constexpr uint8_t src_modifier(uint32_t t) { return static_cast<uint8_t>((t >> 24) & 0xF); }

// Reserved bits that a well-formed token leaves 0 (kept out so decode -> encode is exact).
constexpr uint32_t kDstReserved = 0x0000C000u;
constexpr uint32_t kSrcReserved = 0x0000C000u;
constexpr uint32_t kRelReserved = 0x0F00E000u;    // no modifier, no nested relative bit
constexpr uint32_t kInstrReserved = 0xA0000000u;  // bits 29 and 31
constexpr uint32_t kUsageReserved = 0x07F0FFF0u;

}  // namespace gfx::d3d9::tok
