// Shared by the assembler's files: operand parsing (asm_operands.cpp).
#pragma once

#include <cstdint>

#include "d3d10/asm_cursor.h"
#include "d3d10/shader.h"

namespace gfx::d3d10 {

// Destinations and declaration operands name a write mask; sources a swizzle (4 letters)
// or one component.
enum class Role : uint8_t { Destination, Source };

Operand parse_operand(Cursor& c, Role role);
// One immediate literal: decimal integer, 0x bits, or a float (has '.', 'e', inf, nan).
uint32_t parse_immediate(Cursor& c);

}  // namespace gfx::d3d10
