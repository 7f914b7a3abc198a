// Declarations and signatures of the SM4 -> ISA translator (translate.h): which internal
// register and varying each v# / o# becomes, and the system values the pipeline supplies.
// The pixel stage's own declarations are in translate_ps_decl.cpp.
#include <algorithm>
#include <cctype>
#include <string>

#include "d3d10/names.h"
#include "d3d10/translate_internal.h"

namespace gfx::d3d10::detail {
namespace {

const SignatureElement* element_at(const Signature& sig, uint32_t reg) {
  for (const SignatureElement& e : sig)
    if (e.reg == reg) return &e;
  return nullptr;
}

}  // namespace

std::string upper(std::string s) {
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string sv_name(SystemValue sv) {
  const char* n = value_name(NameSet::SystemValue, uint32_t(sv));
  return n ? std::string("'") + n + "'" : std::to_string(uint32_t(sv));
}

func::Varying varying_of(uint16_t reg) { return func::Varying(int(func::Varying::Attr0) + reg); }

void Translator::link_semantics(const Signature& sig, uint16_t reg) {
  for (const SignatureElement& e : sig) {
    if (e.reg != reg || e.system_value != 0) continue;
    func::LinkSemantic s{reg, upper(e.semantic), e.semantic_index};
    bool known = false;
    for (const func::LinkSemantic& k : p_.link_semantics)
      known |= k.reg == s.reg && k.name == s.name && k.index == s.index;
    if (!known) p_.link_semantics.push_back(std::move(s));
  }
}

void Translator::declare(const Instruction& ins) {
  switch (ins.op) {
    case Opcode::DclTemps:
    case Opcode::DclIndexableTemp: return;  // taken first, in run()
    case Opcode::DclInput:
    case Opcode::DclInputPs: return declare_input(ins, SystemValue::Undefined);
    case Opcode::DclInputSgv:
    case Opcode::DclInputSiv:
    case Opcode::DclInputPsSgv:
    case Opcode::DclInputPsSiv: return declare_input(ins, SystemValue(ins.extra.at(0)));
    case Opcode::DclOutput: return declare_output(ins, SystemValue::Undefined);
    case Opcode::DclOutputSgv:
    case Opcode::DclOutputSiv: return declare_output(ins, SystemValue(ins.extra.at(0)));
    case Opcode::DclConstantBuffer: {  // cb#[size]: relative reads beyond size give 0
      const Operand& cb = ins.operands.at(0);
      if (cb.indices.size() == 2 && cb.indices[0].value < uint64_t(kConstantBufferSlots))
        cb_size_[size_t(cb.indices[0].value)] = uint32_t(cb.indices[1].value);
      return;
    }
    case Opcode::CustomData: return declare_icb(ins);
    case Opcode::DclIndexRange: return declare_index_range(ins);
    case Opcode::DclResource: {
      const Operand& t = ins.operands.at(0);
      if (t.indices.size() == 1 && t.indices[0].value < resource_dim_.size())
        resource_dim_[size_t(t.indices[0].value)] = ins.resource_dimension();
      return;
    }
    case Opcode::DclSampler: {
      const Operand& smp = ins.operands.at(0);
      if (smp.indices.size() == 1 && smp.indices[0].value < sampler_mode_.size())
        sampler_mode_[size_t(smp.indices[0].value)] = ins.sampler_mode();
      return;
    }
    case Opcode::DclGlobalFlags: return;
    default: fail("this declaration is not supported yet");
  }
}

void Translator::declare_input(const Instruction& ins, SystemValue sv) {
  if (pixel_) return declare_pixel_input(ins, sv);
  const Operand& op = ins.operands.at(0);
  if (op.type != OperandType::Input) fail("only v# inputs are supported yet");
  const uint16_t reg = single_index(op, "input");
  if (reg >= func::kMaxInputs) fail("input v" + std::to_string(reg) + " is out of range");
  p_.num_inputs = std::max<uint16_t>(p_.num_inputs, uint16_t(reg + 1));
  if (sv == SystemValue::VertexId || sv == SystemValue::InstanceId) {
    (sv == SystemValue::VertexId ? p_.vertex_id_reg : p_.instance_id_reg) = int16_t(reg);
    input_temp_[reg] = scratch(sv == SystemValue::VertexId ? kScratchVertexId : kScratchInstanceId);
    return;
  }
  if (sv != SystemValue::Undefined)
    fail("the vertex input system value " + sv_name(sv) + " is not supported yet");
  const SignatureElement* e = element_at(shader_.inputs, reg);
  if (!e) fail("input v" + std::to_string(reg) + " has no ISGN element");
  static const std::pair<const char*, api::DeclUsage> kUsages[] = {
      {"POSITION", api::DeclUsage::Position},
      {"NORMAL", api::DeclUsage::Normal},
      {"COLOR", api::DeclUsage::Color},
      {"TEXCOORD", api::DeclUsage::TexCoord},
      {"TANGENT", api::DeclUsage::Tangent},
      {"BINORMAL", api::DeclUsage::Binormal},
      {"BLENDWEIGHT", api::DeclUsage::BlendWeight},
      {"BLENDINDICES", api::DeclUsage::BlendIndices},
      {"PSIZE", api::DeclUsage::PSize},
  };
  const std::string sem = upper(e->semantic);
  const uint32_t usage_index = e->semantic_index;
  // A register declared again for other components is bound once.
  for (const func::LinkSemantic& k : p_.input_semantics)
    if (k.reg == reg) return;
  p_.input_semantics.push_back({reg, sem, usage_index});
  for (const auto& [text, usage] : kUsages) {
    if (sem != text) continue;
    p_.inputs.push_back({usage, uint8_t(usage_index), reg});
    return;
  }
  // build_container names assembled inputs ATTRIB with the register as semantic index.
  if (sem == "ATTRIB") p_.inputs.push_back({api::DeclUsage::TexCoord, uint8_t(usage_index), reg});
  // Any other name has no D3D9 usage: only an input layout can fill it (the driver refuses
  // a draw through a vertex declaration).
}

void Translator::declare_output(const Instruction& ins, SystemValue sv) {
  if (pixel_) return declare_pixel_output(ins, sv);
  const Operand& op = ins.operands.at(0);
  if (op.type != OperandType::Output) fail("only o# outputs are supported yet");
  const uint16_t reg = single_index(op, "output");
  if (sv == SystemValue::Position) {
    position_output_ = reg;
    p_.num_outputs = std::max<uint16_t>(p_.num_outputs, 1);
    return;
  }
  if (sv != SystemValue::Undefined)
    fail("the vertex output system value " + sv_name(sv) + " is not supported yet");
  if (reg >= func::kNumAttrVaryings)
    fail("output o" + std::to_string(reg) + " is out of range (D3D10 has o0..o15)");
  p_.num_outputs = std::max<uint16_t>(p_.num_outputs, uint16_t(reg + 2));
  // A register declared again for other components is bound once.
  for (const func::OutputBinding& o : p_.outputs)
    if (o.reg == reg + 1) return;
  p_.outputs.push_back({varying_of(reg), uint16_t(reg + 1)});
  link_semantics(shader_.outputs, reg);
}

// The pipeline writes SV_VertexID / SV_InstanceID as floats; SM4 code reads uint bits.
void Translator::system_value_prologue() {
  for (int16_t reg : {p_.vertex_id_reg, p_.instance_id_reg}) {
    if (reg < 0) continue;
    func::Instr in;
    in.op = func::Op::FtoU;
    in.dst.index = uint16_t(input_temp_[reg]);
    in.src[0].file = func::RegFile::Input;
    in.src[0].index = uint16_t(reg);
    emit(in);
  }
}

}  // namespace gfx::d3d10::detail
