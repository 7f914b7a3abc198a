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
      return OpClass::Flow;
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
    case Op::End: return "end";
  }
  return "?";
}

}  // namespace gfx::func
