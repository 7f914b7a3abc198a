// Pixel-stage declarations of the SM4 -> ISA translator (translate.h): inputs with their
// D3D10 interpolation modes, the pixel system values, SV_Target0..7 and oDepth.
#include <string>

#include "d3d10/translate_internal.h"

namespace gfx::d3d10::detail {
namespace {

struct Mode {
  func::Interpolation interp;
  func::InterpLocation location;
};

// D3D10_SB_INTERPOLATION_MODE (1..7) -> how and where the input is evaluated.
bool mode_of(uint32_t code, Mode& m) {
  using I = func::Interpolation;
  using L = func::InterpLocation;
  switch (code) {
    case 1: m = {I::Constant, L::Center}; return true;
    case 2: m = {I::Perspective, L::Center}; return true;
    case 3: m = {I::Perspective, L::Centroid}; return true;
    case 4: m = {I::NoPerspective, L::Center}; return true;
    case 5: m = {I::NoPerspective, L::Centroid}; return true;
    case 6: m = {I::Perspective, L::Sample}; return true;
    case 7: m = {I::NoPerspective, L::Sample}; return true;
    default: return false;
  }
}

uint8_t mask_of(const Operand& op) { return op.selection == Selection::Mask ? op.mask : 0xF; }

}  // namespace

void Translator::declare_pixel_input(const Instruction& ins, SystemValue sv) {
  const Operand& op = ins.operands.at(0);
  if (op.type != OperandType::Input) fail("only v# inputs are supported yet");
  const uint16_t reg = single_index(op, "input");
  if (reg >= func::kNumAttrVaryings)
    fail("input v" + std::to_string(reg) + " is out of range (the model links v0..v15)");
  p_.num_inputs = std::max<uint16_t>(p_.num_inputs, uint16_t(reg + 1));
  const uint8_t mask = mask_of(op);
  if (sv != SystemValue::Undefined) {
    func::PixelSystemValue value;
    switch (sv) {
      case SystemValue::Position: value = func::PixelSystemValue::Position; break;
      case SystemValue::PrimitiveId: value = func::PixelSystemValue::PrimitiveId; break;
      case SystemValue::IsFrontFace: value = func::PixelSystemValue::IsFrontFace; break;
      case SystemValue::SampleIndex: value = func::PixelSystemValue::SampleIndex; break;
      default: fail("the pixel input system value " + sv_name(sv) + " is not supported yet");
    }
    func::PixelSystemBinding b{value, reg, mask};
    // SV_Position may carry a linear_noperspective mode: `_sample` reads it at the sample.
    Mode m;
    if (sv == SystemValue::Position && mode_of(ins.interpolation(), m) &&
        m.location == func::InterpLocation::Sample)
      b.location = func::InterpLocation::Sample;
    p_.pixel_system_values.push_back(b);
    return;
  }
  Mode m;
  if (!mode_of(ins.interpolation(), m))
    fail("input v" + std::to_string(reg) + " has no interpolation mode");
  for (const func::PixelInputBinding& b : p_.pixel_inputs) {
    if (b.reg != reg) continue;
    // D3D10 gives the components of one register one mode.
    if (b.interp != m.interp || b.location != m.location)
      fail("input v" + std::to_string(reg) + " is declared again with another interpolation mode");
    return;
  }
  func::PixelInputBinding b{varying_of(reg), reg};
  b.interp = m.interp;
  b.location = m.location;
  p_.pixel_inputs.push_back(b);
  link_semantics(shader_.inputs, reg);
}

void Translator::declare_pixel_output(const Instruction& ins, SystemValue sv) {
  const Operand& op = ins.operands.at(0);
  if (op.type == OperandType::OutputDepth) {
    // oDepth sits above the eight targets; it always replaces the interpolated depth.
    p_.writes_depth = true;
    p_.depth_output = func::kSm4DepthOutput;
    p_.num_outputs = std::max<uint16_t>(p_.num_outputs, uint16_t(func::kSm4DepthOutput + 1));
    return;
  }
  if (op.type != OperandType::Output) fail("only o# and oDepth outputs are supported yet");
  if (sv != SystemValue::Undefined)
    fail("the pixel output system value " + sv_name(sv) + " is not supported yet");
  const uint16_t reg = single_index(op, "output");
  if (reg >= func::kSm4DepthOutput)
    fail("output o" + std::to_string(reg) + " is out of range (SV_Target0..7 are o0..o7)");
  p_.num_outputs = std::max<uint16_t>(p_.num_outputs, uint16_t(reg + 1));
  p_.color_outputs = std::max<uint8_t>(p_.color_outputs, uint8_t(reg + 1));
}

}  // namespace gfx::d3d10::detail
