// Text writer; the inverse of asm_parser.cpp. Every field of the model maps to syntax
// the assembler reads back, so disassemble -> assemble reproduces the tokens.
#include "d3d9/disassembler.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "d3d9/opcodes.h"
#include "d3d9/registers.h"
#include "d3d9/tokens.h"

namespace gfx::d3d9 {
namespace {

std::string hex32(uint32_t v) {
  char buf[12];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

// Shortest decimal that reads back to the same bits; raw hex when there is none.
std::string float_text(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, f);
  if (r.ec == std::errc() && std::isfinite(f)) {
    const std::string s(buf, r.ptr);
    float back = 0;
    const char* b = s.c_str() + (s[0] == '-' ? 1 : 0);
    auto p = std::from_chars(b, s.c_str() + s.size(), back);
    if (s[0] == '-') back = -back;
    uint32_t back_bits;
    std::memcpy(&back_bits, &back, sizeof back_bits);
    if (p.ec == std::errc() && back_bits == bits) return s;
  }
  return hex32(bits);
}

std::string rel_text(const Version& v, const RelAddr& r, uint16_t number, RegType type) {
  std::string reg = r.type == RegType::Loop ? "aL" : register_name(v, r.type, r.number);
  if (r.type != RegType::Loop) reg += swizzle_suffix(r.swizzle);
  std::string s = register_file_prefix(v, type) + "[" + reg;
  if (number) s += " + " + std::to_string(number);
  return s + "]";
}

const char* mod_suffix(SrcMod m) {
  switch (m) {
    case SrcMod::Bias:
    case SrcMod::BiasNeg: return "_bias";
    case SrcMod::Sign:
    case SrcMod::SignNeg: return "_bx2";
    case SrcMod::X2:
    case SrcMod::X2Neg: return "_x2";
    case SrcMod::Dz: return "_dz";
    case SrcMod::Dw: return "_dw";
    case SrcMod::Abs:
    case SrcMod::AbsNeg: return "_abs";
    default: return "";
  }
}

const char* mod_prefix(SrcMod m) {
  switch (m) {
    case SrcMod::Neg:
    case SrcMod::BiasNeg:
    case SrcMod::SignNeg:
    case SrcMod::X2Neg:
    case SrcMod::AbsNeg: return "-";
    case SrcMod::Comp: return "1-";
    case SrcMod::Not: return "!";
    default: return "";
  }
}

std::string src_text(const Version& v, const SrcParam& p) {
  std::string s = mod_prefix(p.mod);
  s += p.relative ? rel_text(v, p.rel, p.number, p.type) : register_name(v, p.type, p.number);
  s += mod_suffix(p.mod);
  return s + swizzle_suffix(p.swizzle);
}

std::string dst_text(const Version& v, const DstParam& d) {
  std::string s =
      d.relative ? rel_text(v, d.rel, d.number, d.type) : register_name(v, d.type, d.number);
  return s + mask_suffix(d.mask);
}

std::string dcl_suffix(const Version& v, const Instruction& ins) {
  const DclInfo& d = ins.dcl;
  if (ins.dst.type == RegType::Sampler) {
    const char* t = texture_type_name(d.texture_type);
    return t ? std::string("_") + t : "";
  }
  // ps_2_x inputs and vPos / vFace carry no usage.
  if (ins.dst.type == RegType::Misc || (v.is_ps() && v.major < 3)) return "";
  const char* u = usage_name(d.usage);
  std::string s = std::string("_") + (u ? u : "usage" + std::to_string(d.usage));
  if (d.usage_index) s += std::to_string(d.usage_index);
  return s;
}

std::string modifier_suffix(const DstParam& d) {
  static constexpr const char* kShifts[] = {"", "_x2", "_x4", "_x8", "", "",    "",    "",
                                            "", "",    "",    "",    "", "_d8", "_d4", "_d2"};
  std::string s = kShifts[d.shift & 0xF];
  if (d.modifiers & kModSaturate) s += "_sat";
  if (d.modifiers & kModPartialPrecision) s += "_pp";
  if (d.modifiers & kModCentroid) s += "_centroid";
  return s;
}

// CTAB strings are arbitrary bytes; keep the summary on its comment lines.
std::string printable(const std::string& s) {
  std::string out;
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7F) {
      out += c;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    }
  }
  return out;
}

void constant_table_summary(const ConstantTable& t, const std::string& pad, std::string& out) {
  out += pad + "// constant table: creator \"" + printable(t.creator) + "\", target \"" +
         printable(t.target) + "\"\n";
  static constexpr const char* kSets[] = {"b", "i", "c", "s"};
  for (const ShaderConstant& c : t.constants) {
    out += pad + "//   " + printable(c.name) + " " + kSets[static_cast<unsigned>(c.set) & 3] +
           std::to_string(c.index);
    out += " (" + std::to_string(c.count) + (c.count == 1 ? " register)\n" : " registers)\n");
  }
}

void comment_block(const CommentBlock& c, const std::string& pad, std::string& out) {
  out += pad + ".comment";
  for (std::size_t i = 0; i < c.data.size(); ++i) {
    if (i && i % 8 == 0) out += "\n" + pad + "        ";
    out += " " + hex32(c.data[i]);
  }
  out += "\n";
}

}  // namespace

std::string disassemble(const Version& v, const Instruction& ins) {
  std::string s;
  if (ins.predicated) s += "(" + src_text(v, ins.predicate) + ") ";
  if (ins.coissue) s += "+";
  s += mnemonic(v, ins.op, ins.control);
  if (ins.op == Opcode::Dcl) s += dcl_suffix(v, ins);
  if (ins.num_dst) s += modifier_suffix(ins.dst);
  std::string sep = " ";
  if (ins.num_dst) {
    s += sep + dst_text(v, ins.dst);
    sep = ", ";
  }
  for (int i = 0; i < ins.num_src; ++i, sep = ", ")
    s += sep + src_text(v, ins.src[static_cast<std::size_t>(i)]);
  if (ins.op == Opcode::Def) {
    for (uint32_t x : ins.values) s += ", " + float_text(x);
  } else if (ins.op == Opcode::DefI) {
    for (uint32_t x : ins.values) s += ", " + std::to_string(static_cast<int32_t>(x));
  } else if (ins.op == Opcode::DefB) {
    const uint32_t x = ins.values[0];
    s += x == 0 ? ", false" : x == 1 ? ", true" : ", " + hex32(x);
  }
  return s;
}

std::string disassemble(const Shader& shader, const DisasmOptions& opts) {
  const Version& v = shader.version;
  const std::string base = opts.indent ? "    " : "";
  std::string out = base + v.name() + "\n";
  int depth = 0;
  std::size_t next_comment = 0;
  bool table_shown = false;  // the table comes from the first CTAB block only
  auto comments_before = [&](std::size_t position) {
    for (; next_comment < shader.comments.size() &&
           shader.comments[next_comment].position <= position;
         ++next_comment) {
      const CommentBlock& c = shader.comments[next_comment];
      if (!opts.comments) continue;
      if (shader.constant_table && !table_shown && !c.data.empty() &&
          c.data[0] == tok::kCtabFourCC) {
        constant_table_summary(*shader.constant_table, base, out);
        table_shown = true;
      }
      comment_block(c, base, out);
    }
  };
  for (std::size_t i = 0; i < shader.instructions.size(); ++i) {
    const Instruction& ins = shader.instructions[i];
    comments_before(i);
    const Opcode op = ins.op;
    const bool closes = op == Opcode::EndIf || op == Opcode::EndLoop || op == Opcode::EndRep;
    const bool middle = op == Opcode::Else;
    if ((closes || middle) && depth > 0) --depth;
    const std::string pad = opts.indent ? base + std::string(2 * depth, ' ') : "";
    out += pad + disassemble(v, ins) + "\n";
    if (op == Opcode::If || op == Opcode::IfC || op == Opcode::Loop || op == Opcode::Rep || middle)
      ++depth;
  }
  comments_before(shader.instructions.size() + shader.comments.size());
  return out;
}

}  // namespace gfx::d3d9
