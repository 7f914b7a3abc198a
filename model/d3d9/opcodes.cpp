// The opcode table. Version minimums follow the D3D9 asm reference's instruction lists:
// vs_2_0 adds static flow control, vs_2_x / ps_2_x dynamic flow control and predication,
// ps_2_x also derivatives and texldd, 3.0 adds loop in pixel shaders and texldl.
#include "d3d9/opcodes.h"

#include <array>

namespace gfx::d3d9 {
namespace {

constexpr uint16_t V11 = 0x0101, V20 = 0x0200, V2X = 0x0201, V30 = 0x0300, NO = kNever;
constexpr uint16_t P12 = 0x0102, P13 = 0x0103, P14 = 0x0104;  // ps_1_2 .. ps_1_4

// {opcode, name, dst, src, vs_min, ps_min[, ps_max]}
constexpr OpcodeInfo kTable[] = {
    {Opcode::Nop, "nop", 0, 0, V11, V11},
    {Opcode::Mov, "mov", 1, 1, V11, V11},
    {Opcode::Add, "add", 1, 2, V11, V11},
    {Opcode::Sub, "sub", 1, 2, V11, V11},
    {Opcode::Mad, "mad", 1, 3, V11, V11},
    {Opcode::Mul, "mul", 1, 2, V11, V11},
    {Opcode::Rcp, "rcp", 1, 1, V11, V20},
    {Opcode::Rsq, "rsq", 1, 1, V11, V20},
    {Opcode::Dp3, "dp3", 1, 2, V11, V11},
    {Opcode::Dp4, "dp4", 1, 2, V11, P12},
    {Opcode::Min, "min", 1, 2, V11, V20},
    {Opcode::Max, "max", 1, 2, V11, V20},
    {Opcode::Slt, "slt", 1, 2, V11, NO},
    {Opcode::Sge, "sge", 1, 2, V11, NO},
    {Opcode::Exp, "exp", 1, 1, V11, V20},
    {Opcode::Log, "log", 1, 1, V11, V20},
    {Opcode::Lit, "lit", 1, 1, V11, NO},
    {Opcode::Dst, "dst", 1, 2, V11, NO},
    {Opcode::Lrp, "lrp", 1, 3, V20, V11},
    {Opcode::Frc, "frc", 1, 1, V11, V20},
    {Opcode::M4x4, "m4x4", 1, 2, V11, V20},
    {Opcode::M4x3, "m4x3", 1, 2, V11, V20},
    {Opcode::M3x4, "m3x4", 1, 2, V11, V20},
    {Opcode::M3x3, "m3x3", 1, 2, V11, V20},
    {Opcode::M3x2, "m3x2", 1, 2, V11, V20},
    {Opcode::Call, "call", 0, 1, V20, V2X},
    {Opcode::CallNz, "callnz", 0, 2, V20, V2X},
    {Opcode::Loop, "loop", 0, 2, V20, V30},
    {Opcode::Ret, "ret", 0, 0, V20, V2X},
    {Opcode::EndLoop, "endloop", 0, 0, V20, V30},
    {Opcode::Label, "label", 0, 1, V20, V2X},
    {Opcode::Dcl, "dcl", 1, 0, V11, V20},  // plus the usage token before the dst
    {Opcode::Pow, "pow", 1, 2, V20, V20},
    {Opcode::Crs, "crs", 1, 2, V20, V20},
    {Opcode::Sgn, "sgn", 1, 3, V20, NO},
    {Opcode::Abs, "abs", 1, 1, V20, V20},
    {Opcode::Nrm, "nrm", 1, 1, V20, V20},
    {Opcode::SinCos, "sincos", 1, 3, V20, V20},
    {Opcode::Rep, "rep", 0, 1, V20, V2X},
    {Opcode::EndRep, "endrep", 0, 0, V20, V2X},
    {Opcode::If, "if", 0, 1, V20, V2X},
    {Opcode::IfC, "ifc", 0, 2, V2X, V2X},
    {Opcode::Else, "else", 0, 0, V20, V2X},
    {Opcode::EndIf, "endif", 0, 0, V20, V2X},
    {Opcode::Break, "break", 0, 0, V2X, V2X},
    {Opcode::BreakC, "breakc", 0, 2, V2X, V2X},
    {Opcode::MovA, "mova", 1, 1, V20, NO},
    {Opcode::DefB, "defb", 1, 0, V20, V2X},  // plus one raw DWORD
    {Opcode::DefI, "defi", 1, 0, V20, V2X},  // plus four raw DWORDs
    {Opcode::TexCoord, "texcoord", 1, 0, NO, V11, P14},
    {Opcode::TexKill, "texkill", 1, 0, NO, V11},
    {Opcode::Tex, "texld", 1, 2, NO, V11},
    {Opcode::TexBem, "texbem", 1, 1, NO, V11, P13},
    {Opcode::TexBemL, "texbeml", 1, 1, NO, V11, P13},
    {Opcode::TexReg2Ar, "texreg2ar", 1, 1, NO, V11, P13},
    {Opcode::TexReg2Gb, "texreg2gb", 1, 1, NO, V11, P13},
    {Opcode::TexM3x2Pad, "texm3x2pad", 1, 1, NO, V11, P13},
    {Opcode::TexM3x2Tex, "texm3x2tex", 1, 1, NO, V11, P13},
    {Opcode::TexM3x3Pad, "texm3x3pad", 1, 1, NO, V11, P13},
    {Opcode::TexM3x3Tex, "texm3x3tex", 1, 1, NO, V11, P13},
    {Opcode::TexM3x3Diff, "texm3x3diff", 1, 1, NO, NO},
    {Opcode::TexM3x3Spec, "texm3x3spec", 1, 2, NO, V11, P13},
    {Opcode::TexM3x3VSpec, "texm3x3vspec", 1, 1, NO, V11, P13},
    {Opcode::ExpP, "expp", 1, 1, V11, NO},
    {Opcode::LogP, "logp", 1, 1, V11, NO},
    {Opcode::Cnd, "cnd", 1, 3, NO, V11, P14},
    {Opcode::Def, "def", 1, 0, V11, V11},  // plus four raw DWORDs
    {Opcode::TexReg2Rgb, "texreg2rgb", 1, 1, NO, P12, P13},
    {Opcode::TexDp3Tex, "texdp3tex", 1, 1, NO, P12, P13},
    {Opcode::TexM3x2Depth, "texm3x2depth", 1, 1, NO, P13, P13},
    {Opcode::TexDp3, "texdp3", 1, 1, NO, P12, P13},
    {Opcode::TexM3x3, "texm3x3", 1, 1, NO, P12, P13},
    {Opcode::TexDepth, "texdepth", 1, 0, NO, P14, P14},
    {Opcode::Cmp, "cmp", 1, 3, NO, P12},
    {Opcode::Bem, "bem", 1, 2, NO, P14, P14},
    {Opcode::Dp2Add, "dp2add", 1, 3, NO, V20},
    {Opcode::Dsx, "dsx", 1, 1, NO, V2X},
    {Opcode::Dsy, "dsy", 1, 1, NO, V2X},
    {Opcode::TexLdd, "texldd", 1, 4, NO, V2X},
    {Opcode::SetP, "setp", 1, 2, V2X, V2X},
    {Opcode::TexLdl, "texldl", 1, 2, V30, V30},
    {Opcode::BreakP, "breakp", 0, 1, V2X, V2X},
    {Opcode::Phase, "phase", 0, 0, NO, P14, P14},
};

constexpr int kMaxDense = 97;  // opcodes 0..96 index directly

const std::array<const OpcodeInfo*, kMaxDense>& dense_table() {
  static const std::array<const OpcodeInfo*, kMaxDense> table = [] {
    std::array<const OpcodeInfo*, kMaxDense> t{};
    for (const OpcodeInfo& info : kTable) {
      auto raw = static_cast<uint16_t>(info.op);
      if (raw < kMaxDense) t[raw] = &info;
    }
    return t;
  }();
  return table;
}

constexpr const char* kComparisonNames[] = {"", "gt", "eq", "ge", "lt", "ne", "le"};

}  // namespace

const OpcodeInfo* opcode_info(uint16_t raw) {
  if (raw < kMaxDense) return dense_table()[raw];
  if (raw == static_cast<uint16_t>(Opcode::Phase)) return &kTable[std::size(kTable) - 1];
  return nullptr;
}

const OpcodeInfo& opcode_info(Opcode op) {
  const OpcodeInfo* info = opcode_info(static_cast<uint16_t>(op));
  return info ? *info : kTable[0];  // only comment/end reach here, and nobody asks for them
}

const OpcodeInfo* opcode_by_name(std::string_view name) {
  for (const OpcodeInfo& info : kTable)
    if (name == info.name) return &info;
  return nullptr;
}

bool available_in(const OpcodeInfo& info, const Version& v) {
  if (v.is_vs()) return v.code() >= info.vs_min;
  return v.code() >= info.ps_min && v.code() <= info.ps_max;
}

int num_sources(const OpcodeInfo& info, const Version& v) {
  // In 3.0 sincos and sgn compute their own constants and scratch registers.
  if ((info.op == Opcode::SinCos || info.op == Opcode::Sgn) && v.major >= 3) return 1;
  // ps_1_1..1_3 `tex t0` / `texcoord t0` name the stage by their destination only;
  // ps_1_4 `texld r0, t0` / `texcrd r0, t0` read one source; 2.0 texld adds the sampler.
  if (v.is_ps() && v.major == 1 && (info.op == Opcode::Tex || info.op == Opcode::TexCoord))
    return v.minor >= 4 ? 1 : 0;
  return info.num_src;
}

std::string mnemonic(const Version& v, Opcode op, uint8_t control) {
  if (v.is_ps() && v.major == 1) {
    if (op == Opcode::Tex && control == 0) return v.minor >= 4 ? "texld" : "tex";
    if (op == Opcode::TexCoord) return v.minor >= 4 ? "texcrd" : "texcoord";
  }
  return mnemonic(op, control);
}

const OpcodeInfo* opcode_by_name(const Version& v, std::string_view name) {
  const bool ps1 = v.is_ps() && v.major == 1;
  if (name == "tex") return ps1 && v.minor < 4 ? &opcode_info(Opcode::Tex) : nullptr;
  if (name == "texcrd") return ps1 && v.minor >= 4 ? &opcode_info(Opcode::TexCoord) : nullptr;
  if (ps1 && v.minor < 4 && name == "texld") return nullptr;      // ps_1_1..1_3 write tex
  if (ps1 && v.minor >= 4 && name == "texcoord") return nullptr;  // ps_1_4 writes texcrd
  return opcode_by_name(name);
}

std::string mnemonic(Opcode op, uint8_t control) {
  switch (op) {
    case Opcode::Tex:
      if (control == kTexldProject) return "texldp";
      if (control == kTexldBias) return "texldb";
      return "texld";
    case Opcode::IfC: return std::string("if_") + comparison_name(static_cast<Comparison>(control));
    case Opcode::BreakC:
      return std::string("break_") + comparison_name(static_cast<Comparison>(control));
    case Opcode::SetP:
      return std::string("setp_") + comparison_name(static_cast<Comparison>(control));
    default: {
      const OpcodeInfo* info = opcode_info(static_cast<uint16_t>(op));
      return info ? info->name : "?";
    }
  }
}

bool control_valid(Opcode op, uint8_t control) {
  switch (op) {
    case Opcode::IfC:
    case Opcode::BreakC:
    case Opcode::SetP: return control >= 1 && control <= 6;
    case Opcode::Tex: return control <= kTexldBias;
    default: return control == 0;
  }
}

std::string display_name(Opcode op, uint8_t control) {
  if (control_valid(op, control)) return mnemonic(op, control);
  const OpcodeInfo* info = opcode_info(static_cast<uint16_t>(op));
  return info ? info->name : "?";
}

const char* comparison_name(Comparison c) {
  auto i = static_cast<unsigned>(c);
  return i < std::size(kComparisonNames) ? kComparisonNames[i] : "?";
}

std::optional<Comparison> comparison_by_name(std::string_view s) {
  for (unsigned i = 1; i < std::size(kComparisonNames); ++i)
    if (s == kComparisonNames[i]) return static_cast<Comparison>(i);
  return std::nullopt;
}

}  // namespace gfx::d3d9
