#include "d3d10/encode.h"

namespace gfx::d3d10 {
namespace {

void put_operand(const Operand& o, std::vector<uint32_t>& out) {
  uint32_t t = o.num_components == 4 ? 2 : o.num_components;
  if (o.num_components == 4) {
    t |= static_cast<uint32_t>(o.selection) << 2;
    switch (o.selection) {
      case Selection::Mask: t |= uint32_t{o.mask} << 4; break;
      case Selection::Swizzle: t |= uint32_t{o.swizzle} << 4; break;
      case Selection::Select1: t |= uint32_t{o.select} << 4; break;
    }
  }
  t |= static_cast<uint32_t>(o.type) << 12;
  t |= static_cast<uint32_t>(o.indices.size()) << 20;
  for (std::size_t i = 0; i < o.indices.size(); ++i)
    t |= static_cast<uint32_t>(o.indices[i].rep) << (22 + 3 * i);
  if (o.extended) t |= 1u << 31;
  out.push_back(t);
  if (o.extended)
    out.push_back(uint32_t(o.extended_type) | uint32_t(o.modifier) << 6);
  if (o.type == OperandType::Immediate32)
    for (int i = 0; i < o.num_components; ++i) out.push_back(o.values[i]);
  for (const Index& ix : o.indices) {
    if (ix.rep == IndexRep::Immediate32 || ix.rep == IndexRep::Immediate32PlusRelative) {
      out.push_back(static_cast<uint32_t>(ix.value));
    } else if (ix.rep != IndexRep::Relative) {
      out.push_back(static_cast<uint32_t>(ix.value >> 32));
      out.push_back(static_cast<uint32_t>(ix.value));
    }
    if (ix.has_relative()) put_operand(ix.relative.at(0), out);
  }
}

}  // namespace

std::vector<uint32_t> encode_program(const Program& program) {
  std::vector<uint32_t> out = {program.version.token(), 0};
  for (const Instruction& ins : program.instructions) {
    const std::size_t head = out.size();
    if (ins.op == Opcode::CustomData) {
      out.push_back(static_cast<uint32_t>(Opcode::CustomData) | ins.custom_class << 11);
      out.push_back(static_cast<uint32_t>(ins.custom_data.size() + 2));
      out.insert(out.end(), ins.custom_data.begin(), ins.custom_data.end());
      continue;
    }
    out.push_back(static_cast<uint32_t>(ins.op) | (ins.control & 0x1FFF) << 11 |
                  (ins.extended.empty() ? 0u : 1u << 31));
    for (std::size_t i = 0; i < ins.extended.size(); ++i) {
      const uint32_t more = i + 1 < ins.extended.size() ? 1u << 31 : 0u;
      out.push_back((ins.extended[i] & 0x7FFFFFFF) | more);
    }
    for (const Operand& o : ins.operands) put_operand(o, out);
    out.insert(out.end(), ins.extra.begin(), ins.extra.end());
    out[head] |= static_cast<uint32_t>(out.size() - head) << 24;
  }
  out[1] = static_cast<uint32_t>(out.size());
  return out;
}

}  // namespace gfx::d3d10
