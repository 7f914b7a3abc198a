// Device::shader_program: the driver's shader compiler step. A trace shader (D3D9 tokens,
// or asm text that is assembled first) is decoded with full validation, checked against
// the stage it is bound to, translated into the internal ISA (d3d9/translate.h) and kept,
// so a shader used by many draws is translated once. Errors name the draw and shader id.
// D3D10 shaders (DXBC containers, SM4 asm) are read and checked when they are created
// (d3d10/trace_shader.h), so errors in them name the create_shader command, and translated
// (d3d10/translate.h) at their first draw.
#include <cstring>
#include <string_view>

#include "common/error.h"
#include "d3d10/trace_shader.h"
#include "d3d10/translate.h"
#include "d3d9/assembler.h"
#include "d3d9/decoder.h"
#include "d3d9/translate.h"
#include "driver/device.h"
#include "func/shader/warp.h"

namespace gfx::driver {

namespace {

const char* stage_name(api::ShaderStage s) {
  return s == api::ShaderStage::Vertex ? "vertex" : "pixel";
}

d3d9::Shader decode_source(const api::Shader& src, const std::string& label) {
  if (src.format == api::ShaderFormat::D3D9Asm) {
    d3d9::AsmOptions opts;
    opts.file = label;
    const std::string_view text(reinterpret_cast<const char*>(src.data.data()), src.data.size());
    return d3d9::parse_asm(text, opts);
  }
  d3d9::DecodeOptions opts;
  opts.source_name = label;
  return d3d9::decode_bytes(src.data.data(), src.data.size(), opts);
}

}  // namespace

std::shared_ptr<const func::Program> Device::shader_program(api::ResourceId id,
                                                            api::ShaderStage stage,
                                                            const std::string& where) {
  const auto found = shaders_.find(id);
  if (found == shaders_.end())  // released after it was bound
    throw Error(where + ": no shader with id " + std::to_string(id) + " (released)");
  const std::shared_ptr<const api::Shader> source = found->second;
  const std::string label = std::string(stage_name(stage)) + " shader " + std::to_string(id);
  if (source->stage != stage)
    throw Error(where + ": " + label + " was created as a " + stage_name(source->stage) +
                " shader");
  Translated& slot = translated_[id];
  if (slot.program && slot.source == source) return slot.program;
  try {
    if (const auto sm4 = d3d10_shaders_.find(id); sm4 != d3d10_shaders_.end()) {
      slot.program = std::make_shared<const func::Program>(d3d10::translate(*sm4->second, label));
      slot.source = source;
      return slot.program;
    }
    const d3d9::Shader decoded = decode_source(*source, label);
    const bool is_vs = decoded.version.is_vs();
    if (is_vs != (stage == api::ShaderStage::Vertex))
      throw Error(label + ": its code is " + decoded.version.name() + ", not a " +
                  stage_name(stage) + " shader");
    slot.program = std::make_shared<const func::Program>(d3d9::translate(decoded, label));
  } catch (const Error& e) {
    slot = Translated{};
    throw Error(where + ": " + e.what());
  }
  slot.source = source;
  return slot.program;
}

void Device::create_d3d10_shader(const trace::CreateShader& c, const std::string& where) {
  d3d10_shaders_.erase(c.id);
  if (!d3d10::is_d3d10_format(c.shader->format)) return;
  const std::string label = d3d10::trace_shader_label(c.shader->stage, c.id);
  try {
    d3d10_shaders_[c.id] =
        std::make_shared<const d3d10::Shader>(d3d10::load_trace_shader(*c.shader, label));
  } catch (const Error& e) {
    shaders_.erase(c.id);
    throw Error(where + ": " + e.what());
  }
}

std::shared_ptr<const func::Program> Device::fogged_pixel_program(
    const std::shared_ptr<const func::Program>& base, const std::string& where) {
  if (!render_states_.fog_enable || base->d3d9_major >= 3) return base;  // ps_3_0 fogs itself
  if (render_states_.fog_table_mode != api::FogMode::None)
    throw Error(where + ": table fog behind a pixel shader below ps_3_0 is not modelled");
  auto& slot = fogged_[base.get()];
  if (slot.first != base) {
    auto p = std::make_shared<func::Program>(*base);
    // The fog factor arrives in the last input register, which ps_2_x never uses.
    p->fog_blend_reg = int16_t(func::kMaxInputs - 1);
    p->num_inputs = uint16_t(func::kMaxInputs);
    p->pixel_inputs.push_back({func::Varying::Fog, uint16_t(func::kMaxInputs - 1)});
    p->name += "+fog";
    slot = {base, std::move(p)};
  }
  return slot.second;
}

}  // namespace gfx::driver
