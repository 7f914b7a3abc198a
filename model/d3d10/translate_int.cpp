// Integer and bit instructions of the SM4 -> ISA translator (translate.h). They map one to one
// onto the ISA's integer ops, which compute on the registers' bits; the two-destination forms
// (imul/umul: high and low halves; udiv: quotient and remainder) become one op per written
// destination, through scratch temps when both are written so that neither result
// overwrites a source the other still reads.
#include "d3d10/translate_internal.h"

namespace gfx::d3d10::detail {
namespace {

using func::Op;

struct IntOp {
  Op op;
  func::CmpOp cmp;
};

IntOp int_op(Opcode op) {
  using C = func::CmpOp;
  switch (op) {
    case Opcode::IAdd: return {Op::IAdd, C::Gt};
    case Opcode::IMad:
    case Opcode::UMad: return {Op::IMad, C::Gt};
    case Opcode::IShl: return {Op::IShl, C::Gt};
    case Opcode::IShr: return {Op::IShr, C::Gt};
    case Opcode::UShr: return {Op::UShr, C::Gt};
    case Opcode::And: return {Op::And, C::Gt};
    case Opcode::Or: return {Op::Or, C::Gt};
    case Opcode::Xor: return {Op::Xor, C::Gt};
    case Opcode::Not: return {Op::Not, C::Gt};
    case Opcode::INeg: return {Op::INeg, C::Gt};
    case Opcode::IMin: return {Op::IMin, C::Gt};
    case Opcode::IMax: return {Op::IMax, C::Gt};
    case Opcode::UMin: return {Op::UMin, C::Gt};
    case Opcode::UMax: return {Op::UMax, C::Gt};
    case Opcode::IEq: return {Op::Icmp, C::IEq};
    case Opcode::INe: return {Op::Icmp, C::INe};
    case Opcode::ILt: return {Op::Icmp, C::ILt};
    case Opcode::IGe: return {Op::Icmp, C::IGe};
    case Opcode::ULt: return {Op::Icmp, C::ULt};
    case Opcode::UGe: return {Op::Icmp, C::UGe};
    default: return {Op::Nop, C::Gt};
  }
}

}  // namespace

bool Translator::integer(const Instruction& ins) {
  if (ins.op == Opcode::IMul || ins.op == Opcode::UMul || ins.op == Opcode::UDiv) {
    two_results(ins);
    return true;
  }
  const IntOp m = int_op(ins.op);
  if (m.op == Op::Nop) return false;
  if (ins.operands[0].type == OperandType::Null) return true;
  func::Instr in;
  in.op = m.op;
  in.cmp = m.cmp;
  in.dst = destination(ins.operands[0], ins.saturate());
  for (size_t i = 1; i < ins.operands.size() && i <= 3; ++i)
    in.src[i - 1] = source(ins.operands[i]);
  emit(in);
  return true;
}

// imul hi, lo, a, b / umul hi, lo, a, b / udiv quotient, remainder, a, b.
void Translator::two_results(const Instruction& ins) {
  const bool div = ins.op == Opcode::UDiv;
  const Op first = div ? Op::UDiv : ins.op == Opcode::IMul ? Op::IMulHi : Op::UMulHi;
  const Op second = div ? Op::URem : Op::IMul;
  const Operand& d0 = ins.operands[0];
  const Operand& d1 = ins.operands[1];
  const bool both = d0.type != OperandType::Null && d1.type != OperandType::Null;
  const func::Src a = source(ins.operands[2]), b = source(ins.operands[3]);
  for (int k = 0; k < 2; ++k) {
    const Operand& d = k == 0 ? d0 : d1;
    if (d.type == OperandType::Null) continue;
    func::Instr in;
    in.op = k == 0 ? first : second;
    in.dst = destination(d, ins.saturate());
    in.src[0] = a;
    in.src[1] = b;
    if (both) {  // into scratch, copied once both are computed
      in.dst.file = func::RegFile::Temp;
      in.dst.index = scratch(k == 0 ? kScratchResult : kScratchSin);
      in.dst.rel = func::RelAddr::None;
      in.dst.saturate = false;
    }
    emit(in);
  }
  if (!both) return;
  for (int k = 0; k < 2; ++k) {
    func::Instr copy;
    copy.op = Op::Mov;
    copy.dst = destination(k == 0 ? d0 : d1, ins.saturate());
    copy.src[0].index = scratch(k == 0 ? kScratchResult : kScratchSin);
    emit(copy);
  }
}

}  // namespace gfx::d3d10::detail
