#include "d3d10/disassembler.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "d3d10/names.h"
#include "d3d10/opcodes.h"

namespace gfx::d3d10 {
namespace {

const char kComp[] = "xyzw";

std::string hex_bits(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}

std::string float_text(uint32_t bits) {
  const uint32_t exp = bits >> 23 & 0xFF;
  if (exp == 0xFF || (exp == 0 && (bits & 0x7FFFFF) != 0)) return hex_bits(bits);
  float f;
  std::memcpy(&f, &bits, 4);
  char b[64];
  std::snprintf(b, sizeof b, "%f", static_cast<double>(f));
  float back = std::strtof(b, nullptr);
  uint32_t back_bits;
  std::memcpy(&back_bits, &back, 4);
  if (back_bits == bits && std::strlen(b) <= 16) return b;  // fxc's form, when exact and short
  std::snprintf(b, sizeof b, "%.9g", static_cast<double>(f));
  if (!std::strpbrk(b, ".e")) std::strcat(b, ".0");
  return b;
}

std::string int_text(uint32_t bits) { return std::to_string(static_cast<int32_t>(bits)); }

// mov, movc, customdata: the bits decide. Integer-looking bits (exponent field 0, or
// small negative integers, whose exponent is all ones) print as integers.
std::string any_text(uint32_t bits) {
  if (bits == 0) return "0";
  const uint32_t exp = bits >> 23 & 0xFF;
  if (exp == 0 && !(bits >> 31)) return std::to_string(bits);
  if (bits >= 0xFF800000u) return int_text(bits);
  if (exp == 0) return hex_bits(bits);
  return float_text(bits);
}

std::string immediate_text(uint32_t bits, ImmKind kind) {
  switch (kind) {
    case ImmKind::Float: return float_text(bits);
    case ImmKind::Int: return int_text(bits);
    case ImmKind::Any: return any_text(bits);
  }
  return any_text(bits);
}

std::string operand_text(const Operand& o, ImmKind kind);

std::string index_text(const Index& ix) {
  std::string s;
  if (ix.has_relative()) s = operand_text(ix.relative[0], ImmKind::Int);
  if (ix.rep == IndexRep::Relative) return s;
  const std::string imm = std::to_string(ix.value);
  return ix.has_relative() ? s + " + " + imm : imm;
}

std::string operand_text(const Operand& o, ImmKind kind) {
  std::string s;
  if (o.type == OperandType::Immediate32) {
    s = "l(";
    for (int i = 0; i < o.num_components; ++i)
      s += (i ? ", " : "") + immediate_text(o.values[i], kind);
    s += ")";
  } else {
    s = operand_prefix(o.type);
    const bool inline_first = !o.indices.empty() && o.indices[0].rep == IndexRep::Immediate32 &&
                              (o.indices.size() == 1 || o.type == OperandType::ConstantBuffer ||
                               o.type == OperandType::IndexableTemp);
    for (std::size_t i = 0; i < o.indices.size(); ++i)
      s += i == 0 && inline_first ? index_text(o.indices[0]) : "[" + index_text(o.indices[i]) + "]";
    if (o.num_components == 4) {
      switch (o.selection) {
        case Selection::Mask:
          if (o.mask) s += ".";
          for (int c = 0; c < 4; ++c)
            if (o.mask >> c & 1) s += kComp[c];
          break;
        case Selection::Swizzle:
          s += ".";
          for (int c = 0; c < 4; ++c) s += kComp[o.swizzle >> (2 * c) & 3];
          break;
        case Selection::Select1: s += std::string(".") + kComp[o.select]; break;
      }
    }
  }
  switch (o.modifier) {
    case OperandModifier::None: return s;
    case OperandModifier::Neg: return "-" + s;
    case OperandModifier::Abs: return "|" + s + "|";
    case OperandModifier::AbsNeg: return "-|" + s + "|";
  }
  return s;
}

std::string name_of(NameSet set, uint32_t v) {
  const char* n = value_name(set, v);
  return n ? n : std::to_string(v);
}

std::string declaration_text(const Instruction& ins, const OpcodeInfo& info) {
  std::string s = info.name;
  auto op0 = [&] { return operand_text(ins.operands.at(0), ImmKind::Int); };
  switch (ins.op) {
    case Opcode::DclGlobalFlags: {
      std::string flags;
      for (uint32_t bit = 1; bit <= 8; bit <<= 1)
        if (ins.control & bit)
          flags += (flags.empty() ? "" : " | ") + name_of(NameSet::GlobalFlag, bit);
      return flags.empty() ? s : s + " " + flags;
    }
    case Opcode::DclInputPs:
      return s + " " + name_of(NameSet::Interpolation, ins.interpolation()) + " " + op0();
    case Opcode::DclInputPsSgv:
    case Opcode::DclInputPsSiv:
      return s + " " + name_of(NameSet::Interpolation, ins.interpolation()) + " " + op0() + ", " +
             name_of(NameSet::SystemValue, ins.extra[0]);
    case Opcode::DclInputSgv:
    case Opcode::DclInputSiv:
    case Opcode::DclOutputSgv:
    case Opcode::DclOutputSiv:
      return s + " " + op0() + ", " + name_of(NameSet::SystemValue, ins.extra[0]);
    case Opcode::DclConstantBuffer: {
      // fxc leaves out the .xyzw swizzle every dcl_constantbuffer operand carries.
      Operand cb = ins.operands.at(0);
      const bool plain =
          cb.num_components == 4 && cb.selection == Selection::Swizzle && cb.swizzle == 0xE4;
      if (plain) cb.num_components = 0;
      return s + " " + operand_text(cb, ImmKind::Int) +
             (ins.dynamic_indexed() ? ", dynamicIndexed" : ", immediateIndexed");
    }
    case Opcode::DclSampler:
      return s + " " + op0() + ", " + name_of(NameSet::SamplerMode, ins.control);
    case Opcode::DclResource: {
      s += "_" + name_of(NameSet::ResourceDim, ins.resource_dimension());
      const uint32_t dim = ins.resource_dimension();
      if (dim == 4 || dim == 9) s += "(" + std::to_string(ins.sample_count()) + ")";
      s += " (";
      for (int i = 0; i < 4; ++i)
        s += (i ? "," : "") + name_of(NameSet::ReturnType, ins.extra[0] >> (4 * i) & 0xF);
      return s + ") " + op0();
    }
    case Opcode::DclIndexRange: return s + " " + op0() + ", " + std::to_string(ins.extra[0]);
    case Opcode::DclInputPrimitive: return s + " " + name_of(NameSet::Primitive, ins.primitive());
    case Opcode::DclOutputTopology: return s + " " + name_of(NameSet::Topology, ins.topology());
    case Opcode::DclTemps:
    case Opcode::DclMaxOutputVertexCount: return s + " " + std::to_string(ins.extra[0]);
    case Opcode::DclIndexableTemp:
      return s + " x" + std::to_string(ins.extra[0]) + "[" + std::to_string(ins.extra[1]) + "], " +
             std::to_string(ins.extra[2]);
    case Opcode::CustomData: {
      s += " {";
      for (std::size_t i = 0; i < ins.custom_data.size(); ++i) {
        if (i % 4 == 0)
          s += i ? " }, { " : " { ";
        else
          s += ", ";
        s += any_text(ins.custom_data[i]);
      }
      return s + (ins.custom_data.empty() ? " }" : " } }");
    }
    default: break;
  }
  if (!ins.operands.empty()) s += " " + op0();
  return s;
}

}  // namespace

std::string disassemble(const Instruction& ins) {
  const OpcodeInfo& info = opcode_info(ins.op);
  if (info.declaration) return declaration_text(ins, info);
  std::string s = info.name;
  if (info.has_test) s += ins.test_nonzero() ? "_nz" : "_z";
  if (ins.op == Opcode::ResInfo && ins.resinfo_return() == 1) s += "_rcpFloat";
  if (ins.op == Opcode::ResInfo && ins.resinfo_return() == 2) s += "_uint";
  if (ins.saturate()) s += "_sat";
  if (!ins.extended.empty()) {
    const auto off = ins.texel_offsets();
    s += "_aoffimmi(" + std::to_string(off[0]) + "," + std::to_string(off[1]) + "," +
         std::to_string(off[2]) + ")";
  }
  for (std::size_t i = 0; i < ins.operands.size(); ++i)
    s += (i ? ", " : " ") + operand_text(ins.operands[i], info.imm);
  return s;
}

std::string disassemble(const Program& program) {
  std::string out = program.version.name() + "\n";
  for (const Instruction& ins : program.instructions) out += disassemble(ins) + "\n";
  return out;
}

const char* operand_prefix(OperandType t) {
  switch (t) {
    case OperandType::Temp: return "r";
    case OperandType::Input: return "v";
    case OperandType::Output: return "o";
    case OperandType::IndexableTemp: return "x";
    case OperandType::Sampler: return "s";
    case OperandType::Resource: return "t";
    case OperandType::ConstantBuffer: return "cb";
    case OperandType::ImmediateConstantBuffer: return "icb";
    case OperandType::Label: return "l";
    case OperandType::InputPrimitiveId: return "vPrim";
    case OperandType::OutputDepth: return "oDepth";
    case OperandType::Null: return "null";
    case OperandType::Rasterizer: return "rasterizer";
    case OperandType::OutputCoverageMask: return "oMask";
    default: return "?";
  }
}

}  // namespace gfx::d3d10
