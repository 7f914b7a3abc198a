// Per-instruction rules of ps_1_1 .. ps_1_4, which differ from every later version: the
// texture-addressing instructions name their stage by register number, t# is written by
// texture instructions (1_1..1_3) or only read by texld/texcrd (1_4), masks, swizzles and
// source modifiers come from short fixed lists, and results may be scaled (_x2 .. _d8).
// Facts: the D3D9 asm reference pages "ps_1_1 - ps_1_4 registers", "source register
// modifiers", "source register swizzling", "destination register write mask" and the
// page of each instruction. The program-wide rules live in validate_ps1_program.cpp.
#include "d3d9/validate_ps1.h"

#include <string>

#include "d3d9/opcodes.h"
#include "d3d9/registers.h"
#include "d3d9/validate_util.h"

namespace gfx::d3d9::detail {
namespace {

bool v14(const Version& v) { return v.minor >= 4; }

const char* mod_name(SrcMod m) {
  switch (m) {
    case SrcMod::Abs:
    case SrcMod::AbsNeg: return "_abs";
    case SrcMod::Not: return "!";
    case SrcMod::X2:
    case SrcMod::X2Neg: return "_x2";
    case SrcMod::Dz: return "_dz";
    case SrcMod::Dw: return "_dw";
    default: return "?";
  }
}

// Source swizzles of arithmetic instructions: none, or one replicated channel (.a and .b in
// every 1_x version, .r and .g from 1_4).
bool arith_swizzle_ok(const Version& v, uint8_t swz) {
  if (swz == kSwizzleIdentity || swz == swizzle_replicate(3) || swz == swizzle_replicate(2))
    return true;
  return v14(v) && (swz == swizzle_replicate(0) || swz == swizzle_replicate(1));
}

// ps_1_4 texld / texcrd read t#/r# as .xyz (no swizzle says the same) or .xyw.
constexpr uint8_t kSwizzleXyz = 0xA4, kSwizzleXyw = 0xF4;

std::optional<std::string> check_arith_src(const Version& v, const Instruction& ins, int i,
                                           const std::string& name) {
  const SrcParam& p = ins.src[static_cast<size_t>(i)];
  const std::string reg = register_name(v, p.type, p.number);
  const bool texture_ok = p.type == kTexture && !v14(v);  // 1_4 reads t# only via texld/texcrd
  if (p.type != RegType::Temp && p.type != RegType::Input && p.type != RegType::Const &&
      !texture_ok)
    return name + " cannot read " + reg + " in " + v.name();
  if (ins.op == Opcode::Bem) {
    if (i == 0 && p.type != RegType::Temp && p.type != RegType::Const)
      return "bem reads r# or c# as its first source, got " + reg;
    if (i == 1 && p.type != RegType::Temp) return "bem reads r# as its second source, got " + reg;
  }
  if (ins.op == Opcode::Cnd && !v14(v) && i == 0 &&
      (p.type != RegType::Temp || p.number != 0 || p.swizzle != swizzle_replicate(3)))
    return "cnd in " + v.name() + " takes r0.a as its condition, got " + reg +
           swizzle_suffix(p.swizzle);
  switch (p.mod) {
    case SrcMod::None:
    case SrcMod::Neg:
    case SrcMod::Bias:
    case SrcMod::BiasNeg:
    case SrcMod::Sign:
    case SrcMod::SignNeg:
    case SrcMod::Comp: break;
    case SrcMod::X2:
    case SrcMod::X2Neg:
      if (v14(v)) break;
      return "source modifier _x2 is only available in ps_1_4";
    default:
      return std::string("source modifier ") + mod_name(p.mod) + " is not available in " + name +
             " in " + v.name();
  }
  if (!arith_swizzle_ok(v, p.swizzle))
    return "swizzle " + swizzle_suffix(p.swizzle) + " is not available in " + v.name() +
           (v14(v) ? " (only .r, .g, .b or .a)" : " (only .a or .b)");
  if (p.relative) return "relative addressing is not available in " + v.name();
  return std::nullopt;
}

std::optional<std::string> check_arith_dst(const Version& v, const Instruction& ins,
                                           const std::string& name) {
  const DstParam& d = ins.dst;
  const std::string reg = register_name(v, d.type, d.number);
  if (d.type != RegType::Temp && !(d.type == kTexture && !v14(v)))
    return name + " cannot write " + reg + " in " + v.name();
  if (d.relative) return "relative addressing is not available in " + v.name();
  if (d.modifiers & ~kModSaturate)
    return std::string(d.modifiers & kModPartialPrecision ? "_pp" : "_centroid") +
           " is not available in " + v.name();
  const int lo = v14(v) ? -3 : -1, hi = v14(v) ? 3 : 2;
  if (d.shift < lo || d.shift > hi)
    return "result shift " + std::to_string(d.shift) + " is not available in " + v.name() +
           (v14(v) ? " (_x2, _x4, _x8, _d2, _d4, _d8)" : " (_x2, _x4, _d2)");
  if ((d.mask & 0xF) == 0) return "empty write mask";
  if (!v14(v) && d.mask != 0xF && d.mask != 0x7 && d.mask != 0x8)
    return "write mask " + mask_suffix(d.mask) + " is not available in " + v.name() +
           " (only .rgb, .a or none)";
  if (ins.op == Opcode::Bem) {
    if (d.mask != 0x3) return "bem writes .rg";
    if (d.shift || d.modifiers) return "bem takes no result modifier";
  }
  return std::nullopt;
}

// Destinations and sources of the texture instructions.
std::optional<Problem> check_texture_op(const Version& v, const Instruction& ins,
                                        const std::string& name) {
  const DstParam& d = ins.dst;
  const std::string reg = register_name(v, d.type, d.number);
  if (d.relative || d.modifiers || d.shift)
    return problem(kPartDst, name + " takes no result modifier");
  if (ins.op == Opcode::TexKill) {
    const bool ok = d.type == kTexture || (v14(v) && d.type == RegType::Temp);
    if (!ok) return problem(kPartDst, "texkill cannot test " + reg + " in " + v.name());
    return std::nullopt;
  }
  if (!v14(v)) {  // ps_1_1..1_3: every texture instruction writes the whole t#
    if (d.type != kTexture)
      return problem(kPartDst, name + " writes a texture register t#, not " + reg);
    if (d.mask != 0xF) return problem(kPartDst, name + " writes the whole " + reg);
    for (int i = 0; i < ins.num_src; ++i) {
      const SrcParam& s = ins.src[static_cast<size_t>(i)];
      const bool spec_eye = ins.op == Opcode::TexM3x3Spec && i == 1;
      const RegType want = spec_eye ? RegType::Const : kTexture;
      if (s.type != want)
        return problem(kPartSrc0 + i, name + " reads " + (spec_eye ? "c#" : "t#") + " here, not " +
                                          register_name(v, s.type, s.number));
      if (s.mod != SrcMod::None || s.swizzle != kSwizzleIdentity || s.relative)
        return problem(kPartSrc0 + i, name + " takes its sources without modifier or swizzle");
    }
    return std::nullopt;
  }
  // ps_1_4: texld, texcrd, texdepth write r#.
  if (d.type != RegType::Temp) return problem(kPartDst, name + " writes r#, not " + reg);
  if (ins.op == Opcode::TexDepth) {
    if (d.number != 5 || d.mask != 0xF) return problem(kPartDst, "texdepth works on r5 only");
    return std::nullopt;
  }
  if (ins.op == Opcode::Tex && d.mask != 0xF) return problem(kPartDst, "texld writes the whole r#");
  if (ins.op == Opcode::TexCoord && d.mask != 0x7 && d.mask != 0x3)
    return problem(kPartDst, "texcrd writes .rgb or .rg");
  const SrcParam& s = ins.src[0];
  const std::string sreg = register_name(v, s.type, s.number);
  const bool tex = s.type == kTexture;
  if (!tex && !(ins.op == Opcode::Tex && s.type == RegType::Temp))
    return problem(kPartSrc0, name + " cannot read " + sreg);
  if (s.swizzle != kSwizzleIdentity && s.swizzle != kSwizzleXyz && s.swizzle != kSwizzleXyw)
    return problem(kPartSrc0, name + " reads .xyz or .xyw, not " + swizzle_suffix(s.swizzle));
  if (s.relative) return problem(kPartSrc0, "relative addressing is not available in ps_1_4");
  if (s.mod == SrcMod::None) return std::nullopt;
  if (s.mod == SrcMod::Dw && tex) {
    if (s.swizzle != kSwizzleXyw) return problem(kPartSrc0, "_dw needs the .xyw selector");
    return std::nullopt;
  }
  if (s.mod == SrcMod::Dz && !tex && ins.op == Opcode::Tex) return std::nullopt;
  return problem(kPartSrc0, std::string("source modifier ") +
                                (s.mod == SrcMod::Dz   ? "_dz (only on r# with texld)"
                                 : s.mod == SrcMod::Dw ? "_dw (only on t#)"
                                                       : "other than _dz/_dw") +
                                " is not available in " + name);
}

// Distinct registers of one file that one arithmetic instruction may read (the register
// table's "read ports"): c# 2, v# 2, r# 2 (3 in ps_1_4), t# 2 (3 in ps_1_2 and ps_1_3).
std::optional<Problem> check_read_ports(const Version& v, const Instruction& ins,
                                        const std::string& name) {
  struct File {
    RegType type;
    int ports;
  };
  const File files[] = {{RegType::Const, 2},
                        {RegType::Input, 2},
                        {RegType::Temp, v14(v) ? 3 : 2},
                        {kTexture, v.minor >= 2 ? 3 : 2}};
  for (const File& f : files) {
    int distinct = 0;
    for (int i = 0; i < ins.num_src; ++i) {
      const SrcParam& s = ins.src[static_cast<size_t>(i)];
      if (s.type != f.type) continue;
      bool seen = false;
      for (int k = 0; k < i; ++k)
        seen |= ins.src[static_cast<size_t>(k)].type == f.type &&
                ins.src[static_cast<size_t>(k)].number == s.number;
      if (!seen && ++distinct > f.ports)
        return problem(kPartSrc0 + i, name + " reads more than " + std::to_string(f.ports) + " " +
                                          register_file_prefix(v, f.type) +
                                          "# registers (the read ports of " + v.name() + ")");
    }
  }
  return std::nullopt;
}

}  // namespace

bool is_ps1_texture_op(Opcode op) {
  switch (op) {
    case Opcode::Tex:
    case Opcode::TexCoord:
    case Opcode::TexKill:
    case Opcode::TexBem:
    case Opcode::TexBemL:
    case Opcode::TexReg2Ar:
    case Opcode::TexReg2Gb:
    case Opcode::TexReg2Rgb:
    case Opcode::TexM3x2Pad:
    case Opcode::TexM3x2Tex:
    case Opcode::TexM3x2Depth:
    case Opcode::TexM3x3Pad:
    case Opcode::TexM3x3Tex:
    case Opcode::TexM3x3Spec:
    case Opcode::TexM3x3VSpec:
    case Opcode::TexM3x3:
    case Opcode::TexDp3:
    case Opcode::TexDp3Tex:
    case Opcode::TexDepth: return true;
    default: return false;
  }
}

std::optional<Problem> check_ps1_instruction(const Version& v, const Instruction& ins,
                                             const CheckOptions& opts) {
  const std::string name = mnemonic(v, ins.op, ins.control);
  if (ins.op == Opcode::Def) return check_def(v, ins, opts);
  if (ins.op == Opcode::Dcl)
    return problem(kPartInstruction, "dcl is not available in " + v.name());
  if (ins.op == Opcode::Phase || ins.op == Opcode::Nop) {
    if (ins.coissue) return problem(kPartInstruction, name + " cannot be co-issued");
    return std::nullopt;
  }
  if (ins.num_dst)
    if (auto e = check_exists(v, ins.dst.type, ins.dst.number, opts)) return problem(kPartDst, *e);
  for (int i = 0; i < ins.num_src; ++i) {
    const SrcParam& s = ins.src[static_cast<size_t>(i)];
    if (auto e = check_exists(v, s.type, s.number, opts)) return problem(kPartSrc0 + i, *e);
  }
  if (is_ps1_texture_op(ins.op)) {
    if (ins.coissue) return problem(kPartInstruction, name + " cannot be co-issued");
    return check_texture_op(v, ins, name);
  }
  if (auto e = check_arith_dst(v, ins, name)) return problem(kPartDst, *e);
  if (auto p = check_read_ports(v, ins, name)) return p;
  for (int i = 0; i < ins.num_src; ++i)
    if (auto e = check_arith_src(v, ins, i, name)) return problem(kPartSrc0 + i, *e);
  return std::nullopt;
}

}  // namespace gfx::d3d9::detail
