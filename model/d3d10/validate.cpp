#include "d3d10/validate.h"

#include <map>
#include <set>

#include "d3d10/disassembler.h"
#include "d3d10/errors.h"
#include "d3d10/opcodes.h"

namespace gfx::d3d10 {
namespace {

struct Limits {
  uint32_t inputs, outputs;
};

Limits stage_limits(ProgramType t) {
  switch (t) {
    case ProgramType::Vertex: return {16, 16};
    case ProgramType::Geometry: return {16, 32};
    case ProgramType::Pixel: return {32, 8};
  }
  return {16, 16};
}

class Validator {
 public:
  Validator(const Program& p, const ProgramSource& s) : p_(p), src_(s) {}

  void run() {
    for (const Instruction& ins : p_.instructions) {
      at_ = ins.offset;
      check_stage(ins);
      check_declared_register(ins);
      record_declaration(ins);
      for (const Operand& o : ins.operands) check_operand(o, ins.op);
      check_source_selections(ins);
    }
  }

 private:
  [[noreturn]] void fail(const std::string& m) const { fail_at(src_.shader, src_.chunk, at_, m); }

  void check_stage(const Instruction& ins) const {
    const bool gs_only = ins.op == Opcode::Emit || ins.op == Opcode::Cut ||
                         ins.op == Opcode::EmitThenCut || ins.op == Opcode::DclInputPrimitive ||
                         ins.op == Opcode::DclOutputTopology ||
                         ins.op == Opcode::DclMaxOutputVertexCount;
    const bool ps_only = ins.op == Opcode::Discard || ins.op == Opcode::DerivRtx ||
                         ins.op == Opcode::DerivRty || ins.op == Opcode::Sample ||
                         ins.op == Opcode::SampleB || ins.op == Opcode::SampleC ||
                         ins.op == Opcode::DclInputPs || ins.op == Opcode::DclInputPsSgv ||
                         ins.op == Opcode::DclInputPsSiv;
    const ProgramType t = p_.version.type;
    if (gs_only && t != ProgramType::Geometry)
      fail(std::string(opcode_info(ins.op).name) + " is only available in geometry shaders, not " +
           p_.version.name());
    if (ps_only && t != ProgramType::Pixel)
      fail(std::string(opcode_info(ins.op).name) + " is only available in pixel shaders, not " +
           p_.version.name());
  }

  // dcl_input* declares v# (or vPrim), dcl_output* o# (or oDepth / oMask), dcl_indexrange
  // one of the two, dcl_resource t#, dcl_sampler s# and dcl_constantbuffer cb#: any other
  // register there decodes but prints as a declaration that reads back differently (the
  // fuzzer's "dcl_input_ps linear sample icb536870912" and "dcl_resource_texture2d ... icb0").
  void check_declared_register(const Instruction& ins) const {
    if (ins.operands.empty()) return;
    const OperandType t = ins.operands[0].type;
    bool ok = true;
    switch (ins.op) {
      case Opcode::DclResource: ok = t == OperandType::Resource; break;
      case Opcode::DclSampler: ok = t == OperandType::Sampler; break;
      case Opcode::DclConstantBuffer: ok = t == OperandType::ConstantBuffer; break;
      case Opcode::DclIndexRange: ok = t == OperandType::Input || t == OperandType::Output; break;
      case Opcode::DclOutput:
      case Opcode::DclOutputSgv:
      case Opcode::DclOutputSiv:
        ok = t == OperandType::Output || t == OperandType::OutputDepth ||
             t == OperandType::OutputCoverageMask;
        break;
      default:
        if (declares_register_components(ins.op))
          ok = t == OperandType::Input || t == OperandType::InputPrimitiveId;
    }
    if (!ok)
      fail(std::string(opcode_info(ins.op).name) + " declares a register of type " +
           operand_prefix(t));
  }

  static bool declares_register_components(Opcode op) {
    switch (op) {
      case Opcode::DclIndexRange:
      case Opcode::DclInput:
      case Opcode::DclInputSgv:
      case Opcode::DclInputSiv:
      case Opcode::DclInputPs:
      case Opcode::DclInputPsSgv:
      case Opcode::DclInputPsSiv:
      case Opcode::DclOutput:
      case Opcode::DclOutputSgv:
      case Opcode::DclOutputSiv: return true;
      default: return false;
    }
  }

  // A source operand of an instruction reads through a swizzle or one component; a write
  // mask there has no meaning (fxc never writes one) and no text of its own.
  void check_source_selections(const Instruction& ins) const {
    const OpcodeInfo& info = opcode_info(ins.op);
    if (declares_register_components(ins.op) && !ins.operands.empty()) {
      // dcl_input v1.xy declares which components of the register exist: a mask, never a
      // swizzle (fxc writes masks; a swizzle has no text the assembler reads back).
      const Operand& o = ins.operands[0];
      if (o.num_components == 4 && o.selection != Selection::Mask)
        fail(std::string(info.name) +
             ": the declared register selects its components with a "
             "swizzle (a declaration takes a component mask)");
    }
    if ((ins.op == Opcode::DclResource || ins.op == Opcode::DclSampler) && !ins.operands.empty() &&
        ins.operands[0].num_components != 0)
      fail(std::string(info.name) +
           ": the declared register has components (t# and s# are "
           "declared bare)");
    if (ins.op == Opcode::DclConstantBuffer && !ins.operands.empty()) {
      // fxc writes cb#[n] with the swizzle .xyzw, which its listings leave out; any other
      // selection would print as a mask that does not assemble.
      const Operand& o = ins.operands[0];
      if (o.num_components != 0 &&
          (o.num_components != 4 || o.selection != Selection::Swizzle || o.swizzle != 0xE4))
        fail("dcl_constantbuffer: the declared buffer selects components other than .xyzw");
    }
    if (info.declaration) return;
    for (std::size_t i = 0; i < info.num_dst && i < ins.operands.size(); ++i)
      if (ins.operands[i].num_components == 4 && ins.operands[i].selection != Selection::Mask)
        fail(std::string(info.name) + ": destination operand " + std::to_string(i + 1) +
             " selects its components with a swizzle (destinations take a write mask)");
    for (std::size_t i = info.num_dst; i < ins.operands.size(); ++i)
      if (ins.operands[i].num_components == 4 && ins.operands[i].selection == Selection::Mask &&
          ins.operands[i].type != OperandType::Immediate32 &&
          ins.operands[i].type != OperandType::Immediate64)  // their selection bits are unused
        fail(std::string(info.name) + ": source operand " + std::to_string(i - info.num_dst + 1) +
             " selects its components with a write mask (sources take a swizzle or one "
             "component)");
  }

  void record_declaration(const Instruction& ins) {
    switch (ins.op) {
      case Opcode::DclTemps:
        if (ins.extra[0] > 4096)
          fail("dcl_temps " + std::to_string(ins.extra[0]) + " is more than 4096");
        temps_ = ins.extra[0];
        break;
      case Opcode::DclIndexableTemp: indexable_[ins.extra[0]] = ins.extra[1]; break;
      case Opcode::DclConstantBuffer: {
        const Operand& o = ins.operands[0];
        if (o.indices.size() != 2) fail("dcl_constantbuffer needs cb<slot>[<size>]");
        const uint64_t slot = o.indices[0].value, size = o.indices[1].value;
        if (slot >= 14) fail("constant buffer slot cb" + std::to_string(slot) + " is beyond cb13");
        if (size > 4096)
          fail("cb" + std::to_string(slot) + " size " + std::to_string(size) +
               " is more than 4096");
        cb_size_[static_cast<uint32_t>(slot)] = static_cast<uint32_t>(size);
        break;
      }
      case Opcode::DclSampler: samplers_.insert(first_index(ins)); break;
      case Opcode::DclResource: resources_.insert(first_index(ins)); break;
      default: break;
    }
  }

  uint32_t first_index(const Instruction& ins) const {
    const Operand& o = ins.operands.at(0);
    if (o.indices.empty()) fail("declaration operand has no register number");
    return static_cast<uint32_t>(o.indices[0].value);
  }

  static std::string reg(const char* prefix, uint64_t n) { return prefix + std::to_string(n); }

  // How many indices a register of type `t` takes in this stage: r#, o#, s#, t#, icb[],
  // l# one; v# one, or [vertex][register] in a geometry shader; x#[] and cb#[] two;
  // immediates, oDepth, oMask, vPrim, null and the rasterizer none. Other counts decode
  // but have no text that reads back (the dxbc fuzzer's oMask[0][0], o[0][n][0], a bare
  // cb), so they are refused here.
  int index_dimension(OperandType t) const {
    switch (t) {
      case OperandType::Input: return p_.version.type == ProgramType::Geometry ? 2 : 1;
      case OperandType::Temp:
      case OperandType::Output:
      case OperandType::Sampler:
      case OperandType::Resource:
      case OperandType::ImmediateConstantBuffer:
      case OperandType::Label: return 1;
      case OperandType::IndexableTemp:
      case OperandType::ConstantBuffer: return 2;
      default: return 0;
    }
  }

  void check_operand(const Operand& o, Opcode op) const {
    const int dims = index_dimension(o.type);
    if (int(o.indices.size()) != dims)
      fail(std::string(operand_prefix(o.type)) + " operand with " +
           std::to_string(o.indices.size()) + (o.indices.size() == 1 ? " index" : " indices") +
           " (it takes " + std::to_string(dims) + ")");
    // An instruction reads and writes these registers through four components; with none or
    // one, the operand prints as a bare register that reads back as four (the fuzzer's
    // "cb0[0]", found twice).
    const bool holds_values =
        o.type == OperandType::Temp || o.type == OperandType::Input ||
        o.type == OperandType::Output || o.type == OperandType::IndexableTemp ||
        o.type == OperandType::ConstantBuffer || o.type == OperandType::ImmediateConstantBuffer;
    if (holds_values && o.num_components != 4 && !opcode_info(op).declaration)
      fail(std::string(operand_prefix(o.type)) + " operand with " +
           std::to_string(o.num_components) + " components (registers take 4)");
    for (const Index& ix : o.indices)
      for (const Operand& r : ix.relative) check_operand(r, op);
    if (o.indices.empty() || !o.indices.back().has_immediate()) {
      if (o.type == OperandType::ConstantBuffer && !o.indices.empty()) check_cb_slot(o);
      return;
    }
    const uint64_t last = o.indices.back().value;
    const bool relative_last = o.indices.back().has_relative();
    const Limits lim = stage_limits(p_.version.type);
    switch (o.type) {
      case OperandType::Temp:
        if (last >= temps_)
          fail(reg("r", last) + " is beyond dcl_temps " + std::to_string(temps_) +
               (temps_ ? " (r0-r" + std::to_string(temps_ - 1) + ")" : " (no temps declared)"));
        break;
      case OperandType::Input:
        if (!relative_last && last >= lim.inputs)
          fail(reg("v", last) + " is beyond the " + std::to_string(lim.inputs) +
               " input registers of " + p_.version.name());
        break;
      case OperandType::Output:
        if (!relative_last && last >= lim.outputs)
          fail(reg("o", last) + " is beyond the " + std::to_string(lim.outputs) +
               " output registers of " + p_.version.name());
        break;
      case OperandType::ConstantBuffer: {
        const uint32_t slot = check_cb_slot(o);
        if (op != Opcode::DclConstantBuffer && o.indices.size() == 2 && !relative_last &&
            last >= cb_size_.at(slot))
          fail("cb" + std::to_string(slot) + "[" + std::to_string(last) +
               "] is beyond its declared size " + std::to_string(cb_size_.at(slot)));
        break;
      }
      case OperandType::Sampler:
        if (op != Opcode::DclSampler && !samplers_.count(static_cast<uint32_t>(last)))
          fail(reg("s", last) + " is not declared");
        break;
      case OperandType::Resource:
        if (op != Opcode::DclResource && !resources_.count(static_cast<uint32_t>(last)))
          fail(reg("t", last) + " is not declared");
        break;
      case OperandType::IndexableTemp: {
        const auto it = indexable_.find(static_cast<uint32_t>(o.indices[0].value));
        if (it == indexable_.end()) fail(reg("x", o.indices[0].value) + " is not declared");
        if (o.indices.size() == 2 && !relative_last && last >= it->second)
          fail(reg("x", o.indices[0].value) + "[" + std::to_string(last) + "] is beyond its size " +
               std::to_string(it->second));
        break;
      }
      default: break;
    }
  }

  uint32_t check_cb_slot(const Operand& o) const {
    const uint32_t slot = static_cast<uint32_t>(o.indices[0].value);
    if (!cb_size_.count(slot)) fail("cb" + std::to_string(slot) + " is not declared");
    return slot;
  }

  const Program& p_;
  const ProgramSource& src_;
  uint32_t at_ = 0;
  uint32_t temps_ = 0;
  std::map<uint32_t, uint32_t> cb_size_, indexable_;
  std::set<uint32_t> samplers_, resources_;
};

}  // namespace

void validate_program(const Program& program, const ProgramSource& src) {
  Validator(program, src).run();
}

}  // namespace gfx::d3d10
