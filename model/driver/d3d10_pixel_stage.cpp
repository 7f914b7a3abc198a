#include "driver/d3d10_pixel_stage.h"

#include "common/error.h"
#include "func/shader/interpreter.h"

namespace gfx::driver {

std::shared_ptr<const func::Program> null_pixel_program() {
  static const std::shared_ptr<const func::Program> kNull = [] {
    func::Program p;
    p.stage = api::ShaderStage::Pixel;
    p.name = "null_ps";
    p.writes_color0 = false;  // with color_outputs 1: no target gets a colour
    p.code.push_back(func::Instr{});
    p.code.back().op = func::Op::End;
    func::prepare_flow(p);
    return std::make_shared<const func::Program>(std::move(p));
  }();
  return kNull;
}

void check_d3d10_linkage(const func::Program& vs, const func::Program& ps,
                         const std::string& where) {
  if (!vs.sm4 || !ps.sm4) return;
  for (const func::LinkSemantic& in : ps.link_semantics) {
    const func::LinkSemantic* out = nullptr;
    for (const func::LinkSemantic& o : vs.link_semantics)
      if (o.reg == in.reg && (!out || (o.name == in.name && o.index == in.index))) out = &o;
    const std::string v = "v" + std::to_string(in.reg);
    if (!out)
      throw Error(where + ": pixel shader input " + v + " (" + in.name + std::to_string(in.index) +
                  ") has no vertex shader output in o" + std::to_string(in.reg) +
                  " (D3D10 links the stages by register)");
    if (out->name != in.name || out->index != in.index)
      throw Error(where + ": pixel shader input " + v + " (" + in.name + std::to_string(in.index) +
                  ") does not match vertex shader output o" + std::to_string(in.reg) + " (" +
                  out->name + std::to_string(out->index) +
                  "): D3D10 links the stages by register and the semantics must agree");
  }
}

uint32_t constant_varyings(const func::Program& ps) {
  uint32_t bits = 0;
  for (const func::PixelInputBinding& b : ps.pixel_inputs)
    if (b.interp == func::Interpolation::Constant) bits |= 1u << unsigned(b.varying);
  return bits;
}

}  // namespace gfx::driver
