// Bytecode reader. One pass over the DWORDs: version, then comments and instructions
// until the end token. Shader model 1 has no length field, so instruction sizes come from
// the opcode table; from 2.0 on the length field is checked against the operands read.
#include "d3d9/decoder.h"

#include <cstdio>

#include "common/error.h"
#include "d3d9/opcodes.h"
#include "d3d9/tokens.h"
#include "d3d9/validate.h"

namespace gfx::d3d9 {
namespace {

std::string hex(uint32_t v, int digits = 8) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%0*X", digits, v);
  return buf;
}

class Decoder {
 public:
  Decoder(const uint32_t* t, std::size_t n, const DecodeOptions& o) : t_(t), n_(n), opts_(o) {}

  Shader run() {
    if (n_ == 0) fail(0, "empty shader: no version token");
    read_version();
    std::size_t pos = 1;
    for (;;) {
      if (pos >= n_) fail(n_, "missing end token 0x0000FFFF");
      const uint32_t tk = t_[pos];
      if (tk == tok::kEndToken) {
        if (pos + 1 != n_)
          fail(pos + 1, std::to_string(n_ - pos - 1) + (n_ - pos - 1 == 1 ? " token" : " tokens") +
                            " after the end token");
        break;
      }
      if (tk & tok::kParamBit)
        fail(pos, "expected an instruction token, found parameter token " + hex(tk));
      if (tok::opcode(tk) == tok::kCommentOpcode) {
        pos = read_comment(pos);
      } else if (tok::opcode(tk) == 0xFFFF) {
        fail(pos, "bad end token " + hex(tk) + " (expected 0x0000FFFF)");
      } else {
        pos = read_instruction(pos);
      }
    }
    if (auto p = check_structure(shader_))
      fail(shader_.instructions[p->instruction].offset, p->message);
    read_constant_table();
    return std::move(shader_);
  }

 private:
  [[noreturn]] void fail(std::size_t at, const std::string& message) const {
    std::string s = opts_.source_name.empty() ? "" : opts_.source_name + ": ";
    throw Error(s + "token " + std::to_string(at) + ": " + message);
  }

  void read_version() {
    auto v = supported_version(t_[0]);
    if (!v) {
      const uint32_t kind = t_[0] >> 16;
      if (kind == 0xFFFE || kind == 0xFFFF) {
        Version bad{kind == 0xFFFE ? ShaderType::Vertex : ShaderType::Pixel,
                    static_cast<uint8_t>(t_[0] >> 8), static_cast<uint8_t>(t_[0])};
        fail(0,
             "unsupported shader version " + bad.name() +
                 " (gfxsim reads vs_1_1, vs_2_0, vs_2_x, vs_3_0, ps_1_1 .. ps_1_4, ps_2_0, ps_2_x, "
                 "ps_3_0)");
      }
      fail(0, "bad version token " + hex(t_[0]) +
                  " (expected 0xFFFEmmnn for a vertex shader or 0xFFFFmmnn for a pixel shader)");
    }
    shader_.version = *v;
  }

  std::size_t read_comment(std::size_t pos) {
    const uint32_t len = tok::comment_length(t_[pos]);
    if (pos + 1 + len > n_)
      fail(pos, "comment of " + std::to_string(len) + " DWORDs runs past the end of the shader");
    CommentBlock c;
    c.position = shader_.instructions.size();
    c.offset = static_cast<uint32_t>(pos);
    c.data.assign(t_ + pos + 1, t_ + pos + 1 + len);
    shader_.comments.push_back(std::move(c));
    return pos + 1 + len;
  }

  // Fails unless token p belongs to the instruction at head_ (lies before limit_).
  void need(std::size_t p) const {
    if (p < limit_) return;
    if (limit_ == n_) fail(head_, name_ + " runs past the end of the shader");
    fail(head_, name_ + " needs more parameter tokens than its length " +
                    std::to_string(limit_ - head_ - 1) + " gives");
  }

  // The next parameter token of the instruction.
  uint32_t param(std::size_t& p) {
    need(p);
    const uint32_t t = t_[p];
    if (!(t & tok::kParamBit))
      fail(p, "expected a parameter token of " + name_ + ", found " + hex(t));
    return t_[p++];
  }

  void read_rel(std::size_t& p, bool relative, RelAddr& rel) {
    if (!relative) return;
    if (shader_.version.major < 2) {  // vs_1_1: a0.x, no token
      rel = RelAddr{RegType::Addr, 0, 0};
      return;
    }
    const std::size_t at = p;
    const uint32_t t = param(p);
    if (t & tok::kRelReserved) fail(at, "reserved bits set in relative-address token " + hex(t));
    rel.type = static_cast<RegType>(tok::reg_type(t));
    rel.number = tok::reg_number(t);
    rel.swizzle = tok::src_swizzle(t);
  }

  void read_dst(std::size_t& p, DstParam& d) {
    const std::size_t at = p;
    const uint32_t t = param(p);
    if (t & tok::kDstReserved) fail(at, "reserved bits set in destination token " + hex(t));
    d.type = static_cast<RegType>(tok::reg_type(t));
    d.number = tok::reg_number(t);
    d.mask = tok::dst_mask(t);
    d.modifiers = tok::dst_modifiers(t);
    d.shift = tok::dst_shift(t);
    d.relative = (t & tok::kRelativeBit) != 0;
    read_rel(p, d.relative, d.rel);
  }

  void read_src(std::size_t& p, SrcParam& s) {
    const std::size_t at = p;
    const uint32_t t = param(p);
    if (t & tok::kSrcReserved) fail(at, "reserved bits set in source token " + hex(t));
    s.type = static_cast<RegType>(tok::reg_type(t));
    s.number = tok::reg_number(t);
    s.swizzle = tok::src_swizzle(t);
    s.mod = static_cast<SrcMod>(tok::src_modifier(t));
    s.relative = (t & tok::kRelativeBit) != 0;
    read_rel(p, s.relative, s.rel);
  }

  uint32_t raw(std::size_t& p) {  // def values: any bit pattern
    need(p);
    return t_[p++];
  }

  void read_operands(std::size_t& p, Instruction& ins, std::size_t* part_at) {
    if (ins.op == Opcode::Dcl) {
      part_at[kPartUsage] = p;
      const uint32_t u = param(p);
      if (u & tok::kUsageReserved)
        fail(part_at[kPartUsage], "reserved bits set in dcl token " + hex(u));
      ins.dcl.usage = static_cast<uint8_t>(u & 0xF);
      ins.dcl.usage_index = static_cast<uint8_t>((u >> 16) & 0xF);
      ins.dcl.texture_type = static_cast<TextureType>((u >> 27) & 0xF);
    }
    if (ins.num_dst) {
      part_at[kPartDst] = p;
      read_dst(p, ins.dst);
    }
    if (ins.predicated) {
      part_at[kPartPredicate] = p;
      read_src(p, ins.predicate);
    }
    for (int i = 0; i < ins.num_src; ++i) {
      part_at[kPartSrc0 + i] = p;
      read_src(p, ins.src[static_cast<std::size_t>(i)]);
    }
    const int values = ins.op == Opcode::Def || ins.op == Opcode::DefI ? 4
                       : ins.op == Opcode::DefB                        ? 1
                                                                       : 0;
    for (int i = 0; i < values; ++i) ins.values[static_cast<std::size_t>(i)] = raw(p);
  }

  std::size_t read_instruction(std::size_t pos) {
    const uint32_t tk = t_[pos];
    const Version& v = shader_.version;
    const OpcodeInfo* info = opcode_info(tok::opcode(tk));
    if (!info) fail(pos, "unknown opcode " + hex(tok::opcode(tk), 4));
    Instruction ins;
    ins.op = info->op;
    ins.control = tok::control(tk);
    ins.predicated = (tk & tok::kPredicatedBit) != 0;
    ins.coissue = (tk & tok::kCoissueBit) != 0;
    ins.offset = static_cast<uint32_t>(pos);
    ins.num_dst = info->num_dst;
    ins.num_src = static_cast<uint8_t>(num_sources(*info, v));
    head_ = pos;
    name_ = control_valid(ins.op, ins.control) ? mnemonic(v, ins.op, ins.control)
                                               : display_name(ins.op, ins.control);
    if (tk & tok::kInstrReserved) fail(pos, "reserved bits set in instruction token " + hex(tk));
    if (!available_in(*info, v)) fail(pos, name_ + " is not available in " + v.name());
    // Before reading operands: these change the operand layout.
    if (ins.predicated)
      if (auto e = check_predication(v, ins.op)) fail(pos, *e);
    if (ins.coissue && !(v.is_ps() && v.major == 1))
      fail(pos, "co-issue (+) is only available in ps_1_x");
    if (v.major >= 2) {
      const std::size_t len = tok::length(tk);
      if (pos + 1 + len > n_)
        fail(pos, "instruction length " + std::to_string(len) + " runs past the end of the shader");
      limit_ = pos + 1 + len;
    } else {
      if (tok::length(tk) != 0) fail(pos, "instruction length bits must be 0 in " + v.name());
      limit_ = n_;
    }
    std::size_t part_at[kNumParts];
    for (std::size_t& a : part_at) a = pos;
    std::size_t p = pos + 1;
    read_operands(p, ins, part_at);
    if (v.major >= 2 && p != limit_)
      fail(pos, name_ + " has " + std::to_string(p - pos - 1) +
                    " parameter tokens but its length field says " +
                    std::to_string(limit_ - pos - 1));
    CheckOptions check{opts_.allow_gfxsim_extensions};
    if (auto problem = check_instruction(v, ins, check))
      fail(part_at[problem->part], problem->message);
    shader_.instructions.push_back(ins);
    return p;
  }

  void read_constant_table() {
    for (const CommentBlock& c : shader_.comments) {
      if (c.data.empty() || c.data[0] != tok::kCtabFourCC) continue;
      ConstantTable table;
      std::string error;
      if (!parse_constant_table(c.data, table, error)) fail(c.offset, "constant table: " + error);
      shader_.constant_table = std::move(table);
      return;
    }
  }

  const uint32_t* t_;
  std::size_t n_;
  const DecodeOptions& opts_;
  Shader shader_;
  std::size_t head_ = 0, limit_ = 0;  // the instruction being read
  std::string name_;
};

}  // namespace

Shader decode(const uint32_t* tokens, std::size_t count, const DecodeOptions& opts) {
  return Decoder(tokens, count, opts).run();
}

Shader decode(const std::vector<uint32_t>& tokens, const DecodeOptions& opts) {
  return decode(tokens.data(), tokens.size(), opts);
}

Shader decode_bytes(const uint8_t* bytes, std::size_t size, const DecodeOptions& opts) {
  if (size % 4 != 0) {
    std::string s = opts.source_name.empty() ? "" : opts.source_name + ": ";
    throw Error(s + "shader bytecode of " + std::to_string(size) +
                " bytes is not a whole number of DWORDs");
  }
  std::vector<uint32_t> tokens(size / 4);
  for (std::size_t i = 0; i < tokens.size(); ++i)
    tokens[i] = uint32_t{bytes[4 * i]} | uint32_t{bytes[4 * i + 1]} << 8 |
                uint32_t{bytes[4 * i + 2]} << 16 | uint32_t{bytes[4 * i + 3]} << 24;
  return decode(tokens, opts);
}

}  // namespace gfx::d3d9
