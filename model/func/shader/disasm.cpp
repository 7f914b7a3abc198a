// Disassembler of the ISA (see disasm.h for the syntax).
#include "func/shader/disasm.h"

#include <cstdio>
#include <vector>

#include "func/shader/op_info.h"

namespace gfx::func {
namespace {

const char kChannel[] = "xyzw";

const char* file_prefix(RegFile f) {
  switch (f) {
    case RegFile::Temp: return "r";
    case RegFile::Input: return "v";
    case RegFile::Const: return "c";
    case RegFile::Output: return "o";
    case RegFile::Addr: return "a";
    case RegFile::Pred: return "p";
    case RegFile::ConstInt: return "i";
    case RegFile::ConstBool: return "b";
    case RegFile::Icb: return "icb";
  }
  return "?";
}

std::string reg_name(RegFile f, unsigned index) { return file_prefix(f) + std::to_string(index); }

std::string dst_text(const Dst& d) {
  std::string s = reg_name(d.file, d.index);
  if (d.rel == RelAddr::Loop) s += "[aL]";  // vs_3_0 o[aL]: the index is the D3D9 o#
  if (d.rel == RelAddr::A0) s += std::string("[a0.") + kChannel[d.rel_comp & 3] + "]";
  if ((d.mask & 0xF) == 0xF) return s;
  s += '.';
  if ((d.mask & 0xF) == 0) return s + '-';  // writes nothing
  for (int c = 0; c < 4; ++c)
    if (d.mask & (1u << c)) s += kChannel[c];
  return s;
}

std::string swizzle_text(uint8_t swz) {
  int sel[4];
  for (int c = 0; c < 4; ++c) sel[c] = (swz >> (2 * c)) & 3;
  std::string s = ".";
  if (sel[0] == sel[1] && sel[1] == sel[2] && sel[2] == sel[3]) return s + kChannel[sel[0]];
  for (int c = 0; c < 4; ++c) s += kChannel[sel[c]];
  return s;
}

std::string src_text(const Src& src) {
  // Booleans negate with '!', numbers with '-'.
  std::string s = src.negate ? (src.file == RegFile::Pred ? "!" : "-") : "";
  s += reg_name(src.file, src.index);
  if (src.rel == RelAddr::A0) s += std::string("[a0.") + kChannel[src.rel_comp & 3] + "]";
  if (src.rel == RelAddr::Loop) s += "[aL]";
  if (src.abs) s += "_abs";
  static const char* const kPs1[] = {"", "_bias", "_bx2", "_comp", "_x2"};
  s += kPs1[unsigned(src.ps1) % 5];
  if (src.clamp == InClamp::Unit) s += "_clamp01";  // ps_1_x read clamps
  if (src.clamp == InClamp::Signed) s += "_clamp11";
  if (src.swz == kSwizzleIdentity) return s;
  return s + swizzle_text(src.swz);
}

const char* cmp_suffix(CmpOp c) {
  switch (c) {
    case CmpOp::Gt: return "_gt";
    case CmpOp::Eq: return "_eq";
    case CmpOp::Ge: return "_ge";
    case CmpOp::Lt: return "_lt";
    case CmpOp::Ne: return "_ne";
    case CmpOp::Le: return "_le";
    case CmpOp::IEq: return "_ieq";
    case CmpOp::INe: return "_ine";
    case CmpOp::ILt: return "_ilt";
    case CmpOp::IGe: return "_ige";
    case CmpOp::ULt: return "_ult";
    case CmpOp::UGe: return "_uge";
    case CmpOp::Nz: return "_nz";
    case CmpOp::Z: return "_z";
  }
  return "_?";
}

// D3D9 spelling of the mnemonic: if_gt / break_lt / setp_ge, texldb/texldl/texldp/texldd.
std::string mnemonic(const Instr& in) {
  switch (in.op) {
    case Op::Ifc: return std::string("if") + cmp_suffix(in.cmp);
    case Op::Breakc: return std::string("break") + cmp_suffix(in.cmp);
    case Op::Setp: return std::string("setp") + cmp_suffix(in.cmp);
    case Op::Cmpm: return std::string("cmpm") + cmp_suffix(in.cmp);
    case Op::Icmp: return std::string("icmp") + cmp_suffix(in.cmp);
    case Op::Continuec: return std::string("continue") + cmp_suffix(in.cmp);
    case Op::Case: return std::string("case") + cmp_suffix(in.cmp);
    case Op::Callc: return std::string("call") + cmp_suffix(in.cmp);
    case Op::Retc: return std::string("ret") + cmp_suffix(in.cmp);
    case Op::Tex:
      switch (in.tex_mode) {
        case TexMode::Normal: return "tex";
        case TexMode::Bias: return "texldb";
        case TexMode::Lod: return "texldl";
        case TexMode::Project: return "texldp";
        case TexMode::Grad: return "texldd";
        case TexMode::Fetch: return "ld";
        case TexMode::Info: return "resinfo";
        case TexMode::InfoRcp: return "resinfo_rcp";
        case TexMode::InfoUint: return "resinfo_uint";
        case TexMode::Compare: return "sample_c";
        case TexMode::CompareLz: return "sample_c_lz";
      }
      return "tex";
    default: return op_name(in.op);
  }
}

const char* varying_name(Varying v) {
  static const char* const kNames[kNumVaryings] = {
      "color0",    "color1",    "texcoord0", "texcoord1", "texcoord2", "texcoord3", "texcoord4",
      "texcoord5", "texcoord6", "texcoord7", "fog",       "psize",     "attr0",     "attr1",
      "attr2",     "attr3",     "attr4",     "attr5",     "attr6",     "attr7",     "attr8",
      "attr9",     "attr10",    "attr11",    "attr12",    "attr13",    "attr14",    "attr15"};
  const unsigned i = unsigned(v);
  return i < unsigned(kNumVaryings) ? kNames[i] : "?";
}

std::string number(float f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", double(f));
  return buf;
}

}  // namespace

std::string disassemble(const Instr& in) {
  std::string s;
  if (in.pred.enabled)
    s = std::string(in.pred.negate ? "(!p0" : "(p0") +
        (in.pred.swz == kSwizzleIdentity ? "" : swizzle_text(in.pred.swz)) + ") ";
  s += mnemonic(in);
  const int8_t* off = in.texel_offset;
  if (in.op == Op::Tex && (off[0] || off[1] || off[2]))
    s += "_aoffimmi(" + std::to_string(off[0]) + "," + std::to_string(off[1]) + "," +
         std::to_string(off[2]) + ")";
  const int n = instr_num_sources(in);
  const bool has_dst = op_has_dst(in.op);
  std::vector<std::string> ops;
  if (in.op == Op::Call || in.op == Op::Callnz || in.op == Op::Callc || in.op == Op::Label)
    ops.push_back("l" + std::to_string(in.label));
  if (in.op == Op::Loop) ops.push_back("aL");
  if (has_dst) ops.push_back(dst_text(in.dst));
  for (int i = 0; i < n; ++i) ops.push_back(src_text(in.src[i]));
  if (in.op == Op::Tex) ops.push_back("s" + std::to_string(in.sampler));
  if (ops.empty()) return s;
  if (has_dst && in.dst.shift > 0) s += "_x" + std::to_string(1 << in.dst.shift);
  if (has_dst && in.dst.shift < 0) s += "_d" + std::to_string(1 << -in.dst.shift);
  if (has_dst && in.dst.saturate) s += "_sat";
  if (has_dst && !in.dst.saturate && in.dst.range > 0.0f) s += "_range" + number(in.dst.range);
  for (size_t i = 0; i < ops.size(); ++i) s += (i ? ", " : " ") + ops[i];
  return s;
}

std::string disassemble(const Program& p) {
  const bool vs = p.stage == api::ShaderStage::Vertex;
  std::string s = "; " + (p.name.empty() ? std::string("program") : p.name) +
                  (vs ? " (vertex)" : " (pixel)") + " temps " + std::to_string(p.num_temps) +
                  ", inputs " + std::to_string(p.num_inputs) + ", outputs " +
                  std::to_string(p.num_outputs) + "\n";
  for (const auto& [reg, v] : p.literal_constants) {
    s += "def c" + std::to_string(reg) + ", " + number(v.x) + ", " + number(v.y) + ", " +
         number(v.z) + ", " + number(v.w) + "\n";
  }
  for (const auto& [reg, v] : p.literal_int_constants) {
    s += "defi i" + std::to_string(reg) + ", " + std::to_string(v[0]) + ", " +
         std::to_string(v[1]) + ", " + std::to_string(v[2]) + ", " + std::to_string(v[3]) + "\n";
  }
  for (const auto& [reg, b] : p.literal_bool_constants)
    s += "defb b" + std::to_string(reg) + (b ? ", true\n" : ", false\n");
  for (const InputBinding& b : p.inputs) {
    s += "dcl_" + std::string(api::to_name(b.usage)) + std::to_string(b.usage_index) + " v" +
         std::to_string(b.reg) + "\n";
  }
  for (const PixelInputBinding& b : p.pixel_inputs)
    s += std::string("dcl_") + varying_name(b.varying) + " v" + std::to_string(b.reg) + "\n";
  if (vs) s += "dcl_position o0\n";
  for (const OutputBinding& b : p.outputs)
    s += std::string("dcl_") + varying_name(b.varying) + " o" + std::to_string(b.reg) + "\n";
  for (const Instr& in : p.code) s += disassemble(in) + "\n";
  return s;
}

}  // namespace gfx::func
