// Operand shape of each opcode: how many sources it reads and which source channels it
// needs. Shared by the interpreter (to fetch only what an op reads) and the disassembler.
#pragma once

#include <cstdint>

#include "func/shader/isa.h"

namespace gfx::func {

// Number of source operands (0..3) of an instruction.
inline int op_num_sources(Op op) {
  switch (op) {
    // clang-format off
    case Op::Nop: case Op::End: case Op::Else: case Op::EndIf: case Op::EndLoop:
    case Op::EndRep: case Op::Break: case Op::Call: case Op::Ret: case Op::Label:
    case Op::Do: case Op::EndDo: case Op::Continue: case Op::Switch: case Op::EndSwitch:
      return 0;
    case Op::Mov: case Op::Frc: case Op::Abs:
    case Op::Rcp: case Op::Rsq: case Op::Exp: case Op::Log:
    case Op::Tex: case Op::Sgn: case Op::Nrm: case Op::Lit: case Op::Expp: case Op::Logp:
    case Op::SinCos: case Op::Mova: case Op::Dsx: case Op::Dsy: case Op::Texkill:
    case Op::If: case Op::Loop: case Op::Rep: case Op::Breakp: case Op::Callnz:
    case Op::Sqrt: case Op::RoundNe: case Op::RoundNi: case Op::RoundPi: case Op::RoundZ:
    case Op::FtoU: case Op::FtoI: case Op::UtoF: case Op::ItoF:
    case Op::Not: case Op::INeg: case Op::Movi:
      return 1;
    case Op::Mad: case Op::Dp2Add: case Op::Lrp: case Op::Cmp: case Op::Movc: case Op::IMad:
      return 3;
    default:
      return 2;
      // clang-format on
  }
}

// Sources of one instruction: texldd reads its two derivative operands as well, sample_c
// its reference.
inline int instr_num_sources(const Instr& in) {
  if (in.op == Op::Tex && in.tex_mode == TexMode::Grad) return 3;
  if (in.op == Op::Tex && (in.tex_mode == TexMode::Compare || in.tex_mode == TexMode::CompareLz))
    return 2;  // the coordinates and the reference
  return op_num_sources(in.op);
}

// Whether the op writes a destination register (texkill and flow control do not).
inline bool op_has_dst(Op op) {
  if (op == Op::Nop || op == Op::End || op == Op::Texkill) return false;
  return op_class(op) != OpClass::Flow;
}

// Ops that compute one value and replicate it into every written channel (D3D9: dp3, dp4,
// dp2add and the scalar transcendental ops).
inline bool op_is_replicated(Op op) {
  switch (op) {
    // clang-format off
    case Op::Dp3: case Op::Dp4: case Op::Dp2Add: case Op::Dp2:
    case Op::Rcp: case Op::Rsq: case Op::Exp: case Op::Log:
    case Op::Pow: case Op::Expp: case Op::Logp:
      return true;
    default:
      return false;
      // clang-format on
  }
}

// Destination channels (after swizzle) that source `i` of an instruction supplies, given
// the write mask: component-wise ops read the written channels, dot products a fixed set,
// scalar ops the channel the swizzle selects for x, tex its coordinates.
inline uint8_t source_channels(const Instr& in, int i) {
  const uint8_t mask = in.dst.mask & 0xF;
  switch (in.op) {
    case Op::Dp3: return 0x7;
    case Op::Dp4: return 0xF;
    case Op::Dp2Add: return i == 2 ? 0x1 : 0x3;
    case Op::Dp2: return 0x3;
    // clang-format off
    case Op::Rcp: case Op::Rsq: case Op::Exp: case Op::Log:
    case Op::Pow: case Op::Expp: case Op::Logp: case Op::SinCos:
    case Op::Ifc: case Op::Breakc: case Op::Continuec: case Op::Case: case Op::Callc:
    case Op::Retc:
      return 0x1;
    // clang-format on
    case Op::Crs: return 0x7;
    case Op::Nrm: return uint8_t(0x7 | mask);
    case Op::Lit: return 0xB;
    case Op::Dst: return 0xE;
    case Op::Texkill: return 0x7;
    case Op::Tex:  // z is a volume's third coordinate or a cube direction's z
      if (i == 1 && (in.tex_mode == TexMode::Compare || in.tex_mode == TexMode::CompareLz))
        return 0x1;  // the reference
      if (in.tex_mode == TexMode::Bias || in.tex_mode == TexMode::Lod ||
          in.tex_mode == TexMode::Project || in.tex_mode == TexMode::Fetch)
        return 0xF;
      if (in.tex_mode == TexMode::Info || in.tex_mode == TexMode::InfoRcp ||
          in.tex_mode == TexMode::InfoUint)
        return 0x1;
      return 0x7;
    default: return mask;
  }
}

}  // namespace gfx::func
