// Opcode tables of the ISA (isa.h): timing class and mnemonic.
#include "func/shader/isa.h"

namespace gfx::func {

OpClass op_class(Op op) {
  switch (op) {
    case Op::Rcp:
    case Op::Rsq:
    case Op::Exp:
    case Op::Log:
      return OpClass::Transcendental;
    case Op::Tex:
      return OpClass::Texture;
    case Op::End:
      return OpClass::Flow;
    default:  // Nop and the ALU ops take an ALU issue slot
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
    case Op::End: return "end";
  }
  return "?";
}

}  // namespace gfx::func
