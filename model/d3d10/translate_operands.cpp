// Operands of the SM4 -> ISA translator (translate.h): registers, swizzles, modifiers,
// immediates and constant buffers, with the mapping the header's table gives.
#include <algorithm>
#include <cstring>
#include <string>

#include "common/error.h"
#include "d3d10/opcodes.h"
#include "d3d10/translate_internal.h"

namespace gfx::d3d10::detail {

void Translator::fail(const std::string& why) const {
  std::string where = name_;
  if (index_ >= 0) {
    const Instruction& ins = shader_.program.instructions[size_t(index_)];
    where += ": instruction " + std::to_string(index_) + " (" + opcode_info(ins.op).name + ")";
  }
  throw Error(where + ": " + why);
}

// Scratch temps are numbered in the order their roles are first used, so a program takes
// only as many registers (which bound the warps a core holds) as the roles it needs.
uint16_t Translator::scratch(int k) {
  if (scratch_reg_.at(size_t(k)) < 0) scratch_reg_[size_t(k)] = scratch_used_++;
  const int reg = scratch_base_ + scratch_reg_[size_t(k)];
  if (reg >= func::kMaxTemps) fail("too many temps for the translator's scratch registers");
  return uint16_t(reg);
}

uint16_t Translator::single_index(const Operand& op, const char* what) const {
  if (op.indices.size() != 1) fail(std::string(what) + " needs exactly one index");
  const Index& ix = op.indices[0];
  if (ix.has_relative())
    fail(std::string("relative indexing of a ") + what + " is not supported yet");
  return uint16_t(ix.value);
}

func::Src Translator::immediate(const std::array<uint32_t, 4>& bits) {
  size_t k = 0;
  for (; k < immediates_.size() / 4; ++k)
    if (std::equal(bits.begin(), bits.end(), immediates_.begin() + long(4 * k))) break;
  if (k == immediates_.size() / 4) {
    if (int(k) >= kMaxImmediates) fail("more than 64 distinct immediates");
    immediates_.insert(immediates_.end(), bits.begin(), bits.end());
    func::Vec4 v;
    std::memcpy(&v[0], bits.data(), 16);
    p_.literal_constants.push_back({uint16_t(kImmediateBase + int(k)), v});
  }
  func::Src s;
  s.file = func::RegFile::Const;
  s.index = uint16_t(kImmediateBase + int(k));
  return s;
}

func::Src Translator::source(const Operand& op) {
  func::Src s;
  switch (op.type) {
    case OperandType::Immediate32: {
      std::array<uint32_t, 4> bits = op.values;
      if (op.num_components == 1) bits = {op.values[0], op.values[0], op.values[0], op.values[0]};
      s = immediate(bits);
      break;
    }
    case OperandType::Temp:
      s.index = single_index(op, "temp");
      if (s.index >= declared_temps_) fail("r" + std::to_string(s.index) + " is not declared");
      break;
    case OperandType::IndexableTemp: s = indexable_source(op); break;
    case OperandType::ImmediateConstantBuffer: s = icb_source(op); break;
    case OperandType::Input: {
      if (op.indices.size() == 1 && op.indices[0].has_relative()) {
        s.file = func::RegFile::Input;
        const Range* r = range_of(OperandType::Input, uint32_t(op.indices[0].value));
        if (!r) fail("relative input indexing needs a dcl_indexrange that holds the base");
        if (indexed(op, 0, 0, 0xFFFF, s.index, s.rel_comp, "v")) {
          s.rel = func::RelAddr::A0;
          s.rel_base = r->start;
          s.rel_count = r->count;
        }
        break;
      }
      const uint16_t reg = single_index(op, "input");
      if (reg < input_temp_.size() && input_temp_[reg] >= 0) {
        s.index = uint16_t(input_temp_[reg]);
      } else {
        s.file = func::RegFile::Input;
        s.index = reg;
      }
      break;
    }
    case OperandType::ConstantBuffer: {
      if (op.indices.size() != 2) fail("a constant buffer operand needs cb#[index]");
      if (op.indices[0].has_relative()) fail("a constant buffer slot cannot be indexed");
      const uint64_t slot = op.indices[0].value, reg = op.indices[1].value;
      if (slot >= uint64_t(kConstantBufferSlots))
        fail("cb" + std::to_string(slot) + ": only cb0..cb3 are supported");
      s.file = func::RegFile::Const;
      if (op.indices[1].has_relative()) {  // bounded to the declared size (at most 48)
        const uint16_t base = uint16_t(slot * kConstantBufferRegisters);
        indexed(op, 1, base, 0xFFFF, s.index, s.rel_comp, "cb");
        s.rel = func::RelAddr::A0;
        s.rel_base = base;
        s.rel_count = uint16_t(std::min(cb_size_[slot], uint32_t(kConstantBufferRegisters)));
        break;
      }
      if (reg >= uint64_t(kConstantBufferRegisters))
        fail("cb" + std::to_string(slot) + "[" + std::to_string(reg) +
             "]: only the first 48 registers of a constant buffer are supported");
      s.index = uint16_t(slot * kConstantBufferRegisters + reg);
      break;
    }
    default: fail("this source register type is not supported yet");
  }
  if (op.num_components == 4) {
    if (op.selection == Selection::Swizzle) s.swz = op.swizzle;
    if (op.selection == Selection::Select1)
      s.swz = func::swizzle(op.select, op.select, op.select, op.select);
  }
  s.abs = op.modifier == OperandModifier::Abs || op.modifier == OperandModifier::AbsNeg;
  s.negate = op.modifier == OperandModifier::Neg || op.modifier == OperandModifier::AbsNeg;
  s.int_mod = int_sources_ && (s.abs || s.negate);
  return s;
}

func::Dst Translator::destination(const Operand& op, bool saturate) {
  func::Dst d;
  d.saturate = saturate;
  d.mask = op.selection == Selection::Mask ? op.mask : 0xF;
  switch (op.type) {
    case OperandType::Temp:
      d.index = single_index(op, "temp");
      if (d.index >= declared_temps_) fail("r" + std::to_string(d.index) + " is not declared");
      break;
    case OperandType::IndexableTemp: {
      const func::Dst x = indexable_destination(op);
      d.index = x.index;
      d.rel = x.rel;
      d.rel_comp = x.rel_comp;
      d.rel_base = x.rel_base;
      d.rel_count = x.rel_count;
      break;
    }
    case OperandType::Output: {
      d.file = func::RegFile::Output;
      if (op.indices.size() == 1 && op.indices[0].has_relative()) {
        relative_output(op, d);
        break;
      }
      const uint16_t reg = single_index(op, "output");
      if (pixel_) {
        if (reg >= p_.num_outputs) fail("o" + std::to_string(reg) + " is not declared");
        d.index = reg;
      } else if (int(reg) == position_output_) {
        d.index = 0;
      } else {
        if (reg + 1 >= p_.num_outputs) fail("o" + std::to_string(reg) + " is not declared");
        d.index = uint16_t(reg + 1);
      }
      break;
    }
    case OperandType::OutputDepth:  // translate_ps_decl.cpp places oDepth
      if (!p_.writes_depth) fail("oDepth is not declared");
      d.file = func::RegFile::Output;
      d.index = p_.depth_output;
      d.mask = 0x1;
      break;
    default: fail("this destination register type is not supported yet");
  }
  return d;
}

// o[r.c + k] inside a dcl_indexrange: pixel o# are the ISA's o#; vertex o# are o(# + 1),
// which stays contiguous unless the range holds SV_Position (o0 of the ISA).
void Translator::relative_output(const Operand& op, func::Dst& d) {
  const Range* r = range_of(OperandType::Output, uint32_t(op.indices[0].value));
  if (!r) fail("relative output indexing needs a dcl_indexrange that holds the base");
  const int shift = pixel_ ? 0 : 1;
  if (!pixel_ && position_output_ >= r->start && position_output_ < r->start + r->count)
    fail("relative indexing of a range that holds SV_Position is not supported yet");
  if (r->start + r->count + shift > p_.num_outputs)
    fail("the output index range reaches beyond the declared outputs");
  indexed(op, 0, uint16_t(shift), 0xFFFF, d.index, d.rel_comp, "o");
  d.rel = func::RelAddr::A0;
  d.rel_base = uint16_t(r->start + shift);
  d.rel_count = r->count;
}

}  // namespace gfx::d3d10::detail
