// Flow control of the SM4 -> ISA translator (translate.h). Every SM4 condition tests a
// register's 32 bits against zero (CmpOp::Nz / Z), so -0.0 (0x80000000) counts as true.
//   loop / endloop          -> do / enddo (unbounded; interpreter.h says how a loop that
//                              never breaks ends)
//   break, continue(c)      -> break(c), continue(c): break leaves the innermost loop or
//                              switch, continue goes to the end of the innermost loop
//   switch / case / default -> switch, then one `case` per label: lanes whose selector equals
//                              the label start running there and fall through until break.
//                              default admits the lanes no label matches, a flag computed
//                              at the switch from every label of that switch.
//   call(c), ret(c), label  -> call(c), ret(c), label l#
#include <string>

#include "d3d10/translate_internal.h"

namespace gfx::d3d10::detail {
namespace {

using func::Op;

func::Instr make(Op op) {
  func::Instr in;
  in.op = op;
  return in;
}

func::Src replicate_x(func::Src s) {
  const int c = s.swz & 3;
  s.swz = func::swizzle(c, c, c, c);
  return s;
}

}  // namespace

// A conditional op on the bits of the instruction's operand `i` (_nz / _z).
func::Instr Translator::bit_test(Op op, const Instruction& ins, size_t i) {
  func::Instr in = make(op);
  in.cmp = ins.test_nonzero() ? func::CmpOp::Nz : func::CmpOp::Z;
  in.src[0] = replicate_x(source(ins.operands.at(i)));
  in.src[1] = immediate_scalar(0);
  return in;
}

uint16_t Translator::label_of(const Operand& op) {
  if (op.type != OperandType::Label) fail("expected a label l#");
  return single_index(op, "label");
}

// The case labels of the switch at instruction `at` (not those of switches nested in it).
std::vector<uint32_t> Translator::case_values(int at) const {
  const std::vector<Instruction>& code = shader_.program.instructions;
  std::vector<uint32_t> values;
  int depth = 0;
  for (size_t k = size_t(at) + 1; k < code.size(); ++k) {
    const Opcode op = code[k].op;
    if (op == Opcode::Switch) ++depth;
    if (op == Opcode::EndSwitch && depth-- == 0) break;
    if (op == Opcode::Case && depth == 0) values.push_back(code[k].operands.at(0).values[0]);
  }
  return values;
}

// switch sel: a scratch temp per nesting level keeps the selector (.z) and the default flag
// (.x: all ones where no label matches), both computed while every lane that reaches the
// switch is active. The cases read them later only for lanes that have not run any of the
// switch's code yet, so nothing in the body (not even a called subroutine's own switch at
// the same level) can have changed them for those lanes.
void Translator::open_switch(const Instruction& ins) {
  if (switch_depth_ >= kMaxSwitchDepth)
    fail("switches nested deeper than " + std::to_string(kMaxSwitchDepth));
  const uint16_t flag = scratch(kScratchSwitch + switch_depth_);
  ++switch_depth_;
  func::Instr keep = make(Op::Mov);
  keep.dst.index = flag;
  keep.dst.mask = 0x4;
  keep.src[0] = replicate_x(source(ins.operands.at(0)));
  emit(keep);
  func::Src sel;
  sel.index = flag;
  sel.swz = func::swizzle(2, 2, 2, 2);
  func::Instr init = make(Op::Mov);
  init.dst.index = flag;
  init.dst.mask = 0x1;
  init.src[0] = immediate_scalar(0xFFFFFFFFu);
  emit(init);
  for (uint32_t v : case_values(index_)) {
    func::Instr ne = make(Op::Icmp);
    ne.cmp = func::CmpOp::INe;
    ne.dst.index = flag;
    ne.dst.mask = 0x2;
    ne.src[0] = sel;
    ne.src[1] = immediate_scalar(v);
    emit(ne);
    func::Instr both = make(Op::And);
    both.dst.index = flag;
    both.dst.mask = 0x1;
    both.src[0].index = flag;
    both.src[1].index = flag;
    both.src[1].swz = func::swizzle(1, 1, 1, 1);
    emit(both);
  }
  emit(make(Op::Switch));
}

bool Translator::flow(const Instruction& ins) {
  switch (ins.op) {
    case Opcode::If: emit(bit_test(Op::Ifc, ins, 0)); return true;
    case Opcode::Else: emit(make(Op::Else)); return true;
    case Opcode::EndIf: emit(make(Op::EndIf)); return true;
    case Opcode::Loop: emit(make(Op::Do)); return true;
    case Opcode::EndLoop: emit(make(Op::EndDo)); return true;
    case Opcode::Break: emit(make(Op::Break)); return true;
    case Opcode::BreakC: emit(bit_test(Op::Breakc, ins, 0)); return true;
    case Opcode::Continue: emit(make(Op::Continue)); return true;
    case Opcode::ContinueC: emit(bit_test(Op::Continuec, ins, 0)); return true;
    case Opcode::Ret: emit(make(Op::Ret)); return true;
    case Opcode::RetC: emit(bit_test(Op::Retc, ins, 0)); return true;
    case Opcode::Switch: open_switch(ins); return true;
    case Opcode::Case: {
      if (switch_depth_ == 0) fail("case outside a switch");
      func::Instr in = make(Op::Case);
      in.cmp = func::CmpOp::IEq;
      in.src[0].index = scratch(kScratchSwitch + switch_depth_ - 1);
      in.src[0].swz = func::swizzle(2, 2, 2, 2);
      in.src[1] = immediate_scalar(ins.operands.at(0).values[0]);
      emit(in);
      return true;
    }
    case Opcode::Default: {
      if (switch_depth_ == 0) fail("default outside a switch");
      func::Instr in = make(Op::Case);
      in.cmp = func::CmpOp::Nz;
      in.src[0].index = scratch(kScratchSwitch + switch_depth_ - 1);
      in.src[0].swz = func::swizzle(0, 0, 0, 0);
      in.src[1] = immediate_scalar(0);
      emit(in);
      return true;
    }
    case Opcode::EndSwitch:
      if (switch_depth_ == 0) fail("endswitch without a switch");
      --switch_depth_;
      emit(make(Op::EndSwitch));
      return true;
    case Opcode::Call: {
      func::Instr in = make(Op::Call);
      in.label = label_of(ins.operands.at(0));
      emit(in);
      return true;
    }
    case Opcode::CallC: {  // callc_nz cond, l#
      func::Instr in = bit_test(Op::Callc, ins, 0);
      in.label = label_of(ins.operands.at(1));
      emit(in);
      return true;
    }
    case Opcode::Label: {
      func::Instr in = make(Op::Label);
      in.label = label_of(ins.operands.at(0));
      emit(in);
      return true;
    }
    default: return false;
  }
}

}  // namespace gfx::d3d10::detail
