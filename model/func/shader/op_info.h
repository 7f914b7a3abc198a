// Operand shape of each opcode: how many sources it reads and which source channels it
// needs. Shared by the interpreter (to fetch only what an op reads) and the disassembler.
#pragma once

#include <cstdint>

#include "func/shader/isa.h"

namespace gfx::func {

// Number of source operands (0..3). Nop and End have no destination either.
inline int op_num_sources(Op op) {
  switch (op) {
    case Op::Nop:
    case Op::End:
      return 0;
    case Op::Mov: case Op::Frc: case Op::Abs:
    case Op::Rcp: case Op::Rsq: case Op::Exp: case Op::Log:
    case Op::Tex:
      return 1;
    case Op::Mad:
      return 3;
    default:
      return 2;
  }
}

// Ops that compute one value and replicate it into every written channel (D3D9: dp3, dp4 and
// the scalar transcendental ops).
inline bool op_is_replicated(Op op) {
  switch (op) {
    case Op::Dp3: case Op::Dp4:
    case Op::Rcp: case Op::Rsq: case Op::Exp: case Op::Log:
      return true;
    default:
      return false;
  }
}

// Destination channels (after swizzle) an op reads from each source, given the write mask:
// component-wise ops read the written channels, dot products a fixed set, scalar ops the
// channel the swizzle selects for x, tex the coordinates xy.
inline uint8_t op_source_channels(Op op, uint8_t write_mask) {
  switch (op) {
    case Op::Dp3: return 0x7;
    case Op::Dp4: return 0xF;
    case Op::Rcp: case Op::Rsq: case Op::Exp: case Op::Log: return 0x1;
    case Op::Tex: return 0x3;
    default: return write_mask;
  }
}

}  // namespace gfx::func
