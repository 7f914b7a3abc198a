// Opcode tables of the ISA (isa.h): timing class and mnemonic.
#include "func/shader/isa.h"

namespace gfx::func {

OpClass op_class(Op op) {
  switch (op) {
    // clang-format off
    case Op::Rcp: case Op::Rsq: case Op::Exp: case Op::Log:
    case Op::Nrm: case Op::Pow: case Op::Lit: case Op::Expp: case Op::Logp: case Op::SinCos:
    case Op::Sqrt:
      return OpClass::Transcendental;
    case Op::Tex:
      return OpClass::Texture;
    case Op::If: case Op::Ifc: case Op::Else: case Op::EndIf: case Op::Loop: case Op::EndLoop:
    case Op::Rep: case Op::EndRep: case Op::Break: case Op::Breakc: case Op::Breakp:
    case Op::Call: case Op::Callnz: case Op::Ret: case Op::Label: case Op::End:
    case Op::Do: case Op::EndDo: case Op::Continue: case Op::Continuec: case Op::Switch:
    case Op::Case: case Op::EndSwitch: case Op::Callc: case Op::Retc:
      return OpClass::Flow;
    case Op::IAdd: case Op::IMul: case Op::IMad: case Op::IMulHi: case Op::UMulHi:
    case Op::UDiv: case Op::URem: case Op::IShl: case Op::IShr: case Op::UShr: case Op::And:
    case Op::Or: case Op::Xor: case Op::Not: case Op::INeg: case Op::IMin: case Op::IMax:
    case Op::UMin: case Op::UMax: case Op::Icmp:
      return OpClass::Integer;
    // clang-format on
    default:  // Nop, the ALU ops, mova, setp, derivatives and texkill take an ALU issue slot
      return OpClass::Alu;
  }
}

const char* op_name(Op op) {
  switch (op) {
    case Op::Nop: return "nop";
    case Op::Mov: return "mov";
    case Op::Add: return "add";
    case Op::Sub: return "sub";
    case Op::Mul: return "mul";
    case Op::Mad: return "mad";
    case Op::Dp3: return "dp3";
    case Op::Dp4: return "dp4";
    case Op::Min: return "min";
    case Op::Max: return "max";
    case Op::Slt: return "slt";
    case Op::Sge: return "sge";
    case Op::Frc: return "frc";
    case Op::Abs: return "abs";
    case Op::Rcp: return "rcp";
    case Op::Rsq: return "rsq";
    case Op::Exp: return "exp";
    case Op::Log: return "log";
    case Op::Tex: return "tex";
    case Op::Dp2Add: return "dp2add";
    case Op::Lrp: return "lrp";
    case Op::Cmp: return "cmp";
    case Op::Sgn: return "sgn";
    case Op::Crs: return "crs";
    case Op::Nrm: return "nrm";
    case Op::Pow: return "pow";
    case Op::Lit: return "lit";
    case Op::Dst: return "dst";
    case Op::Expp: return "expp";
    case Op::Logp: return "logp";
    case Op::SinCos: return "sincos";
    case Op::Mova: return "mova";
    case Op::Setp: return "setp";
    case Op::Dsx: return "dsx";
    case Op::Dsy: return "dsy";
    case Op::Texkill: return "texkill";
    case Op::Divz: return "divz";
    case Op::Div: return "div";
    case Op::Sqrt: return "sqrt";
    case Op::RoundNe: return "round_ne";
    case Op::RoundNi: return "round_ni";
    case Op::RoundPi: return "round_pi";
    case Op::RoundZ: return "round_z";
    case Op::Dp2: return "dp2";
    case Op::Cmpm: return "cmpm";
    case Op::Movc: return "movc";
    case Op::FtoU: return "ftou";
    case Op::FtoI: return "ftoi";
    case Op::UtoF: return "utof";
    case Op::ItoF: return "itof";
    case Op::If: return "if";
    case Op::Ifc: return "ifc";
    case Op::Else: return "else";
    case Op::EndIf: return "endif";
    case Op::Loop: return "loop";
    case Op::EndLoop: return "endloop";
    case Op::Rep: return "rep";
    case Op::EndRep: return "endrep";
    case Op::Break: return "break";
    case Op::Breakc: return "breakc";
    case Op::Breakp: return "breakp";
    case Op::Call: return "call";
    case Op::Callnz: return "callnz";
    case Op::Ret: return "ret";
    case Op::Label: return "label";
    case Op::IAdd: return "iadd";
    case Op::IMul: return "imul";
    case Op::IMad: return "imad";
    case Op::IMulHi: return "imul_hi";
    case Op::UMulHi: return "umul_hi";
    case Op::UDiv: return "udiv";
    case Op::URem: return "urem";
    case Op::IShl: return "ishl";
    case Op::IShr: return "ishr";
    case Op::UShr: return "ushr";
    case Op::And: return "and";
    case Op::Or: return "or";
    case Op::Xor: return "xor";
    case Op::Not: return "not";
    case Op::INeg: return "ineg";
    case Op::IMin: return "imin";
    case Op::IMax: return "imax";
    case Op::UMin: return "umin";
    case Op::UMax: return "umax";
    case Op::Icmp: return "icmp";
    case Op::Movi: return "movi";
    case Op::Do: return "do";
    case Op::EndDo: return "enddo";
    case Op::Continue: return "continue";
    case Op::Continuec: return "continuec";
    case Op::Switch: return "switch";
    case Op::Case: return "case";
    case Op::EndSwitch: return "endswitch";
    case Op::Callc: return "callc";
    case Op::Retc: return "retc";
    case Op::End: return "end";
  }
  return "?";
}

}  // namespace gfx::func
