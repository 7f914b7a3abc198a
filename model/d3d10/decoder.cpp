// One pass over the tokens; each instruction is read inside the bounds its length gives.
#include "d3d10/decoder.h"

#include "d3d10/errors.h"
#include "d3d10/names.h"
#include "d3d10/opcodes.h"

namespace gfx::d3d10 {
namespace {

class Decoder {
 public:
  Decoder(const std::vector<uint32_t>& t, const ProgramSource& s) : t_(t), src_(s) {}

  Program run() {
    if (t_.size() < 2) fail(t_.size(), "truncated program: no version and length tokens");
    read_version();
    if (t_[1] != t_.size())
      fail(1, "the length token says " + std::to_string(t_[1]) + " dwords, the chunk holds " +
                  std::to_string(t_.size()));
    for (std::size_t pos = 2; pos < t_.size();) pos = read_instruction(pos);
    return std::move(program_);
  }

 private:
  [[noreturn]] void fail(std::size_t at, const std::string& m) const {
    fail_at(src_.shader, src_.chunk, at, m);
  }

  void read_version() {
    const uint32_t v = t_[0];
    const uint32_t type = v >> 16;
    if (type > 2)
      fail(0, "program type " + std::to_string(type) +
                  " is not a pixel, vertex or geometry shader (hull, domain and compute "
                  "shaders are shader model 5)");
    if ((v & 0xFF00) != 0) fail(0, "reserved bits set in version token " + hex32(v));
    program_.version.type = static_cast<ProgramType>(type);
    program_.version.major = static_cast<uint8_t>(v >> 4 & 0xF);
    program_.version.minor = static_cast<uint8_t>(v & 0xF);
    if (program_.version.major != 4 || program_.version.minor > 1)
      fail(0, "shader model " + std::to_string(program_.version.major) + "." +
                  std::to_string(program_.version.minor) +
                  " is not read (gfxsim reads 4.0 and 4.1)");
  }

  // Token p of the instruction that starts at head_ and ends before end_.
  uint32_t take(std::size_t& p, const char* what) {
    if (p >= end_)
      fail(head_, std::string(name_) + ": " + what + " lies past the instruction's length " +
                      std::to_string(end_ - head_));
    return t_[p++];
  }

  std::size_t read_instruction(std::size_t pos) {
    const uint32_t tk = t_[pos];
    const uint32_t raw = tk & 0x7FF;
    Instruction ins;
    ins.offset = static_cast<uint32_t>(pos);
    if (raw == static_cast<uint32_t>(Opcode::CustomData)) return read_custom_data(pos, ins);
    const OpcodeInfo* info = opcode_info(raw);
    if (!info) fail(pos, "unknown opcode " + std::to_string(raw) + " in token " + hex32(tk));
    name_ = info->name;
    const uint32_t len = tk >> 24 & 0x7F;
    if (len == 0) fail(pos, std::string(name_) + " has length 0");
    if (pos + len > t_.size())
      fail(pos, std::string(name_) + " of length " + std::to_string(len) +
                    " runs past the end of the chunk (" + std::to_string(t_.size()) + " dwords)");
    head_ = pos;
    end_ = pos + len;
    ins.op = info->op;
    ins.control = tk >> 11 & 0x1FFF;
    if (ins.control & ~allowed_controls(*info))
      fail(pos, std::string(name_) + " sets opcode controls " + hex32(ins.control << 11) +
                    " it does not have");
    if (info->declaration) check_declaration_fields(ins, pos);
    std::size_t p = pos + 1;
    for (bool more = tk >> 31; more;) {
      const std::size_t at = p;
      const uint32_t e = take(p, "extended opcode token");
      more = e >> 31;
      if ((e & 0x3F) != 1 || !info->sample_offsets)
        fail(at, "extended opcode token " + hex32(e) + " is not a sample-offset token of " + name_);
      if (e & 0x7FE001C0) fail(at, "reserved bits set in extended opcode token " + hex32(e));
      ins.extended.push_back(e);
    }
    for (int i = 0; i < info->num_operands(); ++i) ins.operands.push_back(read_operand(p));
    for (int i = 0; i < info->num_extra; ++i) ins.extra.push_back(take(p, "declaration value"));
    if (p != end_)
      fail(pos, std::string(name_) + " has length " + std::to_string(len) + ", its operands take " +
                    std::to_string(p - pos));
    check_extra(ins);
    program_.instructions.push_back(std::move(ins));
    return end_;
  }

  std::size_t read_custom_data(std::size_t pos, Instruction& ins) {
    ins.op = Opcode::CustomData;
    ins.custom_class = t_[pos] >> 11;
    if (ins.custom_class != kCustomDataImmediateConstantBuffer)
      fail(pos, "customdata class " + std::to_string(ins.custom_class) +
                    " is not read (only immediate constant buffers, class 3)");
    if (pos + 1 >= t_.size()) fail(pos, "customdata block has no length dword");
    const uint32_t len = t_[pos + 1];
    if (len < 2 || pos + len > t_.size())
      fail(pos + 1, "customdata length " + std::to_string(len) +
                        " runs past the end of the chunk (" + std::to_string(t_.size()) +
                        " dwords)");
    ins.custom_data.assign(t_.begin() + pos + 2, t_.begin() + pos + len);
    program_.instructions.push_back(std::move(ins));
    return pos + len;
  }

  void need_name(NameSet set, uint32_t v, std::size_t at) const {
    if (!value_name(set, v))
      fail(at, std::string(name_) + ": " + std::to_string(v) + " is no " + set_description(set));
  }

  void check_declaration_fields(const Instruction& ins, std::size_t at) const {
    const uint32_t c = ins.control;
    switch (ins.op) {
      case Opcode::DclInputPs:
      case Opcode::DclInputPsSgv:
      case Opcode::DclInputPsSiv: need_name(NameSet::Interpolation, c, at); break;
      case Opcode::DclResource:
        need_name(NameSet::ResourceDim, ins.resource_dimension(), at);
        if ((c >> 12) != 0) fail(at, "reserved bits set in dcl_resource token");
        break;
      case Opcode::DclSampler: need_name(NameSet::SamplerMode, c, at); break;
      case Opcode::DclConstantBuffer:
        if (c > 1) fail(at, "dcl_constantbuffer sets reserved bits " + hex32(c << 11));
        break;
      case Opcode::DclInputPrimitive: need_name(NameSet::Primitive, c, at); break;
      case Opcode::DclOutputTopology: need_name(NameSet::Topology, c, at); break;
      case Opcode::DclGlobalFlags:
        if (c & ~0xFu) fail(at, "dcl_globalFlags sets unknown flags " + hex32(c << 11));
        break;
      default:
        if (c != 0) fail(at, std::string(name_) + " sets opcode controls " + hex32(c << 11));
    }
  }

  void check_extra(const Instruction& ins) const {
    switch (ins.op) {
      case Opcode::DclInputSgv:
      case Opcode::DclInputSiv:
      case Opcode::DclInputPsSgv:
      case Opcode::DclInputPsSiv:
      case Opcode::DclOutputSgv:
      case Opcode::DclOutputSiv: need_name(NameSet::SystemValue, ins.extra[0], end_ - 1); break;
      case Opcode::DclResource:
        for (int i = 0; i < 4; ++i)
          need_name(NameSet::ReturnType, ins.extra[0] >> (4 * i) & 0xF, end_ - 1);
        if (ins.extra[0] >> 16) fail(end_ - 1, "reserved bits set in the return-type token");
        break;
      default: break;
    }
  }

  Operand read_operand(std::size_t& p) {
    const std::size_t at = p;
    const uint32_t t = take(p, "operand");
    Operand o;
    const uint32_t nc = t & 3;
    if (nc == 3) fail(at, "N-component operands (" + hex32(t) + ") are not SM4.0");
    o.num_components = static_cast<uint8_t>(nc == 2 ? 4 : nc);
    if (o.num_components == 4) {
      const uint32_t sel = t >> 2 & 3;
      if (sel == 3) fail(at, "operand selection mode 3 in " + hex32(t));
      o.selection = static_cast<Selection>(sel);
      o.mask = static_cast<uint8_t>(t >> 4 & 0xF);
      o.swizzle = static_cast<uint8_t>(t >> 4 & 0xFF);
      o.select = static_cast<uint8_t>(t >> 4 & 3);
      const uint32_t used = sel == 0 ? 0xF0 : sel == 1 ? 0xFF0 : 0x30;
      if (t & 0xFF0 & ~used) fail(at, "reserved component bits set in operand " + hex32(t));
      if (sel != 0) o.mask = 0xF;
      if (sel != 1) o.swizzle = 0xE4;
      if (sel != 2) o.select = 0;
    } else if (t & 0xFFC) {
      fail(at, "component bits set in a " + std::to_string(o.num_components) +
                   "-component operand " + hex32(t));
    }
    const uint32_t type = t >> 12 & 0xFF;
    if (type >= kNumOperandTypes) fail(at, "unknown operand type " + std::to_string(type));
    o.type = static_cast<OperandType>(type);
    const uint32_t dim = t >> 20 & 3;
    for (uint32_t i = dim; i < 3; ++i)
      if (t >> (22 + 3 * i) & 7) fail(at, "index representation set beyond the index dimension");
    if (t >> 31) {
      o.extended = true;
      const std::size_t eat = p;
      const uint32_t e = take(p, "extended operand token");
      if ((e & 0x3F) > 1 || (e >> 6 & 0xFF) > 3 || (e & 0xFFFFC000u))
        fail(eat, "extended operand token " + hex32(e) + " is not a negate/abs modifier");
      // An empty extended token (type 0) with modifier bits would re-encode as type 1.
      if ((e & 0x3F) == 0 && e != 0)
        fail(eat, "extended operand token " + hex32(e) + " is empty but sets modifier bits");
      o.extended_type = static_cast<uint8_t>(e & 0x3F);
      o.modifier = static_cast<OperandModifier>(e >> 6 & 0xFF);
    }
    if (o.type == OperandType::Immediate32) {
      if (o.num_components == 0) fail(at, "immediate with no components");
      for (int i = 0; i < o.num_components; ++i) o.values[i] = take(p, "immediate value");
    } else if (o.type == OperandType::Immediate64) {
      fail(at, "64-bit immediates are shader model 5");
    }
    for (uint32_t i = 0; i < dim; ++i) {
      const uint32_t rep = t >> (22 + 3 * i) & 7;
      if (rep > 4) fail(at, "unknown index representation " + std::to_string(rep));
      Index ix;
      ix.rep = static_cast<IndexRep>(rep);
      // No register file of shader model 4 needs a 64-bit index, fxc never writes one, and
      // the asm text has no way to say it: refused rather than decoded into a form that
      // does not survive a round trip.
      if (ix.rep == IndexRep::Immediate64 || ix.rep == IndexRep::Immediate64PlusRelative)
        fail(at,
             "a 64-bit index (representation " + std::to_string(rep) + ") is not shader model 4");
      if (ix.rep == IndexRep::Immediate32 || ix.rep == IndexRep::Immediate32PlusRelative)
        ix.value = take(p, "index");
      if (ix.has_relative()) {
        const std::size_t rat = p;
        ix.relative.push_back(read_operand(p));
        const Operand& r = ix.relative[0];
        if (r.num_components == 4 && r.selection != Selection::Select1)
          fail(rat, "a relative index must select one component");
      }
      o.indices.push_back(std::move(ix));
    }
    return o;
  }

  const std::vector<uint32_t>& t_;
  const ProgramSource& src_;
  Program program_;
  std::size_t head_ = 0, end_ = 0;
  const char* name_ = "";
};

}  // namespace

std::string Version::name() const {
  const char* prefix = type == ProgramType::Pixel    ? "ps"
                       : type == ProgramType::Vertex ? "vs"
                                                     : "gs";
  return std::string(prefix) + "_" + std::to_string(major) + "_" + std::to_string(minor);
}

std::array<int, 3> Instruction::texel_offsets() const {
  std::array<int, 3> out{};
  for (uint32_t e : extended) {
    if ((e & 0x3F) != 1) continue;
    for (int i = 0; i < 3; ++i) {
      const int v = static_cast<int>(e >> (9 + 4 * i) & 0xF);
      out[i] = v >= 8 ? v - 16 : v;
    }
  }
  return out;
}

Program decode_program(const std::vector<uint32_t>& tokens, const ProgramSource& src) {
  return Decoder(tokens, src).run();
}

}  // namespace gfx::d3d10
