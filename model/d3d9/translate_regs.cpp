// Register and declaration mapping of the D3D9 -> ISA translator (table in translate.h).
// D3D9 spreads one logical register file over several register types per shader model
// (oD#/oT#/oPos before vs_3_0, o# after; t# and v# in ps_2_x, only v# in ps_3_0); the
// internal ISA has one Input and one Output file, so everything lands on fixed numbers
// that the pipeline's bindings (InputBinding, OutputBinding, PixelInputBinding) name.
#include <algorithm>

#include "common/error.h"
#include "d3d9/disassembler.h"
#include "d3d9/translate_internal.h"
#include "func/shader/warp.h"

namespace gfx::d3d9::detail {

using func::RegFile;

// vPrimID's internal input register: after vPos (10) and vFace (11), below kMaxInputs.
constexpr uint16_t kPsPrimIdInput = 12;

namespace {

std::string usage_name(uint8_t usage, uint8_t index) {
  if (usage == kUsageVertexId) return "vertexid";
  if (usage == kUsageInstanceId) return "instanceid";
  if (usage >= kNumD3D9Usages) return "usage " + std::to_string(usage);
  return std::string(api::to_name(api::DeclUsage(usage))) + std::to_string(index);
}

// The varying of a vs_3_0 output / ps_3_0 input usage, or false when it has none.
bool varying_of(uint8_t usage, uint8_t index, func::Varying& out) {
  switch (api::DeclUsage(usage)) {
    case api::DeclUsage::Color:
      if (index > 1) return false;
      out = func::Varying(unsigned(func::Varying::Color0) + index);
      return true;
    case api::DeclUsage::TexCoord:
      if (index > 7) return false;
      out = func::Varying(unsigned(func::Varying::TexCoord0) + index);
      return true;
    case api::DeclUsage::Fog:
      if (index != 0) return false;
      out = func::Varying::Fog;
      return true;
    case api::DeclUsage::PSize:
      if (index != 0) return false;
      out = func::Varying::PointSize;
      return true;
    default: return false;
  }
}

}  // namespace

Translator::Translator(const Shader& shader, const std::string& name)
    : shader_(shader), v_(shader.version), name_(name) {
  vs3_output_.fill(-1);
  p_.stage = v_.is_vs() ? api::ShaderStage::Vertex : api::ShaderStage::Pixel;
  p_.name = name;
}

void Translator::fail(const std::string& why) const {
  std::string msg = name_ + " (" + v_.name() + "): ";
  if (current_)
    msg += "token " + std::to_string(current_->offset) + " (" + disassemble(v_, *current_) + "): ";
  throw Error(msg + why);
}

void Translator::use_temp(uint16_t n) {
  if (n >= func::kMaxTemps) fail("r" + std::to_string(n) + " is beyond the model's temps");
  p_.num_temps = std::max<uint16_t>(p_.num_temps, uint16_t(n + 1));
}
void Translator::use_input(uint16_t n) {
  if (n >= func::kMaxInputs) fail("input register " + std::to_string(n) + " is out of range");
  p_.num_inputs = std::max<uint16_t>(p_.num_inputs, uint16_t(n + 1));
}
void Translator::use_output(uint16_t n) {
  if (n >= func::kMaxOutputs) fail("output register " + std::to_string(n) + " is out of range");
  p_.num_outputs = std::max<uint16_t>(p_.num_outputs, uint16_t(n + 1));
}

void Translator::bind_output(uint16_t internal, func::Varying v) {
  use_output(internal);
  for (const auto& o : p_.outputs)
    if (o.reg == internal) return;
  p_.outputs.push_back({v, internal});
}

void Translator::bind_pixel_input(uint16_t internal, func::Varying v) {
  use_input(internal);
  for (const auto& i : p_.pixel_inputs)
    if (i.reg == internal) return;
  p_.pixel_inputs.push_back({v, internal});
}

void Translator::mark_centroid(func::Varying v) {
  // dcl's _centroid (D3DSPDM_MSAMPCENTROID): evaluated by D3D10's centroid rule under MSAA.
  for (auto& i : p_.pixel_inputs)
    if (i.varying == v) i.location = func::InterpLocation::Centroid;
}

void Translator::declare(const Instruction& ins) {
  const DstParam& d = ins.dst;
  const uint8_t usage = ins.dcl.usage, index = ins.dcl.usage_index;
  if (d.type == RegType::Sampler) return;  // samplers are bound by number
  if (v_.is_vs() && d.type == RegType::Input) {
    use_input(d.number);
    if (usage == kUsageVertexId) {
      p_.vertex_id_reg = int16_t(d.number);
    } else if (usage == kUsageInstanceId) {
      p_.instance_id_reg = int16_t(d.number);
    } else {
      if (usage >= kNumD3D9Usages) fail("unknown input usage " + std::to_string(usage));
      p_.inputs.push_back({api::DeclUsage(usage), index, d.number});
    }
    return;
  }
  if (v_.is_vs() && d.type == RegType::Output && v_.major >= 3) {
    if (d.number >= vs3_output_.size())
      fail("output o" + std::to_string(d.number) + " is out of range");
    if (vs_output_declared_[d.number])
      fail("two declarations on o" + std::to_string(d.number) +
           " (packed outputs) are not supported yet");
    vs_output_declared_[d.number] = true;
    if (usage == uint8_t(api::DeclUsage::Position) && index == 0) {
      vs3_output_[d.number] = 0;
      use_output(0);
      return;
    }
    func::Varying var;
    if (!varying_of(usage, index, var))
      fail("output usage " + usage_name(usage, index) + " has no varying in this model");
    vs3_output_[d.number] = 1 + d.number;
    bind_output(uint16_t(1 + d.number), var);
    return;
  }
  if (v_.is_ps() && d.type == RegType::Misc) {
    if (d.number == kMiscPosition) {
      p_.position_reg = kPsPositionInput;
      use_input(kPsPositionInput);
    } else if (d.number == kMiscFace) {
      p_.face_reg = kPsFaceInput;
      use_input(kPsFaceInput);
    } else {
      p_.primid_reg = kPsPrimIdInput;
      use_input(kPsPrimIdInput);
    }
    return;
  }
  if (v_.is_ps() && d.type == RegType::Input && v_.major >= 3) {
    if (d.number >= kPsPositionInput)
      fail("input v" + std::to_string(d.number) + " is out of range");
    if (ps3_input_declared_[d.number])
      fail("two declarations on v" + std::to_string(d.number) +
           " (packed inputs) are not supported yet");
    ps3_input_declared_[d.number] = true;
    func::Varying var;
    if (!varying_of(usage, index, var))
      fail("input usage " + usage_name(usage, index) + " has no varying in this model");
    bind_pixel_input(d.number, var);
    if (d.modifiers & kModCentroid) mark_centroid(var);
    return;
  }
  if (v_.is_ps() && (d.type == RegType::Input || d.type == kTexture)) {
    SrcParam reg;  // ps_2_x: the register type names the varying
    reg.type = d.type;
    reg.number = d.number;
    source(reg);
    if (d.modifiers & kModCentroid)
      mark_centroid(func::Varying(
          unsigned(d.type == kTexture ? func::Varying::TexCoord0 : func::Varying::Color0) +
          d.number));
    return;
  }
  fail("unexpected declaration");
}

uint16_t Translator::input_register(const SrcParam& s) {
  if (v_.is_vs()) {
    use_input(s.number);
    return s.number;
  }
  if (v_.major >= 3) {
    if (s.number >= kPsPositionInput)
      fail("input v" + std::to_string(s.number) + " is out of range");
    use_input(s.number);  // undeclared inputs read 0
    return s.number;
  }
  if (s.number > 1) fail("ps_2_x has only v0 and v1");
  bind_pixel_input(s.number, func::Varying(unsigned(func::Varying::Color0) + s.number));
  return s.number;
}

func::Src Translator::source(const SrcParam& s) {
  func::Src r;
  r.index = s.number;
  r.swz = s.swizzle;
  switch (s.type) {
    // clang-format off
    case RegType::Temp: r.file = RegFile::Temp; use_temp(s.number); break;
    case RegType::Input: r.file = RegFile::Input; r.index = input_register(s); break;
    // clang-format on
    case RegType::Const: r.file = RegFile::Const; break;
    case RegType::ConstInt: r.file = RegFile::ConstInt; break;
    case RegType::ConstBool: r.file = RegFile::ConstBool; break;
    case RegType::Predicate: r.file = RegFile::Pred; break;
    case RegType::Addr:  // a0 in vertex shaders, t# in pixel shaders
      if (v_.is_vs()) fail("a0 can only be read as a relative address");
      if (s.number > 7) fail("t" + std::to_string(s.number) + " is out of range");
      r.file = RegFile::Input;
      r.index = uint16_t(kPsTexCoordInputBase + s.number);
      bind_pixel_input(r.index, func::Varying(unsigned(func::Varying::TexCoord0) + s.number));
      break;
    case RegType::Misc:
      r.file = RegFile::Input;
      if (s.number == kMiscPosition) {
        r.index = kPsPositionInput;
        p_.position_reg = kPsPositionInput;
      } else if (s.number == kMiscFace) {
        r.index = kPsFaceInput;
        p_.face_reg = kPsFaceInput;
      } else {  // vPrimID: the primitive's SV_PrimitiveID, filled at interpolation
        r.index = kPsPrimIdInput;
        p_.primid_reg = kPsPrimIdInput;
      }
      use_input(r.index);
      break;
    default: fail("register type " + std::to_string(unsigned(s.type)) + " cannot be a source here");
  }
  switch (s.mod) {
    case SrcMod::None: break;
    case SrcMod::Neg: r.negate = true; break;
    case SrcMod::Abs: r.abs = true; break;
    case SrcMod::AbsNeg: r.abs = r.negate = true; break;
    default: fail("source modifier " + std::to_string(unsigned(s.mod)) + " is not supported");
  }
  if (s.relative) {
    if (s.rel.type == RegType::Loop) {
      r.rel = func::RelAddr::Loop;
    } else if (s.rel.type == RegType::Addr && v_.is_vs()) {
      r.rel = func::RelAddr::A0;
      r.rel_comp = uint8_t(s.rel.component());
    } else {
      fail("unsupported relative-address register");
    }
  }
  return r;
}

func::Src Translator::predicate_source(const SrcParam& s) {
  if (s.type != RegType::Predicate) fail("expected p0 as the condition");
  func::Src r;
  r.file = RegFile::Pred;
  r.index = s.number;
  r.swz = s.swizzle;
  r.negate = s.mod == SrcMod::Not;
  return r;
}

uint16_t Translator::output_register(const DstParam& d) {
  const std::string reg = std::to_string(d.number);
  switch (d.type) {
    case RegType::RastOut:
      if (d.number == kRastPosition) return 0;
      if (d.number == kRastFog) {
        bind_output(kVsFogOutput, func::Varying::Fog);
        return kVsFogOutput;
      }
      bind_output(kVsPointSizeOutput, func::Varying::PointSize);
      return kVsPointSizeOutput;
    case RegType::AttrOut: {
      if (d.number > 1) fail("oD" + reg + " is out of range");
      const auto o = uint16_t(kVsColorOutputBase + d.number);
      bind_output(o, func::Varying(unsigned(func::Varying::Color0) + d.number));
      return o;
    }
    case RegType::Output: {
      if (v_.major >= 3) {
        if (d.number >= vs3_output_.size() || vs3_output_[d.number] < 0)
          fail("o" + reg + " is written but not declared");
        return uint16_t(vs3_output_[d.number]);
      }
      if (d.number > 7) fail("oT" + reg + " is out of range");
      const auto o = uint16_t(kVsTexCoordOutputBase + d.number);
      bind_output(o, func::Varying(unsigned(func::Varying::TexCoord0) + d.number));
      return o;
    }
    default: fail("not an output register");
  }
}

func::Dst Translator::destination(const DstParam& d) {
  func::Dst r;
  r.index = d.number;
  r.mask = d.mask;
  r.saturate = (d.modifiers & kModSaturate) != 0;
  if (d.shift != 0) fail("result shift is not supported");
  if (d.relative) {
    // D3D9 allows it only on vs_3_0 outputs, indexed by the loop counter.
    if (!(v_.is_vs() && v_.major >= 3 && d.type == RegType::Output))
      fail("relative addressing of a destination is allowed only for vs_3_0 o# registers");
    if (d.rel.type != RegType::Loop) fail("o# can only be written relative to aL");
    if (d.number >= vs3_output_.size())
      fail("output o" + std::to_string(d.number) + " is out of range");
    r.file = RegFile::Output;
    r.rel = func::RelAddr::Loop;
    p_.indexed_outputs.assign(vs3_output_.size(), -1);
    for (size_t o = 0; o < vs3_output_.size(); ++o) p_.indexed_outputs[o] = int8_t(vs3_output_[o]);
    return r;
  }
  switch (d.type) {
    case RegType::Temp:
      r.file = RegFile::Temp;
      use_temp(d.number);
      break;
    case RegType::Predicate: r.file = RegFile::Pred; break;
    case RegType::Addr:
      if (!v_.is_vs()) fail("texture registers t# cannot be written");
      r.file = RegFile::Addr;
      break;
    case RegType::ColorOut:
      // oC# lands on o#; the pipeline writes o1..o3 to the bound extra render targets.
      if (d.number >= func::kPixelDepthOutput)
        fail("oC" + std::to_string(d.number) + " is out of range (oC0..oC3)");
      r.file = RegFile::Output;
      r.index = d.number;
      use_output(d.number);
      p_.color_outputs = std::max<uint8_t>(p_.color_outputs, uint8_t(d.number + 1));
      break;
    case RegType::DepthOut:
      if (d.number != 0) fail("oDepth has only register 0");
      r.file = RegFile::Output;
      r.index = func::kPixelDepthOutput;
      use_output(func::kPixelDepthOutput);
      p_.writes_depth = true;
      break;
    case RegType::RastOut:
    case RegType::AttrOut:
    case RegType::Output:
      if (!v_.is_vs()) fail("not a pixel shader output");
      r.file = RegFile::Output;
      r.index = output_register(d);
      use_output(r.index);
      break;
    default: fail("register type " + std::to_string(unsigned(d.type)) + " cannot be a destination");
  }
  return r;
}

}  // namespace gfx::d3d9::detail
