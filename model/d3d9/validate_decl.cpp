// Rules of the declaration instructions: dcl (inputs, vs_3_0 outputs, samplers, vPos /
// vFace and the gfxsim system values) and def / defi / defb.
#include <string>

#include "d3d9/registers.h"
#include "d3d9/validate_util.h"

namespace gfx::d3d9::detail {
namespace {

bool declarable(const Version& v, RegType t) {
  if (t == RegType::Input || t == RegType::Sampler) return true;
  if (v.is_vs()) return t == RegType::Output && v.major >= 3;
  return (t == kTexture && v.major < 3) || (t == RegType::Misc && v.major >= 3);
}

std::string dcl_name(const DclInfo& d) {
  const char* u = usage_name(d.usage);
  return std::string("dcl_") + (u ? u : std::to_string(d.usage));
}

// Usage rules for an input or output register (not samplers, not misc registers).
std::optional<Problem> check_usage(const Version& v, const Instruction& ins,
                                   const CheckOptions& opts) {
  const DclInfo& d = ins.dcl;
  const std::string reg = register_name(v, ins.dst.type, ins.dst.number);
  if (v.is_ps() && v.major < 3) {
    // ps_2_x names its inputs by register (v# colours, t# texture coordinates).
    if (d.usage != 0 || d.usage_index != 0)
      return problem(kPartUsage,
                     v.name() + " declares " + reg + " without a usage (dcl " + reg + ")");
    return std::nullopt;
  }
  if (d.usage == kUsageVertexId || d.usage == kUsageInstanceId) {
    if (!opts.allow_gfxsim_extensions)
      return problem(kPartUsage, dcl_name(d) + " is a gfxsim extension, which is disabled");
    if (!(v.is_vs() && ins.dst.type == RegType::Input))
      return problem(kPartUsage, dcl_name(d) + " applies only to vertex shader inputs");
    if (d.usage_index != 0) return problem(kPartUsage, dcl_name(d) + " takes no usage index");
    return std::nullopt;
  }
  if (d.usage >= kNumD3D9Usages)
    return problem(kPartUsage, "unknown dcl usage " + std::to_string(d.usage));
  return std::nullopt;
}

}  // namespace

std::optional<Problem> check_dcl(const Version& v, const Instruction& ins,
                                 const CheckOptions& opts) {
  const DstParam& dst = ins.dst;
  if (auto e = check_exists(v, dst.type, dst.number, opts)) return problem(kPartDst, *e);
  const std::string reg = register_name(v, dst.type, dst.number);
  if (!declarable(v, dst.type))
    return problem(kPartDst, "dcl cannot declare " + reg + " in " + v.name());
  if (dst.relative) return problem(kPartDst, "dcl cannot address " + reg + " relatively");
  if (v.is_vs() && (dst.modifiers & ~kModSaturate) != 0)
    return problem(kPartDst, "dcl takes no modifiers in vertex shaders");
  if (dst.modifiers & kModSaturate) return problem(kPartDst, "dcl takes no _sat");
  if (auto e = check_dst_common(v, ins, "dcl")) return problem(kPartDst, *e);

  const DclInfo& d = ins.dcl;
  if (dst.type == RegType::Sampler) {
    if (d.texture_type == TextureType::Unknown ||
        static_cast<unsigned>(d.texture_type) > static_cast<unsigned>(TextureType::Volume))
      return problem(kPartUsage,
                     "dcl of " + reg + " needs a texture type (_2d, _cube, _volume or _1d)");
    if (d.usage != 0 || d.usage_index != 0)
      return problem(kPartUsage, "a sampler dcl takes no usage");
    if (dst.mask != 0xF) return problem(kPartDst, "a sampler is declared with its full mask");
    return std::nullopt;
  }
  if (d.texture_type != TextureType::Unknown)
    return problem(kPartUsage,
                   "dcl of " + reg + " names a texture type, which only " + "samplers take");
  if (dst.type == RegType::Misc) {
    if (d.usage != 0 || d.usage_index != 0)
      return problem(kPartUsage, "dcl of " + reg + " takes no usage");
    if (dst.number == kMiscPosition && dst.mask != 1 && dst.mask != 2 && dst.mask != 3)
      return problem(kPartDst, "vPos is declared with mask .x, .y or .xy");
    return std::nullopt;
  }
  return check_usage(v, ins, opts);
}

std::optional<Problem> check_def(const Version& v, const Instruction& ins,
                                 const CheckOptions& opts) {
  RegType want = RegType::Const;
  const char* file = "c#";
  if (ins.op == Opcode::DefI) {
    want = RegType::ConstInt;
    file = "i#";
  } else if (ins.op == Opcode::DefB) {
    want = RegType::ConstBool;
    file = "b#";
  }
  const DstParam& dst = ins.dst;
  const char* name = ins.op == Opcode::Def ? "def" : ins.op == Opcode::DefI ? "defi" : "defb";
  if (auto e = check_exists(v, dst.type, dst.number, opts)) return problem(kPartDst, *e);
  if (dst.type != want)
    return problem(kPartDst, std::string(name) + " defines a " + file + " register, not " +
                                 register_name(v, dst.type, dst.number));
  if (dst.mask != 0xF || dst.modifiers != 0 || dst.shift != 0 || dst.relative)
    return problem(kPartDst,
                   std::string(name) + " takes a plain register (no mask, modifier or index)");
  return std::nullopt;
}

}  // namespace gfx::d3d9::detail
