// Device: D3D10 input layouts. CreateInputLayout checks the layout against the input
// signature of the vertex shader it names (d3d10/input_signature.h); IASetInputLayout binds
// it; a D3D10 draw with a layout bound fetches by it: each element's slot is the stream of
// the same number (set_stream_source gives its buffer, offset and stride), each slot's
// class and step rate come from the layout (set_stream_source_freq does not apply), and
// the draw's own vertex shader must find every input it reads in the layout.
#include "common/error.h"
#include "d3d10/input_signature.h"
#include "d3d10/trace_shader.h"
#include "driver/device.h"

namespace gfx::driver {

void Device::create_input_layout(const trace::CreateInputLayout& c, const std::string& where) {
  if (c.id == 0) throw Error(where + ": input layout id 0 stands for no layout");
  const auto shader = d3d10_shaders_.find(c.shader);
  const auto source = shaders_.find(c.shader);
  if (source == shaders_.end())
    throw Error(where + ": create_input_layout: no shader with id " + std::to_string(c.shader) +
                " (never created, or released)");
  if (shader == d3d10_shaders_.end() || source->second->stage != api::ShaderStage::Vertex)
    throw Error(where + ": create_input_layout: shader " + std::to_string(c.shader) +
                " is not a D3D10 vertex shader, whose input signature a layout needs");
  auto object = std::make_shared<InputLayoutObject>();
  object->layout = c.layout;
  try {
    object->offsets = api::resolve_input_layout(*c.layout);
    d3d10::check_input_signature(
        *c.layout, *shader->second,
        d3d10::trace_shader_label(api::ShaderStage::Vertex, uint32_t(c.shader)));
  } catch (const Error& e) {
    throw Error(where + ": create_input_layout " + std::to_string(c.id) + ": " + e.what());
  }
  input_layouts_[c.id] = std::move(object);
}

void Device::set_input_layout(const trace::SetInputLayout& c, const std::string& where) {
  if (c.id == 0) {
    input_layout_bound_ = nullptr;
    return;
  }
  const auto it = input_layouts_.find(c.id);
  if (it == input_layouts_.end())
    throw Error(where + ": no input layout with id " + std::to_string(c.id) +
                " (create_input_layout makes one)");
  input_layout_bound_ = it->second;
}

void Device::fetch_through_layout(func::DrawContext& d, const std::string& at) const {
  const func::Program& vs = *d.vertex_program;
  if (!vs.sm4)
    throw Error(at + ": an input layout is bound but vertex shader " +
                std::to_string(vertex_shader_) +
                " is not a D3D10 shader (an input layout feeds SM4 input signatures)");
  const api::InputLayout& layout = *input_layout_bound_->layout;
  try {
    d.fetch_plan = func::make_fetch_plan(layout, input_layout_bound_->offsets, vs.input_semantics);
  } catch (const Error& e) {
    throw Error(at + ": vertex shader " + std::to_string(vertex_shader_) + " " + e.what());
  }
  // Every element the shader reads needs its slot's buffer. D3D10 reads an element at
  // offset + index * stride whatever the stride, so an element past it is no error.
  for (const func::FetchPlan::Entry& e : d.fetch_plan.entries)
    if (!stream_buffers_[e.stream])
      throw Error(at + ": input slot " + std::to_string(e.stream) +
                  " has no vertex buffer but the input layout reads v" + std::to_string(e.reg) +
                  " from it");
  d.per_instance.fill(false);
  d.instance_divisor.fill(0);
  for (const api::InputElement& e : layout.elements) {
    if (e.input_slot_class != api::InputClass::PerInstance) continue;
    d.per_instance[e.input_slot] = true;
    d.instance_divisor[e.input_slot] = e.instance_data_step_rate;
  }
}

}  // namespace gfx::driver
