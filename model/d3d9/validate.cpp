// Per-instruction rules: opcode availability, control bits, predication, and for every
// operand the register files it may name, register ranges, modifiers and relative
// addressing. Facts from the D3D9 asm reference (register tables, "source register
// modifiers", "instruction modifiers"); see docs/shader-asm.md for the list.
#include <string>

#include "d3d9/opcodes.h"
#include "d3d9/registers.h"
#include "d3d9/validate_ps1.h"
#include "d3d9/validate_util.h"

namespace gfx::d3d9 {
namespace {

using detail::problem;

// What a source operand must be.
enum class Role { Read, Sampler, Label, Cond, PredOnly, LoopCounter, LoopInt };

Role source_role(Opcode op, int i) {
  switch (op) {
    case Opcode::Tex:
    case Opcode::TexLdl:
    case Opcode::TexLdd: return i == 1 ? Role::Sampler : Role::Read;
    case Opcode::Call:
    case Opcode::Label: return Role::Label;
    case Opcode::CallNz: return i == 0 ? Role::Label : Role::Cond;
    case Opcode::Loop: return i == 0 ? Role::LoopCounter : Role::LoopInt;
    case Opcode::Rep: return Role::LoopInt;
    case Opcode::If: return Role::Cond;
    case Opcode::BreakP: return Role::PredOnly;
    default: return Role::Read;
  }
}

bool role_accepts(Role role, const Version& v, RegType t) {
  switch (role) {
    case Role::Read:  // a0 is never data; t# (same number) is, in pixel shaders
      return t == RegType::Temp || t == RegType::Input || t == RegType::Const ||
             (t == kTexture && v.is_ps()) || t == RegType::Misc;
    case Role::Sampler: return t == RegType::Sampler;
    case Role::Label: return t == RegType::Label;
    case Role::Cond: return t == RegType::ConstBool || t == RegType::Predicate;
    case Role::PredOnly: return t == RegType::Predicate;
    case Role::LoopCounter: return t == RegType::Loop;
    case Role::LoopInt: return t == RegType::ConstInt;
  }
  return false;
}

const char* role_wants(Role role) {
  switch (role) {
    case Role::Sampler: return "a sampler s#";
    case Role::Label: return "a label l#";
    case Role::Cond: return "b# or p0";
    case Role::PredOnly: return "p0";
    case Role::LoopCounter: return "aL";
    case Role::LoopInt: return "an integer constant i#";
    case Role::Read: break;
  }
  return "a readable register";
}

const char* ps1_modifier_name(SrcMod m) {
  switch (m) {
    case SrcMod::Bias:
    case SrcMod::BiasNeg: return "_bias";
    case SrcMod::Sign:
    case SrcMod::SignNeg: return "_bx2";
    case SrcMod::Comp: return "1- (complement)";
    case SrcMod::X2:
    case SrcMod::X2Neg: return "_x2";
    case SrcMod::Dz: return "_dz";
    case SrcMod::Dw: return "_dw";
    default: return nullptr;
  }
}

// Which register files may be addressed relative to a0 / aL in this version.
std::optional<std::string> check_relative_src(const Version& v, const SrcParam& p) {
  const std::string file = register_file_prefix(v, p.type) + "#";
  const bool vs1 = v.is_vs() && v.major == 1;
  bool file_ok = p.type == RegType::Const && v.is_vs();
  if (p.type == RegType::Input && v.major >= 3) file_ok = true;  // vs_3_0 and ps_3_0
  if (!file_ok)
    return "relative addressing of " + register_name(v, p.type, p.number) + " is not allowed in " +
           v.name();
  const RelAddr& r = p.rel;
  if (r.number != 0 || (r.type != RegType::Addr && r.type != RegType::Loop))
    return "relative addressing needs a0 or aL, got " + register_name(v, r.type, r.number);
  if (r.type == RegType::Loop && r.swizzle != kSwizzleIdentity) return "aL takes no swizzle";
  if (vs1 && (r.type != RegType::Addr || r.component() != 0))
    return "vs_1_1 addresses constants only with a0.x";
  if (v.is_ps() && r.type != RegType::Loop)
    return file + " can only be addressed relative to aL in " + v.name();
  return std::nullopt;
}

std::optional<std::string> check_src(const Version& v, const Instruction& ins, int i,
                                     const std::string& name, const CheckOptions& opts) {
  const SrcParam& p = ins.src[static_cast<size_t>(i)];
  if (auto e = detail::check_exists(v, p.type, p.number, opts)) return e;
  const Role role = source_role(ins.op, i);
  const std::string reg = register_name(v, p.type, p.number);
  if (!role_accepts(role, v, p.type)) {
    if (role == Role::Read) return name + " cannot read " + reg;
    return name + " needs " + role_wants(role) + " as source " + std::to_string(i) + ", got " + reg;
  }
  if (const char* m = ps1_modifier_name(p.mod))
    return std::string("source modifier ") + m + " is only available in ps_1_x";
  if ((p.mod == SrcMod::Abs || p.mod == SrcMod::AbsNeg) && v.major < 3)
    return "source modifier _abs is only available in vs_3_0 and ps_3_0";
  if (static_cast<unsigned>(p.mod) > static_cast<unsigned>(SrcMod::Not))
    return "unknown source modifier " + std::to_string(static_cast<unsigned>(p.mod));
  const bool is_condition = role == Role::Cond || role == Role::PredOnly;
  if (p.mod == SrcMod::Not && !is_condition)
    return "the ! modifier applies only to b# and p0 conditions";
  if (role != Role::Read && p.mod != SrcMod::None && p.mod != SrcMod::Not)
    return reg + " takes no source modifier here";
  if (p.relative) return check_relative_src(v, p);
  return std::nullopt;
}

// Destinations of ALU and texture instructions (dcl and def have their own rules).
std::optional<std::string> check_write_dst(const Version& v, const Instruction& ins,
                                           const std::string& name, const CheckOptions& opts) {
  const DstParam& d = ins.dst;
  if (auto e = detail::check_exists(v, d.type, d.number, opts)) return e;
  const std::string reg = register_name(v, d.type, d.number);
  const RegType t = d.type;
  bool ok;
  if (ins.op == Opcode::SetP) {
    ok = t == RegType::Predicate;
  } else if (ins.op == Opcode::MovA) {
    ok = t == RegType::Addr;
  } else if (ins.op == Opcode::TexKill) {
    ok = t == RegType::Temp || t == RegType::Input || t == kTexture;
  } else {
    ok = t == RegType::Temp || t == RegType::RastOut || t == RegType::AttrOut ||
         t == RegType::Output || t == RegType::ColorOut || t == RegType::DepthOut;
    // vs_1_1 loads a0 with mov; later versions have mova for that.
    if (t == RegType::Addr && v.is_vs()) {
      if (ins.op == Opcode::Mov && v.major == 1) ok = true;
      if (!ok) return name + " cannot write a0 (use mova)";
    }
  }
  if (!ok) return name + " cannot write " + reg;
  if (t == RegType::Addr && v.is_vs() && v.major == 1 && d.mask != 1)
    return "a0 is written as a0.x in vs_1_1";
  return detail::check_dst_common(v, ins, name);
}

}  // namespace

namespace detail {

std::optional<std::string> check_exists(const Version& v, RegType type, uint16_t number,
                                        const CheckOptions& opts) {
  if (static_cast<int>(type) >= kNumRegTypes)
    return "unknown register type " + std::to_string(static_cast<int>(type));
  const std::string reg = register_name(v, type, number);
  const int count = register_count(v, type, opts.allow_gfxsim_extensions);
  if (type == RegType::Misc && number == kMiscPrimitiveId && v.is_ps() && v.major >= 3 &&
      !opts.allow_gfxsim_extensions)
    return "register vPrimID is a gfxsim extension, which is disabled";
  if (count == 0) return "register " + reg + " does not exist in " + v.name();
  if (number >= count) {
    const std::string range =
        count == 1 ? "only " + register_name(v, type, 0)
                   : register_name(v, type, 0) + "-" + register_name(v, type, count - 1);
    return "register " + reg + " is out of range in " + v.name() + " (" + range + ")";
  }
  return std::nullopt;
}

std::optional<std::string> check_dst_common(const Version& v, const Instruction& ins,
                                            const std::string& name) {
  const DstParam& d = ins.dst;
  if ((d.mask & 0xF) == 0) return "empty write mask";
  if (d.modifiers & ~(kModSaturate | kModPartialPrecision | kModCentroid))
    return "unknown result modifier bits " + std::to_string(d.modifiers);
  if (d.shift != 0) return "result shift (_x2, _d2, ...) is only available in ps_1_x";
  if (v.is_vs()) {
    if ((d.modifiers & kModSaturate) && v.major < 3)
      return "_sat is not available in " + v.name() + " (vertex shaders have it from 3.0)";
    if (d.modifiers & kModPartialPrecision) return "_pp is only available in pixel shaders";
    if (d.modifiers & kModCentroid) return "_centroid is only available in pixel shaders";
  }
  if (d.relative) {
    if (!(v.is_vs() && v.major >= 3 && d.type == RegType::Output))
      return "relative addressing of " + name + "'s destination is not allowed in " + v.name() +
             " (only o[aL] in vs_3_0)";
    if (d.rel.type != RegType::Loop || d.rel.number != 0)
      return "o# can only be addressed relative to aL";
    if (d.rel.swizzle != kSwizzleIdentity) return "aL takes no swizzle";
  }
  return std::nullopt;
}

}  // namespace detail

std::optional<std::string> check_predication(const Version& v, Opcode op) {
  if (!v.at_least(2, 1)) return "predication is not available in " + v.name();
  // Arithmetic and texture instructions take a predicate; flow control tests p0 through
  // its own operands (if p0, callnz l0, p0, breakp p0) and declarations run once.
  const OpcodeInfo* info = opcode_info(static_cast<uint16_t>(op));
  if (!info || info->num_dst == 0 || op == Opcode::Dcl || op == Opcode::Def || op == Opcode::DefI ||
      op == Opcode::DefB)
    return (info ? std::string(info->name) : std::string("?")) + " cannot be predicated";
  return std::nullopt;
}

std::optional<Problem> check_instruction(const Version& v, const Instruction& ins,
                                         const CheckOptions& opts) {
  const OpcodeInfo* info = opcode_info(static_cast<uint16_t>(ins.op));
  if (!info)
    return problem(kPartInstruction,
                   "unknown opcode " + std::to_string(static_cast<unsigned>(ins.op)));
  const bool control_ok = control_valid(ins.op, ins.control);
  const std::string name =
      control_ok ? mnemonic(v, ins.op, ins.control) : display_name(ins.op, ins.control);
  if (!available_in(*info, v))
    return problem(kPartInstruction, name + " is not available in " + v.name());
  if (!control_ok)
    return problem(kPartInstruction,
                   name + " has invalid control bits " + std::to_string(ins.control));
  const bool ps1 = v.is_ps() && v.major == 1;
  if (ins.coissue && !ps1)
    return problem(kPartInstruction, "co-issue (+) is only available in ps_1_x");
  const int want_src = num_sources(*info, v);
  if (ins.num_dst != info->num_dst || ins.num_src != want_src)
    return problem(kPartInstruction, name + " takes " + std::to_string(want_src) + " source" +
                                         (want_src == 1 ? "" : "s") +
                                         (info->num_dst ? " and a destination" : "") + ", got " +
                                         std::to_string(ins.num_src));
  if (ins.predicated) {
    if (auto e = check_predication(v, ins.op)) return problem(kPartInstruction, *e);
    const SrcParam& p = ins.predicate;
    if (p.type != RegType::Predicate || p.number != 0 || p.relative)
      return problem(kPartPredicate,
                     "the predicate must be p0, got " + register_name(v, p.type, p.number));
    if (p.mod != SrcMod::None && p.mod != SrcMod::Not)
      return problem(kPartPredicate, "the predicate takes no modifier other than !");
  }
  if (ps1) return detail::check_ps1_instruction(v, ins, opts);
  if (ins.op == Opcode::Dcl) return detail::check_dcl(v, ins, opts);
  if (ins.op == Opcode::Def || ins.op == Opcode::DefI || ins.op == Opcode::DefB)
    return detail::check_def(v, ins, opts);
  if (ins.num_dst)
    if (auto e = check_write_dst(v, ins, name, opts)) return problem(kPartDst, *e);
  for (int i = 0; i < ins.num_src; ++i)
    if (auto e = check_src(v, ins, i, name, opts)) return problem(kPartSrc0 + i, *e);
  return std::nullopt;
}

}  // namespace gfx::d3d9
