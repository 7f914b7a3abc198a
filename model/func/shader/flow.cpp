// Structured flow control: the one-off resolution of jump targets (prepare_flow) and the
// per-warp execution-mask machine. Divergence is handled the way SIMD hardware does it:
// all lanes walk the same instruction stream, a mask says which of them write, and a block
// is branched over only when no lane wants it. Lanes that leave early (break, ret) are
// "parked" until their loop or call ends.
#include <string>
#include <vector>

#include "func/shader/exec_detail.h"

namespace gfx::func {
namespace detail {
namespace {

constexpr int kMaxCallDepth = 16;

bool is_loop_start(Op op) { return op == Op::Loop || op == Op::Rep || op == Op::Do; }
bool is_switch_part(Op op) { return op == Op::Switch || op == Op::Case; }
bool is_if_part(Op op) { return op == Op::If || op == Op::Ifc || op == Op::Else; }

// The condition or count operand must come from the file the instruction reads.
void check_operands(const Program& p, size_t pc) {
  const Instr& in = p.code[pc];
  const RegFile f = in.src[0].file;
  switch (in.op) {
    case Op::If:
    case Op::Callnz:
      if (f != RegFile::ConstBool && f != RegFile::Pred)
        fail(p, pc, "condition must be a b# constant or p0");
      break;
    case Op::Breakp:
      if (f != RegFile::Pred) fail(p, pc, "condition must be p0");
      break;
    case Op::Loop:
    case Op::Rep:
      if (f != RegFile::ConstInt) fail(p, pc, "count must be an i# constant");
      break;
    default: break;
  }
}

}  // namespace

void resolve_flow(const Program& p, std::vector<uint32_t>& links) {
  const size_t n = p.code.size();
  links.assign(n, 0);
  std::vector<size_t> open;  // pcs of unclosed if/else/loop/rep
  std::vector<size_t> labels;
  auto close_check = [&](size_t pc) {
    if (!open.empty())
      fail(p, open.back(), "is not closed before instruction " + std::to_string(pc));
  };
  for (size_t pc = 0; pc < n; ++pc) {
    const Op op = p.code[pc].op;
    check_operands(p, pc);
    switch (op) {
      case Op::If:
      case Op::Ifc:
      case Op::Loop:
      case Op::Rep:
      case Op::Do:
      case Op::Switch: open.push_back(pc); break;
      case Op::Case:  // chained: switch -> case -> case ... -> endswitch
        if (open.empty() || !is_switch_part(p.code[open.back()].op))
          fail(p, pc, "case outside a switch (or inside a block of one)");
        links[open.back()] = uint32_t(pc);
        open.back() = pc;
        break;
      case Op::EndSwitch:
        if (open.empty() || !is_switch_part(p.code[open.back()].op))
          fail(p, pc, "endswitch without a matching switch");
        links[open.back()] = uint32_t(pc);
        open.pop_back();
        break;
      case Op::Else:
        if (open.empty() || (p.code[open.back()].op != Op::If && p.code[open.back()].op != Op::Ifc))
          fail(p, pc, "else without a matching if");
        links[open.back()] = uint32_t(pc);
        open.back() = pc;
        break;
      case Op::EndIf: {
        if (open.empty() || !is_if_part(p.code[open.back()].op))
          fail(p, pc, "endif without a matching if");
        links[open.back()] = uint32_t(pc);
        open.pop_back();
        break;
      }
      case Op::EndLoop:
      case Op::EndRep:
      case Op::EndDo: {
        const Op want = op == Op::EndLoop ? Op::Loop : op == Op::EndRep ? Op::Rep : Op::Do;
        if (open.empty() || p.code[open.back()].op != want)
          fail(p, pc, std::string(op_name(op)) + " without a matching " + op_name(want));
        links[open.back()] = uint32_t(pc);
        links[pc] = uint32_t(open.back());
        open.pop_back();
        break;
      }
      case Op::Break:
      case Op::Breakc:
      case Op::Breakp: {
        bool in_block = false;
        for (size_t o : open)
          in_block = in_block || is_loop_start(p.code[o].op) || is_switch_part(p.code[o].op);
        if (!in_block) fail(p, pc, "break outside a loop, rep or switch");
        break;
      }
      case Op::Continue:
      case Op::Continuec: {
        bool in_loop = false;
        for (size_t o : open) in_loop = in_loop || is_loop_start(p.code[o].op);
        if (!in_loop) fail(p, pc, "continue outside a loop");
        break;
      }
      case Op::Label:
        close_check(pc);
        labels.push_back(pc);
        links[pc] = uint32_t(pc);
        break;
      default: break;
    }
  }
  close_check(n);
  for (size_t pc = 0; pc < n; ++pc) {
    const Instr& in = p.code[pc];
    if (in.op != Op::Call && in.op != Op::Callnz && in.op != Op::Callc) continue;
    bool found = false;
    for (size_t l : labels) {
      if (p.code[l].label == in.label) {
        links[pc] = uint32_t(l);
        found = true;
        break;
      }
    }
    if (!found) fail(p, pc, "calls label l" + std::to_string(in.label) + ", which is not defined");
  }
}

FlowMachine::FlowMachine(const Program& p, const uint32_t* links, Warp& w, uint64_t all)
    : p_(p), links_(links), w_(w), mask_(all) {
  // The main program is an implicit call frame: its ret (or the first label) ends the warp.
  Frame main{};
  main.kind = Op::Call;
  main.saved = all;
  main.pc = FlowMachine::kEnd;
  frames_[depth_++] = main;
}

void FlowMachine::push(const Frame& f, size_t pc) {
  if (depth_ == kMaxFrames) fail(p_, pc, "flow control nested deeper than 64 levels");
  frames_[depth_++] = f;
}

FlowMachine::Frame* FlowMachine::innermost(Op kind, Op or_kind) {
  for (size_t i = depth_; i-- > 0;)
    if (frames_[i].kind == kind || frames_[i].kind == or_kind) return &frames_[i];
  return nullptr;
}

// Lanes that leave the current block early wait, parked, until `f` ends (break: its loop or
// switch; continue: the end of its loop's body; ret: its call).
void FlowMachine::park(uint64_t leaving, uint64_t Frame::*into, Frame* f) {
  f->*into |= leaving;
  parked_ |= leaving;
  mask_ &= ~leaving;
}

void FlowMachine::set_al(int32_t v) {
  al_ = v;
  int32_t* al = w_.loop_counter();
  for (int l = 0; l < kMaxLanes; ++l) al[l] = v;  // aL is uniform: i# constants are
}

// With no lane active, skip to the next point where the mask can grow again: the else/endif
// of the innermost if, the end of the innermost loop, or the return of the innermost call.
size_t FlowMachine::settle(size_t next) {
  while (mask_ == 0 && depth_ > 0) {
    Frame& f = frames_[depth_ - 1];
    if (f.kind != Op::Call) return f.pc;
    parked_ &= ~f.parked;
    mask_ = f.saved & ~parked_;
    next = f.pc;
    --depth_;
    if (depth_ > 0 && f.pc != kEnd) --calls_;
    if (next == kEnd) return kEnd;
  }
  return next;
}

size_t FlowMachine::step(size_t pc, const Instr& in, uint64_t cond, const Int4& ints) {
  size_t next = pc + 1;
  switch (in.op) {
    case Op::If:
    case Op::Ifc: {
      Frame f{};
      f.kind = Op::If;
      f.saved = mask_;
      f.taken = mask_ & cond;
      f.pc = links_[pc];
      push(f, pc);
      mask_ = f.taken;
      break;
    }
    case Op::Else: {
      Frame& f = frames_[depth_ - 1];
      mask_ = f.saved & ~f.taken & ~parked_;
      f.pc = links_[pc];
      break;
    }
    case Op::EndIf:
      mask_ = frames_[depth_ - 1].saved & ~parked_;
      --depth_;
      break;
    case Op::Loop:
    case Op::Rep: {
      const int32_t count = ints[0] < 0 ? 0 : (ints[0] > 255 ? 255 : ints[0]);
      if (count == 0 || mask_ == 0) return links_[pc] + 1;  // branch over the whole loop
      Frame f{};
      f.kind = Op::Loop;
      f.saved = mask_;
      f.pc = links_[pc];
      f.remaining = count;
      f.is_loop_al = in.op == Op::Loop;
      if (f.is_loop_al) {
        f.step = ints[2];
        f.saved_al = al_;
        set_al(ints[1]);
      }
      push(f, pc);
      break;
    }
    case Op::Do: {
      Frame f{};
      f.kind = Op::Loop;
      f.saved = mask_;
      f.pc = links_[pc];
      f.unbounded = true;
      push(f, pc);
      break;
    }
    case Op::EndDo:
    case Op::EndLoop:
    case Op::EndRep: {
      Frame& f = frames_[depth_ - 1];
      parked_ &= ~f.cont;  // lanes that continued run the next iteration
      f.cont = 0;
      if (f.unbounded) f.remaining = 2;  // only break and ret end it
      --f.remaining;
      if (f.is_loop_al) set_al(al_ + f.step);
      mask_ = f.saved & ~parked_;
      if (f.remaining > 0 && mask_ != 0) return links_[pc] + 1;
      parked_ &= ~f.parked;
      mask_ = f.saved & ~parked_;
      if (f.is_loop_al) set_al(f.saved_al);
      --depth_;
      break;
    }
    case Op::Break:
    case Op::Breakc:
    case Op::Breakp:
      park(in.op == Op::Break ? mask_ : mask_ & cond, &Frame::parked,
           innermost(Op::Loop, Op::Switch));
      break;
    case Op::Continue:
    case Op::Continuec:
      park(in.op == Op::Continue ? mask_ : mask_ & cond, &Frame::cont, innermost(Op::Loop));
      break;
    case Op::Switch: {  // no lane runs until a case lets it in
      Frame f{};
      f.kind = Op::Switch;
      f.saved = mask_;
      f.pc = links_[pc];
      push(f, pc);
      mask_ = 0;
      break;
    }
    case Op::Case: {  // fallthrough: the lanes already running keep running
      Frame& f = frames_[depth_ - 1];
      mask_ |= f.saved & cond & ~parked_;
      f.pc = links_[pc];
      break;
    }
    case Op::EndSwitch: {
      Frame& f = frames_[depth_ - 1];
      parked_ &= ~f.parked;
      mask_ = f.saved & ~parked_;
      --depth_;
      break;
    }
    case Op::Call:
    case Op::Callnz:
    case Op::Callc: {
      const uint64_t calling = in.op == Op::Call ? mask_ : mask_ & cond;
      if (calling == 0) break;
      if (++calls_ > kMaxCallDepth) fail(p_, pc, "calls nested deeper than 16");
      Frame f{};
      f.kind = Op::Call;
      f.saved = mask_;
      f.pc = pc + 1;
      push(f, pc);
      mask_ = calling;
      next = links_[pc] + 1;
      break;
    }
    case Op::Ret:
    case Op::Retc:
    case Op::Label:
      park(in.op == Op::Retc ? mask_ & cond : mask_, &Frame::parked, innermost(Op::Call));
      break;
    default: fail(p_, pc, "is not a flow-control instruction");
  }
  return mask_ == 0 ? settle(next) : next;
}

}  // namespace detail

void prepare_flow(Program& program) {
  std::vector<uint32_t> links;
  detail::resolve_flow(program, links);
  program.flow_links = std::move(links);
}

}  // namespace gfx::func
