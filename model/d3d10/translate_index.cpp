// Indexable temps, immediate constant buffers, index ranges and relative indexing of the
// SM4 -> ISA translator (translate.h).
//   x#[n]      -> n temps after the program's r# (dcl_indexableTemp), before the scratch temps
//   icb[i]     -> Program::icb (RegFile::Icb), from dcl_immediateConstantBuffer
//   [r.c + k]  -> `movi a0.<n>, r.c` before the instruction, then the register k + a0.<n>
//                 bounded to its array (x#, the declared size of cb#, the icb, or the
//                 dcl_indexrange of v# / o#): reads outside give 0, writes outside are
//                 dropped. Each relative operand of one instruction takes its own a0
//                 component, so at most four per instruction.
#include <algorithm>
#include <cstring>
#include <string>

#include "d3d10/translate_internal.h"

namespace gfx::d3d10::detail {

void Translator::declare_indexable_temp(const Instruction& ins) {
  const uint32_t reg = ins.extra.at(0), size = ins.extra.at(1);
  if (reg >= indexable_.size()) fail("x" + std::to_string(reg) + ": only x0..x15 are supported");
  if (size == 0) fail("x" + std::to_string(reg) + " has no registers");
  indexable_[reg] = {uint16_t(scratch_base_), uint16_t(size)};
  if (scratch_base_ + size > uint32_t(func::kMaxTemps))
    fail("the r# and x# temps need " + std::to_string(scratch_base_ + size) +
         " registers; the ISA has " + std::to_string(func::kMaxTemps));
  scratch_base_ += uint16_t(size);
}

void Translator::declare_icb(const Instruction& ins) {
  if (ins.custom_class != kCustomDataImmediateConstantBuffer) fail("unknown custom data block");
  if (ins.custom_data.size() % 4) fail("immediate constant buffer size is not a multiple of 4");
  for (size_t k = 0; k < ins.custom_data.size(); k += 4) {
    func::Vec4 v;
    std::memcpy(&v[0], &ins.custom_data[k], 16);
    p_.icb.push_back(v);
  }
}

void Translator::declare_index_range(const Instruction& ins) {
  const Operand& op = ins.operands.at(0);
  if (op.type != OperandType::Input && op.type != OperandType::Output)
    fail("index ranges of this register type are not supported yet");
  if (op.indices.size() != 1) fail("index ranges of 2D registers are not supported yet");
  ranges_.push_back({op.type, uint16_t(op.indices[0].value), uint16_t(ins.extra.at(0))});
}

// The index range of v# / o# that contains `reg`.
const Translator::Range* Translator::range_of(OperandType type, uint32_t reg) const {
  for (const Range& r : ranges_)
    if (r.type == type && reg >= r.start && reg < uint32_t(r.start) + r.count) return &r;
  return nullptr;
}

// Loads the relative part of an index into a fresh a0 component and returns it.
uint8_t Translator::relative(const Index& ix) {
  if (a0_used_ >= 4) fail("more than four relatively indexed operands in one instruction");
  const uint8_t c = uint8_t(a0_used_++);
  const bool int_sources = int_sources_;
  int_sources_ = true;  // an index is an integer
  func::Instr in;
  in.op = func::Op::Movi;
  in.dst.file = func::RegFile::Addr;
  in.dst.mask = uint8_t(1u << c);
  in.src[0] = source(ix.relative.at(0));
  const int sel = in.src[0].swz & 3;
  in.src[0].swz = func::swizzle(sel, sel, sel, sel);
  int_sources_ = int_sources;
  emit(in);
  return c;
}

// Index `k` of `op` into `base` + its immediate part, bounded to base .. base + count - 1.
// Returns whether it is relative (then `rel_comp` names the a0 component).
bool Translator::indexed(const Operand& op, size_t k, uint16_t base, uint16_t count,
                         uint16_t& index, uint8_t& rel_comp, const std::string& what) {
  const Index& ix = op.indices.at(k);
  const uint64_t imm = ix.has_immediate() ? ix.value : 0;
  if (!ix.has_relative() && imm >= count)
    fail(what + "[" + std::to_string(imm) + "] is outside its " + std::to_string(count) +
         " registers");
  index = uint16_t(base + std::min<uint64_t>(imm, 0xFFFF - base));
  if (!ix.has_relative()) return false;
  rel_comp = relative(ix);
  return true;
}

func::Src Translator::indexable_source(const Operand& op) {
  func::Src s;
  if (op.indices.size() != 2) fail("an indexable temp needs x#[index]");
  if (op.indices[0].has_relative()) fail("x# itself cannot be indexed relatively");
  const uint64_t reg = op.indices[0].value;
  if (reg >= indexable_.size() || indexable_[reg].count == 0)
    fail("x" + std::to_string(reg) + " is not declared");
  const Array& a = indexable_[reg];
  if (indexed(op, 1, a.base, a.count, s.index, s.rel_comp, "x" + std::to_string(reg))) {
    s.rel = func::RelAddr::A0;
    s.rel_base = a.base;
    s.rel_count = a.count;
  }
  return s;
}

func::Dst Translator::indexable_destination(const Operand& op) {
  const func::Src s = indexable_source(op);
  func::Dst d;
  d.index = s.index;
  if (s.rel == func::RelAddr::A0) {
    d.rel = func::RelAddr::A0;
    d.rel_comp = s.rel_comp;
    d.rel_base = s.rel_base;
    d.rel_count = s.rel_count;
  }
  return d;
}

func::Src Translator::icb_source(const Operand& op) {
  func::Src s;
  s.file = func::RegFile::Icb;
  if (op.indices.size() != 1) fail("an immediate constant buffer operand needs icb[index]");
  const uint16_t n = uint16_t(std::min<size_t>(p_.icb.size(), 0xFFFF));
  if (indexed(op, 0, 0, n, s.index, s.rel_comp, "icb")) {
    s.rel = func::RelAddr::A0;
    s.rel_count = n;
  }
  return s;
}

}  // namespace gfx::d3d10::detail
